//! A comparison's page (`fray compare --html`, `fray merge --html` of a comparison's parts):
//! the verdict with its tests, and A's and B's distributions side by side.

use std::path::Path;

use fray_sim::compare::Comparison;
use serde_json::{Value, json};

use super::page::{PageKind, page, write_page};
use crate::output::AtomicFile;

/// The version of a comparison page's data layout (`docs/replay.md`).
pub(crate) const COMPARE_PAGE_SCHEMA: u32 = 1;

/// The page data of a comparison: the comparison's JSON (as `--json` writes it, without the
/// reports' exact totals) and its table as text.
pub(crate) fn compare_data(comparison: &Comparison) -> Value {
    let mut value = serde_json::to_value(comparison).unwrap_or(Value::Null);
    for arm in ["a", "b"] {
        if let Some(report) = value.get_mut(arm).and_then(Value::as_object_mut) {
            report.remove("totals");
            // A string: a script's numbers hold 53 bits, a seed 64.
            let seed = report
                .get("seed")
                .map(|s| s.to_string())
                .unwrap_or_default();
            report.insert("seed".into(), Value::String(seed));
        }
    }
    json!({
        "schema": COMPARE_PAGE_SCHEMA,
        "title": format!("{} vs {}", comparison.a_label, comparison.b_label),
        "comparison": value,
        "table": comparison.table(),
    })
}

/// Writes a comparison's page to `path`, whole.
pub(crate) fn write_compare_page(path: &Path, comparison: &Comparison) -> Result<(), String> {
    let file = AtomicFile::create(path)?;
    let title = format!("{} vs {}", comparison.a_label, comparison.b_label);
    write_page(
        file,
        &page(PageKind::Compare, &title, &compare_data(comparison)),
    )
}
