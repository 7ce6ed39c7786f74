//! Which code computes a rule's values: the engine's driver for the rules whose moves take and
//! leave at most two heaps, the straightforward table (`naive`) for the others.

use super::driver::Engine;
use super::error::FamilyError;
use super::moves::Moves;
use super::naive;
use super::period::PeriodTracker;
use super::progress::Progress;
use super::request::Request;
use super::rule::{CompiledRule, MoveSet};
use super::values::{Limits, Values};

/// Computes G(0..=limits.to) of `rule`, stopping early at a proved period.
pub(crate) fn compute<P: Progress>(rule: CompiledRule, limits: &Limits<'_, P>) -> Values {
    let to = usize::try_from(limits.to).unwrap_or(usize::MAX - 1);
    let tracker = rule.theorem().map(|(h, t)| PeriodTracker::new(h, t));
    let watch = limits.progress.start(to as u64);
    let values = {
        let request = Request {
            to,
            work_limit: limits.work_limit,
            interrupt: limits.interrupt,
            past_proof: limits.past_proof,
            watch: &*watch,
        };
        match Moves::of(&rule, to) {
            Some(moves) => Engine::new(moves, tracker, &request).run(rule),
            None => naive::naive(rule, tracker, &request),
        }
    };
    watch.finished();
    values
}

impl Values {
    /// The values of a compiled rule up to `limits.to`, as [`compute`]; an external
    /// rule's failure is an error. The options of an external rule's heaps up to `limits.to`
    /// are computed first, in one call (one time limit), failing before any value is.
    pub(crate) fn compute_compiled<P: Progress>(
        rule: CompiledRule,
        limits: &Limits<'_, P>,
    ) -> Result<Values, FamilyError> {
        match rule.moves() {
            MoveSet::External(external) => {
                external.options(limits.to)?;
            }
            MoveSet::Finite(_) | MoveSet::AllBut(_) => {}
        }
        let mut values = compute(rule, limits);
        match values.failure.take() {
            Some(failure) => Err(failure),
            None => Ok(values),
        }
    }
}
