//! The expedition's dice as a turn's procedures roll them: each roll drawn from the
//! expedition's own stream and logged with its faces.

use bevy_ecs::prelude::*;
use fray_dice::{Dice, DieSource};

use crate::log::{ExpeditionLog, ExploreEvent, Verdicts};
use crate::rng::ExpeditionRng;
use crate::time::{Clock, GameTime};

/// The expedition's stream and log at a moment of its clock: what a
/// [`Procedure`](crate::procedure::Procedure) rolls with.
///
/// ```
/// use fray_core::rng::EncounterRng;
/// use fray_explore::prelude::*;
/// let mut rng = ExpeditionRng(EncounterRng::scripted([2, 5]));
/// let mut log = ExpeditionLog::new(true);
/// let mut dice = TurnDice { rng: &mut rng, log: &mut log, at: GameTime::ZERO };
/// assert!(dice.in_six("trap springs", 2));
/// assert!(!dice.in_six("trap springs", 2));
/// assert_eq!(log.entries().len(), 2);
/// ```
pub struct TurnDice<'a> {
    /// The expedition's stream.
    pub rng: &'a mut ExpeditionRng,
    /// Its log.
    pub log: &'a mut ExpeditionLog,
    /// The clock when rolling.
    pub at: GameTime,
}

impl TurnDice<'_> {
    /// Rolls one die of `sides` faces for `what`, logged.
    pub fn die(&mut self, what: &str, sides: u32) -> u32 {
        let face = self.rng.roll_die(sides);
        self.log.record(self.at, || ExploreEvent::Roll {
            what: what.to_string(),
            dice: format!("1d{sides}"),
            faces: vec![face],
            kept: None,
            modifier: 0,
            result: i64::from(face),
            success: None,
            verdict: None,
        });
        face
    }

    /// Rolls a d6 for `what` against "`chance` in 6": a face of `chance` or less succeeds.
    pub fn in_six(&mut self, what: &str, chance: u8) -> bool {
        self.in_six_worded(what, chance, None)
    }

    /// Rolls a d6 for `what` against "`chance` in 6" as [`TurnDice::in_six`] does, for a roll
    /// whose outcome is an event: the log says it in the words of `verdicts`.
    ///
    /// ```
    /// use fray_core::rng::EncounterRng;
    /// use fray_explore::log::Verdicts;
    /// use fray_explore::prelude::*;
    /// let mut rng = ExpeditionRng(EncounterRng::scripted([5]));
    /// let mut log = ExpeditionLog::new(true);
    /// let mut dice = TurnDice { rng: &mut rng, log: &mut log, at: GameTime::ZERO };
    /// let trap = Verdicts { success: "it springs", failure: "it does not spring" };
    /// assert!(!dice.in_six_told("a trap", 2, trap));
    /// assert_eq!(
    ///     log.entries()[0].event.text(),
    ///     "Roll for a trap: 1d6 = [5] = 5: it does not spring."
    /// );
    /// ```
    pub fn in_six_told(&mut self, what: &str, chance: u8, verdicts: Verdicts) -> bool {
        self.in_six_worded(what, chance, Some(verdicts))
    }

    /// The "N in 6" roll of [`TurnDice::in_six`], its outcome in words when `verdicts` gives
    /// them.
    fn in_six_worded(&mut self, what: &str, chance: u8, verdicts: Option<Verdicts>) -> bool {
        let face = self.rng.roll_die(6);
        let success = face <= u32::from(chance);
        self.log.record(self.at, || ExploreEvent::Roll {
            what: what.to_string(),
            dice: "1d6".into(),
            faces: vec![face],
            kept: None,
            modifier: 0,
            result: i64::from(face),
            success: Some(success),
            verdict: verdicts.map(|v| v.of(success)),
        });
        success
    }

    /// Rolls `dice` for `what`, logged; returns the total.
    pub fn roll(&mut self, what: &str, dice: &Dice) -> i64 {
        let roll = dice.roll(&mut *self.rng);
        let total = roll.total();
        self.log.record(self.at, || ExploreEvent::Roll {
            what: what.to_string(),
            dice: dice.notation().to_string(),
            faces: Vec::new(),
            kept: None,
            modifier: 0,
            result: total,
            success: None,
            verdict: None,
        });
        total
    }
}

/// Runs `roll` with the [`TurnDice`] of `expedition` (its stream and its log, at its clock):
/// how a [`Procedure`](crate::procedure::Procedure) hook that holds the World rolls. `None`
/// (and nothing rolled) when the entity has no stream or no log.
pub fn with_turn_dice<R>(
    world: &mut World,
    expedition: Entity,
    roll: impl FnOnce(&mut TurnDice<'_>) -> R,
) -> Option<R> {
    let at = world
        .get::<Clock>(expedition)
        .map(Clock::elapsed)
        .unwrap_or_default();
    let mut entity = world.get_entity_mut(expedition).ok()?;
    let mut rng = entity.take::<ExpeditionRng>()?;
    let answer = entity.get_mut::<ExpeditionLog>().map(|mut log| {
        roll(&mut TurnDice {
            rng: &mut rng,
            log: &mut log,
            at,
        })
    });
    entity.insert(rng);
    answer
}
