//! Intents: what a combatant means to do, in words every ruleset understands.
//!
//! A ruleset decides which intents are legal now, what each costs and how it resolves; AI
//! policies and game clients only ever speak intents. Intents are small `Copy` values: offering
//! and choosing them allocates nothing.

use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::ids::{AbilityId, AttackId, RegionId};

/// What a combatant means to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    /// Prepare an action to take when a trigger happens before your next turn.
    Ready {
        /// What sets it off.
        trigger: Trigger,
        /// What to do then.
        intent: Readied,
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
    /// Decline a reaction or a declaration you were offered.
    Pass,
    /// End the turn.
    EndTurn,
    /// Give yourself up to the foes: out of the fight for good, with the turn. The kit offers
    /// it to every combatant on its own turn in every ruleset, and resolves it itself (no
    /// seed has rules for yielding: its morale rules decide when the dice make a side give
    /// up, and the player or referee decides the rest).
    Surrender,
}

/// An action that can be readied (held until a trigger).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Readied {
    /// An attack (its target may be fixed now or be whoever sets it off, as the ruleset says).
    Attack {
        /// The target.
        target: Entity,
        /// Which attack.
        attack: AttackId,
        /// How.
        maneuver: Maneuver,
    },
    /// A move.
    Move {
        /// Destination region.
        to: RegionId,
    },
    /// Engaging a creature.
    Engage {
        /// Whom.
        target: Entity,
    },
    /// A power or ability.
    UseAbility {
        /// Which.
        ability: AbilityId,
        /// On whom.
        target: Option<Entity>,
    },
    /// Getting free of the enemies engaging it.
    Disengage,
}

impl Readied {
    /// The intent it becomes when it fires.
    pub fn intent(self) -> Intent {
        match self {
            Readied::Attack {
                target,
                attack,
                maneuver,
            } => Intent::Attack {
                target,
                attack,
                maneuver,
            },
            Readied::Move { to } => Intent::Move { to },
            Readied::Engage { target } => Intent::Engage { target },
            Readied::UseAbility { ability, target } => Intent::UseAbility { ability, target },
            Readied::Disengage => Intent::Disengage,
        }
    }

    /// The creature it is aimed at, if any.
    pub fn target(self) -> Option<Entity> {
        self.intent().target()
    }

    /// The same action aimed at `target` (for an attack or an engage).
    pub fn aimed_at(self, target: Entity) -> Self {
        match self {
            Readied::Attack {
                attack, maneuver, ..
            } => Readied::Attack {
                target,
                attack,
                maneuver,
            },
            Readied::Engage { .. } => Readied::Engage { target },
            other => other,
        }
    }
}

/// How an attack is made: [`Maneuver::STANDARD`], or a ruleset's own maneuver (a coup de
/// grace, a called shot at the head...), by its code. The ruleset's
/// [`Vocabulary`](crate::vocabulary::Vocabulary) names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Maneuver(pub u8);

impl Maneuver {
    /// An ordinary attack.
    pub const STANDARD: Maneuver = Maneuver(0);
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

impl Trigger {
    /// When it fires, in a player's words: `when an enemy engages you`.
    pub fn describe(self) -> &'static str {
        match self {
            Trigger::EnemyMoves => "when an enemy moves nearby",
            Trigger::EnemyEngagesMe => "when an enemy engages you",
            Trigger::EnemyAttacksMe => "when an enemy attacks you",
        }
    }
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
    /// [`Intent::Surrender`].
    Surrender,
}

impl IntentKind {
    /// Every kind, in declaration order.
    pub const ALL: [IntentKind; 15] = [
        IntentKind::Attack,
        IntentKind::Move,
        IntentKind::Engage,
        IntentKind::Disengage,
        IntentKind::Ready,
        IntentKind::Delay,
        IntentKind::Defend,
        IntentKind::UseAbility,
        IntentKind::Rally,
        IntentKind::Stabilize,
        IntentKind::Retreat,
        IntentKind::Flee,
        IntentKind::Pass,
        IntentKind::EndTurn,
        IntentKind::Surrender,
    ];

    /// The kind's own label for an offer (`end turn`, shared and made once): what a ruleset
    /// offers an intent as when its rules have no other word for it
    /// ([`Offer::consider_plain`](crate::kit::Offer::consider_plain)).
    ///
    /// ```
    /// use fray_core::intent::IntentKind;
    /// assert_eq!(&**IntentKind::EndTurn.label(), "end turn");
    /// assert!(std::sync::Arc::ptr_eq(IntentKind::Move.label(), IntentKind::Move.label()));
    /// ```
    pub fn label(self) -> &'static Arc<str> {
        static LABELS: OnceLock<[Arc<str>; IntentKind::ALL.len()]> = OnceLock::new();
        let labels = LABELS.get_or_init(|| IntentKind::ALL.map(|kind| Arc::from(kind.to_string())));
        // `ALL` is in declaration order: a kind's discriminant is its index.
        &labels[self as usize]
    }
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
            Intent::Surrender => IntentKind::Surrender,
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

impl MapEntities for Readied {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        match self {
            Readied::Attack { target, .. } | Readied::Engage { target } => {
                *target = mapper.get_mapped(*target)
            }
            Readied::UseAbility { target, .. } => target.map_entities(mapper),
            Readied::Move { .. } | Readied::Disengage => {}
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
            IntentKind::Surrender => "surrender",
        })
    }
}
