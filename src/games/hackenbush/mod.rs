//! Green Hackenbush: cutting edges of a graph rooted on the ground.
//!
//! # Rules
//!
//! A position is a finite undirected multigraph (loops and parallel edges allowed) with one
//! vertex marked as the **ground**. A move deletes one edge; then every edge no longer connected
//! to the ground (by a path of edges) disappears too. The player who cannot move (no edge left)
//! loses; under misère play he wins.
//!
//! # Notation
//!
//! * `hackenbush`: a position is written inline, its edges `a-b` separated by spaces, vertices
//!   numbered from 0 (any numbers), the ground **0**: `0-1 1-2 2-0 1-1` (a triangle on the
//!   ground with a loop at vertex 1); `none` is the position without edges. Every edge must be
//!   connected to the ground. A move is an edge's number, from 1, in the position as written
//!   (`2`); the position after it is written with the remaining edges in the same order, so
//!   numbers shift.
//! * `hackenbush:FILE`: the graph is read from a file (format in [`file`]: `n m g`, then the m
//!   edges `u v`, vertices 1..n, ground g); a position is `all` (the file's graph), then the
//!   edges cut so far `-k` (`all -3 -7`; edges that fell with them need not be written). A move
//!   is an edge's number in the file (`5`), which never changes.
//!
//! # Theory
//!
//! The game is impartial and short, so every position has a Grundy value.
//!
//! * **Stalks and the colon principle.** A path of n edges from the ground (a stalk) is the
//!   Nim heap n: deleting its k-th edge leaves a stalk of k - 1. Graphs joined only at the ground
//!   are sums (a move touches one of them), so their values add by nim-sum. The *colon
//!   principle*: the value of what hangs from a vertex depends only on its value, so a branch
//!   hanging from a vertex may be replaced by a stalk of the same value. Hence, on a tree, the
//!   branches at a vertex are worth the nim-sum of (value of the branch above each child edge +
//!   1): an edge under a branch of value v is a stalk of v + 1.
//! * **The fusion principle.** The vertices of any cycle may be fused into one vertex without
//!   changing the value, each edge of the cycle becoming a loop at it; a loop is worth a stalk
//!   of 1 (deleting it leaves nothing). Fusing repeatedly, each *2-edge-connected component*
//!   (the edges on some cycle: the non-bridges, loops included) shrinks to a single vertex with
//!   one loop per edge, worth their count's parity. What is left is a tree of bridges, valued
//!   by the colon principle.
//!
//! The algorithm (linear time, iterative): a depth-first search from the ground finds the
//! bridges by low points (Tarjan); cutting the bridges out of the depth-first tree leaves the
//! components; each component's value is its parity, nim-added with (value + 1) of each
//! component hanging below it by a bridge, leaves first ([`fusion::fuse`]).
//!
//! **Winning moves** (edges whose deletion leaves value 0) propagate a *needed value* down the
//! tree of components: the ground's component needs 0; a component of value w hanging under a
//! component P (value p, needing t) must become a stalk t ⊕ p ⊕ (w + 1): if that is 0 the bridge
//! above it wins, else the component must change to value one less. A loop of a component
//! flips its parity. Any other edge on a cycle may split its component, and is checked by
//! fusing the component again without it — quadratic in the component's size, so done within
//! a stated limit ([`fusion::RECOMPUTE_LIMIT`] steps) and refused past it with the value
//! given. Trees (and graphs whose cycles are short) are listed exactly in linear time.
//!
//! **Misère play.** Every edge at the ground starts a *planted component* (the edge and all
//! above it): a sum of them. When no cycle passes through the ground, a planted component is
//! worth at least 1 until it is empty, and the Anti-SG rule (Sprague–Grundy for misère sums
//! whose components of value 0 are exactly the empty ones; the "SJ theorem") decides: the
//! player to move wins iff some component is worth more than 1 and their nim-sum is not 0, or
//! none is and their nim-sum is 0. Beware: the rule is on the planted components, not on whole
//! trees — a tree whose root has two stalks of 2 is worth 0 but is lost for the first player
//! (misère Nim 2, 2). The tests check the rule against exhaustive misère search on every small
//! tree and forest; with a cycle through the ground, misère play is decided by exhaustive
//! search.
//!
//! # Sources
//!
//! * E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical Plays*,
//!   ch. 7 "Hackenbush" (Green Hackenbush, the colon principle, the fusion principle).
//! * A. N. Siegel, *Combinatorial Game Theory* (AMS 2013), ch. IV (impartial games, Green
//!   Hackenbush, the fusion principle with its proof).
//! * Jia Zhihao, *Anti-SG and the SJ theorem* (2009, Chinese IOI training notes): the misère
//!   rule above.
//! * Judge problems: POJ 3710 Christmas Game, HDU 3094 A tree game, AtCoder AGC 017 D Game on
//!   Tree, HDU 3590 PP and QQ (misère).
//!
//! # The files
//!
//! * [`fusion`] — the value, the needed values, the winning edges, reachability.
//! * [`position`] — the position type, its notations, theory and misère theory.
//! * [`file`] — the graph file of `hackenbush:FILE`.
//! * `judge` — the four judge formats and their generators.

pub mod file;
pub mod fusion;
mod judge;
pub mod position;

use crate::game::{Entry, Game, GameInfo};
use position::{Board, Hackenbush, Style};
use std::sync::Arc;

pub use position::{HackenbushPicture, MAX_EDGES};

/// The game's name.
pub const NAME: &str = "hackenbush";

/// The prefix of a graph file's spelling: `hackenbush:FILE`.
pub const PREFIX: &str = "hackenbush:";

/// The numbers the game accepts.
pub const DOMAIN: &str = "graphs of up to 20000000 edges (loops and parallel edges allowed), \
                          vertices numbered 0 to 2^64 - 1 (the ground 0; files: 1 to 20000000); \
                          values exact (linear time); every winning edge listed when the edges \
                          on cycles take at most 50000000 steps to recheck";

/// The default and largest `verify --size` (edges per graph).
const SIZES: (u64, u64) = (4, 6);

/// Every graph of up to `size` edges on the ground 0 and vertices 1..=size, connected to the
/// ground: edges `a-b` with a ≤ b (loops included), listed in increasing order (a multiset), a
/// vertex appearing only after every smaller one (one labelling of each shape, up to renaming).
pub fn small_positions(size: u64) -> Vec<Hackenbush> {
    let size = size as u32;
    let pairs: Vec<[u32; 2]> = (0..=size)
        .flat_map(|a| (a..=size).map(move |b| [a, b]))
        .collect();
    let mut found = Vec::new();
    // (edges so far, index of the last pair used, the highest vertex seen)
    let mut stack: Vec<(Vec<[u32; 2]>, usize, u32)> = vec![(Vec::new(), 0, 0)];
    while let Some((edges, from, seen)) = stack.pop() {
        let labelled: Vec<[u64; 2]> = edges
            .iter()
            .map(|&[a, b]| [u64::from(a), u64::from(b)])
            .collect();
        let position = Hackenbush::whole(Arc::new(Board::new(0, &labelled, Style::Inline)));
        if position.edge_count() == edges.len() {
            found.push(position);
        }
        if edges.len() as u32 == size {
            continue;
        }
        for (index, &[a, b]) in pairs.iter().enumerate().skip(from) {
            if b > seen + 1 {
                continue;
            }
            let mut next = edges.clone();
            next.push([a, b]);
            stack.push((next, index, seen.max(b)));
        }
    }
    found
}

/// The description shared by both spellings.
fn info(name: &str, position: &str, moves: &str) -> GameInfo {
    GameInfo {
        name: name.to_string(),
        rules: "Green Hackenbush: an undirected graph (loops, parallel edges) rooted on a ground \
                vertex; a move deletes an edge, and every edge no longer connected to the ground \
                disappears; the player who cannot move loses"
            .into(),
        position: position.into(),
        moves: moves.into(),
        source: "Winning Ways ch. 7 (colon and fusion principles); Siegel, Combinatorial Game \
                 Theory ch. IV; POJ 3710, HDU 3094, AtCoder AGC 017 D, HDU 3590 (misère)"
            .into(),
        verify_size: format!(
            "every graph of up to S edges on the ground and S more vertices, loops and parallel \
             edges included, one labelling per shape (default {}, at most {})",
            SIZES.0, SIZES.1
        ),
        domain: DOMAIN.into(),
    }
}

/// Green Hackenbush with positions written inline, and its judge formats.
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(
        Entry::<Hackenbush>::fixed(
            info(
                NAME,
                "edges `a-b` of vertices from 0, the ground 0, or `none`: `0-1 1-2 2-0 1-1`",
                "an edge's number from 1, as the position is written: `2`",
            ),
            Hackenbush::parse_inline,
            small_positions,
            SIZES,
            judge::FORMATS,
        )
        .with_misere_size(4),
    )
}

/// The game of the graph file `path`, named `spelling` (`hackenbush:FILE`); the message of a
/// file that cannot be read or is malformed names the file and the place.
pub fn load(spelling: &str, path: &std::path::Path) -> Result<Box<dyn Game>, String> {
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|error| format!("{shown}: cannot read: {error}"))?;
    let board =
        Arc::new(file::parse_graph_file(&bytes).map_err(|error| format!("{shown}: {error}"))?);
    let edges = board.edge_count();
    let parse_board = Arc::clone(&board);
    let whole = Hackenbush::whole(Arc::clone(&board));
    let mut entry = Entry::<Hackenbush>::fixed(
        info(
            spelling,
            &format!("`all` (the file's graph of {edges} edges), then cut edges `-k`: `all -3 -7`"),
            "an edge's number from 1, its place in the file: `5`",
        ),
        move |text: &str| Hackenbush::parse_on(&parse_board, text),
        move |size| {
            let mut positions = small_positions(size);
            if whole.edge_count() <= 14 {
                positions.push(whole.clone());
            }
            positions
        },
        SIZES,
        &[],
    )
    .with_misere_size(4);
    entry.info.verify_size = format!(
        "{}, and the file's graph with every position it reaches if it has at most 14 edges",
        entry.info.verify_size
    );
    Ok(Box::new(entry))
}
