//! Pages to look at: `fray run --html`, `fray batch --html`, `fray merge --html` and `fray
//! delve --html` write one self-contained HTML file (no network, no external scripts or
//! fonts) in which a fight plays back on its map, a batch's report opens its runs worth
//! watching, and an expedition plays back with its clock.
//!
//! Each page is the same shell ([`page`]): the stylesheet and the scripts inline, and the
//! page's data as one JSON blob in a `<script type="application/json">` element, which the
//! scripts render. The data is documented in `docs/replay.md`.

pub(crate) mod batch;
pub(crate) mod delve;
pub(crate) mod page;
pub(crate) mod replay;

use std::path::Path;

/// Refuses `--html -` and a page whose folder does not exist, before any work.
pub(crate) fn check_path(path: Option<&Path>) -> Result<(), String> {
    match path {
        Some(p) if p.as_os_str() == "-" => {
            Err("--html - : a page is written to a file (try --html fight.html)".to_string())
        }
        other => crate::batch::check_plot_path(other),
    }
}
