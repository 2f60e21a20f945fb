//! OHO-22..OHO-24: a scripted fight's log fed to progression: experience per ability,
//! proficiency points, levels and tiers.

use std::collections::BTreeMap;

use fray_oho::prelude::*;
use fray_oho::progression::{Check, ProgressError};

use crate::harness::*;

/// A short fight of four proficiency checks:
/// - the fighter's sword (Strength): 4 + 5 + 5 = 14 against the dodger's defense 3 + 3 + 4 =
///   10, a hit (the damage, 1 against Fortitude 6, is held: a save earns nothing);
/// - the dodger's defense roll (Reflex): 10 against 14, a failure;
/// - the dodger's sword: 1 + 1 + 1 = 3 against the fighter's defense 5, a miss;
/// - the fighter's defense roll (Reflex): 5 against 3, a success.
fn skirmish() -> Fight {
    let mut f = Fight::duel("fighter", "dodger", &[4, 5, 5, 3, 3, 4, 1, 6, 1, 1, 1, 5]);
    let engage = f.engage("Dodger");
    f.ok("Fighter", engage);
    let sword = f.attack("Fighter", "Dodger", "Sword");
    f.ok("Fighter", sword);
    f.end_turn();
    let engage = f.engage("Fighter");
    f.ok("Dodger", engage);
    let sword = f.attack("Dodger", "Fighter", "Sword");
    f.ok("Dodger", sword);
    assert_eq!(f.faces_left(), 0);
    f
}

#[test]
fn oho22_every_check_of_a_fight_earns_experience_for_its_governing_ability() {
    let f = skirmish();
    let (fighter, dodger) = (f.id("Fighter"), f.id("Dodger"));
    let log = f.combat_log();
    let check = |who, ability, roll, target, success| Check {
        who,
        ability,
        roll,
        target,
        success,
    };
    assert_eq!(
        checks_in(&log),
        vec![
            check(fighter, Ability::Strength, 14, 10, true),
            check(dodger, Ability::Reflex, 10, 14, false),
            check(dodger, Ability::Strength, 3, 5, false),
            check(fighter, Ability::Reflex, 5, 3, true),
        ]
    );
    // A success earns target / roll x 100, a failure roll / target x 10, rounded:
    // 10 / 14 x 100 = 71.4; 10 / 14 x 10 = 7.1; 3 / 5 x 10 = 6; 3 / 5 x 100 = 60.
    let xp = experience_from_log(&log);
    assert_eq!(
        xp,
        BTreeMap::from([
            (
                fighter,
                BTreeMap::from([(Ability::Strength, 71), (Ability::Reflex, 60)])
            ),
            (
                dodger,
                BTreeMap::from([(Ability::Strength, 6), (Ability::Reflex, 7)])
            ),
        ])
    );
}

#[test]
fn oho22_a_tie_earns_the_failure_formula_for_attacker_and_defender() {
    // The fighter's sword: 2 + 2 + 2 = 6 against the brute's defense 6, a tie - a miss, since
    // the attack hits only when the defense is lower (OHO-09). Neither roll is above its
    // target, so both earn roll / target x 10 = 10; neither the success formula's 100.
    let mut f = Fight::duel("fighter", "brute", &[2, 2, 2, 6]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    let sword = f.attack("Fighter", "Brute", "Sword");
    f.ok("Fighter", sword);
    assert_eq!(f.faces_left(), 0);
    let (fighter, brute) = (f.id("Fighter"), f.id("Brute"));
    assert_eq!(
        experience_from_log(&f.combat_log()),
        BTreeMap::from([
            (fighter, BTreeMap::from([(Ability::Strength, 10)])),
            (brute, BTreeMap::from([(Ability::Reflex, 10)])),
        ])
    );
}

#[test]
fn oho23_five_hundred_experience_of_an_ability_earns_a_proficiency_point() {
    let f = skirmish();
    let log = f.combat_log();
    let mut hero = Progression::new(1);
    hero.gain(Ability::Strength, 450);
    hero.gain(Ability::Reflex, 400);
    let gains = hero.record_fight(&log, f.id("Fighter"));
    // Strength 450 + 71 = 521: a point, 21 carried over; Reflex 400 + 60 = 460: none yet
    // (and 981 experience in all: no level yet).
    assert_eq!((gains.points, gains.levels), (1, 0));
    assert_eq!(hero.points, 1);
    assert_eq!(hero.ability_experience(Ability::Strength), 21);
    assert_eq!(hero.ability_experience(Ability::Reflex), 460);
    assert_eq!((hero.level, hero.experience), (1, 981));
    // A point buys a d6 on a roll already made...
    assert_eq!(hero.spend_on_roll(), Ok(fray_dice::Dice::die(6)));
    assert_eq!(
        hero.spend_on_roll(),
        Err(ProgressError::NotEnoughPoints { needed: 1, has: 0 })
    );
    // ... but ranks only upon a new level.
    hero.points = 3;
    assert_eq!(hero.buy_rank("blades"), Err(ProgressError::NoLevelUp));
}

#[test]
fn oho24_the_next_level_costs_the_level_times_a_thousand_and_tiers_span_four_levels() {
    let f = skirmish();
    let log = f.combat_log();
    let fighter = f.id("Fighter");
    // Level 1 with 950 experience: the fight's 131 make 1081, past 1000: level 2, 81 left.
    let mut hero = Progression::new(1);
    hero.gain(Ability::Presence, 950);
    let gains = hero.record_fight(&log, fighter);
    assert_eq!(gains.levels, 1);
    assert_eq!(
        (
            hero.level,
            hero.experience,
            hero.tier(),
            hero.open_level_ups
        ),
        (2, 81, 1, 1)
    );
    // Now a rank can be bought: rank n costs n points.
    hero.ranks.insert("blades".into(), 3);
    hero.points = 4;
    assert_eq!(hero.buy_rank("blades"), Ok(4));
    assert_eq!(hero.points, 0);
    // Level 4 with 3900 of the 4000 it needs: the same fight makes it level 5, tier 2.
    let mut veteran = Progression::new(4);
    veteran.gain(Ability::Presence, 3900);
    assert_eq!(veteran.tier(), 1);
    veteran.record_fight(&log, fighter);
    assert_eq!(
        (veteran.level, veteran.experience, veteran.tier()),
        (5, 31, 2)
    );
    // The dodger earned 13: far from a level.
    let mut dodger = Progression::new(1);
    assert_eq!(dodger.record_fight(&log, f.id("Dodger")).levels, 0);
    assert_eq!(dodger.experience, 13);
}
