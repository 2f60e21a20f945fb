//! The duel: the toy that drives every part of the core an ordinary fight touches.
//!
//! Individual initiative (a d20 each, the order holds every round); a turn is one attack and
//! one move. An attack is a d20 plus the attacker's bonus against the target's defense and
//! deals the attacker's fixed damage; a burning attacker's hit also leaves ongoing fire damage
//! that a save (11+ on a d20) at the end of the burning creature's turn ends. Attacks reach
//! only enemies engaged with the attacker; engaging takes the move, and so does moving to a
//! neighbouring region, which draws an opportunity attack from every enemy it leaves. A
//! creature that has done nothing yet may delay until after the next one. At 0 hit points a
//! creature dies. Morale (the `morale` option): when half a side is out of the fight, the rest
//! of it flees, surrenders, or fights on (`none`).

mod legality;
mod resolve;
mod turns;

use std::borrow::Cow;
use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use fray_content::prelude::*;
use fray_core::cost::Cost;
use fray_core::ids::SideId;
use fray_core::kit::{NoPause, Presentation, RulesBase};
use fray_core::morale::MoraleTrigger;
use fray_core::prelude::Hp;
use fray_core::spawn::SpawnError;
use fray_core::vocabulary::Vocabulary;
use serde::{Deserialize, Serialize};

use crate::harness::Bench;
use crate::toys::words::{ACTION, MOVE, WORDS};
use crate::toys::{Toy, ToyFighter};

/// The duel's ruleset id.
pub const ID: &str = "duel";

/// The statblocks of the duel's tests.
pub const BLOCKS: &str = r#"[
    (id: "knight", name: "Knight", hp: 20, attack: 5, damage: 6, defense: 14),
    (id: "goblin", name: "Goblin", hp: 8, attack: 3, damage: 4, defense: 12, burn: 2),
]"#;

/// The duel's options.
pub const OPTIONS: &[OptionDef] = &[OptionDef {
    name: "morale",
    default: OptionValue::Text(Cow::Borrowed("none")),
    doc: "flee, surrender or none: what the rest of a side does once half of it is out",
}];

/// What the rest of a side does once half of it is out of the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum MoraleRule {
    /// It fights on.
    #[default]
    None,
    /// It flees.
    Flee,
    /// It surrenders.
    Surrender,
}

/// A duel encounter's battle-wide state.
#[derive(Component, Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Duel {
    /// The morale rule.
    pub morale: MoraleRule,
    /// Every morale trigger the duel's morale hook was called with, in order (tests read it).
    pub seen: Vec<(SideId, MoraleTrigger)>,
}

/// What a duellist has left of its turn.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DuelState {
    /// Its attack.
    pub standard: bool,
    /// Its move.
    pub movement: bool,
}

/// The price of an attack: the turn's action.
pub const STANDARD: Cost = Cost::new(1, ACTION, 600);
/// The price of engaging or moving: the turn's move.
pub const MOVEMENT: Cost = Cost::new(1, MOVE, 400);

/// The duel's context.
pub(crate) type Ctx<'a, 'i, 'w, 's> = fray_core::kit::Ctx<'a, 'i, 'w, 's, DuelRules>;

/// The duel's rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct DuelRules;

/// The duel's test bench.
pub fn bench() -> Bench {
    crate::toys::bench::<DuelRules>()
}

impl Toy for DuelRules {
    type State = DuelState;
    const SAVED: [&'static str; 2] = ["toys::duel::Duel", "toys::duel::DuelState"];
    const OPTIONS: &'static [OptionDef] = OPTIONS;
    const BLOCKS: &'static str = BLOCKS;

    fn battle(options: &BTreeMap<String, OptionValue>) -> Result<Duel, SpawnError> {
        let morale = match options.get("morale") {
            None => MoraleRule::None,
            Some(OptionValue::Text(t)) if t.is_empty() || t == "none" => MoraleRule::None,
            Some(OptionValue::Text(t)) if t == "flee" => MoraleRule::Flee,
            Some(OptionValue::Text(t)) if t == "surrender" => MoraleRule::Surrender,
            Some(other) => {
                return Err(SpawnError::Ruleset(format!(
                    "morale must be flee, surrender or none, not {other}"
                )));
            }
        };
        Ok(Duel {
            morale,
            seen: Vec::new(),
        })
    }
}

impl RulesBase for DuelRules {
    const ID: &'static str = ID;
    type Battle = Duel;
    type Fighter = ToyFighter<DuelState>;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &WORDS
    }
}

impl Presentation for DuelRules {}
