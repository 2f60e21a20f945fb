//! Statuses and conditions: who is out, and what afflicts whom.

use std::borrow::Cow;

use bevy_ecs::prelude::*;

use super::NOBODY;
use crate::combatant::Status;
use crate::condition::Condition;
use crate::effect::EffectSpec;
use crate::kit::{Ctx, RulesBase};
use crate::log::LogEvent;

impl<'a, 'i, 'w, 's, R: RulesBase> Ctx<'a, 'i, 'w, 's, R> {
    /// Sets `who`'s status and logs the change. In a simultaneous step the change waits until
    /// the step ends (it still acts in it).
    pub fn set_status(&mut self, who: Entity, status: Status) {
        if self.e.turn.defers_status() {
            self.e.turn.defer(who, status);
            return;
        }
        self.apply_status(who, status);
    }

    /// Sets `who`'s status now and logs the change.
    pub(crate) fn apply_status(&mut self, who: Entity, status: Status) {
        if !self.here(who) {
            return;
        }
        let Ok(mut s) = self.m.status.get_mut(who) else {
            return;
        };
        if *s == status {
            return;
        }
        *s = status;
        if let Some(row) = self.e.lineup.row_mut(who) {
            row.status = status;
        }
        if self.e.log.enabled() {
            let id = self.id(who);
            self.e.log.push(LogEvent::StatusChanged { who: id, status });
        }
    }

    /// Sets or clears an innate condition of `who` (one that follows from its own state).
    pub fn set_innate(&mut self, who: Entity, c: Condition, on: bool) {
        if self.here(who)
            && let Ok((mut conditions, _)) = self.m.conditions.get_mut(who)
            && conditions.has(c) != on
        {
            conditions.set_innate(c, on);
            if let Some(row) = self.e.lineup.row_mut(who) {
                row.conditions.set_innate(c, on);
            }
        }
    }

    /// Applies an effect from `source` to `target`, logged; its conditions take hold at once.
    pub fn apply(&mut self, target: Entity, source: Option<Entity>, spec: EffectSpec) {
        if !self.here(target) {
            return;
        }
        let serial = self.e.encounter.take_effect_serial();
        let stamp = (self.e.encounter.round, self.e.turn.serial, serial);
        let Ok((mut conditions, mut effects)) = self.m.conditions.get_mut(target) else {
            return;
        };
        if self.e.log.enabled() {
            let described = crate::effect::Effect {
                kind: spec.kind,
                source,
                magnitude: spec.magnitude,
                duration: spec.duration,
                name: None,
                applied_round: stamp.0,
                applied_turn: stamp.1,
                checked_turn: 0,
                serial,
            }
            .describe(R::vocabulary());
            let id = self.m.fixed.get(target).map_or(NOBODY, |(c, _)| c.id);
            self.e.log.push(LogEvent::EffectApplied {
                target: id,
                effect: described,
            });
        }
        if effects.add(spec, source, stamp) {
            conditions.recompute(effects.conditions());
        }
        if let Some(row) = self.e.lineup.row_mut(target) {
            row.conditions.clone_from(&conditions);
            row.effects = effects.len();
        }
    }

    /// Ends `target`'s effect with this serial, logged.
    pub fn end_effect(&mut self, target: Entity, serial: u32) {
        if !self.here(target) {
            return;
        }
        let Ok((mut conditions, mut effects)) = self.m.conditions.get_mut(target) else {
            return;
        };
        let Some(effect) = effects.remove(serial) else {
            return;
        };
        conditions.recompute(effects.conditions());
        if let Some(row) = self.e.lineup.row_mut(target) {
            row.conditions.clone_from(&conditions);
            row.effects = effects.len();
        }
        if self.e.log.enabled() {
            let id = self.m.fixed.get(target).map_or(NOBODY, |(c, _)| c.id);
            self.e.log.push(LogEvent::EffectEnded {
                target: id,
                effect: effect.describe_end(R::vocabulary()),
            });
        }
    }

    /// Marks `target`'s effect `serial` as checked at the end of turn `turn` (a save rolled,
    /// ongoing damage dealt).
    pub fn mark_checked(&mut self, target: Entity, serial: u32, turn: u32) {
        if self.here(target)
            && let Ok((_, mut effects)) = self.m.conditions.get_mut(target)
            && let Some(effect) = effects.get_mut(serial)
        {
            effect.checked_turn = turn;
        }
    }

    /// The name of a condition in the ruleset's words.
    pub fn condition_name(&self, c: Condition) -> Cow<'static, str> {
        R::vocabulary().condition(c)
    }
}
