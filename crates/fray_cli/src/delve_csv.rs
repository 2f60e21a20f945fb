//! `fray delve --runs N --csv F`: one row per expedition, in run order, so a designer can
//! chart or filter the runs a batch summed up. Every member has an `xp` column, 0 in a ruleset
//! that awards no XP.

use fray_explore::prelude::*;

/// The CSV header of a batch of expeditions of `spec`: the run's numbers, then each
/// member's life and hit points at the end and the XP it gained.
pub(crate) fn header(spec: &ExpeditionSpec) -> Vec<String> {
    let mut out: Vec<String> = [
        "run",
        "seed",
        "ending",
        "turns",
        "minutes",
        "fights",
        "monsters_met",
        "wandering_met",
        "torches_used",
        "rations_used",
        "gp_carried_out",
    ]
    .iter()
    .map(|s| (*s).to_string())
    .collect();
    for member in &spec.party {
        out.push(format!("{} life", member.name));
        out.push(format!("{} hp", member.name));
        out.push(format!("{} xp", member.name));
    }
    out
}

/// The row of run `run` (played with `seed`), as the header orders it.
pub(crate) fn row(run: u64, seed: u64, summary: &DelveSummary) -> Vec<String> {
    let mut out = vec![
        run.to_string(),
        seed.to_string(),
        summary
            .ending
            .map_or("still under way", ExpeditionEnding::label)
            .to_string(),
        summary.turns.to_string(),
        (summary.elapsed.seconds() / 60).to_string(),
        summary.fights.to_string(),
        summary.met.0.to_string(),
        summary.met.1.to_string(),
        summary.torches_used.to_string(),
        summary.rations_used.to_string(),
        summary.treasure.to_string(),
    ];
    for member in &summary.members {
        out.push(format!("{:?}", member.life));
        out.push(member.hp.0.to_string());
        out.push(member.xp.to_string());
    }
    out
}
