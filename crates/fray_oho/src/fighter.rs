//! An OHO combatant's own components, and what its conditions take from its rolls and its
//! speed. Previews and resolution both use these, so a preview is exactly what resolution
//! rolls.

use bevy_ecs::query::QueryData;
use fray_core::prelude::*;

use crate::frightened::Frightened;
use crate::gauge::Atg;
use crate::rules::{exhaustion_penalty, halved};
use crate::sheet::{Sheet, SheetData, SheetWeapon};
use crate::statblock::Ability;
use crate::state::OhoState;
use crate::vocabulary::{CONCUSSION, CURSED, DISABLED, FROSTBITE, SPRAINED_ARM, SPRAINED_LEG};

/// The OHO components of a combatant (the core's - health, status, conditions - are read
/// through the context).
#[derive(QueryData)]
#[query_data(mutable)]
pub struct Fighter {
    /// Compiled numbers.
    pub sheet: &'static Sheet,
    /// Changing state.
    pub state: &'static mut OhoState,
    /// The time gauge.
    pub atg: &'static mut Atg,
}

/// What conditions take from a roll: dice out of the pool and a flat penalty on the total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Penalty {
    /// Dice removed from the pool (1d6 each for blinded, deafened and a curse on the governing
    /// ability; what the encounter says for frightened; OHO-20).
    pub dice: u8,
    /// Subtracted from the total (exhaustion, sprains, concussion, frostbite).
    pub flat: i64,
}

/// Dice lost by a creature that cannot see or hear, or whose governing ability is cursed
/// (OHO-20: "lose 1d6").
fn senses_and_curse(c: &Conditions, state: &OhoState, ability: Ability) -> u8 {
    let curse = c.has(CURSED) && state.cursed(ability);
    [c.has(Condition::BLINDED), c.has(Condition::DEAFENED), curse]
        .into_iter()
        .filter(|x| *x)
        .count() as u8
}

/// The penalty on an attack roll with `weapon`:
/// - blinded, deafened, a curse on the weapon's ability: 1d6 each (OHO-20); frightened: as
///   `frightened` says (the encounter's options; 1d6 by default);
/// - exhaustion: its level (OHO-21);
/// - a sprained arm: the hits taken; a concussion, on Intellect and Willpower weapons: the hits
///   taken (OHO-18); frostbite, on Reflex weapons: the hits taken (OHO-19).
pub fn attack_penalty(
    c: &Conditions,
    state: &OhoState,
    weapon: &SheetWeapon,
    frightened: &Frightened,
) -> Penalty {
    let hits = i64::from(state.hits);
    let mut flat = exhaustion_penalty(state.exhaustion, false);
    if c.has(SPRAINED_ARM) {
        flat += hits;
    }
    if c.has(CONCUSSION) && weapon.ability.is_mental() {
        flat += hits;
    }
    if c.has(FROSTBITE) && weapon.ability == Ability::Reflex {
        flat += hits;
    }
    let dice = senses_and_curse(c, state, weapon.ability).saturating_add(frightened.dice_lost(c));
    Penalty { dice, flat }
}

/// The penalty on a defense roll, a Reflex roll: blinded, deafened and a curse on Reflex 1d6
/// each (OHO-20); exhaustion its level (OHO-21); frostbite the hits taken (OHO-19).
pub fn defense_penalty(c: &Conditions, state: &OhoState) -> Penalty {
    let mut flat = exhaustion_penalty(state.exhaustion, false);
    if c.has(FROSTBITE) {
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
    let curse = c.has(CURSED) && state.cursed(Ability::Fortitude);
    Penalty {
        dice: u8::from(curse),
        flat: exhaustion_penalty(state.exhaustion, true),
    }
}

/// Feet per move action and per dash now: a sprained leg (OHO-18) and exhaustion level 2+
/// (OHO-21) each halve both; a dash is half the speed unless content says otherwise (OHO-06).
pub fn pace(sheet: &SheetData, c: &Conditions, state: &OhoState) -> (u32, u32) {
    let halvings = u32::from(c.has(SPRAINED_LEG)) + u32::from(state.exhaustion >= 2);
    let speed = halved(sheet.speed, halvings);
    let dash = sheet.dash.map_or(speed / 2, |d| halved(d, halvings));
    (speed, dash)
}

/// Whether the creature can do anything on its own: active and not disabled.
pub fn able(status: Status, c: &Conditions) -> bool {
    status.is_active() && !c.has(DISABLED)
}
