//! The tables as printed in the seed text (BX-22, BX-26, BX-07).

use fray_bx::morale::break_chance;
use fray_bx::saves::chance;
use fray_bx::tables::{AttackRoll, HitDice, MONSTER_SAVES, SaveCategory, hits, matrix_needs};

/// The attack matrix of the text, row by row: THAC0, then the roll to hit AC -3..9.
const PRINTED: [(i32, [i32; 13]); 16] = [
    (20, [20, 20, 20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11]),
    (19, [20, 20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10]),
    (18, [20, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9]),
    (17, [20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8]),
    (16, [19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7]),
    (15, [18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6]),
    (14, [17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5]),
    (13, [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]),
    (12, [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]),
    (11, [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]),
    (10, [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2]),
    (9, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2]),
    (8, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2]),
    (7, [10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2]),
    (6, [9, 8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2, 2]),
    (5, [8, 7, 6, 5, 4, 3, 2, 2, 2, 2, 2, 2, 2]),
];

#[test]
fn bx22_attack_matrix_matches_the_printed_table_cell_by_cell() {
    for (thac0, row) in PRINTED {
        for (col, needed) in row.iter().enumerate() {
            let ac = col as i32 - 3;
            assert_eq!(matrix_needs(thac0, ac), *needed, "THAC0 {thac0} vs AC {ac}");
        }
    }
}

#[test]
fn bx26_monster_rows_by_hit_dice_and_a_bonus_attacks_one_hd_higher() {
    let row = |hd: &str| HitDice::parse(hd).unwrap().thac0();
    assert_eq!(row("NH"), 20);
    assert_eq!(row("1/2"), 19);
    assert_eq!(row("1-1"), 19);
    assert_eq!(row("1"), 19);
    assert_eq!(row("1+1"), 18);
    // The text's example: 2 HD uses THAC0 18, 2+1 HD uses THAC0 17.
    assert_eq!(row("2"), 18);
    assert_eq!(row("2+1"), 17);
    assert_eq!(row("7"), 13);
    assert_eq!(row("8"), 12);
    assert_eq!(row("9"), 12);
    assert_eq!(row("9+2"), 11);
    assert_eq!(row("21"), 6);
    assert_eq!(row("21+1"), 5);
    assert_eq!(row("30"), 5);
    assert!(HitDice::parse("2+x").is_err());
    assert!(HitDice::parse("0").is_err());
}

#[test]
fn bx26_monster_saving_throws_by_hit_dice() {
    let saves = |hd: &str| HitDice::parse(hd).unwrap().saves().0;
    assert_eq!(saves("NH"), [14, 15, 16, 17, 18]);
    assert_eq!(saves("1"), [12, 13, 14, 15, 16]);
    assert_eq!(saves("3+1"), [12, 13, 14, 15, 16]);
    assert_eq!(saves("4"), [10, 11, 12, 13, 14]);
    assert_eq!(saves("9"), [8, 9, 10, 10, 12]);
    assert_eq!(saves("12"), [6, 7, 8, 8, 10]);
    assert_eq!(saves("15"), [4, 5, 6, 5, 8]);
    assert_eq!(saves("18"), [2, 3, 4, 3, 6]);
    assert_eq!(saves("21"), [2, 2, 2, 2, 4]);
    assert_eq!(saves("22"), [2, 2, 2, 2, 2]);
    assert_eq!(MONSTER_SAVES.len(), 9);
}

#[test]
fn bx07_a_save_is_d20_at_least_the_value_in_five_categories() {
    assert_eq!(SaveCategory::ALL.len(), 5);
    let row = HitDice::parse("4").unwrap().saves();
    assert_eq!(row.get(SaveCategory::Breath), 13);
    // 13 or more on a d20: 8 faces of 20.
    assert!((chance(13) - 0.4).abs() < 1e-6);
    assert!((chance(2) - 0.95).abs() < 1e-6);
    assert!((chance(21) - 0.0).abs() < 1e-6);
}

#[test]
fn bx22_natural_20_hits_and_natural_1_misses_whatever_the_numbers() {
    assert!(hits(20, 18, 25));
    assert!(!hits(1, 30, 2));
    assert!(hits(12, 14, 14));
    assert!(!hits(12, 13, 14));
}

#[test]
fn bx22_thac0_and_ascending_variants_differ_slightly_from_the_matrix() {
    // NH row against AC -3: the matrix caps the roll needed at 20, THAC0 needs 23.
    assert_eq!(AttackRoll::Matrix.needs(20, -3), 20);
    assert_eq!(AttackRoll::Thac0.needs(20, -3), 23);
    assert_eq!(AttackRoll::Ascending.needs(20, -3), 23);
    // THAC0 19 against AC 5: 14, the text's example of the THAC0 rule.
    assert_eq!(AttackRoll::Thac0.needs(19, 5), 14);
    // THAC0 10 against AC 9: the matrix floors at 2, THAC0 needs 1.
    assert_eq!(AttackRoll::Matrix.needs(10, 9), 2);
    assert_eq!(AttackRoll::Thac0.needs(10, 9), 1);
}

#[test]
fn bx25_morale_break_chance_is_2d6_above_the_score() {
    assert!((break_chance(12) - 0.0).abs() < 1e-6);
    assert!((break_chance(7) - 15.0 / 36.0).abs() < 1e-6);
    assert!((break_chance(2) - 35.0 / 36.0).abs() < 1e-6);
}
