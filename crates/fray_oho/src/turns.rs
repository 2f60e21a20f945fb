//! Initiative and the start of each turn: the gauge refills, a withheld action lapses, and the
//! rolls of the dying, the bleeding and the burned are made.

use bevy_ecs::prelude::*;
use fray_core::prelude::*;
use fray_core::turn::{TurnEntry, TurnOrder};
use fray_dice::Dice;

use crate::ctx::{Ctx, EncounterParts, Params};
use crate::fighter::save_penalty;
use crate::rules::{atg_for, seconds};
use crate::sheet::Sheet;
use crate::state::{Oho, OhoState};

/// Rolls initiative once, at the start: the text gives no initiative rule, so Fray rolls each
/// combatant's Reflex pool (its reflex dice, summed). Higher acts first; ties go to more
/// defense dice (Reflex plus dodge), then to roster order. The order holds for the whole fight.
pub(crate) fn roll_initiative(
    mut encounters: Query<
        (
            &Encounter,
            &Roster,
            &mut TurnOrder,
            &mut EncounterRng,
            &mut CombatLog,
        ),
        With<Oho>,
    >,
    mut fighters: Query<(&Sheet, &mut Initiative, &Combatant)>,
) {
    for (encounter, roster, mut order, mut rng, mut log) in &mut encounters {
        if encounter.phase != Phase::Setup || !order.is_empty() {
            continue;
        }
        let mut entries = Vec::with_capacity(roster.entries.len());
        for entity in roster.entities() {
            let Ok((sheet, mut initiative, combatant)) = fighters.get_mut(entity) else {
                continue;
            };
            let reflex = u32::from(sheet.0.reflex);
            let count = if log.enabled() {
                let roll = Dice::pool(reflex, 6).roll(&mut *rng);
                let count = roll.total() as i32;
                log.push(LogEvent::Initiative {
                    who: combatant.id,
                    count,
                    roll: Some(roll),
                });
                count
            } else {
                Dice::pool_total(reflex, 6, &mut *rng) as i32
            };
            let tiebreak = i32::from(sheet.0.defense_dice());
            *initiative = Initiative { count, tiebreak };
            entries.push(TurnEntry {
                actor: entity,
                count,
                tiebreak,
            });
        }
        order.set(entries);
    }
}

/// The start of a turn. The gauge refills (OHO-01; exhaustion from level 4 shortens it,
/// OHO-21) and a withheld action that did not fire lapses (OHO-05). Then, once a round each, as
/// Fray rules "every round": a dying creature rolls Fortitude against its hits and dies on a
/// failure; a bleeding one takes a hit and rolls Fortitude against its hits, and is disabled on
/// a failure (OHO-17) - or starts dying, if it was disabled already; a burned one rolls
/// Fortitude against its hits and cannot act this turn on a failure (OHO-19).
pub(crate) fn start_turn(mut encounters: Query<EncounterParts>, mut p: Params) {
    for mut parts in &mut encounters {
        if parts.encounter.phase != Phase::TurnStart {
            continue;
        }
        let Some(actor) = parts.turn.actor else {
            continue;
        };
        let mut ctx = Ctx::new(&mut p, &mut parts);
        let Ok(mut f) = ctx.p.fighters.get_mut(actor) else {
            continue;
        };
        let gauge = atg_for(f.state.exhaustion);
        *f.atg = Atg::new(gauge);
        let lapsed = f.state.withheld.take().is_some();
        let level = f.state.exhaustion;
        let (dying, bleeding, burned) = (
            f.conditions.has(Condition::Dying),
            f.conditions.has(Condition::Bleeding),
            f.conditions.has(Condition::Burned),
        );
        if gauge < crate::rules::ATG {
            ctx.note(Some(actor), || {
                format!(
                    "is exhausted (level {level}): its gauge holds only {}.",
                    seconds(gauge)
                )
            });
        }
        if lapsed {
            ctx.note(Some(actor), || "lets its withheld action go.".into());
        }
        if dying && !fortitude_against_hits(&mut ctx, actor, "Fortitude while dying") {
            if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
                f.state.dead = true;
            }
            ctx.update_status(actor);
            continue;
        }
        if bleeding {
            let hits = match ctx.p.fighters.get_mut(actor) {
                Ok(mut f) => {
                    f.state.hits = f.state.hits.saturating_add(1);
                    f.state.hits
                }
                Err(_) => continue,
            };
            ctx.note(Some(actor), || format!("bleeds: a hit ({hits} in all)."));
            if !fortitude_against_hits(&mut ctx, actor, "Fortitude against bleeding") {
                let disabled = ctx
                    .p
                    .fighters
                    .get(actor)
                    .is_ok_and(|f| f.conditions.has(Condition::Disabled));
                let next = if disabled {
                    Condition::Dying
                } else {
                    Condition::Disabled
                };
                ctx.set_innate(actor, next);
                ctx.update_status(actor);
            }
        }
        if burned
            && ctx.can_act(actor)
            && !fortitude_against_hits(&mut ctx, actor, "Fortitude against burns")
        {
            ctx.note(Some(actor), || {
                "is wracked by its burns and cannot act this turn.".into()
            });
            ctx.encounter.phase = Phase::TurnEnd;
        }
    }
}

/// A Fortitude roll against the hits taken (bleeding, burns, dying): holds when it is at least
/// the hits.
fn fortitude_against_hits(ctx: &mut Ctx, who: Entity, purpose: &str) -> bool {
    let Ok(f) = ctx.p.fighters.get(who) else {
        return true;
    };
    let (dice, penalty, hits) = (
        f.sheet.0.fortitude,
        save_penalty(f.conditions, f.state),
        i64::from(f.state.hits),
    );
    let rolled = ctx.pool(dice, penalty);
    let held = rolled.total >= hits;
    ctx.log_roll(who, purpose, rolled.roll, Some(hits), Some(held));
    held
}

/// Keeps every OHO combatant's status in line with its state (see [`crate::vitals`]): a safety
/// net for changes made outside resolution. Bringing a status in line depends on nothing but
/// the combatant's own health, state, conditions and status, and doing it twice changes
/// nothing, so only combatants where one of these changed since the last run are looked at,
/// encounter by encounter in roster order (as when every combatant was).
pub(crate) fn vitals(
    mut encounters: Query<EncounterParts>,
    mut params: ParamSet<(Touched, Params)>,
    mut touched: Local<Vec<(Entity, CombatantId, Entity)>>,
) {
    touched.clear();
    touched.extend(
        params
            .p0()
            .iter()
            .map(|(who, combatant, of)| (of.0, combatant.id, who)),
    );
    touched.sort_unstable();
    let mut p = params.p1();
    for group in touched.chunk_by(|a, b| a.0 == b.0) {
        let Ok(mut parts) = encounters.get_mut(group[0].0) else {
            continue;
        };
        if parts.encounter.phase == Phase::Ended {
            continue;
        }
        let mut ctx = Ctx::new(&mut p, &mut parts);
        for &(_, _, who) in group {
            ctx.update_status(who);
        }
    }
}

/// OHO combatants whose health, state, conditions or status changed since [`vitals`] last
/// ran, with their roster ids and encounters.
type Touched<'w, 's> = Query<
    'w,
    's,
    (Entity, &'static Combatant, &'static InEncounter),
    (
        With<OhoState>,
        Or<(
            Changed<Hp>,
            Changed<OhoState>,
            Changed<Conditions>,
            Changed<Status>,
        )>,
    ),
>;
