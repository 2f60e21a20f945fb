//! Coins, loot and XP (L5-26): all coins weigh the same, 100 to the pound and 500 to a load;
//! 10 cp make 1 sp and 10 sp make 1 gp; an enemy's carried loot is worth 1d20 gp per hit die,
//! apart from any hoard; gold (and captured magic items) are XP.
//!
//! On an expedition, the party's [`Haul`] is in gold pieces, one coin each. A fight the party
//! wins adds the beaten foes' carried loot to it (`won_fight`, through
//! [`Procedure::won_fight`]); the coins weigh on the members who carry them
//! ([`load`](crate::explore::load), L5-05). When the party gets out of the dungeon, the haul is shared
//! out: each living member's share goes into its purse ([`Supplies::gold`]) and is awarded to
//! it as XP ([`award_xp`], which every ruleset's XP goes through: [`XpGained`]).
//!
//! Rulings:
//! - loot is rolled once per fight won: one d20 per hit die of every foe of the meeting the
//!   party beat (a foe that fled counts only when the party chased and caught it, L5-23,
//!   [`chase`](crate::explore::chase); one that got away took its purse);
//! - the haul is shared evenly among the living members when the party comes out (`Returned`
//!   or `TurnedBack`), the remainder going to the front of the marching order; a party that
//!   does not come out earns no XP;
//! - the expedition keeps no magic items yet, so only gold is XP here.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::spawn::Content;
use fray_explore::log::note;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use super::Lite5eExpedition;
use super::checks::name;
use crate::statblock::L5Block;

/// Copper pieces to a silver piece.
pub const CP_PER_SP: u64 = 10;
/// Silver pieces to a gold piece.
pub const SP_PER_GP: u64 = 10;
/// Coins (of any kind) to a pound.
pub const COINS_PER_POUND: u64 = 100;
/// Coins (of any kind) to a load (L5-05).
pub const COINS_PER_LOAD: u64 = 500;

/// Coins by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Purse {
    /// Gold pieces.
    pub gp: u64,
    /// Silver pieces.
    pub sp: u64,
    /// Copper pieces.
    pub cp: u64,
}

impl Purse {
    /// Its worth in copper pieces (`None` past `u64`).
    pub fn in_copper(&self) -> Option<u64> {
        let per_gp = CP_PER_SP.checked_mul(SP_PER_GP)?;
        self.gp
            .checked_mul(per_gp)?
            .checked_add(self.sp.checked_mul(CP_PER_SP)?)?
            .checked_add(self.cp)
    }

    /// `copper` pieces' worth in the fewest coins.
    pub fn from_copper(copper: u64) -> Self {
        let per_gp = CP_PER_SP * SP_PER_GP;
        Self {
            gp: copper / per_gp,
            sp: copper % per_gp / CP_PER_SP,
            cp: copper % CP_PER_SP,
        }
    }

    /// How many coins it holds.
    pub fn coins(&self) -> u64 {
        self.gp.saturating_add(self.sp).saturating_add(self.cp)
    }
}

/// What `coins` weigh, in whole pounds.
pub fn pounds(coins: u64) -> u64 {
    coins / COINS_PER_POUND
}

/// What `coins` weigh, in whole loads (ruling: coins short of a full load ride in the spare
/// room of a pack).
pub fn loads(coins: u64) -> u64 {
    coins / COINS_PER_LOAD
}

/// The carried loot of foes of `hit_dice` in all: 1d20 gp per hit die, each die logged.
pub fn carried_loot(dice: &mut TurnDice<'_>, hit_dice: u32) -> u64 {
    (0..hit_dice).fold(0u64, |sum, _| {
        sum.saturating_add(u64::from(dice.die("carried loot (1d20 gp per HD)", 20)))
    })
}

/// Marks an expedition whose haul has been shared out.
#[derive(
    Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Shared;

/// The party beat `foes`: their carried loot goes into the haul.
pub(super) fn won_fight(world: &mut World, expedition: Entity, foes: &[Foes]) {
    let hit_dice = {
        let blocks = world
            .get_resource::<Content>()
            .and_then(|c| c.0.statblocks::<L5Block>("lite5e"));
        foes.iter().fold(0u32, |sum, f| {
            let hd = blocks
                .and_then(|b| b.get(&f.statblock))
                .map_or(1, |b| u32::from(b.creature().level));
            sum.saturating_add(hd.saturating_mul(u32::from(f.count)))
        })
    };
    let Some(gold) = with_turn_dice(world, expedition, |dice| carried_loot(dice, hit_dice)) else {
        return;
    };
    if let Some(mut haul) = world.get_mut::<Haul>(expedition) {
        haul.0 = haul
            .0
            .saturating_add(u32::try_from(gold).unwrap_or(u32::MAX));
    }
    note(
        world,
        expedition,
        ExploreEvent::TreasureTaken {
            area: format!("purses of the beaten ({hit_dice} HD)"),
            gold: u32::try_from(gold).unwrap_or(u32::MAX),
        },
    );
}

/// Shares the haul of each lite5e expedition that just came out of its dungeon among its
/// living members: gold into their purses, and as much XP.
pub(super) fn share_haul(world: &mut World) {
    let mut query = world
        .query_filtered::<(Entity, &Expedition, &Haul), (With<Lite5eExpedition>, Without<Shared>)>(
        );
    let out: Vec<(Entity, u32)> = query
        .iter(world)
        .filter(|(_, e, _)| {
            matches!(
                e.state,
                ExpeditionState::Ended(ExpeditionEnding::Returned | ExpeditionEnding::TurnedBack)
            )
        })
        .map(|(entity, _, haul)| (entity, haul.0))
        .collect();
    for (expedition, haul) in out {
        world.entity_mut(expedition).insert(Shared);
        let living: Vec<Entity> = world
            .get::<Party>(expedition)
            .map(|p| p.order.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_alive))
            .collect();
        let Some(n) = u32::try_from(living.len()).ok().filter(|n| *n > 0) else {
            continue;
        };
        for (i, member) in living.into_iter().enumerate() {
            let share = haul / n + if i == 0 { haul % n } else { 0 };
            if share == 0 {
                continue;
            }
            if let Some(mut supplies) = world.get_mut::<Supplies>(member) {
                supplies.gold = supplies.gold.saturating_add(share);
            }
            note(
                world,
                expedition,
                ExploreEvent::Gained {
                    who: name(world, member),
                    what: "gp".into(),
                    amount: u64::from(share),
                },
            );
            award_xp(world, member, u64::from(share));
        }
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l526_ten_copper_make_a_silver_and_ten_silver_a_gold() {
        let purse = Purse {
            gp: 2,
            sp: 3,
            cp: 4,
        };
        assert_eq!(purse.in_copper(), Some(234));
        assert_eq!(Purse::from_copper(234), purse);
        assert_eq!(
            Purse::from_copper(10),
            Purse {
                sp: 1,
                ..Purse::default()
            }
        );
        assert_eq!(
            Purse::from_copper(100),
            Purse {
                gp: 1,
                ..Purse::default()
            }
        );
        let too_much = Purse {
            gp: u64::MAX,
            ..Purse::default()
        };
        assert_eq!(too_much.in_copper(), None);
    }

    #[test]
    fn l526_coins_weigh_100_to_the_pound_and_500_to_a_load() {
        assert_eq!(pounds(100), 1);
        assert_eq!(pounds(250), 2);
        assert_eq!(loads(499), 0);
        assert_eq!(loads(500), 1);
        assert_eq!(loads(1_250), 2);
        let purse = Purse {
            gp: 300,
            sp: 150,
            cp: 50,
        };
        assert_eq!((purse.coins(), loads(purse.coins())), (500, 1));
    }

    #[test]
    fn l526_carried_loot_is_1d20_gp_per_hit_die() {
        let mut rng = ExpeditionRng(EncounterRng::scripted([7, 20, 1]));
        let mut log = ExpeditionLog::new(true);
        let mut dice = TurnDice {
            rng: &mut rng,
            log: &mut log,
            at: GameTime::ZERO,
        };
        assert_eq!(carried_loot(&mut dice, 3), 28);
        assert_eq!(log.entries().len(), 3);
    }
}
