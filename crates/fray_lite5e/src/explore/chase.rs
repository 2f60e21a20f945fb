//! Chases (L5-23): a STR check on flat, open ground or a DEX check on uneven ground, against
//! DC 11 for a quarry of 30 ft, 1 more or less per 5 ft it is faster or slower; at
//! disadvantage if the quarry can easily break line of sight, at advantage with a better
//! position. The process is reversed when the party flees: it rolls to escape, against its
//! pursuers' speed.
//!
//! Both ways are played. A cautious lite5e party flees monsters it meets (`flee`, from
//! [`meet`](crate::explore::meet)); a party that escapes leaves the meeting behind (placed
//! monsters stay in their area, with their treasure), one that is caught fights. A bold party
//! that wins a fight chases the monsters that fled it (`pursue`, from the procedure's
//! `won_fight`): a quarry caught is beaten (its carried loot is the party's, L5-26), one that
//! eludes the party gets away with its purse.
//!
//! Rulings:
//! - the ground is where the party is ([`Chase::at`](crate::explore::chase::Chase::at)): a
//!   dungeon's ground is uneven (twisting halls: DEX), and its dark breaks line of sight; a
//!   wilderness's goes by the day's terrain ([`Chase::of`](crate::explore::chase::Chase::of)):
//!   woods, jungle and swamp are uneven and dense (the seed's thicket, "dense foliage": DEX, and
//!   the quarry breaks line of sight easily), hills, broken land and mountains uneven, a city's
//!   streets open but breaking line of sight, and the rest open (on the water too: the oars,
//!   STR); a party with no place chases on open ground;
//! - the party runs as a group: the member up with the worst modifier of the ability rolls for
//!   it, with disadvantage when any member up is burdened (load, injury, exhaustion: the group
//!   keeps to its slowest);
//! - fleeing, the fastest pursuer sets the DC (its speed with its own load); the quarry's easy
//!   break of line of sight becomes the fleeing party's advantage: dense terrain, or in a
//!   dungeon no light lit (unless a pursuer sees in the dark); the pursuers' better position is
//!   not modelled (nobody surrounds in a meeting);
//! - pursuing, the party chases each statblock of the monsters that fled as one quarry (one
//!   roll each, its speed with its load setting the DC), at disadvantage in dense terrain or,
//!   in a dungeon, with no light lit and no member up who sees in the dark; the party's better
//!   position is not modelled (a fled quarry is already clear of it); only a bold party
//!   chases: a cautious one lets its fleeing foes go (and their purses with them).

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::encounter::Roster;
use fray_core::ids::SideId;
use fray_core::spawn::Content;
use fray_explore::foes::describe;
use fray_explore::log::note;
use fray_explore::prelude::*;

use super::checks::{Checked, block, burdened, roll_check, score};
use super::lighting::party_lit;
use super::load::{BASE_SPEED, speed};
use crate::sheet::modifier;
use crate::statblock::{CreatureBlock, L5Block};

/// The DC to catch a quarry of 30 ft.
pub const CHASE_DC: i64 = 11;

/// The ground of a chase, which sets the ability checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    /// Flat and open: STR.
    Open,
    /// Uneven: DEX.
    Uneven,
}

impl Ground {
    /// The index of the ability checked (STR 0, DEX 1).
    pub fn ability(self) -> usize {
        match self {
            Self::Open => 0,
            Self::Uneven => 1,
        }
    }

    /// The ability checked, for logs.
    pub fn label(self) -> &'static str {
        match self {
            Self::Open => "STR",
            Self::Uneven => "DEX",
        }
    }
}

/// Where a chase runs: its ground, and what lets a quarry break line of sight there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chase {
    /// The ground, which sets the ability checked.
    pub ground: Ground,
    /// The land breaks line of sight easily (dense foliage, twisting streets).
    pub cover: bool,
    /// A dungeon's dark: line of sight breaks where no light is lit.
    pub dark: bool,
}

impl Chase {
    /// A chase through a wilderness's `terrain`.
    ///
    /// Ruling: woods, jungle and swamp are the seed's thicket (uneven, DEX, and dense enough to
    /// break line of sight easily); hills, broken land and mountains are uneven; a city's
    /// streets are open but break line of sight; the rest is open ground (STR), the water too.
    pub fn of(terrain: Terrain) -> Self {
        let (ground, cover) = match terrain {
            Terrain::Woods | Terrain::Jungle | Terrain::Swamp => (Ground::Uneven, true),
            Terrain::Hills | Terrain::Broken | Terrain::Mountains => (Ground::Uneven, false),
            Terrain::City => (Ground::Open, true),
            _ => (Ground::Open, false),
        };
        Self {
            ground,
            cover,
            dark: false,
        }
    }

    /// A chase where the party of `expedition` is: in its dungeon, or in the day's terrain of
    /// its wilderness, or (with no place) on open ground.
    ///
    /// Ruling: a dungeon's ground is uneven (twisting halls: DEX) and dark, so line of sight
    /// breaks there where the chasers carry no light and do not see in the dark.
    pub fn at(world: &World, expedition: Entity) -> Self {
        if world.get::<Position>(expedition).is_some() {
            return Self {
                ground: Ground::Uneven,
                cover: false,
                dark: true,
            };
        }
        world
            .get::<Whereabouts>(expedition)
            .map_or(Self::of(Terrain::Clear), |at| Self::of(at.terrain))
    }
}

/// The DC of a chase after a quarry moving `quarry_speed` ft: 11 at 30 ft, 1 more or less per
/// full 5 ft faster or slower.
pub fn chase_dc(quarry_speed: u32) -> i64 {
    CHASE_DC.saturating_add((i64::from(quarry_speed) - i64::from(BASE_SPEED)) / 5)
}

/// A chase check for `what` with `modifier`, `advantages` and `disadvantages`, after (or,
/// reversed, away from) a side moving `speed` ft.
pub fn chase(
    dice: &mut TurnDice<'_>,
    what: &str,
    modifier: i32,
    advantage: (u32, u32),
    speed: u32,
) -> Checked {
    roll_check(dice, what, modifier, advantage, chase_dc(speed))
}

/// The lite5e statblock `id`, from the World's content.
fn creature<'w>(world: &'w World, id: &str) -> Option<&'w CreatureBlock> {
    world
        .get_resource::<Content>()?
        .0
        .statblocks::<L5Block>("lite5e")?
        .get(id)
        .map(L5Block::creature)
}

/// How fast a creature of `block` runs, with what it carries.
fn running_speed(block: &CreatureBlock) -> u32 {
    speed(
        u32::from(block.speed),
        i32::from(block.str),
        u32::from(block.load),
    )
}

/// The fastest of `foes`, with what they carry, and whether any sees in the dark.
fn pursuers(world: &World, foes: &[Foes]) -> (u32, bool) {
    foes.iter()
        .filter(|f| f.count > 0)
        .filter_map(|f| creature(world, &f.statblock))
        .fold((0, false), |(fastest, sees), b| {
            (fastest.max(running_speed(b)), sees || b.darksight)
        })
}

/// The members of `expedition` who are up, in marching order.
fn members_up(world: &World, expedition: Entity) -> Vec<Entity> {
    world
        .get::<Party>(expedition)
        .map(|p| p.order.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|m| world.get::<Vitals>(*m).is_some_and(Vitals::is_up))
        .collect()
}

/// The group's roll on `ground`: the worst modifier among `up` and whether any is burdened;
/// `None` with nobody up.
fn group(world: &World, up: &[Entity], ground: Ground) -> Option<(i32, bool)> {
    let worst = up
        .iter()
        .map(|m| modifier(score(world, *m, ground.ability())))
        .min()?;
    Some((worst, up.iter().any(|m| burdened(world, *m))))
}

/// A cautious party flees the monsters of `meeting`: returns whether it escapes.
pub(super) fn flee(world: &mut World, expedition: Entity, meeting: &Meeting) -> bool {
    let up = members_up(world, expedition);
    let place = Chase::at(world, expedition);
    let Some((worst, slowed)) = group(world, &up, place.ground) else {
        return false;
    };
    let (fastest, darksight) = pursuers(world, &meeting.foes);
    let fastest = if fastest == 0 { BASE_SPEED } else { fastest };
    let hidden = place.cover || (place.dark && !party_lit(world, expedition) && !darksight);
    let Some(check) = with_turn_dice(world, expedition, |dice| {
        chase(
            dice,
            &format!("the party flees ({}, the worst)", place.ground.label()),
            worst,
            (u32::from(hidden), u32::from(slowed)),
            fastest,
        )
    }) else {
        return false;
    };
    let escapes = check.success();
    note(
        world,
        expedition,
        ExploreEvent::Evasion {
            escapes,
            how: format!(
                "pursuers at {fastest} ft, DC {}; {}",
                check.dc,
                if escapes { "it gets away" } else { "caught" }
            ),
        },
    );
    escapes
}

/// The monsters that fled the fight of `expedition`, by statblock in roster order.
fn fled(world: &World, expedition: Entity) -> Vec<Foes> {
    let Some(roster) = world
        .get::<Fighting>(expedition)
        .and_then(|f| world.get::<Roster>(f.encounter))
    else {
        return Vec::new();
    };
    let mut fled: Vec<Foes> = Vec::new();
    for entry in roster.entries.iter().filter(|e| e.side != SideId(0)) {
        if world.get::<Status>(entry.entity) != Some(&Status::Fled) {
            continue;
        }
        match fled.iter_mut().find(|f| f.statblock == entry.statblock) {
            Some(f) => f.count = f.count.saturating_add(1),
            None => fled.push(Foes {
                statblock: entry.statblock.clone(),
                count: 1,
            }),
        }
    }
    fled
}

/// The party of `expedition` beat `foes`, the monsters of its fight's meeting: a bold party
/// chases those that fled, each statblock a quarry. Returns the foes beaten: `foes` less those
/// that got away (all that fled, from a cautious party).
///
/// Ruling: only a bold party gives chase (a cautious one does not run after what it beat); the
/// party chases as a group, its worst modifier rolling, each statblock that fled one quarry;
/// a quarry caught is beaten (cut down or taken: its carried loot is the party's), one that
/// eludes the party takes its purse with it; the party's better position is not modelled.
pub(super) fn pursue(world: &mut World, expedition: Entity, foes: &[Foes]) -> Vec<Foes> {
    let quarries = fled(world, expedition);
    let bold = world
        .get::<ExpeditionPolicy>(expedition)
        .is_some_and(|p| p.stance == Stance::Bold);
    let up = members_up(world, expedition);
    let place = Chase::at(world, expedition);
    let sees = party_lit(world, expedition)
        || up
            .iter()
            .any(|m| block(world, *m).is_some_and(|b| b.darksight));
    let unseen = place.cover || (place.dark && !sees);
    let mut beaten = foes.to_vec();
    for quarry in quarries {
        let caught = bold
            && group(world, &up, place.ground).is_some_and(|(worst, slowed)| {
                let speed = creature(world, &quarry.statblock).map_or(BASE_SPEED, running_speed);
                let quarry_named = describe(
                    std::slice::from_ref(&quarry),
                    world.get_resource::<Content>(),
                    crate::ruleset::ID,
                );
                let what = format!(
                    "the party chasing {quarry_named} that fled ({}, the worst)",
                    place.ground.label()
                );
                let disadvantages = u32::from(unseen).saturating_add(u32::from(slowed));
                with_turn_dice(world, expedition, |dice| {
                    chase(dice, &what, worst, (0, disadvantages), speed)
                })
                .is_some_and(|c| c.success())
            });
        if !caught && let Some(f) = beaten.iter_mut().find(|f| f.statblock == quarry.statblock) {
            f.count = f.count.saturating_sub(quarry.count);
        }
    }
    beaten.retain(|f| f.count > 0);
    beaten
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l523_dc_11_at_30_ft_one_more_or_less_per_5_ft() {
        assert_eq!(chase_dc(30), 11);
        assert_eq!(chase_dc(40), 13);
        assert_eq!(chase_dc(25), 10);
        assert_eq!(chase_dc(0), 5);
        assert_eq!(chase_dc(34), 11);
        assert_eq!(Ground::Open.ability(), 0);
        assert_eq!(Ground::Uneven.ability(), 1);
    }

    #[test]
    fn l523_the_seeds_scout_40_ft_in_a_thicket_dc_13_dex_at_disadvantage_eludes_a_4() {
        let mut rng = ExpeditionRng(EncounterRng::scripted([4, 18, 16, 9]));
        let mut log = ExpeditionLog::new(true);
        let mut dice = TurnDice {
            rng: &mut rng,
            log: &mut log,
            at: GameTime::ZERO,
        };
        let check = chase(&mut dice, "after the scout", 0, (0, 1), 40);
        assert_eq!((check.kept, check.dc, check.success()), (4, 13, false));
        // With a better position (advantage), the higher die: 16 + 0 catches it.
        let check = chase(&mut dice, "after the scout", 0, (1, 0), 40);
        assert_eq!((check.kept, check.success()), (16, true));
    }
}
