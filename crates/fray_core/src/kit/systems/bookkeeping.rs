//! What a change of status means to the kit: engagements released, falls counted, morale triggers
//! noted.

use bevy_ecs::prelude::*;

use crate::combatant::Status;
use crate::flow::outcome::{TriggerView, note_status_triggers};
use crate::kit::{Members, Rules};

/// Copies the engagements of `released` (those of `lineup`'s encounter; others are passed
/// over) into their rows of `lineup`: the rows a release left behind their components.
pub(super) fn mirror_engagements<R: Rules>(
    lineup: &mut crate::lineup::Lineup,
    members: &Members<R>,
    released: &[Entity],
) {
    for &who in released {
        if let (Ok(engagement), Some(row)) = (members.engagement.get(who), lineup.row_mut(who)) {
            row.engagement.clone_from(engagement);
        }
    }
}

/// What a change of status means to the kit: the gone let go of their engagements (they and
/// their foes are added to `released`), and falls are tallied. Doing it twice for the same
/// status changes nothing.
pub(super) fn book_status<R: Rules>(
    members: &mut Members<R>,
    who: Entity,
    status: Status,
    released: &mut Vec<Entity>,
) {
    if status.is_gone() {
        if let Ok(engagement) = members.engagement.get(who) {
            released.push(who);
            released.extend(engagement.foes());
        }
        crate::engagement::release_all(&mut members.engagement, who);
    }
    if let Ok(mut tally) = members.tally.get_mut(who) {
        tally.note_status(status);
    }
}

/// Notes the morale triggers the encounter's statuses now fire.
pub(super) fn note_triggers<R: Rules>(
    parts: &mut crate::kit::EncounterPartsItem<'_, '_, R>,
    members: &Members<R>,
) {
    note_status_triggers(
        &parts.encounter,
        parts.roster,
        parts.sides,
        &mut parts.morale,
        &mut parts.log,
        |e| {
            let (_, leader) = members.morale.get(e).ok()?;
            let status = *members.status.get(e).ok()?;
            let (conditions, _) = members.conditions.get(e).ok()?;
            Some(TriggerView {
                status,
                out: R::out_of_fight(status, conditions),
                leader,
            })
        },
    );
}
