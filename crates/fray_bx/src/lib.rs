//! The `bx` ruleset (seed 004, the classic old-school system), on the core's ruleset kit: a
//! d6 per side each round, the attack matrix, five saving throws, declared spells that a blow
//! disrupts, slow weapons, withdrawals and retreats, 2d6 morale, surprise and reactions. Rule
//! ids (BX-01..BX-28, see `RULES.md`) are named in the docs and tests of the code that
//! implements them.
//!
//! The round (BX-18): combatants declare spells and movement out of melee ([`turns`]); each
//! side rolls a d6 (ties act at once, or roll again); then each side in order checks morale
//! ([`morale`]) and plays its turn in four steps - movement ([`movement`]), missiles, spells,
//! melee - every member acting in each step. Slow weapons strike after every side.
//!
//! Where the text leaves a call to the referee, Fray's rulings are documented where they
//! apply: regions and movement ([`movement`]), what "from behind" means ([`attack`]), who
//! checks morale and when ([`morale`]), reactions that do not come to blows ([`opening`]).
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//! use fray_bx::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() }, FrayBxPlugin));
//! app.finish();
//! let loader = fray_content::ContentLoader::new().with_schema(fray_bx::schema());
//! assert!(loader.schema("bx").is_some());
//! ```

/// Making an attack.
pub mod attack;
/// What a combatant has left this round, for clients.
pub mod budget;
/// Spells lost to a blow or a failed save before the caster acts.
pub mod disruption;
/// Exploration procedures on the adventure clock: the dungeon turn.
pub mod explore;
/// A combatant's components and what its conditions allow.
pub mod fighter;
mod labels;
mod legality;
/// Morale.
pub mod morale;
/// Movement, withdrawals and retreats.
pub mod movement;
mod offer;
/// How an encounter opens: surprise, distance, reactions.
pub mod opening;
/// The encounter options.
pub mod options;
/// Spells and special attacks.
pub mod powers;
/// Previews.
pub mod preview;
mod resolve;
/// Spawning from content.
pub mod ruleset;
/// Saving throws.
pub mod saves;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant and per-encounter changing state.
pub mod state;
/// The attack matrix and the saving throw tables.
pub mod tables;
/// The round: declarations, initiative and the steps of a side's turn.
pub mod turns;
/// B/X's own words.
pub mod vocabulary;

use std::borrow::Cow;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::prelude::*;
use fray_core::kit::{NoPause, Offer, RoundPlan, Rules, RulesetPlugin, Step, TurnBegins};
use fray_core::morale::MoraleTrigger;
use fray_core::prelude::*;
use fray_core::turn::{ActingUnit, Approved, Steps};

/// The types most users need.
pub mod prelude {
    pub use crate::ruleset::BxRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::BxBlock;
    pub use crate::state::{Bx, BxState};
    pub use crate::{BxRules, FrayBxPlugin, schema};
}

/// The statblock schema, for content loaders.
pub fn schema() -> Schema<statblock::BxBlock> {
    Schema::new(ruleset::ID, options::OPTIONS)
}

/// The context of a B/X encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, BxRules>;

/// A combatant as B/X's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, BxRules>;

/// B/X's rules, as the kit's hooks.
#[derive(Debug, Clone, Copy, Default)]
pub struct BxRules;

impl Rules for BxRules {
    const ID: &'static str = ruleset::ID;
    type Battle = state::Bx;
    type Fighter = fighter::Fighter;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &vocabulary::WORDS
    }

    fn provocation(kind: u8) -> Cow<'static, str> {
        vocabulary::provocation(kind)
    }

    fn budget(world: &World, who: Entity) -> Vec<fray_core::gauge::Gauge> {
        budget::budget(world, who)
    }

    /// Surprise, the encounter distance and an evasion attempt; a parley is declared in the
    /// first round, and initiative is rolled each round.
    fn setup(ctx: &mut Ctx) {
        opening::open(ctx);
    }

    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        turns::round_start(ctx)
    }

    fn declare(ctx: &mut Ctx, who: Entity, intent: Intent) {
        turns::declare(ctx, who, intent);
    }

    fn declares(ctx: &Ctx, who: Entity) -> bool {
        turns::may_declare(ctx, who)
    }

    fn declarations_done(ctx: &mut Ctx) {
        if opening::reaction(ctx) {
            turns::roll_initiative(ctx);
        }
    }

    fn steps(ctx: &Ctx, unit: ActingUnit) -> Steps {
        turns::steps(ctx, unit)
    }

    fn has_turn(ctx: &mut Ctx, actor: Entity) -> bool {
        turns::has_turn(ctx, actor)
    }

    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        turns::turn_start(ctx, actor)
    }

    /// At 0 hit points or less a combatant is dead (BX-05). In a simultaneous step it falls
    /// when the step ends, still striking in it; its engagements end with the round.
    fn vitals(ctx: &mut Ctx, who: Entity) {
        if ctx.hp(who).is_some_and(|h| h.current <= 0) && ctx.status(who) != Status::Dead {
            if !ctx.turn().defers_status() {
                ctx.release_all(who);
            }
            ctx.set_status(who, Status::Dead);
        }
    }

    fn morale(ctx: &mut Ctx, side: SideId, trigger: MoraleTrigger) {
        morale::triggered(ctx, side, trigger);
    }

    /// "Half killed or otherwise incapacitated" (BX-25): the asleep, the paralysed and the
    /// petrified count toward the half as the fallen do.
    fn out_of_fight(status: Status, conditions: &Conditions) -> bool {
        !status.is_active() || fighter::helpless(conditions)
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
        occasion: &Occasion,
    ) -> Preview {
        preview::preview(ctx, actor, intent, occasion)
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

/// Adds the B/X ruleset: its spawning, its saved components and the kit's systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayBxPlugin;

impl Plugin for FrayBxPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesetPlugin::<BxRules>::new(ruleset::BxRuleset::default()))
            .register_saved::<state::Bx>("fray_bx::Bx")
            .register_saved::<state::BxState>("fray_bx::BxState")
            .register_saved::<sheet::Sheet>("fray_bx::Sheet");
    }
}
