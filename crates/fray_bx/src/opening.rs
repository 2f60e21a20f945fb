//! How an encounter opens (BX-13, BX-14): surprise, the distance the sides meet at, an
//! evasion attempt, and the monsters' reaction when the party speaks first.
//!
//! Evasion is the exploration layer's: it works out the chance from its tables (movement
//! rates, group sizes, the environment) and decides who pursues. The hook here takes that
//! chance (the `evade` and `evade_chance` options) and applies what the seed says of surprise:
//! a side that surprised the others evades at will, a surprised side may not evade. A failed
//! evasion means a pursuit: in the dungeon and on the water the pursuers catch up and the fight
//! goes on; in the wilderness (the `pursuit` option) the pursuit is played day by day, and the
//! days it took are kept for the exploration layer to spend.

use bevy_ecs::prelude::*;
use fray_core::condition::Condition;
use fray_core::ids::SideId;
use fray_core::log::LogEvent;
use fray_core::outcome::Ending;
use fray_core::turn::SideSet;
use smallvec::SmallVec;

use crate::Ctx;
use crate::options::{Distance, Pursuit};

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
/// nobody loses the round (BX-13). Returns whether any side rolled surprised (the wilderness
/// encounter distance shrinks then, even when all were).
pub fn surprise(ctx: &mut Ctx) -> bool {
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
    let any = !surprised.is_empty();
    if any && surprised.len() as usize == all.len() {
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
    any
}

/// Rolls how far apart the sides meet, when the encounter asks (2d6 x 10 feet in a dungeon;
/// 4d6 x 10 yards outdoors, 1d4 x 10 yards "if either side is surprised": `surprised` says
/// whether any side rolled surprised, both included), and scales the map so that the first two
/// sides' starting regions are that far apart (BX-13).
pub fn distance(ctx: &mut Ctx, surprised: bool) {
    let kind = ctx.battle().options.distance;
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

/// Whether `who` may declare a parley now: it is of the side that may speak first, it is the
/// first round, and nobody has spoken for its side yet (BX-14: "PCs may attempt to communicate
/// with monsters", which opens the encounter; once blows are struck it is too late).
pub fn may_parley(ctx: &Ctx, who: Entity) -> bool {
    let battle = ctx.battle();
    battle.parley.is_some()
        && battle.parley == ctx.side(who)
        && battle.speaking.is_none()
        && ctx.round() <= 1
}

/// `who` speaks for its side: when the declarations are done, the other sides roll their
/// reaction with its CHA modifier ("that character's NPC reactions modifier", BX-14).
pub fn speak(ctx: &mut Ctx, who: Entity) {
    let cha = ctx.fighter(who).map_or(0, |f| f.sheet.0.cha);
    ctx.battle_mut().speaking = Some(cha);
    ctx.tell(Some(who), |_| {
        "speaks with the other side: a parley.".into()
    });
}

/// The chance a parley by `who` ends the encounter: every other side's reaction, 2d6 plus
/// `who`'s CHA modifier, comes to at least 6 (neutral or better, BX-14).
pub fn parley_chance(ctx: &Ctx, who: Entity) -> f32 {
    let cha = i64::from(ctx.fighter(who).map_or(0, |f| f.sheet.0.cha));
    let peaceful = (1..=6i64)
        .flat_map(|a| (1..=6i64).map(move |b| a + b))
        .filter(|&total| !Reaction::of(total.saturating_add(cha)).fights())
        .count();
    let one = peaceful as f32 / 36.0;
    let others = sides(ctx)
        .into_iter()
        .filter(|&s| Some(s) != ctx.side(who))
        .count();
    one.powi(i32::try_from(others).unwrap_or(i32::MAX))
}

/// After the first round's declarations: when someone spoke for its side, every other side
/// rolls its reaction, 2d6 plus the speaker's CHA modifier, and a reaction that does not come
/// to blows ends the encounter without a fight (BX-14). The chance to parley is gone after
/// the first round's declarations either way. Returns whether the fight goes on.
pub fn reaction(ctx: &mut Ctx) -> bool {
    let (speakers, spoken) = (ctx.battle().parley, ctx.battle().speaking);
    if ctx.round() <= 1 {
        let battle = ctx.battle_mut();
        battle.parley = None;
        battle.speaking = None;
    }
    let (Some(speakers), Some(cha)) = (speakers, spoken) else {
        return true;
    };
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
    } else if evasion_roll(ctx, &name, chance) {
        true
    } else {
        match ctx.battle().options.pursuit {
            Pursuit::Caught => false,
            Pursuit::Days { pursuers_faster } => !pursued(ctx, &name, chance, pursuers_faster),
        }
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

/// The percentile evasion roll of the side `name` against `chance`.
fn evasion_roll(ctx: &mut Ctx, name: &str, chance: u8) -> bool {
    let rolled = ctx.roll_die(100);
    table_roll(
        ctx,
        rolled.roll,
        format!("evasion of the {name} ({chance}%)"),
    );
    rolled.total <= i64::from(chance)
}

/// The longest pursuit, in days: pursuers still on the trail after it give up (a ruling; the
/// seed's pursuit goes on "until the pursuit is over").
pub const MAX_PURSUIT_DAYS: u8 = 30;

/// Pursuers faster than the fleeing side catch up on a day's pursuit on this chance in
/// percent.
pub const CATCH_UP_CHANCE: u8 = 50;

/// A wilderness pursuit after a failed evasion, day by day (BX-15): pursuers faster than the
/// fleeing side catch up on 50%; if they do not (or are not faster) the fleeing side keeps
/// fleeing and tries to evade again at the same chance; a success ends the pursuit. Returns
/// whether the pursuers caught the side, and keeps the days it lasted for the exploration
/// layer ([`Bx::pursuit_days`](crate::state::Bx::pursuit_days)).
fn pursued(ctx: &mut Ctx, name: &str, chance: u8, pursuers_faster: bool) -> bool {
    for day in 1..=MAX_PURSUIT_DAYS {
        ctx.battle_mut().pursuit_days = day;
        ctx.note(None, || {
            format!("Day {day} of the pursuit: the {name} flee in a random direction.")
        });
        if pursuers_faster {
            let rolled = ctx.roll_die(100);
            table_roll(
                ctx,
                rolled.roll,
                format!("the faster pursuers catch up ({CATCH_UP_CHANCE}%)"),
            );
            if rolled.total <= i64::from(CATCH_UP_CHANCE) {
                return true;
            }
        }
        if evasion_roll(ctx, name, chance) {
            return false;
        }
    }
    ctx.note(None, || {
        format!("After {MAX_PURSUIT_DAYS} days the pursuers give up.")
    });
    false
}
