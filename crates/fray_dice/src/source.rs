//! Where die faces come from.

/// A source of die faces. Every `rand` generator is one (use a seeded, portable one such as
/// `ChaCha8Rng`); [`ScriptedDice`] replays fixed faces for tests.
///
/// ```
/// use fray_dice::DieSource;
/// use rand::SeedableRng;
/// use rand::rngs::ChaCha8Rng;
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let face = rng.roll_die(20);
/// assert!((1..=20).contains(&face));
/// assert_eq!(face, ChaCha8Rng::seed_from_u64(7).roll_die(20));
/// ```
pub trait DieSource {
    /// A uniformly random face of a die with `sides` sides, in `1..=sides` (a die of 0 sides
    /// counts as a d1).
    fn roll_die(&mut self, sides: u32) -> u32;
}

/// Exactly uniform, whatever the die: Lemire's multiply-and-reject method over
/// [`next_u32`](rand::Rng::next_u32). One 32-bit draw per die, except with probability below
/// `sides / 2^32` when a draw is rejected and another taken. The method is ours rather than
/// `rand`'s `random_range`, so a seed rolls the same faces whatever `rand` version samples ranges.
impl<R: rand::Rng + ?Sized> DieSource for R {
    #[inline]
    fn roll_die(&mut self, sides: u32) -> u32 {
        uniform_face(sides, || self.next_u32())
    }
}

/// A face in `1..=sides` from uniform 32-bit draws, without bias (Lemire, "Fast random integer
/// generation in an interval", 2019).
#[inline]
fn uniform_face(sides: u32, mut draw: impl FnMut() -> u32) -> u32 {
    let sides = sides.max(1);
    let mut wide = u64::from(draw()) * u64::from(sides);
    let mut low = wide as u32;
    if low < sides {
        // 2^32 mod sides: the draws that would make small faces one more likely than others.
        let threshold = sides.wrapping_neg() % sides;
        while low < threshold {
            wide = u64::from(draw()) * u64::from(sides);
            low = wide as u32;
        }
    }
    (wide >> 32) as u32 + 1
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
    fn faces_are_exactly_uniform_over_all_draws() {
        // With 32-bit draws split in `sides` equal shares: the largest draw gives the top face,
        // draw 0 the lowest, and the few draws that would favour low faces are rejected.
        assert_eq!(uniform_face(6, || u32::MAX), 6);
        assert_eq!(uniform_face(8, || 0), 1);
        assert_eq!(uniform_face(1, || 12345), 1);
        assert_eq!(uniform_face(0, || 12345), 1);
        // For a d3, 2^32 mod 3 = 1: draw 0 is rejected and the next draw decides.
        let mut draws = [0, u32::MAX].into_iter();
        assert_eq!(uniform_face(3, || draws.next().unwrap_or(0)), 3);
        assert_eq!(draws.next(), None);
        // Faces 1 and 2 of a d3 meet at draw 2^32 / 3.
        let share = u32::MAX / 3;
        assert_eq!(uniform_face(3, || share), 1);
        assert_eq!(uniform_face(3, || share + 1), 2);
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
