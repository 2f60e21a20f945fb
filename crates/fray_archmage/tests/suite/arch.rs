//! Archmage's words on a test-kit [`Fight`]: attacks and powers by their content ids, and the
//! archmage components of a combatant or of the battle.

use fray_archmage::battle::Archmage;
use fray_archmage::sheet::Sheet;
use fray_archmage::slots::ActionSlots;
use fray_archmage::state::ArchState;
use fray_core::prelude::*;
use fray_testkit::harness::Fight;

/// Archmage helpers for a [`Fight`].
pub trait ArchFight {
    /// Attack `target` with the attack whose content id is `attack`.
    fn attack(&self, attacker: &str, target: &str, attack: &str) -> Intent;
    /// Attack with a maneuver.
    fn attack_with(&self, attacker: &str, target: &str, attack: &str, maneuver: Maneuver)
    -> Intent;
    /// The index of the attack whose content id is `attack` on `who`'s sheet.
    fn attack_index(&self, who: &str, attack: &str) -> usize;
    /// Use the power whose content id is `power`, on `target`.
    fn power(&self, user: &str, power: &str, target: Option<&str>) -> Intent;
    /// A combatant's archmage state.
    fn state(&self, name: &str) -> ArchState;
    /// A combatant's action slots.
    fn slots(&self, name: &str) -> ActionSlots;
    /// The battle-wide archmage state.
    fn battle(&self) -> Archmage;
}

impl ArchFight for Fight {
    fn attack(&self, attacker: &str, target: &str, attack: &str) -> Intent {
        self.attack_with(attacker, target, attack, Maneuver::STANDARD)
    }

    fn attack_with(
        &self,
        attacker: &str,
        target: &str,
        attack: &str,
        maneuver: Maneuver,
    ) -> Intent {
        Intent::Attack {
            target: self.who(target),
            attack: AttackId(self.attack_index(attacker, attack) as u16),
            maneuver,
        }
    }

    fn attack_index(&self, who: &str, attack: &str) -> usize {
        self.get::<Sheet>(who)
            .0
            .attacks
            .iter()
            .position(|a| a.def.id == attack)
            .unwrap_or_else(|| panic!("{who} has no attack {attack}"))
    }

    fn power(&self, user: &str, power: &str, target: Option<&str>) -> Intent {
        let index = self
            .get::<Sheet>(user)
            .0
            .powers
            .iter()
            .position(|p| p.def.id == power)
            .unwrap_or_else(|| panic!("{user} has no power {power}"));
        Intent::UseAbility {
            ability: AbilityId(index as u16),
            target: target.map(|t| self.who(t)),
        }
    }

    fn state(&self, name: &str) -> ArchState {
        self.get::<ArchState>(name).clone()
    }

    fn slots(&self, name: &str) -> ActionSlots {
        *self.get::<ActionSlots>(name)
    }

    fn battle(&self) -> Archmage {
        self.encounter_part::<Archmage>().clone()
    }
}
