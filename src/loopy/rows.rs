//! Tokens on an acyclic graph as a row of components, for the other compounds
//! ([`crate::compound`]): each token is a component, a single token on its vertex.
//!
//! On an acyclic graph every play ends, so a single token has a remoteness R and a suspense S
//! (the compound module's definitions), and the conjunctive, continued, selective and shortened
//! compounds of tokens follow from them by the rules proved there. A graph with a cycle has
//! tokens whose play can go on for ever: R and S are not defined there, and those compounds are
//! refused ([`GraphGame`](super::game::GraphGame) says why).
//!
//! [`OnGraph`] is a position of tokens that carries its board, so that it can be an
//! [`ImpartialGame`] with the library's fast theory (the nim-sum of the tokens' Grundy values,
//! γ being finite on an acyclic graph) and be searched, split into components and refereed like
//! any other game. R and S of one token are searched over the vertices it can reach (at most
//! the graph's size), memoised by the compound module.

use super::tokens::{Board, TokenMove, Tokens};
use crate::compound::components::Components;
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::game::{Entry, GameError};
use crate::misere::MisereTheory;
use crate::theory::{AnalysisError, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A position of tokens on an acyclic graph, with the graph.
#[derive(Clone)]
pub struct OnGraph {
    board: Arc<Board>,
    tokens: Tokens,
}

impl OnGraph {
    /// The position `tokens` on `board`, which must be acyclic (every value finite).
    pub(crate) fn new(board: Arc<Board>, tokens: Tokens) -> OnGraph {
        OnGraph { board, tokens }
    }

    /// The Grundy value of the token on `vertex` (finite: the graph is acyclic).
    fn value(&self, vertex: super::graph::Vertex) -> u64 {
        self.board
            .gamma(vertex)
            .finite()
            .expect("an acyclic graph's values are finite")
    }

    fn nim_sum(&self) -> u64 {
        self.tokens.0.iter().fold(0, |sum, &v| sum ^ self.value(v))
    }
}

impl PartialEq for OnGraph {
    /// The same tokens on the same board (the board compared by identity: the positions of one
    /// game share it), so that positions of two graphs are never taken for each other — in the
    /// thread's shared misère search, for one.
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.board, &other.board) && self.tokens == other.tokens
    }
}

impl Eq for OnGraph {}

impl Hash for OnGraph {
    /// The tokens only (equal positions have equal tokens; the board's address is left out, so
    /// that hashes, and the order of anything keyed by them, do not depend on where it lies).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.tokens.hash(state);
    }
}

impl fmt::Debug for OnGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OnGraph({})", self.tokens)
    }
}

impl fmt::Display for OnGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tokens.fmt(f)
    }
}

impl ImpartialGame for OnGraph {
    type Move = TokenMove;

    fn moves(&self) -> Vec<TokenMove> {
        self.board.moves(&self.tokens)
    }

    fn play(&self, mv: &TokenMove) -> OnGraph {
        OnGraph {
            board: Arc::clone(&self.board),
            tokens: self.tokens.after(*mv),
        }
    }
}

impl Notation for OnGraph {
    fn format_move(&self, mv: &TokenMove) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<TokenMove, String> {
        self.board.parse_move(&self.tokens, text)
    }
}

impl Theory for OnGraph {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(self.nim_sum()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(self.nim_sum()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<OnGraph>, AnalysisError> {
        let sum = self.nim_sum();
        if sum == 0 {
            return Ok(WinningMoves::none());
        }
        let mut listed = Vec::new();
        let mut total = 0u128;
        for mv in self.moves() {
            let after = sum ^ self.value(mv.from) ^ self.value(mv.to);
            if after == 0 {
                total += 1;
                if listed.len() < limit {
                    listed.push(WinningMove {
                        mv,
                        reason: format!(
                            "the token on {} (value {}) moves to {} (value {}), leaving nim-sum 0",
                            mv.from + 1,
                            self.value(mv.from),
                            mv.to + 1,
                            self.value(mv.to)
                        ),
                    });
                }
            }
        }
        Ok(WinningMoves { listed, total })
    }
}

impl MisereTheory for OnGraph {}

impl Components for OnGraph {
    fn components(&self) -> Vec<Self> {
        self.tokens
            .0
            .iter()
            .map(|&vertex| OnGraph::new(Arc::clone(&self.board), Tokens(vec![vertex])))
            .collect()
    }

    fn small_components(entry: &Entry<Self>, size: u64) -> Result<Vec<Self>, GameError> {
        // The entry's small positions are the single tokens on the first S vertices.
        (entry.positions)(size)
    }

    fn compound_sizes() -> (&'static str, u64, u64) {
        (
            "components are single tokens on the vertices 1 to S of the graph",
            6,
            40,
        )
    }
}

/// The entry of the game on `board` (which must be acyclic), described by `info`, for its compounds: positions read
/// by the board, small positions the single tokens on the first vertices.
pub(crate) fn entry(board: Arc<Board>, info: crate::game::GameInfo) -> Entry<OnGraph> {
    let parse_board = Arc::clone(&board);
    let small_board = Arc::clone(&board);
    Entry::fixed(
        info,
        move |text| {
            Ok(OnGraph::new(
                Arc::clone(&parse_board),
                parse_board.parse_position(text)?,
            ))
        },
        move |size| {
            let n = small_board.graph().vertex_count() as u64;
            (0..size.min(n))
                .map(|v| OnGraph::new(Arc::clone(&small_board), Tokens(vec![v as u32])))
                .collect()
        },
        (6, 40),
        &[],
    )
    .with_compounds(crate::compound::game::compounds::<OnGraph>())
}

#[cfg(test)]
mod tests {
    use super::OnGraph;
    use crate::loopy::graph::GameGraph;
    use crate::loopy::tokens::{Board, Tokens};
    use crate::misere::MisereTheory;
    use std::sync::Arc;

    /// A token on vertex 1 of two graphs: positions of different boards are different
    /// positions, and the thread's shared misère search answers each for its own graph
    /// (with a move to a dead end, the token's player loses under misère play; without one,
    /// wins).
    #[test]
    fn positions_of_two_graphs_are_never_equal() {
        let moving = Arc::new(Board::new(GameGraph::from_edges(2, &[(0, 1)])));
        let still = Arc::new(Board::new(GameGraph::from_edges(2, &[])));
        let on_moving = OnGraph::new(Arc::clone(&moving), Tokens(vec![0]));
        let on_still = OnGraph::new(Arc::clone(&still), Tokens(vec![0]));
        assert_ne!(on_moving, on_still);
        assert_eq!(on_moving, OnGraph::new(moving, Tokens(vec![0])));
        for _ in 0..2 {
            assert!(on_moving.misere_lost().unwrap());
            assert!(!on_still.misere_lost().unwrap());
        }
    }
}
