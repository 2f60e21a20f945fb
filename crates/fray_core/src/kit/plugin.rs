//! Adding a ruleset to an `App`: its spawning, its saved state and the kit's systems for it.

use std::marker::PhantomData;
use std::sync::Arc;

use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;

use crate::FrayAppExt;
use crate::edit::{Edit, EditError};
use crate::gauge::Gauge;
use crate::kit::forward::AheadDeciders;
use crate::kit::systems::Ahead;
use crate::kit::{AiControllers, Member, PlayForward, Resolving, Rules, edit, systems};
use crate::schedule::{FrayTick, RulesetSystems, RulesetSystemsOf};
use crate::spawn::{CombatantBuild, EncounterBuild, Ruleset, SpawnError};
use crate::vocabulary::Vocabulary;

/// Adds ruleset `R`: registers its spawning (`spawner`, which builds its encounter and
/// combatant components from content), saves its resolution state with encounters, and puts
/// the kit's systems for it in every phase of [`FrayTick`]. Add
/// [`FrayCorePlugin`](crate::FrayCorePlugin) first.
pub struct RulesetPlugin<R: Rules> {
    spawner: Arc<dyn Ruleset>,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules> RulesetPlugin<R> {
    /// The plugin of ruleset `R`, spawning with `spawner`.
    pub fn new(spawner: impl Ruleset) -> Self {
        Self {
            spawner: Arc::new(spawner),
            rules: PhantomData,
        }
    }
}

impl<R: Rules> Plugin for RulesetPlugin<R> {
    fn build(&self, app: &mut App) {
        // Saved-component names live as long as the App's registry: made once per plugin.
        let resolving: &'static str = Box::leak(format!("{}::Resolving", R::ID).into_boxed_str());
        let member: &'static str = Box::leak(format!("{}::Member", R::ID).into_boxed_str());
        app.register_ruleset(Kit::<R> {
            inner: self.spawner.clone(),
            rules: PhantomData,
        })
        .register_saved::<Resolving<R>>(resolving)
        .register_saved::<Member<R>>(member)
        .init_resource::<AheadDeciders>();
        if let Some(mut deciders) = app.world_mut().get_resource_mut::<AheadDeciders>() {
            deciders.0.insert(R::ID, decide_ahead::<R>);
        }
        app.add_systems(
            FrayTick,
            (
                systems::sync::<R>.in_set(RulesetSystems::Sync),
                systems::setup::<R>.in_set(RulesetSystems::Setup),
                systems::turn_start::<R>.in_set(RulesetSystems::TurnStart),
                systems::decide::<R>.in_set(RulesetSystems::Decide),
                systems::validate::<R>.in_set(RulesetSystems::Validate),
                systems::resolve::<R>.in_set(RulesetSystems::Resolve),
                systems::aftermath::<R>.in_set(RulesetSystems::Aftermath),
                systems::turn_end::<R>.in_set(RulesetSystems::TurnEnd),
                systems::morale::<R>.in_set(RulesetSystems::Morale),
                systems::outcome::<R>.in_set(RulesetSystems::Outcome),
            )
                .in_set(RulesetSystemsOf(R::ID)),
        );
    }

    fn name(&self) -> &str {
        R::ID
    }

    fn is_unique(&self) -> bool {
        true
    }
}

/// Asks the decisions of `encounter` (of ruleset `R`) left for the forward model again, with
/// `forward` at hand.
fn decide_ahead<R: Rules>(world: &mut World, encounter: Entity, forward: &mut dyn PlayForward) {
    let Some(controllers) = world.get_resource::<AiControllers>().cloned() else {
        return;
    };
    edit::with_ctx::<R, _>(world, encounter, |ctx| {
        let phase = ctx.e.encounter.phase();
        systems::decide_in(ctx, phase, Some(&controllers), Ahead::Play(forward));
    });
}

/// The ruleset's spawner, with what the kit adds to every encounter and combatant of `R`.
struct Kit<R: Rules> {
    inner: Arc<dyn Ruleset>,
    rules: PhantomData<fn() -> R>,
}

impl<R: Rules> Ruleset for Kit<R> {
    fn id(&self) -> &'static str {
        R::ID
    }

    fn build_encounter(&self, mut build: EncounterBuild<'_>) -> Result<(), SpawnError> {
        build.entity.insert(Resolving::<R>::default());
        self.inner.build_encounter(build)
    }

    fn build_combatant(&self, mut build: CombatantBuild<'_>) -> Result<(), SpawnError> {
        if !build.entity.contains::<Member<R>>() {
            build.entity.insert(Member::<R>::default());
        }
        self.inner.build_combatant(build)
    }

    fn statblock_name(&self, content: &ContentDb, statblock: &str) -> Option<String> {
        self.inner.statblock_name(content, statblock)
    }

    fn vocabulary(&self) -> &'static dyn Vocabulary {
        R::vocabulary()
    }

    fn budget(&self, world: &World, who: Entity) -> Vec<Gauge> {
        R::budget(world, who)
    }

    fn battle_gauges(&self, world: &World, encounter: Entity) -> Vec<Gauge> {
        R::battle_gauges(world, encounter)
    }

    fn stats(&self, world: &World, who: Entity) -> Vec<Gauge> {
        R::stats(world, who)
    }

    fn glossary(&self) -> &'static [(&'static str, &'static str)] {
        R::glossary()
    }

    fn apply_edit(
        &self,
        world: &mut World,
        encounter: Entity,
        who: Entity,
        edit: Edit,
        why: &str,
    ) -> Result<(), EditError> {
        edit::with_ctx::<R, _>(world, encounter, |ctx| edit::apply(ctx, who, edit, why))
            .unwrap_or(Err(EditError::NotACombatant))
    }

    fn reoffer(&self, world: &mut World, encounter: Entity) {
        edit::with_ctx::<R, _>(world, encounter, systems::reoffer);
    }
}
