//! The duel's legality function, the candidates it judges, and previews.

use bevy_ecs::prelude::*;
use fray_core::cost::{Cost, Timing};
use fray_core::kit::prelude::{Intent, Maneuver, Preview};
use fray_core::kit::{Actor, Legality, Offer, Previews};
use fray_core::legality::{Legal, Occasion, Provocation, Provocations, Refusal, Scope};

use super::{Ctx, DuelRules, MOVEMENT, STANDARD};
use crate::toys::strike::{melee, melee_preview};
use crate::toys::words::{Labels, MELEE, provokes};

impl Legality for DuelRules {
    /// Every intent worth checking: attacks and engagements on every enemy, moves to every
    /// neighbouring region, a delay, the end of the turn; as a reaction, an opportunity attack.
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        let ctx = offer.ctx();
        let actor = offer.actor();
        let labels = Labels::get();
        match *offer.occasion() {
            Occasion::Turn => {
                for t in ctx.roster().entities() {
                    if ctx.enemies(actor, t) {
                        offer.consider_plain(melee(t));
                        offer.consider_plain(Intent::Engage { target: t });
                    }
                }
                for &to in ctx.map().neighbours(ctx.region(actor)) {
                    offer.consider_plain(Intent::Move { to });
                }
                offer.consider_plain(Intent::Delay);
                offer.consider_plain(Intent::EndTurn);
            }
            Occasion::Reaction { provoker, .. } => {
                offer.consider(melee(provoker), &labels.opportunity);
            }
            Occasion::Declaration => {}
        }
    }

    /// The legality function.
    fn check(
        ctx: &Ctx,
        me: &Actor<'_, '_, Self>,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal> {
        let actor = me.entity;
        match *occasion {
            Occasion::Turn => check_turn(ctx, actor, intent, scope),
            Occasion::Reaction { provoker, kind, .. } => {
                if kind != provokes::LEAVING || *intent != melee(provoker) {
                    return Err("the only reaction is an opportunity attack on who leaves".into());
                }
                if !ctx.is_active(actor) {
                    return Err("it is out of the fight".into());
                }
                if !ctx.foes(actor).any(|f| f == provoker) {
                    return Err("it is not engaged with the one leaving".into());
                }
                Ok(Legal::costs(Cost::FREE.paid(Timing::Reaction)))
            }
            Occasion::Declaration => Err("duellists declare nothing".into()),
        }
    }
}

impl Previews for DuelRules {
    /// What an intent would do: an attack's odds; a move's opportunity attacks.
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        legal: &Legal,
        _occasion: &Occasion,
    ) -> Preview {
        match *intent {
            Intent::Attack { target, .. } => melee_preview(ctx, actor, target),
            Intent::Move { .. } => {
                let provokes = if legal.scope == Scope::Reactions {
                    legal.count(provokes::LEAVING)
                } else {
                    ctx.check(actor, intent, &Occasion::Turn, Scope::Reactions)
                        .map_or(0, |full| full.count(provokes::LEAVING))
                };
                Preview {
                    provokes,
                    ..Preview::certain()
                }
            }
            _ => Preview::certain(),
        }
    }

    /// Nobody casts: duellists strike with weapons and have no spells.
    fn casts(_ctx: &Ctx, _e: Entity) -> bool {
        false
    }

    /// Anyone can harm anyone: duellists have no immunity.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: a toy's turn offers its blows among its own options.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

fn check_turn(ctx: &Ctx, actor: Entity, intent: &Intent, scope: Scope) -> Result<Legal, Refusal> {
    if *intent == Intent::EndTurn {
        return Ok(Legal::costs(Cost::FREE));
    }
    if !ctx.is_active(actor) {
        return Err("it is out of the fight".into());
    }
    let state = ctx
        .fighter(actor)
        .map(|f| *f.state)
        .ok_or("no such combatant")?;
    let enemy = |target: Entity| -> Result<(), Refusal> {
        if !ctx.enemies(actor, target) {
            Err("that is not an enemy".into())
        } else if !ctx.is_active(target) {
            Err("the target is out of the fight".into())
        } else {
            Ok(())
        }
    };
    match *intent {
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => {
            if attack != MELEE || maneuver != Maneuver::STANDARD {
                return Err("a duellist has one attack".into());
            }
            if !state.standard {
                return Err("its attack is spent".into());
            }
            enemy(target)?;
            if !ctx.foes(actor).any(|f| f == target) {
                return Err("the target is out of reach: engage it first".into());
            }
            Ok(Legal::costs(STANDARD))
        }
        Intent::Engage { target } => {
            if !state.movement {
                return Err("its move is spent".into());
            }
            enemy(target)?;
            if ctx.region(target) != ctx.region(actor) {
                return Err("the target is in another region".into());
            }
            if ctx.foes(actor).any(|f| f == target) {
                return Err("it is already engaged with the target".into());
            }
            Ok(Legal::costs(MOVEMENT))
        }
        Intent::Move { to } => {
            if !state.movement {
                return Err("its move is spent".into());
            }
            if !ctx.map().neighbours(ctx.region(actor)).contains(&to) {
                return Err("that region is not next to it".into());
            }
            let mut provoked = Provocations::new();
            if scope == Scope::Reactions {
                provoked.extend(
                    ctx.foes(actor)
                        .filter(|&f| ctx.enemies(actor, f) && ctx.is_active(f))
                        .map(|reactor| Provocation {
                            reactor,
                            kind: provokes::LEAVING,
                        }),
                );
            }
            Ok(Legal::provoking(MOVEMENT, provoked))
        }
        Intent::Delay => {
            if !(state.standard && state.movement) {
                return Err("it has already acted this turn".into());
            }
            if !ctx.can_delay() {
                return Err("nobody acts after it this round".into());
            }
            Ok(Legal::costs(Cost::FREE))
        }
        _ => Err("a duellist cannot do that".into()),
    }
}
