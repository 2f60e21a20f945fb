//! Surrender: the one intent the kit offers, judges and resolves itself, the same way in every
//! ruleset.
//!
//! No seed has rules for giving up by choice. Their morale rules decide when the dice make a
//! combatant give up (B/X's BX-25, lite5e's L5-16), and B/X's text leaves the rest to the
//! referee ("the referee decides whether monsters or NPCs surrender or run away"), lite5e's to
//! the GM and the players. Fray's ruling, for every ruleset alike: a combatant that can act
//! may give itself up on its own turn, whatever else it declared or is bound to (a B/X
//! retreat). It costs nothing, ends its turn, and leaves it surrendered, out of the fight for
//! good and engaged with nobody, as a broken morale check leaves one. A combatant that cannot
//! act (its ruleset offers it nothing but the end of its turn: asleep, paralysed, disabled)
//! cannot surrender, nor can a confused one (whose actions its ruleset picks or twists: its
//! mind is not its own).

use std::sync::Arc;

use bevy_ecs::entity::Entity;

use crate::combatant::Status;
use crate::condition::Condition;
use crate::cost::Cost;
use crate::intent::{Intent, IntentKind};
use crate::kit::offer::OfferSink;
use crate::kit::{Ctx, Legality, Offer, Rules, RulesBase};
use crate::legality::{Legal, Occasion, Refusal};
use crate::options::ActionOptions;

/// What a player is told of the option.
pub(crate) const NOTE: &str = "out of the fight for good, at the foes' mercy";

/// Why a surrender is refused off the surrenderer's own turn.
const NOT_ON_A_TURN: &str = "a combatant surrenders on its own turn";
/// Why a surrender is refused to a combatant that cannot act.
const CANNOT_ACT: &str = "it cannot act, so it cannot give itself up";
/// Why a surrender is refused to a confused combatant.
const CONFUSED: &str = "it is confused: its mind is not its own to give up";

/// Whether `actor` may be offered surrender on `occasion`, its ruleset's offer aside: its own
/// turn, active, not confused.
pub(crate) fn may<R: RulesBase>(ctx: &Ctx<R>, actor: Entity, occasion: &Occasion) -> bool {
    refusal(ctx, actor, occasion).is_none()
}

/// Why `actor` may not surrender on `occasion`, its ruleset's offer aside.
fn refusal<R: RulesBase>(ctx: &Ctx<R>, actor: Entity, occasion: &Occasion) -> Option<&'static str> {
    if *occasion != Occasion::Turn || ctx.e.turn.actor != Some(actor) || !ctx.is_active(actor) {
        Some(NOT_ON_A_TURN)
    } else if ctx
        .conditions(actor)
        .is_some_and(|c| c.has(Condition::CONFUSED))
    {
        Some(CONFUSED)
    } else {
        None
    }
}

/// Whether `options`, an offer the ruleset just built, lets its decider act: something
/// besides the end of its turn is offered.
fn acts(options: &ActionOptions) -> bool {
    options.list.iter().any(|o| o.intent != Intent::EndTurn)
}

/// Adds surrender to `options`, the turn's offer the ruleset just built to a decider that
/// [may](may) surrender, when it can act: before the end of the turn when that comes last, as
/// the rulesets offer it, so the end of the turn stays last (a client that takes the last of
/// the options that tie, as `Iterator::max_by` does, still ends its turn rather than give up).
pub(crate) fn offer(options: &mut ActionOptions) {
    if !acts(options) {
        return;
    }
    let legal = Legal::costs(Cost::FREE);
    let label = IntentKind::Surrender.label().clone();
    match options.list.last() {
        Some(last) if last.intent == Intent::EndTurn => {
            let at = options.list.len() - 1;
            options.insert(at, Intent::Surrender, legal, label);
        }
        _ => options.push(Intent::Surrender, legal, label),
    }
}

/// Tells whether a ruleset offers anything besides the end of the turn.
#[derive(Default)]
struct ActsSink {
    acts: bool,
    count: usize,
}

impl OfferSink for ActsSink {
    fn push(&mut self, intent: Intent, _legal: Legal, _label: Arc<str>) {
        self.count += 1;
        self.acts |= intent != Intent::EndTurn;
    }

    fn len(&self) -> usize {
        self.count
    }

    fn keep_only(&mut self, _i: usize) {}
}

/// Whether `actor` may surrender now, on `occasion`: the same answer as [`may`] and
/// [`offer`] give together.
pub(crate) fn check<R: Legality>(
    ctx: &Ctx<R>,
    actor: Entity,
    occasion: &Occasion,
) -> Result<Legal, Refusal> {
    if let Some(why) = refusal(ctx, actor, occasion) {
        return Err(Refusal::new(why));
    }
    let Some(me) = ctx.actor(actor) else {
        return Err(Refusal::new(NOT_ON_A_TURN));
    };
    let mut sink = ActsSink::default();
    R::offer(&mut Offer {
        ctx,
        actor: me,
        occasion: *occasion,
        sink: &mut sink,
        skip: 0,
    });
    if sink.acts {
        Ok(Legal::costs(Cost::FREE))
    } else {
        Err(Refusal::new(CANNOT_ACT))
    }
}

/// `who` gives itself up: every engagement of its ends and it is surrendered.
pub(crate) fn resolve<R: Rules>(ctx: &mut Ctx<R>, who: Entity) {
    ctx.release_all(who);
    ctx.set_status(who, Status::Surrendered);
}
