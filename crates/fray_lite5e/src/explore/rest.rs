//! Resting (L5-15, exploration side): a night of safe rest heals 1 HP per level, a night of
//! unsafe rest (in a dungeon, in hostile wilderness) 1 HP; hit points stay within 0..max.
//!
//! The party rests when its plan or its policy says ([`Activity::Rest`]), and in a wilderness
//! every night: a day there (a turn) ends in camp, and the night's rest heals. A rest also
//! lifts the injury table's "disadvantage until rest" (`shaken`, L5-14), and safe rest cures
//! exhaustion (L5-24: "only safe rest will"). Each member healed is logged with the kind of
//! rest.
//!
//! Rulings: Fray's rest activity is the party's rest period, and heals as the seed's night
//! does (the clock counts it as one travel turn); in a wilderness, each turn that spends a day
//! (travelling, hunting or resting; not the day's `Leave`) has its night, and a rest activity
//! there is that night, not a second one; rest in a dungeon is unsafe; a wilderness camp is
//! safe unless the day's terrain is hostile ([`hostile`](crate::explore::overland::hostile):
//! its content gives it wandering monsters), and a party with no place (a camp) rests safely;
//! the night's rest does not restart the count of resilience (L5-24), which takes a wilderness
//! day, night and all, as one of its CON "hours"; members down rest too (and come to by
//! [`injuries`](crate::explore::injuries)), the dead do not.

use bevy_ecs::prelude::*;
use fray_explore::log::note;
use fray_explore::prelude::*;

use super::Lite5eExpedition;
use super::checks::{block, name};
use super::injuries::SHAKEN;
use super::overland::hostile;
use super::resilience::EXHAUSTED;

/// HP a night of rest heals a member of `level`: its level when safe, else 1.
pub fn rest_healing(level: u8, safe: bool) -> i32 {
    if safe { i32::from(level.max(1)) } else { 1 }
}

/// Each lite5e party that rests this turn (its rest activity, or a wilderness day's night)
/// heals, and shakes off what rest lifts.
///
/// Ruling: a wilderness day ends in camp, and its night is a night of rest, safe unless the
/// day's terrain is hostile; a dungeon's rest is unsafe; a party with no place rests safely.
pub(super) fn rest(world: &mut World) {
    let mut query = world.query_filtered::<(
        Entity,
        &Expedition,
        &Party,
        &CurrentActivity,
        &TurnSpan,
        (Has<Position>, Option<&Whereabouts>),
    ), With<Lite5eExpedition>>();
    let resting: Vec<(Entity, Vec<Entity>, Option<bool>)> = query
        .iter(world)
        .filter(|(_, e, ..)| e.state == ExpeditionState::Underway)
        .filter_map(
            |(entity, _, party, current, span, (in_dungeon, outdoors))| {
                let rests = match outdoors {
                    Some(_) => current.0.is_some() && span.0 >= GameTime::DAY,
                    None => matches!(current.0, Some(Activity::Rest)),
                };
                // Safe: `Some(true)`; unsafe: `Some(false)`; outdoors, judged by the terrain.
                let safe = match (in_dungeon, outdoors) {
                    (true, _) => Some(false),
                    (false, Some(_)) => None,
                    (false, None) => Some(true),
                };
                rests.then(|| (entity, party.order.clone(), safe))
            },
        )
        .collect();
    for (expedition, order, safe) in resting {
        let safe = safe.unwrap_or_else(|| {
            !world
                .get::<Whereabouts>(expedition)
                .is_some_and(|at| hostile(world, at.wilderness, at.terrain))
        });
        let what = if safe {
            "HP from safe rest"
        } else {
            "HP from unsafe rest"
        };
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
                        what: what.into(),
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
