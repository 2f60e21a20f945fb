//! Dice for Fray: the one mechanism every rule uses.
//!
//! - [`Dice`]: dice notation in the style of Avrae's `d20` library (`4d6kh3`, `1d20ro1+5`,
//!   `6d6cs>=5`, `d%`, `2d6!`), parsed once and rolled many times, with a breakdown for logs
//!   ([`Roll`]) and exact probability distributions ([`Distribution`]).
//! - [`DieSource`]: where faces come from - any seeded `rand` generator, or [`ScriptedDice`]
//!   that replay fixed faces so rule tests can force exact rolls.
//! - [`DieRank`]: the D2..D60 ladder of the die-rank system, with shifts that saturate into
//!   advantage or disadvantage ([`Advantage`]).
//! - [`Chance`] (`1-in-6`), [`percentile`] checks and [`success_level`] multiples.
//!
//! Nothing here draws randomness on its own: every roll takes a [`DieSource`] from the caller,
//! so a seeded encounter stream decides every face.
//!
//! ```
//! use fray_dice::{Dice, ScriptedDice};
//! let dice: Dice = "2d20kh1+5".parse().unwrap();
//! let roll = dice.roll(&mut ScriptedDice::new([17, 4]));
//! assert_eq!(roll.total(), 22);
//! assert_eq!(roll.to_string(), "2d20kh1+5 = [17, (4)] + 5 = 22");
//! ```

/// Advantage and disadvantage levels: roll `1 + |level|` dice, keep the best or worst.
pub mod advantage;
/// `x-in-N` chances, percentile checks and success multiples.
pub mod chance;
/// Exact probability distributions of totals, and how two of them compare.
pub mod distribution;
/// Notation errors, located by column.
pub mod error;
/// Parsed dice expressions (`Dice`): roll, bound and print them; the notation's limits.
pub mod expr;
mod parse;
/// The D2..D60 die-rank ladder, shifts along it and contests between ranks.
pub mod rank;
/// A rolled expression's total and breakdown, for logs.
pub mod roll;
/// Where faces come from: seeded generators or scripted dice.
pub mod source;

pub use advantage::Advantage;
pub use chance::{Chance, percentile, success_level};
pub use distribution::{Comparison, Distribution, DistributionError};
pub use error::DiceError;
pub use expr::Dice;
pub use rank::{DieRank, RankShift};
pub use roll::Roll;
pub use source::{DieSource, ScriptedDice};

/// The types most users need.
pub mod prelude {
    pub use crate::{
        Advantage, Chance, Dice, DiceError, DieRank, DieSource, Distribution, Roll, ScriptedDice,
    };
}
