//! Monsters met together, by statblock, as content and meetings name them.

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::expedition_state::Expedition;

/// Monsters of one statblock, met together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Foes {
    /// The statblock id in the expedition's ruleset.
    pub statblock: String,
    /// How many.
    pub count: u16,
}

/// `2 x Mire Goblin, 1 x Goblin Chief`: the foes as the log names them, each statblock by its
/// display name among `content`'s statblocks of `ruleset` (by its id when there is no content
/// or no such statblock).
///
/// ```
/// use fray_explore::foes::{Foes, describe};
/// let foes = [Foes { statblock: "giant-rat".into(), count: 3 }];
/// assert_eq!(describe(&foes, None, "bx"), "3 x giant-rat");
/// ```
pub fn describe(foes: &[Foes], content: Option<&Content>, ruleset: &str) -> String {
    let summaries = content.map_or(&[][..], |c| c.0.statblock_summaries(ruleset));
    foes.iter()
        .map(|f| {
            let name = summaries
                .iter()
                .find(|s| s.id == f.statblock)
                .map_or(f.statblock.as_str(), |s| s.name.as_str());
            format!("{} x {name}", f.count)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The foes as [`describe`] names them, with the World's content and the ruleset of
/// `expedition`.
pub(crate) fn describe_in(world: &World, expedition: Entity, foes: &[Foes]) -> String {
    let ruleset = world
        .get::<Expedition>(expedition)
        .map_or("", |e| e.ruleset.as_str());
    describe(foes, world.get_resource::<Content>(), ruleset)
}
