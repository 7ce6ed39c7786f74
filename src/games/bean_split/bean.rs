//! One bean's theory: a bean `d` bottles from the end is worth the `d − 1`-th odious number
//! (see the module documentation of [`super`]), and the pairs of targets a bean's move may
//! reach, counted and listed in order without building them.

use crate::core::Nimber;

/// Whether `v` has an odd number of 1-bits.
pub fn is_odious(v: u64) -> bool {
    v.count_ones() % 2 == 1
}

/// The `m`-th odious number (0-based): 1, 2, 4, 7, 8, 11, …
pub fn odious(m: u64) -> u64 {
    2 * m + u64::from(m.count_ones().is_multiple_of(2))
}

/// The Grundy value of one bean at distance `d` from the last bottle.
pub fn bean_grundy(distance: u64) -> Nimber {
    if distance == 0 {
        Nimber(0)
    } else {
        Nimber(odious(distance - 1))
    }
}

/// The distance whose bean has the odious value `v` (inverse of [`bean_grundy`] on odious values).
fn distance_of(v: u64) -> u64 {
    v / 2 + 1
}

/// How many `i < m` have bit `b` set (`b ≤ 62`): whole blocks of `2^(b+1)` hold `2^b` each, and
/// the partial block holds whatever of it lies past its first `2^b` numbers.
#[inline(always)]
pub(super) fn count_below_with_bit(m: u64, b: u32) -> u64 {
    let half = 1u64 << b;
    ((m >> (b + 1)) << b) + (m & (2 * half - 1)).saturating_sub(half)
}

/// The largest `i < m` with bit `b` set, if any.
fn largest_below_with_bit(m: u64, b: u32) -> Option<u64> {
    let i = m.checked_sub(1)?;
    if i >> b & 1 == 1 {
        return Some(i);
    }
    // Every number from the start of i's block of 2^(b+1) up to i has bit b clear: the one just
    // before that block ends a run with bit b set.
    (i >> (b + 1) << (b + 1)).checked_sub(1)
}

/// How many pairs `{d_j ≥ d_k}` of distances below `source` have bean values XORing to `w`.
///
/// For evil `w ≠ 0` with highest bit `h`, the pairs are the odious `y = o_i < g(source)` (so
/// `i < source − 1`) with bit `h` set; bit `h ≥ 1` of `o_i = 2i + (0 or 1)` is bit `h − 1` of
/// `i`, so this counts the `i < source − 1` with bit `h − 1` set — no popcount involved.
#[inline]
pub fn pair_count(source: u64, w: u64) -> u64 {
    if source == 0 {
        0
    } else if w == 0 {
        // j = k: any distance below the source.
        source
    } else if is_odious(w) {
        // Only {0, w}.
        u64::from(w < bean_grundy(source).0)
    } else {
        count_below_with_bit(source - 1, 62 - w.leading_zeros())
    }
}

/// The pairs `{d_j ≥ d_k}` of distances below `source` whose bean values XOR to `w`, in bottle
/// order (largest `d_j` first, then largest `d_k`), each found in O(1):
/// * `w = 0`: every `(d, d)` with `d < source`;
/// * `w` odious: `(distance of w, 0)` if `w < g(source)`;
/// * `w` evil: for each `i < source − 1` with bit `h − 1` set, from the largest down, the odious
///   `y = o_i` (distance `i + 1`) and its partner `y ⊕ w`.
pub fn target_pairs_in_order(source: u64, w: u64) -> Box<dyn Iterator<Item = (u64, u64)>> {
    let Some(m) = source.checked_sub(1) else {
        return Box::new(std::iter::empty());
    };
    if w == 0 {
        Box::new((0..source).rev().map(|d| (d, d)))
    } else if is_odious(w) {
        Box::new(std::iter::once((distance_of(w), 0)).filter(move |_| w < odious(m)))
    } else {
        let bit = 62 - w.leading_zeros();
        let members = std::iter::successors(largest_below_with_bit(m, bit), move |&i| {
            largest_below_with_bit(i, bit)
        });
        Box::new(members.map(move |i| {
            let y = odious(i);
            (i + 1, distance_of(y ^ w))
        }))
    }
}

/// The pairs `{d_j ≥ d_k}` of distances below `source` whose bean values XOR to `w`: how many, and
/// the pair that comes first in bottle order (largest `d_j`, then largest `d_k`).
#[inline]
pub fn target_pairs(source: u64, w: u64) -> (u64, Option<(u64, u64)>) {
    let count = pair_count(source, w);
    let first = if count == 0 {
        None
    } else {
        target_pairs_in_order(source, w).next()
    };
    (count, first)
}
