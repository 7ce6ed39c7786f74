//! Pieces shared by the benchmark programs: a seeded generator and the straightforward end-piles
//! solution that the fast one is measured against.
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
