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

/// The components an AI reads of every combatant when it looks around (a narrower query
/// than [`CombatantView`], which it reads of the deciding combatant).
pub(crate) type Glance = (
    Option<&'static Hp>,
    &'static Side,
    &'static Status,
    &'static InRegion,
);

/// What an AI sees of one combatant.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seen {
    pub entity: Entity,
    pub hp: Option<Hp>,
    pub side: SideId,
    pub status: Status,
    pub region: RegionId,
}

/// Looks at every combatant of `roster` once, in roster order, into `out` (reused between
/// decisions): scoring the options of a decision asks about the same few combatants many
/// times.
pub(crate) fn look(roster: &Roster, view: &Query<Glance>, out: &mut Vec<Seen>) {
    out.clear();
    out.extend(roster.entities().filter_map(|entity| {
        let v = view.get(entity).ok()?;
        Some(Seen {
            entity,
            hp: v.0.copied(),
            side: v.1.0,
            status: *v.2,
            region: v.3.0,
        })
    }));
}

/// Gathers the regions of `side`'s active enemies into `out` (reused between decisions).
pub(crate) fn enemy_regions(seen: &[Seen], side: SideId, out: &mut Vec<RegionId>) {
    out.clear();
    out.extend(
        seen.iter()
            .filter(|s| s.side != side && s.status.is_active())
            .map(|s| s.region),
    );
}

/// The fight as seen by the deciding combatant.
pub(crate) struct Situation<'a> {
    actor: Entity,
    side: SideId,
    map: &'a EncounterMap,
    /// Every combatant, in roster order (gathered once per decision).
    seen: &'a [Seen],
    can_attack: bool,
    /// Regions of the active enemies (gathered once per decision).
    enemy_regions: &'a [RegionId],
    /// Where the actor stands.
    here: Option<RegionId>,
    /// Active enemies engaged with the actor.
    threat: f32,
    /// The actor is engaged with anyone.
    engaged: bool,
    /// The actor's morale is broken.
    broken: bool,
}

impl<'a> Situation<'a> {
    /// The situation of `actor` on `side`, as `view` shows it and `seen` and `enemy_regions`
    /// gathered it.
    pub fn new(
        (actor, side): (Entity, SideId),
        map: &'a EncounterMap,
        view: &Query<CombatantView>,
        (seen, enemy_regions): (&'a [Seen], &'a [RegionId]),
        can_attack: bool,
    ) -> Self {
        let me = view.get(actor).ok();
        let active = |e: Entity| {
            seen.iter()
                .find(|s| s.entity == e)
                .is_some_and(|s| s.status.is_active())
        };
        Self {
            actor,
            side,
            map,
            seen,
            can_attack,
            enemy_regions,
            here: me.map(|v| v.3.0),
            threat: me.map_or(0.0, |v| v.4.foes().filter(|f| active(*f)).count() as f32),
            engaged: me.is_some_and(|v| v.4.is_engaged()),
            broken: me.is_some_and(|v| v.5.broken),
        }
    }

    /// A situation from plain data, for the policies' unit tests: the actor stands in its
    /// entry of `seen`, engaged with nobody, morale whole.
    #[cfg(test)]
    pub fn of(
        actor: Entity,
        map: &'a EncounterMap,
        seen: &'a [Seen],
        enemy_regions: &'a [RegionId],
    ) -> Self {
        let me = seen.iter().find(|s| s.entity == actor);
        Self {
            actor,
            side: me.map_or(SideId(0), |s| s.side),
            map,
            seen,
            can_attack: true,
            enemy_regions,
            here: me.map(|s| s.region),
            threat: 0.0,
            engaged: false,
            broken: false,
        }
    }

    fn get(&self, e: Entity) -> Option<&Seen> {
        self.seen.iter().find(|s| s.entity == e)
    }

    pub fn actor(&self) -> Entity {
        self.actor
    }

    fn hp(&self, e: Entity) -> Option<Hp> {
        self.get(e).and_then(|s| s.hp)
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
        self.get(e).is_some_and(|s| s.side == self.side)
    }

    pub fn is_down(&self, e: Entity) -> bool {
        self.get(e).is_some_and(|s| s.status == Status::Down)
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
        let now = self.hops_to_enemy(self.here?)?;
        let then = self.hops_to_enemy(to)?;
        Some(i32::from(now) - i32::from(then))
    }

    /// Active enemies engaged with the actor.
    pub fn threat_to_actor(&self) -> f32 {
        self.threat
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
        self.engaged
    }

    pub fn actor_morale_broken(&self) -> bool {
        self.broken
    }

    /// Fewer of the actor's side are still fighting than of its enemies.
    pub fn side_losing(&self) -> bool {
        let (mut mine, mut theirs) = (0, 0);
        for s in self.seen.iter().filter(|s| s.status.is_active()) {
            if s.side == self.side {
                mine += 1;
            } else {
                theirs += 1;
            }
        }
        mine < theirs
    }
}
