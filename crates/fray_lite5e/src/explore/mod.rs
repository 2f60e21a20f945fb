//! lite5e's exploration procedures on the adventure clock (`fray_explore`): hourly travel
//! turns.
//!
//! A lite5e expedition keeps 6-second rounds and one-hour travel turns (L5-19). Each travel
//! turn rolls the threat table ([`threat`]); at its end the model burns the lights - a torch
//! for an hour, a lantern for three (L5-19) - and moves the clock on. Rolling to return
//! ([`returning`], L5-20) is a rule function for the expedition's way home.
//!
//! In a dungeon, a roll of 1 (a terrible, immediate threat) is an accidental encounter: the
//! level's wandering table says who ([`threat`]); monsters met become fights ([`meet`]), and
//! lasting injuries carry from fight to fight ([`injuries`]).
//!
//! Each travel turn counts against the members' resilience, and those past it may be
//! exhausted ([`resilience`], L5-24).
//!
//! Time dice show and roll the hour of the day ([`time_dice`], L5-21, a rule function).
//!
//! Not built yet: what the other threats do (the area's threat list, content), overland and
//! overwater travel (L5-22), chases (L5-23),
//! corruption (L5-25), coins and XP (L5-26), traps (L5-27), loads (L5-05) and resting
//! (L5-15).
//!
//! [`threat`]: crate::explore::threat
//! [`meet`]: crate::explore::meet
//! [`injuries`]: crate::explore::injuries
//! [`resilience`]: crate::explore::resilience
//! [`time_dice`]: crate::explore::time_dice
//! [`returning`]: crate::explore::returning

/// Lasting injuries carried from fight to fight, and members left down (L5-13, L5-14).
pub mod injuries;
/// Monsters met, played out as fights.
pub mod meet;
/// Overland and overwater travel (L5-22).
pub mod overland;
/// Resilience and exhaustion (L5-24).
pub mod resilience;
/// Rolling to return (L5-20).
pub mod returning;
/// The travel turn's threat roll (L5-19).
pub mod threat;
/// Time dice (L5-21).
pub mod time_dice;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_explore::prelude::*;

use self::threat::{Caution, Threats};

/// A lite5e round: 6 seconds (one minute is ten rounds, L5-13).
pub const ROUND: GameTime = GameTime::from_seconds(6);

/// Hours a lantern burns (L5-19).
pub const LANTERN_HOURS: u64 = 3;

/// Marks an expedition that follows lite5e's procedures.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Lite5eExpedition;

/// lite5e's procedures, as the expedition model sees them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lite5eProcedure;

impl Procedure for Lite5eProcedure {
    fn ruleset(&self) -> &'static str {
        "lite5e"
    }

    fn timekeeping(&self) -> Timekeeping {
        Timekeeping {
            round: ROUND,
            turn: GameTime::HOUR,
            torch: GameTime::HOUR,
            lantern: GameTime::HOUR
                .checked_mul(LANTERN_HOURS)
                .unwrap_or(GameTime::HOUR),
        }
    }

    fn build_expedition(&self, expedition: &mut EntityWorldMut<'_>) -> Result<(), ExploreError> {
        expedition.insert((Lite5eExpedition, Caution::default(), Threats::default()));
        Ok(())
    }

    /// Ruling: the seed gives no dungeon pace; a party exploring carefully covers 300 ft in
    /// ten minutes, so 1 800 ft in a travel turn, familiar ground or not.
    fn pace(&self) -> Pace {
        Pace {
            unknown: PACE_FEET,
            familiar: PACE_FEET,
        }
    }

    /// Lasting injuries (lost ability points and body parts, shaken) carry into the fight.
    fn enter_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        injuries::carry_in(world, member, combatant);
    }

    /// Lasting injuries are written back; a member still down is left down (L5-13).
    fn leave_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        injuries::carry_out(world, member, combatant);
    }

    /// At 0 HP a character is incapacitated, not dead (L5-13): outside a fight, it is down.
    fn at_zero_hp(&self) -> Life {
        Life::Down
    }
}

/// Feet a lite5e party explores in a travel turn (a ruling: see [`Lite5eProcedure`]'s
/// `pace`).
pub const PACE_FEET: u32 = 1_800;

/// Adds lite5e's exploration procedures to the exploration tick. Add [`FrayExplorePlugin`]
/// first.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lite5eExplorePlugin;

impl Plugin for Lite5eExplorePlugin {
    fn build(&self, app: &mut App) {
        let lite5e = Lite5eProcedure.ruleset();
        app.register_procedure(Lite5eProcedure)
            .add_procedure_systems(
                lite5e,
                ExploreSystems::Wander,
                (threat::travel_turn_threats, overland::outdoor_threats).chain(),
            )
            .add_procedure_systems(
                lite5e,
                ExploreSystems::Act,
                (injuries::come_to, resilience::resilience, overland::day).chain(),
            )
            .add_procedure_systems(lite5e, ExploreSystems::Meet, meet::meet);
    }
}

#[cfg(test)]
mod delve_tests;

#[cfg(test)]
mod tests {
    use bevy_app::App;
    use fray_core::rng::EncounterRng;

    use super::threat::{Caution, Threats};
    use super::*;

    fn delve(world: &mut World, hours: usize, faces: Vec<u32>) -> (Entity, Entity) {
        let e = world
            .spawn_expedition(&ExpeditionSettings {
                id: "delve".into(),
                ruleset: "lite5e".into(),
                seed: 3,
                log: true,
                plan: vec![Activity::Explore; hours],
            })
            .unwrap();
        let lamp = world
            .add_member(
                e,
                &MemberSpec {
                    character: Character {
                        name: "Ila".into(),
                        statblock: "rogue-1".into(),
                    },
                    max_hp: 9,
                    supplies: Supplies {
                        oil_flasks: 2,
                        ..Default::default()
                    },
                    lit: Some(LightKind::Lantern),
                },
            )
            .unwrap();
        world
            .entity_mut(e)
            .insert(ExpeditionRng(EncounterRng::scripted(faces)));
        (e, lamp)
    }

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins((FrayExplorePlugin, Lite5eExplorePlugin));
        app
    }

    #[test]
    fn l5_19_every_travel_turn_is_an_hour_and_rolls_a_threat() {
        let mut app = app();
        let world = app.world_mut();
        let (e, _) = delve(world, 3, vec![1, 15, 20]);
        run_expeditions(world, 10);
        assert_eq!(
            world.get::<Clock>(e).unwrap().elapsed(),
            GameTime::hours(3).unwrap()
        );
        assert_eq!(
            *world.get::<Threats>(e).unwrap(),
            Threats {
                terrible: 1,
                soon: 0,
                nearer: 1,
                nothing: 1
            }
        );
    }

    #[test]
    fn l5_19_a_cautious_party_rolls_its_threats_with_advantage() {
        let mut app = app();
        let world = app.world_mut();
        let (e, _) = delve(world, 1, vec![1, 20]);
        world.entity_mut(e).insert(Caution::Cautious);
        explore_turn(world);
        assert_eq!(world.get::<Threats>(e).unwrap().nothing, 1);
    }

    #[test]
    fn l5_19_a_lantern_burns_three_hours() {
        let mut app = app();
        let world = app.world_mut();
        let (_, ila) = delve(world, 6, vec![15; 6]);
        for _ in 0..2 {
            explore_turn(world);
        }
        assert_eq!(world.get::<Supplies>(ila).unwrap().oil_flasks, 1);
        explore_turn(world);
        assert_eq!(
            world.get::<Supplies>(ila).unwrap().oil_flasks,
            0,
            "refilled"
        );
        for _ in 0..3 {
            explore_turn(world);
        }
        assert!(
            world.get::<Light>(ila).is_none(),
            "out of oil after six hours"
        );
    }

    #[test]
    fn l5_24_past_ten_hours_a_con_10_member_checks_resilience_and_may_be_exhausted() {
        let mut app = app();
        let world = app.world_mut();
        // Eleven travel turns, each a threat roll of 20; on the eleventh, 1 hour beyond a CON
        // of 10 (the default without content): DC 11, and a 5 fails.
        let mut faces = vec![20; 11];
        faces.push(5);
        let (e, ila) = delve(world, 11, faces);
        for _ in 0..10 {
            explore_turn(world);
        }
        assert!(
            !world
                .get::<Afflictions>(ila)
                .unwrap()
                .has(resilience::EXHAUSTED)
        );
        explore_turn(world);
        assert_eq!(
            world
                .get::<Afflictions>(ila)
                .unwrap()
                .level(resilience::EXHAUSTED),
            1
        );
        let rng = &world.get::<ExpeditionRng>(e).unwrap().0;
        assert_eq!(rng.scripted_remaining(), Some(0));
    }
}
