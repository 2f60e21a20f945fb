//! Meetings turned into fights (BX-13, BX-14, BX-15), and the built-in expedition played to its
//! end.

use bevy_ecs::prelude::*;
use fray_core::client::decisions;
use fray_core::combatant::Controller;
use fray_core::drive::run_until_blocked;
use fray_core::encounter::{Encounter, Roster, Sides};
use fray_core::intent::Intent;
use fray_core::kit::DecisionKind;
use fray_core::log::CombatLog;
use fray_core::log_text::LogNames;
use fray_core::outcome::Ending as FightEnding;
use fray_core::region::EncounterMap;
use fray_core::request::ActionRequest;
use fray_core::rng::EncounterRng;
use fray_explore::fight::{MONSTER_SIDE, PARTY_SIDE};
use fray_explore::prelude::*;

use super::super::meet;
use super::{expedition, fighting_app, rats};

/// A meeting with `foes`, turned into a fight by the party's `stance`, both sides played from
/// outside so that the fight stops at its first decision, with the fight's dice forced to
/// `faces`; returns the expedition, the encounter and the fight's log as text.
fn meet_with(
    world: &mut World,
    stance: Stance,
    foes: Vec<Foes>,
    prepare: impl FnOnce(&mut World, [Entity; 2]),
    faces: Vec<u32>,
) -> (Entity, Entity, String) {
    let (e, members) = expedition(world, vec![Activity::Explore], vec![]);
    prepare(world, members);
    world.entity_mut(e).insert((
        ExpeditionPolicy {
            stance,
            ..ExpeditionPolicy::default()
        },
        Haul::default(),
    ));
    let meeting = Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft: 0,
        foes,
        area: None,
    };
    let mut setup = meet::setup(world, e, meeting);
    setup.controllers = vec![
        (
            PARTY_SIDE.into(),
            Controller::External(fray_core::ids::PlayerId(1)),
        ),
        (
            MONSTER_SIDE.into(),
            Controller::External(fray_core::ids::PlayerId(2)),
        ),
    ];
    let encounter = world.start_fight_with(e, setup).unwrap();
    world
        .entity_mut(encounter)
        .insert(EncounterRng::scripted(faces));
    run_until_blocked(world, 1_000);
    let text = fight_log(world, encounter);
    (e, encounter, text)
}

/// The first round's declarations of a meeting played from outside: `speaker` declares a
/// parley (BX-14) and everyone else declares nothing; returns the fight's log as text.
fn speak(world: &mut World, encounter: Entity, speaker: &str) -> String {
    let parley = Intent::UseAbility {
        ability: crate::vocabulary::PARLEY,
        target: None,
    };
    for _ in 0..8 {
        let pending = decisions(world, encounter);
        let declaring: Vec<_> = pending
            .iter()
            .filter(|d| d.kind == DecisionKind::Declaration)
            .collect();
        if declaring.is_empty() {
            break;
        }
        for d in declaring {
            let Controller::External(player) = d.controller else {
                continue;
            };
            let named = world.get::<Name>(d.actor).map(Name::as_str) == Some(speaker);
            let intent = if named && d.options.iter().any(|o| o.intent == parley) {
                parley
            } else {
                Intent::Pass
            };
            world.write_message(ActionRequest {
                actor: d.actor,
                controller: player,
                intent,
            });
        }
        run_until_blocked(world, 1_000);
    }
    fight_log(world, encounter)
}

fn fight_log(world: &World, encounter: Entity) -> String {
    match (
        world.get::<Roster>(encounter),
        world.get::<EncounterMap>(encounter),
        world.get::<Sides>(encounter),
        world.get::<CombatLog>(encounter),
    ) {
        (Some(r), Some(m), Some(s), Some(log)) => LogNames::new(r, m, s).render(log),
        _ => String::new(),
    }
}

fn ending(world: &World, encounter: Entity) -> Option<FightEnding> {
    world
        .get::<Encounter>(encounter)
        .and_then(Encounter::outcome)
        .map(|o| o.ending)
}

#[test]
fn bx13_a_party_rolling_2_on_its_d6_is_surprised_and_its_light_keeps_the_monsters_from_surprise() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // The party's d6 shows 2: surprised. The monsters see its torches: no roll. 2d6 = 3 + 4:
    // 70 ft. The monsters' initiative then.
    let (_, _, log) = meet_with(world, Stance::Bold, rats(2), |_, _| {}, vec![2, 3, 4, 5]);
    assert!(
        log.contains("surprise of the Party: d6 = [2] = 2."),
        "{log}"
    );
    assert!(
        log.contains("The Party are surprised and lose the first round."),
        "{log}"
    );
    assert!(
        log.contains(
            "The Monsters see the light of their enemies coming: they cannot be surprised."
        ),
        "{log}"
    );
    assert!(
        log.contains("encounter distance (x 10): 2d6 = [3, 4] = 7."),
        "{log}"
    );
    assert!(log.contains("The sides meet 70 feet apart"), "{log}");
}

#[test]
fn bx13_a_party_rolling_3_is_not_surprised() {
    let mut app = fighting_app();
    let world = app.world_mut();
    let (_, _, log) = meet_with(world, Stance::Bold, rats(1), |_, _| {}, vec![3, 6, 6, 5, 5]);
    assert!(
        log.contains("surprise of the Party: d6 = [3] = 3."),
        "{log}"
    );
    assert!(!log.contains("are surprised"), "{log}");
    assert!(
        log.contains("The sides meet 120 feet apart"),
        "the most 2d6 x 10 ft gives: {log}"
    );
}

#[test]
fn bx14_a_cautious_party_speaks_first_and_12_on_2d6_is_friendly_no_fight() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Rats move faster than the party and it carries neither food nor treasure: it cannot
    // evade (BX-15), so it only speaks: the cleric does. Surprise 4 (party), distance 2 + 2,
    // reaction 6 + 5 and the cleric's CHA +1: 12.
    let (e, encounter, _) = meet_with(
        world,
        Stance::Cautious,
        rats(2),
        |_, _| {},
        vec![4, 2, 2, 6, 5],
    );
    let log = speak(world, encounter, "Bea");
    assert!(
        log.contains("Bea speaks with the other side: a parley."),
        "{log}"
    );
    assert!(
        log.contains("reaction of the Monsters: 2d6+1 = [6, 5] + 1 (CHA) = 12."),
        "{log}"
    );
    assert!(log.contains("The Monsters are friendly, helpful."), "{log}");
    assert_eq!(ending(world, encounter), Some(FightEnding::Parley));
    let result = world.end_fight(e).unwrap();
    assert!(result.killed.is_empty());
}

#[test]
fn bx14_reactions_of_2_or_less_are_hostile_3_to_5_unfriendly_and_both_come_to_blows() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // 1 + 1 and the cleric's CHA +1: 3, unfriendly.
    let (_, encounter, _) = meet_with(
        world,
        Stance::Cautious,
        rats(2),
        |_, _| {},
        vec![4, 2, 2, 1, 1, 5, 5],
    );
    let log = speak(world, encounter, "Bea");
    assert!(
        log.contains("= 3.") && log.contains("The Monsters are unfriendly, may attack."),
        "{log}"
    );
    assert_eq!(ending(world, encounter), None);
    // Without the cleric (dead), the fighter speaks, with no CHA: 1 + 1 = 2, hostile.
    let (_, encounter, _) = meet_with(
        world,
        Stance::Cautious,
        rats(2),
        |world, [_, bea]| world.get_mut::<Vitals>(bea).unwrap().life = Life::Dead,
        vec![4, 2, 2, 1, 1, 5, 5],
    );
    let log = speak(world, encounter, "Aldo");
    assert!(
        log.contains("= [1, 1] = 2.") && log.contains("The Monsters are hostile, attacks."),
        "{log}"
    );
    assert_eq!(ending(world, encounter), None);
}

#[test]
fn bx14_a_reaction_of_6_to_11_ends_the_meeting_without_a_fight() {
    let mut app = fighting_app();
    let world = app.world_mut();
    for faces in [[3, 2], [5, 5]] {
        let (_, encounter, _) = meet_with(
            world,
            Stance::Cautious,
            rats(1),
            |_, _| {},
            vec![4, 2, 2, faces[0], faces[1]],
        );
        let log = speak(world, encounter, "Bea");
        assert_eq!(ending(world, encounter), Some(FightEnding::Parley), "{log}");
    }
}

#[test]
fn bx15_a_cautious_party_faster_than_its_foes_evades_them() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Mire goblins move 60 ft a turn; the fighter alone (the cleric, at 60, is dead) 90: the
    // party gets away without a drop. The expedition rolls the distance for the pursuit, 3 + 3:
    // 60 ft, and the party runs 30 ft a round ahead of the goblins, out of sight (past 120 ft)
    // in the third round. The fight: surprise 5, and the evasion's d100 50 against 100%.
    let goblins = vec![Foes {
        statblock: "mire-goblin".into(),
        count: 3,
    }];
    let (e, encounter, log) = meet_with(
        world,
        Stance::Cautious,
        goblins,
        |world, [_, bea]| {
            world.get_mut::<Vitals>(bea).unwrap().life = Life::Dead;
            let e = world.get::<MemberOf>(bea).unwrap().0;
            world
                .entity_mut(e)
                .insert(ExpeditionRng(EncounterRng::scripted([3, 3])));
        },
        vec![5, 50],
    );
    assert_eq!(ending(world, encounter), Some(FightEnding::Evaded), "{log}");
    let logged = format!("{:?}", world.get::<ExpeditionLog>(e).unwrap().entries());
    assert!(
        logged.contains("party 90 ft, monsters 60 ft, 60 ft apart: outran them; ran 3 rounds"),
        "{logged}"
    );
    // As slow as the goblins, with nothing to drop: caught, no evasion offered.
    let (e, _) = expedition(world, vec![Activity::Explore], vec![]);
    world
        .entity_mut(e)
        .insert((ExpeditionPolicy::default(), Haul::default()));
    let meeting = Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft: 30,
        foes: rats(1),
        area: None,
    };
    assert_eq!(
        meet::setup(world, e, meeting).options.ruleset.get("evade"),
        None
    );
}

#[test]
fn bx15_a_party_no_faster_drops_food_and_its_pursuers_stop_on_3_in_6() {
    let mut app = fighting_app();
    let world = app.world_mut();
    // Rats are as fast as the party: it drops a ration; the pursuers' d6 shows 3: they stop.
    let (e, _, _) = {
        let (e, members) = expedition(world, vec![Activity::Explore], vec![3]);
        world.get_mut::<Supplies>(members[1]).unwrap().rations = 2;
        world
            .entity_mut(e)
            .insert((ExpeditionPolicy::default(), Haul::default()));
        let meeting = Meeting {
            at: GameTime::ZERO,
            source: MeetingSource::Wandering,
            distance_ft: 40,
            foes: rats(2),
            area: None,
        };
        let setup = meet::setup(world, e, meeting);
        assert_eq!(
            setup.options.ruleset.get("evade_chance"),
            Some(&fray_content::options::OptionValue::Int(100))
        );
        assert_eq!(world.get::<Supplies>(members[1]).unwrap().rations, 1);
        (e, members, ())
    };
    let logged = format!("{:?}", world.get::<ExpeditionLog>(e).unwrap().entries());
    assert!(logged.contains("faces: [3]"), "{logged}");
    assert!(
        logged.contains("dropped food, and the pursuers stop for it (3 on a d6)"),
        "{logged}"
    );
    // A 4 does not stop them: the party is caught, and only speaks.
    let (e, members) = expedition(world, vec![Activity::Explore], vec![4]);
    world.get_mut::<Supplies>(members[0]).unwrap().rations = 1;
    world
        .entity_mut(e)
        .insert((ExpeditionPolicy::default(), Haul::default()));
    let meeting = Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft: 40,
        foes: rats(2),
        area: None,
    };
    let setup = meet::setup(world, e, meeting);
    assert_eq!(setup.options.ruleset.get("evade"), None);
    assert_eq!(
        world.get::<Supplies>(members[0]).unwrap().rations,
        0,
        "dropped all the same"
    );
}

#[test]
fn the_barrow_raid_loads_and_plays_to_an_end_on_every_seed() {
    use fray_core::spawn::Content;
    let mut app = fighting_app();
    let db = app.world().resource::<Content>().0.clone();
    let spec = db.document::<ExpeditionSpec>("bx-barrow-raid").unwrap();
    assert_eq!(spec.party.len(), 4);
    let dungeon = db
        .document::<DungeonSpec>(spec.dungeon.as_deref().unwrap())
        .unwrap();
    assert!(dungeon.areas.len() >= 12);
    let world = app.world_mut();
    let mut endings = Vec::new();
    for seed in 0..12 {
        let e = world
            .spawn_delve_from(&db, "bx-barrow-raid", seed, true)
            .unwrap();
        run_expeditions(world, spec.max_turns);
        let state = world.get::<Expedition>(e).unwrap().state;
        let log = world.get::<ExpeditionLog>(e).unwrap();
        assert!(
            matches!(state, ExpeditionState::Ended(_)),
            "seed {seed}: {:#?}",
            log.entries()
        );
        assert!(
            log.entries()
                .iter()
                .any(|x| matches!(x.event, ExploreEvent::Entered { .. })),
            "seed {seed}: the party moves"
        );
        endings.push(state);
        if std::env::var("FRAY_SHOW").is_ok() {
            for x in log.entries() {
                eprintln!("{:?} {:?}", x.at, x.event);
            }
            eprintln!("haul {:?}", world.get::<Haul>(e));
        }
        let dungeon = world.get::<Position>(e).unwrap().dungeon;
        world.despawn(e);
        world.despawn(dungeon);
    }
    assert!(
        endings
            .iter()
            .any(|s| *s != ExpeditionState::Ended(ExpeditionEnding::PartyDead)),
        "{endings:?}"
    );
}

/// The built-in barrow raid on seed 1, logged, spawned in `app`'s World.
fn barrow_raid(app: &mut bevy_app::App) -> Entity {
    let db = app
        .world()
        .resource::<fray_core::spawn::Content>()
        .0
        .clone();
    app.world_mut()
        .spawn_delve_from(&db, "bx-barrow-raid", 1, true)
        .unwrap()
}

#[test]
fn bx28_a_character_destroyed_with_its_gear_leaves_nothing_but_the_magic_items_that_saved() {
    let mut app = fighting_app();
    let e = barrow_raid(&mut app);
    let world = app.world_mut();
    world.start_fight(e, &rats(1)).unwrap();
    run_until_blocked(world, 100_000);
    let (aldo, combatant) = world.get::<Fighting>(e).unwrap().members[0];
    {
        let mut state = world.get_mut::<crate::state::BxState>(combatant).unwrap();
        state.gear_lost = true;
        state.items_saved = 1;
    }
    assert!(world.get::<Supplies>(aldo).unwrap().torches > 0);
    world.end_fight(e).unwrap();
    assert_eq!(*world.get::<Supplies>(aldo).unwrap(), Supplies::default());
    assert!(world.get::<Light>(aldo).is_none());
    assert!(
        world
            .get::<ExpeditionLog>(e)
            .unwrap()
            .entries()
            .iter()
            .any(|x| x.event
                == ExploreEvent::GearLost {
                    who: "Aldo".into(),
                    items_saved: vec!["shield +1".into()],
                })
    );
}

#[test]
fn bx02_in_the_dungeon_the_party_moves_at_its_slowest_living_members_rate() {
    let mut app = fighting_app();
    let e = barrow_raid(&mut app);
    let world = app.world_mut();
    let pace = |world: &World| *world.get::<Pace>(e).unwrap();
    // Aldo (fighter-2, plate) and Bea (cleric-2) move 60 ft a turn, Dara (fighter-1) 90 and
    // Cob (thief-2) 120: the party explores at 60 ft, and 180 ft through ground it knows.
    explore_turn(world);
    assert_eq!(
        pace(world),
        Pace {
            unknown: 60,
            familiar: 180
        }
    );
    // With both 60-ft members dead, Dara sets the pace.
    let order = world.get::<Party>(e).unwrap().order.clone();
    for member in &order[..2] {
        world.get_mut::<Vitals>(*member).unwrap().life = Life::Dead;
    }
    explore_turn(world);
    assert_eq!(
        pace(world),
        Pace {
            unknown: 90,
            familiar: 270
        }
    );
}
