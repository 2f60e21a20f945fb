//! The conformance suite, run on B/X's built-in content.

use fray_testkit::prelude::*;

/// B/X, as the suite sees it: its built-in content, its plugin and its own maneuvers.
const BX: Conformance = Conformance::of(fray_bx::RULESET);

fray_testkit::conformance_suite!(BX);
