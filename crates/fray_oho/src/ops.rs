//! The operations OHO's rules share, on top of the kit's context: pools of d6, spending the
//! gauge, conditions that follow from a creature's state, one-way engagement and reach, and
//! bringing a status in line with its state.

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_dice::Roll;
use smallvec::SmallVec;

use crate::Ctx;
use crate::fighter::{Penalty, able};
use crate::gauge::seconds_text;
use crate::rules::REACTION;
use crate::sheet::{SheetData, SheetWeapon};
use crate::vitals::{innate, standing, worse};
use crate::vocabulary::condition_name;

/// OHO's operations on an encounter's context.
pub(crate) trait OhoOps {
    /// The compiled sheet of `e`.
    fn sheet(&self, e: Entity) -> Option<&SheetData>;
    /// Weapon `attack` of `who`, if both exist.
    fn weapon(&self, who: Entity, attack: AttackId) -> Option<&SheetWeapon>;
    /// Able to act right now: active and not disabled.
    fn can_act(&self, e: Entity) -> bool;
    /// Whether `who` engages `target` (one-way, OHO-13).
    fn engaging(&self, who: Entity, target: Entity) -> bool;
    /// Whether `who` engages fewer creatures than it may: one, more with Toughness (OHO-13).
    fn has_room_to_engage(&self, who: Entity) -> bool;
    /// Whether `x` threatens a creature in `region` that it engages: it stands there, can act
    /// and has half a second for a reaction, and took no full-round action in round `round`
    /// (OHO-03, OHO-14).
    fn threatens(&self, x: Entity, region: RegionId, round: u32) -> bool;
    /// Rolls a pool of `dice` d6 (OHO-07) less a penalty: the sum of the dice left, less the
    /// flat part, with the breakdown when the log records.
    fn pool(&mut self, dice: u8, penalty: Penalty) -> (i64, Option<Roll>);
    /// One die of `sides` sides, logged as a roll of `who` for `purpose`.
    fn die(&mut self, sides: u32, who: Entity, purpose: &str) -> i64;
    /// Spends time from `who`'s gauge and logs what is left (OHO-01).
    fn spend(&mut self, who: Entity, tenths: u16);
    /// Puts a condition of the creature itself on `target` (disabled, dying), logged.
    fn mark(&mut self, target: Entity, c: Condition);
    /// Brings `who`'s status in line with its state (see [`crate::vitals`]): innate
    /// conditions, then down or dead; a fallen combatant's engagements end and its withheld
    /// action is lost.
    fn update_status(&mut self, who: Entity);
    /// After a move, engagements of `moved` whose engager no longer reaches its target end.
    fn drop_out_of_reach(&mut self, moved: Entity);
}

impl OhoOps for Ctx<'_, '_, '_, '_> {
    fn sheet(&self, e: Entity) -> Option<&SheetData> {
        self.fighter(e).map(|f| &*f.sheet.0)
    }

    fn weapon(&self, who: Entity, attack: AttackId) -> Option<&SheetWeapon> {
        self.fighter(who)
            .and_then(|f| f.sheet.0.weapons.get(attack.index()))
    }

    fn can_act(&self, e: Entity) -> bool {
        self.conditions(e).is_some_and(|c| able(self.status(e), c))
    }

    fn engaging(&self, who: Entity, target: Entity) -> bool {
        self.engagement(who)
            .is_some_and(|e| e.engaging().contains(&target))
    }

    fn has_room_to_engage(&self, who: Entity) -> bool {
        let limit = self
            .fighter(who)
            .map_or(0, |f| usize::from(f.sheet.0.engage_limit));
        self.engagement(who)
            .is_some_and(|e| e.engaging().len() < limit)
    }

    fn threatens(&self, x: Entity, region: RegionId, round: u32) -> bool {
        self.can_act(x)
            && self.region(x) == region
            && self
                .fighter(x)
                .is_some_and(|f| f.atg.remaining >= REACTION && f.state.full_round_in != round)
    }

    fn pool(&mut self, dice: u8, penalty: Penalty) -> (i64, Option<Roll>) {
        let count = u32::from(dice.saturating_sub(penalty.dice));
        let rolled = self.roll_pool(count, 6);
        match rolled.roll {
            Some(roll) => {
                let roll = roll.plus(-penalty.flat, "penalty");
                (roll.total(), Some(roll))
            }
            None => (rolled.total - penalty.flat, None),
        }
    }

    fn die(&mut self, sides: u32, who: Entity, purpose: &str) -> i64 {
        let rolled = self.roll_die(sides);
        self.log_roll(who, purpose, rolled.roll, None, None);
        rolled.total
    }

    fn spend(&mut self, who: Entity, tenths: u16) {
        let left = match self.fighter_mut(who) {
            Some(mut f) => {
                f.atg.remaining = f.atg.remaining.saturating_sub(tenths);
                f.atg.remaining
            }
            None => return,
        };
        if self.logging() {
            let id = self.id(who);
            self.log_mut().push(LogEvent::Spent {
                who: id,
                cost: seconds_text(tenths),
                left: format!("{} left", seconds_text(left)),
            });
        }
    }

    fn mark(&mut self, target: Entity, c: Condition) {
        if self.conditions(target).is_none_or(|x| x.has(c)) {
            return;
        }
        self.set_innate(target, c, true);
        let id = self.id(target);
        self.record(|_| LogEvent::EffectApplied {
            target: id,
            effect: condition_name(c).into_owned(),
        });
    }

    fn update_status(&mut self, who: Entity) {
        let mut newly: SmallVec<[Condition; 3]> = SmallVec::new();
        let mut changes: SmallVec<[(Condition, bool); 3]> = SmallVec::new();
        let (before, after) = {
            let (Some(f), Some(hp), Some(conditions)) =
                (self.fighter(who), self.hp(who), self.conditions(who))
            else {
                return;
            };
            let sheet = &*f.sheet.0;
            let mut now = conditions.clone();
            for (c, on) in innate(&hp, f.state, sheet) {
                if on && !now.has(c) {
                    newly.push(c);
                }
                if now.has(c) != on && (on || c == Condition::EXHAUSTED) {
                    now.set_innate(c, on);
                    changes.push((c, on));
                }
            }
            let before = self.status(who);
            (before, worse(before, standing(&hp, &now, f.state, sheet)))
        };
        for (c, on) in changes {
            self.set_innate(who, c, on);
        }
        if after != before
            && let Some(mut f) = self.fighter_mut(who)
        {
            f.state.withheld = None;
        }
        if self.logging() {
            let id = self.id(who);
            for c in newly {
                self.log_mut().push(LogEvent::EffectApplied {
                    target: id,
                    effect: condition_name(c).into_owned(),
                });
            }
        }
        if after != before {
            self.set_status(who, after);
            self.release_all(who);
        }
    }

    fn drop_out_of_reach(&mut self, moved: Entity) {
        let pairs: SmallVec<[(Entity, Entity); 8]> = self
            .engagement(moved)
            .map(|e| {
                e.engaging()
                    .iter()
                    .map(|t| (moved, *t))
                    .chain(e.engaged_by().iter().map(|s| (*s, moved)))
                    .collect()
            })
            .unwrap_or_default();
        for (engager, target) in pairs {
            let reach = self.sheet(engager).map_or(0, SheetData::reach);
            if self.map().hops(self.region(engager), self.region(target)) > reach {
                self.stop_engaging(engager, target);
            }
        }
    }
}
