//! The Grundy sequence G(0), G(1), … of a heap rule, with its period when one is proved.
//!
//! G(n) is the mex of the nim-sums of the heaps that each move on a heap of n leaves (a move that
//! leaves nothing has nim-sum 0). The values come from the fast [`engine`](crate::engine)
//! (sparse-space or dense pair scans, both cores, values in the narrowest type) for codes that
//! leave at most two heaps, subtraction games and Grundy's game, and from the straightforward
//! table over [`HeapRule::for_each_option`] for every other rule. Either way the computation
//! stops as soon as a period is proved ([`period`](crate::engine::period)); G(n) for larger n
//! then comes from the period, so a heap of any size up to 2^64 − 1 has a value.

use super::heap_rule::HeapRule;
use crate::engine::error::FamilyError;
use crate::engine::progress::Progress;
use crate::engine::values::{Limits, Values};

/// How much work the values behind `analyze`, `play` and `verify` may take at most (about a few
/// seconds on one core).
pub const WORK_LIMIT: u128 = 4_000_000_000;

/// The most positions computed for `analyze`, `play` and `verify` when no period is proved.
pub const ANALYSIS_LIMIT: u64 = 1 << 24;

impl Values {
    /// G(n) for every n ≤ `up_to`: computed, or from a period proved on the way. Refuses (with
    /// the reason) when that takes more than [`WORK_LIMIT`] work or [`ANALYSIS_LIMIT`] positions
    /// without a proof, or when an external rule fails; shows a progress bar on a terminal for
    /// long runs.
    pub fn compute(rule: &HeapRule, up_to: u64) -> Result<Values, FamilyError> {
        let compiled = rule.compile();
        if compiled.theorem().is_none() {
            // No period can be proved: refuse up front what cannot be computed.
            let work = if compiled.is_fast() {
                0
            } else {
                compiled.options_up_to(up_to)
            };
            if up_to > ANALYSIS_LIMIT || work > WORK_LIMIT {
                return Err(FamilyError::NoPeriodProvable {
                    heap: up_to,
                    rule: rule.to_string(),
                    work,
                    positions: ANALYSIS_LIMIT,
                    work_limit: WORK_LIMIT,
                });
            }
        }
        let values = Values::compute_compiled(
            compiled,
            &Limits {
                to: up_to.min(ANALYSIS_LIMIT),
                work_limit: Some(WORK_LIMIT),
                interrupt: None,
                progress: true,
                past_proof: false,
            },
        )?;
        if values.known_to() >= up_to {
            return Ok(values);
        }
        Err(FamilyError::NotProvedWithinLimits {
            heap: up_to,
            rule: rule.to_string(),
            computed: values.computed_to(),
            positions: ANALYSIS_LIMIT,
            work_limit: WORK_LIMIT,
        })
    }

    /// G(0..=limits.to), stopping early at a proved period, at the work limit, when interrupted
    /// or when an external rule fails ([`Values::stopped_by`] says which, [`Values::failure`]
    /// why the rule failed).
    pub fn compute_with<P: Progress>(rule: &HeapRule, limits: &Limits<'_, P>) -> Values {
        crate::engine::compute(rule.compile(), limits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(spelling: &str, n: u64) -> Vec<u32> {
        let rule = HeapRule::resolve(spelling).unwrap().unwrap();
        let values = Values::compute(&rule, n).unwrap();
        (0..=n).map(|i| values.get(i).unwrap()).collect()
    }

    #[test]
    fn known_sequences() {
        // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 (Winning Ways).
        assert_eq!(
            first("kayles", 11),
            vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        );
        // Dawson's Kayles 0.07: 0 0 1 1 2 0 3 1 1 0 3 3.
        assert_eq!(first("0.07", 11), vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
        // Grundy's game: 0 0 0 1 0 2 1 0 2 1 0 2 1 3.
        assert_eq!(
            first("grundys-game", 13),
            vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]
        );
        // take 1, 3 or 4: period 7, 0 1 0 1 2 3 2.
        assert_eq!(first("sub:1,3,4", 8), vec![0, 1, 0, 1, 2, 3, 2, 0, 1]);
    }

    #[test]
    fn huge_heaps_need_a_period() {
        let kayles = HeapRule::resolve("0.77").unwrap().unwrap();
        let values = Values::compute(&kayles, u64::MAX).unwrap();
        let period = values.period().unwrap();
        assert_eq!((period.preperiod, period.period), (71, 12));
        assert_eq!(
            values.value(u64::MAX),
            values.value(period.reduce(u64::MAX))
        );
        let all_but = HeapRule::resolve("allbut:1,2").unwrap().unwrap();
        assert!(Values::compute(&all_but, 1 << 40).is_err());
    }
}
