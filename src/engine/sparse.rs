//! The sparse-space method (Gangolli and Plambeck, 1989; the "rare/common" method), with common
//! sets over the value bits *and* the heap's parity.
//!
//! **Common sets.** The split moves are taken in two classes by the parity d of their take size
//! k (Beling's `rc2` in `ogs` does the same). For each class a *common set* is chosen: a mask m
//! over the value bits and a flag s (use the heap's parity); a position x is *common* for class d
//! when
//!
//! > popcount(G(x) & m) + s·((x ⊕ d) & 1) is odd,
//!
//! and *rare* otherwise. Write e(x) = 2·G(x) + (x & 1) for a position's *encoding* and
//! M = 2m + s. A split of class d of a heap n leaves a + b = n − k, so (a & 1) ⊕ (b & 1) =
//! (n ⊕ d) & 1. If a and b are both common, adding their two conditions gives
//! popcount((G(a) ⊕ G(b)) & m) + s·((n ⊕ d) & 1) even: the option value v = G(a) ⊕ G(b) fails
//! the condition that a common position of parity n & 1 satisfies. Call v *safe* at n (for the
//! class) when it satisfies it; then **a safe value is never the value of a common × common
//! pair**. With s = 0 this is the classic mask of the value bits; s = 1 adds the parity, which
//! the best split of some games needs (the heap's parity is linear in the encoding, so the whole
//! argument is the linear one of Gangolli and Plambeck on e instead of G).
//!
//! **Computing G(n).** (1) Every pair with a rare part of its class is visited: rare × all, about
//! #rare work per position instead of n. After the take-all and single-heap options, every safe
//! option value of n is now marked. (2) Let g be the least value, safe for every class, that is
//! not marked: it is not an option, so G(n) ≤ g. (3) G(n) = g exactly when every value below g
//! that is not safe is an option. The ordinary pairs are scanned until they are (usually a few
//! hundred pairs); only when some is really missing — G(n) is then a rare value and n a rare
//! position — does the scan run over all pairs. The result is exact whatever the common sets
//! are; they only decide the speed.
//!
//! **Choosing the sets.** The number of rare positions of class d under (m, s) is read off the
//! Walsh–Hadamard transform of the histogram of encodings: Ĥ(M) = Σ_e h(e)·(−1)^popcount(e & M)
//! is (#even − #odd) of popcount(e(x) & M) over the positions, so *every* mask's rare count comes
//! out of one transform of 2·2^bits entries (tczajka/octal-games's `analyze_exec.cc` chooses its
//! masks the same way). The engine re-reads the transform whenever rare positions have appeared
//! (a few thousand operations) and changes a class's set, rebuilding its list of rare positions
//! in one pass, only when another leaves clearly fewer rare positions; so a game whose rare
//! values keep coming late does not keep a split that has stopped being good.
//!
//! **Both cores.** Step (1) for the pairs with both parts finished and the first part of step (3)
//! run for a whole block at once on all cores: each position's scan stops when the non-safe
//! values below its g *so far* are covered (a necessary condition — the options inside the block
//! can only raise g) and records where it stopped. The pairs with a part inside the block follow
//! position by position; when g's condition still fails there, the scan *resumes* where the
//! parallel one stopped, so no pair is visited twice. ("Finished" is the block's start, or the
//! start of the block before when the parallel phase ran beside that block's sequential phase:
//! the driver's doc, *The phases side by side*; the sequential phase then reads the values from
//! that boundary on from a run of its own, [`Parts`].)
//!
//! **The cap of the parallel scan.** A heap n = N + i of the block [N, N + B) has its finished
//! pairs at a ≥ n − k + 1 − N ≈ i; the pairs with a small a — the ones a scan from a = 1, as in
//! `ogs`, sees first — have their b inside the block. On some games only those cover: 0.376
//! becomes periodic (period 4, values 33 16 32 17) from about 1.45·10^6 on, pairs of two parts in
//! the periodic stretch give only the option values 0, 1, 16, 17, 48, 49, and the non-safe values
//! 6, 7, 12, 13, 20, 21, 30, 31 below g come from a few positions a < 650 (a scan from a = 1
//! covers after about 630 pairs, at every n past 1.5·10^6), or from scattered positions far
//! up in the irregular stretch: the block-parallel scan, which starts past them, visited 10^6
//! pairs a position at 4·10^6 (measured on the values, replaying both orders). So each parallel
//! scan stops, not covered, after at most a *cap* of pairs and is marked capped; the sequential
//! phase then scans the pairs with a part in the block (from a = 1) before resuming. The cap is
//! re-set after every block to three times the mean sequential scan of that block's capped common
//! positions (at least 512; 8,192 before any is measured): a game whose in-block pairs cover
//! quickly gets a small cap, one whose parallel scans do the work keeps a large one. The order
//! of the pairs changes, not the set of values seen when the scan stops: the values are exact
//! whatever the cap (the tests force caps from 0 to none).
//!
//! **The guess.** The options inside the block raise g, so a position whose parallel scan
//! stopped once the non-safe values below the g known then were covered often has to scan on in
//! the sequential phase, on one core (0.1777 to 2·10^7: 54 % of the positions, 48 pairs each).
//! So the parallel scan goes on, at most [`SPECULATE_PAIRS`] pairs more, until the non-safe
//! values below a *speculative bound* are covered too: the largest value that more than 1/32
//! of the last block's values reach ([`speculative_bound`]; the ring mode's rule). On 0.1777
//! the resumed scans fall to 0.3 % of the positions. Where the missing values come only from
//! pairs with a small part, whose other part is in the block (0.354, 0.376), the guess cannot
//! cover and its pairs are lost; the driver weighs, block by block, the sequential pairs a guess
//! saved against the pairs it cost and pauses guessing where it does not pay. The guess moves
//! pairs between the phases, never changes a value.
//!
//! **Rare pairs four heaps at a time.** In the sequential phase, the rare pairs (a, n − k − a)
//! with a + k ≥ [`kernels::LANES`] are marked for four consecutive heaps m..m + 4 at once before
//! heap m ([`rare_lanes`]): their other parts G(m − k − a .. m − k − a + 4) are all known by
//! then. A pair whose other part lies up to three below the boundary the parallel phase took as
//! finished is marked again (the parallel phase marked it already: a value marked twice is
//! marked once). The parallel phase marks its rare pairs the same way, four heaps of a chunk
//! at a time, for the rare a whose pairs with every heap of the chunk have a finished other
//! part (most of them; the others pair by pair).

use super::bits::{below, covers, first_missing, mark};
use super::kernels::{self, Kernels};
use super::moves::Moves;
use super::table::Cell;

/// The common set of one class of split moves: a position x is common for class d when
/// popcount(G(x) & `mask`) + `heap_parity`·((x ⊕ d) & 1) is odd.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CommonSet {
    /// The value bits read.
    pub mask: u32,
    /// Whether the heap's parity is read too.
    pub heap_parity: bool,
}

impl CommonSet {
    /// Whether a position `heap` with value `value` is common for class `class` (0: even take
    /// sizes, 1: odd) — equivalently, whether `value` is safe at a heap of `heap`'s parity.
    #[inline(always)]
    pub(super) fn common(self, class: usize, heap: usize, value: u32) -> bool {
        let parity = u32::from(self.heap_parity) & ((heap ^ class) as u32 & 1);
        ((value & self.mask).count_ones() + parity) & 1 == 1
    }
}

impl std::fmt::Display for CommonSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mask {:#x}", self.mask)?;
        if self.heap_parity {
            f.write_str(" with the heap's parity")?;
        }
        Ok(())
    }
}

/// The common set of each class of split moves (index: take size mod 2), `None` for a class
/// without split moves.
pub(super) type Classes = [Option<CommonSet>; 2];

/// For each parity p of a heap: the bit set (`words` words) of values safe at such a heap for
/// every class.
pub(super) fn safe_words(classes: &Classes, words: usize) -> [Vec<u64>; 2] {
    std::array::from_fn(|p| {
        (0..words)
            .map(|w| {
                (0..64).fold(0u64, |word, bit| {
                    let value = (w * 64 + bit) as u32;
                    let safe = classes
                        .iter()
                        .enumerate()
                        .all(|(d, set)| set.is_none_or(|set| set.common(d, p, value)));
                    word | (u64::from(safe) << bit)
                })
            })
            .collect()
    })
}

/// The Walsh–Hadamard transform of the histogram of encodings (`encodings[e]` positions x ≥ 1
/// with e(x) = e), over 2^(bits + 1) entries: entry M is Σ_e h(e)·(−1)^popcount(e & M).
pub(super) fn transform(encodings: &[u64], bits: u32) -> Vec<i64> {
    let size = 1usize << (bits + 1);
    let mut h: Vec<i64> = (0..size)
        .map(|e| encodings.get(e).map_or(0, |&c| c as i64))
        .collect();
    let mut half = 1;
    while half < size {
        for start in (0..size).step_by(2 * half) {
            for i in start..start + half {
                let (x, y) = (h[i], h[i + half]);
                h[i] = x + y;
                h[i + half] = x - y;
            }
        }
        half *= 2;
    }
    h
}

/// How many positions x ≥ 1 are rare for class `class` under `set`, from the transform `h`.
pub(super) fn rare_count(h: &[i64], set: CommonSet, class: usize) -> u64 {
    let m = ((set.mask as usize) << 1) | usize::from(set.heap_parity);
    if m >= h.len() {
        return u64::MAX;
    }
    // Positions with popcount(e & M) even; rare unless the parity and the class are both odd.
    let even = ((h[0] + h[m]) / 2) as u64;
    if set.heap_parity && class == 1 {
        h[0] as u64 - even
    } else {
        even
    }
}

/// The common set of class `class` leaving the fewest rare positions, and how many (ties: the
/// plain mask before the one with the parity, the smaller mask first).
pub(super) fn best(h: &[i64], class: usize) -> (CommonSet, u64) {
    (1..h.len())
        .map(|m| CommonSet {
            mask: (m >> 1) as u32,
            heap_parity: m & 1 == 1,
        })
        .map(|set| (set, rare_count(h, set, class)))
        .min_by_key(|&(set, rare)| (rare, set.heap_parity, set.mask))
        .expect("at least one mask")
}

/// The common sets of the active split classes, from the transform `h` of the values of
/// `positions` positions: for each class the set leaving the fewest rare positions, unless the
/// `current` one leaves at most 9/8 as many (so that the rare lists are rebuilt rarely). None
/// when some class would leave 1/8 of the positions or more rare: the values are not sparse.
pub(super) fn choose_classes(
    h: &[i64],
    active: [bool; 2],
    current: Option<Classes>,
    positions: u64,
) -> Option<Classes> {
    let mut classes: Classes = [None; 2];
    for d in (0..2).filter(|&d| active[d]) {
        let (best, best_rare) = best(h, d);
        let (set, rare) = current
            .and_then(|current| current[d])
            .map(|set| (set, rare_count(h, set, d)))
            .filter(|&(_, rare)| rare.saturating_mul(8) <= best_rare.saturating_mul(9))
            .unwrap_or((best, best_rare));
        if rare.saturating_mul(8) >= positions {
            return None;
        }
        classes[d] = Some(set);
    }
    Some(classes)
}

/// Where a position's scan of finished pairs stopped: at `a` of split `split` (`a` = 0: at the
/// split's start); `split` = the number of splits when every finished pair was scanned.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Resume {
    split: usize,
    a: usize,
    /// The scan stopped at the block's cap of pairs, not covered.
    pub(super) capped: bool,
    /// The pairs the scan visited past the necessary ones to cover the guess (`speculate`).
    pub(super) guess_pairs: u32,
}

/// Steps (1) and the start of (3) of the module doc for the positions `c0..c1`, with the pairs
/// whose parts are both finished, each position's coverage scan stopping after at most `cap`
/// pairs, then going on at most [`SPECULATE_PAIRS`] more to cover the non-safe values below
/// `speculate` as well; returns how many pairs were visited. Compiled for sets of `W` words
/// (`W` = 0: any number, `words`; see `by_words!` in the engine module).
#[allow(clippy::too_many_arguments)]
pub(super) fn parallel<T: Cell, const W: usize>(
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
pub(super) const SPECULATE_PAIRS: usize = 512;

/// The bound the next block's parallel scans cover the non-safe values below, as far as
/// [`SPECULATE_PAIRS`] more pairs a position allow: the largest value that more than 1/32 of
/// the block's `positions` values reach or pass, read off the block's counts of encodings
/// 2·G(n) + (n & 1) (`encodings`). The parallel phase cannot know g — the options inside the
/// block raise it — and a position whose parallel scan stopped at the g known then goes on in
/// the sequential phase, on one core; this moves most of that work to all cores. It changes
/// where pairs are visited, never a value.
pub(super) fn speculative_bound(encodings: &[u64], positions: usize) -> u32 {
    let mut reached = 0u64;
    for (value, counts) in encodings.chunks(2).enumerate().rev() {
        reached += counts.iter().sum::<u64>();
        if reached.saturating_mul(32) > positions as u64 {
            return value as u32;
        }
    }
    0
}

/// The values the sequential phase of a block reads, from two places: G(x) for x below
/// `finished` — the boundary the block's parallel phase took as finished — at `table[x]`, and
/// G(x) for x from `finished` − [`kernels::LANES`] on at `recent[x − shift]`, a run the phase
/// extends with each value it computes. The table is not written while the phase runs, so the
/// next block's parallel phase can read it beside it (module doc of [`super`], *Both cores*).
/// Every pair the phase visits has its low part below `finished` and its high part, when that
/// is not below `finished` too, in the run: the kernels read one slice for each.
pub(super) struct Parts<'a, T> {
    table: &'a [T],
    recent: Vec<T>,
    shift: usize,
    finished: usize,
}

impl<'a, T: Cell> Parts<'a, T> {
    /// The parts for a phase whose parallel phase took G(0..`finished`) as finished, the table
    /// holding G(0..N), N ≥ `finished`, N the block's start.
    pub(super) fn new(table: &'a [T], finished: usize) -> Parts<'a, T> {
        let shift = finished.saturating_sub(kernels::LANES);
        Parts {
            table,
            recent: table[shift..].to_vec(),
            shift,
            finished,
        }
    }

    /// G(x), for x below the next position.
    #[inline(always)]
    fn get(&self, x: usize) -> u32 {
        if x >= self.finished {
            self.recent[x - self.shift].get()
        } else {
            self.table[x].get()
        }
    }

    /// The next position's value, known.
    fn push(&mut self, value: T) {
        self.recent.push(value);
    }
}

/// What the sequential step of one position did.
pub(super) struct Sequential {
    /// G(n).
    pub(super) value: u32,
    /// Pairs visited.
    pub(super) pairs: u64,
    /// Pairs visited by the resumed scan (`None` when it was not needed).
    pub(super) resumed: Option<u64>,
    /// Whether the scan ran over every pair (G(n) is then a rare value).
    pub(super) exhausted: bool,
    /// Pairs of the resumed scan whose high part is below the block's start: the parallel
    /// phase would have had them, had it not run beside the block before.
    pub(super) moved: u64,
}

/// Rare positions of each class, with their values.
pub(super) type Listed<'a> = [(&'a [usize], &'a [u32]); 2];

/// The rare pairs of [`kernels::LANES`] heaps `m..` whose other part is at or past `finished`,
/// before the first of them — for each split take k, the rare positions a below `finished`
/// (`old`, with their values) with a + k at least `LANES` — marked lane by lane (`sets`: the
/// heaps' sets, `words` words each). A pair whose other part is up to `LANES` − 1 below
/// `finished` is marked too (by the parallel phase already: a value marked twice is marked).
/// `cursors` gives, for each split take, where its old rare positions with a + k ≥ `LANES`
/// start and how many pair so with a quad before this one (moved forward here: m only grows).
/// Returns the pairs marked.
#[allow(clippy::too_many_arguments)]
fn rare_lanes<T: Cell>(
    parts: &Parts<'_, T>,
    moves: &Moves,
    old: Listed<'_>,
    cursors: &mut Cursors,
    m: usize,
    sets: &mut [u64],
    words: usize,
    kernels: Kernels,
) -> u64 {
    let lanes = kernels::LANES;
    let mut pairs = 0;
    for (index, &k) in moves.splits.iter().enumerate() {
        let (old, old_values) = old[k & 1];
        // a + k ≥ LANES: G(m − k − a + j) is known for every lane j; a ≤ m + LANES − 1 − k −
        // finished: some lane's other part is at or past `finished`.
        let lo = cursors.small[index];
        let hi = &mut cursors.in_lanes[index];
        while *hi < old.len() && old[*hi] + k + parts.finished < m + lanes {
            *hi += 1;
        }
        let hi = *hi;
        if lo < hi {
            pairs += kernels::mark_rare_lanes(
                kernels,
                &parts.recent,
                parts.shift,
                m - k,
                &old[lo..hi],
                &old_values[lo..hi],
                sets,
                words,
                words,
            );
        }
    }
    pairs
}

/// Where the sequential phase is in the old rare lists, for each split take (index: its place
/// in the split list); the counts only grow with n, so they move forward instead of being
/// searched for at each heap.
struct Cursors {
    /// The old rare positions with a + k below [`kernels::LANES`] (fixed).
    small: Vec<usize>,
    /// Those that pair with a part at or past `finished` with every lane of the last quad.
    in_lanes: Vec<usize>,
    /// Those that pair with a part at or past `finished` at the current heap.
    inside: Vec<usize>,
}

/// The rest of G(n) after [`parallel`]: the single-heap options, the rare pairs with a part at
/// or past `parts.finished` (`old`: the rare positions below it, `new`: those found since, all
/// below n), then g, then — only when g's condition fails — the resumed scan and the ordinary
/// pairs with a part at or past `finished`. When `lanes_marked`, [`rare_lanes`] has marked the
/// pairs of the old ones with a + k at least [`kernels::LANES`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn sequential<T: Cell, const W: usize>(
    parts: &Parts<'_, T>,
    moves: &Moves,
    old: Listed<'_>,
    new: Listed<'_>,
    cursors: &mut Cursors,
    n: usize,
    set: &mut [u64],
    safe: &[u64],
    resume: Resume,
    lanes_marked: bool,
    kernels: Kernels,
) -> Sequential {
    // A set of W > 0 words is marked in a copy on the stack, which the compiler can keep in
    // registers: the block's set was just written by a vector store, and a chain of narrower
    // read-modify-writes on it waits for the store at each step. (The block's set is not read
    // again once the value is known.)
    let mut local = [0u64; W];
    let set = if W == 0 {
        set
    } else {
        local.copy_from_slice(&set[..W]);
        &mut local[..]
    };
    let safe = &safe[..set.len()];
    let finished = parts.finished;
    moves.mark_single_heap_options(n, |x| parts.get(x), set);
    let mut pairs = 0u64;
    for (index, k, r) in moves.indexed_splits_of(n, 0) {
        let d = k & 1;
        // Old rare a whose G(r − a) is at or past `finished` (the parallel phase marked the
        // others), those with a + k ≥ LANES left out when the lanes have marked them. (A call
        // costs a load and a store of the set: none for an empty list.)
        let (old, old_values) = old[d];
        let inside = &mut cursors.inside[index];
        while *inside < old.len() && old[*inside] + finished <= r {
            *inside += 1;
        }
        let mut upto = *inside;
        if lanes_marked {
            upto = upto.min(cursors.small[index]);
        }
        if upto > 0 {
            pairs += kernels::mark_listed(
                kernels,
                &parts.recent,
                parts.shift,
                r,
                &old[..upto],
                &old_values[..upto],
                set,
            );
        }
        // New rare a < r: G(r − a) below `finished` from the table (blocks are at most a
        // quarter of their start, so that is all of them), any other one read alone.
        let (new, new_values) = new[d];
        let below = new.partition_point(|&a| a < r);
        let high = new[..below].partition_point(|&a| a + finished <= r);
        for &a in &new[..high] {
            if !(moves.distinct && 2 * a == r) {
                mark(set, parts.get(a) ^ parts.get(r - a));
                pairs += 1;
            }
        }
        if high < below {
            pairs += kernels::mark_listed(
                kernels,
                parts.table,
                0,
                r,
                &new[high..below],
                &new_values[high..below],
                set,
            );
        }
    }
    let common = first_missing(set, |w| safe[w]);
    // The non-safe values below `common`, on the stack while they fit 256 bits (no allocation
    // per position).
    let mut on_stack = [0u64; 4];
    let mut on_heap = Vec::new();
    let need: &mut [u64] = if safe.len() <= on_stack.len() {
        &mut on_stack[..safe.len()]
    } else {
        on_heap.resize(safe.len(), 0);
        &mut on_heap
    };
    for (w, word) in need.iter_mut().enumerate() {
        *word = !safe[w] & below(common, w);
    }
    let need: &[u64] = need;
    if covers(set, need) {
        return Sequential {
            value: common,
            pairs,
            resumed: None,
            exhausted: false,
            moved: 0,
        };
    }
    // A non-safe value below `common` is still unseen: the pairs with a part at or past
    // `finished` (small a: measured to find the missing values soonest, as a scan from a = 1
    // does), then the finished pairs from where the parallel scan stopped.
    let mut resumed = 0u64;
    let mut covered = false;
    let mut moved = 0;
    'scan: {
        for (_, r) in moves.splits_of(n) {
            let a_lo = (r + 1).saturating_sub(finished).max(1);
            let last = (a_lo - 1).min(moves.top(r));
            let (next, done) = kernels::scan_for_need(
                kernels,
                parts.table,
                &parts.recent,
                parts.shift,
                r,
                1,
                last,
                set,
                need,
            );
            resumed += (next - 1) as u64;
            let first_moved = (r + 1).saturating_sub(parts.table.len()).max(1);
            moved += next.saturating_sub(first_moved) as u64;
            if done {
                covered = true;
                break 'scan;
            }
        }
        for (index, _, r) in moves.indexed_splits_of(n, resume.split) {
            let top = moves.top(r);
            let a_lo = (r + 1).saturating_sub(finished).max(1);
            let a = if index == resume.split && resume.a != 0 {
                resume.a
            } else {
                a_lo
            };
            let table = parts.table;
            let (next, done) =
                kernels::scan_for_need(kernels, table, table, 0, r, a, top, set, need);
            resumed += (next - a) as u64;
            if done {
                covered = true;
                break 'scan;
            }
        }
    }
    Sequential {
        value: if covered {
            common
        } else {
            first_missing(set, |_| !0)
        },
        pairs: pairs + resumed,
        resumed: Some(resumed),
        exhausted: !covered,
        moved,
    }
}

/// What the sequential phase of a block did, for the driver to record.
#[derive(Default)]
pub(super) struct Computed {
    /// The block's values, in order: all of them, or up to the first that reached the bit
    /// sets' size (included), or up to the first above the cell type's largest (left out,
    /// `widen` set).
    pub(super) values: Vec<u32>,
    pub(super) widen: bool,
    /// Pairs visited.
    pub(super) pairs: u64,
    /// Positions whose scan resumed, and its pairs.
    pub(super) resumed: (u64, u64),
    /// Pairs the parallel phase visited for its guess.
    pub(super) guess_pairs: u64,
    /// Pairs whose high part is below the block's start ([`Sequential::moved`]).
    pub(super) moved: u64,
    /// The block's rare positions of each class, ascending.
    pub(super) found: [Vec<usize>; 2],
    /// How many of the block's positions have each encoding 2·G(n) + (n & 1).
    pub(super) encodings: Vec<u64>,
    /// The block's [`speculative_bound`].
    pub(super) speculative_bound: u32,
    /// Positions whose parallel scan was capped, and their sequential pairs; the same for the
    /// common ones among them.
    pub(super) capped: (u64, u64),
    pub(super) capped_common: (u64, u64),
}

/// The block's sequential phase, on one core: [`rare_lanes`] and [`sequential`] position by
/// position, from the sets and resume points of its parallel phase (`seen`, `resume`), which
/// took G(0..`finished`) as finished and knew `rare_before[d]` of the rare positions `rare[d]`
/// (all of them below the block's start, `table.len()`). Reads `table`, writes nothing of it:
/// the values come back in [`Computed`]. Compiled for sets of `W` words (`W` = 0: any number).
#[allow(clippy::too_many_arguments)]
pub(super) fn sequential_block<T: Cell, const W: usize>(
    table: &[T],
    moves: &Moves,
    classes: &Classes,
    rare: [&[usize]; 2],
    rare_before: [usize; 2],
    finished: usize,
    seen: &mut [u64],
    resume: &[Resume],
    safe: &[Vec<u64>; 2],
    kernels: Kernels,
) -> Computed {
    let n0 = table.len();
    let len = resume.len();
    let words = if W == 0 { seen.len() / len } else { W };
    let size = (words * 64) as u32;
    let mut parts = Parts::new(table, finished);
    let value_of = |list: &[usize]| -> Vec<u32> { list.iter().map(|&a| table[a].get()).collect() };
    let old_values: [Vec<u32>; 2] = std::array::from_fn(|d| value_of(&rare[d][..rare_before[d]]));
    let mut new: [Vec<usize>; 2] = std::array::from_fn(|d| rare[d][rare_before[d]..].to_vec());
    let mut new_values: [Vec<u32>; 2] = std::array::from_fn(|d| value_of(&new[d]));
    let old: Listed<'_> = std::array::from_fn(|d| (&rare[d][..rare_before[d]], &old_values[d][..]));
    // The rare pairs, LANES heaps at a time (Grundy's game, whose pair (a, a) is no move, goes
    // heap by heap).
    let lanes = !moves.distinct;
    let mut cursors = Cursors {
        small: (moves.splits.iter())
            .map(|&k| old[k & 1].0.partition_point(|&a| a + k < kernels::LANES))
            .collect(),
        in_lanes: vec![0; moves.splits.len()],
        inside: vec![0; moves.splits.len()],
    };
    let mut computed = Computed::default();
    let mut i = 0;
    'block: while i < len {
        let quad = lanes && i + kernels::LANES <= len;
        if quad {
            let sets = &mut seen[i * words..(i + kernels::LANES) * words];
            computed.pairs += rare_lanes(
                &parts,
                moves,
                old,
                &mut cursors,
                n0 + i,
                sets,
                words,
                kernels,
            );
        }
        for i in i..(i + kernels::LANES).min(len) {
            let n = n0 + i;
            let set = &mut seen[i * words..(i + 1) * words];
            let listed: Listed<'_> = std::array::from_fn(|d| (&new[d][..], &new_values[d][..]));
            let step = sequential::<T, W>(
                &parts,
                moves,
                old,
                listed,
                &mut cursors,
                n,
                set,
                &safe[n & 1],
                resume[i],
                quad,
                kernels,
            );
            computed.pairs += step.pairs;
            if let Some(pairs) = step.resumed {
                computed.resumed.0 += 1;
                computed.resumed.1 += pairs;
            }
            computed.guess_pairs += u64::from(resume[i].guess_pairs);
            computed.moved += step.moved;
            if resume[i].capped {
                let pairs = step.resumed.unwrap_or(0);
                computed.capped.0 += 1;
                computed.capped.1 += pairs;
                if !step.exhausted {
                    computed.capped_common.0 += 1;
                    computed.capped_common.1 += pairs;
                }
            }
            let value = step.value;
            if value > T::MAX {
                computed.widen = true;
                break 'block;
            }
            parts.push(T::new(value));
            computed.values.push(value);
            for (d, set) in classes.iter().enumerate() {
                if set.is_some_and(|set| !set.common(d, n, value)) {
                    new[d].push(n);
                    new_values[d].push(value);
                }
            }
            if value >= size {
                break 'block;
            }
        }
        i += kernels::LANES;
    }
    computed.found = std::array::from_fn(|d| {
        let from = new[d].partition_point(|&a| a < n0);
        new[d][from..].to_vec()
    });
    // What the driver records of the block, counted here, beside the next block's parallel
    // phase, rather than after it on one core.
    for (i, &value) in computed.values.iter().enumerate() {
        let encoding = ((value as usize) << 1) | ((n0 + i) & 1);
        if encoding >= computed.encodings.len() {
            computed.encodings.resize(encoding + 1, 0);
        }
        computed.encodings[encoding] += 1;
    }
    computed.speculative_bound = speculative_bound(&computed.encodings, computed.values.len());
    computed
}
