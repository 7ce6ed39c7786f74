//! `grundy nimber` and the nimber arithmetic's judge formats, against slow implementations
//! written here from the definitions: the mex rule for products, the walk through the powers
//! for logarithms, and a search of HDU 3404's moves (rectangles, degenerate ones included) for
//! its verdicts. `grundy judge` catches a solution that takes the nim-sum (XOR) for the product.

use assert_cmd::Command;
use serde_json::Value;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn grundy(args: &[&str], stdin: &str) -> std::process::Output {
    Command::cargo_bin("grundy")
        .unwrap()
        .args(args)
        .write_stdin(stdin.to_string())
        .output()
        .unwrap()
}

fn success(args: &[&str], stdin: &str) -> String {
    let output = grundy(args, stdin);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Nim-products below `size` by the mex rule, from scratch.
fn mex_products(size: usize) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; size]; size];
    for a in 0..size {
        for b in 0..size {
            let mut seen = vec![false; 257];
            for x in 0..a {
                for y in 0..b {
                    let v = (table[x][b] ^ table[a][y] ^ table[x][y]) as usize;
                    if v < seen.len() {
                        seen[v] = true;
                    }
                }
            }
            table[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    table
}

#[test]
fn the_calculator_agrees_with_the_mex_rule_and_checks_back() {
    let table = mex_products(16);
    for (a, b) in [(3u64, 5u64), (7, 9), (15, 15), (2, 8), (12, 13)] {
        let printed = success(&["nimber", &format!("{a} * {b}")], "");
        assert_eq!(printed.trim(), table[a as usize][b as usize].to_string());
    }
    assert_eq!(success(&["nimber", "inv 7 * 7"], "").trim(), "1");
    assert_eq!(success(&["nimber", "sqrt 12 * sqrt 12"], "").trim(), "12");
    assert_eq!(success(&["nimber", "(1 + 2) * 3"], "").trim(), "2");
    let x: u64 = success(&["nimber", "log 32 141"], "")
        .trim()
        .parse()
        .unwrap();
    assert_eq!(
        success(&["nimber", &format!("pow 32 {x}")], "").trim(),
        "141"
    );
    let root: u64 = success(&["nimber", "solve 5"], "").trim().parse().unwrap();
    assert_eq!(
        success(&["nimber", &format!("{root} * {root} + {root}")], "").trim(),
        "5"
    );
    let json: Value =
        serde_json::from_str(&success(&["nimber", "3", "*", "5", "--json"], "")).unwrap();
    assert_eq!(json["value"], 15);
    assert_eq!(json["expression"], "3 * 5");
}

#[test]
fn bad_expressions_are_located_errors_with_nothing_on_stdout() {
    for (expression, column) in [
        ("3 * ", "column 5"),
        ("inv 0", "column 1"),
        ("log 2 123", "column 1"),
        ("3 ^ 5", "column 3"),
        ("340282366920938463463374607431768211456", "column 1"),
        ("1 + 0x1ffffffffffffffffffffffffffffffff", "column 5"),
        ("2 * log 2 18446744073709551616", "column 5"),
        ("(1 + 2", "column 7"),
    ] {
        let output = grundy(&["nimber", expression], "");
        assert_eq!(output.status.code(), Some(2), "{expression}");
        assert!(output.stdout.is_empty(), "{expression}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(column), "{expression}: {stderr}");
    }
}

/// 128 random bits from a seeded splitmix64.
fn random_128(state: &mut u64) -> u128 {
    let mut next = || {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    u128::from(next()) << 64 | u128::from(next())
}

#[test]
fn numbers_past_2_64_are_computed_in_the_field_of_2_128() {
    use grundy::nimber_field::reference::power_of_two_product_128;
    let f = 1u128 << 64;
    assert_eq!(
        success(&["nimber", &format!("{f} * {f}")], "").trim(),
        (3 * f / 2).to_string()
    );
    let mut state = 2026;
    for _ in 0..8 {
        let (a, b) = (random_128(&mut state), random_128(&mut state));
        let printed = success(&["nimber", &format!("{a} * {b}")], "");
        assert_eq!(
            printed.trim(),
            power_of_two_product_128(a, b).to_string(),
            "{a} * {b}"
        );
        // The inverse and the square root check back through the printed values.
        let inv = success(&["nimber", &format!("inv {a}")], "");
        let one = success(&["nimber", &format!("{a} * {}", inv.trim())], "");
        assert_eq!(one.trim(), "1", "inv {a}");
        let root = success(&["nimber", &format!("sqrt {a}")], "");
        let root: u128 = root.trim().parse().unwrap();
        assert_eq!(power_of_two_product_128(root, root), a, "sqrt {a}");
    }
    let json = success(&["nimber", &format!("{f} * 3"), "--json"], "");
    assert!(json.contains(&format!("\"value\":{}", 3 * f)), "{json}");
}

#[test]
fn nim_product_64_on_every_small_pair() {
    let size = 32;
    let table = mex_products(size);
    let mut input = format!("{}\n", size * size);
    let mut expected = String::new();
    for (a, row) in table.iter().enumerate() {
        for (b, &value) in row.iter().enumerate() {
            input.push_str(&format!("{a} {b}\n"));
            expected.push_str(&format!("{value}\n"));
        }
    }
    let args = ["solve", "turning-corners", "--dialect", "nim-product-64"];
    assert_eq!(success(&args, &input), expected);
    // Malformed: a located error, no output.
    let output = grundy(&args, "2\n1 2\n3\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

#[test]
fn cf1310f_on_every_pair_of_the_field_of_16() {
    let table = mex_products(16);
    let mut input = String::from("225\n");
    let mut expected = String::new();
    for a in 1..16u64 {
        for b in 1..16u64 {
            input.push_str(&format!("{a} {b}\n"));
            // The least x with a^x = b: walk the powers until they come back to 1.
            let (mut value, mut x, mut answer) = (1u64, 0u64, None);
            loop {
                if value == b {
                    answer = Some(x);
                    break;
                }
                value = table[value as usize][a as usize];
                x += 1;
                if value == 1 {
                    break;
                }
            }
            match answer {
                Some(x) => expected.push_str(&format!("{x}\n")),
                None => expected.push_str("-1\n"),
            }
        }
    }
    let args = ["solve", "turning-corners", "--dialect", "cf1310f"];
    assert_eq!(success(&args, &input), expected);
    let output = grundy(&args, "1\n0 5\n");
    assert_eq!(
        output.status.code(),
        Some(2),
        "a = 0 is outside the problem"
    );
}

/// Whether the player to move wins HDU 3404 on the lights `mask` (bit 3(x−1) + (y−1) for the
/// light at (x, y), 1 ≤ x, y ≤ 3), by searching its moves: a rectangle (x1, y1)–(x2, y2) with
/// x1 ≤ x2, y1 ≤ y2 and (x2, y2) on switches its (distinct) corners.
fn hdu_wins(mask: usize, memo: &mut HashMap<usize, bool>) -> bool {
    if let Some(&known) = memo.get(&mask) {
        return known;
    }
    let bit = |x: usize, y: usize| 1usize << (3 * (x - 1) + (y - 1));
    let mut wins = false;
    'search: for x2 in 1..=3 {
        for y2 in 1..=3 {
            if mask & bit(x2, y2) == 0 {
                continue;
            }
            for x1 in 1..=x2 {
                for y1 in 1..=y2 {
                    let mut corners = vec![bit(x1, y1), bit(x1, y2), bit(x2, y1), bit(x2, y2)];
                    corners.sort_unstable();
                    corners.dedup();
                    let next = corners.iter().fold(mask, |m, c| m ^ c);
                    if !hdu_wins(next, memo) {
                        wins = true;
                        break 'search;
                    }
                }
            }
        }
    }
    memo.insert(mask, wins);
    wins
}

#[test]
fn hdu3404_on_every_board_of_three_by_three() {
    let mut memo = HashMap::new();
    let mut input = String::from("512\n");
    let mut expected = String::new();
    for mask in 0..512usize {
        let lights: Vec<(usize, usize)> = (0..9)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| (i / 3 + 1, i % 3 + 1))
            .collect();
        input.push_str(&format!("{}\n", lights.len()));
        for (x, y) in lights {
            input.push_str(&format!("{x} {y}\n"));
        }
        expected.push_str(if hdu_wins(mask, &mut memo) {
            "Have a try, lxhgww.\n"
        } else {
            "Don't waste your time.\n"
        });
    }
    assert_eq!(success(&["solve", "turning-corners"], &input), expected);
    // The statement's sample.
    assert_eq!(
        success(
            &["solve", "turning-corners"],
            "2\n2\n1 2\n2 1\n2\n1 1\n2 2\n"
        ),
        "Don't waste your time.\nHave a try, lxhgww.\n"
    );
    let output = grundy(&["solve", "turning-corners"], "1\n2\n1 1\n1 1\n");
    assert_eq!(output.status.code(), Some(2), "two lights at one place");
    assert!(output.stdout.is_empty());
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("nimber")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `grundy judge turning-corners [--dialect D] --cases N --seed 1 --json -- PROGRAM`.
fn judge(dialect: Option<&str>, cases: u32, program: &[String]) -> (i32, Value) {
    let mut args = vec!["judge".to_string(), "turning-corners".to_string()];
    if let Some(dialect) = dialect {
        args.extend(["--dialect".to_string(), dialect.to_string()]);
    }
    args.extend(
        [
            "--cases",
            &cases.to_string(),
            "--seed",
            "1",
            "--time-limit",
            "10",
            "--json",
            "--",
        ]
        .map(str::to_string),
    );
    args.extend(program.iter().cloned());
    let output = Command::cargo_bin("grundy")
        .unwrap()
        .current_dir(scratch(dialect.unwrap_or("hdu3404")))
        .args(&args)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|_| {
        panic!(
            "not one JSON report: {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code().unwrap(), report)
}

fn python(script: &str) -> Vec<String> {
    vec![
        "python3".to_string(),
        Path::new(ROOT)
            .join("tests/contest_programs")
            .join(script)
            .display()
            .to_string(),
    ]
}

#[test]
fn judge_catches_the_xor_product_and_accepts_correct_solutions() {
    let (status, report) = judge(Some("nim-product-64"), 20, &python("nim_product_xor.py"));
    assert_eq!(
        (status, report["verdict"].as_str()),
        (1, Some("wrong_answer"))
    );
    // The shrunk input is a pair or two, and grundy's answer to it is what the report expects.
    let input = report["input"].as_str().unwrap();
    assert!(input.lines().count() <= 3, "{input}");
    let args = ["solve", "turning-corners", "--dialect", "nim-product-64"];
    assert_eq!(success(&args, input), report["expected"].as_str().unwrap());

    let (status, report) = judge(Some("nim-product-64"), 16, &python("nim_product_slow.py"));
    assert_eq!(
        (status, report["verdict"].as_str()),
        (0, Some("accepted")),
        "{report}"
    );

    let (status, report) = judge(None, 20, &python("switch_lights_xor.py"));
    assert_eq!(
        (status, report["verdict"].as_str()),
        (1, Some("wrong_answer"))
    );

    let (status, report) = judge(Some("cf1310f"), 10, &python("bad_cryptography_none.py"));
    assert_eq!(
        (status, report["verdict"].as_str()),
        (1, Some("wrong_answer"))
    );
    // grundy's own solver, as a contestant: accepted by the checker.
    let me = assert_cmd::cargo::cargo_bin("grundy").display().to_string();
    let own = [
        me.as_str(),
        "solve",
        "turning-corners",
        "--dialect",
        "cf1310f",
    ]
    .map(str::to_string);
    let (status, report) = judge(Some("cf1310f"), 10, &own);
    assert_eq!(
        (status, report["verdict"].as_str()),
        (0, Some("accepted")),
        "{report}"
    );
}
