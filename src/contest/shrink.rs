//! From a failing input to a smallest one.
//!
//! A random input that breaks a solution may hold four thousand cases of fifty piles; the
//! mistake usually needs one case of two piles. Shrinking is greedy: list the *candidates* — the
//! input with something taken away — from the boldest to the most timid, keep the first one that
//! still fails (the same way), and start again from it, until no candidate fails. The candidates,
//! in order:
//!
//! 1. one case alone (the case that disagreed first), then each half of the cases, then the
//!    input without one case;
//! 2. in each case, each half of its items, then the case without one item;
//! 3. each number made smaller: its least allowed value, then closer and closer to where it was
//!    (halfway, a quarter of the way, …, one less). A box's contents never pass its capacity: a
//!    smaller capacity takes the contents down with it.
//!
//! Every candidate must still be within the bounds the search ran under (the judge's limits, or
//! `--beyond`'s), so the shrunk input is one the judge could have given. Candidates are tried a
//! batch at a time on all cores, and the first failing one *in order* is kept, so the result
//! does not depend on which run finished first.

use super::inputs::{Shape, TestInput};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// When to stop shrinking even if smaller candidates might still fail.
#[derive(Copy, Clone, Debug)]
pub struct Budget {
    /// The most candidate runs.
    pub runs: usize,
    /// The most time.
    pub time: Duration,
}

/// The outcome: the smallest failing input found, and how many candidates were run.
#[derive(Clone, Debug)]
pub struct Shrunk<F> {
    /// The smallest failing input.
    pub input: TestInput,
    /// What its failure was.
    pub failure: F,
    /// Candidates run.
    pub runs: usize,
}

/// Shrinks `input` (which fails with `failure`) while `fails` says a candidate still fails;
/// `first_case` is the case to try alone first.
pub fn shrink<F: Send>(
    shape: &Shape,
    beyond: bool,
    input: TestInput,
    failure: F,
    first_case: Option<usize>,
    budget: Budget,
    fails: &(dyn Fn(&TestInput) -> Option<F> + Sync),
) -> Shrunk<F> {
    let started = Instant::now();
    let batch = rayon::current_num_threads().max(1) * 2;
    let mut best = Shrunk {
        input,
        failure,
        runs: 0,
    };
    let mut hint = first_case;
    'rounds: loop {
        let candidates: Vec<TestInput> = candidates(shape, &best.input, hint)
            .into_iter()
            .filter(|candidate| candidate != &best.input && shape.admits(candidate, beyond))
            .collect();
        hint = None;
        for chunk in candidates.chunks(batch) {
            if best.runs >= budget.runs || started.elapsed() >= budget.time {
                break 'rounds;
            }
            best.runs += chunk.len();
            let found = chunk
                .par_iter()
                .map(|candidate| fails(candidate))
                .collect::<Vec<_>>()
                .into_iter()
                .zip(chunk)
                .find_map(|(failure, candidate)| failure.map(|failure| (candidate, failure)));
            if let Some((candidate, failure)) = found {
                best.input = candidate.clone();
                best.failure = failure;
                continue 'rounds;
            }
        }
        break;
    }
    best
}

/// Every candidate one step smaller than `input`, boldest first.
fn candidates(shape: &Shape, input: &TestInput, first_case: Option<usize>) -> Vec<TestInput> {
    let mut out = Vec::new();
    let cases = &input.cases;
    // 1. Fewer cases.
    if cases.len() > 1 {
        let alone = |index: usize| TestInput {
            cases: vec![cases[index].clone()],
        };
        if let Some(index) = first_case.filter(|&index| index < cases.len()) {
            out.push(alone(index));
        }
        let half = cases.len() / 2;
        out.push(TestInput {
            cases: cases[..half].to_vec(),
        });
        out.push(TestInput {
            cases: cases[half..].to_vec(),
        });
        out.extend((0..cases.len()).map(alone));
        for index in 0..cases.len() {
            let mut fewer = cases.clone();
            fewer.remove(index);
            out.push(TestInput { cases: fewer });
        }
    }
    // 2. Fewer items in a case.
    for (index, case) in cases.iter().enumerate() {
        if case.len() <= 1 {
            continue;
        }
        let with_case = |items: Vec<[u64; 2]>| {
            let mut smaller = cases.clone();
            smaller[index] = items;
            TestInput { cases: smaller }
        };
        let half = case.len() / 2;
        out.push(with_case(case[..half].to_vec()));
        out.push(with_case(case[half..].to_vec()));
        for item in 0..case.len() {
            let mut fewer = case.clone();
            fewer.remove(item);
            out.push(with_case(fewer));
        }
    }
    // 3. Smaller numbers.
    let bounds = shape.bounds(true);
    for (index, case) in cases.iter().enumerate() {
        for (item, numbers) in case.iter().enumerate() {
            for position in 0..shape.arity {
                let value = numbers[position];
                let least = match (position, shape.second_within_first) {
                    (0, _) => bounds.first.0,
                    (_, true) => 0,
                    (_, false) => bounds.second.0,
                };
                for smaller in smaller_values(value, least) {
                    let mut changed = cases.clone();
                    let target = &mut changed[index][item];
                    target[position] = smaller;
                    if shape.second_within_first && position == 0 {
                        target[1] = target[1].min(smaller);
                    }
                    out.push(TestInput { cases: changed });
                }
            }
        }
    }
    out
}

/// Values below `value` down to `least`: `least` itself, then halfway, a quarter of the way, …,
/// then one less.
fn smaller_values(value: u64, least: u64) -> Vec<u64> {
    if value <= least {
        return Vec::new();
    }
    let mut out = vec![least];
    let mut gap = (value - least) / 2;
    while gap > 0 {
        out.push(value - gap);
        gap /= 2;
    }
    if *out.last().expect("least is there") != value - 1 {
        out.push(value - 1);
    }
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smaller_values_run_from_the_least_to_one_less() {
        assert_eq!(smaller_values(10, 1), vec![1, 6, 8, 9]);
        assert_eq!(smaller_values(2, 1), vec![1]);
        assert!(smaller_values(1, 1).is_empty());
        assert_eq!(smaller_values(u64::MAX, 0).len(), 64);
    }

    #[test]
    fn a_failure_that_needs_one_big_pile_shrinks_to_that_pile_alone() {
        // "Fails" whenever some pile is at least 700: the smallest failing input is one case of
        // the single pile 700.
        let shape = Shape::of("take-or-merge", None).unwrap();
        let input = TestInput {
            cases: vec![
                vec![[3, 0], [900, 0], [5, 0]],
                vec![[1, 0]],
                vec![[800, 0], [2, 0]],
            ],
        };
        let fails = |input: &TestInput| {
            input
                .cases
                .iter()
                .flatten()
                .any(|item| item[0] >= 700)
                .then_some(())
        };
        let budget = Budget {
            runs: 10_000,
            time: Duration::from_secs(60),
        };
        let shrunk = shrink(&shape, false, input, (), Some(2), budget, &fails);
        assert_eq!(shrunk.input.cases, vec![vec![[700, 0]]]);
    }

    #[test]
    fn boxes_keep_their_contents_within_their_capacity() {
        let shape = Shape::of("box-fill", None).unwrap();
        let input = TestInput {
            cases: vec![vec![[100, 90]]],
        };
        for candidate in candidates(&shape, &input, None) {
            let [capacity, held] = candidate.cases[0][0];
            assert!(held <= capacity);
        }
        let fails = |input: &TestInput| (input.cases[0][0][1] >= 40).then_some(());
        let budget = Budget {
            runs: 10_000,
            time: Duration::from_secs(60),
        };
        let shrunk = shrink(&shape, false, input, (), None, budget, &fails);
        assert_eq!(shrunk.input.cases, vec![vec![[40, 40]]]);
    }
}
