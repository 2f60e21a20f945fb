//! Why a request that was not among the offered options is illegal, in words a UI can show.

use bevy_ecs::prelude::*;
use fray_core::prelude::*;

use crate::ctx::Arch;
use crate::statblock::{AttackKind, Usage};

/// Explains every waiting request the core could not match to an offered option.
pub(crate) fn explain(mut encounters: Query<(&Encounter, &mut Turn, &EncounterMap)>, p: Arch) {
    for (encounter, mut turn, map) in &mut encounters {
        if encounter.phase != Phase::Acting || turn.rejection.is_some() {
            continue;
        }
        let Some(request) = &turn.request else {
            continue;
        };
        let reason = why(&p, map, request.actor, &request.intent);
        turn.rejection = Some(reason);
    }
}

fn why(p: &Arch, map: &EncounterMap, actor: Entity, intent: &Intent) -> String {
    let Ok(f) = p.fighters.get(actor) else {
        return "no such combatant".into();
    };
    let engaged = p.engagements.get(actor).is_ok_and(Engagement::is_engaged);
    let stuck =
        f.conditions.has(Condition::Stuck) || f.state.grabbed_by.is_some() && !f.state.disengaged;
    let can_move = f.state.free_move || f.slots.can_pay(Slot::Move);
    let enemy = |e: Entity| p.fighters.get(e).is_ok_and(|t| t.side != f.side);
    match intent {
        Intent::Attack { target, attack, maneuver } => {
            let Some(a) = f.sheet.0.attacks.get(attack.index()) else {
                return format!("it has no attack number {}", attack.index());
            };
            if !enemy(*target) {
                return "that is not an enemy".into();
            }
            if a.def.usage == Usage::Interrupt {
                return format!("{} is an interrupt, used off-turn", a.def.name);
            }
            if f.state.attacks_spent.get(attack.index()).copied().unwrap_or(false) {
                return format!("{} is used up until it recharges", a.def.name);
            }
            if !f.slots.can_pay(Slot::Standard) {
                return "its standard action is spent".into();
            }
            let Ok(t) = p.fighters.get(*target) else {
                return "no such target".into();
            };
            if !t.status.takes_turns() {
                return "the target is out of the fight".into();
            }
            match a.def.kind {
                AttackKind::Melee | AttackKind::CloseSpell if !p.engagements.get(actor).is_ok_and(|e| e.is_engaged_with(*target)) => {
                    "melee attacks and close spells need the target engaged with you".into()
                }
                AttackKind::Ranged | AttackKind::RangedSpell if f.state.grabbed_by.is_some() => {
                    "a grabbed creature cannot use ranged attacks".into()
                }
                AttackKind::Ranged | AttackKind::RangedSpell => "the target is out of range".into(),
                _ if *maneuver == Maneuver::CoupDeGrace => {
                    "a coup de grace needs a helpless target and an unspent move and quick action".into()
                }
                _ if f.conditions.has(Condition::Hampered) && !a.def.basic => "a hampered creature makes only basic attacks".into(),
                _ => "that attack is not possible now".into(),
            }
        }
        Intent::Move { to } => {
            if to.index() >= map.len() {
                format!("there is no region {} on this map", to.0)
            } else if stuck {
                "it cannot move (stuck or grabbed)".into()
            } else if !can_move {
                "its move action is spent".into()
            } else if !map.neighbours(f.region.0).contains(to) {
                format!("{} is not next to {}", map.name(*to), map.name(f.region.0))
            } else {
                "it cannot move there now".into()
            }
        }
        Intent::Engage { target } => {
            if engaged {
                "it is already engaged: disengage first".into()
            } else if !can_move {
                "its move action is spent".into()
            } else if !enemy(*target) {
                "that is not an enemy".into()
            } else {
                "the target is not nearby".into()
            }
        }
        Intent::Disengage if !engaged => "it is not engaged".into(),
        Intent::Disengage => "its move action is spent, or it already disengaged this turn".into(),
        Intent::Rally => "a rally needs a standard action and lost hit points (and, after the first, a passed save this round)".into(),
        Intent::Stabilize { .. } => "only a fallen ally in the same region can be stabilized, with a standard action".into(),
        Intent::Delay => "a combatant can delay only before acting, with someone still to act this round".into(),
        Intent::Flee => "only heroes can call a retreat".into(),
        Intent::Pass => "there is no reaction to pass on".into(),
        _ => "that is not a legal action now".into(),
    }
}
