//! How the engine tunes itself as the values come in, block by block, from what the blocks
//! before cost: the length of a sparse block, the cap of the parallel coverage scans, the
//! parallel phase's guess, and whether a block's sequential phase runs beside the next block's
//! parallel phase. Each moves pairs between the phases or changes the blocks' lengths, never a
//! value (the tests force each one way and the other).

use super::plan::Prepared;
use super::sparse;

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
pub(super) fn sparse_block_len(pairs_per_position: u64) -> usize {
    let (shortest, longest) = SPARSE_BLOCKS;
    if pairs_per_position == 0 {
        return longest;
    }
    let ideal = usize::try_from(BLOCK_PAIRS / pairs_per_position).unwrap_or(longest);
    (ideal / 4 * 3).next_power_of_two().clamp(shortest, longest)
}

/// The cap of the parallel coverage scans before any has been measured, its least value, and
/// how many capped common positions a block needs for its scans to re-set it.
const FIRST_SCAN_CAP: usize = 8192;
const LEAST_SCAN_CAP: usize = 512;
const CAP_SAMPLE: u64 = 16;
/// Every this many guessed blocks, one is prepared without a guess to re-measure what guessing
/// saves ([`Tuning::adjust_speculation`]).
const PROBE_EVERY: u32 = 64;

/// What the engine has learnt of the game so far, and the settings it chose from it.
pub(super) struct Tuning {
    /// The most pairs a position's coverage scan visits in the parallel phase (sparse mode):
    /// re-set after every block from what the capped scans cost in the sequential phase.
    pub(super) scan_cap: usize,
    /// The bound of the parallel coverage scans' guess (the sparse method's `speculative_bound` of
    /// the last block).
    pub(super) speculate: u32,
    /// The positions and resumed pairs of the last block prepared without a guess.
    unguessed_rate: Option<(u64, u64)>,
    /// Blocks guessed since the last one prepared without a guess.
    guessed_in_a_row: u32,
    /// Sparse blocks whose parallel phase guessed, and those whose guessing was paused.
    pub(super) guessing_blocks: [u64; 2],
    /// Blocks left without a guess, and the length of the last pause.
    speculation_pause: u32,
    speculation_backoff: u32,
    /// Blocks left whose phases go one after the other, and the length of the last such pause
    /// ([`Tuning::adjust_overlap`]).
    pub(super) overlap_pause: u32,
    overlap_backoff: u32,
    /// A cap of the parallel coverage scans imposed instead of adjusted (the tests).
    #[cfg(test)]
    pub(super) forced_scan_cap: Option<usize>,
    /// No guessing at all (the tests: values never depend on it).
    #[cfg(test)]
    pub(super) no_guess: bool,
    /// The phases always side by side, or never (the tests: values never depend on it).
    #[cfg(test)]
    pub(super) forced_overlap: Option<bool>,
}

impl Tuning {
    /// Before any block: the first cap, no guess, the phases side by side.
    pub(super) fn new() -> Tuning {
        Tuning {
            scan_cap: FIRST_SCAN_CAP,
            speculate: 0,
            unguessed_rate: None,
            guessed_in_a_row: 0,
            guessing_blocks: [0, 0],
            speculation_pause: 0,
            speculation_backoff: 0,
            overlap_pause: 0,
            overlap_backoff: 0,
            #[cfg(test)]
            forced_scan_cap: None,
            #[cfg(test)]
            no_guess: false,
            #[cfg(test)]
            forced_overlap: None,
        }
    }

    /// After a block whose parallel phase ran beside the block before: the pairs that moved to
    /// its sequential phase (those of its resumed scans whose high part is in the block before)
    /// are paid for on one core, and the overlap saves about half the parallel phase's pairs
    /// at most. When they are more than that, the phases go one after the other for 16 blocks,
    /// doubling up to 1,024 while it keeps failing. (Measured: on 0.376, whose missing values
    /// come from a few small positions or far up, the resumed scans' pairs nearly doubled — 3.3
    /// s against 4.5 s; on 0.1777 nothing moves, on 0.6 an eighth of the resumed pairs.)
    pub(super) fn adjust_overlap(&mut self, prepared: &Prepared, computed: &sparse::Computed) {
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
    /// ([`Tuning::adjust_overlap`]; the tests force both ways).
    pub(super) fn overlap_wanted(&self) -> bool {
        #[cfg(test)]
        if let Some(forced) = self.forced_overlap {
            return forced;
        }
        self.overlap_pause == 0
    }

    /// Re-sets the cap of the parallel coverage scans from the block just computed
    /// (`block_capped`: its capped common positions and their sequential pairs): three times
    /// the mean sequential scan of its capped common positions (rare ones scan everything in
    /// any order), when there were enough of them to tell; otherwise it stays.
    pub(super) fn adjust_scan_cap(&mut self, block_capped: (u64, u64)) {
        #[cfg(test)]
        if let Some(cap) = self.forced_scan_cap {
            self.scan_cap = cap;
            return;
        }
        let (positions, pairs) = block_capped;
        if positions >= CAP_SAMPLE {
            let mean = usize::try_from(pairs / positions).unwrap_or(usize::MAX);
            self.scan_cap = mean.saturating_mul(3).max(LEAST_SCAN_CAP);
        }
    }

    /// Sets the bound of the next block's guess (none unless `sparse_mode`; `bound`: the sparse
    /// method's `speculative_bound` of the `positions` values just computed), or none while
    /// guessing is paused. The guess's pairs are the cost, on all cores. What it saves: pairs of
    /// the sequential phase's resumed scans — a guess that covers spares a whole scan, and one that
    /// does not still marks values that the scan then need not find. So the saving is measured, not
    /// modelled: the resumed pairs the block would have had at the rate of the last block prepared
    /// without a guess, less those it had (`resumed`: this block's resumed scans and their pairs;
    /// `guessed`: the bound the block was prepared with, 0 for none). A block whose saving is below
    /// an eighth of its cost pauses guessing for 16 blocks, doubling up to 1,024 while it keeps
    /// failing; and every [`PROBE_EVERY`] guessed blocks one is prepared without, to keep the rate
    /// up to date. (Measured: on 0.354 and 0.376 the missing values come from pairs with a small
    /// part, whose other part is inside the block, which the parallel phase cannot see — guessing
    /// added 488 pairs a position on 0.354 and 9 % of the wall time on 0.376; on 0.6, with the
    /// phases side by side, hardly a guess covers, yet guessing takes 900 pairs a position off the
    /// resumed scans for its 512, 8.3 s against 11.1 s to 2^21.)
    pub(super) fn adjust_speculation(
        &mut self,
        sparse_mode: bool,
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
        if !sparse_mode {
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
