//! Archmage's own words: its conditions, damage types, maneuvers, the actions its intents cost
//! and the reactions they provoke.

use std::borrow::Cow;

use fray_core::condition::Condition;
use fray_core::cost::Cost;
use fray_core::intent::Maneuver;
use fray_core::vocabulary::{DamageType, Vocabulary};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::slots::Slot;

/// Afraid: dazed, and no escalation die for a hero (AR-27).
pub const FEAR: Condition = Condition::ruleset(0);
/// Hampered: only basic attacks (AR-27).
pub const HAMPERED: Condition = Condition::ruleset(1);
/// Stuck: cannot move (AR-27).
pub const STUCK: Condition = Condition::ruleset(2);
/// Vulnerable: attacks against it crit on 2 more (AR-27).
pub const VULNERABLE: Condition = Condition::ruleset(3);
/// Weakened: -4 to attacks and defenses (AR-27).
pub const WEAKENED: Condition = Condition::ruleset(4);

/// A condition as archmage content names it (`condition: Dazed`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum ArchCondition {
    /// Attacks allies or acts at random.
    Confused,
    /// -4 to attacks.
    Dazed,
    /// Dazed, and no escalation die.
    Fear,
    /// Only basic attacks.
    Hampered,
    /// -4 to defenses; coup de grace.
    Helpless,
    /// Cannot move.
    Stuck,
    /// No actions; -4 to defenses.
    Stunned,
    /// Crit range against it expands by 2.
    Vulnerable,
    /// -4 to attacks and defenses.
    Weakened,
    /// Held by a grabber.
    Grabbed,
    /// Half of all attacks against it miss.
    Invisible,
}

impl ArchCondition {
    /// The condition it stands for.
    pub fn condition(self) -> Condition {
        match self {
            ArchCondition::Confused => Condition::CONFUSED,
            ArchCondition::Dazed => Condition::DAZED,
            ArchCondition::Fear => FEAR,
            ArchCondition::Hampered => HAMPERED,
            ArchCondition::Helpless => Condition::HELPLESS,
            ArchCondition::Stuck => STUCK,
            ArchCondition::Stunned => Condition::STUNNED,
            ArchCondition::Vulnerable => VULNERABLE,
            ArchCondition::Weakened => WEAKENED,
            ArchCondition::Grabbed => Condition::GRABBED,
            ArchCondition::Invisible => Condition::INVISIBLE,
        }
    }
}

/// A damage type, as archmage content names it (`damage_type: Fire`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum DamageKind {
    /// Weapon damage with no special type.
    #[default]
    Physical,
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
    /// Poison.
    Poison,
    /// Psychic.
    Psychic,
    /// Thunder.
    Thunder,
}

impl DamageKind {
    const ALL: [DamageKind; 11] = [
        DamageKind::Physical,
        DamageKind::Acid,
        DamageKind::Cold,
        DamageKind::Fire,
        DamageKind::Force,
        DamageKind::Holy,
        DamageKind::Lightning,
        DamageKind::Negative,
        DamageKind::Poison,
        DamageKind::Psychic,
        DamageKind::Thunder,
    ];

    /// Its code in the core's terms.
    pub fn code(self) -> DamageType {
        DamageType(self as u8)
    }

    /// The kind a core code stands for (physical for a code archmage does not use).
    pub fn from_code(code: DamageType) -> Self {
        Self::ALL
            .get(usize::from(code.0))
            .copied()
            .unwrap_or_default()
    }

    /// Its name in logs.
    pub fn name(self) -> &'static str {
        match self {
            DamageKind::Physical => "physical",
            DamageKind::Acid => "acid",
            DamageKind::Cold => "cold",
            DamageKind::Fire => "fire",
            DamageKind::Force => "force",
            DamageKind::Holy => "holy",
            DamageKind::Lightning => "lightning",
            DamageKind::Negative => "negative energy",
            DamageKind::Poison => "poison",
            DamageKind::Psychic => "psychic",
            DamageKind::Thunder => "thunder",
        }
    }
}

/// A coup de grace on a helpless enemy (AR-28).
pub const COUP_DE_GRACE: Maneuver = Maneuver(1);

/// What an intent provokes, in the order the reactions resolve.
pub mod provokes {
    /// A readied action or an interrupt set off (AR-03, AR-05).
    pub const TRIGGERED: u8 = 0;
    /// Opportunity attacks for moving away while engaged (AR-12, AR-14).
    pub const LEAVING: u8 = 1;
    /// Opportunity attacks for a ranged attack while engaged (AR-12).
    pub const RANGED: u8 = 2;
    /// Opportunity attacks for casting while engaged (AR-12).
    pub const CASTING: u8 = 3;
    /// An intercept by a free enemy in the way (AR-15).
    pub const INTERCEPT: u8 = 4;

    /// Whether reactions of `kind` are opportunity attacks.
    pub fn opportunity(kind: u8) -> bool {
        matches!(kind, LEAVING | RANGED | CASTING)
    }
}

/// What a provocation is called in the log.
pub fn provocation(kind: u8) -> &'static str {
    match kind {
        provokes::TRIGGERED => "a readied action",
        provokes::LEAVING => "moving away while engaged",
        provokes::RANGED => "a ranged attack while engaged",
        provokes::CASTING => "casting while engaged",
        _ => "moving past",
    }
}

/// Archmage's vocabulary.
#[derive(Debug, Clone, Copy, Default)]
pub struct Words;

impl Vocabulary for Words {
    /// Archmage's conditions, as content names them.
    fn conditions(&self) -> &'static [Condition] {
        &[
            Condition::CONFUSED,
            Condition::DAZED,
            FEAR,
            HAMPERED,
            Condition::HELPLESS,
            STUCK,
            Condition::STUNNED,
            VULNERABLE,
            WEAKENED,
            Condition::GRABBED,
            Condition::INVISIBLE,
        ]
    }

    fn provocation(&self, kind: u8) -> Cow<'static, str> {
        Cow::Borrowed(provocation(kind))
    }

    fn condition(&self, c: Condition) -> Cow<'static, str> {
        Cow::Borrowed(match c {
            FEAR => "afraid",
            HAMPERED => "hampered",
            STUCK => "stuck",
            VULNERABLE => "vulnerable",
            WEAKENED => "weakened",
            _ => return Cow::Owned(c.to_string()),
        })
    }

    fn damage_type(&self, d: DamageType) -> Cow<'static, str> {
        Cow::Borrowed(
            DamageKind::ALL
                .get(usize::from(d.0))
                .map_or("", |k| k.name()),
        )
    }

    fn maneuver(&self, m: Maneuver) -> Cow<'static, str> {
        Cow::Borrowed(if m == COUP_DE_GRACE {
            "coup de grace"
        } else {
            "standard"
        })
    }

    fn cost(&self, cost: Cost) -> Cow<'static, str> {
        Cow::Borrowed(match Slot::paid_by(cost) {
            Some(None) => "whole turn",
            Some(Some((Slot::Standard, _))) => "standard action",
            Some(Some((Slot::Move, Slot::Move))) => "move action",
            Some(Some((Slot::Move, _))) => "move action, paid with the standard action",
            Some(Some((Slot::Quick, Slot::Quick))) => "quick action",
            Some(Some((Slot::Quick, Slot::Move))) => "quick action, paid with the move action",
            Some(Some((Slot::Quick, _))) => "quick action, paid with the standard action",
            None if cost.timing == fray_core::cost::Timing::Reaction => "reaction",
            None => "free",
        })
    }
}

/// The vocabulary, for the kit.
pub static WORDS: Words = Words;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_damage_kind_round_trips_through_its_code() {
        for kind in DamageKind::ALL {
            assert_eq!(WORDS.damage_type(kind.code()), kind.name());
        }
        assert_eq!(WORDS.condition(FEAR), "afraid");
        assert_eq!(WORDS.condition(Condition::DAZED), "dazed");
    }

    #[test]
    fn ar04_a_cost_says_which_slot_pays() {
        use crate::slots::ActionSlots;
        let mut slots = ActionSlots::full();
        assert_eq!(WORDS.cost(slots.cost_of(Slot::Move)), "move action");
        assert_eq!(WORDS.cost(slots.cost_of(Slot::Quick)), "quick action");
        slots.spend(Slot::Quick);
        assert_eq!(
            WORDS.cost(slots.cost_of(Slot::Quick)),
            "quick action, paid with the move action"
        );
        slots.spend(Slot::Move);
        assert_eq!(
            WORDS.cost(slots.cost_of(Slot::Move)),
            "move action, paid with the standard action"
        );
        assert_eq!(
            WORDS.cost(slots.cost_of(Slot::Quick)),
            "quick action, paid with the standard action"
        );
        // The action is worth what its kind is worth, whichever slot pays.
        assert_eq!(
            slots.cost_of(Slot::Quick).per_mille,
            Slot::Quick.cost().per_mille
        );
        assert_eq!(WORDS.cost(Slot::Standard.cost()), "standard action");
    }
}
