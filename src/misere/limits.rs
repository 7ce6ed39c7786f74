//! What bounds a misère quotient construction ([`super::construction`]): the largest candidate,
//! the candidates one heap may try, a deadline, an interrupt flag, and where to say how a long
//! heap is going; and the account of one heap's work ([`Budget`]), counted in steps, so that a
//! limit of work stops at the same place on every machine, under any load.
//!
//! **Steps.** A step is a unit of the construction's own work, counted where it is done: a
//! position visited by the N-search or by the walk of least representatives, an element tested
//! by the (P) check (per heap type), a product computed for the partner sets or a new candidate's
//! table, an option's image computed for the heap types. The count is a pure function of the
//! game and the heaps added; on one machine the time it takes is roughly proportional to it.

use super::error::MisereError;
use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::time::Instant;

/// The default largest candidate (elements).
pub const DEFAULT_MAX_ORDER: usize = 1 << 18;

/// The default number of candidates one heap may try.
pub const DEFAULT_MAX_CANDIDATES: usize = 100_000;

/// What is said of a heap that takes long: shown by the command line on a terminal.
pub type Note = Arc<dyn Fn(&str) + Send + Sync>;

/// What bounds a construction: candidate sizes, a deadline, an interrupt flag; and where to say
/// how a long heap is going.
#[derive(Clone)]
pub struct Limits {
    /// The largest candidate (and quotient) in elements.
    pub max_order: usize,
    /// The most candidates one heap may check (a bound that, unlike a deadline, stops at the
    /// same place on every machine).
    pub max_candidates: usize,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Stop when this flag is set (Ctrl-C).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Called with a line on each candidate quotient tried for a new generator (its order, the
    /// failure that recalibrates it), so that a run of minutes on one heap is not silent.
    pub note: Option<Note>,
}

impl std::fmt::Debug for Limits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limits")
            .field("max_order", &self.max_order)
            .field("max_candidates", &self.max_candidates)
            .field("deadline", &self.deadline)
            .field("interrupt", &self.interrupt)
            .field("note", &self.note.as_ref().map(|_| "…"))
            .finish()
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_order: DEFAULT_MAX_ORDER,
            max_candidates: DEFAULT_MAX_CANDIDATES,
            deadline: None,
            interrupt: None,
            note: None,
        }
    }
}

impl Limits {
    /// Says `line` where [`Limits::note`] asks.
    pub(super) fn say(&self, line: impl FnOnce() -> String) {
        if let Some(note) = &self.note {
            note(&line());
        }
    }

    /// An error if a limit of time or an interrupt has been reached, at heap `n`.
    pub(super) fn check(&self, n: u64) -> Result<(), MisereError> {
        if let Some(flag) = &self.interrupt
            && flag.load(AtomicOrdering::Relaxed)
        {
            return Err(MisereError::Interrupted(format!(
                "interrupted while adding heap {n}"
            )));
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(MisereError::TooLarge(format!(
                "the time limit ran out while adding heap {n}"
            )));
        }
        Ok(())
    }
}

/// One heap's account of work: the limits it is added within, the steps spent on it so far, and
/// the most steps it may take (what the construction's limit of work leaves it, if it has one).
pub(super) struct Budget<'a> {
    /// The limits of the construction.
    pub(super) limits: &'a Limits,
    spent: Cell<u64>,
    /// The steps this heap may take, and the construction's limit of work, for the message.
    cap: Option<(u64, u64)>,
}

impl<'a> Budget<'a> {
    /// An account of one heap within `limits`, which may take `cap` more steps (the rest of the
    /// construction's limit of work `total`), or any number.
    pub(super) fn new(limits: &'a Limits, cap: Option<(u64, u64)>) -> Budget<'a> {
        Budget {
            limits,
            spent: Cell::new(0),
            cap,
        }
    }

    /// Counts `steps` of work done.
    pub(super) fn spend(&self, steps: u64) {
        self.spent.set(self.spent.get().saturating_add(steps));
    }

    /// Counts `count` times `each` steps of work done.
    pub(super) fn spend_times(&self, count: usize, each: usize) {
        self.spend((count as u64).saturating_mul(each as u64));
    }

    /// The steps spent on this heap so far.
    pub(super) fn spent(&self) -> u64 {
        self.spent.get()
    }

    /// An error if an interrupt, the deadline or the limit of work has been reached, at heap
    /// `n`.
    pub(super) fn check(&self, n: u64) -> Result<(), MisereError> {
        self.limits.check(n)?;
        if let Some((cap, total)) = self.cap
            && self.spent.get() > cap
        {
            return Err(MisereError::TooLarge(format!(
                "heap {n} takes the construction past its limit of work ({total} steps from heap \
                 0)"
            )));
        }
        Ok(())
    }
}
