//! Script games under misère play: the `options` form played by exhaustive misère search
//! (`analyze --misere` against a misère brute force written here), and misère conjectures
//! (`misere_is_lost(p)`) checked by `verify --misere` in both forms — Bouton's rule for misère
//! Nim passes, the normal-play rule planted as a misère conjecture is caught with the first
//! position where it fails named, as the brute force here finds it.

mod common;

use assert_cmd::Command;
use common::{MisereReferee, spaced};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::PathBuf;

/// Writes a script into a fresh temporary directory and returns its path.
fn script(name: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "grundy-misere-script-test-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.rhai"));
    std::fs::write(&path, source).unwrap();
    path
}

/// `grundy ARGS`: exit status and standard output.
fn run(args: &[&str]) -> (i32, String, String) {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Nim in the options form: take any number from one heap; positions are sorted heap lists.
const NIM_OPTIONS: &str = r#"
fn options(p) {
    let out = [];
    for i in 0..p.len() {
        for k in 1..=p[i] {
            let q = [];
            for j in 0..p.len() {
                if j != i { q.push(p[j]); } else if p[i] > k { q.push(p[i] - k); }
            }
            q.sort();
            out.push(q);
        }
    }
    out
}
fn positions(size) {
    let out = [];
    for a in 1..=size {
        out.push([a]);
        for b in a..=size {
            out.push([a, b]);
            for c in b..=size { out.push([a, b, c]); }
        }
    }
    out
}
"#;

/// Nim in the heap form.
const NIM_HEAPS: &str = r#"
fn heap_options(n) {
    let out = [];
    for k in 1..=n { out.push([n - k]); }
    out
}
"#;

/// Bouton's rule for misère Nim: lost exactly when some heap is at least 2 and the nim-sum is 0,
/// or every heap is 1 and the nim-sum is 1 (an odd number of heaps of one).
const BOUTON: &str = r#"
fn misere_is_lost(p) {
    let x = 0;
    let big = false;
    for h in p { x = x ^ h; if h > 1 { big = true; } }
    if big { x == 0 } else { x == 1 }
}
"#;

/// The normal-play rule, planted as a misère conjecture: wrong on every position of heaps of one.
const NORMAL_RULE: &str = r#"
fn misere_is_lost(p) {
    let x = 0;
    for h in p { x = x ^ h; }
    x == 0
}
"#;

/// The positions `positions(size)` lists, in its order.
fn listed(size: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for a in 1..=size {
        out.push(vec![a]);
        for b in a..=size {
            out.push(vec![a, b]);
            for c in b..=size {
                out.push(vec![a, b, c]);
            }
        }
    }
    out
}

fn nim_options(position: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &heap) in position.iter().enumerate() {
        for k in 1..=heap {
            let mut next: Vec<u64> = position.to_vec();
            next[i] = heap - k;
            next.retain(|&h| h > 0);
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

#[test]
fn an_options_script_is_analysed_by_misere_search() {
    let path = script("nim-options", NIM_OPTIONS);
    let path = path.to_str().unwrap();
    let mut referee = MisereReferee::new(nim_options);
    for position in listed(3) {
        let text = spaced(&position);
        let (status, stdout, stderr) = run(&["analyze", path, &text, "--misere", "--json"]);
        assert_eq!(status, 0, "{text}: {stderr}");
        let report: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(report["play"], "misere", "{stdout}");
        let won = referee.is_won(&position);
        assert_eq!(
            report["winner"],
            if won { "first" } else { "second" },
            "{text}: {stdout}"
        );
        let claimed: BTreeSet<Vec<u64>> = report["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                m["to"]
                    .as_str()
                    .unwrap()
                    .split_whitespace()
                    .map(|w| w.parse().unwrap())
                    .collect()
            })
            .collect();
        let truth: BTreeSet<Vec<u64>> = nim_options(&position)
            .into_iter()
            .filter(|next| !referee.is_won(next))
            .collect();
        assert_eq!(claimed, truth, "{text}: {stdout}");
        assert_eq!(report["winning_move_count"], truth.len(), "{text}");
    }
}

#[test]
fn a_true_misere_conjecture_passes_in_both_forms() {
    let count = listed(6).len();
    for (name, source) in [("options", NIM_OPTIONS), ("heaps", NIM_HEAPS)] {
        let path = script(&format!("bouton-{name}"), &format!("{source}{BOUTON}"));
        let (status, stdout, stderr) =
            run(&["verify", path.to_str().unwrap(), "--misere", "--size", "6"]);
        assert_eq!(status, 0, "{name}: {stdout}{stderr}");
        let line = stdout
            .lines()
            .find(|line| line.contains("(misère conjecture)"))
            .unwrap_or_else(|| panic!("{name}: {stdout}"));
        if name == "options" {
            assert!(
                line.ends_with(&format!("checked {count} positions, 0 disagreements")),
                "{line}"
            );
        } else {
            // No positions(size) in the heap form: the heap games' small positions.
            assert!(line.ends_with(", 0 disagreements"), "{line}");
        }
    }
}

#[test]
fn a_planted_wrong_misere_conjecture_is_caught_with_the_position_named() {
    // The brute force: where the normal rule and misère play disagree, in positions(6)'s order.
    let mut referee = MisereReferee::new(nim_options);
    let positions = listed(6);
    let wrong: Vec<&Vec<u64>> = positions
        .iter()
        .filter(|p| {
            let normal_lost = p.iter().fold(0, |x, &h| x ^ h) == 0;
            let misere_lost = !referee.is_won(p);
            normal_lost != misere_lost
        })
        .collect();
    let first = wrong[0];
    let path = script("planted", &format!("{NIM_OPTIONS}{NORMAL_RULE}"));
    let path = path.to_str().unwrap();
    let (status, stdout, _) = run(&["verify", path, "--misere", "--size", "6"]);
    assert_eq!(status, 1, "{stdout}");
    assert!(
        stdout.contains(&format!(
            "(misère conjecture): checked {} positions, {} disagreements",
            positions.len(),
            wrong.len()
        )),
        "{stdout}"
    );
    // [1] is lost under misère play (its only move leaves nothing, a win for the opponent), and
    // the normal rule says won.
    assert_eq!(first, &vec![1]);
    assert!(
        stdout.contains(
            "smallest counter-example: `1`: the conjecture says it is won for the player to move \
             under misère play, exhaustive misère search says lost: every one of its 1 moves \
             leaves a position won for the opponent under misère play"
        ),
        "{stdout}"
    );
    // --from: every position reachable from 2 2 (children first), the first refuted one named.
    let (status, stdout, _) = run(&["verify", path, "--misere", "--from", "2 2"]);
    assert_eq!(status, 1, "{stdout}");
    assert!(stdout.contains("smallest counter-example: `"), "{stdout}");

    // The heap form, through the heap game's small positions, which start with the empty
    // position: the normal rule calls it lost, yet its player cannot move and so has won.
    let path = script("planted-heaps", &format!("{NIM_HEAPS}{NORMAL_RULE}"));
    let path = path.to_str().unwrap();
    let game = grundy::resolve(path).unwrap();
    let small = grundy::families::heaps::small_positions(game.heap_game().unwrap(), 3);
    let wrong = small
        .iter()
        .filter(|p| {
            let normal_lost = p.heaps().iter().fold(0, |x, &h| x ^ h) == 0;
            let misere_lost = !referee.is_won(p.heaps());
            normal_lost != misere_lost
        })
        .count();
    assert!(small[0].heaps().is_empty());
    let (status, stdout, _) = run(&["verify", path, "--misere", "--size", "3"]);
    assert_eq!(status, 1, "{stdout}");
    assert!(
        stdout.contains(&format!(
            "(misère conjecture): checked {} positions, {wrong} disagreements\n  smallest \
             counter-example: ``: the conjecture says it is lost for the player to move under \
             misère play, exhaustive misère search says won: it has no moves at all",
            small.len()
        )),
        "{stdout}"
    );
}

#[test]
fn a_claim_of_lost_is_refuted_by_a_winning_move() {
    // "A lone heap of 2 is lost" (and nothing said of the rest): 2 is won under misère play
    // (take 1, leaving a lone heap of one, lost), and the refutation names that move.
    let path = script(
        "twos",
        &format!(
            "{NIM_OPTIONS}\nfn misere_is_lost(p) {{ if p.len() == 1 && p[0] == 2 {{ true }} else {{ () }} }}\n"
        ),
    );
    let (status, stdout, _) = run(&["verify", path.to_str().unwrap(), "--misere", "--size", "2"]);
    assert_eq!(status, 1, "{stdout}");
    assert!(
        stdout.contains("(misère conjecture): checked 1 positions, 1 disagreements"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "smallest counter-example: `2`: the conjecture says it is lost for the player to move \
             under misère play, exhaustive misère search says won: the move [1] (to `1`) wins"
        ),
        "{stdout}"
    );
}

#[test]
fn verify_misere_without_a_misere_conjecture_says_what_to_add() {
    let path = script("no-misere-conjecture", NIM_OPTIONS);
    let (status, stdout, stderr) = run(&["verify", path.to_str().unwrap(), "--misere"]);
    assert_eq!(status, 2, "{stdout}");
    assert!(stdout.is_empty());
    assert!(
        stderr.starts_with("error: ") && stderr.contains("fn misere_is_lost(position)"),
        "{stderr}"
    );
}

#[test]
fn the_example_misere_script_holds() {
    // examples/games/misere-nim.rhai: Bouton's rule on one or two heaps of 1..6 (6 + 21
    // positions), each checked here against the brute force too.
    let (status, stdout, stderr) = run(&["verify", "examples/games/misere-nim.rhai", "--misere"]);
    assert_eq!(status, 0, "{stdout}{stderr}");
    assert_eq!(
        stdout,
        "examples/games/misere-nim.rhai (misère conjecture): checked 27 positions, 0 disagreements\n"
    );
    let mut referee = MisereReferee::new(nim_options);
    for a in 1..=6u64 {
        for b in a..=6 {
            for position in [vec![a], vec![a, b]] {
                let big = position.iter().any(|&h| h > 1);
                let x = position.iter().fold(0, |x, &h| x ^ h);
                let bouton_lost = if big { x == 0 } else { x == 1 };
                assert_eq!(bouton_lost, !referee.is_won(&position), "{position:?}");
            }
        }
    }
}
