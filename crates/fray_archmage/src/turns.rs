//! Initiative, rounds and the start and end of turns.

use bevy_ecs::prelude::*;
use fray_core::effect::{BonusTo, EffectSpec};
use fray_core::prelude::*;
use fray_core::turn::{TurnEntry, TurnOrder};
use fray_dice::Dice;

use crate::battle::Archmage;
use crate::ctx::{Arch, Ctx};
use crate::fighter::FighterReadOnlyItem;
use crate::resolve::EncounterParts;
use crate::rules::{DEATH_SAVES_TO_DIE, DeathSave, death_save, escalation};
use crate::sheet::Sheet;
use crate::state::ArchState;

/// Rolls initiative once: d20 + initiative bonus; monsters of the same statblock share one roll;
/// the order holds every round (AR-01). Temporary hit points drop to 0 (AR-33). An ambush
/// starts with a surprise round for the ambusher and its highest-initiative ally (AR-37).
pub(crate) fn roll_initiative(
    mut encounters: Query<(
        &Encounter,
        &Roster,
        &mut TurnOrder,
        &mut EncounterRng,
        &mut CombatLog,
        &mut Archmage,
    )>,
    mut fighters: Query<(
        &Sheet,
        &mut Initiative,
        &mut Hp,
        &Combatant,
        &Side,
        &bevy_ecs::name::Name,
    )>,
) {
    for (encounter, roster, mut order, mut rng, mut log, mut battle) in &mut encounters {
        if encounter.phase != Phase::Setup || !order.is_empty() {
            continue;
        }
        let mut shared: Vec<(String, i32)> = Vec::new();
        let mut entries = Vec::new();
        for entity in roster.entities() {
            let Ok((sheet, mut initiative, mut hp, combatant, _, _)) = fighters.get_mut(entity)
            else {
                continue;
            };
            hp.temp = 0;
            let bonus = sheet.0.initiative;
            let known = (!sheet.0.hero)
                .then(|| {
                    shared
                        .iter()
                        .find(|(id, _)| *id == sheet.0.statblock)
                        .map(|(_, c)| *c)
                })
                .flatten();
            let count = match known {
                Some(count) => {
                    log.push(LogEvent::Initiative {
                        who: combatant.id,
                        count,
                        roll: None,
                    });
                    count
                }
                None => {
                    let dice = Dice::die(20).plus(i64::from(bonus));
                    let count = if log.enabled() {
                        let roll = dice.roll(&mut *rng);
                        let count = roll.total() as i32;
                        log.push(LogEvent::Initiative {
                            who: combatant.id,
                            count,
                            roll: Some(roll),
                        });
                        count
                    } else {
                        dice.roll_total(&mut *rng) as i32
                    };
                    if !sheet.0.hero {
                        shared.push((sheet.0.statblock.clone(), count));
                    }
                    count
                }
            };
            *initiative = Initiative {
                count,
                tiebreak: bonus,
            };
            entries.push(TurnEntry {
                actor: entity,
                count,
                tiebreak: bonus,
            });
        }
        order.set(entries);
        if let Some((side, by)) = battle.ambush.clone() {
            let is_side = |e: Entity| fighters.get(e).is_ok_and(|f| f.4.0 == side);
            let named = |e: Entity| {
                by.as_ref()
                    .is_none_or(|n| fighters.get(e).is_ok_and(|f| f.5.as_str() == n))
            };
            let ambusher = order.actors().find(|&e| is_side(e) && named(e));
            if let Some(ambusher) = ambusher {
                let ally = order.actors().find(|&e| e != ambusher && is_side(e));
                battle.full_order = order.entries().to_vec();
                let surprise: Vec<TurnEntry> = order
                    .entries()
                    .iter()
                    .filter(|t| t.actor == ambusher || Some(t.actor) == ally)
                    .copied()
                    .collect();
                order.set(surprise);
                battle.surprise = true;
                log.push(LogEvent::Note {
                    who: None,
                    text: "Ambush! A surprise round: only the ambusher and its quickest ally act."
                        .into(),
                });
            }
        }
    }
}

/// Round start: after a surprise round the full order takes over; the escalation die is 0 in
/// the first normal round and grows by 1 a round up to 6 (AR-11).
pub(crate) fn start_round(
    mut encounters: Query<(&Encounter, &mut TurnOrder, &mut Archmage, &mut CombatLog)>,
) {
    for (encounter, mut order, mut battle, mut log) in &mut encounters {
        if encounter.phase != Phase::RoundStart {
            continue;
        }
        if battle.surprise && encounter.round > 1 {
            battle.surprise = false;
            let full = std::mem::take(&mut battle.full_order);
            order.set(full);
        }
        if battle.surprise {
            continue;
        }
        battle.normal_rounds += 1;
        let die = escalation(battle.normal_rounds);
        if die != battle.escalation {
            battle.escalation = die;
            log.record(|| LogEvent::Note {
                who: None,
                text: format!("The escalation die shows {die}."),
            });
        }
    }
}

/// Turn start: a fresh standard, move and quick action (AR-04); an unconscious hero rolls its
/// death save (AR-23) and, if it stays down, fights in spirit (AR-42); a stunned creature can
/// take no actions (AR-27).
pub(crate) fn start_turn(mut encounters: Query<EncounterParts>, mut p: Arch) {
    for (entity, mut encounter, mut turn, mut rng, mut log, roster, map, mut battle, mut order) in
        &mut encounters
    {
        if encounter.phase != Phase::TurnStart {
            continue;
        }
        let Some(actor) = turn.actor else { continue };
        let mut ctx = Ctx {
            p: &mut p,
            encounter_entity: entity,
            encounter: &mut encounter,
            turn: &mut turn,
            rng: &mut rng,
            log: &mut log,
            roster,
            map,
            battle: &mut battle,
            order: &mut order,
        };
        let Ok(mut f) = ctx.p.fighters.get_mut(actor) else {
            continue;
        };
        *f.slots = ActionSlots::full();
        f.state.disengaged = false;
        f.state.free_move = false;
        f.state.hit_grabber = false;
        f.state.readied = None;
        let (status, stunned, coma) = (
            *f.status,
            f.conditions.has(Condition::Stunned),
            f.state.coma,
        );
        if status == Status::Down && !coma {
            roll_death_save(&mut ctx, actor);
        }
        // Only a death save changes the status here.
        let still_down = status == Status::Down
            && ctx
                .p
                .fighters
                .get(actor)
                .is_ok_and(|f| *f.status == Status::Down);
        if still_down {
            fight_in_spirit(&mut ctx, actor);
        }
        let (can_act, acts_after_death_save) =
            ctx.p.fighters.get(actor).map_or((false, false), |f| {
                (f.status.is_active(), f.state.acts_after_death_save)
            });
        let woke_only = acts_after_death_save && status == Status::Down;
        if stunned {
            ctx.note(Some(actor), || "is stunned and can take no actions.".into());
        }
        if !can_act || stunned || (status == Status::Down && !woke_only) {
            if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
                *f.slots = ActionSlots::empty();
            }
            ctx.encounter.phase = Phase::TurnEnd;
        }
    }
}

fn roll_death_save(ctx: &mut Ctx, actor: Entity) {
    let (natural, roll) = ctx.d20();
    let result = death_save(natural);
    ctx.log_check(actor, "death save", roll, 16, result != DeathSave::Fail);
    match result {
        DeathSave::Wake | DeathSave::WakeAndAct => {
            if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
                f.hp.current = f.hp.current.max(0);
                f.state.acts_after_death_save = result == DeathSave::WakeAndAct;
            }
            ctx.use_recovery(actor, 0, "recovery (death save)");
            wake(ctx, actor);
        }
        DeathSave::Fail => {
            let meaningful = ctx.battle.meaningful_death;
            let Ok(mut f) = ctx.p.fighters.get_mut(actor) else {
                return;
            };
            if f.state.stabilized {
                return;
            }
            f.state.death_saves_failed += 1;
            if f.state.death_saves_failed >= DEATH_SAVES_TO_DIE {
                let id = f.combatant.id;
                if meaningful && !f.state.dropped_by_villain {
                    f.state.coma = true;
                    ctx.log.record(|| LogEvent::Note {
                        who: Some(id),
                        text: "falls into a coma (meaningful death).".into(),
                    });
                } else {
                    *f.status = Status::Dead;
                    ctx.log.record(|| LogEvent::StatusChanged {
                        who: id,
                        status: Status::Dead,
                    });
                }
            }
        }
    }
}

/// A hero back above 0 hit points is conscious again.
pub(crate) fn wake(ctx: &mut Ctx, who: Entity) {
    let Ok(mut f) = ctx.p.fighters.get_mut(who) else {
        return;
    };
    if *f.status == Status::Down && f.hp.current > 0 {
        *f.status = Status::Active;
        f.state.regain_consciousness();
        f.conditions.set_innate(Condition::Unconscious, false);
        f.conditions.set_innate(Condition::Helpless, false);
        f.conditions.set_innate(Condition::Stabilized, false);
        let id = f.combatant.id;
        ctx.log.record(|| LogEvent::StatusChanged {
            who: id,
            status: Status::Active,
        });
    }
}

/// Once a round a fallen hero (unconscious, or in a coma) grants the first active ally, in
/// roster order, +1 to attacks until the start of its next turn - one round (AR-42). Fray's
/// ruling on "the first time each battle that someone fights in spirit": the first time anyone
/// does in a battle, the bonus is +2. Dead heroes take no turns, so they do not fight in spirit.
fn fight_in_spirit(ctx: &mut Ctx, actor: Entity) {
    let round = ctx.encounter.round;
    let Ok(f) = ctx.p.fighters.get(actor) else {
        return;
    };
    if !f.sheet.0.hero || f.state.spirit_round == round {
        return;
    }
    let side = f.side.0;
    let first_time = !ctx.battle.fought_in_spirit;
    let Some(ally) = ctx
        .roster
        .entities()
        .find(|&e| e != actor && ctx.side(e) == Some(side) && ctx.is_active(e))
    else {
        return;
    };
    if let Ok(mut f) = ctx.p.fighters.get_mut(actor) {
        f.state.spirit_round = round;
    }
    ctx.battle.fought_in_spirit = true;
    let bonus = if first_time { 2 } else { 1 };
    ctx.note(Some(actor), || "fights on in spirit.".into());
    ctx.apply(
        ally,
        Some(actor),
        EffectSpec {
            kind: EffectKind::Bonus(BonusTo::Attacks),
            magnitude: bonus,
            duration: Duration::StartOfNextTurn(Whose::Source),
            name: Some("fight in spirit".into()),
        },
    );
}

/// Turn end: ongoing damage, then saves, last (AR-30, AR-31); an interrupt used before this
/// turn is available again (AR-05). Skipped for a delayed turn (it ends later).
pub(crate) fn end_turn(mut encounters: Query<EncounterParts>, mut p: Arch) {
    for (entity, mut encounter, mut turn, mut rng, mut log, roster, map, mut battle, mut order) in
        &mut encounters
    {
        if encounter.phase != Phase::TurnEnd || turn.delayed {
            continue;
        }
        let Some(actor) = turn.actor else { continue };
        let serial = turn.serial;
        let mut ctx = Ctx {
            p: &mut p,
            encounter_entity: entity,
            encounter: &mut encounter,
            turn: &mut turn,
            rng: &mut rng,
            log: &mut log,
            roster,
            map,
            battle: &mut battle,
            order: &mut order,
        };
        let active = ctx
            .p
            .fighters
            .get(actor)
            .ok()
            .and_then(|f| f.effects.map(|a| a.iter().collect::<Vec<_>>()))
            .unwrap_or_default();
        let mut due: Vec<(u32, Entity, Effect)> = active
            .into_iter()
            .filter_map(|e| {
                ctx.p
                    .effects
                    .get(e)
                    .ok()
                    .map(|(x, _)| (x.serial, e, x.clone()))
            })
            .filter(|(_, _, x)| x.due_at_turn_end(serial))
            .collect();
        due.sort_by_key(|(s, _, _)| *s);
        // A creature that left the fight during its turn (slain by an opportunity attack, say)
        // takes no more ongoing damage and rolls no saves; nor does one the ongoing damage
        // just slew.
        let in_fight = |ctx: &Ctx| ctx.p.fighters.get(actor).is_ok_and(|f| still_fighting(&f));
        if !in_fight(&ctx) {
            continue;
        }
        for (_, _, effect) in &due {
            if let EffectKind::OngoingDamage(kind) = effect.kind {
                ctx.deal_damage(
                    actor,
                    effect.magnitude,
                    kind,
                    Some("ongoing"),
                    effect.source,
                );
            }
        }
        if !in_fight(&ctx) {
            continue;
        }
        for (_, e, effect) in due {
            let mut checked = effect.clone();
            checked.checked_turn = serial;
            ctx.p.commands.entity(e).try_insert(checked);
            if let Duration::SaveEnds(difficulty) = effect.duration {
                let (natural, roll) = ctx.d20();
                let target = i64::from(difficulty.target());
                let success = natural >= target;
                if let Some(roll) = roll {
                    let purpose = format!(
                        "save against {}",
                        effect.name.as_deref().unwrap_or("an effect")
                    );
                    ctx.log_check(actor, &purpose, Some(roll), target, success);
                }
                if success {
                    ctx.end_effect(e, actor);
                }
            }
        }
        if let Ok(mut f) = ctx.p.fighters.get_mut(actor)
            && f.state.interrupt_used.is_some_and(|used| used < serial)
        {
            f.state.interrupt_used = None;
        }
    }
}

/// Still in the fight (up or down), judging hit points before the vitals catch up: a monster
/// above 0, a hero above minus half its maximum (AR-23).
fn still_fighting(f: &FighterReadOnlyItem<'_, '_>) -> bool {
    f.status.takes_turns()
        && if f.sheet.0.hero {
            f.hp.current > crate::rules::dead_at(f.hp.max)
        } else {
            f.hp.current > 0
        }
}

/// After a fight: temporary hit points are gone and the escalation die resets (AR-11, AR-33).
pub(crate) fn close_battle(
    mut encounters: Query<(&Encounter, &Roster, &mut Archmage)>,
    mut hp: Query<&mut Hp>,
) {
    for (encounter, roster, mut battle) in &mut encounters {
        if encounter.phase != Phase::Ended || battle.closed {
            continue;
        }
        battle.closed = true;
        battle.escalation = 0;
        for e in roster.entities() {
            if let Ok(mut hp) = hp.get_mut(e) {
                hp.temp = 0;
            }
        }
    }
}

/// Vitals after damage: monsters die at 0; heroes fall unconscious (and helpless) at 0 and die
/// at minus half their maximum (AR-23); staggered at half or less (AR-22); lasting wounds and
/// meaningful death (optional, AR-41): a hero that was not dropped by a named villain falls
/// into a coma instead of dying at minus half its maximum.
#[allow(clippy::type_complexity)]
pub(crate) fn vitals(
    mut changed: Query<
        (
            &Sheet,
            &mut ArchState,
            &mut Hp,
            &mut Status,
            &mut Conditions,
            &Combatant,
            &InEncounter,
        ),
        Changed<Hp>,
    >,
    mut logs: Query<(&mut CombatLog, &Archmage)>,
) {
    for (sheet, mut state, mut hp, mut status, mut conditions, combatant, in_encounter) in
        &mut changed
    {
        let Ok((mut log, battle)) = logs.get_mut(in_encounter.0) else {
            continue;
        };
        let before = *status;
        if sheet.0.hero {
            // Judged against the maximum before this drop's lasting wound.
            let beyond = hp.current <= crate::rules::dead_at(hp.max);
            if hp.current <= 0 && *status == Status::Active {
                *status = Status::Down;
                if battle.lasting_wounds && !state.fell_this_battle {
                    state.lasting_wounds += 1;
                    hp.max = (hp.max - crate::rules::lasting_wound(sheet.0.level)).max(1);
                    log.push(LogEvent::Note {
                        who: Some(combatant.id),
                        text: format!("takes a lasting wound: max HP {}.", hp.max),
                    });
                }
                state.fell_this_battle = true;
            }
            if beyond && status.takes_turns() {
                if battle.meaningful_death && !state.dropped_by_villain {
                    if !state.coma {
                        state.coma = true;
                        log.push(LogEvent::Note {
                            who: Some(combatant.id),
                            text: "falls into a coma (meaningful death).".into(),
                        });
                    }
                } else {
                    *status = Status::Dead;
                }
            }
            if *status == Status::Down && hp.current > 0 && !state.coma {
                // Healed back above 0 (AR-23): conscious again.
                *status = Status::Active;
                state.regain_consciousness();
            }
            let down = *status == Status::Down;
            conditions.set_innate(Condition::Unconscious, down);
            conditions.set_innate(Condition::Helpless, down);
            conditions.set_innate(Condition::Stabilized, down && state.stabilized);
        } else if hp.current <= 0 && status.takes_turns() {
            *status = Status::Dead;
        }
        if *status != before {
            log.push(LogEvent::StatusChanged {
                who: combatant.id,
                status: *status,
            });
        }
        let staggered = hp.current > 0 && hp.current * 2 <= hp.max;
        if staggered && !state.staggered && status.is_active() {
            log.record(|| LogEvent::Note {
                who: Some(combatant.id),
                text: "is staggered.".into(),
            });
        }
        state.staggered = staggered;
    }
}
