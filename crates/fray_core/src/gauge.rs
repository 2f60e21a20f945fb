//! Ruleset-neutral numbers a client shows: what a combatant has left to spend, and the
//! battle-wide counters of a ruleset.
//!
//! Every ruleset keeps its economy in its own components (archmage's action slots, OHO's
//! Action/Time Gauge, die-rank's action and mastery points) and its battle-wide state in its
//! own encounter component (archmage's escalation die). A client that knows no ruleset asks
//! [`client::budget`](crate::client::budget) and
//! [`client::battle_gauges`](crate::client::battle_gauges), which answer with [`Gauge`]s
//! the ruleset fills in through [`Presentation::budget`](crate::kit::Presentation::budget) and
//! [`Presentation::battle_gauges`](crate::kit::Presentation::battle_gauges) (both default to none).

use bevy_reflect::Reflect;
use std::borrow::Cow;

/// One number a client shows, in the ruleset's words.
///
/// ```
/// use fray_core::gauge::Gauge;
/// let atg = Gauge::new("ATG", 45, Some(65), "4.5s of 6.5s");
/// assert_eq!(atg.to_string(), "ATG 4.5s of 6.5s");
/// assert_eq!(atg.fraction(), Some(45.0 / 65.0));
/// assert_eq!(Gauge::flag("standard", true).text, "ready");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Reflect)]
#[reflect(Debug, PartialEq)]
pub struct Gauge {
    /// What it measures (`ATG`, `standard`, `AP`, `escalation die`).
    pub name: Cow<'static, str>,
    /// How much is left, or the counter's value.
    pub value: i32,
    /// The most it can be (`None` for an open counter).
    pub max: Option<i32>,
    /// The value in the ruleset's words (`4.5s of 6.5s`, `ready`, `+2`).
    pub text: String,
}

impl Gauge {
    /// A gauge named `name` at `value` out of `max`, reading `text`.
    pub fn new(
        name: impl Into<Cow<'static, str>>,
        value: i32,
        max: Option<i32>,
        text: impl Into<String>,
    ) -> Self {
        Self {
            name: name.into(),
            value,
            max,
            text: text.into(),
        }
    }

    /// `value` of `max` (`2/3`).
    pub fn count(name: impl Into<Cow<'static, str>>, value: i32, max: i32) -> Self {
        Self::new(name, value, Some(max), format!("{value}/{max}"))
    }

    /// A number a combatant is judged by, with no maximum (`AC 17`).
    pub fn stat(name: impl Into<Cow<'static, str>>, value: i32) -> Self {
        Self::new(name, value, None, value.to_string())
    }

    /// Something a combatant has or has spent this turn (an action slot): `ready` or `spent`.
    pub fn flag(name: impl Into<Cow<'static, str>>, left: bool) -> Self {
        let text = if left { "ready" } else { "spent" };
        Self::new(name, i32::from(left), Some(1), text)
    }

    /// The share left of the maximum (0 to 1), when there is a maximum above 0.
    pub fn fraction(&self) -> Option<f32> {
        match self.max {
            Some(max) if max > 0 => Some(self.value.clamp(0, max) as f32 / max as f32),
            _ => None,
        }
    }
}

impl std::fmt::Display for Gauge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.name, self.text)
    }
}
