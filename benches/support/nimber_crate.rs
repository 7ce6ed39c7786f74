//! The `nimber` crate's row of `scripts/bench nimber`: Library Checker's `nim_product_64` (T,
//! then T lines `a b`; print a ⊗ b) solved with `nimber::FiniteNimber`'s product, reading the
//! input with the baselines' plain parse loop. The crate is a peer measured beside grundy's
//! solver, not used by grundy itself (a dev-dependency).

#[path = "common.rs"]
mod common;

use nimber::FiniteNimber;
use std::io::Write;

fn main() {
    let input = common::read_input();
    let mut numbers = Vec::new();
    common::for_each_number(&input, |value| numbers.push(value));
    let count = numbers.first().copied().unwrap_or(0) as usize;
    let pairs = numbers.get(1..).unwrap_or(&[]);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for pair in pairs.chunks_exact(2).take(count) {
        let product = FiniteNimber::from(pair[0]) * FiniteNimber::from(pair[1]);
        // Below 2^64 the product is one word (the field of 2^64 elements is closed).
        let word = product.as_slice().first().copied().unwrap_or(0);
        writeln!(out, "{word}").expect("writable stdout");
    }
}
