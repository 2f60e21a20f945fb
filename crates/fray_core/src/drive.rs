//! Running ticks: until every encounter is blocked or over, or one action at a time.

use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;

pub use fray_content::encounter::StepMode;

use crate::flow::inbox::RequestInbox;
use crate::outcome::TickReport;
use crate::request::{ActionRejected, ActionRequest, ActionResolved};
use crate::schedule::FrayTick;

/// Upper bound on ticks in one [`run_until_blocked`] call, a guard for a client loop: an
/// encounter that stops progressing is declared stalled long before this.
pub const MAX_TICKS_PER_RUN: u32 = 1_000_000;

/// Runs one tick of every encounter (at most one action each) and reports where they stand.
/// Like `App::update`, it keeps the World's change ticks from growing too old, so a headless
/// World may run for billions of system runs and change detection still holds.
pub fn tick(world: &mut World) -> TickReport {
    world.run_schedule(FrayTick);
    world.check_change_ticks();
    world
        .get_resource::<TickReport>()
        .copied()
        .unwrap_or_default()
}

/// Runs ticks until no encounter can go on by itself (each is over or waits on an external
/// controller), or `max_ticks` ticks ran. Change ticks are kept young as [`tick`] keeps them.
pub fn run_until_blocked(world: &mut World, max_ticks: u32) -> TickReport {
    let report = world
        .try_schedule_scope(FrayTick, |world, schedule| {
            let mut report = TickReport::default();
            for _ in 0..max_ticks {
                schedule.run(world);
                report = world
                    .get_resource::<TickReport>()
                    .copied()
                    .unwrap_or_default();
                if report.running == 0 {
                    break;
                }
            }
            report
        })
        .unwrap_or_default();
    world.check_change_ticks();
    report
}

/// Runs ticks as the step mode says: one tick, or until blocked.
pub fn step(world: &mut World, mode: StepMode) -> TickReport {
    match mode {
        StepMode::OneAction => tick(world),
        StepMode::UntilBlocked => run_until_blocked(world, MAX_TICKS_PER_RUN),
    }
}

/// Rotates the request and answer message buffers. An `App` does this every update; a headless
/// driver that never calls `App::update` calls this now and then so messages do not pile up.
pub fn update_messages(world: &mut World) {
    each_message_queue(world, |m| m.update(), |m| m.update(), |m| m.update());
}

/// Forgets every request and answer not yet read (the [`RequestInbox`] too): a driver that puts an encounter back to its
/// start ([`reset_encounter`](crate::spawn::SpawnEncounterExt::reset_encounter)) and must not
/// let a request sent before the reset reach it after.
pub fn clear_messages(world: &mut World) {
    each_message_queue(world, |m| m.clear(), |m| m.clear(), |m| m.clear());
    if let Some(mut inbox) = world.get_resource_mut::<RequestInbox>() {
        inbox.clear();
    }
}

/// Applies one operation to each of the request and answer queues.
fn each_message_queue(
    world: &mut World,
    requests: impl FnOnce(&mut Messages<ActionRequest>),
    resolved: impl FnOnce(&mut Messages<ActionResolved>),
    rejected: impl FnOnce(&mut Messages<ActionRejected>),
) {
    if let Some(mut m) = world.get_resource_mut::<Messages<ActionRequest>>() {
        requests(&mut m);
    }
    if let Some(mut m) = world.get_resource_mut::<Messages<ActionResolved>>() {
        resolved(&mut m);
    }
    if let Some(mut m) = world.get_resource_mut::<Messages<ActionRejected>>() {
        rejected(&mut m);
    }
}
