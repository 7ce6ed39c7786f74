//! `grundy analyze … --misere --json` through the binary, against a misère brute force written
//! here from the rules of Kayles (take one pin or two adjacent pins from a row; the rest of the
//! row stays as up to two rows) and of misère play (a player with no move wins).

mod common;

use assert_cmd::Command;
use common::{MisereReferee, kayles_options, spaced};
use serde_json::Value;
use std::collections::BTreeSet;

type Position = Vec<u64>;

#[test]
fn analyze_misere_json_agrees_with_a_brute_force_on_small_kayles_positions() {
    let mut referee = MisereReferee::new(kayles_options);
    let mut positions: Vec<Position> = Vec::new();
    for a in 1..=9u64 {
        positions.push(vec![a]);
        for b in a..=9 {
            positions.push(vec![a, b]);
            for c in b..=9 {
                positions.push(vec![a, b, c]);
            }
        }
    }
    let mut won = 0;
    for position in &positions {
        let mut args = vec!["analyze".to_string(), "kayles".to_string()];
        args.extend(position.iter().map(u64::to_string));
        args.extend(["--misere".to_string(), "--json".to_string()]);
        let output = Command::cargo_bin("grundy")
            .unwrap()
            .args(&args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{position:?}");
        let report: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(report["play"], "misere", "{position:?}");
        let first_wins = referee.is_won(position);
        let expected_winner = if first_wins { "first" } else { "second" };
        assert_eq!(report["winner"], expected_winner, "{position:?}");
        let expected: BTreeSet<String> = kayles_options(position)
            .into_iter()
            .filter(|next| !referee.is_won(next))
            .map(|next| spaced(&next))
            .collect();
        let listed: BTreeSet<String> = report["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(listed, expected, "{position:?}");
        assert!(
            report["winning_move_count"].as_u64().unwrap() >= expected.len() as u64,
            "{position:?}"
        );
        won += usize::from(first_wins);
    }
    // Both outcomes occur among the positions checked.
    assert!(
        won > 0 && won < positions.len(),
        "{won} of {}",
        positions.len()
    );
}
