//! Morale (L5-16): a DC 11 check, d20 + WIS modifier + proficiency if fitting + the monster's
//! morale bonus by HD, with disadvantage when the roller is burdened (load, injury), follows
//! a retreating PC (L5-17) or is a surfacer in darkness (L5-18). Failure surrenders (when engaged) or flees.
//!
//! Fray's rulings on when: at the battle's start the monsters of a side clearly weaker than an
//! enemy side (standing strength, below, under two thirds of the enemy's) check whether they
//! fight at all; at the side's first
//! fall, monsters check;
//! when the side's leader falls, and when the tide is obvious, everyone of the side checks,
//! PCs too (each alone, as PCs always roll). The tide is obvious (checked once per side, at the
//! start of a round) when the side's standing strength - the hit points of its members still
//! fighting - falls below a third of an enemy side's. Half of a side out of the fight is no
//! trigger of its own. Monsters roll by side, by group (content's groups, else one group per
//! statblock) or individually, as the encounter's `morale` option says; a shared roll uses the
//! modifiers of the side's or group's leader if it still stands, else of its member with the
//! most hit dice.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::ids::SideId;
use fray_core::morale::MoraleTrigger;
use smallvec::SmallVec;

use crate::check::{self, burdened, net};
use crate::options::MoraleBy;
use crate::pronoun::pronoun;
use crate::sheet::Ability;
use crate::{Ctx, light};

/// The DC of every morale check.
pub const DC: i64 = 11;

/// Who checks on a trigger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    /// Monsters only.
    Monsters,
    /// Everyone of the side.
    Everyone,
}

/// A morale trigger of the core fired for `side`.
pub fn triggered(ctx: &mut Ctx, side: SideId, trigger: MoraleTrigger) {
    let (who, why) = match trigger {
        MoraleTrigger::BattleStart => {
            let mine = strength(ctx, side);
            let weaker = (0..u8::try_from(ctx.sides().len()).unwrap_or(0))
                .map(SideId)
                .any(|o| o != side && mine.saturating_mul(3) < strength(ctx, o).saturating_mul(2));
            if !weaker {
                return;
            }
            (Who::Monsters, "the battle begins against a stronger foe")
        }
        MoraleTrigger::FirstDeath => (Who::Monsters, "the first of the side falls"),
        MoraleTrigger::LeaderDown => (Who::Everyone, "the leader falls"),
        MoraleTrigger::HalfOut => return,
    };
    check_side(ctx, side, who, why, false);
}

/// The standing strength of `side`: hit points of its members still fighting.
pub fn strength(ctx: &Ctx, side: SideId) -> i64 {
    ctx.roster()
        .side(side)
        .filter(|&e| ctx.is_active(e))
        .filter_map(|e| ctx.hp(e))
        .map(|h| i64::from(h.current.max(0)))
        .sum()
}

/// At a round's start: every side whose tide has turned obviously checks, once.
pub fn tide(ctx: &mut Ctx) {
    let sides = u8::try_from(ctx.sides().len()).unwrap_or(0);
    for s in 0..sides.min(63) {
        let side = SideId(s);
        if ctx.battle().tide_checked & (1u64 << s) != 0 {
            continue;
        }
        let mine = strength(ctx, side);
        let theirs = (0..sides)
            .filter(|&o| o != s)
            .map(|o| strength(ctx, SideId(o)))
            .max()
            .unwrap_or(0);
        if mine > 0 && mine.saturating_mul(3) < theirs {
            ctx.battle_mut().tide_checked |= 1u64 << s;
            check_side(
                ctx,
                side,
                Who::Everyone,
                "the tide has turned against it",
                false,
            );
        }
    }
}

/// `who`'s morale bonus: WIS modifier, proficiency if fitting, the monster's morale bonus.
pub fn bonus(ctx: &Ctx, who: Entity) -> i32 {
    let (prof, hd) = ctx.fighter(who).map_or((false, 0), |f| {
        (f.sheet.0.morale_proficient, i32::from(f.sheet.0.morale))
    });
    check::bonus(ctx, who, Ability::Wis, prof) + hd
}

/// The rolling units of `side` for `who`: each a list of members, the first rolling for all.
fn units(ctx: &Ctx, side: SideId, who: Who) -> SmallVec<[SmallVec<[Entity; 8]>; 8]> {
    let by = ctx.battle().options.morale;
    let mut out: SmallVec<[SmallVec<[Entity; 8]>; 8]> = SmallVec::new();
    let mut keys: SmallVec<[String; 8]> = SmallVec::new();
    for e in ctx.roster().side(side) {
        if !ctx.is_active(e) || ctx.decides_own_morale(e) {
            continue;
        }
        let Some(f) = ctx.fighter(e) else { continue };
        let pc = f.sheet.0.pc;
        if pc && who == Who::Monsters {
            continue;
        }
        let key = if pc || by == MoraleBy::Individual {
            format!("#{}", ctx.id(e).0)
        } else if by == MoraleBy::Side {
            String::new()
        } else {
            let entry = ctx.roster().get(ctx.id(e));
            match entry.and_then(|r| r.group) {
                Some(g) => format!("g{}", g.0),
                None => format!("s{}", f.sheet.0.statblock),
            }
        };
        match keys.iter().position(|k| *k == key) {
            Some(i) => {
                if let Some(u) = out.get_mut(i) {
                    u.push(e);
                }
            }
            None => {
                keys.push(key);
                out.push(smallvec::smallvec![e]);
            }
        }
    }
    for unit in &mut out {
        // The roller: a leader standing, else the most hit dice (first in the roster).
        let mut best = 0usize;
        let mut best_key = (false, 0u8);
        for (i, &e) in unit.iter().enumerate() {
            let key = (
                ctx.morale(e).is_some_and(|(_, leader)| leader),
                ctx.fighter(e).map_or(0, |f| f.sheet.0.level),
            );
            if key > best_key {
                best_key = key;
                best = i;
            }
        }
        unit.swap(0, best);
    }
    out
}

/// Checks the morale of `side` (those `who` says), `why`; `harder` for disadvantage.
pub fn check_side(ctx: &mut Ctx, side: SideId, who: Who, why: &str, harder: bool) {
    let units = units(ctx, side, who);
    if units.is_empty() {
        return;
    }
    ctx.tell(None, |c| {
        format!("The {} side checks morale: {why}.", c.sides().name(side))
    });
    for unit in units {
        let Some(&roller) = unit.first() else {
            continue;
        };
        let held = roll(ctx, roller, harder);
        if !held {
            for e in unit {
                break_nerve(ctx, e);
            }
        }
    }
}

/// `roller` rolls a morale check. Returns whether it held.
pub fn roll(ctx: &mut Ctx, roller: Entity, harder: bool) -> bool {
    let bonus = bonus(ctx, roller);
    let dis = u32::from(burdened(ctx, roller)) + u32::from(harder) + light::morale(ctx, roller);
    check::roll(ctx, roller, "morale", net(0, dis), bonus, DC).success
}

/// `who`'s nerve breaks: it surrenders if engaged, else flees.
pub fn break_nerve(ctx: &mut Ctx, who: Entity) {
    if !ctx.is_active(who) {
        return;
    }
    if let Some(mut m) = ctx.morale_mut(who) {
        m.broken = true;
    }
    let engaged = ctx.engagement(who).is_some_and(|g| g.is_engaged());
    let status = if engaged {
        Status::Surrendered
    } else {
        Status::Fled
    };
    ctx.tell(Some(who), |c| {
        format!("loses {} nerve.", pronoun(c, who).possessive())
    });
    ctx.release_all(who);
    ctx.set_status(who, status);
}
