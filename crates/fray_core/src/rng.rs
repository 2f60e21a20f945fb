//! Each encounter's own random stream.
//!
//! Every roll of an encounter draws from its [`EncounterRng`], a portable ChaCha8 stream seeded
//! from a `u64` (never an OS or thread-local source). Tests can swap in scripted dice to force
//! exact rolls through the whole pipeline. The stream's full state serializes, so a saved
//! encounter continues with the very rolls it would have made.

use bevy_ecs::component::Component;
use fray_dice::{DieSource, ScriptedDice};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The random stream of one encounter.
///
/// ```
/// use fray_core::rng::EncounterRng;
/// use fray_dice::DieSource;
/// let mut a = EncounterRng::from_seed(7);
/// let mut b = EncounterRng::from_seed(7);
/// assert_eq!(a.roll_die(20), b.roll_die(20));
/// let mut forced = EncounterRng::scripted([20, 1]);
/// assert_eq!((forced.roll_die(20), forced.roll_die(20)), (20, 1));
/// ```
#[derive(Component, Debug, Clone)]
pub struct EncounterRng(Stream);

#[derive(Debug)]
enum Stream {
    Seeded(Box<ChaCha8Rng>),
    Scripted(ScriptedDice),
}

impl Clone for Stream {
    fn clone(&self) -> Self {
        match self {
            // The generator is not `Clone`; its full state round-trips exactly.
            Stream::Seeded(rng) => Stream::Seeded(Box::new(ChaCha8Rng::deserialize_state(
                &rng.serialize_state(),
            ))),
            Stream::Scripted(script) => Stream::Scripted(script.clone()),
        }
    }
}

impl EncounterRng {
    /// A ChaCha8 stream from a seed.
    pub fn from_seed(seed: u64) -> Self {
        Self(Stream::Seeded(Box::new(ChaCha8Rng::seed_from_u64(seed))))
    }

    /// A stream that replays exactly these die faces, in order (for rule tests).
    ///
    /// # Panics
    /// Rolling panics when the script runs out or a face exceeds the die rolled: a rule test
    /// that forces dice must force all of them.
    pub fn scripted(faces: impl IntoIterator<Item = u32>) -> Self {
        Self(Stream::Scripted(ScriptedDice::new(faces)))
    }

    /// Starts the stream over from `seed`, as [`EncounterRng::from_seed`] would (reusing the
    /// generator's allocation).
    pub fn reseed(&mut self, seed: u64) {
        match &mut self.0 {
            Stream::Seeded(rng) => **rng = ChaCha8Rng::seed_from_u64(seed),
            Stream::Scripted(_) => *self = Self::from_seed(seed),
        }
    }

    /// Faces a scripted stream has not used yet (`None` for a seeded stream).
    pub fn scripted_remaining(&self) -> Option<usize> {
        match &self.0 {
            Stream::Seeded(_) => None,
            Stream::Scripted(s) => Some(s.remaining()),
        }
    }
}

impl DieSource for EncounterRng {
    #[inline]
    fn roll_die(&mut self, sides: u32) -> u32 {
        match &mut self.0 {
            Stream::Seeded(rng) => rng.as_mut().roll_die(sides),
            Stream::Scripted(script) => script.roll_die(sides),
        }
    }
}

/// The random stream an encounter's AI controllers draw from, separate from the rules' dice so
/// that a choice never disturbs the fight's own rolls.
#[derive(Component, Debug, Clone, Serialize, Deserialize)]
pub struct DecisionRng(pub EncounterRng);

impl DecisionRng {
    /// Which stream of an encounter's seed the controllers use.
    const STREAM: u64 = 0xA1_A1_A1;

    /// The controllers' stream of an encounter spawned with `seed`.
    pub fn for_encounter(seed: u64) -> Self {
        Self(EncounterRng::from_seed(derive_seed(seed, Self::STREAM)))
    }

    /// Starts it over for an encounter spawned with `seed`.
    pub fn reseed(&mut self, seed: u64) {
        self.0.reseed(derive_seed(seed, Self::STREAM));
    }
}

/// Derives run `index`'s seed from a batch's master seed (SplitMix64 of both), so run `i`
/// rolls the same dice whatever the thread count or batch size.
///
/// ```
/// use fray_core::rng::derive_seed;
/// assert_eq!(derive_seed(42, 3), derive_seed(42, 3));
/// assert_ne!(derive_seed(42, 3), derive_seed(42, 4));
/// ```
pub fn derive_seed(master: u64, index: u64) -> u64 {
    let mut z = master ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The serialized form: the ChaCha state as hex (seed, stream, position) or the faces left.
#[derive(Serialize, Deserialize)]
enum SavedStream {
    ChaCha8(String),
    Scripted(Vec<u32>),
}

impl Serialize for EncounterRng {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let saved = match &self.0 {
            Stream::Seeded(rng) => SavedStream::ChaCha8(
                rng.serialize_state()
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect(),
            ),
            Stream::Scripted(script) => SavedStream::Scripted(script.faces_left().to_vec()),
        };
        saved.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for EncounterRng {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        match SavedStream::deserialize(deserializer)? {
            SavedStream::ChaCha8(hex) => {
                let mut state = [0u8; 49];
                if hex.len() != state.len() * 2 || !hex.is_ascii() {
                    return Err(D::Error::custom("ChaCha8 state must be 98 hex digits"));
                }
                for (i, byte) in state.iter_mut().enumerate() {
                    *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)
                        .map_err(|_| D::Error::custom("ChaCha8 state must be hex digits"))?;
                }
                Ok(Self(Stream::Seeded(Box::new(
                    ChaCha8Rng::deserialize_state(&state),
                ))))
            }
            SavedStream::Scripted(faces) => Ok(Self::scripted(faces)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core03_rng_state_round_trips_mid_stream() {
        let mut rng = EncounterRng::from_seed(99);
        for _ in 0..37 {
            rng.roll_die(6);
        }
        let text = ron::to_string(&rng).unwrap();
        let mut loaded: EncounterRng = ron::from_str(&text).unwrap();
        let a: Vec<u32> = (0..100).map(|_| rng.roll_die(20)).collect();
        let b: Vec<u32> = (0..100).map(|_| loaded.roll_die(20)).collect();
        assert_eq!(a, b);
    }

    #[test]
    fn core01_seed_gives_the_same_rolls() {
        let mut rng = EncounterRng::from_seed(7);
        let rolls: Vec<u32> = (0..8).map(|_| rng.roll_die(20)).collect();
        let mut again = EncounterRng::from_seed(7);
        assert_eq!(
            rolls,
            (0..8).map(|_| again.roll_die(20)).collect::<Vec<_>>()
        );
        assert!(rolls.iter().all(|r| (1..=20).contains(r)));
    }

    #[test]
    fn corrupt_saved_state_is_an_error() {
        assert!(ron::from_str::<EncounterRng>("ChaCha8(\"zz\")").is_err());
    }
}
