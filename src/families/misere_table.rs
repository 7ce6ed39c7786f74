//! `table GAME --misere` for a heap rule: the misère report of [`crate::misere::table`] on the
//! rule's heaps, every heap's options checked first (an external rule's may fail).
//!
//! The one entry point the command line and the Python package share ([`misere_table`]), so
//! that both check the same things in the same order and give the same report.

use super::heap_rule::HeapRule;
use crate::engine::error::FamilyError;
use crate::misere::MisereError;
use crate::misere::construction::{DEFAULT_MAX_CANDIDATES, DEFAULT_MAX_ORDER, Limits, Settled};
use crate::misere::quotient::MisereQuotient;
use crate::misere::table::{DEFAULT_MISERE_TABLE, MAX_MISERE_TABLE, MisereTable, TableSettings};

/// The time limit of a misère table asked without a last heap (seconds): the table then runs
/// until solved, heap [`DEFAULT_MISERE_TABLE`](crate::misere::table::DEFAULT_MISERE_TABLE) or
/// this long.
pub const DEFAULT_MISERE_SECONDS: f64 = 60.0;

/// The most seconds a time limit may be.
pub const MAX_SECONDS: f64 = 1e9;

/// What a misère table is asked, as the command line (`table --misere --to --seconds
/// --max-order --max-candidates`) and Python (`table(misere=True, ...)`) take it: each limit
/// `None` for its default. [`MisereTableRequest::check`] is the one place the defaults are
/// chosen and the limits checked.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MisereTableRequest {
    /// The last heap; default [`DEFAULT_MISERE_TABLE`](crate::misere::table::DEFAULT_MISERE_TABLE).
    pub to: Option<u64>,
    /// A time limit; by default [`DEFAULT_MISERE_SECONDS`] without `to`, none with it.
    pub seconds: Option<f64>,
    /// The largest candidate quotient, at least 2.
    pub max_order: Option<usize>,
    /// The most candidates tried for one heap, at least 1.
    pub max_candidates: Option<usize>,
}

/// A [`MisereTableRequest`] checked, every default chosen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MisereTableLimits {
    /// The last heap.
    pub up_to: u64,
    /// The time limit, if any.
    pub seconds: Option<f64>,
    /// The largest candidate quotient.
    pub max_order: usize,
    /// The most candidates tried for one heap.
    pub max_candidates: usize,
}

/// A limit of a misère table, by the name the library (and Python) gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The largest candidate quotient (`max_order`).
    MaxOrder,
    /// The most candidates for one heap (`max_candidates`).
    MaxCandidates,
    /// The time limit (`seconds`).
    Seconds,
}

impl Limit {
    /// Its name: `max_order`, `max_candidates`, `seconds`.
    pub fn name(self) -> &'static str {
        match self {
            Limit::MaxOrder => "max_order",
            Limit::MaxCandidates => "max_candidates",
            Limit::Seconds => "seconds",
        }
    }
}

/// A limit outside what it may be; the message names the limit (a front door may name its
/// own spelling of it: the command line's flag).
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum LimitError {
    /// A count below its least.
    #[error("{}: give at least {least}", .limit.name())]
    TooSmall {
        /// Which limit.
        limit: Limit,
        /// Its least value.
        least: usize,
    },
    /// A time limit that is not a positive number of seconds (at most [`MAX_SECONDS`]).
    #[error("seconds={0}: give a positive number of seconds")]
    Seconds(f64),
}

/// `seconds` if it is a positive number of seconds (at most [`MAX_SECONDS`]).
pub fn check_seconds(seconds: f64) -> Result<f64, LimitError> {
    if seconds.is_finite() && seconds > 0.0 && seconds <= MAX_SECONDS {
        Ok(seconds)
    } else {
        Err(LimitError::Seconds(seconds))
    }
}

/// `value` if it is at least `least`.
pub fn check_at_least(limit: Limit, value: usize, least: usize) -> Result<usize, LimitError> {
    if value >= least {
        Ok(value)
    } else {
        Err(LimitError::TooSmall { limit, least })
    }
}

impl MisereTableRequest {
    /// The limits with their defaults, or the first one out of range.
    pub fn check(self) -> Result<MisereTableLimits, LimitError> {
        let seconds = match self.seconds {
            Some(seconds) => Some(check_seconds(seconds)?),
            None if self.to.is_none() => Some(DEFAULT_MISERE_SECONDS),
            None => None,
        };
        Ok(MisereTableLimits {
            up_to: self.to.unwrap_or(DEFAULT_MISERE_TABLE),
            seconds,
            max_order: check_at_least(
                Limit::MaxOrder,
                self.max_order.unwrap_or(DEFAULT_MAX_ORDER),
                2,
            )?,
            max_candidates: check_at_least(
                Limit::MaxCandidates,
                self.max_candidates.unwrap_or(DEFAULT_MAX_CANDIDATES),
                1,
            )?,
        })
    }
}

/// Why a misère table of a heap rule gives no report.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MisereTableError {
    /// The options of some heap up to N cannot be had (a script rule failed).
    #[error(transparent)]
    Family(#[from] FamilyError),
    /// The table itself refused (N past [`MAX_MISERE_TABLE`]).
    #[error(transparent)]
    Misere(#[from] MisereError),
}

/// The misère report on heaps 0..=`up_to` of `rule` (named `name` in the report), within
/// `limits`, calling `progress(quotient, how)` after each heap (see [`MisereTable::compute`]).
///
/// Refuses an `up_to` past [`MAX_MISERE_TABLE`] before any work, then computes every heap's
/// options once so that the construction, which cannot fail on them, never meets a failing one.
pub fn misere_table(
    name: &str,
    rule: &HeapRule,
    up_to: u64,
    limits: Limits,
    progress: &mut dyn FnMut(&MisereQuotient, Settled),
) -> Result<MisereTable, MisereTableError> {
    if up_to > MAX_MISERE_TABLE {
        return Err(MisereError::TooLarge(format!(
            "--to {up_to} is too large for a misère table (at most {MAX_MISERE_TABLE})"
        ))
        .into());
    }
    let compiled = rule.compile();
    for heap in 0..=up_to {
        compiled.try_for_each_option(heap, &mut |_, _| {})?;
    }
    let options = |n: u64, each: &mut dyn FnMut(&[u64])| {
        compiled.for_each_option(n, &mut |_, parts| each(parts));
    };
    let settings = TableSettings {
        theorem: compiled.theorem(),
        limits,
    };
    Ok(MisereTable::compute(
        name, &options, up_to, &settings, progress,
    )?)
}

#[cfg(test)]
mod request_tests {
    use super::*;

    #[test]
    fn a_request_takes_its_defaults_and_refuses_limits_out_of_range() {
        let plain = MisereTableRequest::default().check().unwrap();
        assert_eq!(plain.up_to, DEFAULT_MISERE_TABLE);
        assert_eq!(plain.seconds, Some(DEFAULT_MISERE_SECONDS));
        assert_eq!(
            (plain.max_order, plain.max_candidates),
            (DEFAULT_MAX_ORDER, DEFAULT_MAX_CANDIDATES)
        );
        let to = MisereTableRequest {
            to: Some(40),
            ..MisereTableRequest::default()
        };
        assert_eq!(
            to.check().unwrap().seconds,
            None,
            "no time limit with a last heap"
        );
        let bad = |request: MisereTableRequest| request.check().unwrap_err().to_string();
        assert_eq!(
            bad(MisereTableRequest {
                max_order: Some(1),
                ..to
            }),
            "max_order: give at least 2"
        );
        assert_eq!(
            bad(MisereTableRequest {
                max_candidates: Some(0),
                ..to
            }),
            "max_candidates: give at least 1"
        );
        for seconds in [0.0, -1.0, f64::NAN, f64::INFINITY, 2e9] {
            assert!(matches!(
                MisereTableRequest {
                    seconds: Some(seconds),
                    ..to
                }
                .check(),
                Err(LimitError::Seconds(_))
            ));
        }
        assert_eq!(check_seconds(0.5), Ok(0.5));
    }
}
