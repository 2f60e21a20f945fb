//! Resilience and exhaustion (L5-24): a PC can adventure for as many hours (travel turns) as
//! its CON score without food or rest; past that, each travel turn it makes a resilience check,
//! 1d20 + CON modifier against DC 10 + the hours beyond, and a failure exhausts it.
//!
//! Exhaustion is the member's `exhausted` affliction: in its fights it has disadvantage on all
//! checks (carried as the injury table's "disadvantage until rest"). Rulings: a travel turn of
//! rest restarts the count (the party eats and rests); an exhausted member makes no more checks
//! (the seed's harsher repeats are left out); only safe rest cures exhaustion
//! ([`rest`](crate::explore::rest)), and a dungeon has none, so it lasts the expedition; its
//! speed 0 is not played (the party carries it). The check is at disadvantage for a member
//! burdened by its load or an injury (L5-05, L5-14), and CON lost to injuries or corruption
//! counts (L5-25).

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_dice::DieSource;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use super::Lite5eExpedition;
use super::checks::{burdened, name, score};
use crate::sheet::modifier;

/// The affliction of an exhausted member.
pub const EXHAUSTED: &str = "exhausted";

/// Hours a member has adventured since its last rest (an affliction-like count on the member).
#[derive(
    Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Adventured(pub u32);

/// A resilience check: the d20s, the one kept, the total and the DC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResilienceCheck {
    /// The d20s thrown (two at disadvantage).
    pub faces: Vec<u32>,
    /// The d20 kept.
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

/// The check of a member with `con` (its score now) after `hours` of adventure, if it is past
/// its resilience (`con` hours); at disadvantage when it is `burdened` (its load above STR,
/// L5-05, or an injury's disadvantage, L5-14).
pub fn resilience_check(
    dice: &mut impl DieSource,
    con: i32,
    hours: u32,
    burdened: bool,
) -> Option<ResilienceCheck> {
    let beyond = i64::from(hours).saturating_sub(i64::from(con));
    if beyond <= 0 {
        return None;
    }
    let mut faces = vec![dice.roll_die(20)];
    if burdened {
        faces.push(dice.roll_die(20));
    }
    let face = faces.iter().copied().min().unwrap_or(1);
    Some(ResilienceCheck {
        face,
        total: i64::from(face).saturating_add(i64::from(modifier(con))),
        dc: 10i64.saturating_add(beyond),
        faces,
    })
}

/// Counts each travel turn against every living member's resilience, and checks those past it.
pub(super) fn resilience(world: &mut World) {
    let mut query = world
        .query_filtered::<(Entity, &Expedition, &CurrentActivity, &Party), With<Lite5eExpedition>>(
        );
    let turns: Vec<(Entity, bool, Vec<Entity>)> = query
        .iter(world)
        .filter(|(_, e, current, _)| e.state == ExpeditionState::Underway && current.0.is_some())
        .map(|(entity, _, current, party)| {
            let resting = matches!(current.0, Some(Activity::Rest));
            (entity, resting, party.order.clone())
        })
        .collect();
    for (expedition, resting, order) in turns {
        for member in order {
            if !world.get::<Vitals>(member).is_some_and(Vitals::is_alive) {
                continue;
            }
            let hours = if resting {
                0
            } else {
                world
                    .get::<Adventured>(member)
                    .map_or(0, |a| a.0)
                    .saturating_add(1)
            };
            world.entity_mut(member).insert(Adventured(hours));
            if world
                .get::<Afflictions>(member)
                .is_none_or(|a| a.has(EXHAUSTED))
            {
                continue;
            }
            // CON lost to injuries or corruption (L5-14, L5-25) shortens resilience.
            let con = score(world, member, 2);
            let burdened = burdened(world, member);
            let who = name(world, member);
            let check = with_turn_dice(world, expedition, |dice| {
                let check = resilience_check(&mut *dice.rng, con, hours, burdened)?;
                dice.log.record(dice.at, || ExploreEvent::Roll {
                    what: format!("resilience of {who} (DC {})", check.dc),
                    dice: match (burdened, modifier(con)) {
                        (false, 0) => "1d20".to_string(),
                        (true, 0) => "2d20kl1".to_string(),
                        (false, m) => format!("1d20{m:+}"),
                        (true, m) => format!("2d20kl1{m:+}"),
                    },
                    faces: check.faces.clone(),
                    kept: burdened.then_some(check.face),
                    modifier: i64::from(modifier(con)),
                    result: check.total,
                    success: Some(check.passed()),
                    verdict: None,
                });
                Some(check)
            })
            .flatten();
            let Some(check) = check else {
                continue;
            };
            if !check.passed() {
                afflict(world, expedition, member, EXHAUSTED, 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l524_no_check_until_the_hours_pass_the_con_score() {
        let mut dice = EncounterRng::scripted([]);
        assert_eq!(resilience_check(&mut dice, 10, 10, false), None);
    }

    #[test]
    fn l524_past_resilience_the_dc_is_10_plus_the_hours_beyond() {
        // CON 14 (+2), 17 hours: 3 beyond, DC 13. A 10 + 2 fails, an 11 + 2 passes.
        let mut dice = EncounterRng::scripted([10, 11]);
        let failed = resilience_check(&mut dice, 14, 17, false).unwrap();
        assert_eq!((failed.total, failed.dc, failed.passed()), (12, 13, false));
        let passed = resilience_check(&mut dice, 14, 17, false).unwrap();
        assert!(passed.passed());
    }

    #[test]
    fn l505_a_burdened_member_checks_resilience_at_disadvantage() {
        // Burdened (a load above STR): two d20, the lower kept; 15 and 9 with CON 14 (+2) is
        // 11 against DC 13.
        let mut dice = EncounterRng::scripted([15, 9]);
        let check = resilience_check(&mut dice, 14, 17, true).unwrap();
        assert_eq!(
            (check.faces.clone(), check.face, check.total),
            (vec![15, 9], 9, 11)
        );
        assert!(!check.passed());
    }
}
