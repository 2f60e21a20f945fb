//! Fray's built-in content, embedded: every `.ron` file under the workspace's `content/`
//! folder, by its path under it (`lite5e/encounters/barrow.ron`), with its text. The
//! `fray` command line layers it under a user's content; `fray::content::builtin()` loads the
//! enabled rulesets' part of it for a game.
//!
//! ```
//! let barrow = fray_builtin::FILES
//!     .iter()
//!     .find(|(path, _)| *path == "lite5e/encounters/barrow.ron");
//! assert!(barrow.is_some_and(|(_, text)| text.contains("Encounter(")));
//! assert!(fray_builtin::of_ruleset("bx").all(|(path, _)| path.starts_with("bx/")));
//! ```

include!(concat!(env!("OUT_DIR"), "/built_in_content.rs"));

/// The files of one ruleset's folder (`content/<ruleset>/`).
pub fn of_ruleset(ruleset: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    FILES.iter().copied().filter(move |(path, _)| {
        path.split_once('/')
            .is_some_and(|(first, _)| first == ruleset)
    })
}
