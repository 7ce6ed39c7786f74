//! The judges' input and output formats: what a format is ([`Format`]), and the reading
//! helpers every format shares, on the shared [`Scanner`]. Each game's formats and their
//! solvers live in the game's own module (`end_piles::FORMATS`, …), beside its theory.
//!
//! Every reader parses the whole input before anything is written, so a malformed input produces
//! an error and no output at all. No allocation is sized by a count read from the input.

use crate::scanner::{InputError, Scanner};

/// A judge format: its dialect name, its solver, and the shape and limits of its inputs. Each
/// game lists its formats in its own module and hands them to its [`Game`](crate::game::Game)
/// value.
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
    /// Euclid pairs (HDU 3595): pairs `p q`.
    Euclid,
    /// turning-corners (HDU 3404): coins `x y` on a board.
    SwitchLights,
    /// nim-products (Library Checker `nim_product_64`): pairs `a b` of 64-bit nimbers.
    NimProduct,
    /// nim-logarithms (Codeforces 1310F): pairs `a b` of non-zero 64-bit nimbers.
    NimLog,
    /// shiritori (AtCoder ABC 209 E): one case of words, each item a word's number
    /// ([`crate::loopy::shiritori::code`]), written one word a line.
    Shiritori,
}

/// Why a program's output is wrong, for formats whose answers are not unique (see
/// [`Checker`]): the case (from 1) at fault, when one is, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The case (from 1) whose answer is wrong; `None` for output past the last case.
    pub case: Option<usize>,
    /// What is wrong, in a line.
    pub detail: String,
}

/// The check of a program's output (its bytes) against the input (its text) for a format whose
/// answers are not unique — Codeforces 1310F accepts any logarithm — in place of comparing
/// tokens with the expected output.
#[derive(Copy, Clone)]
pub struct Checker(pub fn(&[u8], &[u8]) -> Result<(), Rejection>);

impl std::fmt::Debug for Checker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Checker")
    }
}

impl PartialEq for Checker {
    fn eq(&self, other: &Checker) -> bool {
        std::ptr::fn_addr_eq(self.0, other.0)
    }
}

impl Eq for Checker {}

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
    /// The fewest cases in one input (1 unless the judge fixes the count: BZOJ 1299 always
    /// gives exactly 10, and a solution may read exactly that many).
    pub fewest_cases: usize,
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
            fewest_cases: 1,
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
            fewest_cases: 1,
            cases,
            items: (1, items),
            first,
            second,
        }
    }

    /// The same bounds with exactly `cases` cases in every input.
    pub const fn exactly_cases(self, cases: usize) -> Bounds {
        Bounds {
            fewest_cases: cases,
            cases,
            ..self
        }
    }

    /// The smallest legal case: the fewest items, each the least allowed numbers.
    pub fn smallest_case(&self, second_within_first: bool) -> Vec<[u64; 2]> {
        let second = if second_within_first {
            0
        } else {
            self.second.0
        };
        vec![[self.first.0, second]; self.items.0]
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
    /// For answers that are not unique: how an output is checked instead of comparing tokens.
    pub checker: Option<Checker>,
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
            checker: None,
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
            checker: None,
        }
    }

    /// The same shape, its outputs checked by `checker` instead of compared token by token.
    pub const fn checked_by(self, checker: Checker) -> Shape {
        Shape {
            checker: Some(checker),
            ..self
        }
    }

    /// The bounds in force: the judge's, or with `beyond` the widened ones.
    pub fn bounds(&self, beyond: bool) -> Bounds {
        if beyond { self.beyond } else { self.limits }
    }
}

/// 10^9, the judges' favourite limit.
pub(crate) const BILLION: u64 = 1_000_000_000;

/// Box-fill's bounds: cases of 1 to 50 boxes of capacity up to `capacity`.
pub(crate) const fn box_bounds(cases: usize, items: usize, capacity: u64) -> Bounds {
    Bounds::pairs(cases, items, (0, capacity), (0, capacity))
}

/// Reads `T` and calls `case` for each case with the scanner; then checks nothing is left over.
pub(crate) fn for_each_case(
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
