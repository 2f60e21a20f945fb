//! The person's options, grouped and named as a menu: attacks, moves, abilities, other.

use bevy_ecs::name::Name;
use bevy_ecs::prelude::*;
use fray_core::client::{Decision, DecisionOption};
use fray_core::encounter::Encounter;
use fray_core::intent::{Intent, IntentKind, Readied};
use fray_core::region::EncounterMap;

/// The groups of the menu, in the order shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Group {
    /// Attacks.
    Attacks,
    /// Moving, engaging and leaving.
    Moves,
    /// Powers, spells, readied actions, rallying and tending.
    Abilities,
    /// Everything else: defending, delaying, passing, ending the turn, surrendering.
    Other,
}

impl Group {
    /// The group an intent belongs to.
    pub fn of(intent: &Intent) -> Self {
        match intent.kind() {
            IntentKind::Attack => Group::Attacks,
            IntentKind::Move
            | IntentKind::Engage
            | IntentKind::Disengage
            | IntentKind::Retreat
            | IntentKind::Flee => Group::Moves,
            IntentKind::UseAbility
            | IntentKind::Ready
            | IntentKind::Rally
            | IntentKind::Stabilize => Group::Abilities,
            IntentKind::Delay
            | IntentKind::Defend
            | IntentKind::Pass
            | IntentKind::EndTurn
            | IntentKind::Surrender => Group::Other,
        }
    }

    /// Its heading.
    pub fn title(self) -> &'static str {
        match self {
            Group::Attacks => "Attacks",
            Group::Moves => "Moves",
            Group::Abilities => "Abilities",
            Group::Other => "Other",
        }
    }
}

/// One line of the menu.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Its group.
    pub group: Group,
    /// What the line says: the option's label and what it aims at.
    pub text: String,
    /// The option.
    pub option: DecisionOption,
}

/// The menu of a decision: its options, grouped in a stable order (the engine's order within
/// a group).
pub fn entries(world: &World, decision: &Decision) -> Vec<Entry> {
    let mut entries: Vec<Entry> = decision
        .options
        .iter()
        .map(|o| Entry {
            group: Group::of(&o.intent),
            text: label(world, decision, o),
            option: o.clone(),
        })
        .collect();
    // Leaving the fight goes last in its group.
    entries.sort_by_key(|e| (e.group, e.leaves()));
    entries
}

/// The line highlighted when a menu opens: the first that does not leave the fight, so a
/// stray Enter never flees.
pub fn default_line(entries: &[Entry]) -> usize {
    entries.iter().position(|e| !e.leaves()).unwrap_or(0)
}

impl Entry {
    /// Whether the option takes its side out of the fight (retreating, fleeing), or the
    /// combatant (surrendering).
    pub fn leaves(&self) -> bool {
        matches!(
            self.option.intent.kind(),
            IntentKind::Retreat | IntentKind::Flee | IntentKind::Surrender
        )
    }
}

/// An option's label with its target or destination named (`Longsword -> Reed Goblin 1`).
pub fn label(world: &World, decision: &Decision, option: &DecisionOption) -> String {
    aimed(
        world,
        decision.encounter,
        Some(decision.actor),
        &option.intent,
        option.label.to_string(),
    )
}

/// `base` (an intent's label, `actor`'s if known) with the intent's target or destination
/// named; a readied
/// action also says what sets it off (`withhold a move -> the waystone, when an enemy engages
/// you`), so options that differ only there read differently.
pub fn aimed(
    world: &World,
    encounter: Entity,
    actor: Option<Entity>,
    intent: &Intent,
    base: String,
) -> String {
    let region = |to| {
        world
            .get::<EncounterMap>(encounter)
            .map(|m| m.name(to).to_string())
    };
    let (aim, when) = match *intent {
        Intent::Move { to } => (region(to), None),
        Intent::Ready { trigger, intent } => {
            let aim = match intent {
                Readied::Move { to } => region(to),
                // A readied attack may name its readier until whoever sets it off is known:
                // that is no aim to show.
                other => other
                    .target()
                    .filter(|t| Some(*t) != actor)
                    .map(|t| name(world, t)),
            };
            (aim, Some(trigger.describe()))
        }
        _ => (intent.target().map(|t| name(world, t)), None),
    };
    let mut text = match aim {
        Some(aim) if !base.contains(&aim) => format!("{base} -> {aim}"),
        _ => base,
    };
    if let Some(when) = when {
        text.push_str(", ");
        text.push_str(when);
    }
    text
}

/// A combatant's display name.
pub fn name(world: &World, who: Entity) -> String {
    world
        .get::<Name>(who)
        .map_or_else(|| "?".to_string(), |n| n.as_str().to_string())
}

/// The ruleset id of an encounter (for the title line).
pub fn ruleset(world: &World, encounter: Entity) -> String {
    world
        .get::<Encounter>(encounter)
        .map_or_else(String::new, |e| e.ruleset.clone())
}
