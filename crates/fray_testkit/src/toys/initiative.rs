//! Initiative as most toys roll it: one die for each combatant, or one for each group, whose
//! members then act one after another on the group's count.

use fray_core::combatant::Initiative;
use fray_core::kit::{Ctx, RulesBase};
use fray_core::log::LogEvent;
use fray_core::turn::{ActingUnit, TurnEntry};
use smallvec::SmallVec;

/// Rolls a d`sides` for every combatant still taking turns, in roster order - once for each
/// group, shared by its members - logs each combatant's count and sets its [`Initiative`].
/// Returns the turn order's entries: one per ungrouped combatant, one per group; ties go to
/// the earlier in the roster.
pub fn roll_units<R: RulesBase>(ctx: &mut Ctx<R>, sides: u32) -> SmallVec<[TurnEntry; 16]> {
    let mut entries: SmallVec<[TurnEntry; 16]> = SmallVec::new();
    for index in 0..ctx.roster().len() {
        let Some(entry) = ctx.roster().entries.get(index) else {
            continue;
        };
        let (who, group) = (entry.entity, entry.group);
        if !ctx.status(who).takes_turns() {
            continue;
        }
        let unit = group.map_or(ActingUnit::Combatant(who), ActingUnit::Group);
        let shared = entries.iter().find(|e| e.unit == unit).map(|e| e.count);
        let tiebreak = -i32::try_from(index).unwrap_or(i32::MAX);
        let (count, roll) = match shared {
            Some(count) => (count, None),
            None => {
                let rolled = ctx.roll_die(sides);
                let count = i32::try_from(rolled.total).unwrap_or(i32::MAX);
                entries.push(TurnEntry {
                    unit,
                    count,
                    tiebreak,
                });
                (count, rolled.roll)
            }
        };
        let id = ctx.id(who);
        ctx.record(|_| LogEvent::Initiative {
            who: id,
            count,
            roll,
        });
        if let Some(mut initiative) = ctx.initiative_mut(who) {
            *initiative = Initiative { count, tiebreak };
        }
    }
    entries
}
