//! `grundy table` and the fast engine against an independent brute force written from the spec's
//! definition (FAMILIES.md), the spec's public results, and the command line.

use assert_cmd::Command;
use grundy::core::{ImpartialGame, Nimber};
use grundy::engine::period;
use grundy::engine::values::{Limits, Values};
use grundy::families::HeapRule;
use grundy::families::heaps::HeapGame;
use grundy::families::table::{self, TableReport};
use grundy::theory::Theory;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// G(0..=last) of the code with digits `digits` (d0, d1, …), straight from the definition: remove
/// k tokens from a heap of n ≥ k, then by d_k's bits leave nothing (1, only when n = k), one heap
/// (2, n − k ≥ 1, k ≥ 1), two non-empty heaps (4) or three non-empty heaps (8).
fn brute(digits: &[u8], last: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(last + 1);
    for n in 0..=last {
        let mut options = std::collections::BTreeSet::new();
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                options.insert(0);
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                options.insert(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    let b = rest - a;
                    if a <= b {
                        options.insert(g[a] ^ g[b]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in a..rest {
                        if a + b < rest && b <= rest - a - b {
                            options.insert(g[a] ^ g[b] ^ g[rest - a - b]);
                        }
                    }
                }
            }
        }
        let mut mex = 0;
        while options.contains(&mex) {
            mex += 1;
        }
        g.push(mex);
    }
    g
}

/// The checksum from its definition.
fn checksum(values: &[u32]) -> String {
    let (mut a, mut b) = (0u16, 0u16);
    for &v in values {
        a = a.wrapping_add(v as u16);
        b = b.wrapping_add(a);
    }
    format!("{:X}", (u32::from(b) << 16) | u32::from(a))
}

fn spelling(digits: &[u8]) -> String {
    let hex = |d: u8| char::from_digit(u32::from(d), 16).unwrap();
    let tail: String = digits[1..].iter().map(|&d| hex(d)).collect();
    format!(
        "{}.{}",
        hex(digits[0]),
        if tail.is_empty() { "0" } else { &tail }
    )
}

fn rule(spelling: &str) -> HeapRule {
    HeapRule::resolve(spelling).unwrap().unwrap()
}

fn values_to(rule: &HeapRule, to: u64, past_proof: bool) -> Values {
    Values::compute_with(
        rule,
        &Limits {
            to,
            work_limit: None,
            interrupt: None,
            progress: false,
            past_proof,
        },
    )
}

/// Random codes: values and checksums up to n = 2,000 (through the sparse and dense engine, or
/// the straightforward table for three-heap codes, and through any period proved on the way)
/// agree with the brute force; every proved period holds in the brute force well past its proof.
#[test]
fn random_codes_agree_with_the_definition() {
    let mut rng = StdRng::seed_from_u64(13);
    let mut sparse = 0;
    for case in 0..90 {
        let hexadecimal = case % 3 == 2;
        let len = rng.random_range(1..=4);
        let mut digits = vec![[0u8, 4, 8, 12][rng.random_range(0..4usize)]];
        if !hexadecimal {
            digits[0] &= 4;
        }
        for _ in 0..len {
            digits.push(if hexadecimal {
                rng.random_range(0..16)
            } else {
                rng.random_range(0..8)
            });
        }
        let three = digits.iter().any(|&d| d & 8 != 0);
        let last = if three { 120 } else { 2000 };
        let expected = brute(&digits, last);
        let code = spelling(&digits);
        let rule = rule(&code);
        let values = values_to(&rule, last as u64, false);
        let got: Vec<u32> = (0..=last as u64).map(|n| values.get(n).unwrap()).collect();
        assert_eq!(got, expected, "{code}");
        if values.method().to_string().starts_with("sparse") {
            sparse += 1;
        }
        let report = table::report(&rule, Some(last as u64), false).unwrap();
        assert_eq!(report.checksum, checksum(&expected), "{code}");
        assert_eq!(report.last, expected[last]);
        if let Some(proof) = values.period() {
            let far =
                ((proof.proved_at as usize + 1) * 3).clamp(last, if three { 200 } else { 6000 });
            let longer = brute(&digits, far);
            for (n, &v) in longer.iter().enumerate() {
                assert_eq!(
                    v,
                    longer[proof.reduce(n as u64) as usize],
                    "{code} at {n}: {proof:?}"
                );
            }
            // The claim is the checked condition, and it is minimal.
            assert!(period::proves(
                &longer,
                proof.parts,
                proof.reach,
                proof.preperiod,
                proof.period
            ));
            if proof.preperiod > 0 {
                let n = proof.preperiod as usize - 1;
                assert_ne!(longer[n], longer[n + proof.period as usize], "{code}");
            }
        }
    }
    assert!(sparse > 0, "some random code should use the sparse method");
}

/// Codes whose values are sparse, far enough for the block engine and the sparse method.
#[test]
fn sparse_codes_agree_with_the_definition() {
    for code in [
        "0.6", "0.26", "0.1777", "0.4", "0.54", "4.4", "0.16", "0.356",
    ] {
        let digits: Vec<u8> = {
            let (whole, tail) = code.split_once('.').unwrap();
            std::iter::once(whole)
                .chain(tail.split(""))
                .filter(|s| !s.is_empty())
                .map(|d| u8::from_str_radix(d, 16).unwrap())
                .collect()
        };
        let last = 4000;
        let expected = brute(&digits, last);
        let values = values_to(&rule(code), last as u64, true);
        let got: Vec<u32> = (0..=last).map(|n| values.table().get(n)).collect();
        assert_eq!(got, expected, "{code}");
    }
}

#[test]
fn grundys_game_and_subtraction_games_agree_with_the_definition() {
    // Grundy's game: splits into two unequal heaps.
    let mut g = vec![0u32; 3001];
    for n in 0..=3000 {
        let options: std::collections::BTreeSet<u32> = (1..n)
            .filter(|&a| 2 * a < n)
            .map(|a| g[a] ^ g[n - a])
            .collect();
        g[n] = (0..).find(|v| !options.contains(v)).unwrap();
    }
    let values = values_to(&rule("grundys-game"), 3000, false);
    assert_eq!(
        (0..=3000)
            .map(|n| values.get(n).unwrap())
            .collect::<Vec<_>>(),
        g
    );
    assert!(values.period().is_none());
    // Subtraction games: take k in S.
    for set in [
        vec![1u64, 3, 4],
        vec![2, 5, 7],
        vec![3, 4, 9, 11],
        vec![1, 10],
    ] {
        let spelled = format!(
            "sub:{}",
            set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        );
        let mut g = vec![0u32; 3001];
        for n in 0..=3000 {
            let options: std::collections::BTreeSet<u32> = set
                .iter()
                .filter(|&&k| k as usize <= n)
                .map(|&k| g[n - k as usize])
                .collect();
            g[n] = (0..).find(|v| !options.contains(v)).unwrap();
        }
        let values = Values::compute(&rule(&spelled), 3000).unwrap();
        let proof = values.period().expect("subtraction games are periodic");
        assert_eq!(
            (0..=3000)
                .map(|n| values.get(n).unwrap())
                .collect::<Vec<_>>(),
            g,
            "{spelled}"
        );
        assert!(period::proves(
            &g,
            1,
            proof.reach,
            proof.preperiod,
            proof.period
        ));
    }
}

#[test]
fn public_results() {
    // Published periods. OEIS gives the last exception e (the last n with G(n) ≠ G(n + p), in
    // its offset-1 indexing, which is grundy's: a(n) = G(n)); the pre-period is e + 1.
    for (code, preperiod, period) in [
        ("0.07", 53, 34),
        ("0.137", 52, 34),
        ("0.16", 105_351, 149_459),
        // A071452: period 32, last exception 186 (Winning Ways ch. 4, p. 104).
        ("0.11377", 187, 32),
        // A071434: period 24, last exception 140.
        ("0.1377", 141, 24),
        // A071435: period 20, last exception 496.
        ("0.177", 497, 20),
        // A071453: period 48, exceptions up to 46.
        ("0.117", 47, 48),
        // A071464: period 4, last exception 46,577 (Gangolli and Plambeck, IJGT 18 (1989)).
        ("0.127", 46_578, 4),
        // A071436 gives period 144 with the last exception at 326,637; grundy, `ogsolve 0.56
        // -m rc2` and `ogsolve 0.56 -m naive` (to 326,800) all find G(326,639) = 26 against
        // G(326,783) = 16, so the last exception is 326,639 and the pre-period 326,640.
        ("0.56", 326_640, 144),
    ] {
        let report = table::report(&rule(code), None, false).unwrap();
        assert_eq!(report.preperiod, Some(preperiod), "{code}");
        assert_eq!(report.period, Some(period), "{code}");
    }
    // 0.16 computed on well past its proof (509,621) keeps its period.
    let values = values_to(&rule("0.16"), 900_000, true);
    let proof = values.period().unwrap();
    assert_eq!(proof.proved_at, 2 * 105_351 + 2 * 149_459 + 2 - 1);
    let table = values.table();
    for n in 0..=900_000usize {
        assert_eq!(
            table.get(n),
            table.get(proof.reduce(n as u64) as usize),
            "{n}"
        );
    }
}

/// 0.6 to 2^20: G = 150, checksum 1369632A (a few seconds of CPU: `cargo test --release --
/// --ignored`).
#[test]
#[ignore]
fn public_result_0_6() {
    let report: TableReport = table::report(&rule("0.6"), Some(1 << 20), false).unwrap();
    assert_eq!((report.last, report.checksum.as_str()), (150, "1369632A"));
}

/// 0.6 to 2^22: G = 163, checksum 5C640369 (tens of seconds).
#[test]
#[ignore]
fn public_result_0_6_far() {
    let report: TableReport = table::report(&rule("0.6"), Some(1 << 22), false).unwrap();
    assert_eq!((report.last, report.checksum.as_str()), (163, "5C640369"));
}

/// Winning moves on heaps past the enumeration limit, counted per residue class of the period,
/// agree with examining every split.
#[test]
fn huge_heaps_count_like_enumeration() {
    for code in ["0.07", "0.77", "0.137", "4.07", "0.16"] {
        let game = HeapGame::new(rule(code));
        for text in ["70001", "70002 5", "90017 3 12", "131073 131070"] {
            let position = game.parse(text).unwrap();
            let moves = position.winning_moves(20).unwrap();
            let total = position.grundy_value().unwrap();
            let values = game.values_up_to(0).unwrap();
            let mut expected = 0u128;
            let mut seen = std::collections::BTreeSet::new();
            for &heap in position.heaps() {
                if !seen.insert(heap) {
                    continue;
                }
                let target = values.value(heap).unwrap() ^ total;
                game.rule().for_each_option(heap, &mut |_, parts| {
                    let left = parts
                        .iter()
                        .fold(Nimber::ZERO, |sum, &p| sum ^ values.value(p).unwrap());
                    if left == target && total != Nimber::ZERO {
                        expected += 1;
                    }
                });
            }
            assert_eq!(moves.total, expected, "{code} {text}");
            for winning in &moves.listed {
                let next = position.play(&winning.mv);
                assert_eq!(next.grundy_value(), Some(Nimber::ZERO), "{code} {text}");
                assert_eq!(position.move_to(&next), Some(winning.mv.clone()));
            }
        }
    }
}

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

#[test]
fn table_command() {
    let out = grundy().args(["table", "0.07"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("period 34, pre-period 53"), "{text}");
    let out = grundy()
        .args(["table", "dawsons-kayles", "--to", "10^12", "--json"])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["to"], 1_000_000_000_000u64);
    assert_eq!(json["period"], 34);
    assert_eq!(json["preperiod"], 53);
    assert!(json["proved"].is_string());
    for key in ["game", "last", "checksum", "largest"] {
        assert!(!json[key].is_null(), "{key}");
    }
    // --print: `n G(n)` lines, and `values` in JSON.
    let out = grundy()
        .args(["table", "0.07", "--to", "11", "--print"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.ends_with("9 0\n10 3\n11 3\n"), "{text}");
    let out = grundy()
        .args(["table", "0.07", "--to", "5", "--print", "--json"])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["values"], serde_json::json!([0, 0, 1, 1, 2, 0]));
    // No period: says so.
    let out = grundy()
        .args(["table", "grundys-game", "--to", "2000"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("no period up to 2000"), "{text}");
    let out = grundy()
        .args(["table", "allbut:1,2", "--to", "3000"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("observed, not proved"), "{text}");
}

/// `--stats`: the engine's statistics on stderr (pair visits beside the time), stdout the same
/// report as without it.
#[test]
fn table_stats() {
    let plain = grundy()
        .args(["table", "0.16", "--to", "20000", "--json"])
        .assert()
        .success();
    let out = grundy()
        .args(["table", "0.16", "--to", "20000", "--json", "--stats"])
        .assert()
        .success();
    assert_eq!(out.get_output().stdout, plain.get_output().stdout);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("sparse space"), "{stderr}");
    let visits: u64 = stderr
        .split("pair visits ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no pair visits in {stderr}"));
    // At least every rare pair, at most every pair.
    assert!(visits > 20_000 && visits < 20_000 * 10_000, "{visits}");
}

#[test]
fn table_plots() {
    let dir = std::env::temp_dir().join(format!("grundy-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["g.svg", "g.png"] {
        let path = dir.join(name);
        grundy()
            .args(["table", "0.16", "--plot"])
            .arg(&path)
            .assert()
            .success();
        assert!(std::fs::metadata(&path).unwrap().len() > 1000, "{name}");
    }
    let svg = std::fs::read_to_string(dir.join("g.svg")).unwrap();
    assert!(svg.contains("pre-period 105351"));
    grundy()
        .args(["table", "0.07", "--plot"])
        .arg(dir.join("g.txt"))
        .assert()
        .code(2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn table_bad_input() {
    for args in [
        &["table", "0.07", "--to", "many"][..],
        &["table", "0.07", "--to", "-1"],
        &["table", "0.07", "--to", "18446744073709551616"],
        &["table", "0.07", "--to", "2^64"],
        &["table", "end-piles"],
        &["table", "0.9z"],
        &["table", "allbut:1", "--to", "10^15"],
        &["table", "grundys-game", "--to", "10^18"],
        &["table", "0.07", "--to", "10^9", "--print"],
    ] {
        let out = grundy().args(args).assert().code(2);
        let output = out.get_output();
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8(output.stderr.clone()).unwrap();
        assert!(stderr.starts_with("error:"), "{args:?}: {stderr}");
    }
}
