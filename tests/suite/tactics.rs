//! Tactics in content (`tactics: (...)` on a statblock of any ruleset, or on an encounter's
//! side): they reach the combatants, survive a save, and mistakes in them are content errors
//! located at `path:line:col`, from the loader and from `fray check`.

use bevy_app::App;
use fray::content::prelude::*;
use fray::core::combatant::CombatantTactics;
use fray::core::encounter::Roster;
use fray::core::log::{CombatLog, LogEvent};
use fray::core::log_text::LogNames;
use fray::core::save::{load_encounter, save_encounter};
use fray::prelude::*;

use crate::cli::{fray as run_fray, text};

fn app() -> App {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    fray::headless_engine(content).app()
}

/// The tactics of the first combatant of `fight` spawned from `statblock`.
fn tactics_of(app: &App, fight: bevy_ecs::entity::Entity, statblock: &str) -> Tactics {
    let roster = app.world().get::<Roster>(fight).unwrap();
    let entry = roster
        .entries
        .iter()
        .find(|e| e.statblock == statblock)
        .unwrap();
    app.world().get::<CombatantTactics>(entry.entity).unwrap().0
}

#[test]
fn a_sides_tactics_win_over_its_statblocks_field_by_field_and_survive_a_save() {
    // oho-ford-ambush: the Rat-kin side says (target: MostHurt, flee_below: 0.4); the rat-kin
    // statblock says (focus_fire: true, flee_below: 0.3).
    let mut app = app();
    let fight = app
        .world_mut()
        .spawn_encounter("oho-ford-ambush", &EncounterSettings::logged(3))
        .unwrap();
    let rat = tactics_of(&app, fight, "rat-kin");
    assert_eq!(rat.target, Some(TargetPriority::MostHurt), "the side's");
    assert_eq!(
        rat.focus_fire,
        Some(true),
        "the statblock's, the side saying nothing"
    );
    assert_eq!(
        rat.flee_below.map(Fraction::get),
        Some(0.4),
        "the side's wins"
    );
    assert_eq!(rat.keep_range, None, "nobody's");
    // A hero of a side without tactics, from a statblock without them: none.
    let heroes = app.world().get::<Roster>(fight).unwrap().entries[0].entity;
    assert!(
        app.world()
            .get::<CombatantTactics>(heroes)
            .unwrap()
            .0
            .is_empty()
    );

    fray::core::drive::tick(app.world_mut());
    let saved = save_encounter(app.world(), fight).unwrap();
    let mut second = self::app();
    let loaded = load_encounter(second.world_mut(), &saved).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tactics_of(&second, loaded, "rat-kin"), rat);
}

#[test]
fn a_played_again_encounter_keeps_its_tactics() {
    let mut app = app();
    let fight = app
        .world_mut()
        .spawn_encounter("bx-goblin-cave", &EncounterSettings::quiet(1))
        .unwrap();
    let before = tactics_of(&app, fight, "goblin-slinger");
    assert_eq!(before.keep_range, Some(true));
    assert_eq!(before.focus_fire, Some(true), "the Goblins side's");
    app.world_mut()
        .reset_encounter(fight, &EncounterSettings::quiet(2))
        .unwrap();
    assert_eq!(tactics_of(&app, fight, "goblin-slinger"), before);
}

/// Loads `files` (path, text) with every ruleset's schema and validates: every problem.
fn problems(files: &[(&str, &str)]) -> Vec<String> {
    let loader = fray::content_loader();
    let mut db = ContentDb::default();
    let mut out = Vec::new();
    for (path, text) in files {
        if let Err(d) = loader.add_source(&mut db, SourceFile::new(*path, *text)) {
            out.extend(d.0.iter().map(ToString::to_string));
        }
    }
    out.extend(loader.validate(&mut db).iter().map(ToString::to_string));
    out
}

#[test]
fn unknown_tactics_in_a_statblock_are_content_errors_at_path_line_col() {
    let good = "[\n  Monster(id: \"imp\", name: \"Imp\", hd: \"1\", ac: 7, move: 60, morale: 7,\n    tactics: (target: MostHurt, flee_below: 0.5),\n    attacks: [(name: \"claw\", damage: \"1d4\")]),\n]\n";
    assert_eq!(problems(&[("c/bx/imps.ron", good)]), Vec::<String>::new());

    let casters = good.replace("MostHurt", "Casters");
    assert_eq!(
        problems(&[("c/bx/imps.ron", &casters)]),
        Vec::<String>::new()
    );
    // A misspelt priority (`Caster`) and one that does not exist, each located at the value.
    for unknown in ["Caster", "Weakest"] {
        let variant = good.replace("MostHurt", unknown);
        let found = problems(&[("c/bx/imps.ron", &variant)]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("c/bx/imps.ron:3:23:"), "{found:?}");
        assert!(found[0].contains(unknown), "{found:?}");
    }

    let field = good.replace("target:", "aim:");
    let found = problems(&[("c/bx/imps.ron", &field)]);
    assert!(
        found.len() == 1 && found[0].starts_with("c/bx/imps.ron:3:"),
        "{found:?}"
    );
    assert!(found[0].contains("aim"), "{found:?}");

    let range = good.replace("0.5", "1.5");
    let found = problems(&[("c/bx/imps.ron", &range)]);
    assert!(
        found.len() == 1 && found[0].starts_with("c/bx/imps.ron:3:"),
        "{found:?}"
    );
    assert!(found[0].contains("1.5"), "{found:?}");
    // The statblock's own mistakes are still found where they are, tactics or none.
    let both = range.replace("morale: 7", "morale: 7, colour: 2");
    let found = problems(&[("c/bx/imps.ron", &both)]);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found.iter().any(|p| p.starts_with("c/bx/imps.ron:2:")),
        "{found:?}"
    );
}

/// Lite5e statblocks of a hunt: a `knife` and two equal foes (AC 12, 12 HP, +0 to their one
/// attack), a `guard` with a staff and an `adept` with an arcane spark, a caster.
const HUNT_BLOCKS: &str = r#"[
    Monster(id: "knife", name: "Knife", level: 1, str: 12, dex: 12, con: 12, int: 10, wis: 10,
        cha: 10, proficiency: 2, ac: 12, hp: 40, morale: 10, body_parts: [(name: "a finger", attack: 1)],
        attacks: [(name: "knife", kind: Melee, damage: "1d4")]),
    Monster(id: "guard", name: "Guard", level: 1, str: 10, dex: 10, con: 10, int: 10, wis: 10,
        cha: 10, proficiency: 2, ac: 12, hp: 12, morale: 10, body_parts: [(name: "a finger", attack: 1)],
        attacks: [(name: "staff", kind: Melee, damage: "1d4")]),
    Monster(id: "adept", name: "Adept", level: 1, str: 10, dex: 10, con: 10, int: 10, wis: 10,
        cha: 10, proficiency: 2, ac: 12, hp: 12, morale: 10, body_parts: [(name: "a finger", attack: 1)],
        attacks: [(name: "spark", kind: Arcane, damage: "1d4")]),
]"#;

/// Whom the knife strikes first in one room with the guard and the adept (the guard listed
/// first: the first among equal options), its side fighting by `tactics`.
fn first_struck_by_the_knife(tactics: &str) -> String {
    let encounter = format!(
        r#"Encounter(id: "hunt", name: "Hunt", ruleset: "lite5e",
    map: Inline(id: "room", name: "Room", regions: [(id: "room")]),
    sides: [
        (name: "Hunter", controller: Ai("tactical"), tactics: {tactics},
         combatants: [(statblock: "knife", region: "room")]),
        (name: "Pair", controller: Ai("tactical"),
         combatants: [(statblock: "guard", region: "room"), (statblock: "adept", region: "room")]),
    ])"#
    );
    let loader = fray::content_loader();
    let mut db = ContentDb::default();
    loader
        .add_source(&mut db, SourceFile::new("t/lite5e/hunt.ron", HUNT_BLOCKS))
        .unwrap();
    loader
        .add_source(
            &mut db,
            SourceFile::new("t/lite5e/encounters/hunt.ron", encounter),
        )
        .unwrap();
    let problems = loader.validate(&mut db);
    assert!(problems.is_empty(), "{problems:?}");
    let mut app = fray::headless_engine(std::sync::Arc::new(db)).app();
    let fight = app
        .world_mut()
        .spawn_encounter("hunt", &EncounterSettings::logged(5))
        .unwrap();
    fray::core::drive::run_until_blocked(app.world_mut(), 10_000);
    let roster = app.world().get::<Roster>(fight).unwrap();
    let log = app.world().get::<CombatLog>(fight).unwrap();
    log.entries()
        .iter()
        .find_map(|entry| match &entry.event {
            LogEvent::Attack {
                attacker, target, ..
            } if roster
                .get(*attacker)
                .is_some_and(|a| a.statblock == "knife") =>
            {
                roster.get(*target).map(|t| t.statblock.clone())
            }
            _ => None,
        })
        .expect("the knife strikes someone")
}

#[test]
fn a_combatant_told_to_strike_casters_strikes_the_caster_among_two_equal_foes() {
    assert_eq!(
        first_struck_by_the_knife("()"),
        "guard",
        "untold, the first of equals"
    );
    assert_eq!(first_struck_by_the_knife("(target: Casters)"), "adept");
}

#[test]
fn unknown_tactics_on_a_side_are_content_errors_at_path_line_col() {
    let encounter = "Encounter(id: \"e\", name: \"E\", ruleset: \"bx\", map: Named(\"near-far\"),\n  sides: [\n    (name: \"A\", tactics: (keep_range: true, flee_below: -0.1), combatants: [(statblock: \"bandit\", region: \"near\")]),\n    (name: \"B\", combatants: [(statblock: \"bandit\", region: \"far\")]),\n  ])\n";
    let found = problems(&[("c/bx/encounters/e.ron", encounter)]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("c/bx/encounters/e.ron:3:"),
        "{found:?}"
    );
    assert!(found[0].contains("-0.1"), "{found:?}");
}

#[test]
fn fray_check_refuses_unknown_tactics_with_path_line_col() {
    let dir = std::env::temp_dir().join(format!("fray-tactics-{}", std::process::id()));
    let bx = dir.join("bx");
    std::fs::create_dir_all(&bx).unwrap();
    let file = bx.join("imps.ron");
    std::fs::write(
        &file,
        "[\n  Monster(id: \"imp\", name: \"Imp\", hd: \"1\", ac: 7, move: 60, morale: 7,\n    tactics: (protect: Everyone),\n    attacks: [(name: \"claw\", damage: \"1d4\")]),\n]\n",
    )
    .unwrap();
    let out = run_fray(&["check", dir.to_str().unwrap()]);
    let report = text(&out.stdout);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains(&format!("{}:3:24:", file.display())),
        "{report}"
    );
    assert!(report.contains("Everyone"), "{report}");
}

#[test]
fn surrender_below_gives_a_rival_up_on_its_own_turn_and_the_log_says_so() {
    // l5-guild-duel's Rivals side says (surrender_below: 0.25). Its cutpurse, cut down to 2 hit
    // points before the fight begins, gives itself up on its first turn: no morale roll, no
    // blow, just the surrender, and it is out of the fight, engaged with nobody.
    let mut app = app();
    let fight = app
        .world_mut()
        .spawn_encounter("l5-guild-duel", &EncounterSettings::logged(1))
        .unwrap();
    let cutpurse = app
        .world()
        .get::<Roster>(fight)
        .unwrap()
        .entries
        .iter()
        .find(|e| e.statblock == "cutpurse")
        .unwrap()
        .entity;
    fray::core::edit::apply(app.world_mut(), cutpurse, Edit::SetHp(2), "an old wound").unwrap();
    fray::core::drive::run_until_blocked(app.world_mut(), 1_000_000);
    assert_eq!(
        app.world().get::<Status>(cutpurse),
        Some(&Status::Surrendered)
    );
    let log = app.world().get::<CombatLog>(fight).unwrap().entries();
    let id = app
        .world()
        .get::<Roster>(fight)
        .unwrap()
        .id_of(cutpurse)
        .unwrap();
    // Its first turn: the surrender, and nothing else of its own (no roll, no blow, no move).
    let turn = log
        .iter()
        .position(|e| matches!(e.event, LogEvent::TurnStarted { who } if who == id))
        .expect("the cutpurse had a turn");
    let during: Vec<&LogEvent> = log[turn + 1..]
        .iter()
        .map(|e| &e.event)
        .take_while(|e| !matches!(e, LogEvent::TurnEnded { .. }))
        .collect();
    assert!(
        matches!(
            during.as_slice(),
            [LogEvent::StatusChanged { who, status: Status::Surrendered }] if *who == id
        ),
        "{during:?}"
    );
    let engagement = app.world().get::<Engagement>(cutpurse).unwrap();
    assert!(!engagement.is_engaged());
    let world = app.world();
    let names = LogNames::new(
        world.get::<Roster>(fight).unwrap(),
        world.get::<EncounterMap>(fight).unwrap(),
        world.get::<Sides>(fight).unwrap(),
    );
    let text = names.render(world.get::<CombatLog>(fight).unwrap());
    assert!(text.contains("Cutpurse surrenders."), "{text}");
}
