//! Mastery points between fights (DR-11): what a hero spent in a fight stays spent until the
//! fight is over, and all of them come back "after a few minutes" out of the contested
//! situation: at the party's next turn.
//!
//! Ruling: the refill comes at the next exploration turn after the fight (the seed's "few
//! minutes" fit in a turn), before anything the turn brings.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use super::DierankExpedition;
use crate::sheet::Sheet;
use crate::state::DrState;

/// A member's mastery points between fights. A member without one has not fought yet: its
/// first fight spawns it with its statblock's points.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Mastery {
    /// Points left.
    pub mp: u8,
    /// Its statblock's points: what a refill brings it back to.
    pub max: u8,
}

/// The member's points go onto its fresh `combatant`.
pub(super) fn carry_in(world: &mut World, member: Entity, combatant: Entity) {
    let Some(mastery) = world.get::<Mastery>(member).copied() else {
        return;
    };
    if let Some(mut state) = world.get_mut::<DrState>(combatant) {
        state.mp = mastery.mp.min(mastery.max);
    }
}

/// The points the `combatant` has left at the end of its fight are written back.
pub(super) fn carry_out(world: &mut World, member: Entity, combatant: Entity) {
    let (Some(mp), Some(max)) = (
        world.get::<DrState>(combatant).map(|s| s.mp),
        world.get::<Sheet>(combatant).map(|s| s.0.mp),
    ) else {
        return;
    };
    if let Ok(mut entity) = world.get_entity_mut(member) {
        entity.insert(Mastery { mp, max });
    }
}

/// Die-rank expeditions, as [`refill`] reads them.
type Refilling<'w, 's> = Query<
    'w,
    's,
    (
        &'static Expedition,
        &'static Party,
        &'static Clock,
        &'static mut ExpeditionLog,
        Has<Fighting>,
    ),
    With<DierankExpedition>,
>;

/// Every living member of a die-rank expedition that is not fighting gets its mastery points
/// back (DR-11), logged.
pub(super) fn refill(
    mut expeditions: Refilling,
    mut members: Query<(&Character, &Vitals, &mut Mastery)>,
) {
    for (expedition, party, clock, mut log, fighting) in &mut expeditions {
        if expedition.state != ExpeditionState::Underway || fighting {
            continue;
        }
        for &member in &party.order {
            let Ok((character, vitals, mut mastery)) = members.get_mut(member) else {
                continue;
            };
            if !vitals.is_alive() || mastery.mp >= mastery.max {
                continue;
            }
            let amount = u64::from(mastery.max - mastery.mp);
            mastery.mp = mastery.max;
            log.record(clock.elapsed(), || ExploreEvent::Gained {
                who: character.name.clone(),
                what: "MP back after the fight".into(),
                amount,
            });
        }
    }
}
