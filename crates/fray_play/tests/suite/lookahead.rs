//! The computer's side played by `lookahead:N` (issue 37: a lookahead decision is cheap enough
//! for the computer's side of `fray play`).

use fray_core::combatant::Controller;
use fray_core::kit::ForwardModel;

use crate::common::{play, replay, setup};

/// A session of oho-crossroads with the Raiders played by `lookahead:4`.
fn session(dir: &std::path::Path) -> fray_play::App {
    let mut s = setup("oho-crossroads", 3, dir);
    s.ai = vec![("Raiders".to_string(), Controller::Ai("lookahead:4".into()))];
    fray_play::App::new(s).unwrap_or_else(|e| panic!("oho-crossroads starts: {e}"))
}

#[test]
fn the_computers_side_looks_ahead_and_the_same_keys_give_the_same_fight() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut app = session(dir.path());
    assert!(
        app.fight().world().contains_resource::<ForwardModel>(),
        "the fight's World has a forward model, so lookahead plays forward"
    );
    // Twelve of the person's decisions, with the Raiders' turns between them.
    let keys = play(&mut app, 12);
    assert!(
        keys.len() == 12 || app.fight().is_over(),
        "the fight went on for twelve decisions, or to its end"
    );
    let again_dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let mut again = session(again_dir.path());
    replay(&mut again, &keys);
    assert_eq!(app.log_lines(), again.log_lines(), "deterministic");
}
