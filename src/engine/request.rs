//! A computation's request as the engine reads it, and when its work is split across threads.

use super::progress::Watch;
use std::sync::atomic::Ordering;

/// The request as the engine reads it: [`Limits`] with the last position as an index and its
/// watch started.
pub(super) struct Request<'a> {
    pub(super) to: usize,
    pub(super) work_limit: Option<u128>,
    pub(super) interrupt: Option<&'a std::sync::atomic::AtomicBool>,
    pub(super) past_proof: bool,
    pub(super) watch: &'a dyn Watch,
}

impl Request<'_> {
    pub(super) fn interrupted(&self) -> bool {
        self.interrupt
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

/// Blocks whose parallel phase is expected to visit fewer pairs than this run on one thread.
pub(super) const PARALLEL_WORK: u64 = 262_144;
