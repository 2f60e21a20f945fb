//! The lookahead policy (`lookahead:N`): it plays its best candidates forward with the engine
//! itself and takes the one that turns out best on average.
//!
//! 1. **Candidates.** The tactical policy scores the options; the best [`CANDIDATES`] of them
//!    (fewer when the budget is smaller, ties by the offer's order) are the candidates. A
//!    decision with one candidate is the tactical choice.
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
//!    fraction for all the other sides together. The candidate with the best mean score is
//!    chosen (ties: the tactical policy's order).
//!
//! Without a forward model (a World with no
//! [`ForwardModel`](fray_core::kit::ForwardModel), such as a game's own App that does not
//! insert one), the decision is the tactical policy's.

use fray_core::kit::{AiDecision, Play, Played};
use fray_core::prelude::SideId;

/// The most candidates played forward.
pub const CANDIDATES: usize = 4;

/// The rounds a copy plays after the current one before it is scored by hit points.
pub const HORIZON: u32 = 3;

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
    let budget = usize::from(budget).max(1);
    ranked.truncate(CANDIDATES.min(budget));
    let first = ranked.first().copied()?;
    if ranked.len() < 2 {
        return Some(first);
    }
    let per = u32::try_from(budget / ranked.len())
        .unwrap_or(u32::MAX)
        .max(1);
    let plays: Vec<Play> = (0..per)
        .flat_map(|rollout| ranked.iter().map(move |&choice| Play { choice, rollout }))
        .collect();
    let side = decision.fight().side;
    let Some(played) = decision.play_forward(&plays, HORIZON) else {
        return Some(first);
    };
    let mut totals = vec![0.0f64; tactical.len()];
    for (play, outcome) in plays.iter().zip(&played) {
        if let Some(t) = totals.get_mut(play.choice) {
            *t += f64::from(rollout_score(outcome, side));
        }
    }
    let mut best = first;
    for &c in &ranked {
        if totals[c] > totals[best] {
            best = c;
        }
    }
    Some(best)
}
