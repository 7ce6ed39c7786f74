//! Node Kayles and Arc Kayles on any undirected graph.
//!
//! # Rules
//!
//! A position is a finite simple undirected graph. In **Node Kayles** a move picks a vertex
//! and removes it with all its neighbours; in **Arc Kayles** a move picks an edge and removes
//! both its ends (with every edge at them). Normal play: the player who cannot move loses.
//!
//! # Notation
//!
//! * `node-kayles:FILE`, `arc-kayles:FILE`: the graph is read from a file in the format of
//!   `graph:FILE` (`n m`, then m lines `u v`, vertices 1..n, `#` comments), each line read as
//!   the undirected edge u–v: `u v` and `v u` are the same edge, loops are dropped (the graph is
//!   simple). At most [`MAX_VERTICES`] vertices.
//! * `node-kayles:grid:RxC`, `arc-kayles:grid:RxC`: the R×C grid graph (cells adjacent when
//!   they share a side); `node-kayles:queens:N`, `arc-kayles:queens:N`: the N×N queens graph
//!   (cells adjacent when a queen on one attacks the other: same row, column or diagonal). The
//!   cell in row r, column c (from 0) is vertex r·C + c + 1.
//! * A position is `all` (the whole graph), then the vertices removed so far `-k`:
//!   `all -1 -2 -5`. A Node Kayles move is a vertex `k`; an Arc Kayles move is an edge `u-v`.
//!
//! # Theory
//!
//! Both games are impartial and short. A move removes vertices, so a position is the induced
//! subgraph on the vertices left, and it is the *disjunctive sum of its connected components*
//! (a move touches one component only): its Grundy value is the nim-sum of theirs. A
//! component's value is the mex of its options' values, found by Lemoine–Viennot's outcome
//! searches (g = k exactly when the component plus *k is a P-position; each search stops at
//! the first option that decides it), bounded by the longest play (a clique partition for Node
//! Kayles, half the vertices for Arc Kayles) and by the mirror rule on lattices
//! ([`solver`]'s doc gives the proofs). Isomorphic components have equal
//! values; on the lattice families (grid, queens) adjacency depends only on the difference of
//! two cells and is kept by the eight symmetries of the square, so a component is memoised
//! under its *shape* (translated to the corner and taken in its least image under the eight
//! symmetries, [`solver::canonical_key`]); on a graph from a file, under its vertex set. The
//! memo keeps for each its exact value or the values it is known not to have; it holds at most
//! [`memo::MEMO_CAP`] components per board and rule; when full it keeps its largest
//! components, at most half, and forgets the rest (exact values, deterministic runs).
//!
//! Known values the tests check against exhaustive search and the data:
//!
//! * Node Kayles on the path P_n is Dawson's Chess (octal 0.137) on a heap of n; Arc Kayles on
//!   P_n is Dawson's Kayles (octal 0.07) on a heap of n, which is 0.137 on n − 1.
//! * Node Kayles on the cycle C_n: any first move leaves the path P_{n−3}, so its value is 1
//!   when 0.137(n − 3) = 0, else 0 (and C_n is vertex-transitive: its value is 0 or 1).
//! * Arc Kayles on the R×C grid is Cram (dominoes placed on the board).
//! * Node Kayles on the 3×n grid: OEIS A316632 (published to n = 16); on the n×n queens graph:
//!   OEIS A344227 (published to n = 13).
//!
//! # Sources
//!
//! * T. J. Schaefer, *On the complexity of some two-person perfect-information games*, J.
//!   Comput. System Sci. 16 (1978): Node Kayles, PSPACE-complete.
//! * E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways*, vol. 1 (Dawson's Chess 0.137,
//!   Dawson's Kayles 0.07, Cram).
//! * J. Lemoine, S. Viennot, *Nimbers are inevitable*, Theoret. Comput. Sci. 462 (2012) 70–79
//!   (arXiv:1011.5841): values by outcome searches.
//! * S. Brown, S. Daugherty, E. Fiorini et al., *Nimber Sequences of Node-Kayles Games*, J.
//!   Integer Seq. 23 (2020), Article 20.3.5; OEIS A316632 (3×n grid) and A344227 (queens).
//!
//! # The files
//!
//! * [`board`] — the graph: the file reader, the families.
//! * [`memo`] — the bounded memo.
//! * [`solver`] — components, canonical keys, bounds, the outcome searches.
//! * [`position`] — the position type, its notation and theory.

pub mod board;
pub mod memo;
pub mod position;
pub mod solver;

#[cfg(test)]
mod referee;
#[cfg(test)]
mod tests;

use crate::game::{Entry, Game, GameInfo};
use board::Board;
pub use board::MAX_VERTICES;
use position::KaylesGraph;
use solver::Rule;
use std::sync::Arc;

/// The prefix of Node Kayles spellings: `node-kayles:FILE`, `node-kayles:grid:3x16`.
pub const NODE_PREFIX: &str = "node-kayles:";
/// The prefix of Arc Kayles spellings: `arc-kayles:FILE`, `arc-kayles:grid:4x5`.
pub const ARC_PREFIX: &str = "arc-kayles:";

/// What `grundy list` says of these games.
pub const KAYLES_GRAPH_HELP: &str = "Node Kayles and Arc Kayles on a graph: node-kayles:FILE, \
arc-kayles:FILE (the graph format of graph:FILE, read undirected), or a family: \
node-kayles:grid:RxC, node-kayles:queens:N (likewise arc-kayles:); a Node Kayles move takes a \
vertex and its neighbours, an Arc Kayles move an edge's two ends; positions `all -3 -7` \
(vertices removed), moves `k` (node) or `u-v` (arc)";

/// The default and largest `verify --size` (vertices of the small graphs).
const SIZES: (u64, u64) = (5, 6);

/// The rule and the rest of a spelling of these games, if it is one.
fn split(spelling: &str) -> Option<(Rule, &str)> {
    if let Some(rest) = spelling.strip_prefix(NODE_PREFIX) {
        return Some((Rule::Node, rest));
    }
    spelling
        .strip_prefix(ARC_PREFIX)
        .map(|rest| (Rule::Arc, rest))
}

/// Whether `spelling` would read a file (a `node-kayles:`/`arc-kayles:` spelling that names no
/// family).
pub fn reads_a_file(spelling: &str) -> bool {
    let lower = spelling.to_ascii_lowercase();
    split(&lower).is_some_and(|(_, rest)| board::parse_family(rest).is_none())
}

/// Every labelled simple graph on 1 to `size` vertices, whole, under `rule`.
pub fn small_graphs(size: u64, rule: Rule) -> Vec<KaylesGraph> {
    let mut found = Vec::new();
    for n in 1..=size as u32 {
        let pairs: Vec<[u32; 2]> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| [u, v]))
            .collect();
        for chosen in 0u64..1 << pairs.len() {
            let edges: Vec<[u32; 2]> = pairs
                .iter()
                .enumerate()
                .filter(|&(index, _)| chosen >> index & 1 == 1)
                .map(|(_, &pair)| pair)
                .collect();
            let board = Arc::new(Board::new(n as usize, &edges, None));
            found.push(KaylesGraph::whole(board, rule));
        }
    }
    found
}

/// The positions `verify` checks on `board`: the small graphs, then every position of the
/// board when it has at most 12 vertices, or the whole board when it has at most 20.
fn verified_positions(board: &Arc<Board>, rule: Rule, size: u64) -> Vec<KaylesGraph> {
    let mut positions = small_graphs(size, rule);
    let n = board.vertex_count();
    if n <= 12 {
        for removed in 0u32..1 << n {
            let gone: Vec<u32> = (0..n as u32).filter(|v| removed >> v & 1 == 1).collect();
            positions.push(KaylesGraph::without(Arc::clone(board), rule, &gone));
        }
    } else if n <= 20 {
        positions.push(KaylesGraph::whole(Arc::clone(board), rule));
    }
    positions
}

/// The game `spelling` names on `board`.
fn game_on(spelling: &str, rule: Rule, board: Board) -> Box<dyn Game> {
    let board = Arc::new(board);
    let n = board.vertex_count();
    let edges = board.edges().len();
    let (rules, moves) = match rule {
        Rule::Node => (
            "Node Kayles: a move picks a vertex of the graph and removes it and its neighbours; \
             the player who cannot move loses",
            "a vertex `k` (from 1) still in play: `5`",
        ),
        Rule::Arc => (
            "Arc Kayles: a move picks an edge of the graph and removes both its ends (and every \
             edge at them); the player who cannot move loses",
            "an edge `u-v` with both ends in play: `1-2`",
        ),
    };
    let parse_board = Arc::clone(&board);
    let positions_board = Arc::clone(&board);
    Box::new(Entry::<KaylesGraph> {
        info: GameInfo {
            name: spelling.to_string(),
            rules: rules.into(),
            position: format!(
                "`all` (the graph of {n} vertices and {edges} edges), then removed vertices \
                 `-k`: `all -1 -2`"
            ),
            moves: moves.into(),
            source: "Schaefer 1978; Winning Ways vol. 1; Brown et al., J. Integer Seq. 23 \
                     (2020); OEIS A316632, A344227"
                .into(),
            verify_size: format!(
                "every labelled graph on 1 to S vertices (default {}, at most {}), and every \
                 position of the game's graph if it has at most 12 vertices (its whole graph if \
                 at most 20)",
                SIZES.0, SIZES.1
            ),
            domain: format!(
                "simple undirected graphs of up to {MAX_VERTICES} vertices; values exact \
                 (components memoised, at most {} per memo)",
                memo::MEMO_CAP
            ),
        },
        parse: Arc::new(move |text: &str| KaylesGraph::parse_on(&parse_board, rule, text)),
        positions: Arc::new(move |size| Ok(verified_positions(&positions_board, rule, size))),
        default_size: SIZES.0,
        max_size: SIZES.1,
        misere_size: SIZES.0,
        extra_checks: &[],
        formats: &[],
        heap_game: None,
        conjecture: None,
        misere: None,
        compounds: None,
        censuses: None,
    })
}

/// The game a `node-kayles:…` or `arc-kayles:…` spelling names (`None` for other spellings);
/// a family's size or a file that cannot be read or is malformed is refused with the reason.
pub fn resolve(spelling: &str) -> Option<Result<Box<dyn Game>, String>> {
    let (rule, rest) = split(spelling)?;
    if let Some(family) = board::parse_family(rest) {
        return Some(family.map(|board| game_on(spelling, rule, board)));
    }
    let path = std::path::Path::new(rest);
    let shown = path.display();
    let read = std::fs::read(path)
        .map_err(|error| format!("{shown}: cannot read: {error}"))
        .and_then(|bytes| {
            board::parse_graph_file(&bytes).map_err(|error| format!("{shown}: {error}"))
        });
    Some(read.map(|board| game_on(spelling, rule, board)))
}
