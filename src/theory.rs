//! What a game offers beyond its rules: a fast theory.
//!
//! A game that implements [`ImpartialGame`] can already be solved by brute force. Implementing
//! [`Notation`] (how positions and moves are written) and [`Theory`] as well gives it the whole
//! toolkit: `analyze`, `verify` (the theory against the
//! exhaustive solver) and `play`, through the generic code in [`crate::analysis`],
//! [`crate::verify`] and [`crate::play`].

use crate::core::{ImpartialGame, Nimber, Winner};
pub use crate::notation::Notation;

/// A winning move: a move whose resulting position is lost for the opponent.
///
/// The position it leads to is [`ImpartialGame::play`]`(mv)`; it is not stored, so that listing
/// moves of a ten-million-bottle position does not hold a copy of the position per move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove<G: ImpartialGame> {
    /// The move.
    pub mv: G::Move,
    /// Why it wins, in one line of the game's theory.
    pub reason: String,
}

/// The winning moves of a position: the first ones (up to a limit) and how many there are in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMoves<G: ImpartialGame> {
    /// The listed moves, at most the requested limit, each leading to a distinct position.
    pub listed: Vec<WinningMove<G>>,
    /// How many winning moves (distinct resulting positions) there are in all.
    pub total: u128,
}

impl<G: ImpartialGame> WinningMoves<G> {
    /// No winning move at all.
    pub fn none() -> Self {
        WinningMoves {
            listed: Vec::new(),
            total: 0,
        }
    }
}

/// An analysis the theory cannot give for this position, by kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// The position is beyond what the theory or the search covers (it would take exponential
    /// time, or more positions than the search may store); the message names the limit.
    #[error("{0}")]
    TooLarge(String),
    /// The game's rules failed: a script's function threw, or a position repeats (the game is
    /// not short and has no Grundy value).
    #[error("{0}")]
    RulesFailed(String),
}

/// The fast theory of a game: who wins, the Grundy value, every winning move.
///
/// A theory is checked, never trusted: `verify` and the tests compare each of these answers with
/// the [`ExhaustiveSolver`](crate::core::ExhaustiveSolver) on every small position.
pub trait Theory: Notation {
    /// Who wins this position with perfect play, by the fast theory.
    fn winner(&self) -> Result<Winner, AnalysisError>;

    /// The Grundy value by the fast theory, where the theory gives one.
    fn grundy_value(&self) -> Option<Nimber>;

    /// Every winning move (listing at most `limit` of them, but counting all), by the fast theory.
    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError>;
}

/// Collects winning moves while counting them: keeps the first `limit`, counts all.
pub(crate) struct MoveCollector<G: ImpartialGame> {
    limit: usize,
    moves: WinningMoves<G>,
}

impl<G: ImpartialGame> MoveCollector<G> {
    pub(crate) fn new(limit: usize) -> Self {
        MoveCollector {
            limit,
            moves: WinningMoves::none(),
        }
    }

    /// Whether another listed move would still be kept.
    pub(crate) fn wants_more(&self) -> bool {
        self.moves.listed.len() < self.limit
    }

    /// Records one winning move; `make` builds it only if it is to be listed.
    pub(crate) fn push(&mut self, make: impl FnOnce() -> WinningMove<G>) {
        if self.wants_more() {
            self.moves.listed.push(make());
        }
        self.moves.total += 1;
    }

    /// Records `count` more winning moves that are not listed.
    pub(crate) fn count_unlisted(&mut self, count: u128) {
        self.moves.total += count;
    }

    pub(crate) fn finish(self) -> WinningMoves<G> {
        self.moves
    }
}
