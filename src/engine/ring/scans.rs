//! The coverage scans of the ring mode over a run of pairs: those the prefix and the window hold
//! both parts of, through the kernels ([`scan_pairs`]), and those they do not, read through the
//! value file in pieces ([`scan_far`] over every value known, [`Source`]).

use super::state::View;
use super::value_file::{FileFailure, ValueFile};
use crate::engine::bits::{covers, mark};
use crate::engine::kernels::{self, Kernels};

/// The most pairs a far scan (pairs read through the value file) reads into its two buffers
/// at once.
const FAR_PIECE: usize = 1 << 18;
/// The pairs of a far scan's first piece.
const FIRST_FAR_PIECE: usize = 512;

/// Every value known: the table's (prefix and window), a run of recent ones not in the table
/// yet, and the value file's (module doc, *Value file*).
#[derive(Copy, Clone)]
pub(super) struct Source<'s> {
    pub(super) view: View<'s>,
    /// G(0..table_end) are known to the table and the file.
    pub(super) table_end: usize,
    /// G(recent_from..recent_from + recent.len()), read for x ≥ `table_end`.
    pub(super) recent: &'s [u8],
    pub(super) recent_from: usize,
    pub(super) file: &'s ValueFile,
}

impl Source<'_> {
    /// Copies G(from..from + out.len()), all known, into `out`: from the table where it holds
    /// them, else from the file.
    pub(super) fn fill(&self, from: usize, out: &mut [u8]) -> Result<(), FileFailure> {
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
    pub(super) fn get(&self, x: usize) -> Result<u8, FileFailure> {
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
pub(super) fn scan_far(
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

/// The coverage scan over a = `from..=to` of the pairs (a, r − a), all readable: through the
/// kernels where G(a) is in the prefix region and G(r − a) in the window (or the table is one
/// plain run, `shift` = 0), one by one elsewhere. Checks after every [`kernels::SCAN_STEP`]
/// pairs; returns the next a and whether `need` was covered.
pub(super) fn scan_pairs(
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
