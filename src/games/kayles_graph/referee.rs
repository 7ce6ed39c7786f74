//! Node Kayles' and Arc Kayles' values from the definition alone — the mex over every move,
//! a position's value the nim-sum of its connected components' — sharing nothing with the
//! solver (no twins, no canonical shapes, no outcome searches). The one copy serves both the
//! library's tests (`games::kayles_graph::tests`) and the binary's (`tests/kayles_graph.rs`,
//! which includes this file by path), so it may use nothing but `std`.

use std::collections::HashMap;

/// A graph of at most 64 vertices: closed neighbourhoods as bitmasks, the edges, which rule is
/// played, and the values of the components met so far.
pub(crate) struct Referee {
    closed: Vec<u64>,
    edges: Vec<(usize, usize)>,
    /// Node Kayles (a move removes a vertex and its neighbours) when true, else Arc Kayles (a
    /// move removes the two ends of an edge).
    node: bool,
    memo: HashMap<u64, u32>,
}

impl Referee {
    /// The graph of `n` vertices (0 to n − 1) and the undirected `edges`; `node` picks the
    /// rule (true: Node Kayles, false: Arc Kayles).
    pub(crate) fn new(n: usize, edges: &[(usize, usize)], node: bool) -> Referee {
        let mut closed: Vec<u64> = (0..n).map(|v| 1 << v).collect();
        for &(u, v) in edges {
            closed[u] |= 1 << v;
            closed[v] |= 1 << u;
        }
        Referee {
            closed,
            edges: edges.to_vec(),
            node,
            memo: HashMap::new(),
        }
    }

    /// The sets of vertices one move from `left` leaves, by the rule.
    fn options(&self, left: u64) -> Vec<u64> {
        if self.node {
            (0..self.closed.len())
                .filter(|&v| left >> v & 1 == 1)
                .map(|v| left & !self.closed[v])
                .collect()
        } else {
            self.edges
                .iter()
                .filter(|&&(u, v)| u != v && left >> u & 1 == 1 && left >> v & 1 == 1)
                .map(|&(u, v)| left & !(1 << u) & !(1 << v))
                .collect()
        }
    }

    /// The connected components of `left`.
    fn components(&self, mut left: u64) -> Vec<u64> {
        let mut found = Vec::new();
        while left != 0 {
            let mut component = left & left.wrapping_neg();
            loop {
                let grown = (0..self.closed.len())
                    .filter(|&v| component >> v & 1 == 1)
                    .fold(component, |set, v| set | (self.closed[v] & left));
                if grown == component {
                    break;
                }
                component = grown;
            }
            left &= !component;
            found.push(component);
        }
        found
    }

    /// The value of the vertices `left`: the nim-sum of its components' (Sprague–Grundy), each
    /// the mex of the values of the sets its moves leave.
    pub(crate) fn grundy(&mut self, left: u64) -> u32 {
        self.components(left)
            .into_iter()
            .fold(0, |sum, component| sum ^ self.component(component))
    }

    fn component(&mut self, set: u64) -> u32 {
        if let Some(&value) = self.memo.get(&set) {
            return value;
        }
        let values: Vec<u32> = self
            .options(set)
            .into_iter()
            .map(|rest| self.grundy(rest))
            .collect();
        let value = (0..).find(|v| !values.contains(v)).unwrap_or(0);
        self.memo.insert(set, value);
        value
    }

    /// The most moves a play from `left` can last.
    pub(crate) fn longest_play(&self, left: u64) -> u32 {
        self.options(left)
            .into_iter()
            .map(|rest| 1 + self.longest_play(rest))
            .max()
            .unwrap_or(0)
    }
}

/// Every labelled graph on `n` vertices (0 to n − 1), as edge lists.
pub(crate) fn every_graph(n: usize) -> Vec<Vec<(usize, usize)>> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    (0u64..1 << pairs.len())
        .map(|chosen| {
            pairs
                .iter()
                .enumerate()
                .filter(|&(index, _)| chosen >> index & 1 == 1)
                .map(|(_, &pair)| pair)
                .collect()
        })
        .collect()
}
