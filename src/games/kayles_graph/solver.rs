//! The solver: a position (a set of vertices still in play) is split into its connected
//! components, whose values nim-add; each component's value is the mex of its options' values,
//! memoised under a canonical key ([`canonical_key`]) in the board's bounded memo.

use super::board::{Board, Geometry};
use super::memo::Memo;
use std::sync::PoisonError;

/// The two games on a graph.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Node Kayles: a move takes a vertex and its neighbours.
    Node,
    /// Arc Kayles: a move takes an edge's two ends (and every edge at them).
    Arc,
}

impl Rule {
    /// Which of the board's two memos this rule uses.
    fn memo_index(self) -> usize {
        match self {
            Rule::Node => 0,
            Rule::Arc => 1,
        }
    }
}

/// The vertices of a set, increasing.
pub fn members(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(index, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                index as u32 * 64 + bit
            })
        })
    })
}

/// Whether `vertex` is in `set`.
pub fn contains(set: &[u64], vertex: u32) -> bool {
    set[vertex as usize / 64] >> (vertex % 64) & 1 == 1
}

/// `set` without `vertex`.
pub fn remove(set: &mut [u64], vertex: u32) {
    set[vertex as usize / 64] &= !(1 << (vertex % 64));
}

/// The moves of `rule` in `set` with the sets they leave: for Node Kayles each vertex `[v, v]`,
/// for Arc Kayles each edge `[u, v]` (`u < v`) with both ends in `set`.
pub fn options(board: &Board, rule: Rule, set: &[u64]) -> Vec<([u32; 2], Vec<u64>)> {
    let mut found = Vec::new();
    for u in members(set) {
        match rule {
            Rule::Node => {
                let after = set
                    .iter()
                    .zip(board.closed(u))
                    .map(|(&word, &taken)| word & !taken)
                    .collect();
                found.push(([u, u], after));
            }
            Rule::Arc => {
                for &v in board.neighbours(u) {
                    if v > u && contains(set, v) {
                        let mut after = set.to_vec();
                        remove(&mut after, u);
                        remove(&mut after, v);
                        found.push(([u, v], after));
                    }
                }
            }
        }
    }
    found
}

/// The connected components of `set`, each a set.
pub fn components(board: &Board, set: &[u64]) -> Vec<Vec<u64>> {
    let mut left = set.to_vec();
    let mut found = Vec::new();
    loop {
        let first = members(&left).next();
        let Some(start) = first else { break };
        let mut component = vec![0u64; left.len()];
        let mut stack = vec![start];
        remove(&mut left, start);
        while let Some(vertex) = stack.pop() {
            component[vertex as usize / 64] |= 1 << (vertex % 64);
            for &next in board.neighbours(vertex) {
                if contains(&left, next) {
                    remove(&mut left, next);
                    stack.push(next);
                }
            }
        }
        found.push(component);
    }
    found
}

/// The key under which a component is memoised. On a graph read from a file, the set itself.
/// On a lattice, its *shape*: the component's cells are moved by each of the eight symmetries
/// of the square and translated to touch row 0 and column 0, each image written as its height
/// and width and then its cells' bitmap row by row, and the least image (as a word list) is the
/// key. Lattice adjacency depends only on the difference of two cells and is kept by those
/// symmetries, so equal keys name isomorphic components, of equal value.
pub fn canonical_key(board: &Board, component: &[u64]) -> Box<[u64]> {
    let Some(Geometry { cols, .. }) = board.geometry else {
        let mut key = component.to_vec();
        while key.len() > 1 && key.last() == Some(&0) {
            key.pop();
        }
        return key.into_boxed_slice();
    };
    let cells: Vec<(i64, i64)> = members(component)
        .map(|vertex| {
            (
                (vertex as usize / cols) as i64,
                (vertex as usize % cols) as i64,
            )
        })
        .collect();
    let mut best: Option<Vec<u64>> = None;
    for symmetry in 0..8u8 {
        let moved = |&(r, c): &(i64, i64)| {
            let (r, c) = if symmetry & 4 != 0 { (c, r) } else { (r, c) };
            (
                if symmetry & 1 != 0 { -r } else { r },
                if symmetry & 2 != 0 { -c } else { c },
            )
        };
        let image: Vec<(i64, i64)> = cells.iter().map(moved).collect();
        let top = image.iter().map(|cell| cell.0).min().unwrap_or(0);
        let left = image.iter().map(|cell| cell.1).min().unwrap_or(0);
        let height = image.iter().map(|cell| cell.0 - top + 1).max().unwrap_or(0);
        let width = image
            .iter()
            .map(|cell| cell.1 - left + 1)
            .max()
            .unwrap_or(0);
        let area = (height * width) as usize;
        let mut key = vec![0u64; 1 + area.div_ceil(64)];
        key[0] = (height as u64) << 32 | width as u64;
        for &(r, c) in &image {
            let bit = ((r - top) * width + (c - left)) as usize;
            key[1 + bit / 64] |= 1 << (bit % 64);
        }
        if best.as_ref().is_none_or(|best| key < *best) {
            best = Some(key);
        }
    }
    best.unwrap_or_default().into_boxed_slice()
}

/// Node Kayles: `component` with one vertex of each class of *true twins* (vertices with the
/// same closed neighbourhood within it) kept, the lowest. True twins u, v may be merged without
/// changing the value: a move at v is the move at u, a move at a neighbour of one removes both,
/// and any other move leaves them twins (induction on the size). The set stays connected.
pub fn without_twins(board: &Board, component: &[u64]) -> Vec<u64> {
    let mut seen: rustc_hash::FxHashSet<Vec<u64>> = rustc_hash::FxHashSet::default();
    let mut kept = component.to_vec();
    for vertex in members(component) {
        let around: Vec<u64> = board
            .closed(vertex)
            .iter()
            .zip(component)
            .map(|(&near, &inside)| near & inside)
            .collect();
        if !seen.insert(around) {
            remove(&mut kept, vertex);
        }
    }
    kept
}

/// The least value not in `values`.
fn mex_of(values: &[u32]) -> u32 {
    let mut seen = vec![false; values.len() + 1];
    for &value in values {
        if let Some(slot) = seen.get_mut(value as usize) {
            *slot = true;
        }
    }
    seen.iter().position(|&was| !was).unwrap_or(values.len()) as u32
}

/// A search on one board under one rule, with the board's memo.
struct Solver<'a> {
    board: &'a Board,
    rule: Rule,
    memo: &'a mut Memo,
}

impl Solver<'_> {
    /// The value of a set: the nim-sum of its components' values.
    fn value(&mut self, set: &[u64]) -> u32 {
        components(self.board, set)
            .iter()
            .fold(0, |sum, component| sum ^ self.component_value(component))
    }

    /// The value of a connected set.
    fn component_value(&mut self, component: &[u64]) -> u32 {
        let size: u32 = component.iter().map(|word| word.count_ones()).sum();
        match (self.rule, size) {
            (_, 0) | (Rule::Arc, 1) => return 0,
            (Rule::Node, 1 | 2) | (Rule::Arc, 2) => return 1,
            _ => {}
        }
        let by_shape = self.board.geometry.is_some();
        if by_shape && let Some(value) = self.memo.get_set(component) {
            return value;
        }
        let merged;
        let reduced = match self.rule {
            Rule::Node => {
                merged = without_twins(self.board, component);
                &merged[..]
            }
            Rule::Arc => component,
        };
        let key = canonical_key(self.board, reduced);
        if let Some(value) = self.memo.get(&key) {
            if by_shape {
                self.memo.insert_set(component, value);
            }
            return value;
        }
        let mut after: Vec<Vec<u64>> = options(self.board, self.rule, reduced)
            .into_iter()
            .map(|(_, after)| after)
            .collect();
        after.sort_unstable();
        after.dedup();
        let values: Vec<u32> = after.iter().map(|set| self.value(set)).collect();
        let value = mex_of(&values);
        self.memo.insert(key, value);
        if by_shape {
            self.memo.insert_set(component, value);
        }
        value
    }
}

/// The stack the search runs on: its depth is at most the number of moves in a game.
const STACK_BYTES: usize = 1 << 28;

/// The value of each set of `sets` (sets of `board`'s vertices) under `rule`, with the board's
/// memo (kept for later calls), searched on a thread of its own with a deep stack.
pub fn values(board: &Board, rule: Rule, sets: &[Vec<u64>]) -> Vec<u32> {
    let mut memo = board.memos[rule.memo_index()]
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let memo: &mut Memo = &mut memo;
    std::thread::scope(|scope| {
        let search = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, || {
                let mut solver = Solver { board, rule, memo };
                sets.iter().map(|set| solver.value(set)).collect()
            });
        match search {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => Vec::new(),
        }
    })
}

/// The value of one set.
pub fn value(board: &Board, rule: Rule, set: &[u64]) -> u32 {
    values(board, rule, std::slice::from_ref(&set.to_vec()))
        .first()
        .copied()
        .unwrap_or(0)
}
