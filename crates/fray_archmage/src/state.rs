//! What changes on an archmage combatant during a fight (and between fights).

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_core::intent::{Readied, Trigger};
use serde::{Deserialize, Serialize};

/// The most attacks, or powers, a statblock has (content is checked against it).
pub const MAX_USES: usize = 64;

/// Which of a statblock's attacks or powers are used up, by index.
///
/// ```
/// use fray_archmage::state::Uses;
/// let mut uses = Uses::default();
/// uses.spend(3);
/// assert!(uses.spent(3) && !uses.spent(2));
/// uses.restore(3);
/// assert!(!uses.spent(3));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Uses(u64);

impl Uses {
    /// Whether number `i` is used up.
    pub fn spent(self, i: usize) -> bool {
        u32::try_from(i)
            .ok()
            .and_then(|i| 1u64.checked_shl(i))
            .is_some_and(|bit| self.0 & bit != 0)
    }

    /// Uses up number `i`.
    pub fn spend(&mut self, i: usize) {
        if let Some(bit) = u32::try_from(i).ok().and_then(|i| 1u64.checked_shl(i)) {
            self.0 |= bit;
        }
    }

    /// Brings number `i` back.
    pub fn restore(&mut self, i: usize) {
        if let Some(bit) = u32::try_from(i).ok().and_then(|i| 1u64.checked_shl(i)) {
            self.0 &= !bit;
        }
    }
}

/// A combatant's changing archmage state.
#[derive(Component, Debug, Clone, Default, PartialEq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct ArchState {
    /// Recoveries left.
    pub recoveries: u8,
    /// Recoveries used without having one: -1 to defenses and attacks each, until a full
    /// heal-up (AR-24).
    pub recovery_debt: u8,
    /// Failed death saves this battle.
    pub death_saves_failed: u8,
    /// Stabilized: failed death saves no longer count (AR-26).
    pub stabilized: bool,
    /// In a coma (optional meaningful-death rule): out of the fight, no more death saves.
    pub coma: bool,
    /// Rallies this battle.
    pub rallies: u8,
    /// The round in which a failed rally save forbids rallying (AR-25).
    pub rally_blocked_round: u32,
    /// Turn serial in which an interrupt was used; none again until the end of a later turn
    /// of this combatant (AR-05).
    pub interrupt_used: Option<u32>,
    /// Attacks used up (daily or recharge), by index.
    pub attacks_spent: Uses,
    /// Powers used up, by index.
    pub powers_spent: Uses,
    /// Dropped to 0 hit points this battle (lasting wounds, fight in spirit).
    pub fell_this_battle: bool,
    /// Lasting wounds (optional rule AR-41), each lowering max HP by 2 + level.
    pub lasting_wounds: u8,
    /// The round it last fought in spirit (once a round).
    pub spirit_round: u32,
    /// Disengaged successfully this turn: its move draws no opportunity attacks.
    pub disengaged: bool,
    /// The move that came with a successful disengage is still to take (free).
    pub free_move: bool,
    /// Hit its grabber this turn (the -5 to disengage does not apply, AR-29).
    pub hit_grabber: bool,
    /// A readied action and its trigger (AR-03).
    pub readied: Option<(Trigger, Readied)>,
    /// Who grabs it (AR-29).
    pub grabbed_by: Option<Entity>,
    /// Dropped (or hurt while down) by a named villain since it last fell: under the optional
    /// meaningful-death rule only then can it die (AR-41).
    pub dropped_by_villain: bool,
    /// At or under half its hit points (AR-22).
    pub staggered: bool,
    /// Took its natural-20 death save: acts this turn.
    pub acts_after_death_save: bool,
}

impl MapEntities for ArchState {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        if let Some((_, intent)) = &mut self.readied {
            intent.map_entities(mapper);
        }
        self.grabbed_by.map_entities(mapper);
    }
}

impl ArchState {
    /// -1 per recovery used without having one (AR-24).
    pub fn debt_penalty(&self) -> i32 {
        i32::from(self.recovery_debt)
    }

    /// Back on its feet: what held for this drop to 0 hit points - being stabilized (AR-26),
    /// having been dropped by a named villain (AR-41) - no longer does. Failed death saves
    /// stay: they count for the whole battle (AR-23).
    pub fn regain_consciousness(&mut self) {
        self.stabilized = false;
        self.dropped_by_villain = false;
    }
}
