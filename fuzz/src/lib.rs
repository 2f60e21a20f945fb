//! What Fray's fuzz targets share: every ruleset as the conformance suite sees it, and where
//! the built-in content lies.

pub mod fight;

use std::path::PathBuf;

use fray_testkit::conformance::Conformance;

/// The built-in content folder (`content/` at the repository's root).
pub fn content_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../content")
}

/// Every ruleset of the facade's list, as its own conformance test describes it: its
/// built-in content, its plugin and its own maneuvers.
pub fn rulesets() -> Vec<Conformance> {
    fray::RULESETS
        .iter()
        .copied()
        .map(Conformance::of)
        .collect()
}
