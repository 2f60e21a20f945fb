//! Wandering monsters (BX-09): in the dungeon a check every two turns, 1 in 6, met 2d6 x 10 ft
//! away; outdoors a check every day at the terrain's chance
//! ([`wandering_in_6`](crate::explore::wilderness::wandering_in_6)), from the wilderness's
//! table for the terrain, met 4d6 x 10 yards away or 1d4 x 10 yards if either side is
//! surprised: that distance is rolled by the fight's opening after surprise (the B/X
//! encounter's `distance: "wilderness"` option, BX-13), so it is not rolled here.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::spawn::Content;
use fray_dice::DieSource;
use fray_explore::foes::describe;
use fray_explore::log::Verdicts;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use super::chance::InSix;
use fray_explore::wilderness::TerrainTable;

/// What a wandering-monster check's outcome means, as the log says it.
const MONSTERS_COME: Verdicts = Verdicts {
    success: "monsters come",
    failure: "no monsters come",
};

/// How often and how likely wandering monsters come, and the turns since the last check.
///
/// The defaults are the seed's: a check every 2 turns at 1 in 6. Ruling: the count starts when
/// the expedition sets out, so the first check is made at the start of its second turn, the next
/// at the start of its fourth, and so on (each check covers the two turns it closes).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct WanderingMonsters {
    /// The chance per check, in sixths.
    pub chance_in_6: u8,
    /// Turns between checks.
    pub every_turns: u8,
    /// Turns since the last check (or since setting out).
    pub since_check: u8,
}

impl Default for WanderingMonsters {
    fn default() -> Self {
        Self {
            chance_in_6: 1,
            every_turns: 2,
            since_check: 0,
        }
    }
}

/// A wandering-monster check and, when monsters come, how far off they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WanderingCheck {
    /// The chance roll.
    pub roll: InSix,
    /// When monsters come: the 2d6 faces and the distance, faces x 10 ft.
    pub distance: Option<([u32; 2], u32)>,
}

impl WanderingCheck {
    /// Rolls a dungeon check: the chance d6, then, when it comes up, 2d6 x 10 ft.
    pub fn roll(dice: &mut impl DieSource, chance_in_6: u8) -> Self {
        let roll = InSix::roll(dice, chance_in_6);
        let distance = roll.success.then(|| {
            let faces = [dice.roll_die(6), dice.roll_die(6)];
            (faces, (faces[0] + faces[1]) * 10)
        });
        Self { roll, distance }
    }
}

/// B/X expeditions, with what the wandering checks read and change.
type Expeditions<'w, 's> = Query<
    'w,
    's,
    (
        (
            &'static Expedition,
            &'static CurrentActivity,
            &'static Clock,
        ),
        &'static mut WanderingMonsters,
        (
            &'static mut ExpeditionRng,
            &'static mut ExpeditionLog,
            &'static mut Meetings,
        ),
        (Option<&'static Position>, Option<&'static Whereabouts>),
    ),
    With<super::BxExpedition>,
>;

/// Counts the turn and, every `every_turns` turns, makes the check; monsters met go to the
/// expedition's [`Meetings`].
pub(super) fn wandering_checks(
    mut expeditions: Expeditions,
    dungeons: Query<&Dungeon>,
    areas: Query<&Area>,
    wildernesses: Query<&Wilderness>,
    content: Option<Res<Content>>,
) {
    let content = content.as_deref();
    for (
        (expedition, current, clock),
        mut wandering,
        (mut rng, mut log, mut meetings),
        (place, outdoors),
    ) in &mut expeditions
    {
        if expedition.state != ExpeditionState::Underway || current.0.is_none() {
            continue;
        }
        if let Some(at) = outdoors {
            let table = wildernesses
                .get(at.wilderness)
                .ok()
                .and_then(|w| w.spec.table(at.terrain).cloned());
            let mut dice = TurnDice {
                rng: &mut rng,
                log: &mut log,
                at: clock.elapsed(),
            };
            let meeting = outdoor_check(&mut dice, at.terrain, table.as_ref(), content);
            if let Some(meeting) = meeting {
                meetings.meet(meeting);
            }
            continue;
        }
        wandering.since_check = wandering.since_check.saturating_add(1);
        if wandering.since_check < wandering.every_turns.max(1) {
            continue;
        }
        wandering.since_check = 0;
        let check = WanderingCheck::roll(&mut *rng, wandering.chance_in_6);
        let at = clock.elapsed();
        log.record(at, || ExploreEvent::Roll {
            what: "wandering monsters".into(),
            dice: "1d6".into(),
            faces: vec![check.roll.face],
            kept: None,
            modifier: 0,
            result: i64::from(check.roll.face),
            success: Some(check.roll.success),
            verdict: Some(MONSTERS_COME.of(check.roll.success)),
        });
        if let Some((faces, distance_ft)) = check.distance {
            log.record(at, || ExploreEvent::Roll {
                what: "wandering monsters' distance (x 10 ft)".into(),
                dice: "2d6".into(),
                faces: faces.to_vec(),
                kept: None,
                modifier: 0,
                result: faces.iter().map(|&f| i64::from(f)).sum(),
                success: None,
                verdict: None,
            });
            let table = place.and_then(|p| {
                let level = areas.get(p.area).map_or(1, |a| a.level);
                dungeons.get(p.dungeon).ok()?.spec.table(level).cloned()
            });
            let foes = match table {
                Some(table) => {
                    let mut dice = TurnDice {
                        rng: &mut rng,
                        log: &mut log,
                        at,
                    };
                    table.roll(&mut dice).into_iter().collect()
                }
                None => Vec::new(),
            };
            log.record(at, || ExploreEvent::MonstersMet {
                source: MeetingSource::Wandering,
                distance_ft,
                foes: describe(&foes, content, &expedition.ruleset),
            });
            meetings.meet(Meeting {
                at,
                source: MeetingSource::Wandering,
                distance_ft,
                foes,
                area: None,
            });
        }
    }
}

/// A day's wandering-monster check outdoors in `terrain`: its chance in 6
/// ([`wandering_in_6`](crate::explore::wilderness::wandering_in_6)) and, when it comes up, the
/// monsters from `table` (named in the log by `content`'s statblocks); their distance is the
/// fight's to roll (after surprise).
pub fn outdoor_check(
    dice: &mut TurnDice<'_>,
    terrain: Terrain,
    table: Option<&TerrainTable>,
    content: Option<&Content>,
) -> Option<Meeting> {
    let chance = super::wilderness::wandering_in_6(terrain);
    if !dice.in_six_told(
        &format!("wandering monsters in the {}", terrain.label()),
        chance,
        MONSTERS_COME,
    ) {
        return None;
    }
    let foes: Vec<Foes> = table.and_then(|t| t.roll(dice)).into_iter().collect();
    let at = dice.at;
    dice.log.record(at, || ExploreEvent::MonstersMet {
        source: MeetingSource::Wandering,
        distance_ft: 0,
        foes: describe(&foes, content, crate::ruleset::ID),
    });
    Some(Meeting {
        at,
        source: MeetingSource::Wandering,
        distance_ft: 0,
        foes,
        area: None,
    })
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn bx09_a_one_in_six_check_meets_monsters_on_a_one_at_2d6_x_10_ft() {
        let mut dice = EncounterRng::scripted([1, 3, 5]);
        let check = WanderingCheck::roll(&mut dice, 1);
        assert!(check.roll.success);
        assert_eq!(check.distance, Some(([3, 5], 80)));
    }

    #[test]
    fn bx09_a_two_misses_a_one_in_six_check_and_rolls_no_distance() {
        let mut dice = EncounterRng::scripted([2]);
        let check = WanderingCheck::roll(&mut dice, 1);
        assert!(!check.roll.success);
        assert_eq!(check.distance, None);
        assert_eq!(dice.scripted_remaining(), Some(0));
    }

    #[test]
    fn bx09_distances_run_from_20_to_120_ft() {
        let mut near = EncounterRng::scripted([1, 1, 1]);
        let mut far = EncounterRng::scripted([1, 6, 6]);
        assert_eq!(
            WanderingCheck::roll(&mut near, 1).distance,
            Some(([1, 1], 20))
        );
        assert_eq!(
            WanderingCheck::roll(&mut far, 1).distance,
            Some(([6, 6], 120))
        );
    }
}
