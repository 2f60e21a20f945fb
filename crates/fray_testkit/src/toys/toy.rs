//! What every toy ruleset shares: the trait it implements beside [`Rules`], spawning from
//! content, its plugin and its test bench.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use bevy_app::prelude::*;
use bevy_ecs::component::Mutable;
use bevy_ecs::prelude::*;
use fray_content::prelude::*;
use fray_core::combatant::Hp;
use fray_core::insert_changed::InsertChangedExt;
use fray_core::kit::{Rules, RulesetPlugin};
use fray_core::prelude::FrayAppExt;
use fray_core::spawn::{CombatantBuild, EncounterBuild, Ruleset, SpawnError};
use fray_core::vocabulary::Vocabulary;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::harness::Bench;
use crate::toys::{ToyBlock, ToyStats};

/// A toy ruleset: its [`Rules`] (its battle state saved with its encounters), and what
/// spawning and testing it needs.
pub trait Toy: Rules<Battle: Default + Clone + Serialize + DeserializeOwned> {
    /// The toy's state of a combatant (its
    /// [`RulesBase::Fighter`](fray_core::kit::RulesBase::Fighter) is
    /// [`ToyFighter<Self::State>`](crate::toys::ToyFighter)).
    type State: Component<Mutability = Mutable>
        + Default
        + Clone
        + PartialEq
        + Serialize
        + DeserializeOwned;

    /// The names its battle state and its combatant state are saved under.
    const SAVED: [&'static str; 2];

    /// The options its encounters may set.
    const OPTIONS: &'static [OptionDef] = &[];

    /// The statblocks of its tests, as RON.
    const BLOCKS: &'static str;

    /// The battle state of a new encounter, from the encounter's ruleset options (by
    /// default, the default state).
    fn battle(options: &BTreeMap<String, OptionValue>) -> Result<Self::Battle, SpawnError> {
        let _ = options;
        Ok(Self::Battle::default())
    }

    /// The toy's state of a new combatant (by default, the default state).
    fn state(block: &ToyBlock) -> Self::State {
        let _ = block;
        Self::State::default()
    }
}

/// Spawns a toy's encounters and combatants from content: every combatant gets its
/// [`Hp`], [`ToyStats`] and the toy's state.
pub struct ToySpawner<R>(PhantomData<fn() -> R>);

impl<R> Default for ToySpawner<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

/// The statblock `id` of toy `R`.
fn block<'a, R: Toy>(content: &'a ContentDb, id: &str) -> Result<&'a ToyBlock, SpawnError> {
    content
        .statblocks::<ToyBlock>(R::ID)
        .and_then(|set| set.get(id))
        .ok_or_else(|| SpawnError::UnknownStatblock {
            id: id.to_string(),
            help: format!("no statblock `{id}` in toy `{}`", R::ID),
        })
}

impl<R: Toy> Ruleset for ToySpawner<R> {
    fn id(&self) -> &'static str {
        R::ID
    }

    fn build_encounter(&self, mut build: EncounterBuild<'_>) -> Result<(), SpawnError> {
        let battle = R::battle(&build.spec.options.ruleset)?;
        build.entity.insert(battle);
        Ok(())
    }

    fn build_combatant(&self, mut build: CombatantBuild<'_>) -> Result<(), SpawnError> {
        let block = block::<R>(build.content, build.statblock)?;
        build
            .entity
            .insert_changed((Hp::new(block.hp), ToyStats::of(block), R::state(block)));
        Ok(())
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        block::<R>(content, statblock).ok().map(|b| b.name.clone())
    }

    fn vocabulary(&self) -> &'static dyn Vocabulary {
        R::vocabulary()
    }
}

/// Adds toy `R`: the kit's systems for it, its spawning and its saved components. Add
/// [`FrayCorePlugin`](fray_core::FrayCorePlugin) first.
pub struct ToyPlugin<R>(PhantomData<fn() -> R>);

impl<R> Default for ToyPlugin<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R: Toy> Plugin for ToyPlugin<R> {
    fn build(&self, app: &mut App) {
        let [battle, state] = R::SAVED;
        app.add_plugins(RulesetPlugin::<R>::new(ToySpawner::<R>::default()))
            .register_saved::<ToyStats>("fray_testkit::ToyStats")
            .register_saved::<R::Battle>(battle)
            .register_saved::<R::State>(state);
    }
}

/// Adds toy `R`'s plugin to `app` (a [`Bench`]'s `install`).
pub fn install<R: Toy>(app: &mut App) {
    app.add_plugins(ToyPlugin::<R>::default());
}

/// Adds toy `R`'s statblocks and options to `loader` (a [`Bench`]'s `schema`).
pub fn schema<R: Toy>(loader: ContentLoader) -> ContentLoader {
    loader.with_schema(Schema::<ToyBlock>::new(R::ID, R::OPTIONS))
}

/// A content loader that knows toy `R`'s statblocks and options, and the AI policies.
pub fn loader<R: Toy>() -> ContentLoader {
    bench::<R>().loader()
}

/// The test bench of toy `R`: its fights use [`Toy::BLOCKS`].
pub fn bench<R: Toy>() -> Bench {
    Bench {
        ruleset: R::ID,
        schema: schema::<R>,
        install: install::<R>,
        blocks: R::BLOCKS,
    }
}
