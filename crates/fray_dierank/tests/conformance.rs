//! The conformance suite, run on die-rank's built-in content.

use fray_dierank::FrayDierankPlugin;
use fray_dierank::vocabulary::PRESS;
use fray_testkit::prelude::*;

/// Die-rank, as the suite sees it: its built-in content, its plugin, and its one maneuver of
/// its own (a major attack pressed on with a mastery point).
const DIERANK: Conformance = Conformance::new(Bench {
    ruleset: "dierank",
    loader: || {
        fray_content::loader::ContentLoader::new()
            .with_schema(fray_dierank::schema())
            .with_policies(fray_ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(FrayDierankPlugin);
    },
    blocks: "[]",
})
.with_maneuvers(&[PRESS]);

fray_testkit::conformance_suite!(DIERANK);
