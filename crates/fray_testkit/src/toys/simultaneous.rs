//! Simultaneous combat: the toy that proves the core's simultaneous steps.
//!
//! Every round is one step in which every side acts at once: one unit of every side
//! ([`ActingUnit::Sides`] of them all), its step simultaneous. Its members take their turns in
//! roster order, each attacking one enemy (a d20 plus its bonus against the target's defense,
//! for its fixed damage), but what a blow does to a creature's standing waits until the step
//! ends: a creature struck down in the step still acts in it, and may still be struck; the
//! dead fall together when the step is over ([`Ctx::set_status`](fray_core::kit::Ctx::set_status)
//! defers). Two creatures can slay each other.

use bevy_ecs::prelude::*;
use fray_core::cost::Cost;
use fray_core::ids::SideId;
use fray_core::kit::{
    Actor, Legality, NoPause, Offer, Presentation, Previews, Resolution, Rounds, RulesBase, Step,
    TurnBegins, TurnFlow,
};
use fray_core::legality::{Legal, Occasion, Refusal, Scope};
use fray_core::prelude::{Hp, Intent, Preview};
use fray_core::turn::{ActingUnit, Approved, SideSet, Steps, TurnEntry};
use fray_core::vocabulary::Vocabulary;
use serde::{Deserialize, Serialize};

use crate::harness::Bench;
use crate::toys::strike::{fall, melee, melee_preview, melee_strike};
use crate::toys::words::{ACTION, WORDS};
use crate::toys::{Toy, ToyFighter};

/// The toy's ruleset id.
pub const ID: &str = "simultaneous";

/// The statblocks of its tests.
pub const BLOCKS: &str = r#"[
    (id: "duelist", name: "Duelist", hp: 6, attack: 4, damage: 6, defense: 12),
    (id: "brute", name: "Brute", hp: 6, attack: 2, damage: 9, defense: 10),
]"#;

/// The price of an attack: the creature's action in the step.
const ATTACK: Cost = Cost::new(1, ACTION, 1000);

/// Marks the toy's encounters.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AllAtOnce;

/// Whether a creature has acted in the step.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SimultaneousState {
    /// It attacked in this step.
    pub acted: bool,
}

/// The toy's context.
type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, SimultaneousRules>;

/// The toy's rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct SimultaneousRules;

/// The toy's test bench.
pub fn bench() -> Bench {
    crate::toys::bench::<SimultaneousRules>()
}

impl Toy for SimultaneousRules {
    type State = SimultaneousState;
    const SAVED: [&'static str; 2] = [
        "toys::simultaneous::AllAtOnce",
        "toys::simultaneous::SimultaneousState",
    ];
    const BLOCKS: &'static str = BLOCKS;
}

impl RulesBase for SimultaneousRules {
    const ID: &'static str = ID;
    type Battle = AllAtOnce;
    type Fighter = ToyFighter<SimultaneousState>;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &WORDS
    }
}

impl Legality for SimultaneousRules {
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        let ctx = offer.ctx();
        let actor = offer.actor();
        if *offer.occasion() != Occasion::Turn {
            return;
        }
        for target in ctx.roster().entities() {
            if ctx.enemies(actor, target) {
                offer.consider_plain(melee(target));
            }
        }
        offer.consider_plain(Intent::EndTurn);
    }

    /// A creature still standing - even one struck down earlier in the step - may attack any
    /// enemy still standing, once a step.
    fn check(
        ctx: &Ctx,
        me: &Actor<'_, '_, Self>,
        intent: &Intent,
        occasion: &Occasion,
        _scope: Scope,
    ) -> Result<Legal, Refusal> {
        let actor = me.entity;
        if *occasion != Occasion::Turn {
            return Err("simultaneous combat has no reactions or declarations".into());
        }
        match *intent {
            Intent::EndTurn => Ok(Legal::costs(Cost::FREE)),
            Intent::Attack { target, .. } if *intent == melee(target) => {
                if ctx.fighter(actor).is_none_or(|f| f.state.acted) {
                    return Err("it has attacked in this step".into());
                }
                if !ctx.enemies(actor, target) || !ctx.is_active(target) {
                    return Err("the target is not an enemy in the fight".into());
                }
                Ok(Legal::costs(ATTACK))
            }
            _ => Err("a creature attacks or ends its turn".into()),
        }
    }
}

impl Previews for SimultaneousRules {
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        _occasion: &Occasion,
    ) -> Preview {
        match *intent {
            Intent::Attack { target, .. } => melee_preview(ctx, actor, target),
            _ => Preview::certain(),
        }
    }

    /// Nobody casts: a toy of simultaneous blows has no spells.
    fn casts(_ctx: &Ctx, _e: Entity) -> bool {
        false
    }

    /// Anyone can harm anyone: a toy of simultaneous blows has no immunity.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: a toy's turn offers its blows among its own options.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

impl Resolution for SimultaneousRules {
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        if let (Intent::Attack { .. }, Some(mut f)) =
            (approved.intent, ctx.fighter_mut(approved.actor))
        {
            f.state.acted = true;
        }
    }

    /// Standing until the step ends, whatever its hit points say.
    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        ctx.is_active(actor)
    }

    fn react(_: &mut Ctx, _: &Approved, _: u8, _: Entity, _: Intent) -> bool {
        false
    }

    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        if let Intent::Attack { target, .. } = approved.intent {
            melee_strike(ctx, (approved.actor, target), "blow");
        }
        Step::Done
    }

    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        ctx.fighter(approved.actor).is_none_or(|f| f.state.acted)
    }
}

impl TurnFlow for SimultaneousRules {
    /// One entry for every side at once; it holds every round.
    fn setup(ctx: &mut Ctx) {
        let everyone = (0..ctx.sides().len())
            .filter_map(|s| u8::try_from(s).ok())
            .fold(SideSet::default(), |set, s| set.with(SideId(s)));
        ctx.order_mut().set([TurnEntry {
            unit: ActingUnit::Sides(everyone),
            count: 0,
            tiebreak: 0,
        }]);
    }

    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        if let Some(mut f) = ctx.fighter_mut(actor) {
            f.state.acted = false;
        }
        TurnBegins::Act
    }

    fn vitals(ctx: &mut Ctx, who: Entity) {
        fall(ctx, who);
    }
}

impl Rounds for SimultaneousRules {
    fn steps(_ctx: &Ctx, _unit: ActingUnit) -> Steps {
        Steps {
            count: 1,
            simultaneous: true,
        }
    }
}

impl Presentation for SimultaneousRules {}
