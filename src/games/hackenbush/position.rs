//! A Green Hackenbush position: a board (the drawn graph, its vertex labels and ground) and the
//! edges still standing; its moves, notation, theory and misère theory.

use super::fusion::{
    RECOMPUTE_LIMIT, edges_leaving, fuse, misere_lost_by_components, planted_values,
    still_connected,
};
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::misere::game::{analysis_error, search_winning_moves};
use crate::misere::search::{DEFAULT_MISERE_POSITIONS, MisereSearch};
use crate::misere::{Misere, MisereTheory};
use crate::scanner::{InputError, Location, Scanner, Token};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The most edges a position or a graph file may have.
pub const MAX_EDGES: usize = 20_000_000;

/// Listing a winning move costs a pass over the position (the position it leads to is
/// written); at most this many edges are passed over for listing, so a huge position lists
/// fewer moves than asked (at least one), and counts them all.
const LISTING_WORK: usize = 50_000_000;

/// How a position is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// The standing edges themselves, `0-1 1-2 2-0`, the ground written 0; an edge's number is
    /// its place in the position as written.
    Inline,
    /// A graph read from a file: `all`, or `all -3 -7` (the file's graph with edges 3 and 7
    /// cut); an edge's number is its line among the file's edges.
    File,
}

/// The drawn graph: vertices numbered densely from 0 (each with the label it is written with),
/// the ground, and every edge in order.
#[derive(Debug, PartialEq, Eq)]
pub struct Board {
    labels: Vec<u64>,
    ground: u32,
    edges: Vec<[u32; 2]>,
    style: Style,
}

impl Board {
    /// A board of edges between labels, the ground's label given; vertices are numbered densely
    /// in order of appearance (the ground first), so nothing is sized by a label.
    pub fn new(ground: u64, labelled: &[[u64; 2]], style: Style) -> Board {
        let mut dense: HashMap<u64, u32> = HashMap::with_capacity(labelled.len().min(1 << 20));
        let mut labels = vec![ground];
        dense.insert(ground, 0);
        let mut number = |label: u64, labels: &mut Vec<u64>| {
            *dense.entry(label).or_insert_with(|| {
                labels.push(label);
                (labels.len() - 1) as u32
            })
        };
        let edges = labelled
            .iter()
            .map(|&[u, v]| [number(u, &mut labels), number(v, &mut labels)])
            .collect();
        Board {
            labels,
            ground: 0,
            edges,
            style,
        }
    }

    /// How many edges the board has.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The edges the ground reaches, by number from 0.
    fn reached(&self) -> Vec<u32> {
        still_connected(self.labels.len(), self.ground, &self.edges, None)
            .iter()
            .enumerate()
            .filter(|&(_, &kept)| kept)
            .map(|(id, _)| id as u32)
            .collect()
    }
}

/// A position: the board and the edges still standing (numbers from 0, increasing), every one
/// of them connected to the ground.
#[derive(Clone)]
pub struct Hackenbush {
    board: Arc<Board>,
    standing: Vec<u32>,
}

/// The drawing of a position for a page: its vertices (labels, the ground first), and its
/// standing edges, each with the number a move names it by.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HackenbushPicture {
    /// The vertices' labels; vertex 0 (the first) is the ground.
    pub vertices: Vec<u64>,
    /// The index (into `vertices`) of the ground: always 0.
    pub ground: usize,
    /// The standing edges: `[move number, from, to]` with `from`/`to` indices into `vertices`.
    pub edges: Vec<[u64; 3]>,
}

impl Hackenbush {
    /// The whole board, less the edges the ground does not reach.
    pub fn whole(board: Arc<Board>) -> Hackenbush {
        let standing = board.reached();
        Hackenbush { board, standing }
    }

    /// The standing edges as pairs of dense vertices.
    fn pairs(&self) -> Vec<[u32; 2]> {
        self.standing
            .iter()
            .map(|&id| self.board.edges[id as usize])
            .collect()
    }

    /// How many edges stand.
    pub fn edge_count(&self) -> usize {
        self.standing.len()
    }

    /// The value by the fusion and colon principles (linear time).
    pub fn value(&self) -> u64 {
        fuse(
            self.board.labels.len(),
            self.board.ground,
            &self.pairs(),
            |_| 0,
        )
        .total()
    }

    /// What a page needs to draw the position.
    pub fn picture(&self) -> HackenbushPicture {
        HackenbushPicture {
            vertices: self.board.labels.clone(),
            ground: 0,
            edges: self
                .standing
                .iter()
                .enumerate()
                .map(|(index, &id)| {
                    let [u, v] = self.board.edges[id as usize];
                    let number = match self.board.style {
                        Style::Inline => index as u64 + 1,
                        Style::File => u64::from(id) + 1,
                    };
                    [number, u64::from(u), u64::from(v)]
                })
                .collect(),
        }
    }

    /// Reads a position written inline: edges `a-b` (labels from 0 to 2^64 - 1, the ground
    /// 0) separated by white space, or `none`. Every edge must be connected to the ground.
    pub fn parse_inline(text: &str) -> Result<Hackenbush, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut labelled = Vec::new();
        let mut tokens: Vec<Token<'_>> = Vec::new();
        let mut empty = false;
        while let Some(token) = scanner.next_token() {
            if token.text == b"none" && tokens.is_empty() && !empty {
                empty = true;
                continue;
            }
            if empty {
                return Err(token.error("nothing may follow `none` (the position without edges)"));
            }
            if labelled.len() == MAX_EDGES {
                return Err(token.error(format!("more than {MAX_EDGES} edges")));
            }
            let malformed = || {
                token.error(format!(
                    "expected an edge `a-b` (two vertices from 0, the ground 0), found `{}`",
                    token.show()
                ))
            };
            let at = token
                .text
                .iter()
                .position(|&byte| byte == b'-')
                .ok_or_else(malformed)?;
            let from = crate::scanner::parse_u64_bytes(&token.text[..at]).ok_or_else(malformed)?;
            let to =
                crate::scanner::parse_u64_bytes(&token.text[at + 1..]).ok_or_else(malformed)?;
            labelled.push([from, to]);
            tokens.push(token);
        }
        if labelled.is_empty() && !empty {
            return Err(InputError::new(
                Location::EndOfInput,
                "expected edges `a-b` (the ground is 0), or `none`",
            ));
        }
        let board = Arc::new(Board::new(0, &labelled, Style::Inline));
        let position = Hackenbush::whole(board);
        if position.standing.len() < labelled.len() {
            let kept: std::collections::HashSet<u32> = position.standing.iter().copied().collect();
            let lost = (0..labelled.len() as u32)
                .find(|id| !kept.contains(id))
                .expect("an edge left out");
            return Err(tokens[lost as usize].error(format!(
                "edge {} (`{}`) is not connected to the ground 0",
                lost + 1,
                tokens[lost as usize].show()
            )));
        }
        Ok(position)
    }

    /// Reads a position of a file's board: `all`, then any number of cut edges `-k` (k from 1
    /// to the file's edge count; edges that fall with them need not be written).
    pub fn parse_on(board: &Arc<Board>, text: &str) -> Result<Hackenbush, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let first = scanner.expect_token("`all` (the file's graph), then cut edges `-k`")?;
        if first.text != b"all" {
            return Err(first.error(format!(
                "expected `all` (the file's graph), then cut edges `-k`, found `{}`",
                first.show()
            )));
        }
        let count = board.edges.len();
        let mut cut = vec![false; count];
        while let Some(token) = scanner.next_token() {
            let number = token
                .text
                .strip_prefix(b"-")
                .and_then(crate::scanner::parse_u64_bytes)
                .filter(|&k| (1..=count as u64).contains(&k))
                .ok_or_else(|| {
                    token.error(format!(
                        "expected a cut edge `-k` with k from 1 to {count}, found `{}`",
                        token.show()
                    ))
                })?;
            cut[number as usize - 1] = true;
        }
        let kept: Vec<[u32; 2]> = board.edges.clone();
        let vertices = board.labels.len();
        // Cut edges are dropped by pointing them at a vertex of their own: simpler to filter.
        let remaining: Vec<u32> = (0..count as u32).filter(|&id| !cut[id as usize]).collect();
        let pairs: Vec<[u32; 2]> = remaining.iter().map(|&id| kept[id as usize]).collect();
        let connected = still_connected(vertices, board.ground, &pairs, None);
        let standing = remaining
            .iter()
            .zip(connected)
            .filter(|&(_, kept)| kept)
            .map(|(&id, _)| id)
            .collect();
        Ok(Hackenbush {
            board: Arc::clone(board),
            standing,
        })
    }

    /// The cut edges that `all -k …` writes: the edges not standing with an endpoint that the
    /// ground still reaches (the others fell with them).
    fn cuts(&self) -> Vec<u32> {
        let mut reached = vec![false; self.board.labels.len()];
        reached[self.board.ground as usize] = true;
        for &id in &self.standing {
            for v in self.board.edges[id as usize] {
                reached[v as usize] = true;
            }
        }
        let mut standing = self.standing.iter().peekable();
        (0..self.board.edges.len() as u32)
            .filter(|&id| {
                if standing.peek() == Some(&&id) {
                    standing.next();
                    return false;
                }
                let [u, v] = self.board.edges[id as usize];
                reached[u as usize] || reached[v as usize]
            })
            .collect()
    }

    /// The winning edges (numbers from 0) and the value, or why they are not all listed.
    fn winning_edges(&self) -> Result<(u64, Vec<u32>), AnalysisError> {
        let pairs = self.pairs();
        let vertices = self.board.labels.len();
        let fusion = fuse(vertices, self.board.ground, &pairs, |_| 0);
        let total = fusion.total();
        if total == 0 {
            return Ok((0, Vec::new()));
        }
        let winning = edges_leaving(vertices, &pairs, &fusion, 0).map_err(|beyond| {
            AnalysisError::TooLarge(format!(
                "the value is {total} (the first player wins), but finding every winning \
                     edge would fuse cycles again for {} steps, past the limit of \
                     {RECOMPUTE_LIMIT}: bridges and loops are found in linear time, an edge on a \
                     cycle by fusing its component again without it",
                beyond.work
            ))
        })?;
        Ok((
            total,
            winning
                .into_iter()
                .map(|index| self.standing[index as usize])
                .collect(),
        ))
    }

    /// How many moves are listed at most, for listing's work to stay within [`LISTING_WORK`].
    fn listing_cap(&self, limit: usize) -> usize {
        limit.min((LISTING_WORK / (self.standing.len() + self.board.labels.len())).max(1))
    }

    /// The values of the planted components at the ground, when no cycle passes through it.
    pub(crate) fn planted(&self) -> Option<Vec<u64>> {
        let pairs = self.pairs();
        let fusion = fuse(self.board.labels.len(), self.board.ground, &pairs, |_| 0);
        planted_values(&pairs, self.board.ground, &fusion)
    }

    /// Whether deleting `id` leaves the same inline position as deleting the standing edge
    /// before it: the same edge written again just before (parallel edges or loops in a run).
    fn repeats_previous(&self, id: u32) -> bool {
        if self.board.style != Style::Inline {
            return false;
        }
        match self.standing.binary_search(&id) {
            Ok(index) if index > 0 => {
                self.board.edges[self.standing[index - 1] as usize] == self.board.edges[id as usize]
            }
            _ => false,
        }
    }

    /// Writes a dense vertex with its label.
    fn label(&self, vertex: u32) -> u64 {
        self.board.labels[vertex as usize]
    }
}

impl fmt::Display for Hackenbush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.board.style {
            Style::Inline => {
                if self.standing.is_empty() {
                    return f.write_str("none");
                }
                for (index, &id) in self.standing.iter().enumerate() {
                    let [u, v] = self.board.edges[id as usize];
                    if index > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{}-{}", self.label(u), self.label(v))?;
                }
                Ok(())
            }
            Style::File => {
                f.write_str("all")?;
                for id in self.cuts() {
                    write!(f, " -{}", id + 1)?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Debug for Hackenbush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hackenbush({self})")
    }
}

impl PartialEq for Hackenbush {
    fn eq(&self, other: &Hackenbush) -> bool {
        self.board.style == other.board.style
            && self.standing.len() == other.standing.len()
            && self.label(self.board.ground) == other.label(other.board.ground)
            && self.standing.iter().zip(&other.standing).all(|(&a, &b)| {
                let [u, v] = self.board.edges[a as usize];
                let [x, y] = other.board.edges[b as usize];
                (self.board.style == Style::Inline || a == b)
                    && self.label(u) == other.label(x)
                    && self.label(v) == other.label(y)
            })
    }
}

impl Eq for Hackenbush {}

impl Hash for Hackenbush {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.style.hash(state);
        self.standing.len().hash(state);
        for &id in &self.standing {
            let [u, v] = self.board.edges[id as usize];
            (self.label(u), self.label(v)).hash(state);
        }
    }
}

impl ImpartialGame for Hackenbush {
    /// The number (from 0) of the edge deleted, in the board.
    type Move = u32;

    fn moves(&self) -> Vec<u32> {
        self.standing.clone()
    }

    fn play(&self, mv: &u32) -> Hackenbush {
        let at = self
            .standing
            .binary_search(mv)
            .expect("a move deletes a standing edge");
        let connected = still_connected(
            self.board.labels.len(),
            self.board.ground,
            &self.pairs(),
            Some(at),
        );
        Hackenbush {
            board: Arc::clone(&self.board),
            standing: self
                .standing
                .iter()
                .zip(connected)
                .filter(|&(_, kept)| kept)
                .map(|(&id, _)| id)
                .collect(),
        }
    }

    /// A loop or an edge on a cycle if there is one (it takes nothing else with it), else the
    /// edge to a leaf.
    fn quiet_move(&self) -> Option<u32> {
        if self.standing.is_empty() {
            return None;
        }
        let pairs = self.pairs();
        let fusion = fuse(self.board.labels.len(), self.board.ground, &pairs, |_| 0);
        if let Some(index) = (0..pairs.len()).find(|&index| !fusion.bridge[index]) {
            return Some(self.standing[index]);
        }
        let leaf = *fusion.order.last().expect("the ground");
        let edge = fusion.parent_edge[leaf as usize];
        Some(self.standing[edge as usize])
    }
}

impl Notation for Hackenbush {
    fn format_move(&self, mv: &u32) -> String {
        match self.board.style {
            Style::Inline => {
                let index = self.standing.binary_search(mv).unwrap_or(0);
                (index + 1).to_string()
            }
            Style::File => (mv + 1).to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<u32, String> {
        let text = text.trim();
        let number = crate::scanner::parse_u64_bytes(text.as_bytes())
            .filter(|&k| k >= 1)
            .ok_or_else(|| format!("`{text}` is not an edge number (from 1)"))?;
        match self.board.style {
            Style::Inline => usize::try_from(number - 1)
                .ok()
                .and_then(|index| self.standing.get(index).copied())
                .ok_or_else(|| {
                    format!(
                        "there is no edge {number}: the position has {} edges, numbered from 1 \
                         as written",
                        self.standing.len()
                    )
                }),
            Style::File => u32::try_from(number - 1)
                .ok()
                .filter(|id| self.standing.binary_search(id).is_ok())
                .ok_or_else(|| format!("edge {number} is not standing")),
        }
    }
}

impl Theory for Hackenbush {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(if self.value() == 0 {
            Winner::Second
        } else {
            Winner::First
        })
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(self.value()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let (_, winning) = self.winning_edges()?;
        let mut collector = MoveCollector::new(self.listing_cap(limit));
        for id in winning {
            if self.repeats_previous(id) {
                continue;
            }
            collector.push(|| WinningMove {
                mv: id,
                reason: "leaves value 0 (fusion and colon principles)".to_string(),
            });
        }
        Ok(collector.finish())
    }
}

impl MisereTheory for Hackenbush {
    /// By the Anti-SG rule on the planted components when no cycle passes through the ground
    /// (each component of value 0 is then empty); else by exhaustive misère search.
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        match self.planted() {
            Some(values) => Ok(misere_lost_by_components(&values)),
            None => MisereSearch::new(DEFAULT_MISERE_POSITIONS)
                .is_lost(self)
                .map_err(analysis_error),
        }
    }

    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let edges = self.standing.len() as u64;
        if self.planted().is_none() {
            return search_winning_moves(self, limit).map_err(analysis_error);
        }
        let work = edges.saturating_mul(edges + self.board.labels.len() as u64);
        if work > RECOMPUTE_LIMIT {
            return Err(AnalysisError::TooLarge(format!(
                "listing the misère winning edges checks each edge's result in linear time: {work} \
                 steps, past the limit of {RECOMPUTE_LIMIT}"
            )));
        }
        let mut collector = MoveCollector::new(self.listing_cap(limit));
        for &id in &self.standing {
            if self.repeats_previous(id) {
                continue;
            }
            let after = self.play(&id);
            let values = after
                .planted()
                .expect("no cycle through the ground appears");
            if misere_lost_by_components(&values) {
                collector.push(|| WinningMove {
                    mv: id,
                    reason: "leaves a misère loss (Anti-SG rule on the planted components)"
                        .to_string(),
                });
            }
        }
        Ok(collector.finish())
    }
}

/// The misère version's positions are the same; nothing more to say for them.
pub type MisereHackenbush = Misere<Hackenbush>;
