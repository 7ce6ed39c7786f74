//! Judge inputs as values: their shape per format, the exhaustive tiny ones, the random ones.
//!
//! Every judge format of the six games is the same skeleton: some *cases* (announced by a `T`
//! line, or running to the end of the input, or ended by a `0` line, or exactly one), each a
//! count `n` and `n` *items* — a pile (one number) or a pair (a pile and its constant, a box's
//! capacity and contents). A [`Shape`] says which skeleton a format has and what its judge
//! allows: how many cases, how many items per case, which numbers. An input is held as a
//! [`TestInput`] (cases of items) until it is written in the judge's layout ([`TestInput::render`]);
//! that is what lets [`shrink`](super::shrink) remove cases, items and size from a failing input
//! and still write a well-formed one.
//!
//! Inputs come in the order the issue asks for:
//!
//! 1. **Every tiny position**, exhaustively: all rows of up to a few piles of a few stones (sorted
//!    rows for the multiset games), packed as many to an input as the judge allows.
//! 2. **Random inputs across the judge's whole range**, each drawn with one *profile*: tiny
//!    numbers, small ones, numbers of every magnitude up to the limit, the limits themselves,
//!    repeated values, and each game's own boundary values — piles of 1 and 2 (take-or-merge),
//!    linearly dependent bars (chocolate), `b = 1`, `b > num`, multiples of `b` and their
//!    neighbours, `b ≈ √num` (bounded-take), empty bottles (bean-split), empty and full boxes
//!    and contents at the box's threshold ±1 (box-fill). Counts range from one item and one case
//!    to the judge's maxima.
//!
//! What is particular to a game — the items of its tiny positions, its boundary values, how a
//! case's items go together or are written — is the game's own: its formats' shapes hold its
//! [`Generators`](crate::judge::Generators), and nothing here names a game.
//! 3. With `--beyond`, the same draws with the limits widened: more cases and items than the
//!    judge allows, and numbers up to 64 bits (for bounded-take, whose honest solutions take
//!    time in √num, numbers up to 2^36 in the judge's counts).
//!
//! Without `--beyond` every input respects the limits of the judge, as stated in
//! `../shared/spec/GAMES.md` (and, where the spec gives none, of the original problem: ARC 091 F
//! allows N ≤ 200; HDU 1729 is taken as at most 50 boxes a case and 20 cases an input).

use crate::judge::Profile;
use crate::judge::rng::Rng;
pub use crate::judge::{Arrangement, Bounds, CaseLayout, Item, Shape};
use std::fmt::Write;

/// A judge input as values: its cases, each a list of items.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TestInput {
    /// The cases, in order.
    pub cases: Vec<Vec<Item>>,
}

/// Whether `input` is within the bounds of `shape` (the judge's, or with `beyond` the widened
/// ones).
pub fn admits(shape: &Shape, input: &TestInput, beyond: bool) -> bool {
    let bounds = shape.bounds(beyond);
    let cases = input.cases.len();
    let cases_fit = match shape.layout {
        CaseLayout::Single => cases == 1,
        _ => (bounds.fewest_cases.max(1)..=bounds.cases).contains(&cases),
    };
    cases_fit
        && input.cases.iter().all(|case| {
            (bounds.items.0..=bounds.items.1).contains(&case.len())
                && case.iter().all(|item| item_fits(shape, item, &bounds))
                && (!is_set(shape) || all_distinct(case))
        })
}

/// Whether a case's items must be distinct (HDU 3404: no two lights at the same place).
fn is_set(shape: &Shape) -> bool {
    shape.generators.arrangement() == Arrangement::Set
}

/// Whether no item repeats.
fn all_distinct(case: &[Item]) -> bool {
    let mut sorted = case.to_vec();
    sorted.sort_unstable();
    sorted.windows(2).all(|pair| pair[0] != pair[1])
}

fn item_fits(shape: &Shape, item: &Item, bounds: &Bounds) -> bool {
    let [first, second] = *item;
    let first_fits = (bounds.first.0..=bounds.first.1).contains(&first);
    let second_fits = match (shape.arity, shape.second_within_first) {
        (1, _) => second == 0,
        (_, true) => second <= first,
        (_, false) => (bounds.second.0..=bounds.second.1).contains(&second),
    };
    first_fits && second_fits
}

impl TestInput {
    /// The input in the judge's layout, one line per count, piles on one line, pairs one a line.
    pub fn render(&self, shape: &Shape) -> String {
        let mut text = String::new();
        if shape.layout == CaseLayout::Counted {
            writeln!(text, "{}", self.cases.len()).expect("writing to a String");
        }
        for case in &self.cases {
            if shape.counted_items {
                writeln!(text, "{}", case.len()).expect("writing to a String");
            }
            if let Some(written) = shape.generators.written(case) {
                text.push_str(&written);
            } else if shape.arity == 1 {
                let numbers: Vec<String> = case.iter().map(|item| item[0].to_string()).collect();
                writeln!(text, "{}", numbers.join(" ")).expect("writing to a String");
            } else {
                for [first, second] in case {
                    writeln!(text, "{first} {second}").expect("writing to a String");
                }
            }
        }
        if shape.layout == CaseLayout::ZeroEnded {
            // A count of 0, or (one item per case) an item of zeros: `0 0`.
            let zeros = if shape.counted_items { 1 } else { shape.arity };
            text.push_str(&vec!["0"; zeros].join(" "));
            text.push('\n');
        }
        text
    }

    /// How many numbers the items hold in all (a measure of size, for reports).
    pub fn numbers(&self, shape: &Shape) -> usize {
        self.cases.iter().map(Vec::len).sum::<usize>() * shape.arity
    }
}

/// How many tiny positions are tried before the random ones (fewer for one-case formats, where
/// each position is a run of its own).
fn tiny_budget(shape: &Shape) -> usize {
    match shape.layout {
        CaseLayout::Single => 100,
        _ => 400,
    }
}

/// Every tiny position, shortest first, packed into inputs of as many cases as the judge allows.
pub fn tiny_inputs(shape: &Shape) -> Vec<TestInput> {
    let (alphabet, longest) = shape.generators.tiny();
    let arrangement = shape.generators.arrangement();
    let budget = tiny_budget(shape);
    let mut positions: Vec<Vec<Item>> = Vec::new();
    let mut current: Vec<Vec<usize>> = vec![Vec::new()];
    'lengths: for _ in 1..=longest {
        let mut next = Vec::new();
        for prefix in &current {
            let from = match arrangement {
                Arrangement::Set => prefix.last().map_or(0, |&last| last + 1),
                Arrangement::Multiset => prefix.last().copied().unwrap_or(0),
                Arrangement::Row => 0,
            };
            for symbol in from..alphabet.len() {
                let mut row = prefix.clone();
                row.push(symbol);
                positions.push(row.iter().map(|&s| alphabet[s]).collect());
                if positions.len() >= budget {
                    break 'lengths;
                }
                next.push(row);
            }
        }
        current = next;
    }
    let per_input = match shape.layout {
        CaseLayout::Single => 1,
        _ => shape.limits.cases,
    };
    positions
        .chunks(per_input)
        .map(|cases| pad_to_fewest_cases(shape, false, cases.to_vec()))
        .filter(|input| admits(shape, input, false))
        .collect()
}

/// `cases` as an input, with the smallest legal case appended until it holds the fewest cases
/// the judge gives (BZOJ 1299 always gives ten: a tiny position or a shrunk failure fills the
/// rest with the smallest box).
pub fn pad_to_fewest_cases(shape: &Shape, beyond: bool, mut cases: Vec<Vec<Item>>) -> TestInput {
    let bounds = shape.bounds(beyond);
    if cases.len() < bounds.fewest_cases {
        let smallest = bounds.smallest_case(shape.second_within_first);
        cases.resize(bounds.fewest_cases, smallest);
    }
    TestInput { cases }
}

/// The profiles a random input is drawn with, one picked per input.
const PROFILES: [Profile; 6] = [
    Profile::Tiny,
    Profile::Small,
    Profile::Spread,
    Profile::Maximal,
    Profile::Repeated,
    Profile::Boundary,
];

/// A number in `low..=high` by `profile` (the boundary profile falls back to spread numbers for
/// the parts of a game without boundaries of their own).
fn draw(rng: &mut Rng, profile: Profile, (low, high): (u64, u64)) -> u64 {
    match profile {
        Profile::Tiny => rng.between(low, high.min(low.saturating_add(3))),
        Profile::Small => rng.between(low, high.min(30)),
        Profile::Maximal => high - rng.between(0, 2.min(high - low)),
        Profile::Spread | Profile::Repeated | Profile::Boundary => rng.spread(low, high),
    }
}

/// How many items a case gets: often one or two, often a few, sometimes the most allowed.
fn item_count(rng: &mut Rng, (least, most): (usize, usize), profile: Profile) -> usize {
    let most = most.max(least);
    let count = match rng.between(0, 9) {
        0 => 1,
        1 => 2,
        2..=4 => rng.between(1, 5) as usize,
        5..=8 => rng.between(1, most as u64) as usize,
        _ => most,
    };
    // Huge numbers in huge counts make no better test, only slower ones.
    let count = if profile == Profile::Maximal && rng.chance(1, 2) {
        count.min(3)
    } else {
        count
    };
    count.clamp(least, most)
}

/// How many cases an input gets.
fn case_count(rng: &mut Rng, shape: &Shape, bounds: &Bounds) -> usize {
    if shape.layout == CaseLayout::Single {
        return 1;
    }
    let (fewest, most) = (bounds.fewest_cases.max(1), bounds.cases.max(1));
    let count = match rng.between(0, 9) {
        0..=3 => 1,
        4..=6 => rng.between(1, 5.min(most as u64)) as usize,
        7..=8 => rng.between(1, most as u64) as usize,
        _ => most,
    };
    count.clamp(fewest, most.max(fewest))
}

/// One random input within `bounds`.
pub fn random_input(shape: &Shape, rng: &mut Rng, beyond: bool) -> TestInput {
    let bounds = shape.bounds(beyond);
    let profile = rng.pick(&PROFILES);
    // Keep inputs to about a million numbers: the judges' maxima multiplied out would be more
    // than any judge's own tests hold.
    let mut budget: usize = 1 << 20;
    let cases = case_count(rng, shape, &bounds);
    let mut input = TestInput::default();
    for _ in 0..cases {
        let count = item_count(rng, bounds.items, profile).min(budget.max(bounds.items.0));
        budget = budget.saturating_sub(count);
        input
            .cases
            .push(random_case(shape, rng, &bounds, profile, count));
    }
    input
}

/// One random case of `count` items.
fn random_case(
    shape: &Shape,
    rng: &mut Rng,
    bounds: &Bounds,
    profile: Profile,
    count: usize,
) -> Vec<Item> {
    if let Some(case) = shape.generators.case(rng, bounds, profile, count) {
        return case;
    }
    let repeated: Vec<u64> = (0..rng.between(1, 3))
        .map(|_| draw(rng, Profile::Spread, bounds.first))
        .collect();
    let mut case: Vec<Item> = Vec::with_capacity(count);
    for _ in 0..count {
        let item = match profile {
            Profile::Repeated if shape.arity == 1 => [rng.pick(&repeated), 0],
            Profile::Boundary => shape.generators.boundary(rng, bounds, &case),
            _ => plain_item(shape, rng, bounds, profile),
        };
        case.push(item);
    }
    if is_set(shape) {
        case.sort_unstable();
        case.dedup();
    }
    case
}

/// An item with both numbers drawn by `profile`.
fn plain_item(shape: &Shape, rng: &mut Rng, bounds: &Bounds, profile: Profile) -> Item {
    let first = draw(rng, profile, bounds.first);
    match (shape.arity, shape.second_within_first) {
        (1, _) => [first, 0],
        (_, true) => [first, draw(rng, profile, (0, first))],
        (_, false) => [first, draw(rng, profile, bounds.second)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::judge::Generators;

    /// A made-up game of lights on a small board (no two at one place), its boundary the
    /// board's corner; every format of the real games is tried in `tests/contest.rs`.
    struct Lights;

    impl Generators for Lights {
        fn tiny(&self) -> (Vec<Item>, usize) {
            (
                (1..=3).flat_map(|x| (1..=3).map(move |y| [x, y])).collect(),
                3,
            )
        }

        fn arrangement(&self) -> Arrangement {
            Arrangement::Set
        }

        fn boundary(&self, _: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
            [bounds.first.1, bounds.second.1]
        }

        fn written(&self, items: &[Item]) -> Option<String> {
            Some(items.iter().map(|[x, y]| format!("({x},{y})\n")).collect())
        }

        fn position(&self, _: &mut Rng) -> String {
            "1,1".to_string()
        }
    }

    const SHAPE: Shape = Shape::pairs(
        &Lights,
        CaseLayout::Counted,
        1,
        false,
        Bounds::pairs(5, 6, (1, 9), (1, 9)),
        Bounds::pairs(10, 12, (1, 99), (1, 99)),
    );

    #[test]
    fn a_set_is_drawn_and_listed_without_repeats_and_written_by_its_game() {
        let tiny = tiny_inputs(&SHAPE);
        for case in tiny.iter().flat_map(|input| &input.cases) {
            assert!(case.windows(2).all(|pair| pair[0] < pair[1]), "{case:?}");
        }
        // One, two and three lights of nine places: 9 + 36 + 84 cases, five to an input.
        assert_eq!(
            tiny.iter().map(|input| input.cases.len()).sum::<usize>(),
            129
        );
        let mut rng = Rng::new(3);
        let mut boundary = false;
        for _ in 0..300 {
            let input = random_input(&SHAPE, &mut rng, false);
            assert!(admits(&SHAPE, &input, false), "{input:?}");
            boundary |= input.cases.iter().any(|case| case.contains(&[9, 9]));
        }
        assert!(boundary, "no boundary item drawn");
        let input = TestInput {
            cases: vec![vec![[1, 2], [3, 4]]],
        };
        assert_eq!(input.render(&SHAPE), "1\n2\n(1,2)\n(3,4)\n");
        assert!(!admits(
            &SHAPE,
            &TestInput {
                cases: vec![vec![[1, 2], [1, 2]]],
            },
            false
        ));
    }
}
