//! A block's parallel phase: what it reads of the engine ([`Plan`]), which may run beside the
//! sequential phase of the block before, and what it leaves ([`Prepared`]): each position's bit
//! set of option values seen and where its coverage scan stopped. The method's per-position
//! code is compiled for bit sets of one or two words and once for any length ([`by_words`]).

use super::dense;
use super::kernels;
use super::moves::Moves;
use super::request::PARALLEL_WORK;
use super::sparse::{self, Classes, Resume};
use super::table::Cell;
use rayon::prelude::*;

/// Which method, and for the sparse one the common sets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Dense,
    Sparse(Classes),
}

/// What a block's parallel phase reads of the engine: it may run beside the sequential phase of
/// the block before, which reads the same.
#[derive(Copy, Clone)]
pub(super) struct Plan<'e> {
    pub(super) moves: &'e Moves,
    /// The rare positions known (all of them below the block the phase is for).
    pub(super) rare: [&'e [usize]; 2],
    pub(super) mode: Mode,
    pub(super) kernels: kernels::Kernels,
    pub(super) scan_cap: usize,
    pub(super) speculate: u32,
    pub(super) pairs_per_position: u64,
}

impl Plan<'_> {
    /// The parallel phase of the block `n0..n0 + len` with the sets of `words` words, taking
    /// `finished` (G(0..finished.len())) as finished and the rare positions known now.
    pub(super) fn prepare<T: Cell>(
        self,
        finished: &[T],
        n0: usize,
        len: usize,
        words: usize,
    ) -> Prepared {
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
pub(super) struct Prepared {
    /// The block's first position (its length is `resume.len()`).
    pub(super) n0: usize,
    /// The phase took G(0..finished) as finished: `n0`, or the start of the block before when
    /// it ran beside that block's sequential phase.
    pub(super) finished: usize,
    /// The words of each bit set, and the method and common sets it was computed for.
    pub(super) words: usize,
    pub(super) mode: Mode,
    /// How many rare positions of each class it knew (those below `finished`).
    pub(super) rare_before: [usize; 2],
    /// The bound its coverage scans guessed up to (0: no guess).
    pub(super) speculate: u32,
    pub(super) seen: Vec<u64>,
    pub(super) resume: Vec<Resume>,
    /// Pairs visited.
    pub(super) pairs: u64,
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
pub(super) use by_words;
