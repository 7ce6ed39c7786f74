//! The outcome searches of the solver against a plain mex written here from the definition (no
//! twins, no canonical keys, no outcome searches): every value, and every answer of the outcome
//! query `is_worth(set, k)`, on every small graph, random graphs, grids and queens graphs; Arc
//! Kayles on grids also against the Cram solver; the bound on the value against the longest play.

use super::board::{Board, Lattice};
use super::referee::Referee;
use super::solver::{Rule, clique_cover, is_worth, mirror_lost, value, values};
use crate::games::cram::solver::Solver as CramSolver;
use proptest::prelude::*;

const RULES: [Rule; 2] = [Rule::Node, Rule::Arc];

/// The referee (`referee.rs`, written from the definition) of the graph of `n` vertices and
/// `edges` under `rule`.
fn referee(n: usize, edges: &[(u32, u32)], rule: Rule) -> Referee {
    let edges: Vec<(usize, usize)> = edges
        .iter()
        .map(|&(u, v)| (u as usize, v as usize))
        .collect();
    Referee::new(n, &edges, rule == Rule::Node)
}

fn board_of(n: usize, edges: &[(u32, u32)]) -> Board {
    let list: Vec<[u32; 2]> = edges.iter().map(|&(u, v)| [u, v]).collect();
    Board::new(n, &list, None)
}

/// The vertex set `left` (a bitmask) as the solver's set on `board`.
fn set_of(board: &Board, left: u64) -> Vec<u64> {
    let mut set = vec![0; board.words()];
    set[0] = left;
    set
}

/// Checks on `make()` (a fresh board each time, so each query starts with an empty memo, and
/// once more on a board that has been asked everything) the value of `left` and the answer of
/// `is_worth(left, k)` for k = 0 ..= value + 2 against `expected`.
fn check_queries(make: &dyn Fn() -> Board, rule: Rule, left: u64, expected: u32, what: &str) {
    let shared = make();
    for k in 0..=expected + 2 {
        let fresh = make();
        let set = set_of(&fresh, left);
        assert_eq!(
            is_worth(&fresh, rule, &set, k),
            k == expected,
            "{rule:?} {what} against *{k}, fresh"
        );
        assert_eq!(
            value(&fresh, rule, &set),
            expected,
            "{rule:?} {what} after *{k}"
        );
        assert_eq!(
            is_worth(&shared, rule, &set, k),
            k == expected,
            "{rule:?} {what} against *{k}, shared"
        );
    }
    assert_eq!(value(&shared, rule, &set_of(&shared, left)), expected);
}

/// Every labelled graph on `n` vertices, as edge lists (the referee's, in the solver's type).
fn every_graph(n: usize) -> Vec<Vec<(u32, u32)>> {
    super::referee::every_graph(n)
        .into_iter()
        .map(|edges| {
            edges
                .into_iter()
                .map(|(u, v)| (u as u32, v as u32))
                .collect()
        })
        .collect()
}

#[test]
fn every_graph_of_up_to_five_vertices_answers_every_query_as_the_referee() {
    for n in 1..=5 {
        for edges in every_graph(n) {
            for rule in RULES {
                let expected = referee(n, &edges, rule).grundy((1 << n) - 1);
                let make = || board_of(n, &edges);
                check_queries(&make, rule, (1 << n) - 1, expected, &format!("{edges:?}"));
            }
        }
    }
}

#[test]
fn every_position_of_every_graph_of_six_vertices_is_valued_as_by_the_referee() {
    for edges in every_graph(6) {
        for rule in RULES {
            let mut referee = referee(6, &edges, rule);
            let board = board_of(6, &edges);
            let sets: Vec<Vec<u64>> = (0..64).rev().map(|left| vec![left]).collect();
            let expected: Vec<u32> = (0..64).rev().map(|left| referee.grundy(left)).collect();
            assert_eq!(values(&board, rule, &sets), expected, "{rule:?} {edges:?}");
            let all = referee.grundy(63);
            assert!(is_worth(&board_of(6, &edges), rule, &[63], all));
            assert!(!is_worth(&board_of(6, &edges), rule, &[63], all ^ 1));
        }
    }
}

#[test]
fn the_clique_cover_bounds_the_longest_play() {
    for n in 1..=6 {
        for edges in every_graph(n) {
            let referee = referee(n, &edges, Rule::Node);
            let board = board_of(n, &edges);
            for left in [(1u64 << n) - 1, (1 << n) - 2, 0b10_1101 & ((1 << n) - 1)] {
                let bound = clique_cover(&board, &[left]);
                assert!(bound >= referee.longest_play(left), "{edges:?} {left:b}");
                assert!(bound <= left.count_ones());
            }
        }
    }
}

/// The cells of a lattice board and which pairs are joined, from the definitions: the grid
/// joins cells sharing a side, the queens graph cells on a line (row, column, diagonal).
fn lattice_edges(lattice: Lattice, rows: usize, cols: usize) -> Vec<(u32, u32)> {
    let cells = rows * cols;
    let mut edges = Vec::new();
    for u in 0..cells {
        for v in u + 1..cells {
            let (dr, dc) = ((u / cols).abs_diff(v / cols), (u % cols).abs_diff(v % cols));
            let joined = match lattice {
                Lattice::Grid => dr + dc == 1,
                Lattice::Queens => dr == 0 || dc == 0 || dr == dc,
            };
            if joined {
                edges.push((u as u32, v as u32));
            }
        }
    }
    edges
}

/// Every set of cells of the 4×4 grid and queens board (and the 3×5 grid) that the mirror rule
/// calls lost is worth 0 under both rules; the rule fires on some.
#[test]
fn the_mirror_rule_calls_lost_only_sets_worth_zero() {
    for (lattice, rows, cols) in [
        (Lattice::Grid, 4, 4),
        (Lattice::Queens, 4, 4),
        (Lattice::Grid, 3, 5),
    ] {
        let board = Board::lattice(lattice, rows, cols);
        let edges = lattice_edges(lattice, rows, cols);
        let mut referees = RULES.map(|rule| referee(rows * cols, &edges, rule));
        let mut fired = 0;
        for left in 1..1u64 << (rows * cols) {
            if mirror_lost(&board, &[left]) {
                fired += 1;
                for referee in &mut referees {
                    assert_eq!(referee.grundy(left), 0, "{lattice:?} {left:b}");
                }
            }
        }
        assert!(fired > 100, "{lattice:?}: {fired}");
    }
    assert!(!mirror_lost(&board_of(2, &[]), &[0b11]));
}

#[test]
fn grids_answer_every_query_as_the_referee() {
    let mut boards: Vec<(usize, usize)> = (1..=3)
        .flat_map(|rows| (1..=8).map(move |cols| (rows, cols)))
        .collect();
    boards.extend((1..=5).map(|cols| (4, cols)));
    for (rows, cols) in boards {
        let edges = lattice_edges(Lattice::Grid, rows, cols);
        let all = (1u64 << (rows * cols)) - 1;
        let make = || Board::lattice(Lattice::Grid, rows, cols);
        for rule in RULES {
            // Arc Kayles beyond 3×6 against the Cram solver (the same game) instead.
            let expected = if rule == Rule::Node || rows * cols <= 18 {
                referee(rows * cols, &edges, rule).grundy(all)
            } else {
                CramSolver::new().position_value(u128::from(all), rows, cols)
            };
            check_queries(&make, rule, all, expected, &format!("grid {rows}x{cols}"));
        }
    }
}

#[test]
fn positions_of_the_three_by_five_grid_agree_with_the_referee() {
    let edges = lattice_edges(Lattice::Grid, 3, 5);
    for rule in RULES {
        let mut referee = referee(15, &edges, rule);
        let board = Board::lattice(Lattice::Grid, 3, 5);
        for left in (0..1u64 << 15).step_by(7) {
            let set = set_of(&board, left);
            assert_eq!(value(&board, rule, &set), referee.grundy(left), "{rule:?}");
        }
    }
}

#[test]
fn queens_graphs_answer_every_query_as_the_referee() {
    // Node Kayles to 6×6; Arc Kayles to 4×4 (the referee, without canonical keys, meets too many
    // sets of the denser boards).
    for side in 1..=6 {
        let edges = lattice_edges(Lattice::Queens, side, side);
        let all = (1u64 << (side * side)) - 1;
        let make = || Board::lattice(Lattice::Queens, side, side);
        for rule in RULES {
            if rule == Rule::Arc && side > 4 {
                continue;
            }
            let expected = referee(side * side, &edges, rule).grundy(all);
            check_queries(&make, rule, all, expected, &format!("queens {side}"));
        }
    }
}

#[test]
fn values_stay_exact_when_the_memo_is_pruned() {
    // Memos of 16 entries a table are pruned many times on these boards; every value and query
    // must still be the referee's.
    let boards = [
        (Lattice::Grid, 3, 6),
        (Lattice::Grid, 4, 5),
        (Lattice::Queens, 5, 5),
    ];
    for (lattice, rows, cols) in boards {
        let edges = lattice_edges(lattice, rows, cols);
        let all = (1u64 << (rows * cols)) - 1;
        let make = || Board::lattice(lattice, rows, cols).with_memo_cap(16);
        let expected = referee(rows * cols, &edges, Rule::Node).grundy(all);
        check_queries(
            &make,
            Rule::Node,
            all,
            expected,
            &format!("{lattice:?} {rows}x{cols}"),
        );
        let board = make();
        let mut referee = referee(rows * cols, &edges, Rule::Node);
        for left in (0..=all).step_by(97) {
            let set = set_of(&board, left);
            assert_eq!(
                value(&board, Rule::Node, &set),
                referee.grundy(left),
                "{lattice:?}"
            );
        }
        assert!(
            board.memo_prunings() > 10,
            "{lattice:?}: {}",
            board.memo_prunings()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Random graphs of up to 12 vertices (of random density) and random positions of them:
    /// values and outcome queries.
    #[test]
    fn random_graphs_answer_every_query_as_the_referee(
        n in 1usize..=12,
        density in 1u32..=7,
        seed in any::<u64>(),
        removed in any::<u16>(),
    ) {
        let mut state = seed | 1;
        let mut edges = Vec::new();
        for u in 0..n as u32 {
            for v in u + 1..n as u32 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if (state % 8) < u64::from(density) {
                    edges.push((u, v));
                }
            }
        }
        let left = (0..n).filter(|&v| removed >> v & 1 == 0).fold(0u64, |set, v| set | 1 << v);
        for rule in RULES {
            let expected = referee(n, &edges, rule).grundy(left);
            let make = || board_of(n, &edges);
            check_queries(&make, rule, left, expected, &format!("{edges:?} {left:b}"));
        }
    }
}
