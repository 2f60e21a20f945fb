//! The components of an OHO combatant queried together, and what its conditions take from its
//! rolls and its speed. Offers (previews) and resolution both use these, so a preview is
//! exactly what resolution rolls.

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use fray_core::combatant::Tally;
use fray_core::prelude::*;

use crate::rules::{exhaustion_penalty, halved};
use crate::sheet::{Sheet, SheetData, SheetWeapon};
use crate::statblock::Ability;
use crate::state::OhoState;

/// Everything resolution reads and writes on a combatant.
#[derive(QueryData)]
#[query_data(mutable)]
pub struct Fighter {
    /// The entity.
    pub entity: Entity,
    /// Roster index.
    pub combatant: &'static Combatant,
    /// Compiled numbers.
    pub sheet: &'static Sheet,
    /// Changing state.
    pub state: &'static mut OhoState,
    /// Health.
    pub hp: &'static mut Hp,
    /// In the fight or not.
    pub status: &'static mut Status,
    /// Conditions.
    pub conditions: &'static mut Conditions,
    /// Side.
    pub side: &'static Side,
    /// Region.
    pub region: &'static mut InRegion,
    /// The time gauge.
    pub atg: &'static mut Atg,
    /// Damage dealt and taken.
    pub tally: &'static mut Tally,
}

/// What conditions take from a roll: dice out of the pool and a flat penalty on the total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Penalty {
    /// Dice removed from the pool (1d6 each for blinded, deafened, frightened and a curse on
    /// the governing ability; OHO-20).
    pub dice: u8,
    /// Subtracted from the total (exhaustion, sprains, concussion, frostbite).
    pub flat: i64,
}

/// Dice lost by a creature that cannot see or hear, or whose governing ability is cursed
/// (OHO-20: "lose 1d6").
fn senses_and_curse(c: &Conditions, state: &OhoState, ability: Ability) -> u8 {
    let curse = c.has(Condition::Cursed) && state.cursed(ability);
    [c.has(Condition::Blinded), c.has(Condition::Deafened), curse]
        .into_iter()
        .filter(|x| *x)
        .count() as u8
}

/// The penalty on an attack roll with `weapon`:
/// - blinded, deafened, a curse on the weapon's ability: 1d6 each (OHO-20); frightened: 1d6 too
///   (Fray's ruling for the undefined condition);
/// - exhaustion: its level (OHO-21);
/// - a sprained arm: the hits taken; a concussion, on Intellect and Willpower weapons: the hits
///   taken (OHO-18); frostbite, on Reflex weapons: the hits taken (OHO-19).
pub fn attack_penalty(c: &Conditions, state: &OhoState, weapon: &SheetWeapon) -> Penalty {
    let hits = i64::from(state.hits);
    let mut flat = exhaustion_penalty(state.exhaustion, false);
    if c.has(Condition::SprainedArm) {
        flat += hits;
    }
    if c.has(Condition::Concussion) && weapon.ability.is_mental() {
        flat += hits;
    }
    if c.has(Condition::Frostbite) && weapon.ability == Ability::Reflex {
        flat += hits;
    }
    let dice = senses_and_curse(c, state, weapon.ability) + u8::from(c.has(Condition::Frightened));
    Penalty { dice, flat }
}

/// The penalty on a defense roll, a Reflex roll: blinded, deafened and a curse on Reflex 1d6
/// each (OHO-20); exhaustion its level (OHO-21); frostbite the hits taken (OHO-19).
pub fn defense_penalty(c: &Conditions, state: &OhoState) -> Penalty {
    let mut flat = exhaustion_penalty(state.exhaustion, false);
    if c.has(Condition::Frostbite) {
        flat += i64::from(state.hits);
    }
    Penalty {
        dice: senses_and_curse(c, state, Ability::Reflex),
        flat,
    }
}

/// The penalty on a Fortitude roll: exhaustion from level 3 (OHO-21) and 1d6 for a curse on
/// Fortitude (OHO-20). Senses do not matter to a save.
pub fn save_penalty(c: &Conditions, state: &OhoState) -> Penalty {
    let curse = c.has(Condition::Cursed) && state.cursed(Ability::Fortitude);
    Penalty {
        dice: u8::from(curse),
        flat: exhaustion_penalty(state.exhaustion, true),
    }
}

/// Feet per move action and per dash now: a sprained leg (OHO-18) and exhaustion level 2+
/// (OHO-21) each halve both; a dash is half the speed unless content says otherwise (OHO-06).
pub fn pace(sheet: &SheetData, c: &Conditions, state: &OhoState) -> (u32, u32) {
    let halvings = u32::from(c.has(Condition::SprainedLeg)) + u32::from(state.exhaustion >= 2);
    let speed = halved(sheet.speed, halvings);
    let dash = sheet.dash.map_or(speed / 2, |d| halved(d, halvings));
    (speed, dash)
}

/// Whether the creature can do anything on its own: active and not disabled.
pub fn able(status: Status, c: &Conditions) -> bool {
    status.is_active() && !c.has(Condition::Disabled)
}
