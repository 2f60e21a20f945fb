//! Previews (exact where the rules decide alone): an attack's hit chance from the matrix, its
//! damage and kill chance; a spell's or special attack's save chances; the chance a declared
//! spell is lost before it is cast; and the chance a blow routs the foe's side.

use bevy_ecs::prelude::*;
use fray_core::condition::Condition;
use fray_core::ids::{AbilityId, AttackId, SideId};
use fray_core::intent::{Intent, Maneuver};
use fray_core::kit::Previews;
use fray_core::legality::{Legal, Occasion};
use fray_core::preview::{DamageRange, Preview};
use smallvec::SmallVec;

use crate::attack::{STANDARD_DAMAGE_SIDES, harms, setup};
use crate::legality::missile_reaches;
use crate::morale::{adjustment, break_chance, score};
use crate::opening::parley_chance;
use crate::options::Ties;
use crate::powers::{sleepers, struck};
use crate::saves::chance;
use crate::sheet::Power;
use crate::statblock::{Affliction, OnHit};
use crate::tables::{SaveCategory, hits};
use crate::turns::{Step, step};
use crate::vocabulary::{PARLEY, SUBDUE};
use crate::{BxRules, Ctx};

impl Previews for BxRules {
    /// The preview of `intent` by `actor` on `occasion`.
    fn preview(
        ctx: &mut Ctx,
        actor: Entity,
        intent: &Intent,
        _legal: &Legal,
        occasion: &Occasion,
    ) -> Preview {
        let ctx = &*ctx;
        match *intent {
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => attack_preview(ctx, actor, target, attack, maneuver),
            Intent::UseAbility {
                ability,
                target: Some(target),
            } => {
                let mut p = power_preview(ctx, actor, ability, target);
                if *occasion == Occasion::Declaration {
                    p.lost = spell_lost(ctx, actor);
                }
                p
            }
            // The chance the talk ends the encounter without a blow.
            Intent::UseAbility {
                ability: PARLEY,
                target: None,
            } => Preview {
                hit_chance: parley_chance(ctx, actor),
                ..Preview::default()
            },
            _ => Preview::certain(),
        }
    }

    /// For a player: the uses of a special attack or spell left, what a failed save against
    /// it inflicts, and what a hit's venom or touch does (BX-21).
    fn notes(ctx: &mut Ctx, actor: Entity, intent: &Intent, _preview: &Preview) -> Vec<String> {
        let Some(fighter) = ctx.fighter(actor) else {
            return Vec::new();
        };
        let mut notes = Vec::new();
        match *intent {
            Intent::Attack { attack, .. } => {
                let on_hit = fighter
                    .sheet
                    .0
                    .attacks
                    .get(usize::from(attack.0))
                    .and_then(|a| a.on_hit);
                match on_hit {
                    Some(OnHit::Paralysis) => notes.push(
                        "on a hit: paralysed for the fight unless it saves versus paralysis"
                            .to_string(),
                    ),
                    Some(OnHit::Poison) => notes.push(
                        "on a hit: poison, death unless it saves versus death or poison"
                            .to_string(),
                    ),
                    None => {}
                }
            }
            Intent::UseAbility { ability, .. } => {
                if let Some(power) = fighter.sheet.0.powers.get(usize::from(ability.0)) {
                    let left = power.uses.saturating_sub(fighter.state.uses(ability));
                    let what = if power.spell { "castings" } else { "uses" };
                    notes.push(format!("{left} of {} {what} left this fight", power.uses));
                    match &power.power {
                        Power::Save {
                            save,
                            inflicts: Some(affliction),
                            ..
                        } => notes.push(format!(
                            "on a failed save versus {}: {}",
                            save.name(),
                            affliction_words(*affliction)
                        )),
                        Power::Sleep { hd, max_hd } => notes.push(format!(
                            "asleep: {} hit dice of foes where it lands, the weakest first, none of more than {max_hd} HD",
                            hd.notation()
                        )),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        notes
    }

    /// A combatant with a spell on its sheet ([`SheetData::casts`](crate::sheet::SheetData::casts)).
    fn casts(ctx: &Ctx, e: Entity) -> bool {
        ctx.fighter(e).is_some_and(|f| f.sheet.0.casts())
    }

    /// A foe that is not invulnerable can be harmed by anyone (bare hands do 1d2). An
    /// invulnerable one (BX-24) by an attack of `attacker`'s sheet that [`harms`] it (silver,
    /// magic, or a monster of 5 HD with the option on), or by a spell or special attack that
    /// deals damage with a use left: powers are not weapons, and no invulnerability stops
    /// them. A sleep spell or an affliction deals no damage, so it does not count.
    fn can_harm(ctx: &Ctx, attacker: Entity, target: Entity) -> bool {
        let (Some(a), Some(t)) = (ctx.fighter(attacker), ctx.fighter(target)) else {
            return false;
        };
        let (sheet, foe) = (&a.sheet.0, &t.sheet.0);
        if foe.invulnerable.is_none() {
            return true;
        }
        let blow = sheet
            .attacks
            .iter()
            .any(|attack| harms(ctx, sheet, attack, foe));
        let power = sheet.powers.iter().enumerate().any(|(i, p)| {
            let ability = AbilityId(u16::try_from(i).unwrap_or(u16::MAX));
            p.power.damages() && a.state.uses(ability) < p.uses
        });
        blow || power
    }

    /// In the movement step, a missile on `actor`'s sheet reaches an active foe from where it
    /// stands (the missile step's own check, `missile_reaches`: out of melee, within long
    /// range, BX-20), to be loosed in the missile step that follows (BX-18's order: movement,
    /// missiles, spells, melee). In the other steps the options show every blow.
    fn strikes_later_from_here(ctx: &Ctx, actor: Entity) -> bool {
        if step(ctx) != Step::Movement {
            return false;
        }
        let Some(fighter) = ctx.fighter(actor) else {
            return false;
        };
        let sheet = &fighter.sheet.0;
        let missiles = || sheet.attacks.iter().filter(|a| a.is_missile());
        missiles().next().is_some()
            && ctx
                .roster()
                .entities()
                .any(|foe| missiles().any(|a| missile_reaches(ctx, actor, a, foe).is_ok()))
    }
}

/// What an affliction does, for a player.
fn affliction_words(affliction: Affliction) -> &'static str {
    match affliction {
        Affliction::Paralysis => "paralysed",
        Affliction::Petrification => "turned to stone",
        Affliction::Sleep => "asleep",
        Affliction::Blindness => "blinded",
    }
}

/// Chance `side` breaks at its next check: the likeliest member to break decides (one roll
/// for the side, BX-25); 0 for a side of no one who checks.
pub fn side_breaks(ctx: &Ctx, side: SideId) -> f32 {
    let adjust = adjustment(ctx, side);
    ctx.roster()
        .side(side)
        .filter(|&e| ctx.is_active(e))
        .filter(|&e| ctx.morale(e).is_none_or(|(m, _)| m.passed < 2))
        .filter_map(|e| ctx.fighter(e)?.sheet.0.morale)
        .map(|rating| score(rating, adjust))
        .min()
        .map_or(0.0, break_chance)
}

/// Whether felling one more of `side` calls for a morale check (its first fallen, or half of
/// it out).
fn fall_checks(ctx: &Ctx, side: SideId) -> bool {
    let fired = ctx.morale_state().sides.get(usize::from(side.0)).copied();
    let (mut total, mut out) = (0usize, 0usize);
    for e in ctx.roster().side(side) {
        total += 1;
        out += usize::from(!ctx.is_active(e));
    }
    match fired {
        Some(f) => !f.first_death || (!f.half_out && (out + 1) * 2 >= total),
        None => true,
    }
}

fn routs(ctx: &Ctx, target: Entity, kill: f32) -> f32 {
    match ctx.side(target) {
        Some(side) if kill > 0.0 && fall_checks(ctx, side) => kill * side_breaks(ctx, side),
        _ => 0.0,
    }
}

/// An attack's preview.
pub fn attack_preview(
    ctx: &Ctx,
    actor: Entity,
    target: Entity,
    attack: AttackId,
    maneuver: Maneuver,
) -> Preview {
    let Some(s) = setup(ctx, actor, target, attack) else {
        return Preview::default();
    };
    let Some(sheet) = ctx.fighter(actor).map(|f| f.sheet.0.clone()) else {
        return Preview::default();
    };
    let Some(a) = sheet.attacks.get(usize::from(attack.0)) else {
        return Preview::default();
    };
    let bonus: i64 = s.modifiers.iter().map(|(m, _)| i64::from(*m)).sum();
    let hit = if s.automatic {
        1.0
    } else {
        (1..=20).filter(|&f| hits(f, f + bonus, s.needs)).count() as f32 / 20.0
    };
    let hp = i64::from(ctx.hp(target).map_or(0, |h| h.current));
    let subdual = if maneuver == SUBDUE {
        ctx.fighter(target)
            .map_or(0, |f| i64::from(f.state.subdual))
    } else {
        0
    };
    let (mut mean, mut kill) = (0.0f64, 0.0f64);
    let mut range = DamageRange::default();
    let mut weigh = |value: i64, p: f64| {
        let dealt = value.saturating_add(i64::from(s.damage_bonus())).max(1);
        mean += dealt as f64 * p;
        range.include(dealt);
        if dealt.saturating_add(subdual) >= hp {
            kill += p;
        }
    };
    if s.harmless {
    } else if s.standard_damage {
        let sides = i64::from(STANDARD_DAMAGE_SIDES);
        for v in 1..=sides {
            weigh(v, 1.0 / sides as f64);
        }
    } else {
        for &(v, p) in &a.odds {
            weigh(v, p);
        }
    }
    let paralyses = a.on_hit == Some(OnHit::Paralysis) && !ctx.has(target, Condition::PARALYZED);
    let inflicts = if paralyses {
        let value = ctx
            .fighter(target)
            .map_or(20, |f| f.sheet.0.saves.get(SaveCategory::Paralysis));
        hit * (1.0 - chance(value))
    } else {
        0.0
    };
    let kill = hit * kill as f32;
    Preview {
        hit_chance: hit,
        damage_on_hit: mean as f32,
        damage_range: range.get(),
        expected_damage: if maneuver == SUBDUE {
            0.0
        } else {
            hit * mean as f32
        },
        kill_chance: kill,
        inflicts,
        routs: routs(ctx, target, kill),
        ..Preview::default()
    }
}

/// A power's preview: its chances against each creature it strikes.
pub fn power_preview(ctx: &Ctx, actor: Entity, ability: AbilityId, target: Entity) -> Preview {
    let Some(sheet) = ctx.fighter(actor).map(|f| f.sheet.0.clone()) else {
        return Preview::default();
    };
    let Some(p) = sheet.powers.get(usize::from(ability.0)) else {
        return Preview::default();
    };
    let hp = |e: Entity| i64::from(ctx.hp(e).map_or(0, |h| h.current));
    match &p.power {
        Power::Missile { .. } => {
            let outcomes = &p.odds;
            let mean: f64 = outcomes.iter().map(|(v, q)| (*v).max(1) as f64 * q).sum();
            let kill: f64 = outcomes
                .iter()
                .filter(|(v, _)| (*v).max(1) >= hp(target))
                .map(|(_, q)| q)
                .sum();
            let mut range = DamageRange::default();
            for &(v, _) in outcomes {
                range.include(v.max(1));
            }
            Preview {
                hit_chance: 1.0,
                damage_on_hit: mean as f32,
                damage_range: range.get(),
                expected_damage: mean as f32,
                kill_chance: kill as f32,
                routs: routs(ctx, target, kill as f32),
                ..Preview::default()
            }
        }
        Power::Save {
            save,
            inflicts,
            area,
            ..
        } => {
            let outcomes = &p.odds;
            let mut preview = Preview::default();
            for (i, e) in struck(ctx, actor, target, *area).into_iter().enumerate() {
                let value = ctx.fighter(e).map_or(20, |f| f.sheet.0.saves.get(*save));
                let fails = 1.0 - f64::from(chance(value));
                let (mut mean, mut kill) = (0.0, 0.0);
                for &(v, q) in outcomes {
                    let full = v.max(0);
                    mean += q * (fails * full as f64 + (1.0 - fails) * (full / 2) as f64);
                    if full >= hp(e) {
                        kill += q * fails;
                    }
                    if full / 2 >= hp(e) {
                        kill += q * (1.0 - fails);
                    }
                }
                preview.expected_damage += mean as f32;
                if i == 0 {
                    // A failed save takes it all, a made one half (rounded down).
                    let mut range = DamageRange::default();
                    for &(v, _) in outcomes {
                        let full = v.max(0);
                        if fails > 0.0 {
                            range.include(full);
                        }
                        if fails < 1.0 {
                            range.include(full / 2);
                        }
                    }
                    preview.damage_range = range.get();
                    preview.hit_chance = fails as f32;
                    preview.damage_on_hit = mean as f32;
                    preview.kill_chance = kill as f32;
                    preview.routs = routs(ctx, e, kill as f32);
                    if inflicts.is_some() {
                        preview.inflicts = fails as f32;
                    }
                }
            }
            preview
        }
        Power::Sleep { max_hd, .. } => {
            // The target sleeps when the rolled hit dice cover it and everyone weaker before
            // it: the sleepers of the highest roll show how many hit dice that takes.
            let most = p.odds.last().map_or(0, |(v, _)| *v);
            let order = sleepers(ctx, actor, target, *max_hd, most);
            let needed: i64 = match order.iter().position(|&e| e == target) {
                Some(i) => order[..=i]
                    .iter()
                    .filter_map(|&e| ctx.fighter(e).map(|f| i64::from(f.sheet.0.hd.max(1))))
                    .sum(),
                None => i64::MAX,
            };
            let asleep: f64 = p
                .odds
                .iter()
                .filter(|(v, _)| *v >= needed)
                .map(|(_, q)| q)
                .sum();
            Preview {
                hit_chance: asleep as f32,
                inflicts: asleep as f32,
                ..Preview::default()
            }
        }
        Power::Heal { .. } => {
            // What it heals of what the target is missing: past its maximum heals nothing.
            let missing = ctx.hp(target).map_or(0, |h| i64::from(h.missing()));
            let mean: f64 = p
                .odds
                .iter()
                .map(|(v, q)| (*v).clamp(0, missing) as f64 * q)
                .sum();
            let past: f64 = p
                .odds
                .iter()
                .map(|(v, q)| ((*v).max(0) - missing).max(0) as f64 * q)
                .sum();
            Preview {
                hit_chance: 1.0,
                expected_healing: mean as f32,
                overheal: past as f32,
                ..Preview::default()
            }
        }
    }
}

/// Chance a spell declared now is lost before it is cast (BX-21): the caster's side loses
/// initiative (ties act together, or roll again under `ties: "reroll"`), and a foe in melee
/// with it hits it first. It counts each foe in melee with the caster as striking it with
/// each of its melee attacks, so it is the chance at worst.
pub fn spell_lost(ctx: &Ctx, caster: Entity) -> f32 {
    let loses = match ctx.battle().options.ties {
        Ties::Simultaneous => 15.0 / 36.0,
        Ties::Reroll => 0.5,
    };
    let mut unhurt = 1.0f32;
    let foes: SmallVec<[Entity; 8]> = ctx.foes(caster).filter(|&e| ctx.is_active(e)).collect();
    for foe in foes {
        let Some(sheet) = ctx.fighter(foe).map(|f| f.sheet.0.clone()) else {
            continue;
        };
        for (i, a) in sheet.attacks.iter().enumerate() {
            if a.is_missile() {
                continue;
            }
            let id = AttackId(u16::try_from(i).unwrap_or(u16::MAX));
            let p = attack_preview(ctx, foe, caster, id, Maneuver::STANDARD);
            unhurt *= 1.0 - p.hit_chance;
            if sheet.character {
                break;
            }
        }
    }
    loses * (1.0 - unhurt)
}
