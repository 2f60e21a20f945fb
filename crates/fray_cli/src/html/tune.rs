//! A tuning's page (`fray tune --html`, `fray merge --html` of a sweep's parts): the curve with
//! its interval band, the target and the chosen value of the knob (the page draws them from
//! the tuning's JSON).

use std::path::Path;

use fray_sim::tune::Tuned;
use serde_json::{Value, json};

use super::page::{PageKind, page, write_page};
use crate::output::AtomicFile;

/// The version of a tuning page's data layout (`docs/replay.md`).
pub(crate) const TUNE_PAGE_SCHEMA: u32 = 1;

/// The page data of a tuning: its JSON (as `fray merge --json` writes a sweep's) and its
/// table as text.
pub(crate) fn tune_data(tuned: &Tuned) -> Result<Value, String> {
    Ok(json!({
        "schema": TUNE_PAGE_SCHEMA,
        "title": format!("{}: {} for {}", tuned.encounter, tuned.knob, tuned.side),
        "knob": tuned.knob.to_string(),
        "tuned": serde_json::to_value(tuned).map_err(|e| e.to_string())?,
        "table": tuned.table(),
    }))
}

/// Writes a tuning's page to `path`, whole.
pub(crate) fn write_tune_page(path: &Path, tuned: &Tuned) -> Result<(), String> {
    let file = AtomicFile::create(path)?;
    let data = tune_data(tuned)?;
    write_page(file, &page(PageKind::Tune, &tuned.encounter, &data))
}
