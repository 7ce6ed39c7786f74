//! Shiritori (AtCoder ABC 209 E) through the binary: `grundy solve shiritori` on random small
//! dictionaries against a brute force written here from the rules (the game played out on the
//! graph of *words*, labelled by the referee), bad inputs, `analyze` (text and JSON), `verify`,
//! and `grundy judge` accepting a correct solution and catching one that answers `Aoki` for
//! draws.

use assert_cmd::Command;
use grundy::loopy::graph::{GameGraph, Vertex};
use grundy::loopy::referee::{Label, label};
use proptest::prelude::*;
use std::path::PathBuf;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

/// The answers from the rules: vertex i is "word i was just said, Aoki to move"; an edge goes
/// to every word whose first three letters are word i's last three.
fn brute_force(words: &[String]) -> String {
    let mut edges = Vec::new();
    for (i, said) in words.iter().enumerate() {
        for (j, next) in words.iter().enumerate() {
            if next[..3] == said[said.len() - 3..] {
                edges.push((i as Vertex, j as Vertex));
            }
        }
    }
    label(&GameGraph::from_edges(words.len(), &edges))
        .iter()
        .map(|label| match label {
            Label::Won(_) => "Aoki\n",
            Label::Lost(_) => "Takahashi\n",
            Label::Drawn => "Draw\n",
        })
        .collect()
}

fn solve(input: &str) -> (Option<i32>, String, String) {
    let output = grundy()
        .args(["solve", "shiritori"])
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn word() -> impl Strategy<Value = String> {
    // Three letters (one of them upper case: case matters), 3 to 6 of them.
    prop::collection::vec(prop::sample::select(vec!['a', 'b', 'B']), 3..=6)
        .prop_map(|letters| letters.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn solve_agrees_with_the_words_played_out(words in prop::collection::vec(word(), 1..=30)) {
        let input = format!("{}\n{}\n", words.len(), words.join("\n"));
        let (status, stdout, stderr) = solve(&input);
        prop_assert_eq!(status, Some(0), "{}", stderr);
        prop_assert_eq!(stdout, brute_force(&words));
    }
}

#[test]
fn the_example_file_and_the_statement_examples_as_recalled() {
    let (status, stdout, _) = solve(&std::fs::read_to_string("examples/shiritori.txt").unwrap());
    assert_eq!(status, Some(0));
    assert_eq!(stdout, "Aoki\nTakahashi\nDraw\n");
    let words: Vec<String> = ["eaaaabaa", "eaaaacaa", "daaaaaaa", "eaaaadaa", "daaaafaa"]
        .map(String::from)
        .to_vec();
    let input = format!("5\n{}\n", words.join("\n"));
    assert_eq!(solve(&input).1, brute_force(&words));
    assert_eq!(
        solve(&input).1,
        "Takahashi\nTakahashi\nTakahashi\nAoki\nTakahashi\n"
    );
}

#[test]
fn bad_inputs_are_located_errors_with_nothing_on_stdout() {
    for (input, needle) in [
        ("2\nabcd\n", "expected word 2 of 2"),
        ("1\nab\n", "line 2, column 1"),
        ("1\nab-d\n", "not a letter"),
        ("99999999999\nabc\n", "N must be 1 to"),
        ("1\nabc\nabc\n", "unexpected `abc`"),
    ] {
        let (status, stdout, stderr) = solve(input);
        assert_eq!(status, Some(2), "{input:?}");
        assert!(stdout.is_empty(), "{input:?}: {stdout}");
        assert!(stderr.contains(needle), "{input:?}: {stderr}");
    }
}

#[test]
fn a_long_input_is_solved_far_past_the_limits() {
    // 10^6 words (five times the statement's limit) over four letters: one long run.
    let mut state = 7u64;
    let mut words = String::from("1000000\n");
    for _ in 0..1_000_000 {
        let mut word = String::new();
        for _ in 0..4 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            word.push(['a', 'b', 'c', 'Z'][(state >> 62) as usize]);
        }
        words.push_str(&word);
        words.push('\n');
    }
    let (status, stdout, _) = solve(&words);
    assert_eq!(status, Some(0));
    assert_eq!(stdout.lines().count(), 1_000_000);
}

#[test]
fn analyze_lists_winning_and_drawing_words() {
    let analyze = |position: &str, json: bool| {
        let mut command = grundy();
        command.args(["analyze", "shiritori", position]);
        if json {
            command.arg("--json");
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{position}");
        String::from_utf8(output.stdout).unwrap()
    };
    // Aoki answers `abcd` with `bcda`, after which Takahashi has no word: a win.
    let text = analyze("abcd bcda ada / abcd", false);
    assert!(text.contains("winner:   first"), "{text}");
    assert!(
        text.contains("bcda         -> abcd bcda ada / bcda"),
        "{text}"
    );
    // A word that loops on itself, beside one that ends the game: won, by the ending word.
    let report: serde_json::Value = serde_json::from_str(&analyze("aba abac / aba", true)).unwrap();
    assert_eq!(report["winner"], "first");
    assert_eq!(report["gamma"], "∞(0)");
    assert_eq!(report["winning_moves"][0]["move"], "abac");
    // Only the self-loop: a draw kept by saying it again.
    let report: serde_json::Value = serde_json::from_str(&analyze("ada / ada", true)).unwrap();
    assert_eq!(report["winner"], "draw");
    assert_eq!(report["drawing_moves"][0]["move"], "ada");
    let output = grundy()
        .args(["analyze", "shiritori", "abcd / bcda"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

#[test]
fn verify_checks_the_theory_and_the_format_against_the_referee() {
    let output = grundy()
        .args(["verify", "shiritori", "--size", "2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{stdout}");
    assert_eq!(stdout.matches(", 0 disagreements").count(), 2, "{stdout}");
    assert!(stdout.contains("judge format"), "{stdout}");
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-shiritori-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn judge(dir: &str, source: &str, cases: &str) -> (Option<i32>, serde_json::Value) {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(source);
    let output = grundy()
        .current_dir(scratch(dir))
        .args([
            "judge",
            "shiritori",
            "--seed",
            "11",
            "--cases",
            cases,
            "--time-limit",
            "10",
            "--json",
            "--",
            "python3",
        ])
        .arg(source)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let report = serde_json::from_str(&stdout).unwrap_or_else(|_| panic!("{stdout}"));
    (output.status.code(), report)
}

#[test]
fn judge_accepts_a_correct_solution_and_catches_draws_answered_aoki() {
    let (status, report) = judge("ok", "examples/contest/shiritori.py", "30");
    assert_eq!(status, Some(0), "{report}");
    assert_eq!(report["verdict"], "accepted");
    let (status, report) = judge(
        "wrong",
        "tests/contest_programs/shiritori_draw_as_aoki.py",
        "30",
    );
    assert_eq!(status, Some(1), "{report}");
    assert_eq!(report["verdict"], "wrong_answer", "{report}");
    // The shrunk input, solved by the brute force: its answer at fault is a draw, and the
    // wrong solution said Aoki.
    let input = report["input"].as_str().unwrap();
    let words: Vec<String> = input.split_whitespace().skip(1).map(String::from).collect();
    let expected = brute_force(&words);
    assert_eq!(report["expected"].as_str().unwrap(), expected);
    assert!(expected.contains("Draw"), "{input}");
    assert!(words.len() <= 2, "shrunk: {input}");
}
