//! From a failing input to a smallest one.
//!
//! A random input that breaks a solution may hold four thousand cases of fifty piles; the
//! mistake usually needs one case of two piles. Shrinking is greedy: list the *candidates* — the
//! input with something taken away — from the boldest to the most timid, keep the first one that
//! still fails (the same way), and go on from it, until no candidate fails. In order:
//!
//! 1. **Fewer cases**: the case that disagreed first, alone; then the input without a block of
//!    cases — half of them, a quarter, …, one (delta debugging's chunks, so that four thousand
//!    cases take a few dozen runs, not four thousand). Where the judge fixes the number of cases
//!    (BZOJ 1299: exactly ten), a case taken away is replaced by the smallest legal case at the
//!    end, so the count stays the judge's and the other cases become as small as they can be.
//! 2. **Fewer items**: in each case, the same with blocks of its items.
//! 3. **Smaller numbers**, one number at a time: its least allowed value, then closer and closer
//!    to where it was (halfway, a quarter of the way, …, one less); the number goes on down
//!    while one of these fails. A box's contents never pass its capacity: a smaller capacity
//!    takes the contents down with it.
//!
//! Steps 1–3 repeat while any of them made progress (a smaller number may let an item go).
//! Candidates are built lazily and tried a batch at a time on all cores; the first failing one
//! *in order* is kept, so the result does not depend on which run finished first. Every
//! candidate must be within the bounds the search ran under (the judge's limits, or
//! `--beyond`'s), so the shrunk input is one the judge could have given.

use super::inputs::{Item, Shape, TestInput, admits, pad_to_fewest_cases};
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

/// The state of a shrink: the best input so far and what is left of the budget.
struct Shrinker<'a, F> {
    shape: &'a Shape,
    beyond: bool,
    best: Shrunk<F>,
    budget: Budget,
    started: Instant,
    batch: usize,
    fails: &'a (dyn Fn(&TestInput) -> Option<F> + Sync),
}

impl<F: Send> Shrinker<'_, F> {
    fn out_of_budget(&self) -> bool {
        self.best.runs >= self.budget.runs || self.started.elapsed() >= self.budget.time
    }

    /// Tries `candidates` in order, a batch at a time; keeps the first that fails. Returns
    /// whether one did.
    fn first_failing(&mut self, candidates: impl Iterator<Item = TestInput>) -> bool {
        let (shape, beyond) = (self.shape, self.beyond);
        let current = self.best.input.clone();
        // A candidate is padded to the judge's fixed case count (if any), and one that came back
        // to the input it was made from is no candidate (it would be kept for ever).
        let mut candidates = candidates
            .map(|candidate| pad_to_fewest_cases(shape, beyond, candidate.cases))
            .filter(|candidate| *candidate != current && admits(shape, candidate, beyond));
        loop {
            if self.out_of_budget() {
                return false;
            }
            let chunk: Vec<TestInput> = candidates.by_ref().take(self.batch).collect();
            if chunk.is_empty() {
                return false;
            }
            self.best.runs += chunk.len();
            let fails = self.fails;
            let results: Vec<Option<F>> = chunk.par_iter().map(fails).collect();
            if let Some((candidate, failure)) = chunk
                .into_iter()
                .zip(results)
                .find_map(|(candidate, failure)| failure.map(|failure| (candidate, failure)))
            {
                self.best.input = candidate;
                self.best.failure = failure;
                return true;
            }
        }
    }
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
    let mut shrinker = Shrinker {
        shape,
        beyond,
        best: Shrunk {
            input,
            failure,
            runs: 0,
        },
        budget,
        started: Instant::now(),
        batch: rayon::current_num_threads().max(1) * 2,
        fails,
    };
    let cases = shrinker.best.input.cases.len();
    if let Some(index) = first_case.filter(|&index| index < cases)
        && cases > 1
    {
        let alone = TestInput {
            cases: vec![shrinker.best.input.cases[index].clone()],
        };
        shrinker.first_failing(std::iter::once(alone));
    }
    loop {
        let mut progress = false;
        while shrinker.first_failing(fewer_cases(&shrinker.best.input.clone())) {
            progress = true;
        }
        while shrinker.first_failing(fewer_items(&shrinker.best.input.clone())) {
            progress = true;
        }
        let places: Vec<(usize, usize, usize)> = number_places(shape, &shrinker.best.input);
        for place in places {
            while shrinker.first_failing(smaller_number(shape, &shrinker.best.input.clone(), place))
            {
                progress = true;
            }
        }
        if !progress || shrinker.out_of_budget() {
            break;
        }
    }
    shrinker.best
}

/// The blocks of `0..len` to remove: halves, quarters, …, single indices, each as a range.
fn blocks(len: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
    let first = (len > 0).then_some((len / 2).max(1));
    std::iter::successors(first, |&size| (size > 1).then_some(size / 2)).flat_map(move |size| {
        (0..len)
            .step_by(size)
            .map(move |start| start..(start + size).min(len))
    })
}

/// `list` without the items in `block`.
fn without<T: Clone>(list: &[T], block: &std::ops::Range<usize>) -> Vec<T> {
    list[..block.start]
        .iter()
        .chain(&list[block.end..])
        .cloned()
        .collect()
}

/// The input without a block of cases.
fn fewer_cases(input: &TestInput) -> impl Iterator<Item = TestInput> + '_ {
    blocks(input.cases.len()).map(|block| TestInput {
        cases: without(&input.cases, &block),
    })
}

/// The input with a block of items gone from one case.
fn fewer_items(input: &TestInput) -> impl Iterator<Item = TestInput> + '_ {
    (0..input.cases.len()).flat_map(move |index| {
        blocks(input.cases[index].len()).map(move |block| {
            let mut cases = input.cases.clone();
            cases[index] = without(&input.cases[index], &block);
            TestInput { cases }
        })
    })
}

/// Every number of the input, as (case, item, position in the item).
fn number_places(shape: &Shape, input: &TestInput) -> Vec<(usize, usize, usize)> {
    let mut places = Vec::new();
    for (case, items) in input.cases.iter().enumerate() {
        for item in 0..items.len() {
            for position in 0..shape.arity {
                places.push((case, item, position));
            }
        }
    }
    places
}

/// The input with the number at `place` made smaller (boldest first).
fn smaller_number<'a>(
    shape: &'a Shape,
    input: &'a TestInput,
    (case, item, position): (usize, usize, usize),
) -> impl Iterator<Item = TestInput> + 'a {
    let bounds = shape.bounds(true);
    let least = match (position, shape.second_within_first) {
        (0, _) => bounds.first.0,
        (_, true) => 0,
        (_, false) => bounds.second.0,
    };
    let value: u64 = input.cases[case][item][position];
    smaller_values(value, least)
        .into_iter()
        .map(move |smaller| {
            let mut cases = input.cases.clone();
            let target: &mut Item = &mut cases[case][item];
            target[position] = smaller;
            if shape.second_within_first && position == 0 {
                target[1] = target[1].min(smaller);
            }
            TestInput { cases }
        })
}

/// Values below `value` down to `least`: `least` itself, half the value, then halfway to
/// `least`, a quarter of the way, …, then one less.
fn smaller_values(value: u64, least: u64) -> Vec<u64> {
    if value <= least {
        return Vec::new();
    }
    let mut out = vec![least];
    // Half of it, exactly: keeps powers of two (where 32-bit solutions break) powers of two.
    if value / 2 > least {
        out.push(value / 2);
    }
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

    use crate::judge::rng::Rng;
    use crate::judge::{BILLION, Bounds, CaseLayout, Generators, box_bounds};

    /// The generators of made-up games: only a format's shape matters to shrinking.
    struct Unused;

    impl Generators for Unused {
        fn tiny(&self) -> (Vec<Item>, usize) {
            (vec![[1, 0]], 1)
        }

        fn boundary(&self, _: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
            [bounds.first.0, bounds.second.0]
        }

        fn position(&self, _: &mut Rng) -> String {
            String::new()
        }
    }

    /// Up to 4000 cases of up to 50 piles of 1 to 1000 (take-or-merge's judge).
    const PILES: Shape = Shape::piles(
        &Unused,
        CaseLayout::Counted,
        3,
        Bounds::piles(4000, 50, (1, 1000)),
        Bounds::piles(8000, 100, (1, u64::MAX)),
    );

    /// Exactly ten cases of up to 14 piles (BZOJ 1299's judge).
    const TEN_CASES: Shape = Shape::piles(
        &Unused,
        CaseLayout::UntilEnd,
        1,
        Bounds::piles(10, 14, (1, BILLION)).exactly_cases(10),
        Bounds::piles(20, 24, (1, u64::MAX)),
    );

    /// Boxes `capacity current`, the contents at most the capacity (box-fill's judge).
    const BOXES: Shape = Shape::pairs(
        &Unused,
        CaseLayout::Counted,
        1,
        true,
        box_bounds(50, 50, 32_767),
        box_bounds(100, 100, 1_000_000_000_000_000_000),
    );

    #[test]
    fn blocks_run_from_halves_to_single_items() {
        let all: Vec<_> = blocks(5).collect();
        assert_eq!(all, vec![0..2, 2..4, 4..5, 0..1, 1..2, 2..3, 3..4, 4..5]);
        assert_eq!(blocks(1).collect::<Vec<_>>(), vec![0..1]);
        assert_eq!(blocks(0).count(), 0);
    }

    #[test]
    fn smaller_values_run_from_the_least_to_one_less() {
        assert_eq!(smaller_values(10, 1), vec![1, 5, 6, 8, 9]);
        assert_eq!(smaller_values(2, 1), vec![1]);
        assert!(smaller_values(1, 1).is_empty());
        assert_eq!(smaller_values(u64::MAX, 0).len(), 65);
    }

    #[test]
    fn a_failure_that_needs_one_big_pile_shrinks_to_that_pile_alone() {
        // "Fails" whenever some pile is at least 700: the smallest failing input is one case of
        // the single pile 700.
        let shape = PILES;
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
    fn a_fixed_case_count_is_kept_and_the_other_cases_become_the_smallest() {
        // BZOJ 1299 gives exactly ten cases: the shrunk input keeps ten, the failing one first
        // and nine boxes of one bar of length 1.
        let shape = TEN_CASES;
        let input = TestInput {
            cases: (0..10u64)
                .map(|index| vec![[40 + index, 0], [900 * (index % 3), 0], [7, 0]])
                .map(|case| case.into_iter().filter(|item| item[0] > 0).collect())
                .collect(),
        };
        assert!(admits(&shape, &input, false));
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
        let shrunk = shrink(&shape, false, input, (), Some(4), budget, &fails);
        let mut expected = vec![vec![[700, 0]]];
        expected.extend(std::iter::repeat_n(vec![[1, 0]], 9));
        assert_eq!(shrunk.input.cases, expected);
        // Under --beyond the count is free, and one case is left.
        let shrunk = shrink(&shape, true, shrunk.input, (), None, budget, &fails);
        assert_eq!(shrunk.input.cases, vec![vec![[700, 0]]]);
    }

    #[test]
    fn boxes_keep_their_contents_within_their_capacity() {
        let shape = BOXES;
        let input = TestInput {
            cases: vec![vec![[100, 90]]],
        };
        for place in number_places(&shape, &input) {
            for candidate in smaller_number(&shape, &input, place) {
                let [capacity, held] = candidate.cases[0][0];
                assert!(held <= capacity);
            }
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
