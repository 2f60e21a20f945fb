//! Turn order and the state of the current turn, and the core systems that move an encounter
//! from round to round and turn to turn.

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::budget::Cost;
use crate::combatant::{Combatant, Status};
use crate::encounter::{Encounter, Phase};
use crate::ids::PlayerId;
use crate::intent::Intent;
use crate::log::{CombatLog, LogEvent};
use crate::outcome::{Ending, Outcome};
use crate::reaction::ReactionWindow;

/// A request waiting for validation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Who is to act.
    pub actor: Entity,
    /// What it means to do.
    pub intent: Intent,
    /// The external controller that sent it (`None` for an AI).
    pub from: Option<PlayerId>,
}

/// A validated, priced intent waiting for resolution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approved {
    /// Who acts.
    pub actor: Entity,
    /// What it does.
    pub intent: Intent,
    /// What it costs.
    pub cost: Cost,
}

impl MapEntities for Approved {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.actor = mapper.get_mapped(self.actor);
        self.intent.map_entities(mapper);
    }
}

/// The current turn of an encounter (held on the encounter entity).
#[derive(Component, Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[component(map_entities)]
pub struct Turn {
    /// Whose turn it is.
    pub actor: Option<Entity>,
    /// Serial of the current turn (the first turn of the fight is 1).
    pub serial: u32,
    /// Changes whenever the situation changes (an action resolves, a turn starts); options
    /// computed for another version are stale.
    pub version: u32,
    /// Intents resolved in this turn.
    pub actions: u16,
    /// A request waiting for validation.
    pub request: Option<Request>,
    /// Why the pending request is illegal, when a ruleset explained it.
    pub rejection: Option<String>,
    /// A validated intent waiting for resolution.
    pub approved: Option<Approved>,
    /// An open reaction window.
    pub window: Option<ReactionWindow>,
    /// Intents resolved this tick, to acknowledge with `ActionResolved`.
    pub resolved: Vec<(Entity, Intent)>,
    /// The actor delayed: this turn ends without its end-of-turn effects (no ongoing damage,
    /// saves or "end of next turn" expiries); they happen at the end of the turn it takes later.
    pub delayed: bool,
}

impl Turn {
    /// Takes the open reaction window once every reactor has answered (`None` while someone
    /// still has to answer, or when no window is open). Rulesets resolve what it holds.
    pub fn take_complete_window(&mut self) -> Option<ReactionWindow> {
        if self
            .window
            .as_ref()
            .is_some_and(ReactionWindow::is_complete)
        {
            self.window.take()
        } else {
            None
        }
    }

    /// Records that `actor` resolved `intent`: the situation changed.
    pub fn record_resolved(&mut self, actor: Entity, intent: Intent) {
        self.resolved.push((actor, intent));
        self.version = self.version.wrapping_add(1);
        if Some(actor) == self.actor {
            self.actions = self.actions.saturating_add(1);
        }
    }
}

impl MapEntities for Turn {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.actor.map_entities(mapper);
        if let Some(r) = &mut self.request {
            r.actor = mapper.get_mapped(r.actor);
            r.intent.map_entities(mapper);
        }
        self.approved.map_entities(mapper);
        if let Some(w) = &mut self.window {
            w.map_entities(mapper);
        }
        for (actor, intent) in &mut self.resolved {
            *actor = mapper.get_mapped(*actor);
            intent.map_entities(mapper);
        }
    }
}

/// One place in the turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnEntry {
    /// Who acts here.
    pub actor: Entity,
    /// The initiative count.
    pub count: i32,
    /// Tie-breaker (higher first).
    pub tiebreak: i32,
}

/// The order in which combatants act each round (held on the encounter entity). Rulesets fill
/// it at setup (and may refill it at each round start); the core walks it.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use fray_core::turn::{TurnEntry, TurnOrder};
/// let mut world = World::new();
/// let [a, b, c] = [world.spawn_empty().id(), world.spawn_empty().id(), world.spawn_empty().id()];
/// let mut order = TurnOrder::default();
/// order.set(vec![
///     TurnEntry { actor: a, count: 12, tiebreak: 0 },
///     TurnEntry { actor: b, count: 17, tiebreak: 0 },
///     TurnEntry { actor: c, count: 12, tiebreak: 1 },
/// ]);
/// assert_eq!(order.actors().collect::<Vec<_>>(), vec![b, c, a]);
/// ```
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[component(map_entities)]
pub struct TurnOrder {
    entries: Vec<TurnEntry>,
    next: usize,
}

impl MapEntities for TurnOrder {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for e in &mut self.entries {
            e.actor = mapper.get_mapped(e.actor);
        }
    }
}

impl TurnOrder {
    /// Replaces the order: highest count first, then highest tie-breaker, then the given order.
    /// The next turn is the first.
    pub fn set(&mut self, mut entries: Vec<TurnEntry>) {
        entries.sort_by(|a, b| b.count.cmp(&a.count).then(b.tiebreak.cmp(&a.tiebreak)));
        self.entries = entries;
        self.next = 0;
    }

    /// The entries in acting order.
    pub fn entries(&self) -> &[TurnEntry] {
        &self.entries
    }

    /// The actors in acting order.
    pub fn actors(&self) -> impl Iterator<Item = Entity> + '_ {
        self.entries.iter().map(|e| e.actor)
    }

    /// True when nobody is in the order.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// An actor's place in the order.
    pub fn position(&self, actor: Entity) -> Option<usize> {
        self.entries.iter().position(|e| e.actor == actor)
    }

    /// The actors still to act this round, in order.
    pub fn upcoming(&self) -> impl Iterator<Item = Entity> + '_ {
        self.entries[self.next.min(self.entries.len())..]
            .iter()
            .map(|e| e.actor)
    }

    /// Starts the round over from the top.
    pub fn restart(&mut self) {
        self.next = 0;
    }

    /// Takes the next actor that still takes turns, or `None` when the round is over.
    pub fn take_next(&mut self, takes_turns: impl Fn(Entity) -> bool) -> Option<Entity> {
        while self.next < self.entries.len() {
            let actor = self.entries[self.next].actor;
            self.next += 1;
            if takes_turns(actor) {
                return Some(actor);
            }
        }
        None
    }

    /// The current actor (who was last taken) delays until after the next actor that still takes
    /// turns: it moves there and takes that actor's count. Returns false when nobody acts after
    /// it this round.
    pub fn delay_current(&mut self, takes_turns: impl Fn(Entity) -> bool) -> bool {
        let Some(current) = self.next.checked_sub(1) else {
            return false;
        };
        let Some(offset) = self.entries[self.next..]
            .iter()
            .position(|e| takes_turns(e.actor))
        else {
            return false;
        };
        let after = self.next + offset;
        let mut entry = self.entries.remove(current);
        entry.count = self.entries[after - 1].count;
        self.entries.insert(after, entry);
        self.next = current;
        true
    }

    /// Moves `actor` to just before `other` and gives it `other`'s count (a readied action
    /// firing). `current` is whose turn it is now, so the walk through the round continues
    /// right after it.
    pub fn move_before(&mut self, actor: Entity, other: Entity, current: Option<Entity>) {
        let Some(from) = self.position(actor) else {
            return;
        };
        let mut entry = self.entries.remove(from);
        let Some(to) = self.position(other) else {
            self.entries.insert(from, entry);
            return;
        };
        entry.count = self.entries[to].count;
        self.entries.insert(to, entry);
        if let Some(pos) = current.and_then(|c| self.position(c)) {
            self.next = pos + 1;
        }
    }
}

/// `Setup` -> `RoundStart`: the fight begins once the ruleset has filled the turn order.
pub(crate) fn start_battle(mut encounters: Query<(&mut Encounter, &TurnOrder, &mut CombatLog)>) {
    for (mut encounter, order, mut log) in &mut encounters {
        if encounter.phase != Phase::Setup {
            continue;
        }
        if order.is_empty() {
            let outcome = Outcome {
                winner: None,
                ending: Ending::Aborted,
                round: 0,
            };
            log.push(LogEvent::Ended { outcome });
            encounter.outcome = Some(outcome);
            encounter.phase = Phase::Ended;
            continue;
        }
        encounter.round = 1;
        encounter.phase = Phase::RoundStart;
    }
}

/// `RoundStart` -> `TurnStart`: the round's first actor.
pub(crate) fn start_round(
    mut encounters: Query<(&mut Encounter, &mut TurnOrder, &mut Turn, &mut CombatLog)>,
    statuses: Query<&Status>,
) {
    for (mut encounter, mut order, mut turn, mut log) in &mut encounters {
        if encounter.phase != Phase::RoundStart {
            continue;
        }
        log.set_clock(encounter.round, turn.serial);
        log.push(LogEvent::RoundStarted);
        order.restart();
        if let Some(actor) = order.take_next(|e| statuses.get(e).is_ok_and(|s| s.takes_turns())) {
            turn.actor = Some(actor);
            encounter.phase = Phase::TurnStart;
        }
    }
}

/// Begins the current actor's turn: a new serial, a fresh version, nothing pending.
pub(crate) fn start_turn(
    mut encounters: Query<(&mut Encounter, &mut Turn, &mut CombatLog)>,
    combatants: Query<&Combatant>,
) {
    for (mut encounter, mut turn, mut log) in &mut encounters {
        if encounter.phase != Phase::TurnStart {
            continue;
        }
        turn.serial += 1;
        turn.version = turn.version.wrapping_add(1);
        turn.actions = 0;
        turn.request = None;
        turn.rejection = None;
        turn.approved = None;
        turn.window = None;
        turn.delayed = false;
        encounter.turns += 1;
        log.set_clock(encounter.round, turn.serial);
        if let Some(who) = turn.actor.and_then(|a| combatants.get(a).ok()) {
            log.push(LogEvent::TurnStarted { who: who.id });
        }
    }
}

/// `TurnStart` -> `Acting`, or straight to `TurnEnd` when the actor cannot act.
pub(crate) fn open_turn(mut encounters: Query<(&mut Encounter, &Turn)>, statuses: Query<&Status>) {
    for (mut encounter, turn) in &mut encounters {
        if encounter.phase != Phase::TurnStart {
            continue;
        }
        let active = turn
            .actor
            .and_then(|a| statuses.get(a).ok())
            .is_some_and(|s| s.is_active());
        encounter.phase = if active {
            Phase::Acting
        } else {
            Phase::TurnEnd
        };
    }
}

/// Ends the turn of an actor that fell during it.
pub(crate) fn end_turn_of_fallen_actor(
    mut encounters: Query<(&mut Encounter, &mut Turn)>,
    statuses: Query<&Status>,
) {
    for (mut encounter, mut turn) in &mut encounters {
        if !matches!(encounter.phase, Phase::Acting | Phase::Reacting) {
            continue;
        }
        let active = turn
            .actor
            .and_then(|a| statuses.get(a).ok())
            .is_some_and(|s| s.is_active());
        if !active {
            turn.window = None;
            turn.request = None;
            turn.approved = None;
            encounter.phase = Phase::TurnEnd;
        }
    }
}

/// `TurnEnd` -> the next actor's `TurnStart`, or `RoundStart` of the next round.
pub(crate) fn advance_turn(
    mut encounters: Query<(&mut Encounter, &mut TurnOrder, &mut Turn, &mut CombatLog)>,
    statuses: Query<&Status>,
    combatants: Query<&Combatant>,
) {
    for (mut encounter, mut order, mut turn, mut log) in &mut encounters {
        if encounter.phase != Phase::TurnEnd {
            continue;
        }
        if let Some(who) = turn.actor.and_then(|a| combatants.get(a).ok()) {
            log.push(LogEvent::TurnEnded { who: who.id });
        }
        turn.request = None;
        turn.approved = None;
        turn.window = None;
        match order.take_next(|e| statuses.get(e).is_ok_and(|s| s.takes_turns())) {
            Some(actor) => {
                turn.actor = Some(actor);
                encounter.phase = Phase::TurnStart;
            }
            None => {
                turn.actor = None;
                encounter.round += 1;
                encounter.phase = Phase::RoundStart;
                log.set_clock(encounter.round, turn.serial);
            }
        }
    }
}
