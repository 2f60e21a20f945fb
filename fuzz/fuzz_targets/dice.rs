//! Fuzz target `dice`: the dice notation's parser and evaluator (`fray_dice`).
//!
//! An input is the notation (up to its first NUL byte) and knobs (the bytes after it). Any
//! string is parsed; an error must be an error (a message, a column within the input and a
//! caret line that do not panic). An expression that parses must print a canonical notation
//! that parses back to the same expression, roll with a seeded stream to a total within its
//! bounds, and (unless the knobs say not to) give an exact distribution within
//! [`DISTRIBUTION_WORK`] steps (or refuse one as too large) whose support lies within those
//! bounds and whose probabilities sum to one. `X-in-N` chances and die-rank shifts and
//! contests are exercised on the side.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use fray::core::rng::EncounterRng;
use fray::dice::{Advantage, Chance, Dice, DieRank};
use libfuzzer_sys::fuzz_target;

/// What to do with an expression: the bytes after the input's first NUL (all zero, the
/// default, when there are none).
#[derive(Debug, Default, Arbitrary)]
struct Knobs {
    /// The seed of the stream the expression rolls with.
    seed: u64,
    /// How many times to roll it, less one (at most 8 rolls).
    rolls: u8,
    /// Whether not to compute its exact distribution.
    skip_distribution: bool,
    /// A die of the rank ladder (by sides), shifted by `shift` rungs, contested against
    /// `against` with `advantage` levels.
    sides: u32,
    /// Rungs to shift.
    shift: i8,
    /// The difficulty's sides.
    against: u32,
    /// Levels of advantage of the acting roll.
    advantage: i8,
}

/// The steps an input's exact distribution may take: every algorithm (sums, keeps, rerolls,
/// explosions, products) runs on small expressions as on large ones, and the refusal past the
/// limit is exercised too, at a thousandth of the library's own limit's cost per input (an
/// expression near the 50-million-step limit took most of the target's time).
const DISTRIBUTION_WORK: u64 = 50_000;

/// One input: the notation (the bytes before the first NUL) and the knobs.
struct Input {
    text: String,
    knobs: Knobs,
}

fuzz_target!(|data: &[u8]| {
    let (text, rest) = match data.iter().position(|&b| b == 0) {
        Some(at) => data.split_at(at),
        None => (data, &[][..]),
    };
    let knobs = Knobs::arbitrary(&mut Unstructured::new(rest.get(1..).unwrap_or_default()))
        .unwrap_or_default();
    let input = Input {
        text: String::from_utf8_lossy(text).into_owned(),
        knobs,
    };
    check_notation(&input);
    check_chance(&input.text, input.knobs.seed);
    check_ranks(&input.knobs);
});

fn check_notation(input: &Input) {
    let dice = match Dice::parse(&input.text) {
        Ok(dice) => dice,
        Err(e) => {
            assert!(!e.message().is_empty(), "an error without a message");
            assert!(
                e.column() >= 1 && e.column() <= input.text.chars().count() + 1,
                "column {} outside `{}`",
                e.column(),
                input.text
            );
            let _ = e.caret(&input.text);
            let _ = e.to_string();
            return;
        }
    };
    let canonical = dice.to_string();
    let again = Dice::parse(&canonical)
        .unwrap_or_else(|e| panic!("`{}` prints `{canonical}`, which fails: {e}", input.text));
    assert_eq!(
        again, dice,
        "`{}` does not read back from `{canonical}`",
        input.text
    );
    let (min, max) = (dice.min(), dice.max());
    assert!(min <= max, "`{canonical}` has bounds {min}..={max}");
    let mut rng = EncounterRng::from_seed(input.knobs.seed);
    for _ in 0..=input.knobs.rolls % 8 {
        let roll = dice.roll(&mut rng);
        assert!(
            (min..=max).contains(&roll.total()),
            "`{canonical}` rolled {} outside {min}..={max}: {roll}",
            roll.total()
        );
        let _ = roll.to_string();
    }
    if !input.knobs.skip_distribution
        && let Ok(d) = dice.distribution_within(DISTRIBUTION_WORK)
    {
        assert!(
            min <= d.min() && d.max() <= max,
            "`{canonical}`: distribution over {}..={} outside its bounds {min}..={max}",
            d.min(),
            d.max()
        );
        let total: f64 = d.iter().map(|(_, p)| p).sum();
        assert!(
            (total - 1.0).abs() < 1e-6,
            "`{canonical}`: probabilities sum to {total}"
        );
    }
}

fn check_chance(text: &str, seed: u64) {
    if let Ok(chance) = Chance::parse(text) {
        let p = chance.probability();
        assert!((0.0..=1.0).contains(&p), "`{text}` has probability {p}");
        let _ = chance.roll(&mut EncounterRng::from_seed(seed));
    }
}

fn check_ranks(input: &Knobs) {
    let (Some(acting), Some(difficulty)) = (
        DieRank::from_sides(input.sides),
        DieRank::from_sides(input.against),
    ) else {
        return;
    };
    let shifted = acting.shift(i32::from(input.shift));
    let advantage = shifted
        .advantage
        .plus(Advantage(i32::from(input.advantage)));
    let p = shifted.rank.contest(advantage, difficulty, Advantage::NONE);
    assert!((0.0..=1.0 + 1e-9).contains(&p), "a contest with chance {p}");
    let odds = shifted
        .rank
        .success_odds(advantage, difficulty, Advantage::NONE);
    let total: f64 = odds.iter().sum();
    assert!((total - 1.0).abs() < 1e-6, "success odds sum to {total}");
    let face = advantage.roll_total(
        shifted.rank.sides(),
        &mut EncounterRng::from_seed(input.seed),
    );
    assert!((1..=i64::from(shifted.rank.sides())).contains(&face));
}
