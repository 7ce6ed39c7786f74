//! The sparse method's sequential phase (module doc of the method, *Computing G(n)* and *Rare
//! pairs four heaps at a time*): a block's positions one by one, on one core, from what its
//! parallel phase left — the single-heap options, the rare pairs with a part inside the block,
//! g, and the resumed scan only when g's condition fails.

use super::common_sets::Classes;
use super::parallel_phase::{Resume, speculative_bound};
use crate::engine::bits::{below, covers, first_missing, mark};
use crate::engine::kernels::{self, Kernels};
use crate::engine::moves::Moves;
use crate::engine::table::Cell;

/// The values the sequential phase of a block reads, from two places: G(x) for x below
/// `finished` — the boundary the block's parallel phase took as finished — at `table[x]`, and
/// G(x) for x from `finished` − [`kernels::LANES`] on at `recent[x − shift]`, a run the phase
/// extends with each value it computes. The table is not written while the phase runs, so the
/// next block's parallel phase can read it beside it (the engine module's doc, *Both cores*).
/// Every pair the phase visits has its low part below `finished` and its high part, when that
/// is not below `finished` too, in the run: the kernels read one slice for each.
pub(crate) struct Parts<'a, T> {
    table: &'a [T],
    recent: Vec<T>,
    shift: usize,
    finished: usize,
}

impl<'a, T: Cell> Parts<'a, T> {
    /// The parts for a phase whose parallel phase took G(0..`finished`) as finished, the table
    /// holding G(0..N), N ≥ `finished`, N the block's start.
    pub(crate) fn new(table: &'a [T], finished: usize) -> Parts<'a, T> {
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
pub(crate) struct Sequential {
    /// G(n).
    pub(crate) value: u32,
    /// Pairs visited.
    pub(crate) pairs: u64,
    /// Pairs visited by the resumed scan (`None` when it was not needed).
    pub(crate) resumed: Option<u64>,
    /// Whether the scan ran over every pair (G(n) is then a rare value).
    pub(crate) exhausted: bool,
    /// Pairs of the resumed scan whose high part is below the block's start: the parallel
    /// phase would have had them, had it not run beside the block before.
    pub(crate) moved: u64,
}

/// Rare positions of each class, with their values.
pub(crate) type Listed<'a> = [(&'a [usize], &'a [u32]); 2];

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
///
/// [`parallel`]: super::parallel_phase::parallel
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
pub(crate) struct Computed {
    /// The block's values, in order: all of them, or up to the first that reached the bit
    /// sets' size (included), or up to the first above the cell type's largest (left out,
    /// `widen` set).
    pub(crate) values: Vec<u32>,
    pub(crate) widen: bool,
    /// Pairs visited.
    pub(crate) pairs: u64,
    /// Positions whose scan resumed, and its pairs.
    pub(crate) resumed: (u64, u64),
    /// Pairs the parallel phase visited for its guess.
    pub(crate) guess_pairs: u64,
    /// Pairs whose high part is below the block's start ([`Sequential::moved`]).
    pub(crate) moved: u64,
    /// The block's rare positions of each class, ascending.
    pub(crate) found: [Vec<usize>; 2],
    /// How many of the block's positions have each encoding 2·G(n) + (n & 1).
    pub(crate) encodings: Vec<u64>,
    /// The block's [`speculative_bound`].
    pub(crate) speculative_bound: u32,
    /// Positions whose parallel scan was capped, and their sequential pairs; the same for the
    /// common ones among them.
    pub(crate) capped: (u64, u64),
    pub(crate) capped_common: (u64, u64),
}

/// The block's sequential phase, on one core: [`rare_lanes`] and [`sequential`] position by
/// position, from the sets and resume points of its parallel phase (`seen`, `resume`), which
/// took G(0..`finished`) as finished and knew `rare_before[d]` of the rare positions `rare[d]`
/// (all of them below the block's start, `table.len()`). Reads `table`, writes nothing of it:
/// the values come back in [`Computed`]. Compiled for sets of `W` words (`W` = 0: any number).
#[allow(clippy::too_many_arguments)]
pub(crate) fn sequential_block<T: Cell, const W: usize>(
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
