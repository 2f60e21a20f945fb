//! The combatants of a ruleset, as the kit's systems query them: the core's components one by
//! one (each access fetches only what it needs), and the ruleset's own in one query.

use bevy_ecs::prelude::*;
use bevy_ecs::system::{StaticSystemParam, SystemParam};

use crate::combatant::{
    Combatant, CombatantTactics, Controller, Hp, Initiative, Leader, Morale, Side, Status, Tally,
};
use crate::condition::Conditions;
use crate::effect::Effects;
use crate::engagement::Engagement;
use crate::kit::{EncounterParts, Member, RulesBase};
use crate::region::InRegion;

/// The combatants of ruleset `R`: every query carries its [`Member`] marker.
#[derive(SystemParam)]
pub struct Members<'w, 's, R: RulesBase> {
    pub(crate) fixed: Query<'w, 's, (&'static Combatant, &'static Side), With<Member<R>>>,
    pub(crate) controllers: Query<'w, 's, &'static Controller, With<Member<R>>>,
    pub(crate) hp: Query<'w, 's, &'static mut Hp, With<Member<R>>>,
    pub(crate) status: Query<'w, 's, &'static mut Status, With<Member<R>>>,
    pub(crate) conditions:
        Query<'w, 's, (&'static mut Conditions, &'static mut Effects), With<Member<R>>>,
    pub(crate) region: Query<'w, 's, &'static mut InRegion, With<Member<R>>>,
    pub(crate) engagement: Query<'w, 's, &'static mut Engagement, With<Member<R>>>,
    pub(crate) tally: Query<'w, 's, &'static mut Tally, With<Member<R>>>,
    pub(crate) initiative: Query<'w, 's, &'static mut Initiative, With<Member<R>>>,
    pub(crate) morale: Query<'w, 's, (&'static mut Morale, Has<Leader>), With<Member<R>>>,
    pub(crate) tactics: Query<'w, 's, &'static CombatantTactics, With<Member<R>>>,
    pub(crate) names: Query<'w, 's, &'static bevy_ecs::name::Name, With<Member<R>>>,
    pub(crate) fighters: Query<'w, 's, <R as RulesBase>::Fighter, With<Member<R>>>,
    pub(crate) extra: StaticSystemParam<'w, 's, <R as RulesBase>::Extra>,
}

/// A ruleset's encounters and combatants together, as every kit system takes them.
#[derive(SystemParam)]
pub struct Kit<'w, 's, R: RulesBase> {
    pub(crate) encounters: Query<'w, 's, EncounterParts<R>, With<<R as RulesBase>::Battle>>,
    pub(crate) members: Members<'w, 's, R>,
}
