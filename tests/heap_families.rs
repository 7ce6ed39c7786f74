//! Heap families named at run time: the nim-sum theory and the value table against the
//! exhaustive solver on random codes and positions, and every command through the binary.

use assert_cmd::Command;
use grundy::core::{ExhaustiveSolver, ImpartialGame, Nimber};
use grundy::families::heaps::HeapGame;
use grundy::families::{HeapRule, TakeBreakCode};
use grundy::theory::{Notation, Theory};
use grundy::verify::{Verdict, theory_check};
use proptest::prelude::*;

mod common;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

fn run_ok(args: &[&str]) -> String {
    common::stdout_of_success(grundy().args(args).output().unwrap())
}

/// Runs a command that must fail with a usage error: exit 2, `error:` on stderr, empty stdout.
fn run_refused(args: &[&str]) -> String {
    let output = grundy().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: "), "{stderr}");
    stderr
}

fn rule(spelling: &str) -> HeapRule {
    HeapRule::resolve(spelling).unwrap().unwrap()
}

/// The theory check (value, winner, winning moves) of every position against the referee.
fn check_positions(game: &HeapGame, positions: &[Vec<u64>]) {
    let mut solver = ExhaustiveSolver::new();
    for heaps in positions {
        let position = game.position(heaps.clone()).unwrap();
        let verdict = Verdict {
            value: solver.grundy_value(&position),
            winning_moves: solver.winning_moves(&position),
        };
        if let Err(detail) = theory_check(&position, &verdict) {
            panic!("{} `{position}`: {detail}", game.rule());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]

    /// Random codes (octal and hexadecimal, d0 = 0, 4, 8 or c) on random positions of up to
    /// three heaps.
    #[test]
    fn random_codes_agree_with_exhaustive_search(
        d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
        digits in prop::collection::vec(0u8..16, 1..=4),
        positions in prop::collection::vec(prop::collection::vec(1u64..=9, 1..=3), 1..=6),
    ) {
        let mut all = vec![d0];
        all.extend(digits);
        let game = HeapGame::new(HeapRule::Code(TakeBreakCode::from_digits(&all)));
        check_positions(&game, &positions);
    }

    #[test]
    fn random_subtraction_and_all_but_games_agree(
        set in prop::collection::btree_set(1u64..=6, 1..=3),
        positions in prop::collection::vec(prop::collection::vec(1u64..=14, 1..=3), 1..=6),
    ) {
        let list: Vec<String> = set.iter().map(u64::to_string).collect();
        for prefix in ["sub:", "allbut:"] {
            let game = HeapGame::new(rule(&format!("{prefix}{}", list.join(","))));
            check_positions(&game, &positions);
        }
    }
}

#[test]
fn grundys_game_agrees_on_every_small_position() {
    let game = HeapGame::new(rule("grundys-game"));
    let positions: Vec<Vec<u64>> = (1..=9)
        .flat_map(|a| (a..=9).map(move |b| vec![a, b]))
        .chain((1..=30).map(|a| vec![a]))
        .collect();
    check_positions(&game, &positions);
}

#[test]
fn the_issue_commands_work() {
    let kayles = run_ok(&["analyze", "kayles", "3", "5", "7"]);
    assert!(kayles.contains("winner:   first"), "{kayles}");
    let json = run_ok(&["analyze", "0.07", "10", "20", "35", "--json"]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["game"], "0.07");
    assert_eq!(value["position"], "10 20 35");
    assert!(value["grundy"].is_u64());
    let subtraction = run_ok(&["analyze", "sub:1,3,4", "100", "200"]);
    assert!(subtraction.contains("grundy:   2"), "{subtraction}");
    let verified = run_ok(&["verify", "0.07", "sub:1,3,4", "grundys-game", "--size", "8"]);
    assert_eq!(
        verified.matches(", 0 disagreements").count(),
        3,
        "{verified}"
    );
    let list = run_ok(&["list"]);
    for word in ["0.07", "sub:1,3,4", "allbut:1,2", "grundys-game", "kayles"] {
        assert!(list.contains(word), "{word} missing from list");
    }
}

#[test]
fn winning_moves_of_the_binary_are_legal_and_winning() {
    for (game, position) in [
        ("kayles", "3 5 7 8"),
        ("0.137", "4 9 13"),
        ("4.07", "6 11"),
        ("0.f", "5 7"),
        ("allbut:1,2", "9 4"),
        ("grundys-game", "12 7"),
    ] {
        let json = run_ok(&["analyze", game, position, "--json"]);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let heap_game = HeapGame::new(rule(game));
        let start = heap_game.parse(position).unwrap();
        let moves = value["winning_moves"].as_array().unwrap();
        assert_eq!(
            moves.len() as u64,
            value["winning_move_count"].as_u64().unwrap()
        );
        assert_eq!(moves.is_empty(), value["winner"] == "second", "{game}");
        for entry in moves {
            let mv = start.parse_move(entry["move"].as_str().unwrap()).unwrap();
            let to = start.play(&mv);
            assert_eq!(to.to_string(), entry["to"].as_str().unwrap());
            assert_eq!(to.grundy_value(), Some(Nimber::ZERO));
        }
    }
}

#[test]
fn a_whole_game_of_grundys_game_against_the_computer() {
    // 12 is a win for the player to move (G = 1); the computer moves first and must win whatever
    // the human answers: the human always plays the first legal move.
    let game = grundy::resolve("grundys-game").unwrap();
    let mut transcript = Vec::new();
    // The human answers with the quiet move each time, replayed here against the referee.
    let start = HeapGame::new(rule("grundys-game")).parse("12").unwrap();
    let mut position = start.clone();
    let mut solver = ExhaustiveSolver::new();
    let mut script = String::new();
    let mut computer = true;
    while let Some(mv) = position.quiet_move() {
        let chosen = if computer {
            solver.winning_moves(&position)[0].0.clone()
        } else {
            script.push_str(&position.format_move(&mv));
            script.push('\n');
            mv
        };
        position = position.play(&chosen);
        computer = !computer;
    }
    let ending = game
        .capabilities()
        .session
        .expect("heap games are played")
        .play(
            "12",
            grundy::play::Side::Computer,
            &mut script.as_bytes(),
            &mut transcript,
        )
        .unwrap();
    let text = String::from_utf8(transcript).unwrap();
    assert_eq!(
        ending,
        grundy::play::Ending::Won(grundy::play::Side::Computer),
        "{text}"
    );
}

#[test]
fn bad_spellings_positions_and_sizes_are_refused() {
    for spelling in [
        "0.9z", "sub:", "sub:0", "allbut:", "0.", "1.07", "sub:1,-2", "kayle",
    ] {
        let message = run_refused(&["analyze", spelling, "3"]);
        assert!(message.contains(spelling), "{message}");
    }
    let message = run_refused(&["analyze", "kayles", "3", "0"]);
    assert!(message.contains("column 3"), "{message}");
    run_refused(&["analyze", "kayles", "3", "x"]);
    run_refused(&["analyze", "kayles", "18446744073709551616"]);
    // Kayles has a proved period, so any heap has a value; an all-but game has none.
    let message = run_refused(&["analyze", "allbut:1,2", "18446744073709551615"]);
    assert!(message.contains("too large"), "{message}");
    run_refused(&["verify", "0.07", "--size", "1000"]);
    run_refused(&["solve", "kayles"]);
}

#[test]
fn illegal_moves_in_play_are_explained_and_the_game_goes_on() {
    let output = grundy()
        .args(["play", "kayles", "5", "7"])
        .write_stdin("1-3\n9-1\n2-1=2+4\nquit\n")
        .output()
        .unwrap();
    let text = common::stdout_of_success(output);
    assert_eq!(text.matches("illegal:").count(), 2, "{text}");
    assert!(text.contains("computer plays"), "{text}");
}
