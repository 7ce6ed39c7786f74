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
//! 3. With `--beyond`, the same draws with the limits widened: more cases and items than the
//!    judge allows, and numbers up to 64 bits (for bounded-take, whose honest solutions take
//!    time in √num, numbers up to 2^36 in the judge's counts).
//!
//! Without `--beyond` every input respects the limits of the judge, as stated in
//! `../shared/spec/GAMES.md` (and, where the spec gives none, of the original problem: ARC 091 F
//! allows N ≤ 200; HDU 1729 is taken as at most 50 boxes a case and 20 cases an input).

use super::rng::Rng;
pub use crate::judge::{Bounds, CaseLayout, Flavor, Shape};
use crate::loopy::shiritori::code;
use std::fmt::Write;

/// One item: a pile `[a, 0]`, or a pair `[a, b]`.
pub type Item = [u64; 2];

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
                && (!is_set(shape.flavor) || all_distinct(case))
        })
}

/// Whether a case's items must be distinct (HDU 3404: no two lights at the same place).
fn is_set(flavor: Flavor) -> bool {
    flavor == Flavor::SwitchLights
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
            writeln!(text, "{}", case.len()).expect("writing to a String");
            if shape.flavor == Flavor::Shiritori {
                for item in case {
                    writeln!(text, "{}", code::word(item[0])).expect("writing to a String");
                }
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
            text.push_str("0\n");
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

/// The items tiny positions are made of, and the most items in a tiny position.
fn tiny_alphabet(flavor: Flavor) -> (Vec<Item>, usize) {
    let piles = |range: std::ops::RangeInclusive<u64>| range.map(|a| [a, 0]).collect::<Vec<_>>();
    match flavor {
        Flavor::EndPiles => (piles(1..=3), 4),
        Flavor::TakeOrMerge => (piles(1..=5), 5),
        Flavor::Chocolate => (piles(1..=4), 4),
        Flavor::BeanSplit => (piles(0..=2), 4),
        Flavor::BoundedTake => (
            (1..=6)
                .flat_map(|num| (1..=3).map(move |b| [num, b]))
                .collect(),
            2,
        ),
        Flavor::BoxFill | Flavor::BoxFillSquare => (
            (0..=6)
                .flat_map(|capacity| (0..=capacity).map(move |held| [capacity, held]))
                .collect(),
            2,
        ),
        Flavor::SwitchLights => (
            (1..=3).flat_map(|x| (1..=3).map(move |y| [x, y])).collect(),
            3,
        ),
        Flavor::Euclid => (
            (1..=5).flat_map(|p| (1..=5).map(move |q| [p, q])).collect(),
            3,
        ),
        Flavor::NimProduct => (
            (0..=5).flat_map(|a| (0..=5).map(move |b| [a, b])).collect(),
            2,
        ),
        Flavor::NimLog => (
            (1..=4).flat_map(|a| (1..=4).map(move |b| [a, b])).collect(),
            2,
        ),
        // Every word of 3 or 4 letters a and b: self-loops, chains, cycles of two blocks.
        Flavor::Shiritori => (
            (3..=4)
                .flat_map(|length| {
                    (0..1u64 << length).map(move |bits| {
                        let word: String = (0..length)
                            .rev()
                            .map(|i| if bits >> i & 1 == 1 { 'b' } else { 'a' })
                            .collect();
                        [code::number(&word), 0]
                    })
                })
                .collect(),
            3,
        ),
    }
}

/// Whether a tiny position is listed as a sorted multiset only (the order of piles is irrelevant).
fn is_multiset(flavor: Flavor) -> bool {
    matches!(flavor, Flavor::TakeOrMerge | Flavor::Chocolate)
}

/// Every tiny position, shortest first, packed into inputs of as many cases as the judge allows.
pub fn tiny_inputs(shape: &Shape) -> Vec<TestInput> {
    let (alphabet, longest) = tiny_alphabet(shape.flavor);
    let budget = tiny_budget(shape);
    let mut positions: Vec<Vec<Item>> = Vec::new();
    let mut current: Vec<Vec<usize>> = vec![Vec::new()];
    'lengths: for _ in 1..=longest {
        let mut next = Vec::new();
        for prefix in &current {
            let from = if is_set(shape.flavor) {
                prefix.last().map_or(0, |&last| last + 1)
            } else if is_multiset(shape.flavor) {
                prefix.last().copied().unwrap_or(0)
            } else {
                0
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

/// How the numbers of one random input are drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Profile {
    /// Within a few of the smallest value.
    Tiny,
    /// Up to 30.
    Small,
    /// Every magnitude, log-uniformly, up to the limit.
    Spread,
    /// At or next to the limit.
    Maximal,
    /// A few distinct values, repeated.
    Repeated,
    /// The game's own boundary values.
    Boundary,
}

const PROFILES: [Profile; 6] = [
    Profile::Tiny,
    Profile::Small,
    Profile::Spread,
    Profile::Maximal,
    Profile::Repeated,
    Profile::Boundary,
];

/// A number in `low..=high` of every magnitude: a random bit length, then a random number of it.
fn spread(rng: &mut Rng, low: u64, high: u64) -> u64 {
    let bits = rng.between(0, 64) as u32;
    let top = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits).saturating_sub(1)
    };
    let value = rng.between(top / 2, top);
    value.clamp(low, high)
}

/// A number in `low..=high` by `profile` (the boundary profile falls back to spread numbers for
/// the parts of a game without boundaries of their own).
fn draw(rng: &mut Rng, profile: Profile, (low, high): (u64, u64)) -> u64 {
    match profile {
        Profile::Tiny => rng.between(low, high.min(low.saturating_add(3))),
        Profile::Small => rng.between(low, high.min(30)),
        Profile::Maximal => high - rng.between(0, 2.min(high - low)),
        Profile::Spread | Profile::Repeated | Profile::Boundary => spread(rng, low, high),
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
    if shape.flavor == Flavor::Shiritori {
        return shiritori_case(rng, bounds, profile, count);
    }
    let repeated: Vec<u64> = (0..rng.between(1, 3))
        .map(|_| draw(rng, Profile::Spread, bounds.first))
        .collect();
    let mut case: Vec<Item> = Vec::with_capacity(count);
    for index in 0..count {
        let item = match (profile, shape.flavor) {
            (Profile::Repeated, _) if shape.arity == 1 => [rng.pick(&repeated), 0],
            (Profile::Boundary, flavor) => boundary_item(flavor, rng, bounds, &case, index),
            _ => plain_item(shape, rng, bounds, profile),
        };
        case.push(item);
    }
    if is_set(shape.flavor) {
        case.sort_unstable();
        case.dedup();
    }
    case
}

/// A dictionary of `count` words (as numbers) for shiritori. Words over the whole alphabet
/// almost never continue one another, so most profiles draw from a few letters — two or three
/// (self-loops, cycles, long chains, shared blocks), up to eight — and lengths from 3 to the
/// longest allowed; the spread profile uses the whole alphabet, the maximal one the longest
/// words.
fn shiritori_case(rng: &mut Rng, bounds: &Bounds, profile: Profile, count: usize) -> Vec<Item> {
    let longest = code::word(bounds.first.1).len() as u64;
    let (letters, lengths) = match profile {
        Profile::Tiny => (rng.between(1, 2), (3, 4)),
        Profile::Small => (rng.between(2, 3), (3, 5)),
        Profile::Spread => (52, (3, longest)),
        Profile::Maximal => (rng.between(1, 52), (longest, longest)),
        Profile::Repeated | Profile::Boundary => (rng.between(2, 8), (3, longest.min(5))),
    };
    // The letters used: a random choice of the 52.
    let alphabet: Vec<u8> = (0..letters)
        .map(|_| {
            let letter = rng.between(0, 51) as u8;
            if letter < 26 {
                b'a' + letter
            } else {
                b'A' + letter - 26
            }
        })
        .collect();
    let repeated: Vec<u64> = (0..rng.between(1, 4))
        .map(|_| random_word(rng, &alphabet, lengths))
        .collect();
    (0..count)
        .map(|_| {
            let word = if profile == Profile::Repeated && rng.chance(1, 2) {
                rng.pick(&repeated)
            } else {
                random_word(rng, &alphabet, lengths)
            };
            [word.clamp(bounds.first.0, bounds.first.1), 0]
        })
        .collect()
}

/// The number of a random word of `alphabet`'s letters, of a length in `lengths`.
fn random_word(rng: &mut Rng, alphabet: &[u8], (shortest, longest): (u64, u64)) -> u64 {
    let length = rng.between(shortest, longest);
    let word: String = (0..length)
        .map(|_| char::from(alphabet[rng.index(alphabet.len())]))
        .collect();
    code::number(&word)
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

/// An item at one of the game's boundaries; `before` holds the case's items so far.
fn boundary_item(
    flavor: Flavor,
    rng: &mut Rng,
    bounds: &Bounds,
    before: &[Item],
    index: usize,
) -> Item {
    let (low, high) = bounds.first;
    match flavor {
        // Tiny rows again, but at the top of the range: the boundaries of the recurrence
        // (a pile equal to a segment value, or one off) at large magnitudes.
        Flavor::EndPiles => [high - rng.between(0, 3.min(high - low)), 0],
        // Piles of 1 (which vanish in one move) and 2 (the s ≤ 2 cases).
        Flavor::TakeOrMerge => [rng.pick(&[1, 1, 1, 2, 2, 3]).clamp(low, high), 0],
        // Linearly dependent bars: an XOR of earlier ones, a copy, or a power of two.
        Flavor::Chocolate => {
            let xor = before
                .iter()
                .filter(|_| rng.chance(1, 2))
                .fold(0, |acc, item| acc ^ item[0]);
            let value = match rng.between(0, 3) {
                0 if xor >= low => xor,
                1 if !before.is_empty() => before[rng.index(before.len())][0],
                2 => 1u64 << rng.between(0, u64::from(high.ilog2())),
                _ => spread(rng, low, high),
            };
            [value.clamp(low, high), 0]
        }
        // Empty bottles, mostly, and parities.
        Flavor::BeanSplit => {
            let value = match rng.between(0, 5) {
                0..=2 => 0,
                3 => 1,
                4 => 2,
                _ => spread(rng, low, high),
            };
            [value.clamp(low, high), 0]
        }
        Flavor::BoundedTake => {
            let (b_low, b_high) = bounds.second;
            let b = match rng.between(0, 4) {
                0 => 1,
                1 => b_high,
                _ => spread(rng, b_low, b_high),
            }
            .clamp(b_low, b_high);
            let multiple = rng.between(1, (high / b).max(1));
            let num = match rng.between(0, 6) {
                // A multiple of b, and its neighbours.
                0 => multiple.saturating_mul(b),
                1 => multiple.saturating_mul(b).saturating_sub(1),
                2 => multiple.saturating_mul(b).saturating_add(1),
                // Fewer stones than b: no move.
                3 => rng.between(0, b.saturating_sub(1)),
                // b near the square root of num, the slowest case.
                4 => b.saturating_mul(b).saturating_add(rng.between(0, b)),
                5 => high,
                _ => spread(rng, low, high),
            }
            .clamp(low, high);
            let _ = index;
            [num, b]
        }
        Flavor::BoxFill | Flavor::BoxFillSquare => {
            let capacity = match rng.between(0, 5) {
                0 => rng.between(low, low.saturating_add(2).min(high)),
                1 => high - rng.between(0, 1.min(high - low)),
                2 => {
                    let power = 1u64 << rng.between(1, u64::from(high.max(2).ilog2()));
                    power
                        .saturating_add(rng.between(0, 2))
                        .saturating_sub(1)
                        .clamp(low, high)
                }
                _ => spread(rng, low, high),
            };
            let threshold = box_threshold(flavor, capacity);
            let held = match rng.between(0, 6) {
                0 => 0,
                1 => capacity,
                2 => threshold,
                3 => threshold.saturating_add(1),
                4 => threshold.saturating_sub(1),
                5 => box_threshold(flavor, threshold),
                _ => rng.between(0, capacity),
            }
            .min(capacity);
            [capacity, held]
        }
        // Consecutive Fibonacci numbers (the longest chains of quotient 1, where R and S
        // alternate), multiples (a quotient of 2 or more: won), equal piles, and the ends.
        Flavor::Euclid => {
            let (second_low, second_high) = bounds.second;
            let mut fibonacci = (1u64, 2u64);
            let steps = rng.between(0, 80);
            for _ in 0..steps {
                match fibonacci.0.checked_add(fibonacci.1) {
                    Some(next) if next <= high.min(second_high) => {
                        fibonacci = (fibonacci.1, next);
                    }
                    _ => break,
                }
            }
            let p = spread(rng, low, high);
            let pair = match rng.between(0, 5) {
                0 => [fibonacci.0, fibonacci.1],
                1 => [fibonacci.1, fibonacci.0],
                2 => [p, p.saturating_mul(rng.between(2, 5))],
                3 => [p, p],
                4 => [p, p.saturating_add(rng.between(1, 3))],
                _ => [p, spread(rng, second_low, second_high)],
            };
            [
                pair[0].clamp(low, high),
                pair[1].clamp(second_low, second_high),
            ]
        }
        // Lights on the first rows and columns and at powers of two (where nim-products
        // change character), and next to the limit.
        Flavor::SwitchLights => {
            let coordinate = |rng: &mut Rng| {
                match rng.between(0, 3) {
                    0 => rng.between(1, 4),
                    1 => 1u64 << rng.between(0, u64::from(high.ilog2())),
                    2 => high - rng.between(0, 2.min(high - low)),
                    _ => spread(rng, low, high),
                }
                .clamp(low, high)
            };
            [coordinate(rng), coordinate(rng)]
        }
        // Fermat 2-powers 2^(2^k), their neighbours, powers of two, all ones.
        Flavor::NimProduct | Flavor::NimLog => {
            let special = |rng: &mut Rng| {
                let value = match rng.between(0, 5) {
                    0 => 1u64 << (1u64 << rng.between(0, 5)),
                    1 => (1u64 << (1u64 << rng.between(0, 5))).wrapping_sub(1),
                    2 => 1u64 << rng.between(0, 63),
                    3 => u64::MAX,
                    4 => rng.between(1, 3),
                    _ => spread(rng, low, high),
                };
                value.clamp(low, high)
            };
            [special(rng), special(rng)]
        }
        // Dictionaries are drawn whole (`shiritori_case`); a lone word is any word.
        Flavor::Shiritori => [rng.between(low, high), 0],
    }
}

/// The largest `t` with `t + f(t) < capacity` (`f(t) = t` or `t²`), or 0: the contents at which
/// a box changes character.
fn box_threshold(flavor: Flavor, capacity: u64) -> u64 {
    match flavor {
        Flavor::BoxFillSquare => {
            let mut t = capacity.isqrt();
            while t > 0 && t.saturating_mul(t).saturating_add(t) >= capacity {
                t -= 1;
            }
            t
        }
        _ => capacity.saturating_sub(1) / 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::judge::Format;

    /// Every judge format of every fixed game, with its game's name.
    fn every_format() -> Vec<(String, Format)> {
        use crate::games::{
            bean_split, bounded_take, box_fill, chocolate, end_piles, take_or_merge,
        };
        [
            end_piles::game(),
            take_or_merge::game(),
            chocolate::game(),
            bounded_take::game(),
            bean_split::game(),
            box_fill::game(box_fill::BoundRule::Linear),
            box_fill::game(box_fill::BoundRule::Square),
            crate::games::coins::grid_game((
                crate::games::coins::rule::Rule::Turtles,
                crate::games::coins::rule::Rule::Turtles,
            )),
            crate::loopy::shiritori::game(),
        ]
        .iter()
        .flat_map(|game| {
            let name = game.info().name.clone();
            game.formats()
                .iter()
                .map(move |format| (name.clone(), *format))
                .collect::<Vec<_>>()
        })
        .collect()
    }

    #[test]
    fn random_inputs_respect_the_judge_limits_and_beyond_passes_them() {
        for (game, format) in every_format() {
            let shape = format.shape;
            let mut rng = Rng::new(1);
            let mut passed_limits = false;
            // A million products an input: fewer draws.
            let draws = if matches!(shape.flavor, Flavor::NimProduct | Flavor::Shiritori) {
                20
            } else {
                300
            };
            for _ in 0..draws {
                let input = random_input(&shape, &mut rng, false);
                assert!(admits(&shape, &input, false), "{game}: {input:?}");
                let wide = random_input(&shape, &mut rng, true);
                assert!(admits(&shape, &wide, true), "{game} beyond: {wide:?}");
                passed_limits |= !admits(&shape, &wide, false);
            }
            assert!(passed_limits, "{game}: --beyond never left the limits");
        }
    }

    #[test]
    fn tiny_inputs_hold_every_single_pile_and_respect_the_limits() {
        for (game, format) in every_format() {
            let shape = format.shape;
            let inputs = tiny_inputs(&shape);
            let (alphabet, _) = tiny_alphabet(shape.flavor);
            for item in alphabet {
                assert!(
                    inputs
                        .iter()
                        .any(|input| input.cases.iter().any(|case| case == &vec![item])),
                    "{game}: no case of the single item {item:?}"
                );
            }
            assert!(inputs.iter().all(|input| admits(&shape, input, false)));
        }
    }

    #[test]
    fn rendered_inputs_are_read_by_the_judge_solvers() {
        for (game, format) in every_format() {
            let shape = format.shape;
            let mut rng = Rng::new(9);
            let mut inputs = tiny_inputs(&shape);
            let draws = if matches!(shape.flavor, Flavor::NimProduct | Flavor::Shiritori) {
                8
            } else {
                40
            };
            inputs.extend((0..draws).map(|_| random_input(&shape, &mut rng, false)));
            for input in inputs {
                let text = input.render(&shape);
                let output = (format.solve)(text.as_bytes())
                    .unwrap_or_else(|error| panic!("{game}: {error} in\n{text}"));
                let tokens = output.split_ascii_whitespace().count();
                // The arithmetic's formats are one case of many items, a line of output each.
                let expected = match shape.flavor {
                    Flavor::NimProduct | Flavor::NimLog | Flavor::Shiritori => input.cases[0].len(),
                    _ => input.cases.len() * shape.tokens_per_case,
                };
                assert_eq!(tokens, expected, "{game}");
            }
        }
    }

    #[test]
    fn box_thresholds_are_the_largest_t_below_the_capacity() {
        for capacity in 0..200u64 {
            let linear = box_threshold(Flavor::BoxFill, capacity);
            let square = box_threshold(Flavor::BoxFillSquare, capacity);
            let largest = |f: &dyn Fn(u64) -> u64| {
                (0..capacity)
                    .filter(|&t| t + f(t) < capacity)
                    .max()
                    .unwrap_or(0)
            };
            assert_eq!(linear, largest(&|t| t), "capacity {capacity}");
            assert_eq!(square, largest(&|t| t * t), "capacity {capacity}");
        }
    }
}
