//! What an intent would do, worked out without rolling.
//!
//! A ruleset computes the exact [`Preview`] of an intent when a policy or a client asks for it
//! ([`Previews::preview`](crate::kit::Previews::preview)): never for every option of every
//! decision.

use fray_content::encounter::SideScale;
use serde::{Deserialize, Serialize};

/// What an intent would do, computed without rolling (exact odds, not samples).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Preview {
    /// Chance an attack hits (or a check succeeds); 1 for intents that cannot fail.
    pub hit_chance: f32,
    /// Mean damage to the target when the attack hits.
    pub damage_on_hit: f32,
    /// The least and the most damage the target can take from the outcomes
    /// [`damage_on_hit`](Self::damage_on_hit) averages (crits, riders and multipliers included
    /// in the most, halvings and reductions in the least), as dealt by the dice, before the
    /// target's remaining hit points cut it off. `[0, 0]` when the intent deals no damage.
    #[serde(default)]
    pub damage_range: [u32; 2],
    /// Mean damage overall (hits, crits and miss damage weighted by chance), summed over every
    /// enemy the intent would strike (a group attack counts each of its targets).
    pub expected_damage: f32,
    /// Chance the target is taken out of the fight by this intent.
    pub kill_chance: f32,
    /// Mean hit points healed: only what the target is missing (healing stops at the maximum).
    pub expected_healing: f32,
    /// Mean healing past the target's maximum, wasted: with [`Preview::expected_healing`], what
    /// the healing rolls on average. Nonzero only for healing.
    pub overheal: f32,
    /// Chance the intent leaves a target with a lasting effect it does not have yet besides
    /// its damage: a condition, ongoing damage, a curse, exhaustion (archmage: a power's effect
    /// on a hit or a miss; OHO: a weapon's rider when the Fortitude roll fails). Zero when
    /// the intent inflicts nothing new.
    #[serde(default)]
    pub inflicts: f32,
    /// Opportunity attacks this intent would draw (the attacks among the reactions its legality
    /// check lists).
    pub provokes: u8,
    /// How bad a hit is beyond its damage, given a hit, on a scale every ruleset maps its own
    /// measure onto: 0 for a hit that only deals its damage, up to 10 for one sure to take the
    /// target out at once; the mean over the ways a hit can land. Policies count a hit's worth
    /// by it. Zero where a hit is only its damage. (A ruleset with bands of severity - OHO's
    /// Fortitude roll - weighs each band; the bands themselves are the ruleset's to show,
    /// through [`Previews::notes`](crate::kit::Previews::notes).)
    #[serde(default)]
    pub severity: f32,
    /// Chance the intent is lost before it takes effect, whatever loses it (a declared spell
    /// disrupted when its caster is struck first, in B/X). Its other numbers assume it goes
    /// off.
    #[serde(default)]
    pub lost: f32,
    /// Mean damage the option spares the decider (or its side): an answer that makes a
    /// defense better, a blow turned aside (die-rank: a mastery point spent on a defense roll).
    /// Zero for options that protect nothing.
    #[serde(default)]
    pub averts: f32,
    /// Share of a limited resource that lasts the whole fight the option spends, out of what
    /// the decider has left of it: 0 for none, 1 for the last of it (one point of three left
    /// is 1/3). Policies weigh it against what the option gains.
    #[serde(default)]
    pub spends: f32,
    /// Chance the intent breaks the nerve of the target's side: it fells a foe, and the side's
    /// morale check ([`crate::morale`]) fails. Zero where a ruleset has no morale.
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

    /// The preview of an actor whose side deals damage at `scale` (see [`SideScale`]): the
    /// damage numbers scaled (the means by the percentage, the range as dealt, rounded); the
    /// chances stay the ruleset's own.
    ///
    /// ```
    /// use fray_content::encounter::SideScale;
    /// use fray_core::preview::Preview;
    /// let p = Preview { damage_on_hit: 4.5, expected_damage: 3.0, damage_range: [1, 8], ..Preview::default() };
    /// let half = p.scaled(SideScale { damage: 50, ..SideScale::default() });
    /// assert_eq!((half.damage_on_hit, half.expected_damage, half.damage_range), (2.25, 1.5, [1, 4]));
    /// ```
    pub fn scaled(mut self, scale: SideScale) -> Self {
        if scale.damage == 100 {
            return self;
        }
        let factor = f32::from(scale.damage) / 100.0;
        self.damage_on_hit *= factor;
        self.expected_damage *= factor;
        self.damage_range = self.damage_range.map(|d| {
            let d = i32::try_from(d).unwrap_or(i32::MAX);
            u32::try_from(scale.damage_of(d)).unwrap_or(0)
        });
        self
    }
}

/// The least and most of a set of damage amounts, for [`Preview::damage_range`]: start with
/// [`DamageRange::default`], [`include`](DamageRange::include) every amount an outcome can deal,
/// and read the pair with [`get`](DamageRange::get).
///
/// ```
/// use fray_core::preview::DamageRange;
/// let mut range = DamageRange::default();
/// assert_eq!(range.get(), [0, 0]);
/// range.include(7);
/// range.include(-2); // negative amounts deal nothing
/// range.include(12);
/// assert_eq!(range.get(), [0, 12]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DamageRange(Option<(u32, u32)>);

impl DamageRange {
    /// Counts an amount an outcome can deal (below zero counts as zero, beyond `u32::MAX` as
    /// `u32::MAX`).
    pub fn include(&mut self, amount: i64) {
        let amount = u32::try_from(amount.max(0)).unwrap_or(u32::MAX);
        self.0 = Some(match self.0 {
            None => (amount, amount),
            Some((low, high)) => (low.min(amount), high.max(amount)),
        });
    }

    /// Counts every amount from `low` to `high`.
    pub fn include_span(&mut self, low: i64, high: i64) {
        self.include(low);
        self.include(high);
    }

    /// `[least, most]`, or `[0, 0]` when nothing was counted.
    pub fn get(self) -> [u32; 2] {
        self.0.map_or([0, 0], |(low, high)| [low, high])
    }
}
