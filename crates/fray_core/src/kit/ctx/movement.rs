//! Engagement and movement: who is locked with whom, and who stands where.

use bevy_ecs::prelude::*;

use crate::engagement::{self};
use crate::ids::RegionId;
use crate::kit::{Ctx, RulesBase};
use crate::log::LogEvent;

impl<'a, 'i, 'w, 's, R: RulesBase> Ctx<'a, 'i, 'w, 's, R> {
    /// `who` engages `target` (and `target` engages `who` too when `mutual`), logged.
    pub fn engage(&mut self, who: Entity, target: Entity, mutual: bool) {
        if !(self.here(who) && self.here(target)) {
            return;
        }
        engagement::engage(&mut self.m.engagement, who, target, mutual);
        self.mirror_engagement(who);
        self.mirror_engagement(target);
        if self.e.log.enabled() {
            let (a, b) = (self.id(who), self.id(target));
            self.e.log.push(LogEvent::Engaged { who: a, target: b });
        }
    }

    /// `who` engages `target` (both ways when `mutual`) without a log entry: an engagement that
    /// carries on rather than a new one (a mover staying engaged with its interceptors).
    pub fn engage_quietly(&mut self, who: Entity, target: Entity, mutual: bool) {
        if !(self.here(who) && self.here(target)) {
            return;
        }
        engagement::engage(&mut self.m.engagement, who, target, mutual);
        self.mirror_engagement(who);
        self.mirror_engagement(target);
    }

    /// `who` stops engaging `target` (one-way).
    pub fn stop_engaging(&mut self, who: Entity, target: Entity) {
        if !(self.here(who) && self.here(target)) {
            return;
        }
        engagement::stop_engaging(&mut self.m.engagement, who, target);
        self.mirror_engagement(who);
        self.mirror_engagement(target);
    }

    /// Every engagement between `a` and `b` ends.
    pub fn release(&mut self, a: Entity, b: Entity) {
        if !(self.here(a) && self.here(b)) {
            return;
        }
        engagement::release(&mut self.m.engagement, a, b);
        self.mirror_engagement(a);
        self.mirror_engagement(b);
    }

    /// Every engagement of `who` ends.
    pub fn release_all(&mut self, who: Entity) {
        if !self.here(who) {
            return;
        }
        let foes: smallvec::SmallVec<[Entity; 8]> = self.foes(who).collect();
        engagement::release_all(&mut self.m.engagement, who);
        self.mirror_engagement(who);
        for foe in foes {
            self.mirror_engagement(foe);
        }
    }

    /// Copies `e`'s engagements into its row of the lineup.
    fn mirror_engagement(&mut self, e: Entity) {
        if let (Ok(engagement), Some(row)) = (self.m.engagement.get(e), self.e.lineup.row_mut(e)) {
            row.engagement.clone_from(engagement);
        }
    }

    /// Moves `who` to region `to`, logged.
    pub fn move_to(&mut self, who: Entity, to: RegionId) {
        if !self.here(who) {
            return;
        }
        let Ok(mut region) = self.m.region.get_mut(who) else {
            return;
        };
        let from = region.0;
        if from == to {
            return;
        }
        region.0 = to;
        if let Some(row) = self.e.lineup.row_mut(who) {
            row.region = to;
        }
        if self.e.log.enabled() {
            let id = self.id(who);
            self.e.log.push(LogEvent::Moved { who: id, from, to });
        }
    }
}
