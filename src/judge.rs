//! The judges' input and output formats: what a format is ([`Format`]), the shape of its inputs
//! ([`Shape`]) with what the contest tools draw of its game ([`Generators`], on the seeded
//! [`rng::Rng`]), and the reading helpers every format shares, on the shared [`Scanner`]. Each
//! game's formats, their solvers and its generators live in the game's own module
//! (`end_piles::FORMATS`, …), beside its theory.
//!
//! Every reader parses the whole input before anything is written, so a malformed input produces
//! an error and no output at all. No allocation is sized by a count read from the input.

pub mod rng;

use crate::scanner::{InputError, Scanner};
use rng::Rng;

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

/// One item of a judge input: a pile `[a, 0]`, or a pair `[a, b]` (a pile and its constant, a
/// box's capacity and contents, a light's coordinates, …).
pub type Item = [u64; 2];

/// How a random input's numbers are drawn: `grundy judge` picks one profile per input, and a
/// game's [`Generators`] that draw whole cases ([`Generators::case`]) follow it too.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Profile {
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
    /// The game's own boundary values ([`Generators::boundary`]).
    Boundary,
}

/// How the items of one case go together.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// A row: their order matters, so tiny cases are every sequence of items.
    Row,
    /// A multiset: their order is irrelevant, so tiny cases are listed sorted only.
    Multiset,
    /// A set: no item twice (the judge promises it), in any order.
    Set,
}

/// What the contest tools draw of a game beyond a format's [`Shape`], which holds it: the items
/// its tiny inputs are made of, the items at its own boundaries (where solutions break: piles of
/// 1, multiples of `b`, a box's threshold ±1, …), and a random small position for
/// `grundy interact`. Each game states its own beside its formats, so that nothing in the
/// contest tools names a game; the default methods fit most games.
pub trait Generators: Sync {
    /// The items tiny inputs are made of, and the most items in a tiny case: every case of
    /// that many items or fewer is tried (up to a budget), shortest first, so every item is
    /// tried alone.
    fn tiny(&self) -> (Vec<Item>, usize);

    /// How a case's items go together; a row unless the game says otherwise.
    fn arrangement(&self) -> Arrangement {
        Arrangement::Row
    }

    /// An item at one of the game's boundaries, within `bounds`; `before` holds the case's
    /// items drawn so far (for items that depend on them, such as linearly dependent bars).
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item;

    /// A whole case of `count` items drawn with `profile` within `bounds`, for items that make
    /// sense only together (a dictionary of words that continue one another); `None`, the
    /// default, draws the case item by item.
    fn case(
        &self,
        rng: &mut Rng,
        bounds: &Bounds,
        profile: Profile,
        count: usize,
    ) -> Option<Vec<Item>> {
        let _ = (rng, bounds, profile, count);
        None
    }

    /// A case's items as an input writes them, when not as numbers (piles on one line, pairs
    /// one a line): words, say; `None`, the default, writes numbers.
    fn written(&self, items: &[Item]) -> Option<String> {
        let _ = items;
        None
    }

    /// A random small position of the game, in its notation, for `grundy interact` to start
    /// from: a few components of a few stones, so that a game lasts a few dozen moves at most.
    fn position(&self, rng: &mut Rng) -> String;
}

impl std::fmt::Debug for dyn Generators {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Generators")
    }
}

/// A random row of two to four components, each written by `component`, separated by spaces:
/// the small position most games' [`Generators::position`] draws.
pub(crate) fn small_row(rng: &mut Rng, mut component: impl FnMut(&mut Rng) -> String) -> String {
    let count = rng.between(2, 4);
    (0..count)
        .map(|_| component(rng))
        .collect::<Vec<_>>()
        .join(" ")
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
/// pair (one a line) — with its judge's limits, the output tokens it writes per case, and what
/// the contest tools draw of its game ([`Generators`]).
#[derive(Copy, Clone, Debug)]
pub struct Shape {
    /// What `grundy judge` and `grundy interact` draw of the game.
    pub generators: &'static dyn Generators,
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
    /// Whether each case opens with its count `n` (else a case is exactly one item on a line
    /// of its own, `a b` as in POJ 1067, and a zero-ended input ends with a zero item, `0 0`).
    pub counted_items: bool,
}

impl Shape {
    /// Cases of piles.
    pub const fn piles(
        generators: &'static dyn Generators,
        layout: CaseLayout,
        tokens_per_case: usize,
        limits: Bounds,
        beyond: Bounds,
    ) -> Shape {
        Shape {
            generators,
            layout,
            arity: 1,
            second_within_first: false,
            limits,
            beyond,
            tokens_per_case,
            checker: None,
            counted_items: true,
        }
    }

    /// Cases of pairs; `second_within_first` for boxes (contents at most the capacity).
    pub const fn pairs(
        generators: &'static dyn Generators,
        layout: CaseLayout,
        tokens_per_case: usize,
        second_within_first: bool,
        limits: Bounds,
        beyond: Bounds,
    ) -> Shape {
        Shape {
            generators,
            layout,
            arity: 2,
            second_within_first,
            limits,
            beyond,
            tokens_per_case,
            checker: None,
            counted_items: true,
        }
    }

    /// The same shape, its outputs checked by `checker` instead of compared token by token.
    pub const fn checked_by(self, checker: Checker) -> Shape {
        Shape {
            checker: Some(checker),
            ..self
        }
    }

    /// The same shape with one item per case and no count before it (POJ 1067's lines `a b`,
    /// HDU 2516's lines `n`); its bounds must allow exactly one item a case.
    pub const fn one_item_per_case(self) -> Shape {
        Shape {
            counted_items: false,
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
