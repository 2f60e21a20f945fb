//! Fray's test kit.
//!
//! - [`harness`]: fights with every die forced, driven by combatant names, for rule tests.
//! - [`conformance`]: the conformance suite every ruleset runs
//!   ([`conformance_suite!`](crate::conformance_suite)).
//! - [`expedition_saves`]: expeditions saved at every turn and mid-fight play on identically.
//! - [`modules`]: whether a crate's modules import each other in a cycle.
//! - [`standing`]: what the kit tells an AI of a fight's combatants (who casts), as a
//!   controller reads it.
//!
//! Every ruleset's tests use it; the conformance suite and the toy rulesets that prove the
//! core's turn structure live here too.

pub mod conformance;
pub mod expedition_saves;
pub mod harness;
pub mod modules;
pub mod standing;
pub mod toys;

/// The test kit's common imports.
pub mod prelude {
    pub use crate::conformance::{Budget, Conformance};
    pub use crate::harness::{Bench, Fight, content_dir};
}
