//! The statblock every toy loads: hit points, one attack, one defense, and a knob or two that
//! single toys read.

use fray_content::prelude::*;
use serde::Deserialize;

/// A toy statblock, as a toy's content file lists it.
///
/// ```
/// use fray_content::prelude::*;
/// use fray_testkit::toys::ToyBlock;
///
/// let loader = ContentLoader::new().with_schema(Schema::<ToyBlock>::new("duel", &[]));
/// let mut db = ContentDb::default();
/// let text = r#"[(id: "orc", name: "Orc", hp: 8, attack: 3, damage: 4, defense: 12)]"#;
/// loader.add_source(&mut db, SourceFile::new("duel/blocks.ron", text)).unwrap();
/// assert_eq!(db.statblocks::<ToyBlock>("duel").unwrap().get("orc").unwrap().hp, 8);
/// ```
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToyBlock {
    /// Unique id within the toy.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Hit points.
    pub hp: i32,
    /// Bonus to the d20 of its attack.
    pub attack: i32,
    /// Damage of a hit (fixed).
    pub damage: i32,
    /// What an attack total must reach to hit it.
    pub defense: i32,
    /// `duel`: ongoing fire damage its hits leave (save ends); 0 for none.
    #[serde(default)]
    pub burn: i32,
    /// `sides`: damage of its missile attack; 0 when it has none.
    #[serde(default)]
    pub missile: i32,
    /// `declare`: damage of its spell; 0 when it casts none.
    #[serde(default)]
    pub spell: i32,
    /// `next_turn`: action points a turn; 0 means the toy's default.
    #[serde(default)]
    pub ap: u8,
    /// `pause`: shield spells it can cast.
    #[serde(default)]
    pub shield: u8,
}

impl Statblock for ToyBlock {
    fn id(&self) -> &str {
        &self.id
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn kind(&self) -> &'static str {
        "toy"
    }

    fn problems(&self, _set: &StatblockSet<Self>) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.hp <= 0 {
            out.push(Problem::here("hp must be positive"));
        }
        if self.damage < 0 || self.burn < 0 || self.missile < 0 || self.spell < 0 {
            out.push(Problem::here("damage cannot be negative"));
        }
        out
    }
}
