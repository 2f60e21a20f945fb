//! Property tests: no input panics; every roll stays within its expression's bounds.

use fray_dice::{Dice, DieSource};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// One modifier for a term of `n` dice with `s` sides, valid for every `n` and `s >= 2`.
fn modifier(n: u32, s: u32, which: usize) -> String {
    match which {
        0 => String::new(),
        1 => format!("kh{}", n.div_ceil(2)),
        2 => "kl1".to_string(),
        // Dropping the only die is refused: a single die keeps its lowest instead.
        3 if n > 1 => "dl1".to_string(),
        4 if n > 1 => "dh1".to_string(),
        3 | 4 => "kl1".to_string(),
        5 => "ro1".to_string(),
        6 => "ro<3".to_string(),
        7 => "rr1".to_string(),
        8 => format!("rr>{}", s - 1),
        9 => "!".to_string(),
        10 => format!("e>={}", s.max(3) - 1),
        11 => format!("cs>={}", s.div_ceil(2)),
        12 => "cs=1".to_string(),
        13 => "mi2".to_string(),
        14 => format!("ma{}", s / 2),
        _ => "mi2ma3".to_string(),
    }
}

/// Valid expressions built from the grammar: terms with up to two modifiers, constants,
/// arithmetic, unary minus, parentheses, `min` and `max`.
fn expression() -> impl Strategy<Value = String> {
    let term = (
        1u32..6,
        prop_oneof![Just(2u32), Just(3), Just(6), Just(20), Just(60), Just(100)],
        0usize..16,
        0usize..16,
        any::<bool>(),
    )
        .prop_map(|(n, s, a, b, percent)| {
            let die = if percent && s == 100 {
                "%".to_string()
            } else {
                s.to_string()
            };
            // Two modifiers of the same kind are refused: keep the second only if it differs.
            let (first, second) = (modifier(n, s, a), modifier(n, s, b));
            let kind = |m: &str| m.chars().take(2).collect::<String>();
            let clash = kind(&first) == kind(&second)
                || ["kh", "kl", "dl", "dh"].contains(&kind(&first).as_str())
                    && ["kh", "kl", "dl", "dh"].contains(&kind(&second).as_str())
                || first.starts_with('m') && second.starts_with('m')
                || [&first, &second].iter().any(|m| m.starts_with('!'))
                    && [&first, &second].iter().any(|m| m.starts_with('e'));
            let second = if clash { String::new() } else { second };
            format!("{n}d{die}{first}{second}")
        });
    let leaf = prop_oneof![term, (0i64..50).prop_map(|c| c.to_string())];
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            (
                inner.clone(),
                inner.clone(),
                prop_oneof![Just(" + "), Just("-"), Just("*")]
            )
                .prop_map(|(a, b, op)| format!("{a}{op}{b}")),
            inner.clone().prop_map(|a| format!("({a})")),
            inner.clone().prop_map(|a| format!("-{a}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("min({a},{b})")),
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
    fn exact_distributions_agree_with_bounds_and_rolls(expr in expression(), seed in any::<u64>()) {
        let dice = Dice::parse(&expr).unwrap();
        if let Ok(d) = dice.distribution() {
            prop_assert!(d.min() >= dice.min() && d.max() <= dice.max(), "{} has support [{}, {}] outside [{}, {}]", expr, d.min(), d.max(), dice.min(), dice.max());
            let total: f64 = d.iter().map(|(_, p)| p).sum();
            prop_assert!((total - 1.0).abs() < 1e-9, "{} sums to {}", expr, total);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..20 {
                let t = dice.roll_total(&mut rng);
                prop_assert!(d.probability(t) > 0.0, "{} rolled {}, which has probability 0", expr, t);
            }
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
