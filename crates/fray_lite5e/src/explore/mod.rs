//! lite5e's exploration procedures on the adventure clock (`fray_explore`): hourly travel
//! turns.
//!
//! A lite5e expedition keeps 6-second rounds and one-hour travel turns (L5-19). Each travel
//! turn rolls the threat table ([`threat`]); at its end the model burns the lights - a torch
//! for an hour, a lantern for three (L5-19) - and moves the clock on. The party comes home by
//! rolling to return ([`returning`], L5-20): out of its dungeon, or home from its wilderness.
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
//! The dungeon's own procedures: traps are dangerous checks from content ([`traps`], L5-27),
//! some of which corrupt ([`corruption`], L5-25); beaten foes' carried loot fills the haul,
//! which is shared out as gold and XP when the party comes out ([`coins`], L5-26); what members
//! carry slows them and burdens their checks ([`load`], L5-05); resting heals ([`rest`],
//! L5-15); a cautious party flees what it meets, and a bold one chases what flees its fights
//! ([`chase`], L5-23); and the dungeon's dark and the party's lights go into its fights and
//! checks ([`lighting`], L5-18). Checks out of a fight are rolled by [`checks`].
//!
//! In a wilderness a turn is a day: the party travels overland or overwater ([`overland`],
//! L5-22), a threat roll of 1 meets the terrain's wandering monsters, and each night in camp is
//! a rest, safe unless the terrain is hostile ([`rest`], L5-15).
//!
//! Not built yet: what the other threats do (the area's threat list, content), captured magic
//! items as XP (L5-26).
//!
//! [`threat`]: crate::explore::threat
//! [`meet`]: crate::explore::meet
//! [`injuries`]: crate::explore::injuries
//! [`resilience`]: crate::explore::resilience
//! [`time_dice`]: crate::explore::time_dice
//! [`returning`]: crate::explore::returning
//! [`traps`]: crate::explore::traps
//! [`corruption`]: crate::explore::corruption
//! [`coins`]: crate::explore::coins
//! [`load`]: crate::explore::load
//! [`rest`]: crate::explore::rest
//! [`chase`]: crate::explore::chase
//! [`lighting`]: crate::explore::lighting
//! [`checks`]: crate::explore::checks
//! [`overland`]: crate::explore::overland

/// Chases: a cautious party flees what it meets, a bold one chases what flees (L5-23).
pub mod chase;
/// Checks out of a fight, with the members' burdens (L5-01, L5-05).
pub mod checks;
/// Coins, carried loot and XP (L5-26).
pub mod coins;
/// Corruption: disease, poison, venom (L5-25).
pub mod corruption;
/// Lasting injuries carried from fight to fight, and members left down (L5-13, L5-14).
pub mod injuries;
/// The dungeon's dark and the party's lights, in fights and checks (L5-18).
pub mod lighting;
/// What members carry, their speed and the party's pace (L5-05).
pub mod load;
/// Monsters met, played out as fights.
pub mod meet;
/// Overland and overwater travel (L5-22).
pub mod overland;
/// Resilience and exhaustion (L5-24).
pub mod resilience;
/// Resting heals (L5-15).
pub mod rest;
/// Rolling to return: the party's way home (L5-20).
pub mod returning;
/// The travel turn's threat roll (L5-19).
pub mod threat;
/// Time dice (L5-21).
pub mod time_dice;
/// Traps as dangerous checks (L5-27).
pub mod traps;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::FrayAppExt;
use fray_explore::prelude::*;

use self::threat::{Caution, Threats};

/// A lite5e round: 6 seconds (one minute is ten rounds, L5-13).
pub const ROUND: GameTime = GameTime::from_seconds(6);

/// Hours a lantern burns (L5-19).
pub const LANTERN_HOURS: u64 = 3;

/// Marks an expedition that follows lite5e's procedures.
#[derive(Component, Debug, Clone, Copy, Default, serde::Serialize, serde::Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
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

    /// Lasting injuries (lost ability points and body parts, shaken) carry into the fight,
    /// and so do the member's load (L5-05) and its light (L5-18).
    fn enter_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        injuries::carry_in(world, member, combatant);
        load::carry_in(world, member, combatant);
        lighting::carry_in(world, member, combatant);
        corruption::enter_fight(world, member);
    }

    /// A trap is a dangerous check (L5-27); some corrupt (L5-25).
    fn trap_check(
        &self,
        world: &mut World,
        expedition: Entity,
        victim: Entity,
        trap: &Trap,
    ) -> bool {
        traps::trap_check(world, expedition, victim, trap)
    }

    /// A bold party chases the foes that fled (L5-23); the carried loot of the foes beaten -
    /// those that did not get away - goes into the haul (L5-26).
    fn won_fight(&self, world: &mut World, expedition: Entity, foes: &[Foes]) {
        let beaten = chase::pursue(world, expedition, foes);
        coins::won_fight(world, expedition, &beaten);
    }

    /// Lasting injuries are written back; a member still down is left down (L5-13); a member
    /// wounded by foes whose blows corrupt is exposed (L5-25).
    fn leave_fight(&self, world: &mut World, member: Entity, combatant: Entity) {
        injuries::carry_out(world, member, combatant);
        corruption::leave_fight(world, member);
    }

    /// At 0 HP a character is incapacitated, not dead (L5-13): outside a fight, it is down.
    fn at_zero_hp(&self) -> Life {
        Life::Down
    }
}

/// Feet a lite5e party explores in a travel turn (a ruling: see [`Lite5eProcedure`]'s
/// `pace`).
pub const PACE_FEET: u32 = 1_800;

impl ExploreRules for Lite5eProcedure {
    type Marker = Lite5eExpedition;

    /// The threat rolls (L5-19, L5-22), the members' recovery, resilience, rest, corruption
    /// and load, the overland day and the way home (L5-20), and monsters met as fights with
    /// the haul shared out.
    fn systems(app: &mut App) {
        let lite5e = Lite5eProcedure.ruleset();
        app.add_procedure_systems(
            lite5e,
            ExploreSystems::Wander,
            (threat::travel_turn_threats, overland::outdoor_threats).chain(),
        )
        .add_procedure_systems(
            lite5e,
            ExploreSystems::Act,
            (
                injuries::come_to,
                resilience::resilience,
                rest::rest,
                corruption::progress,
                load::pace,
                overland::day,
                returning::head_home,
            )
                .chain(),
        )
        .add_procedure_systems(
            lite5e,
            ExploreSystems::Meet,
            (meet::meet, coins::share_haul).chain(),
        );
    }

    fn saved(app: &mut App) {
        app.persist::<(
            Caution,
            Threats,
            coins::Shared,
            corruption::Infection,
            corruption::HpAtFightStart,
            resilience::Adventured,
        )>();
    }
}

/// Adds lite5e's exploration procedures to the exploration tick, and registers lite5e's
/// expedition components to be saved with an expedition (`fray_explore::save`). Add
/// [`FrayExplorePlugin`] first.
pub type Lite5eExplorePlugin = ProcedurePlugin<Lite5eProcedure>;

#[cfg(test)]
mod delve_tests;
#[cfg(test)]
mod procedure_tests;
#[cfg(test)]
mod save_tests;
#[cfg(test)]
mod way_home_tests;

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
        app.add_plugins((FrayExplorePlugin, Lite5eExplorePlugin::default()));
        app
    }

    #[test]
    fn l519_every_travel_turn_is_an_hour_and_rolls_a_threat() {
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
    fn l519_a_cautious_party_rolls_its_threats_with_advantage() {
        let mut app = app();
        let world = app.world_mut();
        let (e, _) = delve(world, 1, vec![1, 20]);
        world.entity_mut(e).insert(Caution::Cautious);
        explore_turn(world);
        assert_eq!(world.get::<Threats>(e).unwrap().nothing, 1);
    }

    #[test]
    fn l519_a_lantern_burns_three_hours() {
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
    fn l524_past_ten_hours_a_con_10_member_checks_resilience_and_may_be_exhausted() {
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
