//! Archmage's legality function, and the candidates it judges for offers.
//!
//! [`check`] is the only place that says what is legal: the offer of a turn or a reaction is
//! [`offer`]'s candidates that pass it, a refused request carries its reason, and the reactions
//! an intent provokes (readied actions and interrupts it sets off, opportunity attacks,
//! intercepts) are the ones it lists.

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_core::kit::{Legality, Offer};
use fray_core::legality::{Provocation, Provocations};
use fray_core::lineup::Row;
use smallvec::SmallVec;

use crate::attack::targets_of;
use crate::fighter::{
    engaged_with_active, engaged_with_any_active, hampered, opportunity_attack, stuck,
};
use crate::labels::Labels;
use crate::ops::ArchOps;
use crate::sheet::SheetAttack;
use crate::slots::Slot;
use crate::statblock::{AttackDef, AttackKind, PowerTarget, Usage};
use crate::vocabulary::{COUP_DE_GRACE, provokes};
use crate::{ArchmageRules, Ctx, Me};

impl Legality for ArchmageRules {
    /// Offers every intent worth checking for the decider, in the order a UI lists them.
    fn offer(offer: &mut Offer<'_, '_, '_, '_, '_, ArchmageRules>) {
        match *offer.occasion() {
            Occasion::Turn => offer_turn(offer),
            Occasion::Reaction {
                provoker,
                intent,
                kind,
            } => offer_reaction(offer, provoker, intent, kind),
            Occasion::Declaration => {}
        }
    }

    /// The legality function: whether `actor` may do `intent` now (with the reactions it provokes
    /// for [`Scope::Reactions`]).
    fn check(
        ctx: &Ctx,
        me: &Me,
        intent: &Intent,
        occasion: &Occasion,
        scope: Scope,
    ) -> Result<Legal, Refusal> {
        match *occasion {
            Occasion::Turn => check_turn(ctx, me, intent, scope == Scope::Reactions),
            Occasion::Reaction {
                provoker,
                intent: provoking,
                kind,
            } => check_reaction(ctx, me, intent, provoker, provoking, kind),
            Occasion::Declaration => Err("archmage has no declarations".into()),
        }
    }
}

/// A turn's candidates: every intent whose kind the actor could still pay for, on the targets
/// it could concern (melee attacks on engaged enemies, a coup de grace on helpless ones, powers
/// on nearby allies...). [`check`] judges each; this only spares it hopeless ones, and the
/// conformance suite proves the offer is every legal intent.
fn offer_turn(offer: &mut Offer<'_, '_, '_, '_, '_, ArchmageRules>) {
    let ctx = offer.ctx();
    let actor = offer.actor();
    let labels = Labels::get();
    let Some(f) = ctx.fighter(actor) else {
        return;
    };
    if can_take_actions(ctx, actor) {
        let sheet = f.sheet.0.clone();
        let slots = *f.slots;
        let here = ctx.region(actor);
        let side = offer.me().row.side;
        let standard = slots.can_pay(Slot::Standard);
        if standard {
            offer_attacks(offer, &sheet, slots == crate::slots::ActionSlots::full());
        }
        // Movement: engage a nearby enemy (none while engaged: the check would refuse every
        // one), move to a neighbouring region, disengage.
        if !engaged_with_active(ctx, actor) {
            for (t, row) in ctx.lineup().iter() {
                if row.side != side
                    && row.status.is_active()
                    && ctx.map().hops(here, row.region) <= 1
                {
                    offer.consider_plain(Intent::Engage { target: t });
                }
            }
        }
        for &to in ctx.map().neighbours(here) {
            offer.consider_plain(Intent::Move { to });
        }
        if ctx.engagement(actor).is_some_and(|e| e.is_engaged()) {
            offer.consider_plain(Intent::Disengage);
        }
        // Support: rally, powers, stabilizing a fallen ally, readying an action.
        if standard && sheet.hero {
            offer.consider_plain(Intent::Rally);
        }
        let confused = offer.me().row.conditions.has(Condition::CONFUSED);
        for (i, power) in sheet.powers.iter().enumerate() {
            // Powers the check would refuse whoever they aim at are not built at all.
            if !slots.can_pay(power.def.action)
                || f.state.powers_spent.spent(i)
                || (confused && power.def.usage != Usage::AtWill)
            {
                continue;
            }
            let ability = AbilityId(i as u16);
            match power.def.target {
                PowerTarget::Myself => {
                    offer.consider(
                        Intent::UseAbility {
                            ability,
                            target: None,
                        },
                        &power.label,
                    );
                }
                PowerTarget::NearbyAlly => {
                    for (ally, row) in ctx.lineup().iter() {
                        if row.side == side
                            && row.status.takes_turns()
                            && ctx.map().hops(here, row.region) <= 1
                        {
                            offer.consider(
                                Intent::UseAbility {
                                    ability,
                                    target: Some(ally),
                                },
                                &power.label,
                            );
                        }
                    }
                }
            }
        }
        if standard && sheet.hero {
            for (t, row) in ctx.lineup().iter() {
                if t != actor
                    && row.status == Status::Down
                    && row.side == side
                    && row.region == here
                {
                    offer.consider_plain(Intent::Stabilize { target: t });
                }
            }
        }
        if standard && f.state.readied.is_none() && offer.wants(IntentKind::Ready) {
            crate::readied::offer(offer, &sheet);
        }
        if slots == crate::slots::ActionSlots::full() {
            offer.consider_plain(Intent::Delay);
        }
        if sheet.hero {
            offer.consider(Intent::Flee, &labels.flee);
        }
    }
    offer.consider_plain(Intent::EndTurn);
}

/// Attacks: melee attacks and close spells on the enemies engaged with the actor, ranged ones
/// on enemies in reach; a coup de grace with each on a helpless enemy when the turn is unspent.
fn offer_attacks(
    offer: &mut Offer<'_, '_, '_, '_, '_, ArchmageRules>,
    sheet: &crate::sheet::SheetData,
    whole_turn: bool,
) {
    let ctx = offer.ctx();
    let actor = offer.actor();
    let here = ctx.region(actor);
    let side = offer.me().row.side;
    let engaged: SmallVec<[Entity; 16]> = ctx
        .foes(actor)
        .filter(|x| ctx.enemies(actor, *x) && ctx.status(*x).takes_turns())
        .collect();
    let Some(f) = ctx.fighter(actor) else {
        return;
    };
    let conditions = &offer.me().row.conditions;
    let (basic_only, confused) = (hampered(conditions), conditions.has(Condition::CONFUSED));
    let grabbed = f.state.grabbed_by.is_some();
    for (i, attack) in sheet.attacks.iter().enumerate() {
        let def = &attack.def;
        // Attacks the check would refuse on any target are not built at all.
        if def.usage == Usage::Interrupt
            || f.state.attacks_spent.spent(i)
            || (basic_only && !def.basic)
            || (confused && def.usage != Usage::AtWill)
            || (grabbed && def.kind.is_ranged())
        {
            continue;
        }
        let attack_id = AttackId(i as u16);
        match def.kind {
            AttackKind::Melee | AttackKind::CloseSpell => {
                for &target in &engaged {
                    if let Some(row) = ctx.row(target) {
                        offer_blows(offer, target, row, attack_id, attack, whole_turn);
                    }
                }
            }
            AttackKind::Ranged | AttackKind::RangedSpell => {
                let reach = def.reach.hops();
                for (target, row) in ctx.lineup().iter() {
                    if row.side != side
                        && row.status.takes_turns()
                        && ctx.map().hops(here, row.region) <= reach
                    {
                        offer_blows(offer, target, row, attack_id, attack, whole_turn);
                    }
                }
            }
        }
    }
}

/// Offers attack `attack` on `target` (whose row is `row`), and a coup de grace with it when
/// the target is helpless and the turn unspent.
fn offer_blows(
    offer: &mut Offer<'_, '_, '_, '_, '_, ArchmageRules>,
    target: Entity,
    row: &Row,
    attack: AttackId,
    sheet: &SheetAttack,
    whole_turn: bool,
) {
    offer.consider(
        Intent::Attack {
            target,
            attack,
            maneuver: Maneuver::STANDARD,
        },
        &sheet.label,
    );
    let helpless = row.conditions.has(Condition::HELPLESS) || row.status == Status::Down;
    if whole_turn && helpless {
        offer.consider(
            Intent::Attack {
                target,
                attack,
                maneuver: COUP_DE_GRACE,
            },
            if sheet.coup_label.is_empty() {
                &sheet.label
            } else {
                &sheet.coup_label
            },
        );
    }
}

fn offer_reaction(
    offer: &mut Offer<'_, '_, '_, '_, '_, ArchmageRules>,
    provoker: Entity,
    intent: Intent,
    kind: u8,
) {
    let ctx = offer.ctx();
    let reactor = offer.actor();
    let labels = Labels::get();
    let Some(f) = ctx.fighter(reactor) else {
        return;
    };
    let sheet = f.sheet.0.clone();
    match kind {
        provokes::TRIGGERED => {
            if let Some((_, readied)) = f.state.readied {
                offer.consider(readied.aimed_at(provoker).intent(), &labels.readied);
            }
            if matches!(intent, Intent::Engage { target } if target == reactor) {
                for (i, a) in sheet.attacks.iter().enumerate() {
                    if a.def.usage == Usage::Interrupt {
                        offer.consider(
                            Intent::Attack {
                                target: provoker,
                                attack: AttackId(i as u16),
                                maneuver: Maneuver::STANDARD,
                            },
                            &a.label,
                        );
                    }
                }
            }
        }
        provokes::INTERCEPT => {
            offer.consider(Intent::Engage { target: provoker }, &labels.intercept);
        }
        _ => {
            if let Some(basic) = sheet.basic_melee
                && let Some(a) = sheet.attacks.get(basic)
            {
                offer.consider(
                    Intent::Attack {
                        target: provoker,
                        attack: AttackId(basic as u16),
                        maneuver: Maneuver::STANDARD,
                    },
                    &a.label,
                );
            }
        }
    }
}

/// Whether the decider may take actions at all this turn: active, and not stunned (AR-27).
fn can_take_actions(ctx: &Ctx, actor: Entity) -> bool {
    ctx.is_active(actor) && !ctx.has(actor, Condition::STUNNED)
}

/// The chance a d20 reaches `needed`.
pub(crate) fn d20_at_least(needed: i64) -> f32 {
    ((21 - needed).clamp(0, 20)) as f32 / 20.0
}

fn check_turn(ctx: &Ctx, me: &Me, intent: &Intent, reactions: bool) -> Result<Legal, Refusal> {
    if *intent == Intent::EndTurn {
        return Ok(Legal::costs(Cost::FREE));
    }
    let actor = me.entity;
    let f = &me.fighter;
    if !me.row.status.is_active() || me.row.conditions.has(Condition::STUNNED) {
        return Err(if me.row.status.is_active() {
            "it is stunned and can take no actions".into()
        } else {
            "it is out of the fight and can only end its turn".into()
        });
    }
    let sheet = &f.sheet.0;
    let slots = *f.slots;
    let state = f.state;
    let conditions = &me.row.conditions;
    let standard = slots.can_pay(Slot::Standard);
    let grabbed = state.grabbed_by.is_some();
    let can_move = state.free_move || slots.can_pay(Slot::Move);
    let move_cost = if state.free_move {
        Cost::FREE
    } else {
        slots.cost_of(Slot::Move)
    };
    match *intent {
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => {
            let index = attack.index();
            let a = sheet
                .attacks
                .get(index)
                .ok_or_else(|| format!("it has no attack number {index}"))?;
            let def = &a.def;
            let coup = maneuver == COUP_DE_GRACE;
            if coup && slots != crate::slots::ActionSlots::full() {
                return Err("a coup de grace takes a whole unspent turn".into());
            }
            let Some(t) = ctx.row(target).filter(|t| t.side != me.row.side) else {
                return Err("that is not an enemy".into());
            };
            if def.usage == Usage::Interrupt {
                return Err(format!("{} is an interrupt, used off-turn", def.name).into());
            }
            if state.attacks_spent.spent(index) {
                return Err(format!("{} is used up until it recharges", def.name).into());
            }
            if !standard {
                return Err("its standard action is spent".into());
            }
            if hampered(conditions) && !def.basic {
                return Err("a hampered creature makes only basic attacks".into());
            }
            if conditions.has(Condition::CONFUSED) && def.usage != Usage::AtWill {
                return Err("a confused creature uses only its at-will attacks".into());
            }
            if grabbed && def.kind.is_ranged() {
                return Err("a grabbed creature cannot use ranged attacks".into());
            }
            if !t.status.takes_turns() {
                return Err("the target is out of the fight".into());
            }
            let engaged = me.row.engagement.is_engaged_with(target);
            let here = me.row.region;
            match def.kind {
                AttackKind::Melee | AttackKind::CloseSpell if !engaged => {
                    return Err(
                        "melee attacks and close spells need the target engaged with you".into(),
                    );
                }
                AttackKind::Ranged | AttackKind::RangedSpell
                    if ctx.map().hops(here, t.region) > def.reach.hops() =>
                {
                    return Err("the target is out of range".into());
                }
                _ => {}
            }
            let cost = match maneuver {
                Maneuver::STANDARD => Slot::Standard.cost(),
                COUP_DE_GRACE => {
                    // Coup de grace on a helpless enemy you are engaged with, with any standard
                    // action attack; it then takes that enemy alone (AR-28).
                    let helpless =
                        t.conditions.has(Condition::HELPLESS) || t.status == Status::Down;
                    if !helpless || !engaged {
                        return Err(
                            "a coup de grace needs a helpless target engaged with you".into()
                        );
                    }
                    Slot::whole_turn()
                }
                _ => return Err("archmage knows no such maneuver".into()),
            };
            let mut provoked = Provocations::new();
            if !reactions {
                return Ok(Legal::costs(cost));
            }
            triggered_by_attack(ctx, actor, target, &mut provoked);
            attack_opportunities(ctx, actor, target, (def, maneuver), &mut provoked);
            Ok(Legal::provoking(cost, provoked))
        }
        Intent::Move { to } => {
            let here = ctx.region(actor);
            if to.index() >= ctx.map().len() {
                return Err(format!("there is no region {} on this map", to.0).into());
            }
            if stuck(conditions) || (grabbed && !state.disengaged) {
                return Err("it cannot move (stuck or grabbed)".into());
            }
            if !can_move {
                return Err("its move action is spent".into());
            }
            if !ctx.map().neighbours(here).contains(&to) {
                return Err(format!(
                    "{} is not next to {}",
                    ctx.map().name(to),
                    ctx.map().name(here)
                )
                .into());
            }
            let mut provoked = Provocations::new();
            if reactions {
                triggered_by_movement(ctx, actor, to, None, &mut provoked);
                if !state.disengaged {
                    opportunity(ctx, actor, &[], provokes::LEAVING, &mut provoked);
                }
                intercepts(ctx, actor, to, None, &mut provoked);
            }
            Ok(Legal::provoking(move_cost, provoked))
        }
        Intent::Engage { target } => {
            // Read from the rows at hand: an offer considers every enemy nearby.
            let Some(t) = ctx.row(target).filter(|t| t.side != me.row.side) else {
                return Err("that is not an enemy".into());
            };
            if engaged_with_any_active(ctx, &me.row.engagement) {
                return Err("it is already engaged: disengage first".into());
            }
            if stuck(conditions) || grabbed {
                return Err("it cannot move (stuck or grabbed)".into());
            }
            if !can_move {
                return Err("its move action is spent".into());
            }
            if !t.status.is_active() || ctx.map().hops(me.row.region, t.region) > 1 {
                return Err("the target is not nearby".into());
            }
            let to = t.region;
            let mut provoked = Provocations::new();
            if reactions {
                triggered_by_movement(ctx, actor, to, Some(target), &mut provoked);
                intercepts(ctx, actor, to, Some(target), &mut provoked);
            }
            Ok(Legal::provoking(move_cost, provoked))
        }
        Intent::Disengage => {
            if !engaged_with_active(ctx, actor) {
                return Err("it is not engaged".into());
            }
            if stuck(conditions) {
                return Err("it is stuck and cannot move away".into());
            }
            if state.free_move || state.disengaged || !slots.can_pay(Slot::Move) {
                return Err("its move action is spent, or it already disengaged this turn".into());
            }
            Ok(Legal::costs(slots.cost_of(Slot::Move)))
        }
        Intent::Rally => {
            let missing = ctx.hp(actor).is_some_and(|hp| hp.missing() > 0);
            let blocked = state.rallies > 0 && state.rally_blocked_round == ctx.round();
            if !sheet.hero || !standard || !missing || blocked {
                return Err("a rally needs a standard action and lost hit points (and, after the first, a passed save this round)".into());
            }
            Ok(Legal::costs(Slot::Standard.cost()))
        }
        Intent::UseAbility { ability, target } => {
            let index = ability.index();
            let power = sheet
                .powers
                .get(index)
                .ok_or_else(|| format!("it has no power number {index}"))?;
            let def = &power.def;
            if state.powers_spent.spent(index) {
                return Err(format!("{} is used up", def.name).into());
            }
            if !slots.can_pay(def.action) {
                return Err(format!("its {} action is spent", def.action).into());
            }
            if conditions.has(Condition::CONFUSED) && def.usage != Usage::AtWill {
                return Err("a confused creature uses only its at-will powers".into());
            }
            let here = ctx.region(actor);
            match (def.target, target) {
                (PowerTarget::Myself, None) => {}
                (PowerTarget::Myself, Some(_)) => {
                    return Err(format!("{} works only on its user", def.name).into());
                }
                (PowerTarget::NearbyAlly, Some(ally)) => {
                    if ctx.side(ally) != ctx.side(actor)
                        || !ctx.status(ally).takes_turns()
                        || ctx.map().hops(here, ctx.region(ally)) > 1
                    {
                        return Err(format!("{} needs an ally nearby", def.name).into());
                    }
                }
                (PowerTarget::NearbyAlly, None) => {
                    return Err(format!("{} needs an ally to help", def.name).into());
                }
            }
            let mut provoked = Provocations::new();
            if reactions && !def.close {
                // Spells other than close-quarters ones draw opportunity attacks (AR-12).
                opportunity(ctx, actor, &[], provokes::CASTING, &mut provoked);
            }
            Ok(Legal::provoking(slots.cost_of(def.action), provoked))
        }
        Intent::Stabilize { target } => {
            let fallen = ctx.fighter(target).is_some_and(|t| {
                !t.state.stabilized && !t.state.coma && ctx.status(target) == Status::Down
            });
            if !sheet.hero
                || !standard
                || target == actor
                || ctx.side(target) != ctx.side(actor)
                || !fallen
                || ctx.region(target) != ctx.region(actor)
            {
                return Err("only a fallen ally in the same region can be stabilized, with a standard action".into());
            }
            Ok(Legal::costs(Slot::Standard.cost()))
        }
        Intent::Ready { trigger, intent } => {
            // Readying is a standard action (AR-03); what can be readied, and for which
            // triggers, is `readied`'s.
            if !standard {
                return Err(
                    "readying is a standard action, and its standard action is spent".into(),
                );
            }
            crate::readied::check(ctx, me, trigger, intent)?;
            Ok(Legal::costs(Slot::Standard.cost()))
        }
        Intent::Delay => {
            // Act after the next combatant, on its count (AR-02), before acting. Last in the
            // round, the delay carries into the next round (Fray's ruling on the text), but
            // not out of an ambush's surprise round: the full order replaces that one's.
            let nothing_spent = slots == crate::slots::ActionSlots::full()
                && !state.free_move
                && ctx.turn().actions() == 0;
            let later =
                ctx.can_delay() || (!ctx.battle().surprise && ctx.can_delay_into_next_round());
            if !nothing_spent || !later {
                return Err("a combatant can delay only before acting, with someone still to act (this round or the next; not out of a surprise round)".into());
            }
            Ok(Legal::costs(Cost::FREE))
        }
        Intent::Flee => {
            if !sheet.hero {
                return Err("only heroes can call a retreat".into());
            }
            Ok(Legal::costs(Cost::FREE))
        }
        Intent::Pass => Err("there is no reaction to pass on".into()),
        Intent::EndTurn => Ok(Legal::costs(Cost::FREE)),
        Intent::Defend | Intent::Retreat => {
            Err(format!("archmage has no {} action", intent.kind()).into())
        }
        // The kit judges and resolves a surrender itself, for every ruleset.
        Intent::Surrender => Err("a surrender is the kit's to judge".into()),
    }
}

/// Whether `reactor` may answer `provoker`'s `provoking` intent (a provocation of `kind`) with
/// `intent`.
fn check_reaction(
    ctx: &Ctx,
    me: &Me,
    intent: &Intent,
    provoker: Entity,
    provoking: Intent,
    kind: u8,
) -> Result<Legal, Refusal> {
    let reactor = me.entity;
    let f = &me.fighter;
    let conditions = &me.row.conditions;
    if *intent == Intent::Pass {
        return Ok(Legal::costs(Cost::FREE));
    }
    if !ctx.is_active(reactor) || conditions.has(Condition::STUNNED) || ctx.surprised(reactor) {
        return Err("it cannot react now".into());
    }
    let sheet = &f.sheet.0;
    match (kind, *intent) {
        (provokes::TRIGGERED, Intent::Attack { target, attack, .. })
            if target == provoker
                && sheet
                    .attacks
                    .get(attack.index())
                    .is_some_and(|a| a.def.usage == Usage::Interrupt) =>
        {
            // Interrupt powers answer an enemy engaging you, once until the end of your next
            // turn; they are limited powers, closed to the confused, and the hampered make
            // only basic attacks (AR-05, AR-27).
            let basic = sheet
                .attacks
                .get(attack.index())
                .is_some_and(|a| a.def.basic);
            let engaged_me = matches!(provoking, Intent::Engage { target } if target == reactor);
            if !engaged_me
                || f.state.interrupt_used.is_some()
                || conditions.has(Condition::CONFUSED)
                || f.state.attacks_spent.spent(attack.index())
                || (hampered(conditions) && !basic)
            {
                return Err("that interrupt is not available now".into());
            }
            Ok(Legal::costs(Slot::reaction()))
        }
        (provokes::TRIGGERED, _) => crate::readied::set_off(ctx, reactor, provoker, provoking)
            .filter(|readied| readied.aimed_at(provoker).intent() == *intent)
            .map(|_| Legal::costs(Slot::reaction()))
            .ok_or_else(|| "its readied action is not set off".into()),
        (provokes::INTERCEPT, Intent::Engage { target }) if target == provoker => {
            Ok(Legal::costs(Cost::FREE))
        }
        (
            provokes::LEAVING | provokes::RANGED | provokes::CASTING,
            Intent::Attack { target, attack, .. },
        ) if target == provoker => {
            let basic = opportunity_attack(sheet, f.state, conditions, me.row.status)
                .ok_or("it cannot make an opportunity attack now")?;
            if attack.index() != basic {
                return Err("an opportunity attack is made with a basic melee attack".into());
            }
            Ok(Legal::costs(Cost::FREE))
        }
        _ => Err("that is not one of the reactions it may take".into()),
    }
}

/// Whether `e`, an enemy of `actor`, could react at all now.
fn may_react(ctx: &Ctx, actor: Entity, e: Entity) -> bool {
    ctx.enemies(actor, e)
        && ctx.is_active(e)
        && !ctx.has(e, Condition::STUNNED)
        && !ctx.surprised(e)
}

/// An attack on `target` sets off only the target's readied action.
fn triggered_by_attack(ctx: &Ctx, actor: Entity, target: Entity, out: &mut Provocations) {
    let intent = Intent::Attack {
        target,
        attack: AttackId(0),
        maneuver: Maneuver::STANDARD,
    };
    if may_react(ctx, actor, target)
        && crate::readied::set_off(ctx, target, actor, intent).is_some()
    {
        out.push(Provocation {
            reactor: target,
            kind: provokes::TRIGGERED,
        });
    }
}

/// Moving (or engaging `aim`) sets off readied actions of enemies near, and an engaged enemy's
/// interrupts (AR-03, AR-05).
fn triggered_by_movement(
    ctx: &Ctx,
    actor: Entity,
    to: RegionId,
    aim: Option<Entity>,
    out: &mut Provocations,
) {
    let intent = match aim {
        Some(target) => Intent::Engage { target },
        None => Intent::Move { to },
    };
    let Some(side) = ctx.side(actor) else {
        return;
    };
    for (e, row) in ctx.lineup().iter() {
        // `may_react`, read from the row first: only then is the ruleset's state looked up.
        if row.side == side
            || !row.status.is_active()
            || row.conditions.has(Condition::STUNNED)
            || ctx.surprised(e)
        {
            continue;
        }
        let readies = ctx.fighter(e).is_some_and(|f| f.state.readied.is_some());
        if !(readies || aim == Some(e)) {
            continue;
        }
        let readied = crate::readied::set_off(ctx, e, actor, intent).is_some();
        let interrupt = aim == Some(e) && has_interrupt(ctx, e);
        if readied || interrupt {
            out.push(Provocation {
                reactor: e,
                kind: provokes::TRIGGERED,
            });
        }
    }
}

/// The opportunity attacks a legal attack `def` of `actor` on `target` with `maneuver` draws
/// (AR-12): ranged attacks from the engagers they do not target, ranged spells from every
/// engager; melee attacks and close spells none. [`check`] lists them with what else the
/// attack provokes; a preview counts them alone.
pub(crate) fn attack_opportunities(
    ctx: &Ctx,
    actor: Entity,
    target: Entity,
    (def, maneuver): (&AttackDef, Maneuver),
    out: &mut Provocations,
) {
    match def.kind {
        AttackKind::Ranged => {
            // Engagers the ranged attack targets do not get to react (AR-12).
            let targeted = if maneuver == COUP_DE_GRACE {
                SmallVec::from_elem(target, 1)
            } else {
                targets_of(ctx, actor, target, def.targets)
            };
            opportunity(ctx, actor, &targeted, provokes::RANGED, out);
        }
        AttackKind::RangedSpell => opportunity(ctx, actor, &[], provokes::CASTING, out),
        AttackKind::Melee | AttackKind::CloseSpell => {}
    }
}

/// Whether `e` has an interrupt it could use against an enemy engaging it (AR-05).
fn has_interrupt(ctx: &Ctx, e: Entity) -> bool {
    let (Some(f), Some(c)) = (ctx.fighter(e), ctx.conditions(e)) else {
        return false;
    };
    f.state.interrupt_used.is_none()
        && !c.has(Condition::CONFUSED)
        && f.sheet.0.attacks.iter().enumerate().any(|(i, a)| {
            a.def.usage == Usage::Interrupt
                && !f.state.attacks_spent.spent(i)
                && (a.def.basic || !hampered(c))
        })
}

/// Opportunity attacks `actor` draws (AR-12, AR-14): from the active enemies engaged with it
/// that may make one, but those in `except` (AR-29, AR-27, AR-37).
fn opportunity(ctx: &Ctx, actor: Entity, except: &[Entity], kind: u8, out: &mut Provocations) {
    for foe in ctx.foes(actor) {
        if !ctx.is_active(foe) || except.contains(&foe) || ctx.surprised(foe) {
            continue;
        }
        let (Some(f), Some(c)) = (ctx.fighter(foe), ctx.conditions(foe)) else {
            continue;
        };
        if opportunity_attack(&f.sheet.0, f.state, c, ctx.status(foe)).is_some() {
            out.push(Provocation { reactor: foe, kind });
        }
    }
}

/// Free enemies in the way may intercept a mover (AR-15): unengaged, active enemies in the
/// region it moves into, other than the one it means to engage. A mover that leaves an
/// engagement (after its opportunity attacks) can be intercepted too: only the interceptor must
/// be free.
fn intercepts(
    ctx: &Ctx,
    actor: Entity,
    destination: RegionId,
    aim: Option<Entity>,
    out: &mut Provocations,
) {
    let Some(side) = ctx.side(actor) else {
        return;
    };
    for (e, row) in ctx.lineup().iter() {
        if row.region != destination
            || Some(e) == aim
            || row.side == side
            || !row.status.is_active()
            || row.engagement.is_engaged()
            || row.conditions.has(Condition::STUNNED)
            || stuck(&row.conditions)
            || ctx.surprised(e)
        {
            continue;
        }
        out.push(Provocation {
            reactor: e,
            kind: provokes::INTERCEPT,
        });
    }
}
