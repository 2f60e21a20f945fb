//! Rules of where a combatant stands and how it leaves: unstable surfaces and water (BX-24),
//! mercenary morale (BX-25), leaving the battle, a side whose foes are all helpless, and the
//! evasion hook before combat (BX-13). Dice forced.

use fray_bx::sheet::Sheet;
use fray_core::prelude::*;

use crate::bench::{SHIP, SINGLE, fight};

fn has(f: &fray_testkit::harness::Fight, text: &str) -> bool {
    f.log().contains(text)
}

fn attack(f: &fray_testkit::harness::Fight, target: &str, n: u16) -> Intent {
    Intent::Attack {
        target: f.who(target),
        attack: AttackId(n),
        maneuver: Maneuver::STANDARD,
    }
}

#[test]
fn bx24_missiles_from_an_unstable_surface_are_at_minus_4() {
    let mut f = fight(
        SHIP,
        &[("archer", 1, "deck")],
        &[("orc", 1, "shore")],
        "",
        &[6, 1, 12],
    );
    f.end_turn();
    f.ok("Archer", attack(&f, "Orc", 1));
    assert!(
        has(
            &f,
            "d20+1+1-4 = [12] + 1 (DEX) + 1 (short range) - 4 (unstable footing) = 10"
        ),
        "{}",
        f.log()
    );
}

#[test]
fn bx24_no_spell_is_cast_on_an_unstable_surface() {
    let mut f = fight(
        SHIP,
        &[("mage", 1, "deck")],
        &[("orc", 1, "shore")],
        "",
        &[6, 1],
    );
    let spell = Intent::UseAbility {
        ability: AbilityId(0),
        target: Some(f.who("Orc")),
    };
    let reason = f.act("Mage", spell).expect("refused");
    assert!(reason.to_string().contains("unstable surface"), "{reason}");
}

#[test]
fn bx24_blows_struck_in_water_are_at_minus_2_to_hit_and_damage() {
    let mut f = fight(
        SHIP,
        &[("fighter", 1, "pool")],
        &[("orc", 1, "pool")],
        "",
        &[6, 1, 15, 5],
    );
    f.ok(
        "Fighter",
        Intent::Engage {
            target: f.who("Orc"),
        },
    );
    f.ok("Fighter", attack(&f, "Orc", 0));
    assert!(
        has(&f, "d20+1-2 = [15] + 1 (STR) - 2 (in water) = 14"),
        "{}",
        f.log()
    );
    assert!(
        has(&f, "d6+1-2 = [5] + 1 (STR) - 2 (in water) = 4"),
        "{}",
        f.log()
    );
    assert_eq!(f.hp("Orc").current, 1);
}

#[test]
fn bx24_missiles_do_not_work_in_water() {
    let mut f = fight(
        SHIP,
        &[("archer", 1, "pool")],
        &[("orc", 1, "shore")],
        "",
        &[6, 1],
    );
    f.end_turn();
    let reason = f.act("Archer", attack(&f, "Orc", 1)).expect("refused");
    assert!(
        reason.to_string().contains("do not work in water"),
        "{reason}"
    );
}

#[test]
fn bx25_mercenary_morale_comes_from_the_troop_type() {
    use fray_bx::statblock::{TroopKind, TroopsBlock};
    let troops = |kind, mounted, elite, fanatic| TroopsBlock {
        kind,
        mounted,
        elite,
        fanatic,
    };
    assert_eq!(troops(TroopKind::Militia, false, false, false).morale(), 6);
    assert_eq!(
        troops(TroopKind::Barbarians, false, false, false).morale(),
        7
    );
    assert_eq!(troops(TroopKind::Trained, false, false, false).morale(), 8);
    assert_eq!(troops(TroopKind::Trained, true, false, false).morale(), 9);
    assert_eq!(troops(TroopKind::Trained, false, true, false).morale(), 9);
    assert_eq!(troops(TroopKind::Militia, false, false, true).morale(), 8);
    assert_eq!(troops(TroopKind::Trained, true, true, true).morale(), 12);
}

#[test]
fn bx25_a_mercenary_checks_morale_at_its_troop_rating() {
    // The ogre fells the fists; the Heroes check at the start of their turn: the elite
    // sellsword's 9, -1 for the losing side, is 8, and 12 breaks it.
    let mut f = fight(
        SINGLE,
        &[("fists", 1, "field"), ("sellsword", 1, "field")],
        &[("ogre", 1, "field")],
        "",
        &[1, 6, 20, 10, 6, 6],
    );
    assert_eq!(f.get::<Sheet>("Sellsword").0.morale, Some(9));
    f.ok(
        "Ogre",
        Intent::Engage {
            target: f.who("Fists"),
        },
    );
    f.ok("Ogre", attack(&f, "Fists", 0));
    assert_eq!(f.status("Fists"), Status::Dead, "{}", f.log());
    assert!(
        has(&f, "morale of the Heroes (adjusted -1): 2d6 = [6, 6] = 12"),
        "{}",
        f.log()
    );
    assert!(
        has(&f, "Sellsword breaks (morale 8) and flees."),
        "{}",
        f.log()
    );
    assert_eq!(f.status("Sellsword"), Status::Fled);
}

#[test]
fn bx19_out_of_melee_a_combatant_may_leave_the_battle() {
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field"), ("archer", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[6, 1],
    );
    f.ok(
        "Fighter",
        Intent::Engage {
            target: f.who("Orc"),
        },
    );
    f.ok("Archer", Intent::Flee);
    assert_eq!(f.status("Archer"), Status::Fled);
    assert!(has(&f, "Archer leaves the battle."), "{}", f.log());
    // In melee, only a declared withdrawal or retreat leaves it: an engaged combatant that
    // declared neither has no movement turn at all, and cannot leave in its melee turn.
    let mut f = fight(
        SINGLE,
        &[("fighter", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[6, 1, 1, 1, 6, 1],
    );
    f.ok(
        "Fighter",
        Intent::Engage {
            target: f.who("Orc"),
        },
    );
    f.ok("Fighter", attack(&f, "Orc", 0));
    f.ok("Orc", attack(&f, "Fighter", 0));
    f.ok("Fighter", Intent::Pass);
    f.ok("Orc", Intent::Pass);
    assert_eq!(f.turn(), "Fighter");
    let reason = f.act("Fighter", Intent::Flee).expect("refused");
    assert!(
        reason.to_string().contains("movement comes first"),
        "{reason}"
    );
    assert_eq!(f.status("Fighter"), Status::Active);
}

#[test]
fn bx24_a_side_whose_foes_are_all_helpless_has_won() {
    // The mage holds the orc (its save fails on a 1); the next round finds every foe of the
    // Heroes helpless.
    let mut f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        "",
        &[6, 1, 1],
    );
    let hold = Intent::UseAbility {
        ability: AbilityId(1),
        target: Some(f.who("Orc")),
    };
    f.ok("Mage", hold);
    f.ok("Mage", hold);
    assert!(f.has("Orc", Condition::PARALYZED), "{}", f.log());
    let outcome = f.encounter().outcome().expect("over");
    assert_eq!(outcome.ending, Ending::Victory);
    assert_eq!(outcome.winner, Some(SideId(0)));
    assert!(
        has(
            &f,
            "Every foe of the Heroes still in the fight is helpless: they have won."
        ),
        "{}",
        f.log()
    );
}

#[test]
fn bx13_a_side_evades_on_its_chance_unless_surprised() {
    let evade = r#"options: (ruleset: { "evade": "Heroes", "evade_chance": 40 })"#;
    let f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        evade,
        &[40],
    );
    assert!(
        has(&f, "evasion of the Heroes (40%): d100 = [40] = 40"),
        "{}",
        f.log()
    );
    assert_eq!(
        f.encounter().outcome().map(|o| o.ending),
        Some(Ending::Evaded)
    );
    let f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        evade,
        &[41, 6, 1],
    );
    assert!(
        has(
            &f,
            "The Heroes fail to evade: their foes catch up with them."
        ),
        "{}",
        f.log()
    );
    assert!(f.encounter().outcome().is_none());
    // Surprised, a side cannot evade; having surprised its foes, it slips away.
    let surprised =
        r#"options: (ruleset: { "evade": "Heroes", "evade_chance": 90, "unaware": "Heroes" })"#;
    let f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        surprised,
        &[1, 6, 1],
    );
    assert!(
        has(&f, "The Heroes are surprised: they cannot evade."),
        "{}",
        f.log()
    );
    assert!(f.encounter().outcome().is_none());
    let surprising =
        r#"options: (ruleset: { "evade": "Heroes", "evade_chance": 5, "unaware": "Monsters" })"#;
    let f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        surprising,
        &[1],
    );
    assert!(
        has(
            &f,
            "The Heroes surprised their foes: they slip away unseen."
        ),
        "{}",
        f.log()
    );
    assert_eq!(
        f.encounter().outcome().map(|o| o.ending),
        Some(Ending::Evaded)
    );
}

#[test]
fn bx15_a_failed_wilderness_evasion_is_a_pursuit_played_day_by_day() {
    use fray_bx::state::Bx;
    // Pursuers faster: day 1, the d100 for catching up (70: no), the evasion again (45: no);
    // day 2, catching up (80: no), evading (30 of 40: away). Two days of pursuit.
    let faster = r#"options: (ruleset: { "evade": "Heroes", "evade_chance": 40, "pursuit": "wilderness-faster" })"#;
    let f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        faster,
        &[41, 70, 45, 80, 30],
    );
    for line in [
        "evasion of the Heroes (40%): d100 = [41] = 41",
        "Day 1 of the pursuit: the Heroes flee in a random direction.",
        "the faster pursuers catch up (50%): d100 = [70] = 70",
        "evasion of the Heroes (40%): d100 = [45] = 45",
        "Day 2 of the pursuit",
        "evasion of the Heroes (40%): d100 = [30] = 30",
    ] {
        assert!(has(&f, line), "{line}\n{}", f.log());
    }
    assert_eq!(
        f.encounter().outcome().map(|o| o.ending),
        Some(Ending::Evaded)
    );
    assert_eq!(f.encounter_part::<Bx>().pursuit_days, 2);
    // Caught on the 50%: the fight goes on.
    let f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        faster,
        &[41, 50, 6, 1],
    );
    assert!(
        has(
            &f,
            "The Heroes fail to evade: their foes catch up with them."
        ),
        "{}",
        f.log()
    );
    assert!(f.encounter().outcome().is_none());
    assert_eq!(f.encounter_part::<Bx>().pursuit_days, 1);
    // Pursuers not faster never catch up: only the evasion is rolled again each day.
    let slower =
        r#"options: (ruleset: { "evade": "Heroes", "evade_chance": 40, "pursuit": "wilderness" })"#;
    let f = fight(
        SINGLE,
        &[("mage", 1, "field")],
        &[("orc", 1, "field")],
        slower,
        &[41, 90, 95, 12],
    );
    assert!(!has(&f, "catch up (50%)"), "{}", f.log());
    assert_eq!(
        f.encounter().outcome().map(|o| o.ending),
        Some(Ending::Evaded)
    );
    assert_eq!(f.encounter_part::<Bx>().pursuit_days, 3);
}

#[test]
fn bx15_a_pursuit_option_other_than_the_wilderness_is_refused() {
    use std::collections::BTreeMap;

    use fray_bx::options::{BxOptions, Pursuit};
    use fray_content::options::OptionValue;
    let set = |pursuit: &str| {
        BTreeMap::from([
            ("evade".to_string(), OptionValue::Text("Heroes".into())),
            ("evade_chance".to_string(), OptionValue::Int(40)),
            (
                "pursuit".to_string(),
                OptionValue::Text(pursuit.to_string().into()),
            ),
        ])
    };
    let sides = ["Heroes", "Monsters"];
    let err = BxOptions::read(&set("sea"), &sides).expect_err("refused");
    assert!(err.contains("pursuit `sea`"), "{err}");
    let read = BxOptions::read(&set("wilderness-faster"), &sides).map(|o| o.pursuit);
    assert_eq!(
        read,
        Ok(Pursuit::Days {
            pursuers_faster: true
        })
    );
}
