//! What an intent would do, worked out without rolling.
//!
//! A ruleset computes the exact [`Preview`] of an intent when a policy or a client asks for it
//! ([`Rules::preview`](crate::kit::Rules::preview)): never for every option of every decision.

use serde::{Deserialize, Serialize};

/// What an intent would do, computed without rolling (exact odds, not samples).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Preview {
    /// Chance an attack hits (or a check succeeds); 1 for intents that cannot fail.
    pub hit_chance: f32,
    /// Mean damage to the target when the attack hits.
    pub damage_on_hit: f32,
    /// Mean damage overall (hits, crits and miss damage weighted by chance), summed over every
    /// enemy the intent would strike (a group attack counts each of its targets).
    pub expected_damage: f32,
    /// Chance the target is taken out of the fight by this intent.
    pub kill_chance: f32,
    /// Mean hit points healed.
    pub expected_healing: f32,
    /// Chance the intent leaves a target with a lasting effect it does not have yet besides
    /// its damage: a condition, ongoing damage, a curse, exhaustion (archmage: a power's effect
    /// on a hit or a miss; OHO: a weapon's rider when the Fortitude roll fails). Zero when
    /// the intent inflicts nothing new.
    #[serde(default)]
    pub inflicts: f32,
    /// Opportunity attacks this intent would draw (the attacks among the reactions its legality
    /// check lists).
    pub provokes: u8,
    /// How bad a hit is, as a ruleset-defined distribution over five severity bands, worst
    /// last (OHO: Fortitude holds, fails by 10 or less, by 11-20, by 21-30, by more than 30).
    /// All zero when the ruleset has no such bands.
    pub bands: [f32; 5],
    /// Chance the intent is lost before it takes effect (B/X: a declared spell disrupted when
    /// its caster is hit before acting). Its other numbers assume it goes off.
    #[serde(default)]
    pub lost: f32,
    /// Mean damage the option spares the decider (or its side): an answer that makes a
    /// defense better, a blow turned aside (die-rank: a mastery point spent on a defense roll).
    /// Zero for options that protect nothing.
    #[serde(default)]
    pub averts: f32,
    /// Share of a limited resource that lasts the whole fight the option spends, out of what
    /// the decider has left of it: 0 for none, 1 for the last of it (die-rank: one mastery
    /// point of the three left is 1/3). Policies weigh it against what the option gains.
    #[serde(default)]
    pub spends: f32,
    /// Chance the intent breaks the nerve of the target's side: it fells a foe, and the side's
    /// morale check fails (B/X). Zero where a ruleset has no morale.
    #[serde(default)]
    pub routs: f32,
}

impl Preview {
    /// A preview for an intent that cannot fail and does no damage.
    pub fn certain() -> Self {
        Self {
            hit_chance: 1.0,
            ..Self::default()
        }
    }
}
