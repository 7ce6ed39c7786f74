//! A finite directed graph in compressed form: every vertex's followers (the positions one move
//! leads to) and its predecessors, each as one slice of a shared array.
//!
//! Vertices are `0..n` here (a graph file counts them from 1; [`super::file`] converts). Parallel
//! edges and self-loops are kept as given: every algorithm of this module counts edges, with the
//! same multiplicity in both directions, so they come out the same as without the repeats; the
//! move lists ([`GameGraph::distinct_followers`]) drop the repeats.

/// A vertex, counted from 0.
pub type Vertex = u32;

/// A directed graph: for each vertex its followers and its predecessors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameGraph {
    /// Where each vertex's followers start in `followers` (`n + 1` entries).
    follower_starts: Vec<usize>,
    followers: Vec<Vertex>,
    /// Where each vertex's predecessors start in `predecessors` (`n + 1` entries).
    predecessor_starts: Vec<usize>,
    predecessors: Vec<Vertex>,
}

/// Groups `edges` by one end (`key`), keeping the other (`value`), by counting sort.
fn grouped(
    vertices: usize,
    edges: &[(Vertex, Vertex)],
    key: impl Fn(&(Vertex, Vertex)) -> Vertex,
    value: impl Fn(&(Vertex, Vertex)) -> Vertex,
) -> (Vec<usize>, Vec<Vertex>) {
    let mut starts = vec![0usize; vertices + 1];
    for edge in edges {
        starts[key(edge) as usize + 1] += 1;
    }
    for vertex in 0..vertices {
        starts[vertex + 1] += starts[vertex];
    }
    let mut next = starts.clone();
    let mut values = vec![0; edges.len()];
    for edge in edges {
        let slot = &mut next[key(edge) as usize];
        values[*slot] = value(edge);
        *slot += 1;
    }
    (starts, values)
}

impl GameGraph {
    /// The graph on `vertices` vertices with the moves `edges` (`(from, to)`).
    ///
    /// # Panics
    /// If an edge names a vertex `>= vertices` (the readers check that first).
    pub fn from_edges(vertices: usize, edges: &[(Vertex, Vertex)]) -> Self {
        assert!(
            edges
                .iter()
                .all(|&(from, to)| (from as usize) < vertices && (to as usize) < vertices),
            "an edge names a vertex outside the graph"
        );
        let (follower_starts, followers) = grouped(vertices, edges, |e| e.0, |e| e.1);
        let (predecessor_starts, predecessors) = grouped(vertices, edges, |e| e.1, |e| e.0);
        GameGraph {
            follower_starts,
            followers,
            predecessor_starts,
            predecessors,
        }
    }

    /// How many vertices.
    pub fn vertex_count(&self) -> usize {
        self.follower_starts.len() - 1
    }

    /// How many edges (with repeats).
    pub fn edge_count(&self) -> usize {
        self.followers.len()
    }

    /// The followers of `vertex` (with repeats, in the order given).
    pub fn followers(&self, vertex: Vertex) -> &[Vertex] {
        let v = vertex as usize;
        &self.followers[self.follower_starts[v]..self.follower_starts[v + 1]]
    }

    /// The predecessors of `vertex` (with repeats).
    pub fn predecessors(&self, vertex: Vertex) -> &[Vertex] {
        let v = vertex as usize;
        &self.predecessors[self.predecessor_starts[v]..self.predecessor_starts[v + 1]]
    }

    /// The followers of `vertex` without repeats, ascending.
    pub fn distinct_followers(&self, vertex: Vertex) -> Vec<Vertex> {
        let mut followers = self.followers(vertex).to_vec();
        followers.sort_unstable();
        followers.dedup();
        followers
    }

    /// Whether the graph has a directed cycle (a self-loop counts), by peeling off vertices
    /// without followers (Kahn's algorithm, backwards).
    pub fn has_cycle(&self) -> bool {
        let n = self.vertex_count();
        let mut remaining: Vec<usize> = (0..n).map(|v| self.followers(v as Vertex).len()).collect();
        let mut stack: Vec<Vertex> = (0..n as Vertex)
            .filter(|&v| remaining[v as usize] == 0)
            .collect();
        let mut peeled = 0usize;
        while let Some(vertex) = stack.pop() {
            peeled += 1;
            for &before in self.predecessors(vertex) {
                let count = &mut remaining[before as usize];
                *count -= 1;
                if *count == 0 {
                    stack.push(before);
                }
            }
        }
        peeled < n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn followers_and_predecessors_mirror_each_other() {
        let graph = GameGraph::from_edges(3, &[(0, 1), (0, 2), (2, 0), (1, 1), (0, 1)]);
        assert_eq!(graph.vertex_count(), 3);
        assert_eq!(graph.edge_count(), 5);
        assert_eq!(graph.followers(0), [1, 2, 1]);
        assert_eq!(graph.distinct_followers(0), [1, 2]);
        assert_eq!(graph.predecessors(1), [0, 1, 0]);
        assert_eq!(graph.predecessors(0), [2]);
        assert!(graph.has_cycle());
        assert!(!GameGraph::from_edges(3, &[(0, 1), (1, 2), (0, 2)]).has_cycle());
        assert!(GameGraph::from_edges(1, &[(0, 0)]).has_cycle());
    }
}
