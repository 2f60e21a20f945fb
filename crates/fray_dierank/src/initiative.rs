//! Initiative (DR-12): each hero, and each monster group, rolls its REF die; the highest goes
//! first; ties go to the larger REF die, then to rerolls. Mastery points may be spent on the
//! roll (declared before the first round's turns), and a delayed unit comes back one below the
//! last to act (DR-13).

use bevy_ecs::prelude::*;
use fray_core::combatant::Initiative;
use fray_core::intent::Intent;
use fray_core::kit::{RoundPlan, Rounds};
use fray_core::log::LogEvent;
use fray_core::turn::{ActingUnit, TurnEntry};
use fray_dice::{Advantage, DieSource};
use smallvec::SmallVec;

use crate::contest::Hand;
use crate::pronoun::pronoun;
use crate::state::InitRoll;
use crate::vocabulary::MASTERY;
use crate::{Ctx, DrRules, mastery};

impl Rounds for DrRules {
    /// Before the first round's turns, whoever has a mastery point may spend it on its
    /// initiative roll (DR-12), and the order is set (and logged, once) when they are done.
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        if ctx.round() > 1 {
            // Initiative is rolled once; a delayer's new count places it from now on (DR-13).
            ctx.order_mut().sort_by_count();
            return RoundPlan::Turns;
        }
        let anyone = ctx
            .roster()
            .entities()
            .any(|e| ctx.is_active(e) && mastery::can_spend_on_roll(ctx, e));
        if anyone {
            RoundPlan::Declarations
        } else {
            order(ctx);
            RoundPlan::Turns
        }
    }

    fn declare(ctx: &mut Ctx, who: Entity, intent: Intent) {
        if let Intent::UseAbility {
            ability: MASTERY, ..
        } = intent
            && mastery::spend(ctx, who, true)
        {
            master(ctx, who);
        }
    }

    /// A combatant that spent a mastery point on its initiative may spend another, up to its
    /// rank (DR-09, DR-12).
    fn declares_again(ctx: &Ctx, who: Entity, intent: &Intent) -> bool {
        matches!(
            intent,
            Intent::UseAbility {
                ability: MASTERY,
                ..
            }
        ) && mastery::can_spend_on_roll(ctx, who)
    }

    fn declarations_done(ctx: &mut Ctx) {
        order(ctx);
    }
}

/// How many times tied units reroll before the roster order settles it.
const REROLLS: u32 = 16;

/// The unit `who` acts in: its group, or itself.
pub fn unit_of(ctx: &Ctx, who: Entity) -> ActingUnit {
    ctx.roster()
        .get(ctx.id(who))
        .and_then(|e| e.group)
        .map_or(ActingUnit::Combatant(who), ActingUnit::Group)
}

/// Rolls every unit's REF die (a group rolls its first member's), logged. The order is set
/// ([`order`]) once any mastery points on the rolls are spent.
pub fn roll(ctx: &mut Ctx) {
    let mut rolls: SmallVec<[InitRoll; 8]> = SmallVec::new();
    for index in 0..ctx.roster().len() {
        let Some(who) = ctx.roster().entries.get(index).map(|e| e.entity) else {
            continue;
        };
        if !ctx.status(who).takes_turns() {
            continue;
        }
        let unit = unit_of(ctx, who);
        if rolls.iter().any(|r| r.unit == unit) {
            continue;
        }
        let Some(die) = ctx.fighter(who).map(|f| f.sheet.0.reflexes) else {
            continue;
        };
        let hand = Hand::roll(ctx, die, Advantage::NONE);
        ctx.note(Some(who), || {
            format!("rolls initiative: {}.", hand.describe())
        });
        rolls.push(InitRoll { unit, hand });
    }
    ctx.battle_mut().initiative = rolls;
}

/// Sets the turn order from the initiative rolls: highest first, ties to the larger REF die,
/// then rerolls of that die among the tied (DR-12); each member's [`Initiative`] follows.
pub fn order(ctx: &mut Ctx) {
    let rolls = ctx.battle().initiative.clone();
    let mut entries: SmallVec<[TurnEntry; 16]> = rolls
        .iter()
        .map(|r| TurnEntry {
            unit: r.unit,
            count: i32::try_from(r.hand.kept()).unwrap_or(0),
            tiebreak: i32::try_from(r.hand.die.sides()).unwrap_or(0) * 256,
        })
        .collect();
    // Ties of count and die: the tied reroll that die until their rolls differ.
    let mut i = 0;
    while i < entries.len() {
        let (count, tiebreak) = (entries[i].count, entries[i].tiebreak);
        let tied: SmallVec<[usize; 8]> = (i..entries.len())
            .filter(|&j| entries[j].count == count && entries[j].tiebreak == tiebreak)
            .collect();
        if tied.len() > 1 && tied[0] == i {
            break_tie(ctx, &mut entries, &tied, &rolls);
        }
        i += 1;
    }
    for entry in &entries {
        members(ctx, entry.unit, entry.count, entry.tiebreak);
    }
    ctx.order_mut().set(entries);
}

/// Rerolls the REF die of the tied entries `tied` until every roll differs; the higher roll
/// goes first (after [`REROLLS`] tries, roster order).
fn break_tie(ctx: &mut Ctx, entries: &mut [TurnEntry], tied: &[usize], rolls: &[InitRoll]) {
    let Some(die) = rolls.get(tied[0]).map(|r| r.hand.die) else {
        return;
    };
    for _ in 0..REROLLS {
        let faces: SmallVec<[u32; 8]> = tied
            .iter()
            .map(|_| ctx.rng().roll_die(die.sides()))
            .collect();
        let text = faces
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        ctx.note(None, || {
            format!("an initiative tie: {die} rerolled, {text}.")
        });
        let distinct = faces
            .iter()
            .enumerate()
            .all(|(a, x)| faces.iter().skip(a + 1).all(|y| x != y));
        if distinct {
            for (&j, &f) in tied.iter().zip(&faces) {
                entries[j].tiebreak = entries[j]
                    .tiebreak
                    .saturating_add(i32::try_from(f).unwrap_or(0));
            }
            return;
        }
    }
    // Still tied: the earlier in the roster first.
    let n = i32::try_from(tied.len()).unwrap_or(0);
    for (k, &j) in tied.iter().enumerate() {
        entries[j].tiebreak = entries[j]
            .tiebreak
            .saturating_add(n - i32::try_from(k).unwrap_or(0));
    }
}

/// Sets the initiative of `unit`'s members, logged.
fn members(ctx: &mut Ctx, unit: ActingUnit, count: i32, tiebreak: i32) {
    let who: SmallVec<[Entity; 8]> = match unit {
        ActingUnit::Combatant(e) => smallvec::smallvec![e],
        ActingUnit::Group(g) => ctx.roster().group(g).collect(),
        ActingUnit::Sides(_) => SmallVec::new(),
    };
    for e in who {
        let id = ctx.id(e);
        ctx.record(|_| LogEvent::Initiative {
            who: id,
            count,
            roll: None,
        });
        if let Some(mut init) = ctx.initiative_mut(e) {
            *init = Initiative { count, tiebreak };
        }
    }
}

/// `who` spends a mastery point on its unit's initiative roll (DR-12): one more die, the
/// highest kept (a REF roll is never disadvantaged). Returns the new count.
pub fn master(ctx: &mut Ctx, who: Entity) -> Option<i64> {
    let unit = unit_of(ctx, who);
    let at = ctx
        .battle()
        .initiative
        .iter()
        .position(|r| r.unit == unit)?;
    let die = ctx.battle().initiative.get(at)?.hand.die;
    let face = u8::try_from(ctx.rng().roll_die(die.sides())).unwrap_or(u8::MAX);
    let roll = ctx.battle_mut().initiative.get_mut(at)?;
    roll.hand.master(face);
    let (kept, text) = (roll.hand.kept(), roll.hand.describe());
    ctx.note(Some(who), || {
        format!("spends a mastery point on initiative: {text}.")
    });
    Some(kept)
}

/// The current actor's unit has delayed (the kit moved it after the next unit to act): its
/// count becomes one below that unit's (DR-13).
pub fn after_delay(ctx: &mut Ctx, who: Entity) {
    let unit = unit_of(ctx, who);
    let Some(before) = ctx.order().count_before(unit) else {
        return;
    };
    let count = before.saturating_sub(1);
    ctx.order_mut().recount(unit, count);
    let tiebreak = ctx
        .order()
        .entries()
        .iter()
        .find(|e| e.unit == unit)
        .map_or(0, |e| e.tiebreak);
    members(ctx, unit, count, tiebreak);
    ctx.tell(Some(who), |c| {
        let their = pronoun(c, who).possessive();
        format!("delays: {their} initiative is now {count}.")
    });
}
