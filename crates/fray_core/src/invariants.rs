//! Debug-build checks that catch engine and ruleset defects where they happen.

use bevy_ecs::prelude::*;

use crate::combatant::Hp;
use crate::encounter::Encounter;
use crate::engagement::Engagement;
use crate::flow::Phase;
use crate::turn::Turn;

/// Panics (debug builds only) when hit points are out of bounds, an engagement points at a
/// missing entity, or a running encounter's current actor is gone: each is a defect in a ruleset
/// or in the core, never the result of user input.
pub(crate) fn check_invariants(
    hp: Query<(Entity, &Hp)>,
    engagements: Query<(Entity, &Engagement)>,
    encounters: Query<(Entity, &Encounter, &Turn)>,
    exists: Query<()>,
) {
    for (entity, hp) in &hp {
        assert!(
            hp.current <= hp.max && hp.temp >= 0 && hp.max >= 0,
            "invariant: {entity} has HP {hp:?} out of bounds"
        );
    }
    for (entity, engagement) in &engagements {
        for foe in engagement.engaging().iter().chain(engagement.engaged_by()) {
            assert!(
                exists.contains(*foe),
                "invariant: {entity} is engaged with missing entity {foe}"
            );
        }
    }
    for (entity, encounter, turn) in &encounters {
        if matches!(encounter.phase(), Phase::Acting | Phase::Reacting)
            && let Some(actor) = turn.actor
        {
            assert!(
                exists.contains(actor),
                "invariant: encounter {entity} acts with missing actor {actor}"
            );
        }
    }
}
