//! Script games: the example scripts against the built-in games (Kayles against 0.77,
//! take-or-merge against its theory), conjectures refuted with the smallest counter-example, and
//! hostile scripts that must end with a clear error and exit status 2.

use assert_cmd::Command;
use grundy::core::{ExhaustiveSolver, Nimber};
use grundy::families::Heaps;
use grundy::search::{GameRules, Search};
use grundy::{Game, resolve};
use proptest::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

const KAYLES: &str = "examples/games/kayles.rhai";
const TAKE_OR_MERGE: &str = "examples/games/take-or-merge.rhai";
const CRAM: &str = "examples/games/cram.rhai";

fn grundy() -> Command {
    let mut command = Command::cargo_bin("grundy").expect("the binary is built");
    command.timeout(Duration::from_secs(120));
    command
}

fn game(spelling: &str) -> Box<dyn Game> {
    resolve(spelling).unwrap_or_else(|e| panic!("{spelling}: {e}"))
}

/// The standard output of `grundy ARGS`, which must succeed.
fn succeeds(args: &[&str]) -> String {
    let output = grundy().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Writes a script into a fresh temporary directory and returns its path.
fn script(name: &str, source: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("grundy-script-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.rhai"));
    std::fs::write(&path, source).unwrap();
    path
}

/// Every multiset of at most `count` heaps of 1..=`largest`.
fn heap_lists(count: usize, largest: u64) -> Vec<Vec<u64>> {
    let mut lists = vec![vec![]];
    let mut last = vec![vec![]];
    for _ in 0..count {
        let mut next = Vec::new();
        for list in &last {
            let from = list.last().copied().unwrap_or(1);
            for heap in from..=largest {
                let mut longer = list.clone();
                longer.push(heap);
                next.push(longer);
            }
        }
        lists.extend(next.iter().cloned());
        last = next;
    }
    lists
}

fn text(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn kayles_script_equals_the_built_in_0_77() {
    let script = game(KAYLES);
    let built_in = game("0.77");
    let script_values = script.heap_game().unwrap().values_up_to(120).unwrap();
    let built_in_values = built_in.heap_game().unwrap().values_up_to(120).unwrap();
    let first = |values: &grundy::families::Values| -> Vec<_> {
        (0..=120).map(|n| values.value(n)).collect()
    };
    assert_eq!(first(&script_values), first(&built_in_values));
    for heaps in heap_lists(3, 14) {
        let position = text(&heaps);
        let mut ours = script.moves(&position, usize::MAX).unwrap();
        let mut theirs = built_in.moves(&position, usize::MAX).unwrap();
        ours.moves.sort_by(|a, b| a.notation.cmp(&b.notation));
        theirs.moves.sort_by(|a, b| a.notation.cmp(&b.notation));
        assert_eq!(ours, theirs, "{position}");
        let ours = script.analyze(&position, 100).unwrap().to_json();
        let theirs = built_in.analyze(&position, 100).unwrap().to_json();
        assert_eq!(
            ours.replace(KAYLES, "0.77"),
            theirs.replace("examples/games/kayles.rhai", "0.77"),
            "{position}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn kayles_script_agrees_on_random_positions(heaps in prop::collection::vec(1u64..=200, 0..=6)) {
        let position = text(&heaps);
        let mut ours = game(KAYLES).moves(&position, usize::MAX).unwrap();
        let mut theirs = game("kayles").moves(&position, usize::MAX).unwrap();
        ours.moves.sort_by(|a, b| a.notation.cmp(&b.notation));
        theirs.moves.sort_by(|a, b| a.notation.cmp(&b.notation));
        prop_assert_eq!(ours, theirs);
    }
}

#[test]
fn take_or_merge_script_agrees_with_the_built_in_theory() {
    let script = game(TAKE_OR_MERGE);
    let built_in = game("take-or-merge");
    let mut checked = 0;
    for heaps in heap_lists(6, 9) {
        if heaps.iter().sum::<u64>() > 11 {
            continue;
        }
        let position = text(&heaps);
        // (A limit below usize::MAX: the built-in's `some_moves` adds one to it.)
        let ours = script.moves(&position, 1000).unwrap();
        let theirs = built_in.moves(&position, 1000).unwrap();
        assert_eq!(ours.winner, theirs.winner, "{position}");
        assert_eq!(ours.position, theirs.position);
        // The winning moves' positions, by the script's search and by the built-in theory.
        let winning = |game: &dyn Game| {
            let report = game.analyze(&position, usize::MAX).unwrap();
            let value: serde_json::Value = serde_json::to_value(&report).unwrap();
            let mut to: Vec<String> = value["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["to"].as_str().unwrap().to_string())
                .collect();
            to.sort();
            to
        };
        assert_eq!(winning(&*script), winning(&*built_in), "{position}");
        // The script's move names are the built-in notation.
        let mut names: Vec<String> = ours.moves.iter().map(|m| m.notation.clone()).collect();
        let mut built_in_names: Vec<String> =
            theirs.moves.iter().map(|m| m.notation.clone()).collect();
        names.sort();
        built_in_names.sort();
        built_in_names.dedup();
        assert_eq!(names, built_in_names, "{position}");
        checked += 1;
    }
    assert_eq!(checked, 166);
}

#[test]
fn example_conjectures_hold_or_are_refuted() {
    let kayles = succeeds(&["verify", KAYLES]);
    assert!(
        kayles.contains("kayles.rhai (conjecture): checked 421 positions, 0 disagreements"),
        "{kayles}"
    );
    let take_or_merge = succeeds(&["verify", TAKE_OR_MERGE, "--size", "9"]);
    assert!(
        take_or_merge.contains("(conjecture): checked 97 positions, 0 disagreements"),
        "{take_or_merge}"
    );
    // Cram's guess for odd x odd boards fails on 3 x 3, the first such board in order.
    let output = grundy().args(["verify", CRAM]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("smallest counter-example: `.../.../...`: the conjecture says it is won"),
        "{stdout}"
    );
    assert!(stdout.contains("every one of its 12 moves"), "{stdout}");
}

/// A Kayles conjecture that forgets the exceptions: G(n) = the period-12 pattern everywhere.
const WRONG_KAYLES: &str = r#"
fn heap_options(n) {
    let options = [];
    for take in 1..=2 {
        if take > n { break; }
        for a in 0..=(n - take) / 2 { options.push([a, n - take - a]); }
    }
    options
}
fn grundy(p) {
    let value = 0;
    for n in p { value = value ^ [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7][n % 12]; }
    value
}
"#;

#[test]
fn a_wrong_conjecture_yields_the_smallest_counter_example() {
    // The referee, independently: the built-in Kayles searched exhaustively, in the order of the
    // heap enumerator, against the same wrong formula written in Rust.
    let period = [4u64, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
    let kayles = game("kayles");
    let positions = grundy::families::heaps::small_positions(kayles.heap_game().unwrap(), 12);
    let mut solver = ExhaustiveSolver::new();
    let wrong: Vec<&Heaps> = positions
        .iter()
        .filter(|p| {
            let claimed = p
                .heaps()
                .iter()
                .fold(0, |v, &n| v ^ period[(n % 12) as usize]);
            solver.grundy_value(*p) != Nimber(claimed)
        })
        .collect();
    let first = wrong[0];
    let path = script("wrong-kayles", WRONG_KAYLES);
    let output = grundy()
        .args(["verify", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains(&format!(
            "(conjecture): checked {} positions, {} disagreements",
            positions.len(),
            wrong.len()
        )),
        "{stdout}"
    );
    let claimed = first
        .heaps()
        .iter()
        .fold(0, |v, &n| v ^ period[(n % 12) as usize]);
    assert!(
        stdout.contains(&format!(
            "smallest counter-example: `{first}`: the conjecture says Grundy value {claimed}, \
             exhaustive search says Grundy value {}",
            solver.grundy_value(first).0
        )),
        "{stdout}"
    );
}

#[test]
fn verify_from_checks_every_reachable_position_children_first() {
    // is_lost claims "lost iff the number of stones is even" — wrong, and the smallest
    // counter-example reachable from `2 2` is found before any position that reaches it.
    let source = format!(
        "{}\nfn is_lost(p) {{ p.reduce(|s, x| s + x, 0) % 2 == 0 }}",
        std::fs::read_to_string(TAKE_OR_MERGE)
            .unwrap()
            .replace("fn is_lost(piles)", "fn old_is_lost(piles)")
    );
    let path = script("parity", &source);
    let output = grundy()
        .args(["verify", path.to_str().unwrap(), "--from", "2 2"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    // `1 1` (two stones) is won: merge into `2`... which is won too; `1 1` -> `1` wins.
    assert!(
        stdout.contains("smallest counter-example: `1 1`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("wins: it leaves a position of value 0"),
        "{stdout}"
    );
    let reachable = succeeds(&["verify", TAKE_OR_MERGE, "--from", "3 3 1"]);
    assert!(reachable.contains(" 0 disagreements"), "{reachable}");
}

#[test]
fn analyze_and_play_a_board_game() {
    let output = grundy().args(["analyze", CRAM, "2x3"]).output().unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.starts_with("game:     examples/games/cram.rhai\nposition: .../...\n"));
    // 2 x 3: the first player wins (one side even), by covering the two central cells.
    assert!(stdout.contains("winner:   first"), "{stdout}");
    assert!(stdout.contains("b1-b2"), "{stdout}");
    let output = grundy()
        .args(["play", CRAM, "2x2", "--first", "human"])
        .write_stdin("moves\na1-b1\na2-b2\n")
        .output()
        .unwrap();
    let transcript = String::from_utf8(output.stdout).unwrap();
    assert!(output.status.success(), "{transcript}");
    assert!(transcript.contains("legal moves:"), "{transcript}");
    assert!(
        transcript.trim_end().ends_with("winner: computer"),
        "{transcript}"
    );
}

#[test]
fn the_session_memo_serves_many_positions_of_an_options_script() {
    // The options form of Kayles, searched through the generic adapter, against 0.77.
    let path = script(
        "kayles-options",
        r#"
fn options(p) {
    let out = [];
    for i in 0..p.len() {
        if i > 0 && p[i] == p[i - 1] { continue; }
        let rest = p;
        rest.remove(i);
        for take in 1..=2 {
            if take > p[i] { break; }
            let left = p[i] - take;
            for a in 0..=left / 2 {
                let q = rest;
                if a > 0 { q.push(a); }
                if left - a > 0 { q.push(left - a); }
                q.sort();
                out.push(q);
            }
        }
    }
    out
}
"#,
    );
    let ours = game(path.to_str().unwrap());
    let search = Search::new(Arc::new(GameRules::<Heaps>::new()), 1 << 20);
    let kayles = game("kayles");
    for heaps in heap_lists(3, 9) {
        let position = text(&heaps);
        let mine = ours.moves(&position, 0).unwrap();
        let referee = search
            .value(&kayles.heap_game().unwrap().position(heaps.clone()).unwrap())
            .unwrap();
        assert_eq!(mine.grundy, Some(referee.0), "{position}");
    }
}

/// Runs `grundy ARGS` and checks the failure: exit 2, nothing on stdout, `error: ` and `needle`
/// on stderr.
fn fails_cleanly(args: &[&str], needle: &str) {
    let output = grundy().args(args).output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(needle), "{args:?}: {stderr}");
}

#[test]
fn hostile_scripts_end_with_a_clear_error() {
    let cases: [(&str, &str, &str); 8] = [
        (
            "endless",
            "fn options(p) {\n  loop { }\n}",
            "operations in one call (an endless loop?) (in options([1]))",
        ),
        (
            "recursion",
            "fn deeper(n) { deeper(n + 1) }\nfn options(p) { deeper(0) }",
            "recursion too deep",
        ),
        (
            "allocation",
            "fn options(p) {\n  let a = [];\n  a.pad(1000000000, 0);\n  [a]\n}",
            "too large",
        ),
        (
            "nested-allocation",
            "fn options(p) {\n  let b = [];\n  b.pad(1000000, 0);\n  let a = [];\n  a.pad(1000000, b);\n  [a]\n}",
            "too large",
        ),
        (
            "syntax",
            "fn options(p) {\n  [[1, 2]\n}",
            "syntax.rhai:3:1: Expecting ','",
        ),
        ("runtime", "fn options(p) {\n  p[7]\n}", "runtime.rhai:2:"),
        (
            "import",
            "import \"secret\" as s;\nfn options(p) { [] }",
            "import.rhai:1:1:",
        ),
        (
            "file",
            "fn options(p) { open_file(\"/etc/passwd\") }",
            "Function not found: open_file",
        ),
    ];
    for (name, source, needle) in cases {
        let path = script(name, source);
        fails_cleanly(&["analyze", path.to_str().unwrap(), "1"], needle);
    }
    // A game with cycles is analysed (tests/script_cycles.rs), but not played.
    let cycle = script(
        "cycle",
        "fn options(p) { if p[0] > 5 { [] } else { [[(p[0] + 1) % 3]] } }",
    );
    fails_cleanly(
        &["play", cycle.to_str().unwrap(), "1"],
        "this position can repeat; a script game with cycles is analysed",
    );
    let growing = script("growing", "fn heap_options(n) { [[n]] }");
    fails_cleanly(
        &["analyze", growing.to_str().unwrap(), "3"],
        "a move must leave heaps smaller",
    );
    let wrong_type = script("wrong-type", "fn options(p) { \"abc\" }");
    fails_cleanly(
        &["analyze", wrong_type.to_str().unwrap(), "1"],
        "returned string, not an array of positions",
    );
}

#[test]
fn malformed_positions_and_spellings_are_errors() {
    fails_cleanly(
        &["analyze", CRAM, "3y4"],
        "a cell is . (empty) or # (filled)",
    );
    fails_cleanly(&["analyze", KAYLES, "3 x"], "column 3");
    fails_cleanly(&["analyze", KAYLES, "3 200000"], "too large");
    fails_cleanly(
        &["analyze", "no-such-game.rhai", "1"],
        "cannot read no-such-game.rhai",
    );
    fails_cleanly(&["analyze", "game.lua", "1"], "not Lua");
    let plain = script("plain", "fn options(p) { [] }");
    fails_cleanly(
        &["analyze", plain.to_str().unwrap(), "1 x"],
        "column 3: `x` is not an integer",
    );
    fails_cleanly(
        &["verify", plain.to_str().unwrap()],
        "defines no conjecture",
    );
    fails_cleanly(
        &["verify", "kayles", "--from", "3"],
        "--from works for script games",
    );
    // A session that may store only 1000 positions refuses a larger game instead of searching.
    let counting = grundy::script::Script::compile(
        "counting.rhai",
        "fn options(p) { let out = []; for i in 0..p.len() { if p[i] > 0 { let q = p; \
         q[i] -= 1; out.push(q); } } out }",
    )
    .unwrap();
    let small = grundy::script::ScriptGame::new(Arc::new(counting), 1000);
    assert!(small.moves("5 5", 0).is_ok());
    let error = small.moves("20 20 20", 0).unwrap_err().to_string();
    assert!(error.contains("too large for exhaustive search"), "{error}");
}

/// A script for the octal code `0.d1d2…`, written from the definition of the digits.
fn octal_script(digits: &[u8]) -> String {
    let listed: Vec<String> = digits.iter().map(u8::to_string).collect();
    format!(
        r#"
fn heap_options(n) {{
    let d = [0, {}];
    let out = [];
    for k in 1..d.len() {{
        if k > n {{ break; }}
        let left = n - k;
        if (d[k] & 1) != 0 && left == 0 {{ out.push([]); }}
        if (d[k] & 2) != 0 && left > 0 {{ out.push([left]); }}
        if (d[k] & 4) != 0 && left >= 2 {{
            for a in 1..=left / 2 {{ out.push([a, left - a]); }}
        }}
    }}
    out
}}
"#,
        listed.join(", ")
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn octal_scripts_equal_the_built_in_codes(digits in prop::collection::vec(0u8..8, 1..=4)) {
        let code = format!(
            "0.{}",
            digits.iter().map(u8::to_string).collect::<String>()
        );
        let name = format!("octal-{}", code.replace('.', "_"));
        let path = script(&name, &octal_script(&digits));
        let ours = game(path.to_str().unwrap());
        let theirs = game(&code);
        let ours = ours.heap_game().unwrap().values_up_to(80).unwrap();
        let theirs = theirs.heap_game().unwrap().values_up_to(80).unwrap();
        let first = |values: &grundy::families::Values| -> Vec<_> {
            (0..=80).map(|n| values.value(n)).collect()
        };
        prop_assert_eq!(first(&ours), first(&theirs), "{}", code);
        // The script's options are recognised as the code's (spelled canonically).
        let recognised = game(path.to_str().unwrap());
        let rule = recognised.heap_game().unwrap();
        rule.values_up_to(30).unwrap();
        let canonical = game(&code).info().name.clone();
        if let grundy::families::HeapRule::Script(script) = rule.rule() {
            let found = script.recognised_code().map(|(code, up_to)| (code.to_string(), up_to));
            prop_assert_eq!(found, Some((canonical, 30)));
        } else {
            prop_assert!(false, "a script rule");
        }
    }
}

#[test]
fn table_of_a_heap_script_observes_and_names_the_code_it_matches() {
    let run = |args: &[&str]| {
        let output = Command::cargo_bin("grundy")
            .unwrap()
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        serde_json::from_slice::<serde_json::Value>(&output.stdout).unwrap()
    };
    let script = run(&[
        "table",
        "examples/games/kayles.rhai",
        "--to",
        "300",
        "--json",
    ]);
    let built_in = run(&["table", "0.77", "--to", "300", "--json"]);
    // The same values (checksum) as the built-in code, but no proof claimed for the script.
    assert_eq!(script["checksum"], built_in["checksum"]);
    assert_eq!(script["last"], built_in["last"]);
    assert!(script["proved"].is_null() && script["period"].is_null());
    assert_eq!(script["observed"]["period"], 12);
    assert_eq!(script["observed"]["saltus"], 0);
    assert!(
        script["no_theorem"].as_str().unwrap().contains("0.77"),
        "{script}"
    );
}
