//! The binary: spec samples, judge outputs against exhaustive search, bad input, analyze's JSON,
//! verify's output, and whole games of `play` over a pipe.

use assert_cmd::Command;
use grundy::core::{ExhaustiveSolver, Nimber};
use grundy::games::bounded_take::Pile;
use grundy::games::box_fill::{Bin, BoundRule};
use grundy::games::{BeanSplit, BoundedTake, BoxFill, Chocolate, EndPiles, TakeOrMerge};
use proptest::prelude::*;
use std::fmt::Write;

mod common;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

fn solve(game: &str, dialect: Option<&str>, input: &str) -> String {
    let mut command = grundy();
    command.args(["solve", game]);
    if let Some(dialect) = dialect {
        command.args(["--dialect", dialect]);
    }
    let output = command.write_stdin(input).output().unwrap();
    common::stdout_of_success(output)
}

#[test]
fn spec_samples() {
    assert_eq!(solve("end-piles", None, "1\n4\n3 1 9 4\n"), "0\n");
    assert_eq!(
        solve("take-or-merge", None, "3\n3\n1 1 2\n2\n3 4\n3\n2 3 5\n"),
        "Case #1: Alice\nCase #2: Bob\nCase #3: Bob\n"
    );
    assert_eq!(
        solve("bounded-take", Some("arc091f"), "2\n5 2\n3 3\n"),
        "Aoki\n"
    );
    assert_eq!(
        solve("bean-split", None, "2\n4\n1 0 1 5000\n3\n0 0 1\n"),
        "0 2 3\n1\n-1 -1 -1\n0\n"
    );
}

#[test]
fn the_readme_example_file_runs() {
    grundy()
        .args(["solve", "end-piles", "examples/end-piles.txt"])
        .assert()
        .success()
        .stdout("0\n");
}

fn referee_wins<G: grundy::core::ImpartialGame>(position: &G) -> bool {
    ExhaustiveSolver::new().grundy_value(position) != Nimber::ZERO
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    /// Several random cases per input, through the binary, against exhaustive search.
    #[test]
    fn judge_formats_agree_with_search(seed_rows in prop::collection::vec(prop::collection::vec(1u64..=6, 1..=5), 1..=4)) {
        // end-piles
        let mut input = format!("{}\n", seed_rows.len());
        let mut expected = String::new();
        for row in &seed_rows {
            let _ = writeln!(input, "{}\n{}", row.len(), join(row));
            let wins = referee_wins(&EndPiles::new(row.clone()));
            expected.push_str(if wins { "1\n" } else { "0\n" });
        }
        prop_assert_eq!(solve("end-piles", None, &input), expected);

        // take-or-merge
        let mut input = format!("{}\n", seed_rows.len());
        let mut expected = String::new();
        for (k, row) in seed_rows.iter().enumerate() {
            let _ = writeln!(input, "{}\n{}", row.len(), join(row));
            let wins = referee_wins(&TakeOrMerge::new(row.iter().map(|&a| u128::from(a)).collect()));
            let _ = writeln!(expected, "Case #{}: {}", k + 1, if wins { "Alice" } else { "Bob" });
        }
        prop_assert_eq!(solve("take-or-merge", None, &input), expected);

        // chocolate: no T line, NO when the first player wins
        let mut input = String::new();
        let mut expected = String::new();
        for row in &seed_rows {
            let _ = writeln!(input, "{}\n{}", row.len(), join(row));
            let wins = referee_wins(&Chocolate::new(row.clone(), vec![]));
            expected.push_str(if wins { "NO\n" } else { "YES\n" });
        }
        prop_assert_eq!(solve("chocolate", None, &input), expected);

        // bounded-take (both formats): pair up the numbers as num b
        let piles: Vec<Pile> = seed_rows.iter().take(2).map(|row| Pile { stones: row.iter().sum::<u64>() * 3, divisor: row[0] }).collect();
        let wins = referee_wins(&BoundedTake::new((), piles.clone()));
        let mut input = format!("1\n{}\n", piles.len());
        let mut arc = format!("{}\n", piles.len());
        for pile in &piles {
            let _ = writeln!(input, "{} {}", pile.stones, pile.divisor);
            let _ = writeln!(arc, "{} {}", pile.stones, pile.divisor);
        }
        prop_assert_eq!(solve("bounded-take", None, &input), if wins { "Setsuna\n" } else { "Kazusa\n" });
        prop_assert_eq!(solve("bounded-take", Some("arc091f"), &arc), if wins { "Takahashi\n" } else { "Aoki\n" });

        // bean-split: judge answer from the referee's winning moves
        let mut input = format!("{}\n", seed_rows.len());
        let mut expected = String::new();
        for row in &seed_rows {
            let beans: Vec<u64> = row.iter().map(|&b| b % 3).collect();
            let _ = writeln!(input, "{}\n{}", beans.len(), join(&beans));
            let position = BeanSplit::new(beans.clone());
            let moves = ExhaustiveSolver::new().winning_moves(&position);
            match moves.iter().map(|(mv, _)| *mv).min() {
                Some(mv) => { let _ = writeln!(expected, "{} {} {}", mv.from, mv.to_j, mv.to_k); }
                None => expected.push_str("-1 -1 -1\n"),
            }
            let _ = writeln!(expected, "{}", moves.len());
        }
        prop_assert_eq!(solve("bean-split", None, &input), expected);

        // box-fill (capacity first) and hdu1729 (square rule, 0-terminated)
        let bins: Vec<Bin> = seed_rows.iter().take(2).map(|row| {
            let capacity = row.iter().sum::<u64>() * 2;
            Bin { held: row[0].min(capacity), capacity }
        }).collect();
        let mut boxes = format!("{}\n", bins.len());
        for bin in &bins {
            let _ = writeln!(boxes, "{} {}", bin.capacity, bin.held);
        }
        let input = format!("1\n{boxes}");
        let wins = referee_wins(&BoxFill::new(BoundRule::Linear, bins.clone()));
        prop_assert_eq!(solve("box-fill", None, &input), if wins { "Yes\n" } else { "No\n" });
        let hdu = format!("{boxes}0\n");
        let wins = referee_wins(&BoxFill::new(BoundRule::Square, bins));
        prop_assert_eq!(solve("box-fill", Some("hdu1729"), &hdu), if wins { "Case 1:\nYes\n" } else { "Case 1:\nNo\n" });
    }
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn u64_max_values_are_accepted_everywhere() {
    let m = u64::MAX;
    assert_eq!(solve("end-piles", None, &format!("1 2 {m} {m}")), "0\n");
    assert_eq!(
        solve("take-or-merge", None, &format!("1 2 {m} {m}")),
        "Case #1: Alice\n"
    );
    assert_eq!(
        solve("take-or-merge", None, &format!("1 2 {m} {}", m - 1)),
        "Case #1: Bob\n"
    );
    assert_eq!(solve("chocolate", None, &format!("2 {m} {m}")), "NO\n");
    assert_eq!(
        solve("chocolate", None, &format!("2 {m} {}", m - 1)),
        "YES\n"
    );
    // A pile of u64::MAX with b = 1 is Nim; with b = u64::MAX its value is 1.
    assert_eq!(
        solve("bounded-take", None, &format!("1 2 {m} 1 {m} 1")),
        "Kazusa\n"
    );
    assert_eq!(
        solve("bounded-take", None, &format!("1 1 {m} {m}")),
        "Setsuna\n"
    );
    assert_eq!(
        solve("bean-split", None, &format!("1 3 {m} 0 {m}")),
        "0 1 1\n2\n"
    );
    assert_eq!(solve("box-fill", None, &format!("1 1 {m} {m}")), "No\n");
    // Square rule, capacity m, one stone: the thresholds run m → 2^32−1 → 65535 → 255 → 15 → 3,
    // and t(3) = 1 = b, a zero.
    assert_eq!(
        solve("box-fill", Some("hdu1729"), &format!("1 {m} 1 0")),
        "Case 1:\nNo\n"
    );
    assert_eq!(
        solve("box-fill", Some("hdu1729"), &format!("1 {m} {} 0", m - 1)),
        "Case 1:\nYes\n"
    );
}

/// Runs a failing command and checks the error contract.
fn assert_input_error(args: &[&str], input: &str, location: &str) {
    let output = grundy().args(args).write_stdin(input).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?} on {input:?}");
    assert!(output.stdout.is_empty(), "stdout must stay empty");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error:"), "{stderr}");
    assert!(
        stderr.contains(location),
        "{stderr:?} should name {location}"
    );
}

#[test]
fn bad_judge_input_is_located_and_nothing_is_printed() {
    // A later bad case must not let earlier answers through.
    assert_input_error(
        &["solve", "end-piles"],
        "2\n1\n5\n2\n3 x\n",
        "line 5, column 3",
    );
    assert_input_error(&["solve", "end-piles"], "1\n3\n1 0 2\n", "line 3, column 3");
    assert_input_error(&["solve", "end-piles"], "1\n3\n1 2\n", "end of input");
    assert_input_error(
        &["solve", "end-piles"],
        "1\n1\n18446744073709551616\n",
        "line 3, column 1",
    );
    assert_input_error(&["solve", "end-piles"], "1\n1\n5\n7\n", "line 4, column 1");
    assert_input_error(
        &["solve", "take-or-merge"],
        "1\n2\n1 0\n",
        "line 3, column 3",
    );
    assert_input_error(&["solve", "take-or-merge"], "1\n-2\n", "line 2, column 1");
    assert_input_error(&["solve", "chocolate"], "2\n1 0\n", "line 2, column 3");
    assert_input_error(&["solve", "chocolate"], "3\n1 2\n", "end of input");
    assert_input_error(
        &["solve", "bounded-take"],
        "1\n1\n5 0\n",
        "line 3, column 3",
    );
    assert_input_error(
        &["solve", "bounded-take", "--dialect", "arc091f"],
        "1\n5\n",
        "end of input",
    );
    assert_input_error(&["solve", "bean-split"], "1\n2\n1 -1\n", "line 3, column 3");
    assert_input_error(&["solve", "box-fill"], "1\n1\n3 4\n", "line 3, column 3");
    assert_input_error(
        &["solve", "box-fill", "--dialect", "hdu1729"],
        "1\n3 9\n0\n",
        "line 2, column 3",
    );
    // Huge counts are read one token at a time, never allocated up front.
    assert_input_error(
        &["solve", "end-piles"],
        "1\n18446744073709551615\n1 2\n",
        "end of input",
    );
    assert_input_error(&["solve", "bean-split"], "99999999999\n", "end of input");
}

#[test]
fn unknown_game_or_dialect_is_a_usage_error() {
    let output = grundy()
        .args(["solve", "kayles"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: 0.77 has no judge format") && stderr.contains("end-piles"),
        "{stderr}"
    );
    let output = grundy()
        .args(["solve", "nimble"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error:") && stderr.contains("end-piles"),
        "{stderr}"
    );
    let output = grundy()
        .args(["solve", "box-fill", "--dialect", "arc091f"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("hdu1729")
    );
}

#[test]
fn analyze_json_is_one_object_with_every_winning_move() {
    let output = grundy()
        .args(["analyze", "bean-split", "1", "0", "1", "5000", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["game"], "bean-split");
    assert_eq!(value["position"], "1 0 1 5000");
    assert_eq!(value["winner"], "first");
    assert!(value["grundy"].as_u64().unwrap() > 0);
    let moves = value["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["move"], "0>2,3");
    assert_eq!(moves[0]["to"], "0 0 2 5001");
    let to: BeanSplit = moves[0]["to"].as_str().unwrap().parse().unwrap();
    assert_eq!(to.to_string(), "0 0 2 5001");

    let output = grundy()
        .args(["analyze", "end-piles", "3 1 9 4", "--json"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["winner"], "second");
    assert!(value["grundy"].is_null());
    assert_eq!(value["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn analyze_every_game_from_the_command_line() {
    for (game, position) in [
        ("end-piles", "3 1 9 5"),
        ("take-or-merge", "1 1 2"),
        ("chocolate", "11 10 15 / 4"),
        ("bounded-take", "5/2 3/3"),
        ("bean-split", "1 0 1 5000"),
        ("box-fill", "2/6 3/3"),
        ("box-fill-square", "2/6 3/3"),
        // The shortest positions, and ones written other than canonically.
        ("end-piles", "5"),
        ("end-piles", " 07  3 "),
        ("take-or-merge", "1"),
        ("chocolate", "/"),
        ("bounded-take", "1/1"),
        ("bean-split", "5"),
        ("bean-split", "1 0"),
        ("bean-split", "01 00 1"),
        ("box-fill", "0/1"),
    ] {
        let output = grundy()
            .args(["analyze", game, position, "--json"])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(value["game"], game);
        // The position is reported in canonical notation however it was written.
        let canonical = value["position"].as_str().unwrap();
        let again = grundy()
            .args(["analyze", game, canonical, "--json"])
            .output()
            .unwrap();
        let again: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
        assert_eq!(again, value, "{game} {position:?}");
        let text = grundy().args(["analyze", game, position]).output().unwrap();
        assert!(String::from_utf8(text.stdout).unwrap().contains("winner:"));
    }
}

#[test]
fn analyze_limit_caps_the_list_not_the_count() {
    let output = grundy()
        .args([
            "analyze",
            "bean-split",
            "1 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0",
            "--json",
            "--limit",
            "3",
        ])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let listed = value["winning_moves"].as_array().unwrap().len();
    let count = value["winning_move_count"].as_u64().unwrap();
    assert_eq!(listed, 3.min(count as usize));
    let full = grundy()
        .args([
            "analyze",
            "bean-split",
            "1 1 1 1 1 1 1 1 1 1 0 0 0 0 0 0",
            "--json",
        ])
        .output()
        .unwrap();
    let full: serde_json::Value = serde_json::from_slice(&full.stdout).unwrap();
    assert_eq!(
        full["winning_moves"].as_array().unwrap().len() as u64,
        count
    );
}

#[test]
fn analyze_rejects_bad_positions() {
    assert_input_error(&["analyze", "end-piles", "3 0 4"], "", "column 3");
    assert_input_error(&["analyze", "box-fill", "7/6"], "", "capacity");
    assert_input_error(&["analyze", "bounded-take", "5/x"], "", "column 1");
}

#[test]
fn verify_prints_one_line_per_game() {
    let output = grundy()
        .args(["verify", "end-piles", "box-fill", "--size", "3"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert!(
        lines[0].starts_with("end-piles: checked ")
            && lines[0].ends_with(" positions, 0 disagreements")
    );
    assert!(lines[1].starts_with("box-fill: checked "));
}

#[test]
fn list_names_every_game() {
    let output = grundy().arg("list").output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    for game in [
        "end-piles",
        "take-or-merge",
        "chocolate",
        "bounded-take",
        "bean-split",
        "box-fill",
    ] {
        assert!(stdout.contains(game));
    }
    assert!(stdout.contains("arc091f") && stdout.contains("hdu1729"));
}

#[test]
fn verify_refuses_sizes_that_cannot_fit() {
    let output = grundy()
        .args(["verify", "end-piles", "--size", "100"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("at most")
    );
}

#[test]
fn long_bean_split_cases_are_read_in_parallel_exactly() {
    // Cases long enough for the parallel reader, back to back: each answer must equal the
    // position's own answer (computed from its counts, not from the judge reader's parities).
    let mut state = 11u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let rows: Vec<Vec<u64>> = [150_000usize, 90_001, 3]
        .iter()
        .map(|&n| (0..n).map(|_| next() % 40 * (next() % 3).min(1)).collect())
        .collect();
    let mut input = format!("{}\n", rows.len());
    let mut expected = String::new();
    for row in &rows {
        let _ = writeln!(input, "{}\n{}", row.len(), join(row));
        let answer = BeanSplit::new(row.clone()).judge_answer();
        match answer.first_move {
            Some(mv) => {
                let _ = writeln!(expected, "{} {} {}", mv.from, mv.to_j, mv.to_k);
            }
            None => expected.push_str("-1 -1 -1\n"),
        }
        let _ = writeln!(expected, "{}", answer.count);
    }
    assert_eq!(solve("bean-split", None, &input), expected);
    // A bad token deep in a long case is located exactly, and nothing is printed.
    let mut tokens: Vec<String> = rows[0].iter().map(u64::to_string).collect();
    tokens[123_456] = "12x".to_string();
    let column = tokens[..123_456].iter().map(|t| t.len() + 1).sum::<usize>() + 1;
    let bad = format!("1\n{}\n{}\n", tokens.len(), tokens.join(" "));
    assert_input_error(
        &["solve", "bean-split"],
        &bad,
        &format!("line 3, column {column}"),
    );
}

/// The commands, as `grundy --help` lists them.
fn subcommands() -> Vec<String> {
    let help = grundy().arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    help.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_help_has_examples_that_run() {
    let commands = subcommands();
    assert!(commands.len() >= 10, "{commands:?}");
    let root = env!("CARGO_MANIFEST_DIR");
    let mut ran = 0;
    for command in &commands {
        let help = grundy().args([command, "--help"]).output().unwrap();
        assert!(help.status.success());
        let help = String::from_utf8(help.stdout).unwrap();
        let examples: Vec<&str> = help
            .lines()
            .skip_while(|line| *line != "Examples:")
            .skip(1)
            .take_while(|line| !line.is_empty())
            .map(str::trim)
            .collect();
        assert!(
            examples.len() >= 2,
            "`grundy {command} --help` shows fewer than two examples:\n{help}"
        );
        for example in examples {
            let words = example
                .strip_prefix("grundy ")
                .unwrap_or_else(|| panic!("example `{example}` does not start with `grundy `"));
            assert_eq!(words.split_whitespace().next(), Some(command.as_str()));
            // Examples that run a program of the reader's, start a server, pipe, write files
            // or run for long are shown, not run.
            let shown_only = [" -- ", "serve", "|", ">", "*", "--ring", "--plot"]
                .iter()
                .any(|mark| words.contains(mark));
            if shown_only {
                continue;
            }
            let (words, stdin) = match words.split_once(" < ") {
                Some((words, file)) => (words, std::fs::read(format!("{root}/{file}")).unwrap()),
                None => (words, Vec::new()),
            };
            let args: Vec<String> = words
                .split_whitespace()
                .map(|word| word.trim_matches('\'').to_string())
                .collect();
            let output = grundy()
                .current_dir(root)
                .args(&args)
                .write_stdin(stdin)
                .output()
                .unwrap();
            assert!(
                output.status.success(),
                "the example `{example}` failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 20, "only {ran} examples ran");
}

#[test]
fn a_bad_count_names_its_own_option() {
    for (args, option) in [
        (["census", "kayles", "--budget", "ten"], "--budget `ten`"),
        (["census", "kayles", "--to", "2^x"], "--to `2^x`"),
        (["table", "kayles", "--to", "2^99"], "--to `2^99`"),
    ] {
        let output = grundy().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with(&format!("error: {option} is not a number")),
            "{stderr}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Nim keeps its heaps sorted: whatever order they are typed in, the report names the sorted
    /// position, and each winning move `h-k` (heap h of that position, take k) leads to the
    /// position it names, of nim-sum 0.
    #[test]
    fn nim_moves_are_numbered_in_the_position_reported(heaps in prop::collection::vec(1u64..40, 1..6)) {
        let typed = heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        let output = grundy().args(["analyze", "nim", &typed, "--json"]).output().unwrap();
        let report: serde_json::Value =
            serde_json::from_str(&common::stdout_of_success(output)).unwrap();
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let reported: Vec<u64> = report["position"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        prop_assert_eq!(&reported, &sorted);
        for listed in report["winning_moves"].as_array().unwrap() {
            let (heap, take) = listed["move"].as_str().unwrap().split_once('-').unwrap();
            let (heap, take): (usize, u64) = (heap.parse().unwrap(), take.parse().unwrap());
            let mut after = sorted.clone();
            after[heap - 1] -= take;
            after.retain(|&n| n > 0);
            after.sort_unstable();
            prop_assert_eq!(after.iter().fold(0, |sum, n| sum ^ n), 0);
            let to: Vec<u64> = listed["to"]
                .as_str()
                .unwrap()
                .split(' ')
                .filter(|n| !n.is_empty())
                .map(|n| n.parse().unwrap())
                .collect();
            prop_assert_eq!(to, after);
        }
    }
}
