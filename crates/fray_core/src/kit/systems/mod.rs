//! The kit's systems: one per phase of the tick for each ruleset, each walking the ruleset's
//! encounters and calling its hooks and the core's flow.
//!
//! One file per phase ([`sync`] and [`setup`] before the turn, [`turn_start`], [`decide`],
//! [`validate`], [`resolve`], [`aftermath`], [`turn_end`], [`morale`], [`outcome`]), with the
//! walk through the order ([`rounds`]), vitals ([`vitals`]) and the bookkeeping of status
//! changes ([`bookkeeping`]) they share.

mod aftermath;
mod bookkeeping;
mod decide;
mod morale;
mod outcome;
mod resolve;
mod rounds;
mod setup;
mod sync;
mod turn_end;
mod turn_start;
mod validate;
mod vitals;

pub(crate) use aftermath::aftermath;
pub(crate) use decide::{Ahead, decide, decide_in, reoffer};
pub(crate) use morale::morale;
pub(crate) use outcome::outcome;
pub(crate) use resolve::resolve;
pub(crate) use setup::setup;
pub(crate) use sync::sync;
pub(crate) use turn_end::turn_end;
pub(crate) use turn_start::turn_start;
pub(crate) use validate::validate;

use bevy_ecs::prelude::*;

use crate::combatant::{Combatant, Hp, Status};
use crate::condition::Conditions;
use crate::effect::Effects;
use crate::encounter::InEncounter;
use crate::engagement::Engagement;
use crate::flow::phase::Phase;
use crate::ids::CombatantId;
use crate::kit::{Ctx, Kit, Member, Rules, RulesBase};
use crate::region::InRegion;

/// Combatants whose change [`RulesBase::Watch`] asks vitals for, with their encounters.
pub(crate) type Watched<'w, 's, R> = Query<
    'w,
    's,
    (Entity, &'static InEncounter, &'static Combatant),
    (With<Member<R>>, <R as RulesBase>::Watch),
>;

/// Combatants whose status changed since the system last ran, with their encounters.
pub(crate) type StatusChanged<'w, 's, R> = Query<
    'w,
    's,
    (Entity, &'static InEncounter, &'static Status),
    (With<Member<R>>, Changed<Status>),
>;

/// Combatants whose conditions changed since the system last ran, with their encounters: a
/// ruleset that counts the incapacitated as out of the fight ([`TurnFlow::out_of_fight`]) may see
/// a morale trigger fire with no status changed.
pub(crate) type ConditionsChanged<'w, 's, R> =
    Query<'w, 's, &'static InEncounter, (With<Member<R>>, Changed<Conditions>)>;

/// What the turn's end reads: who vitals are due for, whose status or conditions changed, and
/// the ruleset's encounters and combatants.
pub(crate) type TurnEndParams<'w, 's, R> = ParamSet<
    'w,
    's,
    (
        Watched<'static, 'static, R>,
        StatusChanged<'static, 'static, R>,
        Kit<'static, 'static, R>,
        ConditionsChanged<'static, 'static, R>,
    ),
>;

/// Combatants whose components of the lineup changed since the system last ran (by the kit,
/// or from outside it), with their encounters.
pub(crate) type LineupChanged<'w, 's, R> = Query<
    'w,
    's,
    (
        Entity,
        &'static InEncounter,
        (
            &'static Status,
            &'static InRegion,
            &'static Hp,
            &'static Conditions,
            &'static Engagement,
            &'static Effects,
        ),
    ),
    (
        With<Member<R>>,
        Or<(
            Changed<Status>,
            Changed<InRegion>,
            Changed<Hp>,
            Changed<Conditions>,
            Changed<Engagement>,
            Changed<Effects>,
        )>,
    ),
>;

/// Plays `play` with the context of each of the ruleset's encounters whose phase `wanted`
/// accepts, and that phase: the loop every phase's system walks.
fn each_in_phase<R: Rules>(
    kit: &mut Kit<R>,
    wanted: impl Fn(Phase) -> bool,
    mut play: impl FnMut(&mut Ctx<'_, '_, '_, '_, R>, Phase),
) {
    let Kit {
        encounters,
        members,
    } = kit;
    for parts in encounters.iter_mut() {
        let phase = parts.encounter.phase();
        if wanted(phase) {
            play(&mut Ctx::new(parts, members), phase);
        }
    }
}

/// Buffers a system keeps between runs, so steady play allocates nothing.
#[derive(Default)]
pub(crate) struct Scratch {
    touched: Vec<(Entity, CombatantId, Entity)>,
    gone: Vec<(Entity, Entity, Status)>,
    effects: Vec<(u32, u16)>,
    encounters: Vec<Entity>,
    unsettled: Vec<Entity>,
    statuses: Vec<Status>,
    /// Combatants whose engagements a status change released: the gone and their foes.
    released: Vec<Entity>,
}
