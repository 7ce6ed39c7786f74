//! What the threads valuing one region share (the `team` module): the region's value once
//! found, the values found among its options, and a queue of its options for each value asked.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};

/// The values of the root a race follows (a region of at most 60 cells, the most a team
/// searches, is worth at most 30; a larger value is asked without the queue).
const RACE_VALUES: usize = 64;

/// What the threads valuing one region share.
pub(super) struct Race {
    /// The region's value once a thread has found it (`u32::MAX` until then).
    value: AtomicU32,
    /// Bit k: an option worth k was found.
    present: AtomicU64,
    /// For each k, the next of the region's options to search (a queue).
    next: [AtomicUsize; RACE_VALUES],
    /// The race was stopped ([`Race::stop`]).
    stopped: AtomicBool,
}

impl Race {
    pub(super) fn new() -> Race {
        Race {
            value: AtomicU32::new(u32::MAX),
            present: AtomicU64::new(0),
            next: std::array::from_fn(|_| AtomicUsize::new(0)),
            stopped: AtomicBool::new(false),
        }
    }

    pub(super) fn value(&self) -> Option<u32> {
        let value = self.value.load(Ordering::Acquire);
        (value != u32::MAX).then_some(value)
    }

    pub(super) fn present(&self, k: u32) -> bool {
        k < RACE_VALUES as u32 && self.present.load(Ordering::Acquire) >> k & 1 == 1
    }

    /// Whether the question "is an option worth `k`?" is answered, or the value found, or the
    /// race stopped.
    pub(super) fn settled(&self, k: u32) -> bool {
        self.present(k) || self.value().is_some() || self.stopped()
    }

    /// Whether the race was stopped (the leader's search was interrupted, or a save failed):
    /// the threads' answers since are not values.
    pub(super) fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Acquire)
    }

    /// Stops the race: every thread abandons its search and leaves without a value.
    pub(super) fn stop(&self) {
        self.stopped.store(true, Ordering::Release);
    }

    /// The next option to search for `k` (past the last: none left).
    pub(super) fn take(&self, k: u32) -> usize {
        match self.next.get(k as usize) {
            Some(next) => next.fetch_add(1, Ordering::Relaxed),
            None => usize::MAX,
        }
    }

    /// Tells the other threads that an option worth `k` was found.
    pub(super) fn found(&self, k: u32) {
        if let Some(bit) = 1u64.checked_shl(k) {
            self.present.fetch_or(bit, Ordering::AcqRel);
        }
    }

    /// Tells the other threads the region's value.
    pub(super) fn settle(&self, value: u32) {
        self.value.store(value, Ordering::Release);
    }
}
