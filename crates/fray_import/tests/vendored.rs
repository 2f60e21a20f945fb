//! The vendored bestiaries import: at least 90% of each, whole or partly.

use std::collections::BTreeSet;
use std::path::PathBuf;

use fray_import::open5e::Open5eFiles;

fn vendor(path: &str) -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vendor");
    std::fs::read(root.join(path)).unwrap_or_default()
}

#[test]
fn the_srd_imports_at_least_nine_in_ten() {
    let (c, a, t, r) = (
        vendor("open5e-srd-2014/Creature.json"),
        vendor("open5e-srd-2014/CreatureAction.json"),
        vendor("open5e-srd-2014/CreatureActionAttack.json"),
        vendor("open5e-srd-2014/CreatureTrait.json"),
    );
    let files = Open5eFiles {
        creatures: &c,
        actions: &a,
        attacks: &t,
        traits: &r,
    };
    let import = fray_import::lite5e::import(files, &BTreeSet::new());
    let Ok(import) = import else {
        panic!("{:?}", import.err());
    };
    let counts = import.report.counts();
    println!("{}", import.report.to_text(false));
    assert_eq!(counts.total(), 325);
    assert!(
        (counts.whole + counts.partly) * 10 >= counts.total() * 9,
        "{counts:?}"
    );
}

#[test]
fn the_bfrpg_bestiary_imports_at_least_nine_in_ten() {
    let import =
        fray_import::bx::import(&vendor("bfrpg-bestiary/monsterdata.json"), &BTreeSet::new());
    let Ok(import) = import else {
        panic!("{:?}", import.err());
    };
    let counts = import.report.counts();
    println!("{}", import.report.to_text(false));
    assert_eq!(counts.total(), 293);
    assert!(
        (counts.whole + counts.partly) * 10 >= counts.total() * 9,
        "{counts:?}"
    );
}
