//! The changing state of a B/X fight: the battle's (options, the round's initiative, who was
//! surprised, morale checks due) and each combatant's (its declaration, movement left, what it
//! has done this round, powers used, subdual damage).

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_core::ids::{AbilityId, SideId};
use fray_core::turn::SideSet;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use crate::options::BxOptions;

/// A B/X encounter's battle-wide state (it also marks B/X encounters).
#[derive(Component, Debug, Clone, Default, PartialEq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Bx {
    /// The encounter's options.
    pub options: BxOptions,
    /// Feet between neighbouring regions (the map's scale).
    pub hop_feet: i32,
    /// Sides surprised: they lose the first round (BX-13).
    pub surprised: SideSet,
    /// Sides whose turn has begun this round (a caster whose side has not acted yet "lost
    /// initiative" and loses its spell to a hit, BX-21).
    pub begun: SideSet,
    /// Each side's initiative roll this round, by side id (0 when it did not roll).
    pub initiative: SmallVec<[i32; 4]>,
    /// Morale checks due, by side id: rolled at the start of the side's next turn (BX-18).
    pub morale_due: SmallVec<[u8; 4]>,
    /// Some region of the map is dark (a light there gives its bearers away, BX-13).
    pub dark: bool,
    /// Cover against missiles by region id: 0 for none, 1..4, or full (BX-20).
    pub cover: SmallVec<[u8; 8]>,
    /// Sides unaware of the others when the fight starts: they check for surprise (BX-13).
    pub unaware: SideSet,
    /// The side carrying a light.
    pub light: Option<SideId>,
    /// The side that may speak first: one of its characters may declare a parley in the
    /// first round's declarations, and the others roll a reaction (BX-14).
    pub parley: Option<SideId>,
    /// The CHA modifier of the character who declared a parley this round: the others roll
    /// their reaction with it when the declarations are done (BX-14).
    #[serde(default)]
    pub speaking: Option<i32>,
    /// The side that tries to evade before combat, and its chance in percent.
    pub evade: Option<(SideId, u8)>,
    /// Days a wilderness pursuit lasted before it ended (0: none was played), for the
    /// exploration layer to spend (BX-15).
    #[serde(default)]
    pub pursuit_days: u8,
    /// The step the log last headed: round, step, and the unit's sides (or combatant index).
    pub headed: (u32, u8, u64),
}

impl Bx {
    /// A distance the text gives in feet (a range, a movement rate), in the feet it counts
    /// here: tripled outdoors, where "ranges and movement rates are measured in yards, instead
    /// of feet" (BX-11). Light and the map's own scale are not tripled: the rolled encounter
    /// distance is already in yards, and a light's radius is neither a range nor a rate.
    pub fn text_feet(&self, feet: i32) -> i32 {
        if self.options.outdoors {
            feet.saturating_mul(3)
        } else {
            feet
        }
    }

    /// Cover in `region`.
    pub fn cover_in(&self, region: fray_core::ids::RegionId) -> u8 {
        self.cover.get(usize::from(region.0)).copied().unwrap_or(0)
    }
}

impl Bx {
    /// The checks due for `side`.
    pub fn due(&self, side: SideId) -> u8 {
        self.morale_due
            .get(usize::from(side.0))
            .copied()
            .unwrap_or(0)
    }
}

/// What a combatant declared before initiative (BX-18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Declared {
    /// A spell at a target.
    Spell {
        /// The spell.
        power: AbilityId,
        /// Its target.
        target: Entity,
    },
    /// A fighting withdrawal: back at half its movement (BX-19).
    Withdrawal,
    /// A retreat: away at its full movement, no attack, foes +2 and no shield (BX-19).
    Retreat,
}

/// A combatant's B/X state.
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct BxState {
    /// Its declaration this round.
    pub declared: Option<Declared>,
    /// Its declared spell was disrupted (BX-21).
    pub spell_lost: bool,
    /// Feet of movement left this round.
    pub feet: i32,
    /// Feet of movement it had when this round began (its rate, and what it carried over).
    #[serde(default)]
    pub allowance: i32,
    /// It moved this round (a caster who moves cannot cast, BX-21).
    pub moved: bool,
    /// Under individual initiative, its own count has come this round: a spell it declared
    /// can no longer be disrupted (BX-21).
    #[serde(default)]
    pub acted: bool,
    /// It is retreating this round (BX-19).
    pub retreating: bool,
    /// Attacks made this round, as a bit per [`fray_core::ids::AttackId`].
    pub attacked: u32,
    /// It used a power (a spell or special attack) this round.
    pub powered: bool,
    /// Uses of each power so far this fight, by [`AbilityId`].
    pub used: SmallVec<[u8; 4]>,
    /// Subdual damage taken (BX-24).
    pub subdual: i32,
    /// Its gear was destroyed with it by a destructive spell or attack (BX-28): everything it
    /// carried but the magic items in `items_saved`. The exploration layer reads this.
    pub gear_lost: bool,
    /// The magic items that survived their save, a bit per entry of its sheet's
    /// `magic_items`.
    pub items_saved: u32,
}

impl BxState {
    /// Forgets last round: no declaration, nothing done, and a new round's movement - `rate`
    /// feet, plus what it did not spend of last round's, short of one more region (a `hop`).
    ///
    /// Ruling (BX-02): regions are coarse, so a region costs its whole `hop` feet and the
    /// movement a combatant does not spend carries into the next round, up to `hop - 1`: a
    /// mover slower than a region a round reaches it over several rounds, and over rounds no
    /// mover covers more than its encounter rate (what it carries never makes a region by
    /// itself).
    pub fn new_round(&mut self, rate: i32, hop: i32) {
        let carried = self.feet.clamp(0, hop.saturating_sub(1).max(0));
        self.declared = None;
        self.spell_lost = false;
        self.feet = rate.max(0).saturating_add(carried);
        self.allowance = self.feet;
        self.moved = false;
        self.acted = false;
        self.retreating = false;
        self.attacked = 0;
        self.powered = false;
    }

    /// Whether attack `index` was made this round.
    pub fn has_attacked(&self, index: u16) -> bool {
        1u32.checked_shl(u32::from(index))
            .is_some_and(|bit| self.attacked & bit != 0)
    }

    /// Uses of power `ability` so far.
    pub fn uses(&self, ability: AbilityId) -> u8 {
        self.used.get(usize::from(ability.0)).copied().unwrap_or(0)
    }

    /// Counts one use of power `ability`.
    pub fn use_power(&mut self, ability: AbilityId) {
        let i = usize::from(ability.0);
        if self.used.len() <= i {
            self.used.resize(i + 1, 0);
        }
        self.used[i] = self.used[i].saturating_add(1);
    }

    /// The declared spell, if it still stands.
    pub fn spell(&self) -> Option<(AbilityId, Entity)> {
        match self.declared {
            Some(Declared::Spell { power, target }) if !self.spell_lost => Some((power, target)),
            _ => None,
        }
    }
}

impl MapEntities for BxState {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        if let Some(Declared::Spell { target, .. }) = &mut self.declared {
            *target = mapper.get_mapped(*target);
        }
    }
}
