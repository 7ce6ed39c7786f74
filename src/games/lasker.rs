//! Lasker's Nim: Nim where a move may also split a heap in two.
//!
//! **Rules.** A position is a multiset of heaps. A move either takes k ≥ 1 tokens from one heap
//! (all of them removes the heap), or splits one heap into two non-empty heaps (nothing is
//! taken). The player who cannot move (no heap left) loses.
//!
//! **Notation.** A position is its heap sizes, ascending (`2 2 3`). A move `2-3` takes 3 tokens
//! from the second heap as printed; `2:1` splits the second heap into 1 and the rest. Heaps run
//! to 2^64 − 2: the heap 2^64 − 1 is worth 2^64, which is no 64-bit Grundy value, so it is
//! refused with its reason.
//!
//! **Why a fixed game, not a heap family.** The heap families compute G(0), G(1), … by the
//! table engine, up to a table size; Lasker's Nim has a closed formula for every heap to
//! 2^64 − 2 and a closed count of its winning splits, which a table cannot give.
//!
//! **Theory.** G(0) = 0 and, for k ≥ 0, G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
//! G(4k+4) = 4k+3 (Winning Ways, ch. 4, "Lasker's Nim"). *Proof sketch* (induction on n): the
//! take options of n are the heaps 0 … n − 1, whose values are {G(m) : m < n}; G is a bijection
//! of the naturals that swaps 4k+3 and 4k+4 and fixes the rest, so these values are
//! {0, …, n − 1} for n ≢ 0 (mod 4), and {0, …, n − 2, n} for n = 4k+4. A split n = a + b is
//! worth G(a) ⊕ G(b), whose low two bits depend only on a and b mod 4 (G(a) mod 4 is 3, 1, 2,
//! 0 for a ≡ 0, 1, 2, 3). Checking the residue pairs: a split of n ≡ 1 or 2 (mod 4) is never
//! worth n, a split of 4k+4 never 4k+3, a split of 4k+3 never 4k+4 — while 4k+3 = (4k+2) + 1
//! is worth 4k+3. So the mex is n, n, n + 1, n − 1 as claimed. A position is worth the nim-sum X of G over its heaps.
//!
//! **Winning moves.** With X ≠ 0, a heap h of value g moves to value t = g ⊕ X. *Take:* G is its
//! own inverse, so the one heap worth t is G(t), and the take wins when G(t) < h. *Split:* write
//! a part as a = 4p + c with c ∈ {4, 1, 2, −1} for a ≡ 0, 1, 2, 3 (mod 4); then
//! G(a) = 4p + r with r = 3, 1, 2, 0. For parts a = 4p + c, b = 4q + d of h, the split is worth
//! 4(p ⊕ q) + (r ⊕ s), so it wins when r ⊕ s = t mod 4, p + q = S = (h − c − d)/4 and
//! p ⊕ q = T = t / 4. As p + q = (p ⊕ q) + 2(p ∧ q), the common bits are A = (S − T)/2, which
//! must be a whole number disjoint from T; the pairs are p = A + m, q = A + (T − m) for every
//! submask m of T. Each unordered split is met once by giving T's top bit to q (or, if T = 0,
//! by keeping c ≤ d), and a part a = 4·0 − 1 is not a heap. So the winning splits of a heap
//! are counted exactly (up to 2^62 of them) and listed up to the limit, never enumerated.
//! The tests check G, the winner and every winning move against exhaustive search.
//!
//! **Sources.** E. Lasker, *Brettspiele der Völker* (1931); Berlekamp, Conway and Guy, Winning
//! Ways, ch. 4; HDU 3032 "Nim or not Nim?" (`solve lasker --dialect hdu3032`).

use crate::core::{ImpartialGame, Nimber, Winner};
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{Arrangement, Bounds, CaseLayout, Format, Generators, Item, Shape, small_row};
use crate::misere::game::MisereTheory;
use crate::scanner::InputError;
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;

/// The game's spelling on the command line.
pub const NAME: &str = "lasker";

/// The numbers the game accepts.
pub const DOMAIN: &str = "any number of heaps of 1 to 2^64 - 2 tokens (2^64 - 1 is worth 2^64, \
                          past a 64-bit Grundy value); every answer is arithmetic on the heaps";

/// The largest heap, 2^64 − 2 (worth itself); the next would be worth 2^64.
pub const LARGEST_HEAP: u64 = u64::MAX - 1;

/// The Grundy value of one heap of `heap` tokens (at most [`LARGEST_HEAP`]).
pub fn heap_value(heap: u64) -> u64 {
    match heap % 4 {
        0 if heap == 0 => 0,
        0 => heap - 1,
        3 => heap + 1,
        _ => heap,
    }
}

/// A Lasker's Nim position: heap sizes, ascending, each at least 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lasker {
    heaps: Vec<u64>,
}

/// A move of Lasker's Nim: the heap is 0-based in the position's ascending order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LaskerMove {
    /// Take `take` tokens (1 to the heap) from the heap.
    Take {
        /// Which heap.
        heap: usize,
        /// How many tokens.
        take: u64,
    },
    /// Split the heap into `part` and the rest (1 ≤ part ≤ heap / 2).
    Split {
        /// Which heap.
        heap: usize,
        /// The smaller part.
        part: u64,
    },
}

impl Lasker {
    /// The position of these heaps (any order; heaps of 0 are dropped).
    pub fn new(mut heaps: Vec<u64>) -> Lasker {
        heaps.retain(|&heap| heap > 0);
        heaps.sort_unstable();
        Lasker { heaps }
    }

    /// The heap sizes, ascending.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// Parses heap sizes separated by whitespace, each 1 to 2^64 − 2; errors are located.
    pub fn parse(text: &str) -> Result<Lasker, InputError> {
        let heaps = crate::notation::parse_heap_sizes(text, |token, heap| {
            if heap > LARGEST_HEAP {
                return Err(token.error(
                    "a heap of 2^64 - 1 is worth 2^64, past a 64-bit Grundy value: heaps run \
                     to 2^64 - 2",
                ));
            }
            Ok(())
        })?;
        Ok(Lasker::new(heaps))
    }

    fn nim_sum(&self) -> u64 {
        self.heaps
            .iter()
            .fold(0, |sum, &heap| sum ^ heap_value(heap))
    }

    fn distinct_heaps(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.heaps
            .iter()
            .copied()
            .enumerate()
            .filter(|&(index, heap)| index == 0 || self.heaps[index - 1] != heap)
    }

    fn first_of_size(&self, size: u64) -> usize {
        self.heaps.partition_point(|&h| h < size)
    }
}

/// The splits of a heap of `heap` tokens into two parts worth `target` together: the smaller
/// parts of the first `limit` of them, and how many there are (see the module documentation).
pub fn splits_worth(heap: u64, target: u64, limit: usize) -> (Vec<u64>, u128) {
    // a = 4p + c, with G(a) = 4p + r, for a ≡ 0, 1, 2, 3 (mod 4).
    const OFFSETS: [(i128, u64); 4] = [(4, 3), (1, 1), (2, 2), (-1, 0)];
    let (low, high) = (target & 3, target >> 2);
    let mut listed = Vec::new();
    let mut total: u128 = 0;
    for (first, &(c, r)) in OFFSETS.iter().enumerate() {
        for (second, &(d, s)) in OFFSETS.iter().enumerate() {
            if r ^ s != low {
                continue;
            }
            let rest = i128::from(heap) - c - d;
            if rest < 0 || rest % 4 != 0 {
                continue;
            }
            let sum = rest / 4;
            let common = sum - i128::from(high);
            if common < 0 || common % 2 != 0 {
                continue;
            }
            let Ok(common) = u64::try_from(common / 2) else {
                continue;
            };
            if common & high != 0 {
                continue;
            }
            // p gets a submask m of `free`; q gets the rest of T (T's top bit always).
            let free = if high == 0 {
                if first > second {
                    continue;
                }
                0
            } else {
                high & !(1u64 << (63 - high.leading_zeros()))
            };
            let part = |m: u64| -> (i128, i128) {
                let p = i128::from(common | m);
                let q = i128::from(common | (high ^ m));
                (4 * p + c, 4 * q + d)
            };
            // The only part that can fail to be a heap is 4·0 − 1, with p = 0 or q = 0.
            let mut count = 1u128 << free.count_ones();
            let (a0, b0) = part(0);
            if a0 < 1 || b0 < 1 {
                count -= 1;
            }
            total += count;
            let mut m = free;
            loop {
                if listed.len() >= limit {
                    break;
                }
                let (a, b) = part(m);
                if a >= 1 && b >= 1 {
                    // Both parts are at most the heap, so they fit u64.
                    listed.push(a.min(b) as u64);
                }
                if m == 0 {
                    break;
                }
                m = (m - 1) & free;
            }
        }
    }
    listed.sort_unstable();
    (listed, total)
}

impl fmt::Display for Lasker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_numbers(f, &self.heaps, " ")
    }
}

impl ImpartialGame for Lasker {
    type Move = LaskerMove;

    fn moves(&self) -> Vec<LaskerMove> {
        self.some_moves(usize::MAX).0
    }

    fn play(&self, mv: &LaskerMove) -> Lasker {
        let mut heaps = self.heaps.clone();
        match *mv {
            LaskerMove::Take { heap, take } => heaps[heap] -= take,
            LaskerMove::Split { heap, part } => {
                heaps[heap] -= part;
                heaps.push(part);
            }
        }
        Lasker::new(heaps)
    }

    fn move_to(&self, target: &Lasker) -> Option<LaskerMove> {
        let (removed, added) = crate::notation::sorted_difference(&self.heaps, &target.heaps);
        let (&[size], heap) = (&removed[..], self.first_of_size(*removed.first()?)) else {
            return None;
        };
        match added[..] {
            [] => Some(LaskerMove::Take { heap, take: size }),
            [rest] if rest < size => Some(LaskerMove::Take {
                heap,
                take: size - rest,
            }),
            [a, b] if a.checked_add(b) == Some(size) => Some(LaskerMove::Split { heap, part: a }),
            _ => None,
        }
    }

    fn some_moves(&self, limit: usize) -> (Vec<LaskerMove>, bool) {
        let mut moves = Vec::new();
        for (heap, size) in self.distinct_heaps() {
            let mut take = 1;
            while take <= size {
                if moves.len() == limit {
                    return (moves, true);
                }
                moves.push(LaskerMove::Take { heap, take });
                take += 1;
            }
            for part in 1..=size / 2 {
                if moves.len() == limit {
                    return (moves, true);
                }
                moves.push(LaskerMove::Split { heap, part });
            }
        }
        (moves, false)
    }

    fn quiet_move(&self) -> Option<LaskerMove> {
        let largest = *self.heaps.last()?;
        Some(LaskerMove::Take {
            heap: self.first_of_size(largest),
            take: 1,
        })
    }
}

impl Notation for Lasker {
    fn format_move(&self, mv: &LaskerMove) -> String {
        match *mv {
            LaskerMove::Take { heap, take } => format!("{}-{take}", heap + 1),
            LaskerMove::Split { heap, part } => format!("{}:{part}", heap + 1),
        }
    }

    fn parse_move(&self, text: &str) -> Result<LaskerMove, String> {
        let text = text.trim();
        let shape = "write <heap>-<k> to take k tokens from a heap, or <heap>:<a> to split it \
                     into a and the rest (heaps count from 1, as printed): `2-3`, `2:1`";
        if let Some((heap_text, part_text)) = text.split_once(':') {
            let heap_number =
                crate::notation::parse_move_number(heap_text, "a heap number", shape)?;
            let index = heap_number
                .checked_sub(1)
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < self.heaps.len())
                .ok_or_else(|| {
                    format!(
                        "there is no heap {heap_number} (heaps count from 1; this position has {})",
                        self.heaps.len()
                    )
                })?;
            let part = crate::notation::parse_move_number(part_text, "a part size", shape)?;
            let size = self.heaps[index];
            if part == 0 || part >= size {
                return Err(format!(
                    "heap {heap_number} holds {size} tokens: split off 1 to {}, not {part}",
                    size.saturating_sub(1)
                ));
            }
            return Ok(LaskerMove::Split {
                heap: self.first_of_size(size),
                part: part.min(size - part),
            });
        }
        let (_, index, take) =
            crate::notation::parse_heap_take_within(&self.heaps, text, text, shape)?;
        let size = self.heaps[index];
        Ok(LaskerMove::Take {
            heap: self.first_of_size(size),
            take,
        })
    }

    fn is_canonical_text(text: &str) -> bool {
        crate::notation::is_sorted_heap_list(text)
    }
}

impl Theory for Lasker {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(self.nim_sum()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(self.nim_sum()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Lasker>, AnalysisError> {
        let nim_sum = self.nim_sum();
        let mut collector = MoveCollector::new(limit);
        if nim_sum == 0 {
            return Ok(collector.finish());
        }
        for (heap, size) in self.distinct_heaps() {
            let target = heap_value(size) ^ nim_sum;
            // G is an involution, so the heap worth `target` is G(target) (0 for 0).
            let rest = heap_value(target);
            if rest < size {
                collector.push(|| WinningMove {
                    mv: LaskerMove::Take {
                        heap,
                        take: size - rest,
                    },
                    reason: format!(
                        "the heap of {size} becomes {rest} (worth {target}), leaving nim-sum 0"
                    ),
                });
            }
            let wanted = if collector.wants_more() { limit } else { 0 };
            let (parts, total) = splits_worth(size, target, wanted);
            let listed = parts.len().min(limit);
            for &part in parts.iter().take(listed) {
                collector.push(|| WinningMove {
                    mv: LaskerMove::Split { heap, part },
                    reason: format!(
                        "the heap of {size} splits into {part} and {} (worth {target} together), \
                         leaving nim-sum 0",
                        size - part
                    ),
                });
            }
            collector.count_unlisted(total - listed as u128);
        }
        Ok(collector.finish())
    }
}

impl MisereTheory for Lasker {}

/// The small positions for `verify`: single heaps up to 4·`size`, pairs and triples up to
/// `size`.
pub fn small_positions(size: u64) -> Vec<Lasker> {
    let singles = (1..=size.saturating_mul(4)).map(|heap| vec![heap]);
    let pairs = (1..=size).flat_map(|a| (a..=size).map(move |b| vec![a, b]));
    let triples = (1..=size)
        .flat_map(|a| (a..=size).flat_map(move |b| (b..=size).map(move |c| vec![a, b, c])));
    std::iter::once(Vec::new())
        .chain(singles)
        .chain(pairs)
        .chain(triples)
        .map(Lasker::new)
        .collect()
}

/// Lasker's Nim as a [`Game`].
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(
        Entry::<Lasker>::fixed(
            GameInfo {
                name: NAME.to_string(),
                rules: "heaps of tokens; take any number of tokens (at least one) from one heap, \
                        or split one heap into two non-empty heaps"
                    .into(),
                position: "heap sizes, each >= 1 (printed ascending): `2 2 3`".into(),
                moves: "<heap>-<k>: take k tokens from heap <heap>; <heap>:<a>: split it into \
                        a and the rest (heaps from 1, as printed): `2-3`, `3:1`"
                    .into(),
                source: "E. Lasker, Brettspiele der Voelker (1931); Winning Ways ch. 4; HDU 3032 \
                         Nim or not Nim? (`solve lasker --dialect hdu3032`)"
                    .into(),
                verify_size: "single heaps up to 4S, pairs and triples of heaps up to S \
                              (default 10)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            Lasker::parse,
            small_positions,
            (10, 30),
            FORMATS,
        )
        .with_misere_size(6),
    )
}

/// HDU 3032.
pub(crate) const FORMATS: &[Format] = &[Format {
    dialect: Some("hdu3032"),
    describe: "HDU 3032 Nim or not Nim?: T, then per case N and N heap sizes; prints Alice if \
               the first player wins, else Bob",
    solve: solve_hdu3032,
    // HDU 3032: T <= 100, N <= 10^6, 1 <= s <= 2^31 - 1. Past it: heaps to 2^64 - 2.
    shape: Shape::piles(
        &Draws,
        CaseLayout::Counted,
        1,
        Bounds::piles(100, 1_000_000, (1, (1 << 31) - 1)),
        Bounds::piles(100, 1_000_000, (1, LARGEST_HEAP)),
    ),
}];

/// What the contest tools draw of Lasker's Nim: heaps.
struct Draws;

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((1..=8).map(|a| [a, 0]).collect(), 3)
    }

    fn arrangement(&self) -> Arrangement {
        Arrangement::Row
    }

    /// Heaps around multiples of 4 (where G swaps 4k+3 and 4k+4), and the ends.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let base = rng.spread(low, high) & !3;
        let heap = match rng.between(0, 3) {
            0 => high,
            1 => low,
            _ => base.saturating_add(rng.between(0, 4)),
        };
        [heap.clamp(low, high), 0]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| rng.between(1, 9).to_string())
    }
}

/// Reads HDU 3032 cases: the first player (Alice) wins when the nim-sum of G is not 0.
fn solve_hdu3032(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    crate::judge::for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of heaps N")?;
        let mut sum = 0u64;
        for _ in 0..n {
            let heap = scanner.next_u64_where("a heap size", |heap| {
                (heap > LARGEST_HEAP)
                    .then(|| "heaps run to 2^64 - 2 (the heap 2^64 - 1 is worth 2^64)".to_string())
            })?;
            sum ^= heap_value(heap);
        }
        out.push_str(if sum != 0 { "Alice\n" } else { "Bob\n" });
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ExhaustiveSolver;

    #[test]
    fn the_formula_agrees_with_exhaustive_search() {
        let mut solver = ExhaustiveSolver::new();
        for heap in 0..=22u64 {
            let position = Lasker::new(vec![heap]);
            assert_eq!(
                solver.grundy_value(&position),
                Nimber(heap_value(heap)),
                "G({heap})"
            );
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_searched_ones() {
        let mut solver = ExhaustiveSolver::new();
        for position in small_positions(7) {
            assert_eq!(
                position.grundy_value(),
                Some(solver.grundy_value(&position))
            );
            let moves = position.winning_moves(usize::MAX).unwrap();
            let mut claimed: Vec<Lasker> =
                moves.listed.iter().map(|w| position.play(&w.mv)).collect();
            claimed.sort_by_key(|p| p.heaps.clone());
            let mut truth: Vec<Lasker> = position
                .options()
                .into_iter()
                .filter(|next| solver.grundy_value(next) == Nimber::ZERO)
                .collect();
            truth.sort_by_key(|p| p.heaps.clone());
            truth.dedup();
            assert_eq!(claimed, truth, "{position}");
            assert_eq!(moves.total, truth.len() as u128, "{position}");
        }
    }

    #[test]
    fn split_counts_agree_with_enumeration() {
        for heap in 2..=300u64 {
            for target in 0..=600u64 {
                let truth: Vec<u64> = (1..=heap / 2)
                    .filter(|&a| heap_value(a) ^ heap_value(heap - a) == target)
                    .collect();
                let (listed, total) = splits_worth(heap, target, usize::MAX);
                assert_eq!(listed, truth, "{heap} -> {target}");
                assert_eq!(total, truth.len() as u128, "{heap} -> {target}");
            }
        }
    }

    #[test]
    fn the_largest_heaps_are_arithmetic() {
        let position = Lasker::parse("18446744073709551614 5").unwrap();
        let moves = position.winning_moves(3).unwrap();
        assert!(moves.total >= 1);
        assert!(moves.listed.len() <= 3);
        for winning in &moves.listed {
            assert_eq!(
                position.play(&winning.mv).grundy_value(),
                Some(Nimber::ZERO)
            );
        }
        assert!(Lasker::parse("18446744073709551615").is_err());
        assert!(Lasker::parse("0").is_err());
    }

    #[test]
    fn the_sample_of_hdu3032() {
        assert_eq!(
            solve_hdu3032(b"2\n3\n2 2 3\n2\n3 3\n").unwrap(),
            "Alice\nBob\n"
        );
        assert!(solve_hdu3032(b"1\n1\n18446744073709551615\n").is_err());
        assert!(solve_hdu3032(b"1\n2\n1\n").is_err());
    }

    #[test]
    fn moves_parse_and_round_trip() {
        let position = Lasker::parse("7 3 5").unwrap();
        let split = position.parse_move("3:5").unwrap();
        assert_eq!(split, LaskerMove::Split { heap: 2, part: 2 });
        assert_eq!(position.format_move(&split), "3:2");
        assert_eq!(position.play(&split).to_string(), "2 3 5 5");
        assert!(position.parse_move("1:3").is_err());
        assert!(position.parse_move("1:0").is_err());
        assert!(position.parse_move("1-4").is_err());
        for mv in position.moves() {
            let to = position.play(&mv);
            assert_eq!(position.play(&position.move_to(&to).unwrap()), to);
        }
    }
}
