//! Node Kayles and Arc Kayles on graphs: the solver (components, canonical shapes, memo) against
//! a referee written from the definition (`src/games/kayles_graph/referee.rs`, shared with the
//! library's tests) on every graph of up to 6 vertices and on grids to 3×4; the paths, cycles and grids against the octal
//! games and Cram; the published OEIS terms; the commands through the binary.

use grundy::games::kayles_graph::board::{Board, Lattice};
use grundy::games::kayles_graph::position::KaylesGraph;
use grundy::games::kayles_graph::solver::Rule;
use grundy::{ImpartialGame, Theory};
use proptest::prelude::*;
use std::process::Command;
use std::sync::Arc;

/// The referee, written from the definition and shared with the library's tests.
#[allow(dead_code)]
#[path = "../src/games/kayles_graph/referee.rs"]
mod referee;
use referee::{Referee, every_graph};

/// The grid's cells in row-major order and its side-adjacent pairs.
fn grid_edges(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                edges.push((r * cols + c, r * cols + c + 1));
            }
            if r + 1 < rows {
                edges.push((r * cols + c, (r + 1) * cols + c));
            }
        }
    }
    edges
}

fn board_of(n: usize, edges: &[(usize, usize)]) -> Arc<Board> {
    let list: Vec<[u32; 2]> = edges.iter().map(|&(u, v)| [u as u32, v as u32]).collect();
    Arc::new(Board::new(n, &list, None))
}

const RULES: [Rule; 2] = [Rule::Node, Rule::Arc];

#[test]
fn every_graph_of_up_to_six_vertices_agrees_with_plain_search() {
    for n in 1..=6usize {
        for edges in every_graph(n) {
            let plain =
                |rule: Rule, left: u64| Referee::new(n, &edges, rule == Rule::Node).grundy(left);
            let board = board_of(n, &edges);
            for rule in RULES {
                let position = KaylesGraph::whole(Arc::clone(&board), rule);
                let expected = plain(rule, (1 << n) - 1);
                assert_eq!(
                    position.value(),
                    expected,
                    "{rule:?} on {n} vertices {edges:?}"
                );
            }
        }
    }
}

#[test]
fn winning_moves_are_the_moves_to_value_zero_on_every_graph_of_five_vertices() {
    let n = 5;
    for edges in every_graph(n) {
        let plain =
            |rule: Rule, left: u64| Referee::new(n, &edges, rule == Rule::Node).grundy(left);
        let board = board_of(n, &edges);
        for rule in RULES {
            let position = KaylesGraph::whole(Arc::clone(&board), rule);
            // One move for each position a winning move reaches.
            let mut claimed: Vec<u64> = position
                .winning_moves(usize::MAX)
                .unwrap()
                .listed
                .into_iter()
                .map(|found| position.play(&found.mv).left()[0])
                .collect();
            claimed.sort_unstable();
            let mut expected: Vec<u64> = position
                .moves()
                .into_iter()
                .map(|mv| position.play(&mv).left()[0])
                .filter(|&left| plain(rule, left) == 0)
                .collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(claimed, expected, "{rule:?} on {edges:?}");
        }
    }
}

#[test]
fn grids_to_three_by_four_and_their_positions_agree_with_plain_search() {
    for rows in 1..=3 {
        for cols in 1..=4 {
            let edges = grid_edges(rows, cols);
            let plain = |rule: Rule, left: u64| {
                Referee::new(rows * cols, &edges, rule == Rule::Node).grundy(left)
            };
            let board = Arc::new(Board::lattice(Lattice::Grid, rows, cols));
            for rule in RULES {
                // Every position of boards up to 3×3; the whole board beyond.
                let subsets: Vec<u64> = if rows * cols <= 9 {
                    (0..1u64 << (rows * cols)).collect()
                } else {
                    vec![(1 << (rows * cols)) - 1]
                };
                for left in subsets {
                    let removed: Vec<u32> = (0..(rows * cols) as u32)
                        .filter(|&v| left >> v & 1 == 0)
                        .collect();
                    let position = KaylesGraph::without(Arc::clone(&board), rule, &removed);
                    assert_eq!(
                        position.value(),
                        plain(rule, left),
                        "{rule:?} on the {rows}x{cols} grid, {position}"
                    );
                }
            }
        }
    }
}

#[test]
fn queens_graphs_agree_with_plain_search() {
    // Node Kayles to 4×4; Arc Kayles to 3×3 (the library's tests go further).
    for side in 1..=4usize {
        let mut edges = Vec::new();
        for u in 0..side * side {
            for v in u + 1..side * side {
                let (dr, dc) = ((u / side).abs_diff(v / side), (u % side).abs_diff(v % side));
                if dr == 0 || dc == 0 || dr == dc {
                    edges.push((u, v));
                }
            }
        }
        let plain = |rule: Rule, left: u64| {
            Referee::new(side * side, &edges, rule == Rule::Node).grundy(left)
        };
        let board = Arc::new(Board::lattice(Lattice::Queens, side, side));
        for rule in RULES {
            if rule == Rule::Arc && side > 3 {
                continue;
            }
            let position = KaylesGraph::whole(Arc::clone(&board), rule);
            let all = (1u64 << (side * side)) - 1;
            assert_eq!(position.value(), plain(rule, all), "{rule:?} {side}");
        }
    }
}

/// The values of the octal game whose digits are `code` (d_1, d_2, …), to heap `up_to`, from
/// the definition of octal games: removing k tokens is allowed leaving no heap if bit 0 of d_k
/// is set, one heap if bit 1, two heaps if bit 2.
fn octal(code: &[u8], up_to: usize) -> Vec<u32> {
    let mut values = vec![0u32; up_to + 1];
    for n in 1..=up_to {
        let mut seen = Vec::new();
        for (index, &digit) in code.iter().enumerate() {
            let k = index + 1;
            if k > n {
                break;
            }
            let rest = n - k;
            if digit & 1 != 0 && rest == 0 {
                seen.push(0);
            }
            if digit & 2 != 0 && rest > 0 {
                seen.push(values[rest]);
            }
            if digit & 4 != 0 && rest >= 2 {
                for a in 1..rest {
                    seen.push(values[a] ^ values[rest - a]);
                }
            }
        }
        values[n] = (0..).find(|value| !seen.contains(value)).unwrap();
    }
    values
}

fn path(n: usize) -> Arc<Board> {
    let edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
    board_of(n, &edges)
}

#[test]
fn paths_are_dawsons_chess_and_dawsons_kayles() {
    let dawsons_chess = octal(&[1, 3, 7], 70);
    let dawsons_kayles = octal(&[0, 7], 70);
    for n in 1..=70 {
        let node = KaylesGraph::whole(path(n), Rule::Node).value();
        let arc = KaylesGraph::whole(path(n), Rule::Arc).value();
        assert_eq!(node, dawsons_chess[n], "Node Kayles on P_{n}");
        assert_eq!(arc, dawsons_kayles[n], "Arc Kayles on P_{n}");
        assert_eq!(
            arc,
            dawsons_chess[n - 1],
            "Arc Kayles on P_{n} is 0.137 on n - 1"
        );
    }
}

#[test]
fn node_kayles_on_a_cycle_is_one_exactly_when_the_path_left_is_lost() {
    let dawsons_chess = octal(&[1, 3, 7], 60);
    for n in 3..=60 {
        let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        edges.push((n - 1, 0));
        let value = KaylesGraph::whole(board_of(n, &edges), Rule::Node).value();
        let expected = u32::from(dawsons_chess[n - 3] == 0);
        assert_eq!(value, expected, "Node Kayles on C_{n}");
    }
}

/// Cram by its own definition: a move covers two side-adjacent empty cells of the board.
fn cram(rows: usize, cols: usize, empty: u64) -> u32 {
    let mut values = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            for other in [
                (c + 1 < cols).then(|| cell + 1),
                (r + 1 < rows).then(|| cell + cols),
            ]
            .into_iter()
            .flatten()
            {
                if empty >> cell & 1 == 1 && empty >> other & 1 == 1 {
                    values.push(cram(rows, cols, empty & !(1 << cell) & !(1 << other)));
                }
            }
        }
    }
    (0..).find(|value| !values.contains(value)).unwrap()
}

#[test]
fn arc_kayles_on_the_grid_is_cram() {
    for rows in 1..=3 {
        for cols in 1..=4 {
            let board = Arc::new(Board::lattice(Lattice::Grid, rows, cols));
            let value = KaylesGraph::whole(board, Rule::Arc).value();
            assert_eq!(
                value,
                cram(rows, cols, (1 << (rows * cols)) - 1),
                "{rows}x{cols}"
            );
        }
    }
}

/// OEIS A316632: Node Kayles on the 3×n grid, n = 1..16 (the published data; Brown et al., J.
/// Integer Seq. 23 (2020), Article 20.3.5).
const A316632: [u32; 16] = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];

/// OEIS A344227: Node Kayles on the n×n queens graph, n = 0..13 (the published data; terms 1–10
/// from H. Noon, 11–13 from M. Fan).
const A344227: [u32; 14] = [0, 1, 1, 2, 1, 3, 1, 2, 3, 1, 0, 1, 0, 1];

#[test]
fn the_three_by_n_grid_reproduces_a316632_to_fourteen() {
    for n in 1..=14 {
        let board = Arc::new(Board::lattice(Lattice::Grid, 3, n));
        let value = KaylesGraph::whole(board, Rule::Node).value();
        assert_eq!(value, A316632[n - 1], "3x{n}");
    }
}

#[test]
fn the_queens_graph_reproduces_a344227_to_eight() {
    for (n, &published) in A344227.iter().enumerate().take(9).skip(1) {
        let board = Arc::new(Board::lattice(Lattice::Queens, n, n));
        let value = KaylesGraph::whole(board, Rule::Node).value();
        assert_eq!(value, published, "queens {n}");
    }
}

#[test]
fn the_four_by_n_grid_is_zero_to_eight() {
    for n in 1..=8 {
        let board = Arc::new(Board::lattice(Lattice::Grid, 4, n));
        assert_eq!(KaylesGraph::whole(board, Rule::Node).value(), 0, "4x{n}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random graphs of up to 10 vertices, and random positions of them.
    #[test]
    fn random_graphs_agree_with_plain_search(
        n in 1usize..=10,
        bits in any::<u64>(),
        more in any::<u64>(),
        removed in any::<u16>(),
    ) {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        let edges: Vec<(usize, usize)> = pairs
            .iter()
            .enumerate()
            .filter(|&(index, _)| if index < 64 { bits >> index & 1 == 1 } else { more >> (index - 64) & 1 == 1 })
            .map(|(_, &pair)| pair)
            .collect();
        let plain = |rule: Rule, left: u64| Referee::new(n, &edges, rule == Rule::Node).grundy(left);
        let board = board_of(n, &edges);
        let gone: Vec<u32> = (0..n as u32).filter(|&v| removed >> v & 1 == 1).collect();
        let left = (0..n).filter(|&v| removed >> v & 1 == 0).fold(0u64, |set, v| set | 1 << v);
        for rule in RULES {
            let position = KaylesGraph::without(Arc::clone(&board), rule, &gone);
            prop_assert_eq!(position.value(), plain(rule, left));
        }
    }
}

fn grundy_binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
}

/// Runs the binary: (stdout, stderr, exit code).
fn run(args: &[&str]) -> (String, String, Option<i32>) {
    let output = grundy_binary().args(args).output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code(),
    )
}

#[test]
fn a_graph_file_is_read_undirected_analysed_and_verified() {
    let dir = std::env::temp_dir().join(format!("kayles-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The path 1-2-3-4-5 written with edges in both directions: P_5, worth 0.137 on 5 = 3 under
    // Node Kayles and 0.07 on 5 = 0 under Arc Kayles.
    let file = dir.join("path.txt");
    std::fs::write(&file, "# a path\n5 5\n1 2\n3 2\n3 4\n5 4\n4 5\n").unwrap();
    let node = format!("node-kayles:{}", file.display());
    let arc = format!("arc-kayles:{}", file.display());
    let (out, err, code) = run(&["analyze", &node, "all"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("grundy:   3\n"), "{out}");
    assert!(
        out.contains("winning moves: 1\n  3  "),
        "the middle vertex wins: {out}"
    );
    let (out, _, code) = run(&["analyze", &arc, "all"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("grundy:   0\n"), "{out}");
    let (out, _, code) = run(&["analyze", &node, "all -3"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("grundy:   0\n"), "{out}");
    let (out, err, code) = run(&["verify", &node, "--size", "4"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("0 disagreements"), "{out}");
    // Bad positions, files and families: located, exit 2, nothing on stdout.
    for args in [
        vec!["analyze", node.as_str(), "all -6"],
        vec!["analyze", node.as_str(), "none"],
        vec!["analyze", "node-kayles:missing-file.txt", "all"],
        vec!["analyze", "node-kayles:grid:0x3", "all"],
        vec!["analyze", "arc-kayles:queens:65", "all"],
    ] {
        let (out, err, code) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
    std::fs::write(&file, "3 2\n1 2\n2 4\n").unwrap();
    let (out, err, code) = run(&["analyze", &node, "all"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty());
    assert!(err.contains("line 3, column 3"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_families_are_verified_and_played() {
    let (out, err, code) = run(&["verify", "node-kayles:grid:3x3", "--size", "4"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("0 disagreements"), "{out}");
    let (out, err, code) = run(&["verify", "arc-kayles:grid:2x4", "--size", "4"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("0 disagreements"), "{out}");
    let (out, err, code) = run(&["analyze", "arc-kayles:grid:2x2", "all", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\"grundy\""), "{out}");
    // Arc Kayles on the 2×2 grid: any edge leaves the opposite edge; value mex{1} = 0.
    let (out, _, _) = run(&["analyze", "arc-kayles:grid:2x2", "all"]);
    assert!(out.contains("grundy:   0\n"), "{out}");
    // A game over a pipe: the 1×3 path under Node Kayles, the middle vertex wins at once.
    let mut child = grundy_binary()
        .args(["play", "node-kayles:grid:1x3", "all", "--first", "human"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"2\n").unwrap();
    }
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("all -1 -2 -3"), "{text}");
}

#[test]
fn the_page_never_reads_a_graph_file_but_serves_the_families() {
    use grundy::resolve::{Files, ResolveError, resolve_with};
    assert!(matches!(
        resolve_with("node-kayles:g.txt", Files::Refuse),
        Err(ResolveError::FileRefused(_))
    ));
    assert!(matches!(
        resolve_with("arc-kayles:graph", Files::Refuse),
        Err(ResolveError::FileRefused(_))
    ));
    assert!(resolve_with("node-kayles:queens:5", Files::Refuse).is_ok());
    assert!(resolve_with("arc-kayles:grid:3x4", Files::Refuse).is_ok());
}

#[test]
fn the_outcome_searches_reproduce_a316632_to_sixteen_and_a344227_to_twelve() {
    for n in 15..=16 {
        let board = Arc::new(Board::lattice(Lattice::Grid, 3, n));
        let value = KaylesGraph::whole(board, Rule::Node).value();
        assert_eq!(value, A316632[n - 1], "3x{n}");
    }
    for (n, &published) in A344227.iter().enumerate().take(13).skip(9) {
        let board = Arc::new(Board::lattice(Lattice::Queens, n, n));
        let value = KaylesGraph::whole(board, Rule::Node).value();
        assert_eq!(value, published, "queens {n}");
    }
}

#[test]
fn a_long_search_writes_no_progress_line_where_standard_error_is_not_a_terminal() {
    // The 3 × 22 grid has 66 vertices: its search runs with a progress line, drawn only on a
    // terminal; here standard error is a pipe, so it stays empty and the report is whole.
    let (out, err, code) = run(&["analyze", "node-kayles:grid:3x22", "all"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err, "");
    assert!(out.contains("grundy:   0\n"), "{out}");
}
