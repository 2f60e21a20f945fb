//! Initiative, rounds, the start and end of turns, vitals, and the end of a battle.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use fray_core::kit::prelude::*;
use fray_core::kit::{Rolled, RoundPlan, Rounds, TurnBegins, TurnFlow};
use fray_core::turn::TurnEntry;
use fray_dice::Dice;
use smallvec::SmallVec;

use crate::ops::ArchOps;
use crate::rules::{DEATH_SAVES_TO_DIE, DeathSave, dead_at, death_save, escalation, lasting_wound};
use crate::sheet::SheetData;
use crate::slots::ActionSlots;
use crate::{ArchmageRules, Ctx};

impl TurnFlow for ArchmageRules {
    /// Rolls initiative once: d20 + initiative bonus; monsters of the same statblock share one
    /// roll; the order holds every round (AR-01). Temporary hit points drop to 0 (AR-33). An ambush
    /// starts with a surprise round for the ambusher and its highest-initiative ally (AR-37).
    fn setup(ctx: &mut Ctx) {
        let mut shared: SmallVec<[(Arc<SheetData>, i32); 8]> = SmallVec::new();
        let mut entries: SmallVec<[TurnEntry; 16]> = SmallVec::new();
        for i in 0..ctx.roster().len() {
            let Some(entity) = ctx.roster().get(CombatantId(i as u16)).map(|r| r.entity) else {
                continue;
            };
            let Some(sheet) = ctx.fighter(entity).map(|f| f.sheet.0.clone()) else {
                continue;
            };
            ctx.change_hp(entity, |hp| hp.temp = 0);
            let bonus = sheet.initiative;
            let known = (!sheet.hero)
                .then(|| {
                    shared
                        .iter()
                        .find(|(s, _)| s.statblock == sheet.statblock)
                        .map(|(_, c)| *c)
                })
                .flatten();
            let id = ctx.id(entity);
            let count = match known {
                Some(count) => {
                    ctx.record(|_| LogEvent::Initiative {
                        who: id,
                        count,
                        roll: None,
                    });
                    count
                }
                None => {
                    // The dice with the bonus as a term only for the log; headless, one d20.
                    let rolled = if ctx.logging() {
                        ctx.roll(&Dice::die(20).plus(i64::from(bonus)))
                    } else {
                        let d20 = ctx.roll_die(20);
                        Rolled {
                            total: d20.total.saturating_add(i64::from(bonus)),
                            roll: None,
                        }
                    };
                    let count = i32::try_from(rolled.total).unwrap_or(i32::MAX);
                    if let Some(roll) = rolled.roll {
                        ctx.log_mut().push(LogEvent::Initiative {
                            who: id,
                            count,
                            roll: Some(roll),
                        });
                    }
                    if !sheet.hero {
                        shared.push((sheet.clone(), count));
                    }
                    count
                }
            };
            if let Some(mut initiative) = ctx.initiative_mut(entity) {
                *initiative = Initiative {
                    count,
                    tiebreak: bonus,
                };
            }
            entries.push(TurnEntry::combatant(entity, count, bonus));
        }
        ctx.order_mut().set(entries);
        let Some((side, by)) = ctx.battle().ambush.clone() else {
            return;
        };
        let is_side = |ctx: &Ctx, e: Entity| ctx.side(e) == Some(side);
        let named = |ctx: &Ctx, e: Entity| by.as_ref().is_none_or(|n| ctx.name(e) == n);
        let ambusher = ctx
            .order()
            .actors()
            .find(|&e| is_side(ctx, e) && named(ctx, e));
        let Some(ambusher) = ambusher else {
            return;
        };
        let ally = ctx
            .order()
            .actors()
            .find(|&e| e != ambusher && is_side(ctx, e));
        let full = ctx.order().entries().to_vec();
        let surprise: SmallVec<[TurnEntry; 2]> = full
            .iter()
            .filter(|t| t.actor() == Some(ambusher) || t.actor() == ally)
            .copied()
            .collect();
        ctx.battle_mut().full_order = full;
        ctx.order_mut().set(surprise);
        ctx.battle_mut().surprise = true;
        ctx.log_mut().push(LogEvent::Note {
            who: None,
            text: "Ambush! A surprise round: only the ambusher and its quickest ally act.".into(),
        });
    }

    /// Turn start: a fresh standard, move and quick action (AR-04); an unconscious hero rolls its
    /// death save (AR-23) and, if it stays down, fights in spirit (AR-42); a stunned creature can
    /// take no actions (AR-27).
    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        let Some(mut f) = ctx.fighter_mut(actor) else {
            return TurnBegins::Skip;
        };
        *f.slots = ActionSlots::full();
        f.state.disengaged = false;
        f.state.free_move = false;
        f.state.hit_grabber = false;
        f.state.readied = None;
        let coma = f.state.coma;
        let status = ctx.status(actor);
        let stunned = ctx.has(actor, Condition::STUNNED);
        if status == Status::Down && !coma {
            roll_death_save(ctx, actor);
        }
        // Only a death save changes the status here.
        let still_down = status == Status::Down && ctx.status(actor) == Status::Down;
        if still_down {
            fight_in_spirit(ctx, actor);
        }
        let can_act = ctx.is_active(actor);
        let acts_after_death_save = ctx
            .fighter(actor)
            .is_some_and(|f| f.state.acts_after_death_save);
        let woke_only = acts_after_death_save && status == Status::Down;
        if stunned {
            ctx.note(Some(actor), || "is stunned and can take no actions.".into());
        }
        if !can_act || stunned || (status == Status::Down && !woke_only) {
            if let Some(mut f) = ctx.fighter_mut(actor) {
                *f.slots = ActionSlots::empty();
            }
            return TurnBegins::Skip;
        }
        TurnBegins::Act
    }

    /// Turn end: ongoing damage, then saves, last (AR-30, AR-31); an interrupt used before this
    /// turn is available again (AR-05). The kit skips it for a delayed turn (it ends later).
    fn turn_end(ctx: &mut Ctx, actor: Entity) {
        let serial = ctx.turn().serial();
        // A creature that left the fight during its turn (slain by an opportunity attack, say)
        // takes no more ongoing damage and rolls no saves; nor does one the ongoing damage just
        // slew.
        if !still_fighting(ctx, actor) {
            return;
        }
        let due: SmallVec<[(u32, Effect); 4]> = ctx
            .effects(actor)
            .map(|list| {
                list.iter()
                    .filter(|x| x.due_at_turn_end(serial))
                    .map(|x| (x.serial, x.clone()))
                    .collect()
            })
            .unwrap_or_default();
        for (_, effect) in &due {
            if let EffectKind::Ongoing(kind) = effect.kind {
                let kind = crate::vocabulary::DamageKind::from_code(kind);
                ctx.deal(
                    actor,
                    effect.magnitude,
                    kind,
                    Some("ongoing"),
                    effect.source,
                );
            }
        }
        if !still_fighting(ctx, actor) {
            return;
        }
        for (effect_serial, effect) in due {
            ctx.mark_checked(actor, effect_serial, serial);
            if let Duration::SaveEnds(difficulty) = effect.duration {
                let (natural, roll) = ctx.d20();
                let target = i64::from(difficulty.target());
                let success = natural >= target;
                if roll.is_some() {
                    let purpose = format!(
                        "save against {}",
                        effect.name.as_deref().unwrap_or("an effect")
                    );
                    ctx.log_check(actor, &purpose, roll, target, success);
                }
                if success {
                    ctx.end_effect(actor, effect_serial);
                }
            }
        }
        if let Some(mut f) = ctx.fighter_mut(actor)
            && f.state.interrupt_used.is_some_and(|used| used < serial)
        {
            f.state.interrupt_used = None;
        }
    }

    /// A game's edit ([`fray_core::edit`]): a revived hero, or one set active, is conscious and
    /// out of any coma (its failed death saves still count for the battle, AR-23). Healing a
    /// fallen hero wakes it through [`TurnFlow::vitals`], as the rules' healing does.
    fn edited(ctx: &mut Ctx, who: Entity, edit: fray_core::edit::Edit) {
        use fray_core::edit::Edit;
        if matches!(edit, Edit::Revive(_) | Edit::SetStatus(Status::Active)) {
            if let Some(mut f) = ctx.fighter_mut(who) {
                f.state.coma = false;
                f.state.regain_consciousness();
            }
            for c in [
                Condition::UNCONSCIOUS,
                Condition::HELPLESS,
                Condition::STABILIZED,
            ] {
                ctx.set_innate(who, c, false);
            }
        }
    }

    /// Vitals after damage: monsters die at 0; heroes fall unconscious (and helpless) at 0 and die
    /// at minus half their maximum (AR-23); staggered at half or less (AR-22); lasting wounds and
    /// meaningful death (optional, AR-41): a hero that was not dropped by a named villain falls
    /// into a coma instead of dying at minus half its maximum.
    fn vitals(ctx: &mut Ctx, who: Entity) {
        let (Some(f), Some(mut hp)) = (ctx.fighter(who), ctx.hp(who)) else {
            return;
        };
        let hero = f.sheet.0.hero;
        let level = f.sheet.0.level;
        let mut state = f.state.clone();
        let (lasting_wounds, meaningful) =
            (ctx.battle().lasting_wounds, ctx.battle().meaningful_death);
        let before = ctx.status(who);
        let mut status = before;
        let mut notes: SmallVec<[String; 2]> = SmallVec::new();
        let logging = ctx.logging();
        if hero {
            // Judged against the maximum before this drop's lasting wound.
            let beyond = hp.current <= dead_at(hp.max);
            if hp.current <= 0 && status == Status::Active {
                status = Status::Down;
                if lasting_wounds && !state.fell_this_battle {
                    state.lasting_wounds += 1;
                    hp.max = (hp.max - lasting_wound(level)).max(1);
                    if logging {
                        notes.push(format!("takes a lasting wound: max HP {}.", hp.max));
                    }
                }
                state.fell_this_battle = true;
            }
            if beyond && status.takes_turns() {
                if meaningful && !state.dropped_by_villain {
                    if !state.coma {
                        state.coma = true;
                        if logging {
                            notes.push("falls into a coma (meaningful death).".into());
                        }
                    }
                } else {
                    status = Status::Dead;
                }
            }
            if status == Status::Down && hp.current > 0 && !state.coma {
                // Healed back above 0 (AR-23): conscious again.
                status = Status::Active;
                state.regain_consciousness();
            }
            // The conditions of the fallen follow the statuses vitals judges (active, down,
            // dead). A hero carried off when its party fled, or given up, keeps them as it left
            // the field: judging it again must change nothing, however often vitals runs.
            if matches!(status, Status::Active | Status::Down | Status::Dead) {
                let down = status == Status::Down;
                ctx.set_innate(who, Condition::UNCONSCIOUS, down);
                ctx.set_innate(who, Condition::HELPLESS, down);
                ctx.set_innate(who, Condition::STABILIZED, down && state.stabilized);
            }
        } else if hp.current <= 0 && status.takes_turns() {
            status = Status::Dead;
        }
        let id = ctx.id(who);
        for text in notes {
            ctx.log_mut().push(LogEvent::Note {
                who: Some(id),
                text,
            });
        }
        if ctx.hp(who).is_some_and(|live| live.max != hp.max) {
            ctx.change_hp(who, |live| live.max = hp.max);
        }
        if status != before {
            ctx.set_status(who, status);
        }
        let staggered = hp.current > 0 && i64::from(hp.current) * 2 <= i64::from(hp.max);
        if staggered && !state.staggered && status.is_active() {
            ctx.note(Some(who), || "is staggered.".into());
        }
        state.staggered = staggered;
        if let Some(mut f) = ctx.fighter_mut(who)
            && *f.state != state
        {
            *f.state = state;
        }
    }

    /// After a fight: temporary hit points are gone and the escalation die resets (AR-11, AR-33).
    fn battle_end(ctx: &mut Ctx) {
        if ctx.battle().closed {
            return;
        }
        ctx.battle_mut().closed = true;
        ctx.battle_mut().escalation = 0;
        for i in 0..ctx.roster().len() {
            let Some(e) = ctx.roster().get(CombatantId(i as u16)).map(|r| r.entity) else {
                continue;
            };
            ctx.change_hp(e, |hp| hp.temp = 0);
        }
    }
}

impl Rounds for ArchmageRules {
    /// Round start: after a surprise round the full order takes over; the escalation die is 0 in
    /// the first normal round and grows by 1 a round up to 6 (AR-11).
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        if ctx.battle().surprise && ctx.round() > 1 {
            let full = std::mem::take(&mut ctx.battle_mut().full_order);
            ctx.battle_mut().surprise = false;
            ctx.order_mut().set(full);
        }
        if ctx.battle().surprise {
            return RoundPlan::Turns;
        }
        let battle = ctx.battle_mut();
        battle.normal_rounds += 1;
        let die = escalation(battle.normal_rounds);
        if die != battle.escalation {
            battle.escalation = die;
            ctx.note(None, || format!("The escalation die shows {die}."));
        }
        RoundPlan::Turns
    }
}

fn roll_death_save(ctx: &mut Ctx, actor: Entity) {
    let (natural, roll) = ctx.d20();
    let result = death_save(natural);
    ctx.log_check(actor, "death save", roll, 16, result != DeathSave::Fail);
    match result {
        DeathSave::Wake | DeathSave::WakeAndAct => {
            ctx.change_hp(actor, |hp| hp.current = hp.current.max(0));
            if let Some(mut f) = ctx.fighter_mut(actor) {
                f.state.acts_after_death_save = result == DeathSave::WakeAndAct;
            }
            ctx.use_recovery(actor, 0, "recovery (death save)");
            wake(ctx, actor);
        }
        DeathSave::Fail => {
            let meaningful = ctx.battle().meaningful_death;
            let Some(mut f) = ctx.fighter_mut(actor) else {
                return;
            };
            if f.state.stabilized {
                return;
            }
            f.state.death_saves_failed += 1;
            if f.state.death_saves_failed >= DEATH_SAVES_TO_DIE {
                if meaningful && !f.state.dropped_by_villain {
                    f.state.coma = true;
                    ctx.note(Some(actor), || {
                        "falls into a coma (meaningful death).".into()
                    });
                } else {
                    // Dead, no longer down: the conditions of the fallen go, as vitals would
                    // take them (so vitals, run again, changes nothing).
                    ctx.set_status(actor, Status::Dead);
                    for c in [
                        Condition::UNCONSCIOUS,
                        Condition::HELPLESS,
                        Condition::STABILIZED,
                    ] {
                        ctx.set_innate(actor, c, false);
                    }
                }
            }
        }
    }
}

/// A hero back above 0 hit points is conscious again.
pub(crate) fn wake(ctx: &mut Ctx, who: Entity) {
    let up = ctx.status(who) == Status::Down && ctx.hp(who).is_some_and(|hp| hp.current > 0);
    if !up {
        return;
    }
    if let Some(mut f) = ctx.fighter_mut(who) {
        f.state.regain_consciousness();
    }
    ctx.set_innate(who, Condition::UNCONSCIOUS, false);
    ctx.set_innate(who, Condition::HELPLESS, false);
    ctx.set_innate(who, Condition::STABILIZED, false);
    ctx.set_status(who, Status::Active);
}

/// Once a round a fallen hero (unconscious, or in a coma) grants the first active ally, in
/// roster order, +1 to attacks until the start of its next turn - one round (AR-42). Fray's
/// ruling on "the first time each battle that someone fights in spirit": the first time anyone
/// does in a battle, the bonus is +2. Dead heroes take no turns, so they do not fight in spirit.
fn fight_in_spirit(ctx: &mut Ctx, actor: Entity) {
    let round = ctx.round();
    let Some(f) = ctx.fighter(actor) else {
        return;
    };
    if !f.sheet.0.hero || f.state.spirit_round == round {
        return;
    }
    let side = ctx.side(actor);
    let first_time = !ctx.battle().fought_in_spirit;
    let Some(ally) = ctx
        .roster()
        .entities()
        .find(|&e| e != actor && ctx.side(e) == side && ctx.is_active(e))
    else {
        return;
    };
    if let Some(mut f) = ctx.fighter_mut(actor) {
        f.state.spirit_round = round;
    }
    ctx.battle_mut().fought_in_spirit = true;
    let bonus = if first_time { 2 } else { 1 };
    ctx.note(Some(actor), || "fights on in spirit.".into());
    ctx.apply(
        ally,
        Some(actor),
        EffectSpec::bonus(
            BonusTo::Attacks,
            bonus,
            Duration::StartOfNextTurn(Whose::Source),
        )
        .named(spirit_label()),
    );
}

/// The name of the fight-in-spirit effect, made once.
fn spirit_label() -> Arc<str> {
    static SPIRIT: std::sync::OnceLock<Arc<str>> = std::sync::OnceLock::new();
    SPIRIT.get_or_init(|| Arc::from("fight in spirit")).clone()
}

/// Still in the fight (up or down), judging hit points before the vitals catch up: a monster
/// above 0, a hero above minus half its maximum (AR-23).
fn still_fighting(ctx: &Ctx, who: Entity) -> bool {
    let (Some(f), Some(hp)) = (ctx.fighter(who), ctx.hp(who)) else {
        return false;
    };
    ctx.status(who).takes_turns()
        && if f.sheet.0.hero {
            hp.current > dead_at(hp.max)
        } else {
            hp.current > 0
        }
}
