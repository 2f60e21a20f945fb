//! Resilience and exhaustion (L5-24): a PC can adventure for as many hours (travel turns) as
//! its CON score without food or rest; past that, each travel turn it makes a resilience check,
//! 1d20 + CON modifier against DC 10 + the hours beyond, and a failure exhausts it.
//!
//! Exhaustion is the member's `exhausted` affliction: in its fights it has disadvantage on all
//! checks (carried as the injury table's "disadvantage until rest"). Rulings: a travel turn of
//! rest restarts the count (the party eats and rests); an exhausted member makes no more checks
//! (the seed's harsher repeats are left out); only safe rest cures exhaustion, and a dungeon
//! has none, so it lasts the expedition; its speed 0 is not played (the party carries it).

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_dice::DieSource;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use crate::sheet::modifier;
use crate::statblock::L5Block;

/// The affliction of an exhausted member.
pub const EXHAUSTED: &str = "exhausted";

/// Hours a member has adventured since its last rest (an affliction-like count on the member).
#[derive(Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adventured(pub u32);

/// A resilience check: the d20, the total and the DC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResilienceCheck {
    /// The d20.
    pub face: u32,
    /// d20 + CON modifier.
    pub total: i64,
    /// 10 + hours beyond resilience.
    pub dc: i64,
}

impl ResilienceCheck {
    /// Whether the member stays on its feet.
    pub fn passed(&self) -> bool {
        self.total >= self.dc
    }
}

/// The check of a member with `con` after `hours` of adventure, if it is past its resilience
/// (`con` hours).
pub fn resilience_check(dice: &mut impl DieSource, con: u8, hours: u32) -> Option<ResilienceCheck> {
    let beyond = hours.checked_sub(u32::from(con)).filter(|b| *b > 0)?;
    let face = dice.roll_die(20);
    Some(ResilienceCheck {
        face,
        total: i64::from(face).saturating_add(i64::from(modifier(i32::from(con)))),
        dc: 10i64.saturating_add(i64::from(beyond)),
    })
}

/// lite5e expeditions, with what the resilience system reads and changes.
type Expeditions<'w, 's> = Query<
    'w,
    's,
    (
        (
            &'static Expedition,
            &'static CurrentActivity,
            &'static Clock,
        ),
        &'static Party,
        &'static mut ExpeditionRng,
        &'static mut ExpeditionLog,
    ),
    With<super::Lite5eExpedition>,
>;

/// Party members, as resilience reads them.
type Members<'w, 's> = Query<
    'w,
    's,
    (
        &'static Character,
        &'static Vitals,
        &'static mut Afflictions,
        Option<&'static mut Adventured>,
    ),
    With<Member>,
>;

/// Counts each travel turn against every living member's resilience, and checks those past it.
pub(super) fn resilience(
    mut expeditions: Expeditions,
    mut members: Members,
    content: Option<Res<Content>>,
    mut commands: Commands,
) {
    let blocks = content
        .as_ref()
        .and_then(|c| c.0.statblocks::<L5Block>("lite5e"));
    for ((expedition, current, clock), party, mut rng, mut log) in &mut expeditions {
        if expedition.state != ExpeditionState::Underway {
            continue;
        }
        let Some(activity) = &current.0 else {
            continue;
        };
        let resting = matches!(activity, Activity::Rest);
        for &m in &party.order {
            let Ok((character, vitals, mut afflictions, adventured)) = members.get_mut(m) else {
                continue;
            };
            if !vitals.is_alive() {
                continue;
            }
            let hours = if resting {
                0
            } else {
                adventured.as_ref().map_or(0, |a| a.0).saturating_add(1)
            };
            match adventured {
                Some(mut a) => a.0 = hours,
                None => {
                    commands.entity(m).insert(Adventured(hours));
                }
            }
            if afflictions.has(EXHAUSTED) {
                continue;
            }
            // CON lost to injuries or corruption (L5-14, L5-25) shortens resilience.
            let con = blocks
                .and_then(|b| b.get(&character.statblock))
                .map_or(10, |b| match b {
                    L5Block::Pc(c) | L5Block::Monster(c) => c.con,
                })
                .saturating_sub(afflictions.level(super::injuries::LOST[2]));
            let Some(check) = resilience_check(&mut *rng, con, hours) else {
                continue;
            };
            log.record(clock.elapsed(), || ExploreEvent::Roll {
                what: format!("resilience of {} (DC {})", character.name, check.dc),
                dice: "1d20".into(),
                faces: vec![check.face],
                result: check.total,
                success: Some(check.passed()),
            });
            if !check.passed() && afflictions.set(EXHAUSTED, 1) {
                log.record(clock.elapsed(), || ExploreEvent::Afflicted {
                    who: character.name.clone(),
                    affliction: EXHAUSTED.into(),
                    level: 1,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l5_24_no_check_until_the_hours_pass_the_con_score() {
        let mut dice = EncounterRng::scripted([]);
        assert_eq!(resilience_check(&mut dice, 10, 10), None);
    }

    #[test]
    fn l5_24_past_resilience_the_dc_is_10_plus_the_hours_beyond() {
        // CON 14 (+2), 17 hours: 3 beyond, DC 13. A 10 + 2 fails, an 11 + 2 passes.
        let mut dice = EncounterRng::scripted([10, 11]);
        let failed = resilience_check(&mut dice, 14, 17).unwrap();
        assert_eq!((failed.total, failed.dc, failed.passed()), (12, 13, false));
        let passed = resilience_check(&mut dice, 14, 17).unwrap();
        assert!(passed.passed());
    }
}
