//! AR-01..AR-05, AR-11, AR-37, AR-38: initiative, delay, ready, actions, interrupts, the
//! escalation die, ambushes and flight.

use fray_archmage::slots::ActionSlots;
use fray_archmage::vocabulary::{FEAR, HAMPERED};
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_testkit::harness::Fight;

use crate::arch::ArchFight;
use crate::bench::*;

fn duel(faces: &[u32]) -> Fight {
    fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "near")],
        "",
        faces,
    )
}

#[test]
fn ar01_initiative_is_d20_plus_bonus_rolled_once_and_shared_by_identical_monsters() {
    // Hero d20 10 + Dex 1 + level 1 = 12; one roll of 5 + 2 for both brutes; the mook 8 + 0.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 2, "far"), ("mook", 1, "far")],
        "",
        &[10, 5, 8],
    );
    assert_eq!(
        f.order(),
        vec![
            ("Hero".into(), 12),
            ("Mook".into(), 8),
            ("Brute 1".into(), 7),
            ("Brute 2".into(), 7)
        ]
    );
    let shared = f.events().iter().any(|e| {
        matches!(
            e,
            LogEvent::Initiative {
                count: 7,
                roll: None,
                ..
            }
        )
    });
    assert!(shared, "the second brute uses the first one's roll");
    for _ in 0..4 {
        f.end_turn();
    }
    // Round 2: the same order, no new rolls.
    assert_eq!(f.encounter().round(), 2);
    assert_eq!(f.turn(), "Hero");
    assert_eq!(f.order()[0], ("Hero".into(), 12));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar02_delay_acts_later_on_that_count_for_the_rest_of_the_fight() {
    let mut f = duel(&[10, 5]);
    assert_eq!(f.turn(), "Hero");
    f.ok("Hero", Intent::Delay);
    assert_eq!(f.turn(), "Brute");
    assert_eq!(f.order(), vec![("Brute".into(), 7), ("Hero".into(), 7)]);
    f.end_turn();
    // The delayed turn comes in the same round.
    assert_eq!((f.turn().as_str(), f.encounter().round()), ("Hero", 1));
    f.end_turn();
    assert_eq!((f.turn().as_str(), f.encounter().round()), ("Brute", 2));
}

/// The rounds in which `name` started a turn, in order.
fn turn_rounds(f: &Fight, name: &str) -> Vec<u32> {
    let who = f.id(name);
    f.encounter_part::<CombatLog>()
        .entries()
        .iter()
        .filter(|e| matches!(e.event, LogEvent::TurnStarted { who: w } if w == who))
        .map(|e| e.round)
        .collect()
}

#[test]
fn ar02_a_delay_carries_into_the_next_round_where_acting_early_moves_initiative_up() {
    // Mook 15, hero 12, brute 7. The hero delays past the brute, then - last in round 1 - into
    // round 2, where it acts before the mook: its initiative rises to the top, and that was its
    // turn of round 2 (its regular one, after the mook, does not come).
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "far"), ("mook", 1, "far")],
        "",
        &[10, 5, 15],
    );
    f.end_turn();
    f.ok("Hero", Intent::Delay);
    assert_eq!(
        f.order(),
        vec![("Mook".into(), 15), ("Brute".into(), 7), ("Hero".into(), 7)]
    );
    f.end_turn();
    assert_eq!((f.turn().as_str(), f.encounter().round()), ("Hero", 1));
    assert!(
        f.offered_kinds("Hero").contains(&IntentKind::Delay),
        "last in the round, it may delay into the next"
    );
    f.ok("Hero", Intent::Delay);
    assert!(
        f.log().contains("Hero delays into the next round."),
        "{}",
        f.log()
    );
    assert_eq!((f.turn().as_str(), f.encounter().round()), ("Hero", 2));
    let ward = f.power("Hero", "ward", None);
    f.ok("Hero", ward);
    f.end_turn();
    assert_eq!(f.turn(), "Mook");
    f.end_turn();
    assert_eq!(f.turn(), "Brute");
    f.end_turn();
    assert_eq!((f.turn().as_str(), f.encounter().round()), ("Hero", 3));
    assert_eq!(
        f.order(),
        vec![
            ("Hero".into(), 15),
            ("Mook".into(), 15),
            ("Brute".into(), 7)
        ],
        "its initiative rose to the count it acted on"
    );
    // Two turns in round 1 (its own and the delayed one, neither acted in), one in round 2.
    assert_eq!(turn_rounds(&f, "Hero"), vec![1, 1, 2, 3]);
    assert_eq!(f.hp("Hero").temp, 5);
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar02_a_delay_carried_over_ends_at_the_regular_turn_which_comes_as_usual() {
    // As above, but at the top of round 2 the hero delays again, past the mook: that is its
    // regular place, and it takes its regular turn there.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "far"), ("mook", 1, "far")],
        "",
        &[10, 5, 15],
    );
    f.end_turn();
    f.ok("Hero", Intent::Delay);
    f.end_turn();
    f.ok("Hero", Intent::Delay);
    f.ok("Hero", Intent::Delay);
    assert_eq!((f.turn().as_str(), f.encounter().round()), ("Mook", 2));
    f.end_turn();
    assert_eq!(f.turn(), "Hero");
    f.end_turn();
    assert_eq!(f.turn(), "Brute");
    assert_eq!(
        f.order()
            .iter()
            .map(|(n, _)| n.as_str())
            .collect::<Vec<_>>(),
        vec!["Mook", "Hero", "Brute"]
    );
    assert_eq!(turn_rounds(&f, "Hero"), vec![1, 1, 2, 2]);
}

#[test]
fn ar03_a_readied_attack_fires_just_before_its_trigger_and_moves_initiative() {
    // Hero 12, brute 7; the readied sword rolls 15 + 5 = 20 vs AC 15 and deals 5 + 4.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 5, 15, 5],
    );
    let ready = f
        .offers("Hero")
        .into_iter()
        .find(|o| {
            matches!(
                o.intent,
                Intent::Ready {
                    trigger: Trigger::EnemyEngagesMe,
                    ..
                }
            )
        })
        .expect("readying the sword is offered");
    f.ok("Hero", ready.intent);
    assert!(!f.slots("Hero").standard, "readying is a standard action");
    f.end_turn();
    let hero = f.who("Hero");
    f.act("Brute", Intent::Engage { target: hero });
    let fire = f
        .offers("Hero")
        .into_iter()
        .find(|o| o.intent.kind() == IntentKind::Attack)
        .expect("the readied attack is offered");
    assert_eq!(
        fire.intent.target(),
        Some(f.who("Brute")),
        "it strikes whoever set it off"
    );
    f.ok("Hero", fire.intent);
    assert_eq!(f.hp("Brute").current, 31);
    let attack = f.find(|e| matches!(e, LogEvent::Attack { .. })).unwrap();
    let engaged = f.find(|e| matches!(e, LogEvent::Engaged { .. })).unwrap();
    assert!(
        attack < engaged,
        "the readied action comes just before the engagement"
    );
    assert!(f.engaged("Brute", "Hero"));
    assert_eq!(
        f.order(),
        vec![("Hero".into(), 7), ("Brute".into(), 7)],
        "initiative moved to just ahead of the trigger"
    );
    assert_eq!(f.state("Hero").readied, None);
    assert_eq!(f.turn(), "Brute");
    assert_eq!(f.faces_left(), 0);
}

/// `name` readies `intent` until `trigger`, which must be offered and accepted.
fn ready(f: &mut Fight, name: &str, trigger: Trigger, intent: Readied) {
    let ready = Intent::Ready { trigger, intent };
    assert!(
        f.offers(name).iter().any(|o| o.intent == ready),
        "{ready:?} is not offered"
    );
    f.ok(name, ready);
    assert!(!f.slots(name).standard, "readying is a standard action");
}

/// The readied action offered to `name` now (it must be set off).
fn fire(f: &mut Fight, name: &str) {
    let offers = f.offers(name);
    let fired = offers
        .iter()
        .find(|o| o.intent != Intent::Pass)
        .unwrap_or_else(|| panic!("{name} is offered nothing to fire\n{}", f.log()))
        .intent;
    f.ok(name, fired);
}

#[test]
fn ar03_any_attack_can_be_readied_not_only_a_basic_one() {
    // Hero 12, brute 7. The keen blade (not a basic attack) waits for the brute to engage:
    // 15 + 5 = 20 vs AC 15, 5 + 4 = 9, before the brute arrives.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 5, 15, 5],
    );
    let (hero, keen) = (f.who("Hero"), f.attack_index("Hero", "keen"));
    let readied = Readied::Attack {
        target: hero,
        attack: AttackId(keen as u16),
        maneuver: Maneuver::STANDARD,
    };
    ready(&mut f, "Hero", Trigger::EnemyEngagesMe, readied);
    f.end_turn();
    f.act("Brute", Intent::Engage { target: hero });
    fire(&mut f, "Hero");
    assert_eq!(f.hp("Brute").current, 31);
    assert!(f.log().contains("Keen blade (readied)"), "{}", f.log());
    assert!(f.engaged("Brute", "Hero"));
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar03_a_readied_move_or_disengage_gets_away_before_its_trigger() {
    // Hero 12 in b, brute 7 in c. The hero readies a move to a for when an enemy engages it:
    // the brute's engage sets it off, the hero is gone, and the engage comes to nothing.
    let mut f = fight(
        LINE,
        &[("hero", 1, "b")],
        &[("brute", 1, "c")],
        "",
        &[10, 5],
    );
    let hero = f.who("Hero");
    ready(
        &mut f,
        "Hero",
        Trigger::EnemyEngagesMe,
        Readied::Move { to: RegionId(0) },
    );
    f.end_turn();
    f.act("Brute", Intent::Engage { target: hero });
    fire(&mut f, "Hero");
    assert_eq!(
        (f.region("Hero"), f.region("Brute")),
        (RegionId(0), RegionId(2))
    );
    assert!(!f.engaged("Brute", "Hero"));
    assert!(
        f.log().contains("the engage comes to nothing"),
        "{}",
        f.log()
    );
    assert_eq!(f.faces_left(), 0);
    // Hero 12 and brute 7, engaged. The hero readies a disengage for when it is attacked: the
    // claw sets it off, the check (15 against 11) frees the hero, and the claw finds nobody
    // engaged with the brute - no attack roll.
    let mut g = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 5, 15],
    );
    let brute = g.who("Brute");
    g.ok("Hero", Intent::Engage { target: brute });
    ready(&mut g, "Hero", Trigger::EnemyAttacksMe, Readied::Disengage);
    g.end_turn();
    let claw = g.attack("Brute", "Hero", "claw");
    g.act("Brute", claw);
    fire(&mut g, "Hero");
    assert!(!g.engaged("Brute", "Hero"));
    assert_eq!(g.hp("Hero").current, 30);
    assert!(
        g.log().contains("the attack comes to nothing"),
        "{}",
        g.log()
    );
    assert_eq!(g.faces_left(), 0);
}

#[test]
fn ar03_a_readied_power_or_engage_goes_off_before_its_trigger() {
    // Hero 12, brute 7, engaged. The hero readies its ward for when it is attacked: 5
    // temporary hit points before the claw (11 + 7 = 18 vs AC 18) deals 6.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "near")],
        "",
        &[10, 5, 11],
    );
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    let ward = f.power("Hero", "ward", None);
    let Intent::UseAbility { ability, target } = ward else {
        unreachable!()
    };
    ready(
        &mut f,
        "Hero",
        Trigger::EnemyAttacksMe,
        Readied::UseAbility { ability, target },
    );
    f.end_turn();
    let claw = f.attack("Brute", "Hero", "claw");
    f.act("Brute", claw);
    fire(&mut f, "Hero");
    assert_eq!((f.hp("Hero").current, f.hp("Hero").temp), (29, 0));
    assert_eq!(f.faces_left(), 0);
    // Hero 12 near, witch 5 far. The hero readies to engage whoever attacks it: the witch's
    // stab sets it off, the hero closes in and engages her, then the stab (10 + 5 = 15 vs AC
    // 18) misses.
    let mut g = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("witch", 1, "far")],
        "",
        &[10, 5, 10],
    );
    let hero = g.who("Hero");
    ready(
        &mut g,
        "Hero",
        Trigger::EnemyAttacksMe,
        Readied::Engage { target: hero },
    );
    g.end_turn();
    let stab = g.attack("Witch", "Hero", "stab");
    g.act("Witch", stab);
    fire(&mut g, "Hero");
    assert!(g.engaged("Hero", "Witch"));
    assert_eq!(g.region("Hero"), RegionId(1));
    assert_eq!(g.hp("Hero").current, 30);
    assert_eq!(g.faces_left(), 0);
}

#[test]
fn ar04_standard_move_and_quick_with_bigger_slots_paying_for_smaller_actions() {
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 5],
    );
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    assert_eq!(
        f.slots("Hero"),
        ActionSlots {
            standard: true,
            movement: false,
            quick: true
        }
    );
    // Moving away: the standard action pays for a second move; the brute declines its attack.
    f.act("Hero", Intent::Move { to: RegionId(0) });
    f.ok("Brute", Intent::Pass);
    assert_eq!(f.region("Hero"), RegionId(0));
    assert_eq!(
        f.slots("Hero"),
        ActionSlots {
            standard: false,
            movement: false,
            quick: true
        }
    );
    let third = f.act("Hero", Intent::Move { to: RegionId(1) });
    assert!(
        matches!(third, Some(RejectReason::Illegal(_))),
        "a quick action cannot pay for a move"
    );
    assert_eq!(f.region("Hero"), RegionId(0));
}

#[test]
fn ar05_one_interrupt_until_the_end_of_the_next_turn() {
    // Hero 12, brutes 7. The parry rolls 15 + 5 = 20 and deals 5 + 4.
    let mut f = fight(
        NEAR_FAR,
        &[("guard", 1, "near")],
        &[("brute", 2, "far")],
        "",
        &[10, 5, 15, 5],
    );
    f.end_turn();
    let guard = f.who("Guard");
    f.act("Brute 1", Intent::Engage { target: guard });
    let parry = f
        .offers("Guard")
        .into_iter()
        .find(|o| o.intent.kind() == IntentKind::Attack)
        .expect("the interrupt is offered");
    f.ok("Guard", parry.intent);
    assert_eq!(f.hp("Brute 1").current, 31);
    f.end_turn();
    f.ok("Brute 2", Intent::Engage { target: guard });
    assert!(
        f.offers("Guard").is_empty(),
        "no second interrupt before the end of the guard's next turn"
    );
    assert_eq!(f.turn(), "Brute 2");
    assert!(f.state("Guard").interrupt_used.is_some());
    f.end_turn();
    assert_eq!(f.turn(), "Guard");
    f.end_turn();
    assert_eq!(
        f.state("Guard").interrupt_used,
        None,
        "available again after its next turn"
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn ar11_escalation_die_for_heroes_from_round_two_never_for_monsters_reset_after_the_fight() {
    // Round 2: the hero's 9 + 5 + 1 = 15 hits AC 15 (5 damage); the brute's 10 + 7 = 17 misses AC 18.
    let mut f = duel(&[10, 5, 9, 1, 10]);
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    f.end_turn();
    f.end_turn();
    assert_eq!(f.battle().escalation, 1);
    let sword = f.attack("Hero", "Brute", "sword");
    f.ok("Hero", sword);
    assert_eq!(f.hp("Brute").current, 35);
    f.end_turn();
    let claw = f.attack("Brute", "Hero", "claw");
    f.ok("Brute", claw);
    assert_eq!(
        f.hp("Hero").current,
        30,
        "17 misses AC 18: no escalation die for monsters"
    );
    assert!(f.log().contains("+ 1 (escalation)"));
    assert_eq!(f.faces_left(), 0);
    // When the fighting stops, the die resets.
    f.set_hp("Brute", 0);
    assert!(f.encounter().is_over());
    assert_eq!(f.battle().escalation, 0);
}

#[test]
fn ar11_fear_blocks_the_escalation_die() {
    // Round 2, afraid: 9 + 5 + 0 - 4 = 10 misses AC 15 (1 miss damage).
    let mut f = duel(&[10, 5, 9]);
    let brute = f.who("Brute");
    f.ok("Hero", Intent::Engage { target: brute });
    f.end_turn();
    f.end_turn();
    f.inflict(
        "Hero",
        Some("Brute"),
        EffectSpec::condition(FEAR, Duration::EndOfBattle),
    );
    let sword = f.attack("Hero", "Brute", "sword");
    f.ok("Hero", sword);
    assert_eq!(f.hp("Brute").current, 39);
    assert!(!f.log().contains("(escalation)"));
    assert!(f.log().contains("- 4 (conditions)"));
}

#[test]
fn ar37_an_ambush_gives_the_ambusher_and_its_quickest_ally_a_surprise_round() {
    // Hero 12, brutes 7, mook 15. Brute 1 springs the ambush; the mook is its quickest ally.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("brute", 2, "far"), ("mook", 1, "far")],
        r#"options: (ambush: (side: "Monsters", by: "Brute 1"))"#,
        &[10, 5, 15],
    );
    assert_eq!(f.order(), vec![("Mook".into(), 15), ("Brute 1".into(), 7)]);
    assert_eq!(f.turn(), "Mook");
    f.end_turn();
    assert_eq!(f.turn(), "Brute 1");
    f.end_turn();
    // The first normal round: everyone, escalation die still 0; it shows 1 in the next round.
    assert_eq!(f.turn(), "Mook");
    assert_eq!(f.order().len(), 4);
    assert_eq!(f.battle().escalation, 0);
    for _ in 0..4 {
        f.end_turn();
    }
    assert_eq!(f.battle().escalation, 1);
}

#[test]
fn ar38_the_party_flees_together_carrying_its_fallen_and_loses() {
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "far")],
        "",
        &[10, 3, 5],
    );
    f.set_hp("Ally", -2);
    f.settle();
    assert_eq!(f.status("Ally"), Status::Down);
    f.ok("Hero", Intent::Flee);
    assert_eq!(
        (f.status("Hero"), f.status("Ally")),
        (Status::Fled, Status::Fled)
    );
    let outcome = f.encounter().outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.ending),
        (Some(SideId(1)), Ending::Fled)
    );
}

#[test]
fn ar05_ar27_confused_or_hampered_creatures_use_no_interrupt() {
    // Guard 12, brutes 7. Confused (a limited power) or hampered (not a basic attack), the
    // guard is offered no parry when a brute engages it.
    for c in [Condition::CONFUSED, HAMPERED] {
        let mut f = fight(
            NEAR_FAR,
            &[("guard", 1, "near")],
            &[("brute", 1, "far")],
            "",
            &[10, 5],
        );
        f.inflict(
            "Guard",
            None,
            EffectSpec::condition(c, Duration::EndOfBattle),
        );
        f.end_turn();
        let guard = f.who("Guard");
        f.ok("Brute", Intent::Engage { target: guard });
        assert!(f.offers("Guard").is_empty(), "{c:?}");
        assert!(f.engaged("Brute", "Guard"));
        assert_eq!(f.turn(), "Brute");
    }
}

#[test]
fn ar37_the_ambushed_take_no_reactions_in_the_surprise_round() {
    // Brute (ambusher) 7, hero 12, ally 11. In the surprise round the brute rushes the ally
    // past the free hero: no intercept. In round 2 the brute moves away from the ally: now the
    // ally may take its opportunity attack.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near"), ("ally", 1, "near")],
        &[("brute", 1, "far")],
        r#"options: (ambush: (side: "Monsters", by: "Brute"))"#,
        &[10, 9, 5],
    );
    assert_eq!(f.order(), vec![("Brute".into(), 7)]);
    let ally = f.who("Ally");
    f.ok("Brute", Intent::Engage { target: ally });
    assert!(
        fray_core::client::decisions(f.app.world(), f.e)
            .iter()
            .all(|d| d.kind != DecisionKind::Reaction),
        "surprised: no intercept"
    );
    assert!(f.engaged("Brute", "Ally"));
    f.end_turn();
    assert_eq!(f.encounter().round(), 2);
    f.until("Brute");
    f.act("Brute", Intent::Move { to: RegionId(1) });
    let reactors: Vec<String> = fray_core::client::decisions(f.app.world(), f.e)
        .into_iter()
        .filter(|d| d.kind == DecisionKind::Reaction)
        .map(|d| f.name(d.actor))
        .collect();
    assert_eq!(reactors, vec!["Ally".to_string()]);
}
