//! Effects: conditions, ongoing damage and bonuses applied to a combatant, with durations.
//!
//! An effect is an entity pointing at its target ([`EffectOf`]); the target's
//! [`ActiveEffects`] lists them and its [`Conditions`] are recomputed from them.
//!
//! Durations are tracked against the encounter's *turn serial* (every turn started gets the next
//! number), never by counting ticks, so a change of turn order - a delay, a readied action, a
//! death - can neither skip an expiry nor make one happen twice:
//!
//! - [`Duration::StartOfNextTurn`] / [`Duration::EndOfNextTurn`] end at the start / end of the
//!   first turn of the named creature (the target's or the source's) whose serial is greater than
//!   the serial current when the effect was applied. If that creature no longer takes turns
//!   (dead, fled), the effect ends at the start of the next round.
//! - [`Duration::SaveEnds`] is checked by the ruleset at the end of each of the target's turns;
//!   [`Effect::checked_turn`] records the serial of the last check so no turn checks it twice.
//! - [`Duration::Rounds`] ends at the start of round `applied_round + n`.
//! - [`Duration::EndOfBattle`] ends with the fight, [`Duration::UntilRest`] when a ruleset's rest
//!   API clears it, [`Duration::Permanent`] never.
//!
//! Same-named effects on one target do not stack: the strongest one is kept.

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::combatant::Status;
use crate::condition::{Condition, Conditions};
use crate::encounter::{Encounter, InEncounter, Phase, Roster};
use crate::ids::CombatantId;
use crate::log::{CombatLog, LogEvent};
use crate::turn::Turn;

/// Damage types, the union of the rulesets' vocabularies.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub enum DamageType {
    /// Weapon damage with no special type.
    #[default]
    Physical,
    /// Slashing.
    Slashing,
    /// Piercing.
    Piercing,
    /// Bludgeoning.
    Bludgeoning,
    /// Acid.
    Acid,
    /// Cold.
    Cold,
    /// Fire.
    Fire,
    /// Force.
    Force,
    /// Holy.
    Holy,
    /// Lightning.
    Lightning,
    /// Negative energy.
    Negative,
    /// Necrotic.
    Necrotic,
    /// Poison.
    Poison,
    /// Psychic.
    Psychic,
    /// Thunder.
    Thunder,
}

impl fmt::Display for DamageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DamageType::Physical => "physical",
            DamageType::Slashing => "slashing",
            DamageType::Piercing => "piercing",
            DamageType::Bludgeoning => "bludgeoning",
            DamageType::Acid => "acid",
            DamageType::Cold => "cold",
            DamageType::Fire => "fire",
            DamageType::Force => "force",
            DamageType::Holy => "holy",
            DamageType::Lightning => "lightning",
            DamageType::Negative => "negative energy",
            DamageType::Necrotic => "necrotic",
            DamageType::Poison => "poison",
            DamageType::Psychic => "psychic",
            DamageType::Thunder => "thunder",
        })
    }
}

/// What an effect does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EffectKind {
    /// Puts the target under a condition; the magnitude is the condition's level.
    Condition(Condition),
    /// Damage at the end of each of the target's turns; the magnitude is the amount.
    OngoingDamage(DamageType),
    /// A bonus (or, negative, a penalty) to what the ruleset names by `stat`.
    Bonus(BonusTo),
}

/// What a [`EffectKind::Bonus`] applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BonusTo {
    /// Attack rolls.
    Attacks,
    /// Every defense.
    Defenses,
    /// Damage rolls.
    Damage,
    /// Saves.
    Saves,
}

/// Whose turn a turn-bound duration follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Whose {
    /// The effect's target.
    Target,
    /// The effect's source.
    Source,
}

/// How hard a save is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SaveDifficulty {
    /// 6+ on a d20.
    Easy,
    /// 11+ on a d20.
    Normal,
    /// 16+ on a d20.
    Hard,
    /// This number or more.
    Dc(i32),
}

impl SaveDifficulty {
    /// The number a save must reach.
    pub fn target(self) -> i32 {
        match self {
            SaveDifficulty::Easy => 6,
            SaveDifficulty::Normal => 11,
            SaveDifficulty::Hard => 16,
            SaveDifficulty::Dc(n) => n,
        }
    }
}

/// How long an effect lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Duration {
    /// Until a save at the end of one of the target's turns succeeds.
    SaveEnds(SaveDifficulty),
    /// For this many rounds: ends at the start of round `applied_round + n`.
    Rounds(u32),
    /// Until the start of the next turn of the target or the source.
    StartOfNextTurn(Whose),
    /// Until the end of the next turn of the target or the source.
    EndOfNextTurn(Whose),
    /// Until the fight ends.
    EndOfBattle,
    /// Until the target rests.
    UntilRest,
    /// Until something removes it.
    Permanent,
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Duration::SaveEnds(d) => write!(f, "save ends, {}+", d.target()),
            Duration::Rounds(1) => f.write_str("1 round"),
            Duration::Rounds(n) => write!(f, "{n} rounds"),
            Duration::StartOfNextTurn(Whose::Target) => f.write_str("until its next turn"),
            Duration::StartOfNextTurn(Whose::Source) => {
                f.write_str("until the start of the source's next turn")
            }
            Duration::EndOfNextTurn(Whose::Target) => f.write_str("until the end of its next turn"),
            Duration::EndOfNextTurn(Whose::Source) => {
                f.write_str("until the end of the source's next turn")
            }
            Duration::EndOfBattle => f.write_str("until the end of the battle"),
            Duration::UntilRest => f.write_str("until a rest"),
            Duration::Permanent => f.write_str("permanent"),
        }
    }
}

/// An effect on a combatant.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[component(map_entities)]
pub struct Effect {
    /// What it does.
    pub kind: EffectKind,
    /// Who caused it.
    pub source: Option<Entity>,
    /// How strong (condition level, damage per turn, bonus).
    pub magnitude: i32,
    /// How long it lasts.
    pub duration: Duration,
    /// A name for "same-named effects do not stack" (a power's name); `None` stacks freely
    /// except through its condition.
    pub name: Option<String>,
    /// The round it was applied in.
    pub applied_round: u32,
    /// The turn serial current when it was applied.
    pub applied_turn: u32,
    /// The serial of the last end-of-turn check (0: never checked).
    pub checked_turn: u32,
    /// Creation order within the encounter (effects are processed in this order).
    pub serial: u32,
}

impl MapEntities for Effect {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.source.map_entities(mapper);
    }
}

impl Effect {
    /// The entity whose turns a turn-bound duration follows.
    pub fn follows(&self, target: Entity) -> Option<Entity> {
        match self.duration {
            Duration::StartOfNextTurn(Whose::Target) | Duration::EndOfNextTurn(Whose::Target) => {
                Some(target)
            }
            Duration::StartOfNextTurn(Whose::Source) | Duration::EndOfNextTurn(Whose::Source) => {
                self.source
            }
            _ => None,
        }
    }

    /// True when it is due for its end-of-turn check (ongoing damage, save) at the end of
    /// turn `serial` of its target: not yet checked in that turn.
    pub fn due_at_turn_end(&self, serial: u32) -> bool {
        self.checked_turn < serial
    }

    /// Describes the effect for the log (`dazed (save ends, 11+)`, `5 ongoing fire`).
    pub fn describe(&self) -> String {
        match self.kind {
            EffectKind::Condition(c) => format!("{c} ({})", self.duration),
            EffectKind::OngoingDamage(t) => {
                format!(
                    "taking {} ongoing {t} damage ({})",
                    self.magnitude, self.duration
                )
            }
            EffectKind::Bonus(to) => format!(
                "at {:+} to {} ({})",
                self.magnitude,
                match to {
                    BonusTo::Attacks => "attacks",
                    BonusTo::Defenses => "defenses",
                    BonusTo::Damage => "damage",
                    BonusTo::Saves => "saves",
                },
                self.duration
            ),
        }
    }
}

/// Points an effect at its target. Despawning the target despawns its effects.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[relationship(relationship_target = ActiveEffects)]
pub struct EffectOf(pub Entity);

/// The effects on a combatant, in the order they were applied (kept in sync by Bevy).
#[derive(Component, Debug, Default)]
#[relationship_target(relationship = EffectOf, linked_spawn)]
pub struct ActiveEffects(Vec<Entity>);

/// An effect to apply (see [`apply_effect`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectSpec {
    /// What it does.
    pub kind: EffectKind,
    /// How strong.
    pub magnitude: i32,
    /// How long.
    pub duration: Duration,
    /// Its name, for non-stacking.
    pub name: Option<String>,
}

impl EffectSpec {
    /// A condition with the given duration (level 1).
    pub fn condition(condition: Condition, duration: Duration) -> Self {
        Self {
            kind: EffectKind::Condition(condition),
            magnitude: 1,
            duration,
            name: None,
        }
    }

    /// Ongoing damage (save ends by default in most rulesets).
    pub fn ongoing(kind: DamageType, amount: i32, duration: Duration) -> Self {
        Self {
            kind: EffectKind::OngoingDamage(kind),
            magnitude: amount,
            duration,
            name: None,
        }
    }

    /// Sets the magnitude.
    pub fn with_magnitude(mut self, magnitude: i32) -> Self {
        self.magnitude = magnitude;
        self
    }

    /// Names the effect (same-named effects do not stack).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }
}

/// When and where an effect is applied: its encounter, round, turn serial and creation serial.
/// Take one from [`Encounter::effect_stamp`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EffectStamp {
    /// The encounter entity.
    pub encounter: Entity,
    /// The current round.
    pub round: u32,
    /// The current turn serial.
    pub turn: u32,
    /// The effect's creation serial.
    pub serial: u32,
}

impl Encounter {
    /// Stamps a new effect of this encounter (and advances the effect serial).
    pub fn effect_stamp(&mut self, encounter: Entity, turn: &Turn) -> EffectStamp {
        let serial = self.next_effect_serial;
        self.next_effect_serial += 1;
        EffectStamp {
            encounter,
            round: self.round,
            turn: turn.serial,
            serial,
        }
    }
}

/// Spawns an effect on `target` (whose roster id is `target_id`) through `commands`, and logs
/// it. Returns the effect entity.
pub fn apply_effect(
    commands: &mut Commands,
    stamp: EffectStamp,
    log: &mut CombatLog,
    (target, target_id): (Entity, CombatantId),
    source: Option<Entity>,
    spec: EffectSpec,
) -> Entity {
    let effect = Effect {
        kind: spec.kind,
        source,
        magnitude: spec.magnitude,
        duration: spec.duration,
        name: spec.name,
        applied_round: stamp.round,
        applied_turn: stamp.turn,
        checked_turn: 0,
        serial: stamp.serial,
    };
    log.record(|| LogEvent::EffectApplied {
        target: target_id,
        effect: effect.describe(),
    });
    commands
        .spawn((effect, EffectOf(target), InEncounter(stamp.encounter)))
        .id()
}

/// Ends an effect (despawns it) and logs it against `target_id`.
pub fn end_effect(
    commands: &mut Commands,
    effect_entity: Entity,
    effect: &Effect,
    target_id: Option<CombatantId>,
    log: &mut CombatLog,
) {
    if let Some(target) = target_id {
        log.record(|| LogEvent::EffectEnded {
            target,
            effect: match effect.kind {
                EffectKind::Condition(c) => c.to_string(),
                _ => effect.describe(),
            },
        });
    }
    commands.entity(effect_entity).despawn();
}

/// A combatant's effect entities in application order. `serial` reads an effect's
/// [`Effect::serial`] through whatever query the caller holds (entities it cannot read are
/// skipped).
///
/// ```text
/// let due = effects_in_order(active, |e| effects.get(e).ok().map(|x| x.serial));
/// ```
pub fn effects_in_order(
    active: Option<&ActiveEffects>,
    serial: impl Fn(Entity) -> Option<u32>,
) -> Vec<Entity> {
    let mut out: Vec<(u32, Entity)> = active
        .map(|a| a.iter().filter_map(|e| serial(e).map(|s| (s, e))).collect())
        .unwrap_or_default();
    out.sort_unstable();
    out.into_iter().map(|(_, e)| e).collect()
}

/// Recomputes [`Conditions`] of every combatant whose effects changed, and enforces the
/// non-stacking of same-named effects (the strongest stays; the older one of equals goes).
pub(crate) fn refresh_conditions(
    mut commands: Commands,
    mut changed: Query<(Entity, &ActiveEffects, &mut Conditions), Changed<ActiveEffects>>,
    mut cleared: RemovedComponents<ActiveEffects>,
    mut conditions: Query<&mut Conditions, Without<ActiveEffects>>,
    effects: Query<&Effect>,
) {
    for entity in cleared.read() {
        if let Ok(mut c) = conditions.get_mut(entity) {
            c.recompute([]);
        }
    }
    for (_, active, mut conds) in &mut changed {
        let list: Vec<(Entity, &Effect)> =
            effects_in_order(Some(active), |e| effects.get(e).ok().map(|x| x.serial))
                .into_iter()
                .filter_map(|e| effects.get(e).ok().map(|x| (e, x)))
                .collect();
        let mut superseded: Vec<Entity> = Vec::new();
        for (i, (entity, effect)) in list.iter().enumerate() {
            let Some(name) = &effect.name else { continue };
            let stronger_later = list[i + 1..].iter().any(|(_, other)| {
                other.name.as_ref() == Some(name)
                    && other.kind == effect.kind
                    && other.magnitude >= effect.magnitude
            });
            let stronger_earlier = list[..i].iter().any(|(_, other)| {
                other.name.as_ref() == Some(name)
                    && other.kind == effect.kind
                    && other.magnitude > effect.magnitude
            });
            if stronger_later || stronger_earlier {
                superseded.push(*entity);
            }
        }
        conds.recompute(
            list.iter()
                .filter_map(|(entity, effect)| match effect.kind {
                    EffectKind::Condition(c) if !superseded.contains(entity) => {
                        Some((c, effect.magnitude))
                    }
                    _ => None,
                }),
        );
        for entity in superseded {
            commands.entity(entity).despawn();
        }
    }
}

/// At a round start: ends `Rounds(n)` effects that are due, and turn-bound effects whose
/// creature no longer takes turns.
pub(crate) fn expire_round_effects(
    mut commands: Commands,
    encounters: Query<&Encounter>,
    mut logs: Query<(&mut CombatLog, &Roster)>,
    effects: Query<(Entity, &Effect, &EffectOf, &InEncounter)>,
    statuses: Query<&Status>,
) {
    let mut due: Vec<(u32, Entity)> = Vec::new();
    for (entity, effect, of, in_encounter) in &effects {
        // Most effects are not bound to rounds or turns: no need to look at their encounter.
        if !matches!(
            effect.duration,
            Duration::Rounds(_) | Duration::StartOfNextTurn(_) | Duration::EndOfNextTurn(_)
        ) {
            continue;
        }
        let Ok(encounter) = encounters.get(in_encounter.0) else {
            continue;
        };
        if encounter.phase != Phase::RoundStart {
            continue;
        }
        let expired = match effect.duration {
            Duration::Rounds(n) => encounter.round >= effect.applied_round.saturating_add(n),
            Duration::StartOfNextTurn(_) | Duration::EndOfNextTurn(_) => effect
                .follows(of.0)
                .is_none_or(|who| statuses.get(who).map_or(true, |s| !s.takes_turns())),
            _ => false,
        };
        if expired {
            due.push((effect.serial, entity));
        }
    }
    due.sort_unstable();
    for (_, entity) in due {
        if let Ok((_, effect, of, in_encounter)) = effects.get(entity)
            && let Ok((mut log, roster)) = logs.get_mut(in_encounter.0)
        {
            end_effect(&mut commands, entity, effect, roster.id_of(of.0), &mut log);
        }
    }
}

/// Ends `StartOfNextTurn` / `EndOfNextTurn` effects following the current actor, at the start
/// (phase `TurnStart`) or end (phase `TurnEnd`) of its turn. A delayed turn does not end
/// anything: the end comes with the turn the actor takes later.
pub(crate) fn expire_turn_effects(
    mut commands: Commands,
    encounters: Query<(&Encounter, &Turn)>,
    mut logs: Query<(&mut CombatLog, &Roster)>,
    effects: Query<(Entity, &Effect, &EffectOf, &InEncounter)>,
) {
    let mut due: Vec<(u32, Entity)> = Vec::new();
    for (entity, effect, of, in_encounter) in &effects {
        if !matches!(
            effect.duration,
            Duration::StartOfNextTurn(_) | Duration::EndOfNextTurn(_)
        ) {
            continue;
        }
        let Ok((encounter, turn)) = encounters.get(in_encounter.0) else {
            continue;
        };
        let turn_bound = matches!(
            (encounter.phase, effect.duration),
            (Phase::TurnStart, Duration::StartOfNextTurn(_))
                | (Phase::TurnEnd, Duration::EndOfNextTurn(_))
        );
        if turn_bound
            && !(turn.delayed && encounter.phase == Phase::TurnEnd)
            && turn.actor.is_some()
            && effect.follows(of.0) == turn.actor
            && turn.serial > effect.applied_turn
        {
            due.push((effect.serial, entity));
        }
    }
    due.sort_unstable();
    for (_, entity) in due {
        if let Ok((_, effect, of, in_encounter)) = effects.get(entity)
            && let Ok((mut log, roster)) = logs.get_mut(in_encounter.0)
        {
            end_effect(&mut commands, entity, effect, roster.id_of(of.0), &mut log);
        }
    }
}

/// When a fight ends: ends every `EndOfBattle`, turn-bound, round-bound and save-ends effect.
/// `UntilRest` and `Permanent` effects stay.
pub(crate) fn expire_battle_effects(
    mut commands: Commands,
    encounters: Query<&Encounter>,
    effects: Query<(Entity, &Effect, &InEncounter)>,
) {
    for (entity, effect, in_encounter) in &effects {
        if matches!(effect.duration, Duration::UntilRest | Duration::Permanent) {
            continue;
        }
        let ended = encounters
            .get(in_encounter.0)
            .is_ok_and(|e| e.phase == Phase::Ended);
        if ended {
            commands.entity(entity).despawn();
        }
    }
}
