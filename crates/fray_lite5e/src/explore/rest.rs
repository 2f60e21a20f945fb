//! Resting (L5-15, exploration side): a night of safe rest heals 1 HP per level, a night of
//! unsafe rest (in a dungeon, in hostile wilderness) 1 HP; hit points stay within 0..max.
//!
//! The party rests when its plan or its policy says ([`Activity::Rest`]). A rest also lifts
//! the injury table's "disadvantage until rest" (`shaken`, L5-14), and safe rest cures
//! exhaustion (L5-24: "only safe rest will").
//!
//! Rulings: Fray's rest activity is the party's rest period, and heals as the seed's night
//! does (the clock counts it as one travel turn); rest in a dungeon is unsafe, and rest out of
//! one is safe (the model has no hostile wilderness camp yet); members down rest too (and
//! come to by [`injuries`](crate::explore::injuries)), the dead do not.

use bevy_ecs::prelude::*;
use fray_explore::log::note;
use fray_explore::prelude::*;

use super::Lite5eExpedition;
use super::checks::{block, name};
use super::injuries::SHAKEN;
use super::resilience::EXHAUSTED;

/// HP a night of rest heals a member of `level`: its level when safe, else 1.
pub fn rest_healing(level: u8, safe: bool) -> i32 {
    if safe { i32::from(level.max(1)) } else { 1 }
}

/// Each lite5e party that rests this turn heals, and shakes off what rest lifts.
pub(super) fn rest(world: &mut World) {
    let mut query = world.query_filtered::<(Entity, &Expedition, &Party, &CurrentActivity, Has<Position>), With<Lite5eExpedition>>();
    let resting: Vec<(Entity, Vec<Entity>, bool)> = query
        .iter(world)
        .filter(|(_, e, _, current, _)| {
            e.state == ExpeditionState::Underway && matches!(current.0, Some(Activity::Rest))
        })
        .map(|(entity, _, party, _, in_dungeon)| (entity, party.order.clone(), !in_dungeon))
        .collect();
    for (expedition, order, safe) in resting {
        for member in order {
            let level = block(world, member).map_or(1, |b| b.level);
            let healed = match world.get_mut::<Vitals>(member) {
                Some(mut v) if v.is_alive() => v.heal(rest_healing(level, safe)),
                _ => continue,
            };
            if healed > 0 {
                let who = name(world, member);
                note(
                    world,
                    expedition,
                    ExploreEvent::Gained {
                        who,
                        what: "HP from rest".into(),
                        amount: u64::try_from(healed).unwrap_or(0),
                    },
                );
            }
            for affliction in [SHAKEN, EXHAUSTED] {
                if safe || affliction == SHAKEN {
                    afflict(world, expedition, member, affliction, 0);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l515_a_level_4_pc_heals_4_in_safe_rest_and_1_in_a_dungeon() {
        assert_eq!(rest_healing(4, true), 4);
        assert_eq!(rest_healing(4, false), 1);
        assert_eq!(rest_healing(1, true), 1);
    }
}
