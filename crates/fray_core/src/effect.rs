//! Effects: conditions, ongoing damage and bonuses on a combatant, with durations.
//!
//! Effects are data: a combatant's [`Effects`] lists them in the order they were applied, and
//! its [`Conditions`](crate::condition::Conditions) are recomputed from them whenever they
//! change. Same-named effects of the same kind on one target do not stack: the strongest is
//! kept, and of equals the newer.
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

use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use std::sync::Arc;

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::condition::Condition;
use crate::vocabulary::{DamageType, Vocabulary};

/// What an effect does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EffectKind {
    /// Puts the target under a condition; the magnitude is the condition's level.
    Condition(Condition),
    /// Damage at the end of each of the target's turns (its ruleset deals it); the magnitude is
    /// the amount.
    Ongoing(DamageType),
    /// A bonus (or, negative, a penalty) to what it names.
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

impl fmt::Display for BonusTo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BonusTo::Attacks => "attacks",
            BonusTo::Defenses => "defenses",
            BonusTo::Damage => "damage",
            BonusTo::Saves => "saves",
        })
    }
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

impl Duration {
    /// Bound to someone's turns.
    pub fn is_turn_bound(self) -> bool {
        matches!(
            self,
            Duration::StartOfNextTurn(_) | Duration::EndOfNextTurn(_)
        )
    }
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Duration::SaveEnds(d) => write!(f, "save ends, {}+", d.target()),
            Duration::Rounds(1) => f.write_str("1 round"),
            Duration::Rounds(n) => write!(f, "{n} rounds"),
            Duration::StartOfNextTurn(Whose::Target) => {
                f.write_str("until the start of the target's next turn")
            }
            Duration::StartOfNextTurn(Whose::Source) => {
                f.write_str("until the start of the source's next turn")
            }
            Duration::EndOfNextTurn(Whose::Target) => {
                f.write_str("until the end of the target's next turn")
            }
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    pub name: Option<Arc<str>>,
    /// The round it was applied in.
    pub applied_round: u32,
    /// The turn serial current when it was applied.
    pub applied_turn: u32,
    /// The serial of the last end-of-turn check (0: never checked).
    pub checked_turn: u32,
    /// Creation order within the encounter (effects are processed in this order).
    pub serial: u32,
}

impl Effect {
    /// The entity whose turns a turn-bound duration follows (`target` is the effect's bearer).
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

    /// Describes the effect for the log (`dazed (save ends, 11+)`, `taking 5 ongoing fire
    /// damage (save ends, 11+)`), in the words of `vocabulary`.
    pub fn describe(&self, vocabulary: &dyn Vocabulary) -> String {
        match self.kind {
            EffectKind::Condition(c) => format!("{} ({})", vocabulary.condition(c), self.duration),
            EffectKind::Ongoing(t) => format!(
                "taking {} ongoing {} damage ({})",
                self.magnitude,
                vocabulary.damage_type(t),
                self.duration
            ),
            EffectKind::Bonus(to) => format!("at {:+} to {to} ({})", self.magnitude, self.duration),
        }
    }

    /// What the log says when it ends: the condition's name, or its description.
    pub fn describe_end(&self, vocabulary: &dyn Vocabulary) -> String {
        match self.kind {
            EffectKind::Condition(c) => vocabulary.condition(c).into_owned(),
            _ => self.describe(vocabulary),
        }
    }

    /// Whether `other` is a same-named effect of the same kind (they do not stack).
    fn same_as(&self, other: &Effect) -> bool {
        self.name.is_some() && self.name == other.name && self.kind == other.kind
    }
}

/// An effect to apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EffectSpec {
    /// What it does.
    pub kind: EffectKind,
    /// How strong.
    pub magnitude: i32,
    /// How long.
    pub duration: Duration,
    /// Its name, for non-stacking.
    pub name: Option<Arc<str>>,
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

    /// Ongoing damage of a ruleset's damage type.
    pub fn ongoing(kind: DamageType, amount: i32, duration: Duration) -> Self {
        Self {
            kind: EffectKind::Ongoing(kind),
            magnitude: amount,
            duration,
            name: None,
        }
    }

    /// A bonus (negative: a penalty).
    pub fn bonus(to: BonusTo, amount: i32, duration: Duration) -> Self {
        Self {
            kind: EffectKind::Bonus(to),
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
    pub fn named(mut self, name: impl Into<Arc<str>>) -> Self {
        self.name = Some(name.into());
        self
    }
}

/// The effects on a combatant, in the order they were applied.
///
/// ```
/// use fray_core::effect::{Duration, EffectSpec, Effects};
/// use fray_core::condition::Condition;
/// let mut effects = Effects::default();
/// let weak = EffectSpec::condition(Condition::DAZED, Duration::EndOfBattle).named("hex");
/// effects.add(weak.clone().with_magnitude(1), None, (1, 1, 0));
/// effects.add(weak.with_magnitude(2), None, (1, 1, 1));
/// // Same-named effects do not stack: the stronger, newer one stays.
/// assert_eq!(effects.iter().map(|e| e.magnitude).collect::<Vec<_>>(), vec![2]);
/// ```
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Effects(Vec<Effect>);

impl MapEntities for Effects {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for effect in &mut self.0 {
            effect.source.map_entities(mapper);
        }
    }
}

impl Effects {
    /// Every effect, in the order applied.
    pub fn iter(&self) -> impl Iterator<Item = &Effect> {
        self.0.iter()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The effect with this serial.
    pub fn get(&self, serial: u32) -> Option<&Effect> {
        self.0.iter().find(|e| e.serial == serial)
    }

    /// The effect with this serial, to change it.
    pub fn get_mut(&mut self, serial: u32) -> Option<&mut Effect> {
        self.0.iter_mut().find(|e| e.serial == serial)
    }

    /// Applies `spec` from `source`, stamped `(round, turn, serial)`. A same-named effect of the
    /// same kind does not stack: of the two the stronger stays (the newer of equals). Returns
    /// whether the new effect stays.
    pub fn add(
        &mut self,
        spec: EffectSpec,
        source: Option<Entity>,
        (round, turn, serial): (u32, u32, u32),
    ) -> bool {
        let effect = Effect {
            kind: spec.kind,
            source,
            magnitude: spec.magnitude,
            duration: spec.duration,
            name: spec.name,
            applied_round: round,
            applied_turn: turn,
            checked_turn: 0,
            serial,
        };
        if self
            .0
            .iter()
            .any(|old| old.same_as(&effect) && old.magnitude > effect.magnitude)
        {
            return false;
        }
        self.0.retain(|old| !old.same_as(&effect));
        self.0.push(effect);
        true
    }

    /// Removes the effect with this serial and returns it.
    pub fn remove(&mut self, serial: u32) -> Option<Effect> {
        let i = self.0.iter().position(|e| e.serial == serial)?;
        Some(self.0.remove(i))
    }

    /// Removes every effect `ends` picks, calling `ended` with each, in the order applied.
    pub fn remove_where(
        &mut self,
        mut ends: impl FnMut(&Effect) -> bool,
        mut ended: impl FnMut(Effect),
    ) {
        let mut i = 0;
        while i < self.0.len() {
            if ends(&self.0[i]) {
                ended(self.0.remove(i));
            } else {
                i += 1;
            }
        }
    }

    /// Removes every effect (keeping the allocation).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The conditions the effects give, with their magnitudes.
    pub fn conditions(&self) -> impl Iterator<Item = (Condition, i32)> + '_ {
        self.0.iter().filter_map(|e| match e.kind {
            EffectKind::Condition(c) => Some((c, e.magnitude)),
            _ => None,
        })
    }

    /// The sum of the bonus effects to `to`.
    pub fn bonus(&self, to: BonusTo) -> i32 {
        self.0
            .iter()
            .filter(|e| e.kind == EffectKind::Bonus(to))
            .fold(0i32, |sum, e| sum.saturating_add(e.magnitude))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_weaker_same_named_effect_does_not_replace_a_stronger_one() {
        let mut effects = Effects::default();
        let spec = EffectSpec::ongoing(DamageType(3), 6, Duration::EndOfBattle).named("burn");
        assert!(effects.add(spec.clone(), None, (1, 1, 0)));
        assert!(!effects.add(spec.clone().with_magnitude(2), None, (1, 1, 1)));
        assert_eq!(effects.iter().count(), 1);
        // Unnamed effects stack.
        let plain = EffectSpec::condition(Condition::DAZED, Duration::EndOfBattle);
        effects.add(plain.clone(), None, (1, 1, 2));
        effects.add(plain, None, (1, 1, 3));
        assert_eq!(effects.iter().count(), 3);
        assert_eq!(effects.conditions().count(), 2);
    }

    #[test]
    fn effects_are_removed_in_the_order_applied() {
        let mut effects = Effects::default();
        for serial in 0..4 {
            effects.add(
                EffectSpec::bonus(BonusTo::Attacks, 1, Duration::Rounds(1)),
                None,
                (1, 1, serial),
            );
        }
        assert_eq!(effects.bonus(BonusTo::Attacks), 4);
        let mut ended = Vec::new();
        effects.remove_where(|e| e.serial % 2 == 1, |e| ended.push(e.serial));
        assert_eq!(ended, vec![1, 3]);
        assert_eq!(effects.bonus(BonusTo::Attacks), 2);
    }
}
