//! The vendored bestiaries import: at least 90% of each, whole or partly.

use std::collections::BTreeSet;
use std::path::PathBuf;

use fray_import::open5e::Open5eFiles;

fn vendor(path: &str) -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../vendor");
    std::fs::read(root.join(path)).unwrap_or_default()
}

/// The vendored SRD's four data files, read.
struct Srd {
    creatures: Vec<u8>,
    actions: Vec<u8>,
    attacks: Vec<u8>,
    traits: Vec<u8>,
}

impl Srd {
    fn read() -> Self {
        Self {
            creatures: vendor("open5e-srd-2014/Creature.json"),
            actions: vendor("open5e-srd-2014/CreatureAction.json"),
            attacks: vendor("open5e-srd-2014/CreatureActionAttack.json"),
            traits: vendor("open5e-srd-2014/CreatureTrait.json"),
        }
    }

    fn files(&self) -> Open5eFiles<'_> {
        Open5eFiles {
            creatures: &self.creatures,
            actions: &self.actions,
            attacks: &self.attacks,
            traits: &self.traits,
        }
    }
}

#[test]
fn the_srd_imports_at_least_nine_in_ten() {
    let srd = Srd::read();
    let files = srd.files();
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

/// The statblock `id` of an import, parsed back with the ruleset's own type.
fn parsed<T: serde::de::DeserializeOwned>(import: &fray_import::Import, id: &str) -> T {
    let file = import.files.iter().find(|f| f.name == format!("{id}.ron"));
    let text = file.map(|f| f.text.as_str()).unwrap_or_default();
    let mut blocks: Vec<T> = ron::Options::default()
        .with_default_extension(
            ron::extensions::Extensions::IMPLICIT_SOME
                | ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES,
        )
        .from_str(text)
        .unwrap_or_else(|e| panic!("{id}: {e}"));
    blocks.pop().unwrap_or_else(|| panic!("{id}: no statblock"))
}

#[test]
fn the_srd_goblin_deals_its_damage_with_lite5e_s_modifier() {
    use fray_lite5e::statblock::{AttackKind, L5Block, Reach};
    let srd = Srd::read();
    let files = srd.files();
    let Ok(import) = fray_import::lite5e::import(files, &BTreeSet::new()) else {
        panic!("the SRD imports");
    };
    let L5Block::Monster(goblin) = parsed::<L5Block>(&import, "goblin") else {
        panic!("a monster");
    };
    // SRD: STR 8, DEX 14, AC 15, 7 hp, 2d6 HD; scimitar 1d6 + 2 (DEX, finesse): lite5e's melee
    // adds STR -1, so the dice carry +3.
    assert_eq!(
        (goblin.str, goblin.dex, goblin.ac, goblin.hp, goblin.level),
        (8, 14, 15, 7, 2)
    );
    let attacks: Vec<(&str, AttackKind, String, Reach)> = goblin
        .attacks
        .iter()
        .map(|a| (a.name.as_str(), a.kind, a.damage.to_string(), a.reach))
        .collect();
    assert_eq!(
        attacks,
        vec![
            (
                "Scimitar",
                AttackKind::Melee,
                "d6+3".to_string(),
                Reach::Close
            ),
            ("Shortbow", AttackKind::Ranged, "d6".to_string(), Reach::Far),
        ]
    );
    let L5Block::Monster(aboleth) = parsed::<L5Block>(&import, "aboleth") else {
        panic!("a monster");
    };
    // Its tentacle's DC 14 Constitution save against disease corrupts (L5-25).
    assert_eq!(aboleth.corrupts, Some(14));
}

#[test]
fn the_bfrpg_cave_bear_in_bx_numbers() {
    use fray_bx::statblock::BxBlock;
    let Ok(import) =
        fray_import::bx::import(&vendor("bfrpg-bestiary/monsterdata.json"), &BTreeSet::new())
    else {
        panic!("the bestiary imports");
    };
    let BxBlock::Monster(bear) = parsed::<BxBlock>(&import, "bear-cave") else {
        panic!("a monster");
    };
    // BFRPG: AC 15, 7 HD, 40' a round, 2 claws 1d8 and a bite 2d6 (+ hug, left out).
    assert_eq!((bear.ac, bear.hd.as_str(), bear.movement), (5, "7", 120));
    let damage: Vec<&str> = bear.attacks.iter().map(|a| a.damage.as_str()).collect();
    assert_eq!(damage, vec!["1d8", "1d8", "2d6"]);
}
