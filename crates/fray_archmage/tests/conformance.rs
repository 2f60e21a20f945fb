//! The conformance suite, run on archmage's built-in content.

use fray_archmage::prelude::*;
use fray_testkit::prelude::*;

/// Archmage, as the suite sees it: its built-in content (no test statblocks), its plugin, and
/// its one maneuver of its own.
const ARCHMAGE: Conformance = Conformance::new(Bench {
    ruleset: "archmage",
    loader: || {
        fray_content::loader::ContentLoader::new()
            .with_schema(fray_archmage::schema())
            .with_policies(fray_ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(FrayArchmagePlugin);
    },
    blocks: "[]",
})
.with_maneuvers(&[COUP_DE_GRACE]);

fray_testkit::conformance_suite!(ARCHMAGE);
