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
/// fewer than `keep` may stay (none when the largest size alone has more than `keep`).
pub(crate) fn keep_largest<K: Eq + Hash, V>(
    table: &mut FxHashMap<K, V>,
    keep: usize,
    size: impl Fn(&K) -> usize,
) {
    let mut by_size: Vec<usize> = Vec::new();
    for key in table.keys() {
        let size = size(key);
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
    table.retain(|key, _| size(key) >= least_kept);
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
}
