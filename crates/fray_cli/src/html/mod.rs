//! Pages to look at: `fray run`, `batch`, `merge`, `delve`, `compare` and `tune` take `--html
//! FILE` and write one self-contained HTML file (no network, no external scripts or fonts) in
//! which a fight plays back on its map, a batch's report opens its runs worth watching, an
//! expedition plays back with its clock, a comparison gives its verdict beside both
//! distributions, and a tuning draws its curve and the knob it chose.
//!
//! Each page is the same shell ([`page`]): the stylesheet and the scripts inline, and the
//! page's data as one JSON blob in a `<script type="application/json">` element, which the
//! scripts render. The data is documented in `docs/replay.md`.

pub(crate) mod batch;
pub(crate) mod compare;
pub(crate) mod delve;
pub(crate) mod page;
pub(crate) mod replay;
pub(crate) mod tune;

use std::path::Path;

/// Refuses `--html -` and a page whose folder does not exist, before any work.
pub(crate) fn check_path(path: Option<&Path>) -> Result<(), String> {
    match path {
        Some(p) if p.as_os_str() == "-" => {
            Err("--html - : a page is written to a file (try --html fight.html)".to_string())
        }
        other => crate::output::check_plot_path(other),
    }
}
