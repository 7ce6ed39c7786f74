//! `grundy judge` and `grundy interact` against real programs: contest solutions with the
//! classic mistakes (C++ compiled here with `g++`, Python run with `python3`) are rejected with
//! a shrunk input of a few piles, correct ones are accepted, a perfect Kayles bot wins every
//! game and a random one loses, and programs that hang, crash, flood or spawn children never
//! hang grundy nor outlive it.
//!
//! Correct solutions live in `examples/contest/` (those of docs/contest.md), wrong ones in
//! `tests/contest_programs/`. Every shrunk input is checked independently: `grundy solve` on it
//! must print the reported expected output, and the program itself, run here directly, must
//! print something else.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Mutex, OnceLock};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A scratch directory of this test binary, created on demand.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("contest")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The C++ program `source` (relative to the crate root), compiled once with `g++ -O2`.
fn compiled(source: &str) -> PathBuf {
    static BUILT: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let mut built = BUILT.get_or_init(Default::default).lock().unwrap();
    if let Some(path) = built.get(source) {
        return path.clone();
    }
    let name = Path::new(source).file_stem().unwrap().to_str().unwrap();
    let binary = scratch("bin").join(name);
    let status = std::process::Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(Path::new(ROOT).join(source))
        .status()
        .expect("g++ is installed");
    assert!(status.success(), "g++ failed on {source}");
    built.insert(source.to_string(), binary.clone());
    binary
}

/// The Python interpreter itself (not a version manager's shim, which may take longer to start
/// than a time limit).
fn python() -> String {
    static PYTHON: OnceLock<String> = OnceLock::new();
    PYTHON
        .get_or_init(|| {
            let output = std::process::Command::new("python3")
                .args(["-c", "import sys; print(sys.executable)"])
                .output()
                .expect("python3 is installed");
            String::from_utf8(output.stdout).unwrap().trim().to_string()
        })
        .clone()
}

/// The command line of a program: a compiled C++ file or a Python script, with arguments.
fn program(source: &str, args: &[&str]) -> Vec<String> {
    let mut words = if source.ends_with(".py") {
        vec![python(), Path::new(ROOT).join(source).display().to_string()]
    } else {
        vec![compiled(source).display().to_string()]
    };
    words.extend(args.iter().map(|arg| arg.to_string()));
    words
}

/// Runs `grundy interact GAME --games GAMES --seed SEED --time-limit SECONDS -- PROGRAM` in a
/// scratch directory; returns the exit status and the JSON report.
fn interact(
    dir: &str,
    game: &str,
    games: u32,
    seed: u64,
    seconds: u32,
    program: &[String],
) -> (i32, Value) {
    let (games, seed, seconds) = (games.to_string(), seed.to_string(), seconds.to_string());
    let args = [
        "interact",
        game,
        "--games",
        &games,
        "--seed",
        &seed,
        "--time-limit",
        &seconds,
    ];
    contest(dir, &args, program)
}

/// Runs `grundy ARGS -- PROGRAM` in a scratch directory; returns the exit status and the JSON
/// report.
fn contest(dir: &str, args: &[&str], program: &[String]) -> (i32, Value) {
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .current_dir(scratch(dir))
        .args(args)
        .arg("--json")
        .arg("--")
        .args(program)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|_| {
        panic!(
            "not one JSON report: {stdout}\nstderr: {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code().unwrap(), report)
}

/// The cases of a rendered input of a counted (`T`-first) format, each its numbers (`arity` per
/// item).
fn counted_cases(input: &str, arity: u64) -> Vec<Vec<u64>> {
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap());
    let cases = numbers.next().unwrap();
    (0..cases)
        .map(|_| {
            let n = numbers.next().unwrap();
            (0..n * arity).map(|_| numbers.next().unwrap()).collect()
        })
        .collect()
}

/// Checks a rejection report independently: grundy's solver gives the expected output, the
/// program itself gives the reported (different) output; returns the shrunk input.
fn check_rejection(
    dir: &str,
    report: &Value,
    game: &str,
    dialect: Option<&str>,
    program: &[String],
) -> String {
    let input = report["input"].as_str().unwrap().to_string();
    let expected = report["expected"].as_str().unwrap();
    let mut solve = Command::cargo_bin("grundy").unwrap();
    solve.args(["solve", game]);
    if let Some(dialect) = dialect {
        solve.args(["--dialect", dialect]);
    }
    let solved = solve.write_stdin(input.clone()).output().unwrap();
    assert_eq!(String::from_utf8(solved.stdout).unwrap(), expected);
    if report["verdict"] == "wrong_answer" {
        let mut child = std::process::Command::new(&program[0])
            .args(&program[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let got = child.wait_with_output().unwrap();
        let got = String::from_utf8(got.stdout).unwrap();
        assert_eq!(got, report["got"].as_str().unwrap());
        assert_ne!(
            got.split_ascii_whitespace().collect::<Vec<_>>(),
            expected.split_ascii_whitespace().collect::<Vec<_>>()
        );
    }
    let saved = report["saved"].as_str().expect("the input is saved");
    assert_eq!(
        std::fs::read_to_string(scratch(dir).join(saved)).unwrap(),
        input
    );
    input
}

/// Judges a wrong solution: it must be rejected with a wrong answer, checked independently, on
/// a shrunk input of one case; returns that case's numbers.
fn rejected(dir: &str, game: &str, extra: &[&str], source: &str, arity: u64) -> Vec<u64> {
    let words = program(source, &[]);
    let mut args = vec!["judge", game, "--seed", "11", "--time-limit", "10"];
    args.extend_from_slice(extra);
    let (status, report) = contest(dir, &args, &words);
    assert_eq!(status, 1, "{report}");
    assert_eq!(report["verdict"], "wrong_answer", "{report}");
    assert_eq!(report["seed"], 11);
    let input = check_rejection(dir, &report, game, None, &words);
    let cases = counted_cases(&input, arity);
    assert_eq!(cases.len(), 1, "shrunk to one case: {input}");
    assert_eq!(report["case"], 1);
    cases.into_iter().next().unwrap()
}

#[test]
fn take_or_merge_with_piles_of_one_like_the_others_is_rejected_on_two_piles() {
    let piles = rejected(
        "take-or-merge-wrong",
        "take-or-merge",
        &[],
        "examples/contest/take_or_merge_wrong.cpp",
        1,
    );
    assert!(piles.len() <= 3, "{piles:?}");
    assert!(
        piles.contains(&1),
        "the mistake is about piles of 1: {piles:?}"
    );
}

#[test]
fn end_piles_with_the_copied_boundary_is_rejected_on_four_piles() {
    let piles = rejected(
        "end-piles-wrong",
        "end-piles",
        &[],
        "tests/contest_programs/end_piles_boundary.cpp",
        1,
    );
    assert!(piles.len() <= 4, "{piles:?}");
}

#[test]
fn bean_split_counting_moves_from_empty_bottles_is_rejected() {
    let bottles = rejected(
        "bean-split-wrong",
        "bean-split",
        &["--cases", "300"],
        "tests/contest_programs/bean_split_empty_bottles.py",
        1,
    );
    assert!(bottles.len() <= 6, "{bottles:?}");
    assert!(bottles.contains(&0), "an empty bottle: {bottles:?}");
}

#[test]
fn box_fill_off_by_one_at_the_threshold_is_rejected_on_one_box() {
    let output = rejected(
        "box-fill-wrong",
        "box-fill",
        &[],
        "tests/contest_programs/box_fill_threshold.py",
        2,
    );
    // One box: its capacity and contents.
    assert_eq!(output.len(), 2, "{output:?}");
}

/// The cases of a chocolate input (BZOJ 1299's layout: no count line, each `n` then `n` bars).
fn chocolate_cases(input: &str) -> Vec<Vec<u64>> {
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|token| token.parse::<u64>().unwrap());
    let mut cases = Vec::new();
    while let Some(n) = numbers.next() {
        cases.push(numbers.by_ref().take(n as usize).collect::<Vec<_>>());
    }
    cases
}

#[test]
fn chocolate_skipping_the_full_set_is_rejected_on_few_bars() {
    let words = program("tests/contest_programs/chocolate_subsets.py", &[]);
    let (status, report) = contest(
        "chocolate-wrong",
        &["judge", "chocolate", "--seed", "3", "--time-limit", "10"],
        &words,
    );
    assert_eq!(status, 1);
    assert_eq!(report["verdict"], "wrong_answer");
    let input = check_rejection("chocolate-wrong", &report, "chocolate", None, &words);
    // Ten cases, as BZOJ 1299 always gives: the failing one of at most three bars first, the
    // other nine the smallest box (one bar of length 1).
    let cases = chocolate_cases(&input);
    assert_eq!(cases.len(), 10, "{input}");
    assert!(!cases[0].is_empty() && cases[0].len() <= 3, "{input}");
    assert!(cases[1..].iter().all(|case| case == &[1]), "{input}");
}

#[test]
fn chocolate_reading_exactly_ten_rounds_is_accepted_and_its_mistake_found_in_ten() {
    let source = "tests/contest_programs/chocolate_ten_rounds.py";
    accepted("ok-ch10", "chocolate", &PYTHON_CASES, source, &[]);
    let words = program(source, &["--wrong"]);
    let (status, report) = contest(
        "ch10-wrong",
        &["judge", "chocolate", "--seed", "4", "--time-limit", "10"],
        &words,
    );
    assert_eq!(
        (status, &report["verdict"]),
        (1, &Value::from("wrong_answer"))
    );
    let input = check_rejection("ch10-wrong", &report, "chocolate", None, &words);
    let cases = chocolate_cases(&input);
    assert_eq!(cases.len(), 10, "{input}");
    assert!(cases[1..].iter().all(|case| case == &[1]), "{input}");
}

#[test]
fn bounded_take_in_32_bits_passes_the_limits_and_fails_beyond_them() {
    let source = "tests/contest_programs/bounded_take_32bit.cpp";
    let words = program(source, &[]);
    let (status, report) = contest(
        "bounded-take-32",
        &["judge", "bounded-take", "--seed", "5", "--cases", "300"],
        &words,
    );
    assert_eq!((status, &report["verdict"]), (0, &Value::from("accepted")));
    let (status, report) = contest(
        "bounded-take-32",
        &[
            "judge",
            "bounded-take",
            "--seed",
            "5",
            "--beyond",
            "--time-limit",
            "10",
        ],
        &words,
    );
    assert_eq!(status, 1, "{report}");
    assert!(
        report["verdict"] == "wrong_answer" || report["verdict"] == "runtime_error",
        "{report}"
    );
    let input = check_rejection("bounded-take-32", &report, "bounded-take", None, &words);
    let cases = counted_cases(&input, 2);
    assert_eq!(cases.len(), 1, "{input}");
    // One pile `num b`, with a number that does not fit in 32 bits.
    assert_eq!(cases[0].len(), 2, "{input}");
    assert!(cases[0].iter().any(|&n| n >= 1 << 32), "{input}");
}

/// Judges a correct solution: it must be accepted on all the inputs asked for.
fn accepted(dir: &str, game: &str, extra: &[&str], source: &str, args: &[&str]) {
    let words = program(source, args);
    let mut all = vec!["judge", game, "--seed", "2", "--time-limit", "10"];
    all.extend_from_slice(extra);
    let (status, report) = contest(dir, &all, &words);
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["verdict"], "accepted");
    let cases = report["cases"].as_u64().unwrap();
    let asked: u64 = extra
        .windows(2)
        .find(|pair| pair[0] == "--cases")
        .map(|pair| pair[1].parse().unwrap())
        .unwrap_or(1000);
    assert_eq!(cases, asked, "{report}");
    assert!(report["exhaustive"].as_u64().unwrap() > 0);
}

#[test]
fn correct_cpp_solutions_are_accepted() {
    let cases = ["--cases", "400"];
    accepted(
        "ok-tom",
        "take-or-merge",
        &cases,
        "examples/contest/take_or_merge.cpp",
        &[],
    );
    accepted(
        "ok-ep",
        "end-piles",
        &cases,
        "examples/contest/end_piles.cpp",
        &[],
    );
    accepted(
        "ok-bt",
        "bounded-take",
        &cases,
        "examples/contest/bounded_take.cpp",
        &[],
    );
    accepted(
        "ok-bt",
        "bounded-take",
        &["--cases", "200", "--beyond"],
        "examples/contest/bounded_take.cpp",
        &[],
    );
    accepted(
        "ok-arc",
        "bounded-take",
        &["--cases", "200", "--dialect", "arc091f"],
        "examples/contest/bounded_take.cpp",
        &["arc091f"],
    );
}

// Python starts slowly on a loaded machine: fewer inputs, and a test per program so that they
// share the cores with the rest.
const PYTHON_CASES: [&str; 2] = ["--cases", "50"];

#[test]
fn correct_bean_split_in_python_is_accepted() {
    accepted(
        "ok-bs",
        "bean-split",
        &PYTHON_CASES,
        "examples/contest/bean_split.py",
        &[],
    );
}

#[test]
fn correct_chocolate_in_python_is_accepted() {
    accepted(
        "ok-ch",
        "chocolate",
        &PYTHON_CASES,
        "examples/contest/chocolate.py",
        &[],
    );
}

#[test]
fn correct_box_fill_in_python_is_accepted_in_both_dialects() {
    accepted(
        "ok-bf",
        "box-fill",
        &PYTHON_CASES,
        "examples/contest/box_fill.py",
        &[],
    );
    accepted(
        "ok-hdu",
        "box-fill",
        &["--cases", "50", "--dialect", "hdu1729"],
        "examples/contest/box_fill.py",
        &["hdu1729"],
    );
}

#[test]
fn a_seed_names_the_same_failure() {
    let words = program("tests/contest_programs/end_piles_boundary.cpp", &[]);
    let args = [
        "judge",
        "end-piles",
        "--seed",
        "99",
        "--cases",
        "50",
        "--time-limit",
        "10",
    ];
    let (_, first) = contest("seed-a", &args, &words);
    let (_, again) = contest("seed-b", &args, &words);
    for key in ["verdict", "cases", "input", "expected", "got", "found_size"] {
        assert_eq!(first[key], again[key], "{key}");
    }
}

/// Whether process `pid` still runs (a zombie waiting for a parent that never reaps it is
/// finished: it runs nothing and holds nothing but its entry in the process table).
fn running(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap().split_whitespace().next();
            state != Some("Z") && state != Some("X")
        }
        Err(_) => false,
    }
}

/// The pids a program wrote to `file`, after grundy has returned: none may still run.
fn assert_all_gone(file: &Path) {
    let pids: Vec<u32> = std::fs::read_to_string(file)
        .unwrap()
        .split_ascii_whitespace()
        .map(|pid| pid.parse().unwrap())
        .collect();
    assert!(!pids.is_empty(), "the program recorded its processes");
    // SIGKILL is delivered at once, but the kernel takes a moment to tear a process down.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while pids.iter().any(|&pid| running(pid)) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let left: Vec<u32> = pids.into_iter().filter(|&pid| running(pid)).collect();
    assert!(left.is_empty(), "processes left behind: {left:?}");
}

fn shell(script: &str) -> Vec<String> {
    vec!["sh".to_string(), "-c".to_string(), script.to_string()]
}

#[test]
fn a_hanging_program_with_children_is_killed_at_the_time_limit_with_them() {
    let pids = scratch("hang").join("pids");
    let _ = std::fs::remove_file(&pids);
    let script = format!(
        "echo $$ >> {0}; sleep 1000 & echo $! >> {0}; sleep 1000",
        pids.display()
    );
    let (status, report) = contest(
        "hang",
        &["judge", "end-piles", "--cases", "3", "--time-limit", "0.3"],
        &shell(&script),
    );
    assert_eq!(status, 1);
    assert_eq!(report["verdict"], "time_limit");
    assert_all_gone(&pids);
}

#[test]
fn ctrl_c_kills_the_programs_being_judged() {
    let pids = scratch("interrupt").join("pids");
    let _ = std::fs::remove_file(&pids);
    let script = format!(
        "echo $$ >> {0}; sleep 1000 & echo $! >> {0}; sleep 1000",
        pids.display()
    );
    let mut grundy = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .current_dir(scratch("interrupt"))
        .args([
            "judge",
            "end-piles",
            "--cases",
            "1",
            "--time-limit",
            "1000",
            "--",
        ])
        .args(shell(&script))
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the program and its child have written their pids.
    let started = std::time::Instant::now();
    while std::fs::read_to_string(&pids).map_or(0, |text| text.lines().count()) < 2 {
        assert!(started.elapsed() < std::time::Duration::from_secs(60));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(grundy.id() as i32),
        nix::sys::signal::Signal::SIGINT,
    )
    .unwrap();
    assert_eq!(grundy.wait().unwrap().code(), Some(130));
    assert_all_gone(&pids);
}

#[test]
fn children_left_behind_by_a_program_that_exits_are_killed() {
    let pids = scratch("orphans").join("pids");
    let _ = std::fs::remove_file(&pids);
    let script = format!(
        "sleep 1000 & echo $! >> {0}; cat > /dev/null; echo 1",
        pids.display()
    );
    let (status, report) = contest(
        "orphans",
        &["judge", "end-piles", "--cases", "4"],
        &shell(&script),
    );
    assert_eq!(status, 1);
    assert_eq!(report["verdict"], "wrong_answer");
    assert_all_gone(&pids);
}

#[test]
fn crashes_exit_statuses_and_floods_get_their_verdicts() {
    let (status, report) = contest(
        "crash",
        &["judge", "end-piles", "--cases", "2"],
        &shell("kill -SEGV $$"),
    );
    assert_eq!(
        (status, &report["verdict"]),
        (1, &Value::from("runtime_error"))
    );
    assert!(
        report["detail"].as_str().unwrap().contains("SIGSEGV"),
        "{report}"
    );

    let (status, report) = contest(
        "crash",
        &["judge", "take-or-merge", "--cases", "2"],
        &shell("echo oops >&2; exit 3"),
    );
    assert_eq!(
        (status, &report["verdict"]),
        (1, &Value::from("runtime_error"))
    );
    assert!(report["detail"].as_str().unwrap().contains("exit status 3"));
    assert_eq!(report["stderr"], "oops\n");

    let (status, report) = contest(
        "flood",
        &["judge", "chocolate", "--cases", "2"],
        &["yes".to_string()],
    );
    assert_eq!(
        (status, &report["verdict"]),
        (1, &Value::from("output_limit"))
    );
}

#[test]
fn a_program_that_cannot_start_or_a_game_without_a_format_is_an_error() {
    let missing = Command::cargo_bin("grundy")
        .unwrap()
        .current_dir(scratch("errors"))
        .args(["judge", "end-piles", "--", "./no-such-program"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(missing.stdout.is_empty());
    assert!(String::from_utf8_lossy(&missing.stderr).starts_with("error: cannot run"));
    for args in [
        &["judge", "kayles", "--", "cat"][..],
        &["judge", "box-fill", "--dialect", "nope", "--", "cat"],
        &["judge", "end-piles", "--cases", "0", "--", "cat"],
        &["judge", "end-piles", "--time-limit", "-1", "--", "cat"],
        &["interact", "kayles", "--games", "0", "--", "cat"],
        &["interact", "kayles", "3", "x", "--", "cat"],
    ] {
        let output = Command::cargo_bin("grundy")
            .unwrap()
            .current_dir(scratch("errors"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).starts_with("error:"),
            "{args:?}"
        );
    }
}

#[test]
fn a_perfect_kayles_bot_through_the_nim_sum_wins_every_game() {
    let bot = program("examples/contest/kayles_bot.py", &[]);
    let (status, report) = interact("kayles", "kayles", 25, 4, 10, &bot);
    assert_eq!(status, 0, "{report}");
    assert_eq!(report["verdict"], "accepted");
    assert_eq!(report["won"], 25);
    // A given position, with grundy moving first (1 2 3 is lost for the player to move).
    let (status, report) = contest(
        "kayles",
        &["interact", "kayles", "1", "2", "3", "--time-limit", "10"],
        &bot,
    );
    assert_eq!((status, &report["won"]), (0, &Value::from(1)), "{report}");
}

#[test]
fn the_cpp_kayles_bot_wins_every_game_too() {
    let bot = program("examples/contest/kayles_bot.cpp", &[]);
    let (status, report) = interact("kayles-cpp", "kayles", 40, 6, 10, &bot);
    assert_eq!((status, &report["won"]), (0, &Value::from(40)), "{report}");
}

#[test]
fn a_bot_asking_grundy_analyze_wins_every_game_of_every_game() {
    let grundy = assert_cmd::cargo::cargo_bin("grundy").display().to_string();
    for game in [
        "end-piles",
        "take-or-merge",
        "chocolate",
        "bounded-take",
        "bean-split",
        "box-fill",
        "box-fill-square",
        "dawsons-kayles",
        "sub:1,3,4",
    ] {
        let bot = program("tests/contest_programs/analyze_bot.py", &[&grundy, game]);
        let (status, report) = interact("analyze-bot", game, 6, 1, 20, &bot);
        assert_eq!(status, 0, "{game}: {report}");
        assert_eq!(report["won"], 6, "{game}: {report}");
    }
}

#[test]
fn a_random_kayles_bot_loses_and_the_lost_game_is_shown() {
    let bot = program("tests/contest_programs/kayles_random.py", &[]);
    let (status, report) = interact("kayles", "kayles", 25, 4, 10, &bot);
    assert_eq!(status, 1, "{report}");
    assert_eq!(report["verdict"], "wrong_answer");
    let record = &report["record"];
    let moves = record["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    // The game ends with grundy's move to the empty position: the program had no move left.
    let last = moves.last().unwrap();
    assert_eq!(last["by"], "grundy");
    assert_eq!(last["to"], "");
    assert!(
        report["first_mistake"]
            .as_str()
            .unwrap()
            .contains("a win for grundy")
    );
}

#[test]
fn an_illegal_move_is_rejected_and_quoted() {
    let bot = program("tests/contest_programs/kayles_illegal.py", &[]);
    let (status, report) = contest(
        "kayles",
        &["interact", "kayles", "4", "5", "--time-limit", "10"],
        &bot,
    );
    assert_eq!(status, 1, "{report}");
    assert_eq!(report["verdict"], "wrong_answer");
    let detail = report["detail"].as_str().unwrap();
    assert!(
        detail.contains("illegal move `1-3` at position 4 5"),
        "{detail}"
    );
}

#[test]
fn a_bot_that_hangs_or_leaves_is_stopped() {
    let pids = scratch("bot-hang").join("pids");
    let _ = std::fs::remove_file(&pids);
    let script = format!(
        "echo $$ >> {0}; sleep 1000 & echo $! >> {0}; sleep 1000",
        pids.display()
    );
    let (status, report) = contest(
        "bot-hang",
        &["interact", "kayles", "4", "5", "--time-limit", "0.3"],
        &shell(&script),
    );
    assert_eq!(
        (status, &report["verdict"]),
        (1, &Value::from("time_limit"))
    );
    assert_all_gone(&pids);

    let (status, report) = contest(
        "bot-hang",
        &["interact", "kayles", "4", "5"],
        &shell("exit 0"),
    );
    assert_eq!(
        (status, &report["verdict"]),
        (1, &Value::from("runtime_error"))
    );
}

// ---- The generators every game states beside its formats, through the library. ----

/// Every judge format of every game with one, with its game's name.
fn every_format() -> Vec<(String, grundy::judge::Format)> {
    let mut games = grundy::resolve::fixed_games();
    for name in ["turning-corners", "shiritori"] {
        games.push(grundy::resolve::resolve(name).unwrap());
    }
    games
        .iter()
        .flat_map(|game| {
            let name = game.info().name.clone();
            game.formats()
                .iter()
                .map(move |format| (name.clone(), *format))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Fewer random draws for the formats of a million items an input.
fn draws(shape: &grundy::judge::Shape, many: usize, few: usize) -> usize {
    if shape.limits.items.1 > 100_000 {
        few
    } else {
        many
    }
}

#[test]
fn random_inputs_respect_the_judge_limits_and_beyond_passes_them() {
    use grundy::contest::inputs::{admits, random_input};
    use grundy::judge::rng::Rng;
    for (game, format) in every_format() {
        let shape = format.shape;
        let mut rng = Rng::new(1);
        let mut passed_limits = false;
        for _ in 0..draws(&shape, 300, 20) {
            let input = random_input(&shape, &mut rng, false);
            assert!(admits(&shape, &input, false), "{game}: {input:?}");
            let wide = random_input(&shape, &mut rng, true);
            assert!(admits(&shape, &wide, true), "{game} beyond: {wide:?}");
            passed_limits |= !admits(&shape, &wide, false);
        }
        assert!(passed_limits, "{game}: --beyond never left the limits");
    }
}

#[test]
fn tiny_inputs_hold_every_single_item_and_respect_the_limits() {
    use grundy::contest::inputs::{admits, tiny_inputs};
    for (game, format) in every_format() {
        let shape = format.shape;
        let inputs = tiny_inputs(&shape);
        let (alphabet, _) = shape.generators.tiny();
        for item in alphabet {
            assert!(
                inputs
                    .iter()
                    .any(|input| input.cases.iter().any(|case| case == &vec![item])),
                "{game}: no case of the single item {item:?}"
            );
        }
        assert!(inputs.iter().all(|input| admits(&shape, input, false)));
    }
}

#[test]
fn rendered_inputs_are_read_by_the_judge_solvers() {
    use grundy::contest::inputs::{random_input, tiny_inputs};
    use grundy::judge::rng::Rng;
    for (game, format) in every_format() {
        let shape = format.shape;
        let mut rng = Rng::new(9);
        let mut inputs = tiny_inputs(&shape);
        inputs.extend((0..draws(&shape, 40, 8)).map(|_| random_input(&shape, &mut rng, false)));
        // The arithmetic's formats and shiritori's are one case of many items, a line of
        // output each.
        let per_item =
            game == "shiritori" || (game == "turning-corners" && format.dialect.is_some());
        for input in inputs {
            let text = input.render(&shape);
            let output = (format.solve)(text.as_bytes())
                .unwrap_or_else(|error| panic!("{game}: {error} in\n{text}"));
            // Formats that print every winning move or bid: as many tokens as there are.
            if matches!(
                format.dialect,
                Some("hdu2176" | "hdu2149" | "uva10561" | "lightoj1229")
            ) {
                continue;
            }
            let tokens = output.split_ascii_whitespace().count();
            // A format with no fixed count of tokens a case (0: HDU 2177's line per winning
            // move) is checked case by case by its checker instead.
            if shape.tokens_per_case == 0 {
                continue;
            }
            let expected = if per_item {
                input.cases[0].len()
            } else {
                input.cases.len() * shape.tokens_per_case
            };
            // Luogu P8606 prints a move `A B`, or -1 when there is none.
            if game == "staircase" && format.dialect == Some("p8606") {
                assert!(tokens == 1 || tokens == 2, "{game}: {output}");
                continue;
            }
            assert_eq!(tokens, expected, "{game}");
        }
    }
}

#[test]
fn every_game_with_a_format_draws_starting_positions_it_can_play() {
    use grundy::contest::interact::starting_positions;
    for (game, format) in every_format() {
        let played = grundy::resolve::resolve(&game).unwrap();
        let starts = starting_positions(&*played, 10, 5)
            .unwrap_or_else(|error| panic!("{game} ({:?}): {error}", format.dialect));
        assert_eq!(starts.len(), 10, "{game}: {starts:?}");
    }
}
