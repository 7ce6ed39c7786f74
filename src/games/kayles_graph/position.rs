//! A position of Node Kayles or Arc Kayles: a board and the set of its vertices still in play;
//! its notation (`all -3 -7`) and its theory (by the solver).

use super::board::Board;
use super::solver::{self, Rule, contains, members, options, remove};
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::scanner::{InputError, Location};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A position: the vertices of the board still in play.
#[derive(Clone)]
pub struct KaylesGraph {
    board: Arc<Board>,
    rule: Rule,
    left: Vec<u64>,
}

impl KaylesGraph {
    /// The whole board under `rule`.
    pub fn whole(board: Arc<Board>, rule: Rule) -> KaylesGraph {
        let left = board.everything();
        KaylesGraph { board, rule, left }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The vertices still in play (a bitset).
    pub fn left(&self) -> &[u64] {
        &self.left
    }

    /// The position reached from the whole board by removing `removed` (vertices from 0).
    pub fn without(board: Arc<Board>, rule: Rule, removed: &[u32]) -> KaylesGraph {
        let mut position = KaylesGraph::whole(board, rule);
        for &vertex in removed {
            remove(&mut position.left, vertex);
        }
        position
    }

    /// Reads `all`, then removed vertices `-k` (from 1), on `board`.
    pub fn parse_on(board: &Arc<Board>, rule: Rule, text: &str) -> Result<KaylesGraph, InputError> {
        let mut position = KaylesGraph::whole(Arc::clone(board), rule);
        let mut words = text
            .split_ascii_whitespace()
            .map(|word| (word, word.as_ptr() as usize - text.as_ptr() as usize + 1));
        let at = |column: usize, message: String| {
            InputError::new(Location::At { line: 1, column }, message)
        };
        match words.next() {
            Some(("all", _)) => {}
            Some((word, column)) => {
                return Err(at(
                    column,
                    format!("expected `all` (then removed vertices `-k`), found `{word}`"),
                ));
            }
            None => {
                return Err(InputError::new(
                    Location::EndOfInput,
                    "expected `all` (the whole graph), then removed vertices `-k`",
                ));
            }
        }
        let n = board.vertex_count() as u64;
        for (word, column) in words {
            let vertex = word
                .strip_prefix('-')
                .and_then(|digits| crate::scanner::parse_u64_bytes(digits.as_bytes()))
                .filter(|vertex| (1..=n).contains(vertex))
                .ok_or_else(|| {
                    at(
                        column,
                        format!(
                            "expected a removed vertex `-k` with k from 1 to {n}, found `{word}`"
                        ),
                    )
                })?;
            remove(&mut position.left, (vertex - 1) as u32);
        }
        Ok(position)
    }

    /// The value, by the solver.
    pub fn value(&self) -> u32 {
        solver::value(&self.board, self.rule, &self.left)
    }
}

impl fmt::Display for KaylesGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("all")?;
        for vertex in 0..self.board.vertex_count() as u32 {
            if !contains(&self.left, vertex) {
                write!(f, " -{}", vertex + 1)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for KaylesGraph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KaylesGraph({:?}, {self})", self.rule)
    }
}

impl PartialEq for KaylesGraph {
    fn eq(&self, other: &KaylesGraph) -> bool {
        self.rule == other.rule
            && self.left == other.left
            && (Arc::ptr_eq(&self.board, &other.board) || self.board == other.board)
    }
}

impl Eq for KaylesGraph {}

impl Hash for KaylesGraph {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.vertex_count().hash(state);
        self.board.edges().len().hash(state);
        self.left.hash(state);
    }
}

impl ImpartialGame for KaylesGraph {
    /// The two ends of the edge taken (Arc Kayles), or the vertex taken twice (Node Kayles).
    type Move = [u32; 2];

    fn moves(&self) -> Vec<[u32; 2]> {
        let mut moves = Vec::new();
        for u in members(&self.left) {
            match self.rule {
                Rule::Node => moves.push([u, u]),
                Rule::Arc => moves.extend(
                    self.board
                        .neighbours(u)
                        .iter()
                        .filter(|&&v| v > u && contains(&self.left, v))
                        .map(|&v| [u, v]),
                ),
            }
        }
        moves
    }

    fn play(&self, &[u, v]: &[u32; 2]) -> KaylesGraph {
        let mut left = self.left.clone();
        match self.rule {
            Rule::Node => {
                for (word, &taken) in left.iter_mut().zip(self.board.closed(u)) {
                    *word &= !taken;
                }
            }
            Rule::Arc => {
                remove(&mut left, u);
                remove(&mut left, v);
            }
        }
        KaylesGraph {
            board: Arc::clone(&self.board),
            rule: self.rule,
            left,
        }
    }
}

impl Notation for KaylesGraph {
    fn format_move(&self, &[u, v]: &[u32; 2]) -> String {
        match self.rule {
            Rule::Node => (u + 1).to_string(),
            Rule::Arc => format!("{}-{}", u + 1, v + 1),
        }
    }

    fn parse_move(&self, text: &str) -> Result<[u32; 2], String> {
        let text = text.trim();
        let n = self.board.vertex_count() as u64;
        let vertex = |part: &str| {
            crate::scanner::parse_u64_bytes(part.trim().as_bytes())
                .filter(|vertex| (1..=n).contains(vertex))
                .map(|vertex| (vertex - 1) as u32)
                .ok_or_else(|| format!("`{part}` is not a vertex (a number from 1 to {n})"))
        };
        let mv = match self.rule {
            Rule::Node => {
                let u = vertex(text)?;
                if !contains(&self.left, u) {
                    return Err(format!("vertex {} is no longer in play", u + 1));
                }
                [u, u]
            }
            Rule::Arc => {
                let (a, b) = text
                    .split_once('-')
                    .ok_or_else(|| format!("a move is an edge `u-v`, found `{text}`"))?;
                let (a, b) = (vertex(a)?, vertex(b)?);
                let (u, v) = (a.min(b), a.max(b));
                if !self.board.joined(u, v) {
                    return Err(format!("there is no edge {}-{}", u + 1, v + 1));
                }
                if !contains(&self.left, u) || !contains(&self.left, v) {
                    return Err(format!("the edge {}-{} is no longer in play", u + 1, v + 1));
                }
                [u, v]
            }
        };
        Ok(mv)
    }
}

impl Theory for KaylesGraph {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(u64::from(self.value())).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(u64::from(self.value())))
    }

    /// Every move whose option is worth 0 (each option asked by the solver's outcome search,
    /// which stops as soon as the option is seen to have an option worth 0), one for each
    /// position reached.
    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let found = options(&self.board, self.rule, &self.left);
        let sets: Vec<Vec<u64>> = found.iter().map(|(_, after)| after.clone()).collect();
        let lost = solver::are_worth(&self.board, self.rule, &sets, 0);
        let mut collector = MoveCollector::new(limit);
        let mut reached = std::collections::HashSet::new();
        for ((mv, after), lost) in found.iter().zip(lost) {
            // Moves that leave the same vertices (true twins under Node Kayles) are one move.
            if lost && reached.insert(after) {
                collector.push(|| WinningMove {
                    mv: *mv,
                    reason: "leaves value 0".to_string(),
                });
            }
        }
        Ok(collector.finish())
    }
}
