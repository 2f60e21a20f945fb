//! The `archmage` ruleset (seed 003): escalation-die combat, on the core's ruleset kit.
//!
//! d20 attacks against AC, PD or MD; the escalation die for heroes; engagement with
//! opportunity attacks, disengage checks and intercepts; crits, fumbles, miss damage;
//! ongoing damage with saves; conditions that never stack; resistances; temporary hit points;
//! death saves, recoveries, rallies and stabilizing; readied actions, delays, interrupts and
//! ambushes; quick rests and full heal-ups between fights. Rule ids (AR-01..AR-43) are named in
//! the docs and tests of the code that implements them.
//!
//! ```no_run
//! use bevy_app::App;
//! use fray_archmage::FrayArchmagePlugin;
//! use fray_core::prelude::*;
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin::default(), FrayArchmagePlugin));
//! ```

mod attack;
/// Battle-wide state and the ruleset's options.
pub mod battle;
/// Between fights on an expedition: recoveries and rests on the adventure clock (AR-24,
/// AR-39).
pub mod explore;
/// The components of a combatant, and attack odds.
pub mod fighter;
mod labels;
mod legality;
mod ops;
mod preview;
mod readied;
mod resolve;
/// Quick rests and full heal-ups between fights (AR-39).
pub mod rest;
/// The rules as pure functions.
pub mod rules;
/// Spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The economy: standard, move and quick actions.
pub mod slots;
/// The statblock schema.
pub mod statblock;
/// Per-combatant changing state.
pub mod state;
mod turns;
/// Archmage's own words: conditions, damage types, maneuvers, costs, provocations.
pub mod vocabulary;

use std::borrow::Cow;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::prelude::*;
use fray_core::kit::{NoPause, Offer, Rules, RulesetPlugin, Step, TurnBegins};
use fray_core::prelude::*;
use fray_core::turn::Approved;

/// The types most users need.
pub mod prelude {
    pub use crate::battle::Archmage;
    pub use crate::rest::{RestHealing, full_heal_up, quick_rest};
    pub use crate::ruleset::ArchmageRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::slots::{ActionSlots, Slot};
    pub use crate::statblock::ArchBlock;
    pub use crate::state::ArchState;
    pub use crate::vocabulary::COUP_DE_GRACE;
    pub use crate::{ArchmageRules, FrayArchmagePlugin, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::ArchBlock> {
    Schema::new(ruleset::ID, battle::OPTIONS)
}

/// The context of an archmage encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, ArchmageRules>;

/// A combatant as archmage's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, ArchmageRules>;

/// Archmage's rules, as the kit's hooks.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArchmageRules;

impl Rules for ArchmageRules {
    const ID: &'static str = ruleset::ID;
    type Battle = battle::Archmage;
    type Fighter = fighter::Fighter;
    /// Attack previews remembered by their inputs.
    type Extra = Res<'static, preview::AttackMemo>;
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &vocabulary::WORDS
    }

    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        world
            .get::<slots::ActionSlots>(who)
            .map_or_else(Vec::new, |s| {
                vec![
                    Gauge::flag("standard", s.standard),
                    Gauge::flag("move", s.movement),
                    Gauge::flag("quick", s.quick),
                ]
            })
    }

    fn battle_gauges(world: &World, encounter: Entity) -> Vec<Gauge> {
        world
            .get::<battle::Archmage>(encounter)
            .map(|b| {
                let die = i32::from(b.escalation);
                Gauge::new("escalation die", die, Some(6), format!("+{die}"))
            })
            .into_iter()
            .collect()
    }

    fn provocation(kind: u8) -> Cow<'static, str> {
        Cow::Borrowed(vocabulary::provocation(kind))
    }

    fn setup(ctx: &mut Ctx) {
        turns::setup(ctx);
    }

    fn round_start(ctx: &mut Ctx) -> fray_core::kit::RoundPlan {
        turns::round_start(ctx);
        fray_core::kit::RoundPlan::Turns
    }

    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        turns::turn_start(ctx, actor)
    }

    fn turn_end(ctx: &mut Ctx, actor: Entity) {
        turns::turn_end(ctx, actor);
    }

    fn vitals(ctx: &mut Ctx, who: Entity) {
        turns::vitals(ctx, who);
    }

    fn battle_end(ctx: &mut Ctx) {
        turns::battle_end(ctx);
    }

    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        legality::offer(offer);
    }

    fn check(
        ctx: &Ctx,
        me: &Me,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal> {
        legality::check(ctx, me, intent, occasion, scope)
    }

    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        occasion: &Occasion,
    ) -> Preview {
        preview::preview(ctx, actor, intent, occasion)
    }

    fn pay(ctx: &mut Ctx, approved: &Approved) {
        resolve::pay(ctx, approved);
    }

    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        ops::ArchOps::can_act(ctx, actor)
    }

    fn react(
        ctx: &mut Ctx,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> bool {
        resolve::react(ctx, approved, kind, reactor, reaction)
    }

    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        resolve::execute(ctx, approved);
        Step::Done
    }

    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        resolve::turn_over(ctx, approved)
    }
}

/// Adds the archmage ruleset: its spawning, its saved components and the kit's systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayArchmagePlugin;

impl Plugin for FrayArchmagePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesetPlugin::<ArchmageRules>::new(
            ruleset::ArchmageRuleset::default(),
        ))
        .init_resource::<preview::AttackMemo>()
        .register_saved::<battle::Archmage>("fray_archmage::Archmage")
        .register_saved::<sheet::Sheet>("fray_archmage::Sheet")
        .register_saved::<state::ArchState>("fray_archmage::ArchState")
        .register_saved::<slots::ActionSlots>("fray_archmage::ActionSlots");
    }
}
