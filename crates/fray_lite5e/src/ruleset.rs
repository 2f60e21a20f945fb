//! The seam to the core: the rules' marker type and base, and spawning lite5e encounters and
//! combatants from content.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_core::combatant::Hp;
use fray_core::compiled::{CompiledStatblocks, spawnable_statblock, statblock_name};
use fray_core::ids::SideId;
use fray_core::insert_changed::InsertChangedExt;
use fray_core::kit::{NoPause, RulesBase};
use fray_core::spawn::{CombatantBuild, EncounterBuild, Ruleset, SpawnError};
use fray_core::vocabulary::Vocabulary;
use smallvec::SmallVec;

use crate::fighter::Fighter;
use crate::light::rank;
use crate::options::L5Options;
use crate::sheet::{Sheet, SheetData};
use crate::statblock::L5Block;
use crate::state::{L5, L5State};

/// The ruleset's id, as encounter files name it.
pub const ID: &str = "lite5e";

/// Lite5e's rules: the marker type whose capabilities the kit calls. Each is implemented at the
/// top of the file that owns it: legality in `legality.rs`, previews in `preview.rs`,
/// resolution, the turn flow and rounds in `resolve.rs`, the gauges in `gauges.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct L5Rules;

impl RulesBase for L5Rules {
    const ID: &'static str = ID;
    /// Hit points never go below 0 (L5-15): the damage past them is lost.
    const HP_FLOOR: Option<i32> = Some(0);
    type Battle = L5;
    type Fighter = Fighter;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &crate::vocabulary::WORDS
    }
}

/// The lite5e ruleset as the core sees it. It compiles each statblock once and shares the
/// compiled sheet between every combatant spawned from it.
#[derive(Debug, Default)]
pub struct L5Ruleset {
    sheets: CompiledStatblocks<SheetData>,
}

impl L5Ruleset {
    /// The compiled sheet of a statblock (compiled on first use).
    pub fn sheet(&self, content: &ContentDb, id: &str) -> Result<Arc<SheetData>, SpawnError> {
        self.sheets.get_or_compile(content, id, || {
            Ok(match spawnable_statblock::<L5Block>(content, ID, id)?.0 {
                L5Block::Pc(c) => SheetData::compile(c, true),
                L5Block::Monster(c) => SheetData::compile(c, false),
            })
        })
    }
}

impl Ruleset for L5Ruleset {
    fn id(&self) -> &'static str {
        ID
    }

    fn build_encounter(&self, mut build: EncounterBuild<'_>) -> Result<(), SpawnError> {
        let options = L5Options::read(&build.spec.options.ruleset)
            .map_err(|e| SpawnError::Ruleset(format!("option {e}")))?;
        let map = build
            .content
            .resolve_map(build.spec)
            .ok_or_else(|| SpawnError::UnknownMap(build.spec.id.clone()))?;
        let ambush = match &build.spec.options.ambush {
            Some(a) => {
                let i = build
                    .spec
                    .sides
                    .iter()
                    .position(|s| s.name == a.side)
                    .and_then(|i| u8::try_from(i).ok())
                    .ok_or_else(|| {
                        SpawnError::Ruleset(format!("ambush names unknown side `{}`", a.side))
                    })?;
                Some(SideId(i))
            }
            None => None,
        };
        build.entity.insert(L5 {
            options,
            light: map.regions.iter().map(|r| rank(r.light)).collect(),
            ambush,
            tide_checked: 0,
            carriers: SmallVec::new(),
        });
        Ok(())
    }

    fn build_combatant(&self, mut build: CombatantBuild<'_>) -> Result<(), SpawnError> {
        let sheet = self.sheet(build.content, build.statblock)?;
        let state = L5State {
            hidden: sheet.hidden,
            ..L5State::default()
        };
        build
            .entity
            .insert_changed((Hp::new(i32::from(sheet.hp)), state, Sheet::new(sheet)));
        Ok(())
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        statblock_name::<L5Block>(content, ID, statblock)
    }
}
