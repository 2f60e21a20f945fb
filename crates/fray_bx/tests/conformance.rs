//! The conformance suite, run on B/X's built-in content.

use fray_bx::FrayBxPlugin;
use fray_bx::vocabulary::SUBDUE;
use fray_testkit::prelude::*;

/// B/X, as the suite sees it: its built-in content, its plugin, and its one maneuver of its
/// own (a blow to subdue).
const BX: Conformance = Conformance::new(Bench {
    ruleset: "bx",
    loader: || {
        fray_content::loader::ContentLoader::new()
            .with_schema(fray_bx::schema())
            .with_policies(fray_ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(FrayBxPlugin);
    },
    blocks: "[]",
})
.with_maneuvers(&[SUBDUE]);

fray_testkit::conformance_suite!(BX);
