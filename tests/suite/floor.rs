//! The floor benchmark's plain-Rust fight (`benches/floor/fight.rs`): it reads Fray's compiled
//! numbers, its fights end, and a seed plays the same fight. Its tests live here: a bench
//! target without the test harness runs no `#[test]`.

#[path = "../../benches/floor/fight.rs"]
mod fight;

use fight::{FlatDice, Floor, Scratch};
use fray::dice::Dice;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

fn floor() -> Floor {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))
        .unwrap_or_else(|e| panic!("content does not load: {e}"));
    Floor::from_content(&content, "archmage-bridge")
        .unwrap_or_else(|e| panic!("archmage-bridge: {e}"))
}

fn flat_dice(dice: &[(u32, u32)], bonus: i32) -> FlatDice {
    FlatDice {
        dice: dice.to_vec(),
        bonus,
    }
}

#[test]
fn the_floor_reads_fray_s_compiled_numbers() {
    let floor = floor();
    assert_eq!(floor.encounter, "archmage-bridge");
    assert_eq!(floor.sides, ["Heroes", "Raiders"]);
    let ids: Vec<&str> = floor
        .combatants
        .iter()
        .map(|c| c.statblock.as_str())
        .collect();
    assert_eq!(
        ids,
        [
            "fighter-1",
            "rogue-1",
            "wizard-1",
            "cleric-1",
            "reed-goblin",
            "reed-goblin",
            "cinder-hound",
            "bog-lurker"
        ]
    );
    let fighter = &floor.combatants[0];
    // Str 18 (+4) + level 1; a d8 longsword + 4; miss damage = level.
    assert_eq!((fighter.attack.bonus, fighter.attack.miss), (5, 1));
    assert_eq!(fighter.attack.damage, flat_dice(&[(1, 8)], 4));
    assert_eq!(fighter.max_hp, 30);
    let goblins = &floor.combatants[4..6];
    // The two goblins share one initiative roll (AR-01).
    assert_eq!(goblins[1].shares_initiative_of, 4);
    assert_eq!(goblins[0].attack.damage, flat_dice(&[(1, 8)], 2));
}

#[test]
fn flat_dice_refuse_what_is_not_a_plain_sum() {
    let flat = |text: &str| FlatDice::from_dice(&Dice::parse(text).unwrap());
    assert_eq!(flat("2d6+d3-1").unwrap(), flat_dice(&[(2, 6), (1, 3)], -1));
    assert!(flat("4d6kh3").is_err());
    assert!(flat("d6!").is_err());
}

#[test]
fn a_fight_ends_and_the_same_seed_plays_it_the_same() {
    let floor = floor();
    let mut scratch = Scratch::default();
    for seed in 0..200 {
        let a = floor.fight(&mut ChaCha8Rng::seed_from_u64(seed), &mut scratch);
        let b = floor.fight(&mut ChaCha8Rng::seed_from_u64(seed), &mut scratch);
        assert_eq!(a, b, "seed {seed}");
        assert!(a.winner.is_some(), "seed {seed}: {a:?}");
        assert!(a.rounds < floor.max_rounds && a.turns >= a.actions);
    }
    let totals = floor.run(500, 9);
    assert_eq!(totals, floor.run(500, 9));
    assert_eq!(totals.wins.iter().sum::<u64>(), 500);
    assert!(totals.mean_rounds() > 1.0 && totals.mean_turns() > 8.0);
    assert!(totals.mean_actions() > 0.0 && totals.win_rate(0) > 0.0);
}
