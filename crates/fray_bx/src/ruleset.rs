//! The seam to the core: spawning B/X encounters and combatants from content.

use std::borrow::Cow;
use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::map::Light;
use fray_core::combatant::{Hp, Morale};
use fray_core::compiled::{CompiledStatblocks, spawnable_statblock, statblock_name};
use fray_core::ids::SideId;
use fray_core::insert_changed::InsertChangedExt;
use fray_core::kit::{NoPause, RulesBase};
use fray_core::spawn::{CombatantBuild, EncounterBuild, Ruleset, SpawnError};
use fray_core::turn::SideSet;
use fray_core::vocabulary::Vocabulary;
use smallvec::SmallVec;

use crate::options::BxOptions;
use crate::sheet::{Sheet, SheetData, character, monster};
use crate::statblock::BxBlock;
use crate::state::{Bx, BxState};

/// The ruleset's id, as encounter files name it.
pub const ID: &str = "bx";

/// B/X's rules: the marker type whose capabilities the kit calls. Each is implemented at the
/// top of the file that owns it: legality in `legality.rs`, previews in `preview.rs`,
/// resolution in `resolve.rs`, the turn flow and rounds in `turns.rs`, the gauges in
/// `budget.rs`.
#[derive(Debug, Clone, Copy, Default)]
pub struct BxRules;

impl RulesBase for BxRules {
    const ID: &'static str = ID;
    type Battle = Bx;
    type Fighter = crate::fighter::Fighter;
    type Extra = ();
    type Watch = Changed<Hp>;
    type Pause = NoPause;

    fn vocabulary() -> &'static dyn Vocabulary {
        &crate::vocabulary::WORDS
    }
}

/// The B/X ruleset as the core sees it. It compiles each statblock once and shares the
/// compiled sheet between every combatant spawned from it.
#[derive(Debug, Default)]
pub struct BxRuleset {
    sheets: CompiledStatblocks<SheetData>,
}

impl BxRuleset {
    /// The compiled sheet of a statblock (compiled on first use).
    pub fn sheet(&self, content: &ContentDb, id: &str) -> Result<Arc<SheetData>, SpawnError> {
        self.sheet_at(content, id, None)
    }

    /// The compiled sheet of a statblock played at `level` hit dice (a monster's; see
    /// [`monster`]), or at its own when `None`; each level is compiled once.
    pub fn sheet_at(
        &self,
        content: &ContentDb,
        id: &str,
        level: Option<u16>,
    ) -> Result<Arc<SheetData>, SpawnError> {
        let key = match level {
            Some(level) => Cow::Owned(format!("{id}\u{0}{level}")),
            None => Cow::Borrowed(id),
        };
        self.sheets.get_or_compile(content, &key, || {
            let (block, set) = spawnable_statblock::<BxBlock>(content, ID, id)?;
            let compiled = match block {
                BxBlock::Monster(m) => monster(m, set, level),
                BxBlock::Character(_) if level.is_some() => {
                    Err("a character plays at its own level".to_string())
                }
                BxBlock::Character(c) => character(c, set),
                _ => Err("not a combatant".to_string()),
            };
            compiled.map_err(|e| SpawnError::Ruleset(format!("{id}: {e}")))
        })
    }
}

impl Ruleset for BxRuleset {
    fn id(&self) -> &'static str {
        ID
    }

    fn build_encounter(&self, mut build: EncounterBuild<'_>) -> Result<(), SpawnError> {
        let sides: Vec<&str> = build.spec.sides.iter().map(|s| s.name.as_str()).collect();
        let options = BxOptions::read(&build.spec.options.ruleset, &sides)
            .map_err(|e| SpawnError::Ruleset(format!("option {e}")))?;
        let side_of = |name: &str| {
            sides
                .iter()
                .position(|s| *s == name)
                .and_then(|i| u8::try_from(i).ok())
                .map(SideId)
        };
        let mut unaware = options
            .unaware
            .iter()
            .filter_map(|n| side_of(n))
            .fold(SideSet::default(), SideSet::with);
        if let Some(ambush) = &build.spec.options.ambush {
            let by = side_of(&ambush.side).ok_or_else(|| {
                SpawnError::Ruleset(format!("ambush names unknown side `{}`", ambush.side))
            })?;
            for (i, _) in sides.iter().enumerate() {
                if let Ok(s) = u8::try_from(i).map(SideId)
                    && s != by
                {
                    unaware = unaware.with(s);
                }
            }
        }
        let map = build
            .content
            .resolve_map(build.spec)
            .ok_or_else(|| SpawnError::UnknownMap(build.spec.id.clone()))?;
        let mut cover = SmallVec::new();
        cover.resize(map.regions.len(), 0u8);
        for (region, value) in &options.cover {
            let i = map.region_index(region).ok_or_else(|| {
                SpawnError::Ruleset(format!("option cover: the map has no region `{region}`"))
            })?;
            cover[i] = *value;
        }
        build.entity.insert(Bx {
            hop_feet: options.region_feet,
            dark: map.regions.iter().any(|r| r.light == Light::Darkness),
            cover,
            unaware,
            light: options.light.as_deref().and_then(side_of),
            parley: options.parley.as_deref().and_then(side_of),
            evade: options
                .evade
                .as_ref()
                .and_then(|(name, chance)| side_of(name).map(|s| (s, *chance))),
            options,
            ..Bx::default()
        });
        Ok(())
    }

    fn build_combatant(&self, mut build: CombatantBuild<'_>) -> Result<(), SpawnError> {
        let sheet = self.sheet_at(build.content, build.statblock, build.level)?;
        // Its movement comes with the first round ([`BxState::new_round`]).
        let state = BxState::default();
        if let Some(rating) = sheet.morale {
            build.entity.insert_changed((Morale {
                rating: i16::try_from(rating).unwrap_or(12),
                ..Morale::default()
            },));
        }
        build
            .entity
            .insert_changed((Hp::new(sheet.hp), state, Sheet::new(sheet)));
        Ok(())
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        statblock_name::<BxBlock>(content, ID, statblock)
    }
}
