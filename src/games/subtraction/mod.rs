//! # Subtraction games with the set in the position — and the judges' subtraction problems
//!
//! **Rules.** A position is a set S of positive numbers and some heaps. A move takes k ∈ S
//! tokens from one heap of at least k. The player who cannot move loses. With S = {1, …, m}
//! this is Bachet's game (HDU 1846 Brave Game, HDU 2149 Public Sale); with the powers of 2,
//! HDU 1847; with the Fibonacci numbers, HDU 1848; with any S, S-Nim (HDU 1536 = POJ 2960,
//! AcWing 893) and UVa 10404 Bachet's Game.
//!
//! **Notation.** `1,3,4: 5 7 8` — the set, a colon, then the heaps (printed ascending); the heaps
//! are those of the heap family `sub:1,3,4`, whose moves this game uses (`2-3`: take 3 from the
//! second heap). The family's spelling fixes one set per game; here the set is part of the
//! position, so that one game carries the judges' formats, whose inputs bring their own sets.
//!
//! **Theory.** A heap of n is worth G(n) = mex{G(n − k) : k ∈ S, k ≤ n} (Sprague–Grundy), and a
//! position the nim-sum of its heaps. The values of a finite S are eventually periodic (G(n)
//! depends on the previous max(S) values only); the heap engine computes them and proves the
//! period ([`crate::families::subtraction`]). Closed forms used by the readers: with
//! S = {1, …, m}, G(n) = n mod (m + 1) (the options of n are the m values below it, cyclically);
//! with the powers of 2, n is lost exactly when 3 divides n (no power of 2 is a multiple of 3,
//! and 1 or 2 reaches one). In HDU 2149 a first bid b ∈ [1, N] wins when b ≥ M, or when M − b
//! is a multiple of N + 1 (a lost position of the bounded game that remains).
//!
//! **Sources.** Winning Ways, ch. 4; the problem statements of HDU 1846, 1847, 1848, 1536,
//! 2149, POJ 2960, AcWing 893 and UVa 10404 (their samples are in `tests/dialects.rs`).

mod formats;

use crate::core::{ImpartialGame, Nimber, Winner};
use crate::families::heaps::{HeapGame, small_positions as heap_positions};
use crate::families::{HeapMove, HeapRule, Heaps};
use crate::game::{Entry, Game, GameInfo};
use crate::notation::Notation;
use crate::scanner::{InputError, Location};
use crate::theory::{AnalysisError, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::sync::Arc;

/// The game's spelling on the command line.
pub const NAME: &str = "subtraction";

/// A position: the set and the heaps.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Subtraction {
    /// The set as written in the notation (`1,3,4`).
    set: Arc<str>,
    heaps: Heaps,
}

impl Subtraction {
    /// Parses `1,3,4: 5 7 8`.
    pub fn parse(text: &str) -> Result<Subtraction, InputError> {
        let at_start = Location::At { line: 1, column: 1 };
        let Some((set, heaps)) = text.split_once(':') else {
            return Err(InputError::new(
                at_start,
                "write the set, a colon, then the heaps: `1,3,4: 5 7 8`",
            ));
        };
        let rule = match HeapRule::resolve(&format!("sub:{}", set.trim())) {
            Some(Ok(rule)) => rule,
            Some(Err(error)) => return Err(InputError::new(at_start, error.to_string())),
            None => return Err(InputError::new(at_start, "a set such as `1,3,4`")),
        };
        let spelled = rule.to_string();
        let game = HeapGame::new(rule);
        let heaps = game.parse(heaps)?;
        Ok(Subtraction {
            set: Arc::from(spelled.trim_start_matches("sub:")),
            heaps,
        })
    }

    fn wrap(&self, heaps: Heaps) -> Subtraction {
        Subtraction {
            set: Arc::clone(&self.set),
            heaps,
        }
    }
}

impl fmt::Display for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.set)?;
        if !self.heaps.heaps().is_empty() {
            write!(f, " {}", self.heaps)?;
        }
        Ok(())
    }
}

impl ImpartialGame for Subtraction {
    type Move = HeapMove;

    fn moves(&self) -> Vec<HeapMove> {
        self.heaps.moves()
    }

    fn play(&self, mv: &HeapMove) -> Subtraction {
        self.wrap(self.heaps.play(mv))
    }

    fn move_to(&self, target: &Subtraction) -> Option<HeapMove> {
        (self.set == target.set)
            .then(|| self.heaps.move_to(&target.heaps))
            .flatten()
    }

    fn some_moves(&self, limit: usize) -> (Vec<HeapMove>, bool) {
        self.heaps.some_moves(limit)
    }

    fn quiet_move(&self) -> Option<HeapMove> {
        self.heaps.quiet_move()
    }
}

impl Notation for Subtraction {
    fn format_move(&self, mv: &HeapMove) -> String {
        self.heaps.format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<HeapMove, String> {
        self.heaps.parse_move(text)
    }
}

impl Theory for Subtraction {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        self.heaps.winner()
    }

    fn grundy_value(&self) -> Option<Nimber> {
        self.heaps.grundy_value()
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Subtraction>, AnalysisError> {
        let moves = self.heaps.winning_moves(limit)?;
        Ok(WinningMoves {
            listed: moves
                .listed
                .into_iter()
                .map(|winning| WinningMove {
                    mv: winning.mv,
                    reason: winning.reason,
                })
                .collect(),
            total: moves.total,
        })
    }
}

/// The sets `verify` checks: Bachet's {1, 2}, the classic {1, 3, 4}, and {2, 5}.
const VERIFIED_SETS: [&str; 3] = ["1,2", "1,3,4", "2,5"];

/// For each of [`VERIFIED_SETS`], the heap family's small positions (single heaps up to 4S,
/// pairs and triples up to S).
pub fn small_positions(size: u64) -> Vec<Subtraction> {
    let mut out = Vec::new();
    for set in VERIFIED_SETS {
        let Some(Ok(rule)) = HeapRule::resolve(&format!("sub:{set}")) else {
            continue;
        };
        let game = HeapGame::new(rule);
        out.extend(
            heap_positions(&game, size)
                .into_iter()
                .map(|heaps| Subtraction {
                    set: Arc::from(set),
                    heaps,
                }),
        );
    }
    out
}

/// The game, with the judges' subtraction problems as its dialects.
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(Entry::<Subtraction> {
        info: GameInfo {
            name: NAME.to_string(),
            rules: "a set S and heaps; take k tokens from one heap, for some k in S".into(),
            position: "the set, a colon, the heaps (printed ascending): `1,3,4: 5 7 8`".into(),
            moves: "<heap>-<k>: take k (in S) from heap <heap> (from 1, as printed): `2-3`".into(),
            source: "Winning Ways ch. 4; HDU 1846, 2149, 1847, 1536 (= POJ 2960), 1848, AcWing \
                     893, UVa 10404 (--dialect)"
                .into(),
            verify_size: "for the sets {1,2}, {1,3,4}, {2,5}: single heaps up to 4S, pairs and \
                          triples up to S (default 10)"
                .into(),
            domain: "sets of positive numbers; heaps up to the heap engine's limits (the values \
                     of a set are periodic, and computed until the period is proved)"
                .into(),
        },
        parse: Arc::new(Subtraction::parse),
        positions: Arc::new(|size| Ok(small_positions(size))),
        default_size: 10,
        max_size: 30,
        misere_size: 4,
        extra_checks: &[],
        formats: formats::FORMATS,
        heap_game: None,
        conjecture: None,
        misere: None,
        compounds: None,
        censuses: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ExhaustiveSolver;

    #[test]
    fn positions_agree_with_exhaustive_search_and_round_trip() {
        let mut solver = ExhaustiveSolver::new();
        for position in small_positions(5) {
            assert_eq!(
                position.grundy_value(),
                Some(solver.grundy_value(&position)),
                "{position}"
            );
            let again = Subtraction::parse(&position.to_string()).unwrap();
            assert_eq!(again, position);
        }
        assert!(Subtraction::parse("1,2 3").is_err());
        assert!(Subtraction::parse("0,2: 3").is_err());
        assert!(Subtraction::parse("1,2: 0").is_err());
        assert_eq!(
            Subtraction::parse("4,1: 5 2").unwrap().to_string(),
            "1,4: 2 5"
        );
    }
}
