//! The toys' words: their codes for attacks, abilities, cost units, damage types and
//! provocations, the names of those, and the labels of their offers.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use fray_core::condition::Condition;
use fray_core::cost::{Cost, Timing};
use fray_core::ids::{AbilityId, AttackId};
use fray_core::vocabulary::{DamageType, Vocabulary};

/// A melee attack (every toy combatant has one).
pub const MELEE: AttackId = AttackId(0);
/// A missile attack (`sides`).
pub const MISSILE: AttackId = AttackId(1);

/// A spell at an enemy (`declare`).
pub const SPELL: AbilityId = AbilityId(0);
/// A shield spell, cast as a reaction (`pause`).
pub const SHIELD: AbilityId = AbilityId(1);

/// Plain damage.
pub const PLAIN: DamageType = DamageType(0);
/// Fire damage (`duel`'s burns).
pub const FIRE: DamageType = DamageType(1);

/// Cost unit: an action of the turn.
pub const ACTION: u8 = 0;
/// Cost unit: action points (`next_turn`).
pub const AP: u8 = 1;
/// Cost unit: the reaction of the round (`pause`).
pub const REACTION: u8 = 2;
/// Cost unit: the move of the turn (`duel`).
pub const MOVE: u8 = 3;

/// Provocation kinds, in the order their windows resolve.
pub mod provokes {
    /// Leaving an engagement provokes opportunity attacks (`duel`).
    pub const LEAVING: u8 = 0;
    /// An attack provokes its target's interrupt (`next_turn`).
    pub const INTERRUPT: u8 = 1;
    /// A hit provokes its target's shield (`pause`, inside the attack's resolution).
    pub const HIT: u8 = 2;
}

/// What a provocation of `kind` is called in logs.
pub fn provocation(kind: u8) -> Cow<'static, str> {
    Cow::Borrowed(match kind {
        provokes::LEAVING => "leaving an engagement",
        provokes::INTERRUPT => "an attack on it",
        provokes::HIT => "a hit on it",
        _ => "something",
    })
}

/// The toys' vocabulary.
#[derive(Debug, Clone, Copy, Default)]
pub struct ToyWords;

/// The toys' vocabulary, for [`RulesBase::vocabulary`](fray_core::kit::RulesBase::vocabulary).
pub static WORDS: ToyWords = ToyWords;

impl Vocabulary for ToyWords {
    /// Every common condition: the toys' tests put any of them on (their durations are the
    /// point, not their meaning).
    fn conditions(&self) -> &'static [Condition] {
        Condition::COMMON
    }

    fn provocation(&self, kind: u8) -> Cow<'static, str> {
        provocation(kind)
    }

    fn damage_type(&self, d: DamageType) -> Cow<'static, str> {
        Cow::Borrowed(if d == FIRE { "fire" } else { "" })
    }

    fn cost(&self, cost: Cost) -> Cow<'static, str> {
        if cost.is_free() {
            return Cow::Borrowed("free");
        }
        let unit = match cost.unit {
            AP => "AP",
            REACTION => "reaction",
            MOVE => "move",
            _ => "action",
        };
        let when = match cost.timing {
            Timing::NextTurn => " of the next turn",
            Timing::Turn | Timing::Reaction => "",
        };
        Cow::Owned(format!("{} {unit}{when}", cost.amount))
    }
}

/// The labels of the toys' offers, made once (cloning an `Arc<str>` allocates nothing).
#[derive(Debug)]
pub struct Labels {
    /// A missile attack.
    pub missile: Arc<str>,
    /// An opportunity attack.
    pub opportunity: Arc<str>,
    /// A counter-attack out of turn.
    pub interrupt: Arc<str>,
    /// A spell.
    pub spell: Arc<str>,
    /// A shield spell.
    pub shield: Arc<str>,
}

impl Labels {
    /// The labels.
    pub fn get() -> &'static Labels {
        static LABELS: OnceLock<Labels> = OnceLock::new();
        LABELS.get_or_init(|| Labels {
            missile: Arc::from("missile"),
            opportunity: Arc::from("opportunity attack"),
            interrupt: Arc::from("interrupt"),
            spell: Arc::from("spell"),
            shield: Arc::from("shield"),
        })
    }
}
