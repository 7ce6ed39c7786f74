//! The fast engine behind [`Values`](super::Values): G(0), G(1), … of a heap rule.
//!
//! **Method.** G(n) is the mex of the option values: 0 for a take-all move, G(n − k) for a move
//! leaving one heap, G(a) ⊕ G(b) for a split of n − k into a + b. The splits are the work: about
//! n/2 pairs per split digit per position. Two methods, chosen as the values come in:
//!
//! * **Sparse space** (Gangolli and Plambeck, 1989; the "rare/common" method). A mask m splits
//!   the values in two: v is *rare* when popcount(v & m) is even, *common* when odd; m is chosen
//!   (among all masks below the largest value's power of two) so that few positions have rare
//!   values. The parity of popcount(x & m) is linear in x, so a split's value is common exactly
//!   when one part is rare and the other common. Hence every common option value of n is found by
//!   pairing each *rare* position a with b = n − k − a: O(#rare) work, not O(n). Let g be the
//!   least common value not found; G(n) ≤ g. G(n) = g unless some rare value below g is not an
//!   option; to rule that out the engine scans ordinary pairs and stops the moment every rare
//!   value below g has been seen (usually after a few hundred pairs). Only when a rare value is
//!   really missing — a rare position, which is rare — does the scan run over all pairs. The
//!   result is exact whatever m is: m only decides how fast.
//! * **Dense** (values not sparse: the best mask leaves more than 1/8 of the positions rare): the
//!   tight naive scan over all pairs, marking values in a bit set of the values' power of two, and
//!   stopping early when every value below it is an option (the mex is then decided).
//!
//! **Both cores.** Positions are computed in blocks [N, N + B). Everything that reads only
//! finished values — the pairs with both parts below N: the rare pairs, the first pairs of the
//! coverage scan, or (dense) almost all pairs — is computed for the whole block at once on all
//! cores (rayon), each position getting a bit set of values seen. The few pairs with a part inside
//! the block, the single-heap options and the rest of the scan follow in order, position by
//! position.
//!
//! **Memory.** The values are kept in the narrowest of u8, u16, u32 that holds them (widened when
//! a larger value appears): 1 byte per position while values are below 256, 2 below 65,536. The
//! rare positions take 8 bytes each, the block bit sets B × (largest value rounded up to a power
//! of two) / 8 bytes (a few MiB at most), the period tracker nothing per position. Measured: 0.1777
//! to 443,139,469 in 438 MiB peak.
//!
//! **Input.** The engine reads the rule's normalised form ([`CompiledRule`]): its eliminations,
//! reductions and splits (unrestricted, or unequal for Grundy's game) become three lists of take
//! sizes and one flag, once per computation; the hot loops see only those. Rules the engine does
//! not know (three-heap splits, all-but games, any rule given only by its options:
//! [`CompiledRule::is_fast`] says which) are computed by the straightforward table over
//! [`CompiledRule::try_for_each_option`].
//!
//! **Request and result.** A computation is asked for by one [`Limits`] (last position, work
//! budget, interrupt flag, progress observer, whether to go past a proof) and answers one
//! [`Values`]; progress and the engine's statistics go to the request's
//! [`Progress`](super::Progress) observer, never straight to a terminal.

use super::period::{PeriodTracker, ProvedPeriod};
use super::progress::{Progress, Watch};
use super::rule::{CompiledRule, MoveSet};
use super::values::{Limits, Values};
use rayon::prelude::*;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// A stored value type: u8, u16 or u32.
pub trait Cell: Copy + Eq + Default + Send + Sync + 'static {
    /// The largest value it holds.
    const MAX: u32;
    /// The value.
    fn get(self) -> u32;
    /// A value known to be at most [`Cell::MAX`].
    fn new(value: u32) -> Self;
}

macro_rules! cell {
    ($t:ty) => {
        impl Cell for $t {
            const MAX: u32 = <$t>::MAX as u32;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn new(value: u32) -> Self {
                value as $t
            }
        }
    };
}
cell!(u8);
cell!(u16);
cell!(u32);

/// G(0..len), stored in the narrowest type that holds every value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Table {
    /// Values below 256.
    U8(Vec<u8>),
    /// Values below 65,536.
    U16(Vec<u16>),
    /// Larger values.
    U32(Vec<u32>),
}

impl Table {
    /// How many values.
    pub fn len(&self) -> usize {
        match self {
            Table::U8(v) => v.len(),
            Table::U16(v) => v.len(),
            Table::U32(v) => v.len(),
        }
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n), for n below [`Table::len`].
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Table::U8(v) => u32::from(v[n]),
            Table::U16(v) => u32::from(v[n]),
            Table::U32(v) => v[n],
        }
    }

    /// Bytes per stored value.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Table::U8(_) => 1,
            Table::U16(_) => 2,
            Table::U32(_) => 4,
        }
    }

    fn truncate(&mut self, len: usize) {
        match self {
            Table::U8(v) => v.truncate(len),
            Table::U16(v) => v.truncate(len),
            Table::U32(v) => v.truncate(len),
        }
    }

    fn widen(self) -> Table {
        match self {
            Table::U8(v) => Table::U16(v.into_iter().map(u16::from).collect()),
            Table::U16(v) => Table::U32(v.into_iter().map(u32::from).collect()),
            Table::U32(v) => Table::U32(v),
        }
    }
}

/// Why a computation ended; serialised as the words `table --json` prints (`proved`,
/// `reached`, `work limit`, `interrupted`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Stop {
    /// A period was proved: values past it follow from it.
    #[serde(rename = "proved")]
    Proved,
    /// The requested last position was reached.
    #[serde(rename = "reached")]
    Reached,
    /// The work budget ran out first.
    #[serde(rename = "work limit")]
    WorkLimit,
    /// Interrupted (Ctrl-C).
    #[serde(rename = "interrupted")]
    Interrupted,
    /// An external rule's options could not be had ([`Values::failure`] says why); tables
    /// refuse such values, so no report says it.
    #[serde(rename = "rule failed")]
    RuleFailed,
}

/// How values were computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// The straightforward table over the rule's options.
    Naive,
    /// Every pair scanned (values not sparse).
    Dense,
    /// The sparse-space method with this mask; `rare` positions had rare values.
    Sparse {
        /// The mask: a value v is common when popcount(v & mask) is odd.
        mask: u32,
        /// How many positions (n ≥ 1) had rare values.
        rare: usize,
    },
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Method::Naive => f.write_str("straightforward table"),
            Method::Dense => f.write_str("dense pair scan (values not sparse)"),
            Method::Sparse { mask, rare } => {
                write!(f, "sparse space: mask {mask:#x}, {rare} rare positions")
            }
        }
    }
}

/// The moves the engine understands: take-all, one heap, two heaps.
struct Moves {
    take_all: Vec<usize>,
    singles: Vec<usize>,
    splits: Vec<usize>,
    /// Splits must leave unequal heaps (Grundy's game).
    distinct: bool,
}

impl Moves {
    /// The largest a of a pair a + b = r, a ≤ b (a < b for Grundy's game).
    fn top(&self, r: usize) -> usize {
        if self.distinct && r.is_multiple_of(2) {
            r / 2 - 1
        } else {
            r / 2
        }
    }

    /// The engine's moves of `rule` with take sizes up to `to`, when it knows the rule.
    fn of(rule: &CompiledRule, to: usize) -> Option<Moves> {
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

/// Computes G(0..=limits.to) of `rule`, stopping early at a proved period.
pub(super) fn compute<P: Progress>(rule: CompiledRule, limits: &Limits<'_, P>) -> Values {
    let to = usize::try_from(limits.to).unwrap_or(usize::MAX - 1);
    let tracker = rule.theorem().map(|(h, t)| PeriodTracker::new(h, t));
    let watch = limits.progress.start(to as u64);
    let values = {
        let request = Request {
            to,
            work_limit: limits.work_limit,
            interrupt: limits.interrupt,
            past_proof: limits.past_proof,
            watch: &*watch,
        };
        match Moves::of(&rule, to) {
            Some(moves) => Engine::new(moves, tracker, &request).run(rule),
            None => naive(rule, tracker, &request),
        }
    };
    watch.finished();
    values
}

/// The request as the engine reads it: [`Limits`] with the last position as an index and its
/// watch started.
struct Request<'a> {
    to: usize,
    work_limit: Option<u128>,
    interrupt: Option<&'a std::sync::atomic::AtomicBool>,
    past_proof: bool,
    watch: &'a dyn Watch,
}

impl Request<'_> {
    fn interrupted(&self) -> bool {
        self.interrupt
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

/// The straightforward table over the rule's options, for rules the engine does not know.
fn naive(rule: CompiledRule, mut tracker: Option<PeriodTracker>, request: &Request<'_>) -> Values {
    let mut values: Vec<u32> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    let mut work: u128 = 0;
    let mut stop = Stop::Reached;
    let mut period = None;
    let mut failure = None;
    for n in 0..=request.to as u64 {
        let stamp = n + 1;
        let visited = rule.try_for_each_option(n, &mut |_, parts| {
            let value = parts
                .iter()
                .fold(0u32, |sum, &part| sum ^ values[part as usize])
                as usize;
            if value >= seen.len() {
                seen.resize(value + 1, 0);
            }
            seen[value] = stamp;
            work += 1;
        });
        if let Err(error) = visited {
            failure = Some(error);
            stop = Stop::RuleFailed;
            break;
        }
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
        values.push(mex as u32);
        if n % 1024 == 1023 || n == request.to as u64 {
            if let Some(proof) = tracker.as_mut().and_then(|t| t.advance(&values)) {
                period = Some(proof);
                stop = Stop::Proved;
                if !request.past_proof {
                    values.truncate(proof.proved_at as usize + 1);
                    break;
                }
                tracker = None;
            }
            request.watch.computed(n);
            if n < request.to as u64 {
                if request.work_limit.is_some_and(|limit| work > limit) && period.is_none() {
                    stop = Stop::WorkLimit;
                    break;
                }
                if request.interrupted() && period.is_none() {
                    stop = Stop::Interrupted;
                    break;
                }
            }
        }
    }
    if values.is_empty() {
        // G(0) is 0 under every rule (a heap of 0 has no option), whatever failed after.
        values.push(0);
    }
    let largest = values.iter().copied().max().unwrap_or(0);
    let table = if largest <= u32::from(u8::MAX) {
        Table::U8(values.into_iter().map(|v| v as u8).collect())
    } else if largest <= u32::from(u16::MAX) {
        Table::U16(values.into_iter().map(|v| v as u16).collect())
    } else {
        Table::U32(values)
    };
    Values {
        rule,
        table,
        period,
        stop,
        work,
        method: Method::Naive,
        failure,
    }
}

/// Blocks whose parallel phase is expected to visit fewer pairs than this run on one thread.
const PARALLEL_WORK: u64 = 4_000_000;
/// Positions below this are computed one by one, all pairs scanned.
const SMALL: usize = 128;

/// Which method, and for the sparse one the mask.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    Dense,
    Sparse(u32),
}

/// The engine's state, kept across value-type widenings.
struct Engine<'a> {
    moves: Moves,
    tracker: Option<PeriodTracker>,
    request: &'a Request<'a>,
    /// How many positions have each value.
    histogram: Vec<u64>,
    largest: u32,
    mode: Mode,
    /// Positions a ≥ 1 whose value is rare (sparse mode), ascending.
    rare: Vec<usize>,
    next_review: usize,
    work: u128,
    proved: Option<ProvedPeriod>,
    timing: [Duration; 2],
    fallbacks: u64,
    fallback_pairs: u64,
    /// Pairs per position in the last block's parallel phase.
    pairs_per_position: u64,
}

/// How a typed run ended.
enum RunEnd {
    /// Done, for this reason.
    Done(Stop),
    /// A value does not fit the cell type: widen and carry on.
    Widen,
}

#[inline(always)]
fn mark(set: &mut [u64], value: u32) {
    set[(value >> 6) as usize] |= 1 << (value & 63);
}

fn parity(value: u32, mask: u32) -> bool {
    (value & mask).count_ones() & 1 == 1
}

/// The least value whose bit is clear in `set` and set in `among`, or `set.len() * 64`.
fn first_missing(set: &[u64], among: impl Fn(usize) -> u64) -> u32 {
    for (index, &word) in set.iter().enumerate() {
        let missing = !word & among(index);
        if missing != 0 {
            return (index * 64) as u32 + missing.trailing_zeros();
        }
    }
    (set.len() * 64) as u32
}

impl<'a> Engine<'a> {
    fn new(moves: Moves, tracker: Option<PeriodTracker>, request: &'a Request<'a>) -> Engine<'a> {
        Engine {
            moves,
            tracker,
            request,
            histogram: Vec::new(),
            largest: 0,
            mode: Mode::Dense,
            rare: Vec::new(),
            next_review: SMALL,
            work: 0,
            proved: None,
            timing: [Duration::ZERO; 2],
            fallbacks: 0,
            fallback_pairs: 0,
            pairs_per_position: 0,
        }
    }

    fn run(mut self, rule: CompiledRule) -> Values {
        let mut table = Table::U8(Vec::new());
        let start = Instant::now();
        loop {
            let end = match &mut table {
                Table::U8(values) => self.run_typed(values),
                Table::U16(values) => self.run_typed(values),
                Table::U32(values) => self.run_typed(values),
            };
            match end {
                RunEnd::Done(mut stop) => {
                    let period = match stop {
                        Stop::Proved => self.proved.take(),
                        _ if self.request.past_proof => self.proved.take(),
                        _ => None,
                    };
                    if let Some(proof) = period {
                        if self.request.past_proof {
                            stop = Stop::Proved;
                        } else {
                            table.truncate(proof.proved_at as usize + 1);
                        }
                    }
                    self.request.watch.engine_statistics(&format!(
                        "stats: {:?} rare {} parallel {:?} sequential {:?} fallback {} ({} pairs) work {} total {:?}",
                        self.mode,
                        self.rare.len(),
                        self.timing[0],
                        self.timing[1],
                        self.fallbacks,
                        self.fallback_pairs,
                        self.work,
                        start.elapsed()
                    ));
                    let method = match self.mode {
                        Mode::Dense => Method::Dense,
                        Mode::Sparse(mask) => Method::Sparse {
                            mask,
                            rare: self.rare.len(),
                        },
                    };
                    return Values {
                        rule,
                        table,
                        period,
                        stop,
                        work: self.work,
                        method,
                        failure: None,
                    };
                }
                RunEnd::Widen => table = table.widen(),
            }
        }
    }
}

impl Engine<'_> {
    fn run_typed<T: Cell>(&mut self, values: &mut Vec<T>) -> RunEnd {
        let to = self.request.to;
        while values.len() <= to {
            let n0 = values.len();
            if n0 < SMALL {
                let value = self.value_by_scan(values, n0);
                if value > T::MAX {
                    return RunEnd::Widen;
                }
                self.push(values, value);
                if (values.len().is_multiple_of(64) || values.len() > to)
                    && let Some(stop) = self.after_block(values)
                {
                    return RunEnd::Done(stop);
                }
                continue;
            }
            if n0 >= self.next_review {
                self.review(values);
                self.next_review = n0.saturating_mul(2);
            }
            if self.block(values) {
                return RunEnd::Widen;
            }
            if let Some(stop) = self.after_block(values) {
                return RunEnd::Done(stop);
            }
        }
        RunEnd::Done(Stop::Reached)
    }

    /// After each block: the period, the progress bar, the work budget, Ctrl-C.
    fn after_block<T: Cell>(&mut self, values: &[T]) -> Option<Stop> {
        if let Some(proof) = self.tracker.as_mut().and_then(|t| t.advance(values)) {
            self.proved = Some(proof);
            if !self.request.past_proof {
                return Some(Stop::Proved);
            }
            self.tracker = None;
        }
        self.request.watch.computed(values.len() as u64);
        if values.len() <= self.request.to {
            if self
                .request
                .work_limit
                .is_some_and(|limit| self.work > limit)
            {
                return Some(Stop::WorkLimit);
            }
            if self.request.interrupted() {
                return Some(Stop::Interrupted);
            }
        }
        None
    }

    fn push<T: Cell>(&mut self, values: &mut Vec<T>, value: u32) {
        let n = values.len();
        values.push(T::new(value));
        let slot = value as usize;
        if slot >= self.histogram.len() {
            self.histogram.resize(slot + 1, 0);
        }
        self.histogram[slot] += 1;
        self.largest = self.largest.max(value);
        if let Mode::Sparse(mask) = self.mode
            && n >= 1
            && !parity(value, mask)
        {
            self.rare.push(n);
        }
    }

    /// The bit-set size (a power of two, at least 64) that holds every nim-sum of values so far.
    fn capacity(&self) -> usize {
        (self.largest as usize + 1).next_power_of_two().max(64)
    }

    /// G(n) by scanning every option (small n).
    fn value_by_scan<T: Cell>(&mut self, values: &[T], n: usize) -> u32 {
        let mut set = vec![0u64; self.capacity() / 64];
        let moves = &self.moves;
        for &k in &moves.take_all {
            if n == k {
                mark(&mut set, 0);
            }
        }
        for &k in &moves.singles {
            if n > k {
                mark(&mut set, values[n - k].get());
            }
        }
        for &k in &moves.splits {
            if n < k + 2 {
                continue;
            }
            let r = n - k;
            for a in 1..=r / 2 {
                if moves.distinct && 2 * a == r {
                    continue;
                }
                mark(&mut set, values[a].get() ^ values[r - a].get());
            }
            self.work += (r / 2) as u128;
        }
        first_missing(&set, |_| !0)
    }

    /// Chooses the method and mask from the values so far (see the module doc).
    fn review<T: Cell>(&mut self, values: &[T]) {
        let bits = 32 - self.largest.leading_zeros();
        let mut mode = Mode::Dense;
        if bits <= 12 && !self.moves.splits.is_empty() {
            let mut best = (u64::MAX, 0);
            for mask in 1..1u32 << bits {
                let rare: u64 = self
                    .histogram
                    .iter()
                    .enumerate()
                    .filter(|&(value, _)| !parity(value as u32, mask))
                    .map(|(_, &count)| count)
                    .sum();
                if rare < best.0 {
                    best = (rare, mask);
                }
            }
            if best.0.saturating_mul(8) < values.len() as u64 {
                mode = Mode::Sparse(best.1);
            }
        }
        if mode != self.mode {
            self.mode = mode;
            self.rare.clear();
            if let Mode::Sparse(mask) = mode {
                self.rare
                    .extend((1..values.len()).filter(|&a| !parity(values[a].get(), mask)));
            }
        }
    }

    /// Computes one block of positions; true when a value does not fit `T`.
    fn block<T: Cell>(&mut self, values: &mut Vec<T>) -> bool {
        let n0 = values.len();
        let longest = match self.mode {
            Mode::Dense => 1024,
            Mode::Sparse(_) => 16384,
        };
        let len = (n0 / 4).min(longest).min(self.request.to + 1 - n0).max(1);
        let cap = self.capacity();
        let words = cap / 64;
        let mut seen = vec![0u64; len * words];
        let rare_before = self.rare.len();
        let clock = Instant::now();
        let parity_words: Vec<u64> = match self.mode {
            Mode::Dense => Vec::new(),
            Mode::Sparse(mask) => (0..words)
                .map(|w| {
                    (0..64).fold(0u64, |word, bit| {
                        word | (u64::from(parity((w * 64 + bit) as u32, mask)) << bit)
                    })
                })
                .collect(),
        };
        {
            let parity_words = &parity_words[..];
            let finished: &[T] = values;
            let moves = &self.moves;
            let rare = &self.rare[..];
            let mode = self.mode;
            let chunk = 64;
            let run = |(index, sets): (usize, &mut [u64])| {
                let c0 = n0 + index * chunk;
                let c1 = c0 + sets.len() / words;
                parallel_phase(
                    finished,
                    moves,
                    mode,
                    rare,
                    c0,
                    c1,
                    sets,
                    words,
                    parity_words,
                )
            };
            // Small blocks stay on this thread: waking the pool costs more than they take.
            let pairs: u64 = if self.pairs_per_position.saturating_mul(len as u64) < PARALLEL_WORK {
                seen.chunks_mut(chunk * words).enumerate().map(run).sum()
            } else {
                seen.par_chunks_mut(chunk * words)
                    .enumerate()
                    .map(run)
                    .sum()
            };
            self.pairs_per_position = pairs / len as u64;
            self.work += u128::from(pairs);
        }
        self.timing[0] += clock.elapsed();
        let clock = Instant::now();
        for i in 0..len {
            let n = n0 + i;
            let set = &mut seen[i * words..(i + 1) * words];
            let value = self.sequential_phase(values, n, n0, rare_before, set, &parity_words);
            if value > T::MAX {
                return true;
            }
            self.push(values, value);
            if value as usize >= cap {
                break;
            }
        }
        self.timing[1] += clock.elapsed();
        false
    }

    /// The options of n that involve the block, then the mex.
    fn sequential_phase<T: Cell>(
        &mut self,
        values: &[T],
        n: usize,
        n0: usize,
        rare_before: usize,
        set: &mut [u64],
        parity_words: &[u64],
    ) -> u32 {
        let moves = &self.moves;
        let g = |i: usize| values[i].get();
        for &k in &moves.take_all {
            if n == k {
                mark(set, 0);
            }
        }
        for &k in &moves.singles {
            if n > k {
                mark(set, g(n - k));
            }
        }
        let mut scanned = 0u128;
        for &k in &moves.splits {
            if n < k + 2 {
                continue;
            }
            let r = n - k;
            match self.mode {
                Mode::Dense => {
                    let a_lo = (r + 1).saturating_sub(n0).max(1);
                    for a in 1..a_lo.min(r / 2 + 1) {
                        if moves.distinct && 2 * a == r {
                            continue;
                        }
                        mark(set, g(a) ^ g(r - a));
                    }
                    scanned += a_lo as u128;
                }
                Mode::Sparse(_) => {
                    for &a in self.rare[..rare_before]
                        .iter()
                        .take_while(|&&a| a + n0 <= r)
                    {
                        mark(set, g(a) ^ g(r - a));
                    }
                    for &a in self.rare[rare_before..].iter().take_while(|&&a| a < r) {
                        if moves.distinct && 2 * a == r {
                            continue;
                        }
                        mark(set, g(a) ^ g(r - a));
                    }
                }
            }
        }
        let value = match self.mode {
            Mode::Dense => first_missing(set, |_| !0),
            Mode::Sparse(_) => {
                let common = first_missing(set, |w| parity_words[w]);
                if rare_covered(set, parity_words, common) {
                    common
                } else {
                    // A rare value below `common` is still unseen: scan every pair.
                    self.fallbacks += 1;
                    self.fallback_pairs -= scanned as u64;
                    let mut done = false;
                    'scan: for &k in &moves.splits {
                        if n < k + 2 {
                            continue;
                        }
                        let r = n - k;
                        for a in 1..=r / 2 {
                            if moves.distinct && 2 * a == r {
                                continue;
                            }
                            mark(set, g(a) ^ g(r - a));
                            scanned += 1;
                            if scanned.is_multiple_of(32) && rare_covered(set, parity_words, common)
                            {
                                done = true;
                                break 'scan;
                            }
                        }
                    }
                    self.fallback_pairs += scanned as u64;
                    if done || rare_covered(set, parity_words, common) {
                        common
                    } else {
                        first_missing(set, |_| !0)
                    }
                }
            }
        };
        self.work += scanned;
        value
    }
}

/// The pairs of the positions `c0..c1` whose parts are both finished (below `finished.len()`),
/// marked in each position's bit set of `words` words. Dense: all of them (stopping early when
/// every value is seen). Sparse: every rare pair, then ordinary pairs outwards from the middle
/// (both parts large, so mostly common, with varied values) until every rare value below the
/// second-least missing common value is seen — the mex is then decided unless the position's
/// own block adds two common values, which the sequential phase checks.
#[allow(clippy::too_many_arguments)]
fn parallel_phase<T: Cell>(
    finished: &[T],
    moves: &Moves,
    mode: Mode,
    rare: &[usize],
    c0: usize,
    c1: usize,
    sets: &mut [u64],
    words: usize,
    parity_words: &[u64],
) -> u64 {
    let n0 = finished.len();
    let mut pairs = 0u64;
    if mode == Mode::Dense {
        // Values seen are stamped with the position (a plain store per pair, no read-modify-write),
        // then gathered into the position's bit set.
        let mut stamps = vec![u32::MAX; words * 64];
        for n in c0..c1 {
            let stamp = (n - c0) as u32;
            let mut stamped = 0usize;
            for &k in moves.splits.iter().filter(|&&k| n >= k + 2) {
                let r = n - k;
                let top = moves.top(r);
                let mut a = (r + 1).saturating_sub(n0).max(1);
                while a <= top {
                    let stop = top.min(a + 1023);
                    let left = &finished[a..=stop];
                    let right = &finished[r - stop..=r - a];
                    for (x, y) in left.iter().zip(right.iter().rev()) {
                        stamps[(x.get() ^ y.get()) as usize] = stamp;
                    }
                    pairs += (stop + 1 - a) as u64;
                    stamped += stop + 1 - a;
                    a = stop + 1;
                    // Every value below the bit set's size seen: the mex is decided.
                    if stamped >= stamps.len() && stamps.iter().all(|&s| s == stamp) {
                        break;
                    }
                }
            }
            let set = &mut sets[(n - c0) * words..(n - c0 + 1) * words];
            for (v, &s) in stamps.iter().enumerate() {
                if s == stamp {
                    set[v >> 6] |= 1 << (v & 63);
                }
            }
        }
        return pairs;
    }
    for &k in &moves.splits {
        if c1 < k + 3 {
            continue;
        }
        // A rare a pairs with b = n − k − a, finished when 1 <= b < n0.
        let lo = c0.saturating_sub(k + n0 - 1).max(1);
        let hi = c1 - 1 - k - 1;
        let start = rare.partition_point(|&a| a < lo);
        for &a in rare[start..].iter().take_while(|&&a| a <= hi) {
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
    for n in c0..c1 {
        let set = &mut sets[(n - c0) * words..(n - c0 + 1) * words];
        // The position's own block adds at most one value per single-heap move: cover the rare
        // values below the common value that is least missing after those.
        let bound = nth_missing(set, parity_words, 1 + moves.singles.len() as u32);
        for (w, word) in need.iter_mut().enumerate() {
            *word = !parity_words[w] & below(bound, w);
        }
        if covers(set, &need) {
            continue;
        }
        'splits: for &k in &moves.splits {
            if n < k + 2 {
                continue;
            }
            let r = n - k;
            let top = moves.top(r);
            let mut a = (r + 1).saturating_sub(n0).max(1);
            while a <= top {
                let stop = top.min(a + 63);
                mark_pairs(finished, r, a, stop, set);
                pairs += (stop + 1 - a) as u64;
                if covers(set, &need) {
                    break 'splits;
                }
                a = stop + 1;
            }
        }
    }
    pairs
}

/// Marks G(a) ⊕ G(r − a) in `set` for a in `lo..=hi` (all below `values.len()`).
#[inline(always)]
fn mark_pairs<T: Cell>(values: &[T], r: usize, lo: usize, hi: usize, set: &mut [u64]) {
    let left = &values[lo..=hi];
    let right = &values[r - hi..=r - lo];
    for (x, y) in left.iter().zip(right.iter().rev()) {
        let v = x.get() ^ y.get();
        set[(v >> 6) as usize] |= 1 << (v & 63);
    }
}

/// Whether `set` has every bit of `need`.
#[inline(always)]
fn covers(set: &[u64], need: &[u64]) -> bool {
    set.iter().zip(need).all(|(&seen, &need)| need & !seen == 0)
}

/// The bits of word `w` below `bound`.
fn below(bound: u32, w: usize) -> u64 {
    let start = w as u32 * 64;
    if bound >= start + 64 {
        !0
    } else if bound <= start {
        0
    } else {
        (1u64 << (bound - start)) - 1
    }
}

/// Whether every rare value below `bound` is marked in `set`.
fn rare_covered(set: &[u64], parity_words: &[u64], bound: u32) -> bool {
    set.iter()
        .zip(parity_words)
        .enumerate()
        .all(|(w, (&seen, &common))| !seen & !common & below(bound, w) == 0)
}

/// The `nth` least common value not marked in `set` (1-based), or the set's size.
fn nth_missing(set: &[u64], parity_words: &[u64], nth: u32) -> u32 {
    let mut left = nth;
    for (w, (&seen, &common)) in set.iter().zip(parity_words).enumerate() {
        let mut missing = !seen & common;
        while missing != 0 {
            left -= 1;
            if left == 0 {
                return w as u32 * 64 + missing.trailing_zeros();
            }
            missing &= missing - 1;
        }
    }
    (set.len() * 64) as u32
}
