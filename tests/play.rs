//! Whole games of `play` over a pipe, for every game, and the library's play loop against random
//! opponents: from a winning position the computer always wins.

use assert_cmd::Command;
use grundy::core::Winner;
use grundy::games::box_fill::BoundRule;
use grundy::games::{BeanSplit, BoundedTake, BoxFill, Chocolate, EndPiles, TakeOrMerge};
use grundy::play::{Ending, Side, play};
use grundy::theory::Theory;
use proptest::prelude::*;
use proptest::test_runner::TestRng;
use rand::RngExt;

mod common;

/// Plays `position` with the computer moving first (it is a winning position), answering every
/// prompt with a random legal move; the computer must win.
fn computer_beats_random_play<G: Theory>(
    start: &str,
    parse: fn(&str) -> Result<G, grundy::scanner::InputError>,
    rng: &mut TestRng,
) {
    let position: G = parse(start).unwrap();
    assert_eq!(
        position.winner().unwrap(),
        Winner::First,
        "{start} should be a win"
    );
    // Script the human side by replaying the game alongside the session.
    let mut script = String::new();
    let mut current = position.clone();
    let mut computer_turn = true;
    loop {
        if current.moves().is_empty() {
            break;
        }
        if computer_turn {
            let moves = current.winning_moves(1).unwrap();
            let mv = moves.listed[0].mv.clone();
            current = current.play(&mv);
        } else {
            let moves = current.moves();
            let mv = &moves[rng.random_range(0..moves.len())];
            script.push_str(&current.format_move(mv));
            script.push('\n');
            current = current.play(mv);
        }
        computer_turn = !computer_turn;
    }
    let mut output = Vec::new();
    let ending = play(
        position,
        Side::Computer,
        "",
        &parse,
        &mut script.as_bytes(),
        &mut output,
    )
    .unwrap();
    let transcript = String::from_utf8(output).unwrap();
    assert_eq!(ending, Ending::Won(Side::Computer), "{transcript}");
    assert!(
        transcript.trim_end().ends_with("winner: computer"),
        "{transcript}"
    );
    assert!(!transcript.contains("illegal"), "{transcript}");
}

#[test]
fn the_computer_always_wins_from_winning_positions() {
    let mut rng = TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha);
    for _ in 0..20 {
        computer_beats_random_play::<EndPiles>("3 1 9 5", str::parse, &mut rng);
        computer_beats_random_play::<TakeOrMerge>("1 1 2 2", str::parse, &mut rng);
        computer_beats_random_play::<Chocolate>("3 5 6 / 2", str::parse, &mut rng);
        computer_beats_random_play::<BoundedTake>("9/2 7/3 4/1", str::parse, &mut rng);
        computer_beats_random_play::<BeanSplit>("1 0 1 2", str::parse, &mut rng);
        computer_beats_random_play::<BoxFill>("2/6 3/9", str::parse, &mut rng);
        computer_beats_random_play::<BoxFill>(
            "2/9 1/7",
            |text| BoxFill::parse_with(BoundRule::Square, text),
            &mut rng,
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_winning_end_piles(piles in prop::collection::vec(1u64..=6, 1..=5)) {
        let position = EndPiles::new(piles);
        prop_assume!(position.winner().unwrap() == Winner::First);
        let mut rng = TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha);
        computer_beats_random_play::<EndPiles>(&position.to_string(), str::parse, &mut rng);
    }
}

fn session(game: &str, position: &str, first: &str, input: &str) -> String {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(["play", game, position, "--first", first])
        .write_stdin(input)
        .output()
        .unwrap();
    common::stdout_of_success(output)
}

#[test]
fn a_whole_game_over_a_pipe_for_every_game() {
    // The human plays from a losing position with moves typed in notation or as positions,
    // plus every command; the game must end with a winner line.
    let cases = [
        (
            "end-piles",
            "2 2",
            "help\nmoves\nhint\nbogus\nL1\nL0\nL0\nL0\n",
        ),
        ("take-or-merge", "1 1 1", "-1\n-1\n-1\n-1\n"),
        ("chocolate", "1 2 4", "+1\n1>0\n+2\n2>0\n+4\n4>0\n"),
        ("bounded-take", "3/1 3/1", "1-1\n1-1\n1-1\n2-1\n2-1\n2-1\n"),
        ("bean-split", "0 0 1 1", "1>2,3\n1>3,3\n2>3,3\n2>3,3\n"),
        ("box-fill", "1/2 1/2", "1+1\n2+1\n"),
        ("box-fill-square", "1/3 1/3", "1+1\n2+1\n1+1\n2+1\n"),
    ];
    for (game, position, input) in cases {
        let transcript = session(game, position, "human", input);
        assert!(
            transcript.starts_with(&"position: ".to_string()),
            "{transcript}"
        );
        let last = transcript.trim_end().lines().last().unwrap();
        assert!(
            last == "winner: computer" || last == "winner: human" || last == "quit",
            "{game}: {transcript}"
        );
    }
}

#[test]
fn the_human_may_type_a_position_and_commands() {
    let transcript = session("end-piles", "2 2", "human", "hint\nmoves\n1 2\nquit\n");
    assert!(transcript.contains("hint: no winning move"), "{transcript}");
    assert!(
        transcript.contains("legal moves: L1 L0 R1 R0"),
        "{transcript}"
    );
    assert!(transcript.contains("computer plays"), "{transcript}");
    let transcript = session("end-piles", "2 2", "human", "R5\n7 7\nquit\n");
    assert_eq!(transcript.matches("illegal:").count(), 2, "{transcript}");
}

#[test]
fn the_computer_wins_when_it_moves_first_from_a_win() {
    // 3 5 is a win for the mover; the computer opens and answers every human move.
    let transcript = session("end-piles", "3 5", "computer", "L0\nR0\nR0\nR0\nR0\n");
    assert!(
        transcript.trim_end().ends_with("winner: computer"),
        "{transcript}"
    );
}

#[test]
fn closing_the_input_quits_cleanly() {
    let transcript = session("bean-split", "1 0 1 5000", "human", "");
    assert!(transcript.trim_end().ends_with("quit"), "{transcript}");
}
