//! The seam to the core: spawning die-rank encounters and combatants from content.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_core::combatant::Hp;
use fray_core::compiled::{CompiledStatblocks, spawnable_statblock, statblock_name};
use fray_core::insert_changed::InsertChangedExt;
use fray_core::kit::RulesBase;
use fray_core::spawn::{CombatantBuild, EncounterBuild, Ruleset, SpawnError};
use fray_core::vocabulary::Vocabulary;

use crate::contest::Contest;
use crate::fighter::Fighter;
use crate::sheet::{Sheet, SheetData};
use crate::statblock::DrBlock;
use crate::state::{Dr, DrState};

/// The ruleset's id, as encounter files name it.
pub const ID: &str = "dierank";

/// Die-rank's rules: the marker type whose capabilities the kit calls. Each is implemented at
/// the top of the file that owns it: legality in `legality.rs`, previews in `preview.rs`, the
/// turn flow and resolution in `resolve.rs`, the rounds (mastery points on initiative) in
/// `initiative.rs`, the gauges in `gauges.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct DrRules;

impl RulesBase for DrRules {
    const ID: &'static str = ID;
    type Battle = Dr;
    type Fighter = Fighter;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = Contest;

    fn vocabulary() -> &'static dyn Vocabulary {
        &crate::vocabulary::WORDS
    }
}

/// The die-rank ruleset as the core sees it. It compiles each statblock once and shares the
/// compiled sheet between every combatant spawned from it.
#[derive(Debug, Default)]
pub struct DrRuleset {
    sheets: CompiledStatblocks<SheetData>,
}

impl DrRuleset {
    /// The compiled sheet of a statblock (compiled on first use).
    pub fn sheet(&self, content: &ContentDb, id: &str) -> Result<Arc<SheetData>, SpawnError> {
        self.sheets.get_or_compile(content, id, || {
            Ok(match spawnable_statblock::<DrBlock>(content, ID, id)?.0 {
                DrBlock::Hero(c) => SheetData::compile(c, true),
                DrBlock::Monster(c) => SheetData::compile(c, false),
            })
        })
    }
}

impl Ruleset for DrRuleset {
    fn id(&self) -> &'static str {
        ID
    }

    fn build_encounter(&self, mut build: EncounterBuild<'_>) -> Result<(), SpawnError> {
        build.entity.insert(Dr::default());
        Ok(())
    }

    fn build_combatant(&self, mut build: CombatantBuild<'_>) -> Result<(), SpawnError> {
        let sheet = self.sheet(build.content, build.statblock)?;
        let state = DrState {
            mp: sheet.mp,
            left: sheet.ap,
            ..DrState::default()
        };
        build
            .entity
            .insert_changed((Hp::new(i32::from(sheet.health)), state, Sheet::new(sheet)));
        Ok(())
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        statblock_name::<DrBlock>(content, ID, statblock)
    }
}
