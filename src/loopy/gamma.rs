//! Smith's generalised Sprague–Grundy function γ, computed by Fraenkel's labelling algorithm
//! with its counter function, and the sum of γ values.
//!
//! See the module [`super`] for the definition, the sources and the proof sketches.
//!
//! **The algorithm** (Fraenkel and Yesha's labelling, one round per value i = 0, 1, 2, …). At
//! the start of round i the vertices not yet labelled are exactly those with followers of every
//! value below i. In the round,
//!
//! 1. a vertex not yet labelled is labelled i (and given the next counter number) when none of
//!    its followers is labelled i and each of its followers that is not yet labelled, or labelled
//!    ∞, has a follower labelled i; this is repeated while some vertex qualifies;
//! 2. every vertex still not labelled that has no follower labelled i is labelled ∞;
//! 3. the others (each has a follower labelled i) go on to round i + 1.
//!
//! Step 1 is a retrograde labelling, like the referee's: a vertex labelled i *marks* its
//! predecessors that are unlabelled or ∞ (they have a follower labelled i now), and each marked
//! vertex counts down, in each of its own unlabelled predecessors, the followers still waiting
//! for a follower labelled i; a predecessor whose count reaches zero, and which is not marked
//! itself, qualifies. The order in which qualifying vertices are labelled does not matter: two
//! vertices that qualify at once are not followers of each other (a follower that qualifies is
//! unlabelled and so would have needed a follower labelled i, which would have disqualified it).
//! Each vertex labelled finitely looks at its predecessors once; each marking looks at the
//! marked vertex's predecessors once. A vertex stays unlabelled for at most γ + 1 rounds and an
//! ∞ vertex is marked at most once per distinct finite value among its followers, so the work is
//! the graph's size times a small factor on sparse graphs (at most its largest out-degree).

use super::graph::{GameGraph, Vertex};
use crate::core::Winner;
use std::fmt;

/// The storage value of a vertex labelled ∞.
const INFINITE: u32 = u32::MAX;
/// The storage value of a vertex not yet labelled.
const UNLABELLED: u32 = u32::MAX - 1;

/// A γ value: a finite value n, or ∞(K) with K the finite values among the options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A finite value: the position behaves like a Nim heap of this size.
    Finite(u64),
    /// ∞(K): K (ascending, without repeats) holds the finite values of the options.
    Infinite(Vec<u64>),
}

impl Gamma {
    /// Who wins a position of this value: γ = 0 lost, γ = n > 0 won, ∞(K) won when 0 ∈ K
    /// (move to an option of value 0), else a draw.
    pub fn winner(&self) -> Winner {
        match self {
            Gamma::Finite(0) => Winner::Second,
            Gamma::Finite(_) => Winner::First,
            Gamma::Infinite(k) if k.first() == Some(&0) => Winner::First,
            Gamma::Infinite(_) => Winner::Draw,
        }
    }

    /// The finite value, if it is one.
    pub fn finite(&self) -> Option<u64> {
        match self {
            Gamma::Finite(value) => Some(*value),
            Gamma::Infinite(_) => None,
        }
    }

    /// The value of the sum of two positions, by Smith's rule: finite values add by nim-sum,
    /// ∞(K) + n = ∞(K ⊕ n) (every element of K nim-added to n), and ∞(K) + ∞(L) = ∞(∅) (a
    /// draw).
    pub fn add(&self, other: &Gamma) -> Gamma {
        match (self, other) {
            (Gamma::Finite(a), Gamma::Finite(b)) => Gamma::Finite(a ^ b),
            (Gamma::Infinite(k), Gamma::Finite(n)) | (Gamma::Finite(n), Gamma::Infinite(k)) => {
                let mut shifted: Vec<u64> = k.iter().map(|value| value ^ n).collect();
                shifted.sort_unstable();
                Gamma::Infinite(shifted)
            }
            (Gamma::Infinite(_), Gamma::Infinite(_)) => Gamma::Infinite(Vec::new()),
        }
    }

    /// The value of the sum of any number of positions (0 for none).
    pub fn sum<'a>(values: impl IntoIterator<Item = &'a Gamma>) -> Gamma {
        values
            .into_iter()
            .fold(Gamma::Finite(0), |total, value| total.add(value))
    }
}

impl fmt::Display for Gamma {
    /// `3`; `∞` for ∞(∅); `∞(0,2)` for ∞({0, 2}).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(value) => write!(f, "{value}"),
            Gamma::Infinite(k) if k.is_empty() => f.write_str("∞"),
            Gamma::Infinite(k) => {
                f.write_str("∞(")?;
                for (index, value) in k.iter().enumerate() {
                    if index > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{value}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// γ of every vertex of a graph, with the counter of every finite one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gammas {
    /// γ of each vertex ([`INFINITE`] for ∞).
    values: Vec<u32>,
    /// The counter of each finite vertex: its place in the labelling order (0 for ∞ ones).
    counters: Vec<u32>,
}

impl Gammas {
    /// γ of every vertex of `graph`, by Fraenkel's labelling algorithm.
    pub fn of(graph: &GameGraph) -> Gammas {
        let n = graph.vertex_count();
        let mut values = vec![UNLABELLED; n];
        let mut counters = vec![0u32; n];
        // Followers not labelled finitely (so far), per vertex.
        let mut live: Vec<u32> = (0..n)
            .map(|v| graph.followers(v as Vertex).len() as u32)
            .collect();
        // Per round: followers still waiting for a follower labelled i, per unlabelled vertex.
        let mut waiting = vec![0u32; n];
        let mut marked = vec![false; n];
        let mut marked_list: Vec<Vertex> = Vec::new();
        let mut unlabelled: Vec<Vertex> = (0..n as Vertex).collect();
        let mut labelled_now: Vec<Vertex> = Vec::new();
        let mut next_counter = 0u32;
        let mut round = 0u32;
        while !unlabelled.is_empty() {
            for &vertex in &unlabelled {
                waiting[vertex as usize] = live[vertex as usize];
                if live[vertex as usize] == 0 {
                    labelled_now.push(vertex);
                }
            }
            // Label the qualifying vertices and what they make qualify, until none is left.
            while let Some(vertex) = labelled_now.pop() {
                let v = vertex as usize;
                if values[v] != UNLABELLED || marked[v] {
                    continue;
                }
                values[v] = round;
                counters[v] = next_counter;
                next_counter += 1;
                for &before in graph.predecessors(vertex) {
                    let b = before as usize;
                    live[b] -= 1;
                    let open = values[b] == UNLABELLED || values[b] == INFINITE;
                    if !open || marked[b] {
                        continue;
                    }
                    marked[b] = true;
                    marked_list.push(before);
                    for &earlier in graph.predecessors(before) {
                        let e = earlier as usize;
                        if values[e] == UNLABELLED && !marked[e] {
                            waiting[e] -= 1;
                            if waiting[e] == 0 {
                                labelled_now.push(earlier);
                            }
                        }
                    }
                }
            }
            // The unlabelled without a follower labelled i are ∞; the marked go on.
            unlabelled.retain(|&vertex| {
                let v = vertex as usize;
                if values[v] != UNLABELLED {
                    return false;
                }
                if !marked[v] {
                    values[v] = INFINITE;
                    return false;
                }
                true
            });
            for vertex in marked_list.drain(..) {
                marked[vertex as usize] = false;
            }
            round += 1;
        }
        Gammas { values, counters }
    }

    /// How many vertices.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// γ of `vertex` when it is finite; `None` for ∞.
    pub fn finite(&self, vertex: Vertex) -> Option<u64> {
        let value = self.values[vertex as usize];
        (value != INFINITE).then_some(u64::from(value))
    }

    /// The counter of a finite vertex (its place in the labelling order); `None` for ∞. A
    /// player at a finite vertex u whose opponent moved to a vertex v of larger γ (or ∞) can
    /// move on to a follower w of v with γ(w) = γ(u) and a smaller counter: the counter makes
    /// such reversals run out.
    pub fn counter(&self, vertex: Vertex) -> Option<u32> {
        self.finite(vertex).map(|_| self.counters[vertex as usize])
    }

    /// γ of `vertex` (with K read off its followers for an ∞ one).
    pub fn gamma(&self, graph: &GameGraph, vertex: Vertex) -> Gamma {
        match self.finite(vertex) {
            Some(value) => Gamma::Finite(value),
            None => {
                let mut k: Vec<u64> = graph
                    .followers(vertex)
                    .iter()
                    .filter_map(|&w| self.finite(w))
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gamma::Infinite(k)
            }
        }
    }

    /// Whether every vertex is finite (as on every acyclic graph, where γ is the ordinary
    /// Grundy value).
    pub fn all_finite(&self) -> bool {
        self.values.iter().all(|&value| value != INFINITE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Nimber;
    use crate::core::mex;

    /// Checks that `gammas` satisfies the definition of a γ-function with counter on `graph`
    /// (conditions A, B and C of the module doc), written from the definition alone.
    fn check_definition(graph: &GameGraph, gammas: &Gammas) -> Result<(), String> {
        let n = graph.vertex_count() as Vertex;
        let mex_of = |u: Vertex| {
            mex(graph
                .followers(u)
                .iter()
                .filter_map(|&w| gammas.finite(w))
                .map(Nimber))
            .0
        };
        for u in 0..n {
            match gammas.finite(u) {
                Some(value) => {
                    if value != mex_of(u) {
                        return Err(format!("A fails at {u}"));
                    }
                    for &v in graph.followers(u) {
                        if gammas.finite(v).is_some_and(|g| g < value) {
                            continue;
                        }
                        let reversed = graph.followers(v).iter().any(|&w| {
                            gammas.finite(w) == Some(value) && gammas.counter(w) < gammas.counter(u)
                        });
                        if !reversed {
                            return Err(format!("B fails at {u} -> {v}"));
                        }
                    }
                }
                None => {
                    let m = mex_of(u);
                    let escape = graph.followers(u).iter().any(|&v| {
                        gammas.finite(v).is_none()
                            && graph
                                .followers(v)
                                .iter()
                                .all(|&w| gammas.finite(w) != Some(m))
                    });
                    if !escape {
                        return Err(format!("C fails at {u}"));
                    }
                }
            }
        }
        Ok(())
    }

    fn all_graphs(n: usize, step: usize) -> impl Iterator<Item = GameGraph> {
        let pairs: Vec<(Vertex, Vertex)> = (0..n as Vertex)
            .flat_map(|u| (0..n as Vertex).map(move |v| (u, v)))
            .collect();
        (0u32..1 << pairs.len()).step_by(step).map(move |mask| {
            let edges: Vec<_> = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            GameGraph::from_edges(n, &edges)
        })
    }

    #[test]
    fn gamma_satisfies_its_definition_on_small_graphs() {
        for n in 1..=4 {
            for graph in all_graphs(n, if n == 4 { 5 } else { 1 }) {
                let gammas = Gammas::of(&graph);
                assert_eq!(check_definition(&graph, &gammas), Ok(()), "{graph:?}");
            }
        }
    }

    #[test]
    fn the_worked_examples() {
        // A 2-cycle: both ∞(∅), a draw.
        let two_cycle = GameGraph::from_edges(2, &[(0, 1), (1, 0)]);
        let gammas = Gammas::of(&two_cycle);
        assert_eq!(gammas.gamma(&two_cycle, 0), Gamma::Infinite(vec![]));
        assert_eq!(gammas.gamma(&two_cycle, 0).winner(), Winner::Draw);
        // A self-loop beside a terminal: ∞(0), a win; two of them side by side: a draw.
        let loop_and_end = GameGraph::from_edges(2, &[(0, 0), (0, 1)]);
        let gammas = Gammas::of(&loop_and_end);
        let looped = gammas.gamma(&loop_and_end, 0);
        assert_eq!(looped, Gamma::Infinite(vec![0]));
        assert_eq!(looped.winner(), Winner::First);
        assert_eq!(looped.add(&looped).winner(), Winner::Draw);
        assert_eq!(looped.add(&Gamma::Finite(3)), Gamma::Infinite(vec![3]));
        assert_eq!(looped.to_string(), "∞(0)");
        assert_eq!(Gamma::Infinite(vec![]).to_string(), "∞");
        // An acyclic graph: ordinary Grundy values.
        let path = GameGraph::from_edges(3, &[(0, 1), (1, 2), (0, 2)]);
        let gammas = Gammas::of(&path);
        assert!(gammas.all_finite());
        assert_eq!(
            (0..3).map(|v| gammas.finite(v)).collect::<Vec<_>>(),
            [Some(2), Some(1), Some(0)]
        );
    }
}
