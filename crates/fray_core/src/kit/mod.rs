//! The ruleset kit: everything a ruleset would otherwise copy.
//!
//! A ruleset implements [`Rules`] - its rules, as hooks the core calls at each step of a fight,
//! and **one legality function**, [`Rules::check`] - and adds [`RulesetPlugin`]. The kit owns
//! the rest:
//!
//! - **Isolation by type.** Every query of the kit's systems carries the ruleset's marker: its
//!   [`Rules::Battle`] component on encounters, [`Member`] on combatants. No system of one
//!   ruleset can see another's encounters or combatants.
//! - **A per-encounter context**, [`Ctx`]: ids, sides, rolls that log themselves, damage,
//!   healing, effects, engagement, movement, statuses and the phase transitions a ruleset may
//!   ask for. Rulesets change the core's components (`Hp`, `Status`, `Effects`...) only through
//!   it; their own components through [`Ctx::fighter_mut`].
//! - **Offers, rejections, reaction windows and provocation counts from one function.** An
//!   offer is the ruleset's candidates ([`Rules::offer`]) that pass [`Rules::check`]; a request
//!   is judged by `check`, and refused with its reason; the reactions an intent provokes are
//!   the ones `check` lists, and each reactor's offers are again candidates that pass `check`.
//! - **Previews on demand.** [`Rules::preview`] runs when a policy or a client asks, once per
//!   option and decision.
//! - **A staged resolution driver.** A legal intent resolves in stages: its provoked reactions
//!   kind by kind, each in a [`ReactionWindow`](crate::reaction::ReactionWindow) the encounter
//!   waits on, then the intent itself ([`Rules::execute`]), which may pause again mid-way with
//!   the ruleset's own continuation state ([`Rules::Pause`]) - a roll that waits for others to
//!   answer. A reaction may pause the same way ([`Rules::react_step`], [`Rules::resume_reaction`]):
//!   a roll made inside an opportunity attack waits for answers too.
//! - **The turn structure** the rule systems need: acting units (a combatant, a group, sides
//!   in steps), simultaneous steps, declarations before initiative, and costs charged to the
//!   next turn (see [`turn`](crate::turn) and [`cost`](crate::cost)).

mod actor;
mod ctx;
mod decision;
mod members;
mod memo;
mod offer;
mod plugin;
mod resolution;
mod systems;

use std::borrow::Cow;
use std::marker::PhantomData;

use bevy_ecs::component::Mutable;
use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryFilter};
use bevy_ecs::system::SystemParam;
use serde::Serialize;
use serde::de::DeserializeOwned;

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
    pub use crate::intent::{Intent, IntentKind, Maneuver, Readied, Trigger};
    pub use crate::kit::{Ctx, DecisionKind, Offer, Rules, RulesetPlugin};
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
pub use decision::{AiControllers, AiDecision, Controllers, DecisionKind, FightView};
pub use members::{Kit, Members};
pub use memo::Memo;
pub use offer::Offer;
pub use plugin::RulesetPlugin;
pub use resolution::{Reacted, Resolving, Step};

use crate::combatant::Status;
use crate::condition::Conditions;
use crate::gauge::Gauge;
use crate::ids::SideId;
use crate::intent::Intent;
use crate::legality::{Legal, Occasion, Refusal, Scope};
use crate::morale::MoraleTrigger;
use crate::preview::Preview;
use crate::turn::{ActingUnit, Approved, Steps};
use crate::vocabulary::Vocabulary;

/// Marks a combatant of ruleset `R` (the kit's combatant queries all carry it).
#[derive(Component)]
pub struct Member<R: Rules>(PhantomData<fn() -> R>);

impl<R: Rules> Default for Member<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: Rules> Clone for Member<R> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<R: Rules> Serialize for Member<R> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit()
    }
}

impl<'de, R: Rules> serde::Deserialize<'de> for Member<R> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        <()>::deserialize(deserializer)?;
        Ok(Self::default())
    }
}

impl<R: Rules> std::fmt::Debug for Member<R> {
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
    /// Every combatant able to act declares first, in roster order ([`Rules::declare`]), each
    /// again while [`Rules::declares_again`] says so; then [`Rules::declarations_done`] (which
    /// may roll initiative) and the turns.
    Declarations,
}

/// No pause inside a ruleset's own resolution: for rulesets whose intents never wait mid-way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
pub struct NoPause;

impl MapEntities for NoPause {
    fn map_entities<M: bevy_ecs::entity::EntityMapper>(&mut self, _: &mut M) {}
}

/// A ruleset on the kit: its rules, as hooks the core calls at each step of a fight.
///
/// Every hook gets the encounter's [`Ctx`]. Hooks run for the ruleset's encounters only.
pub trait Rules: Sized + Send + Sync + 'static {
    /// The ruleset id, as encounter files name it (`archmage`).
    const ID: &'static str;

    /// The fewest hit points damage can leave ([`Ctx::deal_damage`]): `Some(0)` where hit
    /// points stop at 0 and the damage past them is lost (lite5e), so the log and the tally
    /// show what was really lost. `None`, the default, lets them go below 0 for rulesets that
    /// count there.
    const HP_FLOOR: Option<i32> = None;

    /// The ruleset's battle-wide state, on the encounter entity; it also marks the ruleset's
    /// encounters.
    type Battle: Component<Mutability = Mutable>;

    /// The ruleset's own components of a combatant, as one query (its compiled sheet, its
    /// state, its budget). The core's components (`Hp`, `Status`...) are read and changed
    /// through [`Ctx`] instead.
    type Fighter: QueryData + 'static;

    /// Other system parameters the rules need (resources such as caches); `()` for none.
    type Extra: SystemParam + 'static;

    /// Combatants whose change calls for [`Rules::vitals`] (e.g. `Changed<Hp>`).
    type Watch: QueryFilter + 'static;

    /// Where a resolution paused inside [`Rules::execute`], to go on from ([`NoPause`] for
    /// rulesets whose intents never wait mid-way).
    type Pause: Clone + Send + Sync + Serialize + DeserializeOwned + MapEntities + 'static;

    /// The ruleset's words for its conditions, damage types, maneuvers and costs.
    fn vocabulary() -> &'static dyn Vocabulary;

    /// What a provocation of `kind` is called in logs (`moving away while engaged`).
    fn provocation(kind: u8) -> Cow<'static, str>;

    // --- The flow of a fight ---

    /// A new fight: roll initiative into the turn order (or leave it for
    /// [`Rules::round_start`] when initiative is rolled each round).
    fn setup(ctx: &mut Ctx<Self>);

    /// A round starts (before its first turn, and before the round-start log entry): the
    /// escalation die, a new initiative, full-round actions landing. Says whether combatants
    /// declare first.
    fn round_start(ctx: &mut Ctx<Self>) -> RoundPlan {
        let _ = ctx;
        RoundPlan::Turns
    }

    /// `who` declares `intent` for the round (an intent [`Rules::check`] passed with
    /// [`Occasion::Declaration`]).
    fn declare(ctx: &mut Ctx<Self>, who: Entity, intent: Intent) {
        let _ = (ctx, who, intent);
    }

    /// Whether `who`, having just declared `intent`, is asked to declare again before the next
    /// combatant (default: no). A ruleset whose declarations may repeat says yes while the
    /// combatant may still add one (die-rank: another mastery point on its initiative roll,
    /// up to its rank); a pass, or anything [`Rules::check`] then refuses, ends its turn to
    /// declare.
    fn declares_again(ctx: &Ctx<Self>, who: Entity, intent: &Intent) -> bool {
        let _ = (ctx, who, intent);
        false
    }

    /// Whether `who` is asked to declare this round (default: everyone active). A combatant
    /// with nothing it could declare is passed over without a decision.
    fn declares(ctx: &Ctx<Self>, who: Entity) -> bool {
        let _ = (ctx, who);
        true
    }

    /// Everyone has declared: roll initiative, if the ruleset rolls it after declarations. It
    /// may also end the fight ([`Ctx::conclude`]): then no turn is taken.
    fn declarations_done(ctx: &mut Ctx<Self>) {
        let _ = ctx;
    }

    /// The steps of a unit's turn (one, not simultaneous, by default).
    fn steps(ctx: &Ctx<Self>, unit: ActingUnit) -> Steps {
        let _ = (ctx, unit);
        Steps::default()
    }

    /// Whether `actor`, next in the turn order (in the current step, for units with steps), has
    /// a turn at all (default: yes). Passing over it costs nothing: no turn starts, nothing is
    /// logged, no start- or end-of-turn rules run. Rulesets whose steps concern only some
    /// members say no for the rest (B/X: only those with missiles have a turn in the missile
    /// step). It may change the fight: B/X rolls a side's morale checks when the first of its
    /// turn is asked.
    fn has_turn(ctx: &mut Ctx<Self>, actor: Entity) -> bool {
        let _ = (ctx, actor);
        true
    }

    /// `actor`'s turn starts: refill its budget, make its start-of-turn rolls. Returns whether
    /// it acts.
    fn turn_start(ctx: &mut Ctx<Self>, actor: Entity) -> TurnBegins;

    /// `actor`'s turn ends (not after a delay): ongoing damage, saves.
    fn turn_end(ctx: &mut Ctx<Self>, actor: Entity) {
        let _ = (ctx, actor);
    }

    /// Brings `who`'s status in line with its state after a change [`Rules::Watch`] saw:
    /// unconscious, dying, dead, staggered.
    fn vitals(ctx: &mut Ctx<Self>, who: Entity) {
        let _ = (ctx, who);
    }

    /// A morale trigger fired for `side`: roll the check, if the ruleset has morale.
    fn morale(ctx: &mut Ctx<Self>, side: SideId, trigger: MoraleTrigger) {
        let _ = (ctx, side, trigger);
    }

    /// Whether a combatant with this status and these conditions counts as out of the fight
    /// for its side's half-out morale trigger. Default: whoever is no longer active (down,
    /// dead, fled, surrendered). A ruleset whose text counts the otherwise incapacitated too
    /// (B/X: "half killed or otherwise incapacitated", the asleep and the paralysed) says so
    /// here; a change of conditions then notes the trigger at the turn's end as a fall does.
    fn out_of_fight(status: Status, conditions: &Conditions) -> bool {
        let _ = conditions;
        !status.is_active()
    }

    /// The fight is over: tidy up what lasts only a fight.
    fn battle_end(ctx: &mut Ctx<Self>) {
        let _ = ctx;
    }

    // --- Legality ---

    /// The intents worth checking for `actor` on this occasion, in the order a UI lists them:
    /// call [`Offer::consider`] with each. Only those [`Rules::check`] passes are offered.
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>);

    /// The legality function: whether `actor` may do `intent` now, on `occasion`, and if so its
    /// price and (for [`Scope::Reactions`]) the reactions it provokes, else why not. The answer
    /// must not depend on `scope` except for [`Legal::provoked`]. The kit reads the actor once
    /// ([`Ctx::actor`]) for all the intents of a decision; a request from an entity that is no
    /// combatant of the ruleset is refused before this is asked.
    fn check(
        ctx: &Ctx<Self>,
        actor: &Actor<'_, '_, Self>,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal>;

    /// What a legal intent would do, exactly, without rolling. `legal` is what
    /// [`Rules::check`] said of it, at least its price ([`Scope::Price`]): a preview that counts
    /// the reactions the intent provokes works them out with the same code `check` uses.
    fn preview(
        ctx: &mut Ctx<Self>,
        actor: Entity,
        intent: &Intent,
        legal: &Legal,
        occasion: &Occasion,
    ) -> Preview;

    // --- Resolution ---

    /// Pays a legal intent's cost, at the price [`Rules::check`] gave it: an intent of a turn
    /// before anything else of it resolves; a reaction once it happened ([`Rules::react_step`]
    /// returned [`Reacted::Done`]), its cost's [`Timing`](crate::cost::Timing) saying what it is paid from
    /// (the reactions of the round, the actor's next turn).
    fn pay(ctx: &mut Ctx<Self>, approved: &Approved) {
        let _ = (ctx, approved);
    }

    /// Whether `actor`'s intent may go on after the reactions so far (an actor cut down by an
    /// opportunity attack stops).
    fn goes_on(ctx: &Ctx<Self>, actor: Entity) -> bool;

    /// `approved` was cut down by its reactions ([`Rules::goes_on`] said no) after it was paid
    /// and before it resolved: give back what was paid for what now never happens (die-rank:
    /// the mastery point that would have kept the turn going after the attack). Default:
    /// nothing is given back.
    fn cut_short(ctx: &mut Ctx<Self>, approved: &Approved) {
        let _ = (ctx, approved);
    }

    /// `reactor` takes `reaction` against `approved` (one answer of a window of `kind`).
    /// Returns whether it happened (a reactor cut down before its turn came does nothing).
    ///
    /// This is the hook of rulesets whose reactions never pause; the kit calls it through
    /// [`Rules::react_step`]. A ruleset that overrides `react_step` need not implement it
    /// (default: nothing happens).
    fn react(
        ctx: &mut Ctx<Self>,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> bool {
        let _ = (ctx, approved, kind, reactor, reaction);
        false
    }

    /// `reactor` takes `reaction` against `approved` (one answer of a window of `kind`), and
    /// may pause inside it as [`Rules::execute`] does: it opens a window
    /// ([`Ctx::open_window`], [`Ctx::offer_reaction`]) and returns [`Reacted::Wait`] with its
    /// continuation state, and the kit calls [`Rules::resume_reaction`] once that window is
    /// answered (at once if nobody was offered anything). The window's own answers resolve
    /// through this hook again, so pauses nest. The reaction is paid when it is
    /// [`Reacted::Done`]; the reactions after it in its window, and then the intent, wait.
    ///
    /// Default: [`Rules::react`], which never pauses.
    fn react_step(
        ctx: &mut Ctx<Self>,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> Reacted<Self::Pause> {
        if Self::react(ctx, approved, kind, reactor, reaction) {
            Reacted::Done
        } else {
            Reacted::Not
        }
    }

    /// Goes on with `reaction` (an answer of a window of `kind` to `approved`) that paused in
    /// [`Rules::react_step`] or here, once its window is answered. Default: it is done.
    fn resume_reaction(
        ctx: &mut Ctx<Self>,
        approved: &Approved,
        kind: u8,
        reaction: &Approved,
        pause: Self::Pause,
    ) -> Reacted<Self::Pause> {
        let _ = (ctx, approved, kind, reaction, pause);
        Reacted::Done
    }

    /// The intent itself, after its reactions.
    fn execute(ctx: &mut Ctx<Self>, approved: &Approved) -> Step<Self::Pause>;

    /// Goes on with an intent that paused in [`Rules::execute`] once its window is answered.
    fn resume(ctx: &mut Ctx<Self>, approved: &Approved, pause: Self::Pause) -> Step<Self::Pause> {
        let _ = (ctx, approved, pause);
        Step::Done
    }

    /// Whether `actor`'s turn is over after resolving `approved` (nothing left to spend).
    /// `EndTurn` always ends it.
    fn turn_over(ctx: &Ctx<Self>, approved: &Approved) -> bool;

    // --- What a client shows ---

    /// What combatant `who` has left to spend, for a client to show (action slots, seconds of
    /// a gauge, action points, reaction and mastery points), in the ruleset's words. Read
    /// between ticks; the default shows nothing.
    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        let _ = (world, who);
        Vec::new()
    }

    /// The battle-wide counters of `encounter` a client shows (the escalation die). The
    /// default shows none.
    fn battle_gauges(world: &World, encounter: Entity) -> Vec<Gauge> {
        let _ = (world, encounter);
        Vec::new()
    }
}
