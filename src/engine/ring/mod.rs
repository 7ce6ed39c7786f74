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

mod block;
mod checkpoint;
mod driver;
mod error;
mod machine;
mod options;
mod parallel;
mod scans;
mod state;
mod value_file;

pub use checkpoint::CHECKPOINT_VERSION;
pub use driver::run;
pub use error::RingError;
pub use options::{DEFAULT_CHECKPOINT_SECONDS, DEFAULT_MEMORY_MIB, RingOptions, RingRun, Sizes};
