//! Side initiative, as B/X rolls it (BX-16, BX-18): the toy that proves the core's
//! [`ActingUnit::Sides`] units and their steps.
//!
//! Each round every side still in the fight rolls a d6; the highest side acts first, and so on
//! down. Ties are rolled again, every side at once, until no two sides tie (Fray's choice for
//! this toy; the `simultaneous` toy lets tied sides act at once instead). A side's turn has two
//! steps: missiles, then melee. In the missile step every member of the side, in roster order,
//! may shoot (only those with a missile attack can); in the melee step every member may strike.
//! Everyone fights in one region; an attack is a d20 plus the attacker's bonus against the
//! target's defense, for the attack's fixed damage. At 0 hit points a creature dies.

use bevy_ecs::prelude::*;
use fray_core::cost::Cost;
use fray_core::ids::SideId;
use fray_core::kit::prelude::{Hp, Intent, IntentKind, Maneuver, Preview};
use fray_core::kit::{
    Actor, Legality, NoPause, Offer, Presentation, Previews, Resolution, RoundPlan, Rounds,
    RulesBase, Step, TurnBegins, TurnFlow,
};
use fray_core::legality::{Legal, Occasion, Refusal, Scope};
use fray_core::log::LogEvent;
use fray_core::turn::{ActingUnit, Approved, SideSet, Steps, TurnEntry};
use fray_core::vocabulary::Vocabulary;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::harness::Bench;
use crate::toys::strike::{attack_preview, fall, strike};
use crate::toys::words::{ACTION, Labels, MELEE, MISSILE, WORDS};
use crate::toys::{Toy, ToyFighter};

/// The toy's ruleset id.
pub const ID: &str = "sides";

/// The statblocks of its tests.
pub const BLOCKS: &str = r#"[
    (id: "archer", name: "Archer", hp: 6, attack: 2, damage: 3, defense: 12, missile: 2),
    (id: "fighter", name: "Fighter", hp: 10, attack: 4, damage: 5, defense: 14),
    (id: "orc", name: "Orc", hp: 8, attack: 2, damage: 4, defense: 12),
]"#;

/// The step of a side's turn in which missiles fly.
pub const MISSILES: u8 = 0;
/// The step of a side's turn in which blows fall.
pub const BLOWS: u8 = 1;

/// The price of an attack: the member's action in the step.
const ATTACK: Cost = Cost::new(1, ACTION, 500);

/// Marks the toy's encounters (it keeps nothing battle-wide: the turn order holds the round's
/// side initiative).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SideInitiative;

/// Whether a member has acted in the current step.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SidesState {
    /// It attacked in this step.
    pub acted: bool,
}

/// The toy's context.
type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, SidesRules>;

/// The toy's rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct SidesRules;

/// The toy's test bench.
pub fn bench() -> Bench {
    crate::toys::bench::<SidesRules>()
}

impl Toy for SidesRules {
    type State = SidesState;
    const SAVED: [&'static str; 2] = ["toys::sides::SideInitiative", "toys::sides::SidesState"];
    const BLOCKS: &'static str = BLOCKS;
}

/// Each side still in the fight rolls a d6, logged; all roll again while any two tie. Returns
/// the sides' final rolls.
fn roll_sides(ctx: &mut Ctx) -> SmallVec<[(SideId, i32); 4]> {
    let sides: SmallVec<[SideId; 4]> = (0..ctx.sides().len())
        .filter_map(|s| u8::try_from(s).ok().map(SideId))
        .filter(|&s| ctx.roster().side(s).any(|e| ctx.status(e).takes_turns()))
        .collect();
    loop {
        let mut rolls: SmallVec<[(SideId, i32); 4]> = SmallVec::new();
        for &side in &sides {
            let rolled = ctx.roll_die(6);
            if let Some(roll) = rolled.roll {
                let purpose = format!("initiative of the {}", ctx.sides().name(side));
                ctx.log_mut().push(LogEvent::Roll {
                    who: None,
                    purpose,
                    roll,
                    target: None,
                    success: None,
                });
            }
            rolls.push((side, i32::try_from(rolled.total).unwrap_or(0)));
        }
        let tied = rolls
            .iter()
            .enumerate()
            .any(|(i, a)| rolls[i + 1..].iter().any(|b| a.1 == b.1));
        if !tied {
            return rolls;
        }
        ctx.note(None, || "The sides tie and roll again.".into());
    }
}

/// An attack of the step's kind on `target`.
fn attack_in_step(step: u8, target: Entity) -> Intent {
    Intent::Attack {
        target,
        attack: if step == MISSILES { MISSILE } else { MELEE },
        maneuver: Maneuver::STANDARD,
    }
}

impl RulesBase for SidesRules {
    const ID: &'static str = ID;
    type Battle = SideInitiative;
    type Fighter = ToyFighter<SidesState>;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &WORDS
    }
}

impl Legality for SidesRules {
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        let ctx = offer.ctx();
        let actor = offer.actor();
        let labels = Labels::get();
        if *offer.occasion() != Occasion::Turn {
            return;
        }
        let step = ctx.turn().step();
        let label = if step == MISSILES {
            &labels.missile
        } else {
            IntentKind::Attack.label()
        };
        for target in ctx.roster().entities() {
            if ctx.enemies(actor, target) {
                offer.consider(attack_in_step(step, target), label);
            }
        }
        offer.consider_plain(Intent::EndTurn);
    }

    fn check(
        ctx: &Ctx,
        me: &Actor<'_, '_, Self>,
        intent: &Intent,
        occasion: &Occasion,
        _scope: Scope,
    ) -> Result<Legal, Refusal> {
        let actor = me.entity;
        if *occasion != Occasion::Turn {
            return Err("side initiative has no reactions or declarations".into());
        }
        let Intent::Attack { target, attack, .. } = *intent else {
            return match intent {
                Intent::EndTurn => Ok(Legal::costs(Cost::FREE)),
                _ => Err("a member of a side attacks or ends its turn".into()),
            };
        };
        let f = ctx.fighter(actor).ok_or("no such combatant")?;
        if *intent != attack_in_step(ctx.turn().step(), target) {
            return Err("missiles fly in the first step, blows fall in the second".into());
        }
        if attack == MISSILE && f.stats.missile <= 0 {
            return Err("it has no missile attack".into());
        }
        if f.state.acted {
            return Err("it has attacked in this step".into());
        }
        if !ctx.enemies(actor, target) || !ctx.is_active(target) {
            return Err("the target is not an enemy in the fight".into());
        }
        Ok(Legal::costs(ATTACK))
    }
}

impl Previews for SidesRules {
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        _occasion: &Occasion,
    ) -> Preview {
        let Intent::Attack { target, attack, .. } = *intent else {
            return Preview::certain();
        };
        let (Some(me), Some(them)) = (ctx.fighter(actor), ctx.fighter(target)) else {
            return Preview::default();
        };
        let damage = if attack == MISSILE {
            me.stats.missile
        } else {
            me.stats.damage
        };
        attack_preview(me.stats.attack, damage, them.stats.defense, ctx.hp(target))
    }

    /// Nobody casts: a toy of sides and their turns has no spells.
    fn casts(_ctx: &Ctx, _e: Entity) -> bool {
        false
    }

    /// Anyone can harm anyone: a toy of sides and their turns has no immunity.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: a toy's turn offers its blows among its own options.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

impl Resolution for SidesRules {
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        if let (Intent::Attack { .. }, Some(mut f)) =
            (approved.intent, ctx.fighter_mut(approved.actor))
        {
            f.state.acted = true;
        }
    }

    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        ctx.is_active(actor)
    }

    fn react(_: &mut Ctx, _: &Approved, _: u8, _: Entity, _: Intent) -> bool {
        false
    }

    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        let Intent::Attack { target, attack, .. } = approved.intent else {
            return Step::Done;
        };
        let Some(me) = ctx.fighter(approved.actor).map(|f| *f.stats) else {
            return Step::Done;
        };
        let defense = ctx.fighter(target).map_or(0, |f| f.stats.defense);
        let (name, damage) = if attack == MISSILE {
            ("missile", me.missile)
        } else {
            ("blow", me.damage)
        };
        strike(
            ctx,
            (approved.actor, target),
            name,
            (me.attack, damage),
            defense,
        );
        Step::Done
    }

    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        ctx.fighter(approved.actor).is_none_or(|f| f.state.acted)
    }
}

impl TurnFlow for SidesRules {
    /// Nothing yet: the sides roll at the start of every round.
    fn setup(_ctx: &mut Ctx) {}

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

impl Rounds for SidesRules {
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        let entries = roll_sides(ctx).into_iter().map(|(side, count)| TurnEntry {
            unit: ActingUnit::Sides(SideSet::one(side)),
            count,
            tiebreak: 0,
        });
        ctx.order_mut().set(entries);
        RoundPlan::Turns
    }

    fn steps(_ctx: &Ctx, _unit: ActingUnit) -> Steps {
        Steps {
            count: 2,
            simultaneous: false,
        }
    }
}

impl Presentation for SidesRules {}
