//! The coin-turning games through the binary: `verify` finds no disagreement on every small
//! row and board, and `analyze --json` names the winner and exactly the winning moves that a
//! search written here from the rules finds (rows of 8 coins, each rule).

use assert_cmd::Command;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};

fn grundy(args: &[&str]) -> String {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn verify_finds_no_disagreement() {
    let rows = grundy(&[
        "verify",
        "coins:ruler",
        "coins:mock-turtles",
        "coins:turtles",
        "coins:twins",
        "--size",
        "10",
    ]);
    let boards = grundy(&[
        "verify",
        "turning-corners",
        "coins:ruler*twins",
        "coins:mock-turtles*turtles",
        "--size",
        "3",
    ]);
    let lines: Vec<&str> = rows.lines().chain(boards.lines()).collect();
    assert_eq!(lines.len(), 7, "{lines:?}");
    for line in lines {
        assert!(line.ends_with(" 0 disagreements"), "{line}");
    }
}

/// The sets of coins (bit c − 1 for coin c) a move at `at` turns, by the rules' words.
fn turns(rule: &str, at: u32) -> Vec<u32> {
    let top = 1u32 << (at - 1);
    let below: Vec<u32> = (1..at).map(|c| 1u32 << (c - 1)).collect();
    match rule {
        "ruler" => (1..=at)
            .map(|from| (from..=at).fold(0, |set, c| set | 1 << (c - 1)))
            .collect(),
        "turtles" => std::iter::once(top)
            .chain(below.iter().map(|b| b | top))
            .collect(),
        "twins" => below.iter().map(|b| b | top).collect(),
        _ => {
            let mut sets = vec![top];
            for (i, b) in below.iter().enumerate() {
                sets.push(b | top);
                for c in &below[i + 1..] {
                    sets.push(b | c | top);
                }
            }
            sets
        }
    }
}

fn lost(rule: &str, heads: u32, memo: &mut HashMap<u32, bool>) -> bool {
    if let Some(&known) = memo.get(&heads) {
        return known;
    }
    let is_lost = (1..=8)
        .filter(|c| heads >> (c - 1) & 1 == 1)
        .flat_map(|at| turns(rule, at))
        .all(|set| !lost(rule, heads ^ set, memo));
    memo.insert(heads, is_lost);
    is_lost
}

fn spelled(heads: u32) -> String {
    (1..=8)
        .filter(|c| heads >> (c - 1) & 1 == 1)
        .map(|c: u32| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn analyze_names_the_winner_and_exactly_the_winning_moves() {
    for rule in ["ruler", "mock-turtles", "turtles", "twins"] {
        let mut memo = HashMap::new();
        let game = format!("coins:{rule}");
        for heads in (1..256u32).step_by(13) {
            let mut truth: BTreeSet<String> = BTreeSet::new();
            for at in (1..=8).filter(|c| heads >> (c - 1) & 1 == 1) {
                for set in turns(rule, at) {
                    if lost(rule, heads ^ set, &mut memo) {
                        truth.insert(spelled(heads ^ set));
                    }
                }
            }
            let position = spelled(heads);
            let json: Value =
                serde_json::from_str(&grundy(&["analyze", &game, &position, "--json"])).unwrap();
            let winner = if lost(rule, heads, &mut memo) {
                "second"
            } else {
                "first"
            };
            assert_eq!(json["winner"], winner, "{game} {position}");
            let printed: BTreeSet<String> = json["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|mv| mv["to"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(printed, truth, "{game} {position}");
            assert_eq!(json["winning_move_count"], truth.len(), "{game} {position}");
        }
    }
}
