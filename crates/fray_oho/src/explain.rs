//! Why a request that was not among the offered options is illegal, in words a UI can show.

use bevy_ecs::prelude::*;
use fray_core::prelude::*;

use crate::fighter::{FighterReadOnly, FighterReadOnlyItem, able, pace};
use crate::offer::{affordable, attack_time};
use crate::rules::{QUICK, REACTION, crossing_feet, seconds, stride};
use crate::state::Oho;

/// Explains every waiting request the core could not match to an offered option.
pub(crate) fn explain(
    mut encounters: Query<(&Encounter, &mut Turn, &EncounterMap), With<Oho>>,
    fighters: Query<FighterReadOnly>,
    engagements: Query<&Engagement>,
) {
    for (encounter, mut turn, map) in &mut encounters {
        if encounter.phase != Phase::Acting || turn.rejection.is_some() {
            continue;
        }
        let Some(request) = &turn.request else {
            continue;
        };
        let (Ok(f), Ok(engagement)) = (fighters.get(request.actor), engagements.get(request.actor))
        else {
            turn.rejection = Some("no such combatant".into());
            continue;
        };
        let reason = why(&f, engagement, &fighters, map, &request.intent);
        turn.rejection = Some(reason);
    }
}

fn short(left: u16, needs: u16) -> String {
    format!(
        "it has {} of its gauge left and that takes {}",
        seconds(left),
        seconds(needs)
    )
}

fn why(
    f: &FighterReadOnlyItem,
    engagement: &Engagement,
    fighters: &Query<FighterReadOnly>,
    map: &EncounterMap,
    intent: &Intent,
) -> String {
    let left = f.atg.remaining;
    if !able(*f.status, f.conditions) {
        return "it is disabled and cannot act".into();
    }
    if f.conditions.has(Condition::Confused) {
        // Even ending the turn: when it is the action picked, it is offered and never explained.
        return "it is confused: it can only take the action picked for it".into();
    }
    let enemy = |e: Entity| fighters.get(e).is_ok_and(|t| t.side != f.side);
    match intent {
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => {
            let Some(weapon) = f.sheet.0.weapons.get(attack.index()) else {
                return format!("it has no weapon number {}", attack.index());
            };
            let Ok(t) = fighters.get(*target) else {
                return "there is no such target".into();
            };
            if !enemy(*target) {
                return "that is not an enemy".into();
            }
            if !t.status.is_active() {
                return "the target is out of the fight".into();
            }
            if !engagement.engaging().contains(target) {
                return "to attack, it must first engage the target (OHO-08)".into();
            }
            if map.hops(f.region.0, t.region.0) > weapon.reach {
                return format!("the target is out of reach of its {}", weapon.name);
            }
            if f.conditions.has(Condition::Blinded)
                && (weapon.reach > 0 || matches!(maneuver, Maneuver::Called(_)))
            {
                return "it is blinded: shooting and called shots need sight".into();
            }
            if matches!(maneuver, Maneuver::CoupDeGrace) {
                return "OHO has no coup de grace".into();
            }
            if !affordable(weapon, f.atg) {
                if weapon.full_round {
                    return "a full-round action needs the whole untouched gauge (OHO-03)".into();
                }
                return short(left, attack_time(weapon, f.atg));
            }
            "that attack is not possible now".into()
        }
        Intent::Engage { target } => {
            if !enemy(*target) {
                "that is not an enemy".into()
            } else if left < QUICK {
                short(left, QUICK)
            } else if engagement.engaging().contains(target) {
                "it engages that target already".into()
            } else if engagement.engaging().len() >= usize::from(f.sheet.0.engage_limit) {
                "it engages as many creatures as it can: disengage first (OHO-13)".into()
            } else if f.conditions.has(Condition::Frightened) {
                "it is frightened and will not close in".into()
            } else {
                "the target is out of reach or out of the fight".into()
            }
        }
        Intent::Disengage if !engagement.is_engaged() => "it is not engaged".into(),
        Intent::Disengage => short(left, QUICK),
        Intent::Move { to } => {
            if to.index() >= map.len() {
                return format!("there is no region {} on this map", to.0);
            }
            if !map.neighbours(f.region.0).contains(to) {
                return format!("{} is not next to {}", map.name(*to), map.name(f.region.0));
            }
            let (speed, dash) = pace(&f.sheet.0, f.conditions, f.state);
            match stride(crossing_feet(map.terrain(*to).hamper), speed, dash) {
                Some(s) => short(left, s.tenths()),
                None => "it cannot move".into(),
            }
        }
        Intent::Ready { .. } => {
            if f.state.withheld.is_some() {
                "it already withholds an action".into()
            } else {
                format!(
                    "withholding takes {} plus the action's time, and only an attack on a foe it can reach or a move out of the way can be withheld (OHO-05)",
                    seconds(REACTION)
                )
            }
        }
        Intent::Pass => "there is no reaction to pass on".into(),
        Intent::Delay
        | Intent::Defend
        | Intent::UseAbility { .. }
        | Intent::Rally
        | Intent::Stabilize { .. }
        | Intent::Retreat
        | Intent::Flee => format!("OHO has no {} action", intent.kind()),
        Intent::EndTurn => "it cannot end its turn now".into(),
    }
}
