//! Dice throughput: a pre-parsed `4d6kh3` must roll in at most 0.1 microseconds.
//!
//! `cargo bench --bench dice`

use criterion::{Criterion, criterion_group, criterion_main};
use fray_dice::Dice;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use std::hint::black_box;

fn dice(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let keep3 = Dice::parse("4d6kh3").unwrap_or_else(|e| panic!("{e}"));
    let attack = Dice::parse("1d20+5").unwrap_or_else(|e| panic!("{e}"));
    let pool = Dice::pool(8, 6);
    let advantage = Dice::die_with_advantage(20, 1);
    c.bench_function("4d6kh3 roll_total (pre-parsed)", |b| {
        b.iter(|| black_box(keep3.roll_total(&mut rng)))
    });
    c.bench_function("4d6kh3 roll with breakdown", |b| {
        b.iter(|| black_box(keep3.roll(&mut rng)))
    });
    c.bench_function("1d20+5 roll_total", |b| {
        b.iter(|| black_box(attack.roll_total(&mut rng)))
    });
    c.bench_function("2d20kh1 (advantage) roll_total", |b| {
        b.iter(|| black_box(advantage.roll_total(&mut rng)))
    });
    c.bench_function("8d6 pool roll_total", |b| {
        b.iter(|| black_box(pool.roll_total(&mut rng)))
    });
    c.bench_function("parse 4d6kh3", |b| {
        b.iter(|| black_box(Dice::parse(black_box("4d6kh3"))))
    });
    c.bench_function("parse 2d20kh1+5", |b| {
        b.iter(|| black_box(Dice::parse(black_box("2d20kh1+5"))))
    });
    c.bench_function("distribution 4d6kh3", |b| {
        b.iter(|| black_box(keep3.distribution()))
    });
}

criterion_group!(benches, dice);
criterion_main!(benches);
