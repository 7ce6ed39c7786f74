//! The judges' input and output formats, one reader/writer per format, all on the shared
//! [`Scanner`]. The theory lives in [`crate::games`]; this module only speaks the dialects.
//!
//! Every reader parses the whole input before anything is written, so a malformed input produces
//! an error and no output at all. No allocation is sized by a count read from the input.

use crate::games::{bean_split, bounded_take, box_fill, chocolate, end_piles, take_or_merge};
use crate::scanner::{InputError, Scanner};
use indicatif::{ProgressBar, ProgressStyle};
use std::fmt::Write;
use std::time::{Duration, Instant};

/// A judge format: its dialect name, its solver, and the shape and limits of its inputs. Each
/// game lists its formats in its registry entry ([`crate::registry`]); the readers here only
/// speak the dialects.
#[derive(Copy, Clone)]
pub struct Format {
    /// `None` for the game's default format, else the `--dialect` name.
    pub dialect: Option<&'static str>,
    /// One line on what the input and output look like.
    pub describe: &'static str,
    /// Reads a whole input and returns the whole output.
    pub solve: fn(&[u8]) -> Result<String, InputError>,
    /// What its inputs look like and what its judge allows (`grundy judge` generates from it).
    pub shape: Shape,
}

/// Which game's numbers a format holds: the values where solutions break differ per game (piles
/// of 1 in take-or-merge, dependent bars in chocolate, multiples of `b` in bounded-take, …), and
/// `grundy judge` aims at each game's own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Flavor {
    /// end-piles: a row of piles.
    EndPiles,
    /// take-or-merge: a multiset of piles.
    TakeOrMerge,
    /// chocolate: a multiset of bar lengths.
    Chocolate,
    /// bounded-take: piles `num b`.
    BoundedTake,
    /// bean-split: beans per bottle.
    BeanSplit,
    /// box-fill: boxes `capacity current`, the linear rule.
    BoxFill,
    /// box-fill under the HDU 1729 square rule.
    BoxFillSquare,
}

/// How the cases of an input are delimited.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CaseLayout {
    /// A first line `T`, then `T` cases.
    Counted,
    /// Cases until the end of the input.
    UntilEnd,
    /// Exactly one case.
    Single,
    /// Cases, then a line `0`.
    ZeroEnded,
}

/// What a judge allows (or, past its limits, what `grundy judge --beyond` tries).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The most cases in one input.
    pub cases: usize,
    /// The fewest and the most items in one case.
    pub items: (usize, usize),
    /// The smallest and the largest first number of an item.
    pub first: (u64, u64),
    /// The smallest and the largest second number of a pair (for boxes, whose contents are at
    /// most their capacity, the item's first number bounds it too).
    pub second: (u64, u64),
}

impl Bounds {
    /// Up to `cases` cases of 1 to `items` piles of `values.0..=values.1`.
    pub const fn piles(cases: usize, items: usize, values: (u64, u64)) -> Bounds {
        Bounds {
            cases,
            items: (1, items),
            first: values,
            second: (0, 0),
        }
    }

    /// Up to `cases` cases of 1 to `items` pairs.
    pub const fn pairs(
        cases: usize,
        items: usize,
        first: (u64, u64),
        second: (u64, u64),
    ) -> Bounds {
        Bounds {
            cases,
            items: (1, items),
            first,
            second,
        }
    }
}

/// The shape of a judge format's inputs — every format of the six games is the same skeleton:
/// some *cases* (counted by a `T` line, running to the end of the input, ended by a `0` line, or
/// exactly one), each a count `n` and `n` *items*, a pile (one number, all on one line) or a
/// pair (one a line) — with its judge's limits and the output tokens it writes per case.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The game.
    pub flavor: Flavor,
    /// How cases are delimited.
    pub layout: CaseLayout,
    /// 1 for piles, 2 for pairs.
    pub arity: usize,
    /// Whether a pair's second number is at most its first (a box's contents and capacity).
    pub second_within_first: bool,
    /// The judge's limits.
    pub limits: Bounds,
    /// What `--beyond` tries.
    pub beyond: Bounds,
    /// Output tokens per case (`Case #1: Alice` is three).
    pub tokens_per_case: usize,
}

impl Shape {
    /// Cases of piles.
    pub const fn piles(
        flavor: Flavor,
        layout: CaseLayout,
        tokens_per_case: usize,
        limits: Bounds,
        beyond: Bounds,
    ) -> Shape {
        Shape {
            flavor,
            layout,
            arity: 1,
            second_within_first: false,
            limits,
            beyond,
            tokens_per_case,
        }
    }

    /// Cases of pairs; `second_within_first` for boxes (contents at most the capacity).
    pub const fn pairs(
        flavor: Flavor,
        layout: CaseLayout,
        tokens_per_case: usize,
        second_within_first: bool,
        limits: Bounds,
        beyond: Bounds,
    ) -> Shape {
        Shape {
            flavor,
            layout,
            arity: 2,
            second_within_first,
            limits,
            beyond,
            tokens_per_case,
        }
    }

    /// The bounds in force: the judge's, or with `beyond` the widened ones.
    pub fn bounds(&self, beyond: bool) -> Bounds {
        if beyond { self.beyond } else { self.limits }
    }
}

const BILLION: u64 = 1_000_000_000;

/// Box-fill's bounds: cases of 1 to 50 boxes of capacity up to `capacity`.
const fn box_bounds(cases: usize, items: usize, capacity: u64) -> Bounds {
    Bounds::pairs(cases, items, (0, capacity), (0, capacity))
}

/// end-piles (ZJOI 2009).
pub const END_PILES: &[Format] = &[Format {
    dialect: None,
    describe: "T, then per case n and a_1..a_n; prints 1 if the first player wins, else 0",
    solve: solve_end_piles,
    // Spec: T ≤ 10, n ≤ 1000, a_i ≤ 10^9.
    shape: Shape::piles(
        Flavor::EndPiles,
        CaseLayout::Counted,
        1,
        Bounds::piles(10, 1000, (1, BILLION)),
        Bounds::piles(20, 2000, (1, u64::MAX)),
    ),
}];

/// take-or-merge (Alice and Bob).
pub const TAKE_OR_MERGE: &[Format] = &[Format {
    dialect: None,
    describe: "T, then per case n and a_1..a_n; prints `Case #k: Alice` or `Case #k: Bob`",
    solve: solve_take_or_merge,
    // Spec: T ≤ 4000, n ≤ 50, a_i ≤ 1000; past them, sums past 64 bits.
    shape: Shape::piles(
        Flavor::TakeOrMerge,
        CaseLayout::Counted,
        3,
        Bounds::piles(4000, 50, (1, 1000)),
        Bounds::piles(8000, 100, (1, u64::MAX)),
    ),
}];

/// chocolate (BZOJ 1299).
pub const CHOCOLATE: &[Format] = &[Format {
    dialect: None,
    describe: "cases until end of input, each n and n lengths; prints NO if the first player wins, else YES",
    solve: solve_chocolate,
    // Spec: (10 cases), n ≤ 14, lengths ≤ 10^9.
    shape: Shape::piles(
        Flavor::Chocolate,
        CaseLayout::UntilEnd,
        1,
        Bounds::piles(10, 14, (1, BILLION)),
        Bounds::piles(20, 24, (1, u64::MAX)),
    ),
}];

/// bounded-take (学园祭的游戏, and ARC 091 F).
pub const BOUNDED_TAKE: &[Format] = &[
    Format {
        dialect: None,
        describe: "T, then per case n and n lines `num b`; prints Setsuna if the first player wins, else Kazusa",
        solve: solve_bounded_take,
        // Spec: T ≤ 100, n ≤ 20, values ≤ 10^9. Past them: numbers past 2^32, where 32-bit
        // solutions break; honest ones take time in √num, so counts stay the judge's.
        shape: Shape::pairs(
            Flavor::BoundedTake,
            CaseLayout::Counted,
            1,
            false,
            Bounds::pairs(100, 20, (1, BILLION), (1, BILLION)),
            Bounds::pairs(100, 20, (0, 1 << 36), (1, 1 << 36)),
        ),
    },
    Format {
        dialect: Some("arc091f"),
        describe: "one case: N, then N lines `A K`; prints Takahashi if the first player wins, else Aoki",
        solve: solve_arc091f,
        // ARC 091 F: N ≤ 200, 1 ≤ A_i, K_i ≤ 10^9.
        shape: Shape::pairs(
            Flavor::BoundedTake,
            CaseLayout::Single,
            1,
            false,
            Bounds::pairs(1, 200, (1, BILLION), (1, BILLION)),
            Bounds::pairs(1, 200, (0, 1 << 36), (1, 1 << 36)),
        ),
    },
];

/// bean-split (HNOI 2007).
pub const BEAN_SPLIT: &[Format] = &[Format {
    dialect: None,
    describe: "T, then per case n and p_0..p_{n-1}; prints the smallest winning move `i j k` (or -1 -1 -1) and the number of winning moves",
    solve: solve_bean_split,
    // Spec: T ≤ 10, n ≤ 21, p_i ≤ 10^4.
    shape: Shape::piles(
        Flavor::BeanSplit,
        CaseLayout::Counted,
        4,
        Bounds::piles(10, 21, (0, 10_000)),
        Bounds::piles(20, 60, (0, 1_000_000_000_000_000_000)),
    ),
}];

/// box-fill (摆放石子, and HDU 1729).
pub const BOX_FILL: &[Format] = &[
    Format {
        dialect: None,
        describe: "T, then per case n and n lines `capacity current`; prints Yes if the first player wins, else No",
        solve: solve_box_fill,
        // Spec: T ≤ 50, n ≤ 50, a_i ≤ 32767.
        shape: Shape::pairs(
            Flavor::BoxFill,
            CaseLayout::Counted,
            1,
            true,
            box_bounds(50, 50, 32_767),
            box_bounds(100, 100, 1_000_000_000_000_000_000),
        ),
    },
    Format {
        dialect: Some("hdu1729"),
        describe: "cases until a line `0`: N, then N lines `capacity current` (square rule); prints `Case k:` then Yes or No",
        solve: solve_hdu1729,
        // HDU 1729: values ≤ 10^6; taken as at most 50 boxes a case and 20 cases an input.
        shape: HDU1729_SHAPE,
    },
];

/// The HDU 1729 format's inputs.
const HDU1729_SHAPE: Shape = Shape::pairs(
    Flavor::BoxFillSquare,
    CaseLayout::ZeroEnded,
    3,
    true,
    box_bounds(20, 50, 1_000_000),
    box_bounds(40, 100, 1_000_000_000_000_000_000),
);

/// box-fill-square: the HDU 1729 format is its default.
pub const BOX_FILL_SQUARE: &[Format] = &[Format {
    dialect: None,
    describe: "the HDU 1729 format, as `box-fill --dialect hdu1729`",
    solve: solve_hdu1729,
    // HDU 1729: values ≤ 10^6; taken as at most 50 boxes a case and 20 cases an input.
    shape: HDU1729_SHAPE,
}];

/// Reads `T` and calls `case` for each case with the scanner; then checks nothing is left over.
fn for_each_case(
    input: &[u8],
    mut case: impl FnMut(&mut Scanner<'_>, usize) -> Result<(), InputError>,
) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let cases = scanner.next_count("the number of cases T")?;
    for index in 1..=cases {
        case(&mut scanner, index)?;
    }
    scanner.expect_end()
}

fn solve_end_piles(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of piles n")?;
        let piles = end_piles::read_piles(scanner, n)?;
        out.push_str(if end_piles::first_player_wins(&piles) {
            "1\n"
        } else {
            "0\n"
        });
        Ok(())
    })?;
    Ok(out)
}

fn solve_take_or_merge(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, index| {
        let n = scanner.next_count("the number of piles n")?;
        let summary = take_or_merge::read_summary(scanner, n)?;
        let winner = if summary.is_loss() { "Bob" } else { "Alice" };
        writeln!(out, "Case #{index}: {winner}").expect("writing to a String");
        Ok(())
    })?;
    Ok(out)
}

fn solve_chocolate(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let n = scanner.next_count("the number of bars n")?;
        let first_wins = chocolate::read_case_first_wins(&mut scanner, n)?;
        out.push_str(if first_wins { "NO\n" } else { "YES\n" });
    }
    Ok(out)
}

/// XOR of the Grundy values of `n` piles read as `num b` lines.
///
/// A single pile can take seconds (b near √x for x near 2^64); once a pile has run for a second, a
/// progress bar on stderr (shown only on a terminal) follows its quotient down to 0.
fn read_bounded_take_value(scanner: &mut Scanner<'_>, n: usize) -> Result<u64, InputError> {
    let mut total = 0;
    for index in 0..n {
        let pile = bounded_take::read_pile(scanner)?;
        let started = Instant::now();
        let start_quotient = pile.stones / pile.divisor;
        let mut bar: Option<ProgressBar> = None;
        let value = bounded_take::pile_grundy_observed(pile.stones, pile.divisor, |quotient| {
            if started.elapsed() < Duration::from_secs(1) {
                return;
            }
            let bar = bar.get_or_insert_with(|| {
                let bar = ProgressBar::new(start_quotient);
                bar.set_style(
                    ProgressStyle::with_template(
                        "bounded-take pile {msg} [{bar:40}] {percent}% ({eta})",
                    )
                    .expect("a valid template")
                    .progress_chars("=> "),
                );
                bar.set_message(format!("{} ({}/{})", index + 1, pile.stones, pile.divisor));
                bar
            });
            bar.set_position(start_quotient - quotient.min(start_quotient));
        });
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        total ^= value.0;
    }
    Ok(total)
}

fn solve_bounded_take(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of piles n")?;
        let value = read_bounded_take_value(scanner, n)?;
        out.push_str(if value != 0 { "Setsuna\n" } else { "Kazusa\n" });
        Ok(())
    })?;
    Ok(out)
}

fn solve_arc091f(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let n = scanner.next_count("the number of piles N")?;
    let value = read_bounded_take_value(&mut scanner, n)?;
    scanner.expect_end()?;
    Ok(if value != 0 { "Takahashi\n" } else { "Aoki\n" }.to_string())
}

fn solve_bean_split(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of bottles n")?;
        let bottles = bean_split::read_parities(scanner, n, "a bean count")?;
        let answer = bean_split::judge_answer(&bottles);
        match answer.first_move {
            Some(mv) => writeln!(out, "{} {} {}", mv.from, mv.to_j, mv.to_k),
            None => writeln!(out, "-1 -1 -1"),
        }
        .expect("writing to a String");
        writeln!(out, "{}", answer.count).expect("writing to a String");
        Ok(())
    })?;
    Ok(out)
}

/// XOR of the Grundy values of `n` boxes read as `capacity current` lines.
fn read_box_fill_value(
    scanner: &mut Scanner<'_>,
    n: usize,
    rule: box_fill::BoundRule,
) -> Result<u64, InputError> {
    let mut total = 0;
    for _ in 0..n {
        let bin = box_fill::read_box_capacity_first(scanner)?;
        total ^= box_fill::box_grundy(rule, bin.capacity, bin.held).0;
    }
    Ok(total)
}

fn solve_box_fill(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of boxes n")?;
        let value = read_box_fill_value(scanner, n, box_fill::BoundRule::Linear)?;
        out.push_str(if value != 0 { "Yes\n" } else { "No\n" });
        Ok(())
    })?;
    Ok(out)
}

fn solve_hdu1729(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    let mut case = 0usize;
    loop {
        // The terminating `0` may be missing at the very end of the input.
        if scanner.at_end() {
            break;
        }
        let n = scanner.next_count("the number of boxes N (or 0 to end)")?;
        if n == 0 {
            break;
        }
        case += 1;
        let value = read_box_fill_value(&mut scanner, n, box_fill::BoundRule::Square)?;
        writeln!(out, "Case {case}:").expect("writing to a String");
        out.push_str(if value != 0 { "Yes\n" } else { "No\n" });
    }
    scanner.expect_end()?;
    Ok(out)
}
