//! Experience a member gains on an expedition: one counter,
//! [`XpGained`](crate::xp::XpGained), that every ruleset awarding experience adds to through
//! [`award_xp`](crate::xp::award_xp), so reports ([`DelveSummary`](crate::report::DelveSummary))
//! read it the same way in every ruleset.
//!
//! lite5e awards one XP per gold piece a member brings out (L5-26); OHO the experience its
//! proficiency checks earn in fights (OHO-22), beside the progress it keeps itself. A ruleset
//! that awards none leaves the counter absent, which reads as 0.

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use serde::{Deserialize, Serialize};

use crate::log::{ExploreEvent, note};
use crate::party::{Character, MemberOf};

/// The XP a member has gained on its expedition so far, in its ruleset's points (absent until
/// its first award).
#[derive(
    Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct XpGained(pub u64);

/// Awards `member` `amount` XP: adds it to its [`XpGained`] (saturating) and logs it on its
/// expedition at the expedition's clock (`<name> gains <amount> XP.`). Awarding 0 does nothing.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use fray_explore::xp::{XpGained, award_xp};
/// let mut world = World::new();
/// let member = world.spawn_empty().id();
/// award_xp(&mut world, member, 20);
/// award_xp(&mut world, member, 0);
/// award_xp(&mut world, member, 5);
/// assert_eq!(world.get::<XpGained>(member), Some(&XpGained(25)));
/// ```
pub fn award_xp(world: &mut World, member: Entity, amount: u64) {
    if amount == 0 {
        return;
    }
    let Ok(mut entity) = world.get_entity_mut(member) else {
        return;
    };
    let total = entity
        .get::<XpGained>()
        .map_or(0, |x| x.0)
        .saturating_add(amount);
    entity.insert(XpGained(total));
    let Some(expedition) = world.get::<MemberOf>(member).map(|m| m.0) else {
        return;
    };
    let who = world
        .get::<Character>(member)
        .map(|c| c.name.clone())
        .unwrap_or_default();
    note(
        world,
        expedition,
        ExploreEvent::Gained {
            who,
            what: "XP".into(),
            amount,
        },
    );
}
