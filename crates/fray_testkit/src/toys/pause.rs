//! A roll that waits for an answer, as lite5e's shield spell needs it: the toy that proves the
//! core's pause inside a resolution ([`Step::Wait`] with [`RulesBase::Pause`], [`Resolution::resume`]).
//!
//! Everyone acts in roster order, the order holding every round; a turn is one attack, a d20
//! plus the attacker's bonus against the target's armor class (its defense plus its bonuses to
//! defenses), for the attacker's fixed damage. When the roll would hit, the attack pauses: the
//! target, if it has its reaction (it comes back at the start of each of its turns) and a
//! shield spell left, may cast one - +5 to its armor class until the start of its next turn,
//! against this very attack. Then the attack goes on and judges the same roll against the armor
//! class as it is now: a hit or a miss. At 0 hit points a creature dies.

use bevy_ecs::prelude::*;
use fray_core::cost::{Cost, Timing};
use fray_core::effect::{BonusTo, Duration, EffectSpec, Whose};
use fray_core::kit::{
    Actor, Legality, Offer, Presentation, Previews, Resolution, Rounds, RulesBase, Step,
    TurnBegins, TurnFlow,
};
use fray_core::legality::{Legal, Occasion, Refusal, Scope};
use fray_core::log::LogEvent;
use fray_core::prelude::{Hp, Intent, Preview};
use fray_core::turn::{Approved, TurnEntry};
use fray_core::vocabulary::Vocabulary;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::harness::Bench;
use crate::toys::strike::{Swing, attack_preview, can_act, fall, judge, melee, swing};
use crate::toys::words::{self, ACTION, Labels, PLAIN, REACTION, SHIELD, WORDS, provokes};
use crate::toys::{Toy, ToyBlock, ToyFighter};

/// The toy's ruleset id.
pub const ID: &str = "pause";

/// The statblocks of its tests.
pub const BLOCKS: &str = r#"[
    (id: "wizard", name: "Wizard", hp: 8, attack: 4, damage: 4, defense: 12, shield: 2),
    (id: "knight", name: "Knight", hp: 14, attack: 5, damage: 6, defense: 16),
    (id: "goblin", name: "Goblin", hp: 7, attack: 4, damage: 4, defense: 13),
]"#;

/// What a shield adds to its caster's armor class.
pub const SHIELD_BONUS: i32 = 5;

/// The price of an attack: the turn's action.
const ATTACK: Cost = Cost::new(1, ACTION, 1000);
/// The price of a shield: the round's reaction.
const REACT: Cost = Cost::new(1, REACTION, 0).paid(Timing::Reaction);

/// Marks the toy's encounters.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Shields;

/// A combatant's action, reaction and shield spells.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PauseState {
    /// It attacked this turn.
    pub acted: bool,
    /// Its reaction is spent until the start of its next turn.
    pub reacted: bool,
    /// Shield spells left.
    pub shields: u8,
}

/// The toy's context.
type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, PauseRules>;

/// The toy's rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct PauseRules;

/// The toy's test bench.
pub fn bench() -> Bench {
    crate::toys::bench::<PauseRules>()
}

impl Toy for PauseRules {
    type State = PauseState;
    const SAVED: [&'static str; 2] = ["toys::pause::Shields", "toys::pause::PauseState"];
    const BLOCKS: &'static str = BLOCKS;

    fn state(block: &ToyBlock) -> PauseState {
        PauseState {
            shields: block.shield,
            ..PauseState::default()
        }
    }
}

/// A shield spell.
const CAST_SHIELD: Intent = Intent::UseAbility {
    ability: SHIELD,
    target: None,
};

/// A combatant's armor class now: its defense and its bonuses to defenses.
pub fn armor(ctx: &Ctx, who: Entity) -> i32 {
    let defense = ctx.fighter(who).map_or(0, |f| f.stats.defense);
    let bonus = ctx.effects(who).map_or(0, |e| e.bonus(BonusTo::Defenses));
    defense.saturating_add(bonus)
}

/// The attack's roll judged against the target's armor class as it is now, logged, and its
/// damage on a hit.
fn land(ctx: &mut Ctx, approved: &Approved, roll: &Swing) {
    let (actor, Some(target)) = (approved.actor, approved.intent.target()) else {
        return;
    };
    let ac = armor(ctx, target);
    if judge(ctx, (actor, target), "attack", roll, ac) {
        let damage = ctx.fighter(actor).map_or(0, |f| f.stats.damage);
        ctx.deal_damage(target, damage, PLAIN, None, Some(actor));
    }
}

impl RulesBase for PauseRules {
    const ID: &'static str = ID;
    type Battle = Shields;
    type Fighter = ToyFighter<PauseState>;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = Swing;

    fn vocabulary() -> &'static dyn Vocabulary {
        &WORDS
    }
}

impl Legality for PauseRules {
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
                offer.consider_plain(Intent::EndTurn);
            }
            Occasion::Reaction { .. } => {
                offer.consider(CAST_SHIELD, &labels.shield);
            }
            Occasion::Declaration => {}
        }
    }

    fn check(
        ctx: &Ctx,
        me: &Actor<'_, '_, Self>,
        intent: &Intent,
        occasion: &Occasion,
        _scope: Scope,
    ) -> Result<Legal, Refusal> {
        let actor = me.entity;
        if *intent == Intent::EndTurn && *occasion == Occasion::Turn {
            return Ok(Legal::costs(Cost::FREE));
        }
        let state = ctx
            .fighter(actor)
            .map(|f| *f.state)
            .ok_or("no such combatant")?;
        if !can_act(ctx, actor) {
            return Err("it is out of the fight".into());
        }
        match (*occasion, *intent) {
            (Occasion::Turn, Intent::Attack { target, .. }) if *intent == melee(target) => {
                if state.acted {
                    return Err("it has attacked this turn".into());
                }
                if !ctx.enemies(actor, target) || !ctx.is_active(target) {
                    return Err("the target is not an enemy in the fight".into());
                }
                Ok(Legal::costs(ATTACK))
            }
            (
                Occasion::Reaction {
                    intent: provoking,
                    kind: provokes::HIT,
                    ..
                },
                CAST_SHIELD,
            ) if provoking.target() == Some(actor) => {
                if state.reacted {
                    return Err("its reaction is spent until its next turn".into());
                }
                if state.shields == 0 {
                    return Err("it has no shield spell left".into());
                }
                Ok(Legal::costs(REACT))
            }
            _ => Err("it cannot do that now".into()),
        }
    }
}

impl Previews for PauseRules {
    /// An attack's odds; a shield's chance to turn the hit it answers into a miss (0 or 1:
    /// the roll is made).
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        _occasion: &Occasion,
    ) -> Preview {
        match *intent {
            Intent::Attack { target, .. } => {
                let (Some(me), Some(hp)) = (ctx.fighter(actor).map(|f| *f.stats), ctx.hp(target))
                else {
                    return Preview::default();
                };
                attack_preview(me.attack, me.damage, armor(ctx, target), Some(hp))
            }
            CAST_SHIELD => {
                let saves = ctx
                    .paused()
                    .is_some_and(|roll| roll.total < i64::from(armor(ctx, actor) + SHIELD_BONUS));
                Preview {
                    hit_chance: if saves { 1.0 } else { 0.0 },
                    ..Preview::default()
                }
            }
            _ => Preview::certain(),
        }
    }

    /// Nobody casts: a toy of pauses has no spells.
    fn casts(_ctx: &Ctx, _e: Entity) -> bool {
        false
    }

    /// Anyone can harm anyone: a toy of pauses has no immunity.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: a toy's turn offers its blows among its own options.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

impl Resolution for PauseRules {
    /// The turn's action, or the reaction and a shield spell.
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        let cost = approved.legal.cost;
        if let Some(mut f) = ctx.fighter_mut(approved.actor) {
            match (cost.unit, cost.timing) {
                (ACTION, Timing::Turn) if !cost.is_free() => f.state.acted = true,
                (REACTION, Timing::Reaction) => {
                    f.state.reacted = true;
                    f.state.shields = f.state.shields.saturating_sub(1);
                }
                _ => {}
            }
        }
    }

    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        can_act(ctx, actor)
    }

    /// The shield: +5 to armor class until the start of the caster's next turn.
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
        let shield = EffectSpec::bonus(
            BonusTo::Defenses,
            SHIELD_BONUS,
            Duration::StartOfNextTurn(Whose::Target),
        )
        .named("shield");
        ctx.apply(reactor, Some(reactor), shield);
        true
    }

    /// The roll; a roll that would hit waits for its target's answer (the kit goes on at once
    /// when it has none to give).
    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<Swing> {
        let (actor, Intent::Attack { target, .. }) = (approved.actor, approved.intent) else {
            return Step::Done;
        };
        let bonus = ctx.fighter(actor).map_or(0, |f| f.stats.attack);
        let roll = swing(ctx, bonus);
        let ac = armor(ctx, target);
        if roll.total < i64::from(ac) {
            land(ctx, approved, &roll);
            return Step::Done;
        }
        ctx.open_window(actor, provokes::HIT);
        ctx.offer_reaction(target, approved.intent);
        if !ctx.turn().window().is_empty() {
            let total = roll.total;
            ctx.note(Some(actor), || {
                format!("rolls {total} against armor class {ac}: a hit, unless its target answers.")
            });
        }
        Step::Wait(roll)
    }

    /// The same roll, against the armor class the answers left.
    fn resume(ctx: &mut Ctx, approved: &Approved, roll: Swing) -> Step<Swing> {
        land(ctx, approved, &roll);
        Step::Done
    }

    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        ctx.fighter(approved.actor).is_none_or(|f| f.state.acted)
    }
}

impl TurnFlow for PauseRules {
    /// Roster order, every round.
    fn setup(ctx: &mut Ctx) {
        let entries: SmallVec<[TurnEntry; 16]> = ctx
            .roster()
            .entities()
            .zip(0..)
            .map(|(who, i): (Entity, i32)| TurnEntry::combatant(who, 0, -i))
            .collect();
        ctx.order_mut().set(entries);
    }

    /// A fresh action; the reaction comes back.
    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        if let Some(mut f) = ctx.fighter_mut(actor) {
            f.state.acted = false;
            f.state.reacted = false;
        }
        TurnBegins::Act
    }

    fn vitals(ctx: &mut Ctx, who: Entity) {
        fall(ctx, who);
    }
}

impl Rounds for PauseRules {}

impl Presentation for PauseRules {}
