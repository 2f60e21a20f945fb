//! The encounter schema: which ruleset, which map, which sides with which combatants.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::map::MapSpec;
use crate::options::OptionValue;
use crate::tactics::Tactics;

/// The most combatants an encounter (or a dungeon area's stock) may hold. A fight's cost per
/// action grows with the combatants a decision weighs: 1 000 play in about one and a half
/// seconds on one core, 3 000 in about fifteen (`fray batch` of a copy of archmage-bridge with
/// its counts raised, aggressive AI); content checks refuse more.
pub const MAX_COMBATANTS: u32 = 1_000;

/// An encounter as written in `content/<ruleset>/encounters/*.ron`.
///
/// ```
/// use fray_content::prelude::*;
/// let text = r#"Encounter(
///     id: "duel", name: "A duel", ruleset: "archmage", map: Named("near-far"),
///     sides: [
///         (name: "Heroes", controller: Ai("tactical"),
///          combatants: [(statblock: "fighter-1", region: "near")]),
///         (name: "Monsters", combatants: [(statblock: "orc", count: 2, region: "far")]),
///     ],
/// )"#;
/// let spec: EncounterSpec = SourceFile::new("duel.ron", text).parse().unwrap();
/// assert_eq!(spec.sides[1].combatants[0].count, 2);
/// assert_eq!(spec.options.max_rounds, 50);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename = "Encounter")]
pub struct EncounterSpec {
    /// Unique id (`fray run <id>`).
    pub id: String,
    /// A readable name.
    pub name: String,
    /// What the fight is about, for `fray list`.
    #[serde(default)]
    pub description: String,
    /// The ruleset id (`archmage`, `oho`, ...).
    pub ruleset: String,
    /// The map: a map file's id, a built-in map, or a map written inline.
    pub map: MapRef,
    /// Two or more sides.
    pub sides: Vec<SideSpec>,
    /// Options for the run and the ruleset.
    #[serde(default)]
    pub options: EncounterOptions,
    /// A fixed seed for `fray run` when none is given on the command line.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// Where an encounter's map comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub enum MapRef {
    /// A map file's id or a built-in map (`near-far`, `single`).
    Named(String),
    /// A map written in the encounter file.
    Inline(MapSpec),
}

/// One side of an encounter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// The side's name (`Heroes`), unique in the encounter.
    pub name: String,
    /// Who decides for this side's combatants.
    #[serde(default)]
    pub controller: ControllerSpec,
    /// The combatants, in roster order.
    pub combatants: Vec<CombatantSpec>,
    /// The side's hit points and damage scaled (balancing knobs: `fray tune --vary hp:<side>`).
    #[serde(default, skip_serializing_if = "SideScale::is_unscaled")]
    pub scale: SideScale,
    /// How the side's combatants fight: each field given here wins over the one their
    /// statblocks write (see [`Tactics::over`]).
    #[serde(default, skip_serializing_if = "Tactics::is_empty")]
    pub tactics: Tactics,
}

/// A side's hit points and damage as percentages of what its statblocks give, applied by the
/// core for every ruleset: a designer's knob for balancing an encounter (and `fray tune`'s
/// `hp:` and `damage:` knobs), not a rule of any seed.
///
/// - `hp`: each combatant's maximum (and starting) hit points are scaled once spawned,
///   rounded to the nearest (halves up), never below 1.
/// - `damage`: every point of damage a combatant of the side deals through the core is
///   scaled the same way, after the ruleset's own modifiers (resistance, halving); damage
///   that was at least 1 stays at least 1. Previews show the scaled damage; their kill
///   chances are the ruleset's own, from the unscaled dice.
///
/// ```
/// use fray_content::encounter::SideScale;
/// let scale = SideScale { hp: 150, damage: 50 };
/// assert_eq!(scale.hp_of(7), 11); // 10.5 rounds up
/// assert_eq!(scale.damage_of(1), 1); // never below 1
/// assert_eq!(scale.damage_of(9), 5); // 4.5 rounds up
/// assert!(SideScale::default().is_unscaled());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideScale {
    /// Hit points, in percent (100: as written).
    #[serde(default = "hundred")]
    pub hp: u16,
    /// Damage dealt, in percent (100: as written).
    #[serde(default = "hundred")]
    pub damage: u16,
}

impl SideScale {
    /// The largest scale content may give, in percent.
    pub const MAX_PERCENT: u16 = 1000;

    /// Whether both scales are 100%.
    pub fn is_unscaled(&self) -> bool {
        *self == Self::default()
    }

    /// `hp` maximum hit points scaled: rounded to the nearest, at least 1.
    pub fn hp_of(&self, hp: i32) -> i32 {
        scaled(hp, self.hp).max(1)
    }

    /// `amount` damage scaled: rounded to the nearest; at least 1 when `amount` was.
    pub fn damage_of(&self, amount: i32) -> i32 {
        if amount <= 0 {
            return amount;
        }
        scaled(amount, self.damage).max(1)
    }
}

impl Default for SideScale {
    fn default() -> Self {
        Self {
            hp: 100,
            damage: 100,
        }
    }
}

/// `value * percent / 100`, rounded half up, saturating at `i32`'s bounds.
fn scaled(value: i32, percent: u16) -> i32 {
    if percent == 100 {
        return value;
    }
    let exact = (i64::from(value) * i64::from(percent) + 50).div_euclid(100);
    i32::try_from(exact).unwrap_or(if exact < 0 { i32::MIN } else { i32::MAX })
}

fn hundred() -> u16 {
    100
}

/// Who controls a side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ControllerSpec {
    /// An AI policy by name (`random`, `aggressive`, `tactical`, or `lookahead:N` with `N`
    /// rollouts per decision, 1 to 10000).
    Ai(String),
    /// An external controller (a player or a game client) by id.
    External(u32),
}

impl Default for ControllerSpec {
    fn default() -> Self {
        Self::Ai("tactical".to_string())
    }
}

/// One entry of a side: a statblock, how many, and where they start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatantSpec {
    /// Statblock id in the encounter's ruleset.
    pub statblock: String,
    /// Display name; defaults to the statblock's name, numbered when `count > 1`.
    #[serde(default)]
    pub name: Option<String>,
    /// How many of them.
    #[serde(default = "one")]
    pub count: u16,
    /// Starting region id.
    pub region: String,
    /// Whether this is the side's leader (morale: "leader down").
    #[serde(default)]
    pub leader: bool,
    /// The group it belongs to, by name: combatants of a side in one group share initiative and
    /// resources where the ruleset has groups (die-rank's monster groups).
    #[serde(default)]
    pub group: Option<String>,
    /// The level (or hit dice) to play the statblock at instead of its own, where its ruleset
    /// derives its numbers from one (B/X monsters: `level: 5` plays a 5 HD monster); `fray
    /// tune --vary level:<statblock>` sets it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u16>,
}

fn one() -> u16 {
    1
}

/// How a client steps an encounter by default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum StepMode {
    /// Run until every encounter waits on an external controller or has ended.
    #[default]
    UntilBlocked,
    /// Resolve at most one action per encounter per tick (for animating clients).
    OneAction,
}

/// Options of an encounter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EncounterOptions {
    /// Default stepping for clients.
    #[serde(default)]
    pub step: StepMode,
    /// The fight is a draw after this many rounds.
    #[serde(default = "default_max_rounds")]
    pub max_rounds: u32,
    /// An ambush or surprise.
    #[serde(default)]
    pub ambush: Option<AmbushSpec>,
    /// Ruleset options by name (see `fray list` for each ruleset's options).
    #[serde(default)]
    pub ruleset: BTreeMap<String, OptionValue>,
}

fn default_max_rounds() -> u32 {
    50
}

impl Default for EncounterOptions {
    fn default() -> Self {
        Self {
            step: StepMode::default(),
            max_rounds: default_max_rounds(),
            ambush: None,
            ruleset: BTreeMap::new(),
        }
    }
}

/// One side catches the others unaware.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AmbushSpec {
    /// The ambushing side's name.
    pub side: String,
    /// The creature that starts the ambush (archmage AR-37), by display name.
    #[serde(default)]
    pub by: Option<String>,
}
