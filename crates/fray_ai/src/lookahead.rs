//! The lookahead policy (`lookahead:N`): it plays its best candidates forward with the engine
//! itself and takes the one that turns out best on average.
//!
//! 1. **Candidates.** The tactical policy scores the options; the best [`CANDIDATES`] of them
//!    (fewer when the budget is smaller, ties by the offer's order) are the candidates,
//!    surrender only when it is the tactical choice. A decision with one candidate is the
//!    tactical choice.
//! 2. **Rollouts.** The budget `N` is split evenly: each candidate is played `N / k` times (at
//!    least once) in copies of the encounter ([`AiDecision::play_forward`]). Rollout `r` of
//!    every candidate starts with the same fresh dice (common random numbers: the candidates
//!    are compared on the same luck), derived from the encounter's seed, the decision and
//!    `r`, never drawn from the encounter's own streams. Every later decision in a copy, of
//!    every side, is the tactical policy's (a copy never looks ahead).
//! 3. **Horizon.** A copy plays until the fight ends or [`HORIZON`] more rounds have begun
//!    after the current one, for speed; a fight still on then is scored by hit points alone.
//! 4. **Score** of a rollout, for the decider's side: `1` if the side won, `-1` if another side
//!    won, `0` otherwise (a draw, or a fight still on at the horizon), plus the fraction of its
//!    hit points the side has left on its combatants still able to act, minus the same
//!    fraction for all the other sides together.
//! 5. **Choice.** The tactical policy's own choice stands unless another candidate beats it
//!    clearly: each candidate's rollouts are paired with the tactical choice's (rollout `r`
//!    against rollout `r`, the same dice), and a candidate whose mean paired gain exceeds
//!    [`MARGIN`] standard errors of those differences may replace it; the largest such gain
//!    wins. With a small budget the rollouts are noisy, and a choice taken on noise plays
//!    worse than the tactical one.
//!
//! Without a forward model (a World with no
//! [`ForwardModel`](fray_core::kit::ForwardModel), such as a game's own App that does not
//! insert one), the decision is the tactical policy's.

use fray_core::intent::Intent;
use fray_core::kit::{AiDecision, Play, Played};
use fray_core::prelude::SideId;

/// The most candidates played forward.
pub const CANDIDATES: usize = 4;

/// The rounds a copy plays after the current one before it is scored by hit points.
pub const HORIZON: u32 = 3;

/// How many standard errors of the paired differences a candidate's mean gain over the
/// tactical choice must exceed for the lookahead to take it instead.
pub const MARGIN: f64 = 2.0;

/// The score of one rollout for `side` (see the module's documentation).
pub fn rollout_score(played: &Played, side: SideId) -> f32 {
    let win = match played.outcome.and_then(|o| o.winner) {
        Some(w) if w == side => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    };
    let own = played.side(side).fraction();
    let (left, max) = played
        .sides
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != usize::from(side.0))
        .fold((0i64, 0i64), |(l, m), (_, s)| (l + s.left, m + s.max));
    let foes = if max > 0 {
        (left as f64 / max as f64).clamp(0.0, 1.0) as f32
    } else {
        0.0
    };
    win + own - foes
}

/// The lookahead choice among `decision`'s options, `tactical` being the tactical policy's
/// score of each, with `budget` rollouts in all.
pub(crate) fn choose(
    decision: &mut dyn AiDecision,
    budget: u16,
    tactical: &[f32],
) -> Option<usize> {
    let mut ranked: Vec<usize> = (0..tactical.len()).collect();
    // Best first; among equals, the offer's order (as the tactical policy takes the first).
    ranked.sort_by(|&a, &b| tactical[b].total_cmp(&tactical[a]).then(a.cmp(&b)));
    // Surrender is played forward only when the tactics choose it (it ranks first then): a
    // rollout never shows a side better off for a member given up.
    let options = decision.options();
    let top = ranked.first().copied();
    ranked.retain(|&i| {
        Some(i) == top || options.get(i).is_none_or(|o| o.intent != Intent::Surrender)
    });
    let budget = usize::from(budget).max(1);
    ranked.truncate(CANDIDATES.min(budget));
    let first = ranked.first().copied()?;
    if ranked.len() < 2 {
        return Some(first);
    }
    let per = (budget / ranked.len()).max(1);
    let rollouts = u32::try_from(per).unwrap_or(u32::MAX);
    let plays: Vec<Play> = (0..rollouts)
        .flat_map(|rollout| ranked.iter().map(move |&choice| Play { choice, rollout }))
        .collect();
    let side = decision.fight().side;
    let Some(played) = decision.play_forward(&plays, HORIZON) else {
        return Some(first);
    };
    // Each rollout's score, by candidate (in `ranked`'s order) and rollout index (the plays
    // are rollout by rollout, every candidate in each).
    let mut scores = vec![0.0f64; ranked.len() * per];
    for (k, outcome) in played.iter().enumerate() {
        if let Some(s) = scores.get_mut((k % ranked.len()) * per + k / ranked.len()) {
            *s = f64::from(rollout_score(outcome, side));
        }
    }
    let of = |c: usize| &scores[c * per..(c + 1) * per];
    let mut best = (first, 0.0f64);
    for (c, &choice) in ranked.iter().enumerate().skip(1) {
        let gain = paired_gain(of(c), of(0));
        if gain > best.1 {
            best = (choice, gain);
        }
    }
    Some(best.0)
}

/// How much better `candidate`'s rollouts score than `baseline`'s, rollout by rollout (the
/// same dice), counted only when it is clear: the mean paired difference if it exceeds
/// [`MARGIN`] standard errors, else 0. One rollout each: the plain difference.
fn paired_gain(candidate: &[f64], baseline: &[f64]) -> f64 {
    let n = candidate.len().min(baseline.len());
    if n == 0 {
        return 0.0;
    }
    let diffs = candidate.iter().zip(baseline).map(|(c, b)| c - b);
    let mean = diffs.clone().sum::<f64>() / n as f64;
    if n == 1 {
        return mean.max(0.0);
    }
    let var = diffs.map(|d| (d - mean) * (d - mean)).sum::<f64>() / (n - 1) as f64;
    let se = (var / n as f64).sqrt();
    if mean > MARGIN * se { mean } else { 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Policy;
    use fray_core::kit::SideHp;
    use fray_core::prelude::Ending;

    #[test]
    fn lookahead_names_round_trip_and_bad_budgets_are_refused() {
        let p: Policy = "lookahead:200".parse().unwrap();
        assert_eq!(p, Policy::Lookahead(200));
        assert_eq!(p.to_string(), "lookahead:200");
        for bad in [
            "lookahead:0",
            "lookahead:10001",
            "lookahead:-3",
            "lookahead:",
            "lookahead",
        ] {
            let err = bad.parse::<Policy>().unwrap_err();
            assert!(
                err.contains(bad) && err.contains("lookahead:N"),
                "{bad}: {err}"
            );
        }
        // Unknown names still play tactical (validation refuses them before a fight).
        assert_eq!(Policy::of_name("lookahead:0"), Policy::Tactical);
    }

    #[test]
    fn a_rollout_scores_the_outcome_and_both_sides_hit_points() {
        let sides = vec![SideHp { left: 10, max: 20 }, SideHp { left: 5, max: 20 }];
        let won = Played {
            outcome: Some(fray_core::outcome::Outcome {
                winner: Some(SideId(0)),
                ending: Ending::Victory,
                round: 3,
            }),
            sides: sides.clone(),
        };
        assert!((rollout_score(&won, SideId(0)) - 1.25).abs() < 1e-6);
        assert!((rollout_score(&won, SideId(1)) + 1.25).abs() < 1e-6);
        let on = Played {
            outcome: None,
            sides,
        };
        assert!((rollout_score(&on, SideId(0)) - 0.25).abs() < 1e-6);
    }

    #[test]
    fn only_a_clear_paired_gain_replaces_the_tactical_choice() {
        // Always a little better on the same dice: clear.
        assert!(paired_gain(&[1.0, 0.5, 0.2, 0.9], &[0.9, 0.4, 0.1, 0.8]) > 0.09);
        // Better on average, but by noise: kept at 0.
        assert_eq!(
            paired_gain(&[1.0, -1.0, 1.0, -1.0], &[-1.0, 1.0, 0.0, -1.0]),
            0.0
        );
        // Worse: 0.
        assert_eq!(paired_gain(&[0.0, 0.0], &[1.0, 1.0]), 0.0);
    }
}
