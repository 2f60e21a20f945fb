//! Where each combatant stands in a lineup, found from its entity in a few instructions.

use bevy_ecs::entity::{Entity, EntityHashMap};

/// A position no entity holds, in [`Positions::Dense`].
const NONE: u32 = u32::MAX;

/// How much wider than the lineup the span of its entity indices may be for a dense table
/// (a World hands out indices packed: an encounter's combatants are spawned together).
const SPREAD: usize = 4;

/// An entity's position in a lineup. Every rule asks "where is this combatant" many times per
/// candidate, so the answer is an array read where it can be.
#[derive(Debug, Clone, Default)]
pub(super) enum Positions {
    /// No lineup: nobody is found.
    #[default]
    Empty,
    /// A table by entity index from `base`: the position, or [`NONE`]. The entity found there
    /// is compared with the one asked about, so a stale generation is never found.
    Dense {
        /// The smallest entity index of the lineup.
        base: u32,
        /// Position by `index - base`.
        at: Vec<u32>,
    },
    /// Indices too spread out (or two generations of one index): a hash map.
    Hashed(EntityHashMap<u32>),
}

impl Positions {
    /// The positions of `entities`: each entity's first place, as a search finds.
    pub(super) fn of(entities: &[Entity]) -> Self {
        let mut positions = Self::default();
        positions.rebuild(entities);
        positions
    }

    /// Indexes `entities` again, keeping the allocation of a dense table.
    pub(super) fn rebuild(&mut self, entities: &[Entity]) {
        let (Some(low), Some(high)) = (
            entities.iter().map(|e| e.index_u32()).min(),
            entities.iter().map(|e| e.index_u32()).max(),
        ) else {
            *self = Self::Empty;
            return;
        };
        let span = (high - low) as usize + 1;
        if span <= entities.len().saturating_mul(SPREAD).saturating_add(64)
            && let Some(dense) = self.dense(entities, low, span)
        {
            *self = dense;
            return;
        }
        let mut hashed = EntityHashMap::default();
        for (i, &e) in entities.iter().enumerate() {
            if let Ok(i) = u32::try_from(i) {
                hashed.entry(e).or_insert(i);
            }
        }
        *self = Self::Hashed(hashed);
    }

    /// A dense table of `entities` (indices from `base`, `span` wide), reusing this one's
    /// allocation; `None` when two entities share an index (two generations of one slot).
    fn dense(&mut self, entities: &[Entity], base: u32, span: usize) -> Option<Self> {
        let mut at = match std::mem::take(self) {
            Self::Dense { at, .. } => at,
            _ => Vec::new(),
        };
        at.clear();
        at.resize(span, NONE);
        for (i, &e) in entities.iter().enumerate() {
            let slot = &mut at[(e.index_u32() - base) as usize];
            let i = u32::try_from(i).ok()?;
            if *slot == NONE {
                *slot = i;
            } else if entities[*slot as usize] != e {
                return None;
            }
        }
        Some(Self::Dense { base, at })
    }

    /// The position of `e` among `entities` (the list these positions were built from).
    #[inline]
    pub(super) fn find(&self, entities: &[Entity], e: Entity) -> Option<usize> {
        let i = match self {
            Self::Empty => return None,
            Self::Dense { base, at } => {
                let i = *at.get(e.index_u32().wrapping_sub(*base) as usize)?;
                if i == NONE {
                    return None;
                }
                i as usize
            }
            Self::Hashed(map) => *map.get(&e)? as usize,
        };
        (entities.get(i) == Some(&e)).then_some(i)
    }
}
