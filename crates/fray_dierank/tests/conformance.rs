//! The conformance suite, run on die-rank's built-in content.

use fray_testkit::prelude::*;

/// Die-rank, as the suite sees it: its built-in content, its plugin and its own maneuvers.
const DIERANK: Conformance = Conformance::of(fray_dierank::RULESET);

fray_testkit::conformance_suite!(DIERANK);
