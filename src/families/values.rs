//! The Grundy sequence G(0), G(1), … of a heap rule, with its period when one is proved.
//!
//! G(n) is the mex of the nim-sums of the heaps that each move on a heap of n leaves (a move that
//! leaves nothing has nim-sum 0). The values come from the fast [`engine`](super::engine)
//! (sparse-space or dense pair scans, both cores, values in the narrowest type) for codes that
//! leave at most two heaps, subtraction games and Grundy's game, and from the straightforward
//! table over [`HeapRule::for_each_option`] for every other rule. Either way the computation
//! stops as soon as a period is proved ([`period`](super::period)); G(n) for larger n then comes
//! from the period, so a heap of any size up to 2^64 − 1 has a value.

use super::HeapRule;
use super::engine::{self, Control, Method, Stop, Table};
use super::period::ProvedPeriod;
use crate::core::Nimber;
use std::sync::atomic::AtomicBool;

/// How much work the values behind `analyze`, `play` and `verify` may take at most (about a few
/// seconds on one core).
pub const WORK_LIMIT: u128 = 4_000_000_000;

/// The most positions computed for `analyze`, `play` and `verify` when no period is proved.
pub const ANALYSIS_LIMIT: u64 = 1 << 24;

/// G(0..=computed_to) of a rule, and its period when proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    table: Table,
    period: Option<ProvedPeriod>,
    stop: Stop,
    work: u128,
    method: Method,
}

/// What a table computation may do: see [`Values::compute_with`].
pub struct Limits<'a> {
    /// The last position wanted (the computation stops earlier at a proved period).
    pub to: u64,
    /// At most this much work (pair visits, roughly); `None` for no limit.
    pub work_limit: Option<u128>,
    /// Stop cleanly when this flag is set (Ctrl-C).
    pub interrupt: Option<&'a AtomicBool>,
    /// Show a progress bar on stderr for runs over a second.
    pub progress: bool,
    /// Keep computing up to `to` after a period is proved (to check the period, or to time the
    /// engine); the period is still reported.
    pub past_proof: bool,
}

impl Values {
    /// G(n) for every n ≤ `up_to`: computed, or from a period proved on the way. Refuses (with
    /// the reason) when that takes more than [`WORK_LIMIT`] work or [`ANALYSIS_LIMIT`] positions
    /// without a proof; shows a progress bar on a terminal for long runs.
    pub fn compute(rule: &HeapRule, up_to: u64) -> Result<Values, String> {
        if engine::theorem(rule).is_none() {
            // No period can be proved: refuse up front what cannot be computed.
            let work = if engine::is_fast(rule) {
                0
            } else {
                rule.options_up_to(up_to)
            };
            if up_to > ANALYSIS_LIMIT || work > WORK_LIMIT {
                return Err(format!(
                    "a heap of {up_to} is too large for {rule}: no period can be proved for it, \
                     and its values would take about {work} option visits (the limits are \
                     {ANALYSIS_LIMIT} positions and {WORK_LIMIT} option visits); use smaller heaps"
                ));
            }
        }
        // A script's heap options are computed by calls into the script, which can fail.
        rule.prepare(up_to.min(ANALYSIS_LIMIT))?;
        let values = Values::compute_with(
            rule,
            &Limits {
                to: up_to.min(ANALYSIS_LIMIT),
                work_limit: Some(WORK_LIMIT),
                interrupt: None,
                progress: true,
                past_proof: false,
            },
        );
        if values.known_to() >= up_to {
            return Ok(values);
        }
        let computed = values.computed_to();
        Err(format!(
            "a heap of {up_to} is too large for {rule}: no period is proved up to {computed}, \
             and grundy values heaps only up to {computed} for it (at most {ANALYSIS_LIMIT} \
             positions or about {WORK_LIMIT} option visits); `grundy table {rule} --to N` \
             computes further"
        ))
    }

    /// G(0..=limits.to), stopping early at a proved period, at the work limit or when
    /// interrupted ([`Values::stopped_by`] says which).
    pub fn compute_with(rule: &HeapRule, limits: &Limits<'_>) -> Values {
        let to = usize::try_from(limits.to).unwrap_or(usize::MAX - 1);
        let outcome = engine::compute(
            rule,
            &Control {
                to,
                work_limit: limits.work_limit,
                interrupt: limits.interrupt,
                progress: limits.progress,
                past_proof: limits.past_proof,
            },
        );
        Values {
            table: outcome.table,
            period: outcome.period,
            stop: outcome.stop,
            work: outcome.work,
            method: outcome.method,
        }
    }

    /// The largest n whose value was computed (not taken from a period).
    pub fn computed_to(&self) -> u64 {
        self.table.len() as u64 - 1
    }

    /// The largest n whose value is known: [`u64::MAX`] once a period is proved.
    pub fn known_to(&self) -> u64 {
        if self.period.is_some() {
            u64::MAX
        } else {
            self.computed_to()
        }
    }

    /// The proved period, if any.
    pub fn period(&self) -> Option<ProvedPeriod> {
        self.period
    }

    /// Why the computation ended.
    pub fn stopped_by(&self) -> Stop {
        self.stop
    }

    /// The work done (pair visits, roughly).
    pub fn work(&self) -> u128 {
        self.work
    }

    /// How the values were computed.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The computed values.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// G(n) as a plain number, when known.
    pub fn get(&self, n: u64) -> Option<u32> {
        let index = match self.period {
            Some(period) => period.reduce(n),
            None => n,
        };
        let index = usize::try_from(index).ok()?;
        (index < self.table.len()).then(|| self.table.get(index))
    }

    /// G(n), if known (computed, or from the proved period).
    pub fn value(&self, n: u64) -> Option<Nimber> {
        self.get(n).map(|v| Nimber(u64::from(v)))
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
