//! The conformance suite, run on lite5e's built-in content.

use fray_lite5e::FrayLite5ePlugin;
use fray_testkit::prelude::*;

/// Lite5e, as the suite sees it: its built-in content and its plugin.
const LITE5E: Conformance = Conformance::new(Bench {
    ruleset: "lite5e",
    loader: || {
        fray_content::loader::ContentLoader::new()
            .with_schema(fray_lite5e::schema())
            .with_policies(fray_ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(FrayLite5ePlugin);
    },
    blocks: "[]",
});

fray_testkit::conformance_suite!(LITE5E);
