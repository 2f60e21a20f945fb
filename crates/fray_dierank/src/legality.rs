//! Die-rank's one legality function: what a combatant may do on its turn, out of turn and
//! before the first round, with the price in its action economy (DR-13, DR-14) and the
//! reactions it provokes (DR-13, DR-16..DR-18); and the intents worth checking for a
//! combatant, in the order a UI lists them.

use bevy_ecs::prelude::*;
use fray_core::cost::{Cost, Timing};
use fray_core::ids::AttackId;
use fray_core::intent::{Intent, Maneuver, Readied, Trigger};
use fray_core::kit::{Legality, Offer};
use fray_core::legality::{Legal, Occasion, Provocation, Provocations, Refusal, Scope};
use fray_core::region::EncounterMap;
use smallvec::SmallVec;

use crate::labels::Labels;
use crate::movement::{Way, beset, entered, provoked, way};
use crate::sheet::{SheetAttack, SheetData};
use crate::statblock::ActionKind;
use crate::state::{DrState, Ready};
use crate::vocabulary::{MASTERY, PRESS, provokes, unit};
use crate::{Ctx, DrRules, Me, mastery};

impl Legality for DrRules {
    /// Offers a combatant's candidates, in the order a UI lists them; [`Legality::check`] keeps
    /// the legal ones.
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, Self>) {
        let ctx = offer.ctx();
        let actor = offer.actor();
        let labels = Labels::get();
        let sheet = offer.me().fighter.sheet.0.clone();
        let attacks = |offer: &mut Offer<'_, '_, '_, '_, '_, Self>, target| {
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
                offer.consider(USE_MASTERY, &labels.mastery_initiative);
                offer.consider(Intent::Pass, &labels.keep);
            }
            Occasion::Reaction { provoker, kind, .. } => match kind {
                provokes::MASTERY => {
                    offer.consider(USE_MASTERY, &labels.mastery);
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
                            let label = if a.press_label.is_empty() {
                                &a.label
                            } else {
                                &a.press_label
                            };
                            offer.consider(
                                Intent::Attack {
                                    target,
                                    attack,
                                    maneuver: PRESS,
                                },
                                label,
                            );
                        }
                    }
                }
                let here = ctx.region(actor);
                for to in ctx.map().ids() {
                    if to != here {
                        offer.consider_plain(Intent::Move { to });
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
                offer.consider_plain(Intent::Delay);
                offer.consider_plain(Intent::EndTurn);
            }
        }
    }

    /// The legality function (see [`fray_core::kit::Legality::check`]).
    fn check(
        ctx: &Ctx,
        me: &Me,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal> {
        if matches!(
            (occasion, intent),
            (Occasion::Declaration, Intent::Pass) | (Occasion::Turn, Intent::EndTurn)
        ) {
            return Ok(Legal::costs(Cost::FREE));
        }
        if !me.row.status.is_active() {
            return Err("it is out of the fight".into());
        }
        match occasion {
            Occasion::Turn => turn(ctx, me, intent, scope),
            Occasion::Reaction {
                provoker,
                intent: provoking,
                kind,
            } => reaction(ctx, me, intent, (*provoker, provoking, *kind)),
            Occasion::Declaration => match intent {
                Intent::UseAbility {
                    ability: MASTERY,
                    target: None,
                } if mastery::can_spend_on_roll(ctx, me.entity) => Ok(Legal::costs(SPEND)),
                Intent::UseAbility {
                    ability: MASTERY, ..
                } => Err("it has no mastery point to spend on initiative".into()),
                _ => Err(
                    "before the first round one spends a mastery point on initiative, or not"
                        .into(),
                ),
            },
        }
    }
}

/// Spending a mastery point.
const USE_MASTERY: Intent = Intent::UseAbility {
    ability: MASTERY,
    target: None,
};

/// Spending a mastery point on a roll: no action points.
pub const SPEND: Cost = Cost::new(1, unit::MP, 0).paid(Timing::Reaction);

/// Thousandths of a turn one of `ap` action points is.
fn share(ap: u8) -> u16 {
    1000 / u16::from(ap.max(1))
}

/// The price of an action of `kind` for a combatant with `ap` action points a turn and
/// `left` of them now.
pub fn price(kind: ActionKind, ap: u8, left: u8) -> Cost {
    match kind {
        ActionKind::Minor => Cost::new(1, unit::MINOR, share(ap)),
        ActionKind::Major => Cost::new(1, unit::MAJOR, 1000),
        ActionKind::Exclusive => Cost::new(u16::from(left), unit::EXCLUSIVE, 1000),
    }
}

/// Whether `state` can pay an action of `kind` now (DR-14): a point left; a major action
/// below its rank's count; an exclusive one before anything else this turn.
fn affords(kind: ActionKind, sheet: &SheetData, state: &DrState) -> Result<(), Refusal> {
    if state.left == 0 || state.ended {
        return Err("it has no action points left this turn".into());
    }
    match kind {
        ActionKind::Minor => Ok(()),
        ActionKind::Major if state.majors >= sheet.rank => {
            Err("it has taken as many major actions as its rank this turn".into())
        }
        ActionKind::Major => Ok(()),
        ActionKind::Exclusive if state.spent => {
            Err("an exclusive action takes the whole turn: it has acted already".into())
        }
        ActionKind::Exclusive => Ok(()),
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

/// Whether an attack reaches from `actor` to `target`: a melee attack in its own region, a
/// ranged one to adjacent regions and further (DR-15).
pub fn reaches(attack: &SheetAttack, hops: u8) -> bool {
    if attack.ranged {
        hops >= 1 && hops != EncounterMap::UNREACHABLE
    } else {
        hops == 0
    }
}

/// Attack `index` of `me` on `target`, if it can be made now (whoever's turn it is).
fn attack<'s>(
    ctx: &Ctx,
    me: &'s Me,
    target: Entity,
    index: u16,
) -> Result<&'s SheetAttack, Refusal> {
    let sheet = &me.fighter.sheet.0;
    let a = sheet
        .attacks
        .get(usize::from(index))
        .ok_or("it has no such attack")?;
    foe(ctx, me.entity, target)?;
    let hops = ctx.map().hops(me.row.region, ctx.region(target));
    if !reaches(a, hops) {
        return Err(if a.ranged {
            "a ranged attack reaches adjacent regions or further, not its own".into()
        } else {
            "a melee attack reaches only its own region".into()
        });
    }
    if a.cooldown && me.fighter.state.cooling(index) {
        return Err("that attack is cooling down: not this turn or the next".into());
    }
    Ok(a)
}

/// What may be done on one's turn.
fn turn(ctx: &Ctx, me: &Me, intent: &Intent, scope: Scope) -> Result<Legal, Refusal> {
    let (sheet, state) = (&me.fighter.sheet.0, me.fighter.state);
    match *intent {
        Intent::Attack {
            target,
            attack: id,
            maneuver,
        } => {
            let a = attack(ctx, me, target, id.0)?;
            let cost = match maneuver {
                Maneuver::STANDARD => {
                    affords(a.kind, sheet, state)?;
                    price(a.kind, sheet.ap, state.left)
                }
                PRESS => {
                    if a.kind != ActionKind::Major {
                        return Err("only a major action is pressed on".into());
                    }
                    affords(a.kind, sheet, state)?;
                    if sheet.rank < 2 {
                        return Err("only rank 2 and above press on with a mastery point".into());
                    }
                    if state.left < 2 {
                        return Err("no action point would be left to go on with".into());
                    }
                    if mastery::available(ctx, me.entity) == 0 {
                        return Err("it has no mastery point to press on with".into());
                    }
                    Cost::new(1, unit::PRESSED, share(sheet.ap))
                }
                _ => return Err("die-rank has no such maneuver".into()),
            };
            let mut provoked = Provocations::new();
            if scope == Scope::Reactions {
                provoked.push(Provocation {
                    reactor: target,
                    kind: provokes::INTERRUPT,
                });
            }
            Ok(Legal::provoking(cost, provoked))
        }
        Intent::Move { to } => {
            if usize::from(to.0) >= ctx.map().len() {
                return Err("no such region".into());
            }
            let from = me.row.region;
            let how = way(ctx, sheet, state.careful, from, to)?;
            let kind = match how {
                Way::Walk | Way::Run { .. } => ActionKind::Minor,
                Way::Careful => ActionKind::Major,
                Way::Hard => ActionKind::Exclusive,
            };
            affords(kind, sheet, state)?;
            let cost = price(kind, sheet.ap, state.left);
            let provoked = if scope == Scope::Reactions {
                provoked(ctx, me.entity, how, (from, to))
            } else {
                Provocations::new()
            };
            Ok(Legal::provoking(cost, provoked))
        }
        Intent::Disengage => {
            if state.careful {
                return Err("it is leaving carefully already".into());
            }
            if !beset(ctx, me.entity) {
                return Err("no enemy shares its region: it leaves freely".into());
            }
            affords(ActionKind::Major, sheet, state)?;
            Ok(Legal::costs(Cost::FREE))
        }
        // Die-rank reads the core's "an enemy moves" as "the next enemy to enter my region"
        // (DR-13: "I will attack the next enemy who comes through the door").
        Intent::Ready {
            trigger: Trigger::EnemyMoves,
            intent:
                Readied::Attack {
                    target,
                    attack: id,
                    maneuver: Maneuver::STANDARD,
                },
        } => {
            // The target is whoever enters; until then the intent names the readier. The
            // attack must reach into its own region.
            if target != me.entity {
                return Err("a readied attack for the next to enter names no target yet".into());
            }
            let a = sheet
                .attacks
                .get(usize::from(id.0))
                .ok_or("it has no such attack")?;
            if a.ranged {
                return Err("one readies a melee attack for the next to enter".into());
            }
            if a.cooldown && state.cooling(id.0) {
                return Err("that attack is cooling down: not this turn or the next".into());
            }
            if a.kind == ActionKind::Exclusive {
                return Err("an exclusive attack cannot be readied".into());
            }
            if state.readied.is_some() {
                return Err("it has an attack readied already".into());
            }
            affords(a.kind, sheet, state)?;
            Ok(Legal::costs(price(a.kind, sheet.ap, state.left)))
        }
        Intent::Ready {
            trigger: Trigger::EnemyAttacksMe,
            intent:
                Readied::Attack {
                    target,
                    attack: id,
                    maneuver: Maneuver::STANDARD,
                },
        } => {
            let a = attack(ctx, me, target, id.0)?;
            if a.kind == ActionKind::Exclusive {
                return Err("an exclusive attack cannot be readied".into());
            }
            if state.readied.is_some() {
                return Err("it has an attack readied already".into());
            }
            affords(a.kind, sheet, state)?;
            Ok(Legal::costs(price(a.kind, sheet.ap, state.left)))
        }
        Intent::Ready { .. } => Err(
            "one readies a plain attack, for when a foe attacks or an enemy enters its region"
                .into(),
        ),
        Intent::Delay => {
            if state.spent || state.careful {
                return Err("it has acted this turn".into());
            }
            if !ctx.can_delay() {
                return Err("nobody acts after it, or another of its group has acted".into());
            }
            Ok(Legal::costs(Cost::FREE))
        }
        _ => Err("die-rank has no such action".into()),
    }
}

/// What may be done out of turn, answering `provoker`'s `provoking` intent.
fn reaction(
    ctx: &Ctx,
    me: &Me,
    intent: &Intent,
    (provoker, provoking, kind): (Entity, &Intent, u8),
) -> Result<Legal, Refusal> {
    let (sheet, state) = (&me.fighter.sheet.0, me.fighter.state);
    match (kind, *intent) {
        (
            provokes::MASTERY,
            Intent::UseAbility {
                ability: MASTERY,
                target: None,
            },
        ) => {
            let party = me.entity == provoker || provoking.target() == Some(me.entity);
            if !party || !matches!(provoking, Intent::Attack { .. }) {
                return Err("one spends mastery points only on one's own rolls".into());
            }
            if !mastery::can_spend_on_roll(ctx, me.entity) {
                return Err(
                    "no mastery point to spend, or its rank's worth spent on this roll".into(),
                );
            }
            Ok(Legal::costs(SPEND))
        }
        (
            provokes::INTERRUPT,
            Intent::Attack {
                target,
                attack: id,
                maneuver: Maneuver::STANDARD,
            },
        ) => {
            let attacked =
                matches!(provoking, Intent::Attack { target, .. } if *target == me.entity);
            if target != provoker || !attacked {
                return Err(
                    "only the target of an attack interrupts it, striking its attacker".into(),
                );
            }
            let a = attack(ctx, me, target, id.0)?;
            if state.readied
                == Some(Ready::Attacked {
                    by: provoker,
                    attack: id.0,
                })
            {
                return Ok(Legal::costs(Cost::FREE));
            }
            interrupting(a, sheet, state)
        }
        (
            provokes::OPPORTUNITY,
            Intent::Attack {
                target,
                attack: id,
                maneuver: Maneuver::STANDARD,
            },
        ) => {
            let Intent::Move { to } = *provoking else {
                return Err("only a move draws opportunity attacks".into());
            };
            if target != provoker {
                return Err("an opportunity attack strikes the mover".into());
            }
            let mover = ctx.fighter(provoker).ok_or("no such mover")?;
            let (mover_sheet, careful) = (mover.sheet.0.clone(), mover.state.careful);
            let from = ctx.region(provoker);
            let how = way(ctx, &mover_sheet, careful, from, to)?;
            if !provoked(ctx, provoker, how, (from, to))
                .iter()
                .any(|p| p.reactor == me.entity)
            {
                return Err("the move does not leave or rush through its region".into());
            }
            let a = sheet
                .attacks
                .get(usize::from(id.0))
                .ok_or("it has no such attack")?;
            if a.ranged || (a.cooldown && state.cooling(id.0)) {
                return Err("an opportunity attack is a melee attack ready to hand".into());
            }
            foe(ctx, me.entity, target)?;
            if a.kind == ActionKind::Exclusive {
                return Err("an exclusive attack is no interrupt".into());
            }
            if state.forfeit || state.owed >= sheet.ap {
                return Err("its whole next turn is spent already".into());
            }
            // An opportunity attack is a minor interrupt, whatever the attack (the seed).
            Ok(Legal::costs(
                price(ActionKind::Minor, sheet.ap, sheet.ap).paid(Timing::NextTurn),
            ))
        }
        (
            provokes::ENTERING,
            Intent::Attack {
                target,
                attack: id,
                maneuver: Maneuver::STANDARD,
            },
        ) => {
            if target != provoker {
                return Err("a readied attack strikes the one who enters".into());
            }
            if state.readied != Some(Ready::Enters { attack: id.0 }) {
                return Err("it readied no such attack for the next to enter".into());
            }
            let Intent::Move { to } = *provoking else {
                return Err("only a move enters a region".into());
            };
            foe(ctx, me.entity, target)?;
            let mover = ctx.fighter(provoker).ok_or("no such mover")?;
            let from = ctx.region(provoker);
            let how = way(ctx, &mover.sheet.0, mover.state.careful, from, to)?;
            if !entered(how, to).contains(&me.row.region) {
                return Err("the move does not enter its region".into());
            }
            // Paid on the turn it was readied.
            Ok(Legal::costs(Cost::FREE))
        }
        _ => Err("it cannot do that now".into()),
    }
}

/// The price of interrupting with attack `a` (DR-13, DR-14): from the next turn's action
/// points; a major interrupt ends that turn.
fn interrupting(a: &SheetAttack, sheet: &SheetData, state: &DrState) -> Result<Legal, Refusal> {
    if a.kind == ActionKind::Exclusive {
        return Err("an exclusive attack is no interrupt".into());
    }
    if a.cooldown {
        return Err("an attack with a cooldown is no interrupt".into());
    }
    if state.forfeit || state.owed >= sheet.ap {
        return Err("its whole next turn is spent already".into());
    }
    Ok(Legal::costs(
        price(a.kind, sheet.ap, sheet.ap).paid(Timing::NextTurn),
    ))
}
