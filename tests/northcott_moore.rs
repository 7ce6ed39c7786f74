//! Northcott's game and Moore's Nim_k through the binary: `solve`, `analyze` and `verify` against
//! brute forces written here from the statements — for Northcott's game (HDU 1730), a retrograde
//! analysis of the judge's own game (partizan: each player slides only their own pieces; loopy:
//! pieces may retreat), for Moore's game a search of its moves as defined.

use assert_cmd::Command;
use proptest::prelude::*;
use std::collections::HashMap;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// Runs `grundy ARGS` on `stdin`; its stdout (the run must succeed).
fn run(args: &[&str], stdin: &str) -> String {
    let output = grundy().args(args).write_stdin(stdin).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

// ---- Northcott's game, from HDU 1730's statement. ----

/// A board position: each row's (black column, white column), from 1.
type Board = Vec<(u8, u8)>;

/// The outcome of a position of the judge's game for the player to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Won,
    Lost,
    Drawn,
}

/// The moves of the player to move (`black` or not) on a board `width` wide: one of their own
/// pieces slides left or right, not onto or over the other piece of its row, not off the board.
fn board_moves(board: &Board, width: u8, black: bool) -> Vec<Board> {
    let mut out = Vec::new();
    for (index, &(b, w)) in board.iter().enumerate() {
        let (mine, other) = if black { (b, w) } else { (w, b) };
        for to in 1..=width {
            let passes = (mine < other && to >= other) || (mine > other && to <= other);
            if to == mine || passes {
                continue;
            }
            let mut next = board.clone();
            next[index] = if black { (to, other) } else { (other, to) };
            out.push(next);
        }
    }
    out
}

/// Every board of `rows` rows `width` wide.
fn every_board(rows: usize, width: u8) -> Vec<Board> {
    let cells: Vec<(u8, u8)> = (1..=width)
        .flat_map(|b| (1..=width).filter(move |&w| w != b).map(move |w| (b, w)))
        .collect();
    let mut boards = vec![Vec::new()];
    for _ in 0..rows {
        boards = boards
            .into_iter()
            .flat_map(|board: Board| {
                cells.iter().map(move |&cell| {
                    let mut next = board.clone();
                    next.push(cell);
                    next
                })
            })
            .collect();
    }
    boards
}

/// Retrograde analysis of every position (board, black to move?) of `rows` rows `width` wide: a
/// position without a move is lost; one with a move to a lost position is won; one whose every
/// move goes to a won position is lost; what is never labelled is a draw (play can go on
/// forever).
fn retrograde(rows: usize, width: u8) -> HashMap<(Board, bool), Outcome> {
    let positions: Vec<(Board, bool)> = every_board(rows, width)
        .into_iter()
        .flat_map(|board| [(board.clone(), true), (board, false)])
        .collect();
    let index: HashMap<(Board, bool), usize> = positions
        .iter()
        .cloned()
        .enumerate()
        .map(|(i, p)| (p, i))
        .collect();
    let mut predecessors = vec![Vec::new(); positions.len()];
    let mut unresolved = vec![0usize; positions.len()];
    for (i, (board, black)) in positions.iter().enumerate() {
        let next = board_moves(board, width, *black);
        unresolved[i] = next.len();
        for board in next {
            predecessors[index[&(board, !black)]].push(i);
        }
    }
    let mut outcome = vec![Outcome::Drawn; positions.len()];
    let mut queue: Vec<usize> = (0..positions.len())
        .filter(|&i| unresolved[i] == 0)
        .collect();
    for &i in &queue {
        outcome[i] = Outcome::Lost;
    }
    while let Some(i) = queue.pop() {
        for &p in &predecessors[i] {
            if outcome[p] != Outcome::Drawn {
                continue;
            }
            if outcome[i] == Outcome::Lost {
                outcome[p] = Outcome::Won;
                queue.push(p);
            } else {
                unresolved[p] -= 1;
                if unresolved[p] == 0 {
                    outcome[p] = Outcome::Lost;
                    queue.push(p);
                }
            }
        }
    }
    positions.into_iter().zip(outcome).collect()
}

/// The tiny boards checked: one and two rows up to 6 wide, three rows 4 wide.
fn tiny_boards() -> Vec<(usize, u8)> {
    let mut sizes: Vec<(usize, u8)> = (2..=6).flat_map(|w| [(1, w), (2, w)]).collect();
    sizes.push((3, 4));
    sizes
}

#[test]
fn the_judges_game_has_no_draw_and_the_nim_sum_of_the_gaps_decides_it() {
    for (rows, width) in tiny_boards() {
        for ((board, black), outcome) in retrograde(rows, width) {
            assert_ne!(outcome, Outcome::Drawn, "{board:?} {black}: a draw");
            let nim_sum = board
                .iter()
                .fold(0u8, |sum, &(b, w)| sum ^ (b.abs_diff(w) - 1));
            assert_eq!(
                outcome == Outcome::Won,
                nim_sum != 0,
                "{board:?}, black to move: {black}"
            );
        }
    }
}

#[test]
fn hdu1730_prints_the_judges_winner_on_every_tiny_board() {
    for (rows, width) in tiny_boards() {
        let (mut input, mut expected) = (String::new(), String::new());
        let mut outcomes: Vec<((Board, bool), Outcome)> = retrograde(rows, width)
            .into_iter()
            .filter(|p| p.0.1)
            .collect();
        outcomes.sort_by(|a, b| a.0.cmp(&b.0));
        for ((board, _), outcome) in outcomes {
            input.push_str(&format!("{rows} {width}\n"));
            for (b, w) in board {
                input.push_str(&format!("{b} {w}\n"));
            }
            expected.push_str(match outcome {
                Outcome::Won => "I WIN!\n",
                _ => "BAD LUCK!\n",
            });
        }
        assert_eq!(
            run(&["solve", "northcott", "--dialect", "hdu1730"], &input),
            expected
        );
        assert_eq!(run(&["solve", "northcott"], &input), expected);
    }
}

#[test]
fn hdu1730_sample_and_verify() {
    let sample = "3 6\n4 5\n1 2\n1 2\n3 6\n4 5\n1 3\n1 2\n";
    assert_eq!(
        run(&["solve", "northcott", "--dialect", "hdu1730"], sample),
        "BAD LUCK!\nI WIN!\n"
    );
    let verified = run(&["verify", "northcott"], "");
    assert!(verified.contains("0 disagreements"), "{verified}");
}

#[test]
fn bad_positions_and_inputs_are_refused_with_their_place_and_status_2() {
    for (args, stdin, wanted) in [
        (vec!["analyze", "northcott", "3/3"], "", "distinct columns"),
        (vec!["analyze", "northcott", "1", "x"], "", "column 3"),
        (
            vec!["analyze", "northcott", "1 2", "--misere"],
            "",
            "normal play",
        ),
        (
            vec!["solve", "northcott", "--dialect", "hdu1730"],
            "1 6\n4 5\n2 6\n1\n",
            "expected a column b",
        ),
        (
            vec!["solve", "northcott", "--dialect", "hdu1730"],
            "1 6\n4 4\n",
            "line 2, column 3",
        ),
        (
            vec!["solve", "northcott", "--dialect", "hdu1730"],
            "1 6\n4 7\n",
            "from 1 to m = 6",
        ),
        (vec!["solve", "northcott"], "0 6\n", "line 1, column 1"),
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

    /// A random board of up to two rows up to 6 wide, written as columns: the winner `analyze`
    /// prints is the judge's game's (black to move), by the retrograde analysis.
    #[test]
    fn analyze_northcott_prints_the_judges_winner(
        width in 2u8..=6,
        rows in prop::collection::vec((1u8..=6, 1u8..=6), 1..=2),
    ) {
        let board: Board = rows
            .into_iter()
            .map(|(b, w)| (b.min(width), w.min(width)))
            .filter(|(b, w)| b != w)
            .collect();
        prop_assume!(!board.is_empty());
        let outcomes = retrograde(board.len(), width);
        let written: Vec<String> = board.iter().map(|(b, w)| format!("{b}/{w}")).collect();
        let output = grundy().arg("analyze").arg("northcott").args(&written).arg("--json")
            .output().unwrap();
        prop_assert!(output.status.success());
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let won = outcomes[&(board.clone(), true)] == Outcome::Won;
        prop_assert_eq!(report["winner"] == "first", won, "{:?}", written);
    }
}

// ---- Moore's Nim_k, from its definition. ----

/// Whether the player to move wins the heaps `heaps` (sorted) of Nim_k: some move — tokens from
/// 1 to `k` distinct heaps, at least one from each — leaves a lost position.
fn moore_wins(k: usize, heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(&heaps) {
        return known;
    }
    let wins = moore_options(k, &heaps)
        .into_iter()
        .any(|next| !moore_wins(k, next, memo));
    memo.insert(heaps, wins);
    wins
}

/// Every position one move of Nim_k leads to, each sorted with empty heaps dropped (repeats
/// removed).
fn moore_options(k: usize, heaps: &[u64]) -> Vec<Vec<u64>> {
    let n = heaps.len();
    let mut out = Vec::new();
    // Each heap kept, or lowered to any smaller size; at most k heaps lowered, at least one.
    let mut choice = vec![None::<u64>; n];
    fn walk(
        index: usize,
        lowered: usize,
        k: usize,
        heaps: &[u64],
        choice: &mut Vec<Option<u64>>,
        out: &mut Vec<Vec<u64>>,
    ) {
        if index == heaps.len() {
            if lowered > 0 {
                let mut next: Vec<u64> = (0..heaps.len())
                    .map(|i| choice[i].unwrap_or(heaps[i]))
                    .filter(|&h| h > 0)
                    .collect();
                next.sort_unstable();
                out.push(next);
            }
            return;
        }
        choice[index] = None;
        walk(index + 1, lowered, k, heaps, choice, out);
        if lowered < k {
            for to in 0..heaps[index] {
                choice[index] = Some(to);
                walk(index + 1, lowered + 1, k, heaps, choice, out);
            }
            choice[index] = None;
        }
    }
    walk(0, 0, k, heaps, &mut choice, &mut out);
    out.sort();
    out.dedup();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random small positions: the winner and the set of positions the winning moves lead to,
    /// as `analyze --json` prints them, are the definition's.
    #[test]
    fn analyze_moore_prints_the_definitions_winner_and_winning_moves(
        k in 1usize..=4,
        heaps in prop::collection::vec(1u64..=6, 1..=5),
    ) {
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let mut memo = HashMap::new();
        let won = moore_wins(k, sorted.clone(), &mut memo);
        let mut winning: Vec<String> = moore_options(k, &sorted)
            .into_iter()
            .filter(|next| !moore_wins(k, next.clone(), &mut memo))
            .map(|next| next.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        winning.sort();
        let written: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let output = grundy().arg("analyze").arg(format!("moore:{k}")).args(&written)
            .arg("--json").output().unwrap();
        prop_assert!(output.status.success());
        let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        prop_assert_eq!(report["winner"] == "first", won);
        let mut listed: Vec<String> = report["winning_moves"].as_array().unwrap().iter()
            .map(|m| m["to"].as_str().unwrap().to_string()).collect();
        listed.sort();
        prop_assert_eq!(listed, winning);
    }
}

#[test]
fn moore_verify_play_and_refusals() {
    let verified = run(&["verify", "moore:3", "--size", "4"], "");
    assert!(verified.contains("0 disagreements"), "{verified}");
    let analysed = run(&["analyze", "moore:2", "3", "3", "3"], "");
    assert!(analysed.contains("winner:   second"), "{analysed}");
    for (args, wanted) in [
        (vec!["analyze", "moore:0", "1"], "from 1 to"),
        (vec!["analyze", "moore:2", "1", "0"], "column 3"),
        (
            vec!["analyze", "moore:2", "1000000", "999999", "12345"],
            "at most 1000000 moves",
        ),
        (
            vec!["analyze", "moore:2", "1", "2", "--misere"],
            "normal play",
        ),
    ] {
        let output = grundy().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(wanted), "{args:?}: {error}");
    }
}
