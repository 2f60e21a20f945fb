//! How the built-in policies read a combatant's
//! [`Tactics`](fray_content::tactics::Tactics) (content's `tactics: (...)`), and
//! whether it can harm its foes at all.
//!
//! The `aggressive` and `tactical` policies read them; the `random` policy ignores them (it is
//! a baseline and a fuzzer, not a player). What each field does to a score:
//!
//! - `target`, `focus_fire`, `protect`: a foe they point at is worth more to strike (and, for
//!   the tactical policy, to engage): [`preference`], from 0 to about 1 per field.
//! - `keep_range`: both policies do not engage nor step closer while the combatant can strike
//!   from where it stands ([`holds_range`]: a blow among its options, or one its ruleset says
//!   comes later in the round, as a B/X archer's in the missile step after the movement step),
//!   and close only as far as a foe's neighbouring region when it cannot (engaging only when
//!   no such step is left).
//! - `withdraw_below`: the tactical policy's threshold for getting out of melee
//!   ([`wants_out`]), instead of its own (below 30% of its hit points, or 50% on a side with
//!   fewer fighters than its foes'); the aggressive policy, which otherwise never backs off,
//!   gets out of melee below it (a withdrawal before a retreat, then a step away) and does not
//!   go back in ([`told_out`]).
//! - `flee_below`: both policies' threshold for leaving the fight ([`wants_to_leave`]),
//!   instead of the tactical policy's own (15% on a losing side, 30% as the last of its side;
//!   the aggressive policy otherwise never leaves). A broken morale leaves whatever it says.
//!   The way out is a flight, or for the tactical policy a retreat offered out of melee
//!   (lite5e's, which leaves the fight: it has no flight).
//! - `surrender_below`: both policies give up below it ([`gives_up`]): surrender comes before
//!   any other option, flight included (a higher `flee_below` flees first, where the ruleset
//!   offers flight). Without it, neither policy surrenders of its own accord: surrender comes
//!   from the rulesets' morale checks.
//! - `spend`: both policies hold a power that does not come back ([`holds`]).
//!
//! Whatever the tactics, a combatant that can harm no foe ([`Harm::None`](crate::situation::Harm)) leaves the fight
//! when the ruleset offers a way, or gets out of melee: a fight it cannot win must not run to
//! the round limit.

use bevy_ecs::entity::Entity;
use fray_core::options::ActionOption;
use fray_core::prelude::*;

use crate::situation::Situation;

use fray_content::tactics::{Protect, Spend, TargetPriority};

/// The best expected damage of a plain attack among the options (0 when none), for
/// [`Spend::OnGroups`].
pub(crate) fn best_blow(options: &[ActionOption], previews: &[Preview]) -> f32 {
    options
        .iter()
        .zip(previews)
        .filter(|(o, _)| matches!(o.intent, Intent::Attack { .. }))
        .map(|(_, p)| p.expected_damage)
        .fold(0.0, f32::max)
}

/// How much the decider's tactics prefer striking (or engaging) `target`: the sum of what its
/// target priority, focus fire and protection say, each from 0 to 1.
pub(crate) fn preference(situation: &Situation, target: Entity) -> f32 {
    let tactics = situation.tactics();
    let mut worth = 0.0;
    worth += match tactics.target {
        None => 0.0,
        Some(TargetPriority::MostHurt) => 1.0 - situation.hp_fraction(target),
        Some(TargetPriority::Closest) => {
            1.0 / (1.0 + f32::from(situation.hops_to(target).unwrap_or(u8::MAX)))
        }
        Some(TargetPriority::Leader) => f32::from(u8::from(situation.is_leader(target))),
        Some(TargetPriority::Engaging) => f32::from(u8::from(situation.engaged_with_actor(target))),
        Some(TargetPriority::Casters) => f32::from(u8::from(situation.is_caster(target))),
    };
    if tactics.focus_fire == Some(true) {
        // Foes its allies already fight, and the more hurt, the better: one foe at a time.
        let allies = situation.allies_engaged_with(target) as f32;
        worth += 0.5 * allies / (allies + 1.0) + 0.5 * (1.0 - situation.hp_fraction(target));
    }
    if let Some(protect) = tactics.protect {
        let guards = situation.allies_engaged_with_where(target, |ally| match protect {
            Protect::Leader => situation.is_leader(ally),
            Protect::Hurt => situation.hp_fraction(ally) < 0.5,
        });
        if guards > 0 {
            worth += 1.0;
        }
    }
    worth
}

/// Whether the decider keeps its range (`keep_range: true`).
pub(crate) fn keeps_range(situation: &Situation) -> bool {
    situation.tactics().keep_range == Some(true)
}

/// Whether the decider keeps its range (`keep_range: true`) and can strike a foe from where
/// it stands ([`Situation::can_strike_from_here`]): it neither engages nor steps closer.
pub(crate) fn holds_range(situation: &Situation) -> bool {
    keeps_range(situation) && situation.can_strike_from_here()
}

/// Whether the decider's tactics tell it out of melee: a `withdraw_below` is given, and its
/// hit points are below it. The aggressive policy backs off for this alone (and for harm it
/// cannot do); the tactical one weighs its own thresholds too ([`wants_out`]).
pub(crate) fn told_out(situation: &Situation) -> bool {
    situation
        .tactics()
        .withdraw_below
        .is_some_and(|below| situation.actor_hp_fraction() < below.get())
}

/// Whether the decider wants out of melee: broken, below its `withdraw_below`, or (without
/// one) below 30% of its hit points, or 50% on a side with fewer fighters than its foes'.
pub(crate) fn wants_out(situation: &Situation) -> bool {
    let me = situation.actor_hp_fraction();
    situation.actor_morale_broken()
        || match situation.tactics().withdraw_below {
            Some(below) => me < below.get(),
            None => me < 0.3 || (situation.side_losing() && me < 0.5),
        }
}

/// Whether the decider wants to leave the fight: broken, below its `flee_below`, or (without
/// one, and only for the tactical policy, `cautious`) nearly down on a losing side, badly
/// hurt as the last of its side, or the last of its side out of melee while it
/// [wants out](wants_out) - it would only come back to withdraw again, a loop that ran B/X
/// crypt fights to the round limit. (Counting heads says little of a fight against mooks, so
/// being outnumbered alone is no reason.)
pub(crate) fn wants_to_leave(situation: &Situation, cautious: bool) -> bool {
    let me = situation.actor_hp_fraction();
    situation.actor_morale_broken()
        || match situation.tactics().flee_below {
            Some(below) => me < below.get(),
            None => {
                cautious
                    && ((me < 0.15 && situation.side_losing())
                        || (situation.last_standing()
                            && (me < 0.3 || (!situation.engaged() && wants_out(situation)))))
            }
        }
}

/// Whether the decider gives itself up: a `surrender_below` is given, and its hit points are
/// below it.
pub(crate) fn gives_up(situation: &Situation) -> bool {
    situation
        .tactics()
        .surrender_below
        .is_some_and(|below| situation.actor_hp_fraction() < below.get())
}

/// Whether the decider holds back an option that spends a power it will not get back this
/// fight (`limited`: see [`limited`]), as its `spend` says.
pub(crate) fn holds(situation: &Situation, p: &Preview, limited: bool) -> bool {
    if !limited {
        return false;
    }
    let hurt = situation.actor_hp_fraction() < 0.5 || situation.side_losing();
    match situation.tactics().spend {
        None | Some(Spend::Freely) => false,
        Some(Spend::WhenHurt) => !hurt,
        Some(Spend::OnGroups) => {
            let blow = situation.best_blow();
            !hurt && blow > 0.0 && p.expected_damage < 2.0 * blow
        }
    }
}

/// Whether an option spends something that does not come back this fight, as far as a
/// policy can tell: a pool the preview says it spends (mastery points), or an ability that
/// deals damage or leaves an effect on a foe (spells, daily and recharge powers; the rulesets
/// offer at-will strikes as attacks).
pub(crate) fn limited(intent: &Intent, p: &Preview) -> bool {
    p.spends > 0.0
        || (matches!(intent, Intent::UseAbility { .. })
            && (p.expected_damage > 0.0 || p.inflicts > 0.0))
}
