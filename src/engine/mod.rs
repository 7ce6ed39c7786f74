//! The fast engine behind [`Values`]: G(0), G(1), … of a heap rule.
//!
//! **Methods**, one file each behind the driver (`driver.rs`; the way Beling's `ogs` keeps one
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
//!
//! [`Values`]: values::Values
//! [`Limits`]: values::Limits
//! [`Progress`]: progress::Progress
//! [`Watch::engine_statistics`]: progress::Watch::engine_statistics
//! [`CompiledRule`]: rule::CompiledRule
//! [`CompiledRule::is_fast`]: rule::CompiledRule::is_fast
//! [`CompiledRule::try_for_each_option`]: rule::CompiledRule::try_for_each_option

mod bits;
mod compute;
mod dense;
mod driver;
pub mod error;
pub(crate) mod hashed_file;
mod kernels;
mod method;
mod moves;
mod naive;
pub mod period;
mod plan;
pub mod progress;
pub mod report;
mod request;
pub mod ring;
pub mod rule;
mod sparse;
mod table;
#[cfg(test)]
mod tests;
mod tuning;
pub mod values;

pub(crate) use compute::compute;
pub use method::{Method, Stop};
pub use sparse::CommonSet;
pub use table::{Cell, Table};
