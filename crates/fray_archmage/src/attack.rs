//! Making an attack: targets, the d20, hits, crits, damage and the attack's effects.

use bevy_ecs::prelude::*;
use fray_core::effect::EffectSpec;
use fray_core::options::Preview;
use fray_core::prelude::*;
use fray_dice::{DieSource, Roll};

use crate::ctx::{Arch, Ctx};
use crate::fighter::{
    AttackOdds, AttackerView, BonusParts, FighterReadOnlyItem, TargetView, attack_odds,
};
use crate::rules::{AttackResult, crit_multiplier, judge, resisted};
use crate::sheet::SheetData;
use crate::statblock::{AttackKind, Lasts, OnHit, SaveKind, Targets, Usage, When};

/// Why an attack is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// On the attacker's turn.
    Turn,
    /// An opportunity attack (AR-14).
    Opportunity,
    /// A readied action firing (AR-03).
    Readied,
    /// An interrupt power (AR-05).
    Interrupt,
}

impl Mode {
    fn label(self) -> Option<&'static str> {
        match self {
            Mode::Turn => None,
            Mode::Opportunity => Some("opportunity attack"),
            Mode::Readied => Some("readied"),
            Mode::Interrupt => Some("interrupt"),
        }
    }
}

fn save_of(kind: SaveKind) -> SaveDifficulty {
    match kind {
        SaveKind::Easy => SaveDifficulty::Easy,
        SaveKind::Normal => SaveDifficulty::Normal,
        SaveKind::Hard => SaveDifficulty::Hard,
    }
}

/// The odds of `attacker` attacking `target` with attack `index`, as this context sees them.
pub(crate) fn odds(
    ctx: &Ctx,
    attacker: Entity,
    target: Entity,
    index: usize,
) -> Option<(AttackOdds, BonusParts)> {
    odds_in(
        ctx.p,
        ctx.map,
        ctx.battle.escalation,
        (attacker, target, index),
    )
}

/// [`odds`] from the queries themselves.
pub(crate) fn odds_in(
    p: &Arch,
    map: &EncounterMap,
    escalation: u8,
    (attacker, target, index): (Entity, Entity, usize),
) -> Option<(AttackOdds, BonusParts)> {
    let fighters = &p.fighters;
    let a = fighters.get(attacker).ok()?;
    let t = fighters.get(target).ok()?;
    let side = a.side.0;
    odds_between(
        (&a, &t, p.engagements.get(target).ok()),
        index,
        (map, escalation, &p.effects),
        |e| e != attacker && p.fixed.get(e).is_ok_and(|(_, s, _)| s.0 == side),
    )
}

/// The odds of attack `index` of fighter `a` against fighter `t` (whose engagement is
/// `engagement`), `is_ally` telling the attacker's allies for the circumstance modifier.
/// Option previews and resolution both come here, so a preview is exactly what resolution
/// rolls against.
pub(crate) fn odds_between(
    (a, t, engagement): (
        &FighterReadOnlyItem,
        &FighterReadOnlyItem,
        Option<&Engagement>,
    ),
    index: usize,
    (map, escalation, effects): (&EncounterMap, u8, &Query<(&Effect, &EffectOf)>),
    is_ally: impl Fn(Entity) -> bool,
) -> Option<(AttackOdds, BonusParts)> {
    let attack = a.sheet.0.attacks.get(index)?;
    let attacker_view = AttackerView {
        entity: a.entity,
        sheet: &a.sheet.0,
        state: a.state,
        conditions: a.conditions,
        region: a.region.0,
        side: a.side.0,
        effects: a.effects,
    };
    let target_view = TargetView {
        sheet: &t.sheet.0,
        state: t.state,
        conditions: t.conditions,
        effects: t.effects,
        engagement,
    };
    Some(attack_odds(
        &attacker_view,
        &target_view,
        attack,
        escalation,
        map,
        effects,
        is_ally,
    ))
}

/// Hit chance and expected damage of an attack, for reaction offers.
pub(crate) fn reaction_preview(
    ctx: &Ctx,
    attacker: Entity,
    target: Entity,
    index: usize,
) -> Preview {
    let Some((odds, _)) = odds(ctx, attacker, target, index) else {
        return Preview::default();
    };
    let Some(attack) = ctx.sheet(attacker).and_then(|s| s.attacks.get(index)) else {
        return Preview::default();
    };
    let (hit, crit, miss) = crate::fighter::chances(&odds);
    let mult = crit_multiplier(attack.def.crit_steps) as f32;
    Preview {
        hit_chance: hit + crit,
        damage_on_hit: attack.mean,
        expected_damage: hit * attack.mean + crit * attack.mean * mult + miss * attack.miss as f32,
        ..Preview::default()
    }
}

/// The targets of an attack whose first target is `first`: for a group attack, the next
/// enemies of the first one's region in roster order, without skipping (AR-43).
pub(crate) fn targets(ctx: &Ctx, attacker: Entity, first: Entity, targets: Targets) -> Vec<Entity> {
    targets_in(ctx.p, ctx.roster, (attacker, first), targets)
}

/// [`targets`] from the queries themselves.
pub(crate) fn targets_in(
    p: &Arch,
    roster: &Roster,
    (attacker, first): (Entity, Entity),
    targets: Targets,
) -> Vec<Entity> {
    group_targets(roster, (attacker, first), targets, |e| {
        p.fighters
            .get(e)
            .ok()
            .map(|x| (x.side.0, x.region.0, x.status.is_active()))
    })
}

/// [`targets`], with `stand` telling a fighter's side, region and whether it is active (`None`
/// for an entity that is no fighter); option previews answer it from their
/// [`Lineup`](crate::fighter::Lineup).
pub(crate) fn group_targets(
    roster: &Roster,
    (attacker, first): (Entity, Entity),
    targets: Targets,
    stand: impl Fn(Entity) -> Option<(SideId, RegionId, bool)>,
) -> Vec<Entity> {
    let Targets::Group(n) = targets else {
        return vec![first];
    };
    let (Some((side, _, _)), Some((_, region, _))) = (stand(attacker), stand(first)) else {
        return vec![first];
    };
    let group: Vec<Entity> = roster
        .entities()
        .filter(|&e| {
            stand(e).is_some_and(|(x_side, x_region, active)| {
                active && x_side != side && x_region == region
            })
        })
        .collect();
    let start = group.iter().position(|&e| e == first).unwrap_or(0);
    let mut out = vec![first];
    out.extend(
        group
            .iter()
            .cycle()
            .skip(start + 1)
            .take(group.len().saturating_sub(1))
            .copied()
            .filter(|&e| e != first)
            .take(usize::from(n).saturating_sub(1)),
    );
    out
}

/// Makes attack `index` of `attacker` against `first` (and the rest of a group).
pub(crate) fn perform(
    ctx: &mut Ctx,
    attacker: Entity,
    first: Entity,
    index: usize,
    maneuver: Maneuver,
    mode: Mode,
) {
    let Ok(a) = ctx.p.fighters.get(attacker) else {
        return;
    };
    let sheet = a.sheet.0.clone();
    let Some(attack) = sheet.attacks.get(index) else {
        return;
    };
    let confused = a.conditions.has(Condition::Confused);
    let side = a.side.0;
    // Confused: the attack goes to a random nearby ally instead (AR-27).
    let mut first = first;
    if confused && mode == Mode::Turn {
        let here = ctx.region(attacker);
        let allies: Vec<Entity> = ctx
            .roster
            .entities()
            .filter(|&e| {
                e != attacker
                    && ctx.is_active(e)
                    && ctx.side(e) == Some(side)
                    && ctx.map.hops(here, ctx.region(e)) <= 1
            })
            .collect();
        if !allies.is_empty() {
            let pick = allies[ctx.rng.roll_die(allies.len() as u32) as usize - 1];
            ctx.note(Some(attacker), || {
                "is confused and turns on an ally.".into()
            });
            first = pick;
        }
    }
    let targets = if maneuver == Maneuver::CoupDeGrace {
        vec![first]
    } else {
        targets(ctx, attacker, first, attack.def.targets)
    };
    // Usage.
    if let Ok(mut a) = ctx.p.fighters.get_mut(attacker) {
        match attack.def.usage {
            Usage::Daily | Usage::Recharge(_) => {
                if let Some(spent) = a.state.attacks_spent.get_mut(index) {
                    *spent = true;
                }
            }
            Usage::Interrupt => a.state.interrupt_used = Some(ctx.turn.serial),
            Usage::AtWill => {}
        }
    }
    // Damage is rolled once for all targets (AR-09).
    let mut damage: Option<i64> = None;
    for target in targets {
        strike(
            ctx,
            attacker,
            target,
            &sheet,
            index,
            maneuver,
            mode,
            &mut damage,
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn strike(
    ctx: &mut Ctx,
    attacker: Entity,
    target: Entity,
    sheet: &SheetData,
    index: usize,
    maneuver: Maneuver,
    mode: Mode,
    damage: &mut Option<i64>,
) {
    let attack = &sheet.attacks[index];
    let Some((mut odds, parts)) = odds(ctx, attacker, target, index) else {
        return;
    };
    let mut target = target;
    // Invisible targets: half of all attacks miss before the roll (AR-34).
    if odds.invisible {
        let coin = ctx.rng.roll_die(2);
        let id = ctx.id(attacker);
        ctx.log.record(|| LogEvent::Note {
            who: Some(id),
            text: format!(
                "swings at an invisible foe: {}",
                if coin == 1 {
                    "misses completely."
                } else {
                    "finds it."
                }
            ),
        });
        if coin == 1 {
            return;
        }
    }
    let (mut natural, mut roll) = ctx.d20();
    // Two weapons: a natural 2 is rerolled, and the reroll stands (AR-21).
    if odds.reroll_twos && natural == 2 {
        ctx.note(Some(attacker), || {
            "rolls a natural 2 and rerolls it (two weapons).".into()
        });
        (natural, roll) = ctx.d20();
    }
    // Shooting into melee: a natural 1 rerolls against an engaged ally (AR-35).
    if natural == 1 && attack.def.kind.is_ranged() {
        let side = ctx.side(attacker);
        let ally = ctx.p.engagements.get(target).ok().and_then(|e| {
            e.foes()
                .find(|&f| f != attacker && ctx.side(f) == side && ctx.is_active(f))
        });
        if let Some(ally) = ally
            && let Some((ally_odds, _)) = self::odds(ctx, attacker, ally, index)
        {
            ctx.note(Some(attacker), || {
                "fumbles into the melee and rerolls against an ally.".into()
            });
            target = ally;
            odds = ally_odds;
            (natural, roll) = ctx.d20();
        }
    }
    let total = natural + odds.bonus;
    let mut result = judge(natural, total, odds.defense, odds.crit_from);
    if maneuver == Maneuver::CoupDeGrace {
        result = AttackResult::Crit;
    }
    if ctx.log.enabled()
        && let Some(roll) = roll
    {
        let roll: Roll = roll
            .plus(i64::from(parts.base), "attack")
            .plus(i64::from(parts.escalation), "escalation")
            .plus(i64::from(parts.penalty), "conditions")
            .plus(i64::from(parts.debt), "missing recoveries")
            .plus(i64::from(parts.effects), "effects")
            .plus(i64::from(parts.circumstance), "circumstance")
            .plus(i64::from(parts.grab), "grab");
        let (who, whom) = (ctx.id(attacker), ctx.id(target));
        let name = match (mode.label(), maneuver) {
            (_, Maneuver::CoupDeGrace) => format!("{} (coup de grace)", attack.def.name),
            (Some(label), _) => format!("{} ({label})", attack.def.name),
            (None, _) => attack.def.name.clone(),
        };
        ctx.log.push(LogEvent::Attack {
            attacker: who,
            target: whom,
            attack: name,
            roll,
            defense: format!("{:?}", attack.def.vs),
            against: odds.defense,
            hit: result.hits(),
            crit: result == AttackResult::Crit,
        });
    }
    if result == AttackResult::Fumble {
        return;
    }
    // Hitting your grabber frees you to disengage without the -5 (AR-29).
    if result.hits()
        && let Ok(mut a) = ctx.p.fighters.get_mut(attacker)
        && a.state.grabbed_by == Some(target)
    {
        a.state.hit_grabber = true;
    }
    let resistance = ctx
        .sheet(target)
        .and_then(|t| t.resistance(attack.def.damage_type));
    let kind = attack.def.damage_type;
    let cause = mode.label();
    let amount = if result.hits() {
        let base = match *damage {
            Some(d) => d,
            None => {
                let (d, roll) = ctx.roll(&attack.dice);
                if let Some(roll) = roll {
                    let id = ctx.id(attacker);
                    ctx.log.push(LogEvent::Roll {
                        who: Some(id),
                        purpose: format!("{} damage", attack.def.name),
                        roll,
                        target: None,
                        success: None,
                    });
                }
                *damage = Some(d);
                d
            }
        };
        let mut amount = base as i32;
        if result == AttackResult::Crit {
            amount *= crit_multiplier(attack.def.crit_steps);
        }
        amount += attack
            .def
            .effects
            .iter()
            .filter(|(when, _)| fires(*when, result, natural))
            .filter_map(|(_, e)| match e {
                OnHit::Damage(n) => Some(*n),
                _ => None,
            })
            .sum::<i32>();
        amount
    } else {
        attack.miss
    };
    let amount = resisted(amount, natural, resistance);
    if amount > 0 {
        ctx.deal_damage(target, amount, kind, cause, Some(attacker));
    }
    for (when, effect) in &attack.def.effects {
        if !fires(*when, result, natural) {
            continue;
        }
        match effect {
            OnHit::Ongoing { amount, kind, save } => {
                // Resistance uses the original attack roll for ongoing damage too (AR-32).
                let per_turn = resisted(
                    *amount,
                    natural,
                    ctx.sheet(target).and_then(|t| t.resistance(*kind)),
                );
                ctx.apply(
                    target,
                    Some(attacker),
                    EffectSpec::ongoing(*kind, per_turn, Duration::SaveEnds(save_of(*save)))
                        .named(attack.def.name.clone()),
                );
            }
            OnHit::Inflict {
                condition,
                lasts,
                hp_at_most,
            } => {
                // "N hp or fewer" uses current hit points (AR-43).
                let current = ctx
                    .p
                    .fighters
                    .get(target)
                    .map_or(i32::MAX, |t| t.hp.current);
                if hp_at_most.is_some_and(|n| current > n) {
                    continue;
                }
                let duration = match lasts {
                    Lasts::SaveEnds(s) => Duration::SaveEnds(save_of(*s)),
                    Lasts::EndOfTargetsNextTurn => Duration::EndOfNextTurn(Whose::Target),
                    Lasts::EndOfAttackersNextTurn => Duration::EndOfNextTurn(Whose::Source),
                    Lasts::Battle => Duration::EndOfBattle,
                };
                ctx.apply(
                    target,
                    Some(attacker),
                    EffectSpec::condition(*condition, duration).named(attack.def.name.clone()),
                );
            }
            OnHit::Grab => {
                let already = ctx
                    .p
                    .fighters
                    .get(target)
                    .is_ok_and(|t| t.state.grabbed_by == Some(attacker));
                // Not a creature this very hit dropped (the vitals have not caught up yet).
                if !already && ctx.can_act(target) {
                    if let Ok(mut t) = ctx.p.fighters.get_mut(target) {
                        t.state.grabbed_by = Some(attacker);
                    }
                    ctx.engage(attacker, target);
                    ctx.apply(
                        target,
                        Some(attacker),
                        // Until the grab ends (see `Ctx::end_grabs_involving`) or the battle.
                        EffectSpec::condition(Condition::Grabbed, Duration::EndOfBattle)
                            .named("grabbed"),
                    );
                }
            }
            OnHit::TempHp(n) => {
                if let Ok(mut a) = ctx.p.fighters.get_mut(attacker) {
                    a.hp.grant_temp(*n);
                }
                ctx.note(Some(attacker), || {
                    format!("gains {n} temporary hit points.")
                });
            }
            OnHit::Damage(_) => {}
        }
    }
}

/// Whether an effect that comes `when` fires on this result and natural roll.
pub(crate) fn fires(when: When, result: AttackResult, natural: i64) -> bool {
    match when {
        When::Hit => result.hits(),
        When::NaturalEven => result.hits() && natural % 2 == 0,
        When::NaturalOdd => result.hits() && natural % 2 == 1,
        When::NaturalAtLeast(n) => result.hits() && natural >= i64::from(n),
        When::Miss => result == AttackResult::Miss,
    }
}

/// Whether attack `kind` is a spell that draws opportunity attacks even from its targets.
pub(crate) fn provokes_from_targets(kind: AttackKind) -> bool {
    kind == AttackKind::RangedSpell
}
