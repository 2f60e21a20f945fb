//! A fight seen through Bevy's reflection, as an inspector (bevy-inspector-egui, the remote
//! protocol) sees it: every public component and resource of the core is in the type registry
//! with its `Component` or `Resource` data, and so is each ruleset's own combat state.

use std::any::TypeId;

use bevy_app::prelude::*;
use bevy_ecs::reflect::{AppTypeRegistry, ReflectComponent, ReflectResource};
use bevy_reflect::ReflectRef;
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

#[test]
fn the_type_registry_knows_every_component_and_resource_a_game_reads() {
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default());
    let registry = app.world().resource::<AppTypeRegistry>().read();
    let components = [
        (TypeId::of::<Combatant>(), "Combatant"),
        (TypeId::of::<Hp>(), "Hp"),
        (TypeId::of::<Side>(), "Side"),
        (TypeId::of::<Controller>(), "Controller"),
        (TypeId::of::<Initiative>(), "Initiative"),
        (TypeId::of::<Status>(), "Status"),
        (TypeId::of::<Morale>(), "Morale"),
        (TypeId::of::<Leader>(), "Leader"),
        (TypeId::of::<StatblockRef>(), "StatblockRef"),
        (TypeId::of::<Tally>(), "Tally"),
        (TypeId::of::<Conditions>(), "Conditions"),
        (TypeId::of::<Effects>(), "Effects"),
        (TypeId::of::<Engagement>(), "Engagement"),
        (TypeId::of::<InRegion>(), "InRegion"),
        (TypeId::of::<InEncounter>(), "InEncounter"),
        (TypeId::of::<Budget>(), "Budget"),
        (TypeId::of::<Encounter>(), "Encounter"),
        (TypeId::of::<Turn>(), "Turn"),
        (TypeId::of::<TurnOrder>(), "TurnOrder"),
        (TypeId::of::<ActionOptions>(), "ActionOptions"),
        (TypeId::of::<Roster>(), "Roster"),
        (TypeId::of::<Sides>(), "Sides"),
        (TypeId::of::<Groups>(), "Groups"),
        (TypeId::of::<MoraleState>(), "MoraleState"),
        (TypeId::of::<CombatLog>(), "CombatLog"),
        (TypeId::of::<EncounterMap>(), "EncounterMap"),
        (TypeId::of::<BattleGauges>(), "BattleGauges"),
        (TypeId::of::<Region>(), "Region"),
        (TypeId::of::<RegionLinks>(), "RegionLinks"),
    ];
    for (id, name) in components {
        let known = registry.get(id);
        assert!(
            known.is_some_and(|r| r.data::<ReflectComponent>().is_some()),
            "{name} is not registered as a component"
        );
    }
    for (id, name) in [
        (TypeId::of::<TickReport>(), "TickReport"),
        (TypeId::of::<fray::core::FrayStepping>(), "FrayStepping"),
    ] {
        assert!(
            registry
                .get(id)
                .is_some_and(|r| r.data::<ReflectResource>().is_some()),
            "{name} is not registered as a resource"
        );
    }
}

#[test]
fn the_type_registry_knows_each_rulesets_own_components() {
    let mut app = App::new();
    app.add_plugins(FrayPlugins::default());
    let registry = app.world().resource::<AppTypeRegistry>().read();
    let components = [
        (
            TypeId::of::<fray::archmage::battle::Archmage>(),
            "archmage Archmage",
        ),
        (
            TypeId::of::<fray::archmage::sheet::Sheet>(),
            "archmage Sheet",
        ),
        (
            TypeId::of::<fray::archmage::state::ArchState>(),
            "archmage ArchState",
        ),
        (
            TypeId::of::<fray::archmage::slots::ActionSlots>(),
            "archmage ActionSlots",
        ),
        (TypeId::of::<fray::bx::state::Bx>(), "bx Bx"),
        (TypeId::of::<fray::bx::state::BxState>(), "bx BxState"),
        (TypeId::of::<fray::bx::sheet::Sheet>(), "bx Sheet"),
        (TypeId::of::<fray::dierank::state::Dr>(), "dierank Dr"),
        (
            TypeId::of::<fray::dierank::state::DrState>(),
            "dierank DrState",
        ),
        (TypeId::of::<fray::dierank::sheet::Sheet>(), "dierank Sheet"),
        (TypeId::of::<fray::lite5e::state::L5>(), "lite5e L5"),
        (
            TypeId::of::<fray::lite5e::state::L5State>(),
            "lite5e L5State",
        ),
        (TypeId::of::<fray::lite5e::sheet::Sheet>(), "lite5e Sheet"),
        (TypeId::of::<fray::oho::state::Oho>(), "oho Oho"),
        (TypeId::of::<fray::oho::state::OhoState>(), "oho OhoState"),
        (TypeId::of::<fray::oho::sheet::Sheet>(), "oho Sheet"),
        (TypeId::of::<fray::oho::gauge::Atg>(), "oho Atg"),
    ];
    for (id, name) in components {
        assert!(
            registry
                .get(id)
                .is_some_and(|r| r.data::<ReflectComponent>().is_some()),
            "{name} is not registered as a component"
        );
    }
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
