//! Every intent worth trying at a decision point: each variant of [`Intent`] with every
//! combatant of the encounter as target, every region of its map, every attack and ability id
//! of a set (the low ones, those offered and the two past each), and every maneuver the ruleset
//! names.

use std::collections::BTreeSet;

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;

/// What candidate intents range over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Universe {
    /// Targets: every combatant of the encounter (the decider included).
    pub combatants: Vec<Entity>,
    /// Regions: `0..regions` (the map's), and one past the end, which no map has.
    pub regions: u16,
    /// Attack and ability ids (see [`Universe::ids_for`]); `u16::MAX`, which no statblock has,
    /// is always tried besides.
    pub ids: BTreeSet<u16>,
    /// Maneuvers: [`Maneuver::STANDARD`], these, and `Maneuver(u8::MAX)`, which no ruleset
    /// names.
    pub maneuvers: Vec<Maneuver>,
}

const TRIGGERS: [Trigger; 3] = [
    Trigger::EnemyMoves,
    Trigger::EnemyEngagesMe,
    Trigger::EnemyAttacksMe,
];

impl Universe {
    fn regions(&self) -> impl Iterator<Item = RegionId> + Clone + '_ {
        (0..=self.regions).map(RegionId)
    }

    /// The ids worth trying: `0..low`, and each id in `offered` with the two past it (an id
    /// the ruleset uses for something special, such as B/X's parley at `u16::MAX`, adds itself
    /// and its neighbours, not the whole range below it).
    pub fn ids_for(low: u16, offered: &BTreeSet<u16>) -> BTreeSet<u16> {
        let mut ids: BTreeSet<u16> = (0..low).collect();
        for &id in offered {
            ids.extend([id, id.saturating_add(1), id.saturating_add(2)]);
        }
        ids
    }

    fn ids(&self) -> impl Iterator<Item = u16> + Clone + '_ {
        let missing = (!self.ids.contains(&u16::MAX)).then_some(u16::MAX);
        self.ids.iter().copied().chain(missing)
    }

    fn maneuvers(&self) -> Vec<Maneuver> {
        let mut list = vec![Maneuver::STANDARD];
        for m in &self.maneuvers {
            if !list.contains(m) {
                list.push(*m);
            }
        }
        if !list.contains(&Maneuver(u8::MAX)) {
            list.push(Maneuver(u8::MAX));
        }
        list
    }

    /// Every action that can be readied.
    fn readied(&self) -> Vec<Readied> {
        let mut out = Vec::new();
        let maneuvers = self.maneuvers();
        for &target in &self.combatants {
            for attack in self.ids() {
                for &maneuver in &maneuvers {
                    out.push(Readied::Attack {
                        target,
                        attack: AttackId(attack),
                        maneuver,
                    });
                }
            }
        }
        out.extend(self.regions().map(|to| Readied::Move { to }));
        out.push(Readied::Disengage);
        out.extend(
            self.combatants
                .iter()
                .map(|&target| Readied::Engage { target }),
        );
        for ability in self.ids() {
            out.push(Readied::UseAbility {
                ability: AbilityId(ability),
                target: None,
            });
            for &target in &self.combatants {
                out.push(Readied::UseAbility {
                    ability: AbilityId(ability),
                    target: Some(target),
                });
            }
        }
        out
    }
}

/// Every candidate intent of `universe`: all variants of [`Intent`], each with every
/// combination of its arguments from the universe (a readied intent with every readied action
/// and trigger). With `c` combatants, and `r` regions, `i` ids and `m` maneuvers counting the
/// made-up ones, that is `4 (c i m + r + 1 + c + i (c + 1)) + c + 8` intents.
pub fn candidates(universe: &Universe) -> Vec<Intent> {
    // `Disengage`, `Move`, `Engage`, `Attack` and `UseAbility` come as the intents of the
    // readied actions.
    let mut out = vec![
        Intent::Delay,
        Intent::Defend,
        Intent::Rally,
        Intent::Retreat,
        Intent::Flee,
        Intent::Pass,
        Intent::EndTurn,
        Intent::Surrender,
    ];
    for readied in universe.readied() {
        out.push(readied.intent());
        for trigger in TRIGGERS {
            out.push(Intent::Ready {
                trigger,
                intent: readied,
            });
        }
    }
    out.extend(
        universe
            .combatants
            .iter()
            .map(|&target| Intent::Stabilize { target }),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_is_tried_once_per_argument_combination() {
        let mut world = World::new();
        let combatants = vec![world.spawn_empty().id(), world.spawn_empty().id()];
        let universe = Universe {
            combatants,
            regions: 3,
            ids: Universe::ids_for(2, &BTreeSet::new()),
            maneuvers: vec![Maneuver(1)],
        };
        let list = candidates(&universe);
        let kinds: std::collections::BTreeSet<IntentKind> = list.iter().map(Intent::kind).collect();
        assert_eq!(kinds.len(), IntentKind::ALL.len(), "{kinds:?}");
        // 2 targets x 3 ids x 3 maneuvers attacks, 4 moves, a disengage, 2 engages, 3 x 3
        // abilities.
        let readied = 18 + 4 + 1 + 2 + 9;
        assert_eq!(list.len(), 8 + readied * 4 + 2);
        let mut unique = list.clone();
        unique.sort_by_key(|i| format!("{i:?}"));
        unique.dedup();
        assert_eq!(unique.len(), list.len());
    }

    #[test]
    fn an_offered_id_adds_itself_and_the_two_past_it_not_the_range_below() {
        let offered = BTreeSet::from([4, 9, u16::MAX]);
        let ids: Vec<u16> = Universe::ids_for(3, &offered).into_iter().collect();
        assert_eq!(ids, vec![0, 1, 2, 4, 5, 6, 9, 10, 11, u16::MAX]);
    }
}
