//! Reaction windows: an intent that provokes waits while those it provoked answer.
//!
//! When resolution reaches a kind of reaction the intent provokes (a readied action set off, an
//! opportunity attack drawn by leaving an engagement, an intercept...), the kit opens a
//! [`ReactionWindow`] listing who may react and with what, and the encounter waits in
//! [`Phase::Reacting`](crate::flow::Phase::Reacting). Each reactor answers (an AI at once, an
//! external controller through an `ActionRequest`); then the ruleset resolves the reactions in
//! the window's order and the resolution goes on where it paused - so an opportunity attack
//! lands before the move it punishes is finished.
//!
//! The window lives on the encounter's [`Turn`](crate::turn::Turn) and keeps its buffers from
//! one window to the next.

use std::borrow::Cow;
use std::ops::Range;

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::intent::Intent;
use crate::legality::Legal;
use crate::options::ActionOption;

/// One combatant that may react, and its answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reactor {
    /// Who may react.
    pub reactor: Entity,
    /// Its answer, once given.
    pub answer: Option<Intent>,
    /// Its offers: a range of the window's offers.
    offers: Range<u32>,
}

/// A provoking intent waiting on reactions.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ReactionWindow {
    open: bool,
    /// Who provoked (when open).
    pub provoker: Option<Entity>,
    /// The ruleset's kind of provocation.
    pub kind: u8,
    /// What provoked, in words (`moving away while engaged`).
    pub why: Cow<'static, str>,
    /// The provoker's intent the reactions answer, once a reactor is offered reactions
    /// against it ([`Ctx::offer_reaction`](crate::kit::Ctx::offer_reaction)).
    #[serde(default)]
    pub intent: Option<Intent>,
    reactors: Vec<Reactor>,
    offers: Vec<ActionOption>,
    legal: Vec<Legal>,
}

impl ReactionWindow {
    /// True while the window is open.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Opens a window for `provoker`'s provocation of `kind` (empty until reactors are added).
    pub fn open(&mut self, provoker: Entity, kind: u8, why: Cow<'static, str>) {
        self.clear();
        self.open = true;
        self.provoker = Some(provoker);
        self.kind = kind;
        self.why = why;
    }

    /// Closes the window (keeping its buffers).
    pub fn clear(&mut self) {
        self.open = false;
        self.provoker = None;
        self.intent = None;
        self.reactors.clear();
        self.offers.clear();
        self.legal.clear();
    }

    /// Starts adding `reactor`'s offers (push them with [`ReactionWindow::push_offer`], then
    /// [`ReactionWindow::end_reactor`]).
    pub fn begin_reactor(&mut self, reactor: Entity) {
        let start = to_u32(self.offers.len());
        self.reactors.push(Reactor {
            reactor,
            answer: None,
            offers: start..start,
        });
    }

    /// Adds an offer of the reactor being added.
    pub fn push_offer(&mut self, offer: ActionOption, legal: Legal) {
        self.offers.push(offer);
        self.legal.push(legal);
        if let Some(r) = self.reactors.last_mut() {
            r.offers.end = to_u32(self.offers.len());
        }
    }

    /// Offers of the reactor being added so far.
    pub fn offers_in_progress(&self) -> usize {
        self.reactors.last().map_or(0, |r| r.offers.len())
    }

    /// Keeps only offer `i` of the reactor being added.
    pub fn keep_only_in_progress(&mut self, i: usize) {
        let Some(r) = self.reactors.last_mut() else {
            return;
        };
        let start = r.offers.start as usize;
        if start + i < self.offers.len() {
            self.offers.swap(start, start + i);
            self.legal.swap(start, start + i);
            self.offers.truncate(start + 1);
            self.legal.truncate(start + 1);
            r.offers.end = to_u32(start + 1);
        }
    }

    /// Finishes adding the last reactor: one with nothing but `Pass` to offer is left out.
    pub fn end_reactor(&mut self) {
        let Some(r) = self.reactors.last() else {
            return;
        };
        let start = r.offers.start as usize;
        if self.offers[start..]
            .iter()
            .all(|o| o.intent == Intent::Pass)
        {
            self.offers.truncate(start);
            self.legal.truncate(start);
            self.reactors.pop();
        }
    }

    /// Adds a reactor and its offers (the ruleset's legal reactions, then `Pass`). A reactor
    /// with nothing but `Pass` to offer is left out.
    pub fn add_reactor(
        &mut self,
        reactor: Entity,
        offers: impl IntoIterator<Item = (ActionOption, Legal)>,
    ) {
        self.begin_reactor(reactor);
        for (offer, legal) in offers {
            self.push_offer(offer, legal);
        }
        self.end_reactor();
    }

    /// True when nobody was added.
    pub fn is_empty(&self) -> bool {
        self.reactors.is_empty()
    }

    /// Every reactor, in the order reactions resolve.
    pub fn reactors(&self) -> &[Reactor] {
        &self.reactors
    }

    /// The offers of reactor `i`.
    pub fn offers(&self, i: usize) -> &[ActionOption] {
        self.reactors.get(i).map_or(&[], |r| {
            self.offers
                .get(r.offers.start as usize..r.offers.end as usize)
                .unwrap_or(&[])
        })
    }

    /// The offers of reactor `i`, to fill in their previews.
    pub fn offers_mut(&mut self, i: usize) -> &mut [ActionOption] {
        match self.reactors.get(i) {
            Some(r) => self
                .offers
                .get_mut(r.offers.start as usize..r.offers.end as usize)
                .unwrap_or(&mut []),
            None => &mut [],
        }
    }

    /// What the legality check said of reactor `i`'s offers.
    pub fn legal(&self, i: usize) -> &[Legal] {
        self.reactors.get(i).map_or(&[], |r| {
            self.legal
                .get(r.offers.start as usize..r.offers.end as usize)
                .unwrap_or(&[])
        })
    }

    /// True when every reactor has answered.
    pub fn is_complete(&self) -> bool {
        self.reactors.iter().all(|r| r.answer.is_some())
    }

    /// Indices of the reactors still to answer.
    pub fn pending(&self) -> impl Iterator<Item = usize> + '_ {
        self.reactors
            .iter()
            .enumerate()
            .filter(|(_, r)| r.answer.is_none())
            .map(|(i, _)| i)
    }

    /// The reactions taken (answers other than `Pass`), in order.
    pub fn reactions(&self) -> impl Iterator<Item = (Entity, Intent)> + '_ {
        self.reactors.iter().filter_map(|r| match r.answer {
            Some(Intent::Pass) | None => None,
            Some(intent) => Some((r.reactor, intent)),
        })
    }

    /// Records reactor `i`'s answer: its offer number `choice`.
    pub fn answer_with(&mut self, i: usize, choice: usize) {
        let intent = self.offers(i).get(choice).map(|o| o.intent);
        if let Some(r) = self.reactors.get_mut(i) {
            r.answer = Some(intent.unwrap_or(Intent::Pass));
        }
    }

    /// Records `reactor`'s answer if it is one of its offers and it has not answered yet.
    pub fn answer(&mut self, reactor: Entity, intent: &Intent) -> Result<(), &'static str> {
        let i = self
            .reactors
            .iter()
            .position(|r| r.reactor == reactor)
            .ok_or("it has no reaction to make now")?;
        if self.reactors[i].answer.is_some() {
            return Err("it has already answered this reaction");
        }
        if !self.offers(i).iter().any(|o| &o.intent == intent) {
            return Err("that is not one of the reactions it may take");
        }
        self.reactors[i].answer = Some(*intent);
        Ok(())
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl MapEntities for ReactionWindow {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.provoker.map_entities(mapper);
        self.intent.map_entities(mapper);
        for r in &mut self.reactors {
            r.reactor = mapper.get_mapped(r.reactor);
            r.answer.map_entities(mapper);
        }
        for o in &mut self.offers {
            o.map_entities(mapper);
        }
        for l in &mut self.legal {
            l.map_entities(mapper);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cost::Cost;
    use std::sync::Arc;

    fn option(intent: Intent) -> (ActionOption, Legal) {
        (
            ActionOption {
                intent,
                cost: Cost::FREE,
                preview: None,
                label: Arc::from("x"),
                notes: Vec::new(),
            },
            Legal::default(),
        )
    }

    #[test]
    fn reactors_answer_once_from_their_offers() {
        let mut world = World::new();
        let [a, b, c] = [
            world.spawn_empty().id(),
            world.spawn_empty().id(),
            world.spawn_empty().id(),
        ];
        let mut w = ReactionWindow::default();
        w.open(a, 1, Cow::Borrowed("moving away"));
        w.add_reactor(b, [option(Intent::Disengage), option(Intent::Pass)]);
        // Nothing but Pass: left out.
        w.add_reactor(c, [option(Intent::Pass)]);
        assert_eq!(w.reactors().len(), 1);
        assert!(w.answer(b, &Intent::Flee).is_err());
        assert!(w.answer(b, &Intent::Disengage).is_ok());
        assert!(w.answer(b, &Intent::Pass).is_err());
        assert!(w.is_complete());
        assert_eq!(
            w.reactions().collect::<Vec<_>>(),
            vec![(b, Intent::Disengage)]
        );
        w.clear();
        assert!(!w.is_open() && w.is_empty());
    }
}
