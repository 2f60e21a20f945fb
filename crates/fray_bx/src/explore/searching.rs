//! Searching and listening in the dungeon (BX-10): secret doors and room traps are found 1 in 6
//! per searcher, one turn, once per area and searcher; listening hears 1 in 6, once per door and
//! character.
//!
//! Ruling: the seed gives listening no duration; Fray spends the turn on it, the clock's
//! smallest step, as it does for a search.

use bevy_reflect::Reflect;
use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use fray_dice::DieSource;
use serde::{Deserialize, Serialize};

use super::chance::InSix;

/// One attempt per place (an area or a door) and character, and whether it succeeded.
///
/// ```
/// use fray_bx::explore::searching::Attempts;
/// let mut a = Attempts::default();
/// assert!(a.record("crypt", "Aldo", false));
/// assert!(!a.record("crypt", "Aldo", true), "one chance each");
/// assert!(a.record("crypt", "Bea", true));
/// assert!(a.succeeded("crypt"));
/// assert!(!a.succeeded("hall"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempts(BTreeMap<(String, String), bool>);

impl Attempts {
    /// Whether `who` has already tried at `place`.
    pub fn tried(&self, place: &str, who: &str) -> bool {
        self.0.contains_key(&(place.to_string(), who.to_string()))
    }

    /// Records `who`'s attempt at `place`; returns false (and changes nothing) when it had
    /// already tried there.
    pub fn record(&mut self, place: &str, who: &str, success: bool) -> bool {
        let key = (place.to_string(), who.to_string());
        if self.0.contains_key(&key) {
            return false;
        }
        self.0.insert(key, success);
        true
    }

    /// Whether anyone succeeded at `place`.
    pub fn succeeded(&self, place: &str) -> bool {
        self.0.iter().any(|((p, _), ok)| p == place && *ok)
    }
}

/// The searches made so far, by area and searcher: a success finds the secret doors and room
/// traps of the area, if it has any (which the area decides).
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Searched(pub Attempts);

/// The listening done so far, by door and listener: a success hears what is behind the door,
/// if anything there makes a noise.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Listened(pub Attempts);

/// The chances of searching and listening, in sixths (the seed's 1 in 6 by default; some
/// classes do better, which their statblocks will say).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct SenseChances {
    /// Finding secret doors and room traps, per searcher.
    pub search_in_6: u8,
    /// Hearing noise behind a door, per listener.
    pub listen_in_6: u8,
}

impl Default for SenseChances {
    fn default() -> Self {
        Self {
            search_in_6: 1,
            listen_in_6: 1,
        }
    }
}

/// One character's attempt at `place`, if it has not tried there before: the roll, recorded in
/// `attempts`. `None` when it already had its one chance (no die is rolled).
pub fn attempt(
    dice: &mut impl DieSource,
    attempts: &mut Attempts,
    place: &str,
    who: &str,
    chance_in_6: u8,
) -> Option<InSix> {
    if attempts.tried(place, who) {
        return None;
    }
    let roll = InSix::roll(dice, chance_in_6);
    attempts.record(place, who, roll.success);
    Some(roll)
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn bx10_a_searcher_finds_on_a_one_in_six() {
        let mut dice = EncounterRng::scripted([1, 2]);
        let mut searched = Attempts::default();
        let aldo = attempt(&mut dice, &mut searched, "crypt", "Aldo", 1);
        let bea = attempt(&mut dice, &mut searched, "crypt", "Bea", 1);
        assert_eq!(aldo.map(|r| (r.face, r.success)), Some((1, true)));
        assert_eq!(bea.map(|r| (r.face, r.success)), Some((2, false)));
        assert!(searched.succeeded("crypt"));
    }

    #[test]
    fn bx10_each_searcher_searches_an_area_once() {
        let mut dice = EncounterRng::scripted([4]);
        let mut searched = Attempts::default();
        assert!(attempt(&mut dice, &mut searched, "crypt", "Aldo", 1).is_some());
        assert_eq!(attempt(&mut dice, &mut searched, "crypt", "Aldo", 1), None);
        assert_eq!(dice.scripted_remaining(), Some(0), "no second die");
        assert!(!searched.succeeded("crypt"));
    }

    #[test]
    fn bx10_listening_hears_on_a_one_once_per_door_and_listener() {
        let mut dice = EncounterRng::scripted([1]);
        let mut listened = Attempts::default();
        let first = attempt(&mut dice, &mut listened, "oak door", "Aldo", 1);
        assert_eq!(first.map(|r| r.success), Some(true));
        assert_eq!(
            attempt(&mut dice, &mut listened, "oak door", "Aldo", 1),
            None
        );
    }
}
