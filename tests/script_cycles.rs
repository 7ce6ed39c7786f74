//! Script games with cycles through the binary: Fair Shares and Varied Pairs
//! (`examples/games/fair-shares.rhai`) against a brute force written here from its rules (the
//! graph of the partitions of n, labelled by the referee); a small script with a draw;
//! conjectures checked by `verify --from`; `play` refused.

use assert_cmd::Command;
use grundy::core::Winner;
use grundy::loopy::graph::{GameGraph, Vertex};
use grundy::loopy::referee::label;
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

const FAIR_SHARES: &str = "examples/games/fair-shares.rhai";

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

/// Every partition of `n` (ascending parts).
fn partitions(n: u64) -> Vec<Vec<u64>> {
    fn extend(left: u64, least: u64, current: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if left == 0 {
            out.push(current.clone());
            return;
        }
        for part in least..=left {
            current.push(part);
            extend(left - part, part, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    extend(n, 1, &mut Vec::new(), &mut out);
    out
}

/// The moves of Fair Shares and Varied Pairs from the rules: divide a heap into equal heaps
/// (at least two), or unite two heaps of different sizes.
fn fair_shares_moves(heaps: &[u64]) -> BTreeSet<Vec<u64>> {
    let mut out = BTreeSet::new();
    for (i, &heap) in heaps.iter().enumerate() {
        for parts in 2..=heap {
            if heap % parts == 0 {
                let mut next: Vec<u64> = heaps.to_vec();
                next.remove(i);
                next.extend(std::iter::repeat_n(heap / parts, parts as usize));
                next.sort_unstable();
                out.insert(next);
            }
        }
        for (j, &other) in heaps.iter().enumerate() {
            if j > i && other != heap {
                let mut next: Vec<u64> = heaps.to_vec();
                next.remove(j);
                next[i] = heap + other;
                next.sort_unstable();
                out.insert(next);
            }
        }
    }
    out
}

fn show(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn analyze_json(game: &str, position: &str) -> serde_json::Value {
    let output = grundy()
        .args(["analyze", game, position, "--json", "--limit", "1000"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{position}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

fn targets(report: &serde_json::Value, key: &str) -> BTreeSet<String> {
    report[key]
        .as_array()
        .map(|moves| {
            moves
                .iter()
                .map(|m| m["to"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn fair_shares_agrees_with_the_referee_on_every_partition_up_to_eleven() {
    let mut draws = 0;
    // The first draws come with eleven coins (`1 1 1 1 1 1 1 2 2`, …).
    for n in 1..=11 {
        // The graph of the partitions of n (every move keeps the number of coins).
        let all = partitions(n);
        let index: HashMap<&Vec<u64>, usize> =
            all.iter().enumerate().map(|(i, p)| (p, i)).collect();
        let mut edges = Vec::new();
        for (i, heaps) in all.iter().enumerate() {
            for next in fair_shares_moves(heaps) {
                edges.push((i as Vertex, index[&next] as Vertex));
            }
        }
        let graph = GameGraph::from_edges(all.len(), &edges);
        let labels = label(&graph);
        for (i, heaps) in all.iter().enumerate() {
            let winner = labels[i].winner();
            let wanted = match winner {
                Winner::First => Some(Winner::Second),
                Winner::Draw => Some(Winner::Draw),
                Winner::Second => None,
            };
            let expected: BTreeSet<String> = graph
                .distinct_followers(i as Vertex)
                .into_iter()
                .filter(|&w| Some(labels[w as usize].winner()) == wanted)
                .map(|w| show(&all[w as usize]))
                .collect();
            let report = analyze_json(FAIR_SHARES, &show(heaps));
            assert_eq!(report["winner"], winner.to_string(), "{heaps:?}");
            let key = if winner == Winner::Draw {
                draws += 1;
                "drawing_moves"
            } else {
                "winning_moves"
            };
            assert_eq!(targets(&report, key), expected, "{heaps:?}");
        }
    }
    assert!(draws >= 45, "{draws} drawn positions up to eleven coins");
}

#[test]
fn verify_from_checks_fair_shares_against_the_referee() {
    let output = grundy()
        .args(["verify", FAIR_SHARES, "--from", "12"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("referee): checked 77 positions, 0 disagreements"),
        "{stdout}"
    );
}

fn script(name: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cycles-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.rhai"));
    std::fs::write(&path, source).unwrap();
    path
}

/// 0 ↔ 1 → 2 (2 has no move), and 3 with a self-loop and a move to 1.
const LOOPS: &str = "
fn options(p) {
    let n = p[0];
    if n == 0 { [[1]] } else if n == 1 { [[0], [2]] } else if n == 2 { [] } else { [[3], [1]] }
}
";

#[test]
fn a_script_with_a_draw_is_analysed_and_its_conjectures_checked() {
    let true_claims = script(
        "loops",
        &format!(
            "{LOOPS}\nfn is_lost(p) {{ p[0] == 0 || p[0] == 2 }}\nfn grundy(p) {{ if p[0] == 1 {{ 1 }} else if p[0] == 3 {{ () }} else {{ 0 }} }}\n"
        ),
    );
    let path = true_claims.to_str().unwrap();
    let report = analyze_json(path, "3");
    assert_eq!(report["winner"], "draw");
    assert_eq!(report["gamma"], "∞(1)");
    assert_eq!(
        targets(&report, "drawing_moves"),
        BTreeSet::from(["3".to_string()])
    );
    let report = analyze_json(path, "0");
    assert_eq!(report["winner"], "second");
    assert_eq!(report["gamma"], "0");
    let text = grundy().args(["analyze", path, "1"]).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("winner:   first"), "{text}");
    assert!(text.contains("gamma:    1 (the game has cycles"), "{text}");
    let output = grundy()
        .args(["verify", path, "--from", "3"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains("checked 4 positions, 0 disagreements"),
        "{stdout}"
    );
    // A conjecture that calls the drawn 3 lost, and one that gives it a number: both caught.
    for (name, claim, detail) in [
        (
            "lost",
            "fn is_lost(p) { p[0] != 1 }",
            "is_lost says true, the referee says draw",
        ),
        (
            "number",
            "fn grundy(p) { if p[0] == 1 { 1 } else { 0 } }",
            "grundy says 0, γ = ∞(1)",
        ),
    ] {
        let wrong = script(name, &format!("{LOOPS}\n{claim}\n"));
        let output = grundy()
            .args(["verify", wrong.to_str().unwrap(), "--from", "3"])
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(1), "{stdout}");
        assert!(stdout.contains("1 disagreements"), "{stdout}");
        assert!(stdout.contains(&format!("`3`: {detail}")), "{stdout}");
    }
}
