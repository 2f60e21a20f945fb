//! Chases (L5-23): a STR check on flat, open ground or a DEX check on uneven ground, against
//! DC 11 for a quarry of 30 ft, 1 more or less per 5 ft it is faster or slower; at
//! disadvantage if the quarry can easily break line of sight, at advantage with a better
//! position. The process is reversed when the party flees: it rolls to escape, against its
//! pursuers' speed.
//!
//! This is how a cautious lite5e party flees monsters it meets (`flee`, from
//! [`meet`](crate::explore::meet)); a party that escapes leaves the meeting behind (placed monsters
//! stay in their area, with their treasure), one that is caught fights.
//!
//! Rulings:
//! - a dungeon's ground is uneven (twisting halls): the party checks DEX;
//! - the party flees as a group: the member up with the worst DEX modifier rolls for it, with
//!   disadvantage when any member up is burdened (load, injury, exhaustion: the group keeps to
//!   its slowest);
//! - the fastest pursuer sets the DC (its speed with its own load);
//! - reversed, the quarry's easy break of line of sight becomes the fleeing party's advantage:
//!   a party with no light lit, fleeing in the dark, has advantage (unless a pursuer sees in
//!   the dark); the pursuers' better position is not modelled (nobody surrounds in a meeting).

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_explore::log::note;
use fray_explore::prelude::*;

use super::checks::{Checked, burdened, roll_check, score};
use super::lighting::party_lit;
use super::load::{BASE_SPEED, speed};
use crate::sheet::modifier;
use crate::statblock::L5Block;

/// The DC to catch a quarry of 30 ft.
pub const CHASE_DC: i64 = 11;

/// The ground of a chase, which sets the ability checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    /// Flat and open: STR.
    Open,
    /// Uneven: DEX.
    Uneven,
}

impl Ground {
    /// The index of the ability checked (STR 0, DEX 1).
    pub fn ability(self) -> usize {
        match self {
            Self::Open => 0,
            Self::Uneven => 1,
        }
    }
}

/// The DC of a chase after a quarry moving `quarry_speed` ft: 11 at 30 ft, 1 more or less per
/// full 5 ft faster or slower.
pub fn chase_dc(quarry_speed: u32) -> i64 {
    CHASE_DC.saturating_add((i64::from(quarry_speed) - i64::from(BASE_SPEED)) / 5)
}

/// A chase check for `what` with `modifier`, `advantages` and `disadvantages`, after (or,
/// reversed, away from) a side moving `speed` ft.
pub fn chase(
    dice: &mut TurnDice<'_>,
    what: &str,
    modifier: i32,
    advantage: (u32, u32),
    speed: u32,
) -> Checked {
    roll_check(dice, what, modifier, advantage, chase_dc(speed))
}

/// The fastest of `foes`, with what they carry, and whether any sees in the dark.
fn pursuers(world: &World, foes: &[Foes]) -> (u32, bool) {
    let blocks = world
        .get_resource::<Content>()
        .and_then(|c| c.0.statblocks::<L5Block>("lite5e"));
    foes.iter()
        .filter(|f| f.count > 0)
        .filter_map(|f| {
            blocks
                .and_then(|b| b.get(&f.statblock))
                .map(L5Block::creature)
        })
        .fold((0, false), |(fastest, sees), b| {
            let s = speed(u32::from(b.speed), i32::from(b.str), u32::from(b.load));
            (fastest.max(s), sees || b.darksight)
        })
}

/// A cautious party flees the monsters of `meeting`: returns whether it escapes.
pub(super) fn flee(world: &mut World, expedition: Entity, meeting: &Meeting) -> bool {
    let up: Vec<Entity> = world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_up))
        .collect();
    let ground = Ground::Uneven;
    let Some(worst) = up
        .iter()
        .map(|m| modifier(score(world, *m, ground.ability())))
        .min()
    else {
        return false;
    };
    let (fastest, darksight) = pursuers(world, &meeting.foes);
    let fastest = if fastest == 0 { BASE_SPEED } else { fastest };
    let hidden = !party_lit(world, expedition) && !darksight;
    let slowed = up.iter().any(|m| burdened(world, *m));
    let Some(check) = with_turn_dice(world, expedition, |dice| {
        chase(
            dice,
            "the party flees (DEX, the worst)",
            worst,
            (u32::from(hidden), u32::from(slowed)),
            fastest,
        )
    }) else {
        return false;
    };
    let escapes = check.success();
    note(
        world,
        expedition,
        ExploreEvent::Evasion {
            escapes,
            how: format!(
                "pursuers at {fastest} ft, DC {}; {}",
                check.dc,
                if escapes { "it gets away" } else { "caught" }
            ),
        },
    );
    escapes
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l523_dc_11_at_30_ft_one_more_or_less_per_5_ft() {
        assert_eq!(chase_dc(30), 11);
        assert_eq!(chase_dc(40), 13);
        assert_eq!(chase_dc(25), 10);
        assert_eq!(chase_dc(0), 5);
        assert_eq!(chase_dc(34), 11);
        assert_eq!(Ground::Open.ability(), 0);
        assert_eq!(Ground::Uneven.ability(), 1);
    }

    #[test]
    fn l523_the_seeds_scout_40_ft_in_a_thicket_dc_13_dex_at_disadvantage_eludes_a_4() {
        let mut rng = ExpeditionRng(EncounterRng::scripted([4, 18, 16, 9]));
        let mut log = ExpeditionLog::new(true);
        let mut dice = TurnDice {
            rng: &mut rng,
            log: &mut log,
            at: GameTime::ZERO,
        };
        let check = chase(&mut dice, "after the scout", 0, (0, 1), 40);
        assert_eq!((check.kept, check.dc, check.success()), (4, 13, false));
        // With a better position (advantage), the higher die: 16 + 0 catches it.
        let check = chase(&mut dice, "after the scout", 0, (1, 0), 40);
        assert_eq!((check.kept, check.success()), (16, true));
    }
}
