//! The B/X round (BX-16..BX-18): declarations, initiative each round - a d6 per side, ties
//! simultaneous or rerolled, or the optional individual initiative - and each side's turn in
//! steps: morale, then movement, missiles, spells and melee. Slow weapons strike last, in a
//! step of their own at the end of the round (BX-17).

use bevy_ecs::prelude::*;
use fray_core::combatant::Status;
use fray_core::condition::{Condition, Conditions};
use fray_core::ids::SideId;
use fray_core::intent::Intent;
use fray_core::kit::{RoundPlan, Rounds, TurnBegins, TurnFlow};
use fray_core::log::LogEvent;
use fray_core::morale::MoraleTrigger;
use fray_core::outcome::Ending;
use fray_core::turn::{ActingUnit, SideSet, Steps, TurnEntry};
use smallvec::SmallVec;

use crate::fighter::{can_act, helpless};
use crate::morale;
use crate::movement;
use crate::opening;
use crate::options::Ties;
use crate::state::Declared;
use crate::vocabulary::PARLEY;
use crate::{BxRules, Ctx};

impl TurnFlow for BxRules {
    /// The opening: surprise, the encounter distance and an evasion attempt. A parley is declared
    /// in the first round ([`opening::may_parley`]), and the reaction rolled when the
    /// declarations are done ([`opening::reaction`]); initiative is rolled each round.
    fn setup(ctx: &mut Ctx) {
        let surprised = opening::surprise(ctx);
        opening::distance(ctx, surprised);
        opening::evasion(ctx);
    }

    /// `actor`'s turn in a step begins (it has one: [`Rounds::has_turn`]). The first turn of a
    /// side's turn runs the side's morale checks due (BX-18: before anything else the side does; a
    /// side whose members are all helpless has no turn, and its helpless do not check). A declared
    /// withdrawal or retreat moves on its own and ends the turn; otherwise it acts.
    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        let sides = unit_sides(ctx, actor);
        let begun = ctx.battle().begun;
        if sides.0 & !begun.0 != 0 && step(ctx) != Step::Slow {
            ctx.battle_mut().begun = SideSet(begun.0 | sides.0);
            for s in 0..64u8 {
                if sides.contains(SideId(s)) && !begun.contains(SideId(s)) {
                    morale::checks_due(ctx, SideId(s));
                }
            }
            if !acts_in_step(ctx, actor) {
                return TurnBegins::Skip;
            }
        }
        let falls_back = step(ctx) == Step::Movement
            && ctx.fighter(actor).is_some_and(|f| {
                matches!(
                    f.state.declared,
                    Some(Declared::Withdrawal | Declared::Retreat)
                )
            });
        if falls_back {
            movement::fall_back(ctx, actor);
            return TurnBegins::Skip;
        }
        TurnBegins::Act
    }

    /// At 0 hit points or less a combatant is dead (BX-05). In a simultaneous step it falls
    /// when the step ends, still striking in it; its engagements end with the round.
    fn vitals(ctx: &mut Ctx, who: Entity) {
        if ctx.hp(who).is_some_and(|h| h.current <= 0) && ctx.status(who) != Status::Dead {
            if !ctx.turn().defers_status() {
                ctx.release_all(who);
            }
            ctx.set_status(who, Status::Dead);
        }
    }

    fn morale(ctx: &mut Ctx, side: SideId, trigger: MoraleTrigger) {
        morale::triggered(ctx, side, trigger);
    }

    /// "Half killed or otherwise incapacitated" (BX-25): the asleep, the paralysed and the
    /// petrified count toward the half as the fallen do.
    fn out_of_fight(status: Status, conditions: &Conditions) -> bool {
        !status.is_active() || helpless(conditions)
    }
}

impl Rounds for BxRules {
    /// A new round: last round's declarations and movement are forgotten, and the surprise of the
    /// first round is over. Combatants declare first when any has something to declare.
    fn round_start(ctx: &mut Ctx) -> RoundPlan {
        match at_mercy(ctx) {
            Mercy::FightOn => {}
            Mercy::Won(winner) => {
                ctx.tell(None, |c| {
                    format!(
                        "Every foe of the {} still in the fight is helpless: they have won.",
                        c.sides().name(winner)
                    )
                });
                ctx.conclude(Some(winner), Ending::Victory);
                return RoundPlan::Turns;
            }
            Mercy::NobodyStanding => {
                ctx.note(None, || {
                    "No one on any side can act: nobody is left standing.".into()
                });
                ctx.conclude(None, Ending::MutualDestruction);
                return RoundPlan::Turns;
            }
        }
        let everyone: SmallVec<[Entity; 16]> = ctx.roster().entities().collect();
        if ctx.round() == 2 {
            for &who in &everyone {
                if ctx.has(who, Condition::SURPRISED) {
                    ctx.set_innate(who, Condition::SURPRISED, false);
                }
            }
        }
        let hop = ctx.battle().hop_feet;
        for &who in &everyone {
            let Some(rate) = ctx
                .fighter(who)
                .map(|f| ctx.battle().text_feet(f.sheet.0.encounter_move()))
            else {
                continue;
            };
            if let Some(mut f) = ctx.fighter_mut(who) {
                f.state.new_round(rate, hop);
            }
        }
        ctx.battle_mut().begun = SideSet::default();
        for &who in &everyone {
            let gone: SmallVec<[Entity; 4]> =
                ctx.foes(who).filter(|&f| !ctx.is_active(f)).collect();
            for foe in gone {
                ctx.release(who, foe);
            }
        }
        let declares = everyone.iter().any(|&who| may_declare(ctx, who));
        if declares {
            RoundPlan::Declarations
        } else {
            roll_initiative(ctx);
            RoundPlan::Turns
        }
    }

    fn declares(ctx: &Ctx, who: Entity) -> bool {
        may_declare(ctx, who)
    }

    /// Records `who`'s declaration. A retreat counts from now: its foes strike it at +2 all round.
    /// A caster declares the spell (BX-18: "inform the referee if they intend to cast a spell");
    /// the target it names is its intent, and it picks the target when it casts (Fray's ruling).
    fn declare(ctx: &mut Ctx, who: Entity, intent: Intent) {
        let declared = match intent {
            Intent::UseAbility {
                ability: PARLEY,
                target: None,
            } => {
                opening::speak(ctx, who);
                return;
            }
            Intent::UseAbility {
                ability,
                target: Some(target),
            } => Declared::Spell {
                power: ability,
                target,
            },
            Intent::Disengage => Declared::Withdrawal,
            Intent::Retreat => Declared::Retreat,
            _ => return,
        };
        if let Some(mut f) = ctx.fighter_mut(who) {
            f.state.declared = Some(declared);
            f.state.retreating = declared == Declared::Retreat;
        }
        ctx.tell(Some(who), |c| match declared {
            Declared::Spell { power, .. } => {
                let spell = c
                    .fighter(who)
                    .and_then(|f| f.sheet.0.powers.get(usize::from(power.0)))
                    .map_or("a spell", |p| p.name.as_str());
                format!("declares a spell: {spell}.")
            }
            Declared::Withdrawal => "declares a fighting withdrawal.".into(),
            Declared::Retreat => "declares a retreat.".into(),
        });
    }

    /// The declarations are done: a parley's reaction may end the encounter
    /// ([`opening::reaction`]); if the fight goes on, initiative is rolled.
    fn declarations_done(ctx: &mut Ctx) {
        if opening::reaction(ctx) {
            roll_initiative(ctx);
        }
    }

    /// A side's turn has four steps; tied sides play theirs at once. The slow weapons' strike is
    /// one simultaneous step.
    fn steps(ctx: &Ctx, unit: ActingUnit) -> Steps {
        if ctx.order().current().is_some_and(|e| e.count == SLOW_COUNT) {
            return Steps {
                count: 1,
                simultaneous: true,
            };
        }
        Steps {
            count: 4,
            simultaneous: matches!(unit, ActingUnit::Sides(set) if set.len() > 1),
        }
    }

    /// Whether `actor` has a turn in the current step (BX-18): movement for those free to move or
    /// with a declared withdrawal or retreat, missiles for those with missiles or special attacks
    /// out of melee, spells for a declared caster who has not moved, melee for those in melee (slow
    /// weapons in their own step). The first with a turn in a step heads it in the log.
    fn has_turn(ctx: &mut Ctx, actor: Entity) -> bool {
        if ctx.turn().unit() == Some(ActingUnit::Combatant(actor))
            && let Some(mut f) = ctx.fighter_mut(actor)
            && !f.state.acted
        {
            // Individual initiative: its count has come, whatever it does in this step.
            f.state.acted = true;
        }
        let acts = acts_in_step(ctx, actor);
        if acts {
            let sides = unit_sides(ctx, actor);
            head_step(ctx, actor, sides);
        }
        acts
    }
}

/// The initiative count of the slow weapons' strike, after every side (BX-17).
pub const SLOW_COUNT: i32 = -100;

/// The steps of a side's turn (BX-18), after its morale checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// Movement, including declared withdrawals and retreats.
    Movement,
    /// Missile fire, and special attacks such as breath and gaze.
    Missiles,
    /// Casting declared spells.
    Spells,
    /// Melee, but for slow weapons.
    Melee,
    /// The slow weapons' melee at the end of the round.
    Slow,
}

impl Step {
    /// The steps of a side's turn, in order.
    pub const TURN: [Step; 4] = [Step::Movement, Step::Missiles, Step::Spells, Step::Melee];

    /// Its name in the log.
    pub fn name(self) -> &'static str {
        match self {
            Step::Movement => "movement",
            Step::Missiles => "missiles",
            Step::Spells => "spells",
            Step::Melee => "melee",
            Step::Slow => "slow weapons",
        }
    }
}

/// Whether `who` is in melee: engaged with a foe still in the fight (one felled in a
/// simultaneous step still counts until the step ends).
pub fn in_melee(ctx: &Ctx, who: Entity) -> bool {
    ctx.foes(who).any(|foe| {
        ctx.status(foe).is_active()
            || ctx.hp(foe).is_some_and(|h| h.current <= 0) && ctx.turn().defers_status()
    })
}

/// The step being played now.
pub fn step(ctx: &Ctx) -> Step {
    if ctx.order().current().is_some_and(|e| e.count == SLOW_COUNT) {
        return Step::Slow;
    }
    Step::TURN
        .get(usize::from(ctx.turn().step()))
        .copied()
        .unwrap_or(Step::Melee)
}

/// Whether `side` is surprised this round (it loses the first round, BX-13).
pub fn surprised(ctx: &Ctx, side: SideId) -> bool {
    ctx.round() <= 1 && ctx.battle().surprised.contains(side)
}

/// The sides with someone still taking turns and not surprised this round.
fn sides_in_play(ctx: &Ctx) -> SmallVec<[SideId; 4]> {
    (0..ctx.sides().len())
        .filter_map(|s| u8::try_from(s).ok().map(SideId))
        .filter(|&s| !surprised(ctx, s))
        .filter(|&s| ctx.roster().side(s).any(|e| ctx.status(e).takes_turns()))
        .collect()
}

/// Whether the fight goes on when some still in it are helpless (asleep, paralysed, held).
enum Mercy {
    /// Some on two sides can still act, or nobody is helpless.
    FightOn,
    /// Every foe of this side still in the fight is helpless, and some of it can act: it has
    /// won (Fray's ruling: the helpless are at its mercy, and a foe it cannot harm is left
    /// behind).
    Won(SideId),
    /// Everyone still in the fight is helpless: nobody is left standing (Fray's ruling: who
    /// wakes first is beyond the encounter's rounds).
    NobodyStanding,
}

fn at_mercy(ctx: &Ctx) -> Mercy {
    let is_helpless = |e: Entity| ctx.conditions(e).is_some_and(helpless);
    let mut able: Option<SideId> = None;
    let mut anyone = false;
    for who in ctx.roster().entities().filter(|&e| ctx.is_active(e)) {
        anyone = true;
        if is_helpless(who) {
            continue;
        }
        let Some(side) = ctx.side(who) else {
            return Mercy::FightOn;
        };
        if able.is_some_and(|s| s != side) {
            return Mercy::FightOn;
        }
        able = Some(side);
    }
    let Some(winner) = able else {
        return if anyone {
            Mercy::NobodyStanding
        } else {
            Mercy::FightOn
        };
    };
    let mut foes = ctx
        .roster()
        .entities()
        .filter(|&e| ctx.is_active(e) && ctx.side(e) != Some(winner))
        .peekable();
    if foes.peek().is_none() {
        return Mercy::FightOn;
    }
    if foes.all(is_helpless) {
        Mercy::Won(winner)
    } else {
        Mercy::FightOn
    }
}

/// Whether `who` has anything to declare: a spell it still has, or movement out of melee.
pub fn may_declare(ctx: &Ctx, who: Entity) -> bool {
    if !ctx.is_active(who) || ctx.conditions(who).is_some_and(|c| !can_act(c)) {
        return false;
    }
    in_melee(ctx, who)
        || opening::may_parley(ctx, who)
        || ctx.fighter(who).is_some_and(|f| {
            f.sheet
                .0
                .powers
                .iter()
                .enumerate()
                .any(|(i, p)| p.spell && f.state.used.get(i).copied().unwrap_or(0) < p.uses)
        })
}

/// Rolls the round's initiative into the turn order: a d6 per side (BX-16), or per combatant
/// with the optional rule; then the slow weapons' strike at the end (BX-17).
///
/// Ruling: the slow-weapon rule is for the weapon's blow ("combatants attacking with
/// two-handed melee weapons ... always act last"). Under individual initiative too, a wielder
/// takes its turn at its own count - moving, shooting, casting - and only its slow weapon's
/// blow waits for the slow step at the end of the round, as it does with a roll per side.
pub fn roll_initiative(ctx: &mut Ctx) {
    let sides = sides_in_play(ctx);
    let mut entries: SmallVec<[TurnEntry; 16]> = SmallVec::new();
    if ctx.battle().options.individual {
        individual(ctx, &sides, &mut entries);
    } else {
        by_side(ctx, &sides, &mut entries);
    }
    let slow = sides.iter().fold(SideSet::default(), |set, &side| {
        let wields = ctx
            .roster()
            .side(side)
            .any(|e| ctx.is_active(e) && ctx.fighter(e).is_some_and(|f| f.sheet.0.slow_melee()));
        if wields { set.with(side) } else { set }
    });
    if !slow.is_empty() {
        entries.push(TurnEntry {
            unit: ActingUnit::Sides(slow),
            count: SLOW_COUNT,
            tiebreak: 0,
        });
    }
    ctx.order_mut().set(entries);
}

/// A d6 per side, logged; tied sides act together, or all roll again (the `ties` option).
fn by_side(ctx: &mut Ctx, sides: &[SideId], entries: &mut SmallVec<[TurnEntry; 16]>) {
    let reroll = ctx.battle().options.ties == Ties::Reroll;
    let rolls = loop {
        let mut rolls: SmallVec<[(SideId, i32); 4]> = SmallVec::new();
        for &side in sides {
            let rolled = ctx.roll_die(6);
            if let Some(roll) = rolled.roll {
                let purpose = format!("initiative of the {}", ctx.sides().name(side));
                ctx.log_mut().push(LogEvent::Roll {
                    who: None,
                    purpose,
                    roll,
                    target: None,
                    success: None,
                });
            }
            rolls.push((side, i32::try_from(rolled.total).unwrap_or(0)));
        }
        let tied = rolls
            .iter()
            .enumerate()
            .any(|(i, a)| rolls[i + 1..].iter().any(|b| a.1 == b.1));
        if !(reroll && tied) {
            break rolls;
        }
        ctx.note(None, || "The sides tie and roll again.".into());
    };
    let battle = ctx.battle_mut();
    battle.initiative.clear();
    for &(side, count) in &rolls {
        let i = usize::from(side.0);
        if battle.initiative.len() <= i {
            battle.initiative.resize(i + 1, 0);
        }
        battle.initiative[i] = count;
    }
    let mut done = SideSet::default();
    for &(side, count) in &rolls {
        if done.contains(side) {
            continue;
        }
        let tied = rolls
            .iter()
            .filter(|r| r.1 == count)
            .fold(SideSet::default(), |set, r| set.with(r.0));
        done = SideSet(done.0 | tied.0);
        entries.push(TurnEntry {
            unit: ActingUnit::Sides(tied),
            count,
            tiebreak: 0,
        });
    }
    if rolls.len() > 1 && entries.len() < rolls.len() {
        ctx.note(None, || {
            "Tied sides act at the same time: both may fall.".into()
        });
    }
}

/// Individual initiative: 1d6 + DEX each (BX-16, optional).
fn individual(ctx: &mut Ctx, sides: &[SideId], entries: &mut SmallVec<[TurnEntry; 16]>) {
    let who: SmallVec<[Entity; 16]> = ctx
        .roster()
        .entities()
        .filter(|&e| ctx.side(e).is_some_and(|s| sides.contains(&s)))
        .filter(|&e| ctx.status(e).takes_turns())
        .collect();
    for (i, e) in who.into_iter().enumerate() {
        let dex = ctx.fighter(e).map_or(0, |f| f.sheet.0.dex);
        let rolled = ctx.roll_die(6);
        let roll = rolled.roll.map(|r| r.plus(i64::from(dex), "DEX"));
        let count = i32::try_from(rolled.total).unwrap_or(0).saturating_add(dex);
        if ctx.logging() {
            let id = ctx.id(e);
            ctx.log_mut().push(LogEvent::Initiative {
                who: id,
                count,
                roll,
            });
        }
        entries.push(TurnEntry {
            unit: ActingUnit::Combatant(e),
            count,
            tiebreak: -i32::try_from(i).unwrap_or(0),
        });
    }
}

/// The sides of the unit playing now.
fn unit_sides(ctx: &Ctx, actor: Entity) -> SideSet {
    match ctx.turn().unit() {
        Some(ActingUnit::Sides(set)) => set,
        _ => ctx.side(actor).map_or(SideSet::default(), SideSet::one),
    }
}

/// Heads each step of a unit's turn in the log: whose turn, and which step.
fn head_step(ctx: &mut Ctx, actor: Entity, sides: SideSet) {
    let unit = match ctx.turn().unit() {
        Some(ActingUnit::Combatant(_)) => u64::from(ctx.id(actor).0) | 1 << 63,
        _ => sides.0,
    };
    let key = (ctx.round(), step(ctx) as u8, unit);
    if ctx.battle().headed == key || !ctx.logging() {
        return;
    }
    ctx.battle_mut().headed = key;
    let now = step(ctx);
    ctx.tell(None, |c| {
        let names: SmallVec<[&str; 4]> = (0..64u8)
            .filter(|&s| sides.contains(SideId(s)))
            .map(|s| c.sides().name(SideId(s)))
            .collect();
        let who = match c.turn().unit() {
            Some(ActingUnit::Combatant(_)) => c.name(actor).to_string(),
            _ => names.join(" and "),
        };
        let together = if names.len() > 1 {
            " (at the same time)"
        } else {
            ""
        };
        format!("== {who}: {}{together} ==", now.name())
    });
}

/// Whether `actor` has something to do in the current step.
fn acts_in_step(ctx: &Ctx, actor: Entity) -> bool {
    if !ctx.is_active(actor) || ctx.conditions(actor).is_some_and(|c| !can_act(c)) {
        return false;
    }
    let Some(f) = ctx.fighter(actor) else {
        return false;
    };
    let sheet = &f.sheet.0;
    let state = &f.state;
    let engaged = in_melee(ctx, actor);
    match step(ctx) {
        Step::Movement => match state.declared {
            Some(Declared::Withdrawal | Declared::Retreat) => true,
            Some(Declared::Spell { .. }) => false,
            None => !engaged && state.feet > 0,
        },
        Step::Missiles => {
            !engaged
                && !state.retreating
                && (sheet.attacks.iter().any(|a| a.is_missile())
                    || sheet.powers.iter().any(|p| !p.spell))
        }
        Step::Spells => state.spell().is_some() && !state.moved,
        Step::Melee => !state.retreating && engaged && !sheet.slow_melee(),
        Step::Slow => !state.retreating && engaged && sheet.slow_melee(),
    }
}
