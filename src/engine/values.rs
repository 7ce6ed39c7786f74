//! The Grundy sequence G(0), G(1), … of a compiled rule as the engine leaves it: the values,
//! the period when one is proved, and how the computation went; and the request of a
//! computation ([`Limits`]).

use super::error::FamilyError;
use super::method::{Method, Stop};
use super::period::ProvedPeriod;
use super::rule::CompiledRule;
use super::table::Table;
use crate::core::Nimber;
use std::sync::atomic::AtomicBool;

/// G(0..=computed_to) of a rule, its period when proved, and how the computation went: the one
/// result of every computation of values, from [`Values::compute`] to `table`'s report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    pub(super) rule: CompiledRule,
    pub(super) table: Table,
    pub(super) period: Option<ProvedPeriod>,
    pub(super) stop: Stop,
    pub(super) work: u128,
    pub(super) method: Method,
    /// Why an external rule's options could not be had, when that ended the computation.
    pub(super) failure: Option<FamilyError>,
}

/// What a computation of values may do: the one request of every computation, from
/// [`Values::compute_with`] through the engine (`table` fills it from `--to`).
pub struct Limits<'a, P = bool> {
    /// The last position wanted (the computation stops earlier at a proved period).
    pub to: u64,
    /// At most this much work (pair visits, roughly); `None` for no limit.
    pub work_limit: Option<u128>,
    /// Stop cleanly when this flag is set (Ctrl-C, or a request abandoned).
    pub interrupt: Option<&'a AtomicBool>,
    /// Who watches the computation ([`Progress`](super::progress::Progress)): `true` for a bar
    /// on stderr for runs over a second, `false` for none.
    pub progress: P,
    /// Keep computing up to `to` after a period is proved (to check the period, or to time the
    /// engine); the period is still reported.
    pub past_proof: bool,
}

impl Values {
    /// The rule the values are of, compiled.
    pub fn rule(&self) -> &CompiledRule {
        &self.rule
    }

    /// Why an external rule's options could not be had, when that stopped the computation
    /// ([`Stop::RuleFailed`]).
    pub fn failure(&self) -> Option<&FamilyError> {
        self.failure.as_ref()
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
