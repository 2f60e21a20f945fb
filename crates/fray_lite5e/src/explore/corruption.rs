//! Corruption (L5-25): disease, poison or venom. The victim makes a CON check, DC 11; a
//! failure infects it. The infection worsens in stages; at the end of each, the infected makes
//! another check or takes 1d6 damage to an ability (CON here); an ability at 0 kills.
//!
//! A member's infection is its `corrupted` affliction (its level is the stage) and an
//! [`Infection`](crate::explore::corruption::Infection) counting the hours of the stage; lost CON is the `lost-con` affliction that
//! injuries use too (L5-14), so it carries into fights and lowers every CON check.
//!
//! Content causes corruption two ways: a trap's `afflicts: "corruption"` (a poisoned needle,
//! a rotten spike): when such a trap strikes, its victim checks against infection, DC 11
//! ([`traps`](crate::explore::traps)); and a monster's `corrupts: DC` (a venomous bite): after
//! a fight with it, every member it could have wounded - each who ends the fight with fewer
//! hit points than it began with - checks against that DC (ruling: the fight's log is not
//! read for whose blow it was).
//!
//! Rulings, after the seed's venomous snake: the first stage exhausts the infected (the
//! `exhausted` affliction of L5-24: disadvantage on all checks, cured only by safe rest); a
//! stage lasts two hours (travel turns); the check at a stage's end is the same CON check,
//! DC 11, and a success ends the infection (the body has fought it off), while a failure
//! deals 1d6 CON damage and the next stage begins.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use fray_core::spawn::Content;
use fray_explore::log::note;
use fray_explore::prelude::*;
use serde::{Deserialize, Serialize};

use super::Lite5eExpedition;
use super::checks::{Checked, burdened, member_check, name, roll_check, score};
use super::injuries::LOST;
use super::resilience::EXHAUSTED;
use crate::sheet::modifier;
use crate::statblock::L5Block;

/// The name a trap's `afflicts` gives corruption.
pub const CORRUPTION: &str = "corruption";

/// The affliction of an infected member; its level is the stage.
pub const CORRUPTED: &str = "corrupted";

/// The DC of the checks against corruption (a trap's, and every stage's end).
pub const CORRUPTION_DC: i64 = 11;

/// Hours a stage lasts (ruling, from the seed's snake venom).
pub const STAGE_HOURS: u64 = 2;

/// CON's index among the abilities.
const CON: usize = 2;

/// Hours into the current stage of a member's infection.
#[derive(
    Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct Infection {
    /// Seconds of the current stage passed so far.
    pub seconds: u64,
}

/// What the end of a stage did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageEnd {
    /// The CON check.
    pub check: Checked,
    /// The 1d6 of CON damage, when the check failed.
    pub damage: Option<u32>,
}

/// The end of a stage for a member of `con` (its score now), with disadvantage when
/// `burdened`: a CON check, DC 11, or 1d6 CON damage.
pub fn stage_end(dice: &mut TurnDice<'_>, who: &str, con: i32, burdened: bool) -> StageEnd {
    let check = roll_check(
        dice,
        &format!("{who} fights off corruption"),
        modifier(con),
        (0, u32::from(burdened)),
        CORRUPTION_DC,
    );
    let damage =
        (!check.success()).then(|| dice.die(&format!("corruption of {who} (CON damage)"), 6));
    StageEnd { check, damage }
}

/// `member` is exposed to corruption: a CON check against `dc`; a failure infects it (stage 1,
/// and exhausted; a member already infected is not infected again). Returns whether it is
/// infected.
pub(super) fn expose(world: &mut World, expedition: Entity, member: Entity, dc: i64) -> bool {
    if world
        .get::<Afflictions>(member)
        .is_some_and(|a| a.has(CORRUPTED))
    {
        return false;
    }
    let who = name(world, member);
    let Some(check) = member_check(
        world,
        expedition,
        member,
        CON,
        &format!("{who} resists corruption"),
        (0, 0),
        dc,
    ) else {
        return false;
    };
    if check.success() {
        return false;
    }
    for affliction in [CORRUPTED, EXHAUSTED] {
        afflict(world, expedition, member, affliction, 1);
    }
    world.entity_mut(member).insert(Infection::default());
    true
}

/// A member's hit points as its fight began (to tell who was wounded in it).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct HpAtFightStart(pub i32);

/// Notes a member's hit points as it enters a fight.
pub(super) fn enter_fight(world: &mut World, member: Entity) {
    if let Some(hp) = world.get::<Vitals>(member).map(|v| v.hp) {
        world.entity_mut(member).insert(HpAtFightStart(hp));
    }
}

/// After a fight against foes whose blows corrupt, a living member wounded in it is exposed,
/// against the highest of their DCs.
pub(super) fn leave_fight(world: &mut World, member: Entity) {
    let Some(start) = world.get::<HpAtFightStart>(member).map(|h| h.0) else {
        return;
    };
    world.entity_mut(member).remove::<HpAtFightStart>();
    let Some(expedition) = world.get::<MemberOf>(member).map(|m| m.0) else {
        return;
    };
    let wounded = world
        .get::<Vitals>(member)
        .is_some_and(|v| v.is_alive() && v.hp < start);
    let dc = world
        .get::<Fighting>(expedition)
        .and_then(|f| f.meeting.as_ref())
        .and_then(|meeting| {
            let blocks = world
                .get_resource::<Content>()?
                .0
                .statblocks::<L5Block>("lite5e")?;
            meeting
                .foes
                .iter()
                .filter_map(|f| blocks.get(&f.statblock)?.creature().corrupts)
                .max()
        });
    if let Some(dc) = dc
        && wounded
    {
        expose(world, expedition, member, i64::from(dc));
    }
}

/// Each travel turn, the infections of lite5e members run on; at each stage's end the
/// infected checks, and takes 1d6 CON damage when it fails; a CON of 0 kills.
pub(super) fn progress(world: &mut World) {
    let mut query = world.query_filtered::<(Entity, &Expedition, &Party, &TurnSpan, &CurrentActivity), With<Lite5eExpedition>>();
    let turns: Vec<(Entity, Vec<Entity>, u64)> = query
        .iter(world)
        .filter(|(_, e, _, _, current)| e.state == ExpeditionState::Underway && current.0.is_some())
        .map(|(entity, _, party, span, _)| (entity, party.order.clone(), span.0.seconds()))
        .collect();
    let stage = GameTime::HOUR.seconds().saturating_mul(STAGE_HOURS);
    for (expedition, order, seconds) in turns {
        for member in order {
            if !world.get::<Vitals>(member).is_some_and(Vitals::is_alive) {
                continue;
            }
            let Some(mut infection) = world.get_mut::<Infection>(member) else {
                continue;
            };
            infection.seconds = infection.seconds.saturating_add(seconds);
            if infection.seconds < stage {
                continue;
            }
            infection.seconds = 0;
            end_stage(world, expedition, member);
        }
    }
}

/// The end of a stage of `member`'s infection.
fn end_stage(world: &mut World, expedition: Entity, member: Entity) {
    let who = name(world, member);
    let con = score(world, member, CON);
    let burdened = burdened(world, member);
    let Some(end) = with_turn_dice(world, expedition, |dice| {
        stage_end(dice, &who, con, burdened)
    }) else {
        return;
    };
    let Some(damage) = end.damage else {
        afflict(world, expedition, member, CORRUPTED, 0);
        world.entity_mut(member).remove::<Infection>();
        return;
    };
    let Some((lost, stage)) = world.get::<Afflictions>(member).map(|a| {
        let lost = a
            .level(LOST[CON])
            .saturating_add(u8::try_from(damage).unwrap_or(u8::MAX));
        (lost, a.level(CORRUPTED).saturating_add(1))
    }) else {
        return;
    };
    for (affliction, level) in [(LOST[CON], lost), (CORRUPTED, stage)] {
        afflict(world, expedition, member, affliction, level);
    }
    if score(world, member, CON) <= 0 {
        if let Some(mut vitals) = world.get_mut::<Vitals>(member) {
            vitals.life = Life::Dead;
        }
        world.entity_mut(member).remove::<Infection>();
        note(
            world,
            expedition,
            ExploreEvent::Afflicted {
                who,
                affliction: "dead of corruption".into(),
                level: 1,
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use fray_core::rng::EncounterRng;

    use super::*;

    #[test]
    fn l525_the_seeds_snake_venom_con_10_to_6_then_to_0() {
        // The seed's example: CON 10 (+0) fails (a 5 against DC 11) and takes a 4: CON 6
        // (-2). Two hours later it fails again (12 - 2 = 10) and takes a 6: CON 0, dead.
        let mut rng = ExpeditionRng(EncounterRng::scripted([5, 4, 12, 6]));
        let mut log = ExpeditionLog::new(true);
        let mut dice = TurnDice {
            rng: &mut rng,
            log: &mut log,
            at: GameTime::ZERO,
        };
        let first = stage_end(&mut dice, "Ila", 10, false);
        assert_eq!((first.check.total, first.check.dc), (5, 11));
        assert_eq!(first.damage, Some(4));
        let con = 10 - 4;
        assert_eq!(modifier(con), -2);
        let second = stage_end(&mut dice, "Ila", con, false);
        assert_eq!((second.check.total, second.damage), (10, Some(6)));
        assert_eq!(con - 6, 0);
    }

    #[test]
    fn l525_a_check_of_11_fights_the_stage_off_without_damage() {
        let mut rng = ExpeditionRng(EncounterRng::scripted([11]));
        let mut log = ExpeditionLog::new(true);
        let mut dice = TurnDice {
            rng: &mut rng,
            log: &mut log,
            at: GameTime::ZERO,
        };
        let end = stage_end(&mut dice, "Ila", 10, false);
        assert!(end.check.success());
        assert_eq!(end.damage, None);
    }
}
