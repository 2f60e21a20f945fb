//! Hit points: damage, healing and temporary hit points.

use bevy_ecs::prelude::*;

use crate::combatant::DamageTaken;
use crate::kit::{Ctx, RulesBase};
use crate::log::LogEvent;
use crate::vocabulary::DamageType;

impl<'a, 'i, 'w, 's, R: RulesBase> Ctx<'a, 'i, 'w, 's, R> {
    /// `target` takes `amount` damage of `kind` (temporary hit points first), tallied for it and
    /// for `source`, and logged with `cause`. Returns where the damage went.
    ///
    /// `amount` is scaled by the damage scale of `source`'s side
    /// ([`SideScale::damage_of`](fray_content::encounter::SideScale::damage_of)), so every
    /// ruleset's damage follows a designer's scale from this one place.
    pub fn deal_damage(
        &mut self,
        target: Entity,
        amount: i32,
        kind: DamageType,
        cause: Option<&str>,
        source: Option<Entity>,
    ) -> DamageTaken {
        if !self.here(target) {
            return DamageTaken::default();
        }
        let amount = match source {
            Some(s) => self.side_scale(s).damage_of(amount),
            None => amount,
        };
        let Ok(mut hp) = self.m.hp.get_mut(target) else {
            return DamageTaken::default();
        };
        let mut taken = hp.take_damage(amount);
        if let Some(floor) = R::HP_FLOOR
            && hp.current < floor
        {
            taken.from_hp = taken
                .from_hp
                .saturating_sub(floor.saturating_sub(hp.current));
            hp.current = floor;
        }
        let left = hp.current;
        let now = *hp;
        if let Some(row) = self.e.lineup.row_mut(target) {
            row.hp = now;
        }
        let total = taken.from_temp.saturating_add(taken.from_hp);
        if let Ok(mut t) = self.m.tally.get_mut(target) {
            t.record_damage(total);
        }
        if let Some(mut s) = source
            .filter(|s| self.here(*s))
            .and_then(|s| self.m.tally.get_mut(s).ok())
        {
            s.record_dealt(total);
        }
        if self.e.log.enabled() {
            let id = self.id(target);
            self.e.log.push(LogEvent::Damage {
                target: id,
                amount: amount.max(0),
                kind: R::vocabulary().damage_type(kind),
                absorbed: taken.from_temp,
                hp: left,
                cause: cause.map(str::to_string),
            });
        }
        taken
    }

    /// `target` heals `amount` (from 0 when below it), logged. Returns what it regained.
    pub fn heal(&mut self, target: Entity, amount: i32) -> i32 {
        if !self.here(target) {
            return 0;
        }
        let Ok(mut hp) = self.m.hp.get_mut(target) else {
            return 0;
        };
        let healed = hp.heal(amount);
        let left = hp.current;
        let now = *hp;
        if let Some(row) = self.e.lineup.row_mut(target) {
            row.hp = now;
        }
        if self.e.log.enabled() {
            let id = self.id(target);
            self.e.log.push(LogEvent::Healed {
                target: id,
                amount: healed,
                hp: left,
            });
        }
        healed
    }
}
