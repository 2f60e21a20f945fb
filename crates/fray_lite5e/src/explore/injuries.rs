//! Lasting injuries carried from fight to fight (L5-14), and members left down (L5-13).
//!
//! What the injury table takes - ability points, body parts, and the disadvantage on all
//! checks until rest - lives in a fight's [`L5State`](crate::state::L5State); between fights it lives in the member's
//! [`Afflictions`] (`lost-str`..`lost-cha` with the points lost, `lost-part-N` for the body
//! part at index N of its statblock, `shaken`), written back when a fight ends and carried
//! into the next. An `exhausted` member (L5-24) fights with the same disadvantage.
//!
//! A member incapacitated at a fight's end is stabilized or dead by then (the combat's
//! L5-13); one still down (a fight ended otherwise) is left [`Life::Down`] at 0 HP. Ruling:
//! a member down between fights comes to at 1 HP at the end of the next travel turn (an hour,
//! the seed's "within 1 minute" long past: the party stabilized it), and traps that bring a
//! member to 0 HP leave it down the same way.

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_explore::prelude::*;
use smallvec::SmallVec;

use crate::state::L5State;

/// The affliction of the injury table's "disadvantage on all checks until rest".
pub const SHAKEN: &str = "shaken";

/// The ability names of the `lost-...` afflictions, STR..CHA.
pub const LOST: [&str; 6] = [
    "lost-str", "lost-dex", "lost-con", "lost-int", "lost-wis", "lost-cha",
];

/// The affliction of a lost body part.
fn part(index: u8) -> String {
    format!("lost-part-{index}")
}

/// Carries a member's lasting injuries into its combatant's state.
pub(super) fn carry_in(world: &mut World, member: Entity, combatant: Entity) {
    let Some(afflictions) = world.get::<Afflictions>(member).cloned() else {
        return;
    };
    let Some(mut state) = world.get_mut::<L5State>(combatant) else {
        return;
    };
    for (i, name) in LOST.iter().enumerate() {
        if let Some(slot) = state.lost.get_mut(i) {
            *slot = afflictions.level(name);
        }
    }
    state.parts = (0..=u8::MAX)
        .filter(|i| afflictions.has(&part(*i)))
        .collect::<SmallVec<[u8; 2]>>();
    state.shaken = afflictions.has(SHAKEN) || afflictions.has(super::resilience::EXHAUSTED);
}

/// Writes a combatant's lasting injuries back to its member, and leaves a member still down
/// at the fight's end [`Life::Down`].
pub(super) fn carry_out(world: &mut World, member: Entity, combatant: Entity) {
    let state = world.get::<L5State>(combatant).cloned();
    let status = world.get::<Status>(combatant).copied();
    if let Some(state) = state
        && let Some(mut afflictions) = world.get_mut::<Afflictions>(member)
    {
        for (i, name) in LOST.iter().enumerate() {
            afflictions.set(name, state.lost.get(i).copied().unwrap_or(0));
        }
        for p in &state.parts {
            afflictions.set(&part(*p), 1);
        }
        // An exhausted member fought with the disadvantage anyway: the fight cannot tell
        // whether the injury table shook it too, so its shaken state stays as it was.
        if !afflictions.has(super::resilience::EXHAUSTED) {
            afflictions.set(SHAKEN, u8::from(state.shaken));
        }
    }
    if status == Some(Status::Down)
        && let Some(mut vitals) = world.get_mut::<Vitals>(member)
        && vitals.is_alive()
    {
        vitals.life = Life::Down;
        vitals.hp = 0;
    }
}

/// Members down between fights come to at 1 HP at the end of the travel turn.
pub(super) fn come_to(
    expeditions: Query<(&Expedition, &Party, &CurrentActivity), With<super::Lite5eExpedition>>,
    mut members: Query<&mut Vitals, With<MemberOf>>,
) {
    for (expedition, party, current) in &expeditions {
        if expedition.state != ExpeditionState::Underway || current.0.is_none() {
            continue;
        }
        for &m in &party.order {
            if let Ok(mut vitals) = members.get_mut(m)
                && vitals.life == Life::Down
            {
                vitals.life = Life::Alive;
                vitals.hp = vitals.hp.max(1);
            }
        }
    }
}
