//! Movement in an encounter (BX-02, BX-19): a third of the base rate each round, spent a region
//! at a time; closing to melee; and, once in melee, only a declared fighting withdrawal (half
//! the movement, facing the foe) or retreat (full movement, back turned).
//!
//! Fray's positions are regions a `hop_feet` apart (the `region_feet` option, or the rolled
//! encounter distance). A region costs its whole `hop_feet`; movement not spent in a round
//! carries into the next, short of one more region (Fray's ruling, [`BxState::new_round`]), so
//! a slow mover reaches the next region over several rounds and no mover outruns its rate.
//! Outdoors, movement rates are yards ([`Bx::text_feet`]).
//!
//! [`BxState::new_round`]: crate::state::BxState::new_round
//! [`Bx::text_feet`]: crate::state::Bx::text_feet
//!
//! Out of melee, a combatant may leave the battle instead of moving (Fray's ruling). The seed
//! has no rule for running off mid-fight: evasion is only before combat, and a chase is the
//! exploration layer's pursuit. Within the fight, the foes' only chance is to close first: a
//! side that wins initiative can engage a combatant about to leave, which must then withdraw
//! or retreat again.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::ids::RegionId;
use smallvec::SmallVec;

use crate::Ctx;
use crate::state::Declared;

/// Whether a combatant with `feet` of movement left can go one region further.
pub fn can_step(feet: i32, hop_feet: i32) -> bool {
    feet >= hop_feet.max(1)
}

/// The feet a move of one region costs: the whole distance between regions.
pub fn step_cost(hop_feet: i32) -> i32 {
    hop_feet.max(1)
}

/// How far `region` is from the nearest active enemy of `who`, in regions.
fn distance_to_enemies(ctx: &Ctx, who: Entity, region: RegionId) -> u8 {
    ctx.roster()
        .entities()
        .filter(|&e| ctx.enemies(who, e) && ctx.is_active(e))
        .map(|e| ctx.map().hops(region, ctx.region(e)))
        .min()
        .unwrap_or(u8::MAX)
}

/// The neighbouring region that takes `who` furthest from its enemies, if any is further than
/// where it stands.
fn away(ctx: &Ctx, who: Entity) -> Option<RegionId> {
    let here = ctx.region(who);
    let now = distance_to_enemies(ctx, who, here);
    let options: SmallVec<[RegionId; 8]> = ctx.map().neighbours(here).iter().copied().collect();
    options
        .into_iter()
        .map(|r| (distance_to_enemies(ctx, who, r), r))
        .filter(|(d, _)| *d > now)
        .max_by_key(|(d, r)| (*d, std::cmp::Reverse(r.0)))
        .map(|(_, r)| r)
}

/// A declared withdrawal or retreat happens in `who`'s movement step: it breaks off from every
/// foe and backs away - a region at most at half its movement when withdrawing, as many regions
/// as its full movement allows when retreating (BX-19). What it leaves unspent of the movement
/// it fell back with carries over as any movement does; the other half of a withdrawer's
/// movement is spent fighting.
pub fn fall_back(ctx: &mut Ctx, who: Entity) {
    let hop = ctx.battle().hop_feet;
    let Some((declared, feet)) = ctx
        .fighter(who)
        .and_then(|f| f.state.declared.map(|d| (d, f.state.feet.max(0))))
    else {
        return;
    };
    let (mut left, text) = match declared {
        Declared::Withdrawal => (feet / 2, "makes a fighting withdrawal."),
        Declared::Retreat => (feet, "turns and retreats from melee."),
        Declared::Spell { .. } => return,
    };
    ctx.note(Some(who), || text.into());
    ctx.release_all(who);
    while can_step(left, hop) {
        let Some(to) = away(ctx, who) else {
            break;
        };
        ctx.move_to(who, to);
        left = left.saturating_sub(step_cost(hop));
        if declared == Declared::Withdrawal {
            break;
        }
    }
    if let Some(mut f) = ctx.fighter_mut(who) {
        f.state.feet = left;
        f.state.moved = true;
    }
}

/// `who` leaves the battle: it counts as fled.
pub fn leave(ctx: &mut Ctx, who: Entity) {
    ctx.note(Some(who), || "leaves the battle.".into());
    ctx.release_all(who);
    ctx.set_status(who, Status::Fled);
}
