//! A game under misère play, for the commands: [`Misere`] wraps a position of any game with a
//! [`MisereTheory`], and is itself a position with a [`Theory`], so `analyze`, `play` and
//! `verify` run on it unchanged (and `verify` referees it with the misère solver).
//!
//! A game's misère theory is exact where it has one (misère quotients for heap games, Cairns and
//! Ho's theorem for end-piles); every other position is decided by exhaustive misère search
//! within [`DEFAULT_MISERE_POSITIONS`], and past it refused with the limit named.

use super::error::MisereError;
use super::search::{DEFAULT_MISERE_POSITIONS, MisereSearch, with_shared_search};
use crate::core::{ImpartialGame, Nimber, Play, Winner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;

/// The error of a misère computation, as the commands report it.
pub fn analysis_error(error: MisereError) -> AnalysisError {
    match error {
        MisereError::TooLarge(why) => AnalysisError::TooLarge(why),
        other => AnalysisError::RulesFailed(other.to_string()),
    }
}

/// A game's theory under misère play. The defaults are exhaustive misère search within
/// [`DEFAULT_MISERE_POSITIONS`], on the thread's shared search of the position type (see
/// [`with_shared_search`]: each position's outcome is computed once per thread, whatever the
/// question); a game with an exact theory overrides them, and so must a position type whose
/// equality ignores which game it belongs to.
pub trait MisereTheory: Theory + 'static {
    /// Whether this position is lost for the player to move under misère play.
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        with_shared_search(|search| search.is_lost(self)).map_err(analysis_error)
    }

    /// Every move that leaves a position lost under misère play (listing at most `limit`,
    /// counting all).
    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        with_shared_search(|search| winning_moves_by(search, self, limit)).map_err(analysis_error)
    }
}

/// A position played under the misère convention.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Misere<G>(pub G);

impl<G: fmt::Display> fmt::Display for Misere<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: fmt::Debug> fmt::Debug for Misere<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Misere({:?})", self.0)
    }
}

impl<G: ImpartialGame> ImpartialGame for Misere<G> {
    type Move = G::Move;

    fn moves(&self) -> Vec<G::Move> {
        self.0.moves()
    }

    fn play(&self, mv: &G::Move) -> Self {
        Misere(self.0.play(mv))
    }

    fn move_to(&self, target: &Self) -> Option<G::Move> {
        self.0.move_to(&target.0)
    }

    fn some_moves(&self, limit: usize) -> (Vec<G::Move>, bool) {
        self.0.some_moves(limit)
    }

    fn quiet_move(&self) -> Option<G::Move> {
        self.0.quiet_move()
    }

    fn memo_key(&self) -> Self {
        Misere(self.0.memo_key())
    }

    fn convention() -> Play {
        Play::Misere
    }
}

impl<G: Notation> Notation for Misere<G> {
    fn format_move(&self, mv: &G::Move) -> String {
        self.0.format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, String> {
        self.0.parse_move(text)
    }

    fn is_canonical_text(text: &str) -> bool {
        G::is_canonical_text(text)
    }
}

impl<G: MisereTheory> Theory for Misere<G> {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(if self.0.misere_lost()? {
            Winner::Second
        } else {
            Winner::First
        })
    }

    /// The misère Grundy value is not reported: unlike G, it does not add, and no misère theory
    /// here needs it.
    fn grundy_value(&self) -> Option<Nimber> {
        None
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let moves = self.0.misere_winning_moves(limit)?;
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

/// The misère winning moves by a fresh exhaustive search (for positions the quotient does not
/// cover).
pub fn search_winning_moves<G: Theory>(
    position: &G,
    limit: usize,
) -> Result<WinningMoves<G>, MisereError> {
    winning_moves_by(
        &mut MisereSearch::new(DEFAULT_MISERE_POSITIONS),
        position,
        limit,
    )
}

/// The misère winning moves of `position`, each option decided by `search`.
fn winning_moves_by<G: Theory>(
    search: &mut MisereSearch<G>,
    position: &G,
    limit: usize,
) -> Result<WinningMoves<G>, MisereError> {
    let mut collector = MoveCollector::new(limit);
    let mut seen = rustc_hash::FxHashSet::default();
    for mv in position.moves() {
        let next = position.play(&mv);
        if !seen.insert(next.memo_key()) {
            continue;
        }
        if search.is_lost(&next)? {
            collector.push(|| WinningMove {
                mv,
                reason: "leaves a position lost under misère play (exhaustive misère search)"
                    .to_string(),
            });
        }
    }
    Ok(collector.finish())
}
