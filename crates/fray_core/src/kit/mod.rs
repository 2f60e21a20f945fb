//! The ruleset kit: everything a ruleset would otherwise copy.
//!
//! A ruleset implements the capabilities of [`Rules`] - its rules, as hooks the core calls at
//! each step of a fight, and **one legality function**, [`Legality::check`] - and adds
//! [`RulesetPlugin`]. The kit owns the rest:
//!
//! - **Isolation by type.** Every query of the kit's systems carries the ruleset's marker: its
//!   [`RulesBase::Battle`] component on encounters, [`Member`] on combatants. No system of one
//!   ruleset can see another's encounters or combatants.
//! - **A per-encounter context**, [`Ctx`]: ids, sides, rolls that log themselves, damage,
//!   healing, effects, engagement, movement, statuses and the phase transitions a ruleset may
//!   ask for. Rulesets change the core's components (`Hp`, `Status`, `Effects`...) only through
//!   it; their own components through [`Ctx::fighter_mut`].
//! - **Offers, rejections, reaction windows and provocation counts from one function.** An
//!   offer is the ruleset's candidates ([`Legality::offer`]) that pass [`Legality::check`]; a request
//!   is judged by `check`, and refused with its reason; the reactions an intent provokes are
//!   the ones `check` lists, and each reactor's offers are again candidates that pass `check`.
//! - **Previews on demand.** [`Previews::preview`] runs when a policy or a client asks, once per
//!   option and decision.
//! - **A staged resolution driver.** A legal intent resolves in stages: its provoked reactions
//!   kind by kind, each in a [`ReactionWindow`](crate::reaction::ReactionWindow) the encounter
//!   waits on, then the intent itself ([`Resolution::execute`]), which may pause again mid-way
//!   with the ruleset's own continuation state ([`RulesBase::Pause`]) - a roll that waits for
//!   others to answer. A reaction may pause the same way ([`Resolution::react_step`],
//!   [`Resolution::resume_reaction`]):
//!   a roll made inside an opportunity attack waits for answers too.
//! - **The turn structure** the rule systems need: acting units (a combatant, a group, sides
//!   in steps), simultaneous steps, declarations before initiative, and costs charged to the
//!   next turn (see [`turn`](crate::turn) and [`cost`](crate::cost)).

mod actor;
mod ctx;
mod decision;
mod descriptor;
pub(crate) mod edit;
pub(crate) mod forward;
mod members;
mod memo;
mod offer;
mod plugin;
mod resolution;
mod rules;
mod surrender;
mod systems;

use std::marker::PhantomData;

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;

use serde::Serialize;

/// What a ruleset author names: the kit's hooks and context, the common words of rules
/// (intents, costs, effects, legality, previews) and the components rules read and change.
/// An embedding game needs only [`crate::prelude`].
pub mod prelude {
    pub use crate::combatant::{
        Combatant, Controller, Hp, Initiative, Leader, Morale, Side, StatblockRef, Status, Tally,
    };
    pub use crate::condition::{Condition, Conditions};
    pub use crate::cost::{Cost, Timing};
    pub use crate::effect::{
        BonusTo, Duration, Effect, EffectKind, EffectSpec, Effects, SaveDifficulty, Whose,
    };
    pub use crate::encounter::{Encounter, Groups, Roster, Sides};
    pub use crate::engagement::Engagement;
    pub use crate::flow::Phase;
    pub use crate::gauge::Gauge;
    pub use crate::ids::{AbilityId, AttackId, CombatantId, GroupId, PlayerId, RegionId, SideId};
    pub use crate::insert_changed::InsertChangedExt;
    pub use crate::intent::{Intent, IntentKind, Maneuver, Readied, Trigger};
    pub use crate::kit::{
        Ctx, DecisionKind, Legality, Offer, Presentation, Previews, Resolution, Rounds, Rules,
        RulesBase, RulesetDescriptor, RulesetPlugin, TurnFlow,
    };
    pub use crate::legality::{Legal, Occasion, Refusal, Scope};
    pub use crate::log::LogEvent;
    pub use crate::options::{ActionOption, ActionOptions};
    pub use crate::outcome::Ending;
    pub use crate::preview::{DamageRange, Preview};
    pub use crate::region::{EncounterMap, InRegion, RangeBand};
    pub use crate::rng::EncounterRng;
    pub use crate::schedule::{CoreSystems, RulesetSystems, RulesetSystemsOf};
    pub use crate::spawn::{Content, Ruleset};
    pub use crate::vocabulary::{DamageType, Vocabulary};
}

pub use actor::Actor;
pub use ctx::{Ctx, EncounterParts, EncounterPartsItem, Rolled};
pub use decision::{AiControllers, AiDecision, Controllers, DecisionKind, FightView, Standing};
pub use descriptor::RulesetDescriptor;
pub use forward::{ForwardModel, Play, PlayForward, Played, SideHp};
pub use members::{Kit, Members};
pub use memo::Memo;
pub use offer::Offer;
pub use plugin::RulesetPlugin;
pub use resolution::{Reacted, Resolving, Step};
pub use rules::{Legality, Presentation, Previews, Resolution, Rounds, Rules, RulesBase, TurnFlow};

/// Marks a combatant of ruleset `R` (the kit's combatant queries all carry it).
#[derive(Component)]
pub struct Member<R: RulesBase>(PhantomData<fn() -> R>);

impl<R: RulesBase> Default for Member<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: RulesBase> Clone for Member<R> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<R: RulesBase> Serialize for Member<R> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit()
    }
}

impl<'de, R: RulesBase> serde::Deserialize<'de> for Member<R> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <()>::deserialize(deserializer)?;
        Ok(Self::default())
    }
}

impl<R: RulesBase> std::fmt::Debug for Member<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Member<{}>", R::ID)
    }
}

/// Whether a combatant whose turn starts gets to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnBegins {
    /// It acts.
    Act,
    /// Its turn ends at once (it is down, stunned, wracked by burns...).
    Skip,
}

/// What a round holds before its turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RoundPlan {
    /// Turns start at once, in the turn order.
    #[default]
    Turns,
    /// Every combatant able to act declares first, in roster order ([`Rounds::declare`]), each
    /// again while [`Rounds::declares_again`] says so; then [`Rounds::declarations_done`] (which
    /// may roll initiative) and the turns.
    Declarations,
}

/// No pause inside a ruleset's own resolution: for rulesets whose intents never wait mid-way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
pub struct NoPause;

impl MapEntities for NoPause {
    fn map_entities<M: bevy_ecs::entity::EntityMapper>(&mut self, _: &mut M) {}
}
