//! Building a decision's offer: the ruleset's candidates that pass its legality check.

use std::sync::Arc;

use bevy_ecs::entity::Entity;

use crate::intent::{Intent, IntentKind};
use crate::kit::{Actor, Ctx, Legality, RulesBase};
use crate::legality::{Legal, Occasion, Scope};

/// Where offered options go.
pub(crate) trait OfferSink {
    /// Adds a legal option.
    fn push(&mut self, intent: Intent, legal: Legal, label: Arc<str>);
    /// How many options so far.
    fn len(&self) -> usize;
    /// Keeps only option `i`.
    fn keep_only(&mut self, i: usize);
}

impl OfferSink for crate::options::ActionOptions {
    fn push(&mut self, intent: Intent, legal: Legal, label: Arc<str>) {
        crate::options::ActionOptions::push(self, intent, legal, label);
    }

    fn len(&self) -> usize {
        self.list.len()
    }

    fn keep_only(&mut self, i: usize) {
        if i < self.list.len() {
            self.list.swap(0, i);
            self.legal.swap(0, i);
            self.list.truncate(1);
            self.legal.truncate(1);
        }
    }
}

/// The offer of one decision being built: [`Legality::offer`] calls [`Offer::consider`] with
/// each candidate intent, and only those its [`Legality::check`] passes are offered.
pub struct Offer<'o, 'a, 'i, 'w, 's, R: RulesBase> {
    pub(crate) ctx: &'o Ctx<'a, 'i, 'w, 's, R>,
    pub(crate) actor: Actor<'o, 's, R>,
    pub(crate) occasion: Occasion,
    pub(crate) sink: &'o mut dyn OfferSink,
    /// Kinds of intent the decider never takes, as bits of [`kind_bit`]: left out unchecked.
    pub(crate) skip: u16,
}

/// The bit of `kind` in an [`Offer`]'s set of kinds left out.
pub(crate) fn kind_bit(kind: IntentKind) -> u16 {
    1u16.checked_shl(u32::from(kind as u8)).unwrap_or(0)
}

impl<'o, 'a, 'i, 'w, 's, R: Legality> Offer<'o, 'a, 'i, 'w, 's, R> {
    /// The encounter.
    pub fn ctx(&self) -> &'o Ctx<'a, 'i, 'w, 's, R> {
        self.ctx
    }

    /// Who decides.
    pub fn actor(&self) -> Entity {
        self.actor.entity
    }

    /// Who decides, as the legality check reads it.
    pub fn me(&self) -> &Actor<'o, 's, R> {
        &self.actor
    }

    /// On what occasion.
    pub fn occasion(&self) -> &Occasion {
        &self.occasion
    }

    /// Whether the decider may take intents of `kind`: an AI decider's offer leaves out the
    /// kinds its policy never takes ([`Controllers::passes_over`](crate::kit::Controllers::passes_over)),
    /// and a ruleset may spare itself building such candidates at all.
    pub fn wants(&self, kind: IntentKind) -> bool {
        self.skip & kind_bit(kind) == 0
    }

    /// Offers `intent`, labelled `label`, if it is legal now (and the decider may take its
    /// kind: see [`Offer::wants`]). Returns whether it was.
    pub fn consider(&mut self, intent: Intent, label: &Arc<str>) -> bool {
        if !self.wants(intent.kind()) {
            return false;
        }
        match R::check(self.ctx, &self.actor, &intent, &self.occasion, Scope::Price) {
            Ok(legal) => {
                self.sink.push(intent, legal, label.clone());
                true
            }
            Err(_) => false,
        }
    }

    /// Offers `intent` under its kind's own label ([`IntentKind::label`]: `end turn`), if it
    /// is legal now. Returns whether it was.
    pub fn consider_plain(&mut self, intent: Intent) -> bool {
        let label = intent.kind().label();
        self.consider(intent, label)
    }

    /// How many intents are offered so far.
    pub fn len(&self) -> usize {
        self.sink.len()
    }

    /// True when nothing is offered yet.
    pub fn is_empty(&self) -> bool {
        self.sink.len() == 0
    }

    /// Keeps only the offered intent number `i` (a confused creature's one action, picked for
    /// it).
    pub fn keep_only(&mut self, i: usize) {
        self.sink.keep_only(i);
    }
}
