//! The seam to the core: the rules' marker type, and spawning OHO encounters and combatants
//! from content.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::options::OptionDef;
use fray_core::combatant::{Hp, Status};
use fray_core::compiled::{CompiledStatblocks, spawnable_statblock, statblock_name};
use fray_core::condition::Conditions;
use fray_core::insert_changed::InsertChangedExt;
use fray_core::kit::{NoPause, RulesBase};
use fray_core::spawn::{CombatantBuild, EncounterBuild, Ruleset, SpawnError};
use fray_core::vocabulary::Vocabulary;

use crate::fighter::Fighter;
use crate::frightened::Frightened;
use crate::gauge::Atg;
use crate::odds::OddsCache;
use crate::rules::ATG;
use crate::sheet::{Sheet, SheetData, compile};
use crate::statblock::OhoBlock;
use crate::state::{Oho, OhoState};

/// The ruleset's id, as encounter files name it.
pub const ID: &str = "oho";

/// OHO's rules: the marker type whose capabilities the kit calls. Each is implemented at the
/// top of the file that owns it: legality in `legality.rs`, previews in `preview.rs`,
/// resolution in `resolve.rs`, the turn flow and rounds in `turns.rs`, the gauges in
/// `gauge.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct OhoRules;

impl RulesBase for OhoRules {
    const ID: &'static str = ID;
    type Battle = Oho;
    type Fighter = Fighter;
    type Extra = ResMut<'static, OddsCache>;
    type Watch = Or<(
        Changed<Hp>,
        Changed<OhoState>,
        Changed<Conditions>,
        Changed<Status>,
    )>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &crate::vocabulary::WORDS
    }
}

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
            let (block, set) = spawnable_statblock::<OhoBlock>(content, ID, id)?;
            let hero = matches!(block, OhoBlock::Hero(_));
            // A spawnable block is a creature.
            let Some(creature) = block.creature() else {
                return Err(SpawnError::Ruleset(format!("{id}: not a creature")));
            };
            compile(creature, hero, set).map_err(|e| SpawnError::Ruleset(format!("{id}: {e}")))
        })
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
        build.entity.insert_changed((
            Hp::new(sheet.health),
            Atg::new(ATG),
            OhoState::default(),
            Sheet::new(sheet),
        ));
        Ok(())
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        statblock_name::<OhoBlock>(content, ID, statblock)
    }
}
