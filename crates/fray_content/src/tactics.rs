//! Tactics: how a combatant chooses among its legal options, written in content.
//!
//! A statblock of any ruleset, or a side of an encounter, may carry `tactics: (...)`. Every
//! field may be left out (`tactics: (focus_fire: true)` is whole): a field nobody gives leaves
//! the AI policy to its own judgement. A side's fields win over its members' statblocks' field
//! by field (the encounter's author knows the scene: `tactics: (flee_below: 0.0)` on a side of
//! cornered goblins keeps them fighting whatever their statblock says), and the statblock's
//! fields fill in what the side does not say ([`Tactics::over`]).
//!
//! Tactics steer the built-in `aggressive` and `tactical` policies' scoring (`fray_ai`); the
//! `random` policy ignores them. They never make an illegal choice legal: a combatant told to
//! keep its range still closes in when it has no other way to fight.
//!
//! ```
//! use fray_content::prelude::*;
//! let text = "(target: MostHurt, focus_fire: true, flee_below: 0.25, surrender_below: 0.1)";
//! let t: Tactics = SourceFile::new("t.ron", text).parse().unwrap();
//! assert_eq!(t.target, Some(TargetPriority::MostHurt));
//! assert_eq!(t.surrender_below.map(Fraction::get), Some(0.1));
//! let hunter: Tactics = SourceFile::new("t.ron", "(target: Casters)").parse().unwrap();
//! assert_eq!(hunter.target, Some(TargetPriority::Casters));
//! let side = Tactics { flee_below: Some(Fraction::new(0.0).unwrap()), ..Tactics::default() };
//! let merged = side.over(&t);
//! assert_eq!(merged.flee_below.map(Fraction::get), Some(0.0)); // the side's wins
//! assert_eq!(merged.focus_fire, Some(true)); // the statblock's fills in
//! // Out of range is a located content error.
//! let bad = SourceFile::new("t.ron", "(flee_below: 1.5)").parse::<Tactics>().unwrap_err();
//! assert_eq!((bad.line, bad.column), (1, 14));
//! // So is a target priority nobody knows.
//! let typo = SourceFile::new("t.ron", "(target: Caster)").parse::<Tactics>().unwrap_err();
//! assert_eq!((typo.line, typo.column), (1, 10));
//! ```

use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};

/// How a combatant fights: whom it strikes, whom it guards, when it keeps away, gives up or
/// spends what it cannot get back. Every field is optional; `None` leaves the policy to its
/// own judgement.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tactics {
    /// Whom to strike first among the foes it can reach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetPriority>,
    /// Strike the foe its allies are already fighting (engaged with the most of them), to
    /// take foes out one at a time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub focus_fire: Option<bool>,
    /// An ally to guard: foes engaged with it are struck (and engaged) first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protect: Option<Protect>,
    /// Fight from a distance: do not close with or engage foes while it can strike from where
    /// it stands, and step out of melee when it can do so without drawing blows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_range: Option<bool>,
    /// Below this share of its hit points (0 to 1), get out of melee: disengage, retreat or
    /// step away from its foes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdraw_below: Option<Fraction>,
    /// Below this share of its hit points (0 to 1), leave the fight when the ruleset offers a
    /// way (its flight). `0` fights on while its morale holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flee_below: Option<Fraction>,
    /// Below this share of its hit points (0 to 1), give itself up on its turn: it
    /// surrenders, out of the fight for good, before anything else it could do (flight
    /// included: a `flee_below` above it flees first, where the ruleset offers flight).
    /// Without it, a combatant surrenders only when its ruleset's morale check says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surrender_below: Option<Fraction>,
    /// When to spend powers that do not come back during the fight (spells, daily powers,
    /// mastery points).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spend: Option<Spend>,
}

impl Tactics {
    /// These tactics, with `base`'s fields where these leave one out: a side's tactics over
    /// a statblock's.
    pub fn over(&self, base: &Tactics) -> Tactics {
        Tactics {
            target: self.target.or(base.target),
            focus_fire: self.focus_fire.or(base.focus_fire),
            protect: self.protect.or(base.protect),
            keep_range: self.keep_range.or(base.keep_range),
            withdraw_below: self.withdraw_below.or(base.withdraw_below),
            flee_below: self.flee_below.or(base.flee_below),
            surrender_below: self.surrender_below.or(base.surrender_below),
            spend: self.spend.or(base.spend),
        }
    }

    /// Whether no field is given.
    pub fn is_empty(&self) -> bool {
        *self == Tactics::default()
    }
}

/// Whom a combatant strikes first among the foes it can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum TargetPriority {
    /// The foe with the smallest share of its hit points left.
    MostHurt,
    /// The foe nearest (in regions) to it.
    Closest,
    /// The foe's leader (the entry marked `leader: true`).
    Leader,
    /// The foes engaged with it: whoever engages me.
    Engaging,
    /// The foes who cast spells or wield spell-like powers, as their ruleset tells a caster
    /// (a B/X combatant with a memorized spell, a lite5e one with an arcane or divine spell,
    /// an OHO one with an attack spell, an archmage one with a spell attack or a power;
    /// die-rank has no spells): strike the wizard first.
    Casters,
}

/// Which ally a combatant guards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Protect {
    /// Its side's leader.
    Leader,
    /// Any ally below half its hit points.
    Hurt,
}

/// When a combatant spends a power that does not come back during the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Spend {
    /// Whenever the policy finds it worth it (the policies' own judgement).
    Freely,
    /// Keep it while the combatant has half its hit points or more and its side is not
    /// outnumbered.
    WhenHurt,
    /// Keep it for a big moment: when it would do at least twice the damage of the best plain
    /// attack at hand (several foes caught at once), or when the combatant is hurt as for
    /// [`Spend::WhenHurt`].
    OnGroups,
}

/// A share between 0 and 1 inclusive (of hit points); anything else is refused when the
/// content is read.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Serialize, JsonSchema)]
#[serde(transparent)]
pub struct Fraction(#[schemars(range(min = 0.0, max = 1.0))] f32);

impl Fraction {
    /// `value` when it lies within 0..=1.
    pub fn new(value: f32) -> Option<Self> {
        (0.0..=1.0).contains(&value).then_some(Self(value))
    }

    /// The share.
    pub fn get(self) -> f32 {
        self.0
    }
}

// A fraction is never NaN (`new` refuses it), so equality is total.
impl Eq for Fraction {}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<'de> Deserialize<'de> for Fraction {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = f32::deserialize(deserializer)?;
        Self::new(value).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{value} is no share of hit points: it must be within 0.0..1.0"
            ))
        })
    }
}
