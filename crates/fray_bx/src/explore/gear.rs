//! Gear lost to destructive attacks (BX-28, the exploration side): a character killed by a
//! destructive spell or attack loses everything it carried - its torches, oil, rations and
//! coins, and its light - except the magic items that saved (the fight rolls the saves and
//! marks the loss in its [`BxState`](crate::state::BxState)).
//!
//! Ruling: the expedition does not track magic items; the items that survived are named in
//! the log, for the party to recover.

use bevy_ecs::prelude::*;
use fray_explore::log::note;
use fray_explore::prelude::*;

use crate::sheet::Sheet;
use crate::state::BxState;

/// Writes a destroyed character's lost gear back to its member.
pub(super) fn write_back(world: &mut World, member: Entity, combatant: Entity) {
    let Some(state) = world.get::<BxState>(combatant) else {
        return;
    };
    if !state.gear_lost {
        return;
    }
    let saved_bits = state.items_saved;
    let saved: Vec<String> = world
        .get::<Sheet>(combatant)
        .map(|sheet| {
            sheet
                .0
                .magic_items
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    u32::try_from(*i)
                        .ok()
                        .and_then(|i| 1u32.checked_shl(i))
                        .is_some_and(|bit| saved_bits & bit != 0)
                })
                .map(|(_, (name, _))| name.clone())
                .collect()
        })
        .unwrap_or_default();
    let expedition = world.get::<MemberOf>(member).map(|m| m.0);
    let who = world
        .get::<Character>(member)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    if let Some(mut supplies) = world.get_mut::<Supplies>(member) {
        *supplies = Supplies::default();
    }
    world.entity_mut(member).remove::<Light>();
    let Some(expedition) = expedition else {
        return;
    };
    note(
        world,
        expedition,
        ExploreEvent::GearLost {
            who,
            items_saved: saved,
        },
    );
}
