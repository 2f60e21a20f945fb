//! OHO-16..OHO-20: injuries by damage type, bleeding, concussions and sprains, burns and
//! frostbite, the senses, confusion, curses and disability.

use fray_core::kit::prelude::*;
use fray_oho::body::BodyPart;
use fray_oho::statblock::Ability;
use fray_oho::vocabulary::{
    BLEEDING, BURNED, CONCUSSION, CURSED, DISABLED, FROSTBITE, SPRAINED_ARM, SPRAINED_LEG,
};

use crate::harness::*;

/// `attacker` engages `target` and attacks it with `intent`, first thing on its turn.
fn engage_and(f: &mut Fight, attacker: &str, target: &str, intent: Intent) {
    let engage = f.engage(target);
    f.ok(attacker, engage);
    f.ok(attacker, intent);
}

/// The display name of a statblock of [`BLOCKS`](crate::harness::BLOCKS): its id, capitalized.
fn title(id: &str) -> String {
    let mut chars = id.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// A wound from the monster `monster` with `weapon` on the hero `hero` in round 1 (the monster
/// acts first): 6 + 6 + 6 = 18 against 1, a hit; 12 damage against Fortitude 1 fails by 11, an
/// injury without the d20; 12 + (18 - 1) / 2 = 20 damage, the hero left with 20 health.
/// `more` are the faces after it. It is the hero's turn.
fn wounded(hero: &str, monster: &str, weapon: &str, more: &[u32]) -> Fight {
    let faces: Vec<u32> = [1, 6, 6, 6, 6, 1, 12, 1]
        .into_iter()
        .chain(more.iter().copied())
        .collect();
    let mut f = Fight::new(
        NEAR_FAR,
        &[(hero, 1, "near")],
        &[(monster, 1, "near")],
        &faces,
    );
    let (h, m) = (title(hero), title(monster));
    let attack = f.attack(&m, &h, weapon);
    engage_and(&mut f, &m, &h, attack);
    assert_eq!(f.hp(&h), 20, "{}", f.log());
    f.end_turn();
    assert_eq!(f.turn(), h);
    f
}

#[test]
fn oho16_slashing_and_piercing_wounds_bleed() {
    let f = wounded("fighter", "dodger", "Sword", &[6]);
    assert!(f.has("Fighter", BLEEDING));
    assert_eq!(f.state("Fighter").injuries, 1);
    assert!(f.rolls("where").is_empty(), "no location for a cut");
    // A bow shot from the next region.
    // Its turn ends by itself (0.5 s left); the brute bleeds at once: Fortitude 6 against 2.
    let mut f = Fight::duel("archer", "brute", &[6, 6, 6, 1, 12, 1, 6]);
    let away = f.move_to("far");
    f.ok("Archer", away);
    let engage = f.engage("Brute");
    f.ok("Archer", engage);
    let bow = f.attack("Archer", "Brute", "Bow");
    f.ok("Archer", bow);
    assert!(f.has("Brute", BLEEDING));
    assert_eq!(f.hp("Brute"), 20);
}

#[test]
fn oho16_a_blunt_wound_concusses_or_sprains_where_the_d6_lands() {
    let expected = [
        (1, CONCUSSION),
        (2, CONCUSSION),
        (3, SPRAINED_ARM),
        (4, SPRAINED_ARM),
        (5, SPRAINED_LEG),
        (6, SPRAINED_LEG),
    ];
    for (face, condition) in expected {
        // The wound, then the d6 for where the blow lands (a club does not cut: no bleeding).
        let mut f = Fight::new(
            NEAR_FAR,
            &[("fighter", 1, "near")],
            &[("brute", 1, "near")],
            &[1, 6, 6, 6, 6, 1, 12, 1, face],
        );
        let club = f.attack("Brute", "Fighter", "Club");
        engage_and(&mut f, "Brute", "Fighter", club);
        assert_eq!(
            f.rolls("where the blow lands"),
            vec![format!("d6 = [{face}] = {face}")]
        );
        let injuries: Vec<Condition> = [BLEEDING, CONCUSSION, SPRAINED_ARM, SPRAINED_LEG]
            .into_iter()
            .filter(|c| f.has("Fighter", *c))
            .collect();
        assert_eq!(injuries, vec![condition], "d6 = {face}");
    }
}

#[test]
fn oho16_a_necrotic_wound_bleeds_and_strikes_like_a_blunt_blow() {
    // The witch's hex; the d6 (2) lands on the head. At the fighter's turn it bleeds: a second
    // hit, and Fortitude 6 against 2 holds.
    let f = wounded("fighter", "witch", "Hex", &[2, 6]);
    assert!(f.has("Fighter", BLEEDING));
    assert!(f.has("Fighter", CONCUSSION));
    assert_eq!(f.state("Fighter").injuries, 1);
    assert_eq!(f.state("Fighter").hits, 2);
}

#[test]
fn oho16_fire_burns_and_psychic_wounds_leave_no_condition() {
    // Fray's rulings for the types the table leaves out (cold frostbites: see oho19).
    let f = wounded("fighter", "brute", "Torch", &[6]);
    assert!(f.has("Fighter", BURNED));
    let f = wounded("fighter", "witch", "Flash", &[]);
    assert_eq!(f.state("Fighter").injuries, 1);
    for c in [
        BLEEDING,
        CONCUSSION,
        SPRAINED_ARM,
        SPRAINED_LEG,
        BURNED,
        FROSTBITE,
    ] {
        assert!(!f.has("Fighter", c), "{c:?}");
    }
}

#[test]
fn oho17_bleeding_takes_a_hit_and_a_fortitude_roll_every_round_and_disables_on_a_failure() {
    // The fighter's sword wounds the brute (20 damage): it bleeds. Its turn in round 1: a second
    // hit, Fortitude 2 against 2 holds and it acts. Round 2: a third hit, 2 against 3 fails: it
    // is disabled, out of the fight, and the fight is over.
    let mut f = Fight::duel("fighter", "brute", &[6, 6, 6, 1, 12, 1, 2, 2]);
    let sword = f.attack("Fighter", "Brute", "Sword");
    engage_and(&mut f, "Fighter", "Brute", sword);
    assert!(f.has("Brute", BLEEDING));
    assert_eq!(f.state("Brute").hits, 1);
    f.end_turn();
    assert_eq!(f.turn(), "Brute");
    assert_eq!(f.state("Brute").hits, 2);
    assert_eq!(f.status("Brute"), Status::Active);
    assert!(!f.offers("Brute").is_empty());
    f.end_turn();
    f.end_turn();
    assert_eq!(f.state("Brute").hits, 3);
    assert!(f.has("Brute", DISABLED));
    assert_eq!(f.status("Brute"), Status::Down);
    assert_eq!(
        f.rolls("Fortitude against bleeding"),
        vec!["d6 = [2] = 2", "d6 = [2] = 2"]
    );
    assert_eq!(
        f.notes("Brute")
            .into_iter()
            .filter(|n| n.starts_with("bleeds"))
            .collect::<Vec<_>>(),
        vec!["bleeds: a hit (2 in all).", "bleeds: a hit (3 in all)."]
    );
    assert_eq!(f.hp("Brute"), 20, "bleeding takes no health");
    assert_eq!(f.encounter().outcome().unwrap().winner, Some(SideId(0)));
}

#[test]
fn oho17_a_bleeding_creature_already_disabled_that_fails_again_is_dying() {
    // The greataxe maims Brute 1 (22 against Fortitude 1: disabled, and a slashing injury that
    // bleeds). At its turn it bleeds (a second hit) and fails again, Fortitude 1 against 2:
    // already disabled, it is dying (Fray's ruling: otherwise bleeding could never end a
    // fight). Brute 2 acts next; the fight goes on.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 2, "near")],
        &[6, 2, 1, 6, 6, 6, 1, 22, 1, 1],
    );
    let greataxe = f.attack("Fighter", "Brute 1", "Greataxe");
    engage_and(&mut f, "Fighter", "Brute 1", greataxe);
    assert!(f.has("Brute 1", DISABLED) && f.has("Brute 1", BLEEDING));
    assert!(!f.has("Brute 1", Condition::DYING));
    f.end_turn();
    assert_eq!(f.turn(), "Brute 2");
    assert_eq!(f.state("Brute 1").hits, 2);
    assert!(f.has("Brute 1", Condition::DYING));
    assert_eq!(f.rolls("Fortitude against bleeding"), vec!["d6 = [1] = 1"]);
    assert_eq!(f.status("Brute 1"), Status::Down);
    assert!(f.encounter().outcome().is_none());
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho18_a_concussion_penalizes_intellect_and_willpower_actions_by_the_hits() {
    // The brute's club at the mage's head: 18 - 10 = 8 against 1; 6 x2 = 12 against Fortitude
    // 1 fails by 11: a concussion. The mage's frost (Intellect) then rolls at -1 (one hit), its
    // sword (Strength) in round 2 at no penalty.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("mage", 1, "near")],
        &[("brute", 1, "near")],
        &[
            1, 6, // initiative
            6, 6, 6, 1, 6, 1, // the club at the head
            4, 4, 4, 6, 1, 6, // frost
            4, 4, 4, 6, 1, 6, // sword
        ],
    );
    let head = f.called("Brute", "Mage", "Club", BodyPart::Head);
    engage_and(&mut f, "Brute", "Mage", head);
    assert!(f.has("Mage", CONCUSSION));
    assert_eq!(f.state("Mage").hits, 1);
    f.end_turn();
    let frost = f.attack("Mage", "Brute", "Frost");
    engage_and(&mut f, "Mage", "Brute", frost);
    f.end_turn();
    f.end_turn();
    let sword = f.attack("Mage", "Brute", "Sword");
    f.ok("Mage", sword);
    let attacks = f.attacks();
    assert_eq!(
        attacks[1..],
        [
            "Frost (Intellect): 3d6-1 = [4, 4, 4] - 1 (penalty) = 11 vs 6, hit",
            "Sword (Strength): 3d6 = [4, 4, 4] = 12 vs 6, hit",
        ]
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho18_a_sprained_arm_penalizes_actions_by_the_hits() {
    // Round 1: the brute's club, 18 against 1, 1 damage against Fortitude 6 holds (one hit).
    // Round 2: at the arm, 18 - 5 = 13 against 1; 8 x1.5 = 12 against 1 fails by 11: a sprained
    // arm, the second hit. The fighter's sword then rolls at -2.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        &[
            1, 6, // initiative
            6, 6, 6, 1, 1, 6, // the club
            6, 6, 6, 1, 8, 1, // the club at the arm
            4, 4, 4, 6, 1, 6, // the sword
        ],
    );
    let club = f.attack("Brute", "Fighter", "Club");
    engage_and(&mut f, "Brute", "Fighter", club);
    f.end_turn();
    f.end_turn();
    let arm = f.called("Brute", "Fighter", "Club", BodyPart::Arm);
    f.ok("Brute", arm);
    assert!(f.has("Fighter", SPRAINED_ARM));
    assert_eq!(f.state("Fighter").hits, 2);
    f.end_turn();
    let sword = f.attack("Fighter", "Brute", "Sword");
    engage_and(&mut f, "Fighter", "Brute", sword);
    assert_eq!(
        f.attacks().last().unwrap(),
        "Sword (Strength): 3d6-2 = [4, 4, 4] - 2 (penalty) = 10 vs 6, hit"
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho18_a_sprained_leg_halves_speed() {
    // A club at the leg: 18 - 5 = 13 against 1; 8 x1.5 = 12 against 1 fails by 11. Speed 15,
    // dash 7: crossing 30 feet takes two moves, 4 s instead of 2 s.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        &[1, 6, 6, 6, 6, 1, 8, 1],
    );
    let leg = f.called("Brute", "Fighter", "Club", BodyPart::Leg);
    engage_and(&mut f, "Brute", "Fighter", leg);
    assert!(f.has("Fighter", SPRAINED_LEG));
    f.end_turn();
    f.ok("Fighter", Intent::Disengage);
    let away = f.move_to("far");
    let offer = f.offer("Fighter", &away).unwrap();
    assert_eq!(
        (offer.cost, offer.label.as_ref()),
        (secs(40), "move (2 moves)")
    );
    f.ok("Fighter", away);
    assert_eq!(f.left("Fighter"), 15);
}

#[test]
fn oho19_burns_roll_fortitude_against_the_hits_every_round_and_a_failure_loses_the_turn() {
    // Round 1: the brute's torch burns the fighter (one hit). At its turn, Fortitude 3 against
    // 1 holds. Round 2: a second torch hit is held (6 against 1 damage): two hits. At its turn,
    // 1 against 2 fails: it cannot act, and its turn ends at once.
    let mut f = wounded("fighter", "brute", "Torch", &[3, 6, 6, 6, 1, 1, 6, 1]);
    assert!(f.has("Fighter", BURNED));
    assert_eq!(f.rolls("Fortitude against burns"), vec!["d6 = [3] = 3"]);
    assert!(!f.offers("Fighter").is_empty());
    f.end_turn();
    let torch = f.attack("Brute", "Fighter", "Torch");
    f.ok("Brute", torch);
    assert_eq!(f.state("Fighter").hits, 2);
    f.end_turn();
    assert_eq!((f.encounter().round(), f.turn()), (3, "Brute".to_string()));
    assert_eq!(
        f.rolls("Fortitude against burns"),
        vec!["d6 = [3] = 3", "d6 = [1] = 1"]
    );
    assert_eq!(
        f.notes("Fighter").last().unwrap(),
        "is wracked by their burns and cannot act this turn."
    );
    assert_eq!(f.status("Fighter"), Status::Active, "burns do not disable");
    assert_eq!(f.state("Fighter").hits, 2, "burns add no hit");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho19_frostbite_penalizes_reflex_actions_by_the_hits() {
    // The mage's frost on the dodger: 18 against 1 + 1 + 1 = 3; 12 against Fortitude 1 fails
    // by 11: frostbite, one hit. The dodger's sword (Strength) rolls whole; its defense (Reflex)
    // rolls at -1.
    let mut f = Fight::duel(
        "mage",
        "dodger",
        &[
            6, 6, 6, 1, 1, 1, 12, 1, // frost
            4, 4, 4, 6, 1, 6, // the dodger's sword
            6, 6, 6, 2, 2, 2, 1, 6, // the mage's sword
        ],
    );
    let frost = f.attack("Mage", "Dodger", "Frost");
    engage_and(&mut f, "Mage", "Dodger", frost);
    assert!(f.has("Dodger", FROSTBITE));
    f.end_turn();
    let sword = f.attack("Dodger", "Mage", "Sword");
    engage_and(&mut f, "Dodger", "Mage", sword);
    f.end_turn();
    let sword = f.attack("Mage", "Dodger", "Sword");
    f.ok("Mage", sword);
    assert_eq!(
        f.attacks()[1],
        "Sword (Strength): 3d6 = [4, 4, 4] = 12 vs 6, hit"
    );
    assert_eq!(
        f.rolls("defense roll"),
        vec![
            "3d6 = [1, 1, 1] = 3",
            "d6 = [6] = 6",
            "3d6-1 = [2, 2, 2] - 1 (penalty) = 5"
        ]
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho20_blinded_loses_a_die_and_cannot_shoot_or_call_its_shots() {
    // The witch's flash blinds the archer for 2 rounds. Its knife then rolls 2 dice: 3 + 3 = 6
    // against 5. In round 2 its defense roll has no die left: the hex (3) hits.
    let mut f = wounded("archer", "witch", "Flash", &[3, 3, 5, 1, 6, 1, 1, 1, 1, 6]);
    assert!(f.has("Archer", Condition::BLINDED));
    let engage = f.engage("Witch");
    f.ok("Archer", engage);
    let attacks: Vec<String> = f
        .offers("Archer")
        .iter()
        .filter(|o| o.intent.kind() == IntentKind::Attack)
        .map(|o| o.label.to_string())
        .collect();
    assert_eq!(attacks, vec!["Knife (Reflex)"]);
    let blind = "it is blinded: shooting and called shots need sight";
    let bow = f.attack("Archer", "Witch", "Bow");
    assert_eq!(f.refused("Archer", bow), blind);
    let aimed = f.called("Archer", "Witch", "Knife", BodyPart::Leg);
    assert_eq!(f.refused("Archer", aimed), blind);
    let knife = f.attack("Archer", "Witch", "Knife");
    f.ok("Archer", knife);
    f.end_turn();
    let hex = f.attack("Witch", "Archer", "Hex");
    f.ok("Witch", hex);
    assert_eq!(
        f.attacks()[1..],
        [
            "Knife (Reflex): 2d6 = [3, 3] = 6 vs 5, hit",
            "Hex (Willpower): 3d6 = [1, 1, 1] = 3 vs 0, hit",
        ]
    );
    assert_eq!(f.faces_left(), 0);
    // The blindness ends at the start of round 3.
    f.end_turn();
    f.end_turn();
    assert_eq!(f.encounter().round(), 3);
    assert!(!f.has("Archer", Condition::BLINDED));
}

#[test]
fn oho20_a_withheld_shot_fails_outright_once_its_maker_is_blinded() {
    // The archer withholds a bow shot for when the witch moves. The witch blinds it, then moves:
    // the shot fails without a roll; the archer passes on its attack of opportunity.
    let mut f = Fight::duel("archer", "witch", &[6, 6, 6, 1, 12, 1]);
    let engage = f.engage("Witch");
    f.ok("Archer", engage);
    let withhold = f.withhold("Archer", "Witch", "Bow", Trigger::EnemyMoves);
    f.ok("Archer", withhold);
    f.end_turn();
    let flash = f.attack("Witch", "Archer", "Flash");
    engage_and(&mut f, "Witch", "Archer", flash);
    assert!(f.has("Archer", Condition::BLINDED));
    let away = f.move_to("far");
    f.act("Witch", away);
    let fire = f.offers("Archer")[0].intent;
    f.ok("Archer", fire);
    assert_eq!(
        f.notes("Archer").last().unwrap(),
        "cannot see: the attack with Bow fails."
    );
    assert_eq!(
        f.reactors(),
        vec!["Archer".to_string()],
        "then its attack of opportunity"
    );
    f.ok("Archer", Intent::Pass);
    assert_eq!(f.region("Witch"), "far");
    assert_eq!(f.attacks().len(), 1, "only the flash was rolled");
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho20_deafened_loses_a_die_on_every_roll() {
    // The witch's bang deafens the fighter: its sword rolls 2 dice (4 + 4 = 8 against 6). It
    // can still call its shots.
    let mut f = wounded("fighter", "witch", "Bang", &[4, 4, 6, 1, 6]);
    assert!(f.has("Fighter", Condition::DEAFENED));
    let engage = f.engage("Witch");
    f.ok("Fighter", engage);
    let head = f.called("Fighter", "Witch", "Sword", BodyPart::Head);
    assert!(f.offer("Fighter", &head).is_some());
    let sword = f.attack("Fighter", "Witch", "Sword");
    f.ok("Fighter", sword);
    assert_eq!(
        f.attacks()[1],
        "Sword (Strength): 2d6 = [4, 4] = 8 vs 6, hit"
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho20_a_confused_creature_takes_the_one_action_picked_at_random() {
    // The witch's glare confuses the fighter for a round.
    let mut f = wounded("fighter", "witch", "Glare", &[]);
    assert!(f.has("Fighter", Condition::CONFUSED));
    let offers = f.offers("Fighter");
    assert_eq!(offers.len(), 1, "{offers:?}");
    let picked = offers[0].intent;
    assert!(
        matches!(
            picked.kind(),
            IntentKind::Engage
                | IntentKind::Disengage
                | IntentKind::Move
                | IntentKind::Ready
                | IntentKind::EndTurn
        ),
        "{picked:?}"
    );
    assert_eq!(f.faces_left(), 0, "the pick spends no die of the fight");
    let engage = f.engage("Witch");
    let other = if picked == engage {
        f.move_to("far")
    } else {
        engage
    };
    let confused = "it is confused: it can only take the action picked for it";
    assert_eq!(f.refused("Fighter", other), confused);
    if picked != Intent::EndTurn {
        assert_eq!(f.refused("Fighter", Intent::EndTurn), confused);
    }
    assert_eq!(f.left("Fighter"), 65, "the refusals changed nothing");
    f.ok("Fighter", picked);
    assert!(f.find(|e| matches!(e, LogEvent::Rejected { .. })).is_some());
}

#[test]
fn oho20_core05_a_confused_creatures_random_pick_is_logged_as_a_roll() {
    // The glare confuses the fighter; the action picked for it is a roll: a die as large as
    // the list of what it could do, the face its place in the list, with what it picked.
    let mut f = wounded("fighter", "witch", "Glare", &[]);
    let picked = f.offers("Fighter")[0].clone();
    f.ok("Fighter", picked.intent);
    let picks: Vec<(String, i64, String)> = f
        .events()
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::Roll {
                purpose,
                roll,
                target: None,
                success: None,
                ..
            } if purpose.starts_with("a random action") => {
                Some((purpose, roll.total(), roll.notation().to_string()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(picks.len(), 1, "{}", f.log());
    let (purpose, face, notation) = &picks[0];
    let sides: i64 = notation.trim_start_matches('d').parse().unwrap();
    assert!((1..=sides).contains(face), "{notation}: {face}");
    assert_eq!(
        purpose,
        &format!(
            "a random action (confused): {} of {sides}, {}",
            face, picked.label
        )
    );
    assert!(
        f.log().contains(&format!(
            "Fighter rolls a random action (confused): {face} of {sides}, {}: d{sides} = [{face}] = {face}.",
            picked.label
        )),
        "{}",
        f.log()
    );
    assert_eq!(
        f.faces_left(),
        0,
        "the pick spends no die of the fight's stream"
    );
}

#[test]
fn oho20_frightened_does_what_the_encounter_options_say() {
    // Today's default: a frightened creature loses 1d6 on its attacks and will not engage.
    // The fighter engages the brute, is frightened, and strikes with two dice: 4 + 4 = 8
    // against 1, a hit, 5 damage against Fortitude 6.
    let frighten = |f: &mut Fight| {
        f.inflict(
            "Fighter",
            None,
            EffectSpec::condition(Condition::FRIGHTENED, Duration::Rounds(2)),
        );
    };
    let mut f = Fight::duel("fighter", "brute", &[]);
    let engage = f.engage("Brute");
    f.ok("Fighter", engage);
    frighten(&mut f);
    let disengage = Intent::Disengage;
    f.ok("Fighter", disengage);
    assert_eq!(
        f.refused("Fighter", engage),
        "it is frightened and will not close in"
    );
    f.end_turn();
    f.end_turn();
    let engage_again = f.engage("Brute");
    assert!(f.offer("Fighter", &engage_again).is_none());
    let mut f = Fight::duel("fighter", "brute", &[4, 4, 1, 5, 6]);
    f.ok("Fighter", engage);
    frighten(&mut f);
    let sword = f.attack("Fighter", "Brute", "Sword");
    f.ok("Fighter", sword);
    assert_eq!(
        f.attacks(),
        ["Sword (Strength): 2d6 = [4, 4] = 8 vs 1, hit"]
    );
    // The options: it may close in and strikes with every die; or it loses two dice.
    let options =
        r#"options: (ruleset: {"frightened_may_engage": true, "frightened_attack_dice": 0})"#;
    let mut g = Fight::with(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        options,
        &[6, 1, 4, 4, 4, 1, 5, 6],
    );
    frighten(&mut g);
    let engage = g.engage("Brute");
    g.ok("Fighter", engage);
    let sword = g.attack("Fighter", "Brute", "Sword");
    g.ok("Fighter", sword);
    assert_eq!(
        g.attacks(),
        ["Sword (Strength): 3d6 = [4, 4, 4] = 12 vs 1, hit"]
    );
    let options = r#"options: (ruleset: {"frightened_attack_dice": 2})"#;
    let mut h = Fight::with(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 1, "near")],
        options,
        &[6, 1, 4, 1, 5, 6],
    );
    let engage = h.engage("Brute");
    h.ok("Fighter", engage);
    frighten(&mut h);
    let sword = h.attack("Fighter", "Brute", "Sword");
    h.ok("Fighter", sword);
    assert_eq!(h.attacks(), ["Sword (Strength): d6 = [4] = 4 vs 1, hit"]);
    for x in [&f, &g, &h] {
        assert_eq!(x.faces_left(), 0);
    }
}

#[test]
fn oho20_fray_check_refuses_a_frightened_option_out_of_range() {
    let loader = OHO.loader();
    let mut db = fray_content::ContentDb::default();
    loader
        .add_source(
            &mut db,
            fray_content::source::SourceFile::new("t/oho/blocks.ron", BLOCKS),
        )
        .unwrap();
    let text = "Encounter(id: \"t\", name: \"T\", ruleset: \"oho\", map: Named(\"near-far\"),\n sides: [\n (name: \"A\", combatants: [(statblock: \"fighter\", region: \"near\")]),\n (name: \"B\", combatants: [(statblock: \"brute\", region: \"near\")]),\n ],\n options: (ruleset: {\"frightened_attack_dice\": -1}))";
    loader
        .add_source(
            &mut db,
            fray_content::source::SourceFile::new("t/oho/encounters/t.ron", text),
        )
        .unwrap();
    let problems: Vec<String> = loader
        .validate(&mut db)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        problems,
        [
            "t/oho/encounters/t.ron:6:22: option `frightened_attack_dice`: a number of d6 from 0 to 10, found -1"
        ]
    );
}

#[test]
fn oho20_a_curse_takes_a_die_from_the_cursed_ability_only() {
    // The witch curses the mage's Strength: its sword (Strength) rolls 2 dice (3 + 3 = 6
    // against 5), its frost (Intellect) all 3 in round 2 (9 against 5).
    let mut f = wounded("mage", "witch", "Curse", &[3, 3, 5, 1, 6, 3, 3, 3, 5, 1, 6]);
    assert!(f.has("Mage", CURSED));
    assert!(f.state("Mage").cursed(Ability::Strength));
    assert!(!f.state("Mage").cursed(Ability::Intellect));
    assert_eq!(
        f.notes("Mage").last().unwrap(),
        "is cursed: their Strength rolls lose 1d6."
    );
    let sword = f.attack("Mage", "Witch", "Sword");
    engage_and(&mut f, "Mage", "Witch", sword);
    f.end_turn();
    f.end_turn();
    let frost = f.attack("Mage", "Witch", "Frost");
    f.ok("Mage", frost);
    assert_eq!(
        f.attacks()[1..],
        [
            "Sword (Strength): 2d6 = [3, 3] = 6 vs 5, hit",
            "Frost (Intellect): 3d6 = [3, 3, 3] = 9 vs 5, hit",
        ]
    );
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho20_a_disabled_creature_cannot_act() {
    // The greataxe maims Brute 1 (22 against Fortitude 1): disabled. At its turn it bleeds
    // (Fortitude 6 against 2 holds) and its turn ends at once; Brute 2 acts.
    let mut f = Fight::new(
        NEAR_FAR,
        &[("fighter", 1, "near")],
        &[("brute", 2, "near")],
        &[6, 2, 1, 6, 6, 6, 1, 22, 1, 6],
    );
    let greataxe = f.attack("Fighter", "Brute 1", "Greataxe");
    engage_and(&mut f, "Fighter", "Brute 1", greataxe);
    assert!(f.has("Brute 1", DISABLED));
    assert_eq!(f.status("Brute 1"), Status::Down);
    f.end_turn();
    assert_eq!(f.turn(), "Brute 2");
    let brute1 = f.id("Brute 1");
    let started = f
        .find(|e| matches!(e, LogEvent::TurnStarted { who } if *who == brute1))
        .unwrap();
    let ended = f
        .find(|e| matches!(e, LogEvent::TurnEnded { who } if *who == brute1))
        .unwrap();
    let between: Vec<LogEvent> = f.events()[started + 1..ended].to_vec();
    assert!(
        between
            .iter()
            .all(|e| matches!(e, LogEvent::Note { .. } | LogEvent::Roll { .. })),
        "{between:?}"
    );
    let engage = f.engage("Fighter");
    assert_eq!(
        f.refused("Brute 1", engage),
        "that combatant cannot act (Down)"
    );
    assert!(f.encounter().outcome().is_none());
    assert_eq!(f.faces_left(), 0);
}

#[test]
fn oho20_a_rider_counts_in_the_preview_only_when_it_would_be_new() {
    // The witch's curse on Strength lands; on her next turn a second one would add nothing,
    // while her glare would still confuse whenever the Fortitude roll fails.
    let mut f = wounded("fighter", "witch", "Curse", &[]);
    assert!(f.state("Fighter").cursed(Ability::Strength));
    f.end_turn();
    assert_eq!(f.turn(), "Witch");
    let offer = |f: &Fight, weapon: &str| {
        f.offer("Witch", &f.attack("Witch", "Fighter", weapon))
            .unwrap()
    };
    let preview = |f: &Fight, weapon: &str| offer(f, weapon).preview;
    let glare = offer(&f, "Glare");
    assert!(glare.preview.inflicts > 0.0, "{glare:?}");
    // The chance the Fortitude roll holds, as the player is told it (to a tenth of a percent).
    let held: f32 = glare
        .notes
        .iter()
        .find_map(|n| n.split("held ").nth(1)?.split('%').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no held band in {:?}", glare.notes));
    let landing = glare.preview.hit_chance * (1.0 - held / 100.0);
    assert!((glare.preview.inflicts - landing).abs() < 1e-3, "{glare:?}");
    assert!(
        glare.notes.iter().any(|n| n.contains("confused")),
        "the glare's rider is named: {:?}",
        glare.notes
    );
    assert_eq!(preview(&f, "Curse").inflicts, 0.0, "already cursed there");
    assert_eq!(preview(&f, "Hex").inflicts, 0.0, "no rider");
}
