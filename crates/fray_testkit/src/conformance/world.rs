//! Apps, content, spawning and snapshots the checks share.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use bevy_app::prelude::*;
use bevy_ecs::entity::{EntityMapper, MapEntities};
use bevy_ecs::message::Messages;
use bevy_ecs::prelude::*;
use fray_content::db::ContentDb;
use fray_content::encounter::EncounterSpec;
use fray_content::loader::ContentLoader;
use fray_core::drive::update_messages;
use fray_core::kit::prelude::*;
use fray_core::prelude::*;
use fray_core::save::{SavedEntities, encounter_entities, snapshot_entities};

use super::Conformance;
use crate::harness::{Bench, content_dir};

/// Installs what `fray_sim`'s batch workers need for `conf`'s ruleset: the core (stepped by
/// hand), the AI and the ruleset's plugin. The [`conformance_suite!`](crate::conformance_suite)
/// macro wraps it in a function, as `fray_sim::engine::Engine` wants.
pub fn install_for_sim(conf: &Conformance, app: &mut App) {
    add_core(app);
    (conf.bench.install)(app);
}

/// The core, stepped by hand, and the AI controllers.
fn add_core(app: &mut App) {
    app.add_plugins((
        FrayCorePlugin {
            run: FrayRunMode::Manual,
            step: StepMode::UntilBlocked,
            ..Default::default()
        },
        fray_ai::FrayAiPlugin,
    ));
}

/// An app with the core, the AI, every bench's ruleset (each once) and `content`.
pub(crate) fn app_of(benches: &[&Bench], content: &Arc<ContentDb>) -> App {
    let mut app = App::new();
    add_core(&mut app);
    let mut installed: Vec<&str> = Vec::new();
    for bench in benches {
        if !installed.contains(&bench.ruleset) {
            (bench.install)(&mut app);
            installed.push(bench.ruleset);
        }
    }
    app.insert_resource(Content(content.clone()));
    app.finish();
    app.cleanup();
    app
}

/// An app with the ruleset of `conf` and `content`.
pub(crate) fn app(conf: &Conformance, content: &Arc<ContentDb>) -> App {
    app_of(&[&conf.bench], content)
}

/// The ruleset's built-in content (panics with every problem when it does not load).
pub(crate) fn content(conf: &Conformance) -> Arc<ContentDb> {
    conf.bench.content()
}

/// The ruleset's built-in encounters, in id order.
pub(crate) fn encounters(conf: &Conformance, content: &ContentDb) -> Vec<EncounterSpec> {
    let mut list: Vec<EncounterSpec> = content
        .encounters()
        .filter(|e| e.ruleset == conf.bench.ruleset)
        .cloned()
        .collect();
    list.sort_by(|a, b| a.id.cmp(&b.id));
    assert!(
        !list.is_empty(),
        "content/{} has no encounter of ruleset `{}`: the suite has nothing to play",
        conf.bench.ruleset,
        conf.bench.ruleset
    );
    list
}

/// Settings with every side of `spec` played by the AI `policies[i]` (side `i`).
pub(crate) fn ai_settings(
    spec: &EncounterSpec,
    seed: u64,
    log: bool,
    policies: &[&str],
) -> EncounterSettings {
    let mut settings = if log {
        EncounterSettings::logged(seed)
    } else {
        EncounterSettings::quiet(seed)
    };
    for (side, policy) in spec.sides.iter().zip(policies) {
        settings = settings.with_controller(side.name.clone(), Controller::Ai((*policy).into()));
    }
    settings
}

/// Settings with side `i` of `spec` played by the external player `i + 1`.
pub(crate) fn external_settings(spec: &EncounterSpec, seed: u64) -> EncounterSettings {
    let mut settings = EncounterSettings::logged(seed);
    for (i, side) in spec.sides.iter().enumerate() {
        let player = PlayerId(u32::try_from(i + 1).unwrap_or(u32::MAX));
        settings = settings.with_controller(side.name.clone(), Controller::External(player));
    }
    settings
}

/// Spawns `id` (panics with the spawn error: content that loads must spawn).
pub(crate) fn spawn(world: &mut World, id: &str, settings: &EncounterSettings) -> Entity {
    world
        .spawn_encounter(id, settings)
        .unwrap_or_else(|e| panic!("encounter `{id}` does not spawn: {e}"))
}

/// Whether `encounter` is over.
pub(crate) fn is_over(world: &World, encounter: Entity) -> bool {
    world
        .get::<Encounter>(encounter)
        .is_some_and(Encounter::is_over)
}

/// The log of `encounter` as JSON lines.
pub(crate) fn json_log(world: &World, encounter: Entity) -> String {
    world
        .get::<CombatLog>(encounter)
        .map(CombatLog::to_json_lines)
        .unwrap_or_default()
}

/// The log of `encounter` as text (for failure messages).
pub(crate) fn text_log(world: &World, encounter: Entity) -> String {
    match (
        world.get::<Roster>(encounter),
        world.get::<EncounterMap>(encounter),
        world.get::<Sides>(encounter),
        world.get::<CombatLog>(encounter),
    ) {
        (Some(r), Some(m), Some(s), Some(log)) => LogNames::new(r, m, s).render(log),
        _ => String::new(),
    }
}

/// The last `n` lines of a text (the end of a log, for failure messages).
pub(crate) fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// The saved text of `encounter` (panics when it cannot be saved: every encounter must).
pub(crate) fn save(world: &World, encounter: Entity) -> String {
    save_encounter(world, encounter).unwrap_or_else(|e| panic!("the encounter does not save: {e}"))
}

/// The state of `encounter` without its log and its bookkeeping counters (rejections and idle
/// ticks), which a rejected request may change: what a rejection must leave as it was. One line
/// per component, `#<entity> <component>: <compact RON>` (as `snapshot_lines` writes a save). (The log is
/// set aside while saving, so the cost does not grow with it; the snapshot is compared without
/// the save's pretty printing.)
///
/// # Panics
/// When the encounter cannot be saved (every encounter must).
pub fn state(world: &mut World, encounter: Entity) -> String {
    let log = world
        .get_mut::<CombatLog>(encounter)
        .map(|mut log| std::mem::take(&mut *log));
    let entities = encounter_entities(world, encounter);
    let snapshot = snapshot_entities(world, &entities);
    if let (Some(log), Some(mut slot)) = (log, world.get_mut::<CombatLog>(encounter)) {
        *slot = log;
    }
    let snapshot = snapshot.unwrap_or_else(|e| panic!("the encounter does not save: {e}"));
    snapshot_text(&snapshot, true)
}

/// `snapshot` as lines `#<entity> <component>: <compact RON>`; for a [`state`], without the
/// log and with the counters a rejection may change blanked.
fn snapshot_text(snapshot: &SavedEntities, state: bool) -> String {
    let mut text = String::new();
    for (i, entity) in snapshot.entities.iter().enumerate() {
        for (name, value) in &entity.components {
            if state && name == "fray_core::CombatLog" {
                continue;
            }
            let start = text.len();
            // Writing into a String cannot fail.
            let _ = writeln!(text, "#{i} {name}: {value}");
            if state && (value.contains("rejections:") || value.contains("idle_ticks:")) {
                let line = normalize(&text[start..]);
                text.truncate(start);
                text.push_str(&line);
            }
        }
    }
    text
}

/// A saved text (of [`save`]) as [`state`]'s lines, counters and log included, for
/// [`save_difference`]; the text itself if it does not parse.
pub(crate) fn snapshot_lines(saved: &str) -> String {
    match ron::from_str::<SavedEntities>(saved) {
        Ok(snapshot) => snapshot_text(&snapshot, false),
        Err(_) => saved.to_string(),
    }
}

/// Blanks the counters a rejected request is allowed to change.
pub(crate) fn normalize(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    // The earlier of the two counters first, so that neither is skipped.
    while let Some(i) = [rest.find("rejections:"), rest.find("idle_ticks:")]
        .into_iter()
        .flatten()
        .min()
    {
        let start = i + rest[i..].find(':').unwrap_or(0) + 1;
        out.push_str(&rest[..start]);
        let digits = rest[start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - start);
        out.push('N');
        rest = &rest[start + digits..];
    }
    out.push_str(rest);
    out
}

/// The first line where `actual` differs from `expected`, for failure messages.
pub(crate) fn first_difference(expected: &str, actual: &str) -> String {
    for (i, (x, y)) in expected.lines().zip(actual.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  expected: {x}\n  actual:   {y}", i + 1);
        }
    }
    format!(
        "one is a prefix of the other ({} and {} lines)",
        expected.lines().count(),
        actual.lines().count()
    )
}

/// The first difference between two states of an encounter ([`state`]'s or
/// [`snapshot_lines`]' lines), naming the entity whose components differ (a combatant by name,
/// the encounter, a region).
pub(crate) fn save_difference(expected: &str, actual: &str) -> String {
    let lines: Vec<&str> = expected.lines().collect();
    let Some(at) = expected
        .lines()
        .zip(actual.lines())
        .position(|(x, y)| x != y)
    else {
        return first_difference(expected, actual);
    };
    let entity = lines
        .get(at)
        .and_then(|l| l.split_once(' '))
        .map_or("", |(id, _)| id);
    let component = |name: &str| {
        let prefix = format!("{entity} {name}: ");
        lines
            .iter()
            .find_map(|l| l.strip_prefix(prefix.as_str()).map(str::to_string))
    };
    let whose = if let Some(name) = component("bevy::Name") {
        format!("the combatant {}", name.trim_matches('"'))
    } else if component("fray_core::Encounter").is_some() {
        "the encounter".to_string()
    } else if component("fray_core::Region").is_some() {
        "a region".to_string()
    } else {
        "an entity".to_string()
    };
    format!("{whose}: {}", first_difference(expected, actual))
}

/// What an entity is, in words, for failure messages: a combatant (its name, encounter, side,
/// status and controller), a region, an encounter, or nothing.
pub(crate) fn describe(world: &World, e: Entity) -> String {
    if world.get_entity(e).is_err() {
        return format!("{e:?} (no such entity)");
    }
    let of = world
        .get::<InEncounter>(e)
        .and_then(|i| {
            world
                .get::<Encounter>(i.0)
                .map(|x| format!("{} {:?}", x.id, i.0))
        })
        .unwrap_or_else(|| "no encounter".into());
    if let Some(name) = world.get::<bevy_ecs::name::Name>(e) {
        return format!(
            "{name} ({e:?} of {of}, side {:?}, {:?}, {:?})",
            world.get::<Side>(e).map(|s| s.0.index()),
            world.get::<Status>(e),
            world.get::<Controller>(e)
        );
    }
    if let Some(x) = world.get::<Encounter>(e) {
        return format!("the encounter {} ({e:?})", x.id);
    }
    format!("{e:?} (not a combatant; of {of})")
}

/// A request in words, its entities described.
pub(crate) fn describe_request(
    world: &World,
    actor: Entity,
    controller: PlayerId,
    intent: &Intent,
) -> String {
    let mut text = format!(
        "{intent:?} for {} from player {}",
        describe(world, actor),
        controller.0
    );
    if let Some(target) = intent.target() {
        text.push_str(&format!(", aimed at {}", describe(world, target)));
    }
    text
}

/// Takes every refusal written so far, and rotates the message buffers. A reaction that was
/// taken and came to nothing ([`RejectReason::Overtaken`]) is an answer but no refusal: the
/// request was accepted, so it is left out.
pub(crate) fn take_rejections(world: &mut World) -> Vec<ActionRejected> {
    let taken = world
        .get_resource_mut::<Messages<ActionRejected>>()
        .map(|mut m| {
            m.drain()
                .filter(|r| r.reason != RejectReason::Overtaken)
                .collect()
        })
        .unwrap_or_default();
    if let Some(mut m) = world.get_resource_mut::<Messages<ActionResolved>>() {
        m.drain().for_each(drop);
    }
    update_messages(world);
    taken
}

/// Sends a request.
pub(crate) fn send(world: &mut World, actor: Entity, controller: PlayerId, intent: Intent) {
    world.write_message(ActionRequest {
        actor,
        controller,
        intent,
    });
}

/// The combatants of `encounter`, in roster order.
pub(crate) fn roster(world: &World, encounter: Entity) -> Vec<Entity> {
    world
        .get::<Roster>(encounter)
        .map(|r| r.entities().collect())
        .unwrap_or_default()
}

/// The player controlling `who`, if an external one does.
pub(crate) fn player_of(world: &World, who: Entity) -> Option<PlayerId> {
    match world.get::<Controller>(who) {
        Some(Controller::External(p)) => Some(*p),
        _ => None,
    }
}

/// Maps the combatants of one encounter to those of a copy of it (by roster position).
#[derive(Debug, Clone, Default)]
pub(crate) struct CopyMap(HashMap<Entity, Entity>);

impl CopyMap {
    /// The map from `original`'s combatants to `copy`'s.
    pub fn between(world: &World, original: Entity, copy_world: &World, copy: Entity) -> Self {
        let a = roster(world, original);
        let b = roster(copy_world, copy);
        Self(a.into_iter().zip(b).collect())
    }

    /// `intent` aimed at the copy's combatants.
    pub fn intent(&self, intent: Intent) -> Intent {
        let mut intent = intent;
        let mut mapper = self.clone();
        intent.map_entities(&mut mapper);
        intent
    }

    /// The copy's combatant for `e` (itself when not one of the original's).
    pub fn entity(&self, e: Entity) -> Entity {
        self.0.get(&e).copied().unwrap_or(e)
    }
}

impl EntityMapper for CopyMap {
    fn get_mapped(&mut self, source: Entity) -> Entity {
        self.entity(source)
    }

    fn set_mapped(&mut self, source: Entity, target: Entity) {
        self.0.insert(source, target);
    }
}

/// A content loader that knows the schemas of both benches' rulesets (and the AI policies).
pub fn merged_loader(a: &Bench, b: &Bench) -> ContentLoader {
    let mut loader = ContentLoader::new().with_policies(fray_ai::POLICY_NAMES);
    loader = (a.schema)(loader);
    if b.ruleset != a.ruleset {
        loader = (b.schema)(loader);
    }
    loader
}

/// The content of both rulesets, loaded with [`merged_loader`].
pub(crate) fn merged_content(a: &Bench, b: &Bench) -> Arc<ContentDb> {
    let mut dirs = vec![content_dir().join(a.ruleset)];
    if b.ruleset != a.ruleset {
        dirs.push(content_dir().join(b.ruleset));
    }
    let db = merged_loader(a, b).load_paths(&dirs).unwrap_or_else(|e| {
        panic!(
            "the content of `{}` and `{}` together does not load:\n{e}",
            a.ruleset, b.ruleset
        )
    });
    Arc::new(db)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_difference_names_the_combatant_whose_component_differs() {
        let before = "#0 fray_core::Encounter: (id:\"x\")\n#1 bevy::Name: \"Aldo\"\n#1 fray_core::Hp: (current:8,max:8)\n";
        let after = "#0 fray_core::Encounter: (id:\"x\")\n#1 bevy::Name: \"Aldo\"\n#1 fray_core::Hp: (current:7,max:8)\n";
        let said = save_difference(before, after);
        assert!(said.starts_with("the combatant Aldo: line 3"), "{said}");
        let said = save_difference(
            "#0 fray_core::Encounter: (round:1)\n",
            "#0 fray_core::Encounter: (round:2)\n",
        );
        assert!(said.starts_with("the encounter: line 1"), "{said}");
    }

    #[test]
    fn counters_a_rejection_may_change_are_blanked() {
        assert_eq!(
            normalize("#0 fray_core::Encounter: (rejections:12,idle_ticks:3,round:2)"),
            "#0 fray_core::Encounter: (rejections:N,idle_ticks:N,round:2)"
        );
    }
}
