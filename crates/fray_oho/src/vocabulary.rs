//! OHO's own words: its conditions, damage types, called shots, the seconds its intents cost
//! and the reactions they provoke.

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use fray_core::condition::Condition;
use fray_core::cost::Cost;
use fray_core::intent::Maneuver;
use fray_core::vocabulary::{DamageType, Vocabulary};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::body::BodyPart;
use crate::gauge;

/// Loses blood every round (OHO-17).
pub const BLEEDING: Condition = Condition::ruleset(0);
/// Concussed: Intellect and Willpower actions suffer (OHO-18).
pub const CONCUSSION: Condition = Condition::ruleset(1);
/// A sprained arm: every action suffers (OHO-18).
pub const SPRAINED_ARM: Condition = Condition::ruleset(2);
/// A sprained leg: speed halved (OHO-18).
pub const SPRAINED_LEG: Condition = Condition::ruleset(3);
/// Burned: Fortitude every round or unable to act (OHO-19).
pub const BURNED: Condition = Condition::ruleset(4);
/// Frostbitten: Reflex actions suffer (OHO-19).
pub const FROSTBITE: Condition = Condition::ruleset(5);
/// Cursed: the rolls of one ability lose a die (OHO-20).
pub const CURSED: Condition = Condition::ruleset(6);
/// Disabled: unable to act (OHO-11, OHO-17).
pub const DISABLED: Condition = Condition::ruleset(7);

/// A condition as OHO content names it (`riders: [Condition(Blinded, 2)]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum OhoCondition {
    /// Loses blood every round (OHO-17).
    Bleeding,
    /// Penalty to Intellect and Willpower actions (OHO-18).
    Concussion,
    /// Penalty to actions (OHO-18).
    SprainedArm,
    /// Speed halved (OHO-18).
    SprainedLeg,
    /// Fortitude every round or unable to act (OHO-19).
    Burned,
    /// Penalty to Reflex actions (OHO-19).
    Frostbite,
    /// Cannot see (OHO-20).
    Blinded,
    /// Cannot hear (OHO-20).
    Deafened,
    /// Acts at random (OHO-20).
    Confused,
    /// Frightened (content-defined).
    Frightened,
    /// Loses dice from an ability (OHO-20).
    Cursed,
    /// Unable to act.
    Disabled,
    /// Dying.
    Dying,
    /// Exhausted (OHO-21).
    Exhausted,
    /// Out cold.
    Unconscious,
}

impl OhoCondition {
    /// The condition it stands for.
    pub fn condition(self) -> Condition {
        match self {
            OhoCondition::Bleeding => BLEEDING,
            OhoCondition::Concussion => CONCUSSION,
            OhoCondition::SprainedArm => SPRAINED_ARM,
            OhoCondition::SprainedLeg => SPRAINED_LEG,
            OhoCondition::Burned => BURNED,
            OhoCondition::Frostbite => FROSTBITE,
            OhoCondition::Blinded => Condition::BLINDED,
            OhoCondition::Deafened => Condition::DEAFENED,
            OhoCondition::Confused => Condition::CONFUSED,
            OhoCondition::Frightened => Condition::FRIGHTENED,
            OhoCondition::Cursed => CURSED,
            OhoCondition::Disabled => DISABLED,
            OhoCondition::Dying => Condition::DYING,
            OhoCondition::Exhausted => Condition::EXHAUSTED,
            OhoCondition::Unconscious => Condition::UNCONSCIOUS,
        }
    }
}

/// OHO's own conditions, in code order, with their names in logs.
const OWN: [(Condition, &str); 8] = [
    (BLEEDING, "bleeding"),
    (CONCUSSION, "concussed"),
    (SPRAINED_ARM, "sprained arm"),
    (SPRAINED_LEG, "sprained leg"),
    (BURNED, "burned"),
    (FROSTBITE, "frostbitten"),
    (CURSED, "cursed"),
    (DISABLED, "disabled"),
];

/// A condition's name in logs (`sprained arm`, `blinded`).
pub fn condition_name(c: Condition) -> Cow<'static, str> {
    if let Some(name) = c.common_name() {
        return Cow::Borrowed(name);
    }
    match OWN.iter().find(|(own, _)| *own == c) {
        Some((_, name)) => Cow::Borrowed(name),
        None => Cow::Owned(c.to_string()),
    }
}

/// The name of the effect that puts `c` on a creature (same-named effects do not stack), made
/// once per condition.
pub fn effect_name(c: Condition) -> Arc<str> {
    static NAMES: OnceLock<Vec<Option<Arc<str>>>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let mut names = vec![None; 64];
        let known = Condition::COMMON.iter().copied().chain(OWN.map(|(c, _)| c));
        for c in known {
            if let Some(slot) = names.get_mut(usize::from(c.code())) {
                *slot = Some(Arc::from(condition_name(c).as_ref()));
            }
        }
        names
    });
    match names.get(usize::from(c.code())) {
        Some(Some(name)) => name.clone(),
        _ => Arc::from(condition_name(c).as_ref()),
    }
}

/// A damage type, as OHO content names it (`damage_type: Slashing`); its injuries depend on
/// it (OHO-16).
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

impl DamageKind {
    /// Every damage kind, in code order.
    pub const ALL: [DamageKind; 15] = [
        DamageKind::Physical,
        DamageKind::Slashing,
        DamageKind::Piercing,
        DamageKind::Bludgeoning,
        DamageKind::Acid,
        DamageKind::Cold,
        DamageKind::Fire,
        DamageKind::Force,
        DamageKind::Holy,
        DamageKind::Lightning,
        DamageKind::Negative,
        DamageKind::Necrotic,
        DamageKind::Poison,
        DamageKind::Psychic,
        DamageKind::Thunder,
    ];

    /// Its code in the core's terms.
    pub fn code(self) -> DamageType {
        DamageType(self as u8)
    }

    /// Its name in logs.
    pub fn name(self) -> &'static str {
        match self {
            DamageKind::Physical => "physical",
            DamageKind::Slashing => "slashing",
            DamageKind::Piercing => "piercing",
            DamageKind::Bludgeoning => "bludgeoning",
            DamageKind::Acid => "acid",
            DamageKind::Cold => "cold",
            DamageKind::Fire => "fire",
            DamageKind::Force => "force",
            DamageKind::Holy => "holy",
            DamageKind::Lightning => "lightning",
            DamageKind::Negative => "negative energy",
            DamageKind::Necrotic => "necrotic",
            DamageKind::Poison => "poison",
            DamageKind::Psychic => "psychic",
            DamageKind::Thunder => "thunder",
        }
    }
}

impl fmt::Display for DamageKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What an intent provokes, in the order the reactions resolve.
pub mod provokes {
    /// Withheld actions it sets off (OHO-05).
    pub const WITHHELD: u8 = 0;
    /// Attacks of opportunity for leaving the threatened space of those engaging the mover
    /// (OHO-14).
    pub const OPPORTUNITY: u8 = 1;
}

/// What a provocation is called in the log.
pub fn provocation(kind: u8) -> &'static str {
    match kind {
        provokes::WITHHELD => "a readied action",
        _ => "moving away while engaged",
    }
}

/// OHO's vocabulary.
#[derive(Debug, Clone, Copy, Default)]
pub struct Words;

impl Vocabulary for Words {
    /// Every condition OHO's content can name ([`OhoCondition`]).
    fn conditions(&self) -> &'static [Condition] {
        &[
            BLEEDING,
            CONCUSSION,
            SPRAINED_ARM,
            SPRAINED_LEG,
            BURNED,
            FROSTBITE,
            Condition::BLINDED,
            Condition::DEAFENED,
            Condition::CONFUSED,
            Condition::FRIGHTENED,
            CURSED,
            DISABLED,
            Condition::DYING,
            Condition::EXHAUSTED,
            Condition::UNCONSCIOUS,
        ]
    }

    fn provocation(&self, kind: u8) -> Cow<'static, str> {
        Cow::Borrowed(provocation(kind))
    }

    fn condition(&self, c: Condition) -> Cow<'static, str> {
        condition_name(c)
    }

    fn damage_type(&self, d: DamageType) -> Cow<'static, str> {
        Cow::Borrowed(
            DamageKind::ALL
                .get(usize::from(d.0))
                .map_or("", |k| k.name()),
        )
    }

    fn maneuver(&self, m: Maneuver) -> Cow<'static, str> {
        Cow::Borrowed(match BodyPart::of(m) {
            Some(BodyPart::Head) => "called shot at the head",
            Some(BodyPart::Arm) => "called shot at the arm",
            Some(BodyPart::Leg) => "called shot at the leg",
            Some(BodyPart::Groin) => "called shot at the groin",
            None => "standard",
        })
    }

    fn cost(&self, cost: Cost) -> Cow<'static, str> {
        if cost.is_free() {
            Cow::Borrowed("free")
        } else {
            gauge::seconds_text(cost.amount)
        }
    }
}

/// The vocabulary, for the kit.
pub static WORDS: Words = Words;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::CALLED_LEG;

    #[test]
    fn words_name_conditions_damage_maneuvers_and_costs_as_the_logs_always_did() {
        for kind in DamageKind::ALL {
            assert_eq!(WORDS.damage_type(kind.code()), kind.name());
        }
        assert_eq!(WORDS.condition(SPRAINED_ARM), "sprained arm");
        assert_eq!(WORDS.condition(FROSTBITE), "frostbitten");
        assert_eq!(WORDS.condition(CONCUSSION), "concussed");
        assert_eq!(WORDS.condition(Condition::BLINDED), "blinded");
        assert_eq!(&*effect_name(BLEEDING), "bleeding");
        assert_eq!(&*effect_name(Condition::CONFUSED), "confused");
        assert_eq!(WORDS.maneuver(CALLED_LEG), "called shot at the leg");
        assert_eq!(WORDS.cost(gauge::cost(30)), "3.0s");
        assert_eq!(WORDS.cost(Cost::FREE), "free");
        for part in BodyPart::ALL {
            assert_eq!(BodyPart::of(part.maneuver()), Some(part));
        }
        assert_eq!(BodyPart::of(Maneuver::STANDARD), None);
        assert_eq!(BodyPart::of(Maneuver(9)), None);
    }
}
