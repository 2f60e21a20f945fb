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

/// The problems the B/X loader finds in `text`, as the file `t/bx/blocks.ron`.
fn problems_of(text: &str) -> Vec<String> {
    let loader = crate::bench::BENCH.loader();
    let mut db = ContentDb::default();
    loader
        .add_source(
            &mut db,
            fray_content::source::SourceFile::new("t/bx/blocks.ron", text),
        )
        .unwrap();
    loader
        .validate(&mut db)
        .iter()
        .map(ToString::to_string)
        .collect()
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

#[test]
fn a_statblock_problem_points_at_the_field_it_is_about() {
    // These problems pointed at the statblock's id (issue 14, misplaced diagnostics); each
    // points at its field now, where the file writes it.
    let text = r#"[
    Class(id: "odd", name: "Odd",
        thac0: [19, 19],
        saves: [(12, 13, 14, 15, 16)]),
    Spell(id: "nothing", name: "Nothing", range: 10,
        effect: Save(save: Spells)),
    Monster(id: "statue", name: "Statue", hd: "1", ac: 6, move: 60, morale: 7,
        attacks: []),
]
"#;
    let problems = problems_of(text);
    for expected in [
        "t/bx/blocks.ron:3:9: odd: a class needs one `thac0` and one `saves` row per level",
        "t/bx/blocks.ron:6:9: nothing: the spell does nothing",
        "t/bx/blocks.ron:8:9: statue: a monster needs at least one attack",
    ] {
        assert!(
            problems.iter().any(|p| p.starts_with(expected)),
            "no `{expected}` in {problems:#?}"
        );
    }
}

#[test]
fn a_shield_magic_bonus_needs_a_shield_and_a_sane_value() {
    let text = r#"[
    Class(id: "warrior", name: "Warrior", thac0: [19], saves: [(12, 13, 14, 15, 16)]),
    Character(id: "bare", name: "Bare", class: "warrior", level: 1, hp: 8, ac: 5,
        shield_magic: 1),
    Character(id: "relic", name: "Relic", class: "warrior", level: 1, hp: 8, ac: 5,
        shield: true, shield_magic: 9),
]
"#;
    let problems = problems_of(text);
    for expected in [
        "bare: a shield's magic bonus needs a shield",
        "relic: a shield's magic bonus is 9; it must be within 0..5",
    ] {
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "no `{expected}` in {problems:#?}"
        );
    }
}

#[test]
fn damage_that_never_rolls_above_0_is_refused() {
    // Issue 32 F.26: damage that could never be positive was accepted and silently dealt
    // nothing.
    let text = r#"[
    Monster(id: "toothless", name: "Toothless", hd: "1", ac: 7, move: 90,
        attacks: [(name: "gum", damage: "1d4-20")]),
]
"#;
    let problems = problems_of(text);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("damage `1d4-20` never rolls above -16")),
        "{problems:#?}"
    );
}

#[test]
fn casts_tells_the_built_in_casters_from_the_others() {
    // A magic-user and a cleric with a memorized spell each; a fighter, a thief and goblins
    // with none.
    fray_testkit::standing::assert_casters(
        &BENCH,
        "bx-goblin-cave",
        &["magic-user-1", "cleric-1"],
        &[
            "fighter-1",
            "thief-1",
            "mire-goblin",
            "goblin-slinger",
            "tusked-brute",
        ],
    );
}

#[test]
fn bx24_can_harm_tells_who_cannot_touch_the_crypts_shade() {
    // The barrow shade takes harm from silver or magic only. The Swordmaster's sword is
    // silver, the Curate's war hammer +1 is magic, and the Evoker has a dart of magic left:
    // they can harm it. The Cutpurse's and the Greatsword's blades are plain: they cannot.
    // Every other pair of foes can harm each other.
    fray_testkit::standing::assert_harmless(
        &BENCH,
        "bx-crypt-ghouls",
        &[
            ("thief-3", "barrow-shade"),
            ("greatsword-2", "barrow-shade"),
        ],
    );
}

#[test]
fn bx24_can_harm_ends_with_the_last_use_of_a_damaging_spell() {
    // The Evoker's staff is plain: only its damaging spells (the arcane dart, the ember
    // burst) harm the barrow shade. With one use of one of them left it can still harm it;
    // with every use spent, it cannot. Its binding word, which deals no damage, counts for
    // nothing either way.
    let harms_shade = |leave_one: bool| {
        let harm = fray_testkit::standing::harm_after(&BENCH, "bx-crypt-ghouls", |world, fight| {
            let evoker = world
                .get::<fray_core::encounter::Roster>(fight)
                .and_then(|r| r.entries.iter().find(|e| e.statblock == "magic-user-3"))
                .map(|e| e.entity)
                .expect("the crypt party has its Evoker");
            let sheet = world
                .get::<fray_bx::prelude::Sheet>(evoker)
                .expect("the Evoker has a sheet")
                .0
                .clone();
            let mut state = world
                .get_mut::<fray_bx::prelude::BxState>(evoker)
                .expect("the Evoker has its state");
            let mut damaging: Vec<(u16, u8)> = sheet
                .powers
                .iter()
                .enumerate()
                .filter(|(_, p)| p.power.damages())
                .map(|(i, p)| (u16::try_from(i).unwrap(), p.uses))
                .collect();
            assert_eq!(damaging.len(), 2, "the dart and the burst");
            if leave_one {
                damaging[1].1 -= 1;
            }
            for (i, uses) in damaging {
                for _ in 0..uses {
                    state.use_power(fray_core::ids::AbilityId(i));
                }
            }
        });
        harm[&("magic-user-3".to_string(), "barrow-shade".to_string())]
    };
    assert!(harms_shade(true), "one use of a damaging spell left");
    assert!(!harms_shade(false), "every use spent");
}

#[test]
fn bx20_strikes_later_from_here_names_who_has_a_missile_in_range() {
    // Before the first movement, nobody is in melee: the goblin slingers in the den and the
    // party's thief carry slings (long range 160 feet), which reach across the cave; the
    // others carry no missile. It is what keeps a `keep_range` slinger in its den in the
    // movement step, which offers no missile.
    let later = fray_testkit::standing::strikes_later(&BENCH, "bx-goblin-cave");
    let expected: Vec<(&str, bool)> = vec![
        ("cleric-1", false),
        ("fighter-1", false),
        ("goblin-slinger", true),
        ("magic-user-1", false),
        ("mire-goblin", false),
        ("thief-1", true),
        ("tusked-brute", false),
    ];
    let got: Vec<(&str, bool)> = later.iter().map(|(id, l)| (id.as_str(), *l)).collect();
    assert_eq!(got, expected);
}
