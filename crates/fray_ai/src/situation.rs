//! What an AI can see of the fight when it decides.

use bevy_ecs::prelude::*;
use fray_core::prelude::*;

/// The components an AI reads of every combatant.
pub(crate) type CombatantView = (
    Option<&'static Hp>,
    &'static Side,
    &'static Status,
    &'static InRegion,
    &'static Engagement,
    &'static Morale,
);

/// The fight as seen by the deciding combatant.
pub(crate) struct Situation<'a, 'w, 's> {
    pub actor: Entity,
    pub side: SideId,
    pub roster: &'a Roster,
    pub map: &'a EncounterMap,
    pub view: &'a Query<'w, 's, CombatantView>,
    pub can_attack: bool,
    /// Regions of the active enemies (gathered once per decision).
    pub enemy_regions: &'a [RegionId],
}

/// Gathers the regions of `side`'s active enemies into `out` (reused between decisions).
pub(crate) fn enemy_regions(
    roster: &Roster,
    view: &Query<CombatantView>,
    side: SideId,
    out: &mut Vec<RegionId>,
) {
    out.clear();
    out.extend(roster.entities().filter_map(|e| {
        let v = view.get(e).ok()?;
        (v.1.0 != side && v.2.is_active()).then_some(v.3.0)
    }));
}

impl Situation<'_, '_, '_> {
    pub fn actor(&self) -> Entity {
        self.actor
    }

    fn hp(&self, e: Entity) -> Option<Hp> {
        self.view.get(e).ok().and_then(|v| v.0.copied())
    }

    pub fn hp_fraction(&self, e: Entity) -> f32 {
        self.hp(e).map_or(1.0, |hp| hp.fraction())
    }

    pub fn actor_hp_fraction(&self) -> f32 {
        self.hp_fraction(self.actor)
    }

    pub fn missing_hp(&self, e: Entity) -> i32 {
        self.hp(e).map_or(0, |hp| hp.missing())
    }

    pub fn is_ally(&self, e: Entity) -> bool {
        self.view.get(e).is_ok_and(|v| v.1.0 == self.side)
    }

    pub fn is_down(&self, e: Entity) -> bool {
        self.view.get(e).is_ok_and(|v| *v.2 == Status::Down)
    }

    fn hops_to_enemy(&self, from: RegionId) -> Option<u8> {
        self.enemy_regions
            .iter()
            .map(|r| self.map.hops(from, *r))
            .min()
    }

    /// How many hops nearer the closest active enemy `to` is than where the actor stands
    /// (negative: farther).
    pub fn closer_to_enemy(&self, to: RegionId) -> Option<i32> {
        let here = self.view.get(self.actor).ok()?.3.0;
        let now = self.hops_to_enemy(here)?;
        let then = self.hops_to_enemy(to)?;
        Some(i32::from(now) - i32::from(then))
    }

    /// Active enemies engaged with the actor.
    pub fn threat_to_actor(&self) -> f32 {
        self.view.get(self.actor).map_or(0.0, |v| {
            v.4.foes()
                .filter(|f| self.view.get(*f).is_ok_and(|fv| fv.2.is_active()))
                .count() as f32
        })
    }

    /// How dangerous a target looks (its maximum hit points stand in for its power).
    pub fn threat_of(&self, e: Entity) -> f32 {
        self.hp(e).map_or(1.0, |hp| hp.max as f32 / 10.0)
    }

    /// A rough price of drawing one opportunity attack.
    pub fn expected_opportunity_damage(&self) -> f32 {
        self.hp(self.actor).map_or(3.0, |hp| hp.max as f32 * 0.12)
    }

    pub fn can_attack_now(&self) -> bool {
        self.can_attack
    }

    pub fn engaged(&self) -> bool {
        self.view.get(self.actor).is_ok_and(|v| v.4.is_engaged())
    }

    pub fn actor_morale_broken(&self) -> bool {
        self.view.get(self.actor).is_ok_and(|v| v.5.broken)
    }

    /// Fewer of the actor's side are still fighting than of its enemies.
    pub fn side_losing(&self) -> bool {
        let (mut mine, mut theirs) = (0, 0);
        for e in self.roster.entities() {
            if let Ok(v) = self.view.get(e)
                && v.2.is_active()
            {
                if v.1.0 == self.side {
                    mine += 1;
                } else {
                    theirs += 1;
                }
            }
        }
        mine < theirs
    }
}
