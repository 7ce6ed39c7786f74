//! The Cutting Game and Chomp through the binary: what `solve`, `analyze` and `play` print,
//! against brute forces written here from the problems' statements (POJ 2311: whoever cuts out
//! a 1 × 1 square wins; TCO08: the number of turns, the winner hurrying, the loser stalling, the
//! last turn eating the poison).

use assert_cmd::Command;
use proptest::prelude::*;
use std::collections::HashMap;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// Runs `grundy solve GAME --dialect D` on `input`; its stdout.
fn solve(game: &str, dialect: &str, input: &str) -> String {
    let output = grundy()
        .args(["solve", game, "--dialect", dialect])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// POJ 2311 from its statement: pieces `(w, h)`; any cut of any piece; cutting out a 1 × 1
/// square wins at once. Whether the player to move wins.
fn cutting_first_wins(pieces: Vec<(u32, u32)>, memo: &mut HashMap<Vec<(u32, u32)>, bool>) -> bool {
    if let Some(&known) = memo.get(&pieces) {
        return known;
    }
    let mut wins = false;
    for (index, &(w, h)) in pieces.iter().enumerate() {
        let mut cuts = Vec::new();
        for at in 1..w {
            cuts.push([(at, h), (w - at, h)]);
        }
        for at in 1..h {
            cuts.push([(w, at), (w, h - at)]);
        }
        for pair in cuts {
            if pair.contains(&(1, 1)) {
                wins = true;
                break;
            }
            let mut next = pieces.clone();
            next.remove(index);
            next.extend(pair.iter().map(|&(a, b)| (a.min(b), a.max(b))));
            next.sort_unstable();
            if !cutting_first_wins(next, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    memo.insert(pieces, wins);
    wins
}

#[test]
fn poj2311_agrees_with_the_statement_on_every_small_sheet() {
    let mut memo = HashMap::new();
    let mut input = String::new();
    let mut expected = String::new();
    for w in 2..=9u32 {
        for h in 2..=9u32 {
            input.push_str(&format!("{w} {h}\n"));
            let won = cutting_first_wins(vec![(w.min(h), w.max(h))], &mut memo);
            expected.push_str(if won { "WIN\n" } else { "LOSE\n" });
        }
    }
    assert_eq!(solve("cutting", "poj2311", &input), expected);
    assert_eq!(
        solve("cutting", "poj2311", "2 2\n3 2\n4 2\n"),
        "LOSE\nLOSE\nWIN\n"
    );
}

/// TCO08 from its statement, on boards of three rows `[a, b, c]` (a ≥ b ≥ c): the number of
/// turns left with perfect play from a board where the player to move faces it, and whether
/// that player wins. Only the poison left: one turn (eating it), lost.
fn chomp_turns(board: [u32; 3], memo: &mut HashMap<[u32; 3], (bool, u64)>) -> (bool, u64) {
    if let Some(&known) = memo.get(&board) {
        return known;
    }
    if board == [1, 0, 0] {
        return (false, 1);
    }
    let mut best_win: Option<u64> = None;
    let mut longest_loss = 0;
    for row in 0..3 {
        for column in 0..board[row] {
            if (row, column) == (0, 0) {
                continue;
            }
            let mut next = board;
            for length in &mut next[row..] {
                *length = (*length).min(column);
            }
            let (opponent_wins, turns) = chomp_turns(next, memo);
            if opponent_wins {
                longest_loss = longest_loss.max(turns + 1);
            } else {
                best_win = Some(best_win.map_or(turns + 1, |best: u64| best.min(turns + 1)));
            }
        }
    }
    let answer = match best_win {
        Some(turns) => (true, turns),
        None => (false, longest_loss),
    };
    memo.insert(board, answer);
    answer
}

#[test]
fn tco08_agrees_with_the_statement_and_its_examples() {
    let mut memo = HashMap::new();
    let mut input = String::new();
    let mut expected = String::new();
    for n in 1..=16u32 {
        input.push_str(&format!("{n}\n"));
        let (wins, turns) = chomp_turns([n, n, n], &mut memo);
        expected.push_str(&if wins {
            format!("{turns}\n")
        } else {
            format!("-{turns}\n")
        });
    }
    assert_eq!(solve("chomp", "tco08", &input), expected);
    // The statement's examples.
    assert_eq!(
        solve("chomp", "tco08", "1\n2\n3\n4\n5\n10\n15\n20\n"),
        "2\n6\n6\n8\n12\n20\n30\n40\n"
    );
}

#[test]
fn analyze_lists_every_winning_bite_of_a_sum_of_boards() {
    let output = grundy()
        .args(["analyze", "chomp", "5,3", "2,2", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["grundy"], 4);
    let moves: Vec<&str> = report["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["1:3,1"]);
}

#[test]
fn bad_positions_and_inputs_are_refused_with_their_place_and_status_2() {
    for (args, stdin, wanted) in [
        (vec!["analyze", "chomp", "2,3"], "", "never grow"),
        (vec!["analyze", "chomp", "20x20"], "", "4000000"),
        (vec!["analyze", "cutting", "1x5"], "", "from 2 to 1000"),
        (
            vec!["solve", "cutting", "--dialect", "poj2311"],
            "2 2\n3",
            "end of input",
        ),
        (
            vec!["solve", "chomp", "--dialect", "tco08"],
            "1\n0\n",
            "line 2, column 1",
        ),
    ] {
        let output = grundy().args(&args).write_stdin(stdin).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(wanted), "{args:?}: {error}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A random row of up to three small sheets: the winner `analyze` prints is the statement's.
    #[test]
    fn analyze_cutting_prints_the_statements_winner(
        sheets in prop::collection::vec((2u32..=6, 2u32..=6), 1..=3)
    ) {
        let position: Vec<String> = sheets.iter().map(|(w, h)| format!("{w}x{h}")).collect();
        let output = grundy().arg("analyze").arg("cutting").args(&position).arg("--json")
            .output().unwrap();
        prop_assert!(output.status.success());
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let mut pieces: Vec<(u32, u32)> =
            sheets.iter().map(|&(w, h)| (w.min(h), w.max(h))).collect();
        pieces.sort_unstable();
        let won = cutting_first_wins(pieces, &mut HashMap::new());
        prop_assert_eq!(report["winner"] == "first", won, "{:?}", position);
    }
}
