//! Previews: what an intent would do, exactly, without rolling - the hit chance with advantage
//! or disadvantage, the crit (a natural 20 doubles) and the fumble (a monster's natural 1 that
//! lands on a PC doubles), expected damage, the chance to take the target out; the stabilize
//! chance. A player is also told the injury table's odds for a stabilized ally and the uses of
//! a limited attack left ([`Previews::notes`](fray_core::kit::Previews::notes)).

use bevy_ecs::prelude::*;
use fray_core::intent::Intent;
use fray_core::kit::Previews;
use fray_core::legality::{Legal, Occasion};
use fray_core::preview::{DamageRange, Preview};
use fray_dice::Dice;

use crate::attack::setup;
use crate::check::{self, face};
use crate::injury::{INJURY_ODDS, STABILIZE_DC, stabilize_chance, stabilizer};
use crate::resolve::{STEALTH_DC, stealth};
use crate::retreat::{self, attackers};
use crate::sheet::Ability;
use crate::statblock::AttackBlock;
use crate::vocabulary::HIDE;
use crate::{Ctx, L5Rules};

impl Previews for L5Rules {
    /// What `intent` of `actor` would do.
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        _occasion: &Occasion,
    ) -> Preview {
        let ctx = &*ctx;
        let attack_of = |i: usize| {
            ctx.fighter(actor)
                .and_then(|f| f.sheet.0.attacks.get(i).map(|(a, _)| a.clone()))
        };
        match *intent {
            Intent::Attack {
                target, attack: i, ..
            } => {
                // The sheet is shared: holding it spares copying the attack.
                let Some(sheet) = ctx.fighter(actor).map(|f| f.sheet.0.clone()) else {
                    return Preview::default();
                };
                match sheet.attacks.get(usize::from(i.0)) {
                    Some((a, _)) => attack(ctx, actor, target, a),
                    None => Preview::default(),
                }
            }
            Intent::UseAbility {
                ability: HIDE,
                target: None,
            } => {
                let (bonus, adv) = stealth(ctx, actor);
                Preview {
                    hit_chance: check::chance(adv, bonus, STEALTH_DC) as f32,
                    ..Preview::default()
                }
            }
            Intent::UseAbility {
                ability,
                target: Some(target),
            } => {
                let Some(a) = attack_of(usize::from(ability.0)) else {
                    return Preview::default();
                };
                let m = check::bonus(ctx, actor, Ability::of_attack(a.kind), false);
                let mean = ((a.damage.min() + a.damage.max()) as f64 / 2.0 + f64::from(m)).max(0.0);
                let down = ctx
                    .fighter(target)
                    .is_some_and(|f| f.state.down_since.is_some());
                let healing = if down { mean * 0.95 + 1.0 } else { mean };
                // Healing past the maximum heals nothing.
                let missing = f64::from(ctx.hp(target).map_or(0, |h| h.missing()));
                let (healing, overheal) = (healing.min(missing), (healing - missing).max(0.0));
                Preview {
                    hit_chance: 1.0,
                    expected_healing: healing as f32,
                    overheal: overheal as f32,
                    ..Preview::default()
                }
            }
            Intent::Stabilize { .. } => {
                let p = stabilize_chance(ctx, actor);
                Preview {
                    hit_chance: p as f32,
                    expected_healing: (p * 0.95 * (1.0 + 0.05 * 4.5)) as f32,
                    ..Preview::default()
                }
            }
            Intent::Retreat => {
                let (bonus, adv) = retreat::retreat_check(ctx, actor);
                let mut p = check::chance(adv, bonus, retreat::DC);
                for (enemy, i) in attackers(ctx, actor) {
                    let Some(a) = ctx
                        .fighter(enemy)
                        .and_then(|f| f.sheet.0.attacks.get(i).map(|(a, _)| a.clone()))
                    else {
                        continue;
                    };
                    let q = attack(ctx, enemy, actor, &a);
                    p *= 1.0 - f64::from(q.hit_chance);
                }
                Preview {
                    hit_chance: p as f32,
                    ..Preview::default()
                }
            }
            _ => Preview::certain(),
        }
    }

    /// For a player: the uses left of an attack or spell with few, and what the injury table
    /// holds for an incapacitated ally a heal or a stabilizing check gets up (L5-14).
    fn notes(ctx: &mut Ctx, actor: Entity, intent: &Intent, preview: &Preview) -> Vec<String> {
        let ctx = &*ctx;
        let mut notes = Vec::new();
        let (index, target) = match *intent {
            Intent::Attack { target, attack, .. } => (Some(usize::from(attack.0)), Some(target)),
            Intent::UseAbility { ability, target } if ability != HIDE => {
                (Some(usize::from(ability.0)), target)
            }
            Intent::Stabilize { target } => (None, Some(target)),
            _ => (None, None),
        };
        if let Some(i) = index
            && let Some(f) = ctx.fighter(actor)
            && let Some((a, _)) = f.sheet.0.attacks.get(i)
            && a.uses > 0
        {
            let left = a.uses.saturating_sub(f.state.uses(i));
            notes.push(format!("{left} of {} uses left this fight", a.uses));
        }
        let gets_up = match *intent {
            Intent::Stabilize { .. } => Some(preview.hit_chance),
            Intent::UseAbility { .. } if preview.expected_healing > 0.0 => target
                .filter(|t| {
                    ctx.fighter(*t)
                        .is_some_and(|f| f.state.down_since.is_some())
                })
                .map(|_| 1.0),
            _ => None,
        };
        if let Some(chance) = gets_up {
            notes.push(injury_note(chance));
        }
        notes
    }

    /// A combatant with an arcane, divine or healing spell among its attacks
    /// ([`SheetData::casts`](crate::sheet::SheetData::casts)).
    fn casts(ctx: &Ctx, e: Entity) -> bool {
        ctx.fighter(e).is_some_and(|f| f.sheet.0.casts())
    }

    /// Anyone can harm anyone: lite5e's statblocks carry no damage immunity nor
    /// resistance.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: a lite5e turn offers every attack in range among its options, where the AI sees them.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

/// The injury table's odds for an ally who gets up with chance `chance` (L5-14).
fn injury_note(chance: f32) -> String {
    const ROWS: [&str; 5] = [
        "instant heal",
        "disadvantage until a rest",
        "a lost body part",
        "a lost ability",
        "death",
    ];
    let rows: Vec<String> = INJURY_ODDS
        .iter()
        .zip(ROWS)
        .map(|(p, row)| format!("{row} {:.1}%", p * chance * 100.0))
        .collect();
    format!("then the injury table: {}", rows.join(", "))
}

/// The chances of an attack: `(plain hit, natural 20, natural 1 that hits)`.
pub fn chances(advantage: fray_dice::Advantage, bonus: i32, ac: i64) -> (f64, f64, f64) {
    let crit = face(advantage, 20);
    let one = if 1 + i64::from(bonus) >= ac {
        face(advantage, 1)
    } else {
        0.0
    };
    let total = check::chance(advantage, bonus, ac).max(crit);
    let plain = (total - crit - one).max(0.0);
    (plain, crit, one)
}

/// Chance `dice` + `plus`, times `times`, reaches `hp`.
fn reaches(dice: &Dice, plus: i32, times: i64, hp: i64) -> f64 {
    let total = |v: i64| {
        v.saturating_add(i64::from(plus))
            .max(0)
            .saturating_mul(times)
    };
    // Most targets are out of reach, or sure to fall: no table is needed for those.
    if total(dice.min()) >= hp {
        return 1.0;
    }
    if total(dice.max()) < hp {
        return 0.0;
    }
    match dice.table() {
        Ok(d) => d
            .iter()
            .filter(|&(v, _)| {
                v.saturating_add(i64::from(plus))
                    .max(0)
                    .saturating_mul(times)
                    >= hp
            })
            .map(|(_, p)| p)
            .sum(),
        Err(_) => 0.0,
    }
}

/// The preview of `attacker` attacking `target` with `a`.
pub fn attack(ctx: &Ctx, attacker: Entity, target: Entity, a: &AttackBlock) -> Preview {
    let s = setup(ctx, attacker, target, a);
    let (plain, crit, one) = chances(s.advantage, s.bonus, s.ac);
    let fumble = if s.fumble_doubles { one } else { 0.0 };
    let one_plain = one - fumble;
    let mean = ((a.damage.min() + a.damage.max()) as f64 / 2.0 + f64::from(s.damage_mod)).max(0.0);
    let hit = plain + crit + one;
    let expected = mean * (plain + one_plain) + 2.0 * mean * (crit + fumble);
    let hp = ctx.hp(target).map_or(1, |h| i64::from(h.current.max(1)));
    let kill = (plain + one_plain) * reaches(&a.damage, s.damage_mod, 1, hp)
        + (crit + fumble) * reaches(&a.damage, s.damage_mod, 2, hp);
    let dealt = |v: i64, times: i64| {
        v.saturating_add(i64::from(s.damage_mod))
            .max(0)
            .saturating_mul(times)
    };
    let mut range = DamageRange::default();
    if plain + one_plain > 0.0 {
        range.include_span(dealt(a.damage.min(), 1), dealt(a.damage.max(), 1));
    }
    if crit + fumble > 0.0 {
        range.include_span(dealt(a.damage.min(), 2), dealt(a.damage.max(), 2));
    }
    Preview {
        hit_chance: hit as f32,
        damage_range: range.get(),
        damage_on_hit: if hit > 0.0 {
            (expected / hit) as f32
        } else {
            0.0
        },
        expected_damage: expected as f32,
        kill_chance: kill as f32,
        ..Preview::default()
    }
}

/// The chance `who` stabilizes an ally with one check, and the DC (for UIs).
pub fn stabilize_odds(ctx: &Ctx, who: Entity) -> (f64, i64, i32) {
    let (bonus, _) = stabilizer(ctx, who);
    (stabilize_chance(ctx, who), STABILIZE_DC, bonus)
}
