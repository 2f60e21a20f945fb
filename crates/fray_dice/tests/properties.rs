//! Property tests: no input panics; every roll stays within its expression's bounds.

use fray_dice::{Dice, DieSource};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// Valid expressions built from the grammar.
fn expression() -> impl Strategy<Value = String> {
    let term = (
        1u32..6,
        prop_oneof![Just(2u32), Just(3), Just(6), Just(20), Just(60), Just(100)],
        0usize..9,
    )
        .prop_map(|(n, s, m)| {
            let modifier = match m {
                0 => String::new(),
                1 => format!("kh{}", n.div_ceil(2)),
                2 => "kl1".to_string(),
                3 => "dl1".to_string(),
                4 => "ro1".to_string(),
                5 => "rr1".to_string(),
                6 => "!".to_string(),
                7 => format!("cs>={}", s.div_ceil(2)),
                _ => "mi2".to_string(),
            };
            format!("{n}d{s}{modifier}")
        });
    let leaf = prop_oneof![term, (0i64..50).prop_map(|c| c.to_string())];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (
                inner.clone(),
                inner.clone(),
                prop_oneof![Just("+"), Just("-"), Just("*")]
            )
                .prop_map(|(a, b, op)| format!("{a}{op}{b}")),
            inner.clone().prop_map(|a| format!("({a})")),
            inner.clone().prop_map(|a| format!("-{a}")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("max({a}, {b})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_strings_never_panic(s in any::<String>()) {
        let _ = Dice::parse(&s);
    }

    #[test]
    fn dice_like_strings_never_panic(s in "[0-9dDkhlropcsmiae!%<>=+*() ,-]{0,24}") {
        if let Ok(dice) = Dice::parse(&s) {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let _ = dice.roll(&mut rng);
            let _ = dice.to_string();
        }
    }

    #[test]
    fn rolls_stay_within_min_and_max(expr in expression(), seed in any::<u64>()) {
        let dice = Dice::parse(&expr).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..20 {
            let total = dice.roll_total(&mut rng);
            prop_assert!(total >= dice.min() && total <= dice.max(), "{} gave {} outside [{}, {}]", expr, total, dice.min(), dice.max());
            let roll = dice.roll(&mut rng);
            prop_assert!(roll.total() >= dice.min() && roll.total() <= dice.max());
        }
    }

    #[test]
    fn notation_round_trips(expr in expression()) {
        let dice = Dice::parse(&expr).unwrap();
        let again = Dice::parse(&dice.to_string()).unwrap();
        prop_assert_eq!(dice.to_string(), again.to_string());
        let ron_text = ron::to_string(&dice).unwrap();
        let back: Dice = ron::from_str(&ron_text).unwrap();
        prop_assert_eq!(back, dice);
    }

    #[test]
    fn roll_and_roll_total_agree_on_the_same_faces(expr in expression(), seed in any::<u64>()) {
        let dice = Dice::parse(&expr).unwrap();
        let a = dice.roll(&mut ChaCha8Rng::seed_from_u64(seed)).total();
        let b = dice.roll_total(&mut ChaCha8Rng::seed_from_u64(seed));
        prop_assert_eq!(a, b);
    }

    #[test]
    fn faces_are_always_on_the_die(sides in 1u32..1_000_000, seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let face = rng.roll_die(sides);
        prop_assert!((1..=sides).contains(&face));
    }
}

#[test]
fn bad_dice_in_content_are_serde_errors_not_panics() {
    let err = ron::from_str::<Dice>("\"2d\"").unwrap_err();
    assert!(err.to_string().contains("column 3"), "{err}");
}

#[test]
fn oho07_a_pool_is_the_sum_of_its_d6s() {
    let pool = Dice::pool(5, 6);
    assert_eq!(pool.to_string(), "5d6");
    assert_eq!(
        pool.roll_total(&mut fray_dice::ScriptedDice::new([1, 2, 3, 4, 6])),
        16
    );
    let d = pool.distribution().unwrap();
    assert_eq!((d.min(), d.max()), (5, 30));
    assert!((d.mean() - 17.5).abs() < 1e-9);
}
