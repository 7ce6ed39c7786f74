//! The ring mode: G(0..=N) for N longer than memory (`grundy table CODE --to N --ring`).
//!
//! **What is kept.** A *prefix* G(0..P) kept for ever, a *ring* of the R most recent values
//! and, for each class of split moves, the list of rare positions *with their values* — so memory
//! is P + R bytes, a little slack (below) and 9 bytes a rare position, whatever N is. When
//! G(0..n) are known, G(x) counts as readable iff x < P or x ≥ n − R. `--memory M` (MiB, default
//! [`DEFAULT_MEMORY_MIB`]) gives R three quarters of M, the slack R/12 and P the rest
//! ([`Sizes::for_memory`]): the ring is the span the rare pairs need, the prefix the depth the
//! coverage scans need.
//!
//! **Layout.** One table of P + R + slack bytes: G(x) for x < P at index x, and the ring as a
//! *window*, a plain run of the recent values after the prefix. At first the table is simply
//! G(0..n), index x for every x. When a block would not fit any more, the last R values are
//! moved down to just after the prefix (one `memmove` of R bytes every slack positions: for the
//! default sizes 29,360,128 positions, a few tenths of a per cent of the run), and from then on
//! G(x), x ≥ n − R, is at index x − shift. So every run of values a scan reads — G(a), G(a + 1),
//! … from the prefix, G(r − a), G(r − a − 1), … from the window — is one slice, and the
//! engine's vector kernels read it with only an offset added (`kernels::scan`,
//! `kernels::mark_listed`), where a modular ring would split runs at its edge and take a
//! remainder a read.
//!
//! **Which reads a heap n makes** (the sparse method of the engine's `sparse` module): (1) every
//! pair (a, n − k − a) with a rare part a: G(a) is in the rare list, G(n − k − a) is near n —
//! in the ring while a + k ≤ R, or small enough for the prefix; (2) g, the least safe unmarked
//! value; (3) the coverage scan over ordinary pairs (a, n − k − a) from a = 1 up, until the
//! non-safe values below g are options: G(a) from the prefix, G(n − k − a) from the ring, so the
//! scan can go up to a = min(P − 1, R − k). Only when n is a rare position does the scan run over
//! all pairs, through the middle that no longer is in memory. While n ≤ P + R every position is
//! readable and the mode computes exactly what the in-memory engine does; past that, a read
//! outside the prefix and the ring is served from the *value file* (below), so the mode computes
//! the in-memory engine's values whatever the sizes — they only change how much is read from
//! disk. Reads are placed, not checked one by one: a scan's range of a is cut at the readable
//! limit before the kernels run, and what lies past it is a *far scan*; a block ends at the
//! first position where a known rare position's pair moves from the prefix to the file, so each
//! block reads each such pair's run from one place.
//!
//! **Value file** (the `value_file` module; `--values FILE`, by default the checkpoint's path with
//! `.values` added, or an unnamed temporary file when there is no checkpoint): every value
//! computed is appended, one byte at offset x, through a small write buffer. Three kinds of
//! reads go to it. (a) A new rare position past P + R needs the mex over all its pairs: its
//! coverage scan runs on past the readable limit as a far scan — G(a) forward and G(r − a)
//! backward copied, in pieces that start at 512 pairs and double up to 2^18, into two buffers
//! the kernels read like the table's runs (`kernels::scan`). (b) A coverage scan that
//! is merely deep is the same far scan, and most stop within the first piece. (c) A rare
//! position a with a + k > R pairs, from n = P + k + a on, with G(n − k − a), behind the ring
//! and past the prefix: a *cursor* per such pair holds a run of those values read ahead from
//! the file (up to 1 MiB, less when there are many far pairs: 32 MiB for all of them) and moves
//! forward with n, refilled once the block's run leaves it; the parallel phase reads the run
//! from the cursor as it would from the window. Rare positions are few for the sparse games
//! (0.167: 61 a class up to 628,834,638), so (a) and (c) are rare work; games whose values are
//! not sparse make every position a full scan through the file, correct but slow. A failed read
//! or write (a full disk) is the error [`RingError::ValueFile`], naming the file; nothing is
//! guessed. The process's resident memory stays the table's plus the buffers: the file is read
//! with positioned reads, never mapped, and the pages the kernel caches are not the process's.
//!
//! **Both cores.** Positions are computed in blocks [N, N + B) as in memory (B = N/4, at most
//! 16,384). The parallel phase (rayon, all cores) marks, for each position of the block, the
//! rare pairs whose other part is below N and the coverage scan over pairs with both parts below
//! N. The sequential phase then marks the single-heap options and the rare pairs whose other
//! part is inside the block (for 0.167, whose rare positions are all small but one, that is
//! nearly every rare pair: G(n) depends on G(n − 4)), finds g, and goes on with the coverage scan
//! only when the parallel one did not cover the non-safe values below g. That phase is one
//! core's work by nature, so once the common sets are frozen (past P) it runs *beside* the next
//! block's parallel phase (`rayon::join`): that one takes as finished only the values below the
//! current block, so its pairs with a part in the current block move to its own sequential
//! phase (small a; the coverage scan starts at the first a whose pair is finished). The
//! sequential phase reads the table and writes its values to a run of its own (the values from
//! the prepared boundary on), recorded once both phases are done. The parallel phase
//! cannot know g (the options inside the block raise it), so it *speculates*: after the scan
//! that is necessary for the g known then, it goes on, at most 512 pairs more, until the non-safe
//! values below a bound are covered too — the least value that at most 1/32 of the last block's
//! positions reach. Measured on 0.167 (values of the first 3·10^6 positions, a scan from
//! a = 16,384): the exact g needs 148 pairs a position, all of them on one core once the block's
//! options are known; a bound of 32 needs 313 on all cores, and 3.5 % of the positions go on
//! in the sequential phase. The bound changes where the pairs are visited, never a value. In
//! the sequential phase the rare pairs with a + k ≥ 4 whose other part is at or past the
//! prepared boundary for all of four consecutive heaps are marked for the four at once
//! (`kernels::mark_rare_lanes`, as in memory), and the cut points of the rare lists move
//! forward with n instead of being searched for at every heap.
//!
//! **Common sets** are chosen as the in-memory engine chooses them (the Walsh–Hadamard transform
//! of the encodings, at each doubling of n and when rare positions keep appearing), but only
//! while the prefix holds every value (n ≤ P): re-choosing a set rebuilds its rare list from all
//! values. Past P they are frozen — a choice of speed only, never of values. Values not sparse
//! (no common set chosen by n = P) leave every position rare: past P + R each position is a
//! full scan through the value file.
//!
//! **Values** are kept as bytes; a value of 256 or more stops the run with an error (the record
//! games' values stay below 256: 0.167's largest is 64 up to 2^40, by Rogalski's tables).
//!
//! **No period** is looked for: proving one needs G(n − p) for the period p, far back (use
//! `grundy table` in memory, which stops at a proof). The report says "no period up to N" with
//! that reason.
//!
//! **Checkpoints** (`--checkpoint FILE`, every `--checkpoint-every` seconds, on Ctrl-C and at the
//! end): the state — position, checksum sums, largest value, common sets, encodings, rare
//! lists — and the value file's count and digest, in a versioned binary file
//! ([`CHECKPOINT_VERSION`]) with an FNV-1a hash at its end, written to `FILE.tmp`, synced and
//! renamed over FILE, so a crash leaves the old checkpoint or the new one, never half of one.
//! The value file is written out and synced before the checkpoint that records it. The prefix
//! and the ring are not in the checkpoint: on resume they are read back out of the value file,
//! which is read once from its start and must have the recorded digest over its first `count`
//! values (one sequential read of the file, nothing a position), then cut to `count` (values
//! written after the last checkpoint). The same command with the same files resumes where it
//! stopped, and the result is the uninterrupted run's: the computation from a state is
//! deterministic. A checkpoint of another game or other sizes (another `--memory`) is refused,
//! and so is a damaged one, or one whose value file is missing, short or altered: every count is
//! checked against the sizes and the file's length before anything is allocated, and the hashes
//! before anything is used. A larger `--to` continues a finished run.
//!
//! **Checksum**: the one of `table --json` and `ogsolve` (a = Σ G(i), b = Σ a, both mod 2^16,
//! printed as `(b << 16) | a` in hexadecimal), kept as the values go by.

mod value_file;

use super::bits::{below, covers, first_missing, mark};
use super::kernels::{self, Kernels};
use super::method::{Method, Stop};
use super::moves::Moves;
use super::progress::Progress;
use super::report::{Largest, TableReport};
use super::request::PARALLEL_WORK;
use super::rule::CompiledRule;
use super::sparse::{self, Classes};
use rayon::prelude::*;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use value_file::{FileFailure, ValueFile};

/// The default `--memory`, in MiB: prefix and ring together, leaving room under 512 MiB
/// resident for the program itself.
pub const DEFAULT_MEMORY_MIB: u64 = 448;
/// The default `--checkpoint-every`, in seconds.
pub const DEFAULT_CHECKPOINT_SECONDS: u64 = 300;
/// The version written in (and required of) a checkpoint file.
pub const CHECKPOINT_VERSION: u32 = 3;
const MAGIC: &[u8; 12] = b"grundy-ring\n";
/// Positions between two looks at the clock, the interrupt flag and the progress bar, while
/// positions are computed one by one.
const CHUNK: u64 = 1 << 12;
/// The longest block (the in-memory engine's, for sparse values).
const BLOCK: u64 = 16384;
/// The most pairs a position's parallel scan visits past the necessary ones, to cover the
/// values below the block's speculative bound.
const SPECULATE_PAIRS: usize = 512;
/// Positions below this are computed before the first choice of common sets.
const FIRST_REVIEW: u64 = 128;
/// The most pairs a far scan (pairs read through the value file) reads into its two buffers
/// at once.
const FAR_PIECE: usize = 1 << 18;
/// The pairs of a far scan's first piece.
const FIRST_FAR_PIECE: usize = 512;
/// The bytes all cursors of far rare pairs hold together, at most (each holds at least one
/// block's run).
const CURSOR_BUDGET: usize = 32 << 20;
/// The most bytes one cursor reads ahead.
const CURSOR_PIECE: usize = 1 << 20;

/// The prefix and ring sizes, in positions (one byte each).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sizes {
    /// P: G(0..P) are kept for ever.
    pub prefix: u64,
    /// R: G(n − R..n) are kept, the ring of the most recent values.
    pub ring: u64,
}

impl Sizes {
    /// The sizes for `mib` MiB: R three quarters of it, the window's slack
    /// ([`Sizes::slack`]) R/12, P the rest.
    pub fn for_memory(mib: u64) -> Result<Sizes, RingError> {
        if !(1..=1 << 20).contains(&mib) {
            return Err(RingError::Memory { mib });
        }
        let bytes = mib << 20;
        let ring = bytes / 4 * 3;
        let sizes = Sizes { prefix: 0, ring };
        Ok(Sizes {
            prefix: bytes - ring - sizes.slack(),
            ring,
        })
    }

    /// The room past the ring in the window (module doc, *Layout*): R/12, at least two
    /// blocks.
    pub fn slack(self) -> u64 {
        (self.ring / 12).max(2 * BLOCK)
    }

    /// The bytes of the table: P + R + slack.
    pub fn table(self) -> u64 {
        self.prefix + self.ring + self.slack()
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
    /// The value file (module doc, *Value file*); `None`: the checkpoint's path with
    /// `.values` added, or an unnamed temporary file when there is no checkpoint either.
    pub values: Option<&'a Path>,
    /// How often the state is saved.
    pub checkpoint_every: Duration,
    /// Stop cleanly (saving the state) when this flag is set: Ctrl-C.
    pub interrupt: Option<&'a AtomicBool>,
    /// Stop as if interrupted once G(0..=this) are computed (tests: interruptions at chosen
    /// points).
    pub stop_after: Option<u64>,
    /// Who watches the computation (the progress bar).
    pub progress: P,
    /// Use the portable pair-scan kernels even where AVX2 is detected (the tests compare the
    /// two).
    pub scalar_kernels: bool,
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
    /// Positioned reads of the value file this process made, and their bytes.
    pub file_reads: (u64, u64),
    /// Pairs whose values were read through the value file's reader (far scans), and the
    /// scans.
    pub far_pairs: u64,
    /// Scans that read pairs past the prefix and the ring.
    pub far_scans: u64,
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
    /// The value file cannot be written, read or trusted.
    #[error("value file {path}: {reason}")]
    ValueFile {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// The table's memory cannot be had.
    #[error("cannot reserve {bytes} bytes for the prefix and the ring: give less --memory")]
    Reserve {
        /// The bytes asked for.
        bytes: u64,
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

/// The state of a run: everything a checkpoint holds, and the window's layout.
struct State {
    /// G(0..n) are known.
    n: u64,
    /// The table (module doc, *Layout*): G(x) at `values[x]` for x < P, at `values[x − shift]`
    /// for x ≥ n − R (and for every x < n while `shift` is 0).
    values: Vec<u8>,
    /// 0 until the window is first moved down, then (the window's first position) − P.
    shift: usize,
    /// Rare positions of each class, ascending, and their values.
    rare: [Vec<usize>; 2],
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

/// A table of `capacity` bytes, reserved (not touched: a page is resident once written), or an
/// error saying how much could not be had.
fn reserve(capacity: u64) -> Result<Vec<u8>, RingError> {
    let mut values = Vec::new();
    usize::try_from(capacity)
        .ok()
        .and_then(|bytes| values.try_reserve_exact(bytes).ok())
        .ok_or(RingError::Reserve { bytes: capacity })?;
    Ok(values)
}

impl State {
    fn new(capacity: u64) -> Result<State, RingError> {
        Ok(State {
            n: 0,
            values: reserve(capacity)?,
            shift: 0,
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
        })
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

/// Reads of the table, shared by the threads of a block's parallel phase.
#[derive(Copy, Clone)]
struct View<'v> {
    values: &'v [u8],
    shift: usize,
    prefix: usize,
    ring: usize,
}

impl View<'_> {
    /// G(x), for x < P or x ≥ n − R (checked by the caller).
    #[inline(always)]
    fn get(&self, x: usize) -> u8 {
        debug_assert!(x < self.prefix || x >= self.prefix + self.shift);
        if x < self.prefix {
            self.values[x]
        } else {
            self.values[x - self.shift]
        }
    }

    /// The largest a whose pair (a, n − k − a) the coverage scan of n may read: every a up to
    /// `top` while n ≤ P + R (everything is kept), else a < P (G(a) in the prefix) and
    /// a + k ≤ R (G(n − k − a) in the ring).
    #[inline(always)]
    fn limit(&self, n: usize, k: usize, top: usize) -> usize {
        if n <= self.prefix + self.ring {
            top
        } else {
            top.min(self.prefix - 1).min(self.ring - k)
        }
    }
}

/// Where the parallel phase's coverage scan of a position stopped: at `a` of split `split`
/// (`a` = 0: at the split's first finished pair); `split` = the number of splits when every
/// readable finished pair was scanned.
#[derive(Copy, Clone, Debug, Default)]
struct Resume {
    split: usize,
    a: usize,
}

/// The run: moves, sizes, state and statistics.
struct Ring<'a> {
    moves: &'a Moves,
    sizes: Sizes,
    state: State,
    kernels: Kernels,
    work: u128,
    /// Positions whose coverage scan had to go on in the sequential phase, and its pairs.
    fallbacks: u64,
    fallback_pairs: u64,
    /// The value the parallel phase's scans cover up to (module doc, *Both cores*).
    speculate: u32,
    /// Pairs per position in the last block's parallel phase.
    pairs_per_position: u64,
    /// How many times the window was moved down.
    moves_down: u64,
    /// The next block's parallel phase, done while this one's sequential phase ran.
    pending: Option<Prepared>,
    /// Blocks whose sequential phase ran beside the next one's parallel phase, and the time
    /// of the sequential phases (with the parallel ones beside them).
    overlapped: u64,
    sequential_time: Duration,
    /// Every value computed, on disk (module doc, *Value file*).
    file: ValueFile,
    /// The runs of the far rare pairs (module doc, *Value file*).
    cursors: Vec<Cursor>,
    /// Scans that read pairs through the value file's reader, and their pairs.
    far_scans: u64,
    far_pairs: u64,
}

/// A far rare pair's values (module doc, *Value file*): G(start..start + values.len()), read
/// ahead from the value file, the values G(n − k − a) that the rare position a pairs with for
/// the take k as n moves on.
struct Cursor {
    k: usize,
    a: usize,
    start: usize,
    values: Vec<u8>,
}

/// Every value known: the table's (prefix and window), a run of recent ones not in the table
/// yet, and the value file's (module doc, *Value file*).
#[derive(Copy, Clone)]
struct Source<'s> {
    view: View<'s>,
    /// G(0..table_end) are known to the table and the file.
    table_end: usize,
    /// G(recent_from..recent_from + recent.len()), read for x ≥ `table_end`.
    recent: &'s [u8],
    recent_from: usize,
    file: &'s ValueFile,
}

impl Source<'_> {
    /// Copies G(from..from + out.len()), all known, into `out`: from the table where it holds
    /// them, else from the file.
    fn fill(&self, from: usize, out: &mut [u8]) -> Result<(), FileFailure> {
        let (p, shift, values) = (self.view.prefix, self.view.shift, self.view.values);
        let mut done = 0;
        while done < out.len() {
            let x = from + done;
            let want = out.len() - done;
            let into = &mut out[done..];
            let piece = if x >= self.table_end {
                let i = x - self.recent_from;
                let piece = want.min(self.recent.len() - i);
                into[..piece].copy_from_slice(&self.recent[i..i + piece]);
                piece
            } else if shift == 0 || x < p {
                let stop = if shift == 0 { self.table_end } else { p };
                let piece = want.min(stop - x);
                into[..piece].copy_from_slice(&values[x..x + piece]);
                piece
            } else if x >= p + shift {
                let piece = want.min(self.table_end - x);
                into[..piece].copy_from_slice(&values[x - shift..x - shift + piece]);
                piece
            } else {
                let piece = want.min(p + shift - x);
                self.file.fill(x as u64, &mut into[..piece])?;
                piece
            };
            done += piece;
        }
        Ok(())
    }

    /// G(x), known.
    fn get(&self, x: usize) -> Result<u8, FileFailure> {
        let mut value = [0u8];
        self.fill(x, &mut value)?;
        Ok(value[0])
    }
}

/// The coverage scan over a = `from..=to` of the pairs (a, r − a) read through `source`, pairs
/// that the prefix and the ring do not hold both parts of (module doc, *Value file*): in pieces
/// of [`FIRST_FAR_PIECE`] pairs doubling up to [`FAR_PIECE`], each part's run copied into a
/// buffer and the pairs marked by the kernels. The next a and whether `need` was covered.
#[allow(clippy::too_many_arguments)]
fn scan_far(
    source: &Source<'_>,
    kernels: Kernels,
    r: usize,
    from: usize,
    to: usize,
    set: &mut [u64; 4],
    need: &[u64; 4],
) -> Result<(usize, bool), FileFailure> {
    let (mut low, mut high) = (Vec::new(), Vec::new());
    let mut a = from;
    // Most scans stop after a few pairs: the pieces start small and double.
    let mut piece = FIRST_FAR_PIECE;
    while a <= to {
        let stop = to.min(a + piece - 1);
        piece = (2 * piece).min(FAR_PIECE);
        let len = stop - a + 1;
        low.resize(len, 0);
        high.resize(len, 0);
        // low[i] = G(a + i), high[j] = G(r − stop + j): the pair of a + i is high[stop − a − i].
        source.fill(a, &mut low)?;
        source.fill(r - stop, &mut high)?;
        let (next, covered) =
            kernels::scan(kernels, &low, &high, r - stop, r - a, 0, len - 1, set, need);
        if covered {
            return Ok((a + next, true));
        }
        a = stop + 1;
    }
    Ok((a, false))
}

/// The sets of values safe at heaps of each parity, 256 values (values are bytes).
type Safe = [[u64; 4]; 2];

/// A block's parallel phase done: for each position the values seen and where its scan
/// stopped.
struct Prepared {
    n0: usize,
    /// The pairs with both parts below this (≤ n0) are marked.
    finished: usize,
    seen: Vec<[u64; 4]>,
    resume: Vec<Resume>,
    /// The rare positions of each class the phase paired (those known when it ran).
    rare_before: [usize; 2],
    pairs: u64,
}

/// A block's sequential phase done: its values, up to the first that could not be computed.
#[derive(Default)]
struct Computed {
    values: Vec<u8>,
    failure: Option<Failure>,
    pairs: u64,
    fallbacks: u64,
    fallback_pairs: u64,
    far_scans: u64,
    far_pairs: u64,
}

/// Why a block's sequential phase stopped (made a [`RingError`] once the values before are
/// recorded).
enum Failure {
    File(FileFailure),
    TooLarge { n: u64, value: u32 },
}

impl Ring<'_> {
    fn view(&self) -> View<'_> {
        View {
            values: &self.state.values,
            shift: self.state.shift,
            prefix: self.sizes.prefix as usize,
            ring: self.sizes.ring as usize,
        }
    }

    /// G(x), known to be readable.
    #[inline(always)]
    fn get(&self, x: usize) -> u32 {
        u32::from(self.view().get(x))
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

    /// Every value known, the table's and the file's (outside a block's sequential phase).
    fn source(&self) -> Source<'_> {
        Source {
            view: self.view(),
            table_end: self.state.n as usize,
            recent: &[],
            recent_from: self.state.n as usize,
            file: &self.file,
        }
    }

    /// Makes room in the window for `len` more values: when they would not fit, the last R
    /// values and a block more (the sequential phase reads from the last block's start on) are
    /// moved down to just after the prefix (module doc, *Layout*).
    fn make_room(&mut self, len: usize) {
        let s = &mut self.state;
        let (p, r) = (self.sizes.prefix as usize, self.sizes.ring as usize);
        let n = s.n as usize;
        if n - s.shift + len <= self.sizes.table() as usize {
            return;
        }
        // n > P + R + slack − len, slack ≥ 2·BLOCK ≥ len + BLOCK: the new first position
        // n − R − BLOCK is past the prefix, and `len` values fit after the kept ones.
        let first = n - r - BLOCK as usize;
        s.values.copy_within(first - s.shift..n - s.shift, p);
        s.values.truncate(p + (n - first));
        s.shift = first - p;
        self.moves_down += 1;
    }

    /// The first position past n at which a rare pair of a rare position known now starts to
    /// read G(n − k − a) from the value file instead of the prefix: (a, n − k − a) with
    /// a + k > R is out of the ring, and past the prefix once n ≥ P + k + a. Blocks end there,
    /// so that each block reads each such pair's run from one place.
    fn next_switch(&self, n: u64) -> Option<u64> {
        let (p, r, n) = (
            self.sizes.prefix as usize,
            self.sizes.ring as usize,
            n as usize,
        );
        self.moves
            .splits
            .iter()
            .filter_map(|&k| {
                let rare = &self.state.rare[k & 1];
                let far = rare.partition_point(|&a| a + k <= r || p + k + a <= n);
                rare.get(far).map(|&a| (p + k + a) as u64)
            })
            .min()
    }

    /// G(n) for n = `state.n`, every pair scanned one by one (the first positions, and values
    /// that are not sparse), every read checked.
    fn value(&mut self, safe: &Safe) -> Result<u32, RingError> {
        let n = self.state.n as usize;
        let moves = self.moves;
        let mut set = [0u64; 4];
        moves.mark_single_heap_options(n, |x| self.get(x), &mut set);
        let safe = match self.state.mode {
            None => &[0u64; 4],
            Some(_) => &safe[n & 1],
        };
        let mut pairs = 0u64;
        if self.state.mode.is_some() {
            for (k, r) in moves.splits_of(n) {
                let class = k & 1;
                for (&a, &ga) in self.state.rare[class]
                    .iter()
                    .zip(&self.state.rare_values[class])
                {
                    if a >= r {
                        break;
                    }
                    let b = r - a;
                    if moves.distinct && a == b {
                        continue;
                    }
                    let gb = if self.readable(b) {
                        self.view().get(b)
                    } else {
                        self.source().get(b)?
                    };
                    mark(&mut set, u32::from(ga ^ gb));
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
        let view = self.view();
        let mut covered = false;
        for (k, r) in moves.splits_of(n) {
            let top = moves.top(r);
            let limit = view.limit(n, k, top);
            let (next, done) = self.scan(r, 1, limit, &mut set, &need);
            pairs += (next - 1) as u64;
            if done {
                covered = true;
                break;
            }
        }
        // Pairs past the prefix and the ring: through the value file.
        let (mut far_scans, mut far_pairs) = (0, 0);
        if !covered {
            let source = self.source();
            for (k, r) in moves.splits_of(n) {
                let top = moves.top(r);
                let limit = view.limit(n, k, top);
                if limit < top {
                    let (next, done) =
                        scan_far(&source, self.kernels, r, limit + 1, top, &mut set, &need)?;
                    far_scans += 1;
                    far_pairs += (next - limit - 1) as u64;
                    if done {
                        covered = true;
                        break;
                    }
                }
            }
        }
        self.far_scans += far_scans;
        self.far_pairs += far_pairs;
        pairs += far_pairs;
        self.work += u128::from(pairs);
        if covered {
            return Ok(g);
        }
        Ok(first_missing(&set, |_| !0))
    }

    /// The coverage scan over a = `from..=to` (all readable), one by one where a run of pairs
    /// is not in the two regions the kernels read (the first positions only).
    fn scan(
        &self,
        r: usize,
        from: usize,
        to: usize,
        set: &mut [u64; 4],
        need: &[u64; 4],
    ) -> (usize, bool) {
        scan_pairs(self.view(), self.kernels, r, from, to, set, need)
    }

    /// The length of the block from `n` (before `end`): the in-memory engine's, cut before the
    /// next position where a far rare pair's reads move from the prefix to the value file.
    fn block_len(&self, n: u64, end: u64) -> u64 {
        let len = (n / 4).min(BLOCK).min(end - n);
        match self.next_switch(n) {
            Some(switch) => len.min(switch - n),
            None => len,
        }
    }

    /// Reads ahead, for the block `n0..n0 + len` whose pairs with both parts below `finished`
    /// the parallel phase marks, the run of every rare pair whose other part is neither in the
    /// prefix nor in the window: one cursor per far rare pair, refilled with up to
    /// [`CURSOR_PIECE`] values when the block's run is not inside (module doc, *Value file*).
    fn refill_cursors(&mut self, n0: usize, len: usize, finished: usize) -> Result<(), RingError> {
        let (p, shift) = (self.sizes.prefix as usize, self.state.shift);
        let c1 = n0 + len;
        let mut wanted: Vec<(usize, usize, usize, usize)> = Vec::new();
        if shift > 0 {
            for &k in &self.moves.splits {
                if c1 < k + 3 {
                    continue;
                }
                let rare = &self.state.rare[k & 1];
                let (lo, hi) = finished_rare_range(k, n0, c1, finished);
                let start = rare.partition_point(|&a| a < lo);
                for &a in &rare[start..] {
                    if a > hi {
                        break;
                    }
                    let Some((from, until)) = finished_run(k, a, n0, c1, finished) else {
                        continue;
                    };
                    let (b_lo, b_hi) = (from - k - a, until - k - a);
                    if b_hi >= p && b_lo < p + shift {
                        wanted.push((k, a, b_lo, b_hi));
                    }
                }
            }
        }
        // The cursors in (k, a) order, those still wanted kept, the new ones empty.
        wanted.sort_unstable();
        let mut old = std::mem::take(&mut self.cursors).into_iter().peekable();
        let mut cursors = Vec::with_capacity(wanted.len());
        for &(k, a, _, _) in &wanted {
            while old.next_if(|c| (c.k, c.a) < (k, a)).is_some() {}
            cursors.push(old.next_if(|c| (c.k, c.a) == (k, a)).unwrap_or(Cursor {
                k,
                a,
                start: 0,
                values: Vec::new(),
            }));
        }
        let piece = (CURSOR_BUDGET / wanted.len().max(1)).min(CURSOR_PIECE);
        let known = self.state.n as usize;
        for (cursor, &(_, _, b_lo, b_hi)) in cursors.iter_mut().zip(&wanted) {
            if cursor.start <= b_lo && b_hi < cursor.start + cursor.values.len() {
                continue;
            }
            let length = piece.max(b_hi - b_lo + 1).min(known - b_lo);
            cursor.values.resize(length, 0);
            self.source().fill(b_lo, &mut cursor.values)?;
            cursor.start = b_lo;
        }
        self.cursors = cursors;
        Ok(())
    }

    /// The parallel phase of the block `n0..n0 + len`: the pairs with both parts below
    /// `finished` (≤ n0), on all cores.
    fn prepare(&self, n0: usize, len: usize, finished: usize, safe: &Safe) -> Prepared {
        let s = &self.state;
        let mut prepared = Prepared {
            n0,
            finished,
            seen: vec![[0u64; 4]; len],
            resume: vec![Resume::default(); len],
            rare_before: [s.rare[0].len(), s.rare[1].len()],
            pairs: 0,
        };
        let view = self.view();
        let moves = self.moves;
        let rare = [
            (&s.rare[0][..], &s.rare_values[0][..]),
            (&s.rare[1][..], &s.rare_values[1][..]),
        ];
        let kernels = self.kernels;
        let speculate = self.speculate;
        let far = &self.cursors[..];
        let chunk = 64;
        let run = |(index, (sets, resume)): (usize, (&mut [[u64; 4]], &mut [Resume]))| {
            let c0 = n0 + index * chunk;
            parallel(
                view, moves, rare, far, finished, c0, sets, resume, safe, speculate, kernels,
            )
        };
        let (seen, resume) = (&mut prepared.seen, &mut prepared.resume);
        // Small blocks stay on this thread: waking the pool costs more than they take.
        prepared.pairs = if self.pairs_per_position.saturating_mul(len as u64) < PARALLEL_WORK {
            seen.chunks_mut(chunk)
                .zip(resume.chunks_mut(chunk))
                .enumerate()
                .map(run)
                .sum()
        } else {
            seen.par_chunks_mut(chunk)
                .zip(resume.par_chunks_mut(chunk))
                .enumerate()
                .map(run)
                .sum()
        };
        prepared
    }

    /// Computes G(n0..n0 + len), n0 = `state.n`, in one block (sparse values; module doc,
    /// *Both cores*): its parallel phase (prepared with the last block when the common sets are
    /// frozen), then its sequential phase — while the next block's parallel phase runs on the
    /// other cores, from the values below n0.
    fn block(&mut self, len: u64, end: u64, safe: &Safe) -> Result<(), RingError> {
        self.make_room(len as usize);
        let n0 = self.state.n as usize;
        let len = len as usize;
        let prepared = match self.pending.take() {
            Some(pending) if pending.n0 == n0 && pending.seen.len() == len => pending,
            _ => {
                self.refill_cursors(n0, len, n0)?;
                self.prepare(n0, len, n0, safe)
            }
        };
        self.work += u128::from(prepared.pairs);
        self.pairs_per_position = prepared.pairs / len as u64;
        let next = (n0 + len) as u64;
        let next_len = if next > self.sizes.prefix && next < end {
            Some(self.block_len(next, end))
        } else {
            None
        };
        let clock = Instant::now();
        let computed = match next_len {
            Some(next_len) => {
                self.refill_cursors(next as usize, next_len as usize, n0)?;
                let this = &*self;
                let (computed, pending) = rayon::join(
                    || this.sequential_block(&prepared, safe),
                    || this.prepare(next as usize, next_len as usize, n0, safe),
                );
                self.pending = Some(pending);
                self.overlapped += 1;
                computed
            }
            None => self.sequential_block(&prepared, safe),
        };
        self.sequential_time += clock.elapsed();
        self.work += u128::from(computed.pairs);
        self.fallbacks += computed.fallbacks;
        self.fallback_pairs += computed.fallback_pairs;
        self.far_scans += computed.far_scans;
        self.far_pairs += computed.far_pairs;
        let mut histogram = [0u32; 256];
        for &value in &computed.values {
            histogram[usize::from(value)] += 1;
            self.push(u32::from(value))?;
        }
        if let Some(failure) = computed.failure {
            self.pending = None;
            return Err(match failure {
                Failure::File(failure) => failure.into(),
                Failure::TooLarge { n, value } => RingError::ValueTooLarge { n, value },
            });
        }
        // The next block's scans cover every non-safe value below the least value that at most
        // 1/32 of this block's positions reach or pass.
        let mut above = 0;
        self.speculate = 0;
        for value in (0..256).rev() {
            above += histogram[value];
            if above as usize * 32 > len {
                self.speculate = value as u32;
                break;
            }
        }
        Ok(())
    }

    /// The sequential phase of the prepared block (module doc, *Both cores*): for each
    /// position, the single-heap options, the rare pairs with a part at or past the prepared
    /// boundary, g, and only when g's condition fails the coverage scan on; every read checked.
    /// Reads the table, writes nothing of it: the block's values are returned, with the first
    /// read that could not be served.
    fn sequential_block(&self, prepared: &Prepared, safe: &Safe) -> Computed {
        let (n0, finished) = (prepared.n0, prepared.finished);
        let view = self.view();
        let moves = self.moves;
        let s = &self.state;
        let (p, ring) = (self.sizes.prefix as usize, self.sizes.ring as usize);
        let source = |recent: &[u8], x: usize| {
            Source {
                view,
                table_end: n0,
                recent,
                recent_from: finished,
                file: &self.file,
            }
            .get(x)
        };
        // G(finished..n): the recent values, then the block's, in one run.
        let mut recent: Vec<u8> = (finished..n0).map(|x| view.get(x)).collect();
        let mut found: [Vec<(usize, u8)>; 2] = [Vec::new(), Vec::new()];
        let mut computed = Computed::default();
        // The largest value read so far (the nim-sums fit the bit sets' first words).
        let mut largest = s.largest;
        // The sets of the LANES heaps from the last multiple of LANES, the rare pairs with
        // a + k ≥ LANES and G(r − a) at or past `finished` marked in them at once.
        let lanes = kernels::LANES;
        let mut lane_sets = [[0u64; 4]; kernels::LANES];
        let len = prepared.seen.len();
        // For each split take k, the rare positions known to the parallel phase (`old`): how
        // many have a + k < LANES, and cursors that move forward with n — how many pair with a
        // part at or past `finished` (a + finished ≤ n − k), and of them how many pair so
        // with every lane of the current quad (a + k + finished ≤ m).
        let old_of = |k: usize| {
            let class = k & 1;
            let before = prepared.rare_before[class];
            (&s.rare[class][..before], &s.rare_values[class][..before])
        };
        let small: Vec<usize> = (moves.splits.iter())
            .map(|&k| old_of(k).0.partition_point(|&a| a + k < lanes))
            .collect();
        let mut inside = vec![0usize; moves.splits.len()];
        let mut in_lanes = vec![0usize; moves.splits.len()];
        for (i, resume) in prepared.resume.iter().enumerate() {
            let n = n0 + i;
            let quad = !moves.distinct && i - i % lanes + lanes <= len;
            if quad && i % lanes == 0 {
                lane_sets.copy_from_slice(&prepared.seen[i..i + lanes]);
                let words = (largest as usize + 1).next_power_of_two().max(64) / 64;
                for (index, &k) in moves.splits.iter().enumerate() {
                    let (old, old_values) = old_of(k);
                    let hi = &mut in_lanes[index];
                    while *hi < old.len() && old[*hi] + k + finished <= n {
                        *hi += 1;
                    }
                    let (lo, hi) = (small[index], *hi);
                    if lo < hi {
                        computed.pairs += kernels::mark_rare_lanes(
                            self.kernels,
                            &recent,
                            finished,
                            n - k,
                            &old[lo..hi],
                            &old_values[lo..hi],
                            lane_sets.as_flattened_mut(),
                            4,
                            words,
                        );
                    }
                }
            }
            let mut set = if quad {
                lane_sets[i % lanes]
            } else {
                prepared.seen[i]
            };
            let get = |recent: &[u8], x: usize| {
                if x >= finished {
                    recent[x - finished]
                } else {
                    view.get(x)
                }
            };
            let readable = |x: usize| x < p || x + ring >= n;
            moves.mark_single_heap_options(n, |x| u32::from(get(&recent, x)), &mut set);
            let mut failure = None;
            'splits: for (index, k, r) in moves.indexed_splits_of(n, 0) {
                let class = k & 1;
                let before = prepared.rare_before[class];
                let (old, later) = s.rare[class].split_at(before);
                let (old_values, later_values) = s.rare_values[class].split_at(before);
                // Paired by the parallel phase when G(r − a) was below `finished`; the rest
                // read G(r − a) from `recent` (readable: the block ends before any position
                // a known rare pair cannot serve): in a quad, those from `small` to
                // `in_lanes` were marked lane by lane already; the others here.
                let cursor = &mut inside[index];
                while *cursor < old.len() && old[*cursor] + finished <= r {
                    *cursor += 1;
                }
                let inside = *cursor;
                let (lo, hi) = if quad {
                    (small[index], in_lanes[index])
                } else {
                    (inside, inside)
                };
                for range in [0..lo.min(inside), hi.max(lo).min(inside)..inside] {
                    if range.is_empty() {
                        continue;
                    }
                    kernels::mark_listed(
                        self.kernels,
                        &recent,
                        finished,
                        r,
                        &old[range.clone()],
                        &old_values[range.clone()],
                        &mut set,
                    );
                    computed.pairs += range.len() as u64;
                }
                // Found since: each read checked.
                let newer = later.iter().zip(later_values).map(|(&a, &g)| (a, g));
                for (a, ga) in newer.chain(found[class].iter().copied()) {
                    if a >= r {
                        break;
                    }
                    let b = r - a;
                    if moves.distinct && a == b {
                        continue;
                    }
                    let gb = if readable(b) {
                        get(&recent, b)
                    } else {
                        match source(&recent, b) {
                            Ok(gb) => gb,
                            Err(e) => {
                                failure = Some(Failure::File(e));
                                break 'splits;
                            }
                        }
                    };
                    mark(&mut set, u32::from(ga ^ gb));
                    computed.pairs += 1;
                }
            }
            if failure.is_none() {
                match self.finish(&view, &recent, prepared, n, &mut set, *resume, safe) {
                    Ok((value, resumed, far)) => {
                        if let Some(pairs) = resumed {
                            computed.fallbacks += 1;
                            computed.fallback_pairs += pairs;
                            computed.pairs += pairs;
                        }
                        if let Some(pairs) = far {
                            computed.far_scans += 1;
                            computed.far_pairs += pairs;
                        }
                        match u8::try_from(value) {
                            Ok(byte) => {
                                largest = largest.max(value);
                                recent.push(byte);
                                computed.values.push(byte);
                                if let Some(classes) = s.mode {
                                    for (d, set) in classes.iter().enumerate() {
                                        if set.is_some_and(|set| !set.common(d, n, value)) {
                                            found[d].push((n, byte));
                                        }
                                    }
                                }
                                continue;
                            }
                            Err(_) => failure = Some(Failure::TooLarge { n: n as u64, value }),
                        }
                    }
                    Err(why) => failure = Some(why),
                }
            }
            computed.failure = failure;
            break;
        }
        computed
    }

    /// g for position n and, when the non-safe values below it are not all marked, the
    /// coverage scan on: the pairs with G(r − a) at or past the boundary (small a), then the
    /// finished ones from where the parallel scan stopped, then those past the prefix and the
    /// ring through the value file. The value, the pairs of the scan when it ran, and those of
    /// the far scan when it ran (counted among the first).
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &self,
        view: &View<'_>,
        recent: &[u8],
        prepared: &Prepared,
        n: usize,
        set: &mut [u64; 4],
        resume: Resume,
        safe: &Safe,
    ) -> Result<(u32, Option<u64>, Option<u64>), Failure> {
        let moves = self.moves;
        let finished = prepared.finished;
        let safe = &safe[n & 1];
        let common = first_missing(set, |w| safe[w]);
        let need: [u64; 4] = std::array::from_fn(|w| !safe[w] & below(common, w));
        if covers(set, &need) {
            return Ok((common, None, None));
        }
        let mut resumed = 0u64;
        'scan: {
            for (k, r) in moves.splits_of(n) {
                let limit = view.limit(n, k, moves.top(r));
                let a_lo = (r + 1).saturating_sub(finished).max(1);
                let last = (a_lo - 1).min(limit);
                // G(a) from the table (a < P, or one plain run), G(r − a) ≥ `finished` from
                // `recent`.
                let (next, done) = if last == 0 {
                    (1, false)
                } else {
                    kernels::scan(
                        self.kernels,
                        view.values,
                        recent,
                        finished,
                        r,
                        1,
                        last,
                        set,
                        &need,
                    )
                };
                resumed += (next - 1) as u64;
                if done {
                    return Ok((common, Some(resumed), None));
                }
            }
            for (index, k, r) in moves.indexed_splits_of(n, resume.split) {
                let limit = view.limit(n, k, moves.top(r));
                let a_lo = (r + 1).saturating_sub(finished).max(1);
                let a = if index == resume.split && resume.a != 0 {
                    resume.a
                } else {
                    a_lo
                };
                let (next, done) = scan_pairs(*view, self.kernels, r, a, limit, set, &need);
                resumed += next.saturating_sub(a) as u64;
                if done {
                    break 'scan;
                }
            }
            // Every pair the prefix and the ring hold is marked: the others through the value
            // file (a rare value, or a coverage scan deeper than both), then the mex.
            let source = Source {
                view: *view,
                table_end: prepared.n0,
                recent,
                recent_from: finished,
                file: &self.file,
            };
            let mut far = 0u64;
            for (k, r) in moves.splits_of(n) {
                let top = moves.top(r);
                let limit = view.limit(n, k, top);
                if limit < top {
                    let (next, done) =
                        scan_far(&source, self.kernels, r, limit + 1, top, set, &need)
                            .map_err(Failure::File)?;
                    far += (next - limit - 1) as u64;
                    resumed += (next - limit - 1) as u64;
                    if done {
                        return Ok((common, Some(resumed), Some(far)));
                    }
                }
            }
            let far = (far > 0).then_some(far);
            return Ok((first_missing(set, |_| !0), Some(resumed), far));
        }
        Ok((common, Some(resumed), None))
    }

    /// Records G(n) = `value` and moves on to n + 1.
    fn push(&mut self, value: u32) -> Result<(), RingError> {
        let s = &mut self.state;
        let n = s.n;
        let Ok(byte) = u8::try_from(value) else {
            return Err(RingError::ValueTooLarge { n, value });
        };
        // `make_room` left room: the window never grows past its capacity.
        debug_assert!(s.values.len() < s.values.capacity());
        s.values.push(byte);
        self.file.push(byte)?;
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
                        s.rare[d].push(n as usize);
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
            // n ≤ P: G(0..n) are `values[..n]`.
            let known = &s.values[..s.n as usize];
            for d in 0..2 {
                s.rare[d].clear();
                s.rare_values[d].clear();
                if let Some(set) = mode.and_then(|classes| classes[d]) {
                    for (a, &v) in known.iter().enumerate().skip(1) {
                        if !set.common(d, a, u32::from(v)) {
                            s.rare[d].push(a);
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

/// The coverage scan over a = `from..=to` of the pairs (a, r − a), all readable: through the
/// kernels where G(a) is in the prefix region and G(r − a) in the window (or the table is one
/// plain run, `shift` = 0), one by one elsewhere. Checks after every [`kernels::SCAN_STEP`]
/// pairs; returns the next a and whether `need` was covered.
/// The rare parts a that can pair, by the take of `k`, with a finished part (1 ≤ b <
/// `finished`) for some position n of the block [c0, c1): a in lo..=hi (the block has
/// c1 ≥ k + 3).
fn finished_rare_range(k: usize, c0: usize, c1: usize, finished: usize) -> (usize, usize) {
    (c0.saturating_sub(k + finished - 1).max(1), c1 - 1 - k - 1)
}

/// The positions n of the block [c0, c1) whose pair (a, n − k − a) with the rare part a has its
/// other part finished (1 ≤ n − k − a < `finished`): the run from..=until, if there is one.
fn finished_run(
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

fn scan_pairs(
    view: View<'_>,
    kernels: Kernels,
    r: usize,
    from: usize,
    to: usize,
    set: &mut [u64; 4],
    need: &[u64; 4],
) -> (usize, bool) {
    if from > to {
        return (from, false);
    }
    if view.shift == 0 || (to < view.prefix && r - to >= view.prefix + view.shift) {
        return kernels::scan(
            kernels,
            view.values,
            view.values,
            view.shift,
            r,
            from,
            to,
            set,
            need,
        );
    }
    let mut a = from;
    while a <= to {
        let stop = to.min(a + kernels::SCAN_STEP - 1);
        for x in a..=stop {
            mark(set, u32::from(view.get(x) ^ view.get(r - x)));
        }
        a = stop + 1;
        if covers(set, need) {
            return (a, true);
        }
    }
    (a, false)
}

/// The parallel phase for the positions `c0..c0 + sets.len()`: the rare pairs whose other part
/// is finished (below `finished`), then the coverage scan over the finished
/// pairs, until the non-safe values below the g known now are covered (necessary work) and then
/// on, at most [`SPECULATE_PAIRS`] pairs more, until those below `speculate` are too. Returns
/// the pairs visited.
#[allow(clippy::too_many_arguments)]
fn parallel(
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

/// Computes G(0..=options.to) of `rule` in the ring mode, resuming from and saving to the
/// checkpoint when one is given (module doc).
pub fn run<P: Progress>(
    rule: &CompiledRule,
    game: &str,
    options: &RingOptions<'_, P>,
) -> Result<RingRun, RingError> {
    let moves = Moves::of(rule, usize::MAX).ok_or_else(|| RingError::Rule {
        rule: game.to_string(),
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
        || sizes
            .prefix
            .checked_add(sizes.ring)
            .and_then(|sum| sum.checked_add(sizes.slack()))
            .is_none_or(|table| usize::try_from(table).is_err())
    {
        return Err(RingError::Sizes {
            ring: sizes.ring,
            prefix: sizes.prefix,
            take,
        });
    }
    let game = game.to_string();
    // The table's room: the whole of it, or the positions asked for when fewer (a resumed
    // state may hold more).
    let wanted = sizes.table().min(options.to.saturating_add(1));
    let values_path = options.values.map(Path::to_path_buf).or_else(|| {
        options.checkpoint.map(|path| {
            let mut name = path.as_os_str().to_owned();
            name.push(".values");
            PathBuf::from(name)
        })
    });
    let (state, file) = match (options.checkpoint, &values_path) {
        (Some(path), Some(values)) if path.exists() => load(path, values, &game, sizes, wanted)?,
        _ => (
            State::new(wanted)?,
            ValueFile::create(values_path.as_deref())?,
        ),
    };
    let resumed_at = (state.n > 0).then_some(state.n);
    let mut ring = Ring {
        moves: &moves,
        sizes,
        state,
        kernels: Kernels::detect(),
        work: 0,
        fallbacks: 0,
        fallback_pairs: 0,
        speculate: 0,
        pairs_per_position: 0,
        moves_down: 0,
        pending: None,
        overlapped: 0,
        sequential_time: Duration::ZERO,
        file,
        cursors: Vec::new(),
        far_scans: 0,
        far_pairs: 0,
    };
    if options.scalar_kernels {
        ring.kernels = Kernels::Scalar;
    }
    let to = options.to;
    let watch = options.progress.start(to);
    let mut safe = ring.safe();
    let mut last_save = Instant::now();
    let mut stop = Stop::Reached;
    while ring.state.n <= to {
        let n = ring.state.n;
        let mut end = to + 1;
        if let Some(after) = options.stop_after {
            if n > after {
                stop = Stop::Interrupted;
                break;
            }
            end = end.min(after + 1);
        }
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
        if n < FIRST_REVIEW || ring.state.mode.is_none() {
            // One position at a time, every pair scanned (reviewed at each).
            ring.make_room(1);
            let value = ring.value(&safe)?;
            ring.push(value)?;
            if !ring.state.n.is_multiple_of(CHUNK) && ring.state.n <= to {
                continue;
            }
        } else {
            let len = ring.block_len(n, end);
            ring.block(len, end, &safe)?;
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
            save(path, &game, sizes, &ring.state, &mut ring.file)?;
            last_save = Instant::now();
        }
    }
    if let Some(path) = options.checkpoint {
        save(path, &game, sizes, &ring.state, &mut ring.file)?;
    }
    let file_reads = ring.file.reads();
    let positions = u128::from(ring.state.n - resumed_at.unwrap_or(0)).max(1);
    watch.engine_statistics(&format!(
        "stats: {} | pair visits {} in this process ({} per position) | common sets chosen {} \
         times | resumed scans {} ({} pairs) | window moved down {} times | {} blocks beside \
         the next one's parallel phase | sequential phases {:.3?} (wall clock) | far scans {} \
         ({} pairs) | value file reads {} ({} bytes)",
        ring.method(),
        ring.work,
        ring.work / positions,
        ring.state.rebuilds,
        ring.fallbacks,
        ring.fallback_pairs,
        ring.moves_down,
        ring.overlapped,
        ring.sequential_time,
        ring.far_scans,
        ring.far_pairs,
        file_reads.0,
        file_reads.1,
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
        file_reads,
        far_pairs: ring.far_pairs,
        far_scans: ring.far_scans,
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

impl From<FileFailure> for RingError {
    fn from(failure: FileFailure) -> RingError {
        RingError::ValueFile {
            path: failure.path,
            reason: failure.reason,
        }
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
fn save(
    path: &Path,
    game: &str,
    sizes: Sizes,
    s: &State,
    file: &mut ValueFile,
) -> Result<(), RingError> {
    // The values first: a checkpoint never records values the disk does not have.
    let recorded = file.sync()?;
    debug_assert_eq!(recorded.0, s.n);
    let tmp = temporary(path);
    let fail = |e: std::io::Error| checkpoint_error(path, format!("cannot write: {e}"));
    let file = File::create(&tmp).map_err(fail)?;
    let mut out = Hashed::new(BufWriter::with_capacity(1 << 20, file));
    write_state(&mut out, game, sizes, s, recorded).map_err(fail)?;
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

fn write_state(
    out: &mut impl Write,
    game: &str,
    sizes: Sizes,
    s: &State,
    (count, digest): (u64, u64),
) -> std::io::Result<()> {
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
            u64s(out, a as u64)?;
        }
        out.write_all(&s.rare_values[d])?;
    }
    // The values are the value file's: their count and digest.
    u64s(out, count)?;
    u64s(out, digest)?;
    Ok(())
}

/// Reads and checks a checkpoint of `game` with `sizes` and its value file `values`, into a
/// table of `capacity` bytes (or as many as the state needs): the prefix and the ring come out
/// of the value file as it is checked.
fn load(
    path: &Path,
    values: &Path,
    game: &str,
    sizes: Sizes,
    capacity: u64,
) -> Result<(State, ValueFile), RingError> {
    let file = File::open(path).map_err(|e| checkpoint_error(path, format!("cannot read: {e}")))?;
    let length = file
        .metadata()
        .map_err(|e| checkpoint_error(path, format!("cannot read: {e}")))?
        .len();
    let mut input = Hashed::new(BufReader::with_capacity(1 << 20, file));
    let (mut state, recorded) =
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
    // The table (module doc, *Layout*): G(0..n) in one run while n ≤ P + R, else the prefix
    // and the ring after it.
    let n = state.n;
    let whole = n <= sizes.prefix + sizes.ring;
    let (kept, ring_from) = if whole {
        (n, n)
    } else {
        (sizes.prefix, n - sizes.ring)
    };
    let physical = if whole { n } else { sizes.prefix + sizes.ring };
    let mut table = reserve(capacity.max(physical))?;
    let (count, digest) = recorded;
    let file = ValueFile::resume(values, count, digest, |start, bytes| {
        let end = start + bytes.len() as u64;
        for (lo, hi) in [(start, end.min(kept)), (start.max(ring_from), end.min(n))] {
            if lo < hi {
                table.extend_from_slice(&bytes[(lo - start) as usize..(hi - start) as usize]);
            }
        }
    })?;
    state.values = table;
    state.shift = if whole {
        0
    } else {
        (n - sizes.ring - sizes.prefix) as usize
    };
    Ok((state, file))
}

fn read_state(
    input: &mut impl Read,
    length: u64,
    game: &str,
    sizes: Sizes,
) -> Result<(State, (u64, u64)), String> {
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
    let mut rare: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
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
            rare[d].push(a as usize);
        }
        rare_values[d] = bytes(count as usize, input)?;
    }
    let count = u64s(input)?;
    let digest = u64s(input)?;
    if count != n {
        return Err(damaged("a value count that is not the position's"));
    }
    let state = State {
        n,
        values: Vec::new(),
        shift: 0,
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
    };
    Ok((state, (count, digest)))
}
