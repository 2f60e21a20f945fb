//! The base every capability of a ruleset builds on: its id and its types.

use bevy_ecs::component::Mutable;
use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryFilter};
use bevy_ecs::system::SystemParam;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::vocabulary::Vocabulary;

/// A ruleset's identity and types: what its [`Ctx`](crate::kit::Ctx) is made of. Every other
/// capability ([`Legality`](super::Legality), [`Resolution`](super::Resolution)...) builds on
/// it.
pub trait RulesBase: Sized + Send + Sync + 'static {
    /// The ruleset id, as encounter files name it (`archmage`).
    const ID: &'static str;

    /// The fewest hit points damage can leave ([`Ctx::deal_damage`](crate::kit::Ctx::deal_damage)):
    /// `Some(0)` where hit points stop at 0 and the damage past them is lost (lite5e), so the
    /// log and the tally show what was really lost. `None`, the default, lets them go below 0
    /// for rulesets that count there.
    const HP_FLOOR: Option<i32> = None;

    /// The ruleset's battle-wide state, on the encounter entity; it also marks the ruleset's
    /// encounters.
    type Battle: Component<Mutability = Mutable>;

    /// The ruleset's own components of a combatant, as one query (its compiled sheet, its
    /// state, its budget). The core's components (`Hp`, `Status`...) are read and changed
    /// through [`Ctx`](crate::kit::Ctx) instead.
    type Fighter: QueryData + 'static;

    /// Other system parameters the rules need (resources such as caches); `()` for none.
    type Extra: SystemParam + 'static;

    /// Combatants whose change calls for [`TurnFlow::vitals`](super::TurnFlow::vitals) (e.g.
    /// `Changed<Hp>`).
    type Watch: QueryFilter + 'static;

    /// Where a resolution paused inside [`Resolution::execute`](super::Resolution::execute),
    /// to go on from ([`NoPause`](crate::kit::NoPause) for rulesets whose intents never wait
    /// mid-way).
    type Pause: Clone + Send + Sync + Serialize + DeserializeOwned + MapEntities + 'static;

    /// The ruleset's words for its conditions, damage types, maneuvers, costs and
    /// provocations.
    fn vocabulary() -> &'static dyn Vocabulary;
}
