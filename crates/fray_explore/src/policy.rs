//! The party's policy: how boldly it goes, when it rests, and when it turns back.
//!
//! Ruleset-agnostic: the model rests and turns back by it (in
//! [`ExploreSystems::Plan`](crate::tick::ExploreSystems::Plan), before the turn's activity
//! is taken), and searches each new area when cautious; rulesets read the stance when monsters
//! are met (B/X: a cautious party speaks first and tries to evade, a bold one fights).

use bevy_ecs::prelude::*;
use bevy_reflect::Reflect;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::activity::{Activity, Plan};
use crate::expedition_state::{Expedition, ExpeditionState};
use crate::fighting::Fighting;
use crate::light::{Light, LightKind};
use crate::log::{ExpeditionLog, ExploreEvent};
use crate::party::{MemberOf, Party, Supplies, Vitals};
use crate::time::{Clock, GameTime};
use crate::timekeeping::Timekeeping;

/// How boldly the party goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
pub enum Stance {
    /// Searches every new area, speaks first to monsters and tries to slip away from them.
    #[default]
    Cautious,
    /// Presses on: no searching unless planned, and it fights what it meets.
    Bold,
}

/// The party's policy, from the expedition file's plan.
#[derive(
    Component, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
#[serde(default, deny_unknown_fields)]
pub struct ExpeditionPolicy {
    /// How boldly it goes.
    pub stance: Stance,
    /// Rest a turn after this many turns without one (0: only when the plan says).
    pub rest_every: u8,
    /// Turn back when the party's hit points fall below this percentage of their maximum
    /// (living members, all together; 0: never for wounds).
    pub turn_back_below_hp_percent: u8,
    /// Turn back when the light left (lit and spare, the party's best bearer's) falls below
    /// this many turns (0: never for light).
    pub turn_back_light_turns: u32,
}

impl Default for ExpeditionPolicy {
    fn default() -> Self {
        Self {
            stance: Stance::Cautious,
            rest_every: 5,
            turn_back_below_hp_percent: 50,
            turn_back_light_turns: 3,
        }
    }
}

/// What the policy keeps count of.
#[derive(
    Component, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Reflect,
)]
#[reflect(opaque)]
#[reflect(Component, Debug)]
pub struct PolicyState {
    /// Turns played since the last rest.
    pub since_rest: u8,
    /// The party turned back.
    pub turned_back: bool,
}

/// Why the party turns back, if its policy says it should now.
///
/// ```
/// use fray_explore::policy::{turn_back_reason, ExpeditionPolicy};
/// let policy = ExpeditionPolicy { turn_back_below_hp_percent: 50, turn_back_light_turns: 3, ..ExpeditionPolicy::default() };
/// assert_eq!(turn_back_reason(&policy, (9, 20), Some(10)), Some("wounds"));
/// assert_eq!(turn_back_reason(&policy, (10, 20), Some(2)), Some("light running out"));
/// assert_eq!(turn_back_reason(&policy, (10, 20), Some(3)), None);
/// ```
pub fn turn_back_reason(
    policy: &ExpeditionPolicy,
    (hp, max_hp): (i64, i64),
    light_turns: Option<u64>,
) -> Option<&'static str> {
    let threshold = i64::from(policy.turn_back_below_hp_percent);
    if max_hp > 0 && hp.saturating_mul(100) < max_hp.saturating_mul(threshold) {
        return Some("wounds");
    }
    if let Some(turns) = light_turns
        && policy.turn_back_light_turns > 0
        && turns < u64::from(policy.turn_back_light_turns)
    {
        return Some("light running out");
    }
    None
}

/// The plan of a party going home: to the entrance, then out.
pub fn way_out(entrance: &str) -> Plan {
    Plan(
        [
            Activity::GoTo {
                area: entrance.to_string(),
            },
            Activity::Leave,
        ]
        .into_iter()
        .collect(),
    )
}

/// Expeditions as their policy reads them.
type Governed<'w, 's> = Query<
    'w,
    's,
    (
        (&'static Expedition, &'static Timekeeping, &'static Clock),
        (&'static ExpeditionPolicy, &'static mut PolicyState),
        (&'static mut Plan, &'static mut ExpeditionLog),
        &'static Party,
        &'static crate::place::Position,
        Has<Fighting>,
    ),
>;

/// Before the turn's activity is taken: a party whose policy says so turns back (its plan
/// becomes the way out; a party already on its way out has nothing to turn back from), and
/// one that has gone `rest_every` turns without rest rests.
pub(crate) fn follow_policy(
    mut expeditions: Governed,
    members: Query<(&Vitals, &Supplies, Option<&Light>), With<MemberOf>>,
    dungeons: Query<&crate::place::Dungeon>,
) {
    for (
        (expedition, timekeeping, clock),
        (policy, mut state),
        (mut plan, mut log),
        party,
        at,
        fighting,
    ) in &mut expeditions
    {
        if expedition.state != ExpeditionState::Underway || fighting {
            continue;
        }
        if !state.turned_back {
            let (mut hp, mut max_hp, mut light) = (0i64, 0i64, None::<u64>);
            for &m in &party.order {
                let Ok((vitals, supplies, lit)) = members.get(m) else {
                    continue;
                };
                if !vitals.is_alive() {
                    continue;
                }
                hp = hp.saturating_add(i64::from(vitals.hp.max(0)));
                max_hp = max_hp.saturating_add(i64::from(vitals.max_hp.max(0)));
                let turns = light_turns(timekeeping, supplies, lit);
                light = Some(light.map_or(turns, |l| l.max(turns)));
            }
            let entrance = dungeons.get(at.dungeon).map(|d| d.spec.entrance.as_str());
            let heading_out = plan.0.iter().all(|a| match a {
                Activity::GoTo { area } => Ok(area.as_str()) == entrance,
                Activity::Leave | Activity::Rest | Activity::Search { .. } => true,
                Activity::Hunt => true,
                Activity::Explore | Activity::Listen { .. } | Activity::Journey { .. } => false,
            });
            if !heading_out
                && let Some(reason) = turn_back_reason(policy, (hp, max_hp), light)
                && let Ok(dungeon) = dungeons.get(at.dungeon)
            {
                state.turned_back = true;
                *plan = way_out(&dungeon.spec.entrance);
                log.record(clock.elapsed(), || ExploreEvent::TurnedBack {
                    reason: reason.into(),
                });
            }
        }
        let resting = matches!(plan.0.front(), Some(Activity::Rest));
        if policy.rest_every > 0 && state.since_rest >= policy.rest_every && !resting {
            plan.0.push_front(Activity::Rest);
        }
        if matches!(plan.0.front(), Some(Activity::Rest)) {
            state.since_rest = 0;
        } else if !plan.0.is_empty() {
            state.since_rest = state.since_rest.saturating_add(1);
        }
    }
}

/// The turns of light a member has: what is left of its lit light, and its spares of that
/// kind (torches for a torch, flasks for a lantern; both when nothing is lit).
fn light_turns(timekeeping: &Timekeeping, supplies: &Supplies, lit: Option<&Light>) -> u64 {
    let turn = timekeeping.turn;
    let spare = |kind: LightKind, count: u32| {
        timekeeping
            .light_duration(kind)
            .checked_mul(u64::from(count))
            .unwrap_or(GameTime::ZERO)
    };
    let total = match lit {
        Some(light) => light.left.checked_add(spare(
            light.kind,
            match light.kind {
                LightKind::Torch => supplies.torches,
                LightKind::Lantern => supplies.oil_flasks,
            },
        )),
        None => spare(LightKind::Torch, supplies.torches)
            .checked_add(spare(LightKind::Lantern, supplies.oil_flasks)),
    };
    total.and_then(|t| t.checked_div(turn)).unwrap_or(u64::MAX)
}
