//! The seam to the core: spawning archmage encounters and combatants from content.

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::options::OptionValue;
use fray_core::combatant::Hp;
use fray_core::compiled::{CompiledStatblocks, spawnable_statblock, statblock_name};
use fray_core::insert_changed::InsertChangedExt;
use fray_core::kit::{NoPause, RulesBase};
use fray_core::spawn::{CombatantBuild, EncounterBuild, Ruleset, SpawnError};
use fray_core::vocabulary::Vocabulary;
use std::sync::Arc;

use crate::battle::{Archmage, Circumstances, OPTIONS};
use crate::preview::AttackMemo;
use crate::sheet::{Sheet, SheetData, compile};
use crate::slots::ActionSlots;
use crate::statblock::ArchBlock;
use crate::state::ArchState;

/// The archmage ruleset's id.
pub const ID: &str = "archmage";

/// Archmage's rules: the marker type whose capabilities the kit calls. Each is implemented at
/// the top of the file that owns it: legality in `legality.rs`, previews in `preview.rs`,
/// resolution in `resolve.rs`, the turn flow and rounds in `turns.rs`, the gauges in
/// `gauges.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArchmageRules;

impl RulesBase for ArchmageRules {
    const ID: &'static str = ID;
    type Battle = Archmage;
    type Fighter = crate::fighter::Fighter;
    /// Attack previews remembered by their inputs.
    type Extra = Res<'static, AttackMemo>;
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &crate::vocabulary::WORDS
    }
}

/// Spawns archmage encounters and combatants from content. It compiles each statblock once and
/// shares the compiled sheet between every combatant spawned from it.
#[derive(Debug, Default)]
pub struct ArchmageRuleset {
    sheets: CompiledStatblocks<SheetData>,
}

impl ArchmageRuleset {
    /// The compiled sheet of a statblock (compiled on first use).
    fn sheet(&self, content: &ContentDb, id: &str) -> Result<Arc<SheetData>, SpawnError> {
        self.sheets.get_or_compile(content, id, || {
            compile(spawnable_statblock::<ArchBlock>(content, ID, id)?.0)
                .map_err(|e| SpawnError::Ruleset(format!("{id}: {e}")))
        })
    }
}

impl Ruleset for ArchmageRuleset {
    fn id(&self) -> &'static str {
        ID
    }

    fn build_encounter(&self, mut build: EncounterBuild<'_>) -> Result<(), SpawnError> {
        // A switch as the encounter sets it, else as `OPTIONS` has it by default.
        let flag = |name: &str| match build.spec.options.ruleset.get(name) {
            Some(OptionValue::Bool(on)) => *on,
            _ => OPTIONS
                .iter()
                .any(|o| o.name == name && o.default == OptionValue::Bool(true)),
        };
        let ambush = match &build.spec.options.ambush {
            Some(a) => {
                let side = build
                    .spec
                    .sides
                    .iter()
                    .position(|s| s.name == a.side)
                    .ok_or_else(|| {
                        SpawnError::Ruleset(format!("ambush names unknown side `{}`", a.side))
                    })?;
                Some((fray_core::ids::SideId(side as u8), a.by.clone()))
            }
            None => None,
        };
        let battle = Archmage {
            lasting_wounds: flag("lasting_wounds"),
            meaningful_death: flag("meaningful_death"),
            circumstances: Circumstances {
                bad_footing: flag("circumstance_bad_footing"),
                ganged_up: flag("circumstance_ganged_up"),
            },
            ambush,
            ..Archmage::default()
        };
        build.entity.insert(battle);
        Ok(())
    }

    fn build_combatant(&self, mut build: CombatantBuild<'_>) -> Result<(), SpawnError> {
        let (block, _) = spawnable_statblock::<ArchBlock>(build.content, ID, build.statblock)?;
        let sheet = self.sheet(build.content, build.statblock)?;
        let hp = match block {
            ArchBlock::Monster(m) => m.hp,
            ArchBlock::Hero(h) => h.hp,
        };
        let state = ArchState {
            recoveries: sheet.recoveries,
            ..ArchState::default()
        };
        build
            .entity
            .insert_changed((Hp::new(hp), ActionSlots::empty(), state, Sheet::new(sheet)));
        Ok(())
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        statblock_name::<ArchBlock>(content, ID, statblock)
    }
}
