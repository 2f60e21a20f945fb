//! Fray: a tabletop role-playing combat engine on Bevy's ECS.
//!
//! This facade re-exports the crates of the workspace.

/// Dice notation, distributions, die ranks and advantage.
pub use fray_dice as dice;

/// The types most users need.
pub mod prelude {
    pub use fray_dice::prelude::*;
}
