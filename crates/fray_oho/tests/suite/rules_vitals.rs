//! OHO-21 (exhaustion) and when a combatant is out of the fight (`fray_oho::vitals`): health,
//! injuries, dying, and the end of the fight.

use fray_core::prelude::*;

use fray_oho::gauge::Atg;
use fray_oho::vocabulary::DISABLED;

use crate::harness::*;

/// A witch's hex that barely lands on the fighter: 1 + 1 + 1 = 3 against a defense of
/// `defense` (one die, less the exhaustion penalty), 2 damage against a Fortitude die of
/// `fortitude` failing by 1 (a graze), and a d20 of 20: no injury.
fn graze(defense: u32, fortitude: u32) -> [u32; 7] {
    [1, 1, 1, defense, 2, fortitude, 20]
}

#[test]
fn oho21_exhaustion_levels_add_up_and_each_adds_its_effect() {
    // Initiative: the fighter 1, the knight 2, the witch 6: the witch, the knight, the fighter.
    let faces: Vec<u32> = [
        &[1, 2, 6][..],
        &graze(1, 1),  // round 1, wither: level 1 (3 damage: 2 + 2 / 2)
        &[2, 2, 2, 6], // the fighter's sword at -1: 6 - 1 = 5 against 6, a miss
        &graze(1, 1),  // round 2, blight: defense 1 - 1 = 0; level 1 + 2 = 3 (3 damage)
        &graze(1, 4),  // wither: defense 1 - 3; Fortitude 4 - 3 = 1 against 2: level 4
        &graze(1, 5),  // round 3, wither: defense 1 - 4; Fortitude 5 - 4: level 5
    ]
    .concat();
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near"), ("knight", 1, "near")],
        &[("witch", 1, "near")],
        &faces,
    );
    assert_eq!(f.turn(), "Witch");
    let engage = f.engage("Fighter");
    f.ok("Witch", engage);
    let wither = f.attack("Witch", "Fighter", "Wither");
    f.ok("Witch", wither);
    assert_eq!(f.state("Fighter").exhaustion, 1);
    assert!(f.has("Fighter", Condition::EXHAUSTED));
    f.end_turn();
    f.end_turn();
    // Level 1: a penalty of 1 on checks.
    let engage = f.engage("Witch");
    f.ok("Fighter", engage);
    let sword = f.attack("Fighter", "Witch", "Sword");
    f.ok("Fighter", sword);
    assert_eq!(
        f.attacks()[1],
        "Sword (Strength): 3d6-1 = [2, 2, 2] - 1 (penalty) = 5 vs 6, miss"
    );
    f.end_turn();
    // Round 2: the blight adds two levels to the one.
    let blight = f.attack("Witch", "Fighter", "Blight");
    f.ok("Witch", blight);
    assert_eq!(f.state("Fighter").exhaustion, 3);
    f.ok("Witch", wither);
    assert_eq!(f.state("Fighter").exhaustion, 4);
    assert_eq!(f.turn(), "Knight", "the witch's 0.5 s left end its turn");
    // Level 1-2: the Fortitude roll (a save) has no penalty; level 3: it has.
    assert_eq!(
        f.rolls("Fortitude against"),
        vec![
            "d6 = [1] = 1",
            "d6 = [1] = 1",
            "d6-3 = [4] - 3 (penalty) = 1"
        ]
    );
    assert_eq!(
        f.rolls("defense roll"),
        vec![
            "d6 = [1] = 1",
            "d6 = [6] = 6",
            "d6-1 = [1] - 1 (penalty) = 0",
            "d6-3 = [1] - 3 (penalty) = -2",
        ]
    );
    f.end_turn();
    // Level 4: the gauge holds 6.5 - 4 = 2.5 s; no attack fits, and the speed is halved
    // (level 2): a move takes 4 s.
    assert_eq!(f.turn(), "Fighter");
    assert_eq!(
        f.atg("Fighter"),
        Atg {
            remaining: 25,
            max: 25
        }
    );
    assert_eq!(
        f.notes("Fighter").last().unwrap(),
        "is exhausted (level 4): their gauge holds only 2.5s."
    );
    assert_eq!(
        f.labels("Fighter"),
        vec!["disengage", "surrender", "end turn"]
    );
    let away = f.move_to("far");
    assert_eq!(
        f.refused("Fighter", away),
        "it has 2.5s of its gauge left and that takes 4.0s"
    );
    f.end_turn();
    // Round 3, level 5: unconscious, out of the fight; the knight fights on.
    f.ok("Witch", wither);
    assert_eq!(f.state("Fighter").exhaustion, 5);
    assert!(f.has("Fighter", Condition::UNCONSCIOUS));
    assert_eq!(f.status("Fighter"), Status::Down);
    assert!(f.encounter().outcome().is_none());
    assert_eq!(f.hp("Fighter"), 40 - 3 - 3 - 4 - 5);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho21_level_two_halves_speed_and_level_six_kills() {
    // The witch acts first. Round 1, blight: level 2. Round 2, blight: 4, blight: 6.
    let faces: Vec<u32> = [
        &[1, 6][..],
        &graze(1, 1), // level 2 (3 damage)
        &graze(1, 1), // defense 1 - 2 = -1; Fortitude (no penalty at level 2): level 4
        &graze(1, 5), // Fortitude 5 - 4 = 1 against 2: level 6
    ]
    .concat();
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("witch", 1, "near")],
        &faces,
    );
    let engage = f.engage("Fighter");
    f.ok("Witch", engage);
    let blight = f.attack("Witch", "Fighter", "Blight");
    f.ok("Witch", blight);
    assert_eq!(f.state("Fighter").exhaustion, 2);
    f.end_turn();
    // Speed 15, dash 7: 30 feet take two moves.
    let away = f.move_to("far");
    let offer = f.offer("Fighter", &away).unwrap();
    assert_eq!(
        (offer.cost, offer.label.as_ref()),
        (secs(40), "move (2 moves)")
    );
    assert_eq!(f.atg("Fighter").max, 65, "the gauge is whole until level 4");
    f.end_turn();
    f.ok("Witch", blight);
    assert_eq!(f.state("Fighter").exhaustion, 4);
    f.ok("Witch", blight);
    assert_eq!(f.state("Fighter").exhaustion, 6);
    assert_eq!(f.status("Fighter"), Status::Dead);
    let outcome = f.encounter().outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.ending),
        (Some(SideId(1)), Ending::Victory)
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn vitals_health_at_zero_disables_and_a_fight_with_nobody_left_ends() {
    // The rat (health 5): 2 + 2 + 2 = 6 against 1; 4 damage against Fortitude 1 fails by 3:
    // 4 + 5 / 2 = 6 damage, health -1. The d20 (20) does not injure.
    let mut f = Fight::duel("fighter", "rat", &[2, 2, 2, 1, 4, 1, 20]);
    let engage = f.engage("Rat");
    f.ok("Fighter", engage);
    let sword = f.attack("Fighter", "Rat", "Sword");
    f.ok("Fighter", sword);
    assert_eq!(f.hp("Rat"), -1);
    assert!(f.has("Rat", DISABLED));
    assert_eq!(f.status("Rat"), Status::Down);
    let outcome = f.encounter().outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.ending, outcome.round),
        (Some(SideId(0)), Ending::Victory, 1)
    );
    assert_eq!(f.encounter().phase(), Phase::Ended);
    assert!(matches!(f.events().last(), Some(LogEvent::Ended { .. })));
    assert_eq!(f.refused("Fighter", sword), "the fight is over");
}

#[test]
fn vitals_health_at_minus_its_maximum_kills() {
    // 6 + 6 + 6 = 18 against 1: 4 + 17 / 2 = 12 damage, health -7 (at most -5: dead).
    let mut f = Fight::duel("fighter", "rat", &[6, 6, 6, 1, 4, 1, 20]);
    let engage = f.engage("Rat");
    f.ok("Fighter", engage);
    let sword = f.attack("Fighter", "Rat", "Sword");
    f.ok("Fighter", sword);
    assert_eq!(f.hp("Rat"), -7);
    assert_eq!(f.status("Rat"), Status::Dead);
}

#[test]
fn vitals_an_injury_limit_takes_a_beast_out_of_the_fight() {
    // 1 + 1 + 1 = 3 against 1; 2 damage against Fortitude 1: 2 + 1 = 3, health 2; the d20 (1)
    // injures: the rat's one injury is its limit.
    let mut f = Fight::duel("fighter", "rat", &[1, 1, 1, 1, 2, 1, 1]);
    let engage = f.engage("Rat");
    f.ok("Fighter", engage);
    let sword = f.attack("Fighter", "Rat", "Sword");
    f.ok("Fighter", sword);
    assert_eq!((f.hp("Rat"), f.state("Rat").injuries), (2, 1));
    assert!(f.has("Rat", DISABLED));
    assert_eq!(f.status("Rat"), Status::Down);
    assert!(f.encounter().outcome().is_some());
}

#[test]
fn vitals_a_dying_creature_dies_when_its_fortitude_fails_against_its_hits() {
    // The greataxe: 32 against Fortitude 1 fails by 31: disabled and dying (and bleeding).
    // Brute 1's turn in round 1: Fortitude while dying 1 against 1 holds; it bleeds (a second
    // hit), 6 against 2 holds. Round 2: 1 against 2 fails: dead.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 2, "near")],
        &[6, 2, 1, 6, 6, 6, 1, 32, 1, 1, 6, 1],
    );
    let engage = f.engage("Brute 1");
    f.ok("Fighter", engage);
    let greataxe = f.attack("Fighter", "Brute 1", "Greataxe");
    f.ok("Fighter", greataxe);
    assert!(f.has("Brute 1", Condition::DYING));
    assert_eq!(f.status("Brute 1"), Status::Down);
    f.end_turn();
    assert_eq!(f.turn(), "Brute 2");
    assert_eq!(f.status("Brute 1"), Status::Down);
    f.end_turn();
    f.end_turn();
    assert_eq!(f.status("Brute 1"), Status::Dead);
    assert_eq!(
        f.rolls("Fortitude while dying"),
        vec!["d6 = [1] = 1", "d6 = [1] = 1"]
    );
    assert!(f.encounter().outcome().is_none(), "Brute 2 fights on");
    assert_eq!(f.turn(), "Brute 2");
    assert_eq!(f.faces_left(), 0);
}
