//! `fray roll`: roll a dice expression, with breakdowns or statistics.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;
use fray_dice::{Dice, DiceError};
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// How many rolls `--stats` makes unless `--times` says otherwise.
const STATS_ROLLS: u64 = 10_000;

/// Arguments of `fray roll`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// The expression, e.g. `4d6kh3`, `2d20kh1+5`, `6d6cs>=5`, `d%`, `-d4+1`.
    #[arg(allow_hyphen_values = true)]
    pub expr: String,
    /// Seed for reproducible rolls (default: from the clock, printed so you can repeat it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many times to roll, at least once [default: 1, or 10000 with --stats].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub times: Option<u64>,
    /// Print min, max, mean, standard deviation and a histogram instead of every roll.
    #[arg(long)]
    pub stats: bool,
}

/// Runs `fray roll`, writing the rolls to `out`.
pub fn run(args: &RollArgs, out: &mut impl Write) -> io::Result<ExitCode> {
    let dice = match Dice::parse(&args.expr) {
        Ok(d) => d,
        Err(e) => {
            eprint!("{}", notation_error(&args.expr, &e));
            return Ok(ExitCode::from(2));
        }
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if args.stats {
        let mut tally = Tally::default();
        for _ in 0..args.times.unwrap_or(STATS_ROLLS).max(1) {
            tally.add(dice.roll_total(&mut rng));
        }
        write!(out, "{}", stats(&dice, &tally, seed))?;
    } else {
        for _ in 0..args.times.unwrap_or(1) {
            writeln!(out, "{}", dice.roll(&mut rng))?;
        }
        if args.seed.is_none() {
            writeln!(
                out,
                "(seed {seed}: add --seed {seed} to repeat these rolls)"
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The message for bad notation: what was expected, the input and a caret under the column.
fn notation_error(input: &str, error: &DiceError) -> String {
    format!(
        "{} bad dice expression at column {}: {}\n  {}\n",
        console::style("error:").for_stderr().red().bold(),
        error.column(),
        error.message(),
        error.caret(input).replace('\n', "\n  "),
    )
}

/// A seed from the clock, for interactive use only (simulation code never does this).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Rolled totals, counted per value (memory grows with the distinct totals, not the rolls).
#[derive(Debug, Default)]
struct Tally {
    counts: BTreeMap<i64, u64>,
    rolls: u64,
}

impl Tally {
    fn add(&mut self, total: i64) {
        *self.counts.entry(total).or_insert(0) += 1;
        self.rolls += 1;
    }

    fn min(&self) -> i64 {
        self.counts.keys().next().copied().unwrap_or(0)
    }

    fn max(&self) -> i64 {
        self.counts.keys().next_back().copied().unwrap_or(0)
    }

    fn mean(&self) -> f64 {
        let sum: f64 = self.counts.iter().map(|(v, n)| *v as f64 * *n as f64).sum();
        sum / self.rolls.max(1) as f64
    }

    fn std_dev(&self) -> f64 {
        let mean = self.mean();
        let squares: f64 = self
            .counts
            .iter()
            .map(|(v, n)| (*v as f64 - mean).powi(2) * *n as f64)
            .sum();
        (squares / self.rolls.max(1) as f64).sqrt()
    }
}

/// The statistics report of `fray roll --stats`.
fn stats(dice: &Dice, tally: &Tally, seed: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{dice}: {} rolls (seed {seed})", tally.rolls);
    let _ = writeln!(
        out,
        "  rolled: min {}  max {}  mean {:.3}  sd {:.3}",
        tally.min(),
        tally.max(),
        tally.mean(),
        tally.std_dev()
    );
    match dice.distribution() {
        Ok(d) => {
            let _ = writeln!(
                out,
                "  exact:  min {}  max {}  mean {:.3}  sd {:.3}",
                d.min(),
                d.max(),
                d.mean(),
                d.std_dev()
            );
        }
        Err(e) => {
            let _ = writeln!(out, "  exact:  {e}");
        }
    }
    out.push_str(&histogram(tally, 40, 24));
    out
}

/// A text histogram: at most `rows` buckets of equal width, bars at most `width` wide.
fn histogram(tally: &Tally, width: u64, rows: i128) -> String {
    if tally.rolls == 0 {
        return String::new();
    }
    // In i128: totals may sit anywhere in i64, so their differences may not fit it.
    let (min, max) = (i128::from(tally.min()), i128::from(tally.max()));
    let bucket = ((max - min + 1 + rows - 1) / rows).max(1);
    let mut counts: BTreeMap<i128, u64> = BTreeMap::new();
    for (v, n) in &tally.counts {
        *counts.entry((i128::from(*v) - min) / bucket).or_insert(0) += n;
    }
    let top = counts.values().copied().max().unwrap_or(1).max(1);
    let mut out = String::new();
    for b in 0..=(max - min) / bucket {
        let count = counts.get(&b).copied().unwrap_or(0);
        let lo = min + b * bucket;
        let label = if bucket == 1 {
            format!("{lo}")
        } else {
            format!("{lo}..{}", lo + bucket - 1)
        };
        let bar = "#".repeat(count.saturating_mul(width).div_ceil(top) as usize);
        let pct = 100.0 * count as f64 / tally.rolls as f64;
        let _ = writeln!(out, "  {label:>11} {pct:5.1}% {bar}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(totals: &[i64]) -> Tally {
        let mut t = Tally::default();
        for total in totals {
            t.add(*total);
        }
        t
    }

    #[test]
    fn stats_report_bounds_and_exact_mean() {
        let dice = Dice::parse("d60+2d3").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut t = Tally::default();
        for _ in 0..20_000 {
            t.add(dice.roll_total(&mut rng));
        }
        let report = stats(&dice, &t, 1);
        assert!(
            report.starts_with("d60+2d3: 20000 rolls (seed 1)"),
            "{report}"
        );
        assert!(report.contains("rolled: min 3  max 66"), "{report}");
        assert!(
            report.contains("exact:  min 3  max 66  mean 34.500"),
            "{report}"
        );
        assert!((t.mean() - 34.5).abs() < 0.5);
    }

    #[test]
    fn stats_say_when_no_exact_distribution_exists() {
        let dice = Dice::parse("2d1000000").unwrap();
        let report = stats(&dice, &tally(&[5, 7]), 3);
        assert!(
            report.contains("exact:  the exact distribution"),
            "{report}"
        );
        assert!(report.contains("mean 6.000  sd 1.000"), "{report}");
    }

    #[test]
    fn histogram_buckets_cover_every_total() {
        let h = histogram(&tally(&[1, 2, 2, 3]), 10, 24);
        assert_eq!(
            h,
            "            1  25.0% #####\n            2  50.0% ##########\n            3  25.0% #####\n"
        );
        let wide = histogram(&tally(&[1, 100]), 10, 24);
        assert_eq!(wide.lines().count(), 20);
        assert!(wide.starts_with("         1..5  50.0%"), "{wide}");
        assert_eq!(histogram(&Tally::default(), 10, 24), "");
        let extremes = histogram(&tally(&[i64::MIN, i64::MAX]), 10, 24);
        assert_eq!(extremes.lines().count(), 24);
    }

    #[test]
    fn bad_notation_points_at_the_column() {
        let error = Dice::parse("2d").unwrap_err();
        let message = console::strip_ansi_codes(&notation_error("2d", &error)).into_owned();
        assert_eq!(
            message,
            "error: bad dice expression at column 3: expected a die size after `d`\n  2d\n    ^\n"
        );
    }
}
