//! Intents: what a combatant means to do, in words every ruleset understands.
//!
//! A ruleset decides which intents are legal now, what each costs and how it resolves; AI
//! policies and game clients only ever speak intents.

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::ids::{AbilityId, AttackId, RegionId};

/// What a combatant means to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Intent {
    /// Attack `target` with one of the actor's attacks.
    Attack {
        /// Who is attacked (the first of a group for multi-target attacks).
        target: Entity,
        /// Which attack of the actor's statblock.
        attack: AttackId,
        /// How the attack is made.
        maneuver: Maneuver,
    },
    /// Move to a region.
    Move {
        /// Destination region.
        to: RegionId,
    },
    /// Close in on an enemy and engage it in melee.
    Engage {
        /// Who to engage.
        target: Entity,
    },
    /// Try to get free of the enemies engaging you.
    Disengage,
    /// Prepare an intent to take when a trigger happens before your next turn.
    Ready {
        /// What sets it off.
        trigger: Trigger,
        /// What to do then.
        intent: Box<Intent>,
    },
    /// Act later in the round.
    Delay,
    /// Focus on defense this turn.
    Defend,
    /// Use a power, spell or special ability.
    UseAbility {
        /// Which ability of the actor's statblock.
        ability: AbilityId,
        /// On whom, when it needs a target.
        target: Option<Entity>,
    },
    /// Rally: catch your breath and heal.
    Rally,
    /// Tend a fallen ally.
    Stabilize {
        /// The ally.
        target: Entity,
    },
    /// Fall back from the fight in good order.
    Retreat,
    /// Run from the battle (for some rulesets, the whole side).
    Flee,
    /// Decline a reaction you were offered.
    Pass,
    /// End the turn.
    EndTurn,
}

/// How an attack is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Maneuver {
    /// An ordinary attack.
    #[default]
    Standard,
    /// A called shot at a body part (OHO-15).
    Called(BodyPart),
    /// A coup de grace on a helpless enemy (AR-28).
    CoupDeGrace,
}

/// A body part for called shots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BodyPart {
    /// The head.
    Head,
    /// An arm.
    Arm,
    /// A leg.
    Leg,
    /// The groin.
    Groin,
}

/// What sets off a readied intent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Trigger {
    /// An enemy starts moving or engaging in your region or next to it.
    EnemyMoves,
    /// An enemy tries to engage you.
    EnemyEngagesMe,
    /// An enemy attacks you.
    EnemyAttacksMe,
}

/// The kind of an intent, without its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum IntentKind {
    /// [`Intent::Attack`].
    Attack,
    /// [`Intent::Move`].
    Move,
    /// [`Intent::Engage`].
    Engage,
    /// [`Intent::Disengage`].
    Disengage,
    /// [`Intent::Ready`].
    Ready,
    /// [`Intent::Delay`].
    Delay,
    /// [`Intent::Defend`].
    Defend,
    /// [`Intent::UseAbility`].
    UseAbility,
    /// [`Intent::Rally`].
    Rally,
    /// [`Intent::Stabilize`].
    Stabilize,
    /// [`Intent::Retreat`].
    Retreat,
    /// [`Intent::Flee`].
    Flee,
    /// [`Intent::Pass`].
    Pass,
    /// [`Intent::EndTurn`].
    EndTurn,
}

impl Intent {
    /// The intent's kind.
    pub fn kind(&self) -> IntentKind {
        match self {
            Intent::Attack { .. } => IntentKind::Attack,
            Intent::Move { .. } => IntentKind::Move,
            Intent::Engage { .. } => IntentKind::Engage,
            Intent::Disengage => IntentKind::Disengage,
            Intent::Ready { .. } => IntentKind::Ready,
            Intent::Delay => IntentKind::Delay,
            Intent::Defend => IntentKind::Defend,
            Intent::UseAbility { .. } => IntentKind::UseAbility,
            Intent::Rally => IntentKind::Rally,
            Intent::Stabilize { .. } => IntentKind::Stabilize,
            Intent::Retreat => IntentKind::Retreat,
            Intent::Flee => IntentKind::Flee,
            Intent::Pass => IntentKind::Pass,
            Intent::EndTurn => IntentKind::EndTurn,
        }
    }

    /// The combatant the intent is aimed at, if any.
    pub fn target(&self) -> Option<Entity> {
        match self {
            Intent::Attack { target, .. }
            | Intent::Engage { target }
            | Intent::Stabilize { target } => Some(*target),
            Intent::UseAbility { target, .. } => *target,
            Intent::Ready { intent, .. } => intent.target(),
            _ => None,
        }
    }
}

impl MapEntities for Intent {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        match self {
            Intent::Attack { target, .. }
            | Intent::Engage { target }
            | Intent::Stabilize { target } => *target = mapper.get_mapped(*target),
            Intent::UseAbility { target, .. } => target.map_entities(mapper),
            Intent::Ready { intent, .. } => intent.map_entities(mapper),
            _ => {}
        }
    }
}

impl fmt::Display for IntentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IntentKind::Attack => "attack",
            IntentKind::Move => "move",
            IntentKind::Engage => "engage",
            IntentKind::Disengage => "disengage",
            IntentKind::Ready => "ready",
            IntentKind::Delay => "delay",
            IntentKind::Defend => "defend",
            IntentKind::UseAbility => "use ability",
            IntentKind::Rally => "rally",
            IntentKind::Stabilize => "stabilize",
            IntentKind::Retreat => "retreat",
            IntentKind::Flee => "flee",
            IntentKind::Pass => "pass",
            IntentKind::EndTurn => "end turn",
        })
    }
}

impl fmt::Display for BodyPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BodyPart::Head => "head",
            BodyPart::Arm => "arm",
            BodyPart::Leg => "leg",
            BodyPart::Groin => "groin",
        })
    }
}
