//! The intents worth checking for a combatant, in the order a UI lists them.

use fray_core::ids::AttackId;
use fray_core::intent::{Intent, Maneuver, Readied, Trigger};
use fray_core::kit::Offer;
use fray_core::legality::Occasion;
use smallvec::SmallVec;

use crate::DrRules;
use crate::labels::Labels;
use crate::statblock::ActionKind;
use crate::vocabulary::{MASTERY, PRESS, provokes};

/// Spending a mastery point.
const SPEND: Intent = Intent::UseAbility {
    ability: MASTERY,
    target: None,
};

/// Offers a combatant's candidates; [`crate::legality::check`] keeps the legal ones.
pub fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, DrRules>) {
    let ctx = offer.ctx();
    let actor = offer.actor();
    let labels = Labels::get();
    let sheet = offer.me().fighter.sheet.0.clone();
    let attacks = |offer: &mut Offer<'_, '_, '_, '_, '_, DrRules>, target| {
        for (i, a) in sheet.attacks.iter().enumerate() {
            let attack = AttackId(u16::try_from(i).unwrap_or(u16::MAX));
            offer.consider(
                Intent::Attack {
                    target,
                    attack,
                    maneuver: Maneuver::STANDARD,
                },
                &a.label,
            );
        }
    };
    match *offer.occasion() {
        Occasion::Declaration => {
            offer.consider(SPEND, &labels.mastery);
            offer.consider(Intent::Pass, &labels.keep);
        }
        Occasion::Reaction { provoker, kind, .. } => match kind {
            provokes::MASTERY => {
                offer.consider(SPEND, &labels.mastery);
            }
            _ => attacks(offer, provoker),
        },
        Occasion::Turn => {
            let foes: SmallVec<[bevy_ecs::entity::Entity; 16]> = ctx
                .roster()
                .entities()
                .filter(|&e| ctx.enemies(actor, e) && ctx.is_active(e))
                .collect();
            for &target in &foes {
                attacks(offer, target);
                for (i, a) in sheet.attacks.iter().enumerate() {
                    if a.kind == ActionKind::Major {
                        let attack = AttackId(u16::try_from(i).unwrap_or(u16::MAX));
                        offer.consider(
                            Intent::Attack {
                                target,
                                attack,
                                maneuver: PRESS,
                            },
                            &a.label,
                        );
                    }
                }
            }
            let here = ctx.region(actor);
            for to in ctx.map().ids() {
                if to != here {
                    offer.consider(Intent::Move { to }, &labels.moving);
                }
            }
            offer.consider(Intent::Disengage, &labels.careful);
            for &target in &foes {
                for i in 0..sheet.attacks.len() {
                    let attack = AttackId(u16::try_from(i).unwrap_or(u16::MAX));
                    offer.consider(
                        Intent::Ready {
                            trigger: Trigger::EnemyAttacksMe,
                            intent: Readied::Attack {
                                target,
                                attack,
                                maneuver: Maneuver::STANDARD,
                            },
                        },
                        &labels.ready,
                    );
                }
            }
            for (i, a) in sheet.attacks.iter().enumerate() {
                if !a.ranged {
                    let attack = AttackId(u16::try_from(i).unwrap_or(u16::MAX));
                    offer.consider(
                        Intent::Ready {
                            trigger: Trigger::EnemyMoves,
                            // The target is whoever enters; until then, the readier.
                            intent: Readied::Attack {
                                target: actor,
                                attack,
                                maneuver: Maneuver::STANDARD,
                            },
                        },
                        &labels.ready,
                    );
                }
            }
            offer.consider(Intent::Delay, &labels.delay);
            offer.consider(Intent::EndTurn, &labels.end_turn);
        }
    }
}
