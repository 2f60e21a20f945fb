//! Exact previews: what an intent would do, worked out over every d20 roll and every face of
//! the damage dice, never sampled.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_core::kit::{Memo, Previews};
use fray_core::legality::Provocations;
use smallvec::SmallVec;

use crate::attack::{fires, targets_of};
use crate::fighter::{AttackOdds, natural_chance, odds_of};
use crate::legality::{attack_opportunities, d20_at_least};
use crate::notes;
use crate::ops::ArchOps;
use crate::rules::{
    AttackResult, STABILIZE_DC, crit_multiplier, disengage_target, judge, resisted,
};
use crate::sheet::{SheetAttack, SheetData};
use crate::statblock::{OnHit, PowerEffect, Targets, When};
use crate::vocabulary::{COUP_DE_GRACE, provokes};
use crate::{ArchmageRules, Ctx};

impl Previews for ArchmageRules {
    /// The preview of a legal intent of `actor`. Its count of opportunity attacks comes from the
    /// legality check's own list of what the intent provokes.
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        occasion: &Occasion,
    ) -> Preview {
        let ctx = &*ctx;
        let opportunity_attacks = || {
            if occasion.is_reaction() {
                return 0;
            }
            let Ok(legal) = ctx.check(actor, intent, occasion, Scope::Reactions) else {
                return 0;
            };
            let n = legal
                .provoked
                .iter()
                .filter(|p| provokes::opportunity(p.kind))
                .count();
            u8::try_from(n).unwrap_or(u8::MAX)
        };
        match *intent {
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => {
                let coup = maneuver == COUP_DE_GRACE;
                let mut p = attack_preview(ctx, actor, target, attack.index(), coup);
                let Some(def) = ctx.sheet(actor).and_then(|s| s.attacks.get(attack.index())) else {
                    return p;
                };
                // The opportunity attacks the legal attack draws, as its check lists them (AR-12).
                let provokes = if occasion.is_reaction() {
                    0
                } else {
                    let mut drawn = Provocations::new();
                    attack_opportunities(ctx, actor, target, (&def.def, maneuver), &mut drawn);
                    u8::try_from(drawn.len()).unwrap_or(u8::MAX)
                };
                if !coup && let Targets::Group(_) = def.def.targets {
                    // A group attack's mean damage counts every enemy it would hit (AR-09, AR-43).
                    for other in targets_of(ctx, actor, target, def.def.targets)
                        .into_iter()
                        .skip(1)
                    {
                        p.expected_damage +=
                            attack_preview(ctx, actor, other, attack.index(), false)
                                .expected_damage;
                    }
                }
                Preview { provokes, ..p }
            }
            Intent::Move { .. } => Preview {
                provokes: opportunity_attacks(),
                ..Preview::certain()
            },
            Intent::Disengage => {
                let foes = ctx.active_foes(actor).len();
                let grabbed_unhit = ctx
                    .fighter(actor)
                    .is_some_and(|f| f.state.grabbed_by.is_some() && !f.state.hit_grabber);
                Preview {
                    hit_chance: d20_at_least(disengage_target(foes, grabbed_unhit)),
                    ..Preview::default()
                }
            }
            Intent::Rally => {
                let Some(f) = ctx.fighter(actor) else {
                    return Preview::default();
                };
                let mut heal = f.sheet.0.mean_recovery();
                if f.state.recoveries == 0 {
                    heal /= 2.0;
                }
                let chance = if f.state.rallies == 0 { 1.0 } else { 0.5 };
                // Healing past the maximum heals nothing.
                let missing = ctx.hp(actor).map_or(0, |h| h.missing()) as f32;
                Preview {
                    hit_chance: chance,
                    expected_healing: heal.min(missing) * chance,
                    overheal: (heal - missing).max(0.0) * chance,
                    ..Preview::default()
                }
            }
            Intent::UseAbility { ability, target } => {
                let who = target.unwrap_or(actor);
                let Some(power) = ctx.sheet(actor).and_then(|s| s.powers.get(ability.index()))
                else {
                    return Preview::default();
                };
                let healing = match &power.def.effect {
                    PowerEffect::HealWithRecovery { bonus } => ctx.fighter(who).map_or(0.0, |a| {
                        let mean = a.sheet.0.mean_recovery() + *bonus as f32;
                        if a.state.recoveries == 0 {
                            mean / 2.0
                        } else {
                            mean
                        }
                    }),
                    PowerEffect::Heal(dice) => dice.table().map_or(0.0, |d| d.mean() as f32),
                    PowerEffect::TempHp(n) => *n as f32,
                };
                // Healing past the maximum heals nothing (temporary hit points are not healing).
                let missing = match &power.def.effect {
                    PowerEffect::TempHp(_) => f32::INFINITY,
                    _ => ctx.hp(who).map_or(0, |h| h.missing()) as f32,
                };
                let (healing, overheal) = (healing.min(missing), (healing - missing).max(0.0));
                Preview {
                    expected_healing: healing,
                    overheal,
                    provokes: if power.def.close {
                        0
                    } else {
                        opportunity_attacks()
                    },
                    ..Preview::certain()
                }
            }
            Intent::Stabilize { .. } => {
                let Some(sheet) = ctx.sheet(actor) else {
                    return Preview::default();
                };
                let bonus = i64::from(sheet.wis_mod + i32::from(sheet.level));
                Preview {
                    hit_chance: d20_at_least(STABILIZE_DC - bonus),
                    ..Preview::default()
                }
            }
            Intent::Ready { .. } => Preview::default(),
            _ => Preview::certain(),
        }
    }

    /// For a player: the effects an attack carries, by name and with what sets them off, and
    /// how often a limited attack or power can be used (AR-27, AR-30, AR-39).
    fn notes(ctx: &mut Ctx, actor: Entity, intent: &Intent, _preview: &Preview) -> Vec<String> {
        let Some(sheet) = ctx.sheet(actor) else {
            return Vec::new();
        };
        let attack = match *intent {
            Intent::Attack { attack, .. }
            | Intent::Ready {
                intent: Readied::Attack { attack, .. },
                ..
            } => sheet.attacks.get(attack.index()),
            Intent::UseAbility { ability, .. } => {
                return sheet
                    .powers
                    .get(ability.index())
                    .and_then(|p| notes::usage(p.def.usage))
                    .into_iter()
                    .collect();
            }
            _ => None,
        };
        let Some(attack) = attack else {
            return Vec::new();
        };
        attack
            .def
            .effects
            .iter()
            .map(|(when, effect)| notes::effect(*when, effect))
            .chain(notes::usage(attack.def.usage))
            .collect()
    }

    /// A combatant with a spell attack or a power
    /// ([`SheetData::casts`](crate::sheet::SheetData::casts)).
    fn casts(ctx: &Ctx, e: Entity) -> bool {
        ctx.fighter(e).is_some_and(|f| f.sheet.0.casts())
    }

    /// Anyone can harm anyone: archmage has no immunity, only resistance, which halves a
    /// blow unless the natural roll reaches its number (AR-32).
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: an archmage turn offers every attack in range among its options, where the AI sees them.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

/// Expected damage and chances of attack `index` of `attacker` on `target`, exactly over the
/// d20 and the damage dice: for each natural roll the blow it lands (a hit, a crit, miss
/// damage or nothing), its extra damage, and resistance halving that blow rounded down as
/// resolution does (AR-32) - never the halved mean. The two-weapon reroll, invisibility and a
/// coup de grace (a crit on any natural, AR-28) are counted the same way.
pub(crate) fn attack_preview(
    ctx: &Ctx,
    attacker: Entity,
    target: Entity,
    index: usize,
    coup: bool,
) -> Preview {
    let (Some(a), Some(t), Some(row)) =
        (ctx.fighter(attacker), ctx.fighter(target), ctx.row(target))
    else {
        return Preview::default();
    };
    let Some(attack) = a.sheet.0.attacks.get(index) else {
        return Preview::default();
    };
    let Some((odds, _)) = odds_of(ctx, (attacker, &a), (target, &t), index) else {
        return Preview::default();
    };
    let hp = row.hp;
    let conditions = &row.conditions;
    // Whether a result leaves the target with something it does not have yet; an effect for
    // the weak ("N hp or fewer") counts when a hit of mean damage brings it there.
    let hp_after_hit = hp.current.saturating_sub(attack.mean.round() as i32);
    let anew = |effect: &OnHit| match effect {
        OnHit::Ongoing { .. } => true,
        OnHit::Inflict {
            condition,
            hp_at_most,
            ..
        } => !conditions.has(condition.condition()) && hp_at_most.is_none_or(|n| hp_after_hit <= n),
        OnHit::Grab => t.state.grabbed_by.is_none(),
        OnHit::TempHp(_) | OnHit::Damage(_) => false,
    };
    let mut fresh = 0u64;
    for (i, (_, effect)) in attack.def.effects.iter().enumerate() {
        if anew(effect) {
            fresh |= 1u64.checked_shl(i as u32).unwrap_or(0);
        }
    }
    let inputs = AttackInputs {
        sheet: Arc::as_ptr(&a.sheet.0) as usize,
        index,
        coup,
        odds,
        total: hp.current.saturating_add(hp.temp),
        resistance: t.sheet.0.resistance(attack.def.damage_type),
        fresh,
    };
    // More effects than bits: worked out every time.
    if attack.def.effects.len() > 64 {
        return attack_outcome(attack, &inputs);
    }
    ctx.extra()
        .get_or(inputs, || {
            (a.sheet.0.clone(), attack_outcome(attack, &inputs))
        })
        .1
}

/// Everything an attack preview's outcome depends on, once the fighters are read: the attack
/// (its sheet, kept alive by the memo's value so that its address names it, and its number),
/// the odds, the target's hit points, its resistance to the attack's damage, and which of the
/// attack's effects would be new to it (bit `i` for effect `i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AttackInputs {
    sheet: usize,
    index: usize,
    coup: bool,
    odds: AttackOdds,
    total: i32,
    resistance: Option<u8>,
    fresh: u64,
}

/// Attack previews by their inputs ([`Memo`]): a batch meets the same attack on the same
/// defenses and hit points again and again.
pub type AttackMemo = Memo<AttackInputs, (Arc<SheetData>, Preview)>;

/// The preview of `attack` for these inputs, exactly over the d20 and the damage dice.
fn attack_outcome(attack: &SheetAttack, inputs: &AttackInputs) -> Preview {
    let &AttackInputs {
        coup,
        odds,
        total,
        resistance,
        fresh,
        ..
    } = inputs;
    let mult = crit_multiplier(attack.def.crit_steps);
    let anew = |i: usize| fresh & 1u64.checked_shl(i as u32).unwrap_or(0) != 0;
    let may_inflict = fresh != 0;
    let inflicting = |natural: i64, result: AttackResult| {
        attack
            .def
            .effects
            .iter()
            .enumerate()
            .any(|(i, (when, _))| fires(*when, result, natural) && anew(i))
    };
    let seen = if odds.invisible { 0.5 } else { 1.0 };
    // Without resistance or extra damage, every hit is one blow and every crit another: both
    // are worked out once, up front (most previews); otherwise each distinct blow once, as met.
    let extras = attack
        .def
        .effects
        .iter()
        .any(|(_, effect)| matches!(effect, OnHit::Damage(_)));
    let plain = (resistance.is_none() && !extras).then(|| {
        let blow = |times: i32| {
            (
                attack.mean * times as f32,
                attack.chance_at_least(total, times),
            )
        };
        (blow(1), blow(mult))
    });
    let mut blows = Blows::default();
    let mut range = DamageRange::default();
    // The blow whose span of damage the range last took in: consecutive naturals mostly land
    // the same blow, and a span taken in twice changes nothing.
    let mut spanned: Option<Blow> = None;
    let (mut expected, mut kill, mut inflicts) = (0.0f32, 0.0f32, 0.0f32);
    let (mut hits, mut crits) = (0.0f32, 0.0f32);
    for natural in 1..=20i64 {
        let result = if coup {
            AttackResult::Crit
        } else {
            judge(natural, natural + odds.bonus, odds.defense, odds.crit_from)
        };
        let p = natural_chance(&odds, natural);
        if may_inflict && inflicting(natural, result) {
            inflicts += p;
        }
        let half = resistance.is_some_and(|n| natural < i64::from(n));
        let (mean, kills) = match result {
            // A natural 1 does nothing at all (AR-18).
            AttackResult::Fumble => continue,
            AttackResult::Miss => {
                let dealt = resisted(attack.miss, natural, resistance).max(0);
                (
                    dealt as f32,
                    if dealt > 0 && dealt >= total {
                        1.0
                    } else {
                        0.0
                    },
                )
            }
            AttackResult::Hit | AttackResult::Crit => {
                let crit = result == AttackResult::Crit;
                let times = if crit { mult } else { 1 };
                let extra = if extras {
                    extra_damage(&attack.def.effects, result, natural)
                } else {
                    0
                };
                let blow = (times, extra, half);
                if p > 0.0 && spanned != Some(blow) {
                    let (least, most) = attack.dealt_range(times, extra, half);
                    range.include_span(least, most);
                    spanned = Some(blow);
                }
                match plain {
                    Some((hit, crit_blow)) => {
                        if crit {
                            crit_blow
                        } else {
                            hit
                        }
                    }
                    None => blows.get(attack, blow, total),
                }
            }
        };
        match result {
            AttackResult::Crit => crits += p,
            AttackResult::Hit => hits += p,
            _ => {}
        }
        expected += p * mean;
        kill += p * kills;
    }
    Preview {
        hit_chance: (hits + crits) * seen,
        // A coup de grace only ever crits.
        damage_on_hit: if coup {
            attack.mean * mult as f32
        } else {
            attack.mean
        },
        damage_range: range.get(),
        expected_damage: expected * seen,
        kill_chance: kill * seen,
        inflicts: inflicts * seen,
        ..Preview::default()
    }
}

/// The extra damage of an attack's effects that fire on this result and natural roll.
fn extra_damage(effects: &[(When, OnHit)], result: AttackResult, natural: i64) -> i32 {
    effects
        .iter()
        .filter(|(when, _)| fires(*when, result, natural))
        .filter_map(|(_, e)| match e {
            OnHit::Damage(n) => Some(*n),
            _ => None,
        })
        .fold(0i32, |sum, n| sum.saturating_add(n))
}

/// A blow a natural roll lands: its crit multiplier, its extra damage, and whether
/// resistance halves it.
type Blow = (i32, i32, bool);

/// The blows of one preview worked out so far, each with its mean damage dealt and its chance
/// to take the target out. A preview meets a handful of distinct blows over the twenty
/// natural rolls, so each is worked out once.
#[derive(Default)]
struct Blows(SmallVec<[(Blow, (f32, f32)); 8]>);

impl Blows {
    /// Mean damage and kill chance of a blow of `attack` multiplied by `times`, plus `extra`,
    /// halved when `half`, on a target with `total` hit points (temporary ones included).
    fn get(&mut self, attack: &SheetAttack, key: Blow, total: i32) -> (f32, f32) {
        if let Some((_, found)) = self.0.iter().find(|(k, _)| *k == key) {
            return *found;
        }
        let (times, extra, half) = key;
        // A halved blow takes the target out when the whole one is at least twice its hit
        // points (rounding down never reaches further).
        let needed = if half { total.saturating_mul(2) } else { total };
        let value = (
            attack.mean_dealt(times, extra, half),
            attack.chance_at_least(needed.saturating_sub(extra), times),
        );
        self.0.push((key, value));
        value
    }
}
