//! Script games with cycles: when the exhaustive search finds that a position repeats, the
//! game is not short and has no Grundy value, but it still has Smith's generalised value γ and
//! every position is won, lost or drawn ([`crate::loopy`]).
//!
//! From the position asked about, every reachable position is listed breadth-first through the
//! script's `options` — at most [`CYCLIC_POSITION_LIMIT`]; past that the position is refused,
//! with the limit named — and the graph of those positions gets γ by Fraenkel and Yesha's
//! labelling ([`crate::loopy::gamma`]). `analyze` reports the winner (first, second or draw),
//! γ, every winning move and, in a draw, every move that keeps it; the computer's move is
//! [`Board::best_move`]'s (a won position is won within the bound of its counters, a drawn one
//! never lost). `verify --from` checks all of it against the [`referee`](crate::loopy::referee)
//! on the same graph — the referee knows nothing of γ — and checks the script's conjecture:
//! `is_lost(p)` against the referee's lost positions, `grundy(p)` against γ (a claimed number at
//! a position of value ∞ is a disagreement).
//!
//! This is the smallest sound version: the graph is explored per question (nothing is kept
//! between commands), and `play` and `verify --size` (the script's `positions(size)`) still stop
//! at a cycle, saying what does work.

use super::engine::Claim;
use crate::core::Winner;
use crate::loopy::gamma::Gamma;
use crate::loopy::graph::{GameGraph, Vertex};
use crate::loopy::referee::{Label, label};
use crate::loopy::tokens::{Board, Tokens};
use crate::report::{ListedMove, LoopyReport, LoopyText};
use crate::search::Rules;
use crate::verify::{Counterexample, Report};
use std::collections::{BTreeSet, HashMap};

/// The most positions a script game with cycles may reach from the position asked about.
pub const CYCLIC_POSITION_LIMIT: usize = 1_000_000;

/// Why a position of a script game with cycles cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CyclesError {
    /// More positions are reachable than the limit.
    #[error(
        "the game has cycles, and this position reaches more than {limit} positions: script \
         games with cycles are analysed by Smith's γ within {limit} positions (the limit); try \
         a smaller one"
    )]
    TooLarge {
        /// The limit.
        limit: usize,
    },
    /// The script failed.
    #[error("{0}")]
    Rules(String),
}

/// Every position reachable from a start (the start is vertex 0), with γ of each.
pub struct Explored<P> {
    positions: Vec<P>,
    board: Board,
}

/// Lists every position reachable from `start` (at most `limit`) and labels their graph.
pub fn explore<R: Rules>(
    rules: &R,
    start: R::Position,
    limit: usize,
) -> Result<Explored<R::Position>, CyclesError> {
    let mut index: HashMap<R::Position, Vertex> = HashMap::new();
    let mut positions = vec![start.clone()];
    index.insert(start, 0);
    let mut edges: Vec<(Vertex, Vertex)> = Vec::new();
    let mut next = 0usize;
    while next < positions.len() {
        let options = rules
            .options(&positions[next])
            .map_err(CyclesError::Rules)?;
        for option in options {
            let target = match index.get(&option) {
                Some(&vertex) => vertex,
                None => {
                    if positions.len() >= limit {
                        return Err(CyclesError::TooLarge { limit });
                    }
                    let vertex = positions.len() as Vertex;
                    index.insert(option.clone(), vertex);
                    positions.push(option);
                    vertex
                }
            };
            edges.push((next as Vertex, target));
        }
        next += 1;
    }
    let board = Board::new(GameGraph::from_edges(positions.len(), &edges));
    Ok(Explored { positions, board })
}

impl<P> Explored<P> {
    /// How many positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are none (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The start.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// γ of the start.
    pub fn gamma(&self) -> Gamma {
        self.board.gamma(0)
    }

    /// The start's distinct options (in the script's order), with who wins after each (the
    /// player then to move).
    pub fn options(&self) -> Vec<(&P, Winner)> {
        self.options_of(0)
    }

    fn options_of(&self, vertex: Vertex) -> Vec<(&P, Winner)> {
        let mut seen = BTreeSet::new();
        self.board
            .graph()
            .followers(vertex)
            .iter()
            .filter(|&&w| seen.insert(w))
            .map(|&w| (&self.positions[w as usize], self.board.gamma(w).winner()))
            .collect()
    }

    /// A perfect player's option from the start, with who wins after it: `None` without one.
    pub fn best(&self) -> Option<(&P, Winner)> {
        let (mv, after) = self.board.best_move(&Tokens(vec![0]))?;
        Some((&self.positions[mv.to as usize], after))
    }
}

/// `analyze`'s report of the start of `explored`, listing at most `limit` moves.
pub fn analysis<R: Rules>(
    name: &str,
    rules: &R,
    explored: &Explored<R::Position>,
    limit: usize,
) -> LoopyReport {
    let start = &explored.positions[0];
    let gamma = explored.gamma();
    let winner = gamma.winner();
    let options = explored.options();
    let wanted = match winner {
        Winner::First => Some(Winner::Second),
        Winner::Draw => Some(Winner::Draw),
        Winner::Second => None,
    };
    let chosen: Vec<&R::Position> = options
        .iter()
        .filter(|&&(_, after)| Some(after) == wanted)
        .map(|&(option, _)| option)
        .collect();
    let listed: Vec<ListedMove> = chosen
        .iter()
        .take(limit)
        .map(|&option| ListedMove {
            notation: rules.move_name(start, option),
            to: rules.show(option),
            reason: String::new(),
        })
        .collect();
    let shown = rules.show(start);
    let text = LoopyText {
        position: shown.clone(),
        play: "normal (the player who cannot move loses)".to_string(),
        lines: Vec::new(),
        gamma_note: format!(
            " (the game has cycles: Smith's γ over the {} positions reachable)",
            explored.len()
        ),
        tokens: None,
        lost_because: if options.is_empty() {
            "no move at all: the player to move has lost"
        } else {
            "every move leaves the opponent a win"
        }
        .to_string(),
        drawn_because: "no move leaves the opponent a lost position".to_string(),
        empty: "",
    };
    let mut report = LoopyReport::new(
        name,
        shown,
        winner,
        (gamma.finite(), gamma.to_string()),
        (listed, chosen.len() as u64),
        text,
    );
    report.reachable = Some(explored.len());
    report
}

/// What a script's conjecture claims about a position.
pub type Claims<'a, P> = dyn Fn(&P) -> Result<Vec<Claim>, String> + 'a;

/// `verify --from` on a game with cycles: every position of `explored`, its winner and exact
/// sets of winning (in a draw, drawing) options by γ against the referee on the same graph,
/// and the script's claims (`claims`) against the referee (`is_lost`) and γ (`grundy`).
pub fn check<R: Rules>(
    name: &str,
    rules: &R,
    explored: &Explored<R::Position>,
    claims: &Claims<'_, R::Position>,
) -> Result<Report, String> {
    let labels: Vec<Label> = label(explored.board.graph());
    let mut report = Report {
        name: format!("{name} (with cycles: γ against the win/lose/draw referee)"),
        checked: 0,
        disagreements: 0,
        counterexample: None,
    };
    let graph = explored.board.graph();
    for vertex in 0..explored.len() as Vertex {
        let truth = labels[vertex as usize].winner();
        let gamma = explored.board.gamma(vertex);
        let wanted = match truth {
            Winner::First => Some(Winner::Second),
            Winner::Draw => Some(Winner::Draw),
            Winner::Second => None,
        };
        let expected: BTreeSet<Vertex> = graph
            .followers(vertex)
            .iter()
            .copied()
            .filter(|&w| Some(labels[w as usize].winner()) == wanted)
            .collect();
        let by_gamma: BTreeSet<Vertex> = graph
            .followers(vertex)
            .iter()
            .copied()
            .filter(|&w| Some(explored.board.gamma(w).winner()) == wanted)
            .collect();
        let position = &explored.positions[vertex as usize];
        let mut problem = None;
        if gamma.winner() != truth {
            problem = Some(format!(
                "γ = {gamma} says {}, the referee {truth}",
                gamma.winner()
            ));
        } else if by_gamma != expected {
            problem = Some("γ and the referee disagree on the winning or drawing moves".into());
        }
        for claim in claims(position)? {
            let wrong = match claim {
                Claim::Lost(lost) if lost != (truth == Winner::Second) => {
                    Some(format!("is_lost says {lost}, the referee says {truth}"))
                }
                Claim::Grundy(value) if gamma.finite() != Some(value) => {
                    Some(format!("grundy says {value}, γ = {gamma}"))
                }
                _ => None,
            };
            if problem.is_none() {
                problem = wrong;
            }
        }
        report.checked += 1;
        if let Some(detail) = problem {
            report.disagreements += 1;
            report.counterexample.get_or_insert(Counterexample {
                position: rules.show(position),
                detail,
            });
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0 has no move; 1 moves to 0 or 2; from 2 on, a counter goes round 2, 3, …, modulus - 1.
    struct Round {
        modulus: u64,
    }

    impl Rules for Round {
        type Position = u64;

        fn options(&self, position: &u64) -> Result<Vec<u64>, String> {
            Ok(match *position {
                0 => Vec::new(),
                1 => vec![0, 2],
                n if n + 1 >= self.modulus => vec![2],
                n => vec![n + 1],
            })
        }

        fn show(&self, position: &u64) -> String {
            position.to_string()
        }
    }

    #[test]
    fn past_the_limit_a_position_is_refused_with_the_limit_named() {
        let rules = Round { modulus: 50 };
        let explored = explore(&rules, 1, 50).unwrap();
        assert_eq!(explored.len(), 50);
        let error = explore(&rules, 1, 49).err().unwrap();
        assert_eq!(error, CyclesError::TooLarge { limit: 49 });
        assert!(
            error
                .to_string()
                .contains("within 49 positions (the limit)")
        );
    }

    #[test]
    fn gamma_agrees_with_the_referee_on_the_explored_graph() {
        for modulus in 3..30 {
            let rules = Round { modulus };
            for start in 0..modulus {
                let explored = explore(&rules, start, 1000).unwrap();
                let report = check("round", &rules, &explored, &|_| Ok(Vec::new())).unwrap();
                assert_eq!(report.disagreements, 0, "{report}");
                // 1 wins by moving to 0; the counter goes round for ever.
                let expected = match start {
                    0 => Winner::Second,
                    1 => Winner::First,
                    _ => Winner::Draw,
                };
                assert_eq!(explored.gamma().winner(), expected, "{modulus} {start}");
                assert_eq!(explored.best().is_some(), start != 0);
            }
        }
    }
}
