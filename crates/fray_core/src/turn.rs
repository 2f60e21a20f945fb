//! The turn order and the state of the current turn.
//!
//! A round walks the [`TurnOrder`]: each entry is an [`ActingUnit`] - one combatant, a group
//! (its members take their turns one after another on the group's count), or one or more
//! sides (B/X: every member of the side acts in each step of the side's turn; tied sides act
//! together in simultaneous steps). The encounter's [`Turn`] says whose decision it is now.

use bevy_ecs::entity::MapEntities;
use bevy_ecs::prelude::*;
use bevy_reflect::{Reflect, std_traits::ReflectDefault};
use serde::{Deserialize, Serialize};

use crate::combatant::Status;
use crate::ids::{GroupId, PlayerId, SideId};
use crate::intent::Intent;
use crate::legality::Legal;
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
    /// What the legality check said when it was offered (an AI's choice among the options);
    /// `None` when it still has to be checked.
    pub legal: Option<Legal>,
}

/// A validated, priced intent waiting for resolution (or being resolved).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approved {
    /// Who acts.
    pub actor: Entity,
    /// What it does.
    pub intent: Intent,
    /// What it costs and provokes.
    pub legal: Legal,
}

impl MapEntities for Approved {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.actor = mapper.get_mapped(self.actor);
        self.intent.map_entities(mapper);
        self.legal.map_entities(mapper);
    }
}

/// A set of sides, as a bit mask of side ids below 64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct SideSet(pub u64);

impl SideSet {
    /// One side.
    pub fn one(side: SideId) -> Self {
        Self(0).with(side)
    }

    /// This set and `side`.
    pub fn with(self, side: SideId) -> Self {
        Self(self.0 | 1u64.checked_shl(u32::from(side.0)).unwrap_or(0))
    }

    /// Whether `side` is in the set.
    pub fn contains(self, side: SideId) -> bool {
        self.0 & 1u64.checked_shl(u32::from(side.0)).unwrap_or(0) != 0
    }

    /// How many sides.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Who acts at one place of the turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActingUnit {
    /// One combatant.
    Combatant(Entity),
    /// A group: its members, in roster order, each take a turn.
    Group(GroupId),
    /// One or more sides: in each step of the turn, every member, in roster order, takes a turn.
    /// Several sides act together when they tied (B/X's simultaneous initiative).
    Sides(SideSet),
}

impl MapEntities for ActingUnit {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        if let ActingUnit::Combatant(e) = self {
            *e = mapper.get_mapped(*e);
        }
    }
}

/// The steps of one unit's turn, as its ruleset plans them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Steps {
    /// How many steps (at least 1): every member acts once in each.
    pub count: u8,
    /// In a simultaneous step, status changes (falling, dying, fleeing) wait until the step
    /// ends, so combatants felled in it still act in it.
    pub simultaneous: bool,
}

impl Default for Steps {
    fn default() -> Self {
        Self {
            count: 1,
            simultaneous: false,
        }
    }
}

/// The current turn of an encounter (held on the encounter entity).
#[derive(Component, Debug, Clone, Default, PartialEq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct Turn {
    /// Whose decision it is: the acting combatant, or the one declaring.
    pub(crate) actor: Option<Entity>,
    /// The unit of the turn-order entry being played.
    pub(crate) unit: Option<ActingUnit>,
    /// The step of the unit's turn (0-based).
    pub(crate) step: u8,
    /// The unit's steps.
    pub(crate) steps: Steps,
    /// Roster index of the member acting now within the unit (for groups and sides).
    pub(crate) member: u16,
    /// Serial of the current turn (the first turn of the fight is 1).
    pub(crate) serial: u32,
    /// Changes whenever the situation changes (an action resolves, a turn starts); options
    /// computed for another version are stale.
    pub(crate) version: u32,
    /// Intents resolved in this turn.
    pub(crate) actions: u16,
    /// A request waiting for validation.
    pub(crate) request: Option<Request>,
    /// A validated intent waiting for resolution.
    pub(crate) approved: Option<Approved>,
    /// The reaction window (open or closed; it keeps its buffers).
    pub(crate) window: ReactionWindow,
    /// Intents resolved this tick, to acknowledge with `ActionResolved`.
    pub(crate) resolved: Vec<(Entity, Intent)>,
    /// Reactions a player's request put in a window that came to nothing this tick (the
    /// reactor or its foe fell first, its roll failed), to answer with `ActionRejected`.
    #[serde(default)]
    pub(crate) overtaken: Vec<(Entity, Intent)>,
    /// The actor delayed: this turn ends without its end-of-turn effects (no ongoing damage,
    /// saves or "end of next turn" expiries); they happen at the end of the turn it takes later.
    pub(crate) delayed: bool,
    /// Status changes waiting for the end of the current simultaneous step.
    pub(crate) deferred: Vec<(Entity, Status)>,
}

/// What a game, a client or a ruleset reads of the turn; the pipeline (the request waiting,
/// the approved intent, what resolved this tick) is the kit's alone, so nothing outside it can
/// leave an action half-approved.
impl Turn {
    /// Whose decision it is: the acting combatant, or the one declaring.
    pub fn actor(&self) -> Option<Entity> {
        self.actor
    }

    /// The unit of the turn-order entry being played.
    pub fn unit(&self) -> Option<ActingUnit> {
        self.unit
    }

    /// The step of the unit's turn (0-based).
    pub fn step(&self) -> u8 {
        self.step
    }

    /// The unit's steps.
    pub fn steps(&self) -> Steps {
        self.steps
    }

    /// Serial of the current turn (the first turn of the fight is 1).
    pub fn serial(&self) -> u32 {
        self.serial
    }

    /// Changes whenever the situation changes (an action resolves, a turn starts); options
    /// computed for another version are stale.
    pub fn version(&self) -> u32 {
        self.version
    }

    /// Intents resolved in this turn.
    pub fn actions(&self) -> u16 {
        self.actions
    }

    /// The reaction window (open or closed).
    pub fn window(&self) -> &ReactionWindow {
        &self.window
    }

    /// Whether the actor delayed: this turn ends without its end-of-turn effects.
    pub fn delayed(&self) -> bool {
        self.delayed
    }

    /// Status changes waiting for the end of the current simultaneous step.
    pub fn deferred(&self) -> &[(Entity, Status)] {
        &self.deferred
    }
}

impl Turn {
    /// Records that `actor` resolved `intent`: the situation changed.
    pub fn record_resolved(&mut self, actor: Entity, intent: Intent) {
        self.resolved.push((actor, intent));
        self.touch();
        if Some(actor) == self.actor {
            self.actions = self.actions.saturating_add(1);
        }
    }

    /// Marks the situation changed: options offered before are stale.
    pub fn touch(&mut self) {
        self.version = self.version.wrapping_add(1);
    }

    /// Forgets the fight's turns for a new fight (keeping the buffers).
    pub fn restart(&mut self) {
        self.actor = None;
        self.unit = None;
        self.step = 0;
        self.steps = Steps::default();
        self.member = 0;
        self.serial = 0;
        self.version = 0;
        self.actions = 0;
        self.request = None;
        self.approved = None;
        self.window.clear();
        self.resolved.clear();
        self.overtaken.clear();
        self.delayed = false;
        self.deferred.clear();
    }

    /// True while status changes wait for the end of a simultaneous step.
    pub fn defers_status(&self) -> bool {
        self.steps.simultaneous && self.unit.is_some()
    }

    /// `who`'s status no longer waits for the step's end (a game's edit set it).
    pub(crate) fn forget_deferred(&mut self, who: Entity) {
        self.deferred.retain(|(w, _)| *w != who);
    }

    /// `who`'s status is to become `status` when the step ends: the latest change asked for a
    /// combatant replaces an earlier one still waiting, so each takes one status.
    pub fn defer(&mut self, who: Entity, status: Status) {
        match self.deferred.iter_mut().find(|(w, _)| *w == who) {
            Some(pending) => pending.1 = status,
            None => self.deferred.push((who, status)),
        }
    }
}

impl MapEntities for Turn {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        self.actor.map_entities(mapper);
        self.unit.map_entities(mapper);
        if let Some(r) = &mut self.request {
            r.actor = mapper.get_mapped(r.actor);
            r.intent.map_entities(mapper);
            r.legal.map_entities(mapper);
        }
        self.approved.map_entities(mapper);
        self.window.map_entities(mapper);
        for (actor, intent) in self.resolved.iter_mut().chain(&mut self.overtaken) {
            *actor = mapper.get_mapped(*actor);
            intent.map_entities(mapper);
        }
        for (who, _) in &mut self.deferred {
            *who = mapper.get_mapped(*who);
        }
    }
}

/// One place in the turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnEntry {
    /// Who acts here.
    pub unit: ActingUnit,
    /// The initiative count.
    pub count: i32,
    /// Tie-breaker (higher first).
    pub tiebreak: i32,
}

impl TurnEntry {
    /// One combatant's place.
    pub fn combatant(actor: Entity, count: i32, tiebreak: i32) -> Self {
        Self {
            unit: ActingUnit::Combatant(actor),
            count,
            tiebreak,
        }
    }

    /// The combatant of a single-combatant entry.
    pub fn actor(&self) -> Option<Entity> {
        match self.unit {
            ActingUnit::Combatant(e) => Some(e),
            _ => None,
        }
    }
}

/// The order in which units act each round (held on the encounter entity). Rulesets fill it at
/// setup (and may refill it at each round start); the core walks it.
///
/// ```
/// use bevy_ecs::prelude::*;
/// use fray_core::turn::{TurnEntry, TurnOrder};
/// let mut world = World::new();
/// let [a, b, c] = [world.spawn_empty().id(), world.spawn_empty().id(), world.spawn_empty().id()];
/// let mut order = TurnOrder::default();
/// order.set(vec![
///     TurnEntry::combatant(a, 12, 0),
///     TurnEntry::combatant(b, 17, 0),
///     TurnEntry::combatant(c, 12, 1),
/// ]);
/// assert_eq!(order.actors().collect::<Vec<_>>(), vec![b, c, a]);
/// ```
#[derive(Component, Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Reflect)]
#[component(map_entities)]
#[reflect(opaque)]
#[reflect(Component, Debug, PartialEq, Default)]
pub struct TurnOrder {
    entries: Vec<TurnEntry>,
    next: usize,
}

impl MapEntities for TurnOrder {
    fn map_entities<M: EntityMapper>(&mut self, mapper: &mut M) {
        for e in &mut self.entries {
            e.unit.map_entities(mapper);
        }
    }
}

impl TurnOrder {
    /// Replaces the order: highest count first, then highest tie-breaker, then the given order.
    /// The next turn is the first.
    pub fn set(&mut self, entries: impl IntoIterator<Item = TurnEntry>) {
        self.entries.clear();
        self.entries.extend(entries);
        self.entries
            .sort_by(|a, b| b.count.cmp(&a.count).then(b.tiebreak.cmp(&a.tiebreak)));
        self.next = 0;
    }

    /// Puts the entries back in count order - highest count first, then highest tie-breaker,
    /// entries that still tie keeping their places - and starts the round from the top. For a
    /// round's start, when counts changed during the last one (die-rank: a delayer's new count
    /// decides where it acts from the next round on, DR-13).
    ///
    /// ```
    /// use bevy_ecs::prelude::*;
    /// use fray_core::turn::{ActingUnit, TurnEntry, TurnOrder};
    /// let mut world = World::new();
    /// let [a, b, c] = [world.spawn_empty().id(), world.spawn_empty().id(), world.spawn_empty().id()];
    /// let mut order = TurnOrder::default();
    /// order.set(vec![TurnEntry::combatant(a, 4, 0), TurnEntry::combatant(b, 4, 0), TurnEntry::combatant(c, 2, 0)]);
    /// order.recount(ActingUnit::Combatant(a), 3);
    /// order.sort_by_count();
    /// assert_eq!(order.actors().collect::<Vec<_>>(), vec![b, a, c]);
    /// ```
    pub fn sort_by_count(&mut self) {
        self.entries
            .sort_by(|a, b| b.count.cmp(&a.count).then(b.tiebreak.cmp(&a.tiebreak)));
        self.next = 0;
    }

    /// Empties the order (keeps the allocation).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.next = 0;
    }

    /// The entries in acting order.
    pub fn entries(&self) -> &[TurnEntry] {
        &self.entries
    }

    /// The single combatants in acting order.
    pub fn actors(&self) -> impl Iterator<Item = Entity> + '_ {
        self.entries.iter().filter_map(TurnEntry::actor)
    }

    /// True when nobody is in the order.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// A single combatant's place in the order.
    pub fn position(&self, actor: Entity) -> Option<usize> {
        self.entries.iter().position(|e| e.actor() == Some(actor))
    }

    /// The entry being played: the one [`TurnOrder::take_next`] took last (`None` before the
    /// round's first unit). A ruleset's [`steps`](crate::kit::Rounds::steps) reads it to tell
    /// apart two entries of the same unit (B/X: a side's turn, and the slow weapons' strike at
    /// the end of the round).
    pub fn current(&self) -> Option<&TurnEntry> {
        self.next.checked_sub(1).and_then(|i| self.entries.get(i))
    }

    /// The units still to act this round, in order.
    pub fn upcoming(&self) -> impl Iterator<Item = ActingUnit> + '_ {
        self.entries[self.next.min(self.entries.len())..]
            .iter()
            .map(|e| e.unit)
    }

    /// Starts the round over from the top.
    pub fn restart(&mut self) {
        self.next = 0;
    }

    /// Takes the next unit that `acts` accepts, or `None` when the round is over.
    pub fn take_next(&mut self, acts: impl Fn(ActingUnit) -> bool) -> Option<ActingUnit> {
        while self.next < self.entries.len() {
            let unit = self.entries[self.next].unit;
            self.next += 1;
            if acts(unit) {
                return Some(unit);
            }
        }
        None
    }

    /// The current unit (the one last taken) delays until after the next unit `acts` accepts:
    /// it moves there and takes that unit's count. Returns false when nobody acts after it this
    /// round.
    pub fn delay_current(&mut self, acts: impl Fn(ActingUnit) -> bool) -> bool {
        let Some(current) = self.next.checked_sub(1) else {
            return false;
        };
        let Some(offset) = self.entries[self.next..].iter().position(|e| acts(e.unit)) else {
            return false;
        };
        let after = self.next + offset;
        let mut entry = self.entries.remove(current);
        entry.count = self.entries[after - 1].count;
        self.entries.insert(after, entry);
        self.next = current;
        true
    }

    /// The current unit (the one last taken) delays into the next round: it moves to the top
    /// of the order, on the first unit's count, so it comes first when the next round starts;
    /// the rest of this round is walked as before. Returns false when no unit is current.
    ///
    /// ```
    /// use bevy_ecs::prelude::*;
    /// use fray_core::turn::{TurnEntry, TurnOrder};
    /// let mut world = World::new();
    /// let [a, b] = [world.spawn_empty().id(), world.spawn_empty().id()];
    /// let mut order = TurnOrder::default();
    /// order.set(vec![TurnEntry::combatant(a, 15, 0), TurnEntry::combatant(b, 7, 0)]);
    /// order.take_next(|_| true);
    /// order.take_next(|_| true);
    /// assert!(order.delay_current_to_top());
    /// assert_eq!(order.upcoming().count(), 0, "the round is over");
    /// assert_eq!(order.entries()[0], TurnEntry::combatant(b, 15, 0));
    /// ```
    pub fn delay_current_to_top(&mut self) -> bool {
        let Some(current) = self.next.checked_sub(1) else {
            return false;
        };
        if current >= self.entries.len() {
            return false;
        }
        let mut entry = self.entries.remove(current);
        if let Some(first) = self.entries.first() {
            entry.count = first.count;
        }
        // The entries after the current one keep their places: `next` still points at them.
        self.entries.insert(0, entry);
        true
    }

    /// Gives `unit`'s entry the count `count` without moving it (die-rank: a delayed unit's
    /// initiative becomes one below the last to act, DR-13). Returns false when `unit` has no
    /// entry.
    pub fn recount(&mut self, unit: ActingUnit, count: i32) -> bool {
        match self.entries.iter_mut().find(|e| e.unit == unit) {
            Some(entry) => {
                entry.count = count;
                true
            }
            None => false,
        }
    }

    /// The count of the entry just before `unit`'s (the unit that acts before it this round).
    pub fn count_before(&self, unit: ActingUnit) -> Option<i32> {
        let at = self.entries.iter().position(|e| e.unit == unit)?;
        self.entries.get(at.checked_sub(1)?).map(|e| e.count)
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
