//! B/X's exploration procedures on the adventure clock (`fray_explore`): the dungeon turn.
//!
//! A B/X expedition keeps 10-second rounds and 10-minute turns, six to the hour (BX-01). Each
//! turn follows the seed's sequence: wandering monsters ([`wandering`], BX-09), the party's
//! activity - searching, listening, resting ([`searching`], [`rest`], BX-10) - then the end of
//! the turn, where the model burns the lights and moves the clock on.
//!
//! Light: the seed says when to track light sources but not how long they last; Fray's
//! defaults are the classic ones, a torch for 6 turns (an hour) and a flask of lantern oil for
//! 24 turns (four hours) ([`TORCH_TURNS`], [`LANTERN_TURNS`]).
//!
//! Rule functions that the places, days and fights to come will call, each tested: movement
//! rates and encumbrance ([`encumbrance`], BX-02, BX-03), ability checks ([`checks`], BX-04),
//! natural healing ([`healing`], BX-06), falling ([`falling`], BX-08), traps springing 2 in 6
//! ([`traps`], BX-10) and dividing treasure ([`treasure`], BX-27).
//!
//! A weary party carries its -1 to hit and damage into its fights ([`BxProcedure`]'s
//! `enter_fight`).
//!
//! In a dungeon (`fray_explore`'s places), wandering monsters come from the level's table,
//! stuck doors are forced by STR and traps spring on 2 in 6 as the party crosses them; a
//! successful search finds an area's secret doors and traps. Monsters met become B/X
//! encounters ([`meet`]): their opening rolls surprise, distance and reaction (BX-13, BX-14),
//! and a cautious party evades by the dungeon's rule (BX-15, [`evasion`]).
//!
//! In a wilderness (`fray_explore`'s journeys) a turn is a day: wandering monsters are checked
//! daily by terrain (BX-09 outdoors), the party loses its way, marches, forages, hunts and
//! rests by [`wilderness`] (BX-11), rides and flies its mounts by [`flying`] (BX-11), and on
//! water legs sails by [`waterborne`] (BX-12).
//!
//! Evasion and pursuit (BX-15, [`evasion`]) cover the dungeon (running, and exhaustion after
//! 30 rounds), the wilderness (the table by group sizes, played day by day) and the water (the
//! table by speed difference).
//!
//! Stuck doors are forced by the strongest member's STR ([`doors`], BX-10).
//!
//! The party moves at its slowest living member's rate ([`pace`], BX-02). A character destroyed
//! by a destructive attack loses its gear ([`gear`], BX-28).
//!
//! [`wandering`]: crate::explore::wandering
//! [`searching`]: crate::explore::searching
//! [`rest`]: crate::explore::rest
//! [`TORCH_TURNS`]: crate::explore::TORCH_TURNS
//! [`LANTERN_TURNS`]: crate::explore::LANTERN_TURNS
//! [`encumbrance`]: crate::explore::encumbrance
//! [`checks`]: crate::explore::checks
//! [`healing`]: crate::explore::healing
//! [`falling`]: crate::explore::falling
//! [`traps`]: crate::explore::traps
//! [`treasure`]: crate::explore::treasure
//! [`BxProcedure`]: crate::explore::BxProcedure
//! [`meet`]: crate::explore::meet
//! [`gear`]: crate::explore::gear
//! [`evasion`]: crate::explore::evasion
//! [`doors`]: crate::explore::doors
//! [`pace`]: crate::explore::pace
//! [`flying`]: crate::explore::flying
//! [`wilderness`]: crate::explore::wilderness
//! [`waterborne`]: crate::explore::waterborne

/// "N in 6" rolls.
pub mod chance;
/// Ability checks (BX-04).
pub mod checks;
/// Forcing stuck doors by STR (BX-10).
pub mod doors;
/// Movement rates and encumbrance (BX-02, BX-03).
pub mod encumbrance;
/// Evasion and pursuit in the dungeon, the wilderness and on the water (BX-15).
pub mod evasion;
/// Falling (BX-08).
pub mod falling;
/// Riding and flying on wilderness days (BX-11).
pub mod flying;
/// Gear lost to destructive attacks (BX-28).
pub mod gear;
/// Natural healing (BX-06).
pub mod healing;
/// Monsters met, played out: surprise, distance, reaction, evasion or the fight (BX-13..15).
pub mod meet;
/// The party's pace: its slowest member's rate (BX-02).
pub mod pace;
/// Resting in the dungeon (BX-10).
pub mod rest;
/// Searching and listening (BX-10).
pub mod searching;
/// Traps springing (BX-10).
pub mod traps;
/// Dividing treasure (BX-27).
pub mod treasure;
mod turn;
/// Wandering monsters in the dungeon and outdoors (BX-09).
pub mod wandering;
/// Waterborne days (BX-12).
pub mod waterborne;
/// Wilderness days (BX-11).
pub mod wilderness;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::FrayAppExt;
use fray_core::edit::apply_effect;
use fray_core::effect::{BonusTo, Duration, EffectSpec};
use fray_core::encounter::InEncounter;
use fray_explore::log::Verdicts;
use fray_explore::prelude::*;

use self::rest::RestNeed;
use self::searching::{Listened, Searched, SenseChances};
use self::wandering::WanderingMonsters;

/// A B/X round: 10 seconds (BX-01).
pub const ROUND: GameTime = GameTime::from_seconds(10);

/// Turns a torch burns (default; the seed gives no figure).
pub const TORCH_TURNS: u64 = 6;

/// Turns a lantern burns on one flask of oil (default; the seed gives no figure).
pub const LANTERN_TURNS: u64 = 24;

/// The base movement rate in feet per turn (BX-02).
pub const BASE_PACE: u32 = 120;

/// Marks an expedition that follows B/X's procedures.
#[derive(Component, Debug, Clone, Copy, Default, serde::Serialize, serde::Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct BxExpedition;

/// B/X's procedures, as the expedition model sees them.
#[derive(Debug, Clone, Copy, Default)]
pub struct BxProcedure;

impl Procedure for BxProcedure {
    fn ruleset(&self) -> &'static str {
        "bx"
    }

    fn timekeeping(&self) -> Timekeeping {
        Timekeeping {
            round: ROUND,
            turn: GameTime::TURN,
            torch: GameTime::TURN
                .checked_mul(TORCH_TURNS)
                .unwrap_or(GameTime::HOUR),
            lantern: GameTime::TURN
                .checked_mul(LANTERN_TURNS)
                .unwrap_or(GameTime::HOUR),
        }
    }

    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        expedition.insert((
            BxExpedition,
            WanderingMonsters::default(),
            RestNeed::default(),
            Searched::default(),
            Listened::default(),
            SenseChances::default(),
            wilderness::TravelDays::default(),
        ));
        Ok(())
    }

    /// The party explores unknown ground at the base rate of 120 ft a turn, and moves three
    /// times that through areas it knows (BX-02), until [`pace`]'s system sets the rate of its
    /// slowest living member at the start of each turn.
    fn pace(&self) -> Pace {
        pace::pace_of(BASE_PACE)
    }

    /// Forcing a stuck door by the chance of average STR, 2 in 6, for a party whose members
    /// the World cannot tell ([`doors`]).
    fn force_door(&self, dice: &mut TurnDice<'_>) -> bool {
        dice.in_six("forcing a stuck door", doors::force_in_6(0))
    }

    /// The party's strongest standing member forces a stuck door by its STR (BX-10,
    /// [`doors`]).
    fn party_forces_door(&self, world: &mut World, expedition: Entity) -> bool {
        doors::party_forces(world, expedition)
    }

    /// Traps spring on 2 in 6 (BX-10).
    fn trap_springs(&self, dice: &mut TurnDice<'_>) -> bool {
        let springs = Verdicts {
            success: "it springs",
            failure: "it does not spring",
        };
        dice.in_six_told("a trap", traps::TRAP_SPRINGS_IN_6, springs)
    }

    /// A character destroyed by a destructive spell or attack loses its gear (BX-28).
    /// The days a wilderness pursuit took are owed as days spent fleeing (BX-15).
    fn leave_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        gear::write_back(world, member, combatant);
        let days = pursuit_days_after(world, combatant);
        if days > 0
            && let Some(expedition) = world.get::<MemberOf>(member).map(|m| m.0)
            && let Some(mut travel) = world.get_mut::<wilderness::TravelDays>(expedition)
        {
            travel.fleeing = travel.fleeing.max(days);
        }
    }

    /// At 0 hit points or less, a B/X character is dead (BX-05), in a fight or out of it.
    fn at_zero_hp(&self) -> Life {
        Life::Dead
    }

    /// A weary member (one that pressed on without its rest, BX-10) fights at -1 to hit and
    /// damage for the whole fight; an exhausted one (it ran 30 rounds, BX-15) at -2 to hit,
    /// damage and AC.
    fn enter_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        let Some(afflictions) = world.get::<Afflictions>(member) else {
            return;
        };
        let mut penalties: Vec<(BonusTo, i32, &str)> = Vec::new();
        if afflictions.has(rest::WEARY) {
            penalties.push((BonusTo::Attacks, rest::WEARY_PENALTY, "weary (to hit)"));
            penalties.push((BonusTo::Damage, rest::WEARY_PENALTY, "weary (damage)"));
        }
        if afflictions.has(evasion::EXHAUSTED) {
            let penalty = evasion::EXHAUSTION_PENALTY;
            penalties.push((BonusTo::Attacks, penalty, "exhausted (to hit)"));
            penalties.push((BonusTo::Damage, penalty, "exhausted (damage)"));
            penalties.push((BonusTo::Defenses, penalty, "exhausted (AC)"));
        }
        for (to, amount, name) in penalties {
            let mut penalty = EffectSpec::bonus(to, -amount, Duration::EndOfBattle);
            penalty.name = Some(name.into());
            // The combatant was just spawned in an encounter: the edit cannot fail.
            let _ = apply_effect(world, combatant, None, penalty);
        }
    }
}

/// The days a wilderness pursuit took beyond the day of the meeting, from the fight of
/// `combatant` (BX-15): the party owes them as days spent fleeing.
fn pursuit_days_after(world: &World, combatant: Entity) -> u8 {
    world
        .get::<InEncounter>(combatant)
        .and_then(|e| world.get::<crate::state::Bx>(e.0))
        .map_or(0, |bx| bx.pursuit_days.saturating_sub(1))
}

impl ExploreRules for BxProcedure {
    type Marker = BxExpedition;

    /// Wandering monsters (BX-09), the party's pace and activity, the wilderness day, and
    /// monsters met by B/X's opening (BX-13..15).
    fn systems(app: &mut App) {
        let bx = BxProcedure.ruleset();
        app.add_procedure_systems(bx, ExploreSystems::Wander, wandering::wandering_checks)
            .add_procedure_systems(
                bx,
                ExploreSystems::Act,
                (pace::set_pace, turn::play_activity, wilderness::day).chain(),
            )
            .add_procedure_systems(bx, ExploreSystems::Meet, meet::meet);
    }

    fn saved(app: &mut App) {
        app.persist::<(
            WanderingMonsters,
            RestNeed,
            Searched,
            Listened,
            SenseChances,
            wilderness::TravelDays,
        )>();
    }
}

/// Adds B/X's exploration procedures to the exploration tick, and registers B/X's expedition
/// components to be saved with an expedition (`fray_explore::save`). Add
/// [`FrayExplorePlugin`] first.
pub type BxExplorePlugin = ProcedurePlugin<BxProcedure>;

#[cfg(test)]
mod tests;
