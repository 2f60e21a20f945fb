//! OHO's legality function, and the offers of a decision: a turn's candidates that pass it (a
//! confused creature's one action picked at random), or a reactor's withheld action or attacks of
//! opportunity.
//!
//! [`check`](OhoRules::check) is the only place that says what is legal: an offer is the
//! [candidates](crate::candidates) that pass it, a refused request carries its reason, and the
//! reactions an intent provokes - withheld actions it sets off (OHO-05), then attacks of
//! opportunity (OHO-14) - are the ones it lists.
//!
//! On its turn a creature may
//! - attack a creature it engages, within the weapon's reach: a normal action (3 s), or a
//!   full-round action taking the whole untouched gauge; ordinary or called at the head, an arm,
//!   a leg or the groin (OHO-08, OHO-15);
//! - engage a creature within reach (1 s), while it engages fewer than its limit (OHO-13);
//! - disengage (1 s) from every engagement, either way (OHO-13);
//! - move into a neighbouring region, priced as the quickest mix of move actions and dashes
//!   that covers the region and its hamper value (OHO-04, OHO-06);
//! - withhold an attack or a move until a trigger: 0.5 s for the reaction plus the action's own
//!   time, paid now (OHO-05);
//! - end the turn.
//!
//! A confused creature takes the one of these picked for it at random (OHO-20).

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_core::kit::{Legality, Offer};
use fray_core::legality::{Provocation, Provocations};
use fray_core::rng::derive_seed;
use smallvec::SmallVec;

use crate::body::BodyPart;
use crate::candidates::{affordable, attack_time};
use crate::fighter::{able, pace};
use crate::gauge::{Atg, cost, reaction_cost};
use crate::labels::Labels;
use crate::ops::OhoOps;
use crate::rules::{NORMAL, QUICK, REACTION, crossing_feet, seconds, stride};
use crate::sheet::SheetData;
use crate::state::{OhoState, Withheld};
use crate::vocabulary::provokes;
use crate::{Ctx, Me, OhoRules};

impl Legality for OhoRules {
    /// Offers every intent worth checking for the decider, in the order a UI lists them.
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, OhoRules>) {
        match *offer.occasion() {
            Occasion::Turn => offer_turn(offer),
            Occasion::Reaction { provoker, kind, .. } => offer_reaction(offer, provoker, kind),
            Occasion::Declaration => {}
        }
    }

    /// The legality function: whether `actor` may do `intent` now, on `occasion`.
    fn check(
        ctx: &Ctx,
        me: &Me,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal> {
        match *occasion {
            Occasion::Turn => check_turn(ctx, me, intent, scope),
            Occasion::Reaction {
                provoker,
                intent: provoking,
                kind,
            } => check_reaction(ctx, me, intent, provoker, &provoking, kind),
            Occasion::Declaration => Err("OHO has no declarations".into()),
        }
    }
}

/// Why a confused creature may do nothing but the action picked for it.
const CONFUSED: &str = "it is confused: it can only take the action picked for it";

/// Why a withheld action is refused, when it already withholds none.
const WITHHOLDING: &str = "withholding takes 0.5s plus the action's time, and only an attack on a foe it can reach or a move out of the way can be withheld (OHO-05)";

/// What every check of a turn's intent reads of its actor, read once.
struct Actor<'c> {
    entity: Entity,
    side: Option<SideId>,
    sheet: &'c SheetData,
    state: &'c OhoState,
    atg: Atg,
    conditions: &'c Conditions,
    engagement: Option<&'c Engagement>,
    here: RegionId,
    /// Whether the check lists the reactions an intent provokes ([`Scope::Reactions`]).
    reactions: bool,
}

impl<'c> Actor<'c> {
    /// The actor the kit read, as the checks of its turn see it.
    fn of(me: &Me<'c, '_>, scope: Scope) -> Self {
        Self {
            entity: me.entity,
            side: Some(me.row.side),
            sheet: &me.fighter.sheet.0,
            state: me.fighter.state,
            atg: *me.fighter.atg,
            conditions: &me.row.conditions,
            engagement: Some(&me.row.engagement),
            here: me.row.region,
            reactions: scope == Scope::Reactions,
        }
    }

    /// Whom it engages.
    fn engaging(&self) -> &'c [Entity] {
        self.engagement.map_or(&[], Engagement::engaging)
    }

    /// Whether `e` is one of its enemies (`None`: `e` is no combatant).
    fn enemy(&self, ctx: &Ctx, e: Entity) -> Option<bool> {
        ctx.side(e)
            .map(|side| self.side.is_some_and(|mine| mine != side))
    }
}

/// A turn's intent: a creature that cannot act may only end its turn; a confused one only
/// take the action picked for it.
fn check_turn(ctx: &Ctx, me: &Me, intent: &Intent, scope: Scope) -> Result<Legal, Refusal> {
    let actor = me.entity;
    let a = Actor::of(me, scope);
    if !able(ctx.status(actor), a.conditions) {
        return if *intent == Intent::EndTurn {
            Ok(Legal::costs(Cost::FREE))
        } else {
            Err("it is disabled and cannot act".into())
        };
    }
    if a.conditions.has(Condition::CONFUSED) {
        return match pick(ctx, &a) {
            Some(picked) if picked.intent == *intent => check_plain(ctx, &a, intent),
            _ => Err(CONFUSED.into()),
        };
    }
    check_plain(ctx, &a, intent)
}

/// The action picked at random for a confused creature (OHO-20): the `face`-th of the `of`
/// actions it could take, as a die of `of` sides would show it.
pub(crate) struct Pick {
    /// The action.
    pub intent: Intent,
    /// Its label.
    pub label: Arc<str>,
    /// Its place among the actions it could take, from 1.
    pub face: u32,
    /// How many actions it could take.
    pub of: u32,
}

/// The one action a confused creature takes, picked at random among those it could take
/// (OHO-20): by a stream derived from the encounter's seed and the turn, so no die of the
/// fight's own stream is spent and judging it changes nothing. The pick is logged as a roll
/// when the action is taken (`OhoRules::pay`).
pub(crate) fn confused_pick(ctx: &Ctx, actor: Entity) -> Option<Pick> {
    let me = ctx.actor(actor)?;
    pick(ctx, &Actor::of(&me, Scope::Price))
}

/// [`confused_pick`] for an actor already read.
fn pick(ctx: &Ctx, a: &Actor) -> Option<Pick> {
    let mut legal: SmallVec<[(Intent, Arc<str>); 32]> = SmallVec::new();
    crate::candidates::turn(ctx, a.entity, |intent, label| {
        if check_plain(ctx, a, &intent).is_ok() {
            legal.push((intent, label.clone()));
        }
    });
    let turn = ctx.turn();
    let stream = (u64::from(turn.serial()) << 32) | u64::from(turn.version());
    let of = u32::try_from(legal.len()).unwrap_or(u32::MAX);
    let index = derive_seed(ctx.seed(), stream) % u64::from(of.max(1));
    let face = u32::try_from(index).unwrap_or(0);
    let (intent, label) = legal.into_iter().nth(usize::try_from(index).unwrap_or(0))?;
    Some(Pick {
        intent,
        label,
        face: face + 1,
        of,
    })
}

/// `left` of the gauge is not enough for what takes `needs`.
fn short(left: u16, needs: u16) -> Refusal {
    format!(
        "it has {} of its gauge left and that takes {}",
        seconds(left),
        seconds(needs)
    )
    .into()
}

/// Whether `e` is one of the encounter's combatants.
fn in_roster(ctx: &Ctx, e: Entity) -> bool {
    ctx.roster()
        .get(ctx.id(e))
        .is_some_and(|entry| entry.entity == e)
}

/// A turn's intent, confusion aside.
fn check_plain(ctx: &Ctx, a: &Actor, intent: &Intent) -> Result<Legal, Refusal> {
    let actor = a.entity;
    let sheet = a.sheet;
    let atg = a.atg;
    let left = atg.remaining;
    let engaging = a.engaging();
    let here = a.here;
    let conditions = a.conditions;
    let blind = conditions.has(Condition::BLINDED);
    match *intent {
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => {
            let i = attack.index();
            let weapon = sheet
                .weapons
                .get(i)
                .ok_or_else(|| format!("it has no weapon number {i}"))?;
            match a.enemy(ctx, target) {
                None => return Err("there is no such target".into()),
                Some(false) => return Err("that is not an enemy".into()),
                Some(true) => {}
            }
            if !ctx.status(target).is_active() {
                return Err("the target is out of the fight".into());
            }
            if !engaging.contains(&target) {
                return Err("to attack, it must first engage the target (OHO-08)".into());
            }
            if ctx.map().hops(here, ctx.region(target)) > weapon.reach {
                return Err(format!("the target is out of reach of its {}", weapon.name).into());
            }
            let aim = BodyPart::of(maneuver);
            if blind && (weapon.reach > 0 || aim.is_some()) {
                return Err("it is blinded: shooting and called shots need sight".into());
            }
            if maneuver != Maneuver::STANDARD && aim.is_none() {
                return Err("OHO has no such maneuver".into());
            }
            if !affordable(weapon, &atg) {
                if weapon.full_round {
                    return Err(
                        "a full-round action needs the whole untouched gauge (OHO-03)".into(),
                    );
                }
                return Err(short(left, attack_time(weapon, &atg)));
            }
            let mut provoked = Provocations::new();
            if a.reactions {
                withheld_set_off(ctx, actor, intent, &mut provoked);
            }
            Ok(Legal::provoking(cost(attack_time(weapon, &atg)), provoked))
        }
        Intent::Engage { target } => {
            if a.enemy(ctx, target) != Some(true) {
                return Err("that is not an enemy".into());
            }
            if left < QUICK {
                return Err(short(left, QUICK));
            }
            if engaging.contains(&target) {
                return Err("it engages that target already".into());
            }
            if engaging.len() >= usize::from(sheet.engage_limit) {
                return Err(
                    "it engages as many creatures as it can: disengage first (OHO-13)".into(),
                );
            }
            if ctx.battle().frightened.keeps_from_engaging(conditions) {
                return Err("it is frightened and will not close in".into());
            }
            if !in_roster(ctx, target)
                || !ctx.status(target).is_active()
                || ctx.map().hops(here, ctx.region(target)) > sheet.reach()
            {
                return Err("the target is out of reach or out of the fight".into());
            }
            let mut provoked = Provocations::new();
            if a.reactions {
                withheld_set_off(ctx, actor, intent, &mut provoked);
            }
            Ok(Legal::provoking(cost(QUICK), provoked))
        }
        Intent::Disengage => {
            if !a.engagement.is_some_and(Engagement::is_engaged) {
                return Err("it is not engaged".into());
            }
            if left < QUICK {
                return Err(short(left, QUICK));
            }
            Ok(Legal::costs(cost(QUICK)))
        }
        Intent::Move { to } => {
            let map = ctx.map();
            if to.index() >= map.len() {
                return Err(format!("there is no region {} on this map", to.0).into());
            }
            if !map.neighbours(here).contains(&to) {
                return Err(format!("{} is not next to {}", map.name(to), map.name(here)).into());
            }
            let (speed, dash) = pace(sheet, conditions, a.state);
            let s = stride(crossing_feet(map.terrain(to).hamper), speed, dash)
                .ok_or("it cannot move")?;
            if s.tenths() > left {
                return Err(short(left, s.tenths()));
            }
            let mut provoked = Provocations::new();
            if a.reactions {
                withheld_set_off(ctx, actor, intent, &mut provoked);
                opportunity(ctx, actor, &mut provoked);
            }
            Ok(Legal::provoking(cost(s.tenths()), provoked))
        }
        Intent::Ready { trigger, intent } => {
            if a.state.withheld.is_some() {
                return Err("it already withholds an action".into());
            }
            let tenths = match intent {
                Readied::Attack {
                    target,
                    attack,
                    maneuver,
                } => {
                    let weapon = sheet
                        .weapons
                        .get(attack.index())
                        .filter(|w| !w.full_round)
                        .ok_or(WITHHOLDING)?;
                    let engaged = engaging.contains(&target);
                    let room = engaging.len() < usize::from(sheet.engage_limit)
                        && !ctx.battle().frightened.keeps_from_engaging(conditions);
                    let closing = match (trigger, engaged) {
                        (Trigger::EnemyAttacksMe | Trigger::EnemyMoves, true) => 0,
                        // Closing in is part of the withheld action: 1 s more (OHO-13).
                        (Trigger::EnemyEngagesMe, false) if room => QUICK,
                        _ => return Err(WITHHOLDING.into()),
                    };
                    let fits = maneuver == Maneuver::STANDARD
                        && a.enemy(ctx, target) == Some(true)
                        && in_roster(ctx, target)
                        && ctx.status(target).is_active()
                        && ctx.map().hops(here, ctx.region(target)) <= weapon.reach
                        && !(blind && weapon.reach > 0);
                    if !fits {
                        return Err(WITHHOLDING.into());
                    }
                    REACTION + NORMAL + closing
                }
                Readied::Move { to } => {
                    // Only while nobody engages it, so the move draws no attack of
                    // opportunity.
                    let free = a.engagement.is_none_or(|e| e.engaged_by().is_empty());
                    let map = ctx.map();
                    let (speed, dash) = pace(sheet, conditions, a.state);
                    let s = (trigger == Trigger::EnemyEngagesMe
                        && free
                        && map.neighbours(here).contains(&to))
                    .then(|| stride(crossing_feet(map.terrain(to).hamper), speed, dash))
                    .flatten()
                    .ok_or(WITHHOLDING)?;
                    REACTION + s.tenths()
                }
                Readied::Engage { .. } | Readied::UseAbility { .. } | Readied::Disengage => {
                    return Err(WITHHOLDING.into());
                }
            };
            if tenths > left {
                return Err(WITHHOLDING.into());
            }
            Ok(Legal::costs(cost(tenths)))
        }
        Intent::EndTurn => Ok(Legal::costs(Cost::FREE)),
        Intent::Pass => Err("there is no reaction to pass on".into()),
        Intent::Delay
        | Intent::Defend
        | Intent::UseAbility { .. }
        | Intent::Rally
        | Intent::Stabilize { .. }
        | Intent::Retreat
        | Intent::Flee => Err(format!("OHO has no {} action", intent.kind()).into()),
        // The kit judges and resolves a surrender itself, for every ruleset.
        Intent::Surrender => Err("a surrender is the kit's to judge".into()),
    }
}

/// Whether withheld action `w` of `reactor` is set off by `provoker` doing `intent` (OHO-05):
/// a withheld strike at `provoker` fires when it attacks the reactor, moves, or engages the
/// reactor, as its trigger says; a withheld move fires when anyone engages the reactor.
fn sets_off(w: &Withheld, reactor: Entity, provoker: Entity, intent: &Intent) -> bool {
    let aimed_at_provoker =
        matches!(w.intent, Readied::Attack { target, .. } if target == provoker);
    match (w.trigger, intent) {
        (Trigger::EnemyAttacksMe, Intent::Attack { target, .. }) => {
            *target == reactor && aimed_at_provoker
        }
        (Trigger::EnemyMoves, Intent::Move { .. }) => aimed_at_provoker,
        (Trigger::EnemyEngagesMe, Intent::Engage { target }) => {
            *target == reactor && (aimed_at_provoker || matches!(w.intent, Readied::Move { .. }))
        }
        _ => false,
    }
}

/// Whether `reactor`'s withheld action is set off by `actor` doing `intent`: it is an enemy
/// able to act, and its trigger fits.
fn sets_off_now(ctx: &Ctx, reactor: Entity, actor: Entity, intent: &Intent) -> bool {
    let Some(w) = ctx.fighter(reactor).and_then(|f| f.state.withheld) else {
        return false;
    };
    ctx.enemies(actor, reactor) && ctx.can_act(reactor) && sets_off(&w, reactor, actor, intent)
}

/// The withheld actions `actor` doing `intent` sets off (OHO-05): only attacking, moving and
/// engaging set anything off, and an attack or an engagement only what its target withholds.
fn withheld_set_off(ctx: &Ctx, actor: Entity, intent: &Intent, out: &mut Provocations) {
    let mut consider = |e: Entity| {
        if sets_off_now(ctx, e, actor, intent) {
            out.push(Provocation {
                reactor: e,
                kind: provokes::WITHHELD,
            });
        }
    };
    match *intent {
        Intent::Attack { target, .. } | Intent::Engage { target }
            if ctx
                .fighter(target)
                .is_some_and(|f| f.state.withheld.is_some())
                && in_roster(ctx, target) =>
        {
            consider(target);
        }
        Intent::Move { .. } => ctx.roster().entities().for_each(consider),
        _ => {}
    }
}

/// The attacks of opportunity a move of `actor` draws (OHO-14): from the creatures engaging
/// it that threaten it where it stands; then from those whose withheld strike, set off by the
/// move, closes in on it first (`out` already lists the withheld actions it sets off).
fn opportunity(ctx: &Ctx, actor: Entity, out: &mut Provocations) {
    let here = ctx.region(actor);
    let round = ctx.round();
    let engaged_by = ctx
        .engagement(actor)
        .map_or(&[][..], Engagement::engaged_by);
    let mut found: SmallVec<[Entity; 8]> = engaged_by
        .iter()
        .copied()
        .filter(|x| ctx.threatens(*x, here, round))
        .collect();
    for p in out.iter().filter(|p| p.kind == provokes::WITHHELD) {
        let strikes = ctx
            .fighter(p.reactor)
            .and_then(|f| f.state.withheld)
            .is_some_and(|w| matches!(w.intent, Readied::Attack { target, .. } if target == actor));
        if strikes && !engaged_by.contains(&p.reactor) {
            found.push(p.reactor);
        }
    }
    out.extend(found.into_iter().map(|reactor| Provocation {
        reactor,
        kind: provokes::OPPORTUNITY,
    }));
}

/// Whether `reactor` may answer `provoker`'s `provoking` intent (a provocation of `kind`) with
/// `intent`: its withheld action set off (paid when it was withheld), or an attack of
/// opportunity with any weapon but a full-round one, half a second from its gauge (OHO-14).
fn check_reaction(
    ctx: &Ctx,
    me: &Me,
    intent: &Intent,
    provoker: Entity,
    provoking: &Intent,
    kind: u8,
) -> Result<Legal, Refusal> {
    let reactor = me.entity;
    if *intent == Intent::Pass {
        return Ok(Legal::costs(Cost::FREE));
    }
    let f = &me.fighter;
    match kind {
        provokes::WITHHELD => {
            let w = f.state.withheld.ok_or("it withholds no action")?;
            if !sets_off_now(ctx, reactor, provoker, provoking) {
                return Err("its withheld action is not set off".into());
            }
            if w.intent.intent() != *intent {
                return Err("that is not its withheld action".into());
            }
            Ok(Legal::costs(Cost::FREE))
        }
        provokes::OPPORTUNITY => {
            let Intent::Attack {
                target,
                attack,
                maneuver,
            } = *intent
            else {
                return Err("an attack of opportunity is an attack".into());
            };
            let usable = f
                .sheet
                .0
                .weapons
                .get(attack.index())
                .is_some_and(|w| !w.full_round);
            if target != provoker || maneuver != Maneuver::STANDARD || !usable {
                return Err(
                    "an attack of opportunity is an ordinary attack on the mover with a weapon that is not a full-round action".into(),
                );
            }
            let threatens = matches!(provoking, Intent::Move { .. })
                && ctx.engaging(reactor, provoker)
                && ctx.threatens(reactor, ctx.region(provoker), ctx.round());
            if !threatens {
                return Err("it cannot make an attack of opportunity now".into());
            }
            Ok(Legal::costs(reaction_cost(REACTION)))
        }
        _ => Err("that is not one of the reactions it may take".into()),
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
