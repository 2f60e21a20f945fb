//! How an encounter opens (BX-13, BX-14): surprise, the distance the sides meet at, an
//! evasion attempt, and the monsters' reaction when the party speaks first.
//!
//! Evasion is the exploration layer's: it works out the chance from its tables (movement
//! rates, group sizes, the environment) and decides who pursues. The hook here takes that
//! chance (the `evade` and `evade_chance` options) and applies what the seed says of surprise:
//! a side that surprised the others evades at will, a surprised side may not evade. A failed
//! evasion means a pursuit; within the encounter, Fray plays the pursuers catching up, so the
//! fight goes on.

use bevy_ecs::prelude::*;
use fray_core::condition::Condition;
use fray_core::ids::SideId;
use fray_core::log::LogEvent;
use fray_core::outcome::Ending;
use fray_core::turn::SideSet;
use smallvec::SmallVec;

use crate::Ctx;
use crate::options::Distance;

/// What the monsters' 2d6 reaction roll (with the speaker's CHA) says (BX-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reaction {
    /// 2 or less: hostile, attacks.
    Hostile,
    /// 3-5: unfriendly, may attack (Fray: it does).
    Unfriendly,
    /// 6-8: neutral, uncertain.
    Neutral,
    /// 9-11: indifferent, uninterested.
    Indifferent,
    /// 12 or more: friendly, helpful.
    Friendly,
}

impl Reaction {
    /// The reaction a total reads as.
    pub fn of(total: i64) -> Self {
        match total {
            i64::MIN..=2 => Self::Hostile,
            3..=5 => Self::Unfriendly,
            6..=8 => Self::Neutral,
            9..=11 => Self::Indifferent,
            _ => Self::Friendly,
        }
    }

    /// Whether it comes to blows (Fray's ruling: an unfriendly monster "may attack", and does).
    pub fn fights(self) -> bool {
        matches!(self, Self::Hostile | Self::Unfriendly)
    }

    /// Its name in the log.
    pub fn name(self) -> &'static str {
        match self {
            Self::Hostile => "hostile, attacks",
            Self::Unfriendly => "unfriendly, may attack",
            Self::Neutral => "neutral, uncertain",
            Self::Indifferent => "indifferent, uninterested",
            Self::Friendly => "friendly, helpful",
        }
    }
}

fn sides(ctx: &Ctx) -> SmallVec<[SideId; 4]> {
    (0..ctx.sides().len())
        .filter_map(|s| u8::try_from(s).ok().map(SideId))
        .collect()
}

fn table_roll(ctx: &mut Ctx, roll: Option<fray_dice::Roll>, purpose: String) {
    if let Some(roll) = roll {
        ctx.log_mut().push(LogEvent::Roll {
            who: None,
            purpose,
            roll,
            target: None,
            success: None,
        });
    }
}

/// Each unaware side rolls a d6: 1-2 is surprised and loses the first round. A side whose
/// enemies carry a light in a dark place is never surprised. If every side is surprised,
/// nobody is (BX-13).
pub fn surprise(ctx: &mut Ctx) {
    let all = sides(ctx);
    let (unaware, light, dark) = {
        let b = ctx.battle();
        (b.unaware, b.light, b.dark)
    };
    let mut surprised = SideSet::default();
    for &side in &all {
        if !unaware.contains(side) {
            continue;
        }
        if dark && light.is_some_and(|l| l != side) {
            ctx.tell(None, |c| {
                format!(
                    "The {} see the light of their enemies coming: they cannot be surprised.",
                    c.sides().name(side)
                )
            });
            continue;
        }
        let rolled = ctx.roll_die(6);
        table_roll(
            ctx,
            rolled.roll,
            format!("surprise of the {}", ctx.sides().name(side)),
        );
        if rolled.total <= 2 {
            surprised = surprised.with(side);
        }
    }
    if !surprised.is_empty() && surprised.len() as usize == all.len() {
        ctx.note(None, || {
            "Every side is surprised: a moment of confusion, and no one gains.".into()
        });
        surprised = SideSet::default();
    }
    for &side in &all {
        if surprised.contains(side) {
            ctx.tell(None, |c| {
                format!(
                    "The {} are surprised and lose the first round.",
                    c.sides().name(side)
                )
            });
            let members: SmallVec<[Entity; 16]> = ctx.roster().side(side).collect();
            for who in members {
                ctx.set_innate(who, Condition::SURPRISED, true);
            }
        }
    }
    ctx.battle_mut().surprised = surprised;
}

/// Rolls how far apart the sides meet, when the encounter asks (2d6 x 10 feet in a dungeon;
/// 4d6 x 10 yards outdoors, 1d4 x 10 yards if a side is surprised), and scales the map so that
/// the first two sides' starting regions are that far apart (BX-13).
pub fn distance(ctx: &mut Ctx) {
    let kind = ctx.battle().options.distance;
    let surprised = !ctx.battle().surprised.is_empty();
    let (count, sides, unit, name) = match kind {
        Distance::Map => return,
        Distance::Dungeon => (2, 6, 10, "feet"),
        Distance::Wilderness if surprised => (1, 4, 30, "yards"),
        Distance::Wilderness => (4, 6, 30, "yards"),
    };
    let rolled = ctx.roll_pool(count, sides);
    table_roll(ctx, rolled.roll, "encounter distance (x 10)".into());
    let feet = i32::try_from(rolled.total)
        .unwrap_or(1)
        .saturating_mul(unit);
    let start = |side: SideId| ctx.roster().side(side).next().map(|e| ctx.region(e));
    let hops = match (start(SideId(0)), start(SideId(1))) {
        (Some(a), Some(b)) => i32::from(ctx.map().hops(a, b)).clamp(1, 100),
        _ => 1,
    };
    let hop = (feet / hops).max(5);
    ctx.battle_mut().hop_feet = hop;
    ctx.note(None, || {
        format!(
            "The sides meet {} {name} apart: {hop} feet between neighbouring regions.",
            feet / (unit / 10)
        )
    });
}

/// When a side speaks first, every other side rolls its reaction: 2d6 plus the CHA modifier of
/// the speaker (the speaking side's best). A reaction that does not come to blows ends the
/// encounter without a fight (BX-14). Returns whether the fight goes on.
pub fn reaction(ctx: &mut Ctx) -> bool {
    let Some(speakers) = ctx.battle().parley else {
        return true;
    };
    let cha = ctx
        .roster()
        .side(speakers)
        .filter(|&e| ctx.is_active(e))
        .filter_map(|e| ctx.fighter(e).map(|f| f.sheet.0.cha))
        .max()
        .unwrap_or(0);
    for side in sides(ctx) {
        if side == speakers {
            continue;
        }
        let rolled = ctx.roll_pool(2, 6);
        let total = rolled.total.saturating_add(i64::from(cha));
        let roll = rolled.roll.map(|r| {
            if cha != 0 {
                r.plus(i64::from(cha), "CHA")
            } else {
                r
            }
        });
        table_roll(
            ctx,
            roll,
            format!("reaction of the {}", ctx.sides().name(side)),
        );
        let reaction = Reaction::of(total);
        ctx.tell(None, |c| {
            format!("The {} are {}.", c.sides().name(side), reaction.name())
        });
        if reaction.fights() {
            return true;
        }
    }
    ctx.conclude(None, Ending::Parley);
    false
}

/// A side's attempt to evade the encounter before combat begins. Returns whether the fight
/// goes on.
pub fn evasion(ctx: &mut Ctx) -> bool {
    let Some((side, chance)) = ctx.battle().evade else {
        return true;
    };
    let surprised = ctx.battle().surprised;
    let name = ctx.sides().name(side).to_string();
    let evades = if surprised.contains(side) {
        ctx.note(None, || {
            format!("The {name} are surprised: they cannot evade.")
        });
        false
    } else if !surprised.is_empty() {
        ctx.note(None, || {
            format!("The {name} surprised their foes: they slip away unseen.")
        });
        true
    } else {
        let rolled = ctx.roll_die(100);
        table_roll(
            ctx,
            rolled.roll,
            format!("evasion of the {name} ({chance}%)"),
        );
        rolled.total <= i64::from(chance)
    };
    if evades {
        ctx.conclude(None, Ending::Evaded);
        return false;
    }
    ctx.note(None, || {
        format!("The {name} fail to evade: their foes catch up with them.")
    });
    true
}

/// The opening: surprise, distance, an evasion attempt, then the reaction roll.
pub fn open(ctx: &mut Ctx) {
    surprise(ctx);
    distance(ctx);
    if evasion(ctx) {
        reaction(ctx);
    }
}
