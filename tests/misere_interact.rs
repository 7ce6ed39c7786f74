//! `grundy interact --misere`: the jury plays perfectly under misère play (the player who cannot
//! move wins). A program that plays perfectly — `tests/contest_programs/misere_bot.py`, an
//! exhaustive misère search in Python that shares nothing with grundy — wins every game; a
//! program that plays normal play perfectly (`examples/contest/kayles_bot.py`) or at random loses,
//! and every move of grundy in the recorded game is checked here against a misère referee
//! written from the rules of Kayles.

mod common;

use assert_cmd::Command;
use common::{MisereReferee, kayles_options};
use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `grundy interact ARGS --json -- python3 PROGRAM PROGRAM_ARGS`: the report and the exit status.
fn interact(args: &[&str], program: &str, program_args: &[&str]) -> (Value, i32) {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .arg("interact")
        .args(args)
        .args(["--json", "--time-limit", "10", "--"])
        .arg("python3")
        .arg(format!("{ROOT}/{program}"))
        .args(program_args)
        .output()
        .unwrap();
    let status = output.status.code().unwrap();
    let report = serde_json::from_slice(&output.stdout).unwrap_or_else(|_| {
        panic!(
            "not JSON: {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (report, status)
}

fn accepted(report: &Value, status: i32, games: u64) {
    assert_eq!(status, 0, "{report:#}");
    assert_eq!(report["verdict"], "accepted", "{report:#}");
    assert_eq!(report["play"], "misere", "{report:#}");
    assert_eq!(report["won"], games, "{report:#}");
    assert_eq!(report["games"], games, "{report:#}");
}

#[test]
fn a_perfect_misere_nim_player_wins_every_game() {
    let (report, status) = interact(
        &[
            "0.3333333333333333",
            "--misere",
            "--games",
            "20",
            "--seed",
            "7",
        ],
        "tests/contest_programs/misere_bot.py",
        &["nim"],
    );
    accepted(&report, status, 20);
}

#[test]
fn a_perfect_misere_end_piles_player_wins_every_game() {
    let (report, status) = interact(
        &["end-piles", "--misere", "--games", "20", "--seed", "3"],
        "tests/contest_programs/misere_bot.py",
        &["end-piles"],
    );
    accepted(&report, status, 20);
}

#[test]
fn a_perfect_misere_kayles_player_wins_from_given_positions() {
    // Kayles is wild: the jury plays through its misère quotient. Both won and lost starts (the
    // program moves first exactly from the won ones).
    for start in ["3 5 7", "4 8", "1 4", "2 6 9", "5 5", "1 2 3 4", "9"] {
        let mut args = vec!["kayles", "--misere"];
        args.extend(start.split(' '));
        let (report, status) = interact(&args, "tests/contest_programs/misere_bot.py", &["kayles"]);
        accepted(&report, status, 1);
    }
}

fn heaps(text: &str) -> Vec<u64> {
    let mut heaps: Vec<u64> = text
        .split_whitespace()
        .map(|word| word.parse().unwrap())
        .collect();
    heaps.sort_unstable();
    heaps
}

/// Checks a recorded game of misère Kayles that the program lost: it started from a position
/// won for the program's side, each of grundy's moves from a won position left a lost one, and
/// the game ended with the program making the last move (or facing a lost position at the end).
fn check_lost_kayles_game(report: &Value) {
    let record = &report["record"];
    let mut referee = MisereReferee::new(kayles_options);
    let start = heaps(record["start"].as_str().unwrap());
    let program_first = record["first"] == "program";
    assert_eq!(
        referee.is_won(&start),
        program_first,
        "the program moves first exactly from won starts: {report:#}"
    );
    let mut position = start;
    for played in record["moves"].as_array().unwrap() {
        let next = heaps(played["to"].as_str().unwrap());
        assert!(
            kayles_options(&position).contains(&next),
            "{next:?} is not one move from {position:?}: {report:#}"
        );
        if played["by"] == "grundy" && referee.is_won(&position) {
            assert!(
                !referee.is_won(&next),
                "grundy left a won position {next:?}: {report:#}"
            );
        }
        position = next;
    }
    assert!(
        kayles_options(&position).is_empty(),
        "the game ends where nobody can move: {report:#}"
    );
    let last = report["record"]["moves"]
        .as_array()
        .unwrap()
        .last()
        .unwrap();
    assert_eq!(
        last["by"], "program",
        "under misère play the last mover (the program) loses: {report:#}"
    );
    assert!(
        report["detail"]
            .as_str()
            .unwrap()
            .contains("the last mover loses"),
        "{report:#}"
    );
}

#[test]
fn a_normal_play_kayles_bot_loses_under_misere_play() {
    // examples/contest/kayles_bot.py wins every normal game (tests/contest.rs); under misère
    // play its nim-sum moves lose, and the jury punishes them.
    let (report, status) = interact(
        &["kayles", "--misere", "--games", "20", "--seed", "5"],
        "examples/contest/kayles_bot.py",
        &[],
    );
    assert_eq!(status, 1, "{report:#}");
    assert_eq!(report["verdict"], "wrong_answer", "{report:#}");
    assert_eq!(report["play"], "misere", "{report:#}");
    assert!(report["first_mistake"].is_string(), "{report:#}");
    check_lost_kayles_game(&report);
}

#[test]
fn a_random_kayles_bot_loses_under_misere_play() {
    let (report, status) = interact(
        &["kayles", "--misere", "--games", "20", "--seed", "2"],
        "tests/contest_programs/kayles_random.py",
        &[],
    );
    assert_eq!(status, 1, "{report:#}");
    assert_eq!(report["verdict"], "wrong_answer", "{report:#}");
    check_lost_kayles_game(&report);
}

#[test]
fn the_perfect_misere_player_loses_normal_games() {
    // The same program under normal play (no --misere) loses: the jury's convention is the one
    // asked for.
    let (report, status) = interact(
        &["0.3333333333333333", "--games", "20", "--seed", "7"],
        "tests/contest_programs/misere_bot.py",
        &["nim"],
    );
    assert_eq!(status, 1, "{report:#}");
    assert_eq!(report["play"], "normal", "{report:#}");
    assert_eq!(report["verdict"], "wrong_answer", "{report:#}");
}

#[test]
fn the_text_report_names_misere_play() {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args([
            "interact",
            "end-piles",
            "--misere",
            "--games",
            "3",
            "--seed",
            "1",
            "--time-limit",
            "10",
            "--",
            "python3",
        ])
        .arg(format!("{ROOT}/tests/contest_programs/misere_bot.py"))
        .arg("end-piles")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        text,
        "end-piles (misère play): accepted, won 3 of 3 games (seed 1)\n"
    );
}
