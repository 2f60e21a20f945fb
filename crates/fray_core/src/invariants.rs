//! Debug-build checks that catch engine and ruleset defects where they happen.

use bevy_ecs::name::Name;
use bevy_ecs::prelude::*;

use crate::combatant::{Combatant, Hp};
use crate::encounter::{Encounter, InEncounter};
use crate::engagement::Engagement;
use crate::flow::Phase;
use crate::log::{CombatLog, LogEvent};
use crate::turn::Turn;

/// Panics (debug builds only) when hit points are out of bounds, an engagement points at a
/// missing entity, or a running encounter's current actor is gone: each is a defect in a ruleset
/// or in the core, or a game's direct write of the components; edits through
/// [`crate::edit`] never break them. The message names the combatant and the last edit the game
/// made to it.
pub(crate) fn check_invariants(
    hp: Query<(Entity, &Hp)>,
    engagements: Query<(Entity, &Engagement)>,
    encounters: Query<(Entity, &Encounter, &Turn)>,
    combatants: Query<(Option<&Name>, &Combatant, &InEncounter)>,
    logs: Query<&CombatLog>,
    exists: Query<()>,
) {
    let blame = |entity: Entity| -> String {
        let Ok((name, c, of)) = combatants.get(entity) else {
            return format!("{entity}");
        };
        let name = name.map_or("an unnamed combatant", |n| n.as_str());
        let edit = logs.get(of.0).ok().and_then(|log| {
            log.entries().iter().rev().find_map(|e| match &e.event {
                LogEvent::Edited { who, edit, why } if *who == c.id => {
                    Some(format!("{edit} ({why})"))
                }
                _ => None,
            })
        });
        match edit {
            Some(edit) => format!("{name} ({entity}; the game's last edit of it: {edit})"),
            None => format!(
                "{name} ({entity}; no game edit through fray_core::edit: a ruleset's defect, or \
                 its components written directly)"
            ),
        }
    };
    for (entity, hp) in &hp {
        assert!(
            hp.current <= hp.max && hp.temp >= 0 && hp.max >= 0,
            "invariant: {} has HP {hp:?} out of bounds",
            blame(entity)
        );
    }
    for (entity, engagement) in &engagements {
        for foe in engagement.engaging().iter().chain(engagement.engaged_by()) {
            assert!(
                exists.contains(*foe),
                "invariant: {} is engaged with missing entity {foe} (despawned while engaged: \
                 take a combatant out with fray_core::edit::Edit::Remove)",
                blame(entity)
            );
        }
    }
    for (entity, encounter, turn) in &encounters {
        if matches!(encounter.phase(), Phase::Acting | Phase::Reacting)
            && let Some(actor) = turn.actor
        {
            assert!(
                exists.contains(actor),
                "invariant: encounter {entity} acts with missing actor {actor} (despawned in its \
                 turn: take a combatant out with fray_core::edit::Edit::Remove)"
            );
        }
    }
}
