//! Exact previews: what an intent would do, worked out over every d20 roll, never sampled.

use bevy_ecs::prelude::*;
use fray_core::prelude::*;

use crate::Ctx;
use crate::attack::{fires, targets_of};
use crate::fighter::{natural_chance, odds_of};
use crate::legality::d20_at_least;
use crate::ops::ArchOps;
use crate::rules::{AttackResult, STABILIZE_DC, crit_multiplier, disengage_target, judge};
use crate::statblock::{AttackKind, OnHit, PowerEffect, Targets};
use crate::vocabulary::{COUP_DE_GRACE, provokes};

/// The preview of a legal intent of `actor`. Its count of opportunity attacks comes from the
/// legality check's own list of what the intent provokes.
pub(crate) fn preview(ctx: &Ctx, actor: Entity, intent: &Intent, occasion: &Occasion) -> Preview {
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
            // Melee attacks and close spells draw no opportunity attacks (AR-12).
            let provokes = match def.def.kind {
                AttackKind::Melee | AttackKind::CloseSpell => 0,
                _ => opportunity_attacks(),
            };
            if !coup && let Targets::Group(_) = def.def.targets {
                // A group attack's mean damage counts every enemy it would hit (AR-09, AR-43).
                for other in targets_of(ctx, actor, target, def.def.targets)
                    .into_iter()
                    .skip(1)
                {
                    p.expected_damage +=
                        attack_preview(ctx, actor, other, attack.index(), false).expected_damage;
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
            Preview {
                hit_chance: chance,
                expected_healing: heal * chance,
                ..Preview::default()
            }
        }
        Intent::UseAbility { ability, target } => {
            let who = target.unwrap_or(actor);
            let Some(power) = ctx.sheet(actor).and_then(|s| s.powers.get(ability.index())) else {
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
                PowerEffect::Heal(dice) => dice.distribution().map_or(0.0, |d| d.mean() as f32),
                PowerEffect::TempHp(n) => *n as f32,
            };
            Preview {
                expected_healing: healing,
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

/// Expected damage and chances of attack `index` of `attacker` on `target`, exactly over the
/// d20 (resistance, crits, miss damage, the two-weapon reroll and invisibility included).
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
    let resistance = t.sheet.0.resistance(attack.def.damage_type);
    let mult = crit_multiplier(attack.def.crit_steps);
    let total = hp.current.saturating_add(hp.temp);
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
    let may_inflict = attack.def.effects.iter().any(|(_, effect)| anew(effect));
    let inflicting = |natural: i64, result: AttackResult| {
        attack
            .def
            .effects
            .iter()
            .any(|(when, effect)| fires(*when, result, natural) && anew(effect))
    };
    if coup {
        return Preview {
            hit_chance: 1.0,
            damage_on_hit: attack.mean * mult as f32,
            expected_damage: attack.mean * mult as f32,
            kill_chance: attack.chance_at_least(total, mult),
            inflicts: if may_inflict && inflicting(20, AttackResult::Crit) {
                1.0
            } else {
                0.0
            },
            ..Preview::default()
        };
    }
    let seen = if odds.invisible { 0.5 } else { 1.0 };
    // The chance a hit and a crit take the target out, by whether resistance halves the
    // damage (the same for every natural that hits, so worked out once).
    let kill_if = |half: bool| {
        let hp = if half { total.saturating_mul(2) } else { total };
        (
            attack.chance_at_least(hp, 1),
            attack.chance_at_least(hp, mult),
        )
    };
    let whole = kill_if(false);
    let halved = if resistance.is_some() {
        kill_if(true)
    } else {
        whole
    };
    let (crit_damage, hit_damage, miss_damage) =
        (attack.mean * mult as f32, attack.mean, attack.miss as f32);
    let (mut expected, mut kill, mut inflicts) = (0.0f32, 0.0f32, 0.0f32);
    let (mut hits, mut crits) = (0.0f32, 0.0f32);
    // Natural 1 always fumbles: it does nothing.
    for natural in 2..=20i64 {
        let p = natural_chance(&odds, natural);
        let half = resistance.is_some_and(|n| natural < i64::from(n));
        let factor = if half { 0.5 } else { 1.0 };
        let (kill_on_hit, kill_on_crit) = if half { halved } else { whole };
        let result = judge(natural, natural + odds.bonus, odds.defense, odds.crit_from);
        if may_inflict && inflicting(natural, result) {
            inflicts += p;
        }
        match result {
            AttackResult::Crit => {
                expected += p * crit_damage * factor;
                kill += p * kill_on_crit;
                crits += p;
            }
            AttackResult::Hit => {
                expected += p * hit_damage * factor;
                kill += p * kill_on_hit;
                hits += p;
            }
            AttackResult::Miss => expected += p * miss_damage * factor,
            AttackResult::Fumble => {}
        }
    }
    Preview {
        hit_chance: hits * seen + crits * seen,
        damage_on_hit: attack.mean,
        expected_damage: expected * seen,
        kill_chance: kill * seen,
        inflicts: inflicts * seen,
        ..Preview::default()
    }
}
