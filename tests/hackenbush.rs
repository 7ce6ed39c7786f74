//! Green Hackenbush: the fusion/colon values, the winning edges and the misère rule against an
//! exhaustive search written here from the definition; the judge formats through the binary.

use grundy::games::hackenbush::position::Hackenbush;
use grundy::games::hackenbush::small_positions;
use grundy::{ImpartialGame, Theory};
use proptest::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

/// A graph for the referee: edges between small vertices, the ground 0.
type Edges = Vec<(u8, u8)>;

/// The edges still connected to the ground once edge `deleted` is gone, in order.
fn after_deleting(edges: &Edges, deleted: usize) -> Edges {
    let rest: Edges = edges
        .iter()
        .enumerate()
        .filter(|&(index, _)| index != deleted)
        .map(|(_, &edge)| edge)
        .collect();
    let mut reached = vec![0u8];
    loop {
        let before = reached.len();
        for &(u, v) in &rest {
            if reached.contains(&u) && !reached.contains(&v) {
                reached.push(v);
            }
            if reached.contains(&v) && !reached.contains(&u) {
                reached.push(u);
            }
        }
        if reached.len() == before {
            break;
        }
    }
    rest.into_iter()
        .filter(|(u, _)| reached.contains(u))
        .collect()
}

/// The key of a graph for the memo: its edges, each with the smaller end first, sorted.
fn key(edges: &Edges) -> Edges {
    let mut key: Edges = edges.iter().map(|&(u, v)| (u.min(v), u.max(v))).collect();
    key.sort_unstable();
    key
}

/// The Grundy value by the definition, memoised.
fn grundy(edges: &Edges, memo: &mut HashMap<Edges, u64>) -> u64 {
    let key = key(edges);
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let options: Vec<u64> = (0..edges.len())
        .map(|index| grundy(&after_deleting(edges, index), memo))
        .collect();
    let value = (0..).find(|value| !options.contains(value)).unwrap();
    memo.insert(key, value);
    value
}

/// Whether the player to move loses under misère play, by the definition.
fn misere_lost(edges: &Edges, memo: &mut HashMap<Edges, bool>) -> bool {
    if edges.is_empty() {
        return false;
    }
    let key = key(edges);
    if let Some(&lost) = memo.get(&key) {
        return lost;
    }
    let lost = (0..edges.len()).all(|index| !misere_lost(&after_deleting(edges, index), memo));
    memo.insert(key, lost);
    lost
}

/// The referee's graph of a position, read back from its inline notation.
fn edges_of(position: &Hackenbush) -> Edges {
    let text = position.to_string();
    if text == "none" {
        return Vec::new();
    }
    text.split(' ')
        .map(|edge| {
            let (u, v) = edge.split_once('-').unwrap();
            (u.parse().unwrap(), v.parse().unwrap())
        })
        .collect()
}

fn inline(edges: &Edges) -> String {
    if edges.is_empty() {
        return "none".into();
    }
    edges
        .iter()
        .map(|(u, v)| format!("{u}-{v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Value and every winning edge against the definition on one graph.
fn check(edges: &Edges, memo: &mut HashMap<Edges, u64>) {
    let position = Hackenbush::parse_inline(&inline(edges)).unwrap();
    assert_eq!(position.value(), grundy(edges, memo), "{edges:?}");
    let winning = position.winning_moves(usize::MAX).unwrap();
    let mut listed: Vec<Edges> = winning
        .listed
        .iter()
        .map(|mv| key(&edges_of(&position.play(&mv.mv))))
        .collect();
    listed.sort();
    listed.dedup();
    let mut expected: Vec<Edges> = (0..edges.len())
        .map(|index| after_deleting(edges, index))
        .filter(|after| grundy(after, memo) == 0)
        .map(|after| key(&after))
        .collect();
    expected.sort();
    expected.dedup();
    assert_eq!(listed, expected, "{edges:?}");
    assert!(winning.total as usize >= expected.len(), "{edges:?}");
}

#[test]
fn every_graph_of_up_to_five_edges_agrees_with_the_definition() {
    let mut memo = HashMap::new();
    let positions = small_positions(5);
    assert!(positions.len() > 135);
    for position in positions {
        check(&edges_of(&position), &mut memo);
    }
}

/// Random graphs of up to 9 edges on up to 6 vertices (loops, parallel edges, cycles).
fn graph() -> impl Strategy<Value = Edges> {
    prop::collection::vec((0u8..6, 0u8..6), 0..9).prop_map(|edges| {
        let mut kept: Edges = Vec::new();
        for edge in edges {
            kept.push(edge);
        }
        // Keep only what the ground reaches (the notation refuses the rest).
        after_deleting(&kept.iter().copied().chain([(0, 0)]).collect(), kept.len())
    })
}

proptest! {
    #[test]
    fn random_graphs_agree_with_the_definition(edges in graph()) {
        check(&edges, &mut HashMap::new());
    }
}

/// Every rooted tree (parent arrays) of up to `n` vertices, as edges from the ground 0.
fn trees(n: u8) -> Vec<Edges> {
    let mut all = vec![Vec::new()];
    let mut layer: Vec<Edges> = vec![Vec::new()];
    for vertex in 1..n {
        let mut next = Vec::new();
        for tree in &layer {
            for parent in 0..vertex {
                let mut grown = tree.clone();
                grown.push((parent, vertex));
                next.push(grown);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all
}

#[test]
fn the_misere_rule_on_planted_components_agrees_with_misere_search_on_forests() {
    use grundy::misere::MisereTheory;
    let mut memo = HashMap::new();
    for edges in trees(8) {
        let position = Hackenbush::parse_inline(&inline(&edges)).unwrap();
        assert_eq!(
            position.misere_lost().unwrap(),
            misere_lost(&edges, &mut memo),
            "{edges:?}"
        );
    }
    // The rule on whole trees is wrong: two stalks of 2 at one root (value 0) lose.
    let stalks: Edges = vec![(0, 1), (1, 2), (0, 3), (3, 4)];
    assert!(misere_lost(&stalks, &mut memo));
}

#[test]
fn misere_on_graphs_with_cycles_agrees_with_misere_search() {
    use grundy::misere::MisereTheory;
    let mut memo = HashMap::new();
    for position in small_positions(4) {
        let edges = edges_of(&position);
        assert_eq!(
            position.misere_lost().unwrap(),
            misere_lost(&edges, &mut memo),
            "{edges:?}"
        );
    }
}

fn grundy_binary() -> Command {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
}

/// Runs `grundy solve hackenbush --dialect DIALECT -` on `input`: (stdout, stderr, status).
fn solve(dialect: &str, input: &str) -> (String, String, i32) {
    let mut child = grundy_binary()
        .args(["solve", "hackenbush", "--dialect", dialect, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

#[test]
fn official_samples_through_the_binary() {
    let samples = [
        (
            "poj3710",
            "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n",
            "Sally\n",
        ),
        (
            "hdu3094",
            "3\n3\n1 2\n2 3\n3\n1 2\n1 3\n10\n6 2\n4 3\n8 4\n9 5\n8 6\n2 7\n5 8\n1 9\n6 10\n",
            "Alice\nBob\nAlice\n",
        ),
        ("agc017d", "5\n1 2\n2 3\n2 4\n4 5\n", "Alice\n"),
        ("agc017d", "5\n1 2\n2 3\n1 4\n4 5\n", "Bob\n"),
        ("agc017d", "6\n1 2\n2 4\n5 1\n6 3\n3 2\n", "Alice\n"),
        ("agc017d", "7\n1 2\n3 7\n4 6\n2 3\n2 4\n1 5\n", "Bob\n"),
        ("hdu3590", "2\n2\n1 2\n2\n1 2\n1\n2\n1 2\n", "PP\nQQ\n"),
    ];
    for (dialect, input, expected) in samples {
        assert_eq!(
            solve(dialect, input),
            (expected.to_string(), String::new(), 0)
        );
    }
}

#[test]
fn a_path_of_100000_vertices_does_not_overflow_the_stack() {
    let mut input = String::from("100000\n");
    for vertex in 1..100_000 {
        input.push_str(&format!("{vertex} {}\n", vertex + 1));
    }
    // A path of 99999 edges is the Nim heap 99999: Alice wins.
    assert_eq!(solve("agc017d", &input).0, "Alice\n");
}

#[test]
fn bad_inputs_are_located_with_nothing_on_stdout() {
    for (dialect, input, message) in [
        ("agc017d", "3\n1 2\n", "end of input"),
        ("agc017d", "3\n1 2\n2 4\n", "line 3, column 3"),
        ("agc017d", "4\n1 2\n2 1\n3 4\n", "do not form a tree"),
        ("hdu3094", "1\n99999999999999999999\n", "line 2, column 1"),
        ("poj3710", "1\n2 1\n1 x\n", "line 3, column 3"),
        ("hdu3590", "1\n3\n1 2\n", "end of input"),
    ] {
        let (stdout, stderr, status) = solve(dialect, input);
        assert_eq!((stdout.as_str(), status), ("", 2), "{dialect}: {input}");
        assert!(stderr.contains(message), "{dialect}: {stderr}");
    }
}

/// HDU 3094 from its statement: Alice wins a tree iff some cut leaves Bob a lost tree, by
/// exhaustive search on the tree (written here, independent of the game module).
#[test]
fn random_trees_agree_with_the_statement_by_search() {
    let mut rng = 12345u64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut memo = HashMap::new();
    let mut input = String::from("60\n");
    let mut expected = String::new();
    for _ in 0..60 {
        let n = 1 + next() % 9;
        let edges: Edges = (1..n as u8)
            .map(|v| ((next() % u64::from(v)) as u8, v))
            .collect();
        input.push_str(&format!("{n}\n"));
        for &(u, v) in &edges {
            input.push_str(&format!("{} {}\n", v + 1, u + 1));
        }
        let first_wins =
            (0..edges.len()).any(|index| grundy(&after_deleting(&edges, index), &mut memo) == 0);
        expected.push_str(if first_wins { "Alice\n" } else { "Bob\n" });
    }
    assert_eq!(solve("hdu3094", &input).0, expected);
}

#[test]
fn a_graph_file_is_analysed_and_played_by_edge_number() {
    let output = grundy_binary()
        .args([
            "analyze",
            "hackenbush:examples/hackenbush/gift-tree.txt",
            "all",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{text}");
    assert!(text.contains("grundy:"), "{text}");
    let output = grundy_binary()
        .args([
            "analyze",
            "hackenbush:examples/hackenbush/gift-tree.txt",
            "all -99",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}
