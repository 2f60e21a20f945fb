//! `fray delve`: one expedition narrated turn by turn, or many summed up.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy_app::App;
use bevy_ecs::entity::Entity;
use clap::Args;
use fray_content::db::ContentDb;
use fray_content::source::SourceFile;
use fray_core::drive::update_messages;
use fray_core::grammar::counted;
use fray_core::rng::derive_seed;
use fray_core::spawn::Content;
use fray_explore::prelude::*;
use fray_sim::in_order::{InOrder, Piece, StopOnPanic};
use fray_sim::plot::ChartFormat;
use fray_sim::report::RESULTS_SCHEMA;
use fray_sim::survival::plot_survival;
use serde::Serialize;

use crate::batch::{JsonOut, open_json, progress_bar_of, write_json};
use crate::content::{ContentChoice, ContentError, load};
use crate::html::delve::{FightReplays, delve_data};
use crate::html::page::{PageKind, page, write_page};
use crate::output::{
    AtomicFile, CsvOut, check_plot_path, distinct_outputs, draw_whole, write_whole,
};
use crate::{CliEngine, delve_csv, delve_plot, fail};

/// Arguments of `fray delve`.
#[derive(Debug, Args)]
pub struct DelveArgs {
    /// Where content comes from.
    #[command(flatten)]
    pub source: crate::ContentArgs,
    /// The expedition: its id (an `Expedition(...)` file under `content/<ruleset>/expeditions/`)
    /// or such a file's path (played over the content, as `run` plays an encounter file); not
    /// needed with `--resume`.
    #[arg(required_unless_present = "resume")]
    pub expedition: Option<String>,
    /// Seed (with `--runs`, the master seed: run i uses a seed derived from it and i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Play this many expeditions and sum them up instead of narrating one.
    #[arg(long)]
    pub runs: Option<u64>,
    /// JSON: the log as JSON lines then the summary, or with `--runs` the batch's tally; to
    /// standard output (`--json` or `--json -`), or to FILE, written whole.
    #[arg(long, value_name = "FILE|-", num_args = 0..=1, default_missing_value = "-")]
    pub json: Option<PathBuf>,
    /// With `--runs`: no progress bar.
    #[arg(long, requires = "runs")]
    pub quiet: bool,
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
    /// Also write the expedition as a page to look at (one self-contained HTML file): its log
    /// as a timeline with the clock, and the party (not `-`; one expedition, not `--runs`).
    #[arg(long, value_name = "FILE.html", conflicts_with = "runs")]
    pub html: Option<PathBuf>,
}

/// The most worker threads a batch of expeditions starts.
pub const MAX_THREADS: usize = 256;

/// Runs `fray delve`.
pub fn run(
    cli: &CliEngine,
    content: ContentChoice<'_>,
    args: &DelveArgs,
    out: &mut impl Write,
) -> io::Result<ExitCode> {
    // An expedition named by its file, as `run` takes an encounter file: its id, and the file
    // over the content (an edited copy plays as it is).
    let (named, files) = match args.expedition.as_deref() {
        Some(what) if what.ends_with(".ron") => {
            let file = PathBuf::from(what);
            let spec = SourceFile::read(&file).and_then(|s| s.parse::<ExpeditionSpec>());
            match spec {
                Ok(spec) => (Some(spec.id), vec![file]),
                Err(d) => {
                    return Ok(fail(
                        2,
                        format!("{what} is not an expedition: {d}"),
                        &["pass an expedition id (`fray list`) or an `Expedition(...)` file"],
                    ));
                }
            }
        }
        Some(what) => (
            Some(crate::content::split_ruleset(cli, what).1.to_string()),
            Vec::new(),
        ),
        None => (None, Vec::new()),
    };
    // The expedition's ruleset, when it is named (a saved expedition's is read later: then
    // every problem counts).
    let id_named = named.clone();
    let db = match load(cli, content, &files, |db| {
        let id = id_named.filter(|_| args.resume.is_none())?;
        db.document::<ExpeditionSpec>(&id)
            .map(|e| e.ruleset.clone())
    }) {
        Ok(db) => db,
        Err(problems) => return Ok(ContentError::Invalid(problems).report()),
    };
    let mut app = app(cli, db.clone());
    let start = match &args.resume {
        Some(path) => match resume(&mut app, path, named.as_deref()) {
            Ok(start) => start,
            Err(code) => return Ok(code),
        },
        None => Start::Fresh(named.clone().unwrap_or_default()),
    };
    if let Some(what) = args.expedition.as_deref().filter(|w| !w.ends_with(".ron")) {
        let actual = db
            .document::<ExpeditionSpec>(start.id(&app))
            .map(|e| e.ruleset.as_str());
        let named = crate::content::split_ruleset(cli, what).0;
        if let Err(why) = crate::content::ruleset_matches(what, named, actual) {
            return Ok(fail(
                2,
                why,
                &["`fray list` shows each expedition's ruleset"],
            ));
        }
    }
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
        Some(0) => Ok(fail(
            2,
            "--runs 0: a batch plays at least one expedition",
            &["try --runs 1000"],
        )),
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
    play_on(app, e, spec, None, None)
}

/// Plays expedition `e` of `spec` (the only one in the World) on: to its end, or to the end of
/// its turns (`spec.max_turns`, counting those it played before a save), or for at most `stop`
/// turns, after which it is left under way. Returns its entity and its summary.
fn play_on(
    app: &mut App,
    e: Entity,
    spec: &ExpeditionSpec,
    stop: Option<u32>,
    fights: Option<&mut FightReplays>,
) -> Result<(Entity, DelveSummary), String> {
    let world = app.world_mut();
    let played = world.get::<Clock>(e).map_or(0, Clock::turns);
    let left = spec.max_turns.saturating_sub(played);
    let (turns, to_the_end) = match stop {
        Some(stop) if stop < left => (stop, false),
        _ => (left, true),
    };
    match fights {
        Some(fights) => {
            fights.run(world, turns);
        }
        None => {
            run_expeditions(world, turns);
        }
    }
    if to_the_end {
        out_of_time(world);
    }
    let summary = DelveSummary::of(world, e, spec).ok_or("the expedition vanished")?;
    Ok((e, summary))
}

/// Despawns an expedition and its dungeon or wilderness, and forgets what the World kept of
/// them: a batch plays expedition after expedition in one World, in flat memory.
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
    // Requests, answers and removals are messages that only `App::update` rotates out, and
    // a headless driver never calls it: without this they would pile up, run after run.
    update_messages(world);
    update_messages(world);
    world.clear_trackers();
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
    if let Err(e) = crate::html::check_path(args.html.as_deref()) {
        return Ok(fail(2, e, &[]));
    }
    // The page's file is started before the expedition plays, so a bad path fails at once.
    let html = match args.html.as_deref().map(AtomicFile::create).transpose() {
        Ok(html) => html,
        Err(e) => return Ok(fail(1, e, &[])),
    };
    let resumed = matches!(start, Start::Loaded(_));
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
    let seed_now = app
        .world()
        .get::<Expedition>(e)
        .map_or(args.seed, |x| x.seed);
    let command = match (&args.resume, resumed) {
        (Some(path), true) => format!(
            "fray delve --resume {}",
            crate::adhoc::shell_word(&path.display().to_string())
        ),
        _ => format!(
            "fray delve {} --seed {seed_now}",
            crate::adhoc::shell_word(&spec.id)
        ),
    };
    let mut fights = html
        .is_some()
        .then(|| FightReplays::new(&spec.name, &command));
    let (e, summary) = match play_on(app, e, spec, args.stop_after, fights.as_mut()) {
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
    if let Some(file) = html {
        let fights = fights.map(FightReplays::into_replays).unwrap_or_default();
        let data = delve_data(
            &spec.name, seed, &command, &entries, &summary, clock, fights,
        );
        if let Err(why) = write_page(file, &page(PageKind::Delve, &spec.name, &data)) {
            return Ok(fail(1, why, &[]));
        }
    }
    let json_to_stdout = args.json.as_deref().is_some_and(|p| p.as_os_str() == "-");
    if let Some(path) = &args.json {
        let mut lines = String::new();
        for entry in &entries {
            lines.push_str(&serde_json::to_string(entry).map_err(io::Error::other)?);
            lines.push('\n');
        }
        lines.push_str(&serde_json::to_string(&summary).map_err(io::Error::other)?);
        lines.push('\n');
        if json_to_stdout {
            out.write_all(lines.as_bytes())?;
        } else if let Err(why) = write_whole(path, lines.as_bytes()) {
            return Ok(fail(
                1,
                why,
                &["check that the file's folder exists and can be written"],
            ));
        }
    }
    if !json_to_stdout {
        writeln!(out, "{} (seed {seed})", spec.name)?;
        for entry in &entries {
            writeln!(out, "{} {}", clock(entry.at), entry.event.text())?;
        }
        writeln!(out)?;
        writeln!(
            out,
            "{} after {} ({}), {}, {} used, {} gp carried out.",
            summary
                .ending
                .map_or("Still under way", ExpeditionEnding::label),
            counted(summary.turns, "turn", "turns"),
            clock(summary.elapsed),
            counted(summary.fights, "fight", "fights"),
            counted(summary.torches_used, "torch", "torches"),
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
    if let (false, Some(path)) = (stopped, &args.save) {
        // Asked to save where it stops, but it ended first: say so, and that nothing was
        // written (the narration above is whole).
        return Ok(fail(
            1,
            format!(
                "the expedition ended after turn {}, before --stop-after {}: nothing saved to {}",
                summary.turns,
                args.stop_after.unwrap_or_default(),
                path.display()
            ),
            &["stop it earlier to save it under way"],
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs a worker takes at a time: the CSV's piece, and how soon a worker sees a Ctrl-C.
const CHUNK: u64 = 8;

/// Many expeditions, summed up: worker threads take the runs a chunk at a time, in run order,
/// each playing its chunks in its own World (run i always with the seed derived from the master
/// seed and i); their tallies are added up, so the report does not depend on the thread count.
/// Memory stays flat: the tallies are running totals, and the CSV's rows are written as the
/// chunks finish, in run order (at most a few chunks wait for an earlier one).
///
/// A Ctrl-C stops the batch: no chunk starts after it, the chunks in play finish, and the
/// summary, the JSON and the CSV cover the runs played - always the first ones, in order.
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
    let threads = u64::try_from(threads)
        .unwrap_or(1)
        .clamp(1, runs.div_ceil(CHUNK).max(1));
    // The outputs, and the chart's format and folder, are checked before the batch starts, as
    // `fray batch` does.
    let json_path = args.json.as_deref().filter(|p| p.as_os_str() != "-");
    if let Err(e) = distinct_outputs(&[
        ("--json", json_path),
        ("--csv", args.csv.as_deref()),
        ("--plot", args.plot.as_deref()),
    ]) {
        return Ok(fail(2, e, &[]));
    }
    if args.plot.as_deref().is_some_and(|p| p.as_os_str() == "-") {
        return Ok(fail(
            2,
            "--plot - : a chart is written to a file",
            &["try --plot survival.svg"],
        ));
    }
    if let Some(Err(e)) = args.plot.as_deref().map(ChartFormat::of) {
        return Ok(fail(2, e, &[]));
    }
    if let Err(e) = check_plot_path(args.plot.as_deref()) {
        return Ok(fail(1, e, &[]));
    }
    let json = match open_json(args.json.as_deref()) {
        Ok(json) => json,
        Err(e) => {
            return Ok(fail(
                1,
                e,
                &["check that the file's folder exists and can be written"],
            ));
        }
    };
    // The CSV file is started before the batch, so a bad path fails at once; it replaces what
    // was at its path only when written whole. `--csv -` streams the rows to standard output.
    let mut csv = match args.csv.as_deref().map(CsvOut::open).transpose() {
        Ok(file) => file,
        Err(e) => {
            return Ok(fail(
                1,
                e,
                &["check that the file's folder exists and can be written"],
            ));
        }
    };
    let header = csv_bytes(std::iter::once(delve_csv::header(spec)));
    let bar = progress_bar_of(runs, args.quiet, "expeditions");
    // Ctrl-C stops the batch; a second one, once the handler is gone, ends the process.
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let handled = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed)).is_ok();
    let next = AtomicU64::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let csv_name = csv.as_ref().map(CsvOut::name).unwrap_or_default();
    let csv_on_stdout = csv.as_ref().is_some_and(CsvOut::is_stdout);
    let rows = csv
        .as_mut()
        .map(|c| InOrder::new(c.sink(), 0, CHUNK.saturating_mul(threads).saturating_mul(2)));
    let shares: Vec<DelveTally> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (rows, next, stop, failure, bar) = (&rows, &next, &stop, &failure, &bar);
                let header = &header;
                scope.spawn(move || {
                    let _stop_others = StopOnPanic(rows.as_ref());
                    let mut app = app(cli, db.clone());
                    let mut tally = DelveTally::default();
                    loop {
                        let failed = failure
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .is_some();
                        if failed || stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if from >= runs {
                            break;
                        }
                        let to = from.saturating_add(CHUNK).min(runs);
                        if let Some(rows) = rows
                            && !rows.wait_for_turn(from)
                        {
                            break;
                        }
                        let mut lines = Vec::new();
                        for i in from..to {
                            let seed = derive_seed(args.seed, i);
                            let (e, summary) = match play(&mut app, db, spec, seed, false) {
                                Ok(played) => played,
                                Err(why) => {
                                    *failure.lock().unwrap_or_else(PoisonError::into_inner) =
                                        Some(format!("run {i} (seed {seed}): {why}"));
                                    if let Some(rows) = rows {
                                        rows.stop();
                                    }
                                    return tally;
                                }
                            };
                            tally.add(&summary);
                            if rows.is_some() {
                                lines.push(delve_csv::row(i, seed, &summary));
                            }
                            clear(&mut app, e);
                            bar.inc(1);
                        }
                        if let Some(rows) = rows {
                            rows.submit(
                                from,
                                Piece {
                                    end: to,
                                    header: Some(header.clone()),
                                    bytes: csv_bytes(lines),
                                },
                            );
                        }
                    }
                    tally
                })
            })
            .collect();
        workers.into_iter().filter_map(|w| w.join().ok()).collect()
    });
    bar.finish_and_clear();
    if let Some(why) = failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Ok(fail(2, why, &[]));
    }
    let mut tally = DelveTally::default();
    for share in &shares {
        tally.merge(share);
    }
    let interrupted = handled && stop.load(Ordering::Relaxed) && tally.runs < runs;
    if interrupted {
        eprintln!(
            "interrupted: the summary covers the {} expeditions played so far",
            tally.runs
        );
    }
    if let Some(rows) = rows
        && let Err(why) = rows.finish(&header)
    {
        return Ok(fail(1, format!("cannot write {csv_name}: {why}"), &[]));
    }
    if let Some(file) = csv
        && let Err(why) = file.finish()
    {
        return Ok(fail(1, why, &[]));
    }
    // A CSV or JSON on standard output takes it: the summary goes to standard error.
    let mut stderr = io::stderr();
    let json_on_stdout = matches!(json, Some(JsonOut::Stdout));
    let text: &mut dyn Write = if csv_on_stdout || json_on_stdout {
        &mut stderr
    } else {
        out
    };
    summarize(spec, &tally, args.seed, text)?;
    let results = DelveResults {
        schema: RESULTS_SCHEMA,
        fray_version: env!("CARGO_PKG_VERSION"),
        expedition: &spec.id,
        ruleset: &spec.ruleset,
        seed: args.seed,
        runs_asked: runs,
        means: DelveMeans::of(&tally),
        tally: &tally,
    };
    let tally_json = serde_json::to_string(&results).map_err(io::Error::other)?;
    if let Some(code) = write_json(json, &tally_json, out)? {
        return Ok(code);
    }
    if let Some(path) = &args.plot
        && let Err(e) = draw_whole(path, |at| {
            plot_survival(&delve_plot::chart(spec, &tally), at)
        })
    {
        return Ok(fail(1, e, &[]));
    }
    if interrupted {
        // The summary is out; the exit says it is partial (128 + SIGINT).
        return Ok(ExitCode::from(130));
    }
    Ok(ExitCode::SUCCESS)
}

/// A batch of expeditions' JSON: how it was made, then the tally's totals
/// (`docs/results.md`).
#[derive(Serialize)]
struct DelveResults<'a> {
    /// [`RESULTS_SCHEMA`].
    schema: u32,
    /// The Fray version that played it.
    fray_version: &'static str,
    /// The expedition's id.
    expedition: &'a str,
    /// Its ruleset.
    ruleset: &'a str,
    /// The master seed.
    seed: u64,
    /// The runs asked for (`runs` says how many were played: fewer after a Ctrl-C).
    runs_asked: u64,
    /// The totals per run played, as the text summary gives them.
    means: DelveMeans,
    /// The totals.
    #[serde(flatten)]
    tally: &'a DelveTally,
}

/// The means per expedition of a batch's totals (what the text summary prints).
#[derive(Serialize)]
struct DelveMeans {
    /// Exploration turns.
    turns: f64,
    /// Hours of game time.
    hours: f64,
    /// Monsters met.
    met: f64,
    /// Wandering monsters met.
    wandering: f64,
    /// Fights.
    fights: f64,
    /// Torches used.
    torches: f64,
    /// Rations used.
    rations: f64,
    /// Gold carried out.
    treasure: f64,
    /// XP gained.
    xp: f64,
}

impl DelveMeans {
    /// The means of `tally`'s totals (zeros when no run was played).
    fn of(tally: &DelveTally) -> Self {
        Self {
            turns: tally.mean(tally.turns),
            hours: tally.mean(tally.seconds) / 3_600.0,
            met: tally.mean(tally.met),
            wandering: tally.mean(tally.wandering),
            fights: tally.mean(tally.fights),
            torches: tally.mean(tally.torches),
            rations: tally.mean(tally.rations),
            treasure: tally.mean(tally.treasure),
            xp: tally.mean(tally.xp),
        }
    }
}

/// CSV records as bytes.
fn csv_bytes(records: impl IntoIterator<Item = Vec<String>>) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for record in records {
        // Writing into memory cannot fail.
        let _ = writer.write_record(&record);
    }
    writer.into_inner().unwrap_or_default()
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
        "{}: {} (seed {seed})",
        spec.name,
        counted(tally.runs, "expedition", "expeditions")
    )?;
    writeln!(out, "How they ended:")?;
    for (ending, n) in &tally.endings {
        writeln!(
            out,
            "  {}: {n} ({:.1}%)",
            ExpeditionEnding::label_of(ending),
            tally.mean(*n) * 100.0
        )?;
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
    // Day-long turns (a wilderness) are told in days, the others in hours.
    let (span, unit) = if tally.turn >= GameTime::DAY {
        (86_400.0, "days")
    } else {
        (3_600.0, "hours")
    };
    write!(
        out,
        "Per expedition: {:.1} turns ({:.2} {unit}), {:.2} monsters met ({:.2} wandering), {:.2} fights, {:.2} torches and {:.2} rations used, {:.1} gp carried out",
        tally.mean(tally.turns),
        tally.mean(tally.seconds) / span,
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
