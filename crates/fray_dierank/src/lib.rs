//! The `dierank` ruleset (seed 001, the die-rank system), on the core's ruleset kit: every
//! rating is a die of the ladder D2..D60, an attack is the attacker's die against the
//! defender's, each multiple of success a point of damage; turns are spent in action points
//! of minor, major and exclusive actions, interrupts paid from the next turn; mastery points
//! are spent after a roll, answered back and forth, pooled by monster groups; the map is
//! regions. Rule ids (DR-01..DR-18, see `RULES.md`) are named in the docs and tests of the
//! code that implements them; `fray_dice` holds the ladder, shifts, advantage and contests.
//!
//! **Health (Fray's ruling; the seed defines none).** Each creature has `health` points in
//! its statblock; each success of an attack on it takes one. At 0 a monster dies and a hero
//! falls - out of the fight either way. Changing the numbers is a content edit.
//!
//! Other rulings are documented where they apply: mastery recovery ([`mastery::recover`]),
//! interrupts and readied attacks ([`resolve`]), regions and movement ([`movement`]),
//! initiative ties and mastery points on initiative ([`initiative`]).
//!
//! ```
//! use bevy_app::App;
//! use fray_core::prelude::*;
//! use fray_dierank::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((FrayCorePlugin { run: FrayRunMode::Manual, ..Default::default() }, FrayDierankPlugin));
//! app.finish();
//! let loader = fray_content::ContentLoader::new().with_schema(fray_dierank::schema());
//! assert!(loader.schema("dierank").is_some());
//! ```

/// Resisted rolls and the mastery exchange's state.
pub mod contest;
/// Between fights on an expedition: mastery points back, unhurried rolls at their maximum
/// (DR-08, DR-11).
pub mod explore;
/// A combatant's components.
pub mod fighter;
/// Initiative, ties, mastery on initiative and delays.
pub mod initiative;
mod labels;
/// The legality function.
pub mod legality;
/// Mastery points: pools, spending, recovery.
pub mod mastery;
/// Regions and movement.
pub mod movement;
mod offer;
/// Previews.
pub mod preview;
/// Turns, payment and resolution.
pub mod resolve;
/// Spawning from content.
pub mod ruleset;
/// Compiled combatant numbers.
pub mod sheet;
/// The statblock schema.
pub mod statblock;
/// Per-combatant and per-encounter changing state.
pub mod state;
/// Rolls out of combat.
pub mod uncontested;
/// Die-rank's own words.
pub mod vocabulary;

use std::borrow::Cow;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::schema::Schema;
use fray_core::kit::prelude::*;
use fray_core::kit::{Offer, Reacted, RoundPlan, Rules, RulesetPlugin, Step, TurnBegins};
use fray_core::prelude::*;
use fray_core::turn::Approved;

use crate::contest::Contest;
use crate::vocabulary::MASTERY;

/// The types most users need.
pub mod prelude {
    pub use crate::ruleset::DrRuleset;
    pub use crate::sheet::Sheet;
    pub use crate::statblock::DrBlock;
    pub use crate::state::{Dr, DrState};
    pub use crate::{DrRules, FrayDierankPlugin, schema};
}

/// The statblock schema, for content loaders (die-rank has no encounter options).
pub fn schema() -> Schema<statblock::DrBlock> {
    Schema::new(ruleset::ID, &[])
}

/// The context of a die-rank encounter.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, DrRules>;

/// A combatant as die-rank's legality check judges it.
pub(crate) type Me<'c, 's> = fray_core::kit::Actor<'c, 's, DrRules>;

/// Die-rank's rules, as the kit's hooks.
#[derive(Debug, Clone, Copy, Default)]
pub struct DrRules;

impl Rules for DrRules {
    const ID: &'static str = ruleset::ID;
    type Battle = state::Dr;
    type Fighter = fighter::Fighter;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = Contest;

    fn vocabulary() -> &'static dyn Vocabulary {
        &vocabulary::WORDS
    }

    fn budget(world: &World, who: Entity) -> Vec<Gauge> {
        let (Some(sheet), Some(state)) = (
            world.get::<sheet::Sheet>(who),
            world.get::<state::DrState>(who),
        ) else {
            return Vec::new();
        };
        let mut gauges = vec![Gauge::count(
            "AP",
            i32::from(state.left),
            i32::from(sheet.0.ap),
        )];
        if sheet.0.mp > 0 {
            gauges.push(Gauge::count(
                "MP",
                i32::from(state.mp),
                i32::from(sheet.0.mp),
            ));
        }
        gauges
    }

    fn provocation(kind: u8) -> Cow<'static, str> {
        vocabulary::provocation(kind)
    }

    /// The monster groups' pools, melee by region, and everyone's REF roll (DR-10, DR-12,
    /// DR-15).
    fn setup(ctx: &mut Ctx) {
        mastery::pools(ctx);
        let everyone: Vec<Entity> = ctx.roster().entities().collect();
        mastery::new_roll(ctx, &everyone);
        for &who in &everyone {
            movement::engage_region(ctx, who);
        }
        initiative::roll(ctx);
    }

    /// Before the first round's turns, whoever has a mastery point may spend it on its
    /// initiative roll (DR-12), and the order is set (and logged, once) when they are done.
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        if ctx.round() > 1 {
            // Initiative is rolled once; a delayer's new count places it from now on (DR-13).
            ctx.order_mut().sort_by_count();
            return RoundPlan::Turns;
        }
        let anyone = ctx
            .roster()
            .entities()
            .any(|e| ctx.is_active(e) && mastery::can_spend_on_roll(ctx, e));
        if anyone {
            RoundPlan::Declarations
        } else {
            initiative::order(ctx);
            RoundPlan::Turns
        }
    }

    fn declare(ctx: &mut Ctx, who: Entity, intent: Intent) {
        if let Intent::UseAbility {
            ability: MASTERY, ..
        } = intent
            && mastery::spend(ctx, who, true)
        {
            initiative::master(ctx, who);
        }
    }

    /// A combatant that spent a mastery point on its initiative may spend another, up to its
    /// rank (DR-09, DR-12).
    fn declares_again(ctx: &Ctx, who: Entity, intent: &Intent) -> bool {
        matches!(
            intent,
            Intent::UseAbility {
                ability: MASTERY,
                ..
            }
        ) && mastery::can_spend_on_roll(ctx, who)
    }

    fn declarations_done(ctx: &mut Ctx) {
        initiative::order(ctx);
    }

    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        resolve::turn_start(ctx, actor)
    }

    fn vitals(ctx: &mut Ctx, who: Entity) {
        resolve::vitals(ctx, who);
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
        legal: &Legal,
        occasion: &Occasion,
    ) -> Preview {
        preview::preview(ctx, actor, intent, legal, occasion)
    }

    fn pay(ctx: &mut Ctx, approved: &Approved) {
        resolve::pay(ctx, approved);
    }

    /// An actor felled by a reaction (an opportunity attack, an interrupt) stops.
    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        resolve::standing(ctx, actor)
    }

    fn cut_short(ctx: &mut Ctx, approved: &Approved) {
        resolve::cut_short(ctx, approved);
    }

    fn react_step(
        ctx: &mut Ctx,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> Reacted<Contest> {
        resolve::react(ctx, approved, kind, reactor, reaction)
    }

    /// A roll made inside a reaction goes on after each answer of its mastery exchange
    /// (DR-09).
    fn resume_reaction(
        ctx: &mut Ctx,
        _: &Approved,
        _: u8,
        reaction: &Approved,
        pause: Contest,
    ) -> Reacted<Contest> {
        resolve::resume_reaction(ctx, reaction.intent, pause)
    }

    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<Contest> {
        resolve::execute(ctx, approved)
    }

    fn resume(ctx: &mut Ctx, approved: &Approved, pause: Contest) -> Step<Contest> {
        resolve::resume(ctx, approved, pause)
    }

    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        resolve::turn_over(ctx, approved)
    }
}

/// Adds the die-rank ruleset: its spawning, its saved components and the kit's systems for it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FrayDierankPlugin;

impl Plugin for FrayDierankPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(RulesetPlugin::<DrRules>::new(ruleset::DrRuleset::default()))
            .register_saved::<state::Dr>("fray_dierank::Dr")
            .register_saved::<state::DrState>("fray_dierank::DrState")
            .register_saved::<sheet::Sheet>("fray_dierank::Sheet");
    }
}
