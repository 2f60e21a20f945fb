//! Core conformance tests (CORE-01..05 and the core's own guarantees), driven through the
//! test kit's duel toy (`fray_testkit::toys::duel`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use bevy_app::prelude::*;
use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;
use fray_content::prelude::*;
use fray_core::edit::apply_effect;
use fray_core::kit::prelude::*;
use fray_core::morale::MoraleTrigger;
use fray_core::prelude::*;
use fray_core::rng::derive_seed;
use fray_core::save::{load_encounter, save_encounter};
use fray_core::turn::{ActingUnit, TurnEntry, TurnOrder};
use fray_testkit::toys::duel::{self, Duel, DuelRules};
use fray_testkit::toys::words::{FIRE, MELEE};

fn encounter(id: &str, knights: &str, goblins: &str, morale: &str) -> String {
    format!(
        r#"Encounter(
    id: "{id}", name: "{id}", ruleset: "duel", map: Named("near-far"),
    sides: [
        (name: "Knights", controller: {knights}, combatants: [(statblock: "knight", count: 2, region: "near", leader: true)]),
        (name: "Goblins", controller: {goblins}, combatants: [(statblock: "goblin", count: 4, region: "far")]),
    ],
    options: (ruleset: {{"morale": "{morale}"}}),
)"#
    )
}

/// Knights play the tactical policy; goblins a random one, so they wander off while engaged
/// and draw opportunity attacks.
const KNIGHTS: &str = "Ai(\"tactical\")";
const GOBLINS: &str = "Ai(\"random\")";

fn content() -> Arc<ContentDb> {
    let loader = fray_testkit::toys::loader::<DuelRules>();
    let mut db = ContentDb::default();
    let files = [
        ("duel/blocks.ron".to_string(), duel::BLOCKS.to_string()),
        (
            "duel/encounters/skirmish.ron".into(),
            encounter("skirmish", KNIGHTS, GOBLINS, "none"),
        ),
        (
            "duel/encounters/routed.ron".into(),
            encounter("routed", KNIGHTS, GOBLINS, "flee"),
        ),
        (
            "duel/encounters/yield.ron".into(),
            encounter("yield", KNIGHTS, GOBLINS, "surrender"),
        ),
        (
            "duel/encounters/manual.ron".into(),
            encounter("manual", "External(1)", "External(2)", "none"),
        ),
    ];
    for (path, text) in files {
        loader
            .add_source(&mut db, SourceFile::new(path, text))
            .unwrap();
    }
    let problems = loader.validate(&mut db);
    assert!(problems.is_empty(), "{problems:?}");
    Arc::new(db)
}

fn app(content: &Arc<ContentDb>) -> App {
    duel::bench().app_with(content.clone())
}

fn spawn(app: &mut App, id: &str, seed: u64) -> Entity {
    app.world_mut()
        .spawn_encounter(id, &EncounterSettings::logged(seed))
        .unwrap()
}

fn json_log(app: &App, encounter: Entity) -> String {
    app.world()
        .get::<CombatLog>(encounter)
        .unwrap()
        .to_json_lines()
}

fn outcome(app: &App, encounter: Entity) -> Option<Outcome> {
    app.world().get::<Encounter>(encounter).unwrap().outcome()
}

#[test]
fn core01_same_log_in_batches_of_1_and_64_encounters_per_world() {
    let content = content();
    let mut batch = app(&content);
    let all: Vec<Entity> = (0..64)
        .map(|i| spawn(&mut batch, "skirmish", derive_seed(7, i)))
        .collect();
    run_until_blocked(batch.world_mut(), 100_000);
    for (i, &encounter) in all.iter().enumerate() {
        let mut single = app(&content);
        let alone = spawn(&mut single, "skirmish", derive_seed(7, i as u64));
        run_until_blocked(single.world_mut(), 100_000);
        assert!(outcome(&single, alone).is_some());
        assert_eq!(
            json_log(&batch, encounter),
            json_log(&single, alone),
            "run {i}"
        );
    }
}

#[test]
fn core01_same_log_in_one_world_or_split_over_two() {
    let content = content();
    let mut one = app(&content);
    let together: Vec<Entity> = (0..20)
        .map(|i| spawn(&mut one, "skirmish", derive_seed(11, i)))
        .collect();
    run_until_blocked(one.world_mut(), 100_000);
    let mut first = app(&content);
    let mut second = app(&content);
    for i in 0..20u64 {
        let half = if i % 2 == 0 { &mut first } else { &mut second };
        spawn(half, "skirmish", derive_seed(11, i));
    }
    let mut split_logs = Vec::new();
    for half in [&mut first, &mut second] {
        run_until_blocked(half.world_mut(), 100_000);
        let mut q = half.world_mut().query::<&CombatLog>();
        split_logs.extend(q.iter(half.world()).map(CombatLog::to_json_lines));
    }
    split_logs.sort();
    let mut together_logs: Vec<String> = together.iter().map(|e| json_log(&one, *e)).collect();
    together_logs.sort();
    assert_eq!(together_logs, split_logs);
}

#[test]
fn schedule_has_no_ambiguities() {
    // The schedule is built with ambiguity detection set to error: the first run panics if any
    // two systems that touch the same data are unordered.
    let content = content();
    let mut app = app(&content);
    spawn(&mut app, "skirmish", 1);
    tick(app.world_mut());
}

#[test]
fn batch_of_1000_encounters_in_one_world_all_end_decided() {
    let content = content();
    let mut app = app(&content);
    let encounters: Vec<Entity> = (0..1000)
        .map(|i| {
            app.world_mut()
                .spawn_encounter("skirmish", &EncounterSettings::quiet(derive_seed(3, i)))
                .unwrap()
        })
        .collect();
    let report = run_until_blocked(app.world_mut(), 1_000_000);
    assert_eq!(report.ended, 1000);
    for e in encounters {
        let state = app.world().get::<Encounter>(e).unwrap();
        let o = state.outcome().unwrap();
        assert!(
            !matches!(o.ending, Ending::Stalled | Ending::Aborted),
            "{o:?}"
        );
        assert_eq!(state.rejections(), 0, "an AI sent an illegal intent");
    }
}

#[test]
fn core05_every_attack_roll_is_logged_with_its_dice() {
    let content = content();
    let mut app = app(&content);
    let e = spawn(&mut app, "skirmish", 5);
    run_until_blocked(app.world_mut(), 100_000);
    let log = app.world().get::<CombatLog>(e).unwrap();
    let mut attacks = 0;
    for entry in log.entries() {
        if let LogEvent::Attack {
            roll, against, hit, ..
        } = &entry.event
        {
            attacks += 1;
            assert_eq!(*hit, roll.total() >= *against);
            let text = roll.to_string();
            assert!(text.contains('[') && text.contains('='), "{text}");
        }
    }
    assert!(attacks > 0);
}

#[test]
fn provoked_reaction_resolves_before_the_move_completes() {
    let content = content();
    let mut app = app(&content);
    // Find a seed where somebody leaves an engagement and is attacked for it.
    for seed in 0..200 {
        let e = spawn(&mut app, "skirmish", seed);
        run_until_blocked(app.world_mut(), 100_000);
        let log = app.world().get::<CombatLog>(e).unwrap();
        let entries = log.entries();
        for (i, entry) in entries.iter().enumerate() {
            if let LogEvent::Attack { attack, target, .. } = &entry.event
                && attack == "opportunity attack"
            {
                let moved = entries[i..].iter().position(
                    |later| matches!(&later.event, LogEvent::Moved { who, .. } if who == target),
                );
                let moved_before = entries[..i]
                    .iter()
                    .rev()
                    .take_while(|e| !matches!(e.event, LogEvent::TurnStarted { .. }))
                    .any(|earlier| {
                        matches!(&earlier.event, LogEvent::Moved { who, .. } if who == target)
                    });
                assert!(
                    !moved_before,
                    "the move completed before the opportunity attack"
                );
                if moved.is_some() {
                    return;
                }
            }
        }
    }
    panic!("no seed produced an opportunity attack followed by the move");
}

fn send(app: &mut App, actor: Entity, player: u32, intent: Intent) {
    app.world_mut().write_message(ActionRequest {
        actor,
        controller: PlayerId(player),
        intent,
    });
}

fn rejections(app: &mut App) -> Vec<ActionRejected> {
    let messages = app.world().resource::<Messages<ActionRejected>>();
    let mut cursor = messages.get_cursor();
    cursor.read(messages).cloned().collect()
}

fn side_of(app: &App, who: Entity) -> SideId {
    app.world().get::<Side>(who).unwrap().0
}

/// The player of the `manual` encounter's side `side`.
fn player_of(side: SideId) -> u32 {
    if side == SideId(0) { 1 } else { 2 }
}

#[test]
fn core02_illegal_commands_are_rejected_and_change_nothing() {
    let content = content();
    let mut app = app(&content);
    let e = spawn(&mut app, "manual", 9);
    let report = run_until_blocked(app.world_mut(), 1000);
    assert_eq!(report.blocked, 1);
    let roster = app.world().get::<Roster>(e).unwrap().clone();
    let turn = app.world().get::<Turn>(e).unwrap().clone();
    let actor = turn.actor().unwrap();
    let actor_side = side_of(&app, actor);
    let player = player_of(actor_side);
    let other_player = 3 - player;
    let idle = roster
        .entities()
        .find(|&c| c != actor && side_of(&app, c) == actor_side)
        .unwrap();
    let enemy = roster
        .entities()
        .find(|&c| side_of(&app, c) != actor_side)
        .unwrap();
    let before = fray_testkit::conformance::state(app.world_mut(), e);

    let illegal = [
        (actor, other_player, Intent::EndTurn), // not your combatant
        (idle, player, Intent::EndTurn),        // not its turn
        (
            actor,
            player,
            Intent::Attack {
                target: enemy,
                attack: MELEE,
                maneuver: Maneuver::STANDARD,
            },
        ), // out of reach
        (actor, player, Intent::Move { to: RegionId(9) }), // no such region
    ];
    for (who, from, intent) in illegal {
        send(&mut app, who, from, intent);
        run_until_blocked(app.world_mut(), 1000);
    }

    let reasons: Vec<RejectReason> = rejections(&mut app).into_iter().map(|r| r.reason).collect();
    assert_eq!(reasons.len(), 4, "{reasons:?}");
    assert_eq!(reasons[0], RejectReason::NotYourCombatant);
    assert_eq!(reasons[1], RejectReason::NotYourTurn);
    assert!(matches!(reasons[2], RejectReason::Illegal(_)));
    assert!(matches!(reasons[3], RejectReason::Illegal(_)));
    assert_eq!(before, fray_testkit::conformance::state(app.world_mut(), e));
    let log = app.world().get::<CombatLog>(e).unwrap();
    let logged = log
        .entries()
        .iter()
        .filter(|l| matches!(l.event, LogEvent::Rejected { .. }))
        .count();
    assert_eq!(logged, 4);

    // A dead combatant cannot be commanded.
    app.world_mut().entity_mut(idle).insert(Status::Dead);
    run_until_blocked(app.world_mut(), 1000);
    let before = fray_testkit::conformance::state(app.world_mut(), e);
    send(&mut app, idle, player, Intent::EndTurn);
    run_until_blocked(app.world_mut(), 1000);
    let last = rejections(&mut app).pop().unwrap();
    assert_eq!(last.reason, RejectReason::CannotAct(Status::Dead));
    assert_eq!(before, fray_testkit::conformance::state(app.world_mut(), e));

    // A legal command is resolved.
    send(&mut app, actor, player, Intent::EndTurn);
    run_until_blocked(app.world_mut(), 1000);
    assert_ne!(app.world().get::<Turn>(e).unwrap().actor(), Some(actor));
}

#[test]
fn core03_save_then_load_continues_exactly_like_the_original() {
    let content = content();
    for seed in [1u64, 2, 3] {
        let mut original = app(&content);
        let e = spawn(&mut original, "skirmish", seed);
        run_until_blocked(original.world_mut(), 100_000);
        let expected = json_log(&original, e);

        let mut first = app(&content);
        let e1 = spawn(&mut first, "skirmish", seed);
        for _ in 0..(7 + seed as usize * 5) {
            tick(first.world_mut());
        }
        let saved = save_encounter(first.world(), e1).unwrap();
        let mut second = app(&content);
        // Unrelated entities first, so entity ids differ from the first world.
        for _ in 0..17 {
            second.world_mut().spawn_empty();
        }
        let e2 = load_encounter(second.world_mut(), &saved).unwrap();
        run_until_blocked(second.world_mut(), 100_000);
        assert!(outcome(&second, e2).is_some());
        assert_eq!(expected, json_log(&second, e2), "seed {seed}");
    }
}

#[test]
fn core03_bad_saves_are_refused_and_leave_the_world_unchanged() {
    let content = content();
    let mut app = app(&content);
    let count = app.world().entities().count_spawned();
    assert!(load_encounter(app.world_mut(), "not ron").is_err());
    assert!(load_encounter(app.world_mut(), "(format: 99, entities: [])").is_err());
    let unknown = "(format: 1, entities: [(components: {\"nope::Thing\": \"()\"})])";
    assert!(matches!(
        load_encounter(app.world_mut(), unknown),
        Err(fray_core::save::SaveError::UnknownComponent(_))
    ));
    let broken = "(format: 1, entities: [(components: {\"fray_core::Hp\": \"(oops)\"})])";
    assert!(load_encounter(app.world_mut(), broken).is_err());
    assert_eq!(app.world().entities().count_spawned(), count);
}

#[test]
fn core03_an_encounter_saves_as_its_closed_set_of_entities_and_a_refused_load_leaves_nothing() {
    use fray_core::save::{SaveError, encounter_entities, load_entities, save_entities};
    let content = content();
    let mut app = app(&content);
    let e = spawn(&mut app, "skirmish", 5);
    for _ in 0..9 {
        tick(app.world_mut());
    }
    let entities = encounter_entities(app.world(), e);
    assert!(entities.len() > 1, "the encounter and its members");
    let text = save_entities(app.world(), &entities).unwrap();
    assert_eq!(text, save_encounter(app.world(), e).unwrap(), "one format");

    // A caller's check refusing what was loaded despawns all of it.
    let count = app.world().entities().count_spawned();
    let refused = load_entities(app.world_mut(), &text, |_, _| {
        Err(SaveError::NotA {
            expected: "anything",
        })
    });
    assert!(matches!(refused, Err(SaveError::NotA { .. })));
    assert_eq!(app.world().entities().count_spawned(), count);

    // Loaded, the set's references point into the new set.
    let loaded = load_entities(app.world_mut(), &text, |_, _| Ok(())).unwrap();
    assert_eq!(loaded.len(), entities.len());
    assert_eq!(encounter_entities(app.world(), loaded[0]), loaded);

    // An entity that is gone cannot be saved.
    let gone = app.world_mut().spawn_empty().id();
    app.world_mut().despawn(gone);
    assert_eq!(
        save_entities(app.world(), &[gone]),
        Err(SaveError::NoSuchEntity(gone))
    );
}

#[test]
fn core03_a_refreshed_snapshot_equals_a_new_one_and_names_what_changed() {
    use fray_core::save::{SavedEntities, encounter_entities, refresh_snapshot, snapshot_entities};
    let content = content();
    let mut app = app(&content);
    let e = spawn(&mut app, "skirmish", 8);
    let world = app.world_mut();
    let entities = encounter_entities(world, e);
    let mut kept = SavedEntities::default();
    let since = world.change_tick();
    let written = refresh_snapshot(world, &entities, &mut kept, since, |_| true).unwrap();
    assert_eq!(
        kept,
        snapshot_entities(world, &entities).unwrap(),
        "from empty, whole"
    );
    assert!(
        written
            .iter()
            .all(|c| c.before.is_none() && c.after.is_some())
    );

    for step in 0..12 {
        let since = world.change_tick();
        world.increment_change_tick();
        let nothing = refresh_snapshot(world, &entities, &mut kept, since, |_| true).unwrap();
        assert_eq!(
            nothing,
            vec![],
            "step {step}: nothing written, nothing changed"
        );
        tick(world);
        let changed = refresh_snapshot(world, &entities, &mut kept, since, |_| true).unwrap();
        assert_eq!(
            kept,
            snapshot_entities(world, &entities).unwrap(),
            "step {step}: the refresh is the state"
        );
        assert!(
            !changed.is_empty(),
            "step {step}: a tick of a fight changes it"
        );
        assert!(changed.iter().all(|c| c.before != c.after));
    }

    // A component removed is gone from the snapshot; one refused by the filter is not looked at.
    let since = world.change_tick();
    world.increment_change_tick();
    let member = (0..entities.len())
        .find(|&i| world.get::<Hp>(entities[i]).is_some())
        .unwrap();
    world.entity_mut(entities[member]).remove::<Hp>();
    let changed = refresh_snapshot(world, &entities, &mut kept, since, |n| {
        n != "fray_core::CombatLog"
    })
    .unwrap();
    assert_eq!(changed.len(), 1);
    assert_eq!(
        (changed[0].entity, changed[0].component),
        (member, "fray_core::Hp")
    );
    assert!(changed[0].before.is_some() && changed[0].after.is_none());
    assert_eq!(kept, snapshot_entities(world, &entities).unwrap());
}

#[test]
fn morale_triggers_fire_once_each_per_side() {
    let content = content();
    let mut app = app(&content);
    let e = spawn(&mut app, "skirmish", 21);
    run_until_blocked(app.world_mut(), 100_000);
    let seen = app.world().get::<Duel>(e).unwrap().seen.clone();
    let count = |side: SideId, t: MoraleTrigger| {
        seen.iter().filter(|(s, tr)| *s == side && *tr == t).count()
    };
    for side in [SideId(0), SideId(1)] {
        assert_eq!(count(side, MoraleTrigger::BattleStart), 1);
        assert!(count(side, MoraleTrigger::FirstDeath) <= 1);
        assert!(count(side, MoraleTrigger::LeaderDown) <= 1);
        assert!(count(side, MoraleTrigger::HalfOut) <= 1);
    }
    // The hook saw exactly the triggers the core noted, in the same order.
    let logged: Vec<(SideId, MoraleTrigger)> = app
        .world()
        .get::<CombatLog>(e)
        .unwrap()
        .entries()
        .iter()
        .filter_map(|l| match l.event {
            LogEvent::MoraleTriggered { side, trigger } => Some((side, trigger)),
            _ => None,
        })
        .collect();
    assert_eq!(seen, logged);
    let loser = outcome(&app, e)
        .unwrap()
        .winner
        .map(|w| SideId(1 - w.0))
        .unwrap();
    assert_eq!(count(loser, MoraleTrigger::FirstDeath), 1);
    assert_eq!(count(loser, MoraleTrigger::HalfOut), 1);
}

#[test]
fn outcomes_victory_flight_surrender_and_mutual_destruction() {
    let content = content();
    let mut app = app(&content);
    let win = spawn(&mut app, "skirmish", 4);
    let fled = spawn(&mut app, "routed", 4);
    let gave_up = spawn(&mut app, "yield", 4);
    run_until_blocked(app.world_mut(), 100_000);
    assert_eq!(outcome(&app, win).unwrap().ending, Ending::Victory);
    let o = outcome(&app, fled).unwrap();
    assert_eq!(o.ending, Ending::Fled);
    assert!(o.winner.is_some());
    assert_eq!(outcome(&app, gave_up).unwrap().ending, Ending::Surrendered);

    let wiped = spawn(&mut app, "manual", 4);
    run_until_blocked(app.world_mut(), 1000);
    let everyone: Vec<Entity> = app
        .world()
        .get::<Roster>(wiped)
        .unwrap()
        .entities()
        .collect();
    for c in everyone {
        app.world_mut().entity_mut(c).insert(Status::Dead);
    }
    run_until_blocked(app.world_mut(), 1000);
    let o = outcome(&app, wiped).unwrap();
    assert_eq!((o.winner, o.ending), (None, Ending::MutualDestruction));
}

#[test]
fn round_limit_ends_in_a_draw() {
    let content = content();
    let mut app = app(&content);
    let e = spawn(&mut app, "manual", 4);
    app.world_mut().get_mut::<Encounter>(e).unwrap().max_rounds = 2;
    for _ in 0..40 {
        run_until_blocked(app.world_mut(), 1000);
        let Some(actor) = app.world().get::<Turn>(e).unwrap().actor() else {
            break;
        };
        if outcome(&app, e).is_some() {
            break;
        }
        let player = player_of(side_of(&app, actor));
        send(&mut app, actor, player, Intent::EndTurn);
    }
    let o = outcome(&app, e).unwrap();
    assert_eq!((o.winner, o.ending, o.round), (None, Ending::RoundLimit, 2));
}

#[test]
fn the_last_blow_of_a_round_ends_the_fight_in_that_round() {
    let mut fight = duel::bench().fight(
        "Named(\"near-far\")",
        &[("knight", 1, "near")],
        &[("goblin", 1, "near")],
        "",
        &[5, 15, 15],
    );
    assert_eq!(fight.turn(), "Goblin");
    fight.end_turn();
    let goblin = fight.who("Goblin");
    fight.ok("Knight", Intent::Engage { target: goblin });
    fight.set_hp("Goblin", 3);
    fight.ok(
        "Knight",
        Intent::Attack {
            target: goblin,
            attack: MELEE,
            maneuver: Maneuver::STANDARD,
        },
    );
    let o = fight.encounter().outcome().unwrap();
    assert_eq!(
        (o.winner, o.ending, o.round),
        (Some(SideId(0)), Ending::Victory, 1)
    );
    assert_eq!(fight.encounter().round(), 1);
    let log = fight.encounter_part::<CombatLog>();
    let last = log.entries().last().unwrap();
    assert!(matches!(last.event, LogEvent::Ended { .. }));
    assert_eq!(last.round, 1, "{}", fight.log());
}

#[test]
fn engagements_of_the_dead_are_dropped() {
    let content = content();
    let mut app = app(&content);
    let e = spawn(&mut app, "skirmish", 8);
    let mut dropped = false;
    for _ in 0..400 {
        tick(app.world_mut());
        let roster = app.world().get::<Roster>(e).unwrap().clone();
        for c in roster.entities() {
            let status = *app.world().get::<Status>(c).unwrap();
            let engaged = app.world().get::<Engagement>(c).unwrap().is_engaged();
            if status == Status::Dead {
                // Dropped by the end of the tick in which it died.
                assert!(!engaged, "a dead combatant is still engaged");
                dropped = true;
            }
        }
        if outcome(&app, e).is_some() {
            break;
        }
    }
    assert!(dropped);
}

/// A morale check that routs a side changes statuses after the turn's bookkeeping: the kit
/// books them in the same tick (engagements let go, falls tallied, triggers noted), so the
/// fight is settled where it stops and a further tick finds nothing left to do.
#[test]
fn a_rout_is_booked_in_the_tick_of_the_morale_check() {
    let content = content();
    let mut routs = 0;
    for seed in 1..=12u64 {
        let mut app = app(&content);
        let e = spawn(&mut app, "routed", seed);
        run_until_blocked(app.world_mut(), 100_000);
        let o = outcome(&app, e).unwrap();
        if o.ending != Ending::Fled {
            continue;
        }
        routs += 1;
        let roster = app.world().get::<Roster>(e).unwrap().clone();
        for c in roster.entities() {
            if *app.world().get::<Status>(c).unwrap() == Status::Fled {
                let engaged = app.world().get::<Engagement>(c).unwrap().is_engaged();
                assert!(!engaged, "seed {seed}: a fled combatant is still engaged");
            }
        }
        let settled = save_encounter(app.world(), e).unwrap();
        tick(app.world_mut());
        assert_eq!(
            settled,
            save_encounter(app.world(), e).unwrap(),
            "seed {seed}: a tick after the end changed the fight"
        );
    }
    assert!(routs > 0, "no seed ended in a rout");
}

/// Drives the `manual` encounter turn by turn with `EndTurn`s and returns the actor order.
fn end_turns(app: &mut App, e: Entity, turns: usize) -> Vec<Entity> {
    let mut actors = Vec::new();
    for _ in 0..turns {
        run_until_blocked(app.world_mut(), 1000);
        let actor = app.world().get::<Turn>(e).unwrap().actor().unwrap();
        actors.push(actor);
        let player = player_of(side_of(app, actor));
        send(app, actor, player, Intent::EndTurn);
    }
    run_until_blocked(app.world_mut(), 1000);
    actors
}

fn effects_on(app: &App, target: Entity) -> Vec<Duration> {
    app.world()
        .get::<Effects>(target)
        .unwrap()
        .iter()
        .map(|e| e.duration)
        .collect()
}

#[test]
fn effect_durations_of_every_kind_end_exactly_once_at_the_right_time() {
    let content = content();
    let mut app = app(&content);
    let e = spawn(&mut app, "manual", 12);
    run_until_blocked(app.world_mut(), 1000);
    let order: Vec<Entity> = app.world().get::<TurnOrder>(e).unwrap().actors().collect();
    let (first, second) = (order[0], order[1]);
    // During the first combatant's turn (serial 1, round 1), put effects on the second one.
    let durations = [
        Duration::Rounds(1),
        Duration::StartOfNextTurn(Whose::Target),
        Duration::EndOfNextTurn(Whose::Target),
        Duration::StartOfNextTurn(Whose::Source),
        Duration::EndOfNextTurn(Whose::Source),
        Duration::EndOfBattle,
        Duration::UntilRest,
        Duration::Permanent,
    ];
    for d in durations {
        apply_effect(
            app.world_mut(),
            second,
            Some(first),
            EffectSpec::condition(Condition::DAZED, d),
        )
        .unwrap();
    }
    assert_eq!(effects_on(&app, second).len(), 8);
    // First ends its turn: EndOfNextTurn(Source) was applied during the source's own turn, so
    // it lasts until the end of the source's *next* turn.
    end_turns(&mut app, e, 1);
    let now = effects_on(&app, second);
    assert!(now.contains(&Duration::EndOfNextTurn(Whose::Source)));
    // Second's turn starts: StartOfNextTurn(Target) ends; second ends its turn: EndOfNextTurn(Target) ends.
    assert!(!now.contains(&Duration::StartOfNextTurn(Whose::Target)));
    assert!(now.contains(&Duration::EndOfNextTurn(Whose::Target)));
    end_turns(&mut app, e, 1);
    let now = effects_on(&app, second);
    assert!(!now.contains(&Duration::EndOfNextTurn(Whose::Target)));
    // The rest of round 1.
    end_turns(&mut app, e, order.len() - 2);
    // Round 2 started: Rounds(1) ended; first's turn started: StartOfNextTurn(Source) ended.
    let now = effects_on(&app, second);
    assert!(!now.contains(&Duration::Rounds(1)));
    assert!(!now.contains(&Duration::StartOfNextTurn(Whose::Source)));
    assert!(now.contains(&Duration::EndOfNextTurn(Whose::Source)));
    end_turns(&mut app, e, 1);
    let now = effects_on(&app, second);
    assert!(!now.contains(&Duration::EndOfNextTurn(Whose::Source)));
    assert_eq!(
        now,
        vec![
            Duration::EndOfBattle,
            Duration::UntilRest,
            Duration::Permanent
        ]
    );
    assert!(
        app.world()
            .get::<Conditions>(second)
            .unwrap()
            .has(Condition::DAZED)
    );
    // The fight ends: only UntilRest and Permanent remain.
    let everyone: Vec<Entity> = app
        .world()
        .get::<Roster>(e)
        .unwrap()
        .side(SideId(1))
        .collect();
    for c in everyone {
        app.world_mut().entity_mut(c).insert(Status::Fled);
    }
    run_until_blocked(app.world_mut(), 1000);
    assert!(outcome(&app, e).is_some());
    assert_eq!(
        effects_on(&app, second),
        vec![Duration::UntilRest, Duration::Permanent]
    );
    // Each ending was logged exactly once.
    let log = app.world().get::<CombatLog>(e).unwrap();
    let ended = log
        .entries()
        .iter()
        .filter(|l| matches!(l.event, LogEvent::EffectEnded { .. }))
        .count();
    assert_eq!(ended, 5);
}

#[test]
fn turn_bound_effects_follow_a_delayed_creature_without_double_ticks() {
    let mut world = World::new();
    let [a, b, c] = [
        world.spawn_empty().id(),
        world.spawn_empty().id(),
        world.spawn_empty().id(),
    ];
    let one = ActingUnit::Combatant;
    let mut order = TurnOrder::default();
    order.set(vec![
        TurnEntry::combatant(a, 20, 0),
        TurnEntry::combatant(b, 15, 0),
        TurnEntry::combatant(c, 10, 0),
    ]);
    assert_eq!(order.take_next(|_| true), Some(one(a)));
    // a delays: b acts next, then a (on b's count), then c.
    assert!(order.delay_current(|_| true));
    assert_eq!(order.take_next(|_| true), Some(one(b)));
    assert_eq!(order.take_next(|_| true), Some(one(a)));
    assert_eq!(order.entries()[1].count, 15);
    assert_eq!(order.take_next(|_| true), Some(one(c)));
    assert_eq!(order.take_next(|_| true), None);
    // Next round: c's readied action fires during a's turn: c moves just before a.
    order.restart();
    assert_eq!(order.take_next(|_| true), Some(one(b)));
    assert_eq!(order.take_next(|_| true), Some(one(a)));
    order.move_before(c, a, Some(a));
    assert_eq!(order.actors().collect::<Vec<_>>(), vec![b, c, a]);
    // c does not act again this round.
    assert_eq!(order.take_next(|_| true), None);

    // In a fight: a burning, dazed knight delays. The turn it gives up ends without burns,
    // saves or "end of next turn" expiries (no die is rolled: every die is scripted); the turn
    // it takes later ends with one burn, one save, and the expiry.
    let mut fight = duel::bench().fight(
        "Named(\"near-far\")",
        &[("knight", 1, "near")],
        &[("goblin", 2, "near")],
        "",
        &[10, 15, 5, 11],
    );
    assert_eq!(fight.turn(), "Goblin 1");
    let burn = EffectSpec::ongoing(FIRE, 2, Duration::SaveEnds(SaveDifficulty::Normal));
    fight.inflict("Knight", Some("Goblin 1"), burn.named("burn"));
    let dazed = EffectSpec::condition(Condition::DAZED, Duration::EndOfNextTurn(Whose::Target));
    fight.inflict("Knight", None, dazed);
    fight.end_turn();
    assert_eq!(fight.turn(), "Knight");
    fight.ok("Knight", Intent::Delay);
    assert_eq!(fight.turn(), "Goblin 2");
    assert_eq!(fight.hp("Knight").current, 20);
    assert!(fight.has("Knight", Condition::DAZED));
    fight.end_turn();
    assert_eq!(fight.turn(), "Knight");
    fight.end_turn();
    assert_eq!(fight.hp("Knight").current, 18);
    assert!(!fight.has("Knight", Condition::DAZED));
    assert!(fight.get::<Effects>("Knight").is_empty());
    assert_eq!(fight.faces_left(), 0);
    let knight = fight.id("Knight");
    let burns = fight
        .events()
        .iter()
        .filter(|e| matches!(e, LogEvent::Damage { target, .. } if *target == knight))
        .count();
    assert_eq!(burns, 1);
    // Round 2: the delayed knight kept the count it took (5), after both goblins.
    assert_eq!(fight.turn(), "Goblin 1");
    fight.end_turn();
    fight.end_turn();
    assert_eq!(fight.turn(), "Knight");
}

#[test]
fn a_side_override_and_unknown_ids_are_refused_cleanly() {
    let content = content();
    let mut app = app(&content);
    let count = |app: &mut App| {
        app.world_mut()
            .query::<&InEncounter>()
            .iter(app.world())
            .count()
    };
    let before = count(&mut app);
    let bad =
        EncounterSettings::quiet(1).with_controller("Goblinz", Controller::Ai("tactical".into()));
    assert!(matches!(
        app.world_mut().spawn_encounter("skirmish", &bad),
        Err(fray_core::spawn::SpawnError::UnknownSide { .. })
    ));
    assert!(
        app.world_mut()
            .spawn_encounter("skirmsh", &EncounterSettings::quiet(1))
            .is_err()
    );
    assert_eq!(count(&mut app), before);
}

#[test]
fn combatants_sharing_a_name_are_numbered_across_entries() {
    // Two entries of goblins, one in each region: three goblins, numbered 1 to 3; the lone
    // knight keeps its plain name.
    let fight = duel::bench().fight(
        "Named(\"near-far\")",
        &[("knight", 1, "near")],
        &[("goblin", 1, "near"), ("goblin", 2, "far")],
        "",
        &[10, 15, 5, 11],
    );
    let goblins = ["Goblin 1", "Goblin 2", "Goblin 3"].map(|name| fight.who(name));
    assert_ne!(goblins[0], goblins[1]);
    assert_ne!(goblins[1], goblins[2]);
    assert_ne!(goblins[0], goblins[2]);
    assert_eq!(fight.name(fight.who("Knight")), "Knight");
}
