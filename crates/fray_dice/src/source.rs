//! Where die faces come from.

/// A source of die faces. Every seeded `rand` generator is one; [`ScriptedDice`] replays fixed
/// faces for tests.
pub trait DieSource {
    /// A uniformly random face of a die with `sides` sides, in `1..=sides` (`sides >= 1`).
    fn roll_die(&mut self, sides: u32) -> u32;
}

impl<R: rand::Rng + ?Sized> DieSource for R {
    #[inline]
    fn roll_die(&mut self, sides: u32) -> u32 {
        rand::RngExt::random_range(self, 1..=sides.max(1))
    }
}

/// Replays a fixed sequence of faces, in order, whatever die is rolled.
///
/// ```
/// use fray_dice::{DieSource, ScriptedDice};
/// let mut dice = ScriptedDice::new([20, 3]);
/// assert_eq!(dice.roll_die(20), 20);
/// assert_eq!(dice.remaining(), 1);
/// assert_eq!(dice.faces_left(), &[3]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScriptedDice {
    faces: Vec<u32>,
    next: usize,
}

impl ScriptedDice {
    /// Dice that will show these faces, in this order.
    pub fn new(faces: impl IntoIterator<Item = u32>) -> Self {
        Self {
            faces: faces.into_iter().collect(),
            next: 0,
        }
    }

    /// Faces not rolled yet.
    pub fn remaining(&self) -> usize {
        self.faces.len() - self.next
    }

    /// The faces not rolled yet, in order.
    pub fn faces_left(&self) -> &[u32] {
        &self.faces[self.next..]
    }
}

impl DieSource for ScriptedDice {
    /// # Panics
    /// When the script has run out, or its next face is not a face of this die: a test that
    /// forces dice must force every die, with faces that exist.
    fn roll_die(&mut self, sides: u32) -> u32 {
        let Some(&face) = self.faces.get(self.next) else {
            panic!(
                "scripted dice ran out: {} faces were scripted, a d{sides} was rolled after them",
                self.faces.len()
            );
        };
        assert!(
            (1..=sides).contains(&face),
            "scripted face {face} (number {}) is not a face of a d{sides}",
            self.next + 1
        );
        self.next += 1;
        face
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    #[test]
    fn seeded_rng_faces_are_in_range_and_repeat() {
        let mut a = ChaCha8Rng::seed_from_u64(1);
        let mut b = ChaCha8Rng::seed_from_u64(1);
        for sides in [1, 2, 3, 6, 20, 60, 100] {
            for _ in 0..200 {
                let x = a.roll_die(sides);
                assert!((1..=sides).contains(&x));
                assert_eq!(x, b.roll_die(sides));
            }
        }
    }

    #[test]
    #[should_panic(expected = "ran out")]
    fn scripted_dice_panic_when_exhausted() {
        let mut d = ScriptedDice::new([1]);
        d.roll_die(6);
        d.roll_die(6);
    }

    #[test]
    #[should_panic(expected = "not a face of a d6")]
    fn scripted_dice_refuse_impossible_faces() {
        ScriptedDice::new([7]).roll_die(6);
    }
}
