//! The options a B/X encounter may set (`options: (ruleset: { "ties": "reroll" })`): the
//! text's optional rules and the referee's calls, each with the default Fray plays.

use std::borrow::Cow;
use std::collections::BTreeMap;

use fray_content::options::{OptionDef, OptionValue};
use serde::{Deserialize, Serialize};

use crate::tables::AttackRoll;

/// The options, as `fray list` shows them.
pub const OPTIONS: &[OptionDef] = &[
    OptionDef {
        name: "attack_roll",
        default: OptionValue::Text(Cow::Borrowed("matrix")),
        doc: "how attacks are judged: \"matrix\" (default), \"thac0\" or \"ascending\" (BX-22)",
    },
    OptionDef {
        name: "ties",
        default: OptionValue::Text(Cow::Borrowed("simultaneous")),
        doc: "tied initiative: \"simultaneous\" (default) or \"reroll\" (BX-16)",
    },
    OptionDef {
        name: "individual_initiative",
        default: OptionValue::Bool(false),
        doc: "each combatant rolls 1d6 + DEX instead of one roll per side (BX-16)",
    },
    OptionDef {
        name: "variable_damage",
        default: OptionValue::Bool(false),
        doc: "characters' weapons deal their own dice instead of 1d6 (BX-23)",
    },
    OptionDef {
        name: "situational_morale",
        default: OptionValue::Bool(true),
        doc: "a losing side checks morale at -1, a winning one at +1 (BX-25)",
    },
    OptionDef {
        name: "morale_adjust",
        default: OptionValue::Int(0),
        doc: "the referee's morale adjustment for the monsters, -2..2 (BX-25)",
    },
    OptionDef {
        name: "leader_check",
        default: OptionValue::Bool(true),
        doc: "a side whose leader falls checks morale (Fray's ruling, BX-25)",
    },
    OptionDef {
        name: "invulnerable_5hd",
        default: OptionValue::Bool(false),
        doc: "monsters of 5 HD or more harm invulnerable monsters (BX-24)",
    },
    OptionDef {
        name: "outdoors",
        default: OptionValue::Bool(false),
        doc: "a fight outdoors: ranges and movement rates in yards, tripled (BX-11; `distance: \"wilderness\"` implies it)",
    },
    OptionDef {
        name: "region_feet",
        default: OptionValue::Int(30),
        doc: "feet between neighbouring regions, unless a distance is rolled",
    },
    OptionDef {
        name: "distance",
        default: OptionValue::Text(Cow::Borrowed("")),
        doc: "roll the encounter distance: \"dungeon\" (2d6 x 10 ft) or \"wilderness\" (BX-13)",
    },
    OptionDef {
        name: "unaware",
        default: OptionValue::Text(Cow::Borrowed("")),
        doc: "sides that check for surprise, by name, comma-separated, or \"all\" (BX-13)",
    },
    OptionDef {
        name: "light",
        default: OptionValue::Text(Cow::Borrowed("")),
        doc: "the side carrying a light: in a dark place it cannot surprise (BX-13)",
    },
    OptionDef {
        name: "cover",
        default: OptionValue::Text(Cow::Borrowed("")),
        doc: "cover against missiles by region: \"ruins=2, wall=full\" (-1..-4 or full, BX-20)",
    },
    OptionDef {
        name: "evade",
        default: OptionValue::Text(Cow::Borrowed("")),
        doc: "the side that tries to evade before combat, with `evade_chance` (BX-13's evasion hook)",
    },
    OptionDef {
        name: "evade_chance",
        default: OptionValue::Int(0),
        doc: "its chance to evade in percent, 1..100, as the exploration layer works it out",
    },
    OptionDef {
        name: "pursuit",
        default: OptionValue::Text(Cow::Borrowed("")),
        doc: "what follows a failed evasion: \"\" the pursuers catch up at once (dungeon, water), \"wilderness\" or \"wilderness-faster\" (pursuers faster) a pursuit played day by day (BX-15)",
    },
    OptionDef {
        name: "parley",
        default: OptionValue::Text(Cow::Borrowed("")),
        doc: "the side that may speak first: one of its characters may declare a parley before the first blow, and the others roll a 2d6 reaction with its CHA (BX-14)",
    },
];

/// How tied sides resolve (BX-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Ties {
    /// Both act at once: both may fall.
    #[default]
    Simultaneous,
    /// The tied sides roll again.
    Reroll,
}

/// How far apart the sides are met, when rolled (BX-13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Distance {
    /// The map's regions are `region_feet` apart.
    #[default]
    Map,
    /// 2d6 x 10 feet.
    Dungeon,
    /// 4d6 x 10 yards, or 1d4 x 10 yards when a side is surprised.
    Wilderness,
}

/// What follows a failed evasion (BX-15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Pursuit {
    /// The pursuers catch up at once: in the dungeon (the exploration layer has run the
    /// pursuit already) and on the water (pursuers close at least 30 ft a round).
    #[default]
    Caught,
    /// The wilderness pursuit, day by day: if the pursuers are faster they catch up on 50%,
    /// else (or if they do not) the fleeing side tries to evade again; a success ends the
    /// pursuit, a failure starts another day.
    Days {
        /// Whether the pursuers move faster than the fleeing side.
        pursuers_faster: bool,
    },
}

/// A B/X encounter's options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BxOptions {
    /// How attacks are judged.
    pub attack_roll: AttackRoll,
    /// Tied initiative.
    pub ties: Ties,
    /// Individual initiative.
    pub individual: bool,
    /// Variable weapon damage.
    pub variable_damage: bool,
    /// Losing and winning sides adjust morale.
    pub situational_morale: bool,
    /// The referee's morale adjustment.
    pub morale_adjust: i32,
    /// A fallen leader calls for a check.
    pub leader_check: bool,
    /// Monsters of 5 HD or more harm invulnerable ones.
    pub invulnerable_5hd: bool,
    /// Outdoors: the text's ranges and movement rates are yards, not feet (BX-11).
    #[serde(default)]
    pub outdoors: bool,
    /// Feet between neighbouring regions.
    pub region_feet: i32,
    /// Whether the encounter distance is rolled.
    pub distance: Distance,
    /// Sides that check for surprise (names), or every side.
    pub unaware: Vec<String>,
    /// The side carrying a light.
    pub light: Option<String>,
    /// The side that speaks first.
    pub parley: Option<String>,
    /// The side that tries to evade before combat, and its chance in percent.
    pub evade: Option<(String, u8)>,
    /// What follows a failed evasion.
    #[serde(default)]
    pub pursuit: Pursuit,
    /// Cover against missiles by region id: a penalty of 1..4, or [`FULL_COVER`].
    pub cover: Vec<(String, u8)>,
}

/// Complete cover: the target cannot be hit by missiles (BX-20).
pub const FULL_COVER: u8 = u8::MAX;

impl Default for BxOptions {
    fn default() -> Self {
        Self {
            attack_roll: AttackRoll::Matrix,
            ties: Ties::Simultaneous,
            individual: false,
            variable_damage: false,
            situational_morale: true,
            morale_adjust: 0,
            leader_check: true,
            invulnerable_5hd: false,
            outdoors: false,
            region_feet: 30,
            distance: Distance::Map,
            unaware: Vec::new(),
            light: None,
            parley: None,
            evade: None,
            pursuit: Pursuit::Caught,
            cover: Vec::new(),
        }
    }
}

fn text<'a>(set: &'a BTreeMap<String, OptionValue>, name: &str) -> &'a str {
    match set.get(name) {
        Some(OptionValue::Text(t)) => t.trim(),
        _ => "",
    }
}

fn flag(set: &BTreeMap<String, OptionValue>, name: &str, default: bool) -> bool {
    match set.get(name) {
        Some(OptionValue::Bool(b)) => *b,
        _ => default,
    }
}

fn int(set: &BTreeMap<String, OptionValue>, name: &str, default: i64) -> i64 {
    match set.get(name) {
        Some(OptionValue::Int(i)) => *i,
        _ => default,
    }
}

fn named(t: &str) -> Option<String> {
    (!t.is_empty()).then(|| t.to_string())
}

impl BxOptions {
    /// Reads the options an encounter sets; `sides` are its side names (for the options that
    /// name sides). Says what is wrong with a bad value.
    pub fn read(set: &BTreeMap<String, OptionValue>, sides: &[&str]) -> Result<Self, String> {
        let attack = text(set, "attack_roll");
        let attack_roll = if attack.is_empty() {
            AttackRoll::Matrix
        } else {
            AttackRoll::of_name(attack).ok_or_else(|| {
                format!(
                    "attack_roll `{attack}`: expected {}",
                    AttackRoll::NAMES.join(", ")
                )
            })?
        };
        let ties = match text(set, "ties") {
            "" | "simultaneous" => Ties::Simultaneous,
            "reroll" => Ties::Reroll,
            other => {
                return Err(format!(
                    "ties `{other}`: expected \"simultaneous\" or \"reroll\""
                ));
            }
        };
        let distance = match text(set, "distance") {
            "" => Distance::Map,
            "dungeon" => Distance::Dungeon,
            "wilderness" => Distance::Wilderness,
            other => {
                return Err(format!(
                    "distance `{other}`: expected \"dungeon\" or \"wilderness\""
                ));
            }
        };
        let morale_adjust = int(set, "morale_adjust", 0);
        if !(-2..=2).contains(&morale_adjust) {
            return Err(format!(
                "morale_adjust {morale_adjust}: it must be within -2..2"
            ));
        }
        let region_feet = int(set, "region_feet", 30);
        if !(5..=1000).contains(&region_feet) {
            return Err(format!(
                "region_feet {region_feet}: it must be within 5..1000"
            ));
        }
        let side = |option: &str, name: &str| -> Result<Option<String>, String> {
            match named(name) {
                Some(n) if !sides.contains(&n.as_str()) => Err(format!(
                    "{option}: no side is called `{n}` (the sides are {})",
                    sides.join(", ")
                )),
                other => Ok(other),
            }
        };
        let unaware = match text(set, "unaware") {
            "" => Vec::new(),
            "all" => sides.iter().map(|s| s.to_string()).collect(),
            list => list
                .split(',')
                .map(|n| side("unaware", n.trim()).map(Option::unwrap_or_default))
                .collect::<Result<_, _>>()?,
        };
        let evade_chance = int(set, "evade_chance", 0);
        let evade = match (side("evade", text(set, "evade"))?, evade_chance) {
            (None, 0) => None,
            (Some(side), chance @ 1..=100) => Some((side, chance as u8)),
            (Some(_), _) => {
                return Err(format!(
                    "evade_chance {evade_chance}: an evading side needs a chance within 1..100"
                ));
            }
            (None, _) => return Err("evade_chance needs `evade`: the side that evades".into()),
        };
        let pursuit = match text(set, "pursuit") {
            "" => Pursuit::Caught,
            "wilderness" => Pursuit::Days {
                pursuers_faster: false,
            },
            "wilderness-faster" => Pursuit::Days {
                pursuers_faster: true,
            },
            other => {
                return Err(format!(
                    "pursuit `{other}`: expected \"wilderness\" or \"wilderness-faster\" (or nothing: caught at once)"
                ));
            }
        };
        Ok(Self {
            attack_roll,
            ties,
            individual: flag(set, "individual_initiative", false),
            variable_damage: flag(set, "variable_damage", false),
            situational_morale: flag(set, "situational_morale", true),
            morale_adjust: morale_adjust as i32,
            leader_check: flag(set, "leader_check", true),
            invulnerable_5hd: flag(set, "invulnerable_5hd", false),
            outdoors: flag(set, "outdoors", false) || distance == Distance::Wilderness,
            region_feet: region_feet as i32,
            distance,
            unaware,
            light: side("light", text(set, "light"))?,
            parley: side("parley", text(set, "parley"))?,
            evade,
            pursuit,
            cover: cover(text(set, "cover"))?,
        })
    }
}

/// Parses `region=2, wall=full`.
fn cover(text: &str) -> Result<Vec<(String, u8)>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (region, value) = part
                .split_once('=')
                .ok_or_else(|| format!("cover `{part}`: write `region=2` or `region=full`"))?;
            let value = match value.trim() {
                "full" => FULL_COVER,
                v => match v.parse::<u8>() {
                    Ok(n @ 1..=4) => n,
                    _ => return Err(format!("cover `{part}`: a penalty of 1 to 4, or `full`")),
                },
            };
            Ok((region.trim().to_string(), value))
        })
        .collect()
}
