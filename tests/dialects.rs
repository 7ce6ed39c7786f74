//! The judges' dialects of Nim, subtraction games, Euclid's game and Treblecross, through the
//! binary: each problem's official samples (output compared exactly), random inputs against a
//! brute force written here from the problem statement (independent of grundy's theory),
//! malformed inputs (exit status 2, nothing on stdout), and `grundy judge` accepting a right
//! program and rejecting a wrong one.

use assert_cmd::Command;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A scratch directory of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("dialects")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `grundy solve GAME --dialect DIALECT` on `input`: its exit status, stdout and stderr.
fn solve(game: &str, dialect: &str, input: &str) -> (i32, String, String) {
    let dir = scratch(&format!("{game}-{dialect}"));
    let file = dir.join(format!("input-{}", input.len()));
    std::fs::write(&file, input).unwrap();
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", game, "--dialect", dialect])
        .arg(&file)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The output of a successful solve.
fn solved(game: &str, dialect: &str, input: &str) -> String {
    let (status, out, err) = solve(game, dialect, input);
    assert_eq!(status, 0, "{game} {dialect}: {err}\n{input}");
    out
}

/// A small deterministic generator (xorshift).
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn between(&mut self, low: u64, high: u64) -> u64 {
        low + self.below(high - low + 1)
    }
}

// ---- Brute forces from the statements: the player to move wins if some move wins outright
// ---- or leaves the opponent a lost position.

/// One heap, moves `takes` (any that fit), the last to take wins.
fn heap_won(n: u64, takes: &[u64], memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&won) = memo.get(&n) {
        return won;
    }
    let won = takes
        .iter()
        .any(|&k| k <= n && !heap_won(n - k, takes, memo));
    memo.insert(n, won);
    won
}

/// Heaps (sorted), moves `takes` from one heap; `misere`: the player who takes the last loses.
fn heaps_won(
    heaps: &[u64],
    takes: &dyn Fn(u64) -> Vec<u64>,
    misere: bool,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&won) = memo.get(heaps) {
        return won;
    }
    let mut won = false;
    let mut any_move = false;
    for i in 0..heaps.len() {
        for k in takes(heaps[i]) {
            any_move = true;
            let mut next = heaps.to_vec();
            next[i] -= k;
            next.sort_unstable();
            if !heaps_won(&next, takes, misere, memo) {
                won = true;
            }
        }
    }
    if !any_move {
        won = misere;
    }
    memo.insert(heaps.to_vec(), won);
    won
}

fn sorted(heaps: &[u64]) -> Vec<u64> {
    let mut heaps = heaps.to_vec();
    heaps.sort_unstable();
    heaps
}

#[test]
fn official_samples() {
    let samples: [(&str, &str, &str, &str); 13] = [
        (
            "subtraction",
            "hdu1846",
            "2\n23 2\n4 3\n",
            "first\nsecond\n",
        ),
        (
            "subtraction",
            "hdu2149",
            "4 2\n3 2\n3 5\n",
            "1\nnone\n3 4 5\n",
        ),
        ("subtraction", "hdu1847", "1\n3\n", "Kiki\nCici\n"),
        (
            "subtraction",
            "hdu1536",
            "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
            "LWW\nWWL\n",
        ),
        ("subtraction", "acwing893", "2\n2 5\n3\n2 4 7\n", "Yes\n"),
        (
            "subtraction",
            "hdu1848",
            "1 1 1\n1 4 1\n0 0 0\n",
            "Fibo\nNacci\n",
        ),
        (
            "subtraction",
            "uva10404",
            "20 3 1 3 8\n21 3 1 3 8\n22 3 1 3 8\n23 3 1 3 8\n\
             1000000 10 1 23 38 11 7 5 4 8 3 13\n999996 10 1 23 38 11 7 5 4 8 3 13\n",
            "Stan wins\nStan wins\nOllie wins\nStan wins\nStan wins\nOllie wins\n",
        ),
        ("nim", "hdu1907", "2\n3\n3 5 1\n1\n1\n", "John\nBrother\n"),
        (
            "nim",
            "hdu2176",
            "2 45 45\n3 3 6 9\n5 5 7 8 9 10\n0\n",
            "No\nYes\n9 5\nYes\n8 1\n9 0\n10 3\n",
        ),
        ("nim", "poj2234", "2 45 45\n3 3 6 9\n", "No\nYes\n"),
        (
            "euclid",
            "poj2348",
            "34 12\n15 24\n0 0\n",
            "Stan wins\nOllie wins\n",
        ),
        (
            "treblecross",
            "uva10561",
            "4\n.....\nX.....X..X.............X....X..X\n.X.X...X\n\
             ...............................................\n",
            "WINNING\n3\nLOSING\n\nWINNING\n3\nWINNING\n1 12 15 17 20 24 28 31 33 36 47\n",
        ),
        (
            "treblecross",
            "lightoj1229",
            "4\n.....\nX.....X..X.............X....X..X\n.X.X...X\n\
             ...............................................\n",
            "Case 1: 3\nCase 2: 0\nCase 3: 3\nCase 4: 1 12 15 17 20 24 28 31 33 36 47\n",
        ),
    ];
    for (game, dialect, input, expected) in samples {
        assert_eq!(solved(game, dialect, input), expected, "{game} {dialect}");
    }
}

#[test]
fn bachet_lines_agree_with_the_brute_force() {
    let mut random = Random(7);
    let (mut brave, mut brave_out) = (String::new(), String::new());
    let (mut sale, mut sale_out) = (String::new(), String::new());
    let (mut cards, mut cards_out) = (String::new(), String::new());
    let (mut bachet, mut bachet_out) = (String::new(), String::new());
    brave.push_str("300\n");
    for _ in 0..300 {
        let (n, m) = (random.between(1, 60), random.between(1, 10));
        brave.push_str(&format!("{n} {m}\n"));
        let takes: Vec<u64> = (1..=m).collect();
        let won = heap_won(n, &takes, &mut HashMap::new());
        brave_out.push_str(if won { "first\n" } else { "second\n" });
        // Public Sale: price from 0, raise 1..=m, the first to reach the target wins.
        let target = random.between(1, 40);
        sale.push_str(&format!("{target} {m}\n"));
        let mut memo = HashMap::new();
        let bids: Vec<String> = (1..=m)
            .filter(|&bid| bid >= target || !heap_won(target - bid, &takes, &mut memo))
            .map(|bid| bid.to_string())
            .collect();
        if bids.is_empty() {
            sale_out.push_str("none\n");
        } else {
            sale_out.push_str(&format!("{}\n", bids.join(" ")));
        }
        let powers: Vec<u64> = (0..8).map(|i| 1 << i).collect();
        cards.push_str(&format!("{n}\n"));
        let won = heap_won(n, &powers, &mut HashMap::new());
        cards_out.push_str(if won { "Kiki\n" } else { "Cici\n" });
        let set: Vec<u64> = (0..random.between(1, 4))
            .map(|_| random.between(1, 12))
            .collect();
        let stones = random.between(1, 150);
        bachet.push_str(&format!("{stones} {}", set.len()));
        for s in &set {
            bachet.push_str(&format!(" {s}"));
        }
        bachet.push('\n');
        let won = heap_won(stones, &set, &mut HashMap::new());
        bachet_out.push_str(if won { "Stan wins\n" } else { "Ollie wins\n" });
    }
    assert_eq!(solved("subtraction", "hdu1846", &brave), brave_out);
    assert_eq!(solved("subtraction", "hdu2149", &sale), sale_out);
    assert_eq!(solved("subtraction", "hdu1847", &cards), cards_out);
    assert_eq!(solved("subtraction", "uva10404", &bachet), bachet_out);
}

#[test]
fn set_nim_formats_agree_with_the_brute_force() {
    let mut random = Random(11);
    let (mut snim, mut snim_out) = (String::new(), String::new());
    for _ in 0..40 {
        let set: Vec<u64> = (0..random.between(1, 4))
            .map(|_| random.between(1, 7))
            .collect();
        snim.push_str(&format!("{}", set.len()));
        for s in &set {
            snim.push_str(&format!(" {s}"));
        }
        let positions = random.between(1, 5);
        snim.push_str(&format!("\n{positions}\n"));
        let takes = |h: u64| set.iter().copied().filter(|&k| k <= h).collect::<Vec<_>>();
        let mut memo = HashMap::new();
        for _ in 0..positions {
            let heaps: Vec<u64> = (0..random.between(1, 3))
                .map(|_| random.between(0, 12))
                .collect();
            snim.push_str(&format!("{}", heaps.len()));
            for h in &heaps {
                snim.push_str(&format!(" {h}"));
            }
            snim.push('\n');
            let won = heaps_won(&sorted(&heaps), &takes, false, &mut memo);
            snim_out.push(if won { 'W' } else { 'L' });
        }
        snim_out.push('\n');
        // The same set and the last position's heaps, as AcWing 893 writes them.
        let heaps: Vec<u64> = (0..random.between(1, 3))
            .map(|_| random.between(1, 12))
            .collect();
        let mut acwing = format!("{}\n", set.len());
        acwing.push_str(&format!(
            "{}\n{}\n{}\n",
            set.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
            heaps.len(),
            heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        ));
        let won = heaps_won(&sorted(&heaps), &takes, false, &mut memo);
        let expected = if won { "Yes\n" } else { "No\n" };
        assert_eq!(
            solved("subtraction", "acwing893", &acwing),
            expected,
            "{acwing}"
        );
    }
    snim.push_str("0\n");
    assert_eq!(solved("subtraction", "hdu1536", &snim), snim_out);

    let fibonacci = [1u64, 2, 3, 5, 8, 13, 21];
    let takes = |h: u64| {
        fibonacci
            .iter()
            .copied()
            .filter(|&k| k <= h)
            .collect::<Vec<_>>()
    };
    let (mut fibo, mut fibo_out) = (String::new(), String::new());
    let mut memo = HashMap::new();
    for _ in 0..200 {
        let heaps: Vec<u64> = (0..3).map(|_| random.between(1, 14)).collect();
        fibo.push_str(&format!("{} {} {}\n", heaps[0], heaps[1], heaps[2]));
        let won = heaps_won(&sorted(&heaps), &takes, false, &mut memo);
        fibo_out.push_str(if won { "Fibo\n" } else { "Nacci\n" });
    }
    fibo.push_str("0 0 0\n");
    assert_eq!(solved("subtraction", "hdu1848", &fibo), fibo_out);
}

#[test]
fn nim_dialects_agree_with_the_brute_force() {
    let mut random = Random(5);
    let takes = |h: u64| (1..=h).collect::<Vec<_>>();
    let (mut normal, mut misere) = (HashMap::new(), HashMap::new());
    let (mut john, mut john_out) = (String::from("300\n"), String::new());
    let (mut matches, mut matches_out) = (String::new(), String::new());
    let (mut every, mut every_out) = (String::new(), String::new());
    for _ in 0..300 {
        let heaps: Vec<u64> = (0..random.between(1, 4))
            .map(|_| random.between(1, 6))
            .collect();
        let row = heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        john.push_str(&format!("{}\n{row}\n", heaps.len()));
        let won = heaps_won(&sorted(&heaps), &takes, true, &mut misere);
        john_out.push_str(if won { "John\n" } else { "Brother\n" });
        matches.push_str(&format!("{} {row}\n", heaps.len()));
        let won = heaps_won(&sorted(&heaps), &takes, false, &mut normal);
        matches_out.push_str(if won { "Yes\n" } else { "No\n" });
        every.push_str(&format!("{} {row}\n", heaps.len()));
        if !won {
            every_out.push_str("No\n");
            continue;
        }
        every_out.push_str("Yes\n");
        for (i, &a) in heaps.iter().enumerate() {
            for b in 0..a {
                let mut next = heaps.clone();
                next[i] = b;
                if !heaps_won(&sorted(&next), &takes, false, &mut normal) {
                    every_out.push_str(&format!("{a} {b}\n"));
                }
            }
        }
    }
    every.push_str("0\n");
    assert_eq!(solved("nim", "hdu1907", &john), john_out);
    assert_eq!(solved("nim", "poj2234", &matches), matches_out);
    assert_eq!(solved("nim", "hdu2176", &every), every_out);
}

/// Euclid's game from the statement: subtract a positive multiple of the smaller number from the
/// larger, never below 0; reaching 0 wins.
fn euclid_won(a: u64, b: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    let (small, large) = (a.min(b), a.max(b));
    if let Some(&won) = memo.get(&(small, large)) {
        return won;
    }
    let mut won = false;
    let mut k = 1;
    while k * small <= large {
        let left = large - k * small;
        if left == 0 || !euclid_won(small, left, memo) {
            won = true;
        }
        k += 1;
    }
    memo.insert((small, large), won);
    won
}

#[test]
fn euclid_pairs_agree_with_the_brute_force() {
    let (mut input, mut expected) = (String::new(), String::new());
    let mut memo = HashMap::new();
    for a in 1..=40 {
        for b in 1..=40 {
            input.push_str(&format!("{a} {b}\n"));
            let won = euclid_won(a, b, &mut memo);
            expected.push_str(if won { "Stan wins\n" } else { "Ollie wins\n" });
        }
    }
    input.push_str("0 0\n");
    assert_eq!(solved("euclid", "poj2348", &input), expected);
}

/// Treblecross from the statement: the winning cells (1-based) of a board.
fn treblecross_winning(board: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> Vec<usize> {
    (0..board.len())
        .filter(|&i| board[i] == b'.')
        .filter(|&i| {
            let mut next = board.to_vec();
            next[i] = b'X';
            next.windows(3).any(|w| w == b"XXX") || !treblecross_won(&next, memo)
        })
        .map(|i| i + 1)
        .collect()
}

fn treblecross_won(board: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    if let Some(&won) = memo.get(board) {
        return won;
    }
    let won = !treblecross_winning(board, memo).is_empty();
    memo.insert(board.to_vec(), won);
    won
}

#[test]
fn treblecross_boards_agree_with_the_brute_force() {
    let mut random = Random(3);
    let mut memo = HashMap::new();
    let mut boards = Vec::new();
    for length in 3..=12 {
        for _ in 0..12 {
            let board: Vec<u8> = loop {
                let board: Vec<u8> = (0..length)
                    .map(|_| if random.below(4) == 0 { b'X' } else { b'.' })
                    .collect();
                if !board.windows(3).any(|w| w == b"XXX") {
                    break board;
                }
            };
            boards.push(board);
        }
    }
    let mut input = format!("{}\n", boards.len());
    let (mut uva, mut lightoj) = (String::new(), String::new());
    for (index, board) in boards.iter().enumerate() {
        input.push_str(&format!("{}\n", String::from_utf8_lossy(board)));
        let cells = treblecross_winning(board, &mut memo);
        let text = cells
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        if cells.is_empty() {
            uva.push_str("LOSING\n\n");
            lightoj.push_str(&format!("Case {}: 0\n", index + 1));
        } else {
            uva.push_str(&format!("WINNING\n{text}\n"));
            lightoj.push_str(&format!("Case {}: {text}\n", index + 1));
        }
    }
    assert_eq!(solved("treblecross", "uva10561", &input), uva);
    assert_eq!(solved("0.007", "lightoj1229", &input), lightoj);
}

#[test]
fn full_limits_are_fast() {
    // UVa 10561's largest: 99 boards of 200 cells; HDU 2176's: 200000 heaps.
    let board: String = (0..200)
        .map(|i| if i % 7 == 0 { 'X' } else { '.' })
        .collect();
    let boards = format!("99\n{}", format!("{board}\n").repeat(99));
    let started = std::time::Instant::now();
    solved("treblecross", "uva10561", &boards);
    let heaps: Vec<String> = (1..=200_000u64)
        .map(|h| (h * 7 % 2_000_000).to_string())
        .collect();
    let input = format!("200000 {}\n0\n", heaps.join(" "));
    let out = solved("nim", "hdu2176", &input);
    assert!(out.starts_with("Yes\n") || out == "No\n");
    let sets = format!(
        "{}\n",
        (0..20)
            .map(|_| "1000000 10 1 23 38 11 7 5 4 8 3 13")
            .collect::<Vec<_>>()
            .join("\n")
    );
    solved("subtraction", "uva10404", &sets);
    let snim = format!(
        "100 {}\n100\n{}0\n",
        (1..=100)
            .map(|s| (s * 97).to_string())
            .collect::<Vec<_>>()
            .join(" "),
        format!("100 {}\n", vec!["10000"; 100].join(" ")).repeat(100)
    );
    solved("subtraction", "hdu1536", &snim);
    assert!(
        started.elapsed().as_secs_f64() < 5.0,
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn malformed_inputs_are_located_errors_with_nothing_on_stdout() {
    let bad: [(&str, &str, &str); 12] = [
        ("subtraction", "hdu1846", "2\n23 2\n"),
        ("subtraction", "hdu1846", "1\n5 0\n"),
        ("subtraction", "hdu2149", "4\n"),
        ("subtraction", "hdu1536", "2 2 5\n1\n1 3\n"),
        ("subtraction", "hdu1536", "1 0\n1\n1 3\n0\n"),
        ("subtraction", "acwing893", "0\n\n1\n3\n"),
        ("subtraction", "hdu1848", "1 2 3\n"),
        ("subtraction", "uva10404", "5 0\n"),
        ("nim", "hdu2176", "3 1 2\n0\n"),
        ("euclid", "poj2348", "3 0\n0 0\n"),
        ("treblecross", "uva10561", "1\n.XXX.\n"),
        ("treblecross", "lightoj1229", "2\n..o..\n...\n"),
    ];
    for (game, dialect, input) in bad {
        let (status, out, err) = solve(game, dialect, input);
        assert_eq!(status, 2, "{game} {dialect} {input:?}: {out}");
        assert!(out.is_empty(), "{game} {dialect}: {out}");
        assert!(
            err.contains("line") || err.contains("end of input"),
            "{game} {dialect}: {err}"
        );
    }
    // Without --dialect: the dialects are named.
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .args(["solve", "subtraction", "-"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("hdu1846"));
}

/// `grundy judge` on a Python program: the exit status.
fn judged(name: &str, game: &str, dialect: &str, program: &str) -> i32 {
    let dir = scratch(name);
    let source = dir.join("solution.py");
    std::fs::write(&source, program).unwrap();
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .current_dir(&dir)
        .args([
            "judge",
            game,
            "--dialect",
            dialect,
            "--cases",
            "40",
            "--seed",
            "3",
        ])
        .args(["--time-limit", "10", "--"])
        .arg("python3")
        .arg(&source)
        .output()
        .unwrap();
    output.status.code().unwrap()
}

#[test]
fn judge_accepts_a_right_program_and_rejects_a_wrong_one() {
    let matches = |verdict: &str| {
        format!(
            "import sys\nt = sys.stdin.read().split()\ni = 0\nwhile i < len(t):\n    m = int(t[i]); \
             x = 0\n    for h in t[i + 1:i + 1 + m]: x ^= int(h)\n    i += 1 + m\n    \
             print({verdict})\n"
        )
    };
    assert_eq!(
        judged(
            "poj2234-right",
            "nim",
            "poj2234",
            &matches("'Yes' if x else 'No'")
        ),
        0
    );
    assert_eq!(
        judged(
            "poj2234-wrong",
            "nim",
            "poj2234",
            &matches("'Yes' if x or m == 2 else 'No'")
        ),
        1
    );
    let brave = |rule: &str| {
        format!(
            "import sys\nt = sys.stdin.read().split()\nfor c in range(int(t[0])):\n    \
             n, m = int(t[1 + 2 * c]), int(t[2 + 2 * c])\n    print('first' if {rule} else 'second')\n"
        )
    };
    assert_eq!(
        judged(
            "hdu1846-right",
            "subtraction",
            "hdu1846",
            &brave("n % (m + 1)")
        ),
        0
    );
    assert_eq!(
        judged("hdu1846-wrong", "subtraction", "hdu1846", &brave("n % m")),
        1
    );
}
