//! The intents worth checking for a combatant, in the order a UI lists them.

use fray_core::ids::{AbilityId, AttackId};
use fray_core::intent::{Intent, Maneuver};
use fray_core::kit::Offer;
use fray_core::legality::Occasion;
use smallvec::SmallVec;

use crate::BxRules;
use crate::labels::Labels;
use crate::turns::{Step, step};
use crate::vocabulary::{PARLEY, SUBDUE};

/// Offers a combatant's candidates; [`crate::legality::check`] keeps the legal ones.
pub fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, BxRules>) {
    let ctx = offer.ctx();
    let actor = offer.actor();
    let labels = Labels::get();
    let sheet = offer.me().fighter.sheet.0.clone();
    let everyone: SmallVec<[bevy_ecs::entity::Entity; 16]> = ctx
        .roster()
        .entities()
        .filter(|&e| ctx.status(e).is_active() || ctx.side(e) == ctx.side(actor))
        .collect();
    let powers = |offer: &mut Offer<'_, '_, '_, '_, '_, BxRules>, spells: bool| {
        for (i, p) in sheet.powers.iter().enumerate() {
            if p.spell != spells {
                continue;
            }
            let ability = AbilityId(u16::try_from(i).unwrap_or(u16::MAX));
            for &target in &everyone {
                offer.consider(
                    Intent::UseAbility {
                        ability,
                        target: Some(target),
                    },
                    &p.label,
                );
            }
        }
    };
    if *offer.occasion() == Occasion::Declaration {
        offer.consider(Intent::Pass, &labels.nothing);
        offer.consider(
            Intent::UseAbility {
                ability: PARLEY,
                target: None,
            },
            &labels.parley,
        );
        powers(offer, true);
        offer.consider(Intent::Disengage, &labels.withdrawal);
        offer.consider(Intent::Retreat, &labels.retreat);
        return;
    }
    let attacks = |offer: &mut Offer<'_, '_, '_, '_, '_, BxRules>, missile: bool| {
        for (i, a) in sheet.attacks.iter().enumerate() {
            if a.is_missile() != missile {
                continue;
            }
            let attack = AttackId(u16::try_from(i).unwrap_or(u16::MAX));
            for &target in &everyone {
                let plain = Intent::Attack {
                    target,
                    attack,
                    maneuver: Maneuver::STANDARD,
                };
                if offer.consider(plain, &a.label) && !missile && sheet.character {
                    offer.consider(
                        Intent::Attack {
                            target,
                            attack,
                            maneuver: SUBDUE,
                        },
                        &a.label,
                    );
                }
            }
        }
    };
    match step(ctx) {
        Step::Movement => {
            for &target in &everyone {
                offer.consider(Intent::Engage { target }, &labels.engage);
            }
            for &to in ctx.map().neighbours(ctx.region(actor)) {
                offer.consider(Intent::Move { to }, &labels.moving);
            }
            offer.consider(Intent::Flee, &labels.leave);
        }
        Step::Missiles => {
            attacks(offer, true);
            powers(offer, false);
        }
        Step::Spells => powers(offer, true),
        Step::Melee | Step::Slow => attacks(offer, false),
    }
    offer.consider(Intent::EndTurn, &labels.end_turn);
}
