//! The CSV of a batch's runs: one row per run (index, seed, winner, ending, rounds, turns,
//! actions, rejections, and each combatant's final status and HP), formatted by the worker that
//! played the run.

use std::fmt::{Display, Write as _};

use crate::finished::{CombatantEnd, FinishedRun};
use crate::in_order::Piece;

/// The columns before the combatants'.
const RUN_COLUMNS: [&str; 8] = [
    "run",
    "seed",
    "winner",
    "ending",
    "rounds",
    "turns",
    "actions",
    "rejections",
];

/// The rows of consecutive runs (one chunk), and the header their first row's roster gives.
pub(crate) struct CsvRows {
    rows: csv::Writer<Vec<u8>>,
    header: Option<Vec<u8>>,
    field: String,
}

impl CsvRows {
    /// No rows yet.
    pub(crate) fn new() -> Self {
        Self {
            rows: csv::Writer::from_writer(Vec::new()),
            header: None,
            field: String::new(),
        }
    }

    /// Adds the row of run `index`, played from `seed`; `sides` are the side names (a winner's
    /// column shows its name, `draw` if none).
    pub(crate) fn push<'w>(
        &mut self,
        index: u64,
        seed: u64,
        finished: &FinishedRun<impl Iterator<Item = CombatantEnd<'w>> + Clone>,
        sides: &[String],
    ) -> csv::Result<()> {
        if self.header.is_none() {
            self.header = Some(header(finished.combatants.clone().map(|c| c.name))?);
        }
        let run = &finished.run;
        self.field(index)?;
        self.field(seed)?;
        match run.winner.and_then(|s| sides.get(usize::from(s))) {
            Some(name) => self.rows.write_field(name)?,
            None => self.rows.write_field("draw")?,
        }
        self.field(format_args!("{:?}", run.ending))?;
        self.field(run.rounds)?;
        self.field(run.turns)?;
        self.field(run.actions)?;
        self.field(run.rejections)?;
        for c in finished.combatants.clone() {
            self.field(format_args!("{:?}", c.status))?;
            self.field(c.hp)?;
        }
        self.rows.write_record(None::<&[u8]>)
    }

    /// The rows as a piece of the file, for the runs up to `end` (excluded).
    pub(crate) fn finish(self, end: u64) -> csv::Result<Piece> {
        let rows = self
            .rows
            .into_inner()
            .map_err(|e| csv::Error::from(e.into_error()))?;
        Ok(Piece {
            end,
            header: self.header,
            bytes: rows,
        })
    }

    fn field(&mut self, value: impl Display) -> csv::Result<()> {
        self.field.clear();
        // Writing into a String cannot fail.
        let _ = write!(self.field, "{value}");
        self.rows.write_field(&self.field)
    }
}

/// The header line for a roster of these names: the run columns, then `NAME status` and
/// `NAME hp` for each combatant.
pub(crate) fn header<'a>(names: impl Iterator<Item = &'a str>) -> csv::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for column in RUN_COLUMNS {
        w.write_field(column)?;
    }
    for name in names {
        w.write_field(format!("{name} status"))?;
        w.write_field(format!("{name} hp"))?;
    }
    w.write_record(None::<&[u8]>)?;
    w.into_inner().map_err(|e| csv::Error::from(e.into_error()))
}
