//! The engine's driver: G(0), G(1), … of a rule whose moves take and leave at most two heaps,
//! the first positions one by one, then block by block (the engine module's doc): the method and
//! the common sets chosen and re-chosen as the values come in, each block's parallel phase
//! ([`Plan`]) and sequential phase, the sparse one beside the next block's parallel phase, the
//! values widened when one outgrows their type, and the period, the budget and Ctrl-C looked at
//! after each block.

use super::bits::{first_missing, mark};
use super::dense;
use super::kernels;
use super::method::{Method, Stop};
use super::moves::Moves;
use super::period::{PeriodTracker, ProvedPeriod};
use super::plan::{Mode, Plan, Prepared, by_words};
use super::request::Request;
use super::rule::CompiledRule;
use super::sparse;
#[cfg(test)]
use super::sparse::Classes;
use super::table::{Cell, Table};
use super::tuning::{Tuning, sparse_block_len};
use super::values::Values;
use std::time::{Duration, Instant};

/// What `work` returns, and how long it took.
fn timed<R>(work: impl FnOnce() -> R) -> (R, Duration) {
    let clock = Instant::now();
    let result = work();
    (result, clock.elapsed())
}

/// Positions below this are computed one by one, all pairs scanned.
const SMALL: usize = 128;

/// The engine's state, kept across value-type widenings.
pub(super) struct Engine<'a> {
    moves: Moves,
    tracker: Option<PeriodTracker>,
    request: &'a Request<'a>,
    /// How many positions x ≥ 1 have each encoding 2·G(x) + (x & 1).
    encodings: Vec<u64>,
    largest: u32,
    mode: Mode,
    /// Positions a ≥ 1 rare for each class of split moves (sparse mode), ascending.
    rare: [Vec<usize>; 2],
    next_review: usize,
    /// Rare positions at the last review.
    rare_at_review: usize,
    work: u128,
    proved: Option<ProvedPeriod>,
    timing: [Duration; 2],
    /// Of the sequential time, the time of the sequential phases that ran beside the next
    /// block's parallel phase, and of those parallel phases (with the period tracker).
    side_by_side: [Duration; 2],
    /// Common sets chosen (the rare lists rebuilt).
    rebuilds: u64,
    /// Positions whose coverage scan had to resume in the sequential phase, and its pairs.
    fallbacks: u64,
    fallback_pairs: u64,
    /// The cap of the parallel coverage scans, the guess, the overlap of the phases.
    pub(super) tuning: Tuning,
    /// Positions whose parallel coverage scan stopped at the cap, and the pairs of their
    /// sequential scans.
    capped: u64,
    capped_pairs: u64,
    /// Pairs per position in the last block's parallel phase, and in both its phases.
    pairs_per_position: u64,
    block_pairs_per_position: u64,
    /// The pair-scan kernels (AVX2 when the processor has it; the tests force the scalar ones).
    pub(super) kernels: kernels::Kernels,
    /// Common sets imposed instead of chosen (the tests: values never depend on them).
    #[cfg(test)]
    pub(super) forced: Option<Classes>,
    /// The next block's parallel phase, run beside this one's sequential phase (sparse mode).
    pending: Option<Prepared>,
    /// Blocks whose sequential phase ran beside the next block's parallel phase.
    overlapped: u64,
    /// What the period tracker found when it ran beside the block just computed (`None`: it
    /// did not).
    tracked: Option<Option<ProvedPeriod>>,
}

/// How a typed run ended.
enum RunEnd {
    /// Done, for this reason.
    Done(Stop),
    /// A value does not fit the cell type: widen and carry on.
    Widen,
}

impl<'a> Engine<'a> {
    pub(super) fn new(
        moves: Moves,
        tracker: Option<PeriodTracker>,
        request: &'a Request<'a>,
    ) -> Engine<'a> {
        Engine {
            moves,
            tracker,
            request,
            encodings: Vec::new(),
            largest: 0,
            mode: Mode::Dense,
            rare: [Vec::new(), Vec::new()],
            next_review: SMALL,
            rare_at_review: 0,
            work: 0,
            proved: None,
            timing: [Duration::ZERO; 2],
            side_by_side: [Duration::ZERO; 2],
            rebuilds: 0,
            fallbacks: 0,
            fallback_pairs: 0,
            tuning: Tuning::new(),
            capped: 0,
            capped_pairs: 0,
            pairs_per_position: 0,
            block_pairs_per_position: 0,
            kernels: kernels::Kernels::detect(),
            #[cfg(test)]
            forced: None,
            pending: None,
            overlapped: 0,
            tracked: None,
        }
    }

    fn rare_total(&self) -> usize {
        self.rare[0].len() + self.rare[1].len()
    }

    fn method(&self) -> Method {
        match self.mode {
            Mode::Dense => Method::Dense,
            Mode::Sparse(classes) => Method::Sparse {
                classes: std::array::from_fn(|d| classes[d].map(|set| (set, self.rare[d].len()))),
            },
        }
    }

    pub(super) fn run(mut self, rule: CompiledRule) -> Values {
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
                    let positions = table.len() as u128;
                    self.request.watch.engine_statistics(&format!(
                        "stats: {} | pair visits {} ({} per position) | common sets chosen {} \
                         times | resumed scans {} ({} pairs) | capped parallel scans {} ({} \
                         sequential pairs; last cap {}) | guessing blocks {} (paused {}) | \
                         overlapped blocks {} | parallel alone {:.3?} sequential {:.3?} (side \
                         by side: the sequential side {:.3?}, the parallel side {:.3?}) total \
                         {:.3?}",
                        self.method(),
                        self.work,
                        self.work / positions.max(1),
                        self.rebuilds,
                        self.fallbacks,
                        self.fallback_pairs,
                        self.capped,
                        self.capped_pairs,
                        self.tuning.scan_cap,
                        self.tuning.guessing_blocks[0],
                        self.tuning.guessing_blocks[1],
                        self.overlapped,
                        self.timing[0],
                        self.timing[1],
                        self.side_by_side[0],
                        self.side_by_side[1],
                        start.elapsed()
                    ));
                    return Values {
                        rule,
                        table,
                        period,
                        stop,
                        work: self.work,
                        method: self.method(),
                        failure: None,
                    };
                }
                RunEnd::Widen => table = table.widen(),
            }
        }
    }

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
            // Review at every doubling, and whenever rare positions have kept appearing.
            let grown = self.rare_total() > self.rare_at_review + (self.rare_at_review / 8).max(16);
            if n0 >= self.next_review || grown {
                self.review(values);
                if n0 >= self.next_review {
                    self.next_review = n0.saturating_mul(2);
                }
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
    /// (The period tracker has been moved on already, up to the block's start, when the block
    /// ran beside it: then only a proof it found is taken here.)
    fn after_block<T: Cell>(&mut self, values: &[T]) -> Option<Stop> {
        let proof = match self.tracked.take() {
            Some(proof) => proof,
            None => self.tracker.as_mut().and_then(|t| t.advance(values)),
        };
        if let Some(proof) = proof {
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
        self.largest = self.largest.max(value);
        if n == 0 {
            return;
        }
        let encoding = ((value as usize) << 1) | (n & 1);
        if encoding >= self.encodings.len() {
            self.encodings.resize(encoding + 1, 0);
        }
        self.encodings[encoding] += 1;
        if let Mode::Sparse(classes) = self.mode {
            for (d, set) in classes.iter().enumerate() {
                if set.is_some_and(|set| !set.common(d, n, value)) {
                    self.rare[d].push(n);
                }
            }
        }
    }

    /// Records a sparse block's values (what [`Engine::push`] does value by value, in passes).
    fn record<T: Cell>(&mut self, values: &mut Vec<T>, computed: &sparse::Computed) {
        values.extend(computed.values.iter().map(|&value| T::new(value)));
        let largest = computed.values.iter().copied().max().unwrap_or(0);
        self.largest = self.largest.max(largest);
        if computed.encodings.len() > self.encodings.len() {
            self.encodings.resize(computed.encodings.len(), 0);
        }
        for (total, &count) in self.encodings.iter_mut().zip(&computed.encodings) {
            *total += count;
        }
        for (rare, found) in self.rare.iter_mut().zip(&computed.found) {
            rare.extend_from_slice(found);
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
        moves.mark_single_heap_options(n, |x| values[x].get(), &mut set);
        for (_, r) in moves.splits_of(n) {
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

    /// Chooses the method and the common sets from the values so far ([`sparse`]'s doc): the
    /// set of each class leaving the fewest rare positions, kept unless another leaves clearly
    /// fewer (so that the rare lists are rebuilt rarely).
    fn review<T: Cell>(&mut self, values: &[T]) {
        let bits = 32 - self.largest.leading_zeros();
        let active = [0, 1].map(|d| self.moves.splits.iter().any(|&k| k % 2 == d));
        let mut mode = Mode::Dense;
        if bits <= 12 && active.contains(&true) {
            let h = sparse::transform(&self.encodings, bits);
            let current = match self.mode {
                Mode::Sparse(current) => Some(current),
                Mode::Dense => None,
            };
            if let Some(classes) = sparse::choose_classes(&h, active, current, values.len() as u64)
            {
                mode = Mode::Sparse(classes);
            }
        }
        #[cfg(test)]
        if let Some(forced) = self.forced {
            mode = Mode::Sparse([0, 1].map(|d| forced[d].filter(|_| active[d])));
        }
        if mode != self.mode {
            self.mode = mode;
            self.rebuilds += 1;
            for d in 0..2 {
                self.rare[d].clear();
                if let Mode::Sparse(classes) = mode
                    && let Some(set) = classes[d]
                {
                    self.rare[d]
                        .extend((1..values.len()).filter(|&a| !set.common(d, a, values[a].get())));
                }
            }
        }
        self.rare_at_review = self.rare_total();
    }

    /// The length of the block starting at `n0`: a quarter of `n0`, at most 1,024 positions
    /// (dense) or [`sparse_block_len`] (sparse), and not past the last position asked for.
    fn block_len(&self, n0: usize) -> usize {
        let longest = match self.mode {
            Mode::Dense => 1024,
            Mode::Sparse(_) => sparse_block_len(self.block_pairs_per_position),
        };
        (n0 / 4).min(longest).min(self.request.to + 1 - n0).max(1)
    }

    /// What the parallel phases read of the engine.
    fn plan(&self) -> Plan<'_> {
        Plan {
            moves: &self.moves,
            rare: [&self.rare[0][..], &self.rare[1][..]],
            mode: self.mode,
            kernels: self.kernels,
            scan_cap: self.tuning.scan_cap,
            speculate: self.tuning.speculate,
            pairs_per_position: self.pairs_per_position,
        }
    }

    /// Computes one block of positions; true when a value does not fit `T`.
    fn block<T: Cell>(&mut self, values: &mut Vec<T>) -> bool {
        let n0 = values.len();
        let words = self.capacity() / 64;
        let clock = Instant::now();
        // A phase prepared beside the block before keeps the length chosen then.
        let mut prepared = match self.pending.take() {
            Some(pending)
                if pending.n0 == n0 && pending.words == words && pending.mode == self.mode =>
            {
                pending
            }
            _ => {
                let len = self.block_len(n0);
                let prepared = self.plan().prepare(values, n0, len, words);
                self.timing[0] += clock.elapsed();
                prepared
            }
        };
        let len = prepared.resume.len();
        self.pairs_per_position = prepared.pairs / len as u64;
        self.work += u128::from(prepared.pairs);
        let Mode::Sparse(classes) = self.mode else {
            return self.dense_sequential(values, &mut prepared);
        };
        let clock = Instant::now();
        let safe = sparse::safe_words(&classes, words);
        let next = n0 + len;
        let sequential = |plan: Plan<'_>, table: &[T], prepared: &mut Prepared| {
            by_words!(
                words,
                sparse::sequential_block::<T>(
                    table,
                    plan.moves,
                    &classes,
                    plan.rare,
                    prepared.rare_before,
                    prepared.finished,
                    &mut prepared.seen,
                    &prepared.resume,
                    &safe,
                    plan.kernels,
                )
            )
        };
        // The next block's parallel phase beside this one's sequential phase, from the values
        // below this block (module doc, *Both cores*).
        let overlap = next <= self.request.to && self.tuning.overlap_wanted();
        self.tuning.overlap_pause = self.tuning.overlap_pause.saturating_sub(1);
        let computed = if overlap {
            let next_len = self.block_len(next);
            // The period tracker goes along too, over the values below this block (a proof
            // is then found at most one block late; the values past it are dropped).
            let mut tracker = self.tracker.take();
            let plan = self.plan();
            let table: &[T] = values;
            let (sequential_side, parallel_side) = rayon::join(
                || timed(|| sequential(plan, table, &mut prepared)),
                || {
                    timed(|| {
                        rayon::join(
                            || plan.prepare(table, next, next_len, words),
                            || tracker.as_mut().and_then(|t| t.advance(table)),
                        )
                    })
                },
            );
            let ((computed, sequential_time), ((pending, proof), parallel_time)) =
                (sequential_side, parallel_side);
            self.side_by_side[0] += sequential_time;
            self.side_by_side[1] += parallel_time;
            self.tracker = tracker;
            self.tracked = Some(proof);
            self.pending = Some(pending);
            self.overlapped += 1;
            computed
        } else {
            sequential(self.plan(), values, &mut prepared)
        };
        self.timing[1] += clock.elapsed();
        self.work += u128::from(computed.pairs);
        self.block_pairs_per_position = (prepared.pairs + computed.pairs) / len as u64;
        self.tuning.adjust_overlap(&prepared, &computed);
        self.fallbacks += computed.resumed.0;
        self.fallback_pairs += computed.resumed.1;
        self.capped += computed.capped.0;
        self.capped_pairs += computed.capped.1;
        self.record(values, &computed);
        if computed.widen {
            self.pending = None;
            return true;
        }
        self.tuning.adjust_scan_cap(computed.capped_common);
        self.tuning.adjust_speculation(
            true,
            computed.values.len() as u64,
            computed.speculative_bound,
            prepared.speculate,
            computed.resumed,
            computed.guess_pairs,
        );
        false
    }

    /// The sequential phase of a dense block: the single-heap options and the pairs with a
    /// part inside the block, position by position; true when a value does not fit `T`.
    fn dense_sequential<T: Cell>(&mut self, values: &mut Vec<T>, prepared: &mut Prepared) -> bool {
        let clock = Instant::now();
        let (n0, words) = (prepared.n0, prepared.words);
        for i in 0..prepared.resume.len() {
            let n = n0 + i;
            let set = &mut prepared.seen[i * words..(i + 1) * words];
            let moves = &self.moves;
            moves.mark_single_heap_options(n, |x| values[x].get(), set);
            self.work += dense::in_block(values, moves, n, n0, set);
            let value = first_missing(set, |_| !0);
            if value > T::MAX {
                return true;
            }
            self.push(values, value);
            if value as usize >= words * 64 {
                break;
            }
        }
        self.timing[1] += clock.elapsed();
        let sparse_mode = matches!(self.mode, Mode::Sparse(_));
        let positions = (values.len() - n0) as u64;
        self.tuning
            .adjust_speculation(sparse_mode, positions, 0, 0, (0, 0), 0);
        false
    }
}
