//! The conformance suite, run on OHO's built-in content.

use fray_oho::FrayOhoPlugin;
use fray_oho::body::BodyPart;
use fray_testkit::prelude::*;

/// OHO, as the suite sees it: its built-in content (no test statblocks), its plugin, and its
/// maneuvers of its own (a called shot at each body part).
const OHO: Conformance = Conformance::new(Bench {
    ruleset: "oho",
    loader: || {
        fray_content::loader::ContentLoader::new()
            .with_schema(fray_oho::schema())
            .with_policies(fray_ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(FrayOhoPlugin);
    },
    blocks: "[]",
})
.with_maneuvers(&[
    BodyPart::Head.maneuver(),
    BodyPart::Arm.maneuver(),
    BodyPart::Leg.maneuver(),
    BodyPart::Groin.maneuver(),
]);

fray_testkit::conformance_suite!(OHO);
