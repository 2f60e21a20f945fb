//! Fights with every die forced, for rule tests.
//!
//! A ruleset's tests describe their setting once as a [`Bench`] (its id, statblock schema,
//! plugin and the statblocks of its rule tests); [`Bench::fight`] then builds an inline
//! encounter between two external sides (player 1 the `Heroes`, player 2 the `Monsters`) and
//! replaces its dice with [`EncounterRng::scripted`]: the first faces are the initiative rolls,
//! and a test that rolls a die it did not script panics. The [`Fight`] drives it by name.

use std::path::PathBuf;
use std::sync::Arc;

use bevy_app::prelude::*;
use bevy_ecs::message::{MessageCursor, Messages};
use bevy_ecs::prelude::*;
use fray_content::prelude::*;
use fray_core::client::DecisionOption;
use fray_core::kit::RulesetDescriptor;
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_core::turn::TurnOrder;

/// How a ruleset's tests build their apps and fights.
#[derive(Clone, Copy)]
pub struct Bench {
    /// The ruleset id.
    pub ruleset: &'static str,
    /// Adds the ruleset's statblock schema to a content loader ([`Bench::loader`] adds the AI
    /// policies).
    pub schema: fn(ContentLoader) -> ContentLoader,
    /// Adds the ruleset's plugin (the bench adds the core and the AI).
    pub install: fn(&mut App),
    /// The statblocks of the ruleset's rule tests, as RON.
    pub blocks: &'static str,
}

/// The workspace's `content/` directory.
pub fn content_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

impl Bench {
    /// The bench of `ruleset`, whose rule tests' statblocks are `blocks`.
    pub const fn of(ruleset: RulesetDescriptor, blocks: &'static str) -> Self {
        Self {
            ruleset: ruleset.id,
            schema: ruleset.schema,
            install: ruleset.install,
            blocks,
        }
    }

    /// A content loader that knows the ruleset's schema and the AI policies.
    pub fn loader(&self) -> ContentLoader {
        (self.schema)(ContentLoader::new()).with_policies(fray_ai::POLICY_NAMES)
    }

    /// An app with the core (stepped by hand), the AI, the ruleset and `content`.
    pub fn app_with(&self, content: Arc<ContentDb>) -> App {
        let mut app = App::new();
        app.add_plugins((
            FrayCorePlugin {
                run: FrayRunMode::Manual,
                step: StepMode::UntilBlocked,
                ..Default::default()
            },
            fray_ai::FrayAiPlugin,
        ));
        (self.install)(&mut app);
        app.insert_resource(Content(content));
        app.finish();
        app.cleanup();
        app
    }

    /// The ruleset's built-in content, `content/<ruleset>`.
    ///
    /// # Panics
    /// When it does not load (the message lists every problem).
    pub fn content(&self) -> Arc<ContentDb> {
        let db = self
            .loader()
            .load_paths(&[content_dir().join(self.ruleset)])
            .unwrap_or_else(|e| panic!("content/{} does not load:\n{e}", self.ruleset));
        Arc::new(db)
    }

    /// An app with the built-in content.
    pub fn app(&self) -> App {
        self.app_with(self.content())
    }

    /// A fight on `map` (a map reference as an encounter file writes it) between `heroes` and
    /// `monsters`, lists of `(statblock, count, region)`, with `extra` fields of the encounter
    /// (such as `options: (...)`) and every die forced to `faces`.
    ///
    /// # Panics
    /// When the fight's content does not load or spawn: a defect of the test.
    pub fn fight(
        &self,
        map: &str,
        heroes: &[(&str, u16, &str)],
        monsters: &[(&str, u16, &str)],
        extra: &str,
        faces: &[u32],
    ) -> Fight {
        let side = |list: &[(&str, u16, &str)]| {
            list.iter()
                .map(|(s, n, r)| format!("(statblock: \"{s}\", count: {n}, region: \"{r}\")"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let text = format!(
            "Encounter(id: \"t\", name: \"T\", ruleset: \"{}\", map: {map},\n sides: [\n (name: \"Heroes\", controller: External(1), combatants: [{}]),\n (name: \"Monsters\", controller: External(2), combatants: [{}]),\n ], {extra})",
            self.ruleset,
            side(heroes),
            side(monsters)
        );
        self.fight_from(&text, faces)
    }

    /// A fight from a whole encounter file's text (its id `t`), for what [`Bench::fight`]
    /// cannot say (groups, names, leaders), with every die forced to `faces`.
    ///
    /// # Panics
    /// When the fight's content does not load or spawn: a defect of the test.
    pub fn fight_from(&self, text: &str, faces: &[u32]) -> Fight {
        self.fight_with(text, faces, &EncounterSettings::logged(0))
    }

    /// [`Bench::fight_from`] spawned with `settings` (its seed is unused: every die is forced).
    ///
    /// # Panics
    /// When the fight's content does not load or spawn: a defect of the test.
    pub fn fight_with(&self, text: &str, faces: &[u32], settings: &EncounterSettings) -> Fight {
        let loader = self.loader();
        let mut db = ContentDb::default();
        let blocks = format!("t/{}/blocks.ron", self.ruleset);
        let encounter = format!("t/{}/encounters/t.ron", self.ruleset);
        loader
            .add_source(&mut db, SourceFile::new(&blocks, self.blocks))
            .unwrap_or_else(|e| panic!("the test statblocks do not parse: {e:?}"));
        loader
            .add_source(&mut db, SourceFile::new(&encounter, text.to_string()))
            .unwrap_or_else(|e| panic!("the test encounter does not parse: {e:?}"));
        let problems = loader.validate(&mut db);
        assert!(problems.is_empty(), "{problems:?}");
        let mut app = self.app_with(Arc::new(db));
        let e = app
            .world_mut()
            .spawn_encounter("t", settings)
            .unwrap_or_else(|e| panic!("the test encounter does not spawn: {e}"));
        app.world_mut()
            .entity_mut(e)
            .insert(EncounterRng::scripted(faces.iter().copied()));
        let mut fight = Fight {
            app,
            e,
            rejections: MessageCursor::default(),
        };
        fight.settle();
        fight
    }
}

/// A fight between external sides, driven by combatant names.
pub struct Fight {
    /// The app.
    pub app: App,
    /// The encounter.
    pub e: Entity,
    rejections: MessageCursor<ActionRejected>,
}

impl Fight {
    /// Runs until the fight waits on a decision.
    pub fn settle(&mut self) {
        run_until_blocked(self.app.world_mut(), 100_000);
    }

    /// The world.
    pub fn world(&self) -> &World {
        self.app.world()
    }

    /// The combatant with this name.
    ///
    /// # Panics
    /// When there is none.
    pub fn who(&self, name: &str) -> Entity {
        self.roster()
            .entries
            .iter()
            .find(|e| e.name == name)
            .unwrap_or_else(|| panic!("no combatant named {name}"))
            .entity
    }

    /// The roster id of a combatant (as the log names it).
    pub fn id(&self, name: &str) -> CombatantId {
        self.roster()
            .id_of(self.who(name))
            .unwrap_or_else(|| panic!("{name} is not in the roster"))
    }

    /// The roster.
    pub fn roster(&self) -> &Roster {
        self.world()
            .get::<Roster>(self.e)
            .unwrap_or_else(|| panic!("the encounter has no roster"))
    }

    /// A component of the combatant called `name`.
    ///
    /// # Panics
    /// When it has none.
    pub fn get<C: Component>(&self, name: &str) -> &C {
        self.world()
            .get::<C>(self.who(name))
            .unwrap_or_else(|| panic!("{name} has no {}", std::any::type_name::<C>()))
    }

    /// A component of the encounter.
    ///
    /// # Panics
    /// When it has none.
    pub fn encounter_part<C: Component>(&self) -> &C {
        self.world()
            .get::<C>(self.e)
            .unwrap_or_else(|| panic!("the encounter has no {}", std::any::type_name::<C>()))
    }

    /// Name of whose decision it is (turn or declaration).
    ///
    /// # Panics
    /// When nobody's.
    pub fn turn(&self) -> String {
        let actor = self
            .encounter_part::<Turn>()
            .actor()
            .unwrap_or_else(|| panic!("nobody's turn\n{}", self.log()));
        self.name(actor)
    }

    /// A combatant's name.
    pub fn name(&self, e: Entity) -> String {
        self.world()
            .get::<bevy_ecs::name::Name>(e)
            .map_or_else(|| "?".to_string(), |n| n.to_string())
    }

    /// `name` does `intent` (sent by its own controller); returns the rejection, if any.
    ///
    /// # Panics
    /// When `name` is controlled by an AI.
    pub fn act(&mut self, name: &str, intent: Intent) -> Option<RejectReason> {
        let actor = self.who(name);
        let player = match self.get::<Controller>(name) {
            Controller::External(p) => *p,
            Controller::Ai(_) => panic!("{name} is AI-controlled"),
        };
        self.app.world_mut().write_message(ActionRequest {
            actor,
            controller: player,
            intent,
        });
        self.settle();
        // A reaction taken that came to nothing was accepted: it is no refusal.
        let messages = self.app.world().resource::<Messages<ActionRejected>>();
        self.rejections
            .read(messages)
            .filter(|r| r.reason != RejectReason::Overtaken)
            .last()
            .map(|r| r.reason.clone())
    }

    /// `name` does `intent`, which must be accepted.
    ///
    /// # Panics
    /// When it is rejected.
    pub fn ok(&mut self, name: &str, intent: Intent) {
        if let Some(reason) = self.act(name, intent) {
            panic!("{name}: {intent:?} was rejected: {reason}\n{}", self.log());
        }
    }

    /// Ends the current turn, whoever's it is.
    pub fn end_turn(&mut self) {
        let who = self.turn();
        self.ok(&who, Intent::EndTurn);
    }

    /// Ends turns until it is `name`'s turn.
    ///
    /// # Panics
    /// When it does not come within 20 turns.
    pub fn until(&mut self, name: &str) {
        for _ in 0..20 {
            if self.turn() == name {
                return;
            }
            self.end_turn();
        }
        panic!("{name}'s turn never came\n{}", self.log());
    }

    /// Ends `name`'s turn and then others' until it is `name`'s turn again.
    pub fn next_turn_of(&mut self, name: &str) {
        self.until(name);
        self.end_turn();
        self.until(name);
    }

    /// The options offered to `name`, if it must decide now (a turn, a declaration or a
    /// reaction).
    pub fn offers(&self, name: &str) -> Vec<DecisionOption> {
        let who = self.who(name);
        decisions(self.world(), self.e)
            .into_iter()
            .find(|d| d.actor == who)
            .map(|d| d.options)
            .unwrap_or_default()
    }

    /// The kinds of intents offered to `name` now.
    pub fn offered_kinds(&self, name: &str) -> Vec<IntentKind> {
        self.offers(name).iter().map(|o| o.intent.kind()).collect()
    }

    /// A combatant's hit points.
    pub fn hp(&self, name: &str) -> Hp {
        *self.get::<Hp>(name)
    }

    /// Sets hit points from outside the pipeline; the vitals and the offers follow.
    pub fn set_hp(&mut self, name: &str, current: i32) {
        let who = self.who(name);
        if let Some(mut hp) = self.app.world_mut().get_mut::<Hp>(who) {
            hp.current = current;
        }
        // One tick applies the vitals (down, dead, staggered); then the options are offered again.
        tick(self.app.world_mut());
        self.touch();
        self.settle();
    }

    /// Marks the situation changed (after editing the world by hand).
    pub fn touch(&mut self) {
        fray_core::edit::changed(self.app.world_mut(), self.e);
    }

    /// A combatant's status.
    pub fn status(&self, name: &str) -> Status {
        *self.get::<Status>(name)
    }

    /// Whether a combatant is under a condition.
    pub fn has(&self, name: &str, c: Condition) -> bool {
        self.get::<Conditions>(name).has(c)
    }

    /// Whether `a` and `b` are engaged, either way.
    pub fn engaged(&self, a: &str, b: &str) -> bool {
        self.get::<Engagement>(a).is_engaged_with(self.who(b))
    }

    /// A combatant's region.
    pub fn region(&self, name: &str) -> RegionId {
        self.get::<InRegion>(name).0
    }

    /// The encounter's state.
    pub fn encounter(&self) -> Encounter {
        self.encounter_part::<Encounter>().clone()
    }

    /// The turn order: names and counts.
    pub fn order(&self) -> Vec<(String, i32)> {
        self.encounter_part::<TurnOrder>()
            .entries()
            .iter()
            .filter_map(|t| t.actor().map(|a| (self.name(a), t.count)))
            .collect()
    }

    /// Puts an effect on `target` (as if `source` inflicted it).
    ///
    /// # Panics
    /// When `target` is not a combatant.
    pub fn inflict(&mut self, target: &str, source: Option<&str>, spec: EffectSpec) {
        let (target, source) = (self.who(target), source.map(|s| self.who(s)));
        fray_core::edit::apply_effect(self.app.world_mut(), target, source, spec)
            .unwrap_or_else(|e| panic!("{e}"));
        self.settle();
    }

    /// Faces of the script not rolled yet.
    pub fn faces_left(&self) -> usize {
        self.encounter_part::<EncounterRng>()
            .scripted_remaining()
            .unwrap_or(0)
    }

    /// The log as text.
    pub fn log(&self) -> String {
        let world = self.world();
        match (
            world.get::<Roster>(self.e),
            world.get::<EncounterMap>(self.e),
            world.get::<Sides>(self.e),
            world.get::<CombatLog>(self.e),
        ) {
            (Some(r), Some(m), Some(s), Some(log)) => LogNames::new(r, m, s).render(log),
            _ => String::new(),
        }
    }

    /// Every log event.
    pub fn events(&self) -> Vec<LogEvent> {
        self.encounter_part::<CombatLog>()
            .entries()
            .iter()
            .map(|e| e.event.clone())
            .collect()
    }

    /// Index of the first log event matching `f`.
    pub fn find(&self, f: impl Fn(&LogEvent) -> bool) -> Option<usize> {
        self.events().iter().position(f)
    }
}
