//! A batch's page: its report (win rates with their intervals, endings, rounds, the combatant
//! table, the batch's chart inline), the command that reproduces it, and its runs worth
//! watching ([`fray_sim::watch`]), each re-played by its seed through the path `fray run`
//! takes and embedded as a replay.

use fray_core::prelude::*;
use fray_core::rng::derive_seed;
use fray_sim::batch::batch_controllers;
use fray_sim::engine::Engine;
use fray_sim::identity::BatchIdentity;
use fray_sim::plot::plot_svg;
use fray_sim::report::BatchReport;
use fray_sim::watch::PickKind;
use serde_json::{Value, json};

use super::page::{PageKind, page, write_page};
use super::replay::{Heading, play_replay, run_command};
use crate::output::AtomicFile;
use crate::overrides::Overrides;

/// The version of a batch page's data layout (`docs/replay.md`).
pub(crate) const BATCH_PAGE_SCHEMA: u32 = 1;

/// How the batch's runs are played again, one by one.
pub(crate) struct Replayer<'a> {
    /// The engine the batch played on.
    pub engine: &'a Engine,
    /// The encounter's content id.
    pub encounter: String,
    /// The encounter as the command line gave it (for the commands shown).
    pub given: String,
    /// The options and round limit given on the command line.
    pub overrides: Overrides,
    /// The `--ai SIDE=POLICY` the runs play with: those given, and the tactical AI for a side
    /// the file makes external (as the batch does).
    pub ai: Vec<String>,
    /// The controllers the runs play with (the same, parsed).
    pub controllers: Vec<(String, Controller)>,
    /// The batch's master seed.
    pub master: u64,
}

/// The page data of a batch: its report, the command that made it, its chart and its runs
/// worth watching with their replays.
pub(crate) fn batch_data(
    report: &BatchReport,
    command: &str,
    replayer: &Replayer<'_>,
) -> Result<Value, String> {
    let mut summary = serde_json::to_value(report).map_err(|e| e.to_string())?;
    if let Some(map) = summary.as_object_mut() {
        // The exact totals are for merging, not for reading; the page shows the report.
        map.remove("totals");
        // A string: a script's numbers hold 53 bits, a seed 64.
        map.insert("seed".into(), Value::String(report.seed.to_string()));
    }
    let chart = plot_svg(report).map_err(|e| e.to_string())?;
    let mut replayed: Vec<u64> = Vec::new();
    let mut replays = Vec::new();
    let mut picks = Vec::new();
    for pick in report.totals.watch.picks() {
        let seed = derive_seed(replayer.master, pick.index);
        let at = match replayed.iter().position(|i| *i == pick.index) {
            Some(at) => at,
            None => {
                let settings = EncounterSettings {
                    seed,
                    log: true,
                    controllers: replayer.controllers.clone(),
                    ..Default::default()
                };
                let heading = Heading {
                    title: format!("{}: run {}", report.name, pick.index),
                    encounter: replayer.encounter.clone(),
                    seed,
                    command: run_command(&replayer.given, &replayer.overrides, &replayer.ai, seed),
                };
                replays.push(play_replay(
                    replayer.engine,
                    &replayer.encounter,
                    &settings,
                    &heading,
                )?);
                replayed.push(pick.index);
                replayed.len() - 1
            }
        };
        let side = pick
            .side
            .and_then(|s| report.sides.get(usize::from(s)))
            .map(|s| s.name.clone());
        picks.push(json!({
            "kind": match pick.kind {
                PickKind::Worst => "worst",
                PickKind::Median => "median",
                PickKind::Best => "best",
                PickKind::Longest => "longest",
            },
            "side": side,
            "index": pick.index,
            "seed": seed.to_string(),
            "score": pick.score,
            "replay": at,
        }));
    }
    Ok(json!({
        "schema": BATCH_PAGE_SCHEMA,
        "title": report.name,
        "command": command,
        "report": summary,
        "chart": chart,
        "picks": picks,
        "replays": replays,
    }))
}

/// The `fray batch` command that plays the same batch.
pub(crate) fn batch_command(
    given: &str,
    overrides: &Overrides,
    ai: &[String],
    runs: u64,
    seed: u64,
) -> String {
    let run = run_command(given, overrides, ai, seed);
    let rest = run
        .strip_prefix("fray run ")
        .and_then(|r| r.strip_suffix(&format!(" --seed {seed}")))
        .unwrap_or(given);
    format!("fray batch {rest} --runs {runs} --seed {seed}")
}

/// Writes a batch's page into `file` and puts it in place.
pub(crate) fn write_batch_page(
    file: AtomicFile,
    report: &BatchReport,
    command: &str,
    replayer: &Replayer<'_>,
) -> Result<(), String> {
    let data = batch_data(report, command, replayer)?;
    write_page(file, &page(PageKind::Batch, &report.name, &data))
}

impl<'a> Replayer<'a> {
    /// How the runs of the batch `identity` names are played again on `engine` (its content
    /// loaded with the identity's options and round limit): refused when the AI given was an
    /// external player, or when the content is not the one the batch played (its
    /// fingerprint differs), since the runs would not be the batch's.
    pub(crate) fn for_identity(
        cli: &crate::CliEngine,
        engine: &'a Engine,
        id: &str,
        identity: &BatchIdentity,
        overrides: Overrides,
    ) -> Result<Self, String> {
        let mut given = Vec::new();
        for controller in &identity.controllers {
            match controller.split_once("=ai:") {
                Some((side, policy)) => given.push(format!("{side}={policy}")),
                None => {
                    return Err(format!(
                        "the batch gave a side to a player ({controller}): its runs cannot be re-played"
                    ));
                }
            }
        }
        let controllers = crate::content::parse_ai(cli, &given)?;
        let spec = engine
            .content
            .encounter(id)
            .ok_or_else(|| format!("no encounter `{id}` in the content"))?;
        let here = BatchIdentity::of(
            &engine.content,
            spec,
            &controllers,
            identity.seed,
            identity.runs,
        );
        if here != *identity {
            return Err(format!(
                "the content here is not the one the parts were played with (fingerprint {} here, {} in the parts): \
                 pass the same --content the shards had",
                here.content, identity.content
            ));
        }
        let (all, _) = batch_controllers(spec, &controllers);
        let mut ai = given;
        ai.extend(
            all.iter()
                .skip(controllers.len())
                .map(|(side, _)| format!("{side}=tactical")),
        );
        Ok(Self {
            engine,
            encounter: id.to_string(),
            given: identity.encounter.clone(),
            overrides,
            ai,
            controllers: all,
            master: identity.seed,
        })
    }
}

/// The overrides that load an encounter with the options the batch `identity` played it with
/// (its round limit is the caller's to add when it is not the encounter's own).
pub(crate) fn overrides_of(identity: &BatchIdentity) -> Overrides {
    Overrides {
        options: identity
            .options
            .iter()
            .map(|option| match option.split_once('=') {
                // Text values are written quoted (`name="value"`).
                Some((name, value)) => {
                    let value =
                        serde_json::from_str::<String>(value).unwrap_or_else(|_| value.to_string());
                    format!("{name}={value}")
                }
                None => option.clone(),
            })
            .collect(),
        max_rounds: None,
        ruleset: None,
    }
}
