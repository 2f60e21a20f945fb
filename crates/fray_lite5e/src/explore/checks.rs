//! Checks out of a fight (L5-01, L5-05): a party member's d20 + ability modifier against a DC,
//! rolled with the expedition's dice and logged, with the disadvantage its load, its injuries
//! or its exhaustion give (L5-05, L5-14, L5-24).
//!
//! A member's numbers come from its statblock, less the ability points its afflictions say it
//! lost (`lost-str`..`lost-cha`, L5-14 and L5-25), plus what it carries on the expedition
//! ([`load`](crate::explore::load)).

use bevy_ecs::prelude::*;
use fray_core::spawn::Content;
use fray_explore::prelude::*;

use super::injuries::{LOST, SHAKEN};
use super::resilience::EXHAUSTED;
use crate::check::net;
use crate::sheet::modifier;
use crate::statblock::{CreatureBlock, L5Block};

/// The index of an ability named as content names it (`str`..`cha`), STR first.
pub fn ability_index(name: &str) -> Option<usize> {
    fray_explore::dungeon::ABILITIES
        .iter()
        .position(|a| a.eq_ignore_ascii_case(name))
}

/// The statblock of a member, from the World's content.
pub fn block(world: &World, member: Entity) -> Option<&CreatureBlock> {
    let statblock = &world.get::<Character>(member)?.statblock;
    let blocks = world
        .get_resource::<Content>()?
        .0
        .statblocks::<L5Block>("lite5e")?;
    blocks.get(statblock).map(L5Block::creature)
}

/// A member's ability `index` (STR 0 .. CHA 5) now: its statblock's score less the points its
/// afflictions say it lost; 10 without a statblock.
pub fn score(world: &World, member: Entity, index: usize) -> i32 {
    let base = block(world, member).map_or(10, |b| {
        [b.str, b.dex, b.con, b.int, b.wis, b.cha]
            .get(index)
            .copied()
            .unwrap_or(10)
    });
    let lost = LOST.get(index).map_or(0, |name| {
        world
            .get::<Afflictions>(member)
            .map_or(0, |a| a.level(name))
    });
    i32::from(base) - i32::from(lost)
}

/// Whether every check of a member has disadvantage: a load above its STR (L5-05), the injury
/// table's "disadvantage until rest" (L5-14) or exhaustion (L5-24).
pub fn burdened(world: &World, member: Entity) -> bool {
    let afflicted = world
        .get::<Afflictions>(member)
        .is_some_and(|a| a.has(SHAKEN) || a.has(EXHAUSTED));
    afflicted || super::load::overload(world, member) > 0
}

/// One check rolled out of a fight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The d20s thrown (two with advantage or disadvantage).
    pub faces: Vec<u32>,
    /// The d20 kept.
    pub kept: u32,
    /// The kept d20 plus the modifier.
    pub total: i64,
    /// The DC.
    pub dc: i64,
}

impl Checked {
    /// Whether the check met its DC.
    pub fn success(&self) -> bool {
        self.total >= self.dc
    }
}

/// Rolls a check for `what`: a d20 (two, keeping the higher with more advantages than
/// disadvantages, the lower with fewer; they cancel, L5-01) plus `modifier` against `dc`,
/// logged with its faces.
pub fn roll_check(
    dice: &mut TurnDice<'_>,
    what: &str,
    modifier: i32,
    (advantages, disadvantages): (u32, u32),
    dc: i64,
) -> Checked {
    let advantage = net(advantages, disadvantages).level();
    let first = fray_dice::DieSource::roll_die(&mut *dice.rng, 20);
    let (faces, kept, notation) = if advantage == 0 {
        (vec![first], first, "1d20")
    } else {
        let second = fray_dice::DieSource::roll_die(&mut *dice.rng, 20);
        if advantage > 0 {
            (vec![first, second], first.max(second), "2d20kh1")
        } else {
            (vec![first, second], first.min(second), "2d20kl1")
        }
    };
    let checked = Checked {
        faces,
        kept,
        total: i64::from(kept).saturating_add(i64::from(modifier)),
        dc,
    };
    let dice_text = if modifier == 0 {
        notation.to_string()
    } else {
        format!("{notation}{modifier:+}")
    };
    dice.log.record(dice.at, || ExploreEvent::Roll {
        what: format!("{what} (DC {dc})"),
        dice: dice_text,
        faces: checked.faces.clone(),
        kept: (checked.faces.len() > 1).then_some(checked.kept),
        modifier: i64::from(modifier),
        result: checked.total,
        success: Some(checked.success()),
        verdict: None,
    });
    checked
}

/// A member's check of ability `index` against `dc` for `what`, with `advantages` and
/// `disadvantages` beyond its own burden (which adds one), rolled with the expedition's dice.
/// `None` when the expedition has no dice.
pub fn member_check(
    world: &mut World,
    expedition: Entity,
    member: Entity,
    index: usize,
    what: &str,
    (advantages, disadvantages): (u32, u32),
    dc: i64,
) -> Option<Checked> {
    let bonus = modifier(score(world, member, index));
    let disadvantages = disadvantages.saturating_add(u32::from(burdened(world, member)));
    with_turn_dice(world, expedition, |dice| {
        roll_check(dice, what, bonus, (advantages, disadvantages), dc)
    })
}

/// A member's name, for logs.
pub fn name(world: &World, member: Entity) -> String {
    world
        .get::<Character>(member)
        .map(|c| c.name.clone())
        .unwrap_or_default()
}

#[cfg(test)]
pub(super) mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    /// Runs `f` with dice forced to `faces` and a log: its result and the log.
    pub(crate) fn dice_and<R>(
        faces: Vec<u32>,
        f: impl FnOnce(&mut TurnDice<'_>) -> R,
    ) -> (R, ExpeditionLog) {
        let mut rng = ExpeditionRng(EncounterRng::scripted(faces));
        let mut log = ExpeditionLog::new(true);
        let r = f(&mut TurnDice {
            rng: &mut rng,
            log: &mut log,
            at: GameTime::ZERO,
        });
        (r, log)
    }

    #[test]
    fn l501_a_check_keeps_the_higher_d20_with_advantage_and_they_cancel() {
        let (c, log) = dice_and(vec![4, 15, 4, 15, 9], |d| {
            [
                roll_check(d, "a", 1, (1, 0), 16),
                roll_check(d, "b", 1, (0, 1), 5),
                roll_check(d, "c", 0, (1, 1), 9),
            ]
        });
        assert_eq!((c[0].kept, c[0].total, c[0].success()), (15, 16, true));
        assert_eq!((c[1].kept, c[1].total, c[1].success()), (4, 5, true));
        assert_eq!((c[2].faces.clone(), c[2].success()), (vec![9], true));
        assert_eq!(log.entries().len(), 3);
    }
}
