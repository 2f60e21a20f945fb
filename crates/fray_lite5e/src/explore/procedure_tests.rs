//! lite5e's dungeon procedures played on the exploration tick with forced dice: traps,
//! corruption, coins, load, chases, rest and light.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::source::SourceFile;
use fray_core::rng::EncounterRng;
use fray_explore::prelude::*;

use super::corruption::CORRUPTED;
use super::delve_tests::app;
use super::injuries::{LOST, SHAKEN};
use super::resilience::EXHAUSTED;
use super::{Lite5eProcedure, coins, load, meet};
use crate::sheet::Sheet;
use crate::state::L5;

/// A two-area dungeon whose entrance holds `trap` (RON), 60 ft from `b`.
fn dungeon(trap: &str) -> DungeonSpec {
    let text = format!(
        r#"Dungeon(id: "test-dungeon", name: "Test", ruleset: "lite5e", entrance: "a",
            areas: [(id: "a", trap: {trap}), (id: "b")],
            passages: [(from: "a", to: "b", feet: 60)])"#
    );
    SourceFile::new("test.ron", &text).parse().unwrap()
}

/// Brannoc (fighter-3: STR 16, DEX 12, CON 15, load 14) alone, bold, to `b` and back, with
/// his torch lit or not, and these dice.
fn brannoc(world: &mut World, trap: &str, lit: bool, faces: Vec<u32>) -> (Entity, Entity) {
    let spec = ExpeditionSpec {
        id: "test".into(),
        name: "Test".into(),
        ruleset: "lite5e".into(),
        description: String::new(),
        dungeon: Some("test-dungeon".into()),
        wilderness: None,
        vessel: None,
        mount: None,
        party: vec![PartyMemberSpec {
            name: "Brannoc".into(),
            statblock: "fighter-3".into(),
            hp: 28,
            supplies: Supplies {
                torches: 4,
                rations: 2,
                ..Supplies::default()
            },
            lit: lit.then_some(LightKind::Torch),
        }],
        plan: PlanSpec {
            route: vec!["b".into()],
            goal: None,
            policy: ExpeditionPolicy {
                stance: Stance::Bold,
                rest_every: 0,
                turn_back_below_hp_percent: 0,
                turn_back_light_turns: 0,
            },
            march: March::default(),
        },
        max_turns: 10,
    };
    let e = world
        .spawn_delve(&spec, Arc::new(dungeon(trap)), 1, true)
        .unwrap();
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(faces)));
    let member = world.get::<Party>(e).unwrap().order[0];
    (e, member)
}

/// Asserts that every forced die of expedition `e` was rolled.
pub(super) fn all_rolled(world: &World, e: Entity) {
    let rng = &world.get::<ExpeditionRng>(e).unwrap().0;
    assert_eq!(
        rng.scripted_remaining(),
        Some(0),
        "every forced die was rolled"
    );
}

/// Every roll `e` logged: what, the result, and whether it succeeded.
pub(super) fn rolls(world: &World, e: Entity) -> Vec<(String, i64, Option<bool>)> {
    world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .filter_map(|entry| match &entry.event {
            ExploreEvent::Roll {
                what,
                result,
                success,
                ..
            } => Some((what.clone(), *result, *success)),
            _ => None,
        })
        .collect()
}

const PIT: &str = r#"(name: "spike pit", damage: "2d6", check: (ability: "dex", dc: 12))"#;

#[test]
fn l527_a_trap_is_a_dex_check_against_its_dc_and_a_success_avoids_it() {
    let mut app = app();
    let world = app.world_mut();
    // The threat roll (20), then Brannoc's DEX check: 11 + 1 meets DC 12.
    let (e, brannoc) = brannoc(world, PIT, true, vec![20, 11]);
    explore_turn(world);
    all_rolled(world, e);
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 28);
    assert!(rolls(world, e).contains(&(
        "Brannoc avoids the spike pit (DC 12)".into(),
        12,
        Some(true)
    )));
}

#[test]
fn l527_a_failed_trap_check_takes_the_traps_damage() {
    let mut app = app();
    let world = app.world_mut();
    // 10 + 1 misses DC 12: the pit's 2d6 (3 + 4) lands.
    let (e, brannoc) = brannoc(world, PIT, true, vec![20, 10, 3, 4]);
    explore_turn(world);
    all_rolled(world, e);
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 21);
    assert!(
        world
            .get::<ExpeditionLog>(e)
            .unwrap()
            .entries()
            .iter()
            .any(|x| x.event
                == ExploreEvent::TrapSprung {
                    trap: "spike pit".into(),
                    who: "Brannoc".into(),
                    damage: 7
                })
    );
}

#[test]
fn l518_in_the_dark_a_trap_check_has_disadvantage() {
    let mut app = app();
    let world = app.world_mut();
    // No light lit: two d20, the lower (9) kept: 10 misses DC 12; 2d6 = 2 + 2.
    let (e, brannoc) = brannoc(world, PIT, false, vec![20, 15, 9, 2, 2]);
    explore_turn(world);
    all_rolled(world, e);
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 24);
}

#[test]
fn l525_a_corrupting_trap_infects_on_a_failed_con_check_and_each_stage_end_costs_1d6_con() {
    let mut app = app();
    let world = app.world_mut();
    let needle =
        r#"(name: "needle", damage: "1", check: (ability: "dex", dc: 15), afflicts: "corruption")"#;
    let faces = vec![
        20, // turn 1: threat
        2,  // DEX 2 + 1 misses DC 15: the needle pricks (1 damage)
        5,  // CON 5 + 2 misses DC 11: infected, stage 1, exhausted
        20, // turn 2: threat (an hour into the stage)
        20, // turn 3: threat; two hours: the stage ends
        3, 4, // CON check with disadvantage (exhausted): 3 + 2 misses DC 11
        4, // 1d6 CON damage
    ];
    let (e, brannoc) = brannoc(world, needle, true, faces);
    // Two more hours in the dungeon before heading home (which rolls to return, L5-20).
    world
        .get_mut::<Plan>(e)
        .unwrap()
        .0
        .insert(1, Activity::Explore);
    world
        .get_mut::<Plan>(e)
        .unwrap()
        .0
        .insert(1, Activity::Explore);
    explore_turn(world);
    {
        let a = world.get::<Afflictions>(brannoc).unwrap();
        assert_eq!((a.level(CORRUPTED), a.has(EXHAUSTED)), (1, true));
        assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 27);
    }
    explore_turn(world);
    explore_turn(world);
    all_rolled(world, e);
    let a = world.get::<Afflictions>(brannoc).unwrap();
    assert_eq!((a.level(CORRUPTED), a.level(LOST[2])), (2, 4));
    assert!(world.get::<Vitals>(brannoc).unwrap().is_alive());
}

#[test]
fn l525_a_con_brought_to_0_by_corruption_kills() {
    let mut app = app();
    let world = app.world_mut();
    // An hour into a stage, CON 15 - 9 = 6 (-2). The next travel turn (threat 20) ends the
    // stage: 1 - 2 misses DC 11, and 1d6 = 6 takes CON to 0. Dead, he springs no trap.
    let (e, brannoc) = brannoc(world, PIT, true, vec![20, 1, 6]);
    world
        .get_mut::<Afflictions>(brannoc)
        .unwrap()
        .set(LOST[2], 9);
    world
        .get_mut::<Afflictions>(brannoc)
        .unwrap()
        .set(CORRUPTED, 1);
    world
        .entity_mut(brannoc)
        .insert(super::corruption::Infection { seconds: 3_600 });
    explore_turn(world);
    all_rolled(world, e);
    let vitals = world.get::<Vitals>(brannoc).unwrap();
    assert_eq!(vitals.life, Life::Dead);
}

#[test]
fn l526_beaten_foes_carry_1d20_gp_per_hit_die_and_the_haul_is_shared_as_gold_and_xp() {
    let mut app = app();
    let world = app.world_mut();
    let db = world.resource::<fray_core::spawn::Content>().0.clone();
    let e = world
        .spawn_delve_from(&db, "lite5e-warren-delve", 1, true)
        .unwrap();
    // Three cave goblins (1 HD each) and the goblin boss (3 HD): six d20.
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted([1, 2, 3, 4, 5, 7])));
    let foes = [
        Foes {
            statblock: "cave-goblin".into(),
            count: 3,
        },
        Foes {
            statblock: "goblin-boss".into(),
            count: 1,
        },
    ];
    Lite5eProcedure.won_fight(world, e, &foes);
    all_rolled(world, e);
    assert_eq!(world.get::<Haul>(e).unwrap().0, 22);
    world.get_mut::<Expedition>(e).unwrap().state =
        ExpeditionState::Ended(ExpeditionEnding::Returned);
    coins::share_haul(world);
    coins::share_haul(world);
    let order = world.get::<Party>(e).unwrap().order.clone();
    let got: Vec<(u32, u64)> = order
        .iter()
        .map(|m| {
            (
                world.get::<Supplies>(*m).unwrap().gold,
                world.get::<XpGained>(*m).unwrap().0,
            )
        })
        .collect();
    assert_eq!(got, vec![(8, 8), (7, 7), (7, 7)], "shared once");
}

#[test]
fn l505_coins_weigh_on_their_carriers_the_party_goes_at_its_slowest_and_fights_loaded() {
    let mut app = app();
    let world = app.world_mut();
    let db = world.resource::<fray_core::spawn::Content>().0.clone();
    let e = world
        .spawn_delve_from(&db, "lite5e-warren-delve", 1, true)
        .unwrap();
    // 3 000 gp: 1 000 coins (2 loads) each. Brannoc 14 + 1 (supplies) + 2 = 17 on STR 16:
    // 25 ft; Ilse 13 + 0 + 2 = 15 on STR 13: 20 ft; Wren 8 + 0 + 2 on STR 10: 30 ft.
    world.get_mut::<Haul>(e).unwrap().0 = 3_000;
    let order = world.get::<Party>(e).unwrap().order.clone();
    let speeds: Vec<u32> = order
        .iter()
        .map(|m| load::member_speed(world, *m))
        .collect();
    assert_eq!(speeds, vec![25, 20, 30]);
    load::pace(world);
    assert_eq!(world.get::<Pace>(e).unwrap().unknown, 1_200);
    let foes = [Foes {
        statblock: "cave-goblin".into(),
        count: 1,
    }];
    world.start_fight(e, &foes).unwrap();
    let brannoc = world.get::<Fighting>(e).unwrap().members[0].1;
    assert_eq!(world.get::<Sheet>(brannoc).unwrap().0.load, 17);
}

#[test]
fn l505_a_party_with_a_member_at_0_ft_leaves_coins_behind_until_all_can_move() {
    let mut app = app();
    let world = app.world_mut();
    let db = world.resource::<fray_core::spawn::Content>().0.clone();
    let e = world
        .spawn_delve_from(&db, "lite5e-warren-delve", 1, true)
        .unwrap();
    // 30 000 gp: 20 loads each puts Ilse at 0 ft. A load each (1 500 gp) at a time: at
    // 7 500 gp, 2 500 coins (5 loads) each, Ilse carries 18 on STR 13: 5 ft.
    world.get_mut::<Haul>(e).unwrap().0 = 30_000;
    load::pace(world);
    assert_eq!(world.get::<Haul>(e).unwrap().0, 7_500);
    assert_eq!(world.get::<Pace>(e).unwrap().unknown, 300);
    assert!(
        world
            .get::<ExpeditionLog>(e)
            .unwrap()
            .entries()
            .iter()
            .any(|x| x.event
                == ExploreEvent::Dropped {
                    who: "the party".into(),
                    what: "gp".into(),
                    amount: 22_500,
                    why: "too heavy to move".into(),
                })
    );
}

/// The warren party, cautious, meeting two grey wolves (40 ft: DC 13), with these dice.
fn wolves(world: &mut World, faces: Vec<u32>) -> Entity {
    let db = world.resource::<fray_core::spawn::Content>().0.clone();
    let e = world
        .spawn_delve_from(&db, "lite5e-warren-delve", 1, true)
        .unwrap();
    world.get_mut::<ExpeditionPolicy>(e).unwrap().stance = Stance::Cautious;
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted(faces)));
    world.get_mut::<Meetings>(e).unwrap().meet(Meeting {
        at: GameTime::ZERO,
        source: MeetingSource::Wandering,
        distance_ft: 0,
        foes: vec![Foes {
            statblock: "grey-wolf".into(),
            count: 2,
        }],
        area: None,
    });
    e
}

#[test]
fn l523_a_cautious_party_flees_with_its_worst_dex_against_dc_11_plus_1_per_5_ft_over_30() {
    let mut app = app();
    let world = app.world_mut();
    // Ilse's DEX 10 (+0) is the worst; the wolves run 40 ft: DC 13, and a 13 escapes.
    let e = wolves(world, vec![13]);
    meet::meet(world);
    all_rolled(world, e);
    assert!(world.get::<Fighting>(e).is_none());
    assert!(world.get::<Meetings>(e).unwrap().pending.is_empty());
    assert!(rolls(world, e).contains(&(
        "the party flees (DEX, the worst) (DC 13)".into(),
        13,
        Some(true)
    )));
}

#[test]
fn l523_a_party_caught_fights_in_the_dungeons_dark_with_the_lights_it_carries() {
    let mut app = app();
    let world = app.world_mut();
    let e = wolves(world, vec![12]);
    // Brannoc's torch is out: he carries no light into the fight (L5-18).
    let brannoc = world.get::<Party>(e).unwrap().order[0];
    world.entity_mut(brannoc).remove::<Light>();
    meet::meet(world);
    all_rolled(world, e);
    let fighting = world.get::<Fighting>(e).unwrap().clone();
    let light = |i: usize| world.get::<Sheet>(fighting.members[i].1).unwrap().0.light;
    assert_eq!(light(0), None, "Brannoc's torch is out");
    assert_eq!(
        light(1),
        Some(fray_content::map::Light::WellLit),
        "Ilse's lantern, as her statblock says"
    );
    let battle = world.get::<L5>(fighting.encounter).unwrap();
    assert!(battle.light.iter().all(|l| *l == 0), "the dungeon is dark");
}

#[test]
fn l515_rest_in_a_dungeon_heals_1_hp_and_lifts_the_injurys_disadvantage() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = brannoc(world, PIT, true, vec![20]);
    world.get_mut::<Plan>(e).unwrap().0 = [Activity::Rest].into_iter().collect();
    world.get_mut::<Vitals>(brannoc).unwrap().hp = 10;
    world
        .get_mut::<Afflictions>(brannoc)
        .unwrap()
        .set(SHAKEN, 1);
    world
        .get_mut::<Afflictions>(brannoc)
        .unwrap()
        .set(EXHAUSTED, 1);
    explore_turn(world);
    all_rolled(world, e);
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 11);
    let a = world.get::<Afflictions>(brannoc).unwrap();
    assert!(!a.has(SHAKEN));
    assert!(a.has(EXHAUSTED), "unsafe rest does not cure exhaustion");
}

#[test]
fn l515_safe_rest_heals_1_hp_per_level_and_cures_exhaustion() {
    let mut app = app();
    let world = app.world_mut();
    let e = world
        .spawn_expedition(&ExpeditionSettings {
            id: "camp".into(),
            ruleset: "lite5e".into(),
            seed: 1,
            log: true,
            plan: vec![Activity::Rest],
        })
        .unwrap();
    let brannoc = world
        .add_member(
            e,
            &MemberSpec {
                character: Character {
                    name: "Brannoc".into(),
                    statblock: "fighter-3".into(),
                },
                max_hp: 28,
                supplies: Supplies::default(),
                lit: None,
            },
        )
        .unwrap();
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted([20])));
    world.get_mut::<Vitals>(brannoc).unwrap().hp = 10;
    world
        .get_mut::<Afflictions>(brannoc)
        .unwrap()
        .set(EXHAUSTED, 1);
    explore_turn(world);
    all_rolled(world, e);
    assert_eq!(world.get::<Vitals>(brannoc).unwrap().hp, 13);
    assert!(!world.get::<Afflictions>(brannoc).unwrap().has(EXHAUSTED));
}

#[test]
fn l505_a_member_stopped_by_its_own_gear_leaves_loads_of_it_behind_until_it_moves() {
    let mut app = app();
    let world = app.world_mut();
    let (e, brannoc) = brannoc(world, PIT, true, vec![]);
    // STR 16 - 8 lost = 8 against 14 + 1 loads: 7 over, 0 ft; two loads of gear go: 5 ft.
    world
        .get_mut::<Afflictions>(brannoc)
        .unwrap()
        .set(LOST[0], 8);
    assert_eq!(load::member_speed(world, brannoc), 0);
    load::pace(world);
    assert_eq!(
        world
            .get::<Afflictions>(brannoc)
            .unwrap()
            .level(load::DROPPED),
        2
    );
    assert_eq!(load::member_speed(world, brannoc), 5);
    assert_eq!(world.get::<Pace>(e).unwrap().unknown, 300);
}

#[test]
fn l525_a_member_wounded_by_a_corrupting_monster_checks_con_against_its_dc_after_the_fight() {
    use fray_core::combatant::{Hp, Status};

    let mut app = app();
    let world = app.world_mut();
    let db = world.resource::<fray_core::spawn::Content>().0.clone();
    let e = world
        .spawn_delve_from(&db, "lite5e-warren-delve", 5, true)
        .unwrap();
    // The tunnel stalker's blows corrupt (DC 11, content).
    let stalker = vec![Foes {
        statblock: "tunnel-stalker".into(),
        count: 1,
    }];
    world
        .start_fight_with(
            e,
            FightSetup {
                foes: stalker.clone(),
                meeting: Some(Meeting {
                    at: GameTime::ZERO,
                    source: MeetingSource::Wandering,
                    distance_ft: 0,
                    foes: stalker,
                    area: None,
                }),
                ..FightSetup::default()
            },
        )
        .unwrap();
    fray_core::drive::run_until_blocked(world, 100_000);
    // Whatever the fight did: Brannoc ends it 5 HP down, the others unhurt.
    let pairs = world.get::<Fighting>(e).unwrap().members.clone();
    for (i, (member, combatant)) in pairs.iter().enumerate() {
        let start = world.get::<Vitals>(*member).unwrap().hp;
        world.get_mut::<Hp>(*combatant).unwrap().current = if i == 0 { start - 5 } else { start };
        world.entity_mut(*combatant).insert(Status::Active);
    }
    // Brannoc's CON check: 3 + 2 misses DC 11 (then the foe's loot, if the party won).
    world
        .entity_mut(e)
        .insert(ExpeditionRng(EncounterRng::scripted([3, 1, 1])));
    world.end_fight(e).unwrap();
    let checks: Vec<_> = rolls(world, e)
        .into_iter()
        .filter(|(what, ..)| what.contains("corruption"))
        .collect();
    assert_eq!(
        checks,
        vec![(
            "Brannoc resists corruption (DC 11)".to_string(),
            5,
            Some(false)
        )]
    );
    let brannoc = pairs[0].0;
    let a = world.get::<Afflictions>(brannoc).unwrap();
    assert_eq!((a.level(CORRUPTED), a.has(EXHAUSTED)), (1, true));
}

/// Every logged roll of the expedition, as its text.
fn roll_texts(world: &World, e: Entity) -> Vec<String> {
    world
        .get::<ExpeditionLog>(e)
        .unwrap()
        .entries()
        .iter()
        .filter(|entry| matches!(entry.event, ExploreEvent::Roll { .. }))
        .map(|entry| entry.event.text())
        .collect()
}

#[test]
fn core05_an_exploration_rolls_breakdown_adds_up_to_its_result() {
    let mut app = app();
    let world = app.world_mut();
    // The threat roll (20), then Brannoc's DEX check: 11 + 1 = 12 meets DC 12. The breakdown
    // shows the DEX bonus it adds, not `[11] = 12`.
    let (e, _) = brannoc(world, PIT, true, vec![20, 11]);
    explore_turn(world);
    all_rolled(world, e);
    let texts = roll_texts(world, e);
    assert!(
        texts.contains(
            &"Roll for Brannoc avoids the spike pit (DC 12): 1d20+1 = [11] + 1 = 12: success."
                .to_string()
        ),
        "{texts:?}"
    );
    breakdowns_add_up(world, e);
}

/// Asserts that every roll `e` logged adds up: its faces (the kept one, when one of several
/// counts) and its modifier make its result (CORE-05).
pub(super) fn breakdowns_add_up(world: &World, e: Entity) {
    for entry in world.get::<ExpeditionLog>(e).unwrap().entries() {
        if let ExploreEvent::Roll {
            faces,
            kept,
            modifier,
            result,
            ..
        } = &entry.event
            && !faces.is_empty()
        {
            let dice: i64 = match kept {
                Some(k) => i64::from(*k),
                None => faces.iter().map(|&f| i64::from(f)).sum(),
            };
            assert_eq!(dice + modifier, *result, "{}", entry.event.text());
        }
    }
}
