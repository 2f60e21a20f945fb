//! `fray delve`: one expedition narrated turn by turn, or many summed up.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use bevy_app::App;
use bevy_ecs::entity::Entity;
use clap::Args;
use fray_content::db::ContentDb;
use fray_core::rng::derive_seed;
use fray_core::spawn::Content;
use fray_explore::prelude::*;
use fray_sim::plot::ChartFormat;
use fray_sim::survival::plot_survival;

use crate::batch::check_plot_path;
use crate::content::{ContentError, load};
use crate::output::{CsvOut, distinct_outputs, draw_whole, write_whole};
use crate::{CliEngine, delve_csv, delve_plot, fail};

/// Arguments of `fray delve`.
#[derive(Debug, Args)]
pub struct DelveArgs {
    /// The expedition's id (its `Expedition(...)` file, under `content/<ruleset>/expeditions/`);
    /// not needed with `--resume`.
    #[arg(required_unless_present = "resume")]
    pub expedition: Option<String>,
    /// Seed (with `--runs`, the master seed: run i uses a seed derived from it and i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play this many expeditions and sum them up instead of narrating one.
    #[arg(long)]
    pub runs: Option<u64>,
    /// JSON: the log as JSON lines then the summary, or the batch's tally.
    #[arg(long)]
    pub json: bool,
    /// Worker threads for `--runs`, at most 256 (0: one per core). The report does not depend
    /// on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Stop the narrated expedition after this many turns (with `--save`, to save it there).
    #[arg(long, value_name = "TURNS", conflicts_with = "runs")]
    pub stop_after: Option<u32>,
    /// Save the expedition where `--stop-after` stops it, to this file (RON).
    #[arg(long, value_name = "FILE", requires = "stop_after")]
    pub save: Option<PathBuf>,
    /// With `--runs`: one CSV row per expedition (its ending, turns, fights, supplies used,
    /// treasure, and each member's life, hit points and XP), in run order.
    #[arg(long, value_name = "FILE", requires = "runs")]
    pub csv: Option<PathBuf>,
    /// With `--runs`: draw survival over time, each member's and the expeditions still under
    /// way, by turn (or day in a wilderness); SVG or PNG, by the file's extension.
    #[arg(long, value_name = "FILE.svg|FILE.png", requires = "runs")]
    pub plot: Option<PathBuf>,
    /// Play on an expedition saved with `--save`: its log so far, then the rest.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["runs", "seed"])]
    pub resume: Option<PathBuf>,
}

/// The most worker threads a batch of expeditions starts.
pub const MAX_THREADS: usize = 256;

/// Runs `fray delve`.
pub fn run(
    cli: &CliEngine,
    content: Option<&Path>,
    args: &DelveArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let db = match load(cli, content) {
        Ok(db) => db,
        Err(problems) => return Ok(ContentError::Invalid(problems).report()),
    };
    let mut app = app(cli, db.clone());
    let start = match &args.resume {
        Some(path) => match resume(&mut app, path, args.expedition.as_deref()) {
            Ok(start) => start,
            Err(code) => return Ok(code),
        },
        None => Start::Fresh(args.expedition.clone().unwrap_or_default()),
    };
    let Some(spec) = db.document::<ExpeditionSpec>(start.id(&app)).cloned() else {
        let id = start.id(&app).to_string();
        let known: Vec<&str> = db
            .documents_of::<ExpeditionSpec>()
            .map(|d| d.ids().collect())
            .unwrap_or_default();
        let help = fray_content::suggest::help_for(&id, known.iter().copied());
        return Ok(fail(
            2,
            format!("unknown expedition `{id}`"),
            &[
                &help,
                "expeditions are `Expedition(...)` files under content/<ruleset>/expeditions/",
            ],
        ));
    };
    match args.runs {
        None => narrate(&mut app, &db, &spec, start, args, out),
        Some(runs) => batch(cli, &db, &spec, args, runs, out),
    }
}

/// Where a narrated expedition starts: fresh from its file, or loaded from a save.
enum Start {
    /// A new expedition of this id.
    Fresh(String),
    /// An expedition loaded from a save (already in the World).
    Loaded(Entity),
}

impl Start {
    /// The expedition's id.
    fn id<'a>(&'a self, app: &'a App) -> &'a str {
        match self {
            Self::Fresh(id) => id,
            Self::Loaded(e) => app
                .world()
                .get::<Expedition>(*e)
                .map_or("", |x| x.id.as_str()),
        }
    }
}

/// Loads the expedition saved in `path` (which must be of expedition `expected`, when given).
fn resume(app: &mut App, path: &Path, expected: Option<&str>) -> Result<Start, ExitCode> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        fail(
            2,
            format!("cannot read the save {}: {e}", path.display()),
            &["give the file `fray delve --stop-after N --save FILE` wrote"],
        )
    })?;
    let e = load_expedition(app.world_mut(), &text).map_err(|e| {
        fail(
            2,
            format!("{}: {e}", path.display()),
            &["a save is what `fray delve --stop-after N --save FILE` wrote, with this build"],
        )
    })?;
    let id = app
        .world()
        .get::<Expedition>(e)
        .map(|x| x.id.clone())
        .unwrap_or_default();
    if let Some(expected) = expected.filter(|x| *x != id) {
        return Err(fail(
            2,
            format!(
                "{} is a save of expedition `{id}`, not `{expected}`",
                path.display()
            ),
            &["leave the expedition out with --resume, or name the one saved"],
        ));
    }
    Ok(Start::Loaded(e))
}

/// An app that fights and explores in every ruleset, with `db`.
fn app(cli: &CliEngine, db: Arc<ContentDb>) -> App {
    let mut app = App::new();
    (cli.install)(&mut app);
    (cli.explore)(&mut app);
    app.insert_resource(Content(db));
    app.finish();
    app.cleanup();
    app
}

/// Plays one expedition of `spec` with `seed`: its summary, and its entity (still spawned,
/// with its dungeon).
fn play(
    app: &mut App,
    db: &ContentDb,
    spec: &ExpeditionSpec,
    seed: u64,
    log: bool,
) -> Result<(Entity, DelveSummary), String> {
    let e = app
        .world_mut()
        .spawn_delve_from(db, &spec.id, seed, log)
        .map_err(|e| e.to_string())?;
    play_on(app, e, spec, None)
}

/// Plays expedition `e` of `spec` (the only one in the World) on: to its end, or to the end of
/// its turns (`spec.max_turns`, counting those it played before a save), or for at most `stop`
/// turns, after which it is left under way. Returns its entity and its summary.
fn play_on(
    app: &mut App,
    e: Entity,
    spec: &ExpeditionSpec,
    stop: Option<u32>,
) -> Result<(Entity, DelveSummary), String> {
    let world = app.world_mut();
    let played = world.get::<Clock>(e).map_or(0, Clock::turns);
    let left = spec.max_turns.saturating_sub(played);
    match stop {
        Some(stop) if stop < left => {
            run_expeditions(world, stop);
        }
        _ => {
            run_expeditions(world, left);
            out_of_time(world);
        }
    }
    let summary = DelveSummary::of(world, e, spec).ok_or("the expedition vanished")?;
    Ok((e, summary))
}

/// Despawns an expedition and its dungeon or wilderness.
fn clear(app: &mut App, e: Entity) {
    let world = app.world_mut();
    let place = world
        .get::<Position>(e)
        .map(|p| p.dungeon)
        .or_else(|| world.get::<Whereabouts>(e).map(|w| w.wilderness));
    world.despawn(e);
    if let Some(p) = place {
        world.despawn(p);
    }
}

/// `[h:mm]`, or `[day d, h:mm]` from the second day on (wilderness journeys go by days).
fn clock(at: GameTime) -> String {
    let minutes = at.seconds() / 60;
    let (days, minutes) = (minutes / 1_440, minutes % 1_440);
    if days > 0 {
        format!("[day {}, {}:{:02}]", days + 1, minutes / 60, minutes % 60)
    } else {
        format!("[{}:{:02}]", minutes / 60, minutes % 60)
    }
}

/// One expedition, narrated (from its start, or from a save), and saved where `--stop-after`
/// stops it when `--save` says so.
fn narrate(
    app: &mut App,
    db: &ContentDb,
    spec: &ExpeditionSpec,
    start: Start,
    args: &DelveArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let e = match start {
        Start::Loaded(e) => e,
        Start::Fresh(_) => match app
            .world_mut()
            .spawn_delve_from(db, &spec.id, args.seed, true)
        {
            Ok(e) => e,
            Err(why) => return Ok(fail(2, why.to_string(), &[])),
        },
    };
    let (e, summary) = match play_on(app, e, spec, args.stop_after) {
        Ok(x) => x,
        Err(why) => return Ok(fail(2, why, &[])),
    };
    let seed = app
        .world()
        .get::<Expedition>(e)
        .map_or(args.seed, |x| x.seed);
    let stopped = summary.ending.is_none();
    if let (true, Some(path)) = (stopped, &args.save) {
        let written = save_expedition(app.world(), e)
            .map_err(|why| format!("cannot save to {}: {why}", path.display()))
            .and_then(|text| write_whole(path, text.as_bytes()));
        if let Err(why) = written {
            return Ok(fail(
                1,
                why,
                &["check that the file's folder exists and can be written"],
            ));
        }
    }
    let entries = app
        .world()
        .get::<ExpeditionLog>(e)
        .map(|l| l.entries().to_vec())
        .unwrap_or_default();
    if args.json {
        for entry in &entries {
            writeln!(
                out,
                "{}",
                serde_json::to_string(entry).map_err(io::Error::other)?
            )?;
        }
        writeln!(
            out,
            "{}",
            serde_json::to_string(&summary).map_err(io::Error::other)?
        )?;
    } else {
        writeln!(out, "{} (seed {seed})", spec.name)?;
        for entry in &entries {
            writeln!(out, "{} {}", clock(entry.at), entry.event.text())?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "{} after {} turns ({}), {} fights, {} torches used, {} gp carried out.",
            summary.ending.map_or("Still under way", Ending::label),
            summary.turns,
            clock(summary.elapsed),
            summary.fights,
            summary.torches_used,
            summary.treasure
        )?;
        for m in &summary.members {
            writeln!(out, "  {}: {}/{} HP, {:?}", m.name, m.hp.0, m.hp.1, m.life)?;
        }
        if stopped {
            let turns = app.world().get::<Clock>(e).map_or(0, Clock::turns);
            match &args.save {
                Some(path) => writeln!(
                    out,
                    "Stopped after turn {turns}; saved to {} (play on with `fray delve --resume {}`).",
                    path.display(),
                    path.display()
                )?,
                None => writeln!(out, "Stopped after turn {turns}.")?,
            }
        }
    }
    clear(app, e);
    Ok(ExitCode::SUCCESS)
}

/// Many expeditions, summed up: each worker thread plays a contiguous share of the runs in
/// its own World (run i always with the seed derived from the master seed and i), and the
/// shares' tallies are added up, so the report does not depend on the thread count.
fn batch(
    cli: &CliEngine,
    db: &Arc<ContentDb>,
    spec: &ExpeditionSpec,
    args: &DelveArgs,
    runs: u64,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n.min(MAX_THREADS),
    };
    let threads = u64::try_from(threads).unwrap_or(1).clamp(1, runs.max(1));
    let share = runs.div_ceil(threads);
    // The outputs, and the chart's format and folder, are checked before the batch starts, as
    // `fray batch` does.
    if let Err(e) = distinct_outputs(&[
        ("--save", args.save.as_deref()),
        ("--csv", args.csv.as_deref()),
        ("--plot", args.plot.as_deref()),
    ]) {
        return Ok(fail(2, e, &[]));
    }
    if let Some(Err(e)) = args.plot.as_deref().map(ChartFormat::of) {
        return Ok(fail(2, e, &[]));
    }
    if let Err(e) = check_plot_path(args.plot.as_deref()) {
        return Ok(fail(1, e, &[]));
    }
    // The CSV file is started before the batch, so a bad path fails at once; it replaces what
    // was at its path only when written whole.
    let csv = match args.csv.as_deref().map(CsvOut::open).transpose() {
        Ok(file) => file.map(csv::Writer::from_writer),
        Err(e) => {
            return Ok(fail(
                1,
                e,
                &["check that the file's folder exists and can be written"],
            ));
        }
    };
    let rows = csv.is_some();
    type Share = (DelveTally, Vec<Vec<String>>);
    let results: Vec<Result<Share, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let from = t.saturating_mul(share).min(runs);
                let to = from.saturating_add(share).min(runs);
                scope.spawn(move || {
                    let mut app = app(cli, db.clone());
                    let mut tally = DelveTally::default();
                    let mut lines = Vec::new();
                    for i in from..to {
                        let seed = derive_seed(args.seed, i);
                        let (e, summary) = play(&mut app, db, spec, seed, false)?;
                        tally.add(&summary);
                        if rows {
                            lines.push(delve_csv::row(i, seed, &summary));
                        }
                        clear(&mut app, e);
                    }
                    Ok((tally, lines))
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .unwrap_or_else(|_| Err("a worker thread panicked".into()))
            })
            .collect()
    });
    let mut tally = DelveTally::default();
    let mut lines = Vec::new();
    for result in results {
        match result {
            Ok((share, rows)) => {
                tally.merge(&share);
                lines.extend(rows);
            }
            Err(why) => return Ok(fail(2, why, &[])),
        }
    }
    let csv_on_stdout = csv.as_ref().is_some_and(|w| w.get_ref().is_stdout());
    if let Some(mut writer) = csv {
        let path = writer.get_ref().name();
        let written = std::iter::once(delve_csv::header(spec))
            .chain(lines)
            .try_for_each(|line| writer.write_record(&line))
            .map_err(|why| format!("cannot write {path}: {why}"))
            .and_then(|()| {
                writer
                    .into_inner()
                    .map_err(|e| format!("cannot write {path}: {}", e.error()))
            })
            .and_then(CsvOut::finish);
        if let Err(why) = written {
            return Ok(fail(1, why, &[]));
        }
    }
    // A CSV on standard output takes it: the summary goes to standard error.
    let mut stderr = io::stderr();
    let out: &mut dyn Write = if csv_on_stdout { &mut stderr } else { out };
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&tally).map_err(io::Error::other)?
        )?;
    } else {
        summarize(spec, &tally, args.seed, out)?;
    }
    if let Some(path) = &args.plot
        && let Err(e) = draw_whole(path, |at| {
            plot_survival(&delve_plot::chart(spec, &tally), at)
        })
    {
        return Ok(fail(1, e, &[]));
    }
    Ok(ExitCode::SUCCESS)
}

/// The text report of a batch of expeditions of `spec` played from master seed `seed`. XP is
/// shown only when some run gained any (B/X, archmage and die-rank award none on their
/// expeditions); the JSON and CSV always carry it.
fn summarize(
    spec: &ExpeditionSpec,
    tally: &DelveTally,
    seed: u64,
    out: &mut (impl Write + ?Sized),
) -> io::Result<()> {
    writeln!(
        out,
        "{}: {} expeditions (seed {seed})",
        spec.name, tally.runs
    )?;
    writeln!(out, "How they ended:")?;
    for (ending, n) in &tally.endings {
        writeln!(out, "  {ending}: {n} ({:.1}%)", tally.mean(*n) * 100.0)?;
    }
    writeln!(out, "Survival:")?;
    let xp = tally.xp > 0;
    for member in &spec.party {
        let n = tally.survived.get(&member.name).copied().unwrap_or(0);
        write!(out, "  {}: {:.1}%", member.name, tally.mean(n) * 100.0)?;
        if xp {
            let gained = tally.member_xp.get(&member.name).copied().unwrap_or(0);
            write!(out, ", {:.1} XP", tally.mean(gained))?;
        }
        writeln!(out)?;
    }
    write!(
        out,
        "Per expedition: {:.1} turns ({:.2} hours), {:.2} monsters met ({:.2} wandering), {:.2} fights, {:.2} torches and {:.2} rations used, {:.1} gp carried out",
        tally.mean(tally.turns),
        tally.mean(tally.seconds) / 3_600.0,
        tally.mean(tally.met),
        tally.mean(tally.wandering),
        tally.mean(tally.fights),
        tally.mean(tally.torches),
        tally.mean(tally.rations),
        tally.mean(tally.treasure),
    )?;
    if xp {
        write!(out, ", {:.1} XP gained", tally.mean(tally.xp))?;
    }
    writeln!(out, ".")
}
