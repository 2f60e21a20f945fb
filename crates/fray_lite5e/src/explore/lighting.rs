//! Light on the expedition (L5-18, exploration side): a dungeon is dark but for the lights the
//! party carries (torches and lanterns, L5-19), and what is lit when monsters are met is the
//! light of the fight.
//!
//! - A meeting in a dungeon is fought on a dark map (`fight_setup`).
//! - A member with a lit light carries it into the fight: its statblock's light level when it
//!   names one (content may make a lantern light its region well), else the seed's dim light of
//!   a torch or a lantern; a member whose light is out carries none (`carry_in`). The combat's
//!   light rules (L5-18) then apply: darkness, dim light, darksight.
//! - Out of a fight, a party with no light lit checks in darkness: its trap checks have
//!   disadvantage ("predicting danger", [`traps`](crate::explore::traps)) and, fleeing, it breaks line of
//!   sight easily ([`chase`](crate::explore::chase)).

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_content::encounter::{EncounterOptions, MapRef};
use fray_content::map::{Light as MapLight, MapSpec};
use fray_explore::prelude::*;

use crate::sheet::Sheet;

/// Whether a member of `expedition` who is up carries a lit light.
pub fn party_lit(world: &World, expedition: Entity) -> bool {
    world.get::<Party>(expedition).is_some_and(|p| {
        p.order.iter().any(|m| {
            world.get::<Light>(*m).is_some() && world.get::<Vitals>(*m).is_some_and(Vitals::is_up)
        })
    })
}

/// The fight a meeting becomes: in a dungeon, on the dark `near-far` map.
pub(super) fn fight_setup(world: &World, expedition: Entity, meeting: Meeting) -> FightSetup {
    let map = world.get::<Position>(expedition).map(|_| {
        let mut map = MapSpec::builtin("near-far").unwrap_or_else(|| MapSpec {
            id: "near-far".into(),
            name: "Near and far".into(),
            regions: Vec::new(),
            links: Vec::new(),
        });
        map.id = "dungeon-dark".into();
        for region in &mut map.regions {
            region.light = MapLight::Darkness;
        }
        MapRef::Inline(map)
    });
    FightSetup {
        foes: meeting.foes.clone(),
        options: EncounterOptions::default(),
        meeting: Some(meeting),
        map,
        controllers: Vec::new(),
    }
}

/// A member's light goes with it into the fight: lit, its statblock's level or dim; out,
/// none.
pub(super) fn carry_in(world: &mut World, member: Entity, combatant: Entity) {
    let lit = world.get::<Light>(member).is_some();
    let Some(sheet) = world.get::<Sheet>(combatant) else {
        return;
    };
    let light = if lit {
        Some(sheet.0.light.unwrap_or(MapLight::Dim))
    } else {
        None
    };
    if sheet.0.light == light {
        return;
    }
    let mut data = (*sheet.0).clone();
    data.light = light;
    world
        .entity_mut(combatant)
        .insert(Sheet::new(Arc::new(data)));
}
