//! Making an attack (BX-19..BX-24): the d20 and its modifiers, looked up on the attack matrix
//! (or by THAC0, or against ascending AC), natural 20s and 1s, damage of at least 1, and the
//! special cases: helpless targets hit automatically in melee, shields that do not count from
//! behind, invulnerable monsters, subdual, and what a hit does to a caster's declared spell.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::condition::Condition;
use fray_core::effect::BonusTo;
use fray_core::ids::AttackId;
use fray_core::intent::Maneuver;
use fray_core::log::LogEvent;
use fray_dice::Roll;
use smallvec::SmallVec;

use crate::Ctx;
use crate::disruption::disrupt;
use crate::fighter::helpless;
use crate::legality::feet_between;
use crate::options::FULL_COVER;
use crate::pronoun::pronoun;
use crate::saves::save;
use crate::sheet::{SheetAttack, SheetData, Wielded};

/// A character's weapon hit deals 1d6 (BX-23), before STR and magic.
pub const STANDARD_DAMAGE_SIDES: u32 = 6;
use crate::statblock::{Invulnerability, OnHit};
use crate::tables::{AttackRoll, SaveCategory, hits};
use crate::vocabulary::SUBDUE;

/// The missile penalty from an unstable surface (BX-24).
pub const UNSTABLE_MISSILES: i32 = 4;

/// The penalty to melee attack and damage rolls in water (BX-24; the seed says only that they
/// "should be penalized": Fray's ruling).
pub const IN_WATER: i32 = 2;

/// The modifiers of an attack roll, each with its name for the log.
pub type Modifiers = SmallVec<[(i32, &'static str); 6]>;

/// Everything that decides an attack before the die is rolled: shared by resolution and
/// previews, so a preview is exactly what resolution rolls.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// The modifiers to the d20.
    pub modifiers: Modifiers,
    /// The modified roll needed to hit.
    pub needs: i32,
    /// The target's armor class as it counts here (its shield dropped from behind).
    pub ac: i32,
    /// A melee blow at a helpless target: it hits without a roll.
    pub automatic: bool,
    /// A character's weapon deals the standard 1d6 (BX-23) rather than its own dice.
    pub standard_damage: bool,
    /// What is added to the damage dice (STR on melee, magic, fighting in water), each with
    /// its name for the log.
    pub damage_mods: Modifiers,
    /// The blow cannot harm the target (invulnerable).
    pub harmless: bool,
}

impl Setup {
    /// The sum of the damage modifiers.
    pub fn damage_bonus(&self) -> i32 {
        self.damage_mods
            .iter()
            .fold(0i32, |sum, &(n, _)| sum.saturating_add(n))
    }
}

/// Whether `a`'s attack `attack` can harm invulnerable `target` (BX-24): silver or magic as it
/// requires, or, with the 5 HD option, a monster of 5 HD or an invulnerable one.
pub fn harms(ctx: &Ctx, a: &SheetData, attack: &SheetAttack, target: &SheetData) -> bool {
    let Some(need) = target.invulnerable else {
        return true;
    };
    let by_weapon = match need {
        Invulnerability::SilverOrMagic => attack.silver || attack.magic,
        Invulnerability::Magic => attack.magic,
    };
    let by_monster = ctx.battle().options.invulnerable_5hd
        && !a.character
        && (a.hd >= 5 || a.invulnerable.is_some());
    by_weapon || by_monster
}

/// The range modifier of a missile at `feet` with `ranges`: short +1, medium 0, long -1
/// (BX-20).
pub fn range_modifier(feet: i32, (short, medium, _): (u16, u16, u16)) -> i32 {
    if feet <= i32::from(short) {
        1
    } else if feet <= i32::from(medium) {
        0
    } else {
        -1
    }
}

/// Works out an attack of `attacker` with attack `index` on `target`.
pub fn setup(ctx: &Ctx, attacker: Entity, target: Entity, index: AttackId) -> Option<Setup> {
    let a = ctx.fighter(attacker)?.sheet.0.clone();
    let t = ctx.fighter(target)?;
    let (t_sheet, t_retreating) = (t.sheet.0.clone(), t.state.retreating);
    let attack = a.attacks.get(usize::from(index.0))?;
    let mut modifiers = Modifiers::new();
    let missile = attack.ranges;
    if let Some(ranges) = missile {
        if a.dex != 0 {
            modifiers.push((a.dex, "DEX"));
        }
        let battle = ctx.battle();
        let (short, medium, long) = ranges;
        let band = |feet: u16| u16::try_from(battle.text_feet(i32::from(feet))).unwrap_or(u16::MAX);
        let r = range_modifier(
            feet_between(ctx, attacker, target),
            (band(short), band(medium), band(long)),
        );
        if r != 0 {
            modifiers.push((r, if r > 0 { "short range" } else { "long range" }));
        }
        let cover = ctx.battle().cover_in(ctx.region(target));
        if cover != 0 && cover != FULL_COVER {
            modifiers.push((-i32::from(cover), "cover"));
        }
    } else if a.character && a.str != 0 {
        modifiers.push((a.str, "STR"));
    }
    if attack.bonus != 0 {
        modifiers.push((attack.bonus, "magic"));
    }
    // From behind: a retreating foe has turned its back (BX-19), as has one caught by surprise
    // (Fray's ruling for "attacks from behind", BX-24). Its shield does not count.
    let surprised = ctx.has(target, Condition::SURPRISED);
    if t_retreating {
        modifiers.push((2, "retreating target"));
    }
    let ac = if t_retreating || surprised {
        t_sheet.ac.saturating_add(t_sheet.shield)
    } else {
        t_sheet.ac
    };
    // Effects on the target's defenses move its (descending) AC: an exhausted runner's -2
    // (BX-15) makes it 2 worse.
    let ac = ac.saturating_sub(
        ctx.effects(target)
            .map_or(0, |e| e.bonus(BonusTo::Defenses)),
    );
    let mode = ctx.battle().options.attack_roll;
    let needs = mode.needs(a.thac0, ac);
    let automatic = missile.is_none() && ctx.conditions(target).is_some_and(helpless);
    let standard_damage =
        attack.wielded == Wielded::Weapon && !ctx.battle().options.variable_damage;
    let mut damage_mods = Modifiers::new();
    if missile.is_none() && a.character && a.str != 0 {
        damage_mods.push((a.str, "STR"));
    }
    if attack.bonus != 0 {
        damage_mods.push((attack.bonus, "magic"));
    }
    // Where the attacker stands (BX-24): missiles from unsteady footing are at -4; blows
    // struck in water are at -2 to hit and to damage (Fray's numbers for "should be
    // penalized"; missiles do not work there at all, see the legality check).
    let ground = ctx.map().terrain(ctx.region(attacker));
    if missile.is_some() && ground.unstable {
        modifiers.push((-UNSTABLE_MISSILES, "unstable footing"));
    }
    if missile.is_none() && ground.water {
        modifiers.push((-IN_WATER, "in water"));
        damage_mods.push((-IN_WATER, "in water"));
    }
    // Bonuses and penalties from effects (a party that pressed on without its rest fights at
    // -1 to hit and damage, BX-10).
    let effects = ctx.effects(attacker);
    let (to_hit, to_damage) = effects.map_or((0, 0), |e| {
        (e.bonus(BonusTo::Attacks), e.bonus(BonusTo::Damage))
    });
    if to_hit != 0 {
        modifiers.push((to_hit, "effects"));
    }
    if to_damage != 0 {
        damage_mods.push((to_damage, "effects"));
    }
    Some(Setup {
        modifiers,
        needs,
        ac,
        automatic,
        standard_damage,
        damage_mods,
        harmless: !harms(ctx, &a, attack, &t_sheet),
    })
}

/// `attacker` makes attack `index` on `target` with `maneuver`.
pub fn perform(
    ctx: &mut Ctx,
    attacker: Entity,
    target: Entity,
    index: AttackId,
    maneuver: Maneuver,
) {
    let Some(s) = setup(ctx, attacker, target, index) else {
        return;
    };
    let Some(sheet) = ctx.fighter(attacker).map(|f| f.sheet.0.clone()) else {
        return;
    };
    let Some(attack) = sheet.attacks.get(usize::from(index.0)) else {
        return;
    };
    let hit = if s.automatic {
        ctx.tell(Some(attacker), |c| {
            format!(
                "strikes the helpless {} with {}: an automatic hit.",
                c.name(target),
                attack.name
            )
        });
        true
    } else {
        roll_to_hit(ctx, attacker, target, attack, &s)
    };
    if !hit {
        return;
    }
    disrupt(ctx, target, "is struck");
    if s.harmless {
        ctx.tell(Some(target), |c| {
            let them = pronoun(c, target).object();
            format!("is unharmed: {} cannot hurt {them}.", attack.name)
        });
        return;
    }
    let rolled = if s.standard_damage {
        ctx.roll_die(STANDARD_DAMAGE_SIDES)
    } else {
        ctx.roll(&attack.damage)
    };
    let amount = damage(rolled.total, s.damage_bonus());
    if let Some(roll) = rolled.roll {
        let roll = s
            .damage_mods
            .iter()
            .fold(roll, |r, &(n, why)| r.plus(i64::from(n), why));
        let purpose = format!("{} damage (at least 1)", attack.name);
        ctx.log_roll(attacker, &purpose, Some(roll), None, None);
    }
    if maneuver == SUBDUE {
        subdue(ctx, target, amount);
    } else {
        ctx.deal_damage(
            target,
            amount,
            fray_core::vocabulary::DamageType(0),
            None,
            Some(attacker),
        );
    }
    if let Some(on_hit) = attack.on_hit
        && ctx.is_active(target)
    {
        match on_hit {
            OnHit::Paralysis if !ctx.has(target, Condition::PARALYZED) => {
                if !save(ctx, target, SaveCategory::Paralysis, 0) {
                    ctx.set_innate(target, Condition::PARALYZED, true);
                }
            }
            OnHit::Paralysis => {}
            OnHit::Poison => {
                if !save(ctx, target, SaveCategory::Death, 0) {
                    let left = ctx.hp(target).map_or(0, |h| h.current);
                    ctx.deal_damage(
                        target,
                        left.max(1),
                        fray_core::vocabulary::DamageType(0),
                        Some("poison"),
                        Some(attacker),
                    );
                }
            }
        }
    }
}

/// Damage of a hit: the dice plus the bonus, at least 1 (BX-23).
pub fn damage(rolled: i64, bonus: i32) -> i32 {
    i32::try_from(rolled.saturating_add(i64::from(bonus)))
        .unwrap_or(i32::MAX)
        .max(1)
}

/// Rolls the d20, logs the attack and says whether it hit.
fn roll_to_hit(
    ctx: &mut Ctx,
    attacker: Entity,
    target: Entity,
    attack: &SheetAttack,
    s: &Setup,
) -> bool {
    let mode = ctx.battle().options.attack_roll;
    let rolled = ctx.roll_die(20);
    let natural = rolled.total;
    let total_mod: i64 = s.modifiers.iter().map(|(m, _)| i64::from(*m)).sum();
    let modified = natural.saturating_add(total_mod);
    let hit = hits(natural, modified, s.needs);
    if let Some(roll) = rolled.roll {
        let mut roll: Roll = roll;
        for (m, label) in &s.modifiers {
            roll = roll.plus(i64::from(*m), label);
        }
        let thac0 = ctx.fighter(attacker).map_or(20, |f| f.sheet.0.thac0);
        let (roll, defense, against) = match mode {
            AttackRoll::Matrix => (
                roll,
                format!(
                    "AC {} on the attack matrix (THAC0 {thac0} row): needs",
                    s.ac
                ),
                i64::from(s.needs),
            ),
            AttackRoll::Thac0 => (
                roll,
                format!("THAC0 {thac0} - AC {}: needs", s.ac),
                i64::from(s.needs),
            ),
            AttackRoll::Ascending => (
                roll.plus(i64::from(19 - thac0), "attack bonus"),
                "AAC".to_string(),
                i64::from(19 - s.ac),
            ),
        };
        let (a, t) = (ctx.id(attacker), ctx.id(target));
        ctx.log_mut().push(LogEvent::Attack {
            attacker: a,
            target: t,
            attack: attack.name.clone(),
            roll,
            defense,
            against,
            hit,
            crit: false,
        });
    }
    hit
}

/// Subdual damage (BX-24): counted apart from real damage; an intelligent foe whose subdual
/// damage reaches its hit points surrenders.
fn subdue(ctx: &mut Ctx, target: Entity, amount: i32) {
    let total = ctx.fighter_mut(target).map_or(0, |mut f| {
        f.state.subdual = f.state.subdual.saturating_add(amount);
        f.state.subdual
    });
    let hp = ctx.hp(target).map_or(0, |h| h.current);
    ctx.note(Some(target), || {
        format!("takes {amount} subdual damage ({total} against {hp} hit points).")
    });
    if total >= hp {
        ctx.tell(Some(target), |c| {
            let could = pronoun(c, target).agree("it could", "they could");
            format!("is beaten, knowing {could} have been killed.")
        });
        ctx.release_all(target);
        ctx.set_status(target, Status::Surrendered);
    }
}
