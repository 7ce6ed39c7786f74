//! The explicit graph of a sum: k tokens on a graph, as one graph whose vertices are the
//! ordered k-tuples of vertices (a move moves one token along one edge). It is what the referee
//! labels to check γ's sum rule: its size is nᵏ, the product that γ avoids.

use super::graph::{GameGraph, Vertex};

/// The largest number of vertices a sum graph may have.
pub const MAX_SUM_VERTICES: usize = 1 << 22;

/// The graph of `tokens` tokens on `graph`: vertex Σ tᵢ·nⁱ is the tuple (t₀, t₁, …); `None`
/// when it would have more than [`MAX_SUM_VERTICES`] vertices.
pub fn sum_graph(graph: &GameGraph, tokens: u32) -> Option<GameGraph> {
    let n = graph.vertex_count();
    let size = n
        .checked_pow(tokens)
        .filter(|&size| size <= MAX_SUM_VERTICES)?;
    let mut edges: Vec<(Vertex, Vertex)> = Vec::new();
    for index in 0..size {
        let mut place = 1usize;
        for _ in 0..tokens {
            let token = (index / place) % n;
            for &to in graph.followers(token as Vertex) {
                let next = index - token * place + to as usize * place;
                edges.push((index as Vertex, next as Vertex));
            }
            place *= n;
        }
    }
    Some(GameGraph::from_edges(size, &edges))
}

/// The vertex of the sum graph (for `graph_size` vertices) where the tokens stand at
/// `vertices` (in any order: every order is a vertex, all with the same outcome).
pub fn sum_vertex(graph_size: usize, vertices: &[Vertex]) -> usize {
    vertices.iter().rev().fold(0usize, |index, &vertex| {
        index * graph_size + vertex as usize
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_graph_moves_one_token_at_a_time() {
        let graph = GameGraph::from_edges(3, &[(0, 1), (1, 2)]);
        let sum = sum_graph(&graph, 2).unwrap();
        assert_eq!(sum.vertex_count(), 9);
        // Tokens at (0, 1): move the first to 1, or the second to 2.
        let mut followers = sum.followers(sum_vertex(3, &[0, 1]) as Vertex).to_vec();
        followers.sort_unstable();
        let mut expected = vec![
            sum_vertex(3, &[1, 1]) as Vertex,
            sum_vertex(3, &[0, 2]) as Vertex,
        ];
        expected.sort_unstable();
        assert_eq!(followers, expected);
        assert!(sum_graph(&GameGraph::from_edges(2049, &[]), 2).is_none());
        assert_eq!(sum_graph(&graph, 0).unwrap().vertex_count(), 1);
    }
}
