//! The judges' formats of subtraction games, one dialect per judge problem (see the module
//! documentation of [`super`] for the rules and sources). Each reader parses its whole input
//! before answering; the Grundy values of a set come from the heap engine (the `sub:` family,
//! [`HeapRule`]), computed once per set up to the largest heap of the input.

use crate::families::{HeapRule, Values};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Shape, for_each_case};
use crate::scanner::{InputError, Location, Scanner};
use std::fmt::Write;

/// The dialects (subtraction has no default format).
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: Some("hdu1846"),
        describe: "HDU 1846 Brave Game: C, then C lines `n m`: take 1 to m from n stones, the \
                   last to take wins; prints first if the first player wins, else second",
        solve: solve_hdu1846,
        shape: Shape::pairs(
            &Lines(LineKind::Pair),
            CaseLayout::Counted,
            1,
            false,
            Bounds::pairs(100, 1, (1, 1000), (1, 1000)),
            Bounds::pairs(100, 1, (1, u64::MAX - 1), (1, u64::MAX - 1)),
        )
        .uncounted(),
    },
    Format {
        dialect: Some("hdu2149"),
        describe: "HDU 2149 Public Sale: lines `M N` to the end of input: bids raise the price \
                   by 1 to N from 0, the first to reach M wins; prints every winning first bid, \
                   ascending, separated by spaces, or none",
        solve: solve_hdu2149,
        // 0 < M, N < 1100.
        shape: Shape::pairs(
            &Lines(LineKind::Pair),
            CaseLayout::UntilEnd,
            1,
            false,
            Bounds::pairs(100, 1, (1, 1099), (1, 1099)),
            Bounds::pairs(100, 1, (1, 100_000), (1, 100_000)),
        )
        .uncounted(),
    },
    Format {
        dialect: Some("hdu1847"),
        describe: "HDU 1847 Good Luck in CET-4 Everybody!: lines `n` to the end of input: take a \
                   power of 2 (1, 2, 4, …) from n cards, the last to take wins; prints Kiki if \
                   the first player (Kiki) wins, else Cici",
        solve: solve_hdu1847,
        shape: Shape::piles(
            &Lines(LineKind::Single),
            CaseLayout::UntilEnd,
            1,
            Bounds::piles(100, 1, (1, 1000)),
            Bounds::piles(100, 1, (1, u64::MAX)),
        )
        .uncounted(),
    },
    Format {
        dialect: Some("hdu1536"),
        describe: "HDU 1536 S-Nim (= POJ 2960): sets until a line 0: k and the k numbers of S, m, \
                   then m positions `l h1 … hl`; prints one line per set, a W (won) or an L \
                   (lost) per position",
        solve: solve_hdu1536,
        // k ≤ 100 numbers of 1 to 10000, m ≤ 100 positions of l ≤ 100 heaps of 0 to 10000.
        shape: Shape::pairs(
            &Tagged(TaggedKind::SNim),
            CaseLayout::ZeroEnded,
            1,
            false,
            Bounds::pairs(10, 300, (1, 10_000), (0, 20)),
            Bounds::pairs(10, 300, (1, 100_000), (0, 20)),
        )
        .uncounted(),
    },
    Format {
        dialect: Some("acwing893"),
        describe: "AcWing 893 集合-Nim游戏: k, the k numbers of S, n, the n heaps; prints Yes if \
                   the first player wins, else No",
        solve: solve_acwing893,
        // 1 ≤ n, k ≤ 100; numbers and heaps 1 to 10000.
        shape: Shape::pairs(
            &Tagged(TaggedKind::SetAndHeaps),
            CaseLayout::Single,
            1,
            false,
            Bounds::pairs(1, 200, (1, 10_000), (0, 1)),
            Bounds::pairs(1, 2000, (1, 100_000), (0, 1)),
        )
        .uncounted(),
    },
    Format {
        dialect: Some("hdu1848"),
        describe: "HDU 1848 Fibonacci again and again: lines `m n p` until `0 0 0`: three heaps, \
                   take a Fibonacci number (1, 2, 3, 5, 8, …) from one; prints Fibo if the first \
                   player wins, else Nacci",
        solve: solve_hdu1848,
        shape: Shape::piles(
            &Lines(LineKind::Triple),
            CaseLayout::EndedBy("0 0 0"),
            1,
            Bounds {
                fewest_cases: 1,
                cases: 100,
                items: (1, 3),
                first: (1, 1000),
                second: (0, 0),
            },
            Bounds {
                fewest_cases: 1,
                cases: 100,
                items: (1, 3),
                first: (1, 100_000),
                second: (0, 0),
            },
        )
        .uncounted(),
    },
    Format {
        dialect: Some("uva10404"),
        describe: "UVa 10404 Bachet's Game: lines `n m s1 … sm` to the end of input: take some s_i \
                   from n stones, the last to take wins; prints Stan wins if the first player \
                   (Stan) wins, else Ollie wins",
        solve: solve_uva10404,
        // n ≤ 1000000, m ≤ 10.
        shape: Shape::piles(
            &Lines(LineKind::Bachet),
            CaseLayout::UntilEnd,
            2,
            Bounds {
                fewest_cases: 1,
                cases: 20,
                items: (1, 11),
                first: (1, 1_000_000),
                second: (0, 0),
            },
            Bounds {
                fewest_cases: 1,
                cases: 20,
                items: (1, 11),
                first: (1, 4_000_000),
                second: (0, 0),
            },
        )
        .uncounted(),
    },
];

/// The most a heap (or a set's number) may be in the readers that compute a table of values
/// (UVa 10404's limit): the values of a set of k numbers up to it take k·10^6 steps at most.
const LARGEST_TABLED: u64 = 1_000_000;

/// The Grundy values of the subtraction game of `set` up to `up_to`, by the heap engine (the
/// `sub:` family; repeats in the set are one number).
pub(crate) fn subtraction_values(set: &[u64], up_to: u64) -> Result<Values, InputError> {
    let numbers: Vec<String> = set.iter().map(u64::to_string).collect();
    let refused = |message: String| InputError::new(Location::EndOfInput, message);
    match HeapRule::resolve(&format!("sub:{}", numbers.join(","))) {
        Some(Ok(rule)) => Values::compute(&rule, up_to).map_err(|error| refused(error.to_string())),
        Some(Err(error)) => Err(refused(error.to_string())),
        None => Err(refused("no subtraction set".to_string())),
    }
}

/// G(n) from `values` (known for every n: computed, or from the proved period).
fn value_of(values: &Values, n: u64) -> u64 {
    values.value(n).map_or(0, |value| value.0)
}

/// A number from `least` to `most`, or an error at its token.
fn next_within(
    scanner: &mut Scanner<'_>,
    what: &str,
    least: u64,
    most: u64,
) -> Result<u64, InputError> {
    let mut at = scanner.clone();
    let value = scanner.next_u64_at_least(what, least)?;
    if value > most {
        let token = at.expect_token(what)?;
        return Err(token.error(format!(
            "{what} is at most {most} here (the values are tabled), found {value}"
        )));
    }
    Ok(value)
}

/// A number from `least` to [`LARGEST_TABLED`] (a heap or a set's number).
fn next_tabled(scanner: &mut Scanner<'_>, what: &str, least: u64) -> Result<u64, InputError> {
    next_within(scanner, what, least, LARGEST_TABLED)
}

/// HDU 1846: taking 1 to m, a heap of n is worth n mod (m + 1).
fn solve_hdu1846(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_u64_at_least("the stones n", 1)?;
        let m = scanner.next_u64_at_least("the most taken m", 1)?;
        let won = m.checked_add(1).is_none_or(|period| n % period != 0);
        out.push_str(if won { "first\n" } else { "second\n" });
        Ok(())
    })?;
    Ok(out)
}

/// HDU 2149: a first bid b wins when it reaches M (b ≥ M), or leaves a multiple of N + 1 to go.
fn solve_hdu2149(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let target = scanner.next_u64_at_least("the price M", 1)?;
        let raise = next_within(&mut scanner, "the largest raise N", 1, 1_000_000)?;
        let period = raise + 1;
        let bids: Vec<String> = (1..=raise)
            .filter(|&bid| bid >= target || (target - bid) % period == 0)
            .map(|bid| bid.to_string())
            .collect();
        if bids.is_empty() {
            out.push_str("none\n");
        } else {
            out.push_str(&bids.join(" "));
            out.push('\n');
        }
    }
    Ok(out)
}

/// HDU 1847: taking powers of 2, a heap of n is lost exactly when 3 divides n (no power of 2
/// is a multiple of 3, and from n ≢ 0 taking 1 or 2 reaches a multiple of 3).
fn solve_hdu1847(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let n = scanner.next_u64_at_least("the cards n", 1)?;
        out.push_str(if n % 3 != 0 { "Kiki\n" } else { "Cici\n" });
    }
    Ok(out)
}

/// Reads `k` set numbers from 1 to [`LARGEST_TABLED`].
fn read_set(scanner: &mut Scanner<'_>, k: usize) -> Result<Vec<u64>, InputError> {
    let mut set = Vec::new();
    for _ in 0..k {
        set.push(next_tabled(scanner, "a number of the set", 1)?);
    }
    Ok(set)
}

/// HDU 1536: every set's positions are read (their heaps kept, as many as the input holds),
/// then each position is the nim-sum of its heaps' values.
fn solve_hdu1536(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut games: Vec<(Vec<u64>, Vec<Vec<u64>>)> = Vec::new();
    loop {
        let k = scanner.next_count("the size of the set k")?;
        if k == 0 {
            break;
        }
        let set = read_set(&mut scanner, k)?;
        let m = scanner.next_count("the number of positions m")?;
        let mut positions = Vec::new();
        for _ in 0..m {
            let l = scanner.next_count("the number of heaps l")?;
            let mut heaps = Vec::new();
            for _ in 0..l {
                heaps.push(next_tabled(&mut scanner, "a heap", 0)?);
            }
            positions.push(heaps);
        }
        games.push((set, positions));
    }
    scanner.expect_end()?;
    let mut out = String::new();
    for (set, positions) in games {
        let largest = positions.iter().flatten().copied().max().unwrap_or(0);
        let values = subtraction_values(&set, largest)?;
        for heaps in positions {
            let sum = heaps.iter().fold(0, |sum, &h| sum ^ value_of(&values, h));
            out.push(if sum != 0 { 'W' } else { 'L' });
        }
        out.push('\n');
    }
    Ok(out)
}

/// AcWing 893: one set and one position.
fn solve_acwing893(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let k = scanner.next_count("the size of the set k")?;
    if k == 0 {
        return Err(InputError::new(
            Location::EndOfInput,
            "the set holds at least one number (k >= 1)",
        ));
    }
    let set = read_set(&mut scanner, k)?;
    let n = scanner.next_count("the number of heaps n")?;
    let mut heaps = Vec::new();
    for _ in 0..n {
        heaps.push(next_tabled(&mut scanner, "a heap", 0)?);
    }
    scanner.expect_end()?;
    let values = subtraction_values(&set, heaps.iter().copied().max().unwrap_or(0))?;
    let sum = heaps.iter().fold(0, |sum, &h| sum ^ value_of(&values, h));
    Ok(if sum != 0 { "Yes\n" } else { "No\n" }.to_string())
}

/// The Fibonacci numbers 1, 2, 3, 5, … up to `most` (at least 1).
pub(crate) fn fibonacci_up_to(most: u64) -> Vec<u64> {
    let mut numbers = vec![1];
    let (mut a, mut b) = (1u64, 2u64);
    while b <= most {
        numbers.push(b);
        match a.checked_add(b) {
            Some(next) => (a, b) = (b, next),
            None => break,
        }
    }
    numbers
}

/// HDU 1848: three heaps of the Fibonacci subtraction game, until `0 0 0`.
fn solve_hdu1848(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut triples = Vec::new();
    loop {
        let first = next_tabled(&mut scanner, "a heap m", 0)?;
        let second = next_tabled(&mut scanner, "a heap n", 0)?;
        let third = next_tabled(&mut scanner, "a heap p", 0)?;
        if [first, second, third] == [0, 0, 0] {
            break;
        }
        triples.push([first, second, third]);
    }
    scanner.expect_end()?;
    let largest = triples.iter().flatten().copied().max().unwrap_or(0);
    let values = subtraction_values(&fibonacci_up_to(largest.max(1)), largest)?;
    let mut out = String::new();
    for triple in triples {
        let sum = triple.iter().fold(0, |sum, &h| sum ^ value_of(&values, h));
        out.push_str(if sum != 0 { "Fibo\n" } else { "Nacci\n" });
    }
    Ok(out)
}

/// UVa 10404: one heap per line, its own set.
fn solve_uva10404(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut games = Vec::new();
    while !scanner.at_end() {
        let n = next_tabled(&mut scanner, "the stones n", 0)?;
        let m = scanner.next_count("the size of the set m")?;
        if m == 0 {
            return Err(InputError::new(
                Location::EndOfInput,
                "the set holds at least one number (m >= 1)",
            ));
        }
        games.push((n, read_set(&mut scanner, m)?));
    }
    let mut out = String::new();
    for (n, set) in games {
        let values = subtraction_values(&set, n)?;
        out.push_str(if value_of(&values, n) != 0 {
            "Stan wins\n"
        } else {
            "Ollie wins\n"
        });
    }
    Ok(out)
}

// ---- What `grundy judge` draws. ----

/// The cases that are one line of numbers.
#[derive(Copy, Clone)]
enum LineKind {
    /// `n m`.
    Pair,
    /// `n`.
    Single,
    /// `m n p`.
    Triple,
    /// `n m s1 … sm`: the first item is n, the others the set.
    Bachet,
}

/// Generators of one-line cases.
struct Lines(LineKind);

impl Generators for Lines {
    fn tiny(&self) -> (Vec<Item>, usize) {
        match self.0 {
            LineKind::Pair => (
                (1..=6).flat_map(|n| (1..=4).map(move |m| [n, m])).collect(),
                1,
            ),
            LineKind::Single => ((1..=12).map(|n| [n, 0]).collect(), 1),
            LineKind::Triple => ((1..=5).map(|n| [n, 0]).collect(), 3),
            LineKind::Bachet => ((1..=5).map(|n| [n, 0]).collect(), 3),
        }
    }

    /// Multiples of the period and their neighbours, and the ends.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let (second_low, second_high) = bounds.second;
        let m = rng.between(second_low.max(1), second_high.clamp(1, 50));
        let n = match rng.between(0, 3) {
            0 => m.saturating_add(1).saturating_mul(rng.between(1, 20)),
            1 => m
                .saturating_add(1)
                .saturating_mul(rng.between(1, 20))
                .saturating_add(1),
            2 => before.first().map_or(high, |item| item[0]),
            _ => rng.spread(low, high),
        };
        [n.clamp(low, high), m.clamp(second_low, second_high)]
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        let numbers: Vec<String> = match self.0 {
            LineKind::Pair => {
                let [n, m] = items.first().copied().unwrap_or([1, 1]);
                vec![n.to_string(), m.to_string()]
            }
            LineKind::Single => items.iter().map(|item| item[0].to_string()).collect(),
            // Fewer than three heaps drawn: the missing ones are heaps of 1.
            LineKind::Triple => (0..3)
                .map(|i| items.get(i).map_or(1, |item| item[0].max(1)).to_string())
                .collect(),
            LineKind::Bachet => {
                let n = items.first().map_or(1, |item| item[0]);
                let rest = items.get(1..).unwrap_or(&[]);
                let mut set: Vec<u64> = rest.iter().map(|item| item[0].clamp(1, 1000)).collect();
                if set.is_empty() {
                    set.push(1);
                }
                let mut line = vec![n.to_string(), set.len().to_string()];
                line.extend(set.iter().map(u64::to_string));
                line
            }
        };
        Some(format!("{}\n", numbers.join(" ")))
    }

    fn position(&self, rng: &mut Rng) -> String {
        format!("1,2: {} {}", rng.between(1, 9), rng.between(1, 9))
    }
}

/// The cases made of a set and heaps, each item a number and a tag.
#[derive(Copy, Clone)]
enum TaggedKind {
    /// S-Nim: tag 0 for a number of the set, tag t ≥ 1 for a heap of position t.
    SNim,
    /// AcWing 893: tag 0 for a number of the set, tag 1 for a heap.
    SetAndHeaps,
}

/// Generators of cases made of a set and heaps.
struct Tagged(TaggedKind);

impl Tagged {
    /// The set (tag 0; `{1}` when none was drawn; repeats dropped) and the heaps by tag.
    fn split(items: &[Item]) -> (Vec<u64>, std::collections::BTreeMap<u64, Vec<u64>>) {
        let mut set: Vec<u64> = items
            .iter()
            .filter(|item| item[1] == 0)
            .map(|item| item[0].max(1))
            .collect();
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            set.push(1);
        }
        let mut positions = std::collections::BTreeMap::new();
        for item in items.iter().filter(|item| item[1] != 0) {
            positions
                .entry(item[1])
                .or_insert_with(Vec::new)
                .push(item[0]);
        }
        (set, positions)
    }
}

/// Numbers separated by spaces.
fn joined(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Generators for Tagged {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let tags: &[u64] = match self.0 {
            TaggedKind::SNim => &[0, 1, 2],
            TaggedKind::SetAndHeaps => &[0, 1],
        };
        let items = (1..=4)
            .flat_map(|n| tags.iter().map(move |&tag| [n, tag]))
            .collect();
        (items, 3)
    }

    /// Small set numbers (where the values vary most), heaps equal to a number of the set.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let tag = rng.between(bounds.second.0, bounds.second.1);
        let number = match rng.between(0, 2) {
            0 => rng.between(1, 10),
            1 if !before.is_empty() => before[rng.index(before.len())][0],
            _ => rng.spread(low, high),
        };
        [number.clamp(low, high), tag]
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        let (set, positions) = Tagged::split(items);
        let mut text = format!("{}\n{}\n", set.len(), joined(&set));
        match self.0 {
            TaggedKind::SNim => {
                let positions: Vec<&Vec<u64>> = if positions.is_empty() {
                    vec![&set]
                } else {
                    positions.values().collect()
                };
                writeln!(text, "{}", positions.len()).expect("writing to a String");
                for heaps in positions {
                    writeln!(text, "{} {}", heaps.len(), joined(heaps))
                        .expect("writing to a String");
                }
            }
            TaggedKind::SetAndHeaps => {
                let heaps: Vec<u64> = positions.into_values().flatten().collect();
                let heaps = if heaps.is_empty() { set.clone() } else { heaps };
                write!(text, "{}\n{}\n", heaps.len(), joined(&heaps)).expect("writing to a String");
            }
        }
        Some(text)
    }

    fn position(&self, rng: &mut Rng) -> String {
        format!("1,3,4: {} {}", rng.between(1, 9), rng.between(1, 9))
    }
}
