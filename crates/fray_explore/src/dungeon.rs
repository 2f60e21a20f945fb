//! A dungeon as content: `Dungeon(...)` files (`content/<ruleset>/dungeons/<id>.ron`), with
//! areas, the passages and doors between them, traps, stocked monsters, treasure and a
//! wandering-monster table per level. Ruleset-agnostic: monsters are the ruleset's statblock
//! ids, and what a trap or a stuck door does is the ruleset's procedure.
//!
//! ```
//! use fray_content::prelude::*;
//! use fray_explore::dungeon::DungeonSpec;
//!
//! let loader = ContentLoader::new().with_document(DocumentKind::<DungeonSpec>::new());
//! let text = r#"Dungeon(
//!   id: "hut", name: "Hut", ruleset: "bx", entrance: "door",
//!   areas: [(id: "door"), (id: "den", treasure: 30)],
//!   passages: [(from: "door", to: "dne", feet: 30)],
//! )"#;
//! let mut db = ContentDb::default();
//! loader.add_source(&mut db, SourceFile::new("content/bx/dungeons/hut.ron", text)).unwrap();
//! let problems = loader.validate(&mut db);
//! assert!(problems[0].to_string().starts_with("content/bx/dungeons/hut.ron:4:"));
//! assert_eq!(problems[0].help.as_deref(), Some("did you mean `den`?"));
//! ```

use std::collections::BTreeSet;

use fray_content::db::ContentDb;
use fray_content::document::Document;
use fray_content::schema::Problem;
use fray_content::suggest::help_for;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::foes::Foes;
use crate::rolls::TurnDice;
pub use crate::validation::LIMIT;
use crate::validation::{
    count_problem, dice_problem, id_problems, ruleset_problem, statblock_problem, stock_problems,
};
pub use crate::wandering::{WanderingEntry, roll_entries};

/// A dungeon: its areas, how they connect, and what wanders its levels.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename = "Dungeon", deny_unknown_fields)]
pub struct DungeonSpec {
    /// Unique id among dungeons.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The ruleset whose statblocks its monsters are.
    pub ruleset: String,
    /// What it is, for listings.
    #[serde(default)]
    pub description: String,
    /// The area the party enters by (and leaves by).
    pub entrance: String,
    /// Its areas.
    pub areas: Vec<AreaSpec>,
    /// How the areas connect (both ways).
    #[serde(default)]
    pub passages: Vec<PassageSpec>,
    /// Wandering monsters, one table per level.
    #[serde(default)]
    pub wandering: Vec<WanderingTable>,
}

/// One area (a room, a cave, a stretch of corridor).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaSpec {
    /// Unique id in the dungeon.
    pub id: String,
    /// Display name (the id when empty).
    #[serde(default)]
    pub name: String,
    /// The dungeon level it lies on (its wandering table).
    #[serde(default = "first_level")]
    pub level: u8,
    /// Monsters living here, met when the party enters.
    #[serde(default)]
    pub monsters: Vec<Foes>,
    /// Treasure here, in gold pieces, taken when no monster is left.
    #[serde(default)]
    pub treasure: u32,
    /// A trap that may spring when the party enters, unless found by searching first.
    #[serde(default)]
    pub trap: Option<TrapSpec>,
}

fn first_level() -> u8 {
    1
}

/// A trap in an area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrapSpec {
    /// What it is (`pit`, `poison needle`).
    pub name: String,
    /// The damage it deals to the one who springs it, in dice notation.
    pub damage: String,
    /// The dangerous check its victim makes to avoid it, if any: the ruleset rolls it
    /// ([`Procedure::trap_check`](crate::procedure::Procedure::trap_check)); a success avoids
    /// the damage and the affliction. Without one, the trap always strikes.
    #[serde(default)]
    pub check: Option<TrapCheck>,
    /// An affliction the trap gives its victim when it strikes (`corruption`: a poisoned
    /// needle), by a name the ruleset's procedures give meaning to; others ignore it.
    #[serde(default)]
    pub afflicts: Option<String>,
}

/// The abilities a trap's check may name (the classic six, which the rulesets with ability
/// checks share).
pub const ABILITIES: [&str; 6] = ["str", "dex", "con", "int", "wis", "cha"];

/// Largest DC a trap's check may have.
pub const MAX_DC: i64 = 40;

/// The check a trap's victim makes to avoid it: an ability and a DC.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrapCheck {
    /// The ability checked, lower case (`dex` to leap aside, `con` against a poison).
    pub ability: String,
    /// The difficulty class.
    pub dc: u8,
}

/// A passage between two areas, with its length and, maybe, a door.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PassageSpec {
    /// One end's area id.
    pub from: String,
    /// The other end's area id.
    pub to: String,
    /// Its length in feet.
    pub feet: u32,
    /// A door on it.
    #[serde(default)]
    pub door: Option<DoorSpec>,
}

/// A door on a passage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DoorSpec {
    /// Unique id in the dungeon (listening names it).
    pub id: String,
    /// How it stands.
    pub state: DoorState,
}

/// How a door stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum DoorState {
    /// Opens freely.
    Open,
    /// Must be forced (the ruleset's roll).
    Stuck,
    /// Locked: the party cannot pass without picking it (not modelled yet: impassable).
    Locked,
    /// Hidden: the party cannot pass until a search of either area finds it; then it opens
    /// freely.
    Secret,
}

/// The wandering monsters of one level: a roll of one die with as many sides as entries picks
/// one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WanderingTable {
    /// The level it is for.
    pub level: u8,
    /// Its entries, first for a 1.
    pub entries: Vec<WanderingEntry>,
}

impl WanderingTable {
    /// Rolls the table: one die with a side per entry picks the monsters, then their count is
    /// rolled. `None` for an empty table or a count that does not parse (content validation
    /// refuses both).
    pub fn roll(&self, dice: &mut TurnDice<'_>) -> Option<Foes> {
        roll_entries(
            &format!("wandering table of level {}", self.level),
            &self.entries,
            dice,
        )
    }
}

impl DungeonSpec {
    /// The area with this id.
    pub fn area(&self, id: &str) -> Option<&AreaSpec> {
        self.areas.iter().find(|a| a.id == id)
    }

    /// The wandering table of `level`.
    pub fn table(&self, level: u8) -> Option<&WanderingTable> {
        self.wandering.iter().find(|t| t.level == level)
    }
}

impl Document for DungeonSpec {
    const KIND: &'static str = "Dungeon";

    fn id(&self) -> &str {
        &self.id
    }

    fn problems(&self, db: &ContentDb) -> Vec<Problem> {
        let mut out = Vec::new();
        let ids: Vec<&str> = self.areas.iter().map(|a| a.id.as_str()).collect();
        let mut seen = BTreeSet::new();
        out.extend(id_problems("dungeon", &self.id));
        for area in &self.areas {
            out.extend(id_problems("area", &area.id));
            if !seen.insert(area.id.as_str()) {
                out.push(Problem::at(
                    &area.id,
                    format!("area `{}` is defined twice", area.id),
                ));
            }
            for foes in &area.monsters {
                out.extend(stock_problems(db, &self.ruleset, foes));
            }
            if let Some(p) = Problem::outside(i64::from(area.treasure), 0, LIMIT, "treasure") {
                out.push(p);
            }
            if let Some(trap) = &area.trap {
                out.extend(dice_problem(&trap.damage, 0, "a trap's damage"));
                if let Some(check) = &trap.check {
                    if !ABILITIES.contains(&check.ability.as_str()) {
                        out.push(
                            Problem::at(
                                &check.ability,
                                format!("a trap's check names no ability `{}`", check.ability),
                            )
                            .with_help(help_for(&check.ability, ABILITIES)),
                        );
                    }
                    if !(1..=MAX_DC).contains(&i64::from(check.dc)) {
                        out.push(Problem::at(
                            &trap.name,
                            format!(
                                "the {}'s check has DC {}; it must be within 1..{MAX_DC}",
                                trap.name, check.dc
                            ),
                        ));
                    }
                }
                if trap
                    .afflicts
                    .as_deref()
                    .is_some_and(|a| a.trim().is_empty())
                {
                    out.push(Problem::at(
                        &trap.name,
                        format!("the {}'s affliction needs a name", trap.name),
                    ));
                }
            }
        }
        let known = |id: &str, out: &mut Vec<Problem>| {
            if !ids.contains(&id) {
                out.push(
                    Problem::at(id, format!("unknown area `{id}`"))
                        .with_help(help_for(id, ids.iter().copied())),
                );
            }
        };
        known(&self.entrance, &mut out);
        let mut doors = BTreeSet::new();
        for passage in &self.passages {
            known(&passage.from, &mut out);
            known(&passage.to, &mut out);
            if passage.from == passage.to {
                out.push(Problem::at(
                    &passage.from,
                    "a passage must join two different areas",
                ));
            }
            if let Some(p) = Problem::outside(i64::from(passage.feet), 1, LIMIT, "feet") {
                out.push(p);
            }
            if let Some(door) = &passage.door
                && !doors.insert(door.id.as_str())
            {
                out.push(Problem::at(
                    &door.id,
                    format!("door `{}` is defined twice", door.id),
                ));
            }
        }
        let mut levels = BTreeSet::new();
        for table in &self.wandering {
            if !levels.insert(table.level) {
                out.push(Problem::here(format!(
                    "level {} has two wandering tables",
                    table.level
                )));
            }
            if table.entries.is_empty() {
                out.push(Problem::here(format!(
                    "the wandering table of level {} has no entries",
                    table.level
                )));
            }
            for entry in &table.entries {
                out.extend(statblock_problem(db, &self.ruleset, &entry.statblock));
                out.extend(count_problem(&entry.count));
            }
        }
        out.extend(ruleset_problem(db, &self.ruleset));
        out
    }
}

#[cfg(test)]
mod tests {
    use fray_content::prelude::*;

    use super::*;

    #[test]
    fn a_traps_check_names_one_of_the_six_abilities_and_a_dc_within_1_to_40() {
        let loader = ContentLoader::new().with_document(DocumentKind::<DungeonSpec>::new());
        let text = r#"Dungeon(
  id: "pits", name: "Pits", ruleset: "bx", entrance: "a",
  areas: [
    (id: "a", trap: (name: "pit", damage: "1d6", check: (ability: "dx", dc: 12))),
    (id: "b", trap: (name: "blade", damage: "1d6", check: (ability: "str", dc: 0), afflicts: " ")),
  ],
)"#;
        let mut db = ContentDb::default();
        loader
            .add_source(
                &mut db,
                SourceFile::new("content/bx/dungeons/pits.ron", text),
            )
            .unwrap();
        let problems = loader.validate(&mut db);
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(
            text.iter()
                .any(|p| p.starts_with("content/bx/dungeons/pits.ron:4:")
                    && p.contains("names no ability `dx`")),
            "{text:?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.help.as_deref() == Some("did you mean `dex`?"))
        );
        assert!(
            text.iter()
                .any(|p| p.starts_with("content/bx/dungeons/pits.ron:5:")
                    && p.contains("DC 0; it must be within 1..40")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|p| p.contains("the blade's affliction needs a name"))
        );
    }

    #[test]
    fn an_areas_stock_and_a_wandering_count_stay_within_what_a_fight_may_hold() {
        let loader = ContentLoader::new().with_document(DocumentKind::<DungeonSpec>::new());
        let text = r#"Dungeon(
  id: "warren", name: "Warren", ruleset: "bx", entrance: "a",
  areas: [(id: "a", monsters: [(statblock: "giant-rat", count: 60000)]), (id: "b c")],
  wandering: [(level: 1, entries: [(statblock: "giant-rat", count: "10d200")])],
)"#;
        let mut db = ContentDb::default();
        loader
            .add_source(
                &mut db,
                SourceFile::new("content/bx/dungeons/warren.ron", text),
            )
            .unwrap();
        let text: Vec<String> = loader
            .validate(&mut db)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(
            text.iter()
                .any(|p| p.contains("a stock of 60000 giant-rat is more than the 1000")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|p| p.contains("`10d200` rolls up to 2000; a fight may hold at most 1000")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|p| p.contains("area id `b c` holds the character U+0020")),
            "{text:?}"
        );
    }
}
