//! `verify` for games on graphs: γ's outcomes and moves against the referee, on the explicit
//! graph of whole sums.
//!
//! For a graph and a number of tokens k, every position of up to k tokens (every multiset) is
//! checked: the winner by γ and Smith's sum rule against the [`referee`](super::referee)'s label
//! of the position in the graph of k-tuples ([`super::sum`]), the exact set of positions the
//! winning moves lead to (to lost ones), and in a drawn position the exact set the drawing moves
//! lead to (to drawn ones); then what `analyze --json` prints (its winner and both move lists)
//! against the same. The referee shares no code with γ.

use super::graph::{GameGraph, Vertex};
use super::referee::{Label, label};
use super::sum::{sum_graph, sum_vertex};
use super::tokens::{Board, Tokens};
use crate::core::Winner;
use crate::verify::{Counterexample, Report};
use std::collections::BTreeSet;

/// Every multiset of `size` vertices of `0..n`, ascending within each and in lexicographic order.
pub fn multisets(n: usize, size: usize) -> Vec<Tokens> {
    fn extend(
        n: usize,
        size: usize,
        from: usize,
        current: &mut Vec<Vertex>,
        out: &mut Vec<Tokens>,
    ) {
        if current.len() == size {
            out.push(Tokens(current.clone()));
            return;
        }
        for vertex in from..n {
            current.push(vertex as Vertex);
            extend(n, size, vertex, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    extend(n, size, 0, &mut Vec::new(), &mut out);
    out
}

/// What the referee says of a position: its winner and the positions its winning (or, in a
/// draw, drawing) moves lead to, as text.
struct Truth {
    winner: Winner,
    targets: BTreeSet<String>,
}

fn truth(graph: &GameGraph, sum: &GameGraph, labels: &[Label], position: &Tokens) -> Truth {
    let n = graph.vertex_count();
    let index = sum_vertex(n, &position.0);
    let winner = labels[index].winner();
    let wanted = match winner {
        Winner::First => Some(Winner::Second),
        Winner::Draw => Some(Winner::Draw),
        Winner::Second => None,
    };
    let mut targets = BTreeSet::new();
    for &next in sum.followers(index as Vertex) {
        if Some(labels[next as usize].winner()) != wanted {
            continue;
        }
        let mut rest = next as usize;
        let mut vertices: Vec<Vertex> = (0..position.0.len())
            .map(|_| {
                let vertex = (rest % n) as Vertex;
                rest /= n;
                vertex
            })
            .collect();
        vertices.sort_unstable();
        targets.insert(Tokens(vertices).to_string());
    }
    Truth { winner, targets }
}

/// Compares the theory and the printed report of `position` with the referee's truth.
fn check_position(board: &Board, position: &Tokens, truth: &Truth) -> Result<(), String> {
    let analysis = board.analyze(position, usize::MAX);
    if analysis.winner != truth.winner {
        return Err(format!(
            "γ says the {} player wins (γ = {}), the referee says {}",
            analysis.winner, analysis.gamma, truth.winner
        ));
    }
    let moves = match truth.winner {
        Winner::Draw => &analysis.drawing,
        _ => &analysis.winning,
    };
    let claimed: BTreeSet<String> = moves
        .listed
        .iter()
        .map(|&mv| position.after(mv).to_string())
        .collect();
    if claimed != truth.targets || moves.total != claimed.len() as u64 {
        return Err(format!(
            "γ's {} moves lead to {claimed:?}, the referee's to {:?}",
            if truth.winner == Winner::Draw {
                "drawing"
            } else {
                "winning"
            },
            truth.targets
        ));
    }
    let json = serde_json::to_value(analysis.report("verify"))
        .map_err(|e| format!("analyze --json printed no JSON: {e}"))?;
    if json["winner"].as_str() != Some(&truth.winner.to_string()) {
        return Err(format!(
            "analyze --json says winner {}, the referee {}",
            json["winner"], truth.winner
        ));
    }
    let printed = |key: &str| -> BTreeSet<String> {
        json[key]
            .as_array()
            .map(|moves| {
                moves
                    .iter()
                    .filter_map(|mv| mv["to"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()
    };
    let (listed, empty) = match truth.winner {
        Winner::Draw => ("drawing_moves", "winning_moves"),
        _ => ("winning_moves", "drawing_moves"),
    };
    if printed(listed) != truth.targets || !printed(empty).is_empty() {
        return Err(format!(
            "analyze --json lists {listed} to {:?}, the referee's lead to {:?}",
            printed(listed),
            truth.targets
        ));
    }
    Ok(())
}

/// The tally of checks over some positions: how many, how many disagreed, the first.
#[derive(Default)]
struct Tally {
    checked: usize,
    disagreements: usize,
    first: Option<Counterexample>,
}

impl Tally {
    fn record(&mut self, position: impl FnOnce() -> String, result: Result<(), String>) {
        self.checked += 1;
        if let Err(detail) = result {
            self.disagreements += 1;
            if self.first.is_none() {
                self.first = Some(Counterexample {
                    position: position(),
                    detail,
                });
            }
        }
    }

    fn report(self, name: &str) -> Report {
        Report {
            name: name.to_string(),
            checked: self.checked,
            disagreements: self.disagreements,
            counterexample: self.first,
        }
    }
}

/// Checks every position of up to `max_tokens` tokens on `board`'s graph into `tally`
/// (`describe` names a position in a counterexample). `None` when a sum graph is too large.
fn check_board_into(
    board: &Board,
    max_tokens: u32,
    tally: &mut Tally,
    describe: &dyn Fn(&Tokens) -> String,
) -> Option<()> {
    let graph = board.graph();
    for tokens in 0..=max_tokens {
        let sum = sum_graph(graph, tokens)?;
        let labels = label(&sum);
        for position in multisets(graph.vertex_count(), tokens as usize) {
            let truth = truth(graph, &sum, &labels, &position);
            tally.record(
                || describe(&position),
                check_position(board, &position, &truth),
            );
        }
    }
    Some(())
}

/// Checks every position of up to `max_tokens` tokens of `board` against the referee; `None`
/// when the graph of `max_tokens` tokens would be too large to label
/// ([`super::sum::MAX_SUM_VERTICES`]).
pub fn check_board(name: &str, board: &Board, max_tokens: u32) -> Option<Report> {
    let mut tally = Tally::default();
    check_board_into(board, max_tokens, &mut tally, &|position| {
        position.to_string()
    })?;
    Some(tally.report(name))
}

/// A SplitMix64 step (Steele, Lea and Flood, 2014): the random graphs of `verify`, the same
/// for a seed in every build.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A random graph of 1 to `max_vertices` vertices: each edge (self-loops included) present with
/// a probability drawn per graph, so that sparse graphs (many terminals, long paths) and dense
/// ones (many cycles) both appear.
pub fn random_graph(state: &mut u64, max_vertices: usize) -> GameGraph {
    let n = 1 + (next_random(state) % max_vertices as u64) as usize;
    let density = 1 + next_random(state) % 40;
    let mut edges = Vec::new();
    for from in 0..n as Vertex {
        for to in 0..n as Vertex {
            if next_random(state) % 100 < density {
                edges.push((from, to));
            }
        }
    }
    GameGraph::from_edges(n, &edges)
}

/// Checks `graphs` random graphs of up to `max_vertices` vertices (from `seed`), every position
/// of up to three tokens on each, against the referee.
pub fn check_random_graphs(graphs: usize, max_vertices: usize, seed: u64) -> Report {
    let mut state = seed;
    let mut tally = Tally::default();
    for number in 0..graphs {
        let graph = random_graph(&mut state, max_vertices.clamp(1, 12));
        let edges: Vec<String> = (0..graph.vertex_count() as Vertex)
            .flat_map(|u| {
                graph
                    .followers(u)
                    .iter()
                    .map(move |v| format!("{} {}", u + 1, v + 1))
                    .collect::<Vec<_>>()
            })
            .collect();
        let board = Board::new(graph);
        let describe = |position: &Tokens| {
            format!(
                "random graph {number} ({} vertices, edges {}), position `{position}`",
                board.graph().vertex_count(),
                edges.join(", ")
            )
        };
        check_board_into(&board, 3, &mut tally, &describe)
            .expect("twelve vertices and three tokens fit");
    }
    tally.report(&format!(
        "random graphs ({graphs}, up to {} vertices, seed {seed})",
        max_vertices.clamp(1, 12)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_small_graph_agrees_with_the_referee_up_to_three_tokens() {
        // Every graph on 1 or 2 vertices, every third on 3 (self-loops included).
        for n in 1..=3usize {
            let pairs: Vec<(Vertex, Vertex)> = (0..n as Vertex)
                .flat_map(|u| (0..n as Vertex).map(move |v| (u, v)))
                .collect();
            let step = if n == 3 { 3 } else { 1 };
            for mask in (0u32..1 << pairs.len()).step_by(step) {
                let edges: Vec<_> = (0..pairs.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| pairs[i])
                    .collect();
                let board = Board::new(GameGraph::from_edges(n, &edges));
                let report = check_board("small", &board, 3).unwrap();
                assert_eq!(report.disagreements, 0, "{edges:?}: {report}");
            }
        }
    }

    #[test]
    fn random_graphs_agree_with_the_referee() {
        let report = check_random_graphs(60, 12, 35);
        assert_eq!(report.disagreements, 0, "{report}");
        assert!(report.checked > 60 * 4);
    }

    #[test]
    fn a_wrong_sum_rule_is_caught() {
        // Two self-loops beside terminals: each alone is won, the sum is a draw. A board that
        // claimed otherwise would be caught: check the referee sees the draw.
        let graph = GameGraph::from_edges(2, &[(0, 0), (0, 1)]);
        let sum = sum_graph(&graph, 2).unwrap();
        let labels = label(&sum);
        assert_eq!(labels[sum_vertex(2, &[0, 0])].winner(), Winner::Draw);
        assert_eq!(label(&graph)[0].winner(), Winner::First);
        let board = Board::new(graph);
        let truth = truth(board.graph(), &sum, &labels, &Tokens(vec![0, 0]));
        let lying = Truth {
            winner: Winner::First,
            targets: truth.targets.clone(),
        };
        assert!(check_position(&board, &Tokens(vec![0, 0]), &truth).is_ok());
        assert!(check_position(&board, &Tokens(vec![0, 0]), &lying).is_err());
    }

    #[test]
    fn multisets_are_counted() {
        assert_eq!(multisets(3, 2).len(), 6);
        assert_eq!(multisets(12, 3).len(), 364);
        assert_eq!(multisets(4, 0), [Tokens(vec![])]);
    }
}
