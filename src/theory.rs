//! What a game offers beyond its rules: a fast theory, move notation and analysis.
//!
//! A game that implements [`ImpartialGame`] can already be solved by brute force. Implementing
//! [`Theory`] as well gives it the whole toolkit: `analyze`, `verify` (the theory against the
//! exhaustive solver) and `play`, through the generic code in [`crate::analysis`],
//! [`crate::verify`] and [`crate::play`].

use crate::core::{ImpartialGame, Nimber, Winner};
use std::fmt;

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

/// An analysis the theory cannot give for this position (for example, one that would take
/// exponential time).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct AnalysisError(pub String);

/// The fast theory of a game, with its notation.
///
/// `Display` gives the position notation of the spec; the game's parser (in its
/// [`registry`](crate::registry) entry) must read it back.
pub trait Theory: ImpartialGame + fmt::Display + fmt::Debug {
    /// Who wins this position with perfect play, by the fast theory.
    fn winner(&self) -> Result<Winner, AnalysisError>;

    /// The Grundy value by the fast theory, where the theory gives one.
    fn grundy_value(&self) -> Option<Nimber>;

    /// Every winning move (listing at most `limit` of them, but counting all), by the fast theory.
    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError>;

    /// A move in the game's move notation.
    fn format_move(&self, mv: &Self::Move) -> String;

    /// Parses a move in the game's notation, and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// The move that leads to `target`, if one does.
    fn move_to(&self, target: &Self) -> Option<Self::Move> {
        self.moves().into_iter().find(|mv| &self.play(mv) == target)
    }

    /// Whether `text` (already parsed successfully) is exactly this game's notation of its
    /// position, as `Display` would write it, so that reports can echo it instead of formatting
    /// the position again (a ten-million-bottle position is tens of megabytes of text). Only a
    /// cheap check belongs here; the default never claims it.
    fn is_canonical_text(text: &str) -> bool
    where
        Self: Sized,
    {
        let _ = text;
        false
    }

    /// The first `limit` legal moves, without building the full list when it is huge (a pile of a
    /// billion stones has a billion moves). Also says whether there are more.
    fn some_moves(&self, limit: usize) -> (Vec<Self::Move>, bool) {
        let mut moves = self.moves();
        let more = moves.len() > limit;
        moves.truncate(limit);
        (moves, more)
    }

    /// The least disruptive legal move (the computer's choice when every move loses: it keeps the
    /// game long and the position rich). `None` when there is no legal move.
    fn quiet_move(&self) -> Option<Self::Move> {
        self.moves().into_iter().next()
    }
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
