//! A block of the ring mode (module doc, *Both cores*): the far rare pairs' cursors read
//! ahead, the parallel phase on all cores, then the sequential phase — position by position,
//! every read checked — beside the next block's parallel phase once the common sets are frozen,
//! and the block's values recorded with the speculative bound of the next.

use super::error::RingError;
use super::machine::Ring;
use super::parallel::{
    Cursor, Prepared, Resume, Safe, finished_rare_range, finished_run, parallel,
};
use super::scans::{Source, scan_far, scan_pairs};
use super::state::View;
use super::value_file::FileFailure;
use crate::engine::bits::{below, covers, first_missing, mark};
use crate::engine::kernels;
use crate::engine::request::PARALLEL_WORK;
use rayon::prelude::*;
use std::time::Instant;

/// The bytes all cursors of far rare pairs hold together, at most (each holds at least one
/// block's run).
const CURSOR_BUDGET: usize = 32 << 20;
/// The most bytes one cursor reads ahead.
const CURSOR_PIECE: usize = 1 << 20;

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
    pub(super) fn block(&mut self, len: u64, end: u64, safe: &Safe) -> Result<(), RingError> {
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
}
