//! Declarations before initiative, as B/X has them (BX-18, BX-21): the toy that proves the
//! core's declaration phase ([`RoundPlan::Declarations`], [`Rounds::declare`],
//! [`Rounds::declarations_done`]).
//!
//! Every round starts with declarations: each combatant able to act, in roster order, declares
//! a spell at an enemy (if it casts one), a retreat, or nothing. Only then does everyone roll
//! initiative (a d6 each; ties go to the earlier in the roster). On its turn a combatant does
//! what it declared: the caster casts its spell at the enemy it named (the spell's damage, no
//! roll), the retreater leaves the fight; one that declared nothing attacks (a d20 plus its
//! bonus against the target's defense, for its fixed damage). A caster hit before it acts
//! loses its spell, and with it its turn. At 0 hit points a creature dies.

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::cost::Cost;
use fray_core::kit::{
    Actor, Legality, NoPause, Offer, Presentation, Previews, Resolution, RoundPlan, Rounds,
    RulesBase, Step, TurnBegins, TurnFlow,
};
use fray_core::legality::{Legal, Occasion, Refusal, Scope};
use fray_core::prelude::{Hp, Intent, Preview};
use fray_core::turn::Approved;
use fray_core::vocabulary::Vocabulary;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::harness::Bench;
use crate::toys::initiative::roll_units;
use crate::toys::strike::{attack_preview, fall, melee, melee_preview, melee_strike, stats};
use crate::toys::words::{ACTION, Labels, PLAIN, SPELL, WORDS};
use crate::toys::{Toy, ToyFighter};

/// The toy's ruleset id.
pub const ID: &str = "declare";

/// The statblocks of its tests.
pub const BLOCKS: &str = r#"[
    (id: "mage", name: "Mage", hp: 8, attack: 1, damage: 2, defense: 10, spell: 8),
    (id: "fighter", name: "Fighter", hp: 12, attack: 4, damage: 5, defense: 14),
    (id: "orc", name: "Orc", hp: 10, attack: 3, damage: 4, defense: 12),
    (id: "shaman", name: "Shaman", hp: 8, attack: 1, damage: 2, defense: 11, spell: 6),
]"#;

/// The price of what a combatant does on its turn: the turn.
const ACT: Cost = Cost::new(1, ACTION, 1000);

/// Marks the toy's encounters.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Declarations;

/// What a combatant declared for the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Declared {
    /// A spell at this enemy.
    Spell(Entity),
    /// A retreat.
    Retreat,
}

/// A combatant's declaration and what became of it.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[component(map_entities)]
pub struct DeclareState {
    /// What it declared this round (nothing: it attacks).
    pub declared: Option<Declared>,
    /// Its declared spell was lost: it was hit before it acted.
    pub lost: bool,
    /// It has acted this round.
    pub acted: bool,
}

impl MapEntities for DeclareState {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        if let Some(Declared::Spell(target)) = &mut self.declared {
            *target = mapper.get_mapped(*target);
        }
    }
}

/// The toy's context.
type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, DeclareRules>;

/// The toy's rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct DeclareRules;

/// The toy's test bench.
pub fn bench() -> Bench {
    crate::toys::bench::<DeclareRules>()
}

impl Toy for DeclareRules {
    type State = DeclareState;
    const SAVED: [&'static str; 2] = ["toys::declare::Declarations", "toys::declare::DeclareState"];
    const BLOCKS: &'static str = BLOCKS;
}

/// A spell at `target`.
fn spell(target: Entity) -> Intent {
    Intent::UseAbility {
        ability: SPELL,
        target: Some(target),
    }
}

/// Whether `target` is an enemy of `actor` still in the fight.
fn foe(ctx: &Ctx, actor: Entity, target: Entity) -> Result<(), Refusal> {
    if ctx.enemies(actor, target) && ctx.is_active(target) {
        Ok(())
    } else {
        Err("the target is not an enemy in the fight".into())
    }
}

/// What may be declared: nothing, a retreat, or a spell at an enemy by one who casts.
fn check_declaration(ctx: &Ctx, actor: Entity, intent: &Intent) -> Result<Legal, Refusal> {
    match *intent {
        Intent::Pass | Intent::Retreat => Ok(Legal::costs(Cost::FREE)),
        Intent::UseAbility {
            ability: SPELL,
            target: Some(target),
        } => {
            if ctx.fighter(actor).is_none_or(|f| f.stats.spell <= 0) {
                return Err("it casts no spell".into());
            }
            foe(ctx, actor, target)?;
            Ok(Legal::costs(Cost::FREE))
        }
        _ => Err("one declares a spell, a retreat, or nothing".into()),
    }
}

/// What may be done on the turn: what was declared.
fn check_turn(ctx: &Ctx, actor: Entity, intent: &Intent) -> Result<Legal, Refusal> {
    if *intent == Intent::EndTurn {
        return Ok(Legal::costs(Cost::FREE));
    }
    let state = ctx
        .fighter(actor)
        .map(|f| *f.state)
        .ok_or("no such combatant")?;
    if state.acted {
        return Err("it has acted this round".into());
    }
    match (*intent, state.declared) {
        (
            Intent::UseAbility {
                ability: SPELL,
                target: Some(target),
            },
            Some(Declared::Spell(declared)),
        ) if target == declared => {
            if state.lost {
                return Err("its spell was lost: it was hit before it could cast".into());
            }
            foe(ctx, actor, target)?;
            Ok(Legal::costs(ACT))
        }
        (Intent::Retreat, Some(Declared::Retreat)) => Ok(Legal::costs(ACT)),
        (Intent::Attack { target, .. }, None) if *intent == melee(target) => {
            foe(ctx, actor, target)?;
            Ok(Legal::costs(ACT))
        }
        (Intent::UseAbility { .. } | Intent::Retreat, _) => {
            Err("spells and retreats are declared before initiative".into())
        }
        (Intent::Attack { .. }, Some(_)) => Err("it declared something else for this round".into()),
        _ => Err("it cannot do that".into()),
    }
}

impl RulesBase for DeclareRules {
    const ID: &'static str = ID;
    type Battle = Declarations;
    type Fighter = ToyFighter<DeclareState>;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &WORDS
    }
}

impl Legality for DeclareRules {
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        let ctx = offer.ctx();
        let actor = offer.actor();
        let labels = Labels::get();
        let enemies = || ctx.roster().entities().filter(|&t| ctx.enemies(actor, t));
        match *offer.occasion() {
            Occasion::Declaration => {
                for target in enemies() {
                    offer.consider(spell(target), &labels.spell);
                }
                offer.consider_plain(Intent::Retreat);
                offer.consider_plain(Intent::Pass);
            }
            Occasion::Turn => {
                for target in enemies() {
                    offer.consider(spell(target), &labels.spell);
                    offer.consider_plain(melee(target));
                }
                offer.consider_plain(Intent::Retreat);
                offer.consider_plain(Intent::EndTurn);
            }
            Occasion::Reaction { .. } => {}
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
        if !ctx.is_active(actor) && *intent != Intent::EndTurn {
            return Err("it is out of the fight".into());
        }
        match occasion {
            Occasion::Declaration => check_declaration(ctx, actor, intent),
            Occasion::Turn => check_turn(ctx, actor, intent),
            Occasion::Reaction { .. } => Err("there are no reactions".into()),
        }
    }
}

impl Previews for DeclareRules {
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        _occasion: &Occasion,
    ) -> Preview {
        match *intent {
            Intent::Attack { target, .. } => melee_preview(ctx, actor, target),
            Intent::UseAbility {
                target: Some(target),
                ..
            } => {
                let spell = stats(ctx, actor).map_or(0, |me| me.spell);
                attack_preview(0, spell, 0, ctx.hp(target))
            }
            _ => Preview::certain(),
        }
    }

    /// Nobody casts: a toy of declarations has no spells.
    fn casts(_ctx: &Ctx, _e: Entity) -> bool {
        false
    }

    /// Anyone can harm anyone: a toy of declarations has no immunity.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: a toy's turn offers its blows among its own options.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

impl Resolution for DeclareRules {
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        if approved.legal.cost.is_free() {
            return;
        }
        if let Some(mut f) = ctx.fighter_mut(approved.actor) {
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
        let actor = approved.actor;
        match approved.intent {
            Intent::Attack { target, .. } => {
                let hit = melee_strike(ctx, (actor, target), "blow");
                // A caster hit before it acts loses its spell (BX-21).
                let loses = hit
                    && ctx.fighter_mut(target).is_some_and(|mut f| {
                        let casting = matches!(f.state.declared, Some(Declared::Spell(_)));
                        let loses = casting && !f.state.acted && !f.state.lost;
                        f.state.lost |= loses;
                        loses
                    });
                if loses {
                    ctx.note(Some(target), || "is hit and loses its spell.".into());
                }
            }
            Intent::UseAbility {
                target: Some(target),
                ..
            } => {
                let spell = stats(ctx, actor).map_or(0, |me| me.spell);
                ctx.note(Some(actor), || "casts its spell.".into());
                ctx.deal_damage(target, spell, PLAIN, Some("spell"), Some(actor));
            }
            Intent::Retreat => {
                ctx.note(Some(actor), || "retreats from the fight.".into());
                ctx.set_status(actor, Status::Fled);
            }
            _ => {}
        }
        Step::Done
    }

    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        ctx.fighter(approved.actor).is_none_or(|f| f.state.acted)
    }
}

impl TurnFlow for DeclareRules {
    /// Nothing yet: initiative is rolled after each round's declarations.
    fn setup(_ctx: &mut Ctx) {}

    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        let lost = ctx.fighter(actor).is_some_and(|f| f.state.lost);
        if lost {
            ctx.note(Some(actor), || "has lost its spell.".into());
        }
        TurnBegins::Act
    }

    fn vitals(ctx: &mut Ctx, who: Entity) {
        fall(ctx, who);
    }
}

impl Rounds for DeclareRules {
    /// Last round's declarations are forgotten; everyone declares anew.
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        let everyone: SmallVec<[Entity; 16]> = ctx.roster().entities().collect();
        for who in everyone {
            if let Some(mut f) = ctx.fighter_mut(who) {
                *f.state = DeclareState::default();
            }
        }
        RoundPlan::Declarations
    }

    fn declare(ctx: &mut Ctx, who: Entity, intent: Intent) {
        let declared = match intent {
            Intent::UseAbility {
                target: Some(target),
                ..
            } => Declared::Spell(target),
            Intent::Retreat => Declared::Retreat,
            _ => return,
        };
        if let Some(mut f) = ctx.fighter_mut(who) {
            f.state.declared = Some(declared);
        }
        ctx.note(Some(who), || match declared {
            Declared::Spell(_) => "declares a spell.".into(),
            Declared::Retreat => "declares a retreat.".into(),
        });
    }

    /// A d6 each, once everyone has declared.
    fn declarations_done(ctx: &mut Ctx) {
        let entries = roll_units(ctx, 6);
        ctx.order_mut().set(entries);
    }
}

impl Presentation for DeclareRules {}
