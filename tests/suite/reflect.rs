//! A fight seen through Bevy's reflection, as an inspector (bevy-inspector-egui, the remote
//! protocol) sees it: every public component and resource of the core is in the type registry
//! with its `Component` or `Resource` data, and so is each ruleset's own combat state.

use std::any::TypeId;

use bevy_app::prelude::*;
use bevy_ecs::reflect::{AppTypeRegistry, ReflectComponent, ReflectResource};
use bevy_reflect::{ReflectRef, TypeData};
use fray::core::client::{BattleGauges, Budget};
use fray::core::combatant::{
    Combatant, Controller, Hp, Initiative, Leader, Morale, Side, StatblockRef, Status, Tally,
};
use fray::core::condition::Conditions;
use fray::core::effect::Effects;
use fray::core::encounter::{Encounter, Groups, InEncounter, Roster, Sides};
use fray::core::engagement::Engagement;
use fray::core::log::CombatLog;
use fray::core::morale::MoraleState;
use fray::core::options::ActionOptions;
use fray::core::outcome::TickReport;
use fray::core::region::{EncounterMap, InRegion, Region, RegionLinks};
use fray::core::turn::{Turn, TurnOrder};
use fray::prelude::*;

/// Each type with its name, for the registry checks.
macro_rules! types {
    ($($t:ty),* $(,)?) => {
        [$((TypeId::of::<$t>(), std::any::type_name::<$t>())),*]
    };
}

/// Of `types`, those the registry of an app with every plugin lacks, or holds without its
/// `D` data (`ReflectComponent`, `ReflectResource`).
fn unregistered<D: TypeData>(types: &[(TypeId, &'static str)]) -> Vec<&'static str> {
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default());
    let registry = app.world().resource::<AppTypeRegistry>().read();
    types
        .iter()
        .filter(|(id, _)| registry.get(*id).is_none_or(|r| r.data::<D>().is_none()))
        .map(|(_, name)| *name)
        .collect()
}

#[test]
fn the_type_registry_knows_every_component_and_resource_a_game_reads() {
    let components = types![
        Combatant,
        Hp,
        Side,
        Controller,
        Initiative,
        Status,
        Morale,
        Leader,
        StatblockRef,
        Tally,
        Conditions,
        Effects,
        Engagement,
        InRegion,
        InEncounter,
        Budget,
        Encounter,
        Turn,
        TurnOrder,
        ActionOptions,
        Roster,
        Sides,
        Groups,
        MoraleState,
        CombatLog,
        EncounterMap,
        BattleGauges,
        Region,
        RegionLinks,
    ];
    assert_eq!(
        unregistered::<ReflectComponent>(&components),
        Vec::<&str>::new()
    );
    let resources = types![TickReport, fray::core::FrayStepping];
    assert_eq!(
        unregistered::<ReflectResource>(&resources),
        Vec::<&str>::new()
    );
}

/// Every component a ruleset's own crate puts on its encounters and combatants, in every
/// built-in encounter of every ruleset of the facade's list, is in the type registry with its
/// `Component` data: found on the spawned entities, so a component added to a ruleset is
/// checked without naming it here.
#[test]
fn the_type_registry_knows_each_rulesets_own_components() {
    let content = fray::content::builtin().unwrap();
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default())
        .insert_resource(Content(content.clone()));
    let mut missing = std::collections::BTreeSet::new();
    let mut seen = std::collections::BTreeSet::new();
    for ruleset in fray::RULESETS {
        for spec in content.encounters().filter(|e| e.ruleset == ruleset.id) {
            let fight = app
                .world_mut()
                .spawn_encounter(&spec.id, &EncounterSettings::logged(1))
                .unwrap();
            let roster = app.world().get::<Roster>(fight).unwrap().clone();
            let world = app.world();
            let registry = world.resource::<AppTypeRegistry>().read();
            let entities = std::iter::once(fight).chain(roster.entries.iter().map(|e| e.entity));
            for entity in entities {
                for (_, info) in world.inspect_entity(entity).unwrap() {
                    let name = info.name().to_string();
                    // The ruleset's own types, its sheet among them; the core's are checked
                    // by name above.
                    let sheet = name.starts_with("fray_core::compiled::Sheet<");
                    if !sheet && (name.starts_with("fray_core::") || !name.starts_with("fray_")) {
                        continue;
                    }
                    seen.insert(name.clone());
                    let known = info
                        .type_id()
                        .and_then(|id| registry.get(id))
                        .is_some_and(|r| r.data::<ReflectComponent>().is_some());
                    if !known {
                        missing.insert(name);
                    }
                }
            }
        }
    }
    assert!(seen.len() >= 17, "the rulesets' own components: {seen:?}");
    assert_eq!(missing, std::collections::BTreeSet::<String>::new());
}

#[test]
fn an_inspector_reads_a_combatants_hit_points_by_reflection() {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content")).unwrap();
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default())
        .insert_resource(Content(content));
    let fight = app
        .world_mut()
        .spawn_encounter("l5-barrow", &EncounterSettings::logged(3))
        .unwrap();
    let roster = app.world().get::<Roster>(fight).unwrap().clone();
    let first = roster.entries[0].entity;
    let hp = *app.world().get::<Hp>(first).unwrap();
    let registry = app.world().resource::<AppTypeRegistry>().read();
    let reflect = registry
        .get(TypeId::of::<Hp>())
        .and_then(|r| r.data::<ReflectComponent>())
        .unwrap();
    let entity = app.world().entity(first);
    let seen = reflect.reflect(entity).unwrap();
    let ReflectRef::Struct(fields) = seen.reflect_ref() else {
        panic!("Hp reflects field by field");
    };
    let field = |name| {
        fields
            .field(name)
            .and_then(|f| f.try_downcast_ref::<i32>())
            .copied()
    };
    assert_eq!(field("current"), Some(hp.current));
    assert_eq!(field("max"), Some(hp.max));
    // The roster reflects too: its entries name the combatant.
    let roster_reflect = registry
        .get(TypeId::of::<Roster>())
        .and_then(|r| r.data::<ReflectComponent>())
        .unwrap();
    let seen = roster_reflect.reflect(app.world().entity(fight)).unwrap();
    assert!(format!("{seen:?}").contains(&roster.entries[0].name));
}
