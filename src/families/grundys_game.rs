//! Grundy's game: split one heap into two non-empty heaps of different sizes.
//!
//! **Rules.** A move splits one heap of n tokens into two non-empty heaps a + b = n with a ≠ b.
//! Heaps of 1 and 2 cannot be split; the player facing only such heaps loses.
//!
//! **Source.** Grundy, *Mathematics and games* (1939); Berlekamp, Conway and Guy, *Winning Ways*,
//! chapter 4.
//!
//! **Theory.** A sum of heaps: the nim-sum of the heaps' values G(n), each the mex of
//! G(a) ⊕ G(n − a) over 1 ≤ a < n/2. The sequence has been computed far (beyond 2^35) without a
//! period being found; none is known, so grundy computes it and never claims one it has not
//! proved.

use crate::engine::rule::{CompiledRule, MoveSet, TakeSizes};

/// The rules in a line.
pub const DESCRIPTION: &str =
    "Grundy's game: split one heap into two non-empty heaps of different sizes";

/// Why `table` claims no period.
pub const NO_THEOREM: &str = "no periodicity theorem applies to Grundy's game (splits into \
                              unequal heaps), so no period is claimed";

/// The moves: an unequal split, removing nothing.
pub fn take_sizes() -> TakeSizes {
    TakeSizes::new(Vec::new(), Vec::new(), Vec::new(), vec![0], Vec::new())
}

/// Calls `each(0, [a, n − a])` for every split of a heap of `n` into two unequal heaps.
pub fn for_each_option(n: u64, each: &mut dyn FnMut(u64, &[u64])) {
    CompiledRule::new(MoveSet::Finite(take_sizes())).for_each_option(n, each);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits() {
        let mut all = Vec::new();
        for_each_option(6, &mut |_, parts| all.push(parts.to_vec()));
        assert_eq!(all, vec![vec![1, 5], vec![2, 4]]);
        let mut none = 0;
        for_each_option(2, &mut |_, _| none += 1);
        for_each_option(0, &mut |_, _| none += 1);
        assert_eq!(none, 0);
    }
}
