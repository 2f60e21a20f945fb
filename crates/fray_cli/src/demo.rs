//! `fray` with no arguments: a narrated fight, then the statistics of ten thousand more.

use std::io::{self, Write};
use std::process::ExitCode;

use fray_core::prelude::*;
use fray_sim::batch::BatchConfig;
use fray_sim::single::play_one;

use crate::content::{ContentChoice, load, print_problems};
use crate::narrate::{closing_lines, narrate};
use crate::{CliEngine, fail};

/// The encounter the demo plays.
pub const DEMO: &str = "archmage-bridge";

/// Runs the demo, writing to `out`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let db = match load(cli, content, &[], |db| {
        db.encounter(DEMO).map(|e| e.ruleset.clone())
    }) {
        Ok(db) => db,
        Err(problems) => {
            print_problems(&problems);
            return Ok(fail(
                1,
                "the content does not load",
                &["run `fray check` for details"],
            ));
        }
    };
    let Some(spec) = db.encounter(DEMO).cloned() else {
        return Ok(fail(
            1,
            format!("the demo encounter `{DEMO}` is missing"),
            &["run `fray list` to see what there is"],
        ));
    };
    let engine = fray_sim::engine::Engine::new(cli.install, db);
    let color = console::Term::stdout().is_term() && console::colors_enabled();
    let seed = spec.seed.unwrap_or(7);
    writeln!(
        out,
        "{}",
        console::style("Fray - tabletop combat rules on Bevy's ECS").bold()
    )?;
    writeln!(out, "One fight of `{DEMO}`, narrated (seed {seed}):\n")?;
    writeln!(out, "{} - {}", spec.name, spec.description)?;
    let fight = match play_one(&engine, DEMO, &EncounterSettings::logged(seed)) {
        Ok(f) => f,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    if let Some(names) = fight.names() {
        write!(out, "{}", narrate(&names, fight.log(), color))?;
    }
    let sides: Vec<String> = spec.sides.iter().map(|s| s.name.clone()).collect();
    if let Some(record) = fight.record(seed) {
        write!(out, "{}", closing_lines(&record, &sides, color))?;
    }
    writeln!(out, "\nNow 10 000 more of the same fight, on every core:\n")?;
    let report = match crate::batch::play(&engine, &BatchConfig::new(DEMO, 10_000, seed), false) {
        Ok(r) => r,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    write!(out, "{}", report.summary_table())?;
    writeln!(
        out,
        "\nNext: `fray list`, `fray run <ENCOUNTER>`, `fray batch <ENCOUNTER> --runs 10000 --json out.json --plot out.svg`."
    )?;
    Ok(ExitCode::SUCCESS)
}
