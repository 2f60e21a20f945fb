//! The party's activity in a dungeon turn (the sequence's step 2), resolved: searching,
//! listening, resting, or exploring on; and the rest it owes. Days in a wilderness are
//! [`wilderness`](crate::explore::wilderness)'s.

use bevy_ecs::prelude::*;
use fray_explore::prelude::*;

use super::BxExpedition;
use super::chance::InSix;
use super::evasion::EXHAUSTED;
use super::rest::{RestChange, RestNeed, WEARY};
use super::searching::{Attempts, Listened, Searched, SenseChances, attempt};

/// B/X expeditions, with what the activity system reads and changes.
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
        (&'static mut ExpeditionRng, &'static mut ExpeditionLog),
        (
            &'static mut RestNeed,
            &'static mut Searched,
            &'static mut Listened,
            &'static SenseChances,
        ),
        Option<&'static mut Discoveries>,
        Option<&'static Position>,
    ),
    (With<BxExpedition>, Without<Whereabouts>),
>;

/// Party members, with their lasting afflictions.
type Members<'w, 's> = Query<
    'w,
    's,
    (
        &'static Character,
        &'static Vitals,
        &'static mut Afflictions,
    ),
    With<MemberOf>,
>;

/// Resolves each B/X expedition's activity for the turn (each takes one turn).
pub(super) fn play_activity(
    mut expeditions: Expeditions,
    mut members: Members,
    dungeons: Query<&Dungeon>,
) {
    for ((expedition, current, clock), party, (mut rng, mut log), state, discoveries, place) in
        &mut expeditions
    {
        let (mut rest, mut searched, mut listened, chances) = state;
        if expedition.state != ExpeditionState::Underway {
            continue;
        }
        let Some(activity) = &current.0 else {
            continue;
        };
        let at = clock.elapsed();
        let mut turn = TurnRolls {
            party,
            members: &members,
            rng: &mut rng,
            log: &mut log,
            at,
        };
        match activity {
            Activity::Search { area } => {
                let spec = place.and_then(|p| dungeons.get(p.dungeon).ok());
                let name = spec
                    .and_then(|d| d.spec.area(area))
                    .map_or(area.as_str(), |a| a.name.as_str());
                let what = format!("search of the {name}");
                turn.everyone_tries(&mut searched.0, area, &what, chances.search_in_6);
                if searched.0.succeeded(area)
                    && let Some(mut found) = discoveries
                {
                    found.searched.insert(area.clone());
                }
            }
            Activity::Listen { door } => {
                let what = format!("listening at door `{door}`");
                turn.everyone_tries(&mut listened.0, door, &what, chances.listen_in_6);
            }
            Activity::Explore
            | Activity::Rest
            | Activity::GoTo { .. }
            | Activity::Leave
            | Activity::Journey { .. }
            | Activity::Hunt => {}
        }
        if matches!(activity, Activity::Rest) {
            rest_off_exhaustion(&party.order, &mut members, &mut log, at);
        }
        let level = match rest.turn(matches!(activity, Activity::Rest)) {
            RestChange::Unchanged => continue,
            RestChange::Rested => 0,
            RestChange::Weary => 1,
        };
        for &member in &party.order {
            let Ok((character, vitals, mut afflictions)) = members.get_mut(member) else {
                continue;
            };
            if vitals.is_alive() && afflictions.set(WEARY, level) {
                log.record(at, || ExploreEvent::Afflicted {
                    who: character.name.clone(),
                    affliction: WEARY.into(),
                    level,
                });
            }
        }
    }
}

/// A turn of rest takes one turn off each exhausted member's three (BX-15).
fn rest_off_exhaustion(
    order: &[Entity],
    members: &mut Members,
    log: &mut ExpeditionLog,
    at: GameTime,
) {
    for &member in order {
        let Ok((character, vitals, mut afflictions)) = members.get_mut(member) else {
            continue;
        };
        let owed = afflictions.level(EXHAUSTED);
        if owed == 0 || !vitals.is_alive() {
            continue;
        }
        let level = owed.saturating_sub(1);
        afflictions.set(EXHAUSTED, level);
        log.record(at, || ExploreEvent::Afflicted {
            who: character.name.clone(),
            affliction: EXHAUSTED.into(),
            level,
        });
    }
}

/// What a turn's rolls need: who rolls, the dice, the log and the time.
struct TurnRolls<'a, 'w, 's> {
    party: &'a Party,
    members: &'a Members<'w, 's>,
    rng: &'a mut ExpeditionRng,
    log: &'a mut ExpeditionLog,
    at: GameTime,
}

impl TurnRolls<'_, '_, '_> {
    /// Every living member who has not yet tried at `place` (an area's or a door's id) rolls
    /// its "N in 6" for `what`, in marching order.
    fn everyone_tries(&mut self, attempts: &mut Attempts, place: &str, what: &str, chance: u8) {
        for &member in &self.party.order {
            let Ok((character, vitals, _)) = self.members.get(member) else {
                continue;
            };
            if !vitals.is_up() {
                continue;
            }
            if let Some(roll) = attempt(self.rng, attempts, place, &character.name, chance) {
                log_in_six(
                    self.log,
                    self.at,
                    format!("{what} by {}", character.name),
                    roll,
                );
            }
        }
    }
}

/// Logs an "N in 6" roll.
fn log_in_six(log: &mut ExpeditionLog, at: GameTime, what: String, roll: InSix) {
    log.record(at, || ExploreEvent::Roll {
        what,
        dice: "1d6".into(),
        faces: vec![roll.face],
        kept: None,
        modifier: 0,
        result: i64::from(roll.face),
        success: Some(roll.success),
        verdict: None,
    });
}
