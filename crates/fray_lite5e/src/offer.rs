//! The intents worth checking for a combatant, in the order a UI lists them.

use bevy_ecs::prelude::*;
use fray_core::ids::{AbilityId, AttackId};
use fray_core::intent::{Intent, Maneuver};
use fray_core::kit::Offer;
use smallvec::SmallVec;

use crate::L5Rules;
use crate::labels::Labels;
use crate::vocabulary::HIDE;

/// Offers a combatant's candidates; [`crate::legality::check`] keeps the legal ones.
pub fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, L5Rules>) {
    let ctx = offer.ctx();
    let actor = offer.actor();
    let labels = Labels::get();
    let sheet = offer.me().fighter.sheet.0.clone();
    let everyone: SmallVec<[Entity; 16]> = ctx
        .roster()
        .entities()
        .filter(|&e| ctx.status(e).takes_turns())
        .collect();
    for (i, (a, label)) in sheet.attacks.iter().enumerate() {
        let index = u16::try_from(i).unwrap_or(u16::MAX);
        for &target in &everyone {
            let intent = if a.heal {
                Intent::UseAbility {
                    ability: AbilityId(index),
                    target: Some(target),
                }
            } else {
                Intent::Attack {
                    target,
                    attack: AttackId(index),
                    maneuver: Maneuver::STANDARD,
                }
            };
            offer.consider(intent, label);
        }
    }
    for &target in &everyone {
        offer.consider(Intent::Stabilize { target }, &labels.stabilize);
    }
    for &to in ctx.map().neighbours(ctx.region(actor)) {
        offer.consider(Intent::Move { to }, &labels.moving);
    }
    offer.consider(
        Intent::UseAbility {
            ability: HIDE,
            target: None,
        },
        &labels.hide,
    );
    offer.consider(Intent::Retreat, &labels.retreat);
    offer.consider(Intent::Delay, &labels.delay);
    offer.consider(Intent::EndTurn, &labels.end_turn);
}
