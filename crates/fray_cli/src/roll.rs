//! `fray roll`: roll a dice expression, with breakdowns or statistics.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use fray_dice::Dice;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// Arguments of `fray roll`.
#[derive(Debug, Args)]
pub struct RollArgs {
    /// The expression, e.g. `4d6kh3`, `1d20+5`, `6d6cs>=5`, `d%`.
    pub expr: String,
    /// Seed for reproducible rolls (default: from the clock, printed so you can repeat it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// How many times to roll.
    #[arg(long, default_value_t = 1)]
    pub times: u64,
    /// Print min, max, mean, standard deviation and a histogram instead of every roll.
    #[arg(long)]
    pub stats: bool,
}

/// Runs `fray roll`.
pub fn run(args: &RollArgs) -> ExitCode {
    let dice = match Dice::parse(&args.expr) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("error: bad dice expression: {}", e.message());
            eprintln!("  {}", e.caret(&args.expr).replace('\n', "\n  "));
            eprintln!("  (column {})", e.column());
            return ExitCode::from(2);
        }
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if args.stats {
        let totals: Vec<i64> = (0..args.times.max(1))
            .map(|_| dice.roll_total(&mut rng))
            .collect();
        print!("{}", stats(&dice, &totals, seed));
    } else {
        for _ in 0..args.times {
            println!("{}", dice.roll(&mut rng));
        }
        if args.seed.is_none() {
            println!("(seed {seed}: add --seed {seed} to repeat these rolls)");
        }
    }
    ExitCode::SUCCESS
}

/// A seed from the clock, for interactive use only (simulation code never does this).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The statistics report of `fray roll --stats`.
fn stats(dice: &Dice, totals: &[i64], seed: u64) -> String {
    let n = totals.len() as f64;
    let mean = totals.iter().sum::<i64>() as f64 / n;
    let sd = (totals
        .iter()
        .map(|t| (*t as f64 - mean).powi(2))
        .sum::<f64>()
        / n)
        .sqrt();
    let (min, max) = (
        totals.iter().copied().min().unwrap_or(0),
        totals.iter().copied().max().unwrap_or(0),
    );
    let mut out = String::new();
    let _ = writeln!(out, "{dice}: {} rolls (seed {seed})", totals.len());
    let _ = writeln!(out, "  min {min}  max {max}  mean {mean:.3}  sd {sd:.3}");
    match dice.distribution() {
        Ok(d) => {
            let _ = writeln!(
                out,
                "  exact: min {}  max {}  mean {:.3}  sd {:.3}",
                d.min(),
                d.max(),
                d.mean(),
                d.std_dev()
            );
        }
        Err(e) => {
            let _ = writeln!(out, "  exact: {e}");
        }
    }
    out.push_str(&histogram(totals, 40, 24));
    out
}

/// A text histogram: at most `rows` buckets, bars at most `width` wide.
fn histogram(totals: &[i64], width: usize, rows: i64) -> String {
    let (Some(&min), Some(&max)) = (totals.iter().min(), totals.iter().max()) else {
        return String::new();
    };
    let span = max - min + 1;
    let bucket = (span + rows - 1) / rows;
    let mut counts: BTreeMap<i64, usize> = BTreeMap::new();
    for t in totals {
        *counts.entry((t - min) / bucket).or_insert(0) += 1;
    }
    let top = counts.values().copied().max().unwrap_or(1).max(1);
    let mut out = String::new();
    for b in 0..=(max - min) / bucket {
        let count = counts.get(&b).copied().unwrap_or(0);
        let lo = min + b * bucket;
        let label = if bucket == 1 {
            format!("{lo}")
        } else {
            format!("{lo}-{}", lo + bucket - 1)
        };
        let bar = "#".repeat((count * width).div_ceil(top));
        let pct = 100.0 * count as f64 / totals.len() as f64;
        let _ = writeln!(out, "  {label:>9} {pct:5.1}% {bar}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_report_bounds_and_exact_mean() {
        let dice = Dice::parse("d60+2d3").unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let totals: Vec<i64> = (0..20_000).map(|_| dice.roll_total(&mut rng)).collect();
        let report = stats(&dice, &totals, 1);
        assert!(report.contains("min 3  max 66"), "{report}");
        assert!(
            report.contains("exact: min 3  max 66  mean 34.500"),
            "{report}"
        );
    }

    #[test]
    fn histogram_buckets_cover_every_total() {
        let h = histogram(&[1, 2, 2, 3], 10, 24);
        assert_eq!(h.lines().count(), 3);
        assert!(h.lines().nth(1).unwrap().contains("50.0%"));
    }
}
