//! Bit sets of values: marking a value, the least missing one, marking the nim-sums of pairs,
//! coverage of one set by another.

use super::table::Cell;

#[inline(always)]
pub(super) fn mark(set: &mut [u64], value: u32) {
    set[(value >> 6) as usize] |= 1 << (value & 63);
}

/// The least value whose bit is clear in `set` and set in `among`, or `set.len() * 64`.
pub(super) fn first_missing(set: &[u64], among: impl Fn(usize) -> u64) -> u32 {
    for (index, &word) in set.iter().enumerate() {
        let missing = !word & among(index);
        if missing != 0 {
            return (index * 64) as u32 + missing.trailing_zeros();
        }
    }
    (set.len() * 64) as u32
}

/// Marks G(a) ⊕ G(r − a) in `set` for a in `lo..=hi` (all below `values.len()`).
#[inline(always)]
pub(super) fn mark_pairs<T: Cell>(values: &[T], r: usize, lo: usize, hi: usize, set: &mut [u64]) {
    let left = &values[lo..=hi];
    let right = &values[r - hi..=r - lo];
    for (x, y) in left.iter().zip(right.iter().rev()) {
        let v = x.get() ^ y.get();
        set[(v >> 6) as usize] |= 1 << (v & 63);
    }
}

/// Whether `set` has every bit of `need`.
#[inline(always)]
pub(super) fn covers(set: &[u64], need: &[u64]) -> bool {
    set.iter().zip(need).all(|(&seen, &need)| need & !seen == 0)
}

/// The bits of word `w` below `bound`.
pub(super) fn below(bound: u32, w: usize) -> u64 {
    let start = w as u32 * 64;
    if bound >= start + 64 {
        !0
    } else if bound <= start {
        0
    } else {
        (1u64 << (bound - start)) - 1
    }
}
