//! Wythoff's game and Fibonacci Nim through the binary: the official samples of POJ 1067,
//! HDU 2177, HDU 2516 and POJ 3922 through `grundy solve`, random judge inputs against brute
//! forces written here from the problem statements (independent of the game modules), `analyze`
//! at 10^18 and past the Grundy tables, and the theories against brute force (proptest).

mod common;

use assert_cmd::Command;
use proptest::prelude::*;
use std::collections::HashMap;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

fn solve(game: &str, dialect: Option<&str>, input: &str) -> String {
    let mut command = grundy();
    command.args(["solve", game]);
    if let Some(dialect) = dialect {
        command.args(["--dialect", dialect]);
    }
    common::stdout_of_success(command.write_stdin(input).output().unwrap())
}

// ---- Brute forces from the statements. ----

/// Wythoff: whether the player to move wins (a, b), by the rules (memoised over all smaller
/// pairs).
struct WythoffBrute {
    side: usize,
    wins: Vec<bool>,
}

impl WythoffBrute {
    fn new(largest: usize) -> WythoffBrute {
        let side = largest + 1;
        let mut wins = vec![false; side * side];
        for a in 0..side {
            for b in 0..side {
                let lost = |x: usize, y: usize| !wins[x * side + y];
                let win = (0..a).any(|x| lost(x, b))
                    || (0..b).any(|y| lost(a, y))
                    || (1..=a.min(b)).any(|k| lost(a - k, b - k));
                wins[a * side + b] = win;
            }
        }
        WythoffBrute { side, wins }
    }

    fn wins(&self, a: usize, b: usize) -> bool {
        self.wins[a * self.side + b]
    }

    /// HDU 2177's answer: 0, or 1 and the pairs left by winning moves (both heaps, then the
    /// first heap, then the second), smaller first, each once.
    fn hdu2177(&self, a: usize, b: usize) -> String {
        if !self.wins(a, b) {
            return "0\n".to_string();
        }
        let mut lines = vec!["1".to_string()];
        let mut push = |x: usize, y: usize| {
            let line = format!("{} {}", x.min(y), x.max(y));
            if !lines.contains(&line) {
                lines.push(line);
            }
        };
        for k in 1..=a.min(b) {
            if !self.wins(a - k, b - k) {
                push(a - k, b - k);
            }
        }
        for x in (0..a).rev() {
            if !self.wins(x, b) {
                push(x, b);
            }
        }
        for y in (0..b).rev() {
            if !self.wins(a, y) {
                push(a, y);
            }
        }
        lines.join("\n") + "\n"
    }
}

/// The k-multiple game: whether the player to move wins `left` tokens with at most `most` to
/// take, by the rules.
fn stone_game_wins(
    left: u64,
    most: u64,
    multiple: u64,
    memo: &mut HashMap<(u64, u64), bool>,
) -> bool {
    let most = most.min(left);
    if let Some(&known) = memo.get(&(left, most)) {
        return known;
    }
    let win = (1..=most).any(|take| !stone_game_wins(left - take, take * multiple, multiple, memo));
    memo.insert((left, most), win);
    win
}

/// POJ 3922's answer for `n k`: the smallest winning first take (at most n − 1), or `lose`.
fn poj3922_answer(n: u64, multiple: u64) -> String {
    let mut memo = HashMap::new();
    (1..n)
        .find(|&take| !stone_game_wins(n - take, take * multiple, multiple, &mut memo))
        .map_or("lose".to_string(), |take| take.to_string())
}

// ---- Official samples. ----

#[test]
fn official_samples() {
    assert_eq!(solve("wythoff", None, "2 1\n8 4\n4 7\n"), "0\n1\n0\n");
    assert_eq!(
        solve("wythoff", Some("poj1067"), "2 1\n8 4\n4 7\n"),
        "0\n1\n0\n"
    );
    assert_eq!(
        solve("wythoff", Some("hdu2177"), "1 2\n5 8\n4 7\n2 2\n0 0\n"),
        "0\n1\n4 7\n3 5\n0\n1\n0 0\n1 2\n"
    );
    assert_eq!(
        solve("fibonacci-nim", None, "2\n13\n10000\n0\n"),
        "Second win\nSecond win\nFirst win\n"
    );
    assert_eq!(
        solve("fibonacci-nim", Some("hdu2516"), "2\n13\n10000\n0\n"),
        "Second win\nSecond win\nFirst win\n"
    );
    assert_eq!(
        solve(
            "fibonacci-nim",
            Some("poj3922"),
            "5\n16 1\n11 1\n32 2\n34 2\n19 3\n"
        ),
        "Case 1: lose\nCase 2: 1\nCase 3: 3\nCase 4: lose\nCase 5: 4\n"
    );
}

#[test]
fn bad_inputs_are_located_errors_with_nothing_on_stdout() {
    for (game, dialect, input) in [
        ("wythoff", None, "1 2\n3\n"),
        ("wythoff", Some("hdu2177"), "1 2\n"),
        ("wythoff", None, "1 18446744073709551616\n"),
        ("fibonacci-nim", None, "5\n"),
        ("fibonacci-nim", Some("poj3922"), "1\n5 0\n"),
        ("fibonacci-nim", Some("poj3922"), "2\n5 2\n"),
    ] {
        let mut command = grundy();
        command.args(["solve", game]);
        if let Some(dialect) = dialect {
            command.args(["--dialect", dialect]);
        }
        let output = command.write_stdin(input).output().unwrap();
        assert_eq!(
            output.status.code(),
            Some(2),
            "{game} {dialect:?} {input:?}"
        );
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("error: input:"), "{stderr}");
    }
}

// ---- Random judge inputs against the brute forces. ----

/// A small deterministic generator (xorshift), so that the inputs are the same every run.
struct Draw(u64);

impl Draw {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

#[test]
fn random_judge_inputs_match_the_statements_brute_forces() {
    let brute = WythoffBrute::new(60);
    let mut draw = Draw(0x9e37_79b9_7f4a_7c15);
    for _ in 0..20 {
        let pairs: Vec<(usize, usize)> = (0..30)
            .map(|_| {
                let a = draw.below(61) as usize;
                let b = draw.below(61) as usize;
                (a, b)
            })
            .collect();
        let input: String = pairs.iter().map(|(a, b)| format!("{a} {b}\n")).collect();
        let expected: String = pairs
            .iter()
            .map(|&(a, b)| if brute.wins(a, b) { "1\n" } else { "0\n" })
            .collect();
        assert_eq!(solve("wythoff", None, &input), expected, "{input}");
        let sorted: Vec<(usize, usize)> = pairs
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .filter(|&pair| pair != (0, 0))
            .collect();
        let input: String = sorted
            .iter()
            .map(|(a, b)| format!("{a} {b}\n"))
            .chain(std::iter::once("0 0\n".to_string()))
            .collect();
        let expected: String = sorted.iter().map(|&(a, b)| brute.hdu2177(a, b)).collect();
        assert_eq!(
            solve("wythoff", Some("hdu2177"), &input),
            expected,
            "{input}"
        );
    }
    for _ in 0..10 {
        let cases: Vec<(u64, u64)> = (0..20)
            .map(|_| (2 + draw.below(90), 1 + draw.below(5)))
            .collect();
        let input = format!(
            "{}\n{}",
            cases.len(),
            cases
                .iter()
                .map(|(n, k)| format!("{n} {k}\n"))
                .collect::<String>()
        );
        let expected: String = cases
            .iter()
            .enumerate()
            .map(|(index, &(n, k))| format!("Case {}: {}\n", index + 1, poj3922_answer(n, k)))
            .collect();
        assert_eq!(solve("fibonacci-nim", Some("poj3922"), &input), expected);
        let heaps: Vec<u64> = cases.iter().map(|&(n, _)| n).collect();
        let input: String = heaps.iter().map(|n| format!("{n}\n")).collect::<String>() + "0\n";
        let expected: String = heaps
            .iter()
            .map(|&n| {
                if poj3922_answer(n, 2) == "lose" {
                    "Second win\n"
                } else {
                    "First win\n"
                }
            })
            .collect();
        assert_eq!(solve("fibonacci-nim", Some("hdu2516"), &input), expected);
    }
}

// ---- analyze at the edges. ----

fn analyze(game: &str, position: &str) -> std::process::Output {
    grundy().args(["analyze", game, position]).output().unwrap()
}

#[test]
fn single_pairs_and_heaps_are_answered_at_any_size() {
    // (a_n, b_n) for n = 10^18: a P pair, answered without a Grundy value.
    let text = common::stdout_of_success(analyze(
        "wythoff",
        "1618033988749894848/2618033988749894848",
    ));
    assert!(text.contains("winner:   second"), "{text}");
    assert!(text.contains("grundy:   not given"), "{text}");
    let text = common::stdout_of_success(analyze(
        "wythoff",
        "1618033988749894849/2618033988749894848",
    ));
    assert!(text.contains("winner:   first"), "{text}");
    assert!(text.contains("1a-1"), "{text}");
    // F_93, the largest Fibonacci number below 2^64, is a lost start; one more wins by taking 1.
    let text = common::stdout_of_success(analyze("fibonacci-nim", "12200160415121876738"));
    assert!(text.contains("winner:   second"), "{text}");
    let text = common::stdout_of_success(analyze("fibonacci-nim", "18446744073709551615"));
    assert!(text.contains("winner:   first"), "{text}");
}

#[test]
fn sums_past_the_tables_are_refused_naming_the_limit() {
    for (game, position, limit) in [
        ("wythoff", "3/5 1025/0", "1024"),
        ("fibonacci-nim", "3 2049", "2048"),
    ] {
        let output = analyze(game, position);
        assert_eq!(output.status.code(), Some(2), "{game} {position}");
        assert!(output.stdout.is_empty());
        assert!(String::from_utf8_lossy(&output.stderr).contains(limit));
    }
    let output = grundy()
        .args(["analyze", "fibonacci-nim:0", "5"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn verify_passes_at_the_default_sizes() {
    for game in ["wythoff", "fibonacci-nim", "fibonacci-nim:3"] {
        common::stdout_of_success(grundy().args(["verify", game]).output().unwrap());
    }
}

// ---- The theories against brute force on random positions. ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn wythoff_pairs_agree_with_brute_force(a in 0usize..=60, b in 0usize..=60) {
        let brute = WythoffBrute::new(60);
        let text = common::stdout_of_success(analyze("wythoff", &format!("{a}/{b}")));
        let wins = text.contains("winner:   first");
        prop_assert_eq!(wins, brute.wins(a, b));
    }

    #[test]
    fn k_multiple_starts_agree_with_brute_force(n in 1u64..=80, multiple in 1u64..=6) {
        let name = format!("fibonacci-nim:{multiple}");
        let text = common::stdout_of_success(analyze(&name, &n.to_string()));
        let wins = text.contains("winner:   first");
        prop_assert_eq!(wins, poj3922_answer(n, multiple) != "lose");
    }
}
