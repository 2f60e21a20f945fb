//! The offers of a decision: a turn's candidates that pass the legality check (a confused
//! creature's one action picked at random), or a reactor's withheld action or attacks of
//! opportunity.

use bevy_ecs::prelude::*;
use fray_core::kit::Offer;
use fray_core::kit::prelude::*;

use crate::OhoRules;
use crate::labels::Labels;
use crate::legality::confused_pick;
use crate::ops::OhoOps;
use crate::vocabulary::provokes;

/// Offers every intent worth checking for the decider, in the order a UI lists them.
pub(crate) fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, OhoRules>) {
    match *offer.occasion() {
        Occasion::Turn => offer_turn(offer),
        Occasion::Reaction { provoker, kind, .. } => offer_reaction(offer, provoker, kind),
        Occasion::Declaration => {}
    }
}

/// A turn's candidates. A confused creature is offered only the action picked for it (OHO-20):
/// the legality check refuses every other, so a request for one is refused too.
fn offer_turn(offer: &mut Offer<'_, '_, '_, '_, '_, OhoRules>) {
    let ctx = offer.ctx();
    let actor = offer.actor();
    if ctx.has(actor, Condition::CONFUSED) && ctx.can_act(actor) {
        if let Some(pick) = confused_pick(ctx, actor) {
            offer.consider(pick.intent, &pick.label);
        }
        return;
    }
    crate::candidates::turn(ctx, actor, |intent, label| {
        offer.consider(intent, label);
    });
}

/// A reactor's candidates: its withheld action, set off (OHO-05); or an attack of opportunity
/// on the mover with each weapon but a full-round one (OHO-14).
fn offer_reaction(offer: &mut Offer<'_, '_, '_, '_, '_, OhoRules>, provoker: Entity, kind: u8) {
    let ctx = offer.ctx();
    let reactor = offer.actor();
    let Some(f) = ctx.fighter(reactor) else {
        return;
    };
    let weapons = &f.sheet.0.weapons;
    match kind {
        provokes::WITHHELD => {
            let Some(w) = f.state.withheld else {
                return;
            };
            let label = match w.intent {
                Readied::Attack { attack, .. } => match weapons.get(attack.index()) {
                    Some(weapon) => weapon.withheld_label(),
                    None => return,
                },
                _ => &Labels::get().withhold_move,
            };
            offer.consider(w.intent.intent(), label);
        }
        _ => {
            for (i, weapon) in weapons.iter().enumerate() {
                if weapon.full_round {
                    continue;
                }
                let intent = Intent::Attack {
                    target: provoker,
                    attack: AttackId(i as u16),
                    maneuver: Maneuver::STANDARD,
                };
                offer.consider(intent, &weapon.label);
            }
        }
    }
}
