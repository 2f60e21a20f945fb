//! The `oho` ruleset (seed 000, Open Hero Odyssey), on the core's ruleset kit: a 6.5-second
//! Action/Time Gauge spent across a turn and on reactions, d6 proficiency pools, attack against
//! defense pools, Fortitude against damage with injuries, called shots, one-way engagement,
//! withheld actions, full-round actions, exhaustion - and, after a fight, experience,
//! proficiency points and levels. Rule ids (OHO-01..OHO-24, see `RULES.md`) are named in the
//! docs and tests of the code that implements them.
//!
//! Where the text is silent, Fray's rulings are documented where they apply: initiative
//! (rolled on each Reflex pool), when a combatant is out of the fight ([`vitals`]), movement and
//! dashes ([`rules::stride`]), injuries by damage type ([`injury`]), conditions ([`fighter`])
//! and progression ([`progression`]).
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//! use fray_oho::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() }, FrayOhoPlugin));
//! app.finish();
//! let loader = fray_content::ContentLoader::new().with_schema(fray_oho::schema());
//! assert!(loader.schema("oho").is_some());
//! ```

mod attack;
/// The body parts a called shot aims at, as maneuvers.
pub mod body;
mod candidates;
/// Between fights on an expedition: exhaustion and experience carried from fight to fight
/// (OHO-21 to OHO-24).
pub mod explore;
/// The components of a combatant, and what conditions take from its rolls.
pub mod fighter;
/// Frightened: its effect, from the encounter's options (OHO-20).
pub mod frightened;
/// The economy: the time gauge, and costs in its seconds.
pub mod gauge;
/// What an injury leaves, by damage type and where the blow lands.
pub mod injury;
mod labels;
mod legality;
/// Exact odds of attacks for previews, with their cache.
pub mod odds;
mod offer;
mod ops;
mod preview;
/// Experience, proficiency points, levels and tiers from a fight's log (OHO-22..OHO-24).
pub mod progression;
mod resolve;
/// The rules' numbers as constants and pure functions.
pub mod rules;
/// Spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant and per-encounter changing state.
pub mod state;
mod turns;
/// When a combatant is out of the fight.
pub mod vitals;
/// OHO's own words: conditions, damage types, called shots, costs, provocations.
pub mod vocabulary;

use std::borrow::Cow;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::prelude::*;
use fray_core::kit::{NoPause, Offer, RoundPlan, Rules, RulesetPlugin, Step, TurnBegins};
use fray_core::prelude::*;
use fray_core::turn::Approved;

use crate::ops::OhoOps;

pub use injury::{Location, injuries};

/// The types most users need.
pub mod prelude {
    pub use crate::body::BodyPart;
    pub use crate::gauge::Atg;
    pub use crate::odds::OddsCache;
    pub use crate::progression::{Progression, checks_in, experience_from_log};
    pub use crate::ruleset::OhoRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::{Ability, OhoBlock};
    pub use crate::state::{Oho, OhoState};
    pub use crate::{FrayOhoPlugin, OhoRules, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::OhoBlock> {
    Schema::new(ruleset::ID, ruleset::OPTIONS).with_option_check(frightened::option_problem)
}

/// The context of an OHO encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, OhoRules>;

/// A combatant as OHO's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, OhoRules>;

/// OHO's rules, as the kit's hooks.
#[derive(Debug, Clone, Copy, Default)]
pub struct OhoRules;

impl Rules for OhoRules {
    const ID: &'static str = ruleset::ID;
    type Battle = state::Oho;
    type Fighter = fighter::Fighter;
    type Extra = ResMut<'static, odds::OddsCache>;
    type Watch = Or<(
        Changed<Hp>,
        Changed<state::OhoState>,
        Changed<Conditions>,
        Changed<Status>,
    )>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &vocabulary::WORDS
    }

    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        world
            .get::<gauge::Atg>(who)
            .map(|a| {
                let text = format!(
                    "{:.1}s of {:.1}s",
                    f32::from(a.remaining) / 10.0,
                    f32::from(a.max) / 10.0
                );
                Gauge::new("ATG", i32::from(a.remaining), Some(i32::from(a.max)), text)
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

    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        turns::round_start(ctx);
        RoundPlan::Turns
    }

    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        turns::turn_start(ctx, actor)
    }

    /// Keeps a combatant's status in line with its state (see [`vitals`]) after any change to
    /// its health, state, conditions or status: doing it twice changes nothing.
    fn vitals(ctx: &mut Ctx, who: Entity) {
        ctx.update_status(who);
    }

    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        offer::offer(offer);
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
        ctx.can_act(actor)
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

/// Adds the OHO ruleset: its spawning, its saved components, its odds cache and the kit's
/// systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayOhoPlugin;

impl Plugin for FrayOhoPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<odds::OddsCache>()
            .add_plugins(RulesetPlugin::<OhoRules>::new(
                ruleset::OhoRuleset::default(),
            ))
            .register_saved::<state::Oho>("fray_oho::Oho")
            .register_saved::<state::OhoState>("fray_oho::OhoState")
            .register_saved::<sheet::Sheet>("fray_oho::Sheet")
            .register_saved::<gauge::Atg>("fray_oho::Atg");
    }
}
