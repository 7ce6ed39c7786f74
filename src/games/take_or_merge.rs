//! # Take or merge — "Alice and Bob" (SPOJ ALICE, UVa 1500, LA 5760, HDU 4111)
//!
//! **Rules.** Piles of stones. A move either removes one stone from a pile (a pile reaching zero
//! disappears) or merges any two piles into one. The player who cannot move loses.
//!
//! **Position notation.** `1 1 2`: the multiset of pile sizes, each at least 1, printed ascending.
//!
//! **Move notation.** `-5` takes one stone from a pile of 5; `3+5` merges a pile of 3 with a pile
//! of 5.
//!
//! ## Theory
//!
//! Piles of size 1 are special: they can vanish in a single move. Every other pile is worth its
//! stones plus one move (the merge that absorbs it), so the state of the game is the pair
//! `(c, s)` with `c` the number of 1-piles and `s = Σ (a_i + 1) − 1` over the piles `a_i ≥ 2`
//! (`s = 0` when there are none): `s` counts the moves the big piles can still absorb when they
//! are merged into one.
//!
//! * If `s > 2`, the first player loses iff `s` and `c` are both even. The big piles offer
//!   "one move" options (take a stone, merge two big piles, both `s − 1`) and the 1-piles offer
//!   parity-changing ones (remove a 1-pile: `c − 1`; merge it into the big piles: `c − 1, s + 1`;
//!   merge two of them: `c − 2, s + 3`); the player facing even/even answers every move so as to
//!   restore even/even.
//! * If `s ≤ 2` (no big pile, or a single pile of 2), the first player loses iff `c ≡ 0 (mod 3)`:
//!   with only 1-piles, merging two of them creates a pile of 2 which is itself two moves, and the
//!   position behaves like a subtraction game with period 3.
//!
//! ## Domain
//!
//! A position holds at most `2^128 − 1` stones in all ([`MAX_TOTAL_STONES`]). Merging keeps the
//! total and taking lowers it, so every position reachable from such a position has every pile
//! in a `u128`; a position beyond it is refused when parsed (merging its piles could not be
//! represented). `s` is never formed (it may pass `u128::MAX`): the theory reads its parity and
//! whether it passes 2 from the big piles' stone and pile counts. The judge format accepts any
//! number of piles of up to `u64::MAX` stones: fewer than 2^64 piles of fewer than 2^64 stones
//! sum exactly in a `u128`.

use crate::core::{ImpartialGame, Nimber, Winner};
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{
    Arrangement, Bounds, CaseLayout, Format, Generators, Item, Shape, for_each_case, small_row,
};
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;

/// The numbers this game accepts, for `grundy list` (see [`MAX_TOTAL_STONES`]).
pub const DOMAIN: &str = "piles of at least 1 stone, at most 2^128 - 1 stones in all (a merge keeps the total, so every reachable pile fits in 128 bits); judge: any number of piles of up to 2^64 - 1";

/// The most stones a position may hold in all: its domain.
///
/// A merge keeps the total and a take lowers it, so every pile of every position reachable from
/// a position within this limit fits in a `u128`: no move can be misrepresented. Positions
/// beyond it are refused when parsed. (The judge format reads piles of up to `u64::MAX`, any
/// number of them: it needs only the summary, which holds any such input exactly.)
pub const MAX_TOTAL_STONES: u128 = u128::MAX;

/// A multiset of piles (kept sorted ascending) holding at most [`MAX_TOTAL_STONES`] in all.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeOrMerge {
    piles: Vec<u128>,
}

/// A move of take-or-merge, named by pile sizes (equal piles are interchangeable).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TakeOrMergeMove {
    /// Take one stone from a pile of this size.
    Take(u128),
    /// Merge two piles of these sizes (smaller first).
    Merge(u128, u128),
}

/// Why piles are not a take-or-merge position.
fn domain_error() -> String {
    "the piles hold more than 2^128 − 1 stones in all; merging them could not be represented"
        .to_string()
}

impl TakeOrMerge {
    /// The position with these piles (each at least 1), in any order.
    ///
    /// # Panics
    ///
    /// If the piles hold more than [`MAX_TOTAL_STONES`] in all; [`try_new`](Self::try_new) says
    /// so instead.
    pub fn new(piles: Vec<u128>) -> Self {
        Self::try_new(piles).unwrap_or_else(|message| panic!("{message}"))
    }

    /// The position with these piles (each at least 1), in any order, or why it is outside the
    /// game's domain (more than [`MAX_TOTAL_STONES`] in all).
    pub fn try_new(mut piles: Vec<u128>) -> Result<Self, String> {
        piles
            .iter()
            .try_fold(0u128, |total, &pile| total.checked_add(pile))
            .ok_or_else(domain_error)?;
        piles.sort_unstable();
        Ok(TakeOrMerge { piles })
    }

    /// The pile sizes, ascending.
    pub fn piles(&self) -> &[u128] {
        &self.piles
    }

    /// Distinct pile sizes with their multiplicities, ascending.
    fn distinct(&self) -> Vec<(u128, usize)> {
        let mut runs: Vec<(u128, usize)> = Vec::new();
        for &pile in &self.piles {
            match runs.last_mut() {
                Some((size, count)) if *size == pile => *count += 1,
                _ => runs.push((pile, 1)),
            }
        }
        runs
    }
}

/// What the theory needs of a position: `c` piles of size 1 and the big piles (size at least 2),
/// counted and summed, so that `s = Σ (a_i + 1) − 1 = stones + piles − 1` over the big piles
/// (0 when there are none).
///
/// `s` itself may pass `u128::MAX` (up to 2^128 − 1 stones in 2^64 piles): it is never formed,
/// since only its parity and whether `s > 2` matter. Each field is bounded by the position's
/// total stones (or its number of piles), which the domain keeps within a `u128`; a judge input
/// has fewer than 2^64 piles of fewer than 2^64 stones.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    /// Number of 1-piles.
    ones: u128,
    /// Number of piles of size at least 2.
    big_piles: u128,
    /// Stones in the piles of size at least 2.
    big_stones: u128,
}

impl Summary {
    /// Adds one pile (the caller's domain keeps the sums within a `u128`).
    pub(crate) fn add(&mut self, pile: u128) {
        if pile == 1 {
            self.ones += 1;
        } else {
            self.big_piles += 1;
            self.big_stones += pile;
        }
    }

    /// Whether `s > 2`, that is `stones + piles > 3` over the big piles.
    fn s_above_two(&self) -> bool {
        self.big_stones
            .checked_add(self.big_piles)
            .is_none_or(|t| t > 3)
    }

    /// Whether the player to move loses.
    pub(crate) fn is_loss(&self) -> bool {
        if self.s_above_two() {
            // s = stones + piles − 1 is even iff stones + piles is odd.
            (self.big_stones ^ self.big_piles) & 1 == 1 && self.ones.is_multiple_of(2)
        } else {
            self.ones.is_multiple_of(3)
        }
    }

    /// `s`, written out (it may pass `u128::MAX`).
    fn s_text(&self) -> String {
        let Some(others) = self.big_piles.checked_sub(1) else {
            return "0".to_string();
        };
        match self.big_stones.checked_add(others) {
            Some(s) => s.to_string(),
            None => format!("2^128 + {}", self.big_stones.wrapping_add(others)),
        }
    }

    fn describe(&self) -> String {
        let (c, s) = (self.ones, self.s_text());
        if self.s_above_two() {
            format!("leaves c = {c} ones and s = {s} > 2, both even")
        } else {
            format!("leaves s = {s} ≤ 2 and c = {c} ones, a multiple of 3")
        }
    }
}

/// The summary of a list of piles.
fn summarize(piles: impl IntoIterator<Item = u128>) -> Summary {
    let mut summary = Summary::default();
    for pile in piles {
        summary.add(pile);
    }
    summary
}

impl ImpartialGame for TakeOrMerge {
    type Move = TakeOrMergeMove;

    fn moves(&self) -> Vec<TakeOrMergeMove> {
        let runs = self.distinct();
        let mut moves: Vec<TakeOrMergeMove> = runs
            .iter()
            .map(|&(size, _)| TakeOrMergeMove::Take(size))
            .collect();
        for (i, &(a, count)) in runs.iter().enumerate() {
            if count >= 2 {
                moves.push(TakeOrMergeMove::Merge(a, a));
            }
            for &(b, _) in &runs[i + 1..] {
                moves.push(TakeOrMergeMove::Merge(a, b));
            }
        }
        moves
    }

    fn play(&self, mv: &TakeOrMergeMove) -> Self {
        let mut piles = self.piles.clone();
        let mut remove = |size: u128| {
            let index = piles
                .iter()
                .position(|&p| p == size)
                .expect("move names an existing pile");
            piles.remove(index);
        };
        let added = match *mv {
            TakeOrMergeMove::Take(size) => {
                remove(size);
                size - 1
            }
            TakeOrMergeMove::Merge(a, b) => {
                remove(a);
                remove(b);
                // Within the domain: the two piles are part of at most 2^128 − 1 stones.
                a + b
            }
        };
        if added > 0 {
            let at = piles.partition_point(|&p| p < added);
            piles.insert(at, added);
        }
        TakeOrMerge { piles }
    }

    fn move_to(&self, target: &Self) -> Option<TakeOrMergeMove> {
        // Straight from the piles that changed: listing every move first would take
        // quadratic time in the number of distinct piles.
        let (gone, new) = crate::notation::sorted_difference(&self.piles, &target.piles);
        match (gone.as_slice(), new.as_slice()) {
            (&[a], &[]) if a == 1 => Some(TakeOrMergeMove::Take(a)),
            (&[a], &[b]) if b.checked_add(1) == Some(a) => Some(TakeOrMergeMove::Take(a)),
            (&[a, b], &[c]) if a.checked_add(b) == Some(c) => Some(TakeOrMergeMove::Merge(a, b)),
            _ => None,
        }
    }

    fn some_moves(&self, limit: usize) -> (Vec<TakeOrMergeMove>, bool) {
        let runs = self.distinct();
        let takes = runs.iter().map(|&(size, _)| TakeOrMergeMove::Take(size));
        let merges = runs.iter().enumerate().flat_map(|(i, &(a, count))| {
            (count >= 2)
                .then_some(a)
                .into_iter()
                .chain(runs[i + 1..].iter().map(|&(b, _)| b))
                .map(move |b| TakeOrMergeMove::Merge(a, b))
        });
        let mut moves: Vec<TakeOrMergeMove> =
            takes.chain(merges).take(limit.saturating_add(1)).collect();
        let more = moves.len() > limit;
        moves.truncate(limit);
        (moves, more)
    }

    fn quiet_move(&self) -> Option<TakeOrMergeMove> {
        self.piles
            .last()
            .map(|&largest| TakeOrMergeMove::Take(largest))
    }
}

impl Theory for TakeOrMerge {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(if summarize(self.piles.iter().copied()).is_loss() {
            Winner::Second
        } else {
            Winner::First
        })
    }

    fn grundy_value(&self) -> Option<Nimber> {
        None
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let summary = summarize(self.piles.iter().copied());
        let runs = self.distinct();
        let mut collector = MoveCollector::new(limit);
        let consider =
            |mv: TakeOrMergeMove, after: Summary, collector: &mut MoveCollector<Self>| {
                if after.is_loss() {
                    collector.push(|| WinningMove {
                        mv,
                        reason: after.describe(),
                    });
                }
            };
        // Every change below stays within the domain: a pile count never exceeds the number of
        // piles, and a stone count never exceeds the position's total.
        let Summary {
            ones,
            big_piles,
            big_stones,
        } = summary;
        // Takes.
        for &(size, _) in &runs {
            let after = match size {
                1 => Summary {
                    ones: ones - 1,
                    ..summary
                },
                2 => Summary {
                    ones: ones + 1,
                    big_piles: big_piles - 1,
                    big_stones: big_stones - 2,
                },
                _ => Summary {
                    big_stones: big_stones - 1,
                    ..summary
                },
            };
            consider(TakeOrMergeMove::Take(size), after, &mut collector);
        }
        // Merges: two ones, a one with a big pile, two big piles.
        if ones >= 2 {
            let after = Summary {
                ones: ones - 2,
                big_piles: big_piles + 1,
                big_stones: big_stones + 2,
            };
            consider(TakeOrMergeMove::Merge(1, 1), after, &mut collector);
        }
        let bigs: Vec<(u128, usize)> = runs
            .iter()
            .copied()
            .filter(|&(size, _)| size >= 2)
            .collect();
        if ones >= 1 {
            let after = Summary {
                ones: ones - 1,
                big_stones: big_stones + 1,
                ..summary
            };
            if after.is_loss() {
                for (index, &(size, _)) in bigs.iter().enumerate() {
                    if !collector.wants_more() {
                        collector.count_unlisted((bigs.len() - index) as u128);
                        break;
                    }
                    consider(TakeOrMergeMove::Merge(1, size), after, &mut collector);
                }
            }
        }
        let can_merge_bigs = bigs.len() >= 2 || bigs.first().is_some_and(|&(_, count)| count >= 2);
        if can_merge_bigs {
            // Two big piles become one: one big pile fewer, the same stones.
            let after = Summary {
                big_piles: big_piles - 1,
                ..summary
            };
            if after.is_loss() {
                let k = bigs.len() as u128;
                let doubles = bigs.iter().filter(|&&(_, count)| count >= 2).count() as u128;
                let mut remaining = k * (k - 1) / 2 + doubles;
                'pairs: for (i, &(a, count)) in bigs.iter().enumerate() {
                    let partners = (count >= 2)
                        .then_some(a)
                        .into_iter()
                        .chain(bigs[i + 1..].iter().map(|&(b, _)| b));
                    for b in partners {
                        if !collector.wants_more() {
                            break 'pairs;
                        }
                        consider(TakeOrMergeMove::Merge(a, b), after, &mut collector);
                        remaining -= 1;
                    }
                }
                collector.count_unlisted(remaining);
            }
        }
        Ok(collector.finish())
    }
}

impl Notation for TakeOrMerge {
    fn format_move(&self, mv: &TakeOrMergeMove) -> String {
        match mv {
            TakeOrMergeMove::Take(size) => format!("-{size}"),
            TakeOrMergeMove::Merge(a, b) => format!("{a}+{b}"),
        }
    }

    fn parse_move(&self, text: &str) -> Result<TakeOrMergeMove, String> {
        let text = text.trim();
        let size = |s: &str| -> Result<u128, String> {
            s.trim()
                .parse::<u128>()
                .map_err(|_| format!("`{text}`: `{s}` is not a pile size"))
        };
        let count = |size: u128| self.piles.iter().filter(|&&p| p == size).count();
        if let Some(rest) = text.strip_prefix('-') {
            let a = size(rest)?;
            if count(a) == 0 {
                return Err(format!("there is no pile of {a}"));
            }
            Ok(TakeOrMergeMove::Take(a))
        } else if let Some((x, y)) = text.split_once('+') {
            let (a, b) = (size(x)?, size(y)?);
            let (a, b) = (a.min(b), a.max(b));
            let needed = if a == b { 2 } else { 1 };
            if count(a) < needed || count(b) == 0 {
                return Err(format!("there are no piles {a} and {b} to merge"));
            }
            Ok(TakeOrMergeMove::Merge(a, b))
        } else {
            Err(format!(
                "`{text}` is not a move: write -<size> to take a stone or <a>+<b> to merge"
            ))
        }
    }

    fn is_canonical_text(text: &str) -> bool {
        // Display writes the piles ascending.
        crate::notation::is_canonical_number_list(text)
            && crate::notation::is_non_decreasing_number_list(text)
    }
}

/// Reads `count` pile sizes (each at least 1) and summarises them: fewer than 2^64 piles of at
/// most `u64::MAX` stones, whose sums fit in a `u128`.
pub(crate) fn read_summary(scanner: &mut Scanner<'_>, count: usize) -> Result<Summary, InputError> {
    let mut summary = Summary::default();
    for _ in 0..count {
        summary.add(u128::from(scanner.next_u64_at_least("a pile size", 1)?));
    }
    Ok(summary)
}

impl FromStr for TakeOrMerge {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Self, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut piles = Vec::new();
        let mut total = 0u128;
        while let Some(token) = scanner.next_token() {
            let pile = token.parse_u128("a pile size")?;
            if pile == 0 {
                return Err(token.error("a pile size must be at least 1, found 0"));
            }
            total = total
                .checked_add(pile)
                .ok_or_else(|| token.error(domain_error()))?;
            piles.push(pile);
        }
        piles.sort_unstable();
        Ok(TakeOrMerge { piles })
    }
}

impl fmt::Display for TakeOrMerge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_numbers(f, &self.piles, " ")
    }
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// The game's spelling on the command line.
pub const NAME: &str = "take-or-merge";

/// take-or-merge as a [`Game`]: its description, reader, small positions for `verify`
/// (and the sizes `--size` accepts) and judge formats.
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(
        Entry::<TakeOrMerge>::fixed(
            GameInfo {
                name: NAME.to_string(),
                rules: "piles; remove one stone from a pile, or merge two piles into one".into(),
                position: "the multiset of pile sizes, each >= 1: `1 1 2`".into(),
                moves:
                    "-<a>: take a stone from a pile of a; <a>+<b>: merge piles a and b: `-2`, `1+2`"
                        .into(),
                source: "Alice and Bob (SPOJ ALICE, UVa 1500, LA 5760, HDU 4111)".into(),
                verify_size: "every multiset of piles with at most S stones in all (default 34)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            str::parse,
            small_positions,
            (34, 45),
            FORMATS,
        )
        .with_misere_size(26),
    )
}

/// take-or-merge: every multiset of piles with at most `size` stones in all.
pub fn small_positions(size: u64) -> Vec<TakeOrMerge> {
    fn partitions(
        remaining: u64,
        largest: u64,
        prefix: &mut Vec<u128>,
        out: &mut Vec<TakeOrMerge>,
    ) {
        out.push(TakeOrMerge::new(prefix.clone()));
        for part in (1..=largest.min(remaining)).rev() {
            prefix.push(u128::from(part));
            partitions(remaining - part, part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    partitions(size, size, &mut Vec::new(), &mut out);
    out.sort_by_key(|p| (p.piles().iter().sum::<u128>(), p.piles().to_vec()));
    out
}

/// take-or-merge (Alice and Bob).
pub(crate) const FORMATS: &[Format] = &[Format {
    dialect: None,
    describe: "T, then per case n and a_1..a_n; prints `Case #k: Alice` or `Case #k: Bob`",
    solve: solve_take_or_merge,
    // Spec: T ≤ 4000, n ≤ 50, a_i ≤ 1000; past them, sums past 64 bits.
    shape: Shape::piles(
        &Draws,
        CaseLayout::Counted,
        3,
        Bounds::piles(4000, 50, (1, 1000)),
        Bounds::piles(8000, 100, (1, u64::MAX)),
    ),
}];

/// What the contest tools draw of take-or-merge: multisets of piles.
struct Draws;

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((1..=5).map(|a| [a, 0]).collect(), 5)
    }

    fn arrangement(&self) -> Arrangement {
        Arrangement::Multiset
    }

    /// Piles of 1 (which vanish in one move) and 2 (the s ≤ 2 cases).
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        [rng.pick(&[1, 1, 1, 2, 2, 3]).clamp(low, high), 0]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| rng.between(1, 4).to_string())
    }
}

fn solve_take_or_merge(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, index| {
        let n = scanner.next_count("the number of piles n")?;
        let summary = read_summary(scanner, n)?;
        let winner = if summary.is_loss() { "Bob" } else { "Alice" };
        writeln!(out, "Case #{index}: {winner}").expect("writing to a String");
        Ok(())
    })?;
    Ok(out)
}

/// Under misère play: no misère theory is known here (the normal theory does not carry over), so
/// positions are decided by exhaustive misère search within its limit, and refused past it.
impl crate::misere::MisereTheory for TakeOrMerge {}
