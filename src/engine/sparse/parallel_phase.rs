//! The sparse method's parallel phase (module doc of the method, *Both cores*, *The cap of the
//! parallel scan* and *The guess*): for the positions of a block, on all cores, the rare pairs
//! and the start of the coverage scan over the pairs whose parts are both finished.

use crate::engine::bits::{below, covers, first_missing};
use crate::engine::kernels::{self, Kernels};
use crate::engine::moves::Moves;
use crate::engine::table::Cell;

/// Where a position's scan of finished pairs stopped: at `a` of split `split` (`a` = 0: at the
/// split's start); `split` = the number of splits when every finished pair was scanned.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Resume {
    pub(crate) split: usize,
    pub(crate) a: usize,
    /// The scan stopped at the block's cap of pairs, not covered.
    pub(crate) capped: bool,
    /// The pairs the scan visited past the necessary ones to cover the guess (`speculate`).
    pub(crate) guess_pairs: u32,
}

/// Steps (1) and the start of (3) of the module doc for the positions `c0..c1`, with the pairs
/// whose parts are both finished, each position's coverage scan stopping after at most `cap`
/// pairs, then going on at most [`SPECULATE_PAIRS`] more to cover the non-safe values below
/// `speculate` as well; returns how many pairs were visited. Compiled for sets of `W` words
/// (`W` = 0: any number, `words`; see `by_words!` in the engine's `plan`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn parallel<T: Cell, const W: usize>(
    finished: &[T],
    moves: &Moves,
    rare: [&[usize]; 2],
    c0: usize,
    c1: usize,
    sets: &mut [u64],
    resume: &mut [Resume],
    words: usize,
    safe: &[Vec<u64>; 2],
    cap: usize,
    speculate: u32,
    kernels: Kernels,
) -> u64 {
    let words = if W == 0 { words } else { W };
    let n0 = finished.len();
    let lanes = !moves.distinct && (c1 - c0).is_multiple_of(kernels::LANES);
    let mut pairs = 0u64;
    for &k in &moves.splits {
        if c1 < k + 3 {
            continue;
        }
        let rare = rare[k & 1];
        // A rare a pairs with b = n − k − a, finished when 1 <= b < n0.
        let lo = c0.saturating_sub(k + n0 - 1).max(1);
        let hi = c1 - 1 - k - 1;
        let start = rare.partition_point(|&a| a < lo);
        let list = &rare[start..start + rare[start..].partition_point(|&a| a <= hi)];
        // The rare a whose pairs with every heap of the chunk have a finished other part
        // (c1 − k − n0 ≤ a ≤ c0 − k − 1: most of them) are marked LANES heaps at a time, in
        // registers (Grundy's game, whose pair (a, a) is no move, goes pair by pair).
        let (full_start, full_end) = if lanes {
            let full_start = list.partition_point(|&a| a + k + n0 < c1);
            let full_end = list.partition_point(|&a| a + k < c0);
            (full_start, full_end.max(full_start))
        } else {
            (0, 0)
        };
        if full_start < full_end {
            let full = &list[full_start..full_end];
            let full_values: Vec<u32> = full.iter().map(|&a| finished[a].get()).collect();
            for m in (c0..c1).step_by(kernels::LANES) {
                let sets = &mut sets[(m - c0) * words..];
                pairs += kernels::mark_rare_lanes(
                    kernels,
                    finished,
                    0,
                    m - k,
                    full,
                    &full_values,
                    sets,
                    words,
                    words,
                );
            }
        }
        for &a in list[..full_start].iter().chain(&list[full_end..]) {
            let ga = finished[a].get();
            let from = c0.max(a + k + 1);
            let until = (c1 - 1).min(a + k + n0 - 1);
            if from > until {
                continue;
            }
            pairs += (until + 1 - from) as u64;
            let parts = &finished[from - k - a..=until - k - a];
            let mut offset = (from - c0) * words;
            if moves.distinct && (from..=until).contains(&(k + 2 * a)) {
                // The pair (a, a) is no move of Grundy's game.
                let skip = k + 2 * a - from;
                for (i, b) in parts.iter().enumerate() {
                    if i != skip {
                        let x = ga ^ b.get();
                        sets[offset + (x >> 6) as usize] |= 1 << (x & 63);
                    }
                    offset += words;
                }
            } else {
                for b in parts {
                    let x = ga ^ b.get();
                    sets[offset + (x >> 6) as usize] |= 1 << (x & 63);
                    offset += words;
                }
            }
        }
    }
    let mut need = vec![0u64; words];
    let mut wish = vec![0u64; words];
    for n in c0..c1 {
        let i = n - c0;
        let set = &mut sets[i * words..(i + 1) * words];
        let safe = &safe[n & 1][..words];
        // The options inside the block can only raise g: covering the non-safe values below
        // the g known now is necessary work; those below `speculate` too is a guess.
        let bound = first_missing(set, |w| safe[w]);
        for (w, (need, wish)) in need.iter_mut().zip(wish.iter_mut()).enumerate() {
            *need = !safe[w] & below(bound, w);
            *wish = !safe[w] & below(bound.max(speculate), w);
        }
        resume[i] = Resume::default();
        if covers(set, &wish) {
            continue;
        }
        resume[i].split = moves.splits.len();
        let mut necessary = covers(set, &need);
        let mut budget = cap;
        let mut extra = 0;
        'splits: for (index, _, r) in moves.indexed_splits_of(n, 0) {
            let top = moves.top(r);
            let mut a = (r + 1).saturating_sub(n0).max(1);
            if a > top {
                continue;
            }
            if !necessary {
                if budget == 0 {
                    resume[i] = Resume {
                        split: index,
                        a,
                        capped: true,
                        ..Resume::default()
                    };
                    break 'splits;
                }
                let last = top.min(a.saturating_add(budget - 1));
                let (next, covered) =
                    kernels::scan(kernels, finished, finished, 0, r, a, last, set, &need);
                pairs += (next - a) as u64;
                budget -= next - a;
                a = next;
                if !covered {
                    if last < top {
                        resume[i] = Resume {
                            split: index,
                            a,
                            capped: true,
                            ..Resume::default()
                        };
                        break 'splits;
                    }
                    continue;
                }
                necessary = true;
            }
            // The guess: at most SPECULATE_PAIRS pairs past the necessary ones.
            let end = top.min(a + (SPECULATE_PAIRS - extra) - 1);
            let (next, covered) =
                kernels::scan(kernels, finished, finished, 0, r, a, end, set, &wish);
            extra += next - a;
            pairs += (next - a) as u64;
            resume[i].guess_pairs = extra as u32;
            if covered || extra >= SPECULATE_PAIRS {
                resume[i] = Resume {
                    split: index,
                    a: next,
                    capped: false,
                    guess_pairs: extra as u32,
                };
                break 'splits;
            }
        }
    }
    pairs
}

/// The most pairs a position's parallel coverage scan visits past the necessary ones, to cover
/// the non-safe values below the block's speculative bound ([`speculative_bound`]).
pub(crate) const SPECULATE_PAIRS: usize = 512;

/// The bound the next block's parallel scans cover the non-safe values below, as far as
/// [`SPECULATE_PAIRS`] more pairs a position allow: the largest value that more than 1/32 of
/// the block's `positions` values reach or pass, read off the block's counts of encodings
/// 2·G(n) + (n & 1) (`encodings`). The parallel phase cannot know g — the options inside the
/// block raise it — and a position whose parallel scan stopped at the g known then goes on in
/// the sequential phase, on one core; this moves most of that work to all cores. It changes
/// where pairs are visited, never a value.
pub(crate) fn speculative_bound(encodings: &[u64], positions: usize) -> u32 {
    let mut reached = 0u64;
    for (value, counts) in encodings.chunks(2).enumerate().rev() {
        reached += counts.iter().sum::<u64>();
        if reached.saturating_mul(32) > positions as u64 {
            return value as u32;
        }
    }
    0
}
