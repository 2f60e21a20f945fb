//! A small turn-based game on Fray, written as a Bevy developer writes one, for each ruleset's
//! demo fight: the player's side answered by a system of the game's, the other side by Fray's AI;
//! the fight stepping on the fixed clock, one action every fourth fixed step (the game's
//! animations take the rest); a render system ordered after the step; observers that print the
//! animations; a potion and a trapdoor through the edit API; a pause of the virtual clock; and a
//! save in the middle, loaded into a second app that plays the fight to its end.
//!
//! It checks what it sees and fails loudly: the render system draws the log as this frame's step
//! left it, a paused clock plays no action, every request is answered, every edit is logged and
//! consistent, and the observers see attacks in every ruleset. CI runs it.
//!
//! `cargo run --example bevy_game`

use std::time::Duration;

use bevy_app::prelude::*;
use bevy_ecs::message::{MessageCursor, Messages};
use bevy_ecs::prelude::*;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy, Virtual};
use fray::core::events::{Attacked, Damaged, Edited, StatusChanged};
use fray::prelude::*;

/// One fixed step of the game's clock.
const TICK: Duration = Duration::from_millis(25);

/// The fight the game shows.
#[derive(Resource)]
struct Shown(Entity);

/// What the game saw, for its checks.
#[derive(Resource, Default, Debug)]
struct Seen {
    /// The log length the render system drew last, and how many times it drew.
    drawn: usize,
    draws: u32,
    /// Requests the player sent, and answers it read; the requests awaiting their answers (an
    /// attack waits while the player answers the reactions it provokes).
    sent: usize,
    answered: usize,
    awaiting: Vec<(Entity, Intent, DecisionKind)>,
    /// Frames the player still waits before answering (its "thinking" animation).
    thinking: u32,
    /// What the observers saw.
    attacks: usize,
    damage: i64,
    edits: usize,
    statuses: usize,
    /// Whether the potion and the trapdoor were used.
    potion: bool,
    trapdoor: bool,
    /// Frames the render system drew the player's budget (action slots, a gauge...).
    budgets: u32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let content = Content(fray::load_content(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/content"
    ))?);
    for (encounter, side) in [
        ("archmage-bridge", "Heroes"),
        ("oho-barrow-wight", "Heroes"),
        ("bx-goblin-cave", "Party"),
        ("dr-ford", "Heroes"),
        ("l5-barrow", "Party"),
    ] {
        play(&content, encounter, side)?;
    }
    println!("bevy_game: every check passed in every ruleset");
    Ok(())
}

/// The game's app: Fray on the fixed clock, the game's systems and observers.
fn game(content: &Content) -> App {
    let mut app = App::new();
    app.add_plugins((
        TimePlugin,
        FrayPlugins {
            // One action every fourth fixed step: the game animates in between.
            run: FrayRunMode::FixedTimestep(TICK * 4),
            step: StepMode::OneAction,
            ..FrayPlugins::new(FixedUpdate)
        },
    ))
    .insert_resource(content.clone())
    .insert_resource(Time::<Fixed>::from_duration(TICK))
    .insert_resource(TimeUpdateStrategy::ManualDuration(TICK))
    .init_resource::<Seen>()
    .add_systems(
        FixedUpdate,
        (
            (player, potions_and_trapdoors).before(FraySet::Collect),
            render.after(FraySet::Step),
        ),
    )
    .add_observer(|a: On<Attacked>, mut seen: ResMut<Seen>| {
        seen.attacks += 1;
        let swing = if a.hit { "hits" } else { "misses" };
        println!("  ~ {} swings its {} and {swing}", a.entity, a.attack);
    })
    .add_observer(|d: On<Damaged>, mut seen: ResMut<Seen>| {
        seen.damage += i64::from(d.amount);
        println!(
            "  ~ {} flashes red: -{} ({} left)",
            d.entity, d.amount, d.hp
        );
    })
    .add_observer(|e: On<Edited>, mut seen: ResMut<Seen>| {
        seen.edits += 1;
        println!("  ~ {}: {} ({})", e.entity, e.edit, e.why);
    })
    .add_observer(|s: On<StatusChanged>, mut seen: ResMut<Seen>| {
        seen.statuses += 1;
        println!("  ~ {} is now {:?}", s.entity, s.status);
    });
    app.finish();
    app.cleanup();
    app
}

/// The player: answers each of its decisions with the option of most expected damage (a
/// reaction it passes), after a few frames of thinking, one request at a time.
fn player(
    client: FrayClient,
    mut requests: MessageWriter<ActionRequest>,
    mut resolved: MessageReader<ActionResolved>,
    mut rejected: MessageReader<ActionRejected>,
    shown: Res<Shown>,
    mut seen: ResMut<Seen>,
) {
    // Fray answers every action (the AI's too): the player's are those it awaits.
    let answered: Vec<(Entity, Intent)> = resolved
        .read()
        .map(|r| (r.actor, r.intent))
        .chain(rejected.read().map(|r| {
            println!("  rejected: {}", r.reason);
            (r.actor, r.intent)
        }))
        .collect();
    for (actor, intent) in answered {
        if let Some(i) = seen
            .awaiting
            .iter()
            .position(|a| (a.0, a.1) == (actor, intent))
        {
            seen.awaiting.remove(i);
            seen.answered += 1;
        }
    }
    // A decision already answered stays listed until the next step reads the request.
    let Some(decision) = client.decisions(shown.0).into_iter().find(|d| {
        !seen
            .awaiting
            .iter()
            .any(|a| (a.0, a.2) == (d.actor, d.kind))
    }) else {
        return;
    };
    let Controller::External(me) = decision.controller else {
        return;
    };
    if seen.thinking > 0 {
        seen.thinking -= 1;
        return;
    }
    // Think 0 to 3 frames: requests land at every point between two steps.
    seen.thinking = u32::try_from(seen.sent % 4).unwrap_or(0);
    let intent = match decision.kind {
        DecisionKind::Reaction => Intent::Pass,
        _ => decision
            .options
            .iter()
            .max_by(|a, b| {
                a.preview
                    .expected_damage
                    .total_cmp(&b.preview.expected_damage)
            })
            .map_or(Intent::EndTurn, |o| o.intent),
    };
    requests.write(ActionRequest {
        actor: decision.actor,
        controller: me,
        intent,
    });
    seen.awaiting.push((decision.actor, intent, decision.kind));
    seen.sent += 1;
}

/// The game's own events: a hero below half its hit points drinks a potion; in round 2 a
/// trapdoor opens under the first monster still standing and drops it to another region.
fn potions_and_trapdoors(
    client: FrayClient,
    shown: Res<Shown>,
    mut seen: ResMut<Seen>,
    mut commands: Commands,
) {
    let fight = shown.0;
    let Some(round) = client.encounter(fight).map(Encounter::round) else {
        return;
    };
    if !seen.potion
        && let Some(hurt) = client.combatants(fight).find(|c| {
            c.status.is_active()
                && matches!(c.controller, Controller::External(_))
                && c.hp.current * 2 < c.hp.max
        })
    {
        commands.edit_combatant(hurt.entity, Edit::Heal(6), "potion");
        seen.potion = true;
    }
    if !seen.trapdoor
        && round >= 2
        && let Some(monster) = client
            .combatants(fight)
            .find(|c| c.status.is_active() && matches!(c.controller, Controller::Ai(_)))
        && let Some(&below) = client
            .map(fight)
            .and_then(|m| m.neighbours(monster.region.0).first())
    {
        commands.edit_combatant(monster.entity, Edit::Damage(2), "trapdoor");
        commands.edit_combatant(monster.entity, Edit::MoveTo(below), "trapdoor");
        // Regions keep their content ids: the game's own data names them so.
        let to = client.map(fight).map_or("", |m| m.content_id(below));
        println!(
            "   a trapdoor drops {} ({}) into `{to}`",
            monster.name, monster.statblock.0
        );
        seen.trapdoor = true;
    }
}

/// The render system: draws the log as this frame's step left it, and the player's budgets.
fn render(client: FrayClient, shown: Res<Shown>, mut seen: ResMut<Seen>) {
    if let Some(log) = client.log(shown.0) {
        seen.drawn = log.entries().len();
        seen.draws += 1;
    }
    let shows_budget = client.combatants(shown.0).any(|c| {
        matches!(c.controller, Controller::External(_)) && !client.budget(c.entity).is_empty()
    });
    if shows_budget {
        seen.budgets += 1;
    }
}

fn log_len(app: &App, fight: Entity) -> usize {
    app.world()
        .get::<CombatLog>(fight)
        .map_or(0, |l| l.entries().len())
}

fn over(app: &App, fight: Entity) -> bool {
    app.world()
        .get::<Encounter>(fight)
        .is_none_or(Encounter::is_over)
}

/// Plays one ruleset's fight through the game, saving it halfway and finishing it in a second
/// app, and checks what the game saw.
fn play(content: &Content, encounter: &str, side: &str) -> Result<(), Box<dyn std::error::Error>> {
    println!("== {encounter}: the player plays the {side}");
    let mut app = game(content);
    let settings =
        EncounterSettings::logged(7).with_controller(side, Controller::External(PlayerId(1)));
    let fight = app.world_mut().spawn_encounter(encounter, &settings)?;
    app.insert_resource(Shown(fight));
    let mut saved = None;
    for frame in 0..40_000u32 {
        if frame == 40 {
            // The game pauses (a menu): no action is played while the clock stands still.
            app.world_mut().resource_mut::<Time<Virtual>>().pause();
            let before = log_len(&app, fight);
            for _ in 0..12 {
                app.update();
            }
            check(
                log_len(&app, fight) == before,
                "a paused virtual clock plays no action",
            )?;
            app.world_mut().resource_mut::<Time<Virtual>>().unpause();
        }
        let draws = app.world().resource::<Seen>().draws;
        app.update();
        let seen = app.world().resource::<Seen>();
        // (The fixed clock runs no step in the first frame: there is nothing to draw then.)
        check(
            seen.draws == draws || seen.drawn == log_len(&app, fight),
            "the render system draws this frame's log",
        )?;
        if frame == 200 && !over(&app, fight) {
            saved = Some(save_encounter(app.world(), fight)?);
        }
        if over(&app, fight) {
            break;
        }
    }
    check(over(&app, fight), "the fight ends")?;
    // Answers still in flight are read by the player's next run.
    app.update();
    let seen = app.world().resource::<Seen>();
    println!("   {seen:?}");
    check(seen.sent > 0, "the player decided")?;
    check(
        seen.sent == seen.answered,
        "every request the player sent was answered",
    )?;
    check(seen.attacks > 0, "the observers saw attacks")?;
    check(
        seen.budgets > 0,
        "the render system drew the player's budgets",
    )?;
    check(seen.damage > 0, "the observers saw damage")?;
    let log = app.world().get::<CombatLog>(fight).ok_or("no log")?;
    let edits = log
        .entries()
        .iter()
        .filter(|e| matches!(e.event, LogEvent::Edited { .. }))
        .count();
    check(edits == seen.edits, "every edit is logged and observed")?;
    check(
        seen.trapdoor
            == log
                .entries()
                .iter()
                .any(|e| matches!(&e.event, LogEvent::Edited { why, .. } if why == "trapdoor")),
        "the trapdoor is in the log",
    )?;
    for c in app
        .world()
        .get::<Roster>(fight)
        .ok_or("no roster")?
        .entities()
    {
        let hp = app.world().get::<Hp>(c).ok_or("no hp")?;
        check(hp.current <= hp.max, "every combatant's HP within bounds")?;
        let published = app.world().get::<Budget>(c).map(|b| b.0.clone());
        check(
            published == Some(fray::core::client::budget(app.world(), c)),
            "every combatant's published budget is its ruleset's",
        )?;
    }
    let errors = app.world().resource::<Messages<EditRefused>>();
    for refused in MessageCursor::<EditRefused>::default().read(errors) {
        println!("   an edit was refused: {}", refused.error);
    }

    // The save, loaded into a second app, plays on to an end.
    if let Some(saved) = saved {
        let mut second = game(content);
        let loaded = load_encounter(second.world_mut(), &saved)?;
        second.insert_resource(Shown(loaded));
        for _ in 0..4_000 {
            second.update();
            if over(&second, loaded) {
                break;
            }
        }
        check(over(&second, loaded), "the loaded fight plays to its end")?;
        println!("   the save from frame 200 was loaded and played to its end");
    }
    Ok(())
}

/// Fails the example with what did not hold.
fn check(holds: bool, what: &str) -> Result<(), Box<dyn std::error::Error>> {
    if holds {
        Ok(())
    } else {
        Err(format!("check failed: {what}").into())
    }
}
