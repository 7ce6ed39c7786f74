//! `table GAME --misere` for a heap rule: the misère report of [`crate::misere::table`] on the
//! rule's heaps, every heap's options checked first (an external rule's may fail).
//!
//! The one entry point the command line and the Python package share ([`misere_table`]), so
//! that both check the same things in the same order and give the same report.

use super::heap_rule::HeapRule;
use crate::engine::error::FamilyError;
use crate::misere::MisereError;
use crate::misere::construction::{Limits, Settled};
use crate::misere::quotient::MisereQuotient;
use crate::misere::table::{MAX_MISERE_TABLE, MisereTable, TableSettings};

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
