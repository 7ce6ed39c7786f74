//! The moves the fast engine understands, read from a compiled rule.

use super::bits::mark;
use super::rule::{CompiledRule, MoveSet};

/// The moves the engine understands: take-all, one heap, two heaps.
pub(super) struct Moves {
    pub(super) take_all: Vec<usize>,
    pub(super) singles: Vec<usize>,
    pub(super) splits: Vec<usize>,
    /// Splits must leave unequal heaps (Grundy's game).
    pub(super) distinct: bool,
}

impl Moves {
    /// The largest a of a pair a + b = r, a ≤ b (a < b for Grundy's game).
    pub(super) fn top(&self, r: usize) -> usize {
        if self.distinct && r.is_multiple_of(2) {
            r / 2 - 1
        } else {
            r / 2
        }
    }

    /// Marks in `set` the options of a heap of n that leave no heap or one: 0 for a take-all
    /// move, G(n − k) for a move leaving one heap (G read by `value_of`).
    #[inline]
    pub(super) fn mark_single_heap_options(
        &self,
        n: usize,
        value_of: impl Fn(usize) -> u32,
        set: &mut [u64],
    ) {
        if self.take_all.contains(&n) {
            mark(set, 0);
        }
        for &k in &self.singles {
            if n > k {
                mark(set, value_of(n - k));
            }
        }
    }

    /// The split moves open to a heap of n: (take k, r = n − k) for every split take k with
    /// n ≥ k + 2, so that r is at least two non-empty heaps.
    pub(super) fn splits_of(&self, n: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.indexed_splits_of(n, 0).map(|(_, k, r)| (k, r))
    }

    /// [`Moves::splits_of`] from the `first`-th split take on, each with its index in `splits`
    /// (where a scan that stopped resumes).
    pub(super) fn indexed_splits_of(
        &self,
        n: usize,
        first: usize,
    ) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.splits
            .iter()
            .enumerate()
            .skip(first)
            .filter(move |&(_, &k)| n >= k + 2)
            .map(move |(index, &k)| (index, k, n - k))
    }

    /// The engine's moves of `rule` with take sizes up to `to`, when it knows the rule.
    pub(super) fn of(rule: &CompiledRule, to: usize) -> Option<Moves> {
        if !rule.is_fast() {
            return None;
        }
        let small = |list: &[u64]| -> Vec<usize> {
            list.iter()
                .filter_map(|&k| usize::try_from(k).ok().filter(|&k| k <= to))
                .collect()
        };
        match rule.moves() {
            MoveSet::Finite(sizes) => {
                let distinct = !sizes.unequal_splits().is_empty();
                Some(Moves {
                    take_all: small(sizes.eliminations()),
                    singles: small(sizes.reductions()),
                    splits: if distinct {
                        small(sizes.unequal_splits())
                    } else {
                        small(sizes.splits())
                    },
                    distinct,
                })
            }
            MoveSet::AllBut(_) | MoveSet::External(_) => None,
        }
    }
}
