//! The fast engine behind [`Values`]: G(0), G(1), … of a heap rule.
//!
//! **Methods**, one file each behind the driver of this file (the way Beling's `ogs` keeps one
//! solver per file):
//!
//! * `sparse` — the sparse-space ("rare/common") method, with common sets over the value bits
//!   and the heap's parity, chosen by a Walsh–Hadamard transform and re-chosen as rare values
//!   appear: about #rare pairs per position instead of n;
//! * `dense` — every pair scanned, stopping when the mex is decided (values not sparse);
//! * `naive` — the straightforward table over the rule's options, for rules whose moves are
//!   not "take, then leave at most two heaps".
//!
//! G(n) is the mex of the option values: 0 for a take-all move, G(n − k) for a move leaving one
//! heap, G(a) ⊕ G(b) for a split of n − k into a + b. The splits are the work: about n/2 pairs
//! per split move per position. The driver chooses between sparse and dense as the values come
//! in (sparse when the best common sets leave fewer than 1/8 of the positions rare).
//!
//! **Both cores.** Positions are computed in blocks [N, N + B). Everything that reads only
//! finished values — the pairs with both parts below N: the rare pairs, the first pairs of the
//! coverage scan, or (dense) almost all pairs — is computed for the whole block at once on all
//! cores (rayon), each position getting a bit set of values seen. The few pairs with a part inside
//! the block, the single-heap options and the rest of the scan follow in order, position by
//! position.
//!
//! **The phases side by side** (sparse method). The sequential phase is one core's work, and on
//! a game such as 0.1777 it takes as long as the parallel one. So while it runs, the *next*
//! block's parallel phase runs beside it (`rayon::join`; the core that finishes first helps with
//! the rest of the parallel work), taking as finished only the values below the current block:
//! the pairs of the next block with a part in the current one move to its own sequential phase
//! (a coverage scan starts at the first a whose pair is below that boundary; the rare pairs with
//! a part at or past it are marked in the sequential phase). Meanwhile the table is only read:
//! the sequential phase writes its values to a run of its own (`sparse::Parts`), recorded once
//! both phases are done. A prepared phase is used only if the next block is the one it was
//! prepared for — same start and length, same bit-set size, same common sets — and is computed
//! again otherwise (a value that outgrew the sets, a new common set, a wider value type). The
//! ring mode does the same past its prefix. Measured on 0.1777 to 2·10^7 (the old and new
//! binaries one after the other, nothing else running): 4.85 s → 3.27 s wall, the CPU time the
//! same (5.8 s and 5.5 s).
//!
//! **Kernels.** The pair scans — the coverage scan, the rare pairs of the sequential phase and
//! the dense scan — go through `kernels`: AVX2 versions chosen at run time
//! (`is_x86_feature_detected!`, the binary stays portable) and scalar ones elsewhere. For u8
//! values the AVX2 kernels xor sixteen pairs at a time (the second run reversed by a shuffle)
//! and keep the position's bit set of at most 256 values in a register, one table load per
//! value, instead of a read-modify-write of a small bit set in memory, which chains each pair to
//! the last through the store; for u16 values below 512 the coverage scan keeps a 512-bit set
//! in four registers, and the dense scan's xors and the four-heap rare pairs are vectorised. The
//! sequential phase's scans, which need only the values below their g, look for the last few
//! unseen ones by vector compares (`kernels::scan_for_need`). Both versions visit the same
//! pairs; the tests compare them value for value and on the pair visits.
//!
//! **No quadratic cliff.** A parallel coverage scan stops after a cap of pairs that adapts to
//! the game ([`sparse`]'s doc): on 0.376, whose late values pair into the needed ones only with a
//! few small heaps out of the parallel phase's reach, the uncapped scans grew to 10^6 pairs a
//! position.
//!
//! **Why the sequential phase can stay long.** When the rare positions are all small (0.354:
//! 131 per class, all below 1,200), a rare a pairs with a b = n − k − a *inside* the block for
//! almost every position of a block of 4,096 or more: those pairs, about #rare per position,
//! depend on the values just computed, on one core, as does the rest of a coverage scan that
//! the block's options made longer. Such a game's work is mostly sequential by nature (as it
//! is for ogsolve). Two things make it cheaper. The rare pairs with a + k ≥ 4 are marked four
//! heaps at a time (`kernels::mark_rare_lanes`: G(m − k − a .. m − k − a + 4) are all known
//! before heap m, and one vector instruction places four values in four heaps' bit sets), about
//! a fifth of the instructions of marking them one by one. And the parallel phase *guesses* ([`sparse`]'s
//! doc): it covers the non-safe values below a bound that most of the last block's values stay
//! under, not only below the g it knows, so that most positions need no scan in the sequential
//! phase — paused on the games where the guesses do not pay.
//!
//! **Statistics.** The pairs visited ("work", the count `ogsolve` prints as breaking iterations)
//! are counted exactly and reported with the method, the rare positions, the re-choices of the
//! common sets, the scans that had to go past the parallel phase and those stopped at the cap
//! (with the last cap), through the request's observer ([`Watch::engine_statistics`]);
//! `grundy table --stats` prints them.
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
//! [`Progress`] observer, never straight to a terminal.

mod bits;
mod dense;
pub mod error;
mod kernels;
mod method;
mod moves;
mod naive;
pub mod period;
pub mod progress;
pub mod report;
mod request;
pub mod ring;
pub mod rule;
mod sparse;
mod table;
pub mod values;

pub use method::{Method, Stop};
pub use table::{Cell, Table};

use bits::{first_missing, mark};
use error::FamilyError;
use moves::Moves;
use period::{PeriodTracker, ProvedPeriod};
use progress::Progress;
use rayon::prelude::*;
use request::{PARALLEL_WORK, Request};
use rule::{CompiledRule, MoveSet};
pub use sparse::CommonSet;
use sparse::{Classes, Resume};
use std::time::{Duration, Instant};
use values::{Limits, Values};

/// Computes G(0..=limits.to) of `rule`, stopping early at a proved period.
pub(crate) fn compute<P: Progress>(rule: CompiledRule, limits: &Limits<'_, P>) -> Values {
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
            None => naive::naive(rule, tracker, &request),
        }
    };
    watch.finished();
    values
}

impl Values {
    /// The values of a compiled rule up to `limits.to`, as [`compute`]; an external
    /// rule's failure is an error. The options of an external rule's heaps up to `limits.to`
    /// are computed first, in one call (one time limit), failing before any value is.
    pub(crate) fn compute_compiled<P: Progress>(
        rule: CompiledRule,
        limits: &Limits<'_, P>,
    ) -> Result<Values, FamilyError> {
        match rule.moves() {
            MoveSet::External(external) => {
                external.options(limits.to)?;
            }
            MoveSet::Finite(_) | MoveSet::AllBut(_) => {}
        }
        let mut values = compute(rule, limits);
        match values.failure.take() {
            Some(failure) => Err(failure),
            None => Ok(values),
        }
    }
}

/// What `work` returns, and how long it took.
fn timed<R>(work: impl FnOnce() -> R) -> (R, Duration) {
    let clock = Instant::now();
    let result = work();
    (result, clock.elapsed())
}

/// The work a sparse block aims at, in pairs ([`sparse_block_len`]).
const BLOCK_PAIRS: u64 = 1 << 21;
/// The shortest and longest sparse blocks.
const SPARSE_BLOCKS: (usize, usize) = (4096, 16384);

/// The length of a sparse block when the last one visited `pairs_per_position` pairs a
/// position (both phases; 0 before the first): [`BLOCK_PAIRS`] of work, rounded to a power of
/// two and kept within [`SPARSE_BLOCKS`]. A block has fixed costs (the pool woken, the period
/// tracker, the sets allocated), which want long blocks where a position takes few pairs
/// (0.1777: 138), and its in-block pairs — those the sequential phase must visit, about half
/// the block's length a position — grow with its length, which games with thousands of pairs
/// a position pay for. Single runs: to 2^21, 0.6 took 10.1 s with blocks of 16,384 and 7.7 s
/// with 4,096 (2,048: 9.2 s); 0.376 9.4 s and 7.4 s to its proof; 0.1777 to 5·10^7 6.8 s and
/// 8.6 s (then with a progress bar that cost about 0.09 ms a block, since mended).
fn sparse_block_len(pairs_per_position: u64) -> usize {
    let (shortest, longest) = SPARSE_BLOCKS;
    if pairs_per_position == 0 {
        return longest;
    }
    let ideal = usize::try_from(BLOCK_PAIRS / pairs_per_position).unwrap_or(longest);
    (ideal / 4 * 3).next_power_of_two().clamp(shortest, longest)
}

/// Positions below this are computed one by one, all pairs scanned.
const SMALL: usize = 128;
/// The cap of the parallel coverage scans before any has been measured, its least value, and
/// how many capped common positions a block needs for its scans to re-set it.
const FIRST_SCAN_CAP: usize = 8192;
const LEAST_SCAN_CAP: usize = 512;
const CAP_SAMPLE: u64 = 16;
/// Every this many guessed blocks, one is prepared without a guess to re-measure what guessing
/// saves ([`Engine::adjust_speculation`]).
const PROBE_EVERY: u32 = 64;

/// Which method, and for the sparse one the common sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Mode {
    Dense,
    Sparse(Classes),
}

/// The engine's state, kept across value-type widenings.
struct Engine<'a> {
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
    /// The most pairs a position's coverage scan visits in the parallel phase (sparse mode):
    /// re-set after every block from what the capped scans cost in the sequential phase.
    scan_cap: usize,
    /// The bound of the parallel coverage scans' guess ([`sparse::speculative_bound`] of the
    /// last block).
    speculate: u32,
    /// The positions and resumed pairs of the last block prepared without a guess.
    unguessed_rate: Option<(u64, u64)>,
    /// Blocks guessed since the last one prepared without a guess.
    guessed_in_a_row: u32,
    /// Sparse blocks whose parallel phase guessed, and those whose guessing was paused.
    guessing_blocks: [u64; 2],
    /// Blocks left without a guess, and the length of the last pause.
    speculation_pause: u32,
    speculation_backoff: u32,
    /// Positions whose parallel coverage scan stopped at the cap, and the pairs of their
    /// sequential scans (in total, and in the current block for the common ones).
    capped: u64,
    capped_pairs: u64,
    block_capped: (u64, u64),
    /// Pairs per position in the last block's parallel phase, and in both its phases.
    pairs_per_position: u64,
    block_pairs_per_position: u64,
    /// The pair-scan kernels (AVX2 when the processor has it; the tests force the scalar ones).
    kernels: kernels::Kernels,
    /// Common sets imposed instead of chosen (the tests: values never depend on them).
    #[cfg(test)]
    forced: Option<Classes>,
    /// A cap of the parallel coverage scans imposed instead of adjusted (the tests).
    #[cfg(test)]
    forced_scan_cap: Option<usize>,
    /// No guessing at all (the tests: values never depend on it).
    #[cfg(test)]
    no_guess: bool,
    /// The next block's parallel phase, run beside this one's sequential phase (sparse mode).
    pending: Option<Prepared>,
    /// Blocks whose sequential phase ran beside the next block's parallel phase.
    overlapped: u64,
    /// What the period tracker found when it ran beside the block just computed (`None`: it
    /// did not).
    tracked: Option<Option<ProvedPeriod>>,
    /// Blocks left whose phases go one after the other, and the length of the last such pause
    /// ([`Engine::adjust_overlap`]).
    overlap_pause: u32,
    overlap_backoff: u32,
    /// The phases always side by side, or never (the tests: values never depend on it).
    #[cfg(test)]
    forced_overlap: Option<bool>,
}

/// What a block's parallel phase reads of the engine: it may run beside the sequential phase of
/// the block before, which reads the same.
#[derive(Copy, Clone)]
struct Plan<'e> {
    moves: &'e Moves,
    /// The rare positions known (all of them below the block the phase is for).
    rare: [&'e [usize]; 2],
    mode: Mode,
    kernels: kernels::Kernels,
    scan_cap: usize,
    speculate: u32,
    pairs_per_position: u64,
}

impl Plan<'_> {
    /// The parallel phase of the block `n0..n0 + len` with the sets of `words` words, taking
    /// `finished` (G(0..finished.len())) as finished and the rare positions known now.
    fn prepare<T: Cell>(self, finished: &[T], n0: usize, len: usize, words: usize) -> Prepared {
        let mut prepared = Prepared {
            n0,
            finished: finished.len(),
            words,
            mode: self.mode,
            rare_before: [self.rare[0].len(), self.rare[1].len()],
            speculate: self.speculate,
            seen: vec![0u64; len * words],
            resume: vec![Resume::default(); len],
            pairs: 0,
        };
        let safe = match self.mode {
            Mode::Dense => [Vec::new(), Vec::new()],
            Mode::Sparse(classes) => sparse::safe_words(&classes, words),
        };
        let safe = &safe;
        let moves = self.moves;
        let rare = self.rare;
        let mode = self.mode;
        let kernels = self.kernels;
        let scan_cap = self.scan_cap;
        let speculate = self.speculate;
        let chunk = 64;
        let run = |(index, (sets, resume)): (usize, (&mut [u64], &mut [Resume]))| {
            let c0 = n0 + index * chunk;
            let c1 = c0 + sets.len() / words;
            match mode {
                Mode::Dense => dense::parallel(finished, moves, c0, c1, sets, words, kernels),
                Mode::Sparse(_) => by_words!(
                    words,
                    sparse::parallel::<T>(
                        finished, moves, rare, c0, c1, sets, resume, words, safe, scan_cap,
                        speculate, kernels,
                    )
                ),
            }
        };
        let (seen, resume) = (&mut prepared.seen, &mut prepared.resume);
        // Small blocks stay on this thread: waking the pool costs more than they take.
        prepared.pairs = if self.pairs_per_position.saturating_mul(len as u64) < PARALLEL_WORK {
            seen.chunks_mut(chunk * words)
                .zip(resume.chunks_mut(chunk))
                .enumerate()
                .map(run)
                .sum()
        } else {
            seen.par_chunks_mut(chunk * words)
                .zip(resume.par_chunks_mut(chunk))
                .enumerate()
                .map(run)
                .sum()
        };
        prepared
    }
}

/// A block's parallel phase, done: each position's bit set of option values seen and where its
/// coverage scan stopped.
struct Prepared {
    /// The block's first position (its length is `resume.len()`).
    n0: usize,
    /// The phase took G(0..finished) as finished: `n0`, or the start of the block before when
    /// it ran beside that block's sequential phase.
    finished: usize,
    /// The words of each bit set, and the method and common sets it was computed for.
    words: usize,
    mode: Mode,
    /// How many rare positions of each class it knew (those below `finished`).
    rare_before: [usize; 2],
    /// The bound its coverage scans guessed up to (0: no guess).
    speculate: u32,
    seen: Vec<u64>,
    resume: Vec<Resume>,
    /// Pairs visited.
    pairs: u64,
}

/// How a typed run ended.
enum RunEnd {
    /// Done, for this reason.
    Done(Stop),
    /// A value does not fit the cell type: widen and carry on.
    Widen,
}

/// Calls `f::<T, W>(args…)` with `W` = `words` when that is 1 or 2, else `W` = 0: a method's
/// per-position code compiled for bit sets of one or two words (values below 64 or 128, the
/// common case), whose loops over the words the compiler then unrolls, and once for any length.
macro_rules! by_words {
    ($words:expr, $($f:ident)::+::<$t:ty>($($arg:expr),* $(,)?)) => {
        match $words {
            1 => $($f)::+::<$t, 1>($($arg),*),
            2 => $($f)::+::<$t, 2>($($arg),*),
            _ => $($f)::+::<$t, 0>($($arg),*),
        }
    };
}
use by_words;

impl<'a> Engine<'a> {
    fn new(moves: Moves, tracker: Option<PeriodTracker>, request: &'a Request<'a>) -> Engine<'a> {
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
            scan_cap: FIRST_SCAN_CAP,
            speculate: 0,
            speculation_pause: 0,
            unguessed_rate: None,
            guessed_in_a_row: 0,
            speculation_backoff: 0,
            guessing_blocks: [0, 0],
            capped: 0,
            capped_pairs: 0,
            block_capped: (0, 0),
            pairs_per_position: 0,
            block_pairs_per_position: 0,
            kernels: kernels::Kernels::detect(),
            #[cfg(test)]
            forced: None,
            #[cfg(test)]
            forced_scan_cap: None,
            #[cfg(test)]
            no_guess: false,
            pending: None,
            overlapped: 0,
            tracked: None,
            overlap_pause: 0,
            overlap_backoff: 0,
            #[cfg(test)]
            forced_overlap: None,
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
                        self.scan_cap,
                        self.guessing_blocks[0],
                        self.guessing_blocks[1],
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
            scan_cap: self.scan_cap,
            speculate: self.speculate,
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
        let overlap = next <= self.request.to && self.overlap_wanted();
        self.overlap_pause = self.overlap_pause.saturating_sub(1);
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
        self.adjust_overlap(&prepared, &computed);
        self.fallbacks += computed.resumed.0;
        self.fallback_pairs += computed.resumed.1;
        self.capped += computed.capped.0;
        self.capped_pairs += computed.capped.1;
        self.block_capped = computed.capped_common;
        self.record(values, &computed);
        if computed.widen {
            self.pending = None;
            return true;
        }
        self.adjust_scan_cap();
        self.adjust_speculation(
            computed.values.len() as u64,
            computed.speculative_bound,
            prepared.speculate,
            computed.resumed,
            computed.guess_pairs,
        );
        false
    }

    /// After a block whose parallel phase ran beside the block before: the pairs that moved to
    /// its sequential phase (those of its resumed scans whose high part is in the block before)
    /// are paid for on one core, and the overlap saves about half the parallel phase's pairs
    /// at most. When they are more than that, the phases go one after the other for 16 blocks,
    /// doubling up to 1,024 while it keeps failing. (Measured: on 0.376, whose missing values
    /// come from a few small positions or far up, the resumed scans' pairs nearly doubled — 3.3
    /// s against 4.5 s; on 0.1777 nothing moves, on 0.6 an eighth of the resumed pairs.)
    fn adjust_overlap(&mut self, prepared: &Prepared, computed: &sparse::Computed) {
        if prepared.finished == prepared.n0 {
            return;
        }
        if computed.moved.saturating_mul(2) > prepared.pairs {
            self.overlap_backoff = (self.overlap_backoff * 2).clamp(16, 1024);
            self.overlap_pause = self.overlap_backoff;
        } else {
            self.overlap_backoff = 0;
        }
    }

    /// Whether this block's sequential phase runs beside the next block's parallel phase
    /// ([`Engine::adjust_overlap`]; the tests force both ways).
    fn overlap_wanted(&self) -> bool {
        #[cfg(test)]
        if let Some(forced) = self.forced_overlap {
            return forced;
        }
        self.overlap_pause == 0
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
        self.adjust_speculation((values.len() - n0) as u64, 0, 0, (0, 0), 0);
        false
    }

    /// Re-sets the cap of the parallel coverage scans from the block just computed: three times
    /// the mean sequential scan of its capped common positions (rare ones scan everything in
    /// any order), when there were enough of them to tell; otherwise it stays.
    fn adjust_scan_cap(&mut self) {
        #[cfg(test)]
        if let Some(cap) = self.forced_scan_cap {
            self.scan_cap = cap;
            return;
        }
        let (positions, pairs) = self.block_capped;
        if positions >= CAP_SAMPLE {
            let mean = usize::try_from(pairs / positions).unwrap_or(usize::MAX);
            self.scan_cap = mean.saturating_mul(3).max(LEAST_SCAN_CAP);
        }
    }

    /// Sets the bound of the next block's guess (`bound`: [`sparse::speculative_bound`] of the
    /// `positions` values just computed), or none while guessing is paused. The guess's pairs
    /// are the cost, on all cores. What it saves: pairs of the sequential phase's resumed scans — a
    /// guess that covers spares a whole scan, and one that does not still marks values that
    /// the scan then need not find. So the saving is measured, not modelled: the resumed pairs
    /// the block would have had at the rate of the last block prepared without a guess, less
    /// those it had (`resumed`: this block's resumed scans and their pairs; `guessed`: the
    /// bound the block was prepared with, 0 for none). A block whose saving is below an eighth
    /// of its cost pauses guessing for 16 blocks, doubling up to 1,024 while it keeps failing;
    /// and every [`PROBE_EVERY`] guessed blocks one is prepared without, to keep the rate up to
    /// date. (Measured: on 0.354 and 0.376 the missing values come from pairs with a small
    /// part, whose other part is inside the block, which the parallel phase cannot see —
    /// guessing added 488 pairs a position on 0.354 and 9 % of the wall time on 0.376; on 0.6,
    /// with the phases side by side, hardly a guess covers, yet guessing takes 900 pairs a
    /// position off the resumed scans for its 512, 8.3 s against 11.1 s to 2^21.)
    fn adjust_speculation(
        &mut self,
        positions: u64,
        bound: u32,
        guessed: u32,
        resumed: (u64, u64),
        cost: u64,
    ) {
        #[cfg(test)]
        if self.no_guess {
            self.speculate = 0;
            return;
        }
        if !matches!(self.mode, Mode::Sparse(_)) {
            self.speculate = 0;
            return;
        }
        if guessed == 0 {
            if positions >= CAP_SAMPLE {
                self.unguessed_rate = Some((positions, resumed.1));
            }
        } else if let Some((base_positions, base_pairs)) = self.unguessed_rate {
            let expected =
                u128::from(base_pairs) * u128::from(positions) / u128::from(base_positions);
            let saving = u64::try_from(expected)
                .unwrap_or(u64::MAX)
                .saturating_sub(resumed.1);
            if saving.saturating_mul(8) < cost {
                self.speculation_backoff = (self.speculation_backoff * 2).clamp(16, 1024);
                self.speculation_pause = self.speculation_backoff;
            } else {
                self.speculation_backoff = 0;
            }
            self.guessed_in_a_row += 1;
        }
        if self.speculation_pause == 0 && self.guessed_in_a_row >= PROBE_EVERY {
            self.guessed_in_a_row = 0;
            self.speculation_pause = 1;
        }
        if self.speculation_pause > 0 {
            self.speculation_pause -= 1;
            self.speculate = 0;
            self.guessing_blocks[1] += 1;
        } else {
            self.speculate = bound;
            self.guessing_blocks[0] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::progress::Watch;
    use super::*;
    use proptest::prelude::*;

    /// The compiled rule of a take-and-break code `d0.d1d2…` (hexadecimal digits) or of
    /// `grundys-game`, from the definition (FAMILIES.md): k is a take size of eliminations,
    /// reductions, two-heap and three-heap splits when d_k has bit 1, 2, 4, 8; Grundy's game
    /// splits a heap into two unequal heaps, removing nothing.
    fn compiled(code: &str) -> CompiledRule {
        use super::rule::TakeSizes;
        if code == "grundys-game" {
            let sizes = TakeSizes::new(Vec::new(), Vec::new(), Vec::new(), vec![0], Vec::new());
            return CompiledRule::new(MoveSet::Finite(sizes));
        }
        let digits: Vec<u8> = code
            .chars()
            .filter(|&c| c != '.')
            .map(|c| c.to_digit(16).expect("a code digit") as u8)
            .collect();
        let with = |bit: u8| -> Vec<u64> {
            (0u64..)
                .zip(&digits)
                .filter(|&(_, &digit)| digit & bit != 0)
                .map(|(k, _)| k)
                .collect()
        };
        let sizes = TakeSizes::new(with(1), with(2), with(4), Vec::new(), with(8));
        CompiledRule::new(MoveSet::Finite(sizes))
    }

    /// G(0..=last) of the code with digits d0 d1 …, from the definition: take k from a heap of
    /// n ≥ k, then by d_k's bits leave nothing (1, n = k), one heap (2, n − k ≥ 1, k ≥ 1) or
    /// two non-empty heaps (4).
    fn brute(digits: &[u8], last: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(last + 1);
        for n in 0..=last {
            let mut seen = vec![false; 1024];
            for (k, &d) in digits.iter().enumerate().take(n + 1) {
                let rest = n - k;
                if d & 1 != 0 && rest == 0 {
                    seen[0] = true;
                }
                if d & 2 != 0 && rest >= 1 && k >= 1 {
                    seen[g[rest] as usize] = true;
                }
                if d & 4 != 0 {
                    for a in 1..rest {
                        if a <= rest - a {
                            seen[(g[a] ^ g[rest - a]) as usize] = true;
                        }
                    }
                }
            }
            g.push(seen.iter().position(|&s| !s).unwrap() as u32);
        }
        g
    }

    fn spelling(digits: &[u8]) -> String {
        let tail: String = digits[1..].iter().map(|d| d.to_string()).collect();
        format!("{}.{}", digits[0], tail)
    }

    /// The engine's values of `code` up to `last`, with `forced` common sets when given.
    fn engine_values(code: &str, last: usize, forced: Option<Classes>) -> (Vec<u32>, Method) {
        let (values, method, _) = engine_run(code, last, forced, kernels::Kernels::detect());
        (values, method)
    }

    /// The engine's values of `code` up to `last`, its method and its pair visits, with these
    /// kernels.
    fn engine_run(
        code: &str,
        last: usize,
        forced: Option<Classes>,
        kernels: kernels::Kernels,
    ) -> (Vec<u32>, Method, u128) {
        let run = engine_run_with_cap(code, last, forced, kernels, None);
        (run.values, run.method, run.work)
    }

    /// What one run of the engine gave.
    struct Run {
        values: Vec<u32>,
        method: Method,
        work: u128,
        /// The positions whose parallel coverage scan stopped at the cap (from the statistics).
        capped: u64,
        /// The statistics line.
        statistics: String,
    }

    /// Keeps the engine's statistics line.
    #[derive(Default)]
    struct Recorder(std::cell::RefCell<String>);

    impl Watch for Recorder {
        fn computed(&self, _computed: u64) {}
        fn engine_statistics(&self, statistics: &str) {
            *self.0.borrow_mut() = statistics.to_string();
        }
    }

    /// [`engine_run`], with the cap of the parallel coverage scans fixed at `scan_cap` when
    /// given, and the count of capped scans.
    fn engine_run_with_cap(
        code: &str,
        last: usize,
        forced: Option<Classes>,
        kernels: kernels::Kernels,
        scan_cap: Option<usize>,
    ) -> Run {
        configured_run(code, last, |engine| {
            engine.forced = forced;
            engine.kernels = kernels;
            if let Some(cap) = scan_cap {
                engine.scan_cap = cap;
                engine.forced_scan_cap = Some(cap);
            }
        })
    }

    /// One run of the engine on `code` up to `last`, set up by `configure` first.
    fn configured_run(code: &str, last: usize, configure: impl FnOnce(&mut Engine<'_>)) -> Run {
        let rule = compiled(code);
        let recorder = Recorder::default();
        let request = Request {
            to: last,
            work_limit: None,
            interrupt: None,
            past_proof: true,
            watch: &recorder,
        };
        let moves = Moves::of(&rule, last).expect("an octal code the engine knows");
        let mut engine = Engine::new(moves, None, &request);
        configure(&mut engine);
        let values = engine.run(rule);
        let table = values.table();
        let statistics = recorder.0.borrow().clone();
        Run {
            values: (0..table.len()).map(|n| table.get(n)).collect(),
            method: values.method(),
            work: values.work(),
            capped: statistic(&statistics, "capped parallel scans "),
            statistics,
        }
    }

    /// A count of the statistics line: the number after `label`.
    fn statistic(statistics: &str, label: &str) -> u64 {
        statistics
            .split(label)
            .nth(1)
            .and_then(|rest| rest.split([' ', ')']).next())
            .and_then(|count| count.parse().ok())
            .unwrap_or_else(|| panic!("no {label:?} in {statistics}"))
    }

    /// The parallel phase's guess is taken where it pays and paused where it does not: on
    /// 0.1777 it leaves few positions to scan on in the sequential phase (without it, about
    /// half of them did); on 0.354, whose missing values come from pairs with a part inside the
    /// block, it is paused in most blocks. The values are the same with the guess and without.
    #[test]
    fn the_guess_is_taken_where_it_pays() {
        for (code, last) in [("0.1777", 400_000), ("0.354", 4_000_000)] {
            let run = |no_guess: bool| {
                let run = configured_run(code, last, |engine| engine.no_guess = no_guess);
                (run.values, run.statistics)
            };
            let (guessing, statistics) = run(false);
            let (plain, plain_statistics) = run(true);
            assert_eq!(guessing, plain, "{code}: values with and without the guess");
            let resumed = statistic(&statistics, "resumed scans ");
            let guessed = statistic(&statistics, "guessing blocks ");
            let paused = statistic(&statistics, "(paused ");
            if code == "0.1777" {
                let plain_resumed = statistic(&plain_statistics, "resumed scans ");
                assert!(
                    plain_resumed * 3 > last as u64,
                    "{code}: {plain_statistics}"
                );
                assert!(resumed * 50 < last as u64, "{code}: {statistics}");
                // (Only the probes: one block in PROBE_EVERY without a guess.)
                assert!(paused * 32 < guessed, "{code}: {statistics}");
            } else {
                assert!(paused > 2 * guessed, "{code}: {statistics}");
            }
        }
    }

    /// A sparse block's sequential phase runs beside the next block's parallel phase, which
    /// then takes only the values below the current block as finished: the values are the
    /// definition's and the same as with the phases one after the other, on games with rare
    /// positions all small (0.1777), spread out (0.16), with both classes and the parity
    /// (0.354), capped scans (0.376) and Grundy's game (its unequal splits go heap by heap, not
    /// four heaps at a time); and the overlap does happen.
    #[test]
    fn overlapped_phases_give_the_definitions_values() {
        for (code, digits, last) in [
            ("0.1777", vec![0u8, 1, 7, 7, 7], 30000),
            ("0.16", vec![0, 1, 6], 30000),
            ("0.354", vec![0, 3, 5, 4], 30000),
            ("0.376", vec![0, 3, 7, 6], 30000),
            ("grundys-game", vec![], 30000),
        ] {
            let expected = if digits.is_empty() {
                // Grundy's game: a heap splits into two unequal heaps.
                let mut values = vec![0u32; last + 1];
                for n in 3..=last {
                    let mut option = vec![false; 2 * n];
                    for a in 1..n.div_ceil(2) {
                        option[(values[a] ^ values[n - a]) as usize] = true;
                    }
                    values[n] = option.iter().position(|&seen| !seen).unwrap() as u32;
                }
                values
            } else {
                brute(&digits, last)
            };
            let overlapped = configured_run(code, last, |engine| {
                engine.forced_overlap = Some(true);
            });
            let alone = configured_run(code, last, |engine| engine.forced_overlap = Some(false));
            assert_eq!(overlapped.values, expected, "{code}: overlapped");
            assert_eq!(alone.values, expected, "{code}: one phase after the other");
            let blocks = statistic(&overlapped.statistics, "overlapped blocks ");
            assert!(blocks >= 5, "{code}: {}", overlapped.statistics);
            assert_eq!(statistic(&alone.statistics, "overlapped blocks "), 0);
        }
    }

    /// The phases stay side by side where that pays and go one after the other where the
    /// pairs it moves to the sequential phase outweigh it: on 0.1777 every block after the first
    /// few overlaps, on 0.376 (whose resumed scans it nearly doubles) only the first few and the
    /// probes do; the values are the same either way.
    #[test]
    fn the_overlap_is_kept_where_it_pays() {
        let last = 400_000;
        let kept = configured_run("0.1777", last, |_| {});
        let paused = configured_run("0.376", last, |_| {});
        let blocks = |run: &Run| statistic(&run.statistics, "overlapped blocks ");
        assert!(blocks(&kept) > 40, "{}", kept.statistics);
        assert!(blocks(&paused) < 10, "{}", paused.statistics);
        let alone = configured_run("0.376", last, |engine| engine.forced_overlap = Some(false));
        assert_eq!(paused.values, alone.values);
    }

    /// Whatever the cap of the parallel coverage scans — none, every scan capped at once, or
    /// the adjusted one — the values are the definition's, on both kernels, which visit the
    /// same pairs; and on 0.376 the adjusted cap does stop scans (the rule is exercised).
    #[test]
    fn capped_coverage_scans_give_the_definitions_values() {
        for (code, digits, last) in [
            ("0.376", vec![0u8, 3, 7, 6], 40000),
            ("0.354", vec![0, 3, 5, 4], 8000),
            ("0.16", vec![0, 1, 6], 8000),
            ("0.1777", vec![0, 1, 7, 7, 7], 8000),
        ] {
            let expected = brute(&digits, last);
            for cap in [None, Some(0), Some(1), Some(17), Some(usize::MAX)] {
                let mut works = Vec::new();
                for kernels in [kernels::Kernels::detect(), kernels::Kernels::Scalar] {
                    let run = engine_run_with_cap(code, last, None, kernels, cap);
                    if let Some(n) = (0..=last).find(|&n| run.values.get(n) != expected.get(n)) {
                        panic!(
                            "{code} cap {cap:?} {kernels:?}: G({n}) = {:?}, by definition {}",
                            run.values.get(n),
                            expected[n]
                        );
                    }
                    if cap == Some(usize::MAX) {
                        assert_eq!(run.capped, 0, "{code}: nothing capped without a cap");
                    }
                    if cap == Some(0) && code == "0.376" {
                        assert!(run.capped > 1000, "{code}: {} capped", run.capped);
                    }
                    if cap.is_none() && code == "0.376" {
                        assert!(
                            run.capped > 0,
                            "{code}: the adjusted cap never stopped a scan"
                        );
                    }
                    works.push(run.work);
                }
                assert_eq!(works[0], works[1], "{code} cap {cap:?}: pair visits");
            }
        }
    }

    /// The vector kernels and the scalar ones give the same values and visit the same pairs:
    /// on the bench's games (0.007 past 256, so u16 values too; both methods) and Grundy's game.
    #[test]
    fn vector_and_scalar_kernels_agree() {
        let fast = kernels::Kernels::detect();
        if fast == kernels::Kernels::Scalar {
            eprintln!("no vector kernels on this processor: scalar against scalar");
        }
        for (code, last) in [
            ("0.6", 30000),
            ("0.16", 30000),
            ("0.354", 30000),
            ("0.007", 12000),
            ("0.77", 30000),
            ("4.7", 30000),
            ("0.376", 20000),
            ("0.1777", 30000),
            ("grundys-game", 20000),
        ] {
            let (vector, method, work) = engine_run(code, last, None, fast);
            let (scalar, _, scalar_work) = engine_run(code, last, None, kernels::Kernels::Scalar);
            assert_eq!(vector.len(), scalar.len(), "{code}");
            if let Some(n) = (0..vector.len()).find(|&n| vector[n] != scalar[n]) {
                panic!(
                    "{code}: G({n}) = {} (vector), {} (scalar)",
                    vector[n], scalar[n]
                );
            }
            assert_eq!(work, scalar_work, "{code}: {method}");
        }
    }

    fn digits() -> impl Strategy<Value = Vec<u8>> {
        (
            prop_oneof![Just(0u8), Just(4u8)],
            prop::collection::vec(0u8..8, 1..5),
        )
            .prop_map(|(d0, rest)| std::iter::once(d0).chain(rest).collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Whatever the common sets — good, bad, with or without the heap's parity — the values
        /// are the definition's: the sets decide the speed only.
        #[test]
        fn any_common_sets_give_the_definitions_values(
            digits in digits(),
            masks in (0u32..64, 0u32..64),
            parities in (any::<bool>(), any::<bool>()),
        ) {
            let last = 1500;
            let code = spelling(&digits);
            let expected = brute(&digits, last);
            let forced = [
                Some(CommonSet { mask: masks.0, heap_parity: parities.0 }),
                Some(CommonSet { mask: masks.1, heap_parity: parities.1 }),
            ];
            let (got, _) = engine_values(&code, last, Some(forced));
            prop_assert_eq!(&got, &expected, "{} forced {:?}", code, forced);
            let (chosen, _) = engine_values(&code, last, None);
            prop_assert_eq!(&chosen, &expected, "{}", code);
        }

        /// Random codes: the vector kernels, the scalar ones and the definition agree, the two
        /// kernels on the pairs visited too.
        #[test]
        fn vector_and_scalar_kernels_agree_on_random_codes(
            digits in digits(),
            mask in 0u32..64,
            cap in prop_oneof![Just(None), (0usize..64).prop_map(Some)],
        ) {
            let last = 3000;
            let code = spelling(&digits);
            let expected = brute(&digits, last);
            let set = Some(CommonSet { mask, heap_parity: mask & 1 == 1 });
            for forced in [None, Some([set, set])] {
                let run = |kernels| {
                    let run = engine_run_with_cap(&code, last, forced, kernels, cap);
                    (run.values, run.work)
                };
                let (vector, work) = run(kernels::Kernels::detect());
                let (scalar, scalar_work) = run(kernels::Kernels::Scalar);
                prop_assert_eq!(&vector, &expected, "{} vector {:?} cap {:?}", code, forced, cap);
                prop_assert_eq!(&scalar, &expected, "{} scalar {:?} cap {:?}", code, forced, cap);
                prop_assert_eq!(work, scalar_work, "{}", code);
            }
        }

        /// The transform's rare count of every common set is the count by definition.
        #[test]
        fn transform_counts_rare_positions(
            values in prop::collection::vec(0u32..32, 1..400),
        ) {
            let bits = 5;
            let mut encodings = vec![0u64; 64];
            for (i, &v) in values.iter().enumerate() {
                let x = i + 1;
                encodings[((v as usize) << 1) | (x & 1)] += 1;
            }
            let h = sparse::transform(&encodings, bits);
            for m in 0..64u32 {
                let set = CommonSet { mask: m >> 1, heap_parity: m & 1 == 1 };
                for class in 0..2 {
                    let direct = values
                        .iter()
                        .enumerate()
                        .filter(|&(i, &v)| !set.common(class, i + 1, v))
                        .count() as u64;
                    prop_assert_eq!(sparse::rare_count(&h, set, class), direct);
                }
            }
        }
    }

    /// Games of the bench and of the published tables, far enough for blocks, re-choices of the
    /// common sets and both classes of take sizes, with the chosen sets and with the parity
    /// forced into them.
    #[test]
    fn sparse_games_with_both_classes() {
        for (code, digits) in [
            ("0.376", vec![0u8, 3, 7, 6]),
            ("0.354", vec![0, 3, 5, 4]),
            ("0.1777", vec![0, 1, 7, 7, 7]),
            ("0.6", vec![0, 6]),
            ("0.16", vec![0, 1, 6]),
        ] {
            let last = 6000;
            let expected = brute(&digits, last);
            let (got, method) = engine_values(code, last, None);
            assert_eq!(got, expected, "{code}");
            // 0.6's values become sparse only later.
            assert!(
                code == "0.6" || method.to_string().starts_with("sparse"),
                "{code}: {method}"
            );
            let parity = Some(CommonSet {
                mask: 0x3e,
                heap_parity: true,
            });
            let (got, _) = engine_values(code, last, Some([parity, parity]));
            assert_eq!(got, expected, "{code} with the parity");
        }
    }
}
