//! The referee: retrograde win/lose/draw labelling of any finite game graph, with remoteness.
//!
//! From the definition (normal play, the player who cannot move loses):
//!
//! * a vertex without followers is **lost**, remoteness 0;
//! * a vertex with a follower that is lost is **won**, remoteness 1 + the least remoteness of
//!   its lost followers (the winner hurries);
//! * a vertex all of whose followers are won is **lost**, remoteness 1 + the largest remoteness
//!   of its followers (the loser holds out);
//! * every other vertex is a **draw**: neither player can force a win, and perfect play goes on
//!   for ever.
//!
//! The labelling works backwards from the terminal vertices with a first-in first-out queue.
//! Every vertex is labelled once, from the followers already labelled, and every edge is looked
//! at once (from its head, when the head is labelled): linear time in the size of the graph,
//! without recursion. The queue holds vertices in order of remoteness (each label pushed is one
//! more than the one being processed), so a won vertex is labelled from its lost follower of
//! least remoteness and a lost one from its won follower of largest remoteness, as the
//! definition asks. The referee knows nothing of γ ([`super::gamma`]); `verify` and the tests
//! check γ's outcomes and moves against it, on the explicit graph of whole sums.

use super::graph::{GameGraph, Vertex};
use crate::core::Winner;
use std::collections::VecDeque;

/// A vertex's outcome for the player to move, with the remoteness of a won or lost one (how
/// many moves the game lasts when the winner hurries and the loser holds out).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// The player to move wins, in this many moves.
    Won(u32),
    /// The player to move loses, after this many moves.
    Lost(u32),
    /// Neither player can force a win.
    Drawn,
}

impl Label {
    /// Who wins: the player to move (`First`), the other (`Second`), or nobody (`Draw`).
    pub fn winner(self) -> Winner {
        match self {
            Label::Won(_) => Winner::First,
            Label::Lost(_) => Winner::Second,
            Label::Drawn => Winner::Draw,
        }
    }

    /// The remoteness of a won or lost vertex; `None` for a draw.
    pub fn remoteness(self) -> Option<u32> {
        match self {
            Label::Won(moves) | Label::Lost(moves) => Some(moves),
            Label::Drawn => None,
        }
    }
}

/// Labels every vertex of `graph` won, lost or drawn, with remoteness.
pub fn label(graph: &GameGraph) -> Vec<Label> {
    let n = graph.vertex_count();
    let mut labels = vec![Label::Drawn; n];
    // How many followers of each vertex are not yet known to be won.
    let mut unresolved: Vec<u32> = (0..n)
        .map(|v| graph.followers(v as Vertex).len() as u32)
        .collect();
    let mut queue: VecDeque<Vertex> = VecDeque::new();
    for vertex in 0..n {
        if unresolved[vertex] == 0 {
            labels[vertex] = Label::Lost(0);
            queue.push_back(vertex as Vertex);
        }
    }
    while let Some(vertex) = queue.pop_front() {
        let label = labels[vertex as usize];
        for &before in graph.predecessors(vertex) {
            let b = before as usize;
            if labels[b] != Label::Drawn {
                continue;
            }
            match label {
                Label::Lost(moves) => {
                    labels[b] = Label::Won(moves + 1);
                    queue.push_back(before);
                }
                Label::Won(moves) => {
                    unresolved[b] -= 1;
                    if unresolved[b] == 0 {
                        labels[b] = Label::Lost(moves + 1);
                        queue.push_back(before);
                    }
                }
                Label::Drawn => unreachable!("only won and lost vertices are queued"),
            }
        }
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The labels straight from the definition, by rounds: lost in k moves when every follower
    /// is won in fewer, won in k when some follower is lost in k - 1; whatever no round labels is
    /// a draw (remoteness is below the number of vertices: the vertices along a game of
    /// remoteness r have the distinct remotenesses r, r - 1, …, 0).
    fn by_rounds(graph: &GameGraph) -> Vec<Label> {
        let n = graph.vertex_count();
        let mut labels: Vec<Option<Label>> = vec![None; n];
        for round in 0..=n as u32 {
            let before = labels.clone();
            for v in 0..n {
                if before[v].is_some() {
                    continue;
                }
                let followers = graph.followers(v as Vertex);
                let lost_follower = followers
                    .iter()
                    .any(|&w| matches!(before[w as usize], Some(Label::Lost(r)) if r + 1 == round));
                let all_won_sooner = followers
                    .iter()
                    .all(|&w| matches!(before[w as usize], Some(Label::Won(r)) if r < round));
                if lost_follower {
                    labels[v] = Some(Label::Won(round));
                } else if all_won_sooner {
                    labels[v] = Some(Label::Lost(round));
                }
            }
        }
        labels
            .into_iter()
            .map(|label| label.unwrap_or(Label::Drawn))
            .collect()
    }

    #[test]
    fn small_graphs_match_the_definition_by_rounds() {
        // Every graph on up to 3 vertices (self-loops included), and the 4-vertex ones whose
        // edge set is a multiple of 7 in the enumeration.
        for n in 1..=4usize {
            let pairs: Vec<(Vertex, Vertex)> = (0..n as Vertex)
                .flat_map(|u| (0..n as Vertex).map(move |v| (u, v)))
                .collect();
            let step = if n == 4 { 7 } else { 1 };
            for mask in (0u32..1 << pairs.len()).step_by(step) {
                let edges: Vec<_> = (0..pairs.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect();
                let graph = GameGraph::from_edges(n, &edges);
                assert_eq!(label(&graph), by_rounds(&graph), "edges {edges:?}");
            }
        }
    }

    #[test]
    fn the_worked_examples() {
        // A 2-cycle: a draw. A self-loop beside a terminal: won in 1 (move to the terminal).
        let two_cycle = GameGraph::from_edges(2, &[(0, 1), (1, 0)]);
        assert_eq!(label(&two_cycle), [Label::Drawn, Label::Drawn]);
        let loop_and_end = GameGraph::from_edges(2, &[(0, 0), (0, 1)]);
        assert_eq!(label(&loop_and_end), [Label::Won(1), Label::Lost(0)]);
        // A path 0 -> 1 -> 2 -> 3: lost, won, lost, won from the end.
        let path = GameGraph::from_edges(4, &[(0, 1), (1, 2), (2, 3)]);
        assert_eq!(
            label(&path),
            [Label::Won(3), Label::Lost(2), Label::Won(1), Label::Lost(0)]
        );
    }
}
