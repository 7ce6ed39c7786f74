//! # Bean split — HNOI 2007 "分裂游戏" (Luogu P3185, BZOJ 1188)
//!
//! **Rules.** Bottles numbered `0 … n−1` hold beans. A move picks `i < j ≤ k` with bottle `i`
//! non-empty, removes one bean from bottle `i` and puts one bean into bottle `j` and one into
//! bottle `k` (`j` may equal `k`). The player who cannot move (every bean in the last bottle) loses.
//!
//! **Position notation.** `1 0 1 5000`: beans per bottle, every bottle listed.
//!
//! **Move notation.** `i>j,k` (0-based bottles, as the judge prints them), e.g. `0>2,3`.
//!
//! ## Theory
//!
//! Each bean is a game of its own that depends only on its distance `d = n − 1 − i` to the last
//! bottle: `g(0) = 0` and `g(d) = mex { g(j) ⊕ g(k) : 0 ≤ k ≤ j < d }`. Two beans in one bottle
//! cancel, so the position's value is the XOR of `g(d_i)` over the bottles with an odd count.
//!
//! **Mock Turtles.** `g(d)` for `d ≥ 1` is the `(d−1)`-th *odious* number (odd number of 1-bits:
//! 1, 2, 4, 7, 8, 11, …). This is the Mock Turtles theorem of *Winning Ways*: a bean at distance
//! `d` is a turtle on coin `d−1`, and splitting it into beans at distances `j, k` (`k ≤ j < d`) is
//! the Mock Turtles move that turns the coin over together with at most two lower coins (a bean
//! reaching the last bottle, distance 0, is a coin that vanishes, and two beans at the same
//! distance cancel). Proof idea: the odious numbers `< o_m` together with 0 are closed enough
//! under XOR that `{ o_j ⊕ o_k }` with `j, k < m` (plus `o_j` and 0) covers every number below
//! `o_m` and misses `o_m` itself, because the XOR of two odious numbers is evil. Numerically,
//! `o_m = 2m + (1 if popcount(m) is even else 0)`, and the index of an odious `v` is `⌊v/2⌋`.
//!
//! **Counting winning moves in O(1) per bottle.** From a bottle at distance `D` with target
//! `w = value ⊕ g(D)`, the winning moves are the target pairs `d_j ≥ d_k`, both `< D`, with
//! `g(d_j) ⊕ g(d_k) = w`. The values below `D` are `A = {0} ∪ {odious v < B}` with `B = g(D)`:
//!
//! * `w = 0`: the pairs `j = k`: `D` of them.
//! * `w` odious: only `{0, w}` can work (an odious number is not the XOR of two odious ones), so
//!   1 pair if `w < B`, else none.
//! * `w` evil, non-zero, with highest bit `h`: in a pair `{x, x ⊕ w}` the larger member `y` is the
//!   one with bit `h` set, and both are odious iff `y` is. So the count is the number of odious
//!   `y < B` with bit `h` set. The odious numbers below `B = o_{D−1}` are `o_i` for `i < D − 1`,
//!   and bit `h ≥ 1` of `o_i = 2i + (0 or 1)` is bit `h − 1` of `i`: the count is how many
//!   `i < D − 1` have bit `h − 1` set — whole runs of `2^h` hold `2^(h−1)` each, plus the part of
//!   the last run past its first half. No popcount is needed.
//!
//! The winning pairs of one bottle can also be listed in bottle order in O(1) each (the members
//! `i` with bit `h − 1` set, from the largest down), so `analyze` lists moves without scanning.
//!
//! **The whole row in O(n), on all cores.** The value needs no popcount either: the XOR of
//! `o_m = 2m + e(m)` over a set of `c` indices with XOR `X` is `2X + (c mod 2 ⊕ parity(X))`,
//! because the parity of a popcount is linear over XOR. Bottles are cut into *blocks* whose
//! `m = D − 1` agree above the lowest 16 bits; inside a block the value needs the XOR of the low
//! bits and the count needs, in all but one block, only the number of non-empty bottles and the
//! sum of their low bits — 16- and 32-bit sums the compiler vectorises. The first block with a
//! winning move holds the lexicographically smallest one (every earlier bottle has none); inside
//! it the first such bottle's farthest pair is found in O(1). Totals are `u128` (they pass `2^64`
//! near `n = 10^7`).
//!
//! **Another judge.** LA 3668 / UVa 1378 "A Funny Stone Game" is the same game with piles of
//! stones (`--dialect la3668`, in [`la3668`]: n ≤ 23, cases ended by `0`, each answered
//! `Game t: i j k` with the smallest winning move).
//!
//! ## Domain
//!
//! A position's bottles hold at most `2^127 − 1` beans each ([`MAX_BEANS`]); any number of
//! bottles. A move adds at most two beans to a bottle, so every position within `2^126` moves of
//! an accepted one (far more than any analysis or game plays) has every count exact in the
//! `u128` a [`Counts`] can widen to. (No fixed width holds *every* reachable position: a bean
//! `d` bottles from the end can become `2^d` beans.) The theory reads only whether each count
//! is odd and whether it is non-zero, and distances `d < n ≤ isize::MAX`, so the odious numbers
//! `2(d − 1) + 1` it forms fit in a `u64`. The judge format reads counts up to `u64::MAX`.

mod bean;
mod counts;
mod la3668;
mod reader;

use bean::count_below_with_bit;
pub use bean::{bean_grundy, is_odious, odious, pair_count, target_pairs, target_pairs_in_order};
pub use counts::Counts;
pub use reader::{Parities, Parity, read_parities};

use crate::core::{ImpartialGame, Nimber, Winner};
use crate::enumerate::sequences;
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Shape, for_each_case, small_row};
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use crate::verify::Verdict;
use counts::{Count, CountsVisitor};
use rayon::prelude::*;
use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;

/// The numbers this game accepts, for `grundy list` (see [`MAX_BEANS`]).
pub const DOMAIN: &str = "bottles of 0 to 2^127 - 1 beans, any number of bottles (a move adds at most 2 beans to a bottle; counts are exact up to 2^128 - 1); judge: counts up to 2^64 - 1";

/// The most beans a bottle of a position may hold: the game's domain (see the module docs).
pub const MAX_BEANS: u128 = (1 << 127) - 1;

/// Beans per bottle (moves add beans, so a bottle may pass `u64::MAX`: [`Counts`] widens then).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BeanSplit {
    /// Beans in bottles `0 … n−1`.
    pub beans: Counts,
}

/// Take a bean from bottle `from` and put one into `to_j` and one into `to_k` (`from < to_j ≤ to_k`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BeanSplitMove {
    /// The non-empty source bottle `i`.
    pub from: usize,
    /// The first target `j`.
    pub to_j: usize,
    /// The second target `k ≥ j`.
    pub to_k: usize,
}

/// The winning-move count of each source bottle for one fixed position value, in the form the
/// whole-row pass needs: a few shifts per bottle and no popcount.
///
/// With `B = g(D) = o_m` (`m = D − 1`) and `w = value ⊕ B`: `B` is odious, so `w` is odious
/// exactly when the value is evil.
/// * Evil value: one pair `{0, w}` when `w < B`, i.e. when `B` has the value's highest bit `h`
///   (the highest bit where `w` and `B` differ); that is bit `h − 1` of `m`.
/// * Odious value: `w` is evil, `w ≫ 1 = (value ≫ 1) ⊕ m`; if that is zero then `w = 0` and all
///   `D` pairs `j = k` win, else [`pair_count`]'s rule applies with `h − 1 = hb((value ≫ 1) ⊕ m)`.
#[derive(Copy, Clone, Debug)]
struct MoveCounter {
    /// The position's value shifted right once.
    half_value: u64,
    /// For an evil value, bit `h − 1` of its highest bit `h`; `None` for an odious value.
    evil_bit: Option<u32>,
}

impl MoveCounter {
    fn new(value: u64) -> Self {
        MoveCounter {
            half_value: value >> 1,
            evil_bit: (!is_odious(value) && value > 1).then(|| 62 - value.leading_zeros()),
        }
    }

    /// The number of winning moves that take a bean from distance `distance ≥ 1`.
    #[inline(always)]
    fn moves_at(self, distance: u64) -> u64 {
        let m = distance - 1;
        match self.evil_bit {
            Some(bit) => m >> bit & 1,
            None => {
                let high = self.half_value ^ m;
                let general = count_below_with_bit(m, 63 - (high | 1).leading_zeros());
                if high == 0 { distance } else { general }
            }
        }
    }

    /// The winning moves from the non-empty bottles of one block, mostly in O(1) from the block's
    /// sums (`m = H·2^16 + low`):
    /// * evil value, bit `b ≥ 16`: bit `b − 16` of `H` for every bottle;
    /// * evil value, bit `b < 16`: the bottles whose `low` has bit `b`;
    /// * odious value, `H ≠ value ≫ 17`: the highest bit `b` of `(value ≫ 1) ⊕ m` is
    ///   `16 + hb(H ⊕ (value ≫ 17))` throughout, and [`count_below_with_bit`] splits into a part
    ///   fixed by `H` plus, when `H` has bit `b − 16`, `low` itself;
    /// * odious value, `H = value ≫ 17`: bottle by bottle (one block in the whole row).
    fn block_total<B: Bottle>(self, block: &Block<'_, B>) -> u128 {
        let high = block.high;
        match self.evil_bit {
            Some(bit) if bit >= BLOCK_BITS => {
                u128::from(high >> (bit - BLOCK_BITS) & 1) * u128::from(block.non_empty().0)
            }
            Some(bit) => u128::from(block.non_empty_with_low_bit(bit)),
            None => {
                let half_high = self.half_value >> BLOCK_BITS;
                if high == half_high {
                    return block
                        .bottles
                        .iter()
                        .zip(block.distances())
                        .filter(|(bottle, _)| bottle.is_non_empty())
                        .map(|(_, distance)| u128::from(self.moves_at(distance)))
                        .sum();
                }
                let b = 63 - (high ^ half_high).leading_zeros();
                // ((m ≫ (b+17)) ≪ (b+16)) for every bottle, plus the partial block's share.
                let fixed = u128::from(high >> (b + 1)) << (b + BLOCK_BITS);
                let (count, low_sum) = block.non_empty();
                if high >> b & 1 == 1 {
                    let offset = u128::from(high & ((1 << b) - 1)) << BLOCK_BITS;
                    u128::from(count) * (fixed + offset) + u128::from(low_sum)
                } else {
                    u128::from(count) * fixed
                }
            }
        }
    }
}

/// Everything the judge asks: the smallest winning move and the number of winning moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct JudgeAnswer {
    /// The lexicographically smallest winning move, if any.
    pub first_move: Option<BeanSplitMove>,
    /// How many winning moves (distinct triples) there are.
    pub count: u128,
}

/// What the theory reads of a bottle: whether its count is odd and whether it is non-empty.
/// Judge input is reduced to [`Parity`] bytes as it is read; a position keeps its counts.
pub trait Bottle: Copy + Send + Sync {
    /// Whether the bottle holds an odd number of beans.
    fn is_odd(self) -> bool;
    /// Whether the bottle holds any bean.
    fn is_non_empty(self) -> bool;
}

impl Bottle for Parity {
    #[inline(always)]
    fn is_odd(self) -> bool {
        Parity::is_odd(self)
    }
    #[inline(always)]
    fn is_non_empty(self) -> bool {
        self.is_non_zero()
    }
}

/// A bean count, of any storage width, is a bottle.
impl<T: Count> Bottle for T {
    #[inline(always)]
    fn is_odd(self) -> bool {
        self.into() & 1 == 1
    }
    #[inline(always)]
    fn is_non_empty(self) -> bool {
        self.into() != 0
    }
}

/// The low bits of `m` that vary inside a [`Block`].
const BLOCK_BITS: u32 = 16;

/// A run of source bottles whose `m = distance − 1` agree above the lowest [`BLOCK_BITS`] bits:
/// `m = high · 2^16 + low`, with `low` falling by one from each bottle to the next. Sums over a
/// block need only 16-bit and 32-bit lanes, which the compiler vectorises.
#[derive(Copy, Clone, Debug)]
struct Block<'a, B> {
    /// The bits of `m` above the lowest 16.
    high: u64,
    /// `low` at the block's first bottle.
    top: u16,
    /// The block's bottles, in bottle order.
    bottles: &'a [B],
}

impl<'a, B: Bottle> Block<'a, B> {
    /// The source bottles (every bottle but the last) of a row given in consecutive segments, in
    /// bottle order, cut into blocks; a block never spans two segments.
    fn split(segments: &[&'a [B]]) -> Vec<Block<'a, B>> {
        let bottles: usize = segments.iter().map(|segment| segment.len()).sum();
        let mut blocks = Vec::new();
        // The number of source bottles still to place: the next one has m = unplaced − 1.
        let mut unplaced = bottles.saturating_sub(1) as u64;
        for &segment in segments {
            let mut rest = &segment[..segment.len().min(unplaced as usize)];
            while let Some(m) = unplaced.checked_sub(1).filter(|_| !rest.is_empty()) {
                let len = rest.len().min((m % (1 << BLOCK_BITS)) as usize + 1);
                let (bottles, tail) = rest.split_at(len);
                blocks.push(Block {
                    high: m >> BLOCK_BITS,
                    top: m as u16,
                    bottles,
                });
                rest = tail;
                unplaced -= len as u64;
            }
        }
        blocks
    }

    /// The distances `m + 1` of the block's bottles, in order.
    fn distances(&self) -> impl Iterator<Item = u64> + use<B> {
        let top_m = self.high << BLOCK_BITS | u64::from(self.top);
        (top_m + 1 - self.bottles.len() as u64 + 1..=top_m + 1).rev()
    }

    /// The XOR of `m` over the odd bottles, and whether there is an odd number of them.
    fn odd_xor(&self) -> (u64, bool) {
        let mut low_xor = 0u16;
        let mut parity = 0u8;
        for (step, bottle) in self.bottles.iter().enumerate() {
            let odd = u8::from(bottle.is_odd());
            low_xor ^= self.top.wrapping_sub(step as u16) & u16::from(odd).wrapping_neg();
            parity ^= odd;
        }
        let odd_count = parity == 1;
        let high = if odd_count {
            self.high << BLOCK_BITS
        } else {
            0
        };
        (high | u64::from(low_xor), odd_count)
    }

    /// How many bottles are non-empty, and the sum of their `low`.
    fn non_empty(&self) -> (u32, u32) {
        // At most 2^16 bottles with distinct lows below 2^16: both sums fit in 32 bits.
        let mut count = 0u32;
        let mut low_sum = 0u32;
        for (step, bottle) in self.bottles.iter().enumerate() {
            let present = u32::from(bottle.is_non_empty());
            count += present;
            low_sum += u32::from(self.top.wrapping_sub(step as u16)) & present.wrapping_neg();
        }
        (count, low_sum)
    }

    /// How many non-empty bottles have bit `bit < 16` set in `low`.
    fn non_empty_with_low_bit(&self, bit: u32) -> u32 {
        let mut count = 0u32;
        for (step, bottle) in self.bottles.iter().enumerate() {
            let low = self.top.wrapping_sub(step as u16);
            count += u32::from(low >> bit & 1) & u32::from(bottle.is_non_empty());
        }
        count
    }
}

/// The XOR of the bean values of the odd bottles: the position's value.
///
/// No popcount per bottle: `o_m = 2m + e(m)` with `e(m) = 1 ⊕ parity(popcount m)`, and the
/// popcount parity is linear over XOR, so the XOR of `o_m` over a set of `c` indices with XOR
/// `X` is `2X + (c mod 2 ⊕ parity(popcount X))`. One pass keeps `X` and `c mod 2`, block by block.
pub fn position_value(bottles: &Parities) -> u64 {
    row_value(&bottles.segments().collect::<Vec<_>>())
}

/// [`position_value`] of a row given in consecutive segments of any kind of [`Bottle`].
fn row_value<B: Bottle>(segments: &[&[B]]) -> u64 {
    // The last bottle (distance 0) is worth 0: blocks leave it out.
    let (xor, odd_count) = map_blocks(&Block::split(segments), Block::odd_xor)
        .into_iter()
        .fold((0, false), |a, b| (a.0 ^ b.0, a.1 ^ b.1));
    (xor << 1) | u64::from(odd_count ^ (xor.count_ones() % 2 == 1))
}

/// The winning moves from each block.
fn block_totals<B: Bottle>(blocks: &[Block<'_, B>], counter: MoveCounter) -> Vec<u128> {
    map_blocks(blocks, |block| counter.block_total(block))
}

/// `f` of every block: on all cores when there are several, else on this thread (for a row of
/// judge size, starting the thread pool would cost more than the row).
fn map_blocks<'a, B: Bottle, R: Send>(
    blocks: &[Block<'a, B>],
    f: impl Fn(&Block<'a, B>) -> R + Send + Sync,
) -> Vec<R> {
    if blocks.len() > 1 {
        blocks.par_iter().map(f).collect()
    } else {
        blocks.iter().map(f).collect()
    }
}

/// How many winning moves a row with value `value ≠ 0` has, block by block.
fn row_total<B: Bottle>(segments: &[&[B]], value: u64) -> u128 {
    block_totals(&Block::split(segments), MoveCounter::new(value))
        .iter()
        .sum()
}

/// Solves a position given as a parity per bottle (odd, non-empty), in O(n): one pass for the
/// value, one for the count block by block, and a scan of the first block with a winning move
/// for the smallest move (every bottle before it has no winning move).
pub fn judge_answer(bottles: &Parities) -> JudgeAnswer {
    row_answer(&bottles.segments().collect::<Vec<_>>())
}

/// [`judge_answer`] of a row given in consecutive segments of any kind of [`Bottle`].
fn row_answer<B: Bottle>(segments: &[&[B]]) -> JudgeAnswer {
    let mut answer = JudgeAnswer {
        first_move: None,
        count: 0,
    };
    let value = row_value(segments);
    if value == 0 {
        return answer;
    }
    let n = segments.iter().map(|segment| segment.len()).sum::<usize>() as u64;
    // No move starts in the last bottle, so blocks leave it out.
    let blocks = Block::split(segments);
    let counter = MoveCounter::new(value);
    let totals = block_totals(&blocks, counter);
    answer.count = totals.iter().sum();
    let Some(first_block) = totals.iter().position(|&total| total > 0) else {
        return answer;
    };
    let block = &blocks[first_block];
    let start: usize = blocks[..first_block].iter().map(|b| b.bottles.len()).sum();
    let (offset, d) = block
        .bottles
        .iter()
        .zip(block.distances())
        .position(|(bottle, d)| bottle.is_non_empty() && counter.moves_at(d) > 0)
        .map(|offset| (offset, n - 1 - (start + offset) as u64))
        .expect("a block with moves has a bottle with moves");
    let (_, pair) = target_pairs(d, value ^ bean_grundy(d).0);
    let (dj, dk) = pair.expect("a bottle with moves has a first pair");
    answer.first_move = Some(BeanSplitMove {
        from: start + offset,
        to_j: (n - 1 - dj) as usize,
        to_k: (n - 1 - dk) as usize,
    });
    answer
}

impl BeanSplit {
    /// A position with these beans per bottle. The game's domain is at most [`MAX_BEANS`] a
    /// bottle (parsing checks it; a caller of `new` keeps to it, or to a count of moves that
    /// keeps every bottle within `u128::MAX`).
    pub fn new(beans: impl Into<Counts>) -> Self {
        BeanSplit {
            beans: beans.into(),
        }
    }

    /// The position's value (see [`position_value`]), straight from the counts.
    fn value(&self) -> u64 {
        self.beans.visit(RowValue)
    }

    /// The judge's answer for this position.
    pub fn judge_answer(&self) -> JudgeAnswer {
        self.beans.visit(RowAnswer)
    }
}

/// [`row_value`] on a position's counts, whatever width they are stored in.
struct RowValue;

impl CountsVisitor for RowValue {
    type Output = u64;
    fn visit<T: Count>(self, beans: &[T]) -> u64 {
        row_value(&[beans])
    }
}

/// [`row_answer`] on a position's counts.
struct RowAnswer;

impl CountsVisitor for RowAnswer {
    type Output = JudgeAnswer;
    fn visit<T: Count>(self, beans: &[T]) -> JudgeAnswer {
        row_answer(&[beans])
    }
}

/// The index of the first count above a limit, if any (only counts stored in 128 bits can be).
struct FirstAbove(u128);

impl CountsVisitor for FirstAbove {
    type Output = Option<usize>;
    fn visit<T: Count>(self, beans: &[T]) -> Option<usize> {
        if size_of::<T>() < size_of::<u128>() {
            return None;
        }
        beans.iter().position(|&count| count.into() > self.0)
    }
}

/// [`row_total`] on a position's counts, for the position's value.
struct RowTotal(u64);

impl CountsVisitor for RowTotal {
    type Output = u128;
    fn visit<T: Count>(self, beans: &[T]) -> u128 {
        row_total(&[beans], self.0)
    }
}

impl ImpartialGame for BeanSplit {
    type Move = BeanSplitMove;

    fn moves(&self) -> Vec<BeanSplitMove> {
        let n = self.beans.len();
        let mut moves = Vec::new();
        for from in 0..n {
            if self.beans.get(from) == 0 {
                continue;
            }
            for to_j in from + 1..n {
                for to_k in to_j..n {
                    moves.push(BeanSplitMove { from, to_j, to_k });
                }
            }
        }
        moves
    }

    fn play(&self, mv: &BeanSplitMove) -> Self {
        let mut beans = self.beans.clone();
        // The source is non-empty (the move is legal); a target passes `u128::MAX` only after
        // 2^126 moves from the domain (at most `MAX_BEANS` per bottle, two more per move).
        let from = beans.get(mv.from);
        beans.set(mv.from, from - 1);
        for bottle in [mv.to_j, mv.to_k] {
            let count = beans.get(bottle);
            beans.set(bottle, count + 1);
        }
        BeanSplit { beans }
    }

    /// No move takes from the last bottle (it has no bottle after it), so its count never
    /// matters: the solver may forget it. This is a fact of the rules, not of the theory.
    fn memo_key(&self) -> Self {
        let mut beans = self.beans.clone();
        if let Some(last) = beans.len().checked_sub(1) {
            beans.set(last, 0);
        }
        BeanSplit { beans }
    }

    fn move_to(&self, target: &Self) -> Option<BeanSplitMove> {
        // Straight from the bottles that changed: one bean fewer in the source, one more in each
        // target (two more when both are the same bottle). Listing every move first would take
        // cubic time in the number of bottles.
        let n = self.beans.len();
        if target.beans.len() != n {
            return None;
        }
        let mut from = None;
        let mut gained = Vec::new();
        for index in 0..n {
            let (before, after) = (self.beans.get(index), target.beans.get(index));
            if after.checked_add(1) == Some(before) && from.is_none() {
                from = Some(index);
            } else if before.checked_add(1) == Some(after) {
                gained.push(index);
            } else if before.checked_add(2) == Some(after) {
                gained.extend([index, index]);
            } else if before != after {
                return None;
            }
            if gained.len() > 2 {
                return None;
            }
        }
        match (from, gained.as_slice()) {
            (Some(from), &[to_j, to_k]) if from < to_j => Some(BeanSplitMove { from, to_j, to_k }),
            _ => None,
        }
    }

    fn some_moves(&self, limit: usize) -> (Vec<BeanSplitMove>, bool) {
        let n = self.beans.len();
        let all = (0..n)
            .filter(|&from| self.beans.get(from) > 0)
            .flat_map(|from| {
                (from + 1..n).flat_map(move |to_j| (to_j..n).map(move |to_k| (from, to_j, to_k)))
            })
            .map(|(from, to_j, to_k)| BeanSplitMove { from, to_j, to_k });
        let mut moves: Vec<BeanSplitMove> = all.take(limit.saturating_add(1)).collect();
        let more = moves.len() > limit;
        moves.truncate(limit);
        (moves, more)
    }

    fn quiet_move(&self) -> Option<BeanSplitMove> {
        // The bean closest to the end moves the shortest way: into the last bottle.
        let n = self.beans.len();
        (0..n.saturating_sub(1))
            .rev()
            .find(|&i| self.beans.get(i) > 0)
            .map(|from| BeanSplitMove {
                from,
                to_j: n - 1,
                to_k: n - 1,
            })
    }
}

impl Theory for BeanSplit {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(self.value()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(self.value()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let value = self.value();
        let mut collector = MoveCollector::new(limit);
        if value == 0 {
            return Ok(collector.finish());
        }
        // The count comes block by block; only the listed moves are visited one by one.
        let total = self.beans.visit(RowTotal(value));
        let counter = MoveCounter::new(value);
        let n = self.beans.len();
        let index_of = |d: u64| n - 1 - d as usize;
        let mut listed = 0u128;
        for from in 0..n - 1 {
            if !collector.wants_more() {
                break;
            }
            let distance = (n - 1 - from) as u64;
            if self.beans.get(from) == 0 || counter.moves_at(distance) == 0 {
                continue;
            }
            let w = value ^ bean_grundy(distance).0;
            for (dj, dk) in target_pairs_in_order(distance, w) {
                if !collector.wants_more() {
                    break;
                }
                let mv = BeanSplitMove {
                    from,
                    to_j: index_of(dj),
                    to_k: index_of(dk),
                };
                listed += 1;
                collector.push(|| WinningMove {
                    mv,
                    reason: format!("g({distance}) ⊕ g({dj}) ⊕ g({dk}) cancels the value {value}"),
                });
            }
        }
        collector.count_unlisted(total - listed);
        Ok(collector.finish())
    }
}

impl Notation for BeanSplit {
    fn format_move(&self, mv: &BeanSplitMove) -> String {
        format!("{}>{},{}", mv.from, mv.to_j, mv.to_k)
    }

    fn parse_move(&self, text: &str) -> Result<BeanSplitMove, String> {
        let text = text.trim();
        let bad = || format!("`{text}` is not a move: write i>j,k (0-based bottles), e.g. 0>2,3");
        let (from, targets) = text.split_once('>').ok_or_else(bad)?;
        let (j, k) = targets.split_once(',').ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        let (from, j, k) = (number(from)?, number(j)?, number(k)?);
        let (to_j, to_k) = (j.min(k), j.max(k));
        let n = self.beans.len();
        if to_k >= n {
            return Err(format!(
                "there are only {n} bottles (0 to {})",
                n.saturating_sub(1)
            ));
        }
        if from >= to_j {
            return Err(format!("both targets must come after bottle {from}"));
        }
        if self.beans.get(from) == 0 {
            return Err(format!("bottle {from} is empty"));
        }
        Ok(BeanSplitMove { from, to_j, to_k })
    }

    fn is_canonical_text(text: &str) -> bool {
        crate::notation::is_canonical_number_list(text)
    }
}

impl FromStr for BeanSplit {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Self, InputError> {
        let beans = reader::read_counts_to_end(&mut Scanner::new(text.as_bytes()), "a bean count")?;
        if let Some(index) = beans.visit(FirstAbove(MAX_BEANS)) {
            // Point at the offending count: the index-th token.
            let mut scanner = Scanner::new(text.as_bytes());
            let token = std::iter::from_fn(|| scanner.next_token()).nth(index);
            let message = format!(
                "bottle {index} holds more than 2^127 − 1 beans; the beans a move adds could not be \
                 represented"
            );
            return Err(match token {
                Some(token) => token.error(message),
                None => InputError::new(crate::scanner::Location::EndOfInput, message),
            });
        }
        Ok(BeanSplit { beans })
    }
}

impl fmt::Display for BeanSplit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.beans.fmt(f)
    }
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// The game's spelling on the command line.
pub const NAME: &str = "bean-split";

/// bean-split as a [`Game`]: its description, reader, small positions for `verify`
/// (and the sizes `--size` accepts) and judge formats.
pub(crate) fn game() -> Box<dyn Game> {
    let mut entry = Entry::<BeanSplit>::fixed(
        GameInfo {
            name: NAME.to_string(),
            rules: "bottles 0..n-1 of beans; take a bean from a non-empty bottle i, put one in j and one in k (i < j <= k)".into(),
            position: "beans per bottle, all bottles: `1 0 1 5000`".into(),
            moves: "i>j,k (0-based bottles): `0>2,3`".into(),
            source: "HNOI 2007 分裂游戏 (Luogu P3185, BZOJ 1188)".into(),
            verify_size: "rows of 1..6 bottles of 0..2 beans, rows of 1..4 bottles of 0..S beans (default 14)".into(),
            domain: DOMAIN.to_string(),
        },
        str::parse,
        small_positions,
        (14, 30),
        FORMATS,
    )
    .with_misere_size(6);
    entry.extra_checks = &[("bean-split (judge answer)", judge_answer_check)];
    Box::new(entry)
}

/// bean-split: every row of 1 to 6 bottles with at most 2 beans each, and every row of 1 to 4
/// bottles with at most `size` beans each. (Longer rows are out of reach of the exhaustive search:
/// a bean `d` bottles from the end becomes up to `2^d` beans.)
pub fn small_positions(size: u64) -> Vec<BeanSplit> {
    let mut out: Vec<BeanSplit> = sequences(6, 0, 2)
        .into_iter()
        .chain(sequences(4, 0, size))
        .filter(|beans| !beans.is_empty())
        .map(BeanSplit::new)
        .collect();
    out.sort_by_key(|p| (p.beans.len(), p.beans.to_vec()));
    out.dedup();
    out
}

/// Compares bean-split's judge answer (smallest winning move and count, computed by its own
/// O(n) path) with the referee's winning moves.
fn judge_answer_check(position: &BeanSplit, verdict: &Verdict<BeanSplit>) -> Result<(), String> {
    let answer = position.judge_answer();
    let smallest = verdict.winning_moves.iter().map(|(mv, _)| *mv).min();
    let count = verdict.winning_moves.len() as u128;
    if answer.first_move != smallest || answer.count != count {
        return Err(format!(
            "judge answer {:?} with count {}, exhaustive search {:?} with count {}",
            answer.first_move, answer.count, smallest, count
        ));
    }
    Ok(())
}

/// bean-split (HNOI 2007).
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: None,
        describe: "T, then per case n and p_0..p_{n-1}; prints the smallest winning move `i j k` (or -1 -1 -1) and the number of winning moves",
        solve: solve_bean_split,
        // Spec: T ≤ 10, n ≤ 21, p_i ≤ 10^4.
        shape: Shape::piles(
            &Draws,
            CaseLayout::Counted,
            4,
            Bounds::piles(10, 21, (0, 10_000)),
            Bounds::piles(20, 60, (0, 1_000_000_000_000_000_000)),
        ),
    },
    Format {
        dialect: Some("la3668"),
        describe: "LA 3668 / UVa 1378 A Funny Stone Game: cases n and S_0..S_{n-1}, then 0; prints `Game t: i j k`, the smallest winning move, or `Game t: -1 -1 -1`",
        solve: solve_funny_stone_game,
        shape: Shape::piles(
            &la3668::StoneDraws,
            CaseLayout::ZeroEnded,
            5,
            la3668::LIMITS,
            la3668::BEYOND,
        ),
    },
];

/// What the contest tools draw of bean-split: beans per bottle.
struct Draws;

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((0..=2).map(|a| [a, 0]).collect(), 4)
    }

    /// Empty bottles, mostly, and parities.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let value = match rng.between(0, 5) {
            0..=2 => 0,
            3 => 1,
            4 => 2,
            _ => rng.spread(low, high),
        };
        [value.clamp(low, high), 0]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| rng.between(0, 2).to_string())
    }
}

fn solve_bean_split(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of bottles n")?;
        let bottles = read_parities(scanner, n, "a bean count")?;
        let answer = judge_answer(&bottles);
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

/// LA 3668: the same game, each case's smallest winning move in that judge's words.
fn solve_funny_stone_game(input: &[u8]) -> Result<String, InputError> {
    let games = la3668::read_games(input)?;
    Ok(la3668::write_answers(games.iter().map(|piles| {
        judge_answer(piles)
            .first_move
            .map(|mv| [mv.from, mv.to_j, mv.to_k])
    })))
}

/// Under misère play: no misère theory is known here (the normal theory does not carry over), so
/// positions are decided by exhaustive misère search within its limit, and refused past it.
impl crate::misere::MisereTheory for BeanSplit {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_counter_agrees_with_pair_count() {
        let mut values: Vec<u64> = (1..600).collect();
        values.extend([u64::MAX, u64::MAX - 1, 1 << 40, (1 << 40) + 3, 0x5555_5555]);
        let mut distances: Vec<u64> = (1..700).collect();
        distances.extend([1 << 20, (1 << 33) + 17, 1 << 62, (1 << 62) + 12_345]);
        for &value in &values {
            let counter = MoveCounter::new(value);
            for &d in &distances {
                assert_eq!(
                    counter.moves_at(d),
                    pair_count(d, value ^ bean_grundy(d).0),
                    "value {value}, distance {d}"
                );
            }
        }
    }

    #[test]
    fn block_sums_agree_with_bottle_by_bottle_sums() {
        let mut state = 99u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 11
        };
        for round in 0..400 {
            let len = 1 + (next() % (1 << 16)) as usize;
            let top = (len as u64 - 1) + next() % ((1 << 16) - len as u64 + 1);
            let high = match round % 4 {
                0 => next() % 8,
                1 => next() >> 10,
                2 => (1 << 47) - 1 - next() % 4,
                _ => next() % (1 << 20),
            };
            let bottles: Vec<Parity> = (0..len)
                .map(|_| Parity::of(u128::from(next() % 3)))
                .collect();
            let block = Block {
                high,
                top: top as u16,
                bottles: &bottles,
            };
            let top_m = high << BLOCK_BITS | top;
            let ms = (0..len as u64).map(|k| top_m - k);
            // The odd bottles' XOR of m, and their parity.
            let odd: Vec<u64> = ms
                .clone()
                .zip(&bottles)
                .filter(|(_, p)| p.is_odd())
                .map(|(m, _)| m)
                .collect();
            let xor = odd.iter().fold(0, |a, m| a ^ m);
            assert_eq!(block.odd_xor(), (xor, odd.len() % 2 == 1));
            assert!(block.distances().eq(ms.clone().map(|m| m + 1)));
            // Values of every kind: evil with a high or low bit, odious near and far from H.
            let half_high_value = (high << (BLOCK_BITS + 1)) | (next() % (1 << 17));
            for value in [
                next(),
                next() % 64,
                next() % (1 << 17),
                half_high_value,
                half_high_value ^ (1 << 20),
                3,
                (1 << 40) | 1,
            ] {
                if value == 0 {
                    continue;
                }
                let counter = MoveCounter::new(value);
                let expected: u128 = ms
                    .clone()
                    .zip(&bottles)
                    .filter(|(_, p)| p.is_non_zero())
                    .map(|(m, _)| u128::from(counter.moves_at(m + 1)))
                    .sum();
                assert_eq!(
                    counter.block_total(&block),
                    expected,
                    "value {value}, high {high}"
                );
            }
        }
    }
}
