//! Every B/X content file loads, with the statblocks and encounters the issue asks for (the
//! conformance suite plays every encounter with each AI policy).

use std::sync::{Arc, OnceLock};

use fray_content::db::ContentDb;

use crate::bench::BENCH;

/// `content/bx`, loaded once.
fn content() -> Arc<ContentDb> {
    static DB: OnceLock<Arc<ContentDb>> = OnceLock::new();
    DB.get_or_init(|| BENCH.content()).clone()
}

#[test]
fn every_bx_content_file_loads() {
    let db = content();
    let count = |kind: &str| {
        db.statblock_summaries("bx")
            .iter()
            .filter(|s| s.kind == kind)
            .count()
    };
    assert!(count("monster") >= 10);
    assert!(count("character") >= 12);
    assert!(count("class") >= 4);
    assert!(count("spell") >= 4);
    assert!(db.encounters().filter(|e| e.ruleset == "bx").count() >= 5);
}
