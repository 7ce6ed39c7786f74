//! Games on graphs through the binary: `analyze graph:FILE --json` against the referee on the
//! explicit graph of whole sums (random graphs up to 12 vertices, every position of up to three
//! tokens), bad graph files, `verify` and `play` over a pipe.

use assert_cmd::Command;
use grundy::core::Winner;
use grundy::loopy::check::{multisets, random_graph};
use grundy::loopy::graph::{GameGraph, Vertex};
use grundy::loopy::referee::{Label, label};
use grundy::loopy::sum::{sum_graph, sum_vertex};
use grundy::loopy::tokens::Tokens;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

/// The graph file of `graph`.
fn graph_file(graph: &GameGraph) -> String {
    let mut lines = vec![format!("{} {}", graph.vertex_count(), graph.edge_count())];
    for u in 0..graph.vertex_count() as Vertex {
        for &v in graph.followers(u) {
            lines.push(format!("{} {}", u + 1, v + 1));
        }
    }
    lines.join("\n") + "\n"
}

/// The referee's winner of `position`, and where its winning (in a draw, drawing) moves lead.
fn referee(graph: &GameGraph, position: &Tokens) -> (Winner, BTreeSet<String>) {
    let n = graph.vertex_count();
    let sum = sum_graph(graph, position.0.len() as u32).unwrap();
    let labels: Vec<Label> = label(&sum);
    let index = sum_vertex(n, &position.0);
    let winner = labels[index].winner();
    let wanted = match winner {
        Winner::First => Winner::Second,
        other => other,
    };
    let mut targets = BTreeSet::new();
    if winner != Winner::Second {
        for &next in sum.followers(index as Vertex) {
            if labels[next as usize].winner() == wanted {
                let mut rest = next as usize;
                let mut tokens: Vec<Vertex> = (0..position.0.len())
                    .map(|_| {
                        let v = (rest % n) as Vertex;
                        rest /= n;
                        v
                    })
                    .collect();
                tokens.sort_unstable();
                targets.insert(Tokens(tokens).to_string());
            }
        }
    }
    (winner, targets)
}

/// Runs `analyze graph:FILE POSITION --json` and returns the parsed report.
fn analyze_json(file: &Path, position: &Tokens) -> serde_json::Value {
    let spelling = format!("graph:{}", file.display());
    let output = grundy()
        .args(["analyze", &spelling, "--json", "--"])
        .arg(position.to_string())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn targets(report: &serde_json::Value, key: &str) -> BTreeSet<String> {
    report[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mv["to"].as_str().unwrap().to_string())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn analyze_json_agrees_with_the_referee_on_random_graphs(seed in any::<u64>()) {
        let mut state = seed;
        let graph = random_graph(&mut state, 12);
        let dir = std::env::temp_dir().join(format!("grundy-loopy-{}-{seed}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("graph.txt");
        std::fs::write(&file, graph_file(&graph)).unwrap();
        let positions: Vec<Tokens> = (0..=3)
            .flat_map(|k| multisets(graph.vertex_count(), k))
            .collect();
        // Two workers: each position is one run of the binary.
        let failures: Vec<String> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..2)
                .map(|worker| {
                    let (graph, file, positions) = (&graph, &file, &positions);
                    scope.spawn(move || {
                        let mut failures = Vec::new();
                        for position in positions.iter().skip(worker).step_by(2) {
                            let report = analyze_json(file, position);
                            let (winner, expected) = referee(graph, position);
                            let (listed, other) = match winner {
                                Winner::Draw => ("drawing_moves", "winning_moves"),
                                _ => ("winning_moves", "drawing_moves"),
                            };
                            let count = if winner == Winner::Draw {
                                "drawing_move_count"
                            } else {
                                "winning_move_count"
                            };
                            if report["winner"] != winner.to_string()
                                || targets(&report, listed) != expected
                                || !targets(&report, other).is_empty()
                                || report[count] != expected.len()
                            {
                                failures.push(format!(
                                    "`{position}`: printed {report}, referee {winner} {expected:?}"
                                ));
                            }
                        }
                        failures
                    })
                })
                .collect();
            workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
        });
        std::fs::remove_dir_all(&dir).unwrap();
        prop_assert!(failures.is_empty(), "graph {}: {}", graph_file(&graph), failures.join("\n"));
    }
}

#[test]
fn the_worked_examples_print_their_outcomes() {
    let run = |file: &str, position: &str| {
        let output = grundy()
            .args([
                "analyze",
                &format!("graph:examples/graphs/{file}"),
                position,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let two_cycle = run("two-cycle.txt", "1");
    assert!(
        two_cycle.contains("winner:   draw (neither player can force a win)"),
        "{two_cycle}"
    );
    assert!(two_cycle.contains("gamma:    ∞"), "{two_cycle}");
    assert!(
        two_cycle.contains("drawing moves: 1\n  1->2"),
        "{two_cycle}"
    );
    let one = run("loop-and-end.txt", "1");
    assert!(one.contains("winner:   first"), "{one}");
    assert!(one.contains("gamma:    ∞(0)"), "{one}");
    assert!(one.contains("winning moves: 1\n  1->2"), "{one}");
    let two = run("loop-and-end.txt", "1 1");
    assert!(two.contains("winner:   draw"), "{two}");
    assert!(!two.contains("winner:   first") && !two.contains("winner:   second"));
    let path = run("path.txt", "1");
    assert!(path.contains("gamma:    2"), "{path}");
}

#[test]
fn bad_graph_files_are_located_errors_with_nothing_on_stdout() {
    let dir = std::env::temp_dir().join(format!("grundy-loopy-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "3 1\n1 4\n",
            "line 2, column 3: expected a vertex (an integer from 1 to 3), found `4`",
        ),
        (
            "3 2\n1 2\n",
            "end of input: the first line announces 2 edges, the file has 1",
        ),
        (
            "99999999999 0\n",
            "line 1, column 1: expected the vertex count n",
        ),
        (
            "2 1\n1 2 # ok\n2 1\n",
            "line 3, column 1: more edges than the 1",
        ),
        ("", "the file is empty"),
    ];
    for (index, (text, message)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{index}.txt"));
        std::fs::write(&file, text).unwrap();
        let output = grundy()
            .args(["analyze", &format!("graph:{}", file.display()), "1"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{text:?}");
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{text:?}: {stderr}");
        assert!(stderr.contains(&file.display().to_string()), "{stderr}");
    }
    let missing = grundy()
        .args(["analyze", "graph:/nonexistent/graph.txt", "1"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    let bad_position = grundy()
        .args(["analyze", "graph:examples/graphs/two-cycle.txt", "3"])
        .output()
        .unwrap();
    assert_eq!(bad_position.status.code(), Some(2));
    assert!(bad_position.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&bad_position.stderr).contains("column 1: there is no vertex 3")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_checks_a_graph_and_random_graphs() {
    let output = grundy()
        .args(["verify", "graph:examples/graphs/loopy.txt"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    // 1 + 4 + 10 + 20 positions of up to three tokens on four vertices.
    assert!(
        text.contains("graph:examples/graphs/loopy.txt: checked 35 positions, 0 disagreements"),
        "{text}"
    );
    assert!(
        text.contains("random graphs (40, up to 12 vertices, seed 35): checked "),
        "{text}"
    );
    let too_many = grundy()
        .args(["verify", "graph:examples/graphs/loopy.txt", "--size", "99"])
        .output()
        .unwrap();
    assert_eq!(too_many.status.code(), Some(2));
}

/// Plays `grundy play graph:FILE START --first computer` over a pipe, the bot answering each
/// prompt with `choose(position)`; returns the transcript.
fn play_over_a_pipe(
    file: &str,
    start: &str,
    first: &str,
    choose: &dyn Fn(&grundy::loopy::tokens::Board, &Tokens) -> String,
) -> String {
    let board = grundy::loopy::tokens::Board::new(
        grundy::loopy::file::read_graph(Path::new(file)).unwrap(),
    );
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["play", &format!("graph:{file}"), start, "--first", first])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut transcript = String::new();
    loop {
        let mut line = String::new();
        if stdout.read_line(&mut line).unwrap() == 0 {
            break;
        }
        transcript.push_str(&line);
        if let Some(position) = line.trim_end().strip_prefix("position: ") {
            let mut prompt = [0u8; 2];
            if std::io::Read::read_exact(&mut stdout, &mut prompt).is_err() {
                break;
            }
            if &prompt != b"> " {
                // The last position of a finished game: the next line says who won.
                transcript.push_str(&String::from_utf8_lossy(&prompt));
                continue;
            }
            let position = board.parse_position(position).unwrap();
            let answer = choose(&board, &position);
            transcript.push_str(&format!("> {answer}\n"));
            writeln!(stdin, "{answer}").unwrap();
        }
    }
    assert!(child.wait().unwrap().success());
    transcript
}

#[test]
fn play_wins_within_its_bound_and_keeps_draws_over_a_pipe() {
    // Won: 2 3 on loopy.txt (∞(1) + 1 = ∞(0)); the bot runs round the cycle when it can.
    let cycler = |board: &grundy::loopy::tokens::Board, position: &Tokens| {
        let outcomes = board.outcomes(position);
        let chosen = outcomes
            .iter()
            .find(|(_, after)| *after != Winner::Second)
            .unwrap_or(&outcomes[0]);
        chosen.0.to_string()
    };
    let won = play_over_a_pipe("examples/graphs/loopy.txt", "2 3", "computer", &cycler);
    assert!(won.contains("this position is won; I win within "), "{won}");
    assert!(won.ends_with("winner: computer\n"), "{won}");
    let bound: usize = won
        .split("I win within ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    let moves = won.matches("computer plays").count() + won.matches("\n> ").count();
    assert!(moves <= bound, "{moves} moves, bound {bound}: {won}");
    // Drawn: two tokens beside a terminal. The bot moves at random among its moves; the
    // computer keeps the draw, and the session ends at the third repetition, never lost.
    let random = |board: &grundy::loopy::tokens::Board, position: &Tokens| {
        let moves = board.moves(position);
        let pick = position.0.iter().map(|&v| v as usize).sum::<usize>() % moves.len();
        moves[pick].to_string()
    };
    let drawn = play_over_a_pipe(
        "examples/graphs/loop-and-end.txt",
        "1 1",
        "computer",
        &random,
    );
    assert!(drawn.contains("this position is a draw"), "{drawn}");
    assert!(!drawn.contains("winner: human"), "{drawn}");
    assert!(
        drawn.ends_with("neither side can force a win)\n") || drawn.ends_with("winner: computer\n"),
        "{drawn}"
    );
}

/// Runs `grundy interact graph:FILE START` against a shell bot whose `case` arms (on the
/// line grundy wrote) answer the `position` lines; the exit status and the report.
fn interact_with(file: &str, start: &str, arms: &str) -> (Option<i32>, String) {
    let bot = format!("while read -r line; do case \"$line\" in {arms} esac; done");
    let output = grundy()
        .args([
            "interact",
            &format!("graph:{file}"),
            start,
            "--time-limit",
            "10",
            "--",
        ])
        .args(["sh", "-c", &bot])
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).to_string(),
    )
}

#[test]
fn interact_accepts_a_kept_draw_and_rejects_a_draw_let_slip() {
    let file = "examples/graphs/loop-and-end.txt";
    let always = |answer: &str| format!("position*) echo '{answer}';;");
    let (status, kept) = interact_with(file, "1 1", &always("1->1"));
    assert_eq!(status, Some(0), "{kept}");
    assert!(
        kept.contains("accepted, won 0 and drew 1 of 1 games"),
        "{kept}"
    );
    let (status, slipped) = interact_with(file, "1 1", &always("1->2"));
    assert_eq!(status, Some(1), "{slipped}");
    assert!(slipped.contains("wrong answer"), "{slipped}");
    assert!(
        slipped.contains("let a drawn game slip from 1 1"),
        "{slipped}"
    );
    assert!(
        slipped.contains("first losing move: at 1 1 the program played 1->2, leaving 1 2"),
        "{slipped}"
    );
    let (status, won) = interact_with(file, "1", &always("1->2"));
    assert_eq!(status, Some(0), "{won}");
    assert!(won.contains("accepted, won 1 of 1 games"), "{won}");
    // A won start (2 3 on loopy.txt is ∞(1) + 1 = ∞(0)) that the bot only draws, running
    // round the cycle, is not accepted.
    let (status, looped) = interact_with(
        "examples/graphs/loopy.txt",
        "2 3",
        "'position 2'*) echo '2->1';; 'position 1'*) echo '1->2';;",
    );
    assert_eq!(status, Some(1), "{looped}");
    assert!(
        looped
            .contains("did not win a winnable game from 2 3: position 1 4 came back a third time"),
        "{looped}"
    );
}
