//! A game client drives the heroes: each turn it reads the legal intents with their costs and
//! previews and picks one through `ActionRequest`; the AI plays the raiders. Once it sends an
//! illegal request on purpose (it is rejected, nothing changes), and halfway through it saves
//! the fight and carries on in a freshly loaded app.
//!
//! `cargo run --example client_loop`

use bevy_app::prelude::*;
use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;
use fray::prelude::*;

const PLAYER: PlayerId = PlayerId(1);

fn new_app(content: std::sync::Arc<fray::content::db::ContentDb>) -> App {
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default())
        .insert_resource(Content(content));
    app.finish();
    app.cleanup();
    app
}

/// The scripted player: the option with the best expected damage, else healing, else ending
/// the turn (never a move that draws opportunity attacks, nor fleeing or surrendering).
fn choose(options: &[DecisionOption]) -> Option<&DecisionOption> {
    let score = |o: &DecisionOption| {
        o.preview.expected_damage + o.preview.expected_healing - f32::from(o.preview.provokes) * 5.0
    };
    options
        .iter()
        .filter(|o| {
            !matches!(
                o.intent,
                Intent::Flee | Intent::Surrender | Intent::Delay | Intent::Ready { .. }
            )
        })
        .max_by(|a, b| score(a).total_cmp(&score(b)))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))?;
    let mut app = new_app(content.clone());
    let settings =
        EncounterSettings::logged(5).with_controller("Heroes", Controller::External(PLAYER));
    let mut encounter = app
        .world_mut()
        .spawn_encounter("archmage-bridge", &settings)?;
    let mut illegal_sent = false;
    let mut saved = false;
    let mut decisions_made = 0;
    let mut rejections = bevy_ecs::message::MessageCursor::<ActionRejected>::default();
    for _frame in 0..10_000 {
        app.update();
        if app
            .world()
            .get::<Encounter>(encounter)
            .is_some_and(Encounter::is_over)
        {
            break;
        }
        // What rejections came back last frame?
        let rejected: Vec<ActionRejected> = {
            let messages = app.world().resource::<Messages<ActionRejected>>();
            rejections.read(messages).cloned().collect()
        };
        for r in &rejected {
            println!(
                "  rejected as expected: {:?} -> {}",
                r.intent.kind(),
                r.reason
            );
        }
        for decision in fray::core::client::decisions(app.world(), encounter) {
            if decision.controller != Controller::External(PLAYER) {
                continue;
            }
            let name = |e: Entity| {
                app.world()
                    .get::<bevy_ecs::name::Name>(e)
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            };
            println!("{} may ({:?}):", name(decision.actor), decision.kind);
            for o in &decision.options {
                let target = o
                    .intent
                    .target()
                    .map(|t| format!(" -> {}", name(t)))
                    .unwrap_or_default();
                println!(
                    "    {:<44} {:<12} {:<16} hit {:>3.0}%  dmg {:>5.1}  heal {:>5.1}  provokes {}",
                    format!("{}{target}", o.label),
                    format!("{}", o.intent.kind()),
                    o.cost.to_string(),
                    o.preview.hit_chance * 100.0,
                    o.preview.expected_damage,
                    o.preview.expected_healing,
                    o.preview.provokes
                );
            }
            if !illegal_sent && decision.kind == DecisionKind::Turn {
                // On purpose: a move to a region that does not exist.
                illegal_sent = true;
                println!("  -> sending an illegal request on purpose");
                app.world_mut().write_message(ActionRequest {
                    actor: decision.actor,
                    controller: PLAYER,
                    intent: Intent::Move { to: RegionId(99) },
                });
                continue;
            }
            if let Some(option) = choose(&decision.options) {
                let target = option
                    .intent
                    .target()
                    .map(|t| format!(" -> {}", name(t)))
                    .unwrap_or_default();
                println!("  => {}{target}", option.label);
                app.world_mut().write_message(ActionRequest {
                    actor: decision.actor,
                    controller: PLAYER,
                    intent: option.intent,
                });
                decisions_made += 1;
            }
        }
        if !saved && decisions_made >= 6 {
            saved = true;
            let text = save_encounter(app.world(), encounter)?;
            println!(
                "-- saved the fight ({} bytes of RON), loading it into a fresh app --",
                text.len()
            );
            app = new_app(content.clone());
            encounter = load_encounter(app.world_mut(), &text)?;
        }
    }
    let world = app.world();
    let outcome = world
        .get::<Encounter>(encounter)
        .and_then(Encounter::outcome)
        .ok_or("the fight did not end")?;
    let names = LogNames::new(
        world.get::<Roster>(encounter).ok_or("no roster")?,
        world.get::<EncounterMap>(encounter).ok_or("no map")?,
        world.get::<Sides>(encounter).ok_or("no sides")?,
    );
    println!("{}", names.describe(&LogEvent::Ended { outcome }));
    if !illegal_sent || !saved {
        return Err("the example did not exercise a rejection and a save".into());
    }
    Ok(())
}
