//! A block's parallel phase in the ring mode (module doc, *Both cores*), on all cores: for each
//! position the rare pairs whose other part is finished — from the prefix, the window or a far
//! rare pair's cursor — then the coverage scan over the finished pairs, past the necessary
//! pairs to the speculative bound; what it leaves for the sequential phase ([`Prepared`]).

use super::scans::scan_pairs;
use super::state::View;
use crate::engine::bits::{below, covers, first_missing};
use crate::engine::kernels::Kernels;
use crate::engine::moves::Moves;

/// The most pairs a position's parallel scan visits past the necessary ones, to cover the
/// values below the block's speculative bound.
const SPECULATE_PAIRS: usize = 512;

/// The sets of values safe at heaps of each parity, 256 values (values are bytes).
pub(super) type Safe = [[u64; 4]; 2];

/// Where the parallel phase's coverage scan of a position stopped: at `a` of split `split`
/// (`a` = 0: at the split's first finished pair); `split` = the number of splits when every
/// readable finished pair was scanned.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Resume {
    pub(super) split: usize,
    pub(super) a: usize,
}

/// A far rare pair's values (module doc, *Value file*): G(start..start + values.len()), read
/// ahead from the value file, the values G(n − k − a) that the rare position a pairs with for
/// the take k as n moves on.
pub(super) struct Cursor {
    pub(super) k: usize,
    pub(super) a: usize,
    pub(super) start: usize,
    pub(super) values: Vec<u8>,
}

/// A block's parallel phase done: for each position the values seen and where its scan
/// stopped.
pub(super) struct Prepared {
    pub(super) n0: usize,
    /// The pairs with both parts below this (≤ n0) are marked.
    pub(super) finished: usize,
    pub(super) seen: Vec<[u64; 4]>,
    pub(super) resume: Vec<Resume>,
    /// The rare positions of each class the phase paired (those known when it ran).
    pub(super) rare_before: [usize; 2],
    pub(super) pairs: u64,
}

/// The rare parts a that can pair, by the take of `k`, with a finished part (1 ≤ b <
/// `finished`) for some position n of the block [c0, c1): a in lo..=hi (the block has
/// c1 ≥ k + 3).
pub(super) fn finished_rare_range(
    k: usize,
    c0: usize,
    c1: usize,
    finished: usize,
) -> (usize, usize) {
    (c0.saturating_sub(k + finished - 1).max(1), c1 - 1 - k - 1)
}

/// The positions n of the block [c0, c1) whose pair (a, n − k − a) with the rare part a has its
/// other part finished (1 ≤ n − k − a < `finished`): the run from..=until, if there is one.
pub(super) fn finished_run(
    k: usize,
    a: usize,
    c0: usize,
    c1: usize,
    finished: usize,
) -> Option<(usize, usize)> {
    let from = c0.max(a + k + 1);
    let until = (c1 - 1).min(a + k + finished - 1);
    (from <= until).then_some((from, until))
}

/// The parallel phase for the positions `c0..c0 + sets.len()`: the rare pairs whose other part
/// is finished (below `finished`), then the coverage scan over the finished
/// pairs, until the non-safe values below the g known now are covered (necessary work) and then
/// on, at most [`SPECULATE_PAIRS`] pairs more, until those below `speculate` are too. Returns
/// the pairs visited.
#[allow(clippy::too_many_arguments)]
pub(super) fn parallel(
    view: View<'_>,
    moves: &Moves,
    rare: [(&[usize], &[u8]); 2],
    far: &[Cursor],
    finished: usize,
    c0: usize,
    sets: &mut [[u64; 4]],
    resume: &mut [Resume],
    safe: &Safe,
    speculate: u32,
    kernels: Kernels,
) -> u64 {
    let c1 = c0 + sets.len();
    let mut pairs = 0u64;
    for &k in &moves.splits {
        if c1 < k + 3 {
            continue;
        }
        let (rare, values) = rare[k & 1];
        // A rare a pairs with b = n − k − a, finished when 1 ≤ b < `finished`.
        let (lo, hi) = finished_rare_range(k, c0, c1, finished);
        let start = rare.partition_point(|&a| a < lo);
        for (&a, &ga) in rare[start..].iter().zip(&values[start..]) {
            if a > hi {
                break;
            }
            let Some((from, until)) = finished_run(k, a, c0, c1, finished) else {
                continue;
            };
            pairs += (until + 1 - from) as u64;
            // The run of b is all in the prefix, all in the window, or a far pair's run read
            // ahead (`refill_cursors`; blocks end where a run would leave the prefix).
            let (b_lo, b_hi) = (from - k - a, until - k - a);
            let parts = if view.shift == 0 || b_hi < view.prefix {
                &view.values[b_lo..=b_hi]
            } else if b_lo >= view.prefix + view.shift {
                &view.values[b_lo - view.shift..=b_hi - view.shift]
            } else {
                let index = far
                    .binary_search_by(|c| (c.k, c.a).cmp(&(k, a)))
                    .expect("refill_cursors read every far run of the block ahead");
                let cursor = &far[index];
                &cursor.values[b_lo - cursor.start..=b_hi - cursor.start]
            };
            let sets = &mut sets[from - c0..=until - c0];
            let skip = if moves.distinct && (from..=until).contains(&(k + 2 * a)) {
                // The pair (a, a) is no move of Grundy's game.
                k + 2 * a - from
            } else {
                usize::MAX
            };
            for (i, (set, &b)) in sets.iter_mut().zip(parts).enumerate() {
                if i != skip {
                    let x = ga ^ b;
                    set[usize::from(x >> 6)] |= 1 << (x & 63);
                }
            }
        }
    }
    for (i, set) in sets.iter_mut().enumerate() {
        let n = c0 + i;
        let safe = &safe[n & 1];
        // The options inside the block can only raise g: covering the non-safe values below
        // the g known now is necessary work.
        let bound = first_missing(set, |w| safe[w]);
        let need: [u64; 4] = std::array::from_fn(|w| !safe[w] & below(bound, w));
        let wish: [u64; 4] = std::array::from_fn(|w| !safe[w] & below(bound.max(speculate), w));
        resume[i] = Resume::default();
        if covers(set, &wish) {
            continue;
        }
        resume[i].split = moves.splits.len();
        let mut necessary = covers(set, &need);
        let mut extra = 0;
        'splits: for (index, k, r) in moves.indexed_splits_of(n, 0) {
            let top = moves.top(r);
            let limit = view.limit(n, k, top);
            let mut a = (r + 1).saturating_sub(finished).max(1);
            if !necessary {
                let (next, covered) = scan_pairs(view, kernels, r, a, limit, set, &need);
                pairs += (next - a) as u64;
                a = next;
                if !covered {
                    continue;
                }
                necessary = true;
            }
            let end = limit.min(a + (SPECULATE_PAIRS - extra) - 1);
            let (next, covered) = scan_pairs(view, kernels, r, a, end, set, &wish);
            let visited = next.saturating_sub(a);
            pairs += visited as u64;
            extra += visited;
            if covered || extra >= SPECULATE_PAIRS {
                resume[i] = Resume {
                    split: index,
                    a: next,
                };
                break 'splits;
            }
        }
    }
    pairs
}
