//! The ring mode: G(0..=N) for N longer than memory (`grundy table CODE --to N --ring`).
//!
//! **What is kept.** A *prefix* G(0..P) kept for ever, a *ring* of the R most recent values
//! (G(x) in slot x mod R) and, for each class of split moves, the list of rare
//! positions *with their values* — so memory is P + R bytes plus 9 bytes a rare position, whatever
//! N is. When G(0..n) are known, G(x) is readable iff x < P or x ≥ n − R. `--memory M` (MiB,
//! default [`DEFAULT_MEMORY_MIB`]) gives R three quarters of M and P the rest
//! ([`Sizes::for_memory`]): the ring is the span the rare pairs need, the prefix the depth the
//! coverage scans need.
//!
//! **Which reads a heap n makes** (the sparse method of the engine's `sparse` module): (1) every
//! pair (a, n − k − a) with a rare part a: G(a) is in the rare list, G(n − k − a) is near n —
//! in the ring while a + k ≤ R, or small enough for the prefix; (2) g, the least safe unmarked
//! value; (3) the coverage scan over ordinary pairs (a, n − k − a) from a = 1 up, until the
//! non-safe values below g are options: G(a) from the prefix, G(n − k − a) from the ring, so the
//! scan can go up to a = min(P − 1, R − k). Only when n is a rare position does the scan run over
//! all pairs, through the middle that no longer is in memory. While n ≤ P + R every position is
//! readable and the mode computes exactly what the in-memory engine does; past that, **every read
//! is checked**, and the run stops with an error naming the position and the pair when a read
//! falls outside the prefix and the ring — a rare position farther back than the ring reaches, or
//! a coverage scan (a new rare value, or a slow scan) deeper than both. It never guesses: a run
//! that finishes has the in-memory engine's values, checksum and largest value.
//!
//! **Common sets** are chosen as the in-memory engine chooses them (the Walsh–Hadamard transform
//! of the encodings, at each doubling of n and when rare positions keep appearing), but only
//! while the prefix holds every value (n ≤ P): re-choosing a set rebuilds its rare list from all
//! values. Past P they are frozen — a choice of speed only, never of values. Values not sparse
//! (no common set chosen by n = P) leave every position rare, so such a game stops once n > P + R.
//!
//! **Values** are kept as bytes; a value of 256 or more stops the run with an error (the record
//! games' values stay below 256: 0.167's largest is 64 up to 2^40, by Rogalski's tables).
//!
//! **No period** is looked for: proving one needs G(n − p) for the period p, far back (use
//! `grundy table` in memory, which stops at a proof). The report says "no period up to N" with
//! that reason.
//!
//! **Checkpoints** (`--checkpoint FILE`, every `--checkpoint-every` seconds, on Ctrl-C and at the
//! end): the whole state — position, checksum sums, largest value, common sets, encodings, rare
//! lists, prefix and ring — in a versioned binary file ([`CHECKPOINT_VERSION`]) with an FNV-1a
//! hash at its end, written to `FILE.tmp`, synced and renamed over FILE, so a crash leaves the
//! old checkpoint or the new one, never half of one. The same command with the same file
//! resumes where it stopped, and the result is the uninterrupted run's: the computation from a
//! state is deterministic. A checkpoint of another game or other sizes (another `--memory`) is
//! refused, and so is a damaged one: every count is checked against the sizes and the file's
//! length before anything is allocated, and the hash before anything is used. A larger `--to`
//! continues a finished run.
//!
//! **Checksum**: the one of `table --json` and `ogsolve` (a = Σ G(i), b = Σ a, both mod 2^16,
//! printed as `(b << 16) | a` in hexadecimal), kept as the values go by.

use super::sparse::{self, Classes};
use super::{Method, Moves, Stop, below, covers, first_missing, mark};
use crate::families::HeapRule;
use crate::families::progress::Progress;
use crate::families::table::{Largest, TableReport};
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The default `--memory`, in MiB: prefix and ring together, leaving room under 512 MiB
/// resident for the program itself.
pub const DEFAULT_MEMORY_MIB: u64 = 448;
/// The default `--checkpoint-every`, in seconds.
pub const DEFAULT_CHECKPOINT_SECONDS: u64 = 300;
/// The version written in (and required of) a checkpoint file.
pub const CHECKPOINT_VERSION: u32 = 1;
const MAGIC: &[u8; 12] = b"grundy-ring\n";
/// Positions between two looks at the clock, the interrupt flag and the progress bar.
const CHUNK: u64 = 1 << 16;
/// Positions below this are computed before the first choice of common sets.
const FIRST_REVIEW: u64 = 128;

/// The prefix and ring sizes, in positions (one byte each).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// P: G(0..P) are kept for ever.
    pub prefix: u64,
    /// R: the ring of the most recent values.
    pub ring: u64,
}

impl Sizes {
    /// The sizes for `mib` MiB: R three quarters of it, P the rest.
    pub fn for_memory(mib: u64) -> Result<Sizes, RingError> {
        if !(1..=1 << 20).contains(&mib) {
            return Err(RingError::Memory { mib });
        }
        let bytes = mib << 20;
        let ring = bytes / 4 * 3;
        Ok(Sizes {
            prefix: bytes - ring,
            ring,
        })
    }
}

/// What a ring-mode run is asked to do.
pub struct RingOptions<'a, P> {
    /// The last position wanted.
    pub to: u64,
    /// The prefix and ring sizes.
    pub sizes: Sizes,
    /// Where the state is saved (and resumed from, when the file exists).
    pub checkpoint: Option<&'a Path>,
    /// How often the state is saved.
    pub checkpoint_every: Duration,
    /// Stop cleanly (saving the state) when this flag is set: Ctrl-C.
    pub interrupt: Option<&'a AtomicBool>,
    /// Stop as if interrupted once G(0..=this) are computed (tests: interruptions at chosen
    /// points).
    pub stop_after: Option<u64>,
    /// Who watches the computation (the progress bar).
    pub progress: P,
}

/// A ring-mode run's result.
#[derive(Clone, Debug)]
pub struct RingRun {
    /// The report on G(0..=computed), as `table --json` prints it.
    pub report: TableReport,
    /// Where the run resumed from a checkpoint (the first position it computed), if it did.
    pub resumed_at: Option<u64>,
    /// Pair visits of this process (not of the runs before a resume).
    pub work: u128,
}

/// Why a ring-mode run could not go on; every one is the command's `error:` (status 2).
#[derive(Debug, thiserror::Error)]
pub enum RingError {
    /// The rule is not one the fast engine knows.
    #[error(
        "--ring works on the rules the fast engine knows (take-and-break codes whose moves leave \
         at most two heaps, sub:…, grundys-game), not on {rule}"
    )]
    Rule {
        /// The rule.
        rule: String,
    },
    /// `--memory` out of range.
    #[error("--memory {mib}: give the MiB for the prefix and the ring, from 1 to 1048576")]
    Memory {
        /// The value given.
        mib: u64,
    },
    /// The sizes cannot serve even the single-heap options.
    #[error(
        "ring of {ring} positions and prefix of {prefix}: the ring must hold at least 64 values \
         and twice the largest take size ({take}), the prefix at least 1"
    )]
    Sizes {
        /// R.
        ring: u64,
        /// P.
        prefix: u64,
        /// The largest take size.
        take: u64,
    },
    /// A value does not fit a byte.
    #[error(
        "ring mode keeps values as bytes, and G({n}) = {value}: compute this game in memory \
         (without --ring)"
    )]
    ValueTooLarge {
        /// The position.
        n: u64,
        /// Its value.
        value: u32,
    },
    /// A read fell outside the prefix and the ring.
    #[error(
        "ring mode cannot compute G({n}): {why}, and neither the prefix G(0..{prefix}) nor the \
         ring G({ring_from}..{n}) holds it. Values up to G({last}) are right (checksum \
         {checksum}); a run with more --memory (now {mib}) may get further"
    )]
    CannotServe {
        /// The position.
        n: u64,
        /// The read it needed.
        why: String,
        /// P.
        prefix: u64,
        /// n − R.
        ring_from: u64,
        /// n − 1.
        last: u64,
        /// The checksum of G(0..=last).
        checksum: String,
        /// The memory in MiB the sizes come to.
        mib: String,
    },
    /// The checkpoint file cannot be read, written, or trusted.
    #[error("checkpoint {path}: {reason}")]
    Checkpoint {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

/// The state of a run: everything a checkpoint holds.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    /// G(0..n) are known.
    n: u64,
    /// G(0..min(n, P)).
    prefix: Vec<u8>,
    /// R slots: G(x) at x mod R for n − R ≤ x < n.
    ring: Vec<u8>,
    /// Rare positions of each class, ascending, and their values.
    rare: [Vec<u64>; 2],
    rare_values: [Vec<u8>; 2],
    /// The common sets (`None`: values not sparse, every position rare).
    mode: Option<Classes>,
    /// How many positions x ≥ 1 have each encoding 2·G(x) + (x & 1).
    encodings: Vec<u64>,
    next_review: u64,
    rare_at_review: u64,
    rebuilds: u64,
    largest: u32,
    largest_at: u64,
    /// The checksum's two sums.
    sums: (u16, u16),
}

impl State {
    fn new(sizes: Sizes) -> State {
        State {
            n: 0,
            prefix: Vec::new(),
            ring: vec![0; sizes.ring as usize],
            rare: [Vec::new(), Vec::new()],
            rare_values: [Vec::new(), Vec::new()],
            mode: None,
            encodings: vec![0; 512],
            next_review: FIRST_REVIEW,
            rare_at_review: 0,
            rebuilds: 0,
            largest: 0,
            largest_at: 0,
            sums: (0, 0),
        }
    }

    fn checksum(&self) -> String {
        format!(
            "{:X}",
            (u32::from(self.sums.1) << 16) | u32::from(self.sums.0)
        )
    }

    fn rare_total(&self) -> u64 {
        (self.rare[0].len() + self.rare[1].len()) as u64
    }
}

/// The run: moves, sizes and state.
struct Ring<'a> {
    moves: &'a Moves,
    sizes: Sizes,
    state: State,
    /// The ring slot of n: n mod R.
    slot: usize,
    work: u128,
}

/// The sets of values safe at heaps of each parity, 256 values (values are bytes).
type Safe = [[u64; 4]; 2];

impl Ring<'_> {
    /// G(x), known to be readable.
    #[inline(always)]
    fn get(&self, x: usize) -> u32 {
        let s = &self.state;
        if x < s.prefix.len() {
            u32::from(s.prefix[x])
        } else {
            u32::from(s.ring[x % self.sizes.ring as usize])
        }
    }

    /// The ring slot of n − d, for 1 ≤ d ≤ R.
    #[inline(always)]
    fn back(&self, d: usize) -> usize {
        if self.slot >= d {
            self.slot - d
        } else {
            self.slot + self.state.ring.len() - d
        }
    }

    /// Whether G(x), x < n, is kept.
    #[inline(always)]
    fn readable(&self, x: usize) -> bool {
        let (p, r, n) = (
            self.sizes.prefix as usize,
            self.sizes.ring as usize,
            self.state.n as usize,
        );
        x < p || x + r >= n
    }

    fn cannot_serve(&self, why: String) -> RingError {
        let n = self.state.n;
        let bytes = self.sizes.prefix + self.sizes.ring;
        RingError::CannotServe {
            n,
            why,
            prefix: self.sizes.prefix,
            ring_from: n.saturating_sub(self.sizes.ring),
            last: n.saturating_sub(1),
            checksum: self.state.checksum(),
            mib: format!("{:.3} MiB", bytes as f64 / f64::from(1u32 << 20)),
        }
    }

    /// G(n) for n = `state.n` (module doc: steps 1 to 3, every read checked).
    fn value(&mut self, safe: &Safe) -> Result<u32, RingError> {
        let n = self.state.n as usize;
        let moves = self.moves;
        let mut set = [0u64; 4];
        for &k in &moves.take_all {
            if n == k {
                mark(&mut set, 0);
            }
        }
        for &k in &moves.singles {
            if n > k {
                mark(&mut set, self.get(n - k));
            }
        }
        let safe = match self.state.mode {
            None => &[0u64; 4],
            Some(_) => &safe[n & 1],
        };
        let mut pairs = 0u64;
        if self.state.mode.is_some() {
            for &k in &moves.splits {
                if n < k + 2 {
                    continue;
                }
                let r = n - k;
                let class = k & 1;
                let (rare, values) = (&self.state.rare[class], &self.state.rare_values[class]);
                // b = r − a is in the ring while a + k ≤ R (b ≥ n − R), else in the prefix or
                // nowhere.
                let ring = &self.state.ring[..];
                let in_ring = self.sizes.ring as usize - k;
                for (&a, &ga) in rare.iter().zip(values) {
                    let a = a as usize;
                    if a >= r {
                        break;
                    }
                    let b = r - a;
                    let gb = if a <= in_ring {
                        u32::from(ring[self.back(k + a)])
                    } else if self.readable(b) {
                        self.get(b)
                    } else {
                        return Err(self.cannot_serve(format!(
                            "the rare position {a} (G = {ga}) pairs with G({b}) for the take of \
                             {k}"
                        )));
                    };
                    if moves.distinct && a == b {
                        continue;
                    }
                    mark(&mut set, u32::from(ga) ^ gb);
                    pairs += 1;
                }
            }
        }
        let g = first_missing(&set, |w| safe[w]);
        let need: [u64; 4] = std::array::from_fn(|w| !safe[w] & below(g, w));
        if covers(&set, &need) {
            self.work += u128::from(pairs);
            return Ok(g);
        }
        let (p, ring) = (self.sizes.prefix as usize, self.sizes.ring as usize);
        let everything = n <= p + ring;
        let mut short = None;
        let mut covered = false;
        'splits: for &k in &moves.splits {
            if n < k + 2 {
                continue;
            }
            let r = n - k;
            let top = moves.top(r);
            let limit = if everything {
                top
            } else {
                top.min(p - 1).min(ring - k)
            };
            let mut a = 1;
            while a <= limit {
                let stop = limit.min(a + 15);
                self.mark_pairs(r, a, stop, &mut set);
                pairs += (stop + 1 - a) as u64;
                a = stop + 1;
                if covers(&set, &need) {
                    covered = true;
                    break 'splits;
                }
            }
            if limit < top && short.is_none() {
                short = Some((k, limit + 1, r - limit - 1));
            }
        }
        self.work += u128::from(pairs);
        if covered {
            return Ok(g);
        }
        if let Some((k, a, b)) = short {
            return Err(self.cannot_serve(format!(
                "its coverage scan (G({n}) may be a rare value) reaches the pair ({a}, {b}) of \
                 the take of {k}"
            )));
        }
        Ok(first_missing(&set, |_| !0))
    }

    /// Marks G(a) ⊕ G(r − a) for a in `lo..=hi`, all readable: G(a) from the prefix, G(r − a)
    /// from the ring, as two slices when they can be (the usual case), else one by one.
    #[inline(always)]
    fn mark_pairs(&self, r: usize, lo: usize, hi: usize, set: &mut [u64; 4]) {
        let s = &self.state;
        let ring = self.sizes.ring as usize;
        let n = s.n as usize;
        if hi < s.prefix.len() && r - hi + ring >= n {
            // Slots of r − hi ..= r − lo: n − (r − hi) = k + hi ≤ R back from n.
            let (from, to) = (self.back(n - (r - hi)), self.back(n - (r - lo)));
            if from <= to {
                let left = &s.prefix[lo..=hi];
                let right = &s.ring[from..=to];
                for (x, y) in left.iter().zip(right.iter().rev()) {
                    mark(set, u32::from(x ^ y));
                }
                return;
            }
        }
        for a in lo..=hi {
            mark(set, self.get(a) ^ self.get(r - a));
        }
    }

    /// Records G(n) = `value` and moves on to n + 1.
    fn push(&mut self, value: u32) -> Result<(), RingError> {
        let s = &mut self.state;
        let n = s.n;
        let Ok(byte) = u8::try_from(value) else {
            return Err(RingError::ValueTooLarge { n, value });
        };
        if n < self.sizes.prefix {
            s.prefix.push(byte);
        }
        s.ring[self.slot] = byte;
        self.slot += 1;
        if self.slot == s.ring.len() {
            self.slot = 0;
        }
        s.sums.0 = s.sums.0.wrapping_add(u16::from(byte));
        s.sums.1 = s.sums.1.wrapping_add(s.sums.0);
        if value > s.largest {
            s.largest = value;
            s.largest_at = n;
        }
        if n > 0 {
            s.encodings[((value as usize) << 1) | (n as usize & 1)] += 1;
            if let Some(classes) = s.mode {
                for (d, set) in classes.iter().enumerate() {
                    if set.is_some_and(|set| !set.common(d, n as usize, value)) {
                        s.rare[d].push(n);
                        s.rare_values[d].push(byte);
                    }
                }
            }
        }
        s.n += 1;
        Ok(())
    }

    /// Chooses the common sets as the in-memory engine does; only while the prefix holds every
    /// value.
    fn review(&mut self) {
        let s = &mut self.state;
        let bits = 32 - s.largest.leading_zeros();
        let active = [0, 1].map(|d| self.moves.splits.iter().any(|&k| k % 2 == d));
        let mode = if active.contains(&true) {
            let h = sparse::transform(&s.encodings, bits);
            sparse::choose_classes(&h, active, s.mode, s.n)
        } else {
            None
        };
        if mode != s.mode {
            s.mode = mode;
            s.rebuilds += 1;
            for d in 0..2 {
                s.rare[d].clear();
                s.rare_values[d].clear();
                if let Some(set) = mode.and_then(|classes| classes[d]) {
                    for (a, &v) in s.prefix.iter().enumerate().skip(1) {
                        if !set.common(d, a, u32::from(v)) {
                            s.rare[d].push(a as u64);
                            s.rare_values[d].push(v);
                        }
                    }
                }
            }
        }
        s.rare_at_review = s.rare_total();
    }

    fn safe(&self) -> Safe {
        match self.state.mode {
            None => [[0; 4]; 2],
            Some(classes) => {
                let words = sparse::safe_words(&classes, 4);
                std::array::from_fn(|p| std::array::from_fn(|w| words[p][w]))
            }
        }
    }

    fn method(&self) -> String {
        let s = &self.state;
        let method = match s.mode {
            None => Method::Dense,
            Some(classes) => Method::Sparse {
                classes: std::array::from_fn(|d| classes[d].map(|set| (set, s.rare[d].len()))),
            },
        };
        format!(
            "ring mode (prefix of {} values, ring of {}), {method}",
            self.sizes.prefix, self.sizes.ring
        )
    }
}

/// Computes G(0..=options.to) of `rule` in the ring mode, resuming from and saving to the
/// checkpoint when one is given (module doc).
pub fn run<P: Progress>(
    rule: &HeapRule,
    options: &RingOptions<'_, P>,
) -> Result<RingRun, RingError> {
    let compiled = rule.compile();
    let moves = Moves::of(&compiled, usize::MAX).ok_or_else(|| RingError::Rule {
        rule: rule.to_string(),
    })?;
    let sizes = options.sizes;
    let take = moves
        .take_all
        .iter()
        .chain(&moves.singles)
        .chain(&moves.splits)
        .copied()
        .max()
        .unwrap_or(0) as u64;
    if sizes.ring < 64
        || sizes.ring < 2 * (take + 1)
        || sizes.prefix == 0
        || usize::try_from(sizes.ring + sizes.prefix).is_err()
    {
        return Err(RingError::Sizes {
            ring: sizes.ring,
            prefix: sizes.prefix,
            take,
        });
    }
    let game = rule.to_string();
    let state = match options.checkpoint {
        Some(path) if path.exists() => load(path, &game, sizes)?,
        _ => State::new(sizes),
    };
    let mut state = state;
    // The prefix's room at once: growing it by doubling would reserve more than P.
    let wanted = sizes.prefix.min(options.to.saturating_add(1)) as usize;
    if wanted > state.prefix.len() {
        state.prefix.reserve_exact(wanted - state.prefix.len());
    }
    let resumed_at = (state.n > 0).then_some(state.n);
    let mut ring = Ring {
        moves: &moves,
        sizes,
        slot: (state.n % sizes.ring) as usize,
        state,
        work: 0,
    };
    let to = options.to;
    let watch = options.progress.start(to);
    let mut safe = ring.safe();
    let mut last_save = Instant::now();
    let mut stop = Stop::Reached;
    while ring.state.n <= to {
        let s = &ring.state;
        let mut end = (s.n / CHUNK + 1) * CHUNK;
        end = end.min(to + 1);
        if let Some(after) = options.stop_after {
            if s.n > after {
                stop = Stop::Interrupted;
                break;
            }
            end = end.min(after + 1);
        }
        while ring.state.n < end {
            let n = ring.state.n;
            if n <= sizes.prefix {
                let grown = ring.state.rare_total()
                    > ring.state.rare_at_review + (ring.state.rare_at_review / 8).max(16);
                if n >= ring.state.next_review || grown {
                    ring.review();
                    safe = ring.safe();
                    if n >= ring.state.next_review {
                        ring.state.next_review = n.saturating_mul(2);
                    }
                }
            }
            let value = ring.value(&safe)?;
            ring.push(value)?;
        }
        watch.computed(ring.state.n);
        if options
            .interrupt
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
            && ring.state.n <= to
        {
            stop = Stop::Interrupted;
            break;
        }
        if let Some(path) = options.checkpoint
            && last_save.elapsed() >= options.checkpoint_every
            && ring.state.n <= to
        {
            save(path, &game, sizes, &ring.state)?;
            last_save = Instant::now();
        }
    }
    if let Some(path) = options.checkpoint {
        save(path, &game, sizes, &ring.state)?;
    }
    watch.engine_statistics(&format!(
        "stats: {} | pair visits {} in this process | common sets chosen {} times",
        ring.method(),
        ring.work,
        ring.state.rebuilds
    ));
    watch.finished();
    let s = &ring.state;
    let last = s.n.saturating_sub(1);
    let report = TableReport {
        game,
        to: last,
        last: ring.get(last as usize),
        checksum: s.checksum(),
        preperiod: None,
        period: None,
        proved: None,
        largest: Largest {
            value: s.largest,
            at: s.largest_at,
        },
        proved_at: None,
        computed_to: last,
        method: ring.method(),
        stopped: stop,
        observed: None,
        no_theorem: Some(
            "the ring mode keeps no full table, so it looks for no period".to_string(),
        ),
        values: None,
    };
    Ok(RingRun {
        report,
        resumed_at,
        work: ring.work,
    })
}

/// FNV-1a over the bytes written or read through it.
struct Hashed<T> {
    inner: T,
    hash: u64,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

impl<T> Hashed<T> {
    fn new(inner: T) -> Hashed<T> {
        Hashed {
            inner,
            hash: FNV_OFFSET,
        }
    }

    fn absorb(&mut self, bytes: &[u8]) {
        let mut hash = self.hash;
        for &byte in bytes {
            hash = (hash ^ u64::from(byte)).wrapping_mul(FNV_PRIME);
        }
        self.hash = hash;
    }
}

impl<W: Write> Write for Hashed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.absorb(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl<R: Read> Read for Hashed<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.absorb(&buf[..read]);
        Ok(read)
    }
}

fn checkpoint_error(path: &Path, reason: impl std::fmt::Display) -> RingError {
    RingError::Checkpoint {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

fn temporary(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    PathBuf::from(name)
}

/// Writes the state to `path` atomically: `path.tmp`, synced, renamed over `path`.
fn save(path: &Path, game: &str, sizes: Sizes, s: &State) -> Result<(), RingError> {
    let tmp = temporary(path);
    let fail = |e: std::io::Error| checkpoint_error(path, format!("cannot write: {e}"));
    let file = File::create(&tmp).map_err(fail)?;
    let mut out = Hashed::new(BufWriter::with_capacity(1 << 20, file));
    write_state(&mut out, game, sizes, s).map_err(fail)?;
    let hash = out.hash;
    out.inner.write_all(&hash.to_le_bytes()).map_err(fail)?;
    let file = out.inner.into_inner().map_err(|e| fail(e.into_error()))?;
    file.sync_all().map_err(fail)?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(fail)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
        && let Ok(dir) = File::open(dir)
    {
        let _ = dir.sync_all();
    }
    Ok(())
}

fn write_state(out: &mut impl Write, game: &str, sizes: Sizes, s: &State) -> std::io::Result<()> {
    let u64s = |out: &mut dyn Write, x: u64| out.write_all(&x.to_le_bytes());
    out.write_all(MAGIC)?;
    out.write_all(&CHECKPOINT_VERSION.to_le_bytes())?;
    out.write_all(&(game.len() as u32).to_le_bytes())?;
    out.write_all(game.as_bytes())?;
    u64s(out, sizes.prefix)?;
    u64s(out, sizes.ring)?;
    u64s(out, s.n)?;
    out.write_all(&s.sums.0.to_le_bytes())?;
    out.write_all(&s.sums.1.to_le_bytes())?;
    out.write_all(&s.largest.to_le_bytes())?;
    u64s(out, s.largest_at)?;
    u64s(out, s.rebuilds)?;
    u64s(out, s.next_review)?;
    u64s(out, s.rare_at_review)?;
    match s.mode {
        None => out.write_all(&[0])?,
        Some(classes) => {
            out.write_all(&[1])?;
            for set in classes {
                match set {
                    None => out.write_all(&[0, 0, 0, 0, 0, 0])?,
                    Some(set) => {
                        out.write_all(&[1])?;
                        out.write_all(&set.mask.to_le_bytes())?;
                        out.write_all(&[u8::from(set.heap_parity)])?;
                    }
                }
            }
        }
    }
    for &count in &s.encodings {
        u64s(out, count)?;
    }
    for d in 0..2 {
        u64s(out, s.rare[d].len() as u64)?;
        for &a in &s.rare[d] {
            u64s(out, a)?;
        }
        out.write_all(&s.rare_values[d])?;
    }
    out.write_all(&s.prefix)?;
    // The ring in position order: G(max(0, n − R)..n).
    let kept = s.n.min(sizes.ring);
    let mut x = s.n - kept;
    while x < s.n {
        let slot = (x % sizes.ring) as usize;
        let run = (s.n - x).min(sizes.ring - slot as u64) as usize;
        out.write_all(&s.ring[slot..slot + run])?;
        x += run as u64;
    }
    Ok(())
}

/// Reads and checks a checkpoint of `game` with `sizes`.
fn load(path: &Path, game: &str, sizes: Sizes) -> Result<State, RingError> {
    let file = File::open(path).map_err(|e| checkpoint_error(path, format!("cannot read: {e}")))?;
    let length = file
        .metadata()
        .map_err(|e| checkpoint_error(path, format!("cannot read: {e}")))?
        .len();
    let mut input = Hashed::new(BufReader::with_capacity(1 << 20, file));
    let state =
        read_state(&mut input, length, game, sizes).map_err(|e| checkpoint_error(path, e))?;
    let hash = input.hash;
    let mut trailer = [0u8; 8];
    let damaged = || checkpoint_error(path, "damaged (its hash does not match): not resumed");
    input
        .inner
        .read_exact(&mut trailer)
        .map_err(|_| damaged())?;
    if u64::from_le_bytes(trailer) != hash {
        return Err(damaged());
    }
    let mut rest = [0u8; 1];
    if input.inner.read(&mut rest).map_err(|_| damaged())? != 0 {
        return Err(damaged());
    }
    Ok(state)
}

fn read_state(
    input: &mut impl Read,
    length: u64,
    game: &str,
    sizes: Sizes,
) -> Result<State, String> {
    let truncated = |_: std::io::Error| "truncated or unreadable: not resumed".to_string();
    let bytes = |count: usize, input: &mut dyn Read| -> Result<Vec<u8>, String> {
        let mut buffer = vec![0u8; count];
        input.read_exact(&mut buffer).map_err(truncated)?;
        Ok(buffer)
    };
    let u64s = |input: &mut dyn Read| -> Result<u64, String> {
        let mut b = [0u8; 8];
        input.read_exact(&mut b).map_err(truncated)?;
        Ok(u64::from_le_bytes(b))
    };
    let u32s = |input: &mut dyn Read| -> Result<u32, String> {
        let mut b = [0u8; 4];
        input.read_exact(&mut b).map_err(truncated)?;
        Ok(u32::from_le_bytes(b))
    };
    let head = bytes(MAGIC.len(), input)?;
    if head != MAGIC {
        return Err("not a grundy ring-mode checkpoint".to_string());
    }
    let version = u32s(input)?;
    if version != CHECKPOINT_VERSION {
        return Err(format!(
            "version {version}, this grundy reads version {CHECKPOINT_VERSION}"
        ));
    }
    let name_length = u32s(input)? as usize;
    if name_length > 4096 {
        return Err("damaged (a game name of more than 4096 bytes)".to_string());
    }
    let name = bytes(name_length, input)?;
    let name = String::from_utf8_lossy(&name);
    if name != game {
        return Err(format!(
            "is a run of {name}, not of {game}: give another file, or the command that wrote it"
        ));
    }
    let (prefix, ring) = (u64s(input)?, u64s(input)?);
    if (prefix, ring) != (sizes.prefix, sizes.ring) {
        return Err(format!(
            "was written with a prefix of {prefix} and a ring of {ring} values, this run has \
             {} and {} (another --memory): give the same --memory",
            sizes.prefix, sizes.ring
        ));
    }
    let damaged = |what: &str| format!("damaged ({what}): not resumed");
    let n = u64s(input)?;
    let mut sums = [0u8; 4];
    input.read_exact(&mut sums).map_err(truncated)?;
    let sums = (
        u16::from_le_bytes([sums[0], sums[1]]),
        u16::from_le_bytes([sums[2], sums[3]]),
    );
    let largest = u32s(input)?;
    let largest_at = u64s(input)?;
    let rebuilds = u64s(input)?;
    let next_review = u64s(input)?;
    let rare_at_review = u64s(input)?;
    if largest > 255 || (n > 0 && largest_at >= n) {
        return Err(damaged("the largest value"));
    }
    let mode = match bytes(1, input)?[0] {
        0 => None,
        1 => {
            let mut classes: Classes = [None; 2];
            for class in &mut classes {
                let entry = bytes(6, input)?;
                *class = match entry[0] {
                    0 => None,
                    1 => Some(sparse::CommonSet {
                        mask: u32::from_le_bytes([entry[1], entry[2], entry[3], entry[4]]),
                        heap_parity: match entry[5] {
                            0 => false,
                            1 => true,
                            _ => return Err(damaged("a common set")),
                        },
                    }),
                    _ => return Err(damaged("a common set")),
                };
            }
            Some(classes)
        }
        _ => return Err(damaged("the method")),
    };
    let mut encodings = vec![0u64; 512];
    for count in &mut encodings {
        *count = u64s(input)?;
    }
    // Every list is checked against n and the file's length before it is allocated.
    let mut rare: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let mut rare_values: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for d in 0..2 {
        let count = u64s(input)?;
        if count > n || count.saturating_mul(9) > length {
            return Err(damaged("a rare list longer than the run or the file"));
        }
        let mut previous = 0;
        for _ in 0..count {
            let a = u64s(input)?;
            if a <= previous || a >= n {
                return Err(damaged("a rare list out of order"));
            }
            previous = a;
            rare[d].push(a);
        }
        rare_values[d] = bytes(count as usize, input)?;
    }
    let kept = n.min(sizes.prefix);
    let in_ring = n.min(sizes.ring);
    if kept.saturating_add(in_ring) > length {
        return Err("truncated: not resumed".to_string());
    }
    let prefix_values = bytes(kept as usize, input)?;
    let mut ring_values = vec![0u8; sizes.ring as usize];
    let mut x = n - in_ring;
    while x < n {
        let slot = (x % sizes.ring) as usize;
        let run = (n - x).min(sizes.ring - slot as u64) as usize;
        input
            .read_exact(&mut ring_values[slot..slot + run])
            .map_err(truncated)?;
        x += run as u64;
    }
    Ok(State {
        n,
        prefix: prefix_values,
        ring: ring_values,
        rare,
        rare_values,
        mode,
        encodings,
        next_review,
        rare_at_review,
        rebuilds,
        largest,
        largest_at,
        sums,
    })
}
