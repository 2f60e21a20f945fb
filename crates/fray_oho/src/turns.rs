//! Initiative, the end of a round and the start of each turn: full-round actions land, the
//! gauge refills, a withheld action lapses, and the rolls of the dying, the bleeding and the
//! burned are made. After any change to a combatant, its status follows its state.

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_core::kit::{RoundPlan, Rounds, TurnBegins, TurnFlow};
use fray_core::turn::TurnEntry;
use smallvec::SmallVec;

use crate::attack::{Mode, perform};
use crate::fighter::save_penalty;
use crate::gauge::Atg;
use crate::ops::OhoOps;
use crate::pronoun::pronoun;
use crate::rules::{ATG, atg_for, seconds};
use crate::state::FullRound;
use crate::vocabulary::{BLEEDING, BURNED, DISABLED};
use crate::{Ctx, OhoRules};

impl TurnFlow for OhoRules {
    /// Rolls initiative once, at the start: the text gives no initiative rule, so Fray rolls each
    /// combatant's Reflex pool (its reflex dice, summed). Higher acts first; ties go to more
    /// defense dice (Reflex plus dodge), then to roster order. The order holds for the whole fight.
    fn setup(ctx: &mut Ctx) {
        let mut entries: SmallVec<[TurnEntry; 16]> = SmallVec::new();
        for i in 0..ctx.roster().len() {
            let Some(entity) = ctx.roster().entries.get(i).map(|r| r.entity) else {
                continue;
            };
            let Some((reflex, tiebreak)) = ctx
                .fighter(entity)
                .map(|f| (f.sheet.0.reflex, i32::from(f.sheet.0.defense_dice())))
            else {
                continue;
            };
            let rolled = ctx.roll_pool(u32::from(reflex), 6);
            let count = i32::try_from(rolled.total).unwrap_or(i32::MAX);
            if let Some(roll) = rolled.roll {
                let who = ctx.id(entity);
                ctx.log_mut().push(LogEvent::Initiative {
                    who,
                    count,
                    roll: Some(roll),
                });
            }
            if let Some(mut initiative) = ctx.initiative_mut(entity) {
                *initiative = Initiative { count, tiebreak };
            }
            entries.push(TurnEntry::combatant(entity, count, tiebreak));
        }
        ctx.order_mut().set(entries);
    }

    /// The start of a turn. The gauge refills (OHO-01; exhaustion from level 4 shortens it,
    /// OHO-21) and a withheld action that did not fire lapses (OHO-05). Then, once a round each, as
    /// Fray rules "every round": a dying creature rolls Fortitude against its hits and dies on a
    /// failure; a bleeding one takes a hit and rolls Fortitude against its hits, and is disabled on
    /// a failure (OHO-17) - or starts dying, if it was disabled already; a burned one rolls
    /// Fortitude against its hits and cannot act this turn on a failure (OHO-19).
    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        let (gauge, lapsed, level) = match ctx.fighter_mut(actor) {
            Some(mut f) => {
                let gauge = atg_for(f.state.exhaustion);
                *f.atg = Atg::new(gauge);
                let lapsed = f.state.withheld.is_some();
                if lapsed {
                    f.state.withheld = None;
                }
                (gauge, lapsed, f.state.exhaustion)
            }
            None => return TurnBegins::Act,
        };
        let (dying, bleeding, burned) = (
            ctx.has(actor, Condition::DYING),
            ctx.has(actor, BLEEDING),
            ctx.has(actor, BURNED),
        );
        if gauge < ATG {
            ctx.tell(Some(actor), |c| {
                format!(
                    "is exhausted (level {level}): {} gauge holds only {}.",
                    pronoun(c, actor).possessive(),
                    seconds(gauge)
                )
            });
        }
        if lapsed {
            ctx.tell(Some(actor), |c| {
                let their = pronoun(c, actor).possessive();
                format!("lets {their} withheld action go.")
            });
        }
        if dying && !fortitude_against_hits(ctx, actor, "Fortitude while dying") {
            if let Some(mut f) = ctx.fighter_mut(actor) {
                f.state.dead = true;
            }
            ctx.update_status(actor);
            return TurnBegins::Skip;
        }
        if bleeding {
            let hits = match ctx.fighter_mut(actor) {
                Some(mut f) => {
                    f.state.hits = f.state.hits.saturating_add(1);
                    f.state.hits
                }
                None => return TurnBegins::Act,
            };
            ctx.note(Some(actor), || format!("bleeds: a hit ({hits} in all)."));
            if !fortitude_against_hits(ctx, actor, "Fortitude against bleeding") {
                let next = if ctx.has(actor, DISABLED) {
                    Condition::DYING
                } else {
                    DISABLED
                };
                ctx.mark(actor, next);
                ctx.update_status(actor);
            }
        }
        if burned
            && ctx.can_act(actor)
            && !fortitude_against_hits(ctx, actor, "Fortitude against burns")
        {
            ctx.tell(Some(actor), |c| {
                let their = pronoun(c, actor).possessive();
                format!("is wracked by {their} burns and cannot act this turn.")
            });
            return TurnBegins::Skip;
        }
        TurnBegins::Act
    }

    /// A game's edit ([`fray_core::edit`]): a revived combatant, or one set active, is no longer
    /// dead, dying, disabled or unconscious - its exhaustion drops to 4 and its injuries below
    /// its limit - so [`TurnFlow::vitals`] keeps it standing. Nothing else gets anyone up
    /// (healing a fallen combatant leaves it down: see [`crate::vitals`]).
    fn edited(ctx: &mut Ctx, who: Entity, edit: fray_core::edit::Edit) {
        use fray_core::edit::Edit;
        if !matches!(edit, Edit::Revive(_) | Edit::SetStatus(Status::Active)) {
            return;
        }
        if let Some(mut f) = ctx.fighter_mut(who) {
            let limit = f.sheet.0.injury_limit;
            let s = &mut *f.state;
            s.dead = false;
            s.exhaustion = s.exhaustion.min(4);
            if let Some(limit) = limit {
                s.injuries = s.injuries.min(limit.saturating_sub(1));
            }
        }
        for c in [DISABLED, Condition::DYING, Condition::UNCONSCIOUS] {
            ctx.set_innate(who, c, false);
        }
    }

    /// Keeps a combatant's status in line with its state (see [`vitals`](crate::vitals)) after
    /// any change to its health, state, conditions or status: doing it twice changes nothing.
    fn vitals(ctx: &mut Ctx, who: Entity) {
        ctx.update_status(who);
    }
}

impl Rounds for OhoRules {
    /// At the end of the round, the full-round actions taken in it land (OHO-03): an attack whose
    /// maker is still able, still engages its target and still reaches it. It runs as the next
    /// round starts, before anyone's turn, and is logged as part of the round that ended.
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        if ctx.battle().pending.is_empty() {
            return RoundPlan::Turns;
        }
        let mut pending = std::mem::take(&mut ctx.battle_mut().pending);
        // The round has already been counted up: what lands belongs to the end of the round
        // before, and the log says so (the core sets the clock again when the round starts).
        let (ended, serial) = (ctx.round().saturating_sub(1), ctx.turn().serial());
        ctx.log_mut().set_clock(ended, serial);
        for &FullRound { actor, intent } in &pending {
            let Intent::Attack {
                target,
                attack,
                maneuver,
            } = intent
            else {
                continue;
            };
            let reach = ctx.weapon(actor, attack).map_or(0, |w| w.reach);
            let lands = ctx.can_act(actor)
                && ctx.can_act(target)
                && ctx.engaging(actor, target)
                && ctx.map().hops(ctx.region(actor), ctx.region(target)) <= reach;
            if lands {
                ctx.tell(Some(actor), |c| {
                    let their = pronoun(c, actor).possessive();
                    format!("completes {their} full-round action.")
                });
                perform(
                    ctx,
                    actor,
                    target,
                    attack.index(),
                    maneuver,
                    Mode::FullRound,
                );
            } else {
                ctx.tell(Some(actor), |c| {
                    let their = pronoun(c, actor).possessive();
                    format!("loses {their} full-round action.")
                });
            }
        }
        // The list keeps its allocation for the next round.
        pending.clear();
        let kept = &mut ctx.battle_mut().pending;
        if kept.is_empty() {
            *kept = pending;
        }
        RoundPlan::Turns
    }
}

/// A Fortitude roll against the hits taken (bleeding, burns, dying): holds when it is at least
/// the hits.
fn fortitude_against_hits(ctx: &mut Ctx, who: Entity, purpose: &str) -> bool {
    let Some((dice, penalty, hits)) = ctx.fighter(who).zip(ctx.conditions(who)).map(|(f, c)| {
        (
            f.sheet.0.fortitude,
            save_penalty(c, f.state),
            i64::from(f.state.hits),
        )
    }) else {
        return true;
    };
    let (total, roll) = ctx.pool(dice, penalty);
    let held = total >= hits;
    ctx.log_roll(who, purpose, roll, Some(hits), Some(held));
    held
}
