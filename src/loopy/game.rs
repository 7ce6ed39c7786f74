//! A game graph as a game every command runs on: `graph:FILE`.
//!
//! Its positions are lists of token vertices ([`super::tokens`]); `analyze` reports the
//! winner (first, second or draw), γ of the position and of each token, every winning move
//! and, in a draw, every move that keeps it; `verify` checks γ against the referee on the
//! explicit graph of the sums, on the file's graph and on random small graphs.

use super::check::{check_board, check_random_graphs};
use super::file::{GraphFileError, MAX_EDGES, MAX_VERTICES, read_graph};
use super::play::play;
use super::rows::{self, OnGraph};
use super::sum::MAX_SUM_VERTICES;
use super::tokens::{Board, MAX_TOKENS, TokenMove, Tokens};
use crate::core::Winner;
use crate::game::compound_kind::Compound;
use crate::game::{
    Capabilities, CompoundVersions, Entry, Game, GameError, GameInfo, GraphPicture, MOVES_COUNTED,
    MoveOutcome, Picture, PositionMoves, Session, VerifyRequest,
};
use crate::play::{Ending, Side};
use crate::report::AnalysisReport;
use crate::verify::Report;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;

/// The prefix of a graph game's spelling: `graph:FILE`.
pub const PREFIX: &str = "graph:";

/// What `grundy list` says about graph games.
pub const GRAPH_HELP: &str = "\
Graph games: `graph:FILE`, tokens on any directed graph (cycles allowed: positions can be
draws, values are Smith's γ, finite or ∞(K)). FILE holds a first line `n m`, then m lines `u v`
(a move from vertex u to vertex v, vertices 1..n; `#` comments); a position lists the vertices
holding a token, a move `u->v` slides one (see docs/loopy.md):
  grundy analyze graph:examples/graphs/loop-and-end.txt 1 1
  grundy verify graph:examples/graphs/loopy.txt   (γ against the win/lose/draw referee)";

/// The default `verify --size` (tokens per position) of a graph game.
const DEFAULT_TOKENS: u64 = 3;

/// The most tokens `verify --size` takes.
const MAX_VERIFY_TOKENS: u32 = 8;

/// How many random graphs `verify` checks beside the file's.
const RANDOM_GRAPHS: usize = 40;

/// A game on a directed graph read from a file. A clone shares the graph and its values.
#[derive(Clone)]
pub struct GraphGame {
    info: GameInfo,
    board: Arc<Board>,
}

impl GraphGame {
    /// The game of the graph file `path`, named `spelling`.
    pub fn load(spelling: &str, path: &Path) -> Result<GraphGame, GraphFileError> {
        let graph = read_graph(path)?;
        let cyclic = graph.has_cycle();
        let info = GameInfo {
            name: spelling.to_string(),
            rules: format!(
                "Tokens on a directed graph ({} vertices, {} edges, {}): a move slides one token \
                 along one edge; the player who cannot move loses, and a game that goes on for \
                 ever is a draw.",
                graph.vertex_count(),
                graph.edge_count(),
                if cyclic {
                    "with cycles: values are Smith's γ, finite or ∞(K)"
                } else {
                    "acyclic: values are ordinary Grundy values"
                }
            ),
            position: "the vertices holding a token, from 1 (printed ascending): `1 3 3`"
                .to_string(),
            moves: "<from>-><to>: slide a token from vertex <from> along an edge to <to>: `1->2`"
                .to_string(),
            source: "C. A. B. Smith, Graphs and composite games (1966); Fraenkel and Yesha (1986)"
                .to_string(),
            verify_size: format!(
                "every position of up to S tokens on the file's graph (default {DEFAULT_TOKENS}; at \
                 most {MAX_VERIFY_TOKENS}, and the graph of S-tuples at most {MAX_SUM_VERTICES} \
                 vertices), and \
                 {RANDOM_GRAPHS} random graphs of up to 12 vertices with up to 3 tokens"
            ),
            domain: format!(
                "graph files of 1 to {MAX_VERTICES} vertices and up to {MAX_EDGES} edges; \
                 positions of up to {MAX_TOKENS} tokens"
            ),
        };
        Ok(GraphGame {
            info,
            board: Arc::new(Board::new(graph)),
        })
    }

    fn parse(&self, position: &str) -> Result<Tokens, GameError> {
        Ok(self.board.parse_position(position)?)
    }

    fn outcome(&self, position: &Tokens, mv: TokenMove, after: Winner) -> MoveOutcome {
        MoveOutcome {
            notation: mv.to_string(),
            to: position.after(mv).to_string(),
            wins: Some(after == Winner::Second),
        }
    }

    /// The board (the graph and its γ values).
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl GraphGame {
    /// The game as a row of tokens for the other compounds: only on an acyclic graph, where
    /// every token has a remoteness and a suspense.
    fn rows(&self, what: &str) -> Result<Entry<OnGraph>, GameError> {
        if self.board.graph().has_cycle() {
            return Err(GameError::Unsupported(format!(
                "{} has cycles: a token there may move for ever, so it has no remoteness or \
                 suspense, and {what} is not defined here; on an acyclic graph each token is a \
                 component",
                self.info.name
            )));
        }
        Ok(rows::entry(Arc::clone(&self.board), self.info.clone()))
    }
}

impl Game for GraphGame {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn analyze(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        let position = self.parse(position)?;
        Ok(self
            .board
            .analyze(&position, limit)
            .report(&self.info.name)
            .into())
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        let position = self.parse(position)?;
        let outcomes = self.board.outcomes(&position);
        let legal = outcomes.len();
        Ok(PositionMoves {
            winner: self.board.winner(&position),
            grundy: self.board.position_gamma(&position).finite(),
            moves: outcomes
                .iter()
                .take(limit)
                .map(|&(mv, after)| self.outcome(&position, mv, after))
                .collect(),
            more: legal > limit,
            legal: (legal <= MOVES_COUNTED).then_some(legal as u64),
            position: position.to_string(),
        })
    }

    fn best_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        let position = self.parse(position)?;
        Ok(self
            .board
            .best_move(&position)
            .map(|(mv, after)| self.outcome(&position, mv, after)))
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        let position = self.parse(position)?;
        let mv = self
            .board
            .entered_move(&position, entry)
            .map_err(GameError::IllegalMove)?;
        let after = self.board.winner(&position.after(mv));
        Ok(self.outcome(&position, mv, after))
    }

    fn verify(&self, request: &VerifyRequest) -> Result<Vec<Report>, GameError> {
        let VerifyRequest::Size(size) = request else {
            return Err(GameError::NoConjecture(self.info.name.clone()));
        };
        let tokens = size.unwrap_or(DEFAULT_TOKENS);
        let n = self.board.graph().vertex_count();
        // The most tokens whose graph of tuples fits (and at most MAX_VERIFY_TOKENS).
        let max = (1..=MAX_VERIFY_TOKENS)
            .take_while(|&k| {
                n.checked_pow(k)
                    .is_some_and(|size| size <= MAX_SUM_VERTICES)
            })
            .last()
            .unwrap_or(0);
        let report = u32::try_from(tokens)
            .ok()
            .filter(|&tokens| tokens <= max)
            .and_then(|tokens| check_board(&self.info.name, &self.board, tokens))
            .ok_or_else(|| GameError::SizeTooLarge {
                game: self.info.name.clone(),
                size: tokens,
                max: u64::from(max),
                meaning: self.info.verify_size.clone(),
            })?;
        Ok(vec![report, check_random_graphs(RANDOM_GRAPHS, 12, 35)])
    }

    fn capabilities(&self) -> Capabilities<'_> {
        Capabilities {
            compounds: Some(self),
            picture: Some(self),
            session: Some(self),
            ..Capabilities::default()
        }
    }
}

impl CompoundVersions for GraphGame {
    fn compound(&self, kind: Compound) -> Result<Box<dyn Game>, GameError> {
        let entry = self.rows(&format!("the {kind} compound"))?;
        entry.compound(kind)
    }

    fn remoteness(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        self.rows("remoteness")?.remoteness(position, limit)
    }
}

impl Picture for GraphGame {
    fn graph_picture(&self, max_vertices: usize, max_edges: usize) -> Option<GraphPicture> {
        let graph = self.board.graph();
        let n = graph.vertex_count();
        if n > max_vertices {
            return None;
        }
        let mut edges = Vec::new();
        for u in 0..n as u32 {
            for v in graph.distinct_followers(u) {
                if edges.len() == max_edges {
                    return None;
                }
                edges.push([u + 1, v + 1]);
            }
        }
        let gammas: Vec<_> = (0..n as u32).map(|v| self.board.gamma(v)).collect();
        Some(GraphPicture {
            vertices: n,
            edges,
            gamma: gammas.iter().map(ToString::to_string).collect(),
            winner: gammas.iter().map(|gamma| gamma.winner()).collect(),
        })
    }
}

impl Session for GraphGame {
    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError> {
        let position = self.parse(position)?;
        play(
            &self.board,
            &self.info.moves,
            position,
            first,
            input,
            output,
        )
    }
}
