//! The dense method: every pair a + b = n − k scanned, for values that are not sparse.
//!
//! When no common set leaves few rare positions (the values are spread over their range, as in
//! 0.6 or 0.007), the pair scans of the sparse method would run over everything anyway; this
//! method does so without its bookkeeping. Pairs with both parts finished (below the block) are
//! scanned for the whole block at once, on all cores, by the [`super::kernels`] (AVX2 where the
//! processor has it: for u8 values the bit set is kept in a register, for u16 the xors are
//! vectorised and each value seen is stamped with the position). A position's scan stops early, checked every 1024 pairs, when every value
//! below the bit set's size has been seen: the mex is then decided whatever the remaining pairs
//! give. The few pairs with a part inside the block follow position by position.

use super::bits::mark;
use super::kernels::{self, Kernels};
use super::moves::Moves;
use super::table::Cell;

/// The pairs of the positions `c0..c1` whose parts are both finished (below `finished.len()`),
/// marked in each position's bit set of `words` words (empty on entry); returns how many pairs
/// were visited.
pub(super) fn parallel<T: Cell>(
    finished: &[T],
    moves: &Moves,
    c0: usize,
    c1: usize,
    sets: &mut [u64],
    words: usize,
    kernels: Kernels,
) -> u64 {
    let n0 = finished.len();
    let mut pairs = 0u64;
    if kernels::dense_in_register::<T>(kernels, words) {
        // The bit set in a register: no stamps.
        for n in c0..c1 {
            let set = &mut sets[(n - c0) * words..(n - c0 + 1) * words];
            for (_, r) in moves.splits_of(n) {
                let top = moves.top(r);
                let a = (r + 1).saturating_sub(n0).max(1);
                let (visited, full) = kernels::dense_scan(kernels, finished, r, a, top, set);
                pairs += visited as u64;
                // Every value below the bit set's size seen: the mex is decided.
                if full {
                    break;
                }
            }
        }
        return pairs;
    }
    // Each value seen is *stamped* with the position (a plain store per pair, no
    // read-modify-write of a bit set); the stamps are gathered into the bit set at the end.
    let mut stamps = vec![u32::MAX; words * 64];
    for n in c0..c1 {
        let stamp = (n - c0) as u32;
        let mut stamped = 0usize;
        // Every value below `unseen` is stamped: the full check walks on from there, so it
        // costs a few compares a step, not one a value (0.007's values never fill the set, and
        // a check from 0 walked past its thousand values seen at every step).
        let mut unseen = 0;
        for (_, r) in moves.splits_of(n) {
            let top = moves.top(r);
            let mut a = (r + 1).saturating_sub(n0).max(1);
            let mut full = false;
            while a <= top {
                let stop = top.min(a + kernels::DENSE_STEP - 1);
                kernels::stamp(kernels, finished, r, a, stop, &mut stamps, stamp);
                pairs += (stop + 1 - a) as u64;
                stamped += stop + 1 - a;
                a = stop + 1;
                // Every value below the bit set's size seen: the mex is decided.
                if stamped >= stamps.len() {
                    while unseen < stamps.len() && stamps[unseen] == stamp {
                        unseen += 1;
                    }
                    if unseen == stamps.len() {
                        full = true;
                        break;
                    }
                }
            }
            if full {
                break;
            }
        }
        let set = &mut sets[(n - c0) * words..(n - c0 + 1) * words];
        for (v, &s) in stamps.iter().enumerate() {
            if s == stamp {
                set[v >> 6] |= 1 << (v & 63);
            }
        }
    }
    pairs
}

/// The pairs of n with a part inside the block (the part b = n − k − a ≥ `n0`), marked in `set`;
/// returns how many were visited.
pub(super) fn in_block<T: Cell>(
    values: &[T],
    moves: &Moves,
    n: usize,
    n0: usize,
    set: &mut [u64],
) -> u128 {
    let mut scanned = 0u128;
    for (_, r) in moves.splits_of(n) {
        let a_lo = (r + 1).saturating_sub(n0).max(1);
        for a in 1..a_lo.min(r / 2 + 1) {
            if moves.distinct && 2 * a == r {
                continue;
            }
            mark(set, values[a].get() ^ values[r - a].get());
        }
        scanned += a_lo as u128;
    }
    scanned
}
