//! Pieces shared by the benchmark programs: a seeded generator, the straightforward end-piles
//! solution that the fast one is measured against, and the input reading and parse loop of the
//! baselines.
#![allow(dead_code)]

use grundy::games::end_piles::extend;

/// A small seeded generator (xorshift64*), so inputs are the same on every run.
pub struct Seeded(pub u64);

impl Seeded {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    /// A number in `low..=high`.
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }
}

/// The straightforward end-piles DP with two n×n tables of `u64`, as contest solutions write it
/// (using grundy's `extend`, so that both sides compute the same recurrence).
pub fn end_piles_two_tables(piles: &[u64]) -> bool {
    let n = piles.len();
    let mut left = vec![vec![0u64; n]; n];
    let mut right = vec![vec![0u64; n]; n];
    for i in 0..n {
        left[i][i] = piles[i];
        right[i][i] = piles[i];
    }
    for length in 2..n {
        for i in 0..=n - length {
            let j = i + length - 1;
            left[i][j] = extend(left[i][j - 1], right[i][j - 1], piles[j]);
            right[i][j] = extend(right[i + 1][j], left[i + 1][j], piles[i]);
        }
    }
    n == 1 || piles[0] != left[1][n - 1]
}

/// The whole input of a baseline program: the file named by its first argument, or standard input.
pub fn read_input() -> Vec<u8> {
    match std::env::args_os().nth(1) {
        Some(path) => std::fs::read(path).expect("readable input"),
        None => {
            let mut input = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut input).expect("readable stdin");
            input
        }
    }
}

/// Calls `number` with every integer of `input` (each run of ASCII digits), in order: the plain
/// parse loop of the baselines.
pub fn for_each_number(input: &[u8], mut number: impl FnMut(u64)) {
    let mut value = 0u64;
    let mut in_number = false;
    for &byte in input {
        if byte.is_ascii_digit() {
            value = value.wrapping_mul(10).wrapping_add(u64::from(byte - b'0'));
            in_number = true;
        } else if in_number {
            number(value);
            value = 0;
            in_number = false;
        }
    }
    if in_number {
        number(value);
    }
}
