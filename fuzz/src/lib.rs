//! What Fray's fuzz targets share: every ruleset as the conformance suite sees it, and where
//! the built-in content lies.

pub mod fight;

use std::path::PathBuf;

use fray::archmage::prelude::COUP_DE_GRACE;
use fray::bx::vocabulary::SUBDUE;
use fray::dierank::vocabulary::PRESS;
use fray::oho::body::BodyPart;
use fray_testkit::conformance::Conformance;
use fray_testkit::harness::Bench;

/// The built-in content folder (`content/` at the repository's root).
pub fn content_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../content")
}

/// Every ruleset, as its own conformance test describes it: its built-in content, its plugin
/// and its own maneuvers.
pub fn rulesets() -> [Conformance; 5] {
    [ARCHMAGE, OHO, BX, DIERANK, LITE5E]
}

const ARCHMAGE: Conformance = Conformance::new(Bench {
    ruleset: "archmage",
    loader: || {
        fray::content::loader::ContentLoader::new()
            .with_schema(fray::archmage::schema())
            .with_policies(fray::ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(fray::archmage::FrayArchmagePlugin);
    },
    blocks: "[]",
})
.with_maneuvers(&[COUP_DE_GRACE]);

const OHO: Conformance = Conformance::new(Bench {
    ruleset: "oho",
    loader: || {
        fray::content::loader::ContentLoader::new()
            .with_schema(fray::oho::schema())
            .with_policies(fray::ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(fray::oho::FrayOhoPlugin);
    },
    blocks: "[]",
})
.with_maneuvers(&[
    BodyPart::Head.maneuver(),
    BodyPart::Arm.maneuver(),
    BodyPart::Leg.maneuver(),
    BodyPart::Groin.maneuver(),
]);

const BX: Conformance = Conformance::new(Bench {
    ruleset: "bx",
    loader: || {
        fray::content::loader::ContentLoader::new()
            .with_schema(fray::bx::schema())
            .with_policies(fray::ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(fray::bx::FrayBxPlugin);
    },
    blocks: "[]",
})
.with_maneuvers(&[SUBDUE]);

const DIERANK: Conformance = Conformance::new(Bench {
    ruleset: "dierank",
    loader: || {
        fray::content::loader::ContentLoader::new()
            .with_schema(fray::dierank::schema())
            .with_policies(fray::ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(fray::dierank::FrayDierankPlugin);
    },
    blocks: "[]",
})
.with_maneuvers(&[PRESS]);

const LITE5E: Conformance = Conformance::new(Bench {
    ruleset: "lite5e",
    loader: || {
        fray::content::loader::ContentLoader::new()
            .with_schema(fray::lite5e::schema())
            .with_policies(fray::ai::POLICY_NAMES)
    },
    install: |app| {
        app.add_plugins(fray::lite5e::FrayLite5ePlugin);
    },
    blocks: "[]",
});
