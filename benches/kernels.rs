//! Criterion benchmarks of the fast kernels, each beside the straightforward baseline it replaces.
//! Run with `cargo bench`; `scripts/bench` measures whole processes on large generated inputs.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::games::bean_split::judge_answer;
use grundy::games::bean_split::{Parities, Parity, read_parities};
use grundy::games::bounded_take::{pile_grundy, pile_grundy_dividing};
use grundy::games::box_fill::{BoundRule, box_grundy};
use grundy::games::chocolate::is_independent;
use grundy::games::end_piles::boundary_values;
use grundy::nimber_field::arithmetic::{power, product};
use grundy::nimber_field::log::log;
use grundy::scanner::Scanner;
use std::hint::black_box;

#[path = "support/common.rs"]
mod common;

use common::{Seeded, end_piles_two_tables};

fn end_piles(c: &mut Criterion) {
    let mut rng = Seeded(7);
    let mut group = c.benchmark_group("end-piles");
    group.sample_size(10);
    for n in [1000usize, 2000] {
        let piles: Vec<u64> = (0..n).map(|_| 1 + rng.range(0, 999_999_999)).collect();
        group.bench_with_input(
            BenchmarkId::new("by-length O(n) memory", n),
            &piles,
            |b, p| b.iter(|| boundary_values(black_box(p))),
        );
        group.bench_with_input(BenchmarkId::new("two n×n tables", n), &piles, |b, p| {
            b.iter(|| end_piles_two_tables(black_box(p)))
        });
    }
    group.finish();
}

fn bounded_take(c: &mut Criterion) {
    let mut rng = Seeded(11);
    // 1,000 piles of at most 10^12 stones with log-uniform b.
    let piles: Vec<(u64, u64)> = (0..1000)
        .map(|_| {
            let x = 1 + rng.range(0, 999_999_999_999);
            let exponent = (rng.below(1 << 20) as f64 / (1 << 20) as f64) * 12.0;
            let b = 10f64.powf(exponent) as u64;
            (x, b.max(1))
        })
        .collect();
    let mut group = c.benchmark_group("bounded-take 1000 piles");
    group.sample_size(10);
    group.bench_function("incremental quotient", |b| {
        b.iter(|| {
            piles
                .iter()
                .fold(0, |acc, &(x, d)| acc ^ pile_grundy(x, d).0)
        })
    });
    group.bench_function("division per batch", |b| {
        b.iter(|| {
            piles
                .iter()
                .fold(0, |acc, &(x, d)| acc ^ pile_grundy_dividing(x, d).0)
        })
    });
    group.finish();
}

fn bean_split(c: &mut Criterion) {
    let mut rng = Seeded(13);
    let beans: Vec<u64> = (0..10_000_000).map(|_| rng.below(500)).collect();
    let bottles: Parities = beans.iter().map(|&b| Parity::of(b.into())).collect();
    let text: String = beans.iter().map(|b| format!("{b} ")).collect();
    let mut group = c.benchmark_group("bean-split");
    group.sample_size(10);
    group.bench_function("judge answer, 10^7 bottles", |b| {
        b.iter(|| judge_answer(black_box(&bottles)))
    });
    group.bench_function("read parities, 10^7 bottles (38 MB)", |b| {
        b.iter(|| {
            read_parities(
                &mut Scanner::new(black_box(text.as_bytes())),
                beans.len(),
                "a bean count",
            )
            .unwrap()
        })
    });
    group.finish();
}

fn box_fill_and_chocolate(c: &mut Criterion) {
    let mut rng = Seeded(17);
    let boxes: Vec<(u64, u64)> = (0..100_000)
        .map(|_| {
            let a = 1 + rng.below(1 << 40);
            (a, rng.below(a + 1))
        })
        .collect();
    c.bench_function("box-fill 10^5 boxes", |b| {
        b.iter(|| {
            boxes.iter().fold(0, |acc, &(a, h)| {
                acc ^ box_grundy(BoundRule::Linear, a, h).0
            })
        })
    });
    let bars: Vec<u64> = (0..64)
        .map(|i| (1u64 << i) | rng.below(1 << i.max(1)))
        .collect();
    c.bench_function("chocolate basis, 64 bars", |b| {
        b.iter(|| is_independent(black_box(&bars)))
    });
}

/// The straightforward table of a code leaving one heap (d_k bit 2) or two heaps (bit 4): every
/// pair of every position.
fn straightforward(digits: &[u8], last: usize) -> Vec<u16> {
    let mut g = vec![0u16; last + 1];
    let mut seen = vec![0usize; 1 << 16];
    for n in 1..=last {
        for (k, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                seen[0] = n;
            }
            if d & 2 != 0 && rest > 0 && k > 0 {
                seen[g[rest] as usize] = n;
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    seen[(g[a] ^ g[rest - a]) as usize] = n;
                }
            }
        }
        g[n] = seen.iter().position(|&s| s != n).unwrap_or(0) as u16;
    }
    g
}

fn table(c: &mut Criterion) {
    use grundy::engine::values::{Limits, Values};
    use grundy::families::HeapRule;
    let mut group = c.benchmark_group("table");
    group.sample_size(10);
    for (code, digits, last) in [
        ("0.6", &[0u8, 6][..], 1usize << 15),
        ("0.007", &[0, 0, 0, 7], 1 << 14),
    ] {
        let rule = HeapRule::resolve(code).unwrap().unwrap();
        group.bench_with_input(
            BenchmarkId::new(format!("{code} engine"), last),
            &last,
            |b, &last| {
                b.iter(|| {
                    Values::compute_with(
                        &rule,
                        &Limits {
                            to: last as u64,
                            work_limit: None,
                            interrupt: None,
                            progress: false,
                            past_proof: true,
                        },
                    )
                })
            },
        );
        group.bench_with_input(
            BenchmarkId::new(format!("{code} straightforward"), last),
            &last,
            |b, &last| b.iter(|| straightforward(black_box(digits), last)),
        );
    }
}

/// The nimber field: a 64-bit product (8-bit tables) beside the product written from
/// Conway's half-splitting recursion, and the discrete logarithm (Pohlig–Hellman, the largest
/// step a baby-step giant-step over 6,700,417) of a seeded power.
fn nimber_field(c: &mut Criterion) {
    let mut rng = Seeded(37);
    let pairs: Vec<(u64, u64)> = (0..1000).map(|_| (rng.next(), rng.next())).collect();
    assert!(
        pairs
            .iter()
            .all(|&(x, y)| product(x, y) == halves(x, y, 64))
    );
    let mut group = c.benchmark_group("nimber");
    group.bench_function("1000 products, 8-bit tables", |b| {
        b.iter(|| {
            pairs
                .iter()
                .fold(0, |sum, &(x, y)| sum ^ product(black_box(x), black_box(y)))
        })
    });
    group.bench_function("1000 products, half-splitting recursion", |b| {
        b.iter(|| {
            pairs.iter().fold(0, |sum, &(x, y)| {
                sum ^ halves(black_box(x), black_box(y), 64)
            })
        })
    });
    group.sample_size(10);
    let (base, exponent) = (rng.next() | 1, rng.next());
    let target = power(base, exponent);
    group.bench_function("discrete log of a seeded power", |b| {
        b.iter(|| log(black_box(base), black_box(target)))
    });
    group.finish();
}

/// The nim-product by halves: a = a₁F ⊕ a₀, b = b₁F ⊕ b₀ (F = 2^(width/2)) give
/// (a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁)F ⊕ a₀b₀ ⊕ a₁b₁ ⊗ F/2 (Karatsuba's three half products).
fn halves(a: u64, b: u64, width: u32) -> u64 {
    if width == 1 {
        return a & b;
    }
    let half = width / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = halves(a1, b1, half);
    let low = halves(a0, b0, half);
    let cross = halves(a1 ^ a0, b1 ^ b0, half);
    ((cross ^ low) << half) | (low ^ halves(high, 1 << (half - 1), half))
}

criterion_group!(
    kernels,
    end_piles,
    bounded_take,
    bean_split,
    box_fill_and_chocolate,
    table,
    nimber_field
);
criterion_main!(kernels);
