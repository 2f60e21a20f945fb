//! Exact previews: what an intent would do, worked out from the dice, never sampled, through
//! the odds cache.

use bevy_ecs::prelude::*;
use fray_core::kit::Previews;
use fray_core::kit::prelude::*;

use crate::body::BodyPart;
use crate::fighter::{attack_penalty, defense_penalty, save_penalty};
use crate::odds::{AttackOdds, Defender, Striker};
use crate::ops::OhoOps;
use crate::rules::{Band, MAX_EXHAUSTION};
use crate::statblock::Rider;
use crate::state::OhoState;
use crate::vocabulary::condition_name;
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
            } => attack_odds(ctx, actor, target, attack.index(), BodyPart::of(maneuver)).preview,
            Intent::Ready {
                intent: Readied::Attack { target, attack, .. },
                ..
            } => attack_odds(ctx, actor, target, attack.index(), None).preview,
            Intent::Move { .. } if *occasion == Occasion::Turn => Preview {
                provokes: threats(ctx, actor),
                ..Preview::certain()
            },
            _ => Preview::certain(),
        }
    }

    /// For a player: how bad a hit may be, band by band, and what the weapon's riders do on a
    /// failed Fortitude roll.
    fn notes(ctx: &mut Ctx, actor: Entity, intent: &Intent, _preview: &Preview) -> Vec<String> {
        let (target, index, aim) = match *intent {
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => (target, attack.index(), BodyPart::of(maneuver)),
            Intent::Ready {
                intent: Readied::Attack { target, attack, .. },
                ..
            } => (target, attack.index(), None),
            _ => return Vec::new(),
        };
        let odds = attack_odds(ctx, actor, target, index, aim);
        let mut notes = Vec::new();
        if odds.preview.hit_chance > 0.0 {
            let bands: Vec<String> = odds
                .bands
                .iter()
                .zip(Band::ALL)
                .map(|(p, band)| format!("{} {:.1}%", band.name(), p * 100.0))
                .collect();
            notes.push(format!("a hit's Fortitude roll: {}", bands.join(", ")));
        }
        let riders: Vec<String> = ctx
            .fighter(actor)
            .and_then(|f| f.sheet.0.weapons.get(index).map(|w| w.riders.clone()))
            .unwrap_or_default()
            .into_iter()
            .map(rider_words)
            .collect();
        if !riders.is_empty() {
            notes.push(format!(
                "on a failed Fortitude roll also: {}",
                riders.join(", ")
            ));
        }
        notes
    }

    /// A combatant with an attack spell, of spellcraft or hexes
    /// ([`SheetData::casts`](crate::sheet::SheetData::casts)).
    fn casts(ctx: &Ctx, e: Entity) -> bool {
        ctx.fighter(e).is_some_and(|f| f.sheet.0.casts())
    }

    /// Anyone can harm anyone: OHO has no immunity; a blow that hits may be soaked by the
    /// target's Fortitude roll, which is chance, not immunity.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: an OHO turn offers every attack in range among its options, where the AI sees them.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

/// A weapon's rider in words, for a player: `bleeding for 3 rounds`, `a curse on Strength`.
fn rider_words(rider: Rider) -> String {
    match rider {
        Rider::Condition(c, 1) => format!("{} for 1 round", condition_name(c.condition())),
        Rider::Condition(c, rounds) => {
            format!("{} for {rounds} rounds", condition_name(c.condition()))
        }
        Rider::Exhaustion(1) => "1 level of exhaustion".to_string(),
        Rider::Exhaustion(n) => format!("{n} levels of exhaustion"),
        Rider::Curse(ability) => format!("a curse on {}", ability.name()),
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
fn attack_odds(
    ctx: &mut Ctx,
    attacker: Entity,
    target: Entity,
    index: usize,
    aim: Option<BodyPart>,
) -> AttackOdds {
    // The attacker's sheet is shared: holding it frees the context for the cache.
    let (sheet, penalty, defender, new_rider) = {
        let (Some(a), Some(t), Some(ac), Some(tc), Some(hp)) = (
            ctx.fighter(attacker),
            ctx.fighter(target),
            ctx.conditions(attacker),
            ctx.conditions(target),
            ctx.hp(target),
        ) else {
            return AttackOdds::default();
        };
        let Some(weapon) = a.sheet.0.weapons.get(index) else {
            return AttackOdds::default();
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
        return AttackOdds::default();
    };
    let striker = Striker {
        weapon,
        penalty,
        aim,
    };
    let mut odds = ctx.extra_mut().preview(&striker, &defender);
    // Riders come with a failed Fortitude roll (every band but the first).
    if new_rider {
        odds.preview.inflicts = odds.preview.hit_chance * (1.0 - odds.bands[0]);
    }
    odds
}
