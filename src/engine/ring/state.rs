//! The state of a ring-mode run: what a checkpoint holds (position, checksum sums, largest
//! value, common sets, encodings, rare lists) and the table of the prefix and the window
//! ([`State`]), and the reads of that table the threads of a block share ([`View`]).

use super::error::RingError;
use crate::engine::sparse::Classes;

/// Positions below this are computed before the first choice of common sets.
pub(super) const FIRST_REVIEW: u64 = 128;

/// The state of a run: everything a checkpoint holds, and the window's layout.
pub(super) struct State {
    /// G(0..n) are known.
    pub(super) n: u64,
    /// The table (module doc, *Layout*): G(x) at `values[x]` for x < P, at `values[x − shift]`
    /// for x ≥ n − R (and for every x < n while `shift` is 0).
    pub(super) values: Vec<u8>,
    /// 0 until the window is first moved down, then (the window's first position) − P.
    pub(super) shift: usize,
    /// Rare positions of each class, ascending, and their values.
    pub(super) rare: [Vec<usize>; 2],
    pub(super) rare_values: [Vec<u8>; 2],
    /// The common sets (`None`: values not sparse, every position rare).
    pub(super) mode: Option<Classes>,
    /// How many positions x ≥ 1 have each encoding 2·G(x) + (x & 1).
    pub(super) encodings: Vec<u64>,
    pub(super) next_review: u64,
    pub(super) rare_at_review: u64,
    pub(super) rebuilds: u64,
    pub(super) largest: u32,
    pub(super) largest_at: u64,
    /// The checksum's two sums.
    pub(super) sums: (u16, u16),
}

/// A table of `capacity` bytes, reserved (not touched: a page is resident once written), or an
/// error saying how much could not be had.
pub(super) fn reserve(capacity: u64) -> Result<Vec<u8>, RingError> {
    let mut values = Vec::new();
    usize::try_from(capacity)
        .ok()
        .and_then(|bytes| values.try_reserve_exact(bytes).ok())
        .ok_or(RingError::Reserve { bytes: capacity })?;
    Ok(values)
}

impl State {
    pub(super) fn new(capacity: u64) -> Result<State, RingError> {
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

    pub(super) fn checksum(&self) -> String {
        format!(
            "{:X}",
            (u32::from(self.sums.1) << 16) | u32::from(self.sums.0)
        )
    }

    pub(super) fn rare_total(&self) -> u64 {
        (self.rare[0].len() + self.rare[1].len()) as u64
    }
}

/// Reads of the table, shared by the threads of a block's parallel phase.
#[derive(Copy, Clone)]
pub(super) struct View<'v> {
    pub(super) values: &'v [u8],
    pub(super) shift: usize,
    pub(super) prefix: usize,
    pub(super) ring: usize,
}

impl View<'_> {
    /// G(x), for x < P or x ≥ n − R (checked by the caller).
    #[inline(always)]
    pub(super) fn get(&self, x: usize) -> u8 {
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
    pub(super) fn limit(&self, n: usize, k: usize, top: usize) -> usize {
        if n <= self.prefix + self.ring {
            top
        } else {
            top.min(self.prefix - 1).min(self.ring - k)
        }
    }
}
