//! # End piles — ZJOI 2009 "取石子游戏" (BZOJ 1413, Luogu P2599)
//!
//! **Rules.** Piles of stones stand in a row. A move removes any positive number of stones from
//! the leftmost or from the rightmost pile; a pile that reaches zero disappears and its neighbour
//! becomes the new end. The player who cannot move (no piles left) loses.
//!
//! **Position notation.** `3 1 9 4`: the pile sizes from left to right, each at least 1.
//!
//! **Move notation.** `L<k>` leaves `k` stones in the leftmost pile (`L0` removes it), `R<k>` does
//! the same to the rightmost pile; `k` must be smaller than the pile.
//!
//! ## Theory
//!
//! For a segment `S = a_i … a_j` let `L(S)` be the number of stones a pile put to the *left* of `S`
//! must have for the row `L(S), S` to be lost for the player to move (0 meaning no pile at all),
//! and `R(S)` likewise on the right. Such a value exists and is unique: two different values
//! `y < y'` cannot both work, since from `y', S` one could move to `y, S`; and a losing value
//! exists because from `y, S` with large `y` the positions reachable by changing `S` alone are
//! finitely many, each of which is answered by at most one left pile size.
//!
//! `L` and `R` of the empty segment are 0, and `L(a) = R(a) = a` (two equal piles: mirror the
//! opponent). For a longer segment `S x` with `l = L(S)`, `r = R(S)`:
//!
//! | case | `L(S x)` |
//! |---|---|
//! | `x = r` | 0 (the row `S r` is already lost for the mover) |
//! | `x < l` and `x < r`, or `x > l` and `x > r` | `x` |
//! | `l ≤ x < r` | `x + 1` |
//! | `r < x ≤ l` | `x − 1` |
//!
//! and symmetrically `R(x S)` with the roles of `l` and `r` exchanged (`x = l` gives 0, `r ≤ x < l`
//! gives `x + 1`, `l < x ≤ r` gives `x − 1`). The proof is an induction on the total number of
//! stones: in each case one exhibits, for every move from `y, S, x`, the answer that restores a
//! position of the same case (mirroring the two end piles while they stay on the same side of
//! `l` and `r`, and falling back on the defining property of `l` or `r` when an end pile crosses
//! one of them). The boundary `x = l` belongs to the ±1 cases: a widely copied version of this
//! recurrence puts it in the `x` case, which is wrong: the smallest counter-example is the segment
//! `1 2 2`, whose true `L` is 1 (the row `1 1 2 2` is lost for the player to move) where the copied
//! version gives 2. The test suite checks every boundary against exhaustive search.
//!
//! The whole row `a_1 … a_n` is lost for the first player exactly when `a_1 = L(a_2 … a_n)`.
//! The winning moves are then immediate: shrink `a_1` to `L(a_2 … a_n)` if that is smaller than
//! `a_1`, or shrink `a_n` to `R(a_1 … a_{n−1})` if that is smaller than `a_n`.
//!
//! **Cost.** The values of all segments of one length depend only on those of the previous length,
//! so the computation runs length by length in O(n²) time and O(n) memory. Every cell of a length
//! is independent of the others, so the inner loop is branch-free and vectorised (plain SSE2
//! does as well as AVX2 here: the loop is bound by memory), and long lengths are split across
//! threads. Values never
//! exceed `max(a) + 1`, so they are kept in `i32` for contest-sized piles, in `u64` unless some
//! pile is `u64::MAX`, and in `u128` then.
//!
//! ## Misère play
//!
//! Cairns and Ho, "Some remarks on End-Nim" (*Int. J. Combin.* 2011, article 824742), show that
//! End-Nim and misère End-Nim have the same losing positions except for rows whose piles are all
//! of one size. Among those, only rows of ones change sides: a row of k piles of one is forced
//! play, lost under misère play exactly when k is odd; rows of equal piles of two or more keep
//! their normal-play outcome (checked on every small row by `verify --misere`). A winning move
//! leaves a lost row: a row of ones (one of the at most four moves that change an end pile to 0
//! or 1 with ones behind it) or a normal-play lost row that is not all ones (a normal winning
//! move): those few candidates are each checked.

use crate::core::{ImpartialGame, Nimber, Winner};
use crate::enumerate::sequences;
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{
    BILLION, Bounds, CaseLayout, Format, Generators, Item, Shape, for_each_case, small_row,
};
use crate::misere::MisereTheory;
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use rayon::prelude::*;
use std::fmt;
use std::str::FromStr;

/// The numbers this game accepts, for `grundy list`: every position reachable from one of them
/// is computed exactly (moves only shrink piles, and segment values never pass `max + 1`).
pub const DOMAIN: &str = "piles of 1 to 2^64 - 1 stones, any number of them (moves only shrink piles; segment values reach max + 1, held in 128 bits when needed)";

/// A row of piles; the player to move may shrink either end pile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EndPiles {
    /// Pile sizes from left to right, each at least 1.
    pub piles: Vec<u64>,
}

/// Which end of the row a move takes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The leftmost pile.
    Left,
    /// The rightmost pile.
    Right,
}

/// Shrink the pile at one end of the row to `remaining` stones (0 removes it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EndPilesMove {
    /// Which end.
    pub end: End,
    /// Stones left in that pile.
    pub remaining: u64,
}

impl EndPiles {
    /// A row of the given piles (each must be at least 1).
    pub fn new(piles: Vec<u64>) -> Self {
        EndPiles { piles }
    }
}

impl ImpartialGame for EndPiles {
    type Move = EndPilesMove;

    fn moves(&self) -> Vec<EndPilesMove> {
        let Some((&first, &last)) = self.piles.first().zip(self.piles.last()) else {
            return Vec::new();
        };
        let mut moves: Vec<EndPilesMove> = (0..first)
            .map(|remaining| EndPilesMove {
                end: End::Left,
                remaining,
            })
            .collect();
        if self.piles.len() > 1 {
            moves.extend((0..last).map(|remaining| EndPilesMove {
                end: End::Right,
                remaining,
            }));
        }
        moves
    }

    fn play(&self, mv: &EndPilesMove) -> Self {
        let mut piles = self.piles.clone();
        let index = match mv.end {
            End::Left => 0,
            End::Right => piles.len() - 1,
        };
        if mv.remaining == 0 {
            piles.remove(index);
        } else {
            piles[index] = mv.remaining;
        }
        EndPiles { piles }
    }

    fn move_to(&self, target: &Self) -> Option<EndPilesMove> {
        [End::Left, End::Right].into_iter().find_map(|end| {
            let (&pile, rest, target_rest) = match end {
                End::Left => (
                    self.piles.first()?,
                    &self.piles[1..],
                    target
                        .piles
                        .get(target.piles.len().checked_sub(self.piles.len() - 1)?..)?,
                ),
                End::Right => (
                    self.piles.last()?,
                    &self.piles[..self.piles.len() - 1],
                    target.piles.get(..self.piles.len() - 1)?,
                ),
            };
            if rest != target_rest {
                return None;
            }
            let remaining = match target.piles.len() - rest.len() {
                0 => 0,
                1 => match end {
                    End::Left => target.piles[0],
                    End::Right => *target.piles.last()?,
                },
                _ => return None,
            };
            (remaining < pile).then_some(EndPilesMove { end, remaining })
        })
    }

    fn some_moves(&self, limit: usize) -> (Vec<EndPilesMove>, bool) {
        let mut moves = Vec::new();
        let mut more = false;
        // The empty row has no move; a single pile is both ends (its moves are listed once).
        let ends: &[End] = match self.piles.len() {
            0 => &[],
            1 => &[End::Left],
            _ => &[End::Left, End::Right],
        };
        for &end in ends {
            let pile = match end {
                End::Left => self.piles[0],
                End::Right => self.piles[self.piles.len() - 1],
            };
            for remaining in (0..pile).rev() {
                if moves.len() == limit {
                    more = true;
                    break;
                }
                moves.push(EndPilesMove { end, remaining });
            }
        }
        (moves, more)
    }

    fn quiet_move(&self) -> Option<EndPilesMove> {
        self.piles.first().map(|&first| EndPilesMove {
            end: End::Left,
            remaining: first - 1,
        })
    }
}

/// A segment value. Values never exceed `max(a) + 1`, so the narrowest type that holds that is
/// used: `i32` (signed, because SSE2/AVX2 compare signed lanes natively) for contest-sized piles,
/// `u64` below `u64::MAX`, `u128` otherwise.
pub trait SegmentValue: Copy + Ord + Send + Sync + 'static {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// Converts a pile size (the caller has checked it fits with room for `+ 1`).
    fn from_u64(value: u64) -> Self;
    /// `self + other` (never overflows for the values that occur).
    fn plus(self, other: Self) -> Self;
    /// `self − other` (never underflows for the values that occur).
    fn minus(self, other: Self) -> Self;
    /// Back to a `u128`.
    fn to_u128(self) -> u128;
}

macro_rules! segment_value {
    ($t:ty) => {
        impl SegmentValue for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn from_u64(value: u64) -> Self {
                value as $t
            }
            #[inline(always)]
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
            #[inline(always)]
            fn minus(self, other: Self) -> Self {
                self.wrapping_sub(other)
            }
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    };
}
segment_value!(i32);
segment_value!(u64);
segment_value!(u128);

/// `L(S x)` from `l = L(S)`, `r = R(S)` and the new right pile `x` (see the module docs).
///
/// `R(x S)` is the same function with `l` and `r` exchanged: `extend(r_of_s, l_of_s, x)`.
#[inline(always)]
pub fn extend<T: SegmentValue>(l: T, r: T, x: T) -> T {
    // Written as selects so that the diagonal loop vectorises.
    // `&` rather than `&&`: both sides are always evaluated, which keeps the code branch-free.
    let up = if (l <= x) & (x < r) { T::ONE } else { T::ZERO };
    let down = if (r < x) & (x <= l) { T::ONE } else { T::ZERO };
    let shifted = x.plus(up).minus(down);
    if x == r { T::ZERO } else { shifted }
}

/// Long diagonals are split into chunks of this many cells across threads.
const PARALLEL_CHUNK: usize = 8192;

/// The segment values of the two segments of length `n − 1`: `(L(a_2 … a_n), R(a_1 … a_{n−1}))`.
///
/// Computed length by length in O(n²) time and O(n) memory. For `n ≤ 1` both are 0.
pub fn boundary_values(piles: &[u64]) -> (u128, u128) {
    let max = piles.iter().copied().max().unwrap_or(0);
    if max < i32::MAX as u64 {
        boundary_values_in::<i32>(piles)
    } else if max < u64::MAX {
        boundary_values_in::<u64>(piles)
    } else {
        boundary_values_in::<u128>(piles)
    }
}

/// One length's worth of cells: `out_left[c]`, `out_right[c]` for the segments starting at
/// `c` (relative to the slices), from the previous length's `left`, `right` (one longer) and the
/// piles. Bounds are fixed up front so the loop has no checks and vectorises.
#[inline(always)]
fn diagonal<T: SegmentValue>(
    left: &[T],
    right: &[T],
    stones: &[T],
    length: usize,
    out_left: &mut [T],
    out_right: &mut [T],
) {
    let cells = out_left.len();
    let out_right = &mut out_right[..cells];
    let (l0, r0) = (&left[..cells], &right[..cells]);
    let (l1, r1) = (&left[1..cells + 1], &right[1..cells + 1]);
    let new_right_pile = &stones[length - 1..length - 1 + cells];
    let new_left_pile = &stones[..cells];
    for c in 0..cells {
        out_left[c] = extend(l0[c], r0[c], new_right_pile[c]);
        out_right[c] = extend(r1[c], l1[c], new_left_pile[c]);
    }
}

fn boundary_values_in<T: SegmentValue>(piles: &[u64]) -> (u128, u128) {
    let n = piles.len();
    if n <= 1 {
        return (0, 0);
    }
    let stones: Vec<T> = piles.iter().map(|&a| T::from_u64(a)).collect();
    // left[i], right[i]: L and R of the segment of the current length starting at i.
    let mut left = stones.clone();
    let mut right = stones.clone();
    let mut next_left = vec![T::ZERO; n];
    let mut next_right = vec![T::ZERO; n];
    for length in 2..n {
        let cells = n - length + 1;
        if cells >= 2 * PARALLEL_CHUNK {
            let (left, right, stones) = (&left, &right, &stones);
            next_left[..cells]
                .par_chunks_mut(PARALLEL_CHUNK)
                .zip(next_right[..cells].par_chunks_mut(PARALLEL_CHUNK))
                .enumerate()
                .for_each(|(chunk, (out_l, out_r))| {
                    let start = chunk * PARALLEL_CHUNK;
                    diagonal(
                        &left[start..],
                        &right[start..],
                        &stones[start..],
                        length,
                        out_l,
                        out_r,
                    )
                });
        } else {
            diagonal(
                &left,
                &right,
                &stones,
                length,
                &mut next_left[..cells],
                &mut next_right[..cells],
            );
        }
        std::mem::swap(&mut left, &mut next_left);
        std::mem::swap(&mut right, &mut next_right);
    }
    // Now the length is n − 1: index 0 is a_1 … a_{n−1}, index 1 is a_2 … a_n.
    (left[1].to_u128(), right[0].to_u128())
}

/// Whether the first player wins the row `piles` (the judge's question).
pub fn first_player_wins(piles: &[u64]) -> bool {
    match piles {
        [] => false,
        [_] => true,
        _ => u128::from(piles[0]) != boundary_values(piles).0,
    }
}

impl Theory for EndPiles {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(if first_player_wins(&self.piles) {
            Winner::First
        } else {
            Winner::Second
        })
    }

    fn grundy_value(&self) -> Option<Nimber> {
        None
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let mut collector = MoveCollector::new(limit);
        let (Some(&first), Some(&last)) = (self.piles.first(), self.piles.last()) else {
            return Ok(collector.finish());
        };
        let (left_value, right_value) = boundary_values(&self.piles);
        let mut seen: Option<EndPiles> = None;
        if left_value < u128::from(first) {
            let mv = EndPilesMove {
                end: End::Left,
                remaining: left_value as u64,
            };
            seen = Some(self.play(&mv));
            collector.push(|| WinningMove {
                mv,
                reason: format!("the left pile becomes L(a_2 … a_n) = {left_value}"),
            });
        }
        if right_value < u128::from(last) {
            let mv = EndPilesMove {
                end: End::Right,
                remaining: right_value as u64,
            };
            if seen.as_ref() != Some(&self.play(&mv)) {
                collector.push(|| WinningMove {
                    mv,
                    reason: format!("the right pile becomes R(a_1 … a_n-1) = {right_value}"),
                });
            }
        }
        Ok(collector.finish())
    }
}

impl Notation for EndPiles {
    fn format_move(&self, mv: &EndPilesMove) -> String {
        let side = match mv.end {
            End::Left => 'L',
            End::Right => 'R',
        };
        format!("{side}{}", mv.remaining)
    }

    fn parse_move(&self, text: &str) -> Result<EndPilesMove, String> {
        let text = text.trim();
        let (end, pile) = match text.chars().next() {
            Some('L' | 'l') => (End::Left, self.piles.first()),
            Some('R' | 'r') => (End::Right, self.piles.last()),
            _ => return Err(format!("`{text}` is not a move: write L<k> or R<k>")),
        };
        let remaining: u64 = text[1..]
            .parse()
            .map_err(|_| format!("`{text}`: expected a stone count after the side"))?;
        match pile {
            None => Err("there are no piles left".to_string()),
            Some(&size) if remaining >= size => Err(format!(
                "`{text}`: the pile has {size} stones; you must leave fewer"
            )),
            Some(_) => Ok(EndPilesMove { end, remaining }),
        }
    }

    fn is_canonical_text(text: &str) -> bool {
        crate::notation::is_canonical_number_list(text)
    }
}

/// Reads `n` pile sizes (each at least 1) from the scanner.
pub(crate) fn read_piles(scanner: &mut Scanner<'_>, count: usize) -> Result<Vec<u64>, InputError> {
    let mut piles = Vec::with_capacity(count.min(scanner.remaining_bytes() / 2 + 1));
    for _ in 0..count {
        piles.push(scanner.next_u64_at_least("a pile size", 1)?);
    }
    Ok(piles)
}

impl FromStr for EndPiles {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Self, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut piles = Vec::new();
        while !scanner.at_end() {
            piles.push(scanner.next_u64_at_least("a pile size", 1)?);
        }
        Ok(EndPiles { piles })
    }
}

impl fmt::Display for EndPiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_numbers(f, &self.piles, " ")
    }
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// The game's spelling on the command line.
pub const NAME: &str = "end-piles";

/// end-piles as a [`Game`]: its description, reader, small positions for `verify`
/// (and the sizes `--size` accepts) and judge formats.
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(Entry::<EndPiles>::fixed(
        GameInfo {
            name: NAME.to_string(),
            rules: "piles in a row; remove any number of stones from the leftmost or the rightmost pile".into(),
            position: "pile sizes left to right, each >= 1: `3 1 9 4`".into(),
            moves: "L<k> / R<k>: leave k stones in the leftmost / rightmost pile (k = 0 removes it): `L2`".into(),
            source: "ZJOI 2009 取石子游戏 (BZOJ 1413, Luogu P2599)".into(),
            verify_size: "rows of at most S piles of 1..S stones (default 7)".into(),
            domain: DOMAIN.to_string(),
        },
        str::parse,
        small_positions,
        (7, 8),
        FORMATS,
    )
    .with_misere_size(6))
}

/// end-piles: every row of at most `size` piles of 1 to `size` stones.
pub fn small_positions(size: u64) -> Vec<EndPiles> {
    sequences(size as usize, 1, size)
        .into_iter()
        .map(EndPiles::new)
        .collect()
}

/// end-piles (ZJOI 2009).
pub(crate) const FORMATS: &[Format] = &[Format {
    dialect: None,
    describe: "T, then per case n and a_1..a_n; prints 1 if the first player wins, else 0",
    solve: solve_end_piles,
    // Spec: T ≤ 10, n ≤ 1000, a_i ≤ 10^9.
    shape: Shape::piles(
        &Draws,
        CaseLayout::Counted,
        1,
        Bounds::piles(10, 1000, (1, BILLION)),
        Bounds::piles(20, 2000, (1, u64::MAX)),
    ),
}];

/// What the contest tools draw of end-piles.
struct Draws;

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((1..=3).map(|a| [a, 0]).collect(), 4)
    }

    /// Tiny rows again, but at the top of the range: the boundaries of the recurrence (a pile
    /// equal to a segment value, or one off) at large magnitudes.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        [high - rng.between(0, 3.min(high - low)), 0]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| rng.between(1, 6).to_string())
    }
}

fn solve_end_piles(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of piles n")?;
        let piles = read_piles(scanner, n)?;
        out.push_str(if first_player_wins(&piles) {
            "1\n"
        } else {
            "0\n"
        });
        Ok(())
    })?;
    Ok(out)
}

/// Whether a row is lost for the player to move under misère play.
pub fn end_piles_misere_lost(piles: &[u64]) -> bool {
    if piles.iter().all(|&pile| pile == 1) {
        piles.len() % 2 == 1
    } else {
        !first_player_wins(piles)
    }
}

impl MisereTheory for EndPiles {
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        Ok(end_piles_misere_lost(&self.piles))
    }

    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let mut candidates: Vec<EndPilesMove> = self
            .winning_moves(usize::MAX)?
            .listed
            .into_iter()
            .map(|winning| winning.mv)
            .collect();
        let n = self.piles.len();
        if n > 0 {
            if self.piles[1..].iter().all(|&p| p == 1) {
                candidates.extend((0..self.piles[0].min(2)).map(|remaining| EndPilesMove {
                    end: End::Left,
                    remaining,
                }));
            }
            if n > 1 && self.piles[..n - 1].iter().all(|&p| p == 1) {
                candidates.extend((0..self.piles[n - 1].min(2)).map(|remaining| EndPilesMove {
                    end: End::Right,
                    remaining,
                }));
            }
        }
        let mut collector = MoveCollector::new(limit);
        let mut seen: Vec<EndPiles> = Vec::new();
        for mv in candidates {
            let next = self.play(&mv);
            if seen.contains(&next) || !end_piles_misere_lost(&next.piles) {
                continue;
            }
            let ones = next.piles.iter().all(|&p| p == 1);
            seen.push(next);
            collector.push(|| WinningMove {
                mv,
                reason: if ones {
                    "leaves an odd number of piles of one (forced play: the opponent takes the \
                     last)"
                        .to_string()
                } else {
                    "leaves a row lost under normal play that is not all ones, so lost under \
                     misère play too (Cairns and Ho)"
                        .to_string()
                },
            });
        }
        Ok(collector.finish())
    }
}
