//! # Wythoff's game — POJ 1067 / HDU 1527 and HDU 2177 "取(2堆)石子游戏"
//!
//! **Rules.** A position is a row of pairs of heaps. A move, on one pair, takes any positive
//! number of tokens from one heap, or the same positive number from both heaps. The player who
//! cannot move (every heap empty) loses. A single pair is Wythoff's game (W. A. Wythoff, "A
//! modification of the game of Nim", *Nieuw Archief voor Wiskunde* 7 (1907) 199–202); a row of
//! pairs is their sum.
//!
//! **Position notation.** `3/5 4/4`: `a/b` per pair, in order (heaps of 0 to 2^64 − 1).
//! **Moves.** `1a-2` takes 2 from the first heap of pair 1, `1b-2` from its second heap, `1ab-2`
//! from both (pairs count from 1).
//!
//! ## Theory
//!
//! Write φ = (1 + √5)/2, a_n = ⌊nφ⌋ and b_n = a_n + n = ⌊nφ²⌋ (n ≥ 0): (0, 0), (1, 2), (3, 5),
//! (4, 7), (6, 10), … . **A pair is lost (P) exactly when its heaps, smaller first, are
//! (a_n, b_n) for some n.** Proof sketch: by Beatty's theorem (1/φ + 1/φ² = 1) the sequences
//! (a_n) and (b_n) for n ≥ 1 split the positive integers, every one in exactly one pair, and the
//! differences b_n − a_n = n are all distinct. So no move joins two P pairs: a one-heap move keeps
//! one heap, which belongs to one P pair only, and a two-heap move keeps the difference, which
//! belongs to one P pair only. And every other pair (x, y), x ≤ y, reaches one: with
//! n = y − x, if a_n < x take x − a_n from both heaps; if a_n > x, then x is some a_j with
//! j < n (take y down to b_j < y) or some b_j (take y down to a_j < x). These are also *all*
//! the winning moves of a pair, at most one of each kind — from both heaps to (a_n, b_n); from
//! the second heap to the partner of the first; from the first heap to the partner of the
//! second (the partner of a_j is b_j, of b_j is a_j) — wherever the target is below the heap.
//!
//! **Exact integer arithmetic.** a_n = ⌊(n + n√5)/2⌋ = ⌊(n + ⌊n√5⌋)/2⌋ (n√5 is irrational for
//! n ≥ 1, so adding its fractional part never reaches the next integer), and ⌊n√5⌋ is the
//! largest s with s² ≤ 5n², found by bisection with 256-bit squares: no floating point, exact
//! for every n < 2^64 (5n² needs 131 bits, past u128). The partner of a heap h comes from
//! j = ⌊h/φ⌋ = ⌊(⌊h√5⌋ − h)/2⌋: h is a_j or a_{j+1}, or else b_i for i = h − j − 1 or
//! h − j (since h/φ² = h − h/φ).
//!
//! **Grundy values.** The value of a pair (needed for a sum of pairs) has no known closed form;
//! it is the mex of its row, column and diagonal, computed in a table for heaps up to
//! [`TABLE_LIMIT`] (bitsets of the values seen in each row, column and diagonal). A single pair
//! is answered at any size (winner and every winning move; the value only within the table); a
//! sum of several pairs with a heap past the table is refused with the limit named.
//!
//! **Rows.** [`rows`] computes rows of the Grundy function with their additive periods proved
//! (`grundy table wythoff --row K`), and the diagonal G(n, n).
//!
//! The tests check every pair with heaps up to 40 and every two pairs up to 8 against exhaustive
//! search, and the P-pair rule against the recursive definition of (a_n, b_n) (a_n is the least
//! number not yet used) up to n = 100 000 and at random up to 2^64 − 1.

use crate::core::{ImpartialGame, Nimber, Winner, nim_sum};
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{
    BILLION, Bounds, CaseLayout, Checker, Format, Generators, Item, Rejection, Shape, small_row,
};
use crate::misere::MisereTheory;
use crate::notation::{single_difference, split_pair};
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::str::FromStr;

pub mod rows;

/// The game's spelling on the command line.
pub const NAME: &str = "wythoff";

/// The largest heap whose pairs' Grundy values are computed (for sums of several pairs).
pub const TABLE_LIMIT: u64 = 1024;

/// The numbers the game accepts.
pub const DOMAIN: &str = "any number of pairs of heaps of 0 to 2^64 - 1 tokens; a single pair is \
                          answered exactly at any size (its Grundy value only with both heaps up \
                          to 1024), a sum of several pairs needs every heap up to 1024";

// ---- The theory of one pair, in integers. ----

/// The square of `x` as a 256-bit number (high, low).
fn square_wide(x: u128) -> (u128, u128) {
    // x = high·2^64 + low with high < 2^63: x² = high²·2^128 + 2·high·low·2^64 + low².
    let (high, low) = (x >> 64, x & u128::from(u64::MAX));
    let double_cross = 2 * high * low; // < 2^128 for x < 2^127
    let (low_part, carry) = (low * low).overflowing_add(double_cross << 64);
    let high_part = high * high + (double_cross >> 64) + u128::from(carry);
    (high_part, low_part)
}

/// ⌊n√5⌋, exactly: the largest s with s² ≤ 5n² (bisection between 2n and 3n).
fn floor_root_five(n: u64) -> u128 {
    let n = u128::from(n);
    let square = n * n;
    // 5n² = 4n² + n², as 256 bits.
    let (four_low, four_high) = (square << 2, square >> 126);
    let (low, carry) = four_low.overflowing_add(square);
    let five = (four_high + u128::from(carry), low);
    let (mut below, mut above) = (2 * n, 3 * n + 1); // below² ≤ 5n² < above²
    while above - below > 1 {
        let middle = below + (above - below) / 2;
        if square_wide(middle) <= five {
            below = middle;
        } else {
            above = middle;
        }
    }
    below
}

/// a_n = ⌊nφ⌋ (up to 1.7 · 2^64, so as a u128).
pub fn lower(n: u64) -> u128 {
    (u128::from(n) + floor_root_five(n)) / 2
}

/// Whether the pair `x`, `y` (in any order) is lost for the player to move.
pub fn is_lost(x: u64, y: u64) -> bool {
    let (small, large) = (x.min(y), x.max(y));
    lower(large - small) == u128::from(small)
}

/// The other heap of the P pair that holds `heap` (0 for 0).
pub fn partner(heap: u64) -> u128 {
    if heap == 0 {
        return 0;
    }
    // j = ⌊heap/φ⌋ = ⌊(⌊heap√5⌋ − heap)/2⌋.
    let j = ((floor_root_five(heap) - u128::from(heap)) / 2) as u64;
    for n in [j, j + 1] {
        if lower(n) == u128::from(heap) {
            return u128::from(heap) + u128::from(n);
        }
    }
    for n in [heap - j - 1, heap - j] {
        let a = lower(n);
        if a + u128::from(n) == u128::from(heap) {
            return a;
        }
    }
    unreachable!("Beatty's theorem: every positive heap is some a_n or b_n")
}

// ---- Positions and moves. ----

/// One pair of heaps, in the order written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    first: u64,
    second: u64,
}

impl Pair {
    /// The pair of heaps `first` and `second`.
    pub fn new(first: u64, second: u64) -> Pair {
        Pair { first, second }
    }

    /// The heaps, in order.
    pub fn heaps(&self) -> (u64, u64) {
        (self.first, self.second)
    }

    /// The pair after taking `count` from `side`.
    fn after(&self, side: Side, count: u64) -> Pair {
        match side {
            Side::First => Pair::new(self.first - count, self.second),
            Side::Second => Pair::new(self.first, self.second - count),
            Side::Both => Pair::new(self.first - count, self.second - count),
        }
    }

    /// The most that may be taken from `side`.
    fn most(&self, side: Side) -> u64 {
        match side {
            Side::First => self.first,
            Side::Second => self.second,
            Side::Both => self.first.min(self.second),
        }
    }

    /// Every winning move of this pair alone, by the theory: both heaps, then the first heap,
    /// then the second (see the module documentation).
    pub fn winning_moves(&self) -> Vec<(Side, u64)> {
        let (x, y) = (self.first, self.second);
        let mut moves = Vec::new();
        let lowest = lower(x.max(y) - x.min(y));
        if lowest < u128::from(x.min(y)) {
            moves.push((Side::Both, x.min(y) - lowest as u64));
        }
        let to = partner(y);
        if to < u128::from(x) {
            moves.push((Side::First, x - to as u64));
        }
        let to = partner(x);
        if to < u128::from(y) {
            moves.push((Side::Second, y - to as u64));
        }
        moves
    }
}

/// Which heaps of a pair a move takes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first heap (`a`).
    First,
    /// The second heap (`b`).
    Second,
    /// Both heaps the same number (`ab`).
    Both,
}

impl Side {
    const ALL: [Side; 3] = [Side::First, Side::Second, Side::Both];

    fn letters(self) -> &'static str {
        match self {
            Side::First => "a",
            Side::Second => "b",
            Side::Both => "ab",
        }
    }
}

/// A move: take `count` from `side` of pair `index` (0-based).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WythoffMove {
    /// The pair, from 0.
    pub index: usize,
    /// Which heaps.
    pub side: Side,
    /// How many from each.
    pub count: u64,
}

/// A position: a row of pairs of heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff {
    pairs: Vec<Pair>,
}

impl Wythoff {
    /// The position of these pairs.
    pub fn new(pairs: Vec<Pair>) -> Wythoff {
        Wythoff { pairs }
    }

    /// The pairs, in order.
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// Reads `a/b a/b …`; errors name the offending token's line and column.
    pub fn parse(text: &str) -> Result<Wythoff, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut pairs = Vec::new();
        while let Some(token) = scanner.next_token() {
            let (first, second) = split_pair(&token, "a/b")?;
            pairs.push(Pair::new(first, second));
        }
        Ok(Wythoff { pairs })
    }

    /// Every pair's Grundy value, when every heap is within the table.
    fn values(&self) -> Result<Vec<Nimber>, AnalysisError> {
        let largest = self
            .pairs
            .iter()
            .map(|pair| pair.first.max(pair.second))
            .max()
            .unwrap_or(0);
        if largest > TABLE_LIMIT {
            return Err(AnalysisError::TooLarge(format!(
                "a sum of several Wythoff pairs needs each pair's Grundy value, computed for \
                 heaps up to {TABLE_LIMIT}; this position has a heap of {largest}"
            )));
        }
        let table = GrundyTable::new(largest);
        Ok(self
            .pairs
            .iter()
            .map(|pair| Nimber(u64::from(table.value(pair.first, pair.second))))
            .collect())
    }
}

impl fmt::Display for Wythoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, pair) in self.pairs.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}/{}", pair.first, pair.second)?;
        }
        Ok(())
    }
}

impl FromStr for Wythoff {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Self, InputError> {
        Wythoff::parse(text)
    }
}

impl ImpartialGame for Wythoff {
    type Move = WythoffMove;

    fn moves(&self) -> Vec<WythoffMove> {
        self.some_moves(usize::MAX).0
    }

    fn play(&self, mv: &WythoffMove) -> Self {
        let mut next = self.clone();
        next.pairs[mv.index] = self.pairs[mv.index].after(mv.side, mv.count);
        next
    }

    fn move_to(&self, target: &Self) -> Option<WythoffMove> {
        let index = single_difference(&self.pairs, &target.pairs)?;
        let (from, to) = (self.pairs[index], target.pairs[index]);
        let first = from.first.checked_sub(to.first)?;
        let second = from.second.checked_sub(to.second)?;
        let (side, count) = match (first, second) {
            (0, count) => (Side::Second, count),
            (count, 0) => (Side::First, count),
            (count, other) if count == other => (Side::Both, count),
            _ => return None,
        };
        Some(WythoffMove { index, side, count })
    }

    fn some_moves(&self, limit: usize) -> (Vec<WythoffMove>, bool) {
        let mut moves = Vec::new();
        for (index, pair) in self.pairs.iter().enumerate() {
            for side in Side::ALL {
                for count in 1..=pair.most(side) {
                    if moves.len() == limit {
                        return (moves, true);
                    }
                    moves.push(WythoffMove { index, side, count });
                }
            }
        }
        (moves, false)
    }

    fn quiet_move(&self) -> Option<WythoffMove> {
        self.pairs.iter().enumerate().find_map(|(index, pair)| {
            let side = if pair.first > 0 {
                Side::First
            } else {
                Side::Second
            };
            (pair.most(side) > 0).then_some(WythoffMove {
                index,
                side,
                count: 1,
            })
        })
    }
}

impl Notation for Wythoff {
    fn format_move(&self, mv: &WythoffMove) -> String {
        format!("{}{}-{}", mv.index + 1, mv.side.letters(), mv.count)
    }

    fn parse_move(&self, text: &str) -> Result<WythoffMove, String> {
        let text = text.trim();
        let shape = "write <pair><a|b|ab>-<count>, e.g. 1a-2 (first heap), 1b-2, 1ab-2 (both)";
        let (head, count) = text
            .split_once('-')
            .ok_or_else(|| format!("`{text}` is not a move: {shape}"))?;
        let digits = head.bytes().take_while(u8::is_ascii_digit).count();
        let (number, letters) = head.split_at(digits);
        let side = match letters {
            "a" => Side::First,
            "b" => Side::Second,
            "ab" => Side::Both,
            _ => return Err(format!("`{text}` is not a move: {shape}")),
        };
        let number: usize = number
            .parse()
            .map_err(|_| format!("`{text}` is not a move: {shape}"))?;
        let count: u64 = count
            .trim()
            .parse()
            .map_err(|_| format!("`{count}` is not a number of tokens: {shape}"))?;
        let index = number
            .checked_sub(1)
            .filter(|&index| index < self.pairs.len())
            .ok_or_else(|| format!("there is no pair {number} (pairs count from 1)"))?;
        let pair = self.pairs[index];
        let most = pair.most(side);
        if count == 0 || count > most {
            return Err(format!(
                "pair {number} ({}/{}) allows taking 1 to {most} from {}",
                pair.first,
                pair.second,
                match side {
                    Side::First => "its first heap",
                    Side::Second => "its second heap",
                    Side::Both => "both heaps",
                }
            ));
        }
        Ok(WythoffMove { index, side, count })
    }
}

impl Theory for Wythoff {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        if let [pair] = self.pairs[..] {
            return Ok(if is_lost(pair.first, pair.second) {
                Winner::Second
            } else {
                Winner::First
            });
        }
        Ok(nim_sum(self.values()?).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(nim_sum(self.values().ok()?))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let mut collector = MoveCollector::new(limit);
        if let [pair] = self.pairs[..] {
            for (side, count) in pair.winning_moves() {
                collector.push(|| WinningMove {
                    mv: WythoffMove {
                        index: 0,
                        side,
                        count,
                    },
                    reason: "leaves a P pair (a_n, b_n) = (⌊nφ⌋, ⌊nφ⌋ + n)".to_string(),
                });
            }
            return Ok(collector.finish());
        }
        let values = self.values()?;
        let total = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
        if total == Nimber::ZERO {
            return Ok(collector.finish());
        }
        let largest = self
            .pairs
            .iter()
            .map(|pair| pair.first.max(pair.second))
            .max()
            .unwrap_or(0);
        let table = GrundyTable::new(largest);
        for (index, (pair, &value)) in self.pairs.iter().zip(&values).enumerate() {
            // A pair may move to a larger value too: every option of value `target` wins.
            let target = total ^ value;
            for side in Side::ALL {
                for count in 1..=pair.most(side) {
                    let after = pair.after(side, count);
                    if u64::from(table.value(after.first, after.second)) == target.0 {
                        collector.push(|| WinningMove {
                            mv: WythoffMove { index, side, count },
                            reason: format!(
                                "pair {} goes from SG {} to SG {}: nim-sum 0",
                                index + 1,
                                value.0,
                                target.0
                            ),
                        });
                    }
                }
            }
        }
        Ok(collector.finish())
    }
}

/// Misère play is refereed by exhaustive misère search.
impl MisereTheory for Wythoff {}

/// The Grundy values of the pairs with both heaps up to a bound.
pub(crate) struct GrundyTable {
    side: usize,
    values: Vec<u16>,
}

impl GrundyTable {
    /// The values of every pair with heaps up to `largest` (at most [`TABLE_LIMIT`]): each the
    /// mex of the values in its row, column and diagonal before it, kept as bitsets.
    pub(crate) fn new(largest: u64) -> GrundyTable {
        let largest = largest.min(TABLE_LIMIT) as usize;
        let side = largest + 1;
        // A value is at most first + second ≤ 2·largest.
        let words = (2 * largest + 2).div_ceil(64);
        let mut rows = vec![0u64; side * words];
        let mut columns = vec![0u64; side * words];
        let mut diagonals = vec![0u64; 2 * side * words];
        let mut values = vec![0u16; side * side];
        for first in 0..side {
            for second in 0..side {
                let diagonal = second + side - first;
                let row = &rows[first * words..(first + 1) * words];
                let column = &columns[second * words..(second + 1) * words];
                let slope = &diagonals[diagonal * words..(diagonal + 1) * words];
                let mut mex = 0;
                for word in 0..words {
                    let seen = row[word] | column[word] | slope[word];
                    if seen != u64::MAX {
                        mex = word * 64 + seen.trailing_ones() as usize;
                        break;
                    }
                }
                values[first * side + second] = mex as u16;
                let (word, bit) = (mex / 64, 1u64 << (mex % 64));
                rows[first * words + word] |= bit;
                columns[second * words + word] |= bit;
                diagonals[diagonal * words + word] |= bit;
            }
        }
        GrundyTable { side, values }
    }

    /// The value of the pair (both heaps within the table).
    pub(crate) fn value(&self, first: u64, second: u64) -> u16 {
        self.values[first as usize * self.side + second as usize]
    }
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// Wythoff's game as a [`Game`].
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(
        Entry::<Wythoff>::fixed(
            GameInfo {
                name: NAME.to_string(),
                rules: "pairs of heaps; take any positive number of tokens from one heap of a \
                        pair, or the same number from both its heaps"
                    .into(),
                position: "a/b per pair: `3/5 4/4`".into(),
                moves: "<i>a-<k>, <i>b-<k>, <i>ab-<k>: take k from the first, the second or \
                        both heaps of pair i (from 1): `1ab-2`"
                    .into(),
                source: "W. A. Wythoff, A modification of the game of Nim (1907); POJ 1067 = \
                         HDU 1527, HDU 2177"
                    .into(),
                verify_size: "single pairs of heaps up to 4S, pairs of pairs up to S (default 8)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            Wythoff::parse,
            small_positions,
            (8, 30),
            FORMATS,
        )
        .with_misere_size(4),
    )
}

/// Every single pair with heaps up to `4·size`, and every two pairs with heaps up to `size`.
pub fn small_positions(size: u64) -> Vec<Wythoff> {
    let mut out = vec![Wythoff::new(Vec::new())];
    let big = size.saturating_mul(4);
    for first in 0..=big {
        for second in 0..=big {
            out.push(Wythoff::new(vec![Pair::new(first, second)]));
        }
    }
    let singles: Vec<Pair> = (0..=size)
        .flat_map(|first| (0..=size).map(move |second| Pair::new(first, second)))
        .collect();
    for &a in &singles {
        for &b in &singles {
            out.push(Wythoff::new(vec![a, b]));
        }
    }
    out
}

/// POJ 1067's shape: lines `a b` to the end of the input.
const POJ1067: Shape = Shape::pairs(
    &Draws,
    CaseLayout::UntilEnd,
    1,
    false,
    // The statement bounds the heaps (≤ 10^9), not the lines; 1000 are assumed.
    Bounds::pairs(1000, 1, (0, BILLION), (0, BILLION)),
    Bounds::pairs(1000, 1, (0, u64::MAX), (0, u64::MAX)),
)
.uncounted();

/// POJ 1067 = HDU 1527, the default, and HDU 2177.
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: None,
        describe: "POJ 1067 = HDU 1527 取石子游戏: lines `a b` (heaps up to 10^9) to the end of \
                   the input; prints 0 if the first player loses, else 1",
        solve: solve_poj1067,
        shape: POJ1067,
    },
    Format {
        dialect: Some("poj1067"),
        describe: "POJ 1067 = HDU 1527 (the default format): lines `a b` to the end; 0 if the \
                   first player loses, else 1",
        solve: solve_poj1067,
        shape: POJ1067,
    },
    Format {
        dialect: Some("hdu2177"),
        describe: "HDU 2177 取(2堆)石子游戏: lines `a b` (a <= b <= 10^6) until `0 0`; prints 0 \
                   if the first player loses, else 1 and every pair `x y` (x <= y) a winning \
                   first move leaves, one a line: from both heaps first, then from the first \
                   heap, then from the second",
        solve: solve_hdu2177,
        // A line per winning move: no fixed count of tokens a case (0), checked case by case.
        shape: Shape::pairs(
            &Draws,
            CaseLayout::EndedBy("0 0"),
            0,
            false,
            Bounds::pairs(1000, 1, (0, 1_000_000), (1, 1_000_000)),
            Bounds::pairs(1000, 1, (0, u64::MAX), (1, u64::MAX)),
        )
        .uncounted()
        .checked_by(Checker(check_hdu2177)),
    },
];

/// What the contest tools draw of Wythoff's game: pairs `a b`.
struct Draws;

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let pairs = (0..=6).flat_map(|a| (1..=6).map(move |b| [a, b]));
        (pairs.collect(), 1)
    }

    /// P pairs (a_n, b_n) and their neighbours (one off, one heap swapped, shifted along the
    /// diagonal), equal heaps, an empty heap, and the ends.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let (second_low, second_high) = bounds.second;
        let top = high.min(second_high);
        // n with b_n ≤ top: n ≤ top / φ² < top / 2.
        let n = rng.spread(0, (top / 3).max(1));
        let a = lower(n) as u64;
        let b = a + n;
        let p = rng.spread(low, high);
        let pair = match rng.between(0, 7) {
            0 => [a, b],
            1 => [b, a],
            2 => [a.saturating_add(1), b],
            3 => [a, b.saturating_add(rng.between(1, 2))],
            4 => [a.saturating_add(n), b.saturating_add(n)],
            5 => [p, p],
            6 => [0, p],
            _ => [high, second_high - rng.between(0, 1).min(second_high)],
        };
        [
            pair[0].clamp(low, high),
            pair[1].clamp(second_low, second_high),
        ]
    }

    /// HDU 2177 promises a ≤ b: every pair is written smaller heap first.
    fn written(&self, items: &[Item]) -> Option<String> {
        Some(
            items
                .iter()
                .map(|&[a, b]| format!("{} {}\n", a.min(b), a.max(b)))
                .collect(),
        )
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| {
            format!("{}/{}", rng.between(0, 7), rng.between(0, 7))
        })
    }
}

/// Reads lines `a b` to the end of the input: 0 for a lost pair, else 1.
fn solve_poj1067(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let a = scanner.next_u64("a heap a")?;
        let b = scanner.next_u64("a heap b")?;
        out.push_str(if is_lost(a, b) { "0\n" } else { "1\n" });
    }
    Ok(out)
}

/// One HDU 2177 case's answer: "0", or "1" and the pairs the winning moves leave.
fn hdu2177_case(a: u64, b: u64) -> Vec<String> {
    if is_lost(a, b) {
        return vec!["0".to_string()];
    }
    let mut lines = vec!["1".to_string()];
    let pair = Pair::new(a, b);
    for (side, count) in pair.winning_moves() {
        let after = pair.after(side, count);
        let line = format!(
            "{} {}",
            after.first.min(after.second),
            after.first.max(after.second)
        );
        // Equal heaps reach the same pair from either heap; it is printed once.
        if !lines.contains(&line) {
            lines.push(line);
        }
    }
    lines
}

/// Reads HDU 2177's cases (a line `a b`, a ≤ b, until `0 0`) and answers each.
fn hdu2177_answers(input: &[u8]) -> Result<Vec<Vec<String>>, InputError> {
    let mut scanner = Scanner::new(input);
    let mut cases = Vec::new();
    loop {
        let a = scanner.next_u64("a heap a")?;
        let b = scanner.next_u64("a heap b")?;
        if a == 0 && b == 0 {
            break;
        }
        cases.push(hdu2177_case(a, b));
    }
    scanner.expect_end()?;
    Ok(cases)
}

/// HDU 2177: each case's answer lines.
fn solve_hdu2177(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for line in hdu2177_answers(input)?.into_iter().flatten() {
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out)
}

/// Checks a program's HDU 2177 output line by line (blank lines skipped, spaces between the
/// numbers free), naming the case of the first wrong line.
fn check_hdu2177(input: &[u8], output: &[u8]) -> Result<(), Rejection> {
    let cases = hdu2177_answers(input).map_err(|error| Rejection {
        case: None,
        detail: format!("the input is not an HDU 2177 input: {error}"),
    })?;
    let text = String::from_utf8_lossy(output);
    let mut got = text
        .lines()
        .map(|line| line.split_ascii_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|line| !line.is_empty());
    for (index, lines) in cases.iter().enumerate() {
        for wanted in lines {
            match got.next() {
                Some(line) if line == *wanted => {}
                Some(line) => {
                    return Err(Rejection {
                        case: Some(index + 1),
                        detail: format!(
                            "case {}: expected `{}`, got `{line}`",
                            index + 1,
                            lines.join(" / ")
                        ),
                    });
                }
                None => {
                    return Err(Rejection {
                        case: Some(index + 1),
                        detail: format!(
                            "case {}: expected `{}`, got nothing (the output ends)",
                            index + 1,
                            lines.join(" / ")
                        ),
                    });
                }
            }
        }
    }
    match got.next() {
        Some(line) => Err(Rejection {
            case: None,
            detail: format!("extra output after the last case: `{line}`"),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests;
