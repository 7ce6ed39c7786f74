//! # Moore's Nim_k — `moore:K`
//!
//! **Rules.** Heaps of tokens and a number K ≥ 1 fixed for the game. A move takes tokens from at
//! least one and at most K heaps: any positive number from each heap chosen (heaps emptied
//! disappear). The player who cannot move (no heap left) loses. K = 1 is Nim.
//!
//! **Theory (Moore 1910).** Write the heaps in binary. A position is lost exactly when, for every
//! bit position, the number of heaps with that bit set is a multiple of K + 1 (call such a
//! position *balanced*). *Proof sketch.* No move leads from a balanced position to another: a
//! move changes between 1 and K heaps; at the highest bit where some changed heap changes, each
//! changed heap either changes there (from 1 to 0, it decreases) or not, so the number of heaps
//! with that bit set drops by 1 to K — no longer a multiple of K + 1. From an unbalanced
//! position a move to a balanced one exists, built from the top bit down, with a set S of heaps
//! being reduced (at most K; below the bit where a heap joined S its bits are free). At bit j,
//! let c be the number of heaps outside S with bit j set, r = c mod (K + 1), s = |S|. If
//! K + 1 − r ≤ s (or r = 0), set bit j in (K + 1 − r) mod (K + 1) heaps of S and clear it in the
//! rest of S. Otherwise r + s ≤ K: r of the heaps outside S with bit j set join S (their bit j
//! is cleared, their higher bits unchanged, so each decreases), and bit j is cleared in every
//! heap of S. Every bit is then balanced, S never exceeds K, and S is not empty (at the highest
//! unbalanced bit S is empty, so r ≥ 1 heaps join). [`Moore::constructed_move`] is this
//! construction.
//!
//! **What grundy answers.** The winner for any heaps (to 2^64 − 1) by Moore's rule. The winning
//! moves: a balanced position has none; otherwise every one is listed (by trying every move
//! against the rule) when the position has at most [`LISTED_MOVES_LIMIT`] moves, and beyond that
//! the analysis is refused with that limit named and the constructed winning move given (the
//! count of winning moves can be astronomically large, and grundy never prints a count it has
//! not made). The Grundy value (for sums of Moore games with other games) is Nim's for K = 1
//! and otherwise found by exhaustive search when the product of (heap + 1) is at most
//! [`GRUNDY_LIMIT`], and not given beyond (no formula is known). Misère play is refused.
//!
//! **Notation.** A position is its heaps, ascending (`3 5 7`); a move `1-2+3-4` takes 2 tokens
//! from heap 1 and 4 from heap 3 (heaps from 1, as printed; at most K parts, distinct heaps).
//!
//! **Sources.** E. H. Moore, "A generalization of the game called nim", *Annals of Mathematics*
//! 11 (1910), 93–94; Winning Ways, ch. 15 ("Moore's Nim_k").

use crate::core::{ExhaustiveSolver, ImpartialGame, Nimber, Winner};
use crate::game::{Entry, Game, GameInfo};
use crate::misere::game::MisereTheory;
use crate::scanner::InputError;
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::collections::HashSet;
use std::fmt;

/// The spelling's prefix: `moore:K`.
pub const PREFIX: &str = "moore:";

/// The largest K accepted.
pub const MAX_K: u64 = u32::MAX as u64;

/// The most moves a position may have for its winning moves to be listed (and counted).
pub const LISTED_MOVES_LIMIT: u128 = 1_000_000;

/// The largest product of (heap + 1) over the heaps for which the Grundy value is searched.
pub const GRUNDY_LIMIT: u128 = 2_000;

/// The numbers the game accepts.
pub const DOMAIN: &str = "any number of heaps of 1 to 2^64 - 1 tokens (the winner by Moore's rule \
                          at any size); every winning move listed when the position has at most \
                          1,000,000 moves, else a winning move named and the listing refused; \
                          Grundy values (K >= 2) by search when the product of (heap + 1) is at \
                          most 2,000";

/// A position of Moore's Nim_k: K and the heaps, ascending, each at least 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Moore {
    k: u64,
    heaps: Vec<u64>,
}

/// A move: from each listed heap (0-based, in ascending order, distinct), that many tokens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MooreMove {
    /// `(heap, take)` pairs, by heap.
    pub takes: Vec<(usize, u64)>,
}

impl Moore {
    /// The position of these heaps in Nim_k (heaps of 0 are dropped).
    pub fn new(k: u64, mut heaps: Vec<u64>) -> Moore {
        heaps.retain(|&heap| heap > 0);
        heaps.sort_unstable();
        Moore { k, heaps }
    }

    /// The heaps, ascending.
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// K: the most heaps one move may take from.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Reads heap sizes separated by whitespace, each at least 1; errors are located.
    pub fn parse(k: u64, text: &str) -> Result<Moore, InputError> {
        let heaps = crate::notation::parse_heap_sizes(text, |_, _| Ok(()))?;
        Ok(Moore::new(k, heaps))
    }

    /// Moore's rule: every bit is set in a multiple of K + 1 heaps.
    pub fn is_balanced(k: u64, heaps: &[u64]) -> bool {
        (0..64).all(|bit| {
            let count = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64;
            count.is_multiple_of(k.saturating_add(1))
        })
    }

    /// The winning move of Moore's proof (top bit down; see the module doc), or `None` when the
    /// position is balanced (lost).
    pub fn constructed_move(&self) -> Option<MooreMove> {
        let modulus = self.k.saturating_add(1);
        let mut new = self.heaps.clone();
        let mut chosen: Vec<usize> = Vec::new();
        let mut in_chosen = vec![false; self.heaps.len()];
        for bit in (0..64).rev() {
            let mask = 1u64 << bit;
            let outside: Vec<usize> = (0..self.heaps.len())
                .filter(|&i| !in_chosen[i] && self.heaps[i] & mask != 0)
                .collect();
            let r = outside.len() as u64 % modulus;
            let wanted = (modulus - r) % modulus;
            let joining = if wanted <= chosen.len() as u64 {
                0
            } else {
                r as usize
            };
            for &heap in &outside[..joining] {
                in_chosen[heap] = true;
                chosen.push(heap);
            }
            // Heaps just joined clear the bit; of the others in S, `wanted` set it (none when
            // heaps joined: then the count outside S is a multiple of K + 1 already).
            let setting = if joining > 0 { 0 } else { wanted as usize };
            for (place, &heap) in chosen.iter().enumerate() {
                if place < setting {
                    new[heap] |= mask;
                } else {
                    new[heap] &= !mask;
                }
            }
        }
        if chosen.is_empty() {
            return None;
        }
        chosen.sort_unstable();
        Some(MooreMove {
            takes: chosen
                .into_iter()
                .map(|heap| (heap, self.heaps[heap] - new[heap]))
                .collect(),
        })
    }

    /// How many moves the position has, counted with repeats (choices of at most K heaps and
    /// of what each loses: the elementary symmetric sums e_1 + … + e_K of the heaps), saturating.
    fn move_count(&self) -> u128 {
        let most = usize::try_from(self.k)
            .unwrap_or(usize::MAX)
            .min(self.heaps.len());
        let mut sums = vec![0u128; most + 1];
        sums[0] = 1;
        for (seen, &heap) in self.heaps.iter().enumerate() {
            // After `seen` heaps, the sums of more than `seen` heaps are still 0.
            for size in (1..=most.min(seen + 1)).rev() {
                sums[size] = sums[size].saturating_add(sums[size - 1].saturating_mul(heap.into()));
            }
            let total = sums[1..]
                .iter()
                .fold(0u128, |total, &s| total.saturating_add(s));
            if total > LISTED_MOVES_LIMIT {
                return total;
            }
        }
        sums[1..]
            .iter()
            .fold(0u128, |total, &s| total.saturating_add(s))
    }

    /// Calls `visit` with each move (choices of 1 to K heaps by index, then every take from
    /// each, in order) until it returns `false`.
    fn for_each_move(&self, mut visit: impl FnMut(MooreMove) -> bool) {
        let n = self.heaps.len();
        let most = usize::try_from(self.k).unwrap_or(usize::MAX).min(n);
        for size in 1..=most {
            let mut chosen: Vec<usize> = (0..size).collect();
            loop {
                let mut takes: Vec<(usize, u64)> = chosen.iter().map(|&h| (h, 1)).collect();
                loop {
                    if !visit(MooreMove {
                        takes: takes.clone(),
                    }) {
                        return;
                    }
                    // The next takes, the last heap's fastest.
                    let Some(place) = (0..size)
                        .rev()
                        .find(|&p| takes[p].1 < self.heaps[takes[p].0])
                    else {
                        break;
                    };
                    takes[place].1 += 1;
                    for later in &mut takes[place + 1..] {
                        later.1 = 1;
                    }
                }
                // The next choice of `size` heaps.
                let Some(place) = (0..size).rev().find(|&p| chosen[p] < n - size + p) else {
                    break;
                };
                chosen[place] += 1;
                for later in place + 1..size {
                    chosen[later] = chosen[later - 1] + 1;
                }
            }
        }
    }

    /// The heaps after `mv`, ascending, zeros dropped.
    fn after(&self, mv: &MooreMove) -> Vec<u64> {
        let mut heaps = self.heaps.clone();
        for &(heap, take) in &mv.takes {
            heaps[heap] -= take;
        }
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        heaps
    }

    fn too_many_moves(&self) -> AnalysisError {
        let named = self
            .constructed_move()
            .map(|mv| format!("; a winning move is {}", self.format_move(&mv)))
            .unwrap_or_default();
        AnalysisError::TooLarge(format!(
            "the first player wins (Moore's rule), but the winning moves are listed and counted \
             only for positions with at most {LISTED_MOVES_LIMIT} moves{named}"
        ))
    }
}

impl fmt::Display for Moore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_numbers(f, &self.heaps, " ")
    }
}

impl ImpartialGame for Moore {
    type Move = MooreMove;

    fn moves(&self) -> Vec<MooreMove> {
        self.some_moves(usize::MAX).0
    }

    fn play(&self, mv: &MooreMove) -> Moore {
        Moore {
            k: self.k,
            heaps: self.after(mv),
        }
    }

    fn move_to(&self, target: &Moore) -> Option<MooreMove> {
        // Cancel the heaps both have; the rest of this position's heaps must be reduced, each
        // to one of the target's leftover heaps or to nothing: pair the largest with the largest.
        let (removed, added) = crate::notation::sorted_difference(&self.heaps, &target.heaps);
        if removed.is_empty() || removed.len() as u64 > self.k || added.len() > removed.len() {
            return None;
        }
        let mut takes = Vec::new();
        let mut used = vec![false; self.heaps.len()];
        let padding = removed.len() - added.len();
        for (place, &from) in removed.iter().enumerate() {
            let to = if place < padding {
                0
            } else {
                added[place - padding]
            };
            if to >= from {
                return None;
            }
            let heap = (0..self.heaps.len()).find(|&i| !used[i] && self.heaps[i] == from)?;
            used[heap] = true;
            takes.push((heap, from - to));
        }
        takes.sort_unstable();
        Some(MooreMove { takes })
    }

    fn some_moves(&self, limit: usize) -> (Vec<MooreMove>, bool) {
        // Moves from equal heaps, or of different heaps to the same heaps, lead to the same
        // position: one move per position reached.
        let mut seen = HashSet::new();
        let mut moves = Vec::new();
        let mut more = false;
        self.for_each_move(|mv| {
            if seen.insert(self.after(&mv)) {
                if moves.len() == limit {
                    more = true;
                    return false;
                }
                moves.push(mv);
            }
            true
        });
        (moves, more)
    }

    fn quiet_move(&self) -> Option<MooreMove> {
        let heap = self.heaps.len().checked_sub(1)?;
        Some(MooreMove {
            takes: vec![(heap, 1)],
        })
    }
}

impl Notation for Moore {
    fn format_move(&self, mv: &MooreMove) -> String {
        mv.takes
            .iter()
            .map(|(heap, take)| format!("{}-{take}", heap + 1))
            .collect::<Vec<_>>()
            .join("+")
    }

    fn parse_move(&self, text: &str) -> Result<MooreMove, String> {
        let text = text.trim();
        let shape = "write <heap>-<k> parts joined by `+`, one per heap taken from (heaps count \
                     from 1, as printed): `1-2+3-4`";
        let mut takes = Vec::new();
        for part in text.split('+') {
            let (number, heap, take) =
                crate::notation::parse_heap_take_within(&self.heaps, part, text, shape)?;
            if takes.iter().any(|&(h, _)| h == heap) {
                return Err(format!("heap {number} is named twice in `{text}`"));
            }
            takes.push((heap, take));
        }
        if takes.len() as u64 > self.k {
            return Err(format!(
                "`{text}` takes from {} heaps: at most K = {} in one move",
                takes.len(),
                self.k
            ));
        }
        takes.sort_unstable();
        Ok(MooreMove { takes })
    }

    fn is_canonical_text(text: &str) -> bool {
        crate::notation::is_sorted_heap_list(text)
    }
}

impl Theory for Moore {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(if Moore::is_balanced(self.k, &self.heaps) {
            Winner::Second
        } else {
            Winner::First
        })
    }

    fn grundy_value(&self) -> Option<Nimber> {
        if self.k == 1 {
            return Some(Nimber(self.heaps.iter().fold(0, |sum, &h| sum ^ h)));
        }
        self.heaps.iter().try_fold(1u128, |product, &h| {
            product
                .checked_mul(u128::from(h) + 1)
                .filter(|&p| p <= GRUNDY_LIMIT)
        })?;
        Some(ExhaustiveSolver::new().grundy_value(self))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Moore>, AnalysisError> {
        let mut collector = MoveCollector::new(limit);
        let Some(constructed) = self.constructed_move() else {
            return Ok(collector.finish());
        };
        if self.move_count() > LISTED_MOVES_LIMIT {
            return Err(self.too_many_moves());
        }
        let reason = |mv: &MooreMove| {
            format!(
                "{} heap(s) reduced: every bit is then set in a multiple of {} heaps (Moore)",
                mv.takes.len(),
                self.k.saturating_add(1)
            )
        };
        let first = self.after(&constructed);
        collector.push(|| WinningMove {
            reason: format!("{}; the move of Moore's proof", reason(&constructed)),
            mv: constructed,
        });
        let mut seen = HashSet::from([first]);
        self.for_each_move(|mv| {
            let heaps = self.after(&mv);
            if Moore::is_balanced(self.k, &heaps) && seen.insert(heaps) {
                collector.push(|| WinningMove {
                    reason: reason(&mv),
                    mv,
                });
            }
            true
        });
        Ok(collector.finish())
    }
}

/// Required by [`Entry::fixed`]; the game's misère version is refused (see [`game`]).
impl MisereTheory for Moore {}

// ---- As a value for the commands: spelling, description, small positions. ----

/// The game a spelling names, when it starts with [`PREFIX`]: `moore:K`, or why not.
pub fn resolve(spelling: &str) -> Option<Result<Box<dyn Game>, String>> {
    let rest = spelling.strip_prefix(PREFIX)?;
    Some(
        rest.parse::<u64>()
            .ok()
            .filter(|k| (1..=MAX_K).contains(k))
            .map(game)
            .ok_or_else(|| {
                format!(
                    "`{spelling}`: Moore's Nim_k is `{PREFIX}K` with K a whole number from 1 to \
                     {MAX_K} (the most heaps one move takes from)"
                )
            }),
    )
}

/// What `grundy list` prints about Moore's game.
pub const MOORE_HELP: &str = "Moore's Nim_k, spelled moore:K (K >= 1; moore:1 is Nim): heaps; a \
                              move takes tokens from 1 to K heaps; lost exactly when every bit is \
                              set in a multiple of K + 1 heaps (E. H. Moore, 1910)";

/// Moore's Nim_k for this K, as a [`Game`].
pub fn game(k: u64) -> Box<dyn Game> {
    let entry = Entry::<Moore>::fixed(
        GameInfo {
            name: format!("{PREFIX}{k}"),
            rules: format!(
                "heaps of tokens; a move takes any positive number of tokens from each of 1 \
                     to {k} heaps"
            ),
            position: "heap sizes, each >= 1 (printed ascending): `3 5 7`".into(),
            moves: "<heap>-<k> parts joined by `+`, at most K: `1-2+3-4` takes 2 from heap 1 \
                        and 4 from heap 3"
                .into(),
            source: "E. H. Moore, A generalization of the game called nim (Annals of \
                         Mathematics, 1910); Winning Ways ch. 15"
                .into(),
            verify_size: "every multiset of up to 5 heaps of 1 to S tokens (default 3)".into(),
            domain: DOMAIN.to_string(),
        },
        move |text| Moore::parse(k, text),
        move |size| small_positions(k, size),
        (3, 6),
        &[],
    );
    // Misère play is refused: its search would list every move of a position, and a move may
    // take from K heaps of any size.
    Box::new(Entry {
        misere: None,
        ..entry
    })
}

/// Every multiset of up to 5 heaps of 1 to `size` tokens.
pub fn small_positions(k: u64, size: u64) -> Vec<Moore> {
    crate::enumerate::multisets(5, 1, size)
        .into_iter()
        .map(|heaps| Moore::new(k, heaps))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_and_every_winning_move_agree_with_exhaustive_search() {
        for k in 1..=4 {
            let mut solver = ExhaustiveSolver::new();
            for position in small_positions(k, 4) {
                let lost = solver.grundy_value(&position) == Nimber::ZERO;
                assert_eq!(
                    position.winner().unwrap() == Winner::Second,
                    lost,
                    "K={k}: {position}"
                );
                let mut searched: Vec<String> = position
                    .moves()
                    .into_iter()
                    .filter(|mv| solver.grundy_value(&position.play(mv)) == Nimber::ZERO)
                    .map(|mv| position.play(&mv).to_string())
                    .collect();
                searched.sort();
                let listed = position.winning_moves(usize::MAX).unwrap();
                let mut theory: Vec<String> = listed
                    .listed
                    .iter()
                    .map(|m| position.play(&m.mv).to_string())
                    .collect();
                theory.sort();
                assert_eq!(theory, searched, "K={k}: {position}");
                assert_eq!(listed.total, searched.len() as u128);
                match position.constructed_move() {
                    None => assert!(lost, "K={k}: {position}"),
                    Some(mv) => {
                        assert!(mv.takes.len() as u64 <= k);
                        let to = position.play(&mv).to_string();
                        assert!(searched.contains(&to), "K={k}: {position} -> {to}");
                        let text = position.format_move(&mv);
                        assert_eq!(position.parse_move(&text), Ok(mv), "{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_constructed_move_balances_huge_heaps() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..2000 {
            let k = 1 + round % 5;
            let count = 1 + (next() % 9) as usize;
            let heaps: Vec<u64> = (0..count).map(|_| next() >> (next() % 64)).collect();
            let position = Moore::new(k, heaps);
            let Some(mv) = position.constructed_move() else {
                assert!(Moore::is_balanced(k, position.heaps()));
                continue;
            };
            assert!(!mv.takes.is_empty() && mv.takes.len() as u64 <= k);
            for &(heap, take) in &mv.takes {
                assert!(take >= 1 && take <= position.heaps()[heap]);
            }
            assert!(Moore::is_balanced(k, &position.after(&mv)), "{position}");
        }
    }

    #[test]
    fn large_positions_name_a_move_and_refuse_the_listing() {
        let position = Moore::parse(2, "1000000 999999 12345").unwrap();
        assert_eq!(position.winner().unwrap(), Winner::First);
        let AnalysisError::TooLarge(message) = position.winning_moves(1).unwrap_err() else {
            panic!("a limit error")
        };
        assert!(message.contains("1000000 moves"), "{message}");
        assert!(message.contains("a winning move is"), "{message}");
        assert_eq!(position.grundy_value(), None);
        let lost = Moore::parse(
            2,
            "18446744073709551615 18446744073709551615 18446744073709551615",
        )
        .unwrap();
        assert_eq!(lost.winning_moves(5).unwrap().total, 0);
        assert_eq!(lost.some_moves(4).0.len(), 4);
        let moves = position.some_moves(50).0;
        for mv in moves {
            assert_eq!(
                position
                    .move_to(&position.play(&mv))
                    .map(|m| position.play(&m)),
                Some(position.play(&mv))
            );
        }
    }

    #[test]
    fn moves_parse_and_refuse_what_is_not_a_move() {
        let position = Moore::parse(2, "5 3 7").unwrap();
        assert_eq!(position.to_string(), "3 5 7");
        let mv = position.parse_move("3-2+1-3").unwrap();
        assert_eq!(position.format_move(&mv), "1-3+3-2");
        assert_eq!(position.play(&mv).to_string(), "5 5");
        assert!(position.parse_move("1-1+2-1+3-1").is_err());
        assert!(position.parse_move("1-1+1-2").is_err());
        assert!(position.parse_move("1-4").is_err());
        assert!(position.parse_move("4-1").is_err());
        assert!(resolve("moore:0").unwrap().is_err());
        assert!(resolve("moore:x").unwrap().is_err());
        assert!(resolve("moore:3").unwrap().is_ok());
        assert!(resolve("moore").is_none());
    }
}
