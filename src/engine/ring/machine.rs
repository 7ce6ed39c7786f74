//! The ring mode's run (`Ring`): the moves, the sizes, the state, the value file and the
//! statistics, and what it does outside a block's two phases — reads of the prefix, the window
//! and the file, the window moved down (module doc, *Layout*), where a block may end, one
//! position with every pair scanned (the first positions, and values that are not sparse), a
//! value recorded, and the common sets chosen.

use super::error::RingError;
use super::options::{BLOCK, Sizes};
use super::parallel::{Cursor, Prepared, Safe};
use super::scans::{Source, scan_far, scan_pairs};
use super::state::{State, View};
use super::value_file::ValueFile;
use crate::engine::bits::{below, covers, first_missing, mark};
use crate::engine::kernels::Kernels;
use crate::engine::method::Method;
use crate::engine::moves::Moves;
use crate::engine::sparse;
use std::time::Duration;

/// The run: moves, sizes, state and statistics.
pub(super) struct Ring<'a> {
    pub(super) moves: &'a Moves,
    pub(super) sizes: Sizes,
    pub(super) state: State,
    pub(super) kernels: Kernels,
    pub(super) work: u128,
    /// Positions whose coverage scan had to go on in the sequential phase, and its pairs.
    pub(super) fallbacks: u64,
    pub(super) fallback_pairs: u64,
    /// The value the parallel phase's scans cover up to (module doc, *Both cores*).
    pub(super) speculate: u32,
    /// Pairs per position in the last block's parallel phase.
    pub(super) pairs_per_position: u64,
    /// How many times the window was moved down.
    pub(super) moves_down: u64,
    /// The next block's parallel phase, done while this one's sequential phase ran.
    pub(super) pending: Option<Prepared>,
    /// Blocks whose sequential phase ran beside the next one's parallel phase, and the time
    /// of the sequential phases (with the parallel ones beside them).
    pub(super) overlapped: u64,
    pub(super) sequential_time: Duration,
    /// Every value computed, on disk (module doc, *Value file*).
    pub(super) file: ValueFile,
    /// The runs of the far rare pairs (module doc, *Value file*).
    pub(super) cursors: Vec<Cursor>,
    /// Scans that read pairs through the value file's reader, and their pairs.
    pub(super) far_scans: u64,
    pub(super) far_pairs: u64,
}

impl Ring<'_> {
    pub(super) fn view(&self) -> View<'_> {
        View {
            values: &self.state.values,
            shift: self.state.shift,
            prefix: self.sizes.prefix as usize,
            ring: self.sizes.ring as usize,
        }
    }

    /// G(x), known to be readable.
    #[inline(always)]
    pub(super) fn get(&self, x: usize) -> u32 {
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
    pub(super) fn source(&self) -> Source<'_> {
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
    pub(super) fn make_room(&mut self, len: usize) {
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
    pub(super) fn value(&mut self, safe: &Safe) -> Result<u32, RingError> {
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
            let (next, done) = scan_pairs(view, self.kernels, r, 1, limit, &mut set, &need);
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

    /// The length of the block from `n` (before `end`): the in-memory engine's, cut before the
    /// next position where a far rare pair's reads move from the prefix to the value file.
    pub(super) fn block_len(&self, n: u64, end: u64) -> u64 {
        let len = (n / 4).min(BLOCK).min(end - n);
        match self.next_switch(n) {
            Some(switch) => len.min(switch - n),
            None => len,
        }
    }

    /// Records G(n) = `value` and moves on to n + 1.
    pub(super) fn push(&mut self, value: u32) -> Result<(), RingError> {
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
    pub(super) fn review(&mut self) {
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

    pub(super) fn safe(&self) -> Safe {
        match self.state.mode {
            None => [[0; 4]; 2],
            Some(classes) => {
                let words = sparse::safe_words(&classes, 4);
                std::array::from_fn(|p| std::array::from_fn(|w| words[p][w]))
            }
        }
    }

    pub(super) fn method(&self) -> String {
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
