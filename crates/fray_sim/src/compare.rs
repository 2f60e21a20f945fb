//! Comparing two batches: two encounters, or one encounter played two ways (options, round
//! limits), side by side, with significance tests and effect sizes.
//!
//! Both batches play runs from the same seeds unless told otherwise (common random numbers):
//! run `i` of A and run `i` of B start from the same seed, so where the two versions do not
//! differ the runs tend to go the same way, and the difference between them is much less noisy
//! than between independent batches. The win rates are then compared run by run (a paired,
//! McNemar test on the runs where only one of the two won: see
//! [`paired_proportions`]); the unpaired two-proportion z-test is reported too, and is
//! conservative under common random numbers. Rounds are compared with the Mann-Whitney U test
//! of the two histograms (unpaired, so conservative as well when runs are paired).
//!
//! A comparison can be played in shards too: [`play`] with both configs on shard `I/N` gives a
//! [`ComparePart`], and [`merge_comparison`] of every shard's part the comparison of the
//! whole (run-by-run counts add up across shards).

use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

use fray_core::grammar::counted;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::batch::{BatchConfig, BatchError, run_batch_winners};
use crate::engine::Engine;
use crate::part::{MergeError, Part, merge};
use crate::report::BatchReport;
use crate::significance::{
    ProportionTest, RankTest, mann_whitney, paired_proportions, two_proportions,
};

/// One of the two things compared: how to play it, and what to call it.
pub struct Arm<'a> {
    /// What it is, for the output's legend (`A = ...`): the encounter and its overrides.
    pub label: String,
    /// Its rulesets and content (with its overrides applied).
    pub engine: &'a Engine,
    /// Its batch.
    pub config: BatchConfig,
}

/// Why a comparison could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CompareError {
    /// A batch could not be played.
    #[error("{0}: {1}")]
    Batch(String, BatchError),
    /// The batches' results could not be put together.
    #[error("{0}")]
    Merge(MergeError),
    /// The side to compare is not in one of the encounters.
    #[error("{arm} has no side `{side}` (its sides: {known})")]
    NoSide {
        /// Which arm.
        arm: String,
        /// The side asked for.
        side: String,
        /// The sides it has.
        known: String,
    },
}

/// A combatant's death rate in A and in B (`None` where it does not fight).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeathRates {
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: String,
    /// Share of A's runs it died.
    pub a: Option<f64>,
    /// Share of B's runs it died.
    pub b: Option<f64>,
}

/// Two batches compared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// What A is.
    pub a_label: String,
    /// What B is.
    pub b_label: String,
    /// The side whose win rate is compared.
    pub side: String,
    /// Whether A's and B's runs were played from the same seeds, and compared run by run.
    pub common_random_numbers: bool,
    /// B's win rate minus A's, for `side`: paired when the seeds are common, else unpaired.
    pub win_rate: ProportionTest,
    /// The same difference by the unpaired two-proportion z-test (conservative when paired).
    pub win_rate_unpaired: ProportionTest,
    /// B's rounds against A's.
    pub rounds: RankTest,
    /// Death rates by combatant name.
    pub deaths: Vec<DeathRates>,
    /// A's report.
    pub a: BatchReport,
    /// B's report.
    pub b: BatchReport,
}

/// The index of side `name` in a report (the first side if `None`).
fn side_of(report: &BatchReport, arm: &str, name: Option<&str>) -> Result<usize, CompareError> {
    match name {
        None => Ok(0),
        Some(name) => report
            .sides
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| CompareError::NoSide {
                arm: arm.to_string(),
                side: name.to_string(),
                known: report
                    .sides
                    .iter()
                    .map(|s| format!("`{}`", s.name))
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
    }
}

/// The format tag of a comparison's part.
pub const COMPARE_PART_FORMAT: &str = "fray-compare-part/1";

/// Runs of the side won by A alone, by B alone, and by both, counted run by run over runs
/// played from the same seeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Pairing {
    /// Won in A, not in B.
    pub only_a: u64,
    /// Won in B, not in A.
    pub only_b: u64,
    /// Won in both.
    pub both: u64,
}

/// A and B played (the whole of both, or one shard of both): what a [`Comparison`] is
/// computed from ([`merge_comparison`]), and what `fray compare --shard` writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComparePart {
    /// [`COMPARE_PART_FORMAT`].
    pub format: String,
    /// What A is.
    pub a_label: String,
    /// What B is.
    pub b_label: String,
    /// The side compared.
    pub side: String,
    /// Its index in A.
    pub side_a: usize,
    /// Its index in B.
    pub side_b: usize,
    /// Run-by-run counts when A and B played the same seeds.
    pub pairing: Option<Pairing>,
    /// A's part.
    pub a: Part,
    /// B's part.
    pub b: Part,
}

impl ComparePart {
    /// The part as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
    }

    /// Reads a comparison part's text; `name` names it in errors.
    pub fn from_json(name: &str, text: &str) -> Result<Self, MergeError> {
        serde_json::from_str(text)
            .map_err(|e| MergeError::NotAPart(name.to_string(), e.to_string()))
    }
}

/// Plays A and B (one after the other, each on every core; the shard of each their configs
/// name) and counts what a comparison on `side` (A's first side if `None`) needs. `progress`
/// is called with the runs finished of both batches together.
pub fn play(
    a: &Arm<'_>,
    b: &Arm<'_>,
    side: Option<&str>,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<ComparePart, CompareError> {
    let a_runs = {
        let r = a.config.shard.runs(a.config.runs);
        r.end - r.start
    };
    let (ra, wa) = run_batch_winners(a.engine, &a.config, progress, stop)
        .map_err(|e| CompareError::Batch(a.label.clone(), e))?;
    let (rb, wb) = run_batch_winners(b.engine, &b.config, &|n| progress(a_runs + n), stop)
        .map_err(|e| CompareError::Batch(b.label.clone(), e))?;
    let side_name = side.unwrap_or_else(|| ra.sides.first().map_or("", |s| s.name.as_str()));
    let sa = side_of(&ra, &a.label, Some(side_name).filter(|_| side.is_some()))?;
    let sb = side_of(&rb, &b.label, Some(side_name))?;
    let common = a.config.seed == b.config.seed
        && a.config.runs == b.config.runs
        && a.config.shard == b.config.shard
        && ra.runs == rb.runs;
    let pairing = common.then(|| {
        let mut p = Pairing::default();
        let side_a = u8::try_from(sa).ok();
        let side_b = u8::try_from(sb).ok();
        for (x, y) in wa.iter().zip(&wb) {
            match (x.is_some() && *x == side_a, y.is_some() && *y == side_b) {
                (true, true) => p.both += 1,
                (true, false) => p.only_a += 1,
                (false, true) => p.only_b += 1,
                (false, false) => {}
            }
        }
        p
    });
    let part = |arm: &Arm<'_>, report: &BatchReport| {
        let spec = arm
            .engine
            .content
            .encounter(&arm.config.encounter)
            .ok_or_else(|| {
                CompareError::Batch(
                    arm.label.clone(),
                    BatchError::UnknownEncounter {
                        id: arm.config.encounter.clone(),
                        help: "it vanished from the content".into(),
                    },
                )
            })?;
        Ok(Part::new(&arm.engine.content, spec, &arm.config, report))
    };
    Ok(ComparePart {
        format: COMPARE_PART_FORMAT.to_string(),
        a_label: a.label.clone(),
        b_label: b.label.clone(),
        side: side_name.to_string(),
        side_a: sa,
        side_b: sb,
        pairing,
        a: part(a, &ra)?,
        b: part(b, &rb)?,
    })
}

/// Plays A and B and compares them on `side`'s win rate (A's first side if `None`), rounds
/// and deaths: [`play`] then [`merge_comparison`].
pub fn compare(
    a: &Arm<'_>,
    b: &Arm<'_>,
    side: Option<&str>,
    progress: &(dyn Fn(u64) + Sync),
    stop: &AtomicBool,
) -> Result<Comparison, CompareError> {
    let part = play(a, b, side, progress, stop)?;
    merge_comparison(&[(String::new(), part)]).map_err(CompareError::Merge)
}

/// The comparison of the named parts of a comparison played in shards (or of the one part of
/// a whole one): A's parts and B's merge as batches do ([`merge`]), the run-by-run counts add
/// up. Parts of another comparison (other encounters, options, side) are refused.
pub fn merge_comparison(parts: &[(String, ComparePart)]) -> Result<Comparison, MergeError> {
    let Some((first_name, first)) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    for (name, part) in parts {
        let differs = [
            ("A", &part.a_label, &first.a_label),
            ("B", &part.b_label, &first.b_label),
            ("side", &part.side, &first.side),
        ]
        .into_iter()
        .find(|(_, x, y)| x != y);
        if let Some((what, theirs, mine)) = differs {
            return Err(MergeError::OtherBatch {
                first: first_name.clone(),
                part: name.clone(),
                why: format!("its {what} is `{theirs}`, not `{mine}`"),
            });
        }
    }
    let arm = |pick: fn(&ComparePart) -> &Part| {
        parts
            .iter()
            .map(|(name, p)| (name.clone(), pick(p).clone()))
            .collect::<Vec<_>>()
    };
    let ra = merge(&arm(|p| &p.a))?;
    let rb = merge(&arm(|p| &p.b))?;
    let pairing = parts.iter().try_fold(Pairing::default(), |sum, (_, p)| {
        p.pairing.map(|q| Pairing {
            only_a: sum.only_a + q.only_a,
            only_b: sum.only_b + q.only_b,
            both: sum.both + q.both,
        })
    });
    let (sa, sb) = (first.side_a, first.side_b);
    let wins = |r: &BatchReport, s: usize| r.sides.get(s).map_or(0, |x| x.wins);
    let unpaired = two_proportions(wins(&ra, sa), ra.runs, wins(&rb, sb), rb.runs);
    let win_rate = match pairing {
        Some(p) => paired_proportions(p.only_a, p.only_b, p.both, ra.runs),
        None => unpaired,
    };
    let rounds = mann_whitney(&ra.totals.rounds, &rb.totals.rounds);
    let mut deaths: Vec<DeathRates> = ra
        .combatants
        .iter()
        .map(|c| DeathRates {
            name: c.name.clone(),
            side: c.side.clone(),
            a: Some(c.death_rate),
            b: None,
        })
        .collect();
    for c in &rb.combatants {
        match deaths
            .iter_mut()
            .find(|d| d.name == c.name && d.side == c.side && d.b.is_none())
        {
            Some(d) => d.b = Some(c.death_rate),
            None => deaths.push(DeathRates {
                name: c.name.clone(),
                side: c.side.clone(),
                a: None,
                b: Some(c.death_rate),
            }),
        }
    }
    Ok(Comparison {
        a_label: first.a_label.clone(),
        b_label: first.b_label.clone(),
        side: first.side.clone(),
        common_random_numbers: pairing.is_some(),
        win_rate,
        win_rate_unpaired: unpaired,
        rounds,
        deaths,
        a: ra,
        b: rb,
    })
}

/// `p = 0.0123`, or `p < 0.0001`.
fn p_text(p: f64) -> String {
    if p < 1e-4 {
        "p < 0.0001".to_string()
    } else {
        format!("p = {p:.4}")
    }
}

fn significance(significant: bool, p: f64) -> String {
    if significant {
        format!("significant at 5% ({})", p_text(p))
    } else {
        format!("not significant at 5% ({})", p_text(p))
    }
}

impl Comparison {
    /// The verdict on the win rate, one line: "B's win rate for Heroes is 6.1 points higher
    /// than A's (95% CI +4.8 to +7.4; Cohen's h +0.13), significant at 5% (p < 0.0001)".
    pub fn verdict(&self) -> String {
        let t = &self.win_rate;
        let points = t.difference * 100.0;
        let how = if points == 0.0 {
            "exactly the same as".to_string()
        } else if points > 0.0 {
            format!("{points:.1} points higher than")
        } else {
            format!("{:.1} points lower than", -points)
        };
        format!(
            "B's win rate for {} is {how} A's (95% CI {:+.1} to {:+.1}; Cohen's h {:+.2}), {}",
            self.side,
            t.ci95[0] * 100.0,
            t.ci95[1] * 100.0,
            t.cohens_h,
            significance(t.significant(), t.p_value)
        )
    }

    /// The verdict on rounds, one line.
    pub fn rounds_verdict(&self) -> String {
        let r = &self.rounds;
        let how = if r.rank_biserial > 0.0 {
            "longer than"
        } else if r.rank_biserial < 0.0 {
            "shorter than"
        } else {
            "exactly as long as"
        };
        format!(
            "B's fights run {how} A's (rank-biserial {:+.3}), {}",
            r.rank_biserial,
            significance(r.significant(), r.p_value)
        )
    }

    /// The comparison as a table, with both verdicts.
    pub fn table(&self) -> String {
        let (a, b) = (&self.a, &self.b);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "A = {}: {} ({}), {}, seed {}",
            self.a_label,
            a.name,
            a.encounter,
            counted(a.runs, "run", "runs"),
            a.seed
        );
        let _ = writeln!(
            s,
            "B = {}: {} ({}), {}, seed {}",
            self.b_label,
            b.name,
            b.encounter,
            counted(b.runs, "run", "runs"),
            b.seed
        );
        if a.made.is_some() && a.made == b.made {
            let _ = writeln!(
                s,
                "A and B are the same batch (same encounter as played, options, AI, content and seeds): they cannot differ"
            );
        }
        let _ = writeln!(s, "\n  {:<40} {:>14} {:>14}", "", "A", "B");
        let mut names: Vec<&str> = a.sides.iter().map(|x| x.name.as_str()).collect();
        for x in &b.sides {
            if !names.contains(&x.name.as_str()) {
                names.push(&x.name);
            }
        }
        let rate = |r: &BatchReport, name: &str| {
            r.sides.iter().find(|x| x.name == name).map_or_else(
                || "-".to_string(),
                |x| {
                    format!(
                        "{:.1}% ±{:.1}",
                        x.win_rate * 100.0,
                        (x.ci95[1] - x.ci95[0]) * 50.0
                    )
                },
            )
        };
        for name in names {
            let _ = writeln!(
                s,
                "  {:<40} {:>14} {:>14}",
                format!("{name} win rate"),
                rate(a, name),
                rate(b, name)
            );
        }
        let _ = writeln!(
            s,
            "  {:<40} {:>14.2} {:>14.2}",
            "rounds, mean", a.rounds.mean, b.rounds.mean
        );
        let _ = writeln!(
            s,
            "  {:<40} {:>14} {:>14}",
            "rounds, median", a.rounds.median, b.rounds.median
        );
        let _ = writeln!(s, "\n  deaths");
        let pct =
            |x: Option<f64>| x.map_or_else(|| "-".to_string(), |x| format!("{:.1}%", x * 100.0));
        for d in &self.deaths {
            let _ = writeln!(
                s,
                "  {:<40} {:>14} {:>14}",
                format!("{} ({})", d.name, d.side),
                pct(d.a),
                pct(d.b)
            );
        }
        let _ = writeln!(s);
        let _ = writeln!(s, "  {}", self.verdict());
        let _ = writeln!(s, "  {}", self.rounds_verdict());
        let note = if self.common_random_numbers {
            let u = &self.win_rate_unpaired;
            format!(
                "A and B played the same seeds (common random numbers): the win rates are compared run by run (McNemar), which removes the noise both share; unpaired, the z-test says {} - conservative here, as is the rank test of rounds",
                significance(u.significant(), u.p_value)
            )
        } else {
            "A and B played different seeds: independent batches, unpaired tests".to_string()
        };
        let _ = writeln!(s, "  note: {note}");
        s
    }
}

#[cfg(test)]
mod tests {
    use fray_core::combatant::Controller;

    use super::*;
    use crate::shard::Shard;

    fn engine() -> Engine {
        crate::testing::archmage()
    }

    fn arm<'a>(engine: &'a Engine, label: &str, runs: u64, seed: u64) -> Arm<'a> {
        Arm {
            label: label.into(),
            engine,
            config: BatchConfig {
                threads: 1,
                ..BatchConfig::new("test-duel", runs, seed)
            },
        }
    }

    #[test]
    fn h40_a_comparison_counts_its_runs_and_labels_win_rates_for_any_side_name() {
        let engine = engine();
        let c = compare(
            &arm(&engine, "A", 1, 4),
            &arm(&engine, "B", 1, 4),
            Some("Raiders"),
            &|_| {},
            &AtomicBool::new(false),
        )
        .unwrap();
        let table = c.table();
        assert!(table.contains("), 1 run, seed 4"), "{table}");
        assert!(!table.contains("1 runs"), "{table}");
        assert!(table.contains("  Raiders win rate "), "{table}");
    }

    #[test]
    fn an_encounter_against_itself_on_the_same_seeds_differs_by_exactly_nothing() {
        let engine = engine();
        let c = compare(
            &arm(&engine, "A", 300, 4),
            &arm(&engine, "B", 300, 4),
            Some("Raiders"),
            &|_| {},
            &AtomicBool::new(false),
        )
        .unwrap();
        assert!(c.common_random_numbers);
        assert_eq!(c.win_rate.difference, 0.0);
        assert_eq!(c.win_rate.ci95, [0.0, 0.0]);
        assert_eq!(c.win_rate.p_value, 1.0);
        assert_eq!(c.rounds.rank_biserial, 0.0);
        assert!(!c.rounds.significant());
        assert!(c.deaths.iter().all(|d| d.a == d.b));
        assert!(
            c.verdict()
                .contains("B's win rate for Raiders is exactly the same as A's"),
            "{}",
            c.verdict()
        );
        assert!(c.table().contains("Raiders win rate"));
    }

    #[test]
    fn an_encounter_against_itself_on_other_seeds_is_significant_about_one_time_in_twenty() {
        // 50 comparisons of independent batches of the same encounter: each test is wrong 5%
        // of the time, so about 2.5 false alarms per test; 9 or more of 50 has probability
        // 0.0002 under a test that keeps its level.
        const COMPARISONS: u64 = 50;
        let engine = engine();
        let (mut wins, mut rounds) = (0, 0);
        for k in 0..COMPARISONS {
            let c = compare(
                &arm(&engine, "A", 200, 1000 + 2 * k),
                &arm(&engine, "B", 200, 1001 + 2 * k),
                None,
                &|_| {},
                &AtomicBool::new(false),
            )
            .unwrap();
            assert!(!c.common_random_numbers);
            wins += u64::from(c.win_rate.significant());
            rounds += u64::from(c.rounds.significant());
        }
        assert!(
            wins <= 8,
            "{wins} of {COMPARISONS} win-rate tests significant"
        );
        assert!(
            rounds <= 8,
            "{rounds} of {COMPARISONS} rounds tests significant"
        );
        // Both tests together: not a test that never fires either (P(0 of 100) = 0.006).
        assert!(
            wins + rounds >= 1,
            "no false alarm in {} tests",
            2 * COMPARISONS
        );
    }

    #[test]
    fn a_comparison_played_in_shards_is_the_whole_comparison() {
        let engine = engine();
        let stop = AtomicBool::new(false);
        // B: the hero fights at random.
        let b = |shard: Shard| {
            let mut b = arm(&engine, "B", 90, 4);
            b.config.shard = shard;
            b.config.controllers = vec![("Heroes".into(), Controller::Ai("random".into()))];
            b
        };
        let a = |shard: Shard| {
            let mut a = arm(&engine, "A", 90, 4);
            a.config.shard = shard;
            a
        };
        let whole = compare(&a(Shard::WHOLE), &b(Shard::WHOLE), None, &|_| {}, &stop).unwrap();
        assert!(whole.common_random_numbers);
        let parts: Vec<(String, ComparePart)> = (0..3)
            .map(|i| {
                let shard = Shard::new(i, 3).unwrap();
                let part = play(&a(shard), &b(shard), None, &|_| {}, &stop).unwrap();
                let back = ComparePart::from_json("part", &part.to_json()).unwrap();
                (format!("part {i}"), back)
            })
            .collect();
        let merged = merge_comparison(&parts).unwrap();
        assert_eq!(merged.win_rate, whole.win_rate);
        assert_eq!(merged.win_rate_unpaired, whole.win_rate_unpaired);
        assert_eq!(merged.rounds, whole.rounds);
        assert_eq!(merged.deaths, whole.deaths);
        assert_eq!(
            merged.b.to_json_without_timing(),
            whole.b.to_json_without_timing()
        );
        assert_eq!(merged.verdict(), whole.verdict());
        // A shard missing, or one of another comparison, is refused.
        assert!(matches!(
            merge_comparison(&parts[..2]),
            Err(MergeError::Missing { .. })
        ));
        let mut other = parts.clone();
        other[1].1.side = "Raiders".into();
        assert!(matches!(
            merge_comparison(&other),
            Err(MergeError::OtherBatch { .. })
        ));
    }

    #[test]
    fn a_missing_side_is_named() {
        let engine = engine();
        let e = compare(
            &arm(&engine, "A", 5, 1),
            &arm(&engine, "B", 5, 1),
            Some("Heros"),
            &|_| {},
            &AtomicBool::new(false),
        )
        .unwrap_err();
        assert!(e.to_string().contains("no side `Heros`"), "{e}");
    }
}
