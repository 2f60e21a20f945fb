//! What every test needs: the engine, the content, a session, and a person's choices as keys.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use fray_content::db::ContentDb;
use fray_core::intent::IntentKind;
use fray_play::keys::Command;
use fray_play::{App, PlaySetup};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The built-in content, loaded once.
pub fn content() -> Arc<ContentDb> {
    static CONTENT: OnceLock<Arc<ContentDb>> = OnceLock::new();
    CONTENT
        .get_or_init(|| {
            fray::content::builtin().unwrap_or_else(|e| panic!("the built-in content loads: {e}"))
        })
        .clone()
}

/// A session of `encounter` with seed `seed`, saving into `save_dir`.
pub fn session(encounter: &str, seed: u64, save_dir: &Path) -> App {
    App::new(setup(encounter, seed, save_dir)).unwrap_or_else(|e| panic!("{encounter} starts: {e}"))
}

/// What [`session`] starts from.
pub fn setup(encounter: &str, seed: u64, save_dir: &Path) -> PlaySetup {
    PlaySetup {
        install: fray::install_headless,
        content: content(),
        encounter: encounter.to_string(),
        side: None,
        seed,
        ai: Vec::new(),
        save_path: save_dir.join("save.ron"),
    }
}

/// The screen, `width` x `height`, as text.
pub fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal =
        Terminal::new(TestBackend::new(width, height)).unwrap_or_else(|e| panic!("{e}"));
    app.draw(&mut terminal).unwrap_or_else(|e| panic!("{e}"));
    terminal.backend().to_string()
}

/// The keys a person presses for the current decision: down to the option they pick (the
/// most damage, else healing, else engaging a foe, never fleeing), then Enter.
pub fn keys_for_decision(app: &App) -> Vec<Command> {
    let score = |kind: IntentKind, damage: f32, healing: f32, provokes: u8| match kind {
        IntentKind::Flee | IntentKind::Retreat | IntentKind::Delay | IntentKind::Ready => -100.0,
        IntentKind::Engage => damage + healing + 0.5 - f32::from(provokes) * 5.0,
        _ => damage + healing - f32::from(provokes) * 5.0,
    };
    let pick = app
        .menu()
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let p = &e.option.preview;
            (
                i,
                score(
                    e.option.intent.kind(),
                    p.expected_damage,
                    p.expected_healing,
                    p.provokes,
                ),
            )
        })
        .fold(
            (0, f32::MIN),
            |best, (i, s)| if s > best.1 { (i, s) } else { best },
        )
        .0;
    let mut keys = if pick >= app.selected() {
        vec![Command::Down; pick - app.selected()]
    } else {
        vec![Command::Up; app.selected() - pick]
    };
    keys.push(Command::Choose);
    keys
}

/// Plays `decisions` decisions (or to the end) by keys, the other sides between them;
/// returns the keys pressed, one batch a decision. Fails on any refusal.
pub fn play(app: &mut App, decisions: usize) -> Vec<Vec<Command>> {
    let mut pressed = Vec::new();
    for _ in 0..decisions {
        app.settle();
        if app.fight().is_over() {
            break;
        }
        let keys = keys_for_decision(app);
        for key in &keys {
            app.handle(*key);
        }
        if let Some(notice) = app.notice() {
            assert!(!notice.error, "a request was refused: {}", notice.text);
        }
        pressed.push(keys);
    }
    app.settle();
    pressed
}

/// Replays batches of keys, letting the other sides play before each.
pub fn replay(app: &mut App, batches: &[Vec<Command>]) {
    for keys in batches {
        app.settle();
        for key in keys {
            app.handle(*key);
        }
    }
    app.settle();
}
