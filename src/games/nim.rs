//! Nim: heaps of tokens; a move takes any number of tokens (at least one) from one heap.
//!
//! **Rules.** A position is a multiset of heaps. A move removes k ≥ 1 tokens from one heap of
//! n ≥ k tokens (k = n removes the heap). Under normal play the player who cannot move (no heap
//! left) loses; under misère play that player wins.
//!
//! **Source.** C. L. Bouton, "Nim, a game with a complete mathematical theory", *Annals of
//! Mathematics* 3 (1901–02), 35–39; Winning Ways, chapter 2. The game every theory of impartial
//! games starts from: by the Sprague–Grundy theorem every impartial game is a Nim heap.
//!
//! **Theory (normal play).** A heap of n is worth G(n) = n (its options are the heaps 0 … n − 1,
//! worth 0 … n − 1 by induction, and their mex is n), so a position is worth the nim-sum X of
//! its heaps. X = 0 is lost: a move changes one heap, so it changes X. X ≠ 0 is won: let b be
//! X's highest bit; a heap h with bit b set has h ⊕ X < h, and reducing it to h ⊕ X makes the
//! nim-sum 0. The winning moves are exactly these (one per heap size with h ⊕ X < h): a move
//! to nim-sum 0 from the heap h must leave h ⊕ X.
//!
//! **Theory (misère play, Bouton).** With every heap at most 1 the game is a count: the player
//! to move wins exactly when the number of heaps is even (none included: no move, and under
//! misère play that is a win). With a heap of 2 or more, the position is lost exactly when
//! X = 0. *Proof sketch.* From X = 0 with two or more heaps ≥ 2 (one alone cannot have X = 0:
//! its high bit is not cancelled), every move leaves X ≠ 0 and at least one heap ≥ 2. From
//! X ≠ 0 with two or more heaps ≥ 2, the normal-play move to X = 0 leaves at least one heap ≥ 2
//! (hence two). With exactly one heap ≥ 2, reduce it to 0 or 1 so that an odd number of heaps
//! of 1 remains: a lost position of the counting game. So the misère winning moves of a heap h
//! go to h ⊕ X, to 0 or to 1 — those three targets are checked against the rule above, and no
//! other target can leave a lost position.
//!
//! **Notation.** A position is its heap sizes, ascending (`3 5 7`); a move `2-3` takes 3 tokens
//! from the second heap as printed. Heaps run to 2^64 − 1 and there may be any number of them:
//! every answer is arithmetic on the heaps, so no move list is ever built in full.

use crate::compound::components::Components;
use crate::compound::game::compounds;
use crate::compound::measure::{FastMeasures, Measures};
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::families::{HeapRule, heaps::HeapGame};
use crate::game::{Entry, Game, GameError, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Shape, for_each_case, small_row};
use crate::misere::game::MisereTheory;
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::sync::Arc;

/// The game's name.
pub const NAME: &str = crate::families::nim::NIM;

/// The numbers Nim accepts, for `grundy list`.
pub const DOMAIN: &str = "any number of heaps of 1 to 2^64 - 1 tokens (every answer is the nim-sum \
                          of the heaps and arithmetic on them)";

/// A Nim position: heap sizes, ascending, each at least 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: Vec<u64>,
}

/// Take `take` tokens from heap `heap` (0-based, in ascending order).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// Which heap, 0-based, in the position's ascending order.
    pub heap: usize,
    /// How many tokens are taken (at least 1, at most the heap).
    pub take: u64,
}

impl Nim {
    /// The position of these heaps (any order; heaps of 0 are dropped: they are no heaps).
    pub fn new(mut heaps: Vec<u64>) -> Nim {
        heaps.retain(|&heap| heap > 0);
        heaps.sort_unstable();
        Nim { heaps }
    }

    /// The heap sizes, ascending.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The nim-sum of the heaps.
    fn nim_sum(&self) -> u64 {
        self.heaps.iter().fold(0, |sum, &heap| sum ^ heap)
    }

    /// The index of the first heap of each distinct size: moves from equal heaps lead to the
    /// same position, so only the first is used.
    fn distinct_heaps(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.heaps
            .iter()
            .copied()
            .enumerate()
            .filter(|&(index, heap)| index == 0 || self.heaps[index - 1] != heap)
    }

    /// Parses heap sizes separated by whitespace, each at least 1; errors are located.
    pub fn parse(text: &str) -> Result<Nim, InputError> {
        let heaps = crate::notation::parse_heap_sizes(text, |_, _| Ok(()))?;
        Ok(Nim::new(heaps))
    }

    /// Bouton's misère rule: lost exactly when every heap is at most 1 and their number is odd,
    /// or some heap is 2 or more and the nim-sum is 0. `big` counts the heaps of 2 or more,
    /// `ones` the heaps of 1.
    fn misere_lost_by(nim_sum: u64, big: usize, ones: usize) -> bool {
        if big == 0 {
            ones % 2 == 1
        } else {
            nim_sum == 0
        }
    }

    /// The heaps of 2 or more and the heaps of 1.
    fn counts(&self) -> (usize, usize) {
        let ones = self.heaps.iter().filter(|&&heap| heap == 1).count();
        (self.heaps.len() - ones, ones)
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_numbers(f, &self.heaps, " ")
    }
}

impl ImpartialGame for Nim {
    type Move = NimMove;

    fn moves(&self) -> Vec<NimMove> {
        self.distinct_heaps()
            .flat_map(|(heap, size)| (1..=size).map(move |take| NimMove { heap, take }))
            .collect()
    }

    fn play(&self, mv: &NimMove) -> Nim {
        let mut heaps = self.heaps.clone();
        heaps[mv.heap] -= mv.take;
        Nim::new(heaps)
    }

    fn move_to(&self, target: &Nim) -> Option<NimMove> {
        // One merge of the two ascending lists: a move removes one heap h and adds nothing or
        // one heap r < h.
        let (mut removed, mut added) = (Vec::new(), Vec::new());
        let (mut i, mut j) = (0, 0);
        while i < self.heaps.len() || j < target.heaps.len() {
            match (self.heaps.get(i), target.heaps.get(j)) {
                (Some(a), Some(b)) if a == b => (i, j) = (i + 1, j + 1),
                (Some(&a), Some(&b)) if a < b => (removed.push(a), i += 1).1,
                (Some(&a), None) => (removed.push(a), i += 1).1,
                (_, Some(&b)) => (added.push(b), j += 1).1,
                (None, None) => break,
            }
            if removed.len() > 1 || added.len() > 1 {
                return None;
            }
        }
        let (&[size], remaining) = (&removed[..], added.first().copied().unwrap_or(0)) else {
            return None;
        };
        (remaining < size).then(|| NimMove {
            heap: self.heaps.partition_point(|&h| h < size),
            take: size - remaining,
        })
    }

    fn some_moves(&self, limit: usize) -> (Vec<NimMove>, bool) {
        let mut moves = Vec::new();
        for (heap, size) in self.distinct_heaps() {
            let mut take = 1;
            while take <= size {
                if moves.len() == limit {
                    return (moves, true);
                }
                moves.push(NimMove { heap, take });
                take += 1;
            }
        }
        (moves, false)
    }

    fn quiet_move(&self) -> Option<NimMove> {
        // One token from the largest heap: the smallest change.
        let heap = self.heaps.len().checked_sub(1)?;
        let first_of_size = self.heaps.partition_point(|&h| h < self.heaps[heap]);
        Some(NimMove {
            heap: first_of_size,
            take: 1,
        })
    }
}

impl Notation for Nim {
    fn format_move(&self, mv: &NimMove) -> String {
        format!("{}-{}", mv.heap + 1, mv.take)
    }

    fn parse_move(&self, text: &str) -> Result<NimMove, String> {
        let text = text.trim();
        let shape = "write <heap>-<k>: take k tokens from a heap (heaps count from 1, as printed), \
                     e.g. 2-3";
        let (_, index, take) =
            crate::notation::parse_heap_take_within(&self.heaps, text, text, shape)?;
        let size = self.heaps[index];
        // Equal heaps are one move: name it by the first heap of that size.
        let first = self.heaps.partition_point(|&h| h < size);
        Ok(NimMove { heap: first, take })
    }

    fn is_canonical_text(text: &str) -> bool {
        // The heaps are kept sorted (equal heaps are one move), so only a sorted list is written
        // as it was typed: `6 3` is reported as `3 6`, the position the moves are numbered in.
        crate::notation::is_sorted_heap_list(text)
    }
}

impl Theory for Nim {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(self.nim_sum()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(self.nim_sum()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Nim>, AnalysisError> {
        let nim_sum = self.nim_sum();
        let mut collector = MoveCollector::new(limit);
        for (heap, size) in self.distinct_heaps() {
            let target = size ^ nim_sum;
            if target < size {
                collector.push(|| WinningMove {
                    mv: NimMove {
                        heap,
                        take: size - target,
                    },
                    reason: format!("the heap of {size} becomes {target}, leaving nim-sum 0"),
                });
            }
        }
        Ok(collector.finish())
    }
}

impl MisereTheory for Nim {
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        let (big, ones) = self.counts();
        Ok(Nim::misere_lost_by(self.nim_sum(), big, ones))
    }

    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Nim>, AnalysisError> {
        let nim_sum = self.nim_sum();
        let (big, ones) = self.counts();
        let mut collector = MoveCollector::new(limit);
        for (heap, size) in self.distinct_heaps() {
            let mut targets = [size ^ nim_sum, 0, 1];
            targets.sort_unstable();
            let mut previous = None;
            for target in targets {
                if target >= size || previous == Some(target) {
                    continue;
                }
                previous = Some(target);
                let after = nim_sum ^ size ^ target;
                let big_after = big - usize::from(size >= 2) + usize::from(target >= 2);
                let ones_after = ones - usize::from(size == 1) + usize::from(target == 1);
                if !Nim::misere_lost_by(after, big_after, ones_after) {
                    continue;
                }
                collector.push(|| WinningMove {
                    mv: NimMove {
                        heap,
                        take: size - target,
                    },
                    reason: if big_after == 0 {
                        format!(
                            "the heap of {size} becomes {target}, leaving an odd number of heaps \
                             of 1 and no larger heap (Bouton's misère rule)"
                        )
                    } else {
                        format!(
                            "the heap of {size} becomes {target}, leaving nim-sum 0 with a heap \
                             of 2 or more (Bouton's misère rule)"
                        )
                    },
                });
            }
        }
        Ok(collector.finish())
    }
}

/// The small positions for `verify`: the empty position, single heaps up to 4·`size`, then every
/// pair and every triple of heaps up to `size`.
pub fn small_positions(size: u64) -> Vec<Nim> {
    let singles = (1..=size.saturating_mul(4)).map(|heap| vec![heap]);
    let pairs = (1..=size).flat_map(|a| (a..=size).map(move |b| vec![a, b]));
    let triples = (1..=size)
        .flat_map(|a| (a..=size).flat_map(move |b| (b..=size).map(move |c| vec![a, b, c])));
    std::iter::once(Vec::new())
        .chain(singles)
        .chain(pairs)
        .chain(triples)
        .map(Nim::new)
        .collect()
}

/// The game of Nim, with the heap rule `nim` for `table`.
pub(crate) fn game() -> Box<dyn Game> {
    let entry = Entry::<Nim>::fixed(
        GameInfo {
            name: NAME.to_string(),
            rules: "heaps of tokens; take any number of tokens (at least one) from one heap".into(),
            position: "heap sizes, each >= 1 (printed ascending): `3 5 7`".into(),
            moves: "<heap>-<k>: take k tokens from heap <heap> (from 1, as printed): `2-3`".into(),
            source: "C. L. Bouton, Nim, a game with a complete mathematical theory (1901); \
                     Winning Ways ch. 2"
                .into(),
            verify_size: "single heaps up to 4S, pairs and triples of heaps up to S (default 12)"
                .into(),
            domain: DOMAIN.to_string(),
        },
        Nim::parse,
        small_positions,
        (12, 40),
        FORMATS,
    )
    .with_misere_size(8)
    .with_compounds(compounds::<Nim>());
    Box::new(Entry {
        heap_game: Some(Arc::new(HeapGame::new(HeapRule::Nim))),
        ..entry
    })
}

// ---- Judge formats: HDU 1907 (misère), HDU 2176 (every winning move), POJ 2234. ----

/// The judges' formats of Nim (all dialects; Nim has no default format).
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: Some("hdu1907"),
        describe: "HDU 1907 John (= POJ 3480): T, then T cases of N and N heaps; misère Nim; \
                   prints John if the first player (John) wins, else Brother",
        solve: solve_hdu1907,
        // 1 ≤ N ≤ 47 heaps of 1 to 4747; T is not stated (100 assumed).
        shape: Shape::piles(
            &Draws,
            CaseLayout::Counted,
            1,
            Bounds::piles(100, 47, (1, 4747)),
            Bounds::piles(100, 1000, (1, u64::MAX)),
        ),
    },
    Format {
        dialect: Some("hdu2176"),
        describe: "HDU 2176 取(m堆)石子游戏: cases `m a1 … am` until a line 0; prints No if the \
                   first player loses, else Yes and every winning first move `a b` (a heap of a \
                   left with b), one a line, heaps in input order",
        solve: solve_hdu2176,
        // m ≤ 200000 heaps of at most 2000000 (as reconstructed); answers are arithmetic.
        shape: Shape::piles(
            &Draws,
            CaseLayout::ZeroEnded,
            1,
            Bounds::piles(10, 200_000, (1, 2_000_000)),
            Bounds::piles(10, 200_000, (0, u64::MAX)),
        ),
    },
    Format {
        dialect: Some("poj2234"),
        describe: "POJ 2234 Matches Game: cases `M a1 … aM` until end of input; prints Yes if \
                   the first player wins, else No",
        solve: solve_poj2234,
        // M ≤ 20 heaps of at most 10^7; the number of cases is not stated.
        shape: Shape::piles(
            &Draws,
            CaseLayout::UntilEnd,
            1,
            Bounds::piles(100, 20, (1, 10_000_000)),
            Bounds::piles(100, 1000, (0, u64::MAX)),
        ),
    },
];

/// What the contest tools draw of Nim: heaps.
struct Draws;

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((1..=4).map(|heap| [heap, 0]).collect(), 3)
    }

    fn arrangement(&self) -> crate::judge::Arrangement {
        crate::judge::Arrangement::Multiset
    }

    /// Heaps of 1 (where misère play differs), 2, powers of two and their neighbours (where
    /// nim-sums carry), a heap equal to one drawn before (nim-sum cancels), and the ends.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let power = 1u64 << rng.between(0, 63);
        let heap = match rng.between(0, 5) {
            0 => 1,
            1 => 2,
            2 => power.saturating_add(rng.between(0, 2)).saturating_sub(1),
            3 if !before.is_empty() => before[rng.index(before.len())][0],
            4 => high,
            _ => rng.spread(low, high),
        };
        [heap.clamp(low, high), 0]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| rng.between(1, 9).to_string())
    }
}

/// Reads `n` heaps and returns their nim-sum, the heaps of 2 or more and the heaps of 1.
fn read_heaps(scanner: &mut Scanner<'_>, n: usize) -> Result<(u64, usize, usize), InputError> {
    let (mut nim_sum, mut big, mut ones) = (0u64, 0usize, 0usize);
    for _ in 0..n {
        let heap = scanner.next_u64("a heap size")?;
        nim_sum ^= heap;
        match heap {
            0 => {}
            1 => ones += 1,
            _ => big += 1,
        }
    }
    Ok((nim_sum, big, ones))
}

/// HDU 1907: misère Nim by Bouton's rule.
fn solve_hdu1907(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of heaps N")?;
        let (nim_sum, big, ones) = read_heaps(scanner, n)?;
        out.push_str(if Nim::misere_lost_by(nim_sum, big, ones) {
            "Brother\n"
        } else {
            "John\n"
        });
        Ok(())
    })?;
    Ok(out)
}

/// HDU 2176: the winning moves are the heaps a with a ⊕ X < a, to a ⊕ X, in input order (a
/// heap repeated in the input is printed each time).
fn solve_hdu2176(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    loop {
        let m = scanner.next_count("the number of heaps m")?;
        if m == 0 {
            break;
        }
        // Two passes over the heaps' tokens: the nim-sum, then the moves (nothing is stored).
        let start = scanner.clone();
        let (nim_sum, _, _) = read_heaps(&mut scanner, m)?;
        if nim_sum == 0 {
            out.push_str("No\n");
            continue;
        }
        out.push_str("Yes\n");
        let mut again = start;
        for _ in 0..m {
            let heap = again.next_u64("a heap size")?;
            let left = heap ^ nim_sum;
            if left < heap {
                out.push_str(&format!("{heap} {left}\n"));
            }
        }
    }
    scanner.expect_end()?;
    Ok(out)
}

/// POJ 2234: the first player wins exactly when the nim-sum is not 0.
fn solve_poj2234(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let m = scanner.next_count("the number of heaps M")?;
        let (nim_sum, _, _) = read_heaps(&mut scanner, m)?;
        out.push_str(if nim_sum != 0 { "Yes\n" } else { "No\n" });
    }
    Ok(out)
}

// ---- As compounds: each heap a component. ----
//
// R(n) = S(n) = 1 for every heap n ≥ 1. Proof: a heap of n ≥ 1 can be emptied, an option of
// R = S = 0 (even); for R that is the least even option, so R(n) = 1. For S, every other
// option is a heap of 1 ≤ m < n, of S = 1 by induction (odd), so the largest even option is 0
// and S(n) = 1. The tests check both against the search.

impl Components for Nim {
    fn components(&self) -> Vec<Self> {
        self.heaps()
            .iter()
            .map(|&heap| Nim::new(vec![heap]))
            .collect()
    }

    fn small_components(_entry: &Entry<Self>, size: u64) -> Result<Vec<Self>, GameError> {
        Ok((0..=size).map(|heap| Nim::new(vec![heap])).collect())
    }

    fn compound_sizes() -> (&'static str, u64, u64) {
        ("components are single heaps of 0 to S tokens", 5, 8)
    }

    fn fast_measures(_entry: &Entry<Self>) -> Option<FastMeasures<Self>> {
        Some(Arc::new(|component: &Nim| match component.heaps() {
            [] => Some(Ok(Measures::default())),
            [_] => Some(Ok(Measures {
                remoteness: 1,
                suspense: 1,
            })),
            _ => None,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{ExhaustiveSolver, Play};

    #[test]
    fn theory_agrees_with_exhaustive_search_in_both_conventions() {
        let mut normal = ExhaustiveSolver::new();
        let mut misere = ExhaustiveSolver::with_play(Play::Misere);
        for position in small_positions(6) {
            let value = normal.grundy_value(&position);
            assert_eq!(position.grundy_value(), Some(value), "{position}");
            let lost = misere.grundy_value(&position) == Nimber::ZERO;
            assert_eq!(position.misere_lost().unwrap(), lost, "{position}");
            let claimed: Vec<Nim> = position
                .misere_winning_moves(usize::MAX)
                .unwrap()
                .listed
                .iter()
                .map(|winning| position.play(&winning.mv))
                .collect();
            let mut truth: Vec<Nim> = position
                .options()
                .into_iter()
                .filter(|next| misere.grundy_value(next) == Nimber::ZERO)
                .collect();
            truth.sort_by_key(|p| p.heaps.clone());
            truth.dedup();
            let mut sorted = claimed.clone();
            sorted.sort_by_key(|p| p.heaps.clone());
            assert_eq!(sorted, truth, "{position}");
            assert_eq!(sorted.len(), claimed.len(), "{position}: a repeated move");
        }
    }

    #[test]
    fn huge_heaps_are_arithmetic() {
        let position = Nim::parse("18446744073709551615 1 7").unwrap();
        let moves = position.winning_moves(10).unwrap();
        assert_eq!(moves.total, 1);
        let next = position.play(&moves.listed[0].mv);
        assert_eq!(next.grundy_value(), Some(Nimber::ZERO));
        let (some, more) = position.some_moves(5);
        assert_eq!(some.len(), 5);
        assert!(more);
        for mv in position.some_moves(20).0 {
            let to = position.play(&mv);
            assert_eq!(position.move_to(&to), Some(mv), "{to}");
        }
        assert_eq!(position.move_to(&position), None);
        assert!(Nim::parse("1 0").is_err());
        assert!(Nim::parse("18446744073709551616").is_err());
    }

    #[test]
    fn only_the_text_display_would_write_is_echoed() {
        for text in [
            "6 3",
            "3 6",
            "3 3 6",
            "6 3 3",
            "10 9",
            "9 10",
            "1",
            "12 101 13",
        ] {
            let position = Nim::parse(text).unwrap();
            assert_eq!(
                Nim::is_canonical_text(text),
                position.to_string() == text,
                "{text}"
            );
        }
    }

    #[test]
    fn moves_parse_and_round_trip() {
        let position = Nim::parse("7 3 5 5").unwrap();
        assert_eq!(position.to_string(), "3 5 5 7");
        let mv = position.parse_move("3-2").unwrap();
        assert_eq!(position.format_move(&mv), "2-2");
        assert_eq!(position.play(&mv).to_string(), "3 3 5 7");
        assert!(position.parse_move("1-4").is_err());
        assert!(position.parse_move("5-1").is_err());
        assert!(position.parse_move("1-0").is_err());
        assert!(position.parse_move("x").is_err());
    }
}
