//! The `lite5e` ruleset (seed 002, the 5e-derived hack), on the core's ruleset kit: checks are
//! a d20 plus modifiers against a DC, with advantage and disadvantage that cancel ([`check`]);
//! combatants act in fixed DEX order ([`initiative`]) with one active, one movement and one
//! quick action a round that trade down ([`legality`], [`resolve`]); attacks use STR, DEX, INT
//! or WIS, a natural 20 doubles damage and a monster's natural 1 that lands on a PC doubles it
//! too ([`attack`]); at 0 HP a combatant is incapacitated until stabilized, then rolls on the
//! injury table ([`injury`]); DC 11 morale ([`morale`]), retreats ([`retreat`]) and light
//! ([`light`]). Rule ids (L5-01..L5-18, see `RULES.md`) are named in the docs and tests of the
//! code that implements them; Fray's rulings are documented where they apply.
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//! use fray_lite5e::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() }, FrayLite5ePlugin));
//! app.finish();
//! let loader = fray_content::ContentLoader::new().with_schema(fray_lite5e::schema());
//! assert!(loader.schema("lite5e").is_some());
//! ```

/// Making an attack.
pub mod attack;
/// Checks, advantage and proficiency.
pub mod check;
/// Exploration procedures on the adventure clock: travel turns.
pub mod explore;
/// A combatant's components.
pub mod fighter;
/// Initiative in DEX order.
pub mod initiative;
/// Incapacitation, stabilizing and the injury table.
pub mod injury;
mod labels;
/// The legality function and the action economy.
pub mod legality;
/// Light in combat.
pub mod light;
/// Morale.
pub mod morale;
mod offer;
/// The encounter options.
pub mod options;
/// Previews.
pub mod preview;
/// Turns, payment and resolution.
pub mod resolve;
/// Retreat.
pub mod retreat;
/// Damage, healing and injury dice, logged.
pub mod roll;
/// Spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant and per-encounter changing state.
pub mod state;
/// Lite5e's own words.
pub mod vocabulary;

use std::borrow::Cow;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::schema::Schema;
use fray_core::condition::Condition;
use fray_core::kit::prelude::*;
use fray_core::kit::{NoPause, Offer, RoundPlan, Rules, RulesetPlugin, Step, TurnBegins};
use fray_core::morale::MoraleTrigger;
use fray_core::prelude::*;
use fray_core::turn::Approved;

/// The types most users need.
pub mod prelude {
    pub use crate::ruleset::L5Ruleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::L5Block;
    pub use crate::state::{L5, L5State};
    pub use crate::{FrayLite5ePlugin, L5Rules, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::L5Block> {
    Schema::new(ruleset::ID, options::OPTIONS)
}

/// The context of a lite5e encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, L5Rules>;

/// A combatant as lite5e's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, L5Rules>;

/// Lite5e's rules, as the kit's hooks.
#[derive(Debug, Clone, Copy, Default)]
pub struct L5Rules;

impl Rules for L5Rules {
    const ID: &'static str = ruleset::ID;
    /// Hit points never go below 0 (L5-15): the damage past them is lost.
    const HP_FLOOR: Option<i32> = Some(0);
    type Battle = state::L5;
    type Fighter = fighter::Fighter;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &vocabulary::WORDS
    }

    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        world.get::<state::L5State>(who).map_or_else(Vec::new, |s| {
            vec![
                Gauge::flag("active", s.active),
                Gauge::flag("movement", s.movement),
                Gauge::flag("quick", s.quick),
            ]
        })
    }

    fn provocation(kind: u8) -> Cow<'static, str> {
        vocabulary::provocation(kind)
    }

    /// Initiative in DEX order (L5-06); those who start in stealth are hidden (L5-08).
    fn setup(ctx: &mut Ctx) {
        let hidden: smallvec::SmallVec<[Entity; 8]> = ctx
            .roster()
            .entities()
            .filter(|&e| ctx.fighter(e).is_some_and(|f| f.state.hidden))
            .collect();
        for e in hidden {
            ctx.set_innate(e, Condition::HIDDEN, true);
        }
        light::note_carriers(ctx);
        initiative::roll(ctx);
    }

    /// After an ambush's first round the order is the DEX order again (L5-06); a side whose
    /// tide has turned checks morale (L5-16).
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        if ctx.round() == 2 && ctx.battle().ambush.is_some() {
            initiative::order(ctx);
        }
        morale::tide(ctx);
        RoundPlan::Turns
    }

    /// An incapacitated combatant can do nothing (L5-13): it is passed over, and its clock
    /// runs by rounds all the same.
    fn has_turn(ctx: &mut Ctx, actor: Entity) -> bool {
        ctx.status(actor) != fray_core::combatant::Status::Down
    }

    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        resolve::turn_start(ctx, actor)
    }

    fn vitals(ctx: &mut Ctx, who: Entity) {
        resolve::vitals(ctx, who);
    }

    fn morale(ctx: &mut Ctx, side: SideId, trigger: MoraleTrigger) {
        morale::triggered(ctx, side, trigger);
    }

    /// The fallen get their last rounds to be stabilized, or die (L5-13).
    fn battle_end(ctx: &mut Ctx) {
        injury::at_the_end(ctx);
    }

    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        offer::offer(offer);
    }

    fn check(
        ctx: &Ctx,
        me: &Me,
        intent: &Intent,
        occasion: &Occasion,
        _scope: Scope,
    ) -> Result<Legal, Refusal> {
        legality::check(ctx, me, intent, occasion)
    }

    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        _occasion: &Occasion,
    ) -> Preview {
        preview::preview(ctx, actor, intent)
    }

    fn pay(ctx: &mut Ctx, approved: &Approved) {
        resolve::pay(ctx, approved);
    }

    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        ctx.is_active(actor)
    }

    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        resolve::execute(ctx, approved);
        Step::Done
    }

    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        resolve::turn_over(ctx, approved)
    }
}

/// Adds the lite5e ruleset: its spawning, its saved components and the kit's systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayLite5ePlugin;

impl Plugin for FrayLite5ePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesetPlugin::<L5Rules>::new(ruleset::L5Ruleset::default()))
            .register_saved::<state::L5>("fray_lite5e::L5")
            .register_saved::<state::L5State>("fray_lite5e::L5State")
            .register_saved::<sheet::Sheet>("fray_lite5e::Sheet");
    }
}
