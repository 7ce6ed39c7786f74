//! One question, one answer: the same misère question asked of one process after different
//! histories — a cold process, a process that first built the game's quotient further and then
//! filled the quotient cache with more games than it keeps, a process under a CPU hog — gets
//! byte-identical reports. The question needs the on-demand misère quotient of 0.744 built to
//! heap 58 (seconds of work, the last heaps each trying several candidate quotients), so that a
//! limit of time, or a stop kept from an earlier question, would show.
//!
//! Each history runs in a child process of this test binary (the test re-runs itself with
//! `GRUNDY_SAME_ANSWER_HISTORY` set and `--exact history`), one after the other, so that each
//! starts with empty caches; the child prints its answers between markers.

use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The game and the position asked about.
const GAME: &str = "0.744";
const POSITION: &str = "3 58";

/// Which history the child process lives through.
const HISTORY: &str = "GRUNDY_SAME_ANSWER_HISTORY";

/// Around each answer the child prints.
const BEGIN: &str = "=== answer ===";
const END: &str = "=== end ===";

/// `analyze GAME POSITION --misere`, as text and as JSON.
fn ask(game: &str, position: &str) -> String {
    let game = grundy::resolve(game).unwrap().misere().unwrap();
    let report = game
        .analyze(position, usize::MAX)
        .unwrap_or_else(|error| panic!("{position}: {error}"));
    format!("{report}{}\n", report.to_json())
}

/// The answer, printed for the parent.
fn say(answer: &str) {
    println!("{BEGIN}\n{answer}{END}");
}

/// Other heap games asked about, more of them than the cache keeps.
fn crowd() -> Vec<String> {
    let mut games: Vec<String> = (2..=12).map(|k| format!("sub:1,{k}")).collect();
    games.extend(
        [
            "0.31", "0.51", "0.71", "0.75", "0.77", "0.123", "4.7", "0.3", "0.1",
        ]
        .map(str::to_string),
    );
    games
}

/// The child's side: lives through the history named by `GRUNDY_SAME_ANSWER_HISTORY` and prints
/// the answers to the question; does nothing when run as an ordinary test.
#[test]
fn history() {
    let Ok(history) = std::env::var(HISTORY) else {
        return;
    };
    match history.as_str() {
        "cold" => say(&ask(GAME, POSITION)),
        "crowded" => {
            // The quotient built further than the question needs: the report is still that of
            // the quotient of the position's own heaps.
            ask(GAME, "2 60");
            say(&ask(GAME, POSITION));
            let crowd = crowd();
            assert!(crowd.len() > grundy::families::misere::QUOTIENT_CACHE_SIZE);
            for game in &crowd {
                ask(game, "5 7 9");
            }
            assert_eq!(
                grundy::families::misere::cached_quotients(),
                grundy::families::misere::QUOTIENT_CACHE_SIZE
            );
            // 0.744's quotient was dropped: built again, to the same heaps.
            say(&ask(GAME, POSITION));
            say(&ask(GAME, POSITION));
        }
        "hog" => {
            let stop = Arc::new(AtomicBool::new(false));
            let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
            let hogs: Vec<_> = (0..2 * cores.max(2))
                .map(|_| {
                    let stop = Arc::clone(&stop);
                    std::thread::spawn(move || {
                        let mut x: u64 = 1;
                        while !stop.load(Ordering::Relaxed) {
                            for _ in 0..10_000 {
                                x = std::hint::black_box(x.wrapping_mul(6364136223846793005) + 1);
                            }
                        }
                        x
                    })
                })
                .collect();
            let answer = ask(GAME, POSITION);
            stop.store(true, Ordering::Relaxed);
            for hog in hogs {
                hog.join().unwrap();
            }
            say(&answer);
        }
        "scripts" => scripts(),
        other => panic!("no history {other}"),
    }
}

/// A script's heap rule: remove one of `takes` tokens from a heap, leaving it as up to two heaps.
fn heap_script(takes: &str) -> String {
    format!(
        r#"
fn heap_options(n) {{
    let out = [];
    for k in [{takes}] {{
        if k <= n {{
            let rest = n - k;
            if rest == 0 {{ out.push([]); }} else {{ out.push([rest]); }}
            for a in 1..=rest / 2 {{ out.push([a, rest - a]); }}
        }}
    }}
    out
}}
"#
    )
}

/// The winner and the winning moves of a misère report (not the game's name).
fn verdict(game: &str, position: &str) -> (String, String) {
    let game = grundy::resolve(game).unwrap().misere().unwrap();
    let report = game
        .analyze(position, usize::MAX)
        .unwrap_or_else(|error| panic!("{position}: {error}"));
    let report = serde_json::to_value(&report).unwrap();
    (
        report["winner"].to_string(),
        report["winning_moves"].to_string(),
    )
}

/// Two loads of one script share its quotient; a different script at the same path (the same
/// name) is a different rule, with its own quotient and its own answers.
fn scripts() {
    let dir = std::env::temp_dir().join(format!("grundy-same-answer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("rule.rhai");
    let spelling = path.to_str().unwrap();
    let position = "3 5 8 9";
    let kayles = verdict("0.77", position);
    let dawson = verdict("0.07", position);
    assert_ne!(kayles, dawson);
    let before = grundy::families::misere::cached_quotients();
    std::fs::write(&path, heap_script("1, 2")).unwrap();
    assert_eq!(verdict(spelling, position), kayles);
    assert_eq!(verdict(spelling, position), kayles);
    assert_eq!(grundy::families::misere::cached_quotients(), before + 1);
    std::fs::write(&path, heap_script("2")).unwrap();
    assert_eq!(verdict(spelling, position), dawson);
    assert_eq!(grundy::families::misere::cached_quotients(), before + 2);
    std::fs::write(&path, heap_script("1, 2")).unwrap();
    assert_eq!(verdict(spelling, position), kayles);
    assert_eq!(grundy::families::misere::cached_quotients(), before + 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs this test binary's `history` test in a child process living through `history`, and
/// returns the answers it printed.
fn answers_after(history: &str) -> Vec<String> {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "history", "--nocapture", "--test-threads", "1"])
        .env(HISTORY, history)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        output.status.success(),
        "{history}: {stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut answers = Vec::new();
    let mut rest = stdout.as_str();
    while let Some(at) = rest.find(BEGIN) {
        let after = &rest[at + BEGIN.len() + 1..];
        let end = after.find(END).expect("an answer ends");
        answers.push(after[..end].to_string());
        rest = &after[end..];
    }
    answers
}

#[test]
fn the_same_question_gets_the_same_answer_after_any_history() {
    let cold = answers_after("cold");
    assert_eq!(cold.len(), 1);
    let cold = &cold[0];
    // Answered by the quotient of the position's heaps, not by a search past a stop.
    assert!(
        cold.contains("P-portion of the misère quotient (order 662) of the heaps up to 58"),
        "{cold}"
    );
    let crowded = answers_after("crowded");
    assert_eq!(crowded.len(), 3);
    for answer in &crowded {
        assert_eq!(answer, cold);
    }
    let hogged = answers_after("hog");
    assert_eq!(hogged.len(), 1);
    assert_eq!(&hogged[0], cold);
}

#[test]
fn two_loads_of_a_script_share_its_quotient_and_two_scripts_never_do() {
    answers_after("scripts");
}
