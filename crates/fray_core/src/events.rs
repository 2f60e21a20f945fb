//! Events to animate from: every log entry about a combatant also triggers an [`EntityEvent`]
//! on it, the same kinds for every ruleset.
//!
//! At the end of each tick ([`CoreSystems::Announce`](crate::schedule::CoreSystems::Announce)),
//! the entries a fight's [`CombatLog`] gained are triggered as events: an [`Attacked`] on the
//! attacker, a [`Damaged`] on whoever took the damage, a [`Moved`], a [`StatusChanged`]... and a
//! [`FightEnded`] on the encounter. One observer per kind animates any ruleset:
//!
//! ```
//! use bevy_app::prelude::*;
//! use bevy_ecs::prelude::*;
//! use fray_core::events::{Attacked, Damaged};
//! let mut app = App::new();
//! app.add_observer(|hit: On<Attacked>| {
//!     // play the swing of `hit.entity` at `hit.target`
//!     let _ = (hit.entity, hit.target, hit.hit);
//! })
//! .add_observer(|hurt: On<Damaged>| {
//!     // flash `hurt.entity`, show `hurt.amount`
//!     let _ = (hurt.entity, hurt.amount);
//! });
//! ```
//!
//! Events follow the log: a fight spawned without a log
//! ([`EncounterSettings::logged`](crate::spawn::EncounterSettings::logged) turns it on)
//! triggers none, and a loaded fight announces only what happens after the load. Observers run
//! when the tick's commands are applied, after the whole tick: they see the fight as the tick
//! left it.

use bevy_ecs::prelude::*;

use crate::combatant::Status;
use crate::encounter::Roster;
use crate::ids::{RegionId, SideId};
use crate::log::{CombatLog, LogEvent};
use crate::morale::MoraleTrigger;
use crate::outcome::Outcome;

/// A combatant made an attack roll against `target` (on the attacker).
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct Attacked {
    /// The attacker.
    pub entity: Entity,
    /// Whom it attacked.
    pub target: Entity,
    /// The attack's name.
    pub attack: String,
    /// Whether it hit.
    pub hit: bool,
    /// Whether it was a critical hit.
    pub crit: bool,
}

/// A combatant took damage (on the one damaged).
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct Damaged {
    /// Who took it.
    pub entity: Entity,
    /// How much.
    pub amount: i32,
    /// Its hit points after.
    pub hp: i32,
    /// How it came about, when the ruleset says (`ongoing fire`, `miss damage`,
    /// `critical hit: 8 x2`).
    pub cause: Option<String>,
}

/// The game changed a combatant through [`crate::edit::apply`] (on the combatant); events of
/// what the edit did (a [`Damaged`], a [`Moved`]...) follow it.
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct Edited {
    /// Who.
    pub entity: Entity,
    /// The change.
    pub edit: crate::edit::change::Edit,
    /// The game's reason.
    pub why: String,
}

/// A combatant regained hit points.
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct Healed {
    /// Who.
    pub entity: Entity,
    /// How much.
    pub amount: i32,
    /// Its hit points after.
    pub hp: i32,
}

/// A combatant moved between regions.
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct Moved {
    /// Who.
    pub entity: Entity,
    /// From.
    pub from: RegionId,
    /// To.
    pub to: RegionId,
}

/// A combatant engaged `target` in melee (on the one engaging).
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct Engaged {
    /// Who engaged.
    pub entity: Entity,
    /// Whom.
    pub target: Entity,
}

/// A combatant is free of every enemy engaging it.
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct Disengaged {
    /// Who.
    pub entity: Entity,
}

/// An effect took hold of a combatant, or ended.
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct EffectChanged {
    /// On whom.
    pub entity: Entity,
    /// The effect, in the ruleset's words (`dazed (save ends)`).
    pub effect: String,
    /// Whether it took hold (`false`: it ended).
    pub applied: bool,
}

/// A combatant's status changed (down, dead, fled...).
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct StatusChanged {
    /// Who.
    pub entity: Entity,
    /// The new status.
    pub status: Status,
}

/// A combatant reacted out of turn against `against` (on the reactor).
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct ReactionTaken {
    /// Who reacted.
    pub entity: Entity,
    /// Against whom.
    pub against: Entity,
    /// What provoked it.
    pub provocation: String,
}

/// A combatant's turn started.
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct TurnStarted {
    /// Whose turn.
    pub entity: Entity,
}

/// A morale trigger fired for a side (on the encounter).
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct MoraleTriggered {
    /// The encounter.
    pub entity: Entity,
    /// The side.
    pub side: SideId,
    /// What happened.
    pub trigger: MoraleTrigger,
}

/// The fight is over (on the encounter).
#[derive(EntityEvent, Debug, Clone, PartialEq)]
pub struct FightEnded {
    /// The encounter.
    pub entity: Entity,
    /// How it ended.
    pub outcome: Outcome,
}

/// How far an encounter's log has been announced. A fight spawned here starts at 0; one loaded
/// (which carries no cursor) starts where its log stands.
#[derive(Component, Debug, Clone, Copy, Default)]
pub(crate) struct Announced(usize);

/// Triggers the events of every log entry the fights gained since the last tick.
pub(crate) fn announce(
    mut commands: Commands,
    mut fights: Query<(Entity, &CombatLog, &Roster, Option<&mut Announced>)>,
) {
    for (encounter, log, roster, announced) in &mut fights {
        let len = log.entries().len();
        let Some(mut announced) = announced else {
            commands.entity(encounter).insert(Announced(len));
            continue;
        };
        // A log started over (a reset fight) is announced from its start.
        let from = if announced.0 > len { 0 } else { announced.0 };
        if from == len {
            continue;
        }
        for entry in log.since(from) {
            trigger(&mut commands, encounter, roster, &entry.event);
        }
        announced.0 = len;
    }
}

/// Triggers the event of one log entry, if it is about a combatant still in the roster (or the
/// encounter).
fn trigger(commands: &mut Commands, encounter: Entity, roster: &Roster, event: &LogEvent) {
    let entity = |id| roster.get(id).map(|r| r.entity);
    match event {
        LogEvent::Attack {
            attacker,
            target,
            attack,
            hit,
            crit,
            ..
        } => {
            if let (Some(entity), Some(target)) = (entity(*attacker), entity(*target)) {
                commands.trigger(Attacked {
                    entity,
                    target,
                    attack: attack.clone(),
                    hit: *hit,
                    crit: *crit,
                });
            }
        }
        LogEvent::Damage {
            target,
            amount,
            hp,
            cause,
            ..
        } => {
            if let Some(entity) = entity(*target) {
                commands.trigger(Damaged {
                    entity,
                    amount: *amount,
                    hp: *hp,
                    cause: cause.clone(),
                });
            }
        }
        LogEvent::Healed { target, amount, hp } => {
            if let Some(entity) = entity(*target) {
                commands.trigger(Healed {
                    entity,
                    amount: *amount,
                    hp: *hp,
                });
            }
        }
        LogEvent::Moved { who, from, to } => {
            if let Some(entity) = entity(*who) {
                commands.trigger(Moved {
                    entity,
                    from: *from,
                    to: *to,
                });
            }
        }
        LogEvent::Engaged { who, target } => {
            if let (Some(entity), Some(target)) = (entity(*who), entity(*target)) {
                commands.trigger(Engaged { entity, target });
            }
        }
        LogEvent::Disengaged { who } => {
            if let Some(entity) = entity(*who) {
                commands.trigger(Disengaged { entity });
            }
        }
        LogEvent::EffectApplied { target, effect } | LogEvent::EffectEnded { target, effect } => {
            if let Some(entity) = entity(*target) {
                commands.trigger(EffectChanged {
                    entity,
                    effect: effect.clone(),
                    applied: matches!(event, LogEvent::EffectApplied { .. }),
                });
            }
        }
        LogEvent::StatusChanged { who, status } => {
            if let Some(entity) = entity(*who) {
                commands.trigger(StatusChanged {
                    entity,
                    status: *status,
                });
            }
        }
        LogEvent::Reaction {
            who,
            against,
            provocation,
        } => {
            if let (Some(entity), Some(against)) = (entity(*who), entity(*against)) {
                commands.trigger(ReactionTaken {
                    entity,
                    against,
                    provocation: provocation.clone(),
                });
            }
        }
        LogEvent::Edited { who, edit, why } => {
            if let Some(entity) = entity(*who) {
                commands.trigger(Edited {
                    entity,
                    edit: *edit,
                    why: why.clone(),
                });
            }
        }
        LogEvent::TurnStarted { who } => {
            if let Some(entity) = entity(*who) {
                commands.trigger(TurnStarted { entity });
            }
        }
        LogEvent::MoraleTriggered { side, trigger } => {
            commands.trigger(MoraleTriggered {
                entity: encounter,
                side: *side,
                trigger: *trigger,
            });
        }
        LogEvent::Ended { outcome } => {
            commands.trigger(FightEnded {
                entity: encounter,
                outcome: *outcome,
            });
        }
        LogEvent::BattleStarted { .. }
        | LogEvent::Initiative { .. }
        | LogEvent::RoundStarted
        | LogEvent::TurnEnded { .. }
        | LogEvent::Roll { .. }
        | LogEvent::Spent { .. }
        | LogEvent::Rejected { .. }
        | LogEvent::Note { .. } => {}
    }
}
