//! An encounter's state kept up to date through Bevy's change detection: after a burst of
//! refused requests, only the components written since the last look are serialized again
//! ([`refresh_snapshot`]), where a [`state`](super::world::state) serializes every component
//! of every entity.

use bevy_ecs::change_detection::Tick;
use bevy_ecs::prelude::*;
use fray_core::save::{SavedEntities, SnapshotChange, encounter_entities, refresh_snapshot};

use super::world::normalize;

/// The saved state of one encounter (its log left out), as of the last
/// [`refresh`](Self::refresh).
pub(crate) struct TrackedState {
    encounter: Entity,
    entities: Vec<Entity>,
    snapshot: SavedEntities,
    since: Tick,
}

/// What changed between two looks at a [`TrackedState`].
#[derive(Debug)]
pub(crate) enum Changes {
    /// The encounter's entities are not the same (some came or went).
    Members { before: usize, after: usize },
    /// These components' saved texts changed.
    Components(Vec<SnapshotChange>),
}

impl TrackedState {
    /// The state of `encounter` now.
    pub fn new(world: &mut World, encounter: Entity) -> Self {
        let mut tracked = Self {
            encounter,
            entities: Vec::new(),
            snapshot: SavedEntities::default(),
            since: Tick::new(0),
        };
        tracked.refresh(world);
        tracked
    }

    /// Brings the state up to date and says what changed since the last look.
    ///
    /// # Panics
    /// When the encounter's entities cannot be saved (every encounter's must).
    pub fn refresh(&mut self, world: &mut World) -> Changes {
        let entities = encounter_entities(world, self.encounter);
        let changes = if entities == self.entities {
            let changes =
                refresh_snapshot(world, &entities, &mut self.snapshot, self.since, |name| {
                    name != "fray_core::CombatLog"
                });
            Changes::Components(
                changes.unwrap_or_else(|e| panic!("the encounter does not save: {e}")),
            )
        } else {
            let before = self.entities.len();
            self.snapshot = SavedEntities::default();
            if let Err(e) =
                refresh_snapshot(world, &entities, &mut self.snapshot, Tick::new(0), |name| {
                    name != "fray_core::CombatLog"
                })
            {
                panic!("the encounter does not save: {e}");
            }
            self.entities = entities;
            Changes::Members {
                before,
                after: self.entities.len(),
            }
        };
        self.since = world.change_tick();
        // Every write from now on is stamped later than `since`.
        world.increment_change_tick();
        changes
    }

    /// Whether this state and `other` (of another World, compared entity by entity in the
    /// order of their encounters) are the same but for what a refused request may change
    /// (the counters of rejections and idle ticks). Compare after a
    /// [`refresh`](Self::refresh) of both.
    pub fn same_as(&self, other: &TrackedState) -> bool {
        let (a, b) = (&self.snapshot.entities, &other.snapshot.entities);
        a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| {
                x.components.len() == y.components.len()
                    && x.components.iter().zip(&y.components).all(|(p, q)| {
                        p.0 == q.0 && (p.1 == q.1 || normalize(p.1) == normalize(q.1))
                    })
            })
    }
}

impl Changes {
    /// What changed beyond what a refused request may change (the encounter's counters of
    /// rejections and idle ticks), one line each; `None` when nothing did.
    pub fn beyond_counters(&self) -> Option<String> {
        let lines: Vec<String> = match self {
            Changes::Members { before, after } => {
                vec![format!("the encounter had {before} entities, now {after}")]
            }
            Changes::Components(changes) => changes
                .iter()
                .filter(|c| c.before.as_deref().map(normalize) != c.after.as_deref().map(normalize))
                .map(|c| {
                    format!(
                        "#{} {}: {} -> {}",
                        c.entity,
                        c.component,
                        c.before.as_deref().unwrap_or("(none)"),
                        c.after.as_deref().unwrap_or("(none)")
                    )
                })
                .collect(),
        };
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(component: &'static str, before: &str, after: &str) -> SnapshotChange {
        SnapshotChange {
            entity: 2,
            component,
            before: Some(before.into()),
            after: Some(after.into()),
        }
    }

    /// A tracked state holding one entity with `components`.
    fn holding(components: &[(&str, &str)]) -> TrackedState {
        let mut snapshot = SavedEntities::default();
        snapshot.entities.push(fray_core::save::SavedEntity {
            components: components
                .iter()
                .map(|(name, text)| ((*name).to_string(), (*text).to_string()))
                .collect(),
        });
        TrackedState {
            encounter: Entity::PLACEHOLDER,
            entities: vec![Entity::PLACEHOLDER],
            snapshot,
            since: Tick::new(0),
        }
    }

    #[test]
    fn twin_states_differ_by_anything_but_the_counters_a_refusal_moves() {
        let fuzzed = holding(&[
            (
                "fray_core::Encounter",
                "(round:2,idle_ticks:4,rejections:9)",
            ),
            ("fray_core::Hp", "(current:5)"),
        ]);
        let clean = holding(&[
            (
                "fray_core::Encounter",
                "(round:2,idle_ticks:0,rejections:0)",
            ),
            ("fray_core::Hp", "(current:5)"),
        ]);
        assert!(fuzzed.same_as(&clean));

        let hurt = holding(&[
            (
                "fray_core::Encounter",
                "(round:2,idle_ticks:0,rejections:0)",
            ),
            ("fray_core::Hp", "(current:4)"),
        ]);
        assert!(!hurt.same_as(&clean));
        let later = holding(&[
            (
                "fray_core::Encounter",
                "(round:3,idle_ticks:0,rejections:0)",
            ),
            ("fray_core::Hp", "(current:5)"),
        ]);
        assert!(!later.same_as(&clean));
        let missing = holding(&[(
            "fray_core::Encounter",
            "(round:2,idle_ticks:0,rejections:0)",
        )]);
        assert!(!missing.same_as(&clean));
    }

    #[test]
    fn only_the_counters_a_refusal_moves_are_forgiven() {
        let counters = change(
            "fray_core::Encounter",
            "(round:1,idle_ticks:0,rejections:3)",
            "(round:1,idle_ticks:2,rejections:4)",
        );
        assert!(
            Changes::Components(vec![counters.clone()])
                .beyond_counters()
                .is_none()
        );

        let round = change(
            "fray_core::Encounter",
            "(round:1,rejections:3)",
            "(round:2,rejections:4)",
        );
        let hp = change("fray_core::Hp", "(current:5)", "(current:4)");
        let both = Changes::Components(vec![counters, round, hp]).beyond_counters();
        assert_eq!(
            both.as_deref(),
            Some(
                "#2 fray_core::Encounter: (round:1,rejections:3) -> (round:2,rejections:4)\n\
                 #2 fray_core::Hp: (current:5) -> (current:4)"
            )
        );
        let members = Changes::Members {
            before: 4,
            after: 5,
        };
        assert!(members.beyond_counters().is_some());
    }
}
