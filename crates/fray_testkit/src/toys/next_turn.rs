//! Interrupts paid from the next turn, as die-rank has them (DR-12, DR-13, DR-14): the toy that
//! proves costs with [`Timing::NextTurn`] and the core's
//! [`ActingUnit::Group`](fray_core::turn::ActingUnit::Group) units.
//!
//! Initiative: a d12 for each character and one for each monster group, whose members then act
//! one after another on the group's count; the order holds every round. A turn has action
//! points (2, or the statblock's `ap`); an attack costs 1 (a d20 plus the attacker's bonus
//! against the target's defense, for its fixed damage). The target of an attack may interrupt
//! it with a counter-attack that lands first, paid with 1 action point of its own next turn -
//! at most a turn's worth owed at once. A turn whose points were all spent in advance is
//! skipped. Before spending anything, a creature may delay until after the next to act; a
//! group delays as one, before any of its members acts. At 0 hit points a creature dies.

use bevy_ecs::prelude::*;
use fray_core::cost::{Cost, Timing};
use fray_core::kit::{
    Actor, Legality, NoPause, Offer, Presentation, Previews, Resolution, Rounds, RulesBase, Step,
    TurnBegins, TurnFlow,
};
use fray_core::legality::{Legal, Occasion, Provocation, Provocations, Refusal, Scope};
use fray_core::log::LogEvent;
use fray_core::prelude::{Hp, Intent, Preview};
use fray_core::turn::Approved;
use fray_core::vocabulary::Vocabulary;
use serde::{Deserialize, Serialize};

use crate::harness::Bench;
use crate::toys::initiative::roll_units;
use crate::toys::strike::{can_act, fall, melee, melee_preview, melee_strike};
use crate::toys::words::{self, AP, Labels, WORDS, provokes};
use crate::toys::{Toy, ToyFighter, ToyStats};

/// The toy's ruleset id.
pub const ID: &str = "next_turn";

/// The statblocks of its tests.
pub const BLOCKS: &str = r#"[
    (id: "hero", name: "Hero", hp: 12, attack: 3, damage: 3, defense: 12),
    (id: "veteran", name: "Veteran", hp: 12, attack: 3, damage: 3, defense: 12, ap: 3),
    (id: "orc", name: "Orc", hp: 10, attack: 2, damage: 3, defense: 11),
    (id: "wolf", name: "Wolf", hp: 5, attack: 2, damage: 2, defense: 10, ap: 1),
]"#;

/// Action points a turn when the statblock names none.
pub const DEFAULT_AP: u8 = 2;

/// Marks the toy's encounters.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Interrupts;

/// A combatant's action points.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ActionPoints {
    /// Left this turn.
    pub left: u8,
    /// Spent in advance: taken from its next turn.
    pub owed: u8,
}

/// The toy's context.
type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, NextTurnRules>;

/// The toy's rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct NextTurnRules;

/// The toy's test bench.
pub fn bench() -> Bench {
    crate::toys::bench::<NextTurnRules>()
}

impl Toy for NextTurnRules {
    type State = ActionPoints;
    const SAVED: [&'static str; 2] = [
        "toys::next_turn::Interrupts",
        "toys::next_turn::ActionPoints",
    ];
    const BLOCKS: &'static str = BLOCKS;
}

/// Action points of a turn.
fn per_turn(stats: &ToyStats) -> u8 {
    if stats.ap == 0 { DEFAULT_AP } else { stats.ap }
}

/// The price of one action point: on the turn, or (an interrupt) from the next turn.
fn one_point(stats: &ToyStats, timing: Timing) -> Cost {
    Cost::new(1, AP, 1000 / u16::from(per_turn(stats))).paid(timing)
}

/// An attack on the turn, which lets its target interrupt.
fn check_turn(ctx: &Ctx, actor: Entity, intent: &Intent, scope: Scope) -> Result<Legal, Refusal> {
    let f = ctx.fighter(actor).ok_or("no such combatant")?;
    let Intent::Attack { target, .. } = *intent else {
        return match intent {
            Intent::EndTurn => Ok(Legal::costs(Cost::FREE)),
            Intent::Delay if f.state.left < per_turn(f.stats) => {
                Err("it has spent action points this turn".into())
            }
            Intent::Delay if !ctx.can_delay() => {
                Err("nobody acts after it, or another of its group has acted".into())
            }
            Intent::Delay => Ok(Legal::costs(Cost::FREE)),
            _ => Err("one attacks, delays or ends one's turn".into()),
        };
    };
    if *intent != melee(target) || !ctx.enemies(actor, target) || !ctx.is_active(target) {
        return Err("the target is not an enemy in the fight".into());
    }
    if f.state.left == 0 {
        return Err("it has no action points left".into());
    }
    let mut provoked = Provocations::new();
    if scope == Scope::Reactions {
        provoked.push(Provocation {
            reactor: target,
            kind: provokes::INTERRUPT,
        });
    }
    Ok(Legal::provoking(one_point(f.stats, Timing::Turn), provoked))
}

/// A counter-attack on the attacker, by its target, paid from its next turn.
fn check_interrupt(
    ctx: &Ctx,
    reactor: Entity,
    intent: &Intent,
    (provoker, provoking): (Entity, &Intent),
) -> Result<Legal, Refusal> {
    if *intent != melee(provoker) || provoking.target() != Some(reactor) {
        return Err("only the target of an attack interrupts it, striking back".into());
    }
    let f = ctx.fighter(reactor).ok_or("no such combatant")?;
    if !can_act(ctx, reactor) {
        return Err("it is out of the fight".into());
    }
    if f.state.owed >= per_turn(f.stats) {
        return Err("its whole next turn is spent already".into());
    }
    Ok(Legal::costs(one_point(f.stats, Timing::NextTurn)))
}

impl RulesBase for NextTurnRules {
    const ID: &'static str = ID;
    type Battle = Interrupts;
    type Fighter = ToyFighter<ActionPoints>;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &WORDS
    }
}

impl Legality for NextTurnRules {
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        let ctx = offer.ctx();
        let actor = offer.actor();
        let labels = Labels::get();
        match *offer.occasion() {
            Occasion::Turn => {
                for target in ctx.roster().entities() {
                    if ctx.enemies(actor, target) {
                        offer.consider_plain(melee(target));
                    }
                }
                offer.consider_plain(Intent::Delay);
                offer.consider_plain(Intent::EndTurn);
            }
            Occasion::Reaction { provoker, .. } => {
                offer.consider(melee(provoker), &labels.interrupt);
            }
            Occasion::Declaration => {}
        }
    }

    fn check(
        ctx: &Ctx,
        me: &Actor<'_, '_, Self>,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal> {
        let actor = me.entity;
        match occasion {
            Occasion::Turn => check_turn(ctx, actor, intent, scope),
            Occasion::Reaction {
                provoker,
                intent: provoking,
                kind: provokes::INTERRUPT,
            } => check_interrupt(ctx, actor, intent, (*provoker, provoking)),
            _ => Err("nothing to do now".into()),
        }
    }
}

impl Previews for NextTurnRules {
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

    /// Nobody casts: a toy of costs paid on the next turn has no spells.
    fn casts(_ctx: &Ctx, _e: Entity) -> bool {
        false
    }

    /// Anyone can harm anyone: a toy of costs paid on the next turn has no immunity.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: a toy's turn offers its blows among its own options.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

impl Resolution for NextTurnRules {
    /// Action points from this turn, or owed by the next.
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        let cost = approved.legal.cost;
        if cost.unit != AP || cost.amount == 0 {
            return;
        }
        let amount = u8::try_from(cost.amount).unwrap_or(u8::MAX);
        if let Some(mut f) = ctx.fighter_mut(approved.actor) {
            match cost.timing {
                Timing::Turn => f.state.left = f.state.left.saturating_sub(amount),
                Timing::NextTurn => f.state.owed = f.state.owed.saturating_add(amount),
                Timing::Reaction => {}
            }
        }
    }

    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        can_act(ctx, actor)
    }

    /// The counter-attack lands before the attack it interrupts.
    fn react(ctx: &mut Ctx, approved: &Approved, kind: u8, reactor: Entity, _: Intent) -> bool {
        if !can_act(ctx, reactor) {
            return false;
        }
        let (who, against) = (ctx.id(reactor), ctx.id(approved.actor));
        ctx.record(|_| LogEvent::Reaction {
            who,
            against,
            provocation: words::provocation(kind).into_owned(),
        });
        melee_strike(ctx, (reactor, approved.actor), "interrupt");
        true
    }

    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        if approved.intent == Intent::Delay && ctx.delay_turn() {
            ctx.note(Some(approved.actor), || "delays.".into());
        }
        if let Intent::Attack { target, .. } = approved.intent {
            melee_strike(ctx, (approved.actor, target), "attack");
        }
        Step::Done
    }

    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        approved.intent == Intent::Delay
            || ctx
                .fighter(approved.actor)
                .is_none_or(|f| f.state.left == 0)
    }
}

impl TurnFlow for NextTurnRules {
    /// A d12 for each character and each monster group; the order holds every round.
    fn setup(ctx: &mut Ctx) {
        let entries = roll_units(ctx, 12);
        ctx.order_mut().set(entries);
    }

    /// The turn's action points, less those spent in advance; a turn with none is skipped.
    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        let Some(mut f) = ctx.fighter_mut(actor) else {
            return TurnBegins::Skip;
        };
        let (per, owed) = (per_turn(f.stats), f.state.owed);
        let left = per.saturating_sub(owed);
        *f.state = ActionPoints { left, owed: 0 };
        if owed > 0 {
            ctx.note(Some(actor), || {
                format!("has {left} of its {per} action points: {owed} went on interrupts.")
            });
        }
        if left == 0 {
            TurnBegins::Skip
        } else {
            TurnBegins::Act
        }
    }

    fn vitals(ctx: &mut Ctx, who: Entity) {
        fall(ctx, who);
    }
}

impl Rounds for NextTurnRules {}

impl Presentation for NextTurnRules {}
