//! The straightforward method: G(n) as the mex over every option the rule lists
//! ([`CompiledRule::try_for_each_option`]), for the rules the pair engine does not know
//! (three-heap splits, all-but games, script rules). It is the definition itself, one option at
//! a time, so it needs no argument beyond the Sprague–Grundy theorem; its cost is the number of
//! options, which [`CompiledRule::options_up_to`] predicts before anything is computed.

use super::method::{Method, Stop};
use super::period::PeriodTracker;
use super::request::Request;
use super::rule::CompiledRule;
use super::table::Table;
use super::values::Values;

/// The straightforward table over the rule's options, for rules the engine does not know.
pub(super) fn naive(
    rule: CompiledRule,
    mut tracker: Option<PeriodTracker>,
    request: &Request<'_>,
) -> Values {
    let mut values: Vec<u32> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    let mut work: u128 = 0;
    let mut stop = Stop::Reached;
    let mut period = None;
    let mut failure = None;
    for n in 0..=request.to as u64 {
        let stamp = n + 1;
        let visited = rule.try_for_each_option(n, &mut |_, parts| {
            let value = parts
                .iter()
                .fold(0u32, |sum, &part| sum ^ values[part as usize])
                as usize;
            if value >= seen.len() {
                seen.resize(value + 1, 0);
            }
            seen[value] = stamp;
            work += 1;
        });
        if let Err(error) = visited {
            failure = Some(error);
            stop = Stop::RuleFailed;
            break;
        }
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
        values.push(mex as u32);
        if n % 1024 == 1023 || n == request.to as u64 {
            if let Some(proof) = tracker.as_mut().and_then(|t| t.advance(&values)) {
                period = Some(proof);
                stop = Stop::Proved;
                if !request.past_proof {
                    values.truncate(proof.proved_at as usize + 1);
                    break;
                }
                tracker = None;
            }
            request.watch.computed(n);
            if n < request.to as u64 {
                if request.work_limit.is_some_and(|limit| work > limit) && period.is_none() {
                    stop = Stop::WorkLimit;
                    break;
                }
                if request.interrupted() && period.is_none() {
                    stop = Stop::Interrupted;
                    break;
                }
            }
        }
    }
    if values.is_empty() {
        // G(0) is 0 under every rule (a heap of 0 has no option), whatever failed after.
        values.push(0);
    }
    let largest = values.iter().copied().max().unwrap_or(0);
    let table = if largest <= u32::from(u8::MAX) {
        Table::U8(values.into_iter().map(|v| v as u8).collect())
    } else if largest <= u32::from(u16::MAX) {
        Table::U16(values.into_iter().map(|v| v as u16).collect())
    } else {
        Table::U32(values)
    };
    Values {
        rule,
        table,
        period,
        stop,
        work,
        method: Method::Naive,
        failure,
    }
}
