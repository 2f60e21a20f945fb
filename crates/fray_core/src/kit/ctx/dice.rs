//! Dice and the log: rolls with their breakdowns, and what the log records.

use bevy_ecs::prelude::*;
use fray_dice::{Dice, DieSource, Roll};

use super::Rolled;
use crate::kit::{Ctx, RulesBase};
use crate::log::LogEvent;

impl<'a, 'i, 'w, 's, R: RulesBase> Ctx<'a, 'i, 'w, 's, R> {
    /// Rolls dice, with the breakdown when the log records.
    pub fn roll(&mut self, dice: &Dice) -> Rolled {
        if self.e.log.enabled() {
            let roll = dice.roll(&mut *self.e.rng);
            Rolled {
                total: roll.total(),
                roll: Some(roll),
            }
        } else {
            Rolled {
                total: dice.roll_total(&mut *self.e.rng),
                roll: None,
            }
        }
    }

    /// Rolls one die of `sides` sides, with the breakdown when the log records.
    pub fn roll_die(&mut self, sides: u32) -> Rolled {
        if self.e.log.enabled() {
            self.roll(&Dice::die(sides))
        } else {
            Rolled {
                total: i64::from(self.e.rng.roll_die(sides)),
                roll: None,
            }
        }
    }

    /// Rolls `count` dice of `sides` sides and sums them, with the breakdown when the log
    /// records.
    pub fn roll_pool(&mut self, count: u32, sides: u32) -> Rolled {
        if self.e.log.enabled() {
            self.roll(&Dice::pool(count, sides))
        } else {
            Rolled {
                total: Dice::pool_total(count, sides, &mut *self.e.rng),
                roll: None,
            }
        }
    }

    /// Records the event `make` builds, when the log records.
    pub fn record(&mut self, make: impl FnOnce(&Self) -> LogEvent) {
        if self.e.log.enabled() {
            let event = make(self);
            self.e.log.push(event);
        }
    }

    /// Records a note about `who` (or the fight), when the log records.
    pub fn note(&mut self, who: Option<Entity>, text: impl FnOnce() -> String) {
        if self.e.log.enabled() {
            let who = who.map(|w| self.id(w));
            self.e.log.push(LogEvent::Note { who, text: text() });
        }
    }

    /// Records a note about `who` (or the fight) whose text reads the encounter (names,
    /// sides), when the log records: the text is not built otherwise.
    pub fn tell(&mut self, who: Option<Entity>, text: impl FnOnce(&Self) -> String) {
        self.record(|c| LogEvent::Note {
            who: who.map(|w| c.id(w)),
            text: text(c),
        });
    }

    /// Records a roll of `who` for `purpose` (nothing when the log does not record: `roll` is
    /// `None` then).
    pub fn log_roll(
        &mut self,
        who: Entity,
        purpose: &str,
        roll: Option<Roll>,
        target: Option<i64>,
        success: Option<bool>,
    ) {
        if let Some(roll) = roll {
            let who = Some(self.id(who));
            self.e.log.push(LogEvent::Roll {
                who,
                purpose: purpose.to_string(),
                roll,
                target,
                success,
            });
        }
    }
}
