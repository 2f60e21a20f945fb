//! The components every combatant carries, whatever its ruleset.

use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use fray_content::tactics::Tactics;
use serde::{Deserialize, Serialize};

use crate::ids::{CombatantId, PlayerId, SideId};

/// Hit points: current, maximum and temporary.
///
/// Temporary hit points absorb damage first and are not healed; current never exceeds max.
///
/// ```
/// use fray_core::combatant::Hp;
/// let mut hp = Hp::new(20);
/// hp.temp = 5;
/// let taken = hp.take_damage(8);
/// assert_eq!((taken.from_temp, taken.from_hp, hp.current, hp.temp), (5, 3, 17, 0));
/// assert_eq!(hp.heal(10), 3);
/// ```
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(Component, Debug, PartialEq)]
pub struct Hp {
    /// Current hit points; may go negative where a ruleset allows it.
    pub current: i32,
    /// Maximum hit points.
    pub max: i32,
    /// Temporary hit points (absorbed first).
    pub temp: i32,
}

/// How much of a hit went where.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DamageTaken {
    /// Absorbed by temporary hit points.
    pub from_temp: i32,
    /// Taken from current hit points.
    pub from_hp: i32,
}

impl Hp {
    /// Full hit points.
    pub fn new(max: i32) -> Self {
        Self {
            current: max,
            max,
            temp: 0,
        }
    }

    /// Takes `amount` damage, temporary hit points first. Negative amounts count as 0.
    pub fn take_damage(&mut self, amount: i32) -> DamageTaken {
        let amount = amount.max(0);
        let from_temp = amount.min(self.temp);
        self.temp -= from_temp;
        let from_hp = amount - from_temp;
        self.current = self.current.saturating_sub(from_hp);
        DamageTaken { from_temp, from_hp }
    }

    /// Heals up to `amount`, not past max, starting from 0 if below it (the usual rule for
    /// healing the dying); returns the hit points actually regained.
    pub fn heal(&mut self, amount: i32) -> i32 {
        let before = self.current;
        self.current = self
            .current
            .max(0)
            .saturating_add(amount.max(0))
            .min(self.max);
        self.current - before
    }

    /// Sets temporary hit points, keeping the higher of old and new (they never stack).
    pub fn grant_temp(&mut self, amount: i32) {
        self.temp = self.temp.max(amount);
    }

    /// Fraction of max hit points left (0 when max is 0).
    pub fn fraction(&self) -> f32 {
        if self.max <= 0 {
            0.0
        } else {
            self.current.max(0) as f32 / self.max as f32
        }
    }

    /// Hit points missing from max.
    pub fn missing(&self) -> i32 {
        (self.max - self.current.max(0)).max(0)
    }
}

/// The side a combatant fights for.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Reflect)]
#[reflect(Component, Debug, PartialEq)]
pub struct Side(pub SideId);

/// Who decides what a combatant does.
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(Component, Debug, PartialEq)]
pub enum Controller {
    /// An AI policy, by name (`random`, `aggressive`, `tactical`).
    Ai(String),
    /// An external controller: only `ActionRequest`s from this player command it.
    External(PlayerId),
}

impl Controller {
    /// True for an external controller.
    pub fn is_external(&self) -> bool {
        matches!(self, Self::External(_))
    }
}

/// Initiative: the count a combatant acts on, and the tie-breaker its ruleset chose.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Initiative {
    /// The initiative count (higher acts first).
    pub count: i32,
    /// Breaks ties (higher first); rulesets set it from a stat or a roll.
    pub tiebreak: i32,
}

/// Whether a combatant is still in the fight.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(Component, Debug, PartialEq, Default)]
pub enum Status {
    /// Able to act.
    #[default]
    Active,
    /// Out of the fight for now but alive (unconscious, dying, disabled); still takes turns
    /// where its ruleset has start-of-turn rolls such as death saves.
    Down,
    /// Dead.
    Dead,
    /// Left the battle.
    Fled,
    /// Gave up.
    Surrendered,
}

impl Status {
    /// Able to act and fight.
    pub fn is_active(self) -> bool {
        self == Self::Active
    }

    /// Still gets turns (active or down).
    pub fn takes_turns(self) -> bool {
        matches!(self, Self::Active | Self::Down)
    }

    /// Gone from the battle for good (dead, fled or surrendered).
    pub fn is_gone(self) -> bool {
        matches!(self, Self::Dead | Self::Fled | Self::Surrendered)
    }
}

/// A morale rating, read by rulesets that check morale (its meaning is the ruleset's: B/X's
/// 2-12 score, lite5e's monster bonus). `broken` is set when the combatant's morale failed.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Morale {
    /// The rating.
    pub rating: i16,
    /// Passed checks so far this battle (B/X: two passes mean fighting to the death).
    pub passed: u8,
    /// Morale has failed.
    pub broken: bool,
}

/// Marks a side's leader (morale: "leader down").
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Leader;

/// The tactics a combatant fights by (content's `tactics: (...)`): its side's over its
/// statblock's, field by field ([`Tactics::over`]); empty when neither writes any. AI
/// policies read them when they score its options.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct CombatantTactics(pub Tactics);

/// Marks an entity as a combatant and gives its roster index.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[require(Tally)]
#[reflect(Component, Debug, PartialEq)]
pub struct Combatant {
    /// Index in the encounter's roster (stable across runs; used by logs and saves).
    pub id: CombatantId,
}

/// The statblock a combatant was spawned from (its ruleset's id).
#[derive(Component, Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[reflect(Component, Debug, PartialEq)]
pub struct StatblockRef(pub String);

/// What a combatant did and suffered in this fight, for statistics. Rulesets add damage as
/// they deal it ([`Tally::record_damage`]); the core counts falls.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Reflect,
)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Tally {
    /// Damage this combatant dealt.
    pub damage_dealt: i64,
    /// Damage this combatant took (hit points and temporary hit points).
    pub damage_taken: i64,
    /// Times it went down or died.
    pub times_dropped: u32,
    /// Whether it was down or dead when last seen (to count each fall once).
    pub fallen: bool,
}

impl Tally {
    /// Adds `amount` to the damage taken.
    pub fn record_damage(&mut self, amount: i32) {
        self.damage_taken = self.damage_taken.saturating_add(i64::from(amount.max(0)));
    }

    /// Adds `amount` to the damage dealt.
    pub fn record_dealt(&mut self, amount: i32) {
        self.damage_dealt = self.damage_dealt.saturating_add(i64::from(amount.max(0)));
    }

    /// Notes the combatant's status: each change to down or dead from standing counts as a fall.
    pub fn note_status(&mut self, status: Status) {
        let fallen = matches!(status, Status::Down | Status::Dead);
        if fallen && !self.fallen {
            self.times_dropped = self.times_dropped.saturating_add(1);
        }
        self.fallen = fallen;
    }
}
