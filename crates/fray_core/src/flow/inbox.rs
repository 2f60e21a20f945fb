//! The core's inbox of requests: every request a controller writes is kept until a tick reads
//! it, however many frames pass between steps.
//!
//! A Bevy [`Messages`] buffer keeps a message for two updates of the app. A game that steps the
//! fight only now and then (when its animations end, on a fixed clock, by hand) would lose a
//! request written three frames before the next step: neither resolved nor rejected. So the core
//! moves each [`ActionRequest`] into its [`RequestInbox`] as soon as it sees it - in
//! [`FraySet::Collect`](crate::schedule::FraySet::Collect), every run of the app's schedule,
//! whether the step runs or not, and again at the start of every tick - and each tick answers
//! what the inbox holds, oldest first.

use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;

use crate::request::ActionRequest;

/// Requests written by controllers and not yet read by a tick, oldest first.
#[derive(Resource, Debug, Default)]
pub struct RequestInbox(Vec<ActionRequest>);

impl RequestInbox {
    /// The requests waiting for the next tick, oldest first.
    pub fn waiting(&self) -> &[ActionRequest] {
        &self.0
    }

    /// Takes every waiting request, oldest first.
    pub(crate) fn take(&mut self) -> Vec<ActionRequest> {
        std::mem::take(&mut self.0)
    }

    /// Forgets every waiting request.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }
}

/// Moves every request message written so far into the inbox. The messages are consumed: a
/// request is answered once, by the tick that reads it from the inbox.
pub(crate) fn collect_requests(
    mut messages: ResMut<Messages<ActionRequest>>,
    mut inbox: ResMut<RequestInbox>,
) {
    inbox.0.extend(messages.drain());
}
