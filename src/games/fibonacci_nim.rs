//! # Fibonacci Nim and its k-multiple generalisation — HDU 2516, POJ 3922 = HDU 2486
//!
//! **Rules.** A position is a row of heaps, each with the most that may be taken from it next.
//! A move takes x tokens from one heap, 1 ≤ x ≤ its most; afterwards that heap's most is k·x
//! (k = 2 in Fibonacci Nim; `fibonacci-nim:K` plays another k). A heap starts with most n − 1:
//! the first move may not take the whole heap. The player who cannot move loses (so whoever
//! takes the last token of a single heap wins). A row of heaps is their sum: each heap keeps its
//! own most. Fibonacci Nim is due to R. E. Whinihan ("Fibonacci Nim", *Fibonacci Quarterly* 1
//! (1963) 9–13); the k-multiple game to A. J. Schwenk ("Take-away games", *Fibonacci Quarterly* 8
//! (1970) 225–234), and is POJ 3922 = HDU 2486 "A simple stone game".
//!
//! **Position notation.** `20/13 7`: heap `n/m` (n tokens, at most m may be taken), or `n`
//! alone for a starting heap (n/(n−1)); printed `n/m`. A most past the heap is kept as written
//! (the heap is the real bound). **Moves.** `1-3` takes 3 tokens from heap 1 (heaps count from 1).
//!
//! ## Theory
//!
//! Build the terms c_0 < c_1 < … for the multiple k: c_0 = 1, and with d_i the largest number
//! written as a sum of terms among c_0 … c_i each more than k times the next smaller one
//! (a *k-sum*), c_{i+1} = d_i + 1 and d_{i+1} = c_{i+1} + d_j, j the largest index with
//! k·c_j < c_{i+1} (d_{i+1} = c_{i+1} when none). For k = 2 the terms are the Fibonacci
//! numbers 1, 2, 3, 5, 8, … and k-sums are Zeckendorf's representations; for k = 1 the powers of
//! two and binary. Every n ≥ 1 is a k-sum in exactly one way (take the largest term ≤ n, greedily;
//! the construction of d makes the rest fit below it): write s(n) for its smallest term.
//!
//! * **Who wins.** The heap (n, m), n ≥ 1, is won exactly when s(n) ≤ m. Proof sketch, by
//!   induction: taking x = s(n) leaves n − x, whose smallest term is more than k·x, so the
//!   opponent (most k·x) faces again s > most (or nothing). From (n, m) with s(n) > m, a take
//!   x ≤ m < s(n) leaves n − x, whose k-sum is n's without s(n) followed by that of s(n) − x;
//!   were its smallest term more than k·x, appending x's k-sum (terms at most x) would write the
//!   term s(n) as a k-sum of two or more terms, against uniqueness. So s(n − x) ≤ k·x: the
//!   opponent wins.
//! * **Every winning move.** From (n, m) with representation t_1 > … > t_r, a take x wins
//!   exactly when x is a suffix sum x_j = t_j + … + t_r with x_j ≤ m and (j = 1, taking the
//!   whole heap, or t_{j−1} > k·x_j). Proof: x wins when n − x = 0 or s(n − x) > k·x; then the
//!   representation of n − x, followed by that of x (whose terms are at most x < s(n − x)/k), is
//!   a k-sum of n, so by uniqueness it is n's: x is a suffix sum. The smallest winning take is
//!   s(n) — POJ 3922's answer for the start (n, n − 1), and HDU 2516 asks whether n is a
//!   Fibonacci number (then the first player loses).
//! * **Sums of heaps** need each heap's Grundy value G(n, m) = mex{G(n − x, k·x)}, which has no
//!   known closed form: it is computed for heaps up to [`TABLE_LIMIT`] (the most clamped to the
//!   heap), incrementally in m (each larger most adds one option). A single heap is answered at
//!   any size; a sum of several with a heap past the table is refused with the limit named.
//!
//! Everything is in integers, exact for heaps up to 2^64 − 1. The tests check every heap up to
//! 40 with every most, and every two heaps up to 6, against exhaustive search for k = 1 … 4, and
//! the winners against a brute force over the rules (proptest).

use crate::core::{ImpartialGame, Nimber, Winner, nim_sum};
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Shape, for_each_case, small_row};
use crate::misere::MisereTheory;
use crate::notation::{parse_indexed_count, single_difference};
use crate::scanner::{InputError, Scanner, parse_u64_bytes};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;

/// The game's spelling on the command line (k = 2).
pub const NAME: &str = "fibonacci-nim";

/// The largest heap whose Grundy values are computed (for sums of several heaps).
pub const TABLE_LIMIT: u64 = 2048;

/// The largest multiple k of `fibonacci-nim:K` (POJ 3922's limit: the terms up to 2^64 then
/// number about k·44 and take up to 70 MB at this k).
pub const MOST_MULTIPLE: u64 = 100_000;

/// The numbers the game accepts.
pub const DOMAIN: &str = "any number of heaps of 0 to 2^64 - 1 tokens, each with a most of 0 to \
                          2^64 - 1; a single heap is answered exactly at any size (its Grundy \
                          value only up to 2048 tokens), a sum of several needs every heap up to \
                          2048; fibonacci-nim:K takes k from 1 to 100000";

// ---- The terms and k-sums. ----

/// The terms c_0 < c_1 < … for a multiple k, up to the first whose d reaches a bound.
pub(crate) struct Terms {
    terms: Vec<u64>,
}

impl Terms {
    /// The terms for `multiple` until every number up to `largest` is a k-sum of them.
    pub(crate) fn up_to(multiple: u64, largest: u64) -> Terms {
        let mut terms = vec![1u64];
        let mut reach = vec![1u64]; // d_i
        let mut below = 0usize; // the largest j with k·c_j < the newest term, once one exists
        while *reach.last().expect("one term at least") < largest {
            // d_i < largest ≤ 2^64 − 1: no overflow.
            let next = reach.last().expect("one term at least") + 1;
            while below + 1 < terms.len()
                && u128::from(terms[below + 1]) * u128::from(multiple) < u128::from(next)
            {
                below += 1;
            }
            let fits = u128::from(terms[below]) * u128::from(multiple) < u128::from(next);
            let next_reach = if fits {
                next.saturating_add(reach[below])
            } else {
                next
            };
            terms.push(next);
            reach.push(next_reach);
        }
        Terms { terms }
    }

    /// The k-sum of `n`, largest term first (empty for 0).
    pub(crate) fn representation(&self, mut n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        for &term in self.terms.iter().rev() {
            if term <= n {
                out.push(term);
                n -= term;
            }
        }
        out
    }
}

/// Every winning take from heap `n` with most `most`, smallest first, by the theory.
pub fn winning_takes(multiple: u64, n: u64, most: u64) -> Vec<u64> {
    let terms = Terms::up_to(multiple, n);
    let representation = terms.representation(n);
    let mut takes = Vec::new();
    let mut suffix = 0u64;
    for j in (0..representation.len()).rev() {
        suffix += representation[j]; // a suffix of n's k-sum: at most n.
        if suffix > most {
            break;
        }
        let stops =
            j == 0 || u128::from(representation[j - 1]) > u128::from(multiple) * u128::from(suffix);
        if stops {
            takes.push(suffix);
        }
    }
    takes
}

/// Whether the heap `n` with most `most` is lost for the player to move.
pub fn is_lost(multiple: u64, n: u64, most: u64) -> bool {
    let terms = Terms::up_to(multiple, n);
    terms.representation(n).last().is_none_or(|&s| s > most)
}

// ---- Positions and moves. ----

/// One heap: its tokens and the most that may be taken next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heap {
    tokens: u64,
    most: u64,
}

impl Heap {
    /// A heap of `tokens` from which at most `most` may be taken next.
    pub fn new(tokens: u64, most: u64) -> Heap {
        Heap { tokens, most }
    }

    /// A starting heap: the first take may not empty it.
    pub fn start(tokens: u64) -> Heap {
        Heap::new(tokens, tokens.saturating_sub(1))
    }

    /// The most of one take here (the most, within the heap).
    fn largest_take(&self) -> u64 {
        self.most.min(self.tokens)
    }

    /// The heap after taking `take` under `multiple` (the most past 2^64 − 1 is written
    /// 2^64 − 1, more than any heap).
    fn after(&self, multiple: u64, take: u64) -> Heap {
        Heap::new(self.tokens - take, take.saturating_mul(multiple))
    }
}

/// A position: the multiple k and a row of heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FibonacciNim {
    multiple: u64,
    heaps: Vec<Heap>,
}

/// Take `take` tokens from heap `index` (0-based).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    /// The heap, from 0.
    pub index: usize,
    /// How many tokens.
    pub take: u64,
}

impl FibonacciNim {
    /// The position of these heaps under the multiple k.
    pub fn new(multiple: u64, heaps: Vec<Heap>) -> FibonacciNim {
        FibonacciNim { multiple, heaps }
    }

    /// The heaps, in order.
    pub fn heaps(&self) -> &[Heap] {
        &self.heaps
    }

    /// Reads `n/m` or `n` per heap under `multiple`; errors name the offending token.
    pub fn parse_with(multiple: u64, text: &str) -> Result<FibonacciNim, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut heaps = Vec::new();
        while let Some(token) = scanner.next_token() {
            let bad = || {
                token.error(format!(
                    "expected a heap `n/m` (n tokens, at most m taken next) or `n` (a starting \
                     heap), numbers from 0 to 2^64 - 1; found `{}`",
                    token.show()
                ))
            };
            let heap = match token.text.iter().position(|&b| b == b'/') {
                Some(slash) => Heap::new(
                    parse_u64_bytes(&token.text[..slash]).ok_or_else(bad)?,
                    parse_u64_bytes(&token.text[slash + 1..]).ok_or_else(bad)?,
                ),
                None => Heap::start(parse_u64_bytes(token.text).ok_or_else(bad)?),
            };
            heaps.push(heap);
        }
        Ok(FibonacciNim { multiple, heaps })
    }

    /// Every heap's Grundy value, when every heap is within the table.
    fn values(&self) -> Result<Vec<Nimber>, AnalysisError> {
        let table = self.table()?;
        Ok(self
            .heaps
            .iter()
            .map(|heap| Nimber(u64::from(table.value(heap.tokens, heap.most))))
            .collect())
    }

    /// The Grundy table up to the largest heap, or why there is none.
    fn table(&self) -> Result<GrundyTable, AnalysisError> {
        let largest = self.heaps.iter().map(|heap| heap.tokens).max().unwrap_or(0);
        if largest > TABLE_LIMIT {
            return Err(AnalysisError::TooLarge(format!(
                "a sum of several heaps needs each heap's Grundy value, computed for heaps up to \
                 {TABLE_LIMIT} tokens; this position has a heap of {largest}"
            )));
        }
        Ok(GrundyTable::new(self.multiple, largest))
    }
}

impl fmt::Display for FibonacciNim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, heap) in self.heaps.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}/{}", heap.tokens, heap.most)?;
        }
        Ok(())
    }
}

impl ImpartialGame for FibonacciNim {
    type Move = Take;

    fn moves(&self) -> Vec<Take> {
        self.some_moves(usize::MAX).0
    }

    fn play(&self, mv: &Take) -> Self {
        let mut next = self.clone();
        next.heaps[mv.index] = self.heaps[mv.index].after(self.multiple, mv.take);
        next
    }

    fn move_to(&self, target: &Self) -> Option<Take> {
        let index = single_difference(&self.heaps, &target.heaps)?;
        let heap = self.heaps[index];
        let take = heap.tokens.checked_sub(target.heaps[index].tokens)?;
        (take >= 1
            && take <= heap.largest_take()
            && heap.after(self.multiple, take) == target.heaps[index])
            .then_some(Take { index, take })
    }

    fn some_moves(&self, limit: usize) -> (Vec<Take>, bool) {
        let mut moves = Vec::new();
        for (index, heap) in self.heaps.iter().enumerate() {
            for take in 1..=heap.largest_take() {
                if moves.len() == limit {
                    return (moves, true);
                }
                moves.push(Take { index, take });
            }
        }
        (moves, false)
    }

    fn quiet_move(&self) -> Option<Take> {
        self.heaps
            .iter()
            .position(|heap| heap.largest_take() >= 1)
            .map(|index| Take { index, take: 1 })
    }
}

impl Notation for FibonacciNim {
    fn format_move(&self, mv: &Take) -> String {
        format!("{}-{}", mv.index + 1, mv.take)
    }

    fn parse_move(&self, text: &str) -> Result<Take, String> {
        let (index, take) = parse_indexed_count(text, '-', "heap", self.heaps.len())?;
        let heap = self.heaps[index];
        let most = heap.largest_take();
        if take == 0 || take > most {
            return Err(format!(
                "heap {} ({}/{}) allows taking 1 to {most}",
                index + 1,
                heap.tokens,
                heap.most
            ));
        }
        Ok(Take { index, take })
    }
}

impl Theory for FibonacciNim {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        if let [heap] = self.heaps[..] {
            return Ok(if is_lost(self.multiple, heap.tokens, heap.most) {
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
        if let [heap] = self.heaps[..] {
            for take in winning_takes(self.multiple, heap.tokens, heap.most) {
                collector.push(|| WinningMove {
                    mv: Take { index: 0, take },
                    reason: match heap.tokens - take {
                        0 => "takes the last token".to_string(),
                        left => format!(
                            "the smallest term of {left}'s {} is above the opponent's most, {}",
                            if self.multiple == 2 {
                                "Zeckendorf sum".to_string()
                            } else {
                                format!("{}-sum", self.multiple)
                            },
                            u128::from(take) * u128::from(self.multiple)
                        ),
                    },
                });
            }
            return Ok(collector.finish());
        }
        let table = self.table()?;
        let values = self.values()?;
        let total = values.iter().fold(Nimber::ZERO, |a, &b| a ^ b);
        if total == Nimber::ZERO {
            return Ok(collector.finish());
        }
        for (index, (heap, &value)) in self.heaps.iter().zip(&values).enumerate() {
            let target = total ^ value;
            for take in 1..=heap.largest_take() {
                let after = heap.after(self.multiple, take);
                if u64::from(table.value(after.tokens, after.most)) == target.0 {
                    collector.push(|| WinningMove {
                        mv: Take { index, take },
                        reason: format!(
                            "heap {} goes from SG {} to SG {}: nim-sum 0",
                            index + 1,
                            value.0,
                            target.0
                        ),
                    });
                }
            }
        }
        Ok(collector.finish())
    }
}

/// Misère play is refereed by exhaustive misère search.
impl MisereTheory for FibonacciNim {}

/// The Grundy values G(n, m) of the heaps up to a bound, m clamped to n.
struct GrundyTable {
    values: Vec<u16>,
}

impl GrundyTable {
    /// Row n holds G(n, 0 … n); G(n, m) adds the option of taking m to G(n, m − 1)'s, so the
    /// mex only grows along a row.
    fn new(multiple: u64, largest: u64) -> GrundyTable {
        let largest = largest.min(TABLE_LIMIT) as usize;
        let mut values = Vec::with_capacity((largest + 1) * (largest + 2) / 2);
        let mut seen = vec![false; largest + 2];
        for tokens in 0..=largest {
            seen[..tokens + 2].fill(false);
            let mut mex = 0usize;
            values.push(0);
            for take in 1..=tokens {
                let left = tokens - take;
                let most = (take as u64).saturating_mul(multiple).min(left as u64) as usize;
                let value = values[left * (left + 1) / 2 + most] as usize;
                seen[value] = true;
                while seen[mex] {
                    mex += 1;
                }
                values.push(mex as u16);
            }
        }
        GrundyTable { values }
    }

    /// G(tokens, most), the heap within the table.
    fn value(&self, tokens: u64, most: u64) -> u16 {
        let tokens = tokens as usize;
        let most = most.min(tokens as u64) as usize;
        self.values[tokens * (tokens + 1) / 2 + most]
    }
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// Fibonacci Nim (k = 2) as a [`Game`], with HDU 2516 (the default) and POJ 3922.
pub(crate) fn game() -> Box<dyn Game> {
    with_multiple(2)
}

/// `fibonacci-nim:K`: `None` for another spelling, else the game or why K is not one.
pub(crate) fn resolve(spelling: &str) -> Option<Result<Box<dyn Game>, String>> {
    let multiple = spelling.strip_prefix(NAME)?.strip_prefix(':')?;
    Some(match multiple.parse::<u64>() {
        Ok(k) if (1..=MOST_MULTIPLE).contains(&k) => Ok(with_multiple(k)),
        _ => Err(format!(
            "`{spelling}`: write {NAME}:K with the multiple K from 1 to {MOST_MULTIPLE} (each \
             take at most K times the last; {NAME} is K = 2)"
        )),
    })
}

/// The game for the multiple `multiple`.
fn with_multiple(multiple: u64) -> Box<dyn Game> {
    let name = if multiple == 2 {
        NAME.to_string()
    } else {
        format!("{NAME}:{multiple}")
    };
    Box::new(
        Entry::<FibonacciNim>::fixed(
            GameInfo {
                name,
                rules: format!(
                    "heaps; take from one heap at least 1 and at most its most, which then \
                     becomes {multiple} times the take; a starting heap's most is one less than \
                     the heap (the first take may not empty it)"
                ),
                position: "n/m per heap (n tokens, at most m taken next), or n for a starting \
                           heap: `20 7/2`"
                    .into(),
                moves: "<i>-<x>: take x tokens from heap i (from 1): `1-3`".into(),
                source: "R. E. Whinihan, Fibonacci Nim (1963), by Zeckendorf's theorem; the \
                         k-multiple game (fibonacci-nim:K) A. J. Schwenk, Take-away games (1970); \
                         HDU 2516, POJ 3922 = HDU 2486"
                    .into(),
                verify_size: "single heaps up to 4S with every most, pairs of heaps up to S \
                              (default 6)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            move |text| FibonacciNim::parse_with(multiple, text),
            move |size| small_positions(multiple, size),
            (6, 20),
            if multiple == 2 { FORMATS } else { &[] },
        )
        .with_misere_size(4),
    )
}

/// Every single heap up to `4·size` tokens with every most up to the heap, and every two such
/// heaps up to `size`.
pub fn small_positions(multiple: u64, size: u64) -> Vec<FibonacciNim> {
    let heaps = |largest: u64| {
        (0..=largest).flat_map(|tokens| (0..=tokens).map(move |most| Heap::new(tokens, most)))
    };
    let mut out = vec![FibonacciNim::new(multiple, Vec::new())];
    out.extend(heaps(size.saturating_mul(4)).map(|heap| FibonacciNim::new(multiple, vec![heap])));
    let small: Vec<Heap> = heaps(size).collect();
    for &a in &small {
        for &b in &small {
            out.push(FibonacciNim::new(multiple, vec![a, b]));
        }
    }
    out
}

/// HDU 2516's shape: lines `n` until `0`.
const HDU2516: Shape = Shape::piles(
    &Draws {
        with_multiple: false,
    },
    CaseLayout::ZeroEnded,
    2,
    // The statement bounds n (2 ≤ n < 2^31), not the lines; 1000 are assumed.
    Bounds::piles(1000, 1, (2, (1 << 31) - 1)),
    Bounds::piles(1000, 1, (1, u64::MAX)),
)
.uncounted();

/// HDU 2516 (the default) and POJ 3922.
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: None,
        describe: "HDU 2516 取石子游戏: lines n (2 <= n < 2^31) until 0; prints `Second win` if \
                   the first player loses (n is a Fibonacci number), else `First win`",
        solve: solve_hdu2516,
        shape: HDU2516,
    },
    Format {
        dialect: Some("hdu2516"),
        describe: "HDU 2516 (the default format): lines n until 0; `Second win` or `First win`",
        solve: solve_hdu2516,
        shape: HDU2516,
    },
    Format {
        dialect: Some("poj3922"),
        describe: "POJ 3922 = HDU 2486 A simple stone game: T (<= 20), then lines `n k` \
                   (2 <= n <= 10^8, 1 <= k <= 10^5; the game with multiple k); prints `Case i: \
                   lose`, or `Case i: m` with m the smallest winning first take",
        solve: solve_poj3922,
        shape: Shape::pairs(
            &Draws {
                with_multiple: true,
            },
            CaseLayout::Counted,
            3,
            false,
            Bounds::pairs(20, 1, (2, 100_000_000), (1, MOST_MULTIPLE)),
            Bounds::pairs(20, 1, (1, 1 << 40), (1, MOST_MULTIPLE)),
        )
        .uncounted(),
    },
];

/// What the contest tools draw of Fibonacci Nim: heaps `n` (HDU 2516), or with their multiple,
/// `n k` (POJ 3922).
struct Draws {
    with_multiple: bool,
}

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let multiples = if self.with_multiple { 1..=3 } else { 0..=0 };
        let items = (2..=9).flat_map(|n| multiples.clone().map(move |k| [n, k]));
        (items.collect(), 1)
    }

    /// The terms of the multiple (lost starts) and their neighbours, sums of two spread-out
    /// terms, and the ends.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let (k_low, k_high) = bounds.second;
        let multiple = if !self.with_multiple {
            2
        } else {
            match rng.between(0, 2) {
                0 => rng.between(1, 4),
                1 => rng.spread(1, 1000),
                _ => rng.spread(1, k_high),
            }
            .clamp(k_low.max(1), k_high)
        };
        // The terms up to the limit (few unless k is large and the limit too).
        let cap = if multiple > 1000 {
            high.min(1 << 16)
        } else {
            high
        };
        let terms = Terms::up_to(multiple, cap).terms;
        let term = |rng: &mut Rng| terms[rng.between(0, terms.len() as u64 - 1) as usize];
        let n = match rng.between(0, 4) {
            0 => term(rng),
            1 => term(rng).saturating_add(1),
            2 => term(rng).saturating_sub(1),
            3 => term(rng).saturating_add(term(rng)),
            _ => high - rng.between(0, 2).min(high - low),
        };
        [
            n.clamp(low, high),
            if self.with_multiple { multiple } else { 0 },
        ]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| {
            let tokens = rng.between(2, 14);
            if rng.chance(1, 2) {
                tokens.to_string()
            } else {
                format!("{tokens}/{}", rng.between(1, tokens))
            }
        })
    }
}

/// HDU 2516: whether each n (until 0) is a Fibonacci number.
fn solve_hdu2516(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    loop {
        let n = scanner.next_u64("a heap n")?;
        if n == 0 {
            break;
        }
        out.push_str(if is_lost(2, n, n - 1) {
            "Second win\n"
        } else {
            "First win\n"
        });
    }
    scanner.expect_end()?;
    Ok(out)
}

/// POJ 3922: per case `n k`, the smallest winning first take or `lose`.
fn solve_poj3922(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, index| {
        let n = scanner.next_u64_at_least("a heap n", 1)?;
        let k = scanner.next_u64_where("the multiple k", |k| {
            (!(1..=MOST_MULTIPLE).contains(&k))
                .then(|| format!("the multiple k must be from 1 to {MOST_MULTIPLE}, found {k}"))
        })?;
        match winning_takes(k, n, n - 1).first() {
            Some(take) => out.push_str(&format!("Case {index}: {take}\n")),
            None => out.push_str(&format!("Case {index}: lose\n")),
        }
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ExhaustiveSolver;

    #[test]
    fn the_terms_are_fibonacci_and_powers_of_two() {
        assert_eq!(
            Terms::up_to(2, 100).terms,
            [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
        );
        assert_eq!(Terms::up_to(1, 100).terms, [1, 2, 4, 8, 16, 32, 64]);
        // Up to 2^64 − 1: the last Fibonacci number below 2^64 is F_93.
        let terms = Terms::up_to(2, u64::MAX).terms;
        assert_eq!(terms.last(), Some(&12_200_160_415_121_876_738));
        assert_eq!(terms.len(), 92); // F_2 … F_93
    }

    #[test]
    fn every_small_position_agrees_with_exhaustive_search() {
        for multiple in 1..=4 {
            let mut solver = ExhaustiveSolver::new();
            for position in small_positions(multiple, 8) {
                let value = solver.grundy_value(&position);
                assert_eq!(
                    position.grundy_value(),
                    Some(value),
                    "G({position}) k={multiple}"
                );
                assert_eq!(position.winner().unwrap(), value.winner(), "{position}");
                let mut theory: Vec<Take> = position
                    .winning_moves(usize::MAX)
                    .unwrap()
                    .listed
                    .iter()
                    .map(|winning| winning.mv)
                    .collect();
                let mut searched: Vec<Take> = position
                    .moves()
                    .into_iter()
                    .filter(|mv| solver.grundy_value(&position.play(mv)) == Nimber::ZERO)
                    .collect();
                theory.sort_by_key(|mv| (mv.index, mv.take));
                searched.sort_by_key(|mv| (mv.index, mv.take));
                assert_eq!(theory, searched, "winning moves of {position} k={multiple}");
            }
        }
    }

    #[test]
    fn single_heaps_up_to_40_with_every_most_agree_with_search() {
        for multiple in [1, 2, 3, 7] {
            let mut solver = ExhaustiveSolver::new();
            for tokens in 0..=40 {
                for most in 0..=tokens + 1 {
                    let position = FibonacciNim::new(multiple, vec![Heap::new(tokens, most)]);
                    let value = solver.grundy_value(&position);
                    assert_eq!(
                        position.grundy_value(),
                        Some(value),
                        "{position} k={multiple}"
                    );
                    let takes = winning_takes(multiple, tokens, most);
                    let searched: Vec<u64> = (1..=most.min(tokens))
                        .filter(|&take| {
                            solver.grundy_value(&position.play(&Take { index: 0, take }))
                                == Nimber::ZERO
                        })
                        .collect();
                    assert_eq!(takes, searched, "{position} k={multiple}");
                }
            }
        }
    }

    #[test]
    fn sums_past_the_table_are_refused_with_the_limit() {
        let position = FibonacciNim::parse_with(2, "5000 3").unwrap();
        assert!(position.winner().unwrap_err().to_string().contains("2048"));
        let single = FibonacciNim::parse_with(2, "12200160415121876738").unwrap();
        assert_eq!(single.winner().unwrap(), Winner::Second);
        assert_eq!(single.grundy_value(), None);
    }

    #[test]
    fn the_samples_are_answered() {
        assert_eq!(
            solve_hdu2516(b"2\n13\n10000\n0\n").unwrap(),
            "Second win\nSecond win\nFirst win\n"
        );
        assert_eq!(
            solve_poj3922(b"5\n16 1\n11 1\n32 2\n34 2\n19 3\n").unwrap(),
            "Case 1: lose\nCase 2: 1\nCase 3: 3\nCase 4: lose\nCase 5: 4\n"
        );
        assert!(solve_poj3922(b"1\n5 0\n").is_err());
        assert!(solve_hdu2516(b"5\n").is_err());
    }
}
