//! Positions of a heap game: a multiset of heaps under one [`HeapRule`].
//!
//! **Theory.** The heaps are independent games, so (Sprague–Grundy) the position's value is the
//! nim-sum of the heaps' values, and a move wins exactly when it turns one heap of value g into
//! heaps whose nim-sum is g ⊕ X, where X is the position's value: the new total is then 0. The
//! heaps' values come from the rule's [`Values`] table; `verify` checks both the table and the
//! nim-sum against the exhaustive solver.
//!
//! **Huge heaps.** Once the rule's period is proved, G of any heap up to 2^64 − 1 comes from the
//! period, and the winning moves on a heap past [`ENUMERATED_HEAP`] are not enumerated: for a
//! split a + b = n − k with both parts past the pre-period, G(a) ⊕ G(b) depends only on a mod p,
//! so each residue class is checked once and its splits counted arithmetically; at most the
//! listing limit of them are built. Without a proof, heaps up to the computed limit work and
//! larger ones are refused with the limit named.
//!
//! **Notation.** A position is its heap sizes, ascending (`3 5 7`; the empty position is lost).
//! A move `2-1` removes 1 token from the second heap (as printed) and leaves one heap or none;
//! `2-1=3+4` removes 1 and leaves heaps of 3 and 4 (`=a+b+c` for three).

use super::heap_rule::HeapRule;
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::engine::error::FamilyError;
use crate::engine::rule::{CompiledRule, MoveSet, Pairs};
use crate::engine::values::Values;
use crate::scanner::{InputError, Location};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use crate::engine::period::ProvedPeriod;

/// Heaps above this have their winning moves counted per residue class of the period instead of
/// enumerated one by one (when a period is proved).
pub const ENUMERATED_HEAP: u64 = 1 << 16;

/// The numbers a heap game accepts, for `grundy list`: a move only shrinks or splits heaps, so
/// every heap of every reachable position is smaller than the largest given.
pub const DOMAIN: &str = "heaps of 1 to 2^64 - 1 tokens: any heap once the rule's period is proved (values come from the period), else as far as the rule's value table can be computed (the refusal names the limit; moves only shrink or split heaps)";

/// A heap game: its rule and the values computed so far (grown on demand as larger heaps come).
#[derive(Debug)]
pub struct HeapGame {
    rule: Arc<HeapRule>,
    values: Mutex<Arc<Values>>,
}

impl HeapGame {
    /// The game of `rule`, with no values computed beyond G(0).
    pub fn new(rule: HeapRule) -> HeapGame {
        let values = Values::compute(&rule, 0).expect("G(0) is always computable");
        HeapGame {
            rule: Arc::new(rule),
            values: Mutex::new(Arc::new(values)),
        }
    }

    /// The rule.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// The values up to at least `n`, computing them if needed.
    pub fn values_up_to(&self, n: u64) -> Result<Arc<Values>, FamilyError> {
        let mut values = self
            .values
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if values.known_to() < n {
            *values = Arc::new(Values::compute(&self.rule, n)?);
        }
        Ok(Arc::clone(&values))
    }

    /// The position of these heaps (any order; each ≥ 1).
    pub fn position(&self, mut heaps: Vec<u64>) -> Result<Heaps, FamilyError> {
        if heaps.contains(&0) {
            return Err(FamilyError::EmptyHeap);
        }
        heaps.sort_unstable();
        let values = self.values_up_to(heaps.last().copied().unwrap_or(0))?;
        Ok(Heaps {
            rule: Arc::clone(&self.rule),
            values,
            heaps,
        })
    }

    /// Parses a position: heap sizes separated by whitespace, each ≥ 1. Errors give the column of
    /// the offending heap.
    pub fn parse(&self, text: &str) -> Result<Heaps, InputError> {
        let mut largest: Option<(u64, Location)> = None;
        let heaps = crate::notation::parse_heap_sizes(text, |token, heap| {
            if largest.is_none_or(|(most, _)| heap > most) {
                largest = Some((heap, token.location()));
            }
            Ok(())
        })?;
        let location = largest.map_or(Location::EndOfInput, |(_, at)| at);
        self.position(heaps)
            .map_err(|error| InputError::new(location, error.to_string()))
    }
}

/// A position of a heap game: heap sizes, ascending.
#[derive(Clone)]
pub struct Heaps {
    rule: Arc<HeapRule>,
    values: Arc<Values>,
    heaps: Vec<u64>,
}

impl Heaps {
    /// The rule of the game.
    pub fn rule(&self) -> &HeapRule {
        &self.rule
    }

    /// The heap sizes, ascending.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// Each heap alone, as a position of the same game, in order (the components of the
    /// position, for the compounds of [`crate::compound`]).
    pub fn single_heaps(&self) -> Vec<Heaps> {
        self.heaps
            .iter()
            .map(|&heap| Heaps {
                rule: Arc::clone(&self.rule),
                values: Arc::clone(&self.values),
                heaps: vec![heap],
            })
            .collect()
    }

    /// The rule, compiled: its options are known for every heap of the position and every heap
    /// a move leaves (the values were computed up to the largest).
    fn moves(&self) -> &CompiledRule {
        self.values.rule()
    }

    /// G of one heap of this position's game (every heap of the position, and every heap a move
    /// can leave, is in the table).
    fn heap_value(&self, heap: u64) -> Nimber {
        self.values
            .value(heap)
            .expect("the table covers every heap of the position")
    }

    /// The winning moves on one huge heap of a game with a proved period, where every split
    /// a + b of `heap − k` with both parts past the pre-period has G(a) ⊕ G(b) depending only on
    /// a mod p: splits with a small part are checked one by one, the others counted per residue
    /// class; moves are listed in increasing a, at most as many as the collector keeps.
    fn periodic_winning_moves(
        &self,
        index: usize,
        heap: u64,
        target: Nimber,
        period: &ProvedPeriod,
        collector: &mut MoveCollector<Heaps>,
    ) -> Result<(), AnalysisError> {
        let sizes = match self.moves().moves() {
            MoveSet::Finite(sizes) => sizes,
            MoveSet::AllBut(_) | MoveSet::External(_) => {
                // Rules without splits have few options: enumerate them.
                self.moves().for_each_option(heap, &mut |take, parts| {
                    let left = parts
                        .iter()
                        .fold(Nimber::ZERO, |sum, &part| sum ^ self.heap_value(part));
                    if left == target {
                        collector.push(|| self.winning(index, heap, take, parts.to_vec(), target));
                    }
                });
                return Ok(());
            }
        };
        let (n0, p) = (period.preperiod, period.period);
        let g = |n: u64| self.heap_value(n);
        for &k in sizes.takes() {
            let Some(rest) = heap.checked_sub(k) else {
                break;
            };
            let leaves = sizes.leaves(k);
            if leaves.nothing && rest == 0 && target == Nimber::ZERO {
                collector.push(|| self.winning(index, heap, k, Vec::new(), target));
            }
            if leaves.one && rest >= 1 && g(rest) == target {
                collector.push(|| self.winning(index, heap, k, vec![rest], target));
            }
            if leaves.three && rest >= 3 {
                return Err(AnalysisError::TooLarge(format!(
                    "the heap of {heap} has too many three-heap splits to examine"
                )));
            }
            let Some(pairs) = leaves.two.filter(|_| rest >= 2) else {
                continue;
            };
            let half = rest / 2;
            // Small a: one by one.
            let periodic_from = n0.saturating_add(p).min(half + 1).max(1);
            for a in 1..periodic_from {
                if pairs == Pairs::Unequal && 2 * a == rest {
                    continue;
                }
                if g(a) ^ g(rest - a) == target {
                    collector.push(|| self.winning(index, heap, k, vec![a, rest - a], target));
                }
            }
            if periodic_from > half {
                continue;
            }
            if pairs == Pairs::Unequal {
                // No period is ever proved for unequal splits (no theorem applies), so this is
                // never reached; refuse rather than count the pair a = b among the splits.
                return Err(AnalysisError::TooLarge(format!(
                    "the heap of {heap} has too many unequal splits to examine"
                )));
            }
            // a in periodic_from..=half: a ≡ n0 + c (mod p), b = rest − a ≡ rest − 2·n0 − c + n0.
            let shift = (rest - 2 * n0) % p;
            let mut matching: Vec<u64> = (0..p)
                .filter(|&c| g(n0 + c) ^ g(n0 + (shift + p - c) % p) == target)
                .map(|c| periodic_from + (c + p - (periodic_from - n0) % p) % p)
                .filter(|&first| first <= half)
                .collect();
            matching.sort_unstable();
            let total: u128 = matching
                .iter()
                .map(|&first| u128::from((half - first) / p) + 1)
                .sum();
            let mut listed = 0u128;
            'rounds: for round in 0u64.. {
                if matching.is_empty() {
                    break;
                }
                for &first in &matching {
                    let Some(a) = round
                        .checked_mul(p)
                        .and_then(|offset| first.checked_add(offset))
                        .filter(|&a| a <= half)
                    else {
                        break 'rounds;
                    };
                    if !collector.wants_more() {
                        break 'rounds;
                    }
                    collector.push(|| self.winning(index, heap, k, vec![a, rest - a], target));
                    listed += 1;
                }
            }
            collector.count_unlisted(total - listed);
        }
        Ok(())
    }

    /// The winning move that takes `take` from the heap at `index` and leaves `parts`.
    fn winning(
        &self,
        index: usize,
        heap: u64,
        take: u64,
        parts: Vec<u64>,
        target: Nimber,
    ) -> WinningMove<Heaps> {
        WinningMove {
            mv: HeapMove {
                heap: index,
                take,
                parts,
            },
            reason: format!(
                "the heap of {heap} (G = {}) becomes heaps of nim-sum {}, leaving nim-sum 0",
                self.heap_value(heap).0,
                target.0
            ),
        }
    }

    /// The index of each heap whose size differs from the heap before it: moves on equal heaps
    /// lead to the same position, so only the first of each size is tried.
    fn distinct_heaps(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        self.heaps
            .iter()
            .enumerate()
            .filter(|&(index, heap)| index == 0 || self.heaps[index - 1] != *heap)
            .map(|(index, &heap)| (index, heap))
    }
}

impl PartialEq for Heaps {
    fn eq(&self, other: &Self) -> bool {
        self.heaps == other.heaps
    }
}

impl Eq for Heaps {}

impl Hash for Heaps {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.heaps.hash(state);
    }
}

impl fmt::Debug for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Heaps({} {:?})", self.rule, self.heaps)
    }
}

impl fmt::Display for Heaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_numbers(f, &self.heaps, " ")
    }
}

/// A move of a heap game: remove `take` tokens from heap `heap` (0-based) and leave `parts`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// Which heap, 0-based, in the position's ascending order.
    pub heap: usize,
    /// How many tokens are removed.
    pub take: u64,
    /// The heaps left in its place (none to three, non-decreasing).
    pub parts: Vec<u64>,
}

impl ImpartialGame for Heaps {
    type Move = HeapMove;

    fn moves(&self) -> Vec<HeapMove> {
        let mut moves = Vec::new();
        for (index, heap) in self.distinct_heaps() {
            self.moves().for_each_option(heap, &mut |take, parts| {
                moves.push(HeapMove {
                    heap: index,
                    take,
                    parts: parts.to_vec(),
                });
            });
        }
        moves
    }

    fn play(&self, mv: &HeapMove) -> Self {
        let mut heaps = self.heaps.clone();
        heaps.remove(mv.heap);
        heaps.extend_from_slice(&mv.parts);
        heaps.sort_unstable();
        Heaps {
            rule: Arc::clone(&self.rule),
            values: Arc::clone(&self.values),
            heaps,
        }
    }

    fn move_to(&self, target: &Self) -> Option<HeapMove> {
        // The heap that changed and what it became: a multiset difference, then one check.
        let (mut mine, mut theirs) = (self.heaps.iter().peekable(), target.heaps.iter().peekable());
        let (mut removed, mut added) = (Vec::new(), Vec::new());
        loop {
            match (mine.peek(), theirs.peek()) {
                (Some(a), Some(b)) if a == b => {
                    mine.next();
                    theirs.next();
                }
                (Some(a), Some(b)) if a < b => removed.push(*mine.next()?),
                (Some(_), Some(_)) | (None, Some(_)) => added.push(*theirs.next()?),
                (Some(_), None) => removed.push(*mine.next()?),
                (None, None) => break,
            }
        }
        let [heap] = removed[..] else { return None };
        let take = heap.checked_sub(added.iter().try_fold(0u64, |sum, &p| sum.checked_add(p))?)?;
        // Moves are numbered by the first heap of their size, as moves() does.
        let index = self.heaps.partition_point(|&h| h < heap);
        matches!(self.moves().is_option(heap, take, &added), Ok(true)).then_some(HeapMove {
            heap: index,
            take,
            parts: added,
        })
    }

    fn some_moves(&self, limit: usize) -> (Vec<HeapMove>, bool) {
        let mut moves = Vec::new();
        for (index, heap) in self.distinct_heaps() {
            let (options, more) = match self.moves().first_options(heap, limit - moves.len()) {
                Ok(first) => first,
                Err(error) => panic!("the options of a heap of {heap} were computed: {error}"),
            };
            moves.extend(options.into_iter().map(|(take, parts)| HeapMove {
                heap: index,
                take,
                parts,
            }));
            if more {
                return (moves, true);
            }
        }
        (moves, false)
    }

    fn quiet_move(&self) -> Option<HeapMove> {
        self.some_moves(1).0.into_iter().next()
    }
}

impl Theory for Heaps {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(self.grundy_value().unwrap_or_default().winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(
            self.heaps
                .iter()
                .fold(Nimber::ZERO, |sum, &heap| sum ^ self.heap_value(heap)),
        )
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let total = self.grundy_value().unwrap_or_default();
        let mut collector = MoveCollector::new(limit);
        if total == Nimber::ZERO {
            return Ok(collector.finish());
        }
        for (index, heap) in self.distinct_heaps() {
            let value = self.heap_value(heap);
            let target = value ^ total;
            if let Some(period) = self.values.period().filter(|_| heap > ENUMERATED_HEAP) {
                self.periodic_winning_moves(index, heap, target, &period, &mut collector)?;
                continue;
            }
            self.moves().for_each_option(heap, &mut |take, parts| {
                let left = parts
                    .iter()
                    .fold(Nimber::ZERO, |sum, &part| sum ^ self.heap_value(part));
                if left == target {
                    collector.push(|| WinningMove {
                        mv: HeapMove {
                            heap: index,
                            take,
                            parts: parts.to_vec(),
                        },
                        reason: format!(
                            "the heap of {heap} (G = {}) becomes heaps of nim-sum {}, leaving \
                             nim-sum 0",
                            value.0, target.0
                        ),
                    });
                }
            });
        }
        Ok(collector.finish())
    }
}

impl Notation for Heaps {
    fn format_move(&self, mv: &HeapMove) -> String {
        let mut text = format!("{}-{}", mv.heap + 1, mv.take);
        if mv.parts.len() > 1 {
            let parts: Vec<String> = mv.parts.iter().map(u64::to_string).collect();
            text.push('=');
            text.push_str(&parts.join("+"));
        }
        text
    }

    fn parse_move(&self, text: &str) -> Result<HeapMove, String> {
        let text = text.trim();
        let shape = "write <heap>-<k> (take k from a heap, counted from 1) or <heap>-<k>=<a>+<b> \
                     (and split what is left), e.g. 2-1 or 2-1=3+4";
        let (removal, split) = match text.split_once('=') {
            Some((removal, split)) => (removal, Some(split)),
            None => (text, None),
        };
        let (heap_number, index, take) =
            crate::notation::parse_heap_take(&self.heaps, removal, text, shape)?;
        let size = self.heaps[index];
        if take > size {
            return Err(format!("heap {heap_number} holds only {size} tokens"));
        }
        let mut parts = match split {
            Some(split) => split
                .split('+')
                .map(|part| crate::notation::parse_move_number(part, "a heap size", shape))
                .collect::<Result<Vec<u64>, String>>()?,
            None => match size - take {
                0 => Vec::new(),
                rest => vec![rest],
            },
        };
        parts.sort_unstable();
        if !self
            .moves()
            .is_option(size, take, &parts)
            .map_err(|error| error.to_string())?
        {
            return Err(format!(
                "{} cannot take {take} from the heap of {size} and leave {} ({})",
                self.rule,
                if parts.is_empty() {
                    "nothing".to_string()
                } else {
                    parts
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" + ")
                },
                self.rule.describe()
            ));
        }
        Ok(HeapMove {
            heap: index,
            take,
            parts,
        })
    }
}

/// The small positions of a heap game, for `verify` and the tests: the empty position and
/// single heaps up to 4·`size`, then every pair and then every triple of heaps up to `size` (as
/// multisets, lexicographic).
pub fn small_positions(game: &HeapGame, size: u64) -> Vec<Heaps> {
    let singles = (1..=size.saturating_mul(4)).map(|heap| vec![heap]);
    let pairs = (1..=size).flat_map(|a| (a..=size).map(move |b| vec![a, b]));
    let triples = (1..=size)
        .flat_map(|a| (a..=size).flat_map(move |b| (b..=size).map(move |c| vec![a, b, c])));
    std::iter::once(Vec::new())
        .chain(singles)
        .chain(pairs)
        .chain(triples)
        .map(|heaps| game.position(heaps).expect("small heaps are computable"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spelling: &str) -> HeapGame {
        HeapGame::new(HeapRule::resolve(spelling).unwrap().unwrap())
    }

    #[test]
    fn parse_display_and_moves() {
        let kayles = game("kayles");
        let position = kayles.parse("7 3 5").unwrap();
        assert_eq!(position.to_string(), "3 5 7");
        let mv = position.parse_move("3-1=2+4").unwrap();
        assert_eq!(position.play(&mv).to_string(), "2 3 4 5");
        assert_eq!(position.format_move(&mv), "3-1=2+4");
        assert!(position.parse_move("3-3").is_err());
        assert!(position.parse_move("4-1").is_err());
        assert!(position.parse_move("1-1=1+2").is_err());
        assert_eq!(
            kayles.parse("3 0").unwrap_err().to_string(),
            "line 1, column 3: a heap holds at least 1 token, found `0`"
        );
        assert!(kayles.parse("3 x").is_err());
        // Kayles has a proved period: any heap has a value.
        assert!(kayles.parse("99999999999999").is_ok());
        assert!(game("allbut:1,2").parse("99999999999999").is_err());
    }

    #[test]
    fn winning_moves_leave_zero() {
        let dawson = game("0.07");
        for text in ["10 20 35", "10 20 36", "4 9 17 30", "1 2 3"] {
            let position = dawson.parse(text).unwrap();
            let moves = position.winning_moves(usize::MAX).unwrap();
            let won = position.grundy_value() != Some(Nimber::ZERO);
            assert_eq!(moves.total > 0, won, "{text}");
            assert_eq!(moves.total, moves.listed.len() as u128);
            for winning in &moves.listed {
                let next = position.play(&winning.mv);
                assert_eq!(next.grundy_value(), Some(Nimber::ZERO));
            }
        }
    }
}
