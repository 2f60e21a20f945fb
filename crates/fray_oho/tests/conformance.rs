//! The conformance suite, run on OHO's built-in content.

use fray_testkit::prelude::*;

/// OHO, as the suite sees it: its built-in content, its plugin and its own maneuvers.
const OHO: Conformance = Conformance::of(fray_oho::RULESET);

fray_testkit::conformance_suite!(OHO);
