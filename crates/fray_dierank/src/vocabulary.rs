//! Die-rank's own words: its costs, its maneuver, its one ability and its provocations.

use std::borrow::Cow;

use fray_core::cost::{Cost, Timing};
use fray_core::ids::AbilityId;
use fray_core::intent::Maneuver;
use fray_core::vocabulary::Vocabulary;

/// A major attack pressed on: a mastery point keeps the turn going after it (DR-14, rank 2+).
pub const PRESS: Maneuver = Maneuver(1);

/// Spending a mastery point: on a roll just made (DR-09), or on initiative (DR-12).
pub const MASTERY: AbilityId = AbilityId(0);

/// Cost units: the kind of action (DR-14), each one action point unless said otherwise.
pub mod unit {
    /// A minor action: one action point.
    pub const MINOR: u8 = 0;
    /// A major action: one action point, and the turn ends.
    pub const MAJOR: u8 = 1;
    /// An exclusive action: every action point of the turn.
    pub const EXCLUSIVE: u8 = 2;
    /// A major action pressed on: one action point and one mastery point; the turn goes on.
    pub const PRESSED: u8 = 3;
    /// A mastery point.
    pub const MP: u8 = 4;
}

/// Provocation kinds, in the order their windows resolve.
pub mod provokes {
    /// An attack lets its target try to interrupt (DR-13), or fire an attack readied for it.
    pub const INTERRUPT: u8 = 0;
    /// Leaving a region (or, running, entering one) draws opportunity attacks (DR-16, DR-17).
    pub const OPPORTUNITY: u8 = 1;
    /// A roll made: its roller and its resister may spend mastery points on it (DR-09).
    pub const MASTERY: u8 = 2;
    /// Entering a region where an enemy readied an attack for the next to enter (DR-13).
    pub const ENTERING: u8 = 3;
}

/// What die-rank calls things.
#[derive(Debug, Clone, Copy, Default)]
pub struct DrWords;

/// The words.
pub static WORDS: DrWords = DrWords;

impl Vocabulary for DrWords {
    fn provocation(&self, kind: u8) -> Cow<'static, str> {
        provocation(kind)
    }

    fn maneuver(&self, m: Maneuver) -> Cow<'static, str> {
        match m {
            PRESS => Cow::Borrowed("pressed on with a mastery point"),
            _ => Cow::Borrowed("standard"),
        }
    }

    fn cost(&self, cost: Cost) -> Cow<'static, str> {
        if cost.is_free() {
            return Cow::Borrowed("free");
        }
        let what = match cost.unit {
            unit::MINOR => "minor",
            unit::MAJOR => "major",
            unit::EXCLUSIVE => "exclusive",
            unit::PRESSED => "major + 1 MP",
            _ => "1 MP",
        };
        match cost.timing {
            Timing::NextTurn => Cow::Owned(format!("{what}, from the next turn")),
            _ => Cow::Borrowed(what),
        }
    }
}

/// What a provocation of `kind` is called in logs.
pub fn provocation(kind: u8) -> Cow<'static, str> {
    Cow::Borrowed(match kind {
        provokes::INTERRUPT => "being attacked",
        provokes::OPPORTUNITY => "leaving or running through the region",
        provokes::MASTERY => "a roll to master",
        provokes::ENTERING => "entering a watched region",
        _ => "something",
    })
}
