//! Cram through the binary: analyze's report against the search from the rules
//! (`src/games/cram/brute.rs`, shared with the library's tests), bad boards refused with a
//! located error (exit 2, nothing on stdout), a game over a pipe against the perfect opponent,
//! verify, and the published board values that solve fast.

use assert_cmd::Command;
use std::collections::HashMap;

mod common;

#[path = "../src/games/cram/brute.rs"]
mod brute;
use brute::brute_force;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

fn drawn(grid: &[Vec<bool>]) -> String {
    grid.iter()
        .map(|row| {
            row.iter()
                .map(|&e| if e { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn analyze_json(position: &str) -> serde_json::Value {
    let output = grundy()
        .args(["analyze", "cram", position, "--json"])
        .output()
        .unwrap();
    serde_json::from_str(&common::stdout_of_success(output)).unwrap()
}

#[test]
fn analyze_agrees_with_a_search_from_the_rules_on_drawn_boards() {
    let mut memo = HashMap::new();
    // Every 3 × 3 board, and a few 3 × 4 ones, with every winning move checked.
    let mut boards = Vec::new();
    for pattern in 0u32..512 {
        boards.push(
            (0..3)
                .map(|r| {
                    (0..3)
                        .map(|c| pattern >> (3 * r + c) & 1 == 1)
                        .collect::<Vec<bool>>()
                })
                .collect::<Vec<_>>(),
        );
    }
    for pattern in (0u32..4096).step_by(97) {
        boards.push(
            (0..3)
                .map(|r| {
                    (0..4)
                        .map(|c| pattern >> (4 * r + c) & 1 == 1)
                        .collect::<Vec<bool>>()
                })
                .collect::<Vec<_>>(),
        );
    }
    for grid in boards.iter().step_by(5) {
        let expected = brute_force(&mut grid.clone(), &mut memo);
        let report = analyze_json(&drawn(grid));
        assert_eq!(report["grundy"], expected, "{}", drawn(grid));
        let mut winning = 0;
        for r in 0..grid.len() {
            for c in 0..grid[0].len() {
                for (dr, dc) in [(0, 1), (1, 0)] {
                    let (r2, c2) = (r + dr, c + dc);
                    if r2 < grid.len() && c2 < grid[0].len() && grid[r][c] && grid[r2][c2] {
                        let mut after = grid.clone();
                        after[r][c] = false;
                        after[r2][c2] = false;
                        if brute_force(&mut after, &mut memo) == 0 {
                            winning += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(report["winning_move_count"], winning, "{}", drawn(grid));
    }
}

#[test]
fn analyze_prints_the_value_and_the_winning_dominoes() {
    let output = grundy().args(["analyze", "cram", "2x3"]).output().unwrap();
    let text = common::stdout_of_success(output);
    assert!(text.contains("grundy:   1"), "{text}");
    assert!(text.contains("winning moves: 3"), "{text}");
    assert!(text.contains("1,2v         -> .#./.#."), "{text}");
}

#[test]
fn bad_boards_are_refused_with_a_location_and_nothing_on_stdout() {
    for bad in [
        "0x3", "3x", "11x11", "../.a", "../...", "3x3 2x2", "64x1", "..x",
    ] {
        let output = grundy().args(["analyze", "cram", bad]).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{bad}");
        assert!(output.stdout.is_empty(), "{bad}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("line 1, column"), "{bad}: {stderr}");
    }
}

#[test]
fn a_game_over_a_pipe_against_the_perfect_opponent() {
    // 2 × 3 is worth *1: the computer, moving first, wins; illegal moves are refused.
    let output = grundy()
        .args(["play", "cram", "2x3", "--first", "computer"])
        .write_stdin("1,1h\n9,9v\n1,2v\n")
        .output()
        .unwrap();
    let text = common::stdout_of_success(output);
    assert!(text.contains("computer plays 1,1v"), "{text}");
    assert!(text.contains("illegal"), "{text}");
    assert!(text.contains("computer plays 1,3v"), "{text}");
}

#[test]
fn verify_checks_every_small_board() {
    let output = grundy()
        .args(["verify", "cram", "--size", "6"])
        .output()
        .unwrap();
    let text = common::stdout_of_success(output);
    assert!(text.contains("cram"), "{text}");
    assert!(!text.contains("FAIL"), "{text}");
}

/// igsolve's README (Beling, impartial-games): 4 × 5 = *2, 4 × 7 = *3, 5 × 6 = *2, and the
/// even × even boards 0; the rest of its table is reproduced by the command in docs/games.md.
#[test]
fn published_values_that_solve_fast() {
    for (board, value) in [("4x5", 2), ("4x7", 3), ("4x6", 0), ("5x5", 0), ("3x7", 1)] {
        let report = analyze_json(board);
        assert_eq!(report["grundy"], value, "{board}");
    }
}

/// The 3 × n nimbers of Lemoine and Viennot ("Nimbers are inevitable", TCS 462, 2012, which
/// lists them to n = 20; igsolve 0.1.2 gives the same), n = 2 … 12: computed here through the
/// binary.
#[test]
fn three_row_boards_agree_with_lemoine_and_viennot() {
    let published = [1, 0, 1, 1, 4, 1, 3, 1, 2, 0, 1];
    for (n, value) in (2..).zip(published) {
        let board = format!("3x{n}");
        let report = analyze_json(&board);
        assert_eq!(report["grundy"], value, "{board}");
    }
}

/// `--threads 2` prints the report of one thread, word for word, on boards where the threads
/// race (the value and every winning move), also with a checkpoint, fresh and resumed; and
/// refuses what it cannot do: 0 or more than 64 threads, a game without a long search,
/// remoteness (exit 2, nothing on stdout).
#[test]
fn threads_print_the_report_of_one_thread() {
    for board in ["4x5", "3x9", "4x6", "5x5", "#..../...../...../....#"] {
        let alone = grundy().args(["analyze", "cram", board]).output().unwrap();
        let threads = grundy()
            .args(["analyze", "cram", board, "--threads", "2"])
            .output()
            .unwrap();
        assert_eq!(
            common::stdout_of_success(threads),
            common::stdout_of_success(alone.clone()),
            "{board}"
        );
        let dir = std::env::temp_dir().join(format!("grundy-cram-threads-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(board.replace('/', "_"));
        let _ = std::fs::remove_file(&path);
        for run in ["fresh", "resumed"] {
            let saved = grundy()
                .args(["analyze", "cram", board, "--threads", "2", "--checkpoint"])
                .arg(&path)
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&saved.stderr).contains("resumed from");
            assert_eq!(said, run == "resumed", "{board} {run}");
            assert_eq!(
                common::stdout_of_success(saved),
                common::stdout_of_success(alone.clone()),
                "{board} {run}"
            );
        }
    }
    for (args, message) in [
        (
            vec!["cram", "4x4", "--threads", "0"],
            "--threads 0: give a number from 1 to 64",
        ),
        (
            vec!["cram", "4x4", "--threads", "65"],
            "--threads 65: give a number from 1 to 64",
        ),
        (
            vec!["kayles", "5", "--threads", "2"],
            "--threads shares a long search's table",
        ),
        (
            vec!["cram", "4x4", "--threads", "2", "--remoteness"],
            "cannot be used with",
        ),
    ] {
        let output = grundy().arg("analyze").args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(message), "{args:?}: {error}");
    }
}
