//! # Euclid pairs — the component of HDU 3595 "GG and MM" (an Every-SG)
//!
//! **Rules.** A position is a row of pairs of piles `p/q`. A move takes a positive multiple of
//! the smaller pile of one pair from the larger one (of two equal piles, from the second), never
//! below zero. A pair with an empty pile has ended. The player who cannot move loses. A single
//! pair is Euclid's game (Cole and Davie, "A game based on the Euclidean algorithm and a winning
//! strategy for it", *Math. Gazette* 53 (1969); HDU 1525): the player who empties a pile wins.
//!
//! **Position notation.** `25/7 4/3`: `p/q` per pair, in order. **Moves.** `2-3` takes 3 times
//! the smaller pile of pair 2 (pairs count from 1) from its larger pile.
//!
//! ## Theory
//!
//! Write a pair as (x, y) with x ≤ y, x ≥ 1, q = ⌊y/x⌋ and r = y mod x; B = (r, x) is the pair
//! after taking q·x. The options of (x, y) are B and the chain P_j = (x, r + j·x) for
//! j = 1 … q − 1, and P_j's own options are B, P_1, …, P_{j−1}: every value of (x, y) follows
//! from B's by the chain, and B is one step of Euclid's algorithm down. So each pair is
//! answered in O(log) steps, from the quotients of its continued fraction, bottom up (an ended
//! pair is worth 0 and has R = S = 0).
//!
//! * **Grundy value.** With b = G(B): P_j is the mex of {b, G(P_1), …, G(P_{j−1})}, so the chain
//!   counts 0, 1, 2, … skipping b: G(P_j) = j − 1 if j − 1 < b, else j; and G(x, y) = G(P_q)
//!   (whose options are exactly B and P_1 … P_{q−1}).
//! * **Remoteness and suspense** (see [`crate::compound`]). If q = 1 the only option is B:
//!   R = R(B) + 1. If q ≥ 2 and R(B) = c is even, P_1 = c + 1 and every P_j has the even option
//!   B as its least even one: every P_j, and (x, y), has R = c + 1. If c is odd, P_1 = c + 1
//!   (even) and every P_j with j ≥ 2 has P_1 as its least even option: R = c + 2. S follows the
//!   same steps (the largest even option of P_j is B or P_1 likewise), so R = S for every pair.
//!   In words: a pair with q ≥ 2 is won, and the winner takes the pair to B or to P_1, whichever
//!   is lost — the known solution of HDU 3595, which compares the winners' longest game with
//!   the losers'.
//!
//! The tests check the Grundy values, R and S of every pair up to 30 against exhaustive search,
//! and the winning moves against the search's.

use super::counted_sum::{CountedSum, Counter};
use crate::compound::game::compounds;
use crate::compound::measure::Measures;
use crate::core::Nimber;
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{BILLION, Bounds, CaseLayout, Format, Generators, Item, Shape, small_row};
use crate::scanner::{InputError, Scanner};

/// The game's spelling on the command line.
pub const NAME: &str = "euclid";

/// The numbers the game accepts.
pub const DOMAIN: &str = "any number of pairs of piles of 0 to 2^64 - 1 stones (every answer is a \
                          few steps of Euclid's algorithm per pair)";

/// One pair of piles, in the order written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    first: u64,
    second: u64,
}

/// A position: a row of Euclid pairs.
pub type Euclid = CountedSum<Pair>;

impl Pair {
    /// The pair of piles `first` and `second`.
    pub fn new(first: u64, second: u64) -> Pair {
        Pair { first, second }
    }

    /// The quotients of the pair's continued fraction, top down: (x, y) with x ≤ y gives
    /// ⌊y/x⌋, then those of (y mod x, x); none for an ended pair.
    fn quotients(&self) -> Vec<u64> {
        let (mut x, mut y) = (self.first.min(self.second), self.first.max(self.second));
        let mut quotients = Vec::new();
        while x > 0 {
            quotients.push(y / x);
            (x, y) = (y % x, x);
        }
        quotients
    }

    /// R and S of the pair (equal; see the module documentation).
    pub fn remoteness(&self) -> u64 {
        // At most 2 per step of Euclid's algorithm (fewer than 100 steps for u64): no overflow.
        self.quotients().iter().rev().fold(0, |below, &q| {
            if q == 1 || below % 2 == 0 {
                below + 1
            } else {
                below + 2
            }
        })
    }

    /// The Grundy value of B, the pair after taking the largest multiple, and the quotient q.
    fn below(&self) -> Option<(u64, u64)> {
        let quotients = self.quotients();
        let (&q, rest) = quotients.split_first()?;
        let b = rest
            .iter()
            .rev()
            .fold(0, |b, &q| if q - 1 < b { q - 1 } else { q });
        Some((q, b))
    }
}

impl Counter for Pair {
    type Rule = ();
    const NOUN: &'static str = "pair";
    const SEPARATOR: char = '-';
    const SHAPE: &'static str = "p/q";

    fn most(&self, (): ()) -> u64 {
        let (x, y) = (self.first.min(self.second), self.first.max(self.second));
        y.checked_div(x).unwrap_or(0)
    }

    fn after(&self, (): (), count: u64) -> Self {
        // count ≤ most, so count · smaller ≤ larger.
        if self.first < self.second {
            Pair::new(self.first, self.second - count * self.first)
        } else {
            Pair::new(self.first - count * self.second, self.second)
        }
    }

    fn count_to(&self, (): (), to: &Self) -> Option<u64> {
        let (small, large, to_small, to_large) = if self.first < self.second {
            (self.first, self.second, to.first, to.second)
        } else {
            (self.second, self.first, to.second, to.first)
        };
        if small == 0 || to_small != small {
            return None;
        }
        let taken = large.checked_sub(to_large)?;
        let count = taken / small;
        (taken % small == 0 && count >= 1 && count <= self.most(())).then_some(count)
    }

    fn grundy(&self, (): ()) -> Nimber {
        match self.below() {
            None => Nimber(0),
            Some((q, b)) => Nimber(if q - 1 < b { q - 1 } else { q }),
        }
    }

    fn counts_to_value(&self, (): (), target: Nimber, each: &mut dyn FnMut(u64)) {
        let Some((q, b)) = self.below() else {
            return;
        };
        let t = target.0;
        // Taking q·x reaches B (worth b); taking (q − j)·x reaches P_j (worth j − 1 below b,
        // j from b + 1 on).
        let j = match t.cmp(&b) {
            std::cmp::Ordering::Equal => return each(q),
            std::cmp::Ordering::Less => t + 1,
            std::cmp::Ordering::Greater => t,
        };
        if j < q {
            each(q - j);
        }
    }

    fn pair(&self) -> (u64, u64) {
        (self.first, self.second)
    }

    fn from_pair(first: u64, second: u64) -> Result<Self, String> {
        Ok(Pair::new(first, second))
    }

    fn measures(&self, (): ()) -> Option<Measures> {
        let value = self.remoteness();
        Some(Measures {
            remoteness: value,
            suspense: value,
        })
    }
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// Euclid pairs as a [`Game`], played also as compounds (the HDU 3595 format is the continued
/// one).
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(
        Entry::<Euclid>::fixed(
            GameInfo {
                name: NAME.to_string(),
                rules: "pairs of piles; take a positive multiple of the smaller pile of one pair \
                        from its larger pile; a pair with an empty pile has ended"
                    .into(),
                position: "p/q per pair: `25/7 4/3`".into(),
                moves: "<i>-<k>: take k times the smaller pile of pair i (from 1) from its \
                        larger pile: `1-2`"
                    .into(),
                source: "Euclid's game (Cole and Davie 1969; HDU 1525); HDU 3595 GG and MM is \
                         its continued conjunctive compound (`solve euclid`)"
                    .into(),
                verify_size: "single pairs of piles up to 4S, pairs of pairs up to S (default 8)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            |text| Euclid::parse_with((), text),
            small_positions,
            (8, 30),
            FORMATS,
        )
        .with_misere_size(4)
        .with_compounds(compounds::<Euclid>()),
    )
}

/// Every single pair with piles up to `4·size`, and every two pairs with piles up to `size`.
pub fn small_positions(size: u64) -> Vec<Euclid> {
    let mut out = vec![Euclid::new((), Vec::new())];
    let big = size.saturating_mul(4);
    for first in 0..=big {
        for second in 0..=big {
            out.push(Euclid::new((), vec![Pair::new(first, second)]));
        }
    }
    let singles: Vec<Pair> = (0..=size)
        .flat_map(|first| (0..=size).map(move |second| Pair::new(first, second)))
        .collect();
    for &a in &singles {
        for &b in &singles {
            out.push(Euclid::new((), vec![a, b]));
        }
    }
    out
}

/// HDU 3595 "GG and MM".
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: None,
        describe: "HDU 3595 GG and MM (reconstructed): cases until end of input, each n and n lines \
               `p q`, all n pairs played at once as the continued conjunctive compound \
               (Every-SG); prints MM if the first player (MM) wins, else GG",
        solve: solve_hdu3595,
        // Reconstructed (see docs/compounds.md): n ≤ 1000 per case; the pile limit is not known,
        // so 10^9 is assumed. Past it: piles to 2^40, zero piles.
        shape: Shape::pairs(
            &Draws,
            CaseLayout::UntilEnd,
            1,
            false,
            Bounds::pairs(10, 1000, (1, BILLION), (1, BILLION)),
            Bounds::pairs(10, 1000, (0, 1 << 40), (0, 1 << 40)),
        ),
    },
    Format {
        dialect: Some("poj2348"),
        describe: "POJ 2348 Euclid's Game (= HDU 1525): lines `a b` of positive piles until `0 0`; \
               the player who empties a pile wins; prints Stan wins if the first player (Stan) \
               wins, else Ollie wins",
        solve: solve_poj2348,
        // Piles below 2^31; the number of lines is not stated.
        shape: Shape::pairs(
            &PairLines,
            CaseLayout::EndedBy("0 0"),
            2,
            false,
            Bounds::pairs(100, 1, (1, (1 << 31) - 1), (1, (1 << 31) - 1)),
            Bounds::pairs(100, 1, (1, u64::MAX), (1, u64::MAX)),
        )
        .uncounted(),
    },
];

/// What the contest tools draw for POJ 2348: one pair a line, the input ended by `0 0`.
struct PairLines;

impl Generators for PairLines {
    fn tiny(&self) -> (Vec<Item>, usize) {
        (Draws.tiny().0, 1)
    }

    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item {
        Draws.boundary(rng, bounds, before)
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        let [a, b] = items.first().copied().unwrap_or([1, 1]);
        Some(format!("{} {}\n", a.max(1), b.max(1)))
    }

    fn position(&self, rng: &mut Rng) -> String {
        Draws.position(rng)
    }
}

/// Reads POJ 2348's pairs until `0 0`. A single pair is Euclid's game itself: its last move
/// empties a pile, so the player who empties a pile is the one who moves last, and the first
/// player wins exactly when the pair's Grundy value is not 0.
fn solve_poj2348(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    loop {
        let a = scanner.next_u64("a pile a")?;
        let mut at = scanner.clone();
        let b = scanner.next_u64("a pile b")?;
        if a == 0 && b == 0 {
            break;
        }
        if a == 0 || b == 0 {
            let token = at.expect_token("a pile b")?;
            return Err(token.error(format!(
                "piles are positive (only `0 0` ends the input), found `{a} {b}`"
            )));
        }
        let won = Pair::new(a, b).grundy(()) != Nimber(0);
        out.push_str(if won { "Stan wins\n" } else { "Ollie wins\n" });
    }
    scanner.expect_end()?;
    Ok(out)
}

/// What the contest tools draw of Euclid pairs: pairs `p q`.
struct Draws;

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let pairs = (1..=5).flat_map(|p| (1..=5).map(move |q| [p, q]));
        (pairs.collect(), 3)
    }

    /// Consecutive Fibonacci numbers (the longest chains of quotient 1, where R and S
    /// alternate), multiples (a quotient of 2 or more: won), equal piles, and the ends.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
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
        let p = rng.spread(low, high);
        let pair = match rng.between(0, 5) {
            0 => [fibonacci.0, fibonacci.1],
            1 => [fibonacci.1, fibonacci.0],
            2 => [p, p.saturating_mul(rng.between(2, 5))],
            3 => [p, p],
            4 => [p, p.saturating_add(rng.between(1, 3))],
            _ => [p, rng.spread(second_low, second_high)],
        };
        [
            pair[0].clamp(low, high),
            pair[1].clamp(second_low, second_high),
        ]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| {
            format!("{}/{}", rng.between(1, 12), rng.between(1, 12))
        })
    }
}

/// Reads HDU 3595 cases to the end of the input: the first player wins the continued compound
/// exactly when the largest S of the pairs is odd.
fn solve_hdu3595(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let n = scanner.next_count("the number of games n")?;
        let mut largest = 0u64;
        for _ in 0..n {
            let p = scanner.next_u64("a pile p")?;
            let q = scanner.next_u64("a pile q")?;
            largest = largest.max(Pair::new(p, q).remoteness());
        }
        out.push_str(if largest % 2 == 1 { "MM\n" } else { "GG\n" });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compound::measure::MeasureSearch;
    use crate::core::ExhaustiveSolver;
    use crate::theory::Theory;

    #[test]
    fn every_pair_up_to_30_agrees_with_exhaustive_search() {
        let mut solver = ExhaustiveSolver::new();
        let mut search = MeasureSearch::new(1 << 20);
        for first in 0..=30u64 {
            for second in 0..=30u64 {
                let position = Euclid::new((), vec![Pair::new(first, second)]);
                assert_eq!(
                    position.grundy_value(),
                    Some(solver.grundy_value(&position)),
                    "G({first}/{second})"
                );
                let searched = search.measures(&position).unwrap();
                let pair = Pair::new(first, second);
                assert_eq!(
                    searched.remoteness,
                    pair.remoteness(),
                    "R({first}/{second})"
                );
                assert_eq!(searched.suspense, pair.remoteness(), "S({first}/{second})");
            }
        }
    }

    #[test]
    fn the_format_reads_cases_to_the_end() {
        // (3, 5): quotients 1, 1, 2, so S = 1, 2, 3 bottom up: odd. (2, 3): quotients 1, 2,
        // S = 1, 2: even. (1, 1): S = 1.
        assert_eq!(solve_hdu3595(b"1\n3 5\n").unwrap(), "MM\n");
        assert_eq!(solve_hdu3595(b"2\n2 3\n1 1\n1\n2 3\n").unwrap(), "GG\nGG\n");
        assert_eq!(solve_hdu3595(b"2\n2 3\n3 5\n").unwrap(), "MM\n");
        assert!(solve_hdu3595(b"2\n1 1\n").is_err());
    }
}
