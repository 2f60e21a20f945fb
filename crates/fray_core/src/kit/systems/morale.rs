//! `Morale`: the ruleset rolls the checks the triggers call for.

use bevy_ecs::prelude::*;

use super::Scratch;
use super::bookkeeping::{book_status, mirror_engagements, note_triggers};
use crate::combatant::Status;
use crate::flow::phase::Phase;
use crate::kit::{Ctx, Kit, Rules};

/// `Morale`: the ruleset rolls the checks the triggers call for; the queue is cleared.
///
/// A check can change statuses (a side flees or surrenders). Those changes are booked at once,
/// and the triggers they fire (half the side out, the leader gone) are checked in the same
/// tick, so a fight that then waits on a decision has nothing left to settle: the next tick,
/// whatever requests it brings, finds the fight as it was left.
pub(crate) fn morale<R: Rules>(mut kit: Kit<R>, mut scratch: Local<Scratch>) {
    let Kit {
        encounters,
        members,
    } = &mut kit;
    let Scratch {
        statuses, released, ..
    } = &mut *scratch;
    for parts in encounters.iter_mut() {
        if parts.morale.pending.is_empty() {
            continue;
        }
        let mut ctx = Ctx::new(parts, members);
        if ctx.e.encounter.phase() != Phase::Ended {
            let mut i = 0;
            loop {
                statuses.clear();
                let m = &*ctx.m;
                statuses.extend(
                    ctx.e
                        .roster
                        .entries
                        .iter()
                        .map(|entry| m.status.get(entry.entity).map_or(Status::Dead, |s| *s)),
                );
                while let Some(&(side, trigger)) = ctx.e.morale.pending.get(i) {
                    R::morale(&mut ctx, side, trigger);
                    i += 1;
                }
                let (e, m) = (&mut ctx.e, &mut *ctx.m);
                let mut changed = false;
                released.clear();
                for (entry, &before) in e.roster.entries.iter().zip(statuses.iter()) {
                    let Ok(&now) = m.status.get(entry.entity) else {
                        continue;
                    };
                    if now != before {
                        changed = true;
                        book_status(m, entry.entity, now, released);
                    }
                }
                if !changed {
                    break;
                }
                mirror_engagements(&mut e.lineup, m, released);
                note_triggers(e, m);
                // Each trigger fires once a battle, so this ends.
                if e.morale.pending.len() <= i {
                    break;
                }
            }
        }
        ctx.e.morale.pending.clear();
    }
}
