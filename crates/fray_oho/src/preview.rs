//! Exact previews: what an intent would do, worked out from the dice, never sampled, through
//! the odds cache.

use bevy_ecs::prelude::*;
use fray_core::kit::Previews;
use fray_core::kit::prelude::*;

use crate::body::BodyPart;
use crate::fighter::{attack_penalty, defense_penalty, save_penalty};
use crate::odds::{Defender, Striker};
use crate::ops::OhoOps;
use crate::rules::MAX_EXHAUSTION;
use crate::statblock::Rider;
use crate::state::OhoState;
use crate::{Ctx, OhoRules};

impl Previews for OhoRules {
    /// The preview of a legal intent of `actor`: an attack's odds (a withheld strike's too), the
    /// attacks of opportunity a move on its turn draws; anything else cannot fail.
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        occasion: &Occasion,
    ) -> Preview {
        match *intent {
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => attack_preview(ctx, actor, target, attack.index(), BodyPart::of(maneuver)),
            Intent::Ready {
                intent: Readied::Attack { target, attack, .. },
                ..
            } => attack_preview(ctx, actor, target, attack.index(), None),
            Intent::Move { .. } if *occasion == Occasion::Turn => Preview {
                provokes: threats(ctx, actor),
                ..Preview::certain()
            },
            _ => Preview::certain(),
        }
    }
}

/// Who would get an attack of opportunity if `actor` left its region now (OHO-14).
fn threats(ctx: &Ctx, actor: Entity) -> u8 {
    let (here, round) = (ctx.region(actor), ctx.round());
    let count = ctx.engagement(actor).map_or(0, |e| {
        e.engaged_by()
            .iter()
            .filter(|x| ctx.threatens(**x, here, round))
            .count()
    });
    u8::try_from(count).unwrap_or(u8::MAX)
}

/// Whether `rider` would give a target something it does not have yet: a condition it lacks,
/// a curse on an ability not cursed, exhaustion short of the last level.
fn rider_is_new(rider: Rider, conditions: &Conditions, state: &OhoState) -> bool {
    match rider {
        Rider::Condition(c, _) => !conditions.has(c.condition()),
        Rider::Curse(ability) => !state.cursed(ability),
        Rider::Exhaustion(_) => state.exhaustion < MAX_EXHAUSTION,
    }
}

/// The odds of weapon `index` of `attacker` against `target`, aimed at `aim`, as the fighters
/// stand now.
fn attack_preview(
    ctx: &mut Ctx,
    attacker: Entity,
    target: Entity,
    index: usize,
    aim: Option<BodyPart>,
) -> Preview {
    // The attacker's sheet is shared: holding it frees the context for the cache.
    let (sheet, penalty, defender, new_rider) = {
        let (Some(a), Some(t), Some(ac), Some(tc), Some(hp)) = (
            ctx.fighter(attacker),
            ctx.fighter(target),
            ctx.conditions(attacker),
            ctx.conditions(target),
            ctx.hp(target),
        ) else {
            return Preview::default();
        };
        let Some(weapon) = a.sheet.0.weapons.get(index) else {
            return Preview::default();
        };
        let defending = &*t.sheet.0;
        let defender = Defender {
            defense_dice: defending.defense_dice(),
            reduction: defending.reduction,
            fortitude: defending.fortitude,
            injury_limit: defending.injury_limit,
            defense: defense_penalty(tc, t.state),
            save: save_penalty(tc, t.state),
            health: hp.current,
            hits: t.state.hits,
            injuries: t.state.injuries,
        };
        (
            a.sheet.0.clone(),
            attack_penalty(ac, a.state, weapon, &ctx.battle().frightened),
            defender,
            weapon.riders.iter().any(|r| rider_is_new(*r, tc, t.state)),
        )
    };
    let Some(weapon) = sheet.weapons.get(index) else {
        return Preview::default();
    };
    let striker = Striker {
        weapon,
        penalty,
        aim,
    };
    let mut preview = ctx.extra_mut().preview(&striker, &defender);
    // Riders come with a failed Fortitude roll (every band but the first).
    if new_rider {
        preview.inflicts = preview.hit_chance * (1.0 - preview.bands[0]);
    }
    preview
}
