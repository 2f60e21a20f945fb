//! Previews: the exact chance of each number of successes of an attack (the dice crate's
//! distributions), what one more mastery point would change on a roll being made, the odds an
//! initiative point gains a place, and the opportunity attacks a move draws.

use std::borrow::Cow;

use bevy_ecs::prelude::*;
use fray_core::intent::Intent;
use fray_core::kit::Previews;
use fray_core::legality::{Legal, Occasion};
use fray_core::preview::{DamageRange, Preview};
use smallvec::SmallVec;

use crate::contest::{Contest, success_odds, successes};
use crate::vocabulary::{MASTERY, PRESS, provokes};
use crate::{Ctx, DrRules, initiative, mastery, movement};

impl Previews for DrRules {
    /// What a legal intent would do.
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        legal: &Legal,
        occasion: &Occasion,
    ) -> Preview {
        let ctx = &*ctx;
        match *intent {
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => {
                let health = ctx.hp(target).map_or(1, |h| h.current);
                let mut p = from_odds(&attack_odds(ctx, actor, target, attack.0), health);
                if let Occasion::Reaction {
                    kind: provokes::INTERRUPT,
                    provoker,
                    intent: provoking,
                } = *occasion
                {
                    interrupt_odds(ctx, (actor, provoker), &provoking, legal, &mut p);
                }
                if maneuver == PRESS {
                    // The point buys the rest of the turn: room for another major blow.
                    p.expected_damage *= 2.0;
                    p.spends = one_point(ctx, actor);
                }
                p
            }
            Intent::UseAbility {
                ability: MASTERY, ..
            } => match occasion {
                Occasion::Declaration => initiative_point(ctx, actor),
                _ => ctx
                    .paused()
                    .map_or_else(Preview::default, |c| mastery_point(ctx, actor, c)),
            },
            Intent::Move { to } => {
                // Worked out here with the legality check's own code: an offer's price does not
                // list what the move provokes.
                let from = ctx.region(actor);
                let drawn = ctx
                    .fighter(actor)
                    .and_then(|f| movement::way(ctx, &f.sheet.0, f.state.careful, from, to).ok())
                    .map_or(0, |how| {
                        movement::provoked(ctx, actor, how, (from, to)).len()
                    });
                Preview {
                    provokes: u8::try_from(drawn).unwrap_or(u8::MAX),
                    ..Preview::certain()
                }
            }
            _ => Preview::certain(),
        }
    }

    /// Nobody: die-rank has no spells. Every attack and special is a die of the ladder (an
    /// ember lance is a special as a lizard's spit is: a cooldown, a shift or an exclusive
    /// cost, DR-07, DR-14), and the one limited power, mastery points, every hero and monster has
    /// (DR-09, DR-10), so none of it sets a caster apart.
    fn casts(_ctx: &Ctx, _e: Entity) -> bool {
        false
    }

    /// Anyone can harm anyone: die-rank has no immunity; the defense die resists each
    /// attack (DR-04), which is chance, not immunity.
    fn can_harm(_ctx: &Ctx, _attacker: Entity, _target: Entity) -> bool {
        true
    }

    /// Never: a die-rank turn offers every attack in range among its options, where the AI sees them.
    fn strikes_later_from_here(_ctx: &Ctx, _actor: Entity) -> bool {
        false
    }
}

/// The exact chance of each number of successes of attack `attack` of `actor` on `target` as
/// things stand (entry `k`: exactly `k` successes, so `k` points of damage).
pub fn attack_odds(ctx: &Ctx, actor: Entity, target: Entity, attack: u16) -> Cow<'static, [f64]> {
    let Some(a) = ctx.fighter(actor).and_then(|f| {
        f.sheet
            .0
            .attacks
            .get(usize::from(attack))
            .map(|a| (a.die, a.level.level()))
    }) else {
        return Cow::Borrowed(&[1.0]);
    };
    let Some((defense, exposed)) = ctx
        .fighter(target)
        .map(|f| (f.sheet.0.defense, f.state.exposed))
    else {
        return Cow::Borrowed(&[1.0]);
    };
    success_odds(a, (defense, if exposed { -1 } else { 0 }))
}

/// A preview from the chance of each number of successes against a target with `health` left
/// (damage past its health counts for nothing).
fn from_odds(odds: &[f64], health: i32) -> Preview {
    let miss = odds.first().copied().unwrap_or(1.0);
    let hit = (1.0 - miss).max(0.0);
    let cap = health.max(1) as f64;
    let mean: f64 = odds
        .iter()
        .enumerate()
        .map(|(k, p)| (k as f64).min(cap) * p)
        .sum();
    let kill: f64 = odds
        .iter()
        .enumerate()
        .filter(|(k, _)| *k as i64 >= i64::from(health.max(1)))
        .map(|(_, p)| p)
        .sum();
    // One point of damage per success: a hit deals from its fewest possible successes to
    // its most.
    let mut range = DamageRange::default();
    for (k, _) in odds.iter().enumerate().skip(1).filter(|(_, p)| **p > 0.0) {
        range.include(k as i64);
    }
    Preview {
        hit_chance: hit as f32,
        damage_on_hit: if hit > 0.0 { (mean / hit) as f32 } else { 0.0 },
        damage_range: range.get(),
        expected_damage: mean as f32,
        kill_chance: kill as f32,
        ..Preview::default()
    }
}

/// The share of `who`'s mastery points one is.
fn one_point(ctx: &Ctx, who: Entity) -> f32 {
    1.0 / f32::from(mastery::available(ctx, who).max(1))
}

/// An interrupt strikes only if its REF roll succeeds (a readied attack always does, its price
/// free), and striking first may spare the interrupter the attack it answers.
fn interrupt_odds(
    ctx: &Ctx,
    (me, attacker): (Entity, Entity),
    provoking: &Intent,
    legal: &Legal,
    p: &mut Preview,
) {
    if !legal.cost.is_free() {
        let (Some(mine), Some(theirs)) = (
            ctx.fighter(me).map(|f| f.sheet.0.reflexes),
            ctx.fighter(attacker).map(|f| f.sheet.0.reflexes),
        ) else {
            return;
        };
        let first = 1.0
            - success_odds((mine, 0), (theirs, 0))
                .first()
                .copied()
                .unwrap_or(1.0);
        let first = first as f32;
        p.hit_chance *= first;
        p.expected_damage *= first;
        p.kill_chance *= first;
    }
    // A felled attacker's blow never lands: what it would have done is spared.
    if let Intent::Attack { attack, .. } = *provoking {
        let theirs = attack_odds(ctx, attacker, me, attack.0);
        let mean: f64 = theirs.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
        p.averts = p.kill_chance * mean as f32;
    }
}

/// What one more mastery point by `who` would change on the roll `c` being made (DR-09): the
/// actor's gain in damage, or the target's damage spared, over the faces the die may show,
/// with the other hand as it stands (damage past the target's health counts for nothing).
pub fn mastery_point(ctx: &Ctx, who: Entity, c: &Contest) -> Preview {
    let health = ctx.hp(c.target).map_or(1, |h| h.current).max(1);
    let cap = u32::try_from(health).unwrap_or(1);
    let now = f64::from(c.successes().min(cap));
    let (hand, acting) = if who == c.actor {
        (&c.act, true)
    } else {
        (&c.res, false)
    };
    let sides = hand.die.sides();
    let (mut mean, mut hit, mut kill) = (0.0, 0.0, 0.0);
    for face in 1..=sides {
        let kept = hand.kept_with(u8::try_from(face).unwrap_or(u8::MAX));
        let k = if acting {
            successes(kept, c.res.kept())
        } else {
            successes(c.act.kept(), kept)
        };
        mean += f64::from(k.min(cap));
        if k > 0 {
            hit += 1.0;
        }
        if k >= cap {
            kill += 1.0;
        }
    }
    let n = f64::from(sides.max(1));
    let (mean, hit, kill) = (mean / n, hit / n, kill / n);
    let mut p = Preview {
        hit_chance: hit as f32,
        spends: one_point(ctx, who),
        ..Preview::default()
    };
    if acting {
        p.expected_damage = (mean - now) as f32;
        p.kill_chance = (kill
            - if now >= f64::from(health.max(1)) {
                1.0
            } else {
                0.0
            })
        .max(0.0) as f32;
    } else {
        p.averts = (now - mean) as f32;
    }
    p
}

/// What one more die on `who`'s initiative roll (DR-12) would gain: the share of the enemy
/// units now ahead of or level with it that it would then act before, in expectation (as the
/// preview's chance of success).
fn initiative_point(ctx: &Ctx, who: Entity) -> Preview {
    let unit = initiative::unit_of(ctx, who);
    let rolls = &ctx.battle().initiative;
    let Some(mine) = rolls.iter().find(|r| r.unit == unit) else {
        return Preview::default();
    };
    let kept = mine.hand.kept();
    let enemy = |r: &&crate::state::InitRoll| match r.unit {
        fray_core::turn::ActingUnit::Combatant(e) => ctx.enemies(who, e),
        fray_core::turn::ActingUnit::Group(g) => ctx
            .roster()
            .group(g)
            .next()
            .is_some_and(|e| ctx.enemies(who, e)),
        fray_core::turn::ActingUnit::Sides(_) => false,
    };
    let enemies: SmallVec<[i64; 8]> = rolls.iter().filter(enemy).map(|r| r.hand.kept()).collect();
    let ahead: SmallVec<[i64; 8]> = enemies.iter().copied().filter(|&k| k >= kept).collect();
    let sides = mine.hand.die.sides();
    let passed: usize = (1..=sides)
        .map(|f| {
            let now = mine.hand.kept_with(u8::try_from(f).unwrap_or(u8::MAX));
            ahead.iter().filter(|&&k| now > k).count()
        })
        .sum();
    let share = passed as f32 / (sides.max(1) as f32 * enemies.len().max(1) as f32);
    Preview {
        hit_chance: share,
        spends: one_point(ctx, who),
        ..Preview::default()
    }
}
