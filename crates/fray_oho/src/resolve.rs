//! Resolving an approved intent: its time comes off the gauge; withheld actions it sets off
//! fire first (OHO-05), then the attacks of opportunity it draws (OHO-14), then the intent
//! itself - unless it is a full-round action, which waits for the end of the round (OHO-03).

use bevy_ecs::prelude::*;
use fray_core::grammar::Pronoun;
use fray_core::kit::prelude::*;
use fray_core::kit::{NoPause, Resolution, Step};
use fray_core::turn::Approved;
use fray_dice::{Dice, DieSource};

use crate::attack::{Mode, perform};
use crate::gauge::tenths;
use crate::legality::confused_pick;
use crate::ops::OhoOps;
use crate::pronoun::pronoun;
use crate::rules::QUICK;
use crate::state::{FullRound, Withheld};
use crate::vocabulary::{provocation, provokes};
use crate::{Ctx, OhoRules};

impl Resolution for OhoRules {
    /// Takes the intent's time off the gauge, logged (OHO-01); a confused creature's turn action
    /// is first logged as the roll that picked it.
    fn pay(ctx: &mut Ctx, approved: &Approved) {
        log_confused_pick(ctx, approved);
        let t = tenths(approved.legal.cost);
        if t > 0 {
            ctx.spend(approved.actor, t);
        }
    }

    /// An actor cut down by the attacks of opportunity it drew stops.
    fn goes_on(ctx: &Ctx, actor: Entity) -> bool {
        ctx.can_act(actor)
    }

    /// One reaction: `reactor` answers `approved` with `reaction`. Nothing happens when the reactor
    /// or the provoker can no longer act.
    fn react(
        ctx: &mut Ctx,
        approved: &Approved,
        kind: u8,
        reactor: Entity,
        reaction: Intent,
    ) -> bool {
        let provoker = approved.actor;
        if !ctx.can_act(reactor) || !ctx.can_act(provoker) {
            return false;
        }
        if ctx.logging() {
            let (who, against) = (ctx.id(reactor), ctx.id(provoker));
            ctx.log_mut().push(LogEvent::Reaction {
                who,
                against,
                provocation: provocation(kind).to_string(),
            });
        }
        match (kind, reaction) {
            (provokes::WITHHELD, _) => fire_withheld(ctx, reactor, reaction),
            (
                _,
                Intent::Attack {
                    attack, maneuver, ..
                },
            ) => {
                // An attack of opportunity: a reaction, half a second from the reactor's gauge
                // (its price, which the kit pays once it has happened).
                perform(
                    ctx,
                    reactor,
                    provoker,
                    attack.index(),
                    maneuver,
                    Mode::Opportunity,
                );
            }
            _ => {}
        }
        true
    }

    /// The intent itself, after its reactions.
    fn execute(ctx: &mut Ctx, approved: &Approved) -> Step<NoPause> {
        let actor = approved.actor;
        match approved.intent {
            Intent::Attack {
                target,
                attack,
                maneuver,
            } => {
                let full_round = ctx.weapon(actor, attack).is_some_and(|w| w.full_round);
                if full_round {
                    // It takes the whole turn and lands at the end of the round; no reactions until
                    // then (OHO-03).
                    let round = ctx.round();
                    if let Some(mut f) = ctx.fighter_mut(actor) {
                        f.state.full_round_in = round;
                    }
                    ctx.battle_mut().pending.push(FullRound {
                        actor,
                        intent: approved.intent,
                    });
                    ctx.note(Some(actor), || {
                        "begins a full-round action: it lands at the end of the round.".into()
                    });
                } else {
                    perform(ctx, actor, target, attack.index(), maneuver, Mode::Action);
                }
            }
            Intent::Engage { target } => {
                let reach = ctx.sheet(actor).map_or(0, |s| s.reach());
                let far = ctx.map().hops(ctx.region(actor), ctx.region(target)) > reach;
                if far || !ctx.can_act(target) {
                    ctx.tell(Some(actor), |c| {
                        let their = pronoun(c, actor).possessive();
                        format!("finds {their} target gone: the engage comes to nothing.")
                    });
                } else {
                    ctx.engage(actor, target, false);
                }
            }
            Intent::Disengage => {
                ctx.release_all(actor);
                let id = ctx.id(actor);
                ctx.record(|_| LogEvent::Disengaged { who: id });
            }
            Intent::Move { to } => {
                ctx.move_to(actor, to);
                ctx.drop_out_of_reach(actor);
            }
            Intent::Ready { trigger, intent } => {
                if let Some(mut f) = ctx.fighter_mut(actor) {
                    f.state.withheld = Some(Withheld { trigger, intent });
                }
                ctx.tell(Some(actor), |c| {
                    let until = describe_trigger(trigger, pronoun(c, actor));
                    format!("withholds an action until {until}.")
                });
            }
            _ => {}
        }
        Step::Done
    }

    /// Whether the turn is over: the gauge holds less than a quick action. The turn lasts only
    /// while the gauge has time for something (OHO-01); what is left stays for reactions until the
    /// creature's next turn.
    fn turn_over(ctx: &Ctx, approved: &Approved) -> bool {
        ctx.fighter(approved.actor)
            .is_some_and(|f| f.atg.remaining < QUICK)
    }
}

/// A confused creature's random pick is a roll, and the log shows it as one (OHO-20, CORE-05):
/// a die with as many sides as the actions it could take, showing the place of the one picked,
/// with what that was.
fn log_confused_pick(ctx: &mut Ctx, approved: &Approved) {
    let actor = approved.actor;
    if !ctx.logging()
        || ctx.turn().actor() != Some(actor)
        || !ctx.has(actor, Condition::CONFUSED)
        || !ctx.can_act(actor)
    {
        return;
    }
    let Some(pick) = confused_pick(ctx, actor).filter(|p| p.intent == approved.intent) else {
        return;
    };
    let roll = Dice::die(pick.of).roll(&mut Picked(pick.face));
    let purpose = format!(
        "a random action (confused): {} of {}, {}",
        pick.face, pick.of, pick.label
    );
    ctx.log_roll(actor, &purpose, Some(roll), None, None);
}

/// A die that shows the face the pick already came to (from its own derived stream).
struct Picked(u32);

impl DieSource for Picked {
    fn roll_die(&mut self, sides: u32) -> u32 {
        self.0.clamp(1, sides.max(1))
    }
}

/// A withheld action fires (its time was paid when it was withheld).
fn fire_withheld(ctx: &mut Ctx, reactor: Entity, intent: Intent) {
    if let Some(mut f) = ctx.fighter_mut(reactor) {
        f.state.withheld = None;
    }
    match intent {
        Intent::Attack {
            target,
            attack,
            maneuver,
        } => {
            let reach = ctx.weapon(reactor, attack).map_or(0, |w| w.reach);
            if ctx.map().hops(ctx.region(reactor), ctx.region(target)) > reach {
                ctx.note(Some(reactor), || {
                    "cannot reach: the withheld strike is lost.".into()
                });
                return;
            }
            if !ctx.engaging(reactor, target) {
                // Closing in was paid for with the withheld action, but it may not engage more
                // creatures than its limit (OHO-13): if it engaged another since, the strike is
                // lost.
                if !ctx.has_room_to_engage(reactor) {
                    ctx.tell(Some(reactor), |c| {
                        let can = pronoun(c, reactor).agree("it can", "they can");
                        format!("engages as many creatures as {can}: the withheld strike is lost.")
                    });
                    return;
                }
                ctx.engage(reactor, target, false);
            }
            perform(
                ctx,
                reactor,
                target,
                attack.index(),
                maneuver,
                Mode::Withheld,
            );
        }
        Intent::Move { to } => {
            let here = ctx.region(reactor);
            let round = ctx.round();
            let threatened = ctx.engagement(reactor).is_some_and(|e| {
                e.engaged_by()
                    .iter()
                    .any(|x| ctx.threatens(*x, here, round))
            });
            if threatened {
                ctx.note(Some(reactor), || {
                    "is engaged and cannot slip away: the withheld move is lost.".into()
                });
                return;
            }
            ctx.move_to(reactor, to);
            ctx.drop_out_of_reach(reactor);
        }
        _ => {}
    }
}

/// A trigger in words, about the one waiting for it (`pronoun`).
fn describe_trigger(trigger: Trigger, pronoun: Pronoun) -> String {
    let (their, them) = (pronoun.possessive(), pronoun.object());
    match trigger {
        Trigger::EnemyAttacksMe => format!("{their} foe attacks {them}"),
        Trigger::EnemyMoves => format!("{their} foe moves"),
        Trigger::EnemyEngagesMe => format!("an enemy engages {them}"),
    }
}
