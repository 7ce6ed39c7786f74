//! What the long searches of the board games (Cram, Node and Arc Kayles) share: the progress
//! line on standard error, and making room in a full memo by keeping its largest entries.
//!
//! A Cram region's entry or a Node Kayles component's entry is a fact about that position alone
//! (its value, or values it is known not to have), so any subset of a memo is true: forgetting
//! entries only costs time. The largest positions are the costliest to find again, so a full
//! memo keeps what it knows of them and forgets the smaller ones (`games::cram::solver` measures
//! what this saves against emptying the table).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rustc_hash::FxHashMap;
use std::hash::Hash;
use std::time::Duration;

/// A spinner on standard error, `⠠ GAME: ELAPSED MESSAGE`, drawn only where standard error is a
/// terminal and ticking on its own; the search sets its message with its counters.
pub(crate) fn search_spinner(game: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} {game}: {{elapsed}} {{msg}}"))
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// Keeps the entries of the largest keys (by `size`), as many sizes as fit in `keep` entries
/// counted from the largest down, and drops the others; a size is kept whole or not at all, so
/// fewer than `keep` may stay (none when the largest size alone has more than `keep`). The
/// table is then moved into as few slots as hold what stays: for a moment it takes the old slots
/// and the new.
pub(crate) fn keep_largest<K: Eq + Hash, V>(
    table: &mut FxHashMap<K, V>,
    keep: usize,
    size: impl Fn(&K) -> usize,
) {
    let (least_kept, _) = least_size_kept(table.keys().map(&size), keep);
    table.retain(|key, _| size(key) >= least_kept);
    // The slots emptied are left marked as deleted, and the hash table counts them as taken: it
    // would double its slots long before it held as many entries again. Moved into a table of
    // half the slots (`keep` is at most half of what the full one held), it fills them again
    // by growing back to its size, as before the first prune.
    table.shrink_to_fit();
}

/// Which entries of the given `sizes` [`keep_largest`] keeps: the least size kept (past the
/// largest when none is) and how many entries are of that size or more.
pub(crate) fn least_size_kept(sizes: impl Iterator<Item = usize>, keep: usize) -> (usize, usize) {
    let mut by_size: Vec<usize> = Vec::new();
    for size in sizes {
        if by_size.len() <= size {
            by_size.resize(size + 1, 0);
        }
        by_size[size] += 1;
    }
    let mut kept = 0;
    let mut least_kept = by_size.len();
    for size in (0..by_size.len()).rev() {
        if kept + by_size[size] > keep {
            break;
        }
        kept += by_size[size];
        least_kept = size;
    }
    (least_kept, kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_sizes_that_fit_are_kept_whole() {
        let mut table: FxHashMap<u32, ()> = (1..=10).map(|key| (key, ())).collect();
        // Sizes: key / 3, so 0 (1, 2), 1 (3, 4, 5), 2 (6, 7, 8), 3 (9, 10).
        keep_largest(&mut table, 5, |&key| key as usize / 3);
        let mut left: Vec<u32> = table.keys().copied().collect();
        left.sort();
        assert_eq!(left, [6, 7, 8, 9, 10]);
        keep_largest(&mut table, 4, |&key| key as usize / 3);
        assert_eq!(table.len(), 2);
        keep_largest(&mut table, 1, |&key| key as usize / 3);
        assert!(table.is_empty());
    }

    #[test]
    fn a_pruned_table_fills_again_within_its_slots() {
        // A table at its most (7/8 of its slots full), pruned to half, then filled again to its
        // most, several times over: it must never take more slots than it had.
        let most = (1 << 16) / 8 * 7;
        let mut table: FxHashMap<u64, ()> = FxHashMap::default();
        table.reserve(most);
        let slots = table.capacity();
        let mut next = 0u64;
        for _ in 0..6 {
            while table.len() < most {
                table.insert(next.wrapping_mul(0x9e37_79b9_7f4a_7c15), ());
                next += 1;
            }
            assert!(table.capacity() <= slots, "{} > {slots}", table.capacity());
            keep_largest(&mut table, most / 2, |&key| (key >> 60) as usize);
        }
    }
}
