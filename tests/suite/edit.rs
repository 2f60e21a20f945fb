//! The game's edits of a fight: heal, damage, set HP, revive, move, remove and set status, each
//! checked, clamped, logged, passed to the ruleset and re-offering the decision at once.

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray::core::client::decisions;
use fray::core::edit::{self, Edit, EditError};
use fray::core::effect::{Duration, EffectSpec};
use fray::prelude::*;

/// The five rulesets' demo fights, with the side the tests edit (the heroes).
const FIGHTS: [(&str, &str); 5] = [
    ("archmage-bridge", "Heroes"),
    ("oho-barrow-wight", "Heroes"),
    ("bx-goblin-cave", "Party"),
    ("dr-ford", "Heroes"),
    ("l5-barrow", "Party"),
];

fn app() -> App {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut app = App::new();
    app.add_plugins(FrayPlugins {
        step: StepMode::OneAction,
        ..FrayPlugins::default()
    })
    .insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

/// A fight a few actions in, AI on both sides, between two of B/X's simultaneous steps (in one,
/// a fall waits for the step's end: see `a_fall_in_a_simultaneous_step_waits_and_a_revive_cancels_it`).
fn fight(app: &mut App, encounter: &str) -> Entity {
    let fight = app
        .world_mut()
        .spawn_encounter(encounter, &EncounterSettings::logged(7))
        .unwrap();
    for _ in 0..3 {
        app.update();
    }
    while app.world().get::<Turn>(fight).unwrap().defers_status() {
        app.update();
    }
    fight
}

/// The first combatant of `side` still fighting, and one of its foes still fighting.
fn hero_and_foe(world: &World, fight: Entity, side: &str) -> (Entity, Entity) {
    let sides = world.get::<Sides>(fight).unwrap();
    let side = sides.find(side).unwrap();
    let roster = world.get::<Roster>(fight).unwrap();
    let hero = roster
        .side(side)
        .find(|e| status(world, *e).is_active())
        .unwrap();
    let foe = roster
        .entities()
        .find(|e| {
            world.get::<Side>(*e).is_some_and(|s| s.0 != side) && status(world, *e).is_active()
        })
        .unwrap();
    (hero, foe)
}

fn log(world: &World, fight: Entity) -> Vec<LogEvent> {
    world
        .get::<CombatLog>(fight)
        .unwrap()
        .entries()
        .iter()
        .map(|e| e.event.clone())
        .collect()
}

fn hp(world: &World, who: Entity) -> Hp {
    *world.get::<Hp>(who).unwrap()
}

fn status(world: &World, who: Entity) -> Status {
    *world.get::<Status>(who).unwrap()
}

/// Whether anyone of the fight engages `who` or is engaged by it.
fn engaged_anywhere(world: &World, fight: Entity, who: Entity) -> bool {
    world.get::<Engagement>(who).unwrap().is_engaged()
        || world
            .get::<Roster>(fight)
            .unwrap()
            .entities()
            .any(|e| world.get::<Engagement>(e).unwrap().is_engaged_with(who))
}

/// Plays the fight to its end (the debug build's invariants check every tick).
fn finish(app: &mut App, fight: Entity) {
    for _ in 0..20_000 {
        if app.world().get::<Encounter>(fight).unwrap().is_over() {
            return;
        }
        app.update();
    }
    panic!("the fight did not end");
}

#[test]
fn heal_damage_revive_move_and_remove_are_clamped_logged_and_consistent_in_every_ruleset() {
    for (encounter, side) in FIGHTS {
        let mut app = app();
        let fight = fight(&mut app, encounter);
        let (hero, foe) = hero_and_foe(app.world(), fight, side);
        let world = app.world_mut();

        // Healing stops at the maximum, and the log says the game did it, then what it did.
        let max = hp(world, hero).max;
        let before = log(world, fight).len();
        edit::apply(world, hero, Edit::Damage(1), "a splinter").unwrap();
        edit::apply(world, hero, Edit::Heal(1_000), "potion").unwrap();
        assert_eq!(
            hp(world, hero).current,
            max,
            "{encounter}: healed to the maximum"
        );
        let new = &log(world, fight)[before..];
        assert!(
            matches!(&new[0], LogEvent::Edited { edit: Edit::Damage(1), why, .. } if why == "a splinter"),
            "{encounter}: {new:?}"
        );
        assert!(
            new.iter()
                .any(|e| matches!(e, LogEvent::Healed { amount: 1, hp, .. } if *hp == max)),
            "{encounter}: the healing is logged with what it healed: {new:?}"
        );

        // Damage enough to fell: out of the fight and out of every engagement.
        edit::apply(world, hero, Edit::Damage(max.saturating_mul(3)), "trapdoor").unwrap();
        assert!(!status(world, hero).is_active(), "{encounter}: fell");
        assert!(!engaged_anywhere(world, fight, hero), "{encounter}");
        assert!(hp(world, hero).current <= 0, "{encounter}");

        // Nothing changes on a refused edit.
        let len = log(world, fight).len();
        assert_eq!(
            edit::apply(world, hero, Edit::SetStatus(Status::Active), "x"),
            Err(EditError::NoHitPoints(hp(world, hero).current)),
            "{encounter}"
        );
        assert_eq!(
            edit::apply(world, hero, Edit::Heal(-3), "x"),
            Err(EditError::Negative(-3))
        );
        assert!(matches!(
            edit::apply(world, foe, Edit::MoveTo(RegionId(999)), "x"),
            Err(EditError::NoSuchRegion(RegionId(999), _))
        ));
        assert_eq!(
            log(world, fight).len(),
            len,
            "{encounter}: refused edits log nothing"
        );

        // Revived: active, with the hit points asked for (at most the maximum).
        edit::apply(world, hero, Edit::Revive(5), "divine favour").unwrap();
        assert_eq!(status(world, hero), Status::Active, "{encounter}: revived");
        assert_eq!(hp(world, hero).current, 5.min(max), "{encounter}");
        assert_eq!(
            edit::apply(world, hero, Edit::Revive(5), "x"),
            Err(EditError::AlreadyActive)
        );

        // Moved to another region: there, and engaged with nobody.
        let here = world.get::<InRegion>(hero).unwrap().0;
        let map = world.get::<EncounterMap>(fight).unwrap();
        let there = map.ids().find(|r| *r != here).unwrap();
        edit::apply(world, hero, Edit::MoveTo(there), "teleport").unwrap();
        assert_eq!(world.get::<InRegion>(hero).unwrap().0, there, "{encounter}");
        assert!(!engaged_anywhere(world, fight, hero), "{encounter}");

        // A foe removed: fled, engaged with nobody, and the fight plays on to its end.
        edit::apply(world, foe, Edit::Remove, "swallowed by the earth").unwrap();
        assert_eq!(status(world, foe), Status::Fled, "{encounter}");
        assert!(!engaged_anywhere(world, fight, foe), "{encounter}");
        assert_eq!(
            edit::apply(world, foe, Edit::Damage(1), "x"),
            Err(EditError::Gone(Status::Fled))
        );
        finish(&mut app, fight);
        assert_eq!(
            edit::apply(app.world_mut(), hero, Edit::Heal(1), "x"),
            Err(EditError::FightOver)
        );
    }
}

#[test]
fn set_hp_is_clamped_to_the_maximum_and_the_ruleset_floor() {
    for (encounter, side) in FIGHTS {
        let mut app = app();
        let fight = fight(&mut app, encounter);
        let (hero, _) = hero_and_foe(app.world(), fight, side);
        let world = app.world_mut();
        let max = hp(world, hero).max;
        edit::apply(world, hero, Edit::SetHp(max + 50), "x").unwrap();
        assert_eq!(hp(world, hero).current, max, "{encounter}");
        edit::apply(world, hero, Edit::SetHp(i32::MIN), "x").unwrap();
        let floor = if encounter == "l5-barrow" { 0 } else { -max };
        assert!(
            hp(world, hero).current >= floor,
            "{encounter}: {:?}",
            hp(world, hero)
        );
        assert!(!status(world, hero).is_active(), "{encounter}: vitals ran");
        finish(&mut app, fight);
    }
}

#[test]
fn l513_a_revived_combatant_is_no_longer_dying_and_a_healed_one_is_stabilized() {
    use fray::lite5e::state::L5State;
    let mut app = app();
    let fight = fight(&mut app, "l5-barrow");
    let (hero, _) = hero_and_foe(app.world(), fight, "Party");
    let world = app.world_mut();
    edit::apply(world, hero, Edit::Damage(1_000), "falling rock").unwrap();
    assert_eq!(status(world, hero), Status::Down);
    assert!(world.get::<L5State>(hero).unwrap().down_since.is_some());
    assert!(
        world
            .get::<Conditions>(hero)
            .unwrap()
            .has(Condition::UNCONSCIOUS)
    );
    edit::apply(world, hero, Edit::Revive(3), "miracle").unwrap();
    assert_eq!(status(world, hero), Status::Active);
    assert_eq!(world.get::<L5State>(hero).unwrap().down_since, None);
    assert!(
        !world
            .get::<Conditions>(hero)
            .unwrap()
            .has(Condition::UNCONSCIOUS)
    );

    // Healing a fallen combatant stabilizes it first, as the rules' healing does: the injury
    // table, then the healing on top of the 1 HP it stands with.
    edit::apply(world, hero, Edit::Damage(1_000), "falling rock").unwrap();
    let before = log(world, fight).len();
    edit::apply(world, hero, Edit::Heal(4), "potion").unwrap();
    let names = LogNames::new(
        world.get::<Roster>(fight).unwrap(),
        world.get::<EncounterMap>(fight).unwrap(),
        world.get::<Sides>(fight).unwrap(),
    );
    let text: String = log(world, fight)[before..]
        .iter()
        .map(|e| names.describe(e) + "\n")
        .collect();
    assert!(
        text.contains("is stabilized and rolls on the injury table"),
        "{text}"
    );
    let l5 = world.get::<L5State>(hero).unwrap();
    if status(world, hero) == Status::Active {
        assert_eq!(l5.down_since, None);
        assert!(
            hp(world, hero).current >= 5,
            "4 healed, then 1 or more standing"
        );
    } else {
        assert_eq!(status(world, hero), Status::Dead, "a false hope: {text}");
    }
}

#[test]
fn revived_heroes_are_conscious_in_archmage_oho_and_die_rank() {
    use fray::archmage::state::ArchState;
    for (encounter, side) in [
        ("archmage-bridge", "Heroes"),
        ("oho-barrow-wight", "Heroes"),
        ("dr-ford", "Heroes"),
        ("bx-goblin-cave", "Party"),
    ] {
        let mut app = app();
        let fight = fight(&mut app, encounter);
        let (hero, _) = hero_and_foe(app.world(), fight, side);
        let world = app.world_mut();
        let max = hp(world, hero).max;
        edit::apply(world, hero, Edit::SetHp(0), "knocked out").unwrap();
        assert!(!status(world, hero).is_active(), "{encounter}");
        edit::apply(world, hero, Edit::Revive(max), "second wind").unwrap();
        assert_eq!(status(world, hero), Status::Active, "{encounter}");
        let conditions = world.get::<Conditions>(hero).unwrap();
        for c in [
            Condition::UNCONSCIOUS,
            Condition::HELPLESS,
            Condition::DYING,
        ] {
            assert!(!conditions.has(c), "{encounter}: still {c:?}");
        }
        if let Some(state) = world.get::<ArchState>(hero) {
            assert!(!state.coma && !state.stabilized);
        }
        // The next tick's vitals agree: it stays up.
        app.update();
        assert_eq!(status(app.world(), hero), Status::Active, "{encounter}");
    }
}

#[test]
fn an_effect_of_a_condition_the_ruleset_gives_no_meaning_is_refused_with_its_list() {
    let mut app = app();
    let fight = fight(&mut app, "l5-barrow");
    let (hero, _) = hero_and_foe(app.world(), fight, "Party");
    let len = log(app.world(), fight).len();
    let paralyzed = EffectSpec::condition(Condition::PARALYZED, Duration::Rounds(2));
    let refused = edit::apply_effect(app.world_mut(), hero, None, paralyzed.clone());
    assert_eq!(
        refused,
        Err(EditError::UnusedCondition {
            ruleset: "lite5e".into(),
            condition: "paralyzed".into(),
            known: "none".into(),
        })
    );
    assert_eq!(log(app.world(), fight).len(), len, "nothing logged");
    assert!(
        !app.world()
            .get::<Conditions>(hero)
            .unwrap()
            .has(Condition::PARALYZED)
    );

    // B/X gives paralysis its meaning (BX's ghoul touch): taken, and logged.
    let mut app = self::app();
    let fight = self::fight(&mut app, "bx-goblin-cave");
    let (hero, _) = hero_and_foe(app.world(), fight, "Party");
    edit::apply_effect(app.world_mut(), hero, None, paralyzed).unwrap();
    assert!(
        app.world()
            .get::<Conditions>(hero)
            .unwrap()
            .has(Condition::PARALYZED)
    );
    // And it names its conditions when it refuses one.
    let dazed = EffectSpec::condition(Condition::DAZED, Duration::Rounds(1));
    let Err(EditError::UnusedCondition { known, .. }) =
        edit::apply_effect(app.world_mut(), hero, None, dazed)
    else {
        panic!("B/X has no dazed");
    };
    assert!(
        known.contains("paralyzed") && known.contains("petrified"),
        "{known}"
    );
}

#[test]
fn an_edit_offers_the_decision_again_at_once_and_its_options_are_accepted() {
    for (encounter, side) in FIGHTS {
        let mut app = app();
        let settings =
            EncounterSettings::logged(11).with_controller(side, Controller::External(PlayerId(1)));
        let fight = app
            .world_mut()
            .spawn_encounter(encounter, &settings)
            .unwrap();
        // Play until a hero must decide its turn (passing on reactions and declarations).
        let mut turn = None;
        for _ in 0..300 {
            app.update();
            let open = decisions(app.world(), fight);
            turn = open.iter().find(|d| d.kind == DecisionKind::Turn).cloned();
            if turn.is_some() {
                break;
            }
            for d in open {
                let intent = d.options.last().map_or(Intent::Pass, |o| o.intent);
                app.world_mut().write_message(ActionRequest {
                    actor: d.actor,
                    controller: PlayerId(1),
                    intent,
                });
            }
        }
        let turn = turn.unwrap_or_else(|| panic!("{encounter}: a hero gets a turn"));
        let actor = turn.actor;
        let world = app.world_mut();
        let here = world.get::<InRegion>(actor).unwrap().0;
        let map = world.get::<EncounterMap>(fight).unwrap();
        let there = map.ids().find(|r| *r != here).unwrap();
        edit::apply(world, actor, Edit::MoveTo(there), "teleport").unwrap();
        let now = decisions(world, fight);
        let again = now
            .iter()
            .find(|d| d.actor == actor && d.kind == DecisionKind::Turn)
            .unwrap_or_else(|| panic!("{encounter}: the decision is offered again at once"));
        assert!(!again.options.is_empty(), "{encounter}");
        // Its options are the new situation's: every one of them is accepted.
        let chosen = again.options[0].intent;
        let rejected_before = world.get::<Encounter>(fight).unwrap().rejections();
        world.write_message(ActionRequest {
            actor,
            controller: PlayerId(1),
            intent: chosen,
        });
        app.update();
        assert_eq!(
            app.world().get::<Encounter>(fight).unwrap().rejections(),
            rejected_before,
            "{encounter}: {chosen:?} from the new options was accepted"
        );

        // A direct write of the components, then `changed`: offered again at once as well.
        let world = app.world_mut();
        if let Some(d) = decisions(world, fight)
            .into_iter()
            .find(|d| d.kind == DecisionKind::Turn)
        {
            world.get_mut::<Hp>(d.actor).unwrap().current = 1;
            edit::changed(world, fight);
            assert!(
                decisions(world, fight)
                    .iter()
                    .any(|n| n.actor == d.actor && !n.options.is_empty()),
                "{encounter}: `changed` re-offers at once"
            );
        }
    }
}

#[test]
fn a_fall_in_a_simultaneous_step_waits_and_a_revive_cancels_it() {
    // B/X: in a simultaneous step the fallen fall when the step ends, still striking in it; a
    // game's damage follows that rule, and a game's revive cancels the waiting fall.
    let mut app = app();
    let fight = app
        .world_mut()
        .spawn_encounter("bx-goblin-cave", &EncounterSettings::logged(7))
        .unwrap();
    let mut seen = false;
    for _ in 0..2_000 {
        app.update();
        let world = app.world_mut();
        if world.get::<Encounter>(fight).unwrap().is_over() {
            break;
        }
        if !world.get::<Turn>(fight).unwrap().defers_status() {
            continue;
        }
        let Some(hero) = world
            .get::<Roster>(fight)
            .unwrap()
            .entities()
            .find(|e| *world.get::<Status>(*e).unwrap() == Status::Active)
        else {
            continue;
        };
        edit::apply(world, hero, Edit::Damage(1_000), "trapdoor").unwrap();
        assert_eq!(status(world, hero), Status::Active, "still in the step");
        edit::apply(world, hero, Edit::SetHp(3), "x").unwrap();
        assert_eq!(
            edit::apply(world, hero, Edit::Revive(3), "x"),
            Err(EditError::AlreadyActive)
        );
        edit::apply(
            world,
            hero,
            Edit::SetStatus(Status::Active),
            "healed in time",
        )
        .unwrap();
        while app.world().get::<Turn>(fight).unwrap().defers_status() {
            app.update();
        }
        assert_eq!(
            status(app.world(), hero),
            Status::Active,
            "the fall was cancelled"
        );
        seen = true;
        break;
    }
    assert!(seen, "a simultaneous step came");
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "the game's last edit of it: heals 3 HP (potion)")]
fn the_debug_invariants_name_the_combatant_and_its_last_edit() {
    let mut app = app();
    let fight = fight(&mut app, "archmage-bridge");
    let (hero, _) = hero_and_foe(app.world(), fight, "Heroes");
    let world = app.world_mut();
    edit::apply(world, hero, Edit::Heal(3), "potion").unwrap();
    // Written past the edit API: the next tick's check names the hero and what the game did.
    world.get_mut::<Hp>(hero).unwrap().current += 1_000;
    app.update();
}
