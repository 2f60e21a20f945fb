//! The conformance suite, run on archmage's built-in content.

use fray_testkit::prelude::*;

/// Archmage, as the suite sees it: its built-in content, its plugin and its own maneuvers.
const ARCHMAGE: Conformance = Conformance::of(fray_archmage::RULESET);

fray_testkit::conformance_suite!(ARCHMAGE);
