//! The seam to the core: spawning OHO encounters and combatants from content.

use std::sync::Arc;

use fray_content::db::ContentDb;
use fray_content::options::OptionDef;
use fray_content::schema::Statblock;
use fray_core::combatant::Hp;
use fray_core::compiled::CompiledStatblocks;
use fray_core::spawn::{CombatantBuild, EncounterBuild, Ruleset, SpawnError};

use crate::frightened::Frightened;
use crate::gauge::Atg;
use crate::rules::ATG;
use crate::sheet::{Sheet, SheetData, compile};
use crate::statblock::OhoBlock;
use crate::state::{Oho, OhoState};

/// The ruleset's id, as encounter files name it.
pub const ID: &str = "oho";

/// The options OHO encounters may set: what frightened does (OHO-20); every other number
/// comes from the statblocks.
pub const OPTIONS: &[OptionDef] = &crate::frightened::OPTIONS;

/// The OHO ruleset as the core sees it. It compiles each statblock once and shares the compiled
/// sheet between every combatant spawned from it.
#[derive(Debug, Default)]
pub struct OhoRuleset {
    sheets: CompiledStatblocks<SheetData>,
}

impl OhoRuleset {
    /// The compiled sheet of a statblock (compiled on first use).
    pub fn sheet(&self, content: &ContentDb, id: &str) -> Result<Arc<SheetData>, SpawnError> {
        self.sheets.get_or_compile(content, id, || {
            let set = content
                .statblocks::<OhoBlock>(ID)
                .ok_or_else(|| SpawnError::Ruleset("no oho content is loaded".into()))?;
            let block = set.get(id).ok_or_else(|| unknown(id))?;
            let creature = block.creature().ok_or_else(|| unknown(id))?;
            let hero = matches!(block, OhoBlock::Hero(_));
            compile(creature, hero, set).map_err(|e| SpawnError::Ruleset(format!("{id}: {e}")))
        })
    }
}

fn unknown(id: &str) -> SpawnError {
    SpawnError::UnknownStatblock {
        id: id.to_string(),
        help: "check content/oho for heroes and monsters".to_string(),
    }
}

impl Ruleset for OhoRuleset {
    fn id(&self) -> &'static str {
        ID
    }

    fn build_encounter(&self, mut build: EncounterBuild<'_>) -> Result<(), SpawnError> {
        let frightened =
            Frightened::from_options(&build.spec.options.ruleset).map_err(SpawnError::Ruleset)?;
        build.entity.insert(Oho {
            frightened,
            ..Oho::default()
        });
        Ok(())
    }

    fn build_combatant(&self, mut build: CombatantBuild<'_>) -> Result<(), SpawnError> {
        let sheet = self.sheet(build.content, build.statblock)?;
        build.entity.insert((
            Hp::new(sheet.health),
            Atg::new(ATG),
            OhoState::default(),
            Sheet(sheet),
        ));
        Ok(())
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        let block = content.statblocks::<OhoBlock>(ID)?.get(statblock)?;
        block.creature().map(|_| block.name().to_string())
    }
}
