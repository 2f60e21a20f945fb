//! Turns, payment and resolution: action points (DR-14), attacks as resisted rolls with their
//! mastery exchange (DR-03, DR-04, DR-06, DR-09), interrupts (DR-13), opportunity attacks and
//! moves (DR-16..DR-18).
//!
//! Every roll made out of turn - an opportunity attack, a readied attack, an interrupt's REF
//! against REF roll and each of its blows - has its mastery exchange too (DR-09: the other side
//! may answer any roll): the kit's reactions pause on it ([`fray_core::kit::Reacted`]). A
//! readied attack fires, with no roll to interrupt, when the foe it names attacks the readier
//! or, readied for the next to enter, when an enemy enters the readier's region (DR-13).

use bevy_ecs::prelude::*;
use fray_core::cost::Timing;
use fray_core::grammar::counted;
use fray_core::intent::{Intent, Readied, Trigger};
use fray_core::kit::{Reacted, Resolution, Step, TurnBegins, TurnFlow};
use fray_core::log::LogEvent;
use fray_core::prelude::Status;
use fray_core::turn::Approved;
use fray_core::vocabulary::DamageType;
use fray_dice::{Advantage, DieSource};

use crate::contest::{Cause, Contest, Hand, Purpose};
use crate::movement::{self, Way};
use crate::pronoun::pronoun;
use crate::state::Ready;
use crate::vocabulary::{provokes, unit};
use crate::{Ctx, DrRules, initiative, mastery};

impl TurnFlow for DrRules {
    /// The monster groups' pools, melee by region, and everyone's REF roll (DR-10, DR-12,
    /// DR-15).
    fn setup(ctx: &mut Ctx) {
        mastery::pools(ctx);
        let everyone: Vec<Entity> = ctx.roster().entities().collect();
        mastery::new_roll(ctx, &everyone);
        for &who in &everyone {
            movement::engage_region(ctx, who);
        }
        initiative::roll(ctx);
    }

    /// `actor`'s turn starts: its mastery recovery check (DR-11), its defense no longer exposed,
    /// its readied attack gone, and its action points, less what its interrupts took (DR-14). A
    /// turn a major interrupt ended, or with no point left, is skipped; so is a fallen hero's.
    fn turn_start(ctx: &mut Ctx, actor: Entity) -> TurnBegins {
        if !ctx.is_active(actor) {
            return TurnBegins::Skip;
        }
        mastery::recover(ctx, actor);
        let Some(mut f) = ctx.fighter_mut(actor) else {
            return TurnBegins::Skip;
        };
        let ap = f.sheet.0.ap;
        let s = &mut *f.state;
        let (owed, forfeit) = (s.owed, s.forfeit);
        s.turns = s.turns.saturating_add(1);
        s.left = if forfeit { 0 } else { ap.saturating_sub(owed) };
        s.owed = 0;
        s.forfeit = false;
        s.majors = 0;
        s.spent = false;
        s.ended = false;
        s.careful = false;
        s.exposed = false;
        s.readied = None;
        let left = s.left;
        if forfeit {
            ctx.note(Some(actor), || {
                "has spent this turn on a major interrupt.".into()
            });
        } else if owed > 0 {
            ctx.tell(Some(actor), |c| {
                format!(
                    "has {left} of {} {ap} action points: {owed} went on interrupts.",
                    pronoun(c, actor).possessive()
                )
            });
        }
        if left == 0 {
            TurnBegins::Skip
        } else {
            TurnBegins::Act
        }
    }

    /// At 0 health a monster dies and a hero falls (Fray's ruling on health): out of the fight
    /// either way, and out of melee.
    fn vitals(ctx: &mut Ctx, who: Entity) {
        if ctx.hp(who).is_some_and(|h| h.current <= 0) && ctx.is_active(who) {
            let hero = ctx.fighter(who).is_some_and(|f| f.sheet.0.hero);
            ctx.release_all(who);
            ctx.set_status(who, if hero { Status::Down } else { Status::Dead });
        }
    }
}

impl Resolution for DrRules {
    /// Pays `approved` at the price the legality check gave it (DR-14): action points of this
    /// turn or owed by the next, a major or exclusive action's end of turn, a pressed major's
    /// mastery point, a cooldown, a run's exposure.
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        let cost = approved.legal.cost;
        let actor = approved.actor;
        if cost.is_free() || cost.unit == unit::MP {
            if let Intent::Disengage = approved.intent
                && let Some(mut f) = ctx.fighter_mut(actor)
            {
                f.state.careful = true;
            }
            return;
        }
        let amount = u8::try_from(cost.amount).unwrap_or(u8::MAX);
        let major = matches!(cost.unit, unit::MAJOR | unit::EXCLUSIVE | unit::PRESSED);
        let exposes = match approved.intent {
            Intent::Move { to } => ctx.fighter(actor).is_some_and(|f| {
                let (sheet, careful) = (f.sheet.0.clone(), f.state.careful);
                movement::way(ctx, &sheet, careful, ctx.region(actor), to).is_ok_and(Way::exposes)
            }),
            _ => false,
        };
        if let Some(mut f) = ctx.fighter_mut(actor) {
            let s = &mut *f.state;
            match cost.timing {
                Timing::NextTurn => {
                    s.owed = s.owed.saturating_add(amount);
                    s.forfeit |= cost.unit == unit::MAJOR;
                }
                _ => {
                    s.left = s.left.saturating_sub(amount);
                    s.spent = true;
                    if major {
                        s.majors = s.majors.saturating_add(1);
                    }
                    if matches!(cost.unit, unit::MAJOR | unit::EXCLUSIVE) {
                        s.ended = true;
                    }
                    if cost.unit == unit::EXCLUSIVE {
                        s.left = 0;
                    }
                    if exposes {
                        s.exposed = true;
                    }
                    match approved.intent {
                        Intent::Attack { attack, .. } => s.use_attack(attack.0),
                        Intent::Ready {
                            trigger,
                            intent: Readied::Attack { target, attack, .. },
                        } => {
                            s.use_attack(attack.0);
                            s.readied = Some(match trigger {
                                Trigger::EnemyMoves => Ready::Enters { attack: attack.0 },
                                _ => Ready::Attacked {
                                    by: target,
                                    attack: attack.0,
                                },
                            });
                        }
                        _ => {}
                    }
                }
            }
        }
        if major {
            mastery::stir(ctx, actor);
        }
        if cost.unit == unit::PRESSED {
            // Logged once the attack it keeps going is done ([`pressed_on`]).
            mastery::spend(ctx, actor, false);
        }
    }

    /// An actor felled by a reaction (an opportunity attack, an interrupt) stops.
    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        standing(ctx, actor)
    }

    /// A pressed major attack whose attacker was felled by an interrupt before it struck: the
    /// mastery point held for it goes back to its pool (DR-09, DR-14). The point is logged when the
    /// attack is made (after its blow lands); one never made was never spent, so nothing is logged.
    fn cut_short(ctx: &mut Ctx, approved: &Approved) {
        if approved.legal.cost.unit == unit::PRESSED {
            mastery::give_back(ctx, approved.actor);
        }
    }

    /// `reactor` answers `approved` with `reaction` in a window of `kind`: a mastery point spent
    /// (done at once), or a blow out of turn, which rolls and pauses on its mastery exchange
    /// ([`Resolution::resume_reaction`] goes on). [`Reacted::Not`] when it did not happen (it is
    /// not paid).
    fn react_step(
        ctx: &mut Ctx,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> Reacted<Contest> {
        if !standing(ctx, reactor) {
            return Reacted::Not;
        }
        // A blow needs its foe still standing: a reactor whose foe an earlier reaction of the same
        // window felled holds its blow, and owes no action point for it (DR-14).
        if kind != provokes::MASTERY && !standing(ctx, approved.actor) {
            ctx.tell(Some(reactor), |c| {
                let their = pronoun(c, reactor).possessive();
                format!("holds {their} blow: {their} foe is already down.")
            });
            return Reacted::Not;
        }
        match (kind, reaction) {
            (provokes::MASTERY, Intent::UseAbility { .. }) => {
                let spent = mastery::spend(ctx, reactor, true);
                ctx.battle_mut().answered = spent;
                if spent { Reacted::Done } else { Reacted::Not }
            }
            (provokes::OPPORTUNITY, Intent::Attack { attack, .. }) => {
                reaction_logged(ctx, reactor, approved.actor, kind);
                let blow = Purpose::Strike {
                    cause: Cause::Opportunity,
                    more: 0,
                };
                strike(ctx, reaction, (reactor, approved.actor), attack.0, blow)
            }
            (provokes::ENTERING, Intent::Attack { attack, .. }) => {
                reaction_logged(ctx, reactor, approved.actor, kind);
                fire_readied(ctx, reaction, (reactor, approved.actor), attack.0)
            }
            (provokes::INTERRUPT, Intent::Attack { attack, .. }) => {
                interrupt(ctx, (reactor, reaction), approved.actor, attack.0)
            }
            _ => Reacted::Not,
        }
    }

    /// Goes on with the exchange on a roll made inside a reaction (an opportunity attack, a
    /// readied attack, an interrupt's REF roll or blow) after an answer (DR-09); when it ends,
    /// what the roll was for follows.
    fn resume_reaction(
        ctx: &mut Ctx,
        _: &Approved,
        _: u8,
        reaction: &Approved,
        mut c: Contest,
    ) -> Reacted<Contest> {
        let reaction = reaction.intent;
        if answered(ctx, &mut c) {
            ask(ctx, (c.actor, reaction), &c);
            return Reacted::Wait(c);
        }
        match c.purpose {
            Purpose::Attack => {
                land(ctx, &c, None);
                Reacted::Done
            }
            Purpose::Strike { cause, more } => {
                land(ctx, &c, Some(cause.name()));
                if more == 0 || !standing(ctx, c.target) || !standing(ctx, c.actor) {
                    return Reacted::Done;
                }
                if let Some(mut f) = ctx.fighter_mut(c.actor) {
                    // Blows after an interrupt's first are paid here; the kit pays the first.
                    f.state.owed = f.state.owed.saturating_add(1);
                }
                let next = Purpose::Strike {
                    cause,
                    more: more.saturating_sub(1),
                };
                strike(ctx, reaction, (c.actor, c.target), c.attack, next)
            }
            Purpose::Interrupt => won_interrupt(ctx, reaction, &c),
        }
    }

    /// Resolves `approved` on its turn.
    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<Contest> {
        let actor = approved.actor;
        match approved.intent {
            Intent::Attack { target, attack, .. } => begin(ctx, approved, target, attack.0),
            Intent::Move { to } => {
                let how = ctx.fighter(actor).and_then(|f| {
                    let (sheet, careful) = (f.sheet.0.clone(), f.state.careful);
                    movement::way(ctx, &sheet, careful, ctx.region(actor), to).ok()
                });
                if let Some(how) = how {
                    movement::go(ctx, actor, how, to);
                    match how {
                        Way::Walk => {}
                        Way::Careful => ctx.note(Some(actor), || {
                            "leaves carefully, drawing no attack.".into()
                        }),
                        Way::Run { .. } | Way::Hard => ctx.tell(Some(actor), |c| {
                            let moves = match how {
                                Way::Hard => "swims or climbs",
                                _ => "runs",
                            };
                            let their = pronoun(c, actor).possessive();
                            format!(
                                "{moves}: {their} defense is disadvantaged until {their} next turn."
                            )
                        }),
                    }
                }
                Step::Done
            }
            Intent::Disengage => {
                ctx.tell(Some(actor), |c| {
                    let their = pronoun(c, actor).possessive();
                    format!("means to leave {their} region carefully.")
                });
                Step::Done
            }
            Intent::Ready { trigger, intent } => {
                match (trigger, intent.target()) {
                    (Trigger::EnemyMoves, _) => ctx.tell(Some(actor), |c| {
                        let their = pronoun(c, actor).possessive();
                        format!("readies an attack for the next enemy to enter {their} region.")
                    }),
                    (_, Some(target)) => ctx.tell(Some(actor), |c| {
                        let them = pronoun(c, actor).object();
                        format!(
                            "readies an attack for when {} attacks {them}.",
                            c.name(target)
                        )
                    }),
                    _ => {}
                }
                Step::Done
            }
            Intent::Delay => {
                if ctx.delay_turn() {
                    initiative::after_delay(ctx, actor);
                }
                Step::Done
            }
            _ => Step::Done,
        }
    }

    /// Goes on with an attack's exchange after an answer; when it ends, the attack lands.
    fn resume(ctx: &mut Ctx, approved: &Approved, mut c: Contest) -> Step<Contest> {
        if answered(ctx, &mut c) {
            ask(ctx, (approved.actor, approved.intent), &c);
            return Step::Wait(c);
        }
        land(ctx, &c, None);
        pressed_on(ctx, approved);
        Step::Done
    }

    /// Whether `approved` ends its actor's turn: no action point left, a major action not pressed
    /// on, an exclusive one, a delay.
    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        if approved.intent == Intent::Delay {
            return true;
        }
        ctx.fighter(approved.actor)
            .is_none_or(|f| f.state.ended || f.state.left == 0)
    }
}

/// Plain damage: die-rank names no damage types.
const PLAIN: DamageType = DamageType(0);

/// Whether `who` is still fighting: active, with health left (a blow that took its last point
/// fells it at once, before the vitals catch up).
pub fn standing(ctx: &Ctx, who: Entity) -> bool {
    ctx.is_active(who) && ctx.hp(who).is_some_and(|h| h.current > 0)
}

/// Logs the mastery point a pressed major attack spent (DR-14), after the attack.
fn pressed_on(ctx: &mut Ctx, approved: &Approved) {
    if approved.legal.cost.unit == unit::PRESSED {
        ctx.tell(Some(approved.actor), |c| {
            let their = pronoun(c, approved.actor).possessive();
            format!("spends a mastery point: this major action does not end {their} turn.")
        });
    }
}

/// An attack on the turn: both rolls are made, then the mastery exchange begins with the
/// attacker's answer (DR-09).
fn begin(ctx: &mut Ctx, approved: &Approved, target: Entity, attack: u16) -> Step<Contest> {
    let actor = approved.actor;
    if !standing(ctx, target) {
        ctx.tell(Some(actor), |c| {
            let their = pronoun(c, actor).possessive();
            format!("finds {their} target out of the fight.")
        });
        pressed_on(ctx, approved);
        return Step::Done;
    }
    let Some(contest) = contest(ctx, Purpose::Attack, (actor, target), attack) else {
        pressed_on(ctx, approved);
        return Step::Done;
    };
    ask(ctx, (approved.actor, approved.intent), &contest);
    Step::Wait(contest)
}

/// Rolls attack `attack` of `actor` on `target` for `purpose`, logged: a new roll nobody has
/// spent on yet.
fn contest(
    ctx: &mut Ctx,
    purpose: Purpose,
    (actor, target): (Entity, Entity),
    attack: u16,
) -> Option<Contest> {
    let (act, res) = hands(ctx, actor, target, attack)?;
    mastery::new_roll(ctx, &[actor, target]);
    let contest = Contest {
        purpose,
        actor,
        target,
        attack,
        act,
        res,
        next: 0,
        passes: 0,
    };
    say_rolls(ctx, &contest);
    Some(contest)
}

/// Rolls an attack of `actor` on `target`: the attack's die (with its shift's levels) against
/// the target's defense die, disadvantaged while the target is exposed (DR-05, DR-17).
fn hands(ctx: &mut Ctx, actor: Entity, target: Entity, attack: u16) -> Option<(Hand, Hand)> {
    let a = ctx
        .fighter(actor)?
        .sheet
        .0
        .attacks
        .get(usize::from(attack))
        .map(|a| (a.die, a.level))?;
    let (defense, exposed) = ctx
        .fighter(target)
        .map(|f| (f.sheet.0.defense, f.state.exposed))?;
    let act = Hand::roll(ctx, a.0, a.1);
    let res = Hand::roll(ctx, defense, Advantage(if exposed { -1 } else { 0 }));
    Some((act, res))
}

/// What a contest's roll is called in logs: its attack's name, with why a blow struck out of
/// turn was struck (`axe (opportunity attack)`).
fn roll_name(ctx: &Ctx, c: &Contest) -> String {
    let name = ctx
        .fighter(c.actor)
        .and_then(|f| {
            f.sheet
                .0
                .attacks
                .get(usize::from(c.attack))
                .map(|a| a.name.clone())
        })
        .unwrap_or_default();
    match c.purpose {
        Purpose::Strike { cause, .. } => format!("{name} ({})", cause.name()),
        _ => name,
    }
}

/// `n` successes, counted: `1 success`, `2 successes`.
fn successes(n: u32) -> String {
    counted(n, "success", "successes")
}

/// Logs the two rolls of a contest.
fn say_rolls(ctx: &mut Ctx, c: &Contest) {
    ctx.tell(Some(c.actor), |x| {
        format!(
            "rolls to hit {} with {} {}: {} against defense {} - {} so far.",
            x.name(c.target),
            pronoun(x, c.actor).possessive(),
            roll_name(x, c),
            c.act.describe(),
            c.res.describe(),
            successes(c.successes())
        )
    });
}

/// Asks the party whose turn it is to answer whether it spends a mastery point on the roll
/// `provoker`'s `intent` made; the kit goes on at once (a pass) when it cannot.
fn ask(ctx: &mut Ctx, (provoker, intent): (Entity, Intent), contest: &Contest) {
    ctx.battle_mut().answered = false;
    ctx.open_window(provoker, provokes::MASTERY);
    ctx.offer_reaction(contest.answering(), intent);
}

/// Takes the answer just given: a point spent rolls its die (DR-09) and the other party
/// answers; two passes in a row end the exchange. Returns whether it goes on.
fn answered(ctx: &mut Ctx, c: &mut Contest) -> bool {
    if std::mem::take(&mut ctx.battle_mut().answered) {
        let who = c.answering();
        let hand = if c.next == 0 { &c.act } else { &c.res };
        let die = hand.die;
        let rerolls = hand.disadvantaged();
        let face = u8::try_from(ctx.rng().roll_die(die.sides())).unwrap_or(u8::MAX);
        if c.next == 0 {
            c.act.master(face);
        } else {
            c.res.master(face);
        }
        let now = c.successes();
        let hand = if c.next == 0 { &c.act } else { &c.res };
        ctx.tell(Some(who), |x| {
            let how = if rerolls {
                format!("rerolls {} lowest", pronoun(x, who).possessive())
            } else {
                "adds".into()
            };
            format!(
                "spends a mastery point: {how} a {die}, {face} - {}; {} now.",
                hand.describe(),
                successes(now)
            )
        });
        c.passes = 0;
    } else {
        c.passes = c.passes.saturating_add(1);
    }
    if c.passes >= 2 {
        return false;
    }
    c.next ^= 1;
    true
}

/// The exchange is over and the attack lands: logged as an attack (the acting hand's kept face
/// against the defense's, a hit when it scores a success), then one point of damage per
/// success (DR-03), and the target is harmed for its recovery (DR-11).
fn land(ctx: &mut Ctx, c: &Contest, cause: Option<&str>) {
    let hits = c.successes();
    ctx.record(|x| LogEvent::Attack {
        attacker: x.id(c.actor),
        target: x.id(c.target),
        attack: roll_name(x, c),
        roll: c.act.as_roll(),
        defense: format!("{} defense", c.res.die),
        against: c.res.kept(),
        hit: hits > 0,
        crit: false,
    });
    if hits == 0 {
        return;
    }
    let amount = i32::try_from(hits).unwrap_or(i32::MAX);
    ctx.deal_damage(c.target, amount, PLAIN, cause, Some(c.actor));
    mastery::stir(ctx, c.target);
}

/// A blow struck out of turn by `actor` on `target` with attack `attack` (for `purpose`, a
/// [`Purpose::Strike`]): rolled, then its mastery exchange (DR-09) inside the reaction
/// `reaction`. A striker or target already out of the fight strikes nothing.
fn strike(
    ctx: &mut Ctx,
    reaction: Intent,
    (actor, target): (Entity, Entity),
    attack: u16,
    purpose: Purpose,
) -> Reacted<Contest> {
    if !standing(ctx, target) || !standing(ctx, actor) {
        return Reacted::Done;
    }
    match contest(ctx, purpose, (actor, target), attack) {
        Some(c) => {
            ask(ctx, (actor, reaction), &c);
            Reacted::Wait(c)
        }
        None => Reacted::Done,
    }
}

/// Logs a reaction.
fn reaction_logged(ctx: &mut Ctx, reactor: Entity, against: Entity, kind: u8) {
    let (who, against) = (ctx.id(reactor), ctx.id(against));
    ctx.record(|_| LogEvent::Reaction {
        who,
        against,
        provocation: crate::vocabulary::provocation(kind).into_owned(),
    });
}

/// `reactor`'s readied attack fires at `target` with no roll to interrupt (DR-13): it is
/// spent.
fn fire_readied(
    ctx: &mut Ctx,
    reaction: Intent,
    (reactor, target): (Entity, Entity),
    attack: u16,
) -> Reacted<Contest> {
    if let Some(mut f) = ctx.fighter_mut(reactor) {
        f.state.readied = None;
    }
    ctx.tell(Some(reactor), |c| {
        let their = pronoun(c, reactor).possessive();
        format!("fires {their} readied attack: no roll needed.")
    });
    let blow = Purpose::Strike {
        cause: Cause::Readied,
        more: 0,
    };
    strike(ctx, reaction, (reactor, target), attack, blow)
}

/// `reactor` interrupts `attacker`'s attack on it with `reaction` (DR-13): an attack readied for it
/// fires without a roll; otherwise REF against REF, a roll either side may master (DR-09),
/// and [`won_interrupt`] follows.
fn interrupt(
    ctx: &mut Ctx,
    (reactor, reaction): (Entity, Intent),
    attacker: Entity,
    attack: u16,
) -> Reacted<Contest> {
    let readied = ctx.fighter(reactor).is_some_and(|f| {
        f.state.readied
            == Some(Ready::Attacked {
                by: attacker,
                attack,
            })
    });
    reaction_logged(ctx, reactor, attacker, provokes::INTERRUPT);
    if readied {
        return fire_readied(ctx, reaction, (reactor, attacker), attack);
    }
    let (Some(mine), Some(theirs)) = (
        ctx.fighter(reactor).map(|f| f.sheet.0.reflexes),
        ctx.fighter(attacker).map(|f| f.sheet.0.reflexes),
    ) else {
        return Reacted::Not;
    };
    let act = Hand::roll(ctx, mine, Advantage::NONE);
    let res = Hand::roll(ctx, theirs, Advantage::NONE);
    mastery::new_roll(ctx, &[reactor, attacker]);
    let c = Contest {
        purpose: Purpose::Interrupt,
        actor: reactor,
        target: attacker,
        attack,
        act,
        res,
        next: 0,
        passes: 0,
    };
    ctx.tell(Some(reactor), |_| {
        format!(
            "tries to interrupt: REF {} against REF {} - {} so far.",
            c.act.describe(),
            c.res.describe(),
            successes(c.successes())
        )
    });
    ask(ctx, (reactor, reaction), &c);
    Reacted::Wait(c)
}

/// The interrupt's REF roll `c` is settled: the interrupter strikes once per success - a
/// major attack once (it ends the turn it is paid from), a minor one as often as its next
/// turn's action points allow. A failed roll costs nothing: no action was taken.
fn won_interrupt(ctx: &mut Ctx, reaction: Intent, c: &Contest) -> Reacted<Contest> {
    let (reactor, attacker) = (c.actor, c.target);
    let wins = c.successes();
    ctx.tell(Some(reactor), |_| {
        if wins == 0 {
            "fails to interrupt.".into()
        } else {
            format!("interrupts with {}.", successes(wins))
        }
    });
    if wins == 0 {
        return Reacted::Not;
    }
    let (minor, room) = ctx.fighter(reactor).map_or((false, 0), |f| {
        let a = f.sheet.0.attacks.get(usize::from(c.attack));
        let minor = a.is_some_and(|a| a.kind == crate::statblock::ActionKind::Minor);
        (minor, f.sheet.0.ap.saturating_sub(f.state.owed))
    });
    let strikes = if minor {
        u32::from(room).min(wins).max(1)
    } else {
        1
    };
    let blow = Purpose::Strike {
        cause: Cause::Interrupt,
        more: u8::try_from(strikes.saturating_sub(1)).unwrap_or(u8::MAX),
    };
    strike(ctx, reaction, (reactor, attacker), c.attack, blow)
}
