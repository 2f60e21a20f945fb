//! An expedition's page (`fray delve --html`): its log as a timeline with the clock, and the
//! party at the end.

use fray_explore::log::ExploreEntry;
use fray_explore::report::DelveSummary;
use fray_explore::time::GameTime;
use serde_json::{Value, json};

/// The version of an expedition page's data layout (`docs/replay.md`).
pub(crate) const DELVE_PAGE_SCHEMA: u32 = 1;

/// The page data of one expedition: its entries (with the clock and the text the narration
/// prints) and its summary.
pub(crate) fn delve_data(
    title: &str,
    seed: u64,
    command: &str,
    entries: &[ExploreEntry],
    summary: &DelveSummary,
    clock: fn(GameTime) -> String,
) -> Value {
    let entries: Vec<Value> = entries
        .iter()
        .map(|entry| {
            json!({
                "clock": clock(entry.at),
                "text": entry.event.text(),
                "event": serde_json::to_value(&entry.event).unwrap_or(Value::Null),
            })
        })
        .collect();
    json!({
        "schema": DELVE_PAGE_SCHEMA,
        "title": title,
        // A string: a script's numbers hold 53 bits, a seed 64.
        "seed": seed.to_string(),
        "command": command,
        "entries": entries,
        "summary": serde_json::to_value(summary).unwrap_or(Value::Null),
    })
}
