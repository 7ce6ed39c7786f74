//! Lasker's Nim and Staircase Nim through the binary: the judges' official samples printed by
//! `grundy solve`, random judge inputs against brute forces written here from the problem
//! statements (independent of the game modules), and bad input refused with exit status 2.

mod common;

use assert_cmd::Command;
use proptest::prelude::*;
use std::collections::HashMap;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

fn solve(game: &str, dialect: &str, input: &str) -> String {
    let output = grundy()
        .args(["solve", game, "--dialect", dialect])
        .write_stdin(input)
        .output()
        .unwrap();
    common::stdout_of_success(output)
}

fn refused(game: &str, dialect: &str, input: &str) {
    let output = grundy()
        .args(["solve", game, "--dialect", dialect])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{input:?}");
    assert!(output.stdout.is_empty(), "{input:?}");
}

// ---- Brute forces from the statements: memoised search on the positions themselves. ----

/// Lasker's Nim (HDU 3032) by search on sorted heaps: take any number or split one heap.
fn lasker_wins(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.retain(|&h| h > 0);
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut wins = false;
    'outer: for i in 0..key.len() {
        for next in 0..key[i] {
            let mut after = key.clone();
            after[i] = next;
            if !lasker_wins(&after, memo) {
                wins = true;
                break 'outer;
            }
        }
        for part in 1..key[i] {
            let mut after = key.clone();
            after[i] -= part;
            after.push(part);
            if !lasker_wins(&after, memo) {
                wins = true;
                break 'outer;
            }
        }
    }
    memo.insert(key, wins);
    wins
}

/// Pieces on a line moving left without passing (POJ 1704), by search on the cells.
fn pieces_left_wins(cells: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = cells.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut wins = false;
    'outer: for i in 0..key.len() {
        let floor = if i == 0 { 1 } else { key[i - 1] + 1 };
        for to in floor..key[i] {
            let mut after = key.clone();
            after[i] = to;
            if !pieces_left_wins(&after, memo) {
                wins = true;
                break 'outer;
            }
        }
    }
    memo.insert(key, wins);
    wins
}

/// Monks walking up a staircase whose top is occupied (P8606), by search: whether the player
/// to move wins.
fn monks_win(monks: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(monks) {
        return known;
    }
    let mut wins = false;
    for (from, to) in monk_walks(monks) {
        if !monks_win(&walk(monks, from, to), memo) {
            wins = true;
            break;
        }
    }
    memo.insert(monks.to_vec(), wins);
    wins
}

/// Every walk (monk index, stair it walks to), by monk from the lowest, then by stair.
fn monk_walks(monks: &[u64]) -> Vec<(usize, u64)> {
    (0..monks.len().saturating_sub(1))
        .flat_map(|i| (monks[i] + 1..monks[i + 1]).map(move |to| (i, to)))
        .collect()
}

fn walk(monks: &[u64], from: usize, to: u64) -> Vec<u64> {
    let mut after = monks.to_vec();
    after[from] = to;
    after
}

/// P8606's expected answer: the first winning walk with the smallest A (then the smallest B).
fn p8606_answer(monks: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> String {
    for (from, to) in monk_walks(monks) {
        if !monks_win(&walk(monks, from, to), memo) {
            return format!("{} {to}\n", monks[from]);
        }
    }
    "-1\n".to_string()
}

/// Staircase Nim (AcWing 892) by search on the stairs.
fn stairs_win(stairs: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&known) = memo.get(stairs) {
        return known;
    }
    let mut wins = false;
    'outer: for i in 0..stairs.len() {
        for carry in 1..=stairs[i] {
            let mut after = stairs.to_vec();
            after[i] -= carry;
            if i > 0 {
                after[i - 1] += carry;
            }
            if !stairs_win(&after, memo) {
                wins = true;
                break 'outer;
            }
        }
    }
    memo.insert(stairs.to_vec(), wins);
    wins
}

fn numbers(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn official_samples() {
    assert_eq!(
        solve("lasker", "hdu3032", "2\n3\n2 2 3\n2\n3 3\n"),
        "Alice\nBob\n"
    );
    assert_eq!(solve("staircase", "acwing892", "3\n2 1 3\n"), "Yes\n");
    assert_eq!(
        solve(
            "staircase",
            "poj1704",
            "2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n"
        ),
        "Bob will win\nGeorgia will win\n"
    );
    assert_eq!(solve("staircase", "p8606", "1 5 9\n"), "1 4\n");
    assert_eq!(solve("staircase", "p8606", "1 5 8 10\n"), "1 3\n");
}

#[test]
fn bad_input_is_refused_with_nothing_written() {
    refused("lasker", "hdu3032", "1\n2\n3\n");
    refused("lasker", "hdu3032", "1\n1\n18446744073709551615\n");
    refused("lasker", "hdu3032", "1\n1\nx\n");
    refused("staircase", "acwing892", "2\n1\n");
    refused("staircase", "acwing892", "1\n18446744073709551616\n");
    refused("staircase", "poj1704", "1\n2\n4 4\n");
    refused("staircase", "poj1704", "1\n1\n0\n");
    refused("staircase", "p8606", "3 3\n");
    refused("staircase", "p8606", "1 -5\n");
}

#[test]
fn a_million_heaps_are_read_fast() {
    let heaps: Vec<u64> = (0..1_000_000u64)
        .map(|i| (i * 7919) % 2_147_483_647 + 1)
        .collect();
    let input = format!("1\n{}\n{}\n", heaps.len(), numbers(&heaps));
    let start = std::time::Instant::now();
    let answer = solve("lasker", "hdu3032", &input);
    assert!(answer == "Alice\n" || answer == "Bob\n");
    assert!(start.elapsed().as_secs() < 10, "{:?}", start.elapsed());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn hdu3032_agrees_with_search(cases in prop::collection::vec(prop::collection::vec(1u64..=7, 1..=3), 1..=4)) {
        let mut memo = HashMap::new();
        let mut input = format!("{}\n", cases.len());
        let mut expected = String::new();
        for heaps in &cases {
            input.push_str(&format!("{}\n{}\n", heaps.len(), numbers(heaps)));
            expected.push_str(if lasker_wins(heaps, &mut memo) { "Alice\n" } else { "Bob\n" });
        }
        prop_assert_eq!(solve("lasker", "hdu3032", &input), expected);
    }

    #[test]
    fn poj1704_agrees_with_search(cases in prop::collection::vec(prop::collection::btree_set(1u64..=10, 1..=4), 1..=3)) {
        let mut memo = HashMap::new();
        let mut input = format!("{}\n", cases.len());
        let mut expected = String::new();
        for cells in &cases {
            // The statement does not promise sorted cells: write them in reverse.
            let mut written: Vec<u64> = cells.iter().copied().collect();
            written.reverse();
            input.push_str(&format!("{}\n{}\n", written.len(), numbers(&written)));
            let wins = pieces_left_wins(&written, &mut memo);
            expected.push_str(if wins { "Georgia will win\n" } else { "Bob will win\n" });
        }
        prop_assert_eq!(solve("staircase", "poj1704", &input), expected);
    }

    #[test]
    fn p8606_agrees_with_search(monks in prop::collection::btree_set(1u64..=11, 1..=4)) {
        let monks: Vec<u64> = monks.into_iter().collect();
        let mut memo = HashMap::new();
        prop_assert_eq!(
            solve("staircase", "p8606", &format!("{}\n", numbers(&monks))),
            p8606_answer(&monks, &mut memo)
        );
    }

    #[test]
    fn acwing892_agrees_with_search(stairs in prop::collection::vec(0u64..=3, 1..=4)) {
        let mut memo = HashMap::new();
        let expected = if stairs_win(&stairs, &mut memo) { "Yes\n" } else { "No\n" };
        prop_assert_eq!(
            solve("staircase", "acwing892", &format!("{}\n{}\n", stairs.len(), numbers(&stairs))),
            expected
        );
    }
}
