//! What a ruleset's one legality function answers.
//!
//! Every ruleset has one function that says whether an intent is legal now
//! ([`Legality::check`](crate::kit::Legality::check)): for a legal intent it gives the [`Legal`]
//! price and the reactions the intent provokes; for an illegal one the [`Refusal`] in words a UI
//! can show. Offers, rejections, reaction windows and the provocation counts of previews all
//! come from it, so they cannot disagree.

use std::borrow::Cow;

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::fmt;

use crate::cost::Cost;
use crate::intent::Intent;

/// When an intent is being judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Occasion {
    /// On the actor's own turn.
    Turn,
    /// Out of turn, answering `provoker`'s `intent`, which provoked a reaction of `kind` (the
    /// ruleset's code, from the [`Provocation`]).
    Reaction {
        /// Who provoked.
        provoker: Entity,
        /// What it is doing.
        intent: Intent,
        /// The provocation's kind.
        kind: u8,
    },
    /// A declaration before initiative (B/X: spells and melee movement).
    Declaration,
}

impl Occasion {
    /// True for a reaction.
    pub fn is_reaction(&self) -> bool {
        matches!(self, Occasion::Reaction { .. })
    }
}

impl MapEntities for Occasion {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        if let Occasion::Reaction {
            provoker, intent, ..
        } = self
        {
            *provoker = mapper.get_mapped(*provoker);
            intent.map_entities(mapper);
        }
    }
}

/// How much of an intent's legality to work out.
///
/// Offers judge many candidates and need only whether each is legal and its price
/// ([`Scope::Price`]); the reactions a legal intent provokes are worked out when they matter
/// ([`Scope::Reactions`]): for its preview, and when it is approved. Both come from the same
/// check: a ruleset answers `Err` or `Ok` alike whatever the scope, and fills
/// [`Legal::provoked`] only for `Reactions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Scope {
    /// Legal or not, and the price.
    #[default]
    Price,
    /// And every reaction it provokes.
    Reactions,
}

/// One reaction an intent provokes: who may react, and the ruleset's kind of provocation.
///
/// A ruleset numbers its kinds in the order they resolve: the reactions of the lowest kind
/// come first, each kind in its own reaction window, and the intent itself last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provocation {
    /// Who may react.
    pub reactor: Entity,
    /// The ruleset's kind (a readied action, an opportunity attack, an intercept...).
    pub kind: u8,
}

/// The reactions an intent provokes (most provoke none or a few: no allocation for up to four).
pub type Provocations = SmallVec<[Provocation; 4]>;

/// A legal intent's price and what it provokes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Legal {
    /// What it costs.
    pub cost: Cost,
    /// The reactions it provokes, in the order they resolve (filled for
    /// [`Scope::Reactions`] only).
    pub provoked: Provocations,
    /// How much was worked out (the kit sets it).
    #[serde(default)]
    pub scope: Scope,
}

impl Legal {
    /// A price that provokes nothing.
    pub fn costs(cost: Cost) -> Self {
        Self {
            cost,
            provoked: Provocations::new(),
            scope: Scope::Price,
        }
    }

    /// A price and the reactions it provokes.
    pub fn provoking(cost: Cost, provoked: Provocations) -> Self {
        Self {
            cost,
            provoked,
            scope: Scope::Price,
        }
    }

    /// How many reactions of `kind` it provokes.
    pub fn count(&self, kind: u8) -> u8 {
        let n = self.provoked.iter().filter(|p| p.kind == kind).count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }
}

impl MapEntities for Legal {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for p in &mut self.provoked {
            p.reactor = mapper.get_mapped(p.reactor);
        }
    }
}

/// Why an intent is not legal now, in words a UI can show. A fixed reason costs no
/// allocation: offers judge many intents that are refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal(pub Cow<'static, str>);

impl Refusal {
    /// A refusal with this reason.
    pub fn new(reason: impl Into<Cow<'static, str>>) -> Self {
        Self(reason.into())
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&'static str> for Refusal {
    fn from(reason: &'static str) -> Self {
        Self(Cow::Borrowed(reason))
    }
}

impl From<String> for Refusal {
    fn from(reason: String) -> Self {
        Self(Cow::Owned(reason))
    }
}
