//! Exact odds of an attack, for previews: the chance the attack pool beats the defense pool
//! ([`Distribution::compare`](fray_dice::Distribution::compare)), the chance of each Fortitude
//! band, the mean health lost and the chance the target is taken out - all computed exactly from
//! the dice, never sampled.
//!
//! An attack splits into two independent halves: the attack against the defense (does it hit, and
//! by how much: the extra damage of OHO-12) and the damage against the Fortitude roll (which band).
//! Each half depends on a handful of small numbers - pool sizes, penalties, the damage dice, the
//! armor - so [`OddsCache`](crate::odds::OddsCache), a resource of the World, computes each half
//! once and answers every later preview with two look-ups: offering options stays cheap.

use std::sync::OnceLock;

use bevy_ecs::prelude::*;
use bevy_platform::collections::HashMap;
use fray_core::preview::{DamageRange, Preview};
use fray_dice::{Dice, Distribution};

use crate::body::BodyPart;
use crate::fighter::Penalty;
use crate::rules::{
    Band, CalledShot, MAX_POOL, called_shot, damage_against_fortitude, extra_damage,
};
use crate::sheet::SheetWeapon;

/// The exact distribution of the sum of `n` d6 (OHO-07); 0 dice always make 0. Computed once
/// for every size up to [`MAX_POOL`].
///
/// ```
/// let three = fray_oho::odds::pool(3);
/// assert!((three.mean() - 10.5).abs() < 1e-12);
/// assert_eq!((three.min(), three.max()), (3, 18));
/// ```
pub fn pool(n: usize) -> &'static Distribution {
    static POOLS: OnceLock<Vec<Distribution>> = OnceLock::new();
    let pools = POOLS.get_or_init(|| {
        (0..=MAX_POOL)
            .map(|n| match n {
                0 => Distribution::point(0),
                n => Dice::pool(n as u32, 6)
                    .distribution()
                    .unwrap_or_else(|_| Distribution::point(0)),
            })
            .collect()
    });
    &pools[n.min(MAX_POOL)]
}

/// A pool of `dice` d6 less a penalty, as a distribution of totals.
pub fn penalized_pool(dice: u8, penalty: Penalty) -> Distribution {
    let n = usize::from(dice.saturating_sub(penalty.dice));
    Distribution::from_pairs(pool(n).iter().map(|(v, p)| (v - penalty.flat, p)))
}

/// What decides whether an attack hits and by how much.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct HitKey {
    attack_dice: u8,
    attack_penalty: Penalty,
    called: i64,
    defense_dice: u8,
    defense_penalty: Penalty,
    modifier: u8,
    bonus: i64,
}

/// The attack half of an attack's odds.
#[derive(Debug, Clone, PartialEq)]
pub struct HitOdds {
    /// P(the defense roll is lower than the attack roll): a hit (OHO-09).
    pub hit: f64,
    /// The mean extra damage given a hit (OHO-12).
    pub extra_mean: f64,
    /// P(extra damage >= k | hit), for k = 0, 1, 2...
    extra_at_least: Vec<f64>,
    /// The least and most extra damage a hit can carry.
    extra_range: (i64, i64),
}

impl HitOdds {
    /// P(extra damage >= `k` | hit).
    pub fn extra_at_least(&self, k: i64) -> f64 {
        if k <= 0 {
            return 1.0;
        }
        usize::try_from(k)
            .ok()
            .and_then(|k| self.extra_at_least.get(k))
            .copied()
            .unwrap_or(0.0)
    }

    fn compute(key: &HitKey) -> Self {
        let attack = penalized_pool(key.attack_dice, key.attack_penalty);
        let attack = Distribution::from_pairs(attack.iter().map(|(v, p)| (v - key.called, p)));
        let defense = penalized_pool(key.defense_dice, key.defense_penalty);
        let hit = attack.compare(&defense).greater;
        let mut extra: Vec<f64> = Vec::new();
        for (a, pa) in attack.iter() {
            for (d, pd) in defense.iter().take_while(|(d, _)| *d < a) {
                let e = extra_damage(a, d, key.bonus, key.modifier).max(0) as usize;
                if extra.len() <= e {
                    extra.resize(e + 1, 0.0);
                }
                extra[e] += pa * pd;
            }
        }
        let (mut extra_mean, mut tail) = (0.0, vec![0.0; extra.len() + 1]);
        if hit > 0.0 {
            for (e, p) in extra.iter().enumerate() {
                extra_mean += e as f64 * p / hit;
            }
            for k in (0..extra.len()).rev() {
                tail[k] = tail[k + 1] + extra[k] / hit;
            }
        }
        tail.pop();
        let least = extra.iter().position(|&p| p > 0.0).unwrap_or(0);
        let most = extra.iter().rposition(|&p| p > 0.0).unwrap_or(0);
        Self {
            hit,
            extra_mean,
            extra_at_least: tail,
            extra_range: (least as i64, most as i64),
        }
    }
}

/// What decides the Fortitude band of a hit (the damage dice are keyed separately, by notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct SaveKey {
    shot: CalledShot,
    reduction: i32,
    fortitude_dice: u8,
    penalty: Penalty,
}

/// The damage half of an attack's odds, given a hit.
#[derive(Debug, Clone, PartialEq)]
pub struct SaveOdds {
    /// P(each Fortitude band | hit), mildest first (OHO-11).
    pub bands: [f64; 5],
    /// E[damage taken, counting 0 when the roll holds | hit], before extra damage.
    pub fail_damage_mean: f64,
    /// (damage, P) of failures by 1-10 (a d20 decides the injury).
    graze: Vec<(i64, f64)>,
    /// (damage, P) of failures by 11-20 (a sure injury, not disabled).
    wound: Vec<(i64, f64)>,
    /// The least and most damage of a failed roll, before extra damage (`None` when no roll
    /// can fail).
    failed_range: Option<(i64, i64)>,
}

impl SaveOdds {
    fn compute(damage: &Distribution, key: &SaveKey) -> Self {
        let fortitude = penalized_pool(key.fortitude_dice, key.penalty);
        let mut bands = [0.0; 5];
        let mut fail_damage_mean = 0.0;
        let mut graze: Vec<(i64, f64)> = Vec::new();
        let mut wound: Vec<(i64, f64)> = Vec::new();
        let mut failed_range: Option<(i64, i64)> = None;
        for (rolled, pd) in damage.iter() {
            let dealt = damage_against_fortitude(rolled, key.shot, key.reduction);
            for (f, pf) in fortitude.iter() {
                let band = Band::of(dealt, f);
                let p = pd * pf;
                bands[band.index()] += p;
                if band.failed() {
                    fail_damage_mean += p * dealt as f64;
                    if p > 0.0 {
                        failed_range = Some(
                            failed_range
                                .map_or((dealt, dealt), |(lo, hi)| (lo.min(dealt), hi.max(dealt))),
                        );
                    }
                }
                let list = match band {
                    Band::Graze => &mut graze,
                    Band::Wound => &mut wound,
                    _ => continue,
                };
                match list.last_mut() {
                    Some((d, q)) if *d == dealt => *q += p,
                    _ => list.push((dealt, p)),
                }
            }
        }
        Self {
            bands,
            fail_damage_mean,
            graze,
            wound,
            failed_range,
        }
    }
}

/// The attacker's side of a preview.
#[derive(Debug, Clone, Copy)]
pub struct Striker<'a> {
    /// The weapon.
    pub weapon: &'a SheetWeapon,
    /// What conditions take from the attack roll.
    pub penalty: Penalty,
    /// A called shot, if any.
    pub aim: Option<BodyPart>,
}

/// The target's side of a preview.
#[derive(Debug, Clone, Copy)]
pub struct Defender {
    /// Dice of its defense roll (OHO-09).
    pub defense_dice: u8,
    /// Its armor's damage reduction (OHO-10).
    pub reduction: i32,
    /// Dice of its Fortitude roll (OHO-10).
    pub fortitude: u8,
    /// Injuries that take it out of the fight.
    pub injury_limit: Option<u8>,
    /// What conditions take from its defense roll.
    pub defense: Penalty,
    /// What conditions take from its Fortitude roll.
    pub save: Penalty,
    /// Its health now.
    pub health: i32,
    /// Hits taken so far.
    pub hits: u16,
    /// Injuries so far.
    pub injuries: u8,
}

/// Exact odds already computed, by what they depend on (a resource of the World; derived data,
/// never saved).
#[derive(Resource, Debug, Default)]
pub struct OddsCache {
    hits: HashMap<HitKey, HitOdds>,
    saves: HashMap<String, HashMap<SaveKey, SaveOdds>>,
    /// Whole previews, by the damage dice's notation and everything else they depend on: a
    /// batch meets the same attack on the same defender at the same health again and again.
    previews: HashMap<String, HashMap<PreviewKey, AttackOdds>>,
    /// How many previews are held (all are forgotten past [`OddsCache::PREVIEWS`]).
    previewed: usize,
}

/// An attack's odds: its preview, and the chance of each Fortitude band given a hit.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AttackOdds {
    /// The preview: hit chance, damage, the chance to take the target out, and the
    /// [`severity`](Preview::severity) of a hit weighed from the bands.
    pub preview: Preview,
    /// The chance of each band given a hit, mildest first ([`Band::ALL`]'s order): what a
    /// player is shown of how bad a hit may be.
    pub bands: [f32; 5],
}

impl AttackOdds {
    /// The odds of an attack whose hit falls in `bands`: the preview's severity is each band's
    /// ([`Band::severity`]) weighed by its chance.
    fn new(mut preview: Preview, bands: [f32; 5]) -> Self {
        preview.severity = bands
            .iter()
            .zip(Band::ALL)
            .map(|(b, band)| b * band.severity())
            .sum();
        Self { preview, bands }
    }
}

/// Everything an attack preview depends on besides the damage dice: both halves' keys and
/// the defender's health, hits, injuries and injury limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct PreviewKey {
    hit: HitKey,
    save: SaveKey,
    health: i32,
    hits: u16,
    injuries: u8,
    injury_limit: Option<u8>,
}

impl std::hash::Hash for PreviewKey {
    /// One word for the whole key (equality still compares every field): fed field by field,
    /// hashing the key cost about as much as the preview it spares.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let (h, v) = (&self.hit, &self.save);
        let words = [
            u64::from(h.attack_dice),
            u64::from(h.attack_penalty.dice),
            h.attack_penalty.flat as u64,
            h.called as u64,
            u64::from(h.defense_dice),
            u64::from(h.defense_penalty.dice),
            h.defense_penalty.flat as u64,
            u64::from(h.modifier),
            h.bonus as u64,
            v.shot.penalty as u64,
            v.shot.damage_halves as u64,
            v.shot.difference as u64,
            v.reduction as u64,
            u64::from(v.fortitude_dice),
            u64::from(v.penalty.dice),
            v.penalty.flat as u64,
            self.health as u64,
            u64::from(self.hits),
            u64::from(self.injuries),
            self.injury_limit.map_or(u64::MAX, u64::from),
        ];
        let word = words.iter().fold(0u64, |acc, &w| {
            (acc.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95)
        });
        state.write_u64(word);
    }
}

fn hit_key(striker: &Striker, defender: &Defender) -> HitKey {
    let shot = called_shot(striker.aim);
    HitKey {
        attack_dice: striker.weapon.pool,
        attack_penalty: striker.penalty,
        called: shot.penalty,
        defense_dice: defender.defense_dice,
        defense_penalty: defender.defense,
        modifier: striker.weapon.extra_damage,
        bonus: shot.difference,
    }
}

fn save_key(striker: &Striker, defender: &Defender) -> SaveKey {
    SaveKey {
        shot: called_shot(striker.aim),
        reduction: defender.reduction,
        fortitude_dice: defender.fortitude,
        penalty: defender.save,
    }
}

impl OddsCache {
    /// The attack half: hit chance and extra damage.
    pub fn hit_odds(&mut self, striker: &Striker, defender: &Defender) -> &HitOdds {
        let key = hit_key(striker, defender);
        self.hits
            .entry(key)
            .or_insert_with(|| HitOdds::compute(&key))
    }

    /// The damage half: the Fortitude bands of a hit.
    pub fn save_odds(&mut self, striker: &Striker, defender: &Defender) -> Option<&SaveOdds> {
        let key = save_key(striker, defender);
        let weapon = striker.weapon;
        let by_key = Self::saves_of(&mut self.saves, weapon);
        Some(
            by_key
                .entry(key)
                .or_insert_with(|| SaveOdds::compute(&damage_of(weapon), &key)),
        )
    }

    fn saves_of<'a>(
        saves: &'a mut HashMap<String, HashMap<SaveKey, SaveOdds>>,
        weapon: &SheetWeapon,
    ) -> &'a mut HashMap<SaveKey, SaveOdds> {
        saves.entry_ref(weapon.damage.notation()).or_default()
    }

    /// The most whole previews held at once.
    const PREVIEWS: usize = 65_536;

    /// The odds of an attack: hit chance, the Fortitude bands given a hit
    /// ([`AttackOdds::bands`], held first, summing to 1), the mean health lost given a hit and
    /// overall, and the chance the target is taken out (disabled by the band, by falling to 0
    /// health, or by reaching its injury limit). Remembered by everything it depends on.
    pub fn preview(&mut self, striker: &Striker, defender: &Defender) -> AttackOdds {
        let key = PreviewKey {
            hit: hit_key(striker, defender),
            save: save_key(striker, defender),
            health: defender.health,
            hits: defender.hits,
            injuries: defender.injuries,
            injury_limit: defender.injury_limit,
        };
        let notation = striker.weapon.damage.notation();
        if let Some(found) = self.previews.get(notation).and_then(|p| p.get(&key)) {
            return *found;
        }
        let preview = self.work_out_preview(striker, defender);
        if self.previewed >= Self::PREVIEWS {
            self.previews.clear();
            self.previewed = 0;
        }
        self.previews
            .entry_ref(notation)
            .or_default()
            .insert(key, preview);
        self.previewed += 1;
        preview
    }

    /// [`OddsCache::preview`], worked out from the two halves.
    fn work_out_preview(&mut self, striker: &Striker, defender: &Defender) -> AttackOdds {
        let hk = hit_key(striker, defender);
        let hits = self.hits.entry(hk).or_insert_with(|| HitOdds::compute(&hk));
        if hits.hit <= 0.0 {
            return AttackOdds::default();
        }
        let sk = save_key(striker, defender);
        let by_key = Self::saves_of(&mut self.saves, striker.weapon);
        let save = by_key
            .entry(sk)
            .or_insert_with(|| SaveOdds::compute(&damage_of(striker.weapon), &sk));
        let (hit, extra_mean) = (hits.hit, hits.extra_mean);
        let fail = 1.0 - save.bands[0];
        let damage_on_hit = save.fail_damage_mean + fail * extra_mean;
        // Taken out given a hit: disabled by the band, or down to 0 health, or an injury that
        // reaches the injury limit (a graze injures when a d20 is at most the hits, this one
        // included).
        let limit_reached = defender
            .injury_limit
            .is_some_and(|l| defender.injuries.saturating_add(1) >= l);
        let graze_injury = (f64::from(defender.hits.saturating_add(1)) / 20.0).min(1.0);
        let drops = |dealt: i64| hits.extra_at_least(i64::from(defender.health) - dealt);
        let mut out = save.bands[3] + save.bands[4];
        for &(dealt, p) in &save.wound {
            out += if limit_reached { p } else { p * drops(dealt) };
        }
        for &(dealt, p) in &save.graze {
            let injured = if limit_reached { graze_injury } else { 0.0 };
            out += p * (1.0 - (1.0 - injured) * (1.0 - drops(dealt)));
        }
        // A held Fortitude roll loses no health; a failed one loses its damage and the extra.
        let mut range = DamageRange::default();
        if save.bands[0] > 0.0 {
            range.include(0);
        }
        if let Some((lo, hi)) = save.failed_range {
            let (extra_lo, extra_hi) = hits.extra_range;
            range.include_span(lo.saturating_add(extra_lo), hi.saturating_add(extra_hi));
        }
        let preview = Preview {
            hit_chance: hit as f32,
            damage_on_hit: damage_on_hit as f32,
            damage_range: range.get(),
            expected_damage: (hit * damage_on_hit) as f32,
            kill_chance: (hit * out.min(1.0)) as f32,
            ..Preview::default()
        };
        AttackOdds::new(preview, save.bands.map(|b| b as f32))
    }
}

fn damage_of(weapon: &SheetWeapon) -> Distribution {
    weapon
        .damage
        .distribution()
        .unwrap_or_else(|_| Distribution::point(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oho07_pools_are_sums_of_d6() {
        assert!((pool(4).mean() - 14.0).abs() < 1e-9);
        assert_eq!(pool(0).mean(), 0.0);
        assert!((pool(2).probability(7) - 6.0 / 36.0).abs() < 1e-12);
        let less = penalized_pool(3, Penalty { dice: 1, flat: 2 });
        assert!((less.mean() - 5.0).abs() < 1e-9);
    }

    #[test]
    fn oho09_hit_odds_match_a_brute_force_count() {
        let key = HitKey {
            attack_dice: 2,
            attack_penalty: Penalty::default(),
            called: 0,
            defense_dice: 2,
            defense_penalty: Penalty::default(),
            modifier: 2,
            bonus: 0,
        };
        let odds = HitOdds::compute(&key);
        let (mut hits, mut extra) = (0u32, 0i64);
        for a in 2..=12i64 {
            for d in 2..=12i64 {
                let ways = |v: i64| 6 - (v - 7).abs();
                if d < a {
                    let w = ways(a) * ways(d);
                    hits += w as u32;
                    extra += w * ((a - d) / 2);
                }
            }
        }
        assert!((odds.hit - f64::from(hits) / 1296.0).abs() < 1e-12);
        assert!((odds.extra_mean - extra as f64 / f64::from(hits)).abs() < 1e-9);
        assert_eq!(odds.extra_at_least(0), 1.0);
        assert!(odds.extra_at_least(6) == 0.0 && odds.extra_at_least(5) > 0.0);
    }
}
