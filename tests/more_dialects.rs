//! Three judges' formats of games grundy already has, through the binary: POJ 2425 / HDU 1524
//! "A Chess Game" (`graph --dialect poj2425`), LA 3668 / UVa 1378 "A Funny Stone Game"
//! (`bean-split --dialect la3668`) and HDU 3537 "Daizhenyang's Coin" (`coins:mock-turtles
//! --dialect hdu3537`): each statement's sample, random inputs against a brute force written
//! here from the statement (an exhaustive search of the game, nothing of grundy's theory), bad
//! inputs (exit 2, nothing on stdout), the generators of `grundy judge` within the limits, and
//! `grundy judge` on correct and wrong contestants.

use assert_cmd::Command;
use grundy::contest::inputs::{admits, random_input, tiny_inputs};
use grundy::judge::rng::Rng;
use proptest::prelude::*;
use std::collections::HashMap;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

fn solve(game: &str, dialect: &str, input: &str) -> (Option<i32>, String, String) {
    let output = grundy()
        .args(["solve", game, "--dialect", dialect])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn solved(game: &str, dialect: &str, input: &str) -> String {
    let (status, stdout, stderr) = solve(game, dialect, input);
    assert_eq!(status, Some(0), "{stderr}\n{input}");
    stdout
}

fn refused(game: &str, dialect: &str, input: &str) {
    let (status, stdout, stderr) = solve(game, dialect, input);
    assert_eq!(status, Some(2), "{input:?} accepted: {stdout}");
    assert!(stdout.is_empty(), "{input:?}: {stdout}");
    assert!(
        stderr.contains("line") || stderr.contains("end of input"),
        "{input:?}: {stderr}"
    );
}

// ---- POJ 2425: the game searched on the multiset of piece positions. ----

/// Whether the player to move wins with pieces on `pieces` (sorted), by the rules: move one
/// piece along one edge; who cannot move loses.
fn chess_wins(
    successors: &[Vec<usize>],
    pieces: Vec<usize>,
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    if let Some(&known) = memo.get(&pieces) {
        return known;
    }
    let mut wins = false;
    'moves: for (index, &u) in pieces.iter().enumerate() {
        for &v in &successors[u] {
            let mut after = pieces.clone();
            after[index] = v;
            after.sort_unstable();
            if !chess_wins(successors, after, memo) {
                wins = true;
                break 'moves;
            }
        }
    }
    memo.insert(pieces, wins);
    wins
}

/// A case: the successor lists and the queries.
type ChessCase = (Vec<Vec<usize>>, Vec<Vec<usize>>);

fn chess_input(cases: &[ChessCase]) -> String {
    let mut text = String::new();
    for (successors, queries) in cases {
        text.push_str(&format!("{}\n", successors.len()));
        for list in successors {
            let listed: Vec<String> = list.iter().map(ToString::to_string).collect();
            text.push_str(&format!("{} {}\n", list.len(), listed.join(" ")).replace(" \n", "\n"));
        }
        for query in queries {
            let listed: Vec<String> = query.iter().map(ToString::to_string).collect();
            text.push_str(&format!("{} {}\n", query.len(), listed.join(" ")));
        }
        text.push_str("0\n");
    }
    text
}

fn chess_brute_force(cases: &[ChessCase]) -> String {
    let mut out = String::new();
    for (successors, queries) in cases {
        let mut memo = HashMap::new();
        for query in queries {
            let mut pieces = query.clone();
            pieces.sort_unstable();
            let wins = chess_wins(successors, pieces, &mut memo);
            out.push_str(if wins { "WIN\n" } else { "LOSE\n" });
        }
    }
    out
}

/// A random acyclic graph of up to 7 positions (edges go up a random order of the positions)
/// and queries of 1 to 3 pieces.
fn chess_case() -> impl Strategy<Value = ChessCase> {
    (1usize..=7).prop_flat_map(|n| {
        (
            Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
            prop::collection::vec((0..n, 0..n), 0..=12),
            prop::collection::vec(prop::collection::vec(0..n, 1..=3), 1..=4),
        )
            .prop_map(move |(order, edges, queries)| {
                let mut successors = vec![Vec::new(); n];
                for (a, b) in edges {
                    if a < b && !successors[order[a]].contains(&order[b]) {
                        successors[order[a]].push(order[b]);
                    }
                }
                (successors, queries)
            })
    })
}

// ---- LA 3668: the game searched on the counts of stones. ----

fn stones_win(piles: Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&known) = memo.get(&piles) {
        return known;
    }
    let wins = stone_moves(&piles)
        .into_iter()
        .any(|mv| !stones_win(after_move(&piles, mv), memo));
    memo.insert(piles, wins);
    wins
}

/// Every move (i, j, k), i < j ≤ k, pile i non-empty, in lexicographic order.
fn stone_moves(piles: &[u32]) -> Vec<[usize; 3]> {
    let n = piles.len();
    let mut moves = Vec::new();
    for (i, &pile) in piles.iter().enumerate() {
        if pile == 0 {
            continue;
        }
        for j in i + 1..n {
            for k in j..n {
                moves.push([i, j, k]);
            }
        }
    }
    moves
}

fn after_move(piles: &[u32], [i, j, k]: [usize; 3]) -> Vec<u32> {
    let mut after = piles.to_vec();
    after[i] -= 1;
    after[j] += 1;
    after[k] += 1;
    after
}

fn stones_brute_force(cases: &[Vec<u32>]) -> String {
    let mut memo = HashMap::new();
    let mut out = String::new();
    for (index, piles) in cases.iter().enumerate() {
        let first = stone_moves(piles)
            .into_iter()
            .find(|&mv| !stones_win(after_move(piles, mv), &mut memo));
        match first {
            Some([i, j, k]) => out.push_str(&format!("Game {}: {i} {j} {k}\n", index + 1)),
            None => out.push_str(&format!("Game {}: -1 -1 -1\n", index + 1)),
        }
    }
    out
}

fn stones_input(cases: &[Vec<u32>]) -> String {
    let mut text = String::new();
    for piles in cases {
        let listed: Vec<String> = piles.iter().map(ToString::to_string).collect();
        text.push_str(&format!("{}\n{}\n", piles.len(), listed.join(" ")));
    }
    text.push_str("0\n");
    text
}

// ---- HDU 3537: the game searched on the set of heads coins (a bit mask). ----

/// Whether the player to move wins with heads at the bits of `heads`: a move turns 1, 2 or 3
/// coins, the rightmost (largest position) from heads to tails.
fn coins_win(heads: u32, memo: &mut HashMap<u32, bool>) -> bool {
    if let Some(&known) = memo.get(&heads) {
        return known;
    }
    let mut wins = false;
    'moves: for right in 0..32 {
        if heads >> right & 1 == 0 {
            continue;
        }
        let turned = 1u32 << right;
        // No other coin, one other, or two others, all to its left.
        let mut choices = vec![0u32];
        for a in 0..right {
            choices.push(1 << a);
            for b in 0..a {
                choices.push(1 << a | 1 << b);
            }
        }
        for others in choices {
            if !coins_win(heads ^ turned ^ others, memo) {
                wins = true;
                break 'moves;
            }
        }
    }
    memo.insert(heads, wins);
    wins
}

fn coins_brute_force(cases: &[Vec<u32>]) -> String {
    let mut memo = HashMap::new();
    let mut out = String::new();
    for coins in cases {
        // The same coin described twice is one heads coin.
        let heads = coins.iter().fold(0u32, |mask, &coin| mask | 1 << coin);
        out.push_str(if coins_win(heads, &mut memo) {
            "No\n"
        } else {
            "Yes\n"
        });
    }
    out
}

fn coins_input(cases: &[Vec<u32>]) -> String {
    let mut text = String::new();
    for coins in cases {
        let listed: Vec<String> = coins.iter().map(ToString::to_string).collect();
        text.push_str(&format!("{}\n{}\n", coins.len(), listed.join(" ")));
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn poj2425_agrees_with_the_search_of_the_rules(cases in prop::collection::vec(chess_case(), 1..=3)) {
        let input = chess_input(&cases);
        prop_assert_eq!(solved("graph", "poj2425", &input), chess_brute_force(&cases), "{}", input);
    }

    #[test]
    fn la3668_agrees_with_the_search_of_the_rules(
        cases in prop::collection::vec(prop::collection::vec(0u32..=2, 1..=4), 1..=4)
    ) {
        let input = stones_input(&cases);
        prop_assert_eq!(solved("bean-split", "la3668", &input), stones_brute_force(&cases), "{}", input);
    }

    #[test]
    fn hdu3537_agrees_with_the_search_of_the_rules(
        cases in prop::collection::vec(prop::collection::vec(0u32..10, 0..=5), 1..=4)
    ) {
        let input = coins_input(&cases);
        prop_assert_eq!(solved("coins:mock-turtles", "hdu3537", &input), coins_brute_force(&cases), "{}", input);
    }
}

#[test]
fn the_statements_samples() {
    let chess =
        "4\n2 1 2\n0\n1 3\n0\n1 0\n2 0 2\n0\n\n4\n1 1\n1 2\n0\n0\n2 0 1\n2 1 1\n3 0 1 3\n0\n";
    assert_eq!(
        solved("graph", "poj2425", chess),
        "WIN\nWIN\nWIN\nLOSE\nWIN\n"
    );
    let stones = "4\n1 0 1 100\n3\n1 0 5\n2\n2 1\n0\n";
    assert_eq!(
        solved("bean-split", "la3668", stones),
        "Game 1: 0 2 3\nGame 2: 0 1 1\nGame 3: -1 -1 -1\n"
    );
    let coins = "0\n\n1\n0\n4\n0 1 2 3\n";
    assert_eq!(
        solved("coins:mock-turtles", "hdu3537", coins),
        "Yes\nNo\nYes\n"
    );
}

#[test]
fn every_small_case_agrees_with_the_search_of_the_rules() {
    // Every row of 1 to 4 piles of 0 to 2 stones, one input.
    let mut rows: Vec<Vec<u32>> = vec![Vec::new()];
    let mut all = Vec::new();
    for _ in 0..4 {
        rows = rows
            .iter()
            .flat_map(|row| (0..=2).map(move |a| [row.clone(), vec![a]].concat()))
            .collect();
        all.extend(rows.clone());
    }
    let input = stones_input(&all);
    assert_eq!(
        solved("bean-split", "la3668", &input),
        stones_brute_force(&all)
    );
    // Every set of heads among the first 8 coins, each listed twice in a second case.
    let sets: Vec<Vec<u32>> = (0u32..256)
        .map(|mask| (0..8).filter(|&c| mask >> c & 1 == 1).collect())
        .collect();
    let doubled: Vec<Vec<u32>> = sets
        .iter()
        .map(|set| [set.clone(), set.clone()].concat())
        .collect();
    let both = [sets, doubled].concat();
    assert_eq!(
        solved("coins:mock-turtles", "hdu3537", &coins_input(&both)),
        coins_brute_force(&both)
    );
}

#[test]
fn poj2425_at_the_limits_a_chain_of_a_thousand_positions() {
    // 0 → 1 → … → 999, and each position also to the one two ahead: values 0, 1, 2 repeating
    // from the end (the mex of the next two).
    let n = 1000;
    let successors: Vec<Vec<usize>> = (0..n)
        .map(|u| (u + 1..=(u + 2).min(n - 1)).collect())
        .collect();
    let queries: Vec<Vec<usize>> = vec![vec![0; 10], vec![0], vec![997], vec![998, 999, 996]];
    let input = chess_input(&[(successors, queries)]);
    // g(999) = 0, g(998) = 1, g(997) = 2, g(996) = 0, …, g(u) = (999 - u) mod 3; g(0) = 0.
    assert_eq!(solved("graph", "poj2425", &input), "LOSE\nLOSE\nWIN\nWIN\n");
}

#[test]
fn bad_inputs_are_refused_with_their_place() {
    for input in [
        "",
        "2\n1 1\n1 0\n1 0\n0\n", // a cycle
        "2\n1 2\n0\n1 0\n0\n",   // a successor past N - 1
        "2\n1 1\n0\n1 5\n0\n",   // a piece past N - 1
        "2\n1 1\n0\n1 0\n",      // no 0 after the queries
        "0\n",                   // N = 0
        "99999999999\n0\n",      // N too large for the input
        "1\n0\n1 x\n0\n",
    ] {
        if input.is_empty() {
            // No case at all: nothing to answer.
            assert_eq!(solved("graph", "poj2425", input), "");
            continue;
        }
        refused("graph", "poj2425", input);
    }
    for input in [
        "",
        "2\n1 0\n",
        "2\n1\n0\n",
        "1\n5\n0\n7\n",
        "1\n-1\n0\n",
        "3\n1 1\n0\n",
    ] {
        refused("bean-split", "la3668", input);
    }
    for input in [
        "1\n",
        "2\n1\n",
        "1\n-3\n",
        "1\n9223372036854775808\n",
        "1 2 x",
    ] {
        refused("coins:mock-turtles", "hdu3537", input);
    }
    // The other commands on the bare name `graph` say what to do.
    let output = grundy().args(["analyze", "graph", "1"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("graph:FILE"));
}

#[test]
fn generated_inputs_respect_the_limits_and_are_read() {
    for (game, dialect) in [
        ("graph", "poj2425"),
        ("bean-split", "la3668"),
        ("coins:mock-turtles", "hdu3537"),
    ] {
        let resolved = grundy::resolve::resolve(game).unwrap();
        let format = resolved.format(Some(dialect)).unwrap();
        let shape = format.shape;
        let mut rng = Rng::new(5);
        let mut inputs = tiny_inputs(&shape);
        assert!(!inputs.is_empty(), "{dialect}");
        assert!(
            inputs.iter().all(|input| admits(&shape, input, false)),
            "{dialect}"
        );
        let mut passed_limits = false;
        for _ in 0..40 {
            let input = random_input(&shape, &mut rng, false);
            assert!(admits(&shape, &input, false), "{dialect}: {input:?}");
            let wide = random_input(&shape, &mut rng, true);
            assert!(admits(&shape, &wide, true), "{dialect}");
            passed_limits |= !admits(&shape, &wide, false);
            inputs.push(input);
        }
        assert!(passed_limits, "{dialect}: --beyond never left the limits");
        for input in inputs {
            let text = input.render(&shape);
            (format.solve)(text.as_bytes())
                .unwrap_or_else(|error| panic!("{dialect}: {error} in\n{text}"));
        }
    }
}

fn judge(
    game: &str,
    dialect: &str,
    program: &str,
    argument: Option<&str>,
) -> (Option<i32>, serde_json::Value) {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(program);
    let dir = std::env::temp_dir().join(format!(
        "grundy-more-dialects-{}-{dialect}-{}",
        std::process::id(),
        argument.unwrap_or("ok")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut command = grundy();
    command
        .current_dir(dir)
        .args([
            "judge",
            game,
            "--dialect",
            dialect,
            "--seed",
            "3",
            "--cases",
            "60",
            "--time-limit",
            "10",
            "--json",
            "--",
            "python3",
        ])
        .arg(source);
    if let Some(argument) = argument {
        command.arg(argument);
    }
    let output = command.output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let report = serde_json::from_str(&stdout).unwrap_or_else(|_| panic!("{stdout}"));
    (output.status.code(), report)
}

#[test]
fn judge_accepts_correct_contestants_and_catches_repeated_coins() {
    for (game, dialect, program) in [
        ("graph", "poj2425", "tests/contest_programs/chess_game.py"),
        (
            "bean-split",
            "la3668",
            "tests/contest_programs/funny_stone_game.py",
        ),
        (
            "coins:mock-turtles",
            "hdu3537",
            "tests/contest_programs/daizhenyang_coin.py",
        ),
    ] {
        let (status, report) = judge(game, dialect, program, None);
        assert_eq!(status, Some(0), "{dialect}: {report}");
        assert_eq!(report["verdict"], "accepted", "{dialect}");
    }
    let (status, report) = judge(
        "coins:mock-turtles",
        "hdu3537",
        "tests/contest_programs/daizhenyang_coin.py",
        Some("repeats"),
    );
    assert_eq!(status, Some(1), "{report}");
    assert_eq!(report["verdict"], "wrong_answer", "{report}");
}
