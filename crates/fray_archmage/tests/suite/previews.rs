//! AR-32 (with AR-06, AR-17..AR-19, AR-28): a preview's expected damage is exact - the same
//! number as averaging what resolution deals over every face of the d20 and of every damage
//! die, here worked out from the seed text alone.

use fray_core::kit::prelude::*;
use fray_testkit::harness::Fight;

use crate::arch::ArchFight;
use crate::bench::*;

/// An attack as the seed text describes it: d20 + `bonus` against `defense`; a natural 1 does
/// nothing (AR-18); a natural from `crit_from` up crits for `mult` times the damage (AR-17); a
/// hit deals the dice plus `flat` (and `even_extra` more on an even natural); a miss deals
/// `miss` (AR-19); a natural below `resist` deals half, rounded down (AR-32). A coup de grace
/// crits on every natural (AR-28).
struct Blow {
    bonus: i64,
    defense: i64,
    crit_from: i64,
    mult: i64,
    resist: Option<i64>,
    dice: &'static [i64],
    flat: i64,
    miss: i64,
    even_extra: i64,
    coup: bool,
}

impl Blow {
    /// The mean damage dealt over every face of the d20 and of the damage dice.
    fn exhaustive(&self) -> f64 {
        let mut sums = vec![0i64];
        for &sides in self.dice {
            sums = sums
                .iter()
                .flat_map(|s| (1..=sides).map(move |face| s + face))
                .collect();
        }
        let mut dealt = 0i64;
        for natural in 1..=20 {
            for &sum in &sums {
                let extra = if natural % 2 == 0 { self.even_extra } else { 0 };
                let blow = if self.coup || (natural > 1 && natural >= self.crit_from) {
                    (sum + self.flat) * self.mult + extra
                } else if natural == 1 {
                    0
                } else if natural + self.bonus >= self.defense {
                    sum + self.flat + extra
                } else {
                    self.miss
                };
                let blow = if self.resist.is_some_and(|r| natural < r) {
                    blow / 2
                } else {
                    blow
                };
                dealt += blow.max(0);
            }
        }
        dealt as f64 / (20 * sums.len()) as f64
    }

    /// The least and most damage of the naturals that hit or crit, over every face of the
    /// damage dice: the preview's damage range.
    fn hit_range(&self) -> [u32; 2] {
        let mut sums = vec![0i64];
        for &sides in self.dice {
            sums = sums
                .iter()
                .flat_map(|s| (1..=sides).map(move |face| s + face))
                .collect();
        }
        let (mut least, mut most) = (i64::MAX, i64::MIN);
        for natural in 1..=20 {
            let crit = self.coup || (natural > 1 && natural >= self.crit_from);
            if !crit && (natural == 1 || natural + self.bonus < self.defense) {
                continue;
            }
            for &sum in &sums {
                let extra = if natural % 2 == 0 { self.even_extra } else { 0 };
                let blow = (sum + self.flat) * if crit { self.mult } else { 1 } + extra;
                let blow = if self.resist.is_some_and(|r| natural < r) {
                    blow / 2
                } else {
                    blow
                };
                least = least.min(blow.max(0));
                most = most.max(blow.max(0));
            }
        }
        if least > most {
            return [0, 0];
        }
        [least as u32, most as u32]
    }
}

impl Default for Blow {
    fn default() -> Self {
        Self {
            bonus: 0,
            defense: 10,
            crit_from: 20,
            mult: 2,
            resist: None,
            dice: &[],
            flat: 0,
            miss: 0,
            even_extra: 0,
            coup: false,
        }
    }
}

/// The expected damage the offer of `intent` to `who` previews.
fn previewed(f: &Fight, who: &str, intent: Intent) -> f64 {
    let offer = f
        .offers(who)
        .into_iter()
        .find(|o| o.intent == intent)
        .unwrap_or_else(|| panic!("{intent:?} is not offered\n{}", f.log()));
    f64::from(offer.preview.expected_damage)
}

/// The damage range the offer of `intent` to `who` previews.
fn previewed_range(f: &Fight, who: &str, intent: Intent) -> [u32; 2] {
    f.offers(who)
        .into_iter()
        .find(|o| o.intent == intent)
        .unwrap_or_else(|| panic!("{intent:?} is not offered\n{}", f.log()))
        .preview
        .damage_range
}

/// Asserts a preview matches the exhaustive expectation: its mean, and the range of a hit.
fn exact(f: &Fight, who: &str, intent: Intent, blow: Blow) {
    let (shown, real) = (previewed(f, who, intent), blow.exhaustive());
    assert!(
        (shown - real).abs() < 1e-4,
        "{intent:?}: the preview shows {shown}, resolution deals {real} on average"
    );
    assert_eq!(
        previewed_range(f, who, intent),
        blow.hit_range(),
        "{intent:?}: the damage range of a hit"
    );
}

#[test]
fn ar32_previews_halve_each_blow_against_resistance_not_the_mean() {
    // Firebolt +1 vs the burner's PD 12 (resists fire 16): a natural 11-15 halves a d6 rounded
    // down (1.5 on average, not 1.75), 16-19 deals it whole, 20 doubles it: 28.5 / 20 = 1.425.
    let f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("burner", 1, "far")],
        "",
        &[10, 5],
    );
    let firebolt = f.attack("Hero", "Burner", "firebolt");
    let blow = Blow {
        bonus: 1,
        defense: 12,
        resist: Some(16),
        dice: &[6],
        ..Blow::default()
    };
    assert!((blow.exhaustive() - 1.425).abs() < 1e-9);
    // A halved hit deals 0-3, a crit 2-12.
    assert_eq!(blow.hit_range(), [0, 12]);
    exact(&f, "Hero", firebolt, blow);
}

#[test]
fn ar32_ar17_ar19_previews_count_crits_extra_damage_and_miss_damage_against_resistance() {
    // Flare +5 vs AC 14 (burner) or 15 (brute): d8 + 4 fire, crits from 19 for triple, 2 more
    // on an even natural hit, 3 on a miss; the burner halves anything under a natural 16.
    for (monster, defense, resist) in [("burner", 14, Some(16)), ("brute", 15, None)] {
        let mut f = fight(
            NEAR_FAR,
            &[("pyro", 1, "near")],
            &[(monster, 1, "near")],
            "",
            &[10, 5],
        );
        let name = f.name(f.who(if monster == "burner" {
            "Burner"
        } else {
            "Brute"
        }));
        let target = f.who(&name);
        f.ok("Pyro", Intent::Engage { target });
        let flare = f.attack("Pyro", &name, "flare");
        let sword = f.attack("Pyro", &name, "sword");
        let flare_blow = Blow {
            bonus: 5,
            defense,
            crit_from: 19,
            mult: 3,
            resist,
            dice: &[8],
            flat: 4,
            miss: 3,
            even_extra: 2,
            coup: false,
        };
        exact(&f, "Pyro", flare, flare_blow);
        // The sword's miss damage is its level, 1: halved, nothing.
        let sword_blow = Blow {
            bonus: 5,
            defense,
            dice: &[8],
            flat: 4,
            miss: 1,
            ..Blow::default()
        };
        exact(&f, "Pyro", sword, sword_blow);
    }
}

#[test]
fn ar32_ar28_a_coup_de_grace_preview_halves_the_crits_resistance_halves() {
    // The burner (resists fire 16) engages the hero, then lies helpless: scorch (d8 + 4 fire)
    // as a coup de grace crits on every natural, halved below 16: 15 of 20 naturals deal
    // d8 + 4 (the double, halved), 5 deal 2 (d8 + 4): 10.625, where the crit's mean is 17.
    let mut f = fight(
        NEAR_FAR,
        &[("hero", 1, "near")],
        &[("burner", 1, "near")],
        "",
        &[10, 5],
    );
    let hero = f.who("Hero");
    f.end_turn();
    f.ok("Burner", Intent::Engage { target: hero });
    f.end_turn();
    f.inflict(
        "Burner",
        None,
        EffectSpec::condition(Condition::HELPLESS, Duration::EndOfBattle),
    );
    let coup = f.attack_with(
        "Hero",
        "Burner",
        "scorch",
        fray_archmage::vocabulary::COUP_DE_GRACE,
    );
    let blow = Blow {
        resist: Some(16),
        dice: &[8],
        flat: 4,
        coup: true,
        ..Blow::default()
    };
    assert!((blow.exhaustive() - 10.625).abs() < 1e-9);
    exact(&f, "Hero", coup, blow);
}
