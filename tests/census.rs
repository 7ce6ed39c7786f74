//! `grundy census` against an independent brute force written from the definition of a
//! take-and-break code (FAMILIES.md), and its shards, merge and `--check` through the command
//! line.

use assert_cmd::Command;
use grundy::families::census::{self, Census, CensusRequest, GameRecord, SHIFTS};
use std::collections::HashMap;

/// G(0..=last) of the octal code `spelling` (d0 = 0 or 4, digits 0–7), from the definition:
/// remove k tokens from a heap of n ≥ k, then by d_k's bits leave nothing (1, n = k), one heap
/// (2, n − k ≥ 1, k ≥ 1) or two non-empty heaps (4); d0 = 4 splits a heap without removing.
fn brute(spelling: &str, last: usize) -> Vec<u32> {
    let (whole, fraction) = spelling.split_once('.').unwrap();
    let digits: Vec<u32> = whole
        .chars()
        .chain(fraction.chars())
        .map(|c| c.to_digit(8).unwrap())
        .collect();
    let mut g: Vec<u32> = Vec::with_capacity(last + 1);
    let mut seen: Vec<usize> = Vec::new();
    for n in 0..=last {
        let mut mark = |v: u32| {
            let v = v as usize;
            if v >= seen.len() {
                seen.resize(v + 1, usize::MAX);
            }
            seen[v] = n;
        };
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                mark(0);
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                mark(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    mark(g[a] ^ g[rest - a]);
                }
            }
        }
        let mex = (0..)
            .find(|&v| seen.get(v).is_none_or(|&s| s != n))
            .unwrap();
        g.push(mex as u32);
    }
    g
}

fn record<'a>(census: &'a Census, game: &str) -> &'a GameRecord {
    census.games.iter().find(|g| g.game == game).unwrap()
}

/// Whether the brute-force values say a sequence with this pre-period and period is the least.
fn least_period_holds(g: &[u32], pre: usize, period: usize) -> bool {
    let last = g.len() - 1;
    let repeats = (pre..=last - period).all(|n| g[n + period] == g[n]);
    let pre_is_least = pre == 0 || g[pre - 1] != g[pre - 1 + period];
    // No smaller period from `pre` on (checked where the range shows it).
    let period_is_least =
        (1..period).all(|q| (pre..=last - q).any(|n| g[n + q] != g[n]) || pre + 2 * period > last);
    repeats && pre_is_least && period_is_least
}

#[test]
fn the_two_digit_census_agrees_with_the_definition() {
    const LAST: usize = 4096;
    let request = CensusRequest {
        patterns: vec!["0.??".to_string(), "4.?".to_string()],
        to: LAST as u64,
        budget: 200_000_000,
        shard: None,
    };
    let result = census::run(&request, None, &|_| {}).unwrap();
    assert_eq!(result.games.len(), 64 + 8);
    let values: HashMap<String, Vec<u32>> = result
        .games
        .iter()
        .map(|g| (g.game.clone(), brute(&g.game, LAST + SHIFTS as usize)))
        .collect();
    for g in &result.games {
        let v = &values[&g.game];
        match (g.preperiod, g.period) {
            (Some(pre), Some(period)) if pre as usize + period as usize <= LAST => {
                assert!(
                    least_period_holds(v, pre as usize, period as usize),
                    "{}: period {period} pre-period {pre} against the definition",
                    g.game
                );
                // The largest value of the whole sequence is among its first pre + period.
                let top = *v[..(pre + period) as usize].iter().max().unwrap();
                let at = v.iter().position(|&x| x == top).unwrap() as u64;
                assert_eq!((g.largest.value, g.largest.at), (top, at), "{}", g.game);
            }
            (Some(_), Some(_)) => {}
            _ => {
                // Open: no period proved, so none with a proof inside the range may exist.
                assert!(g.computed_to <= LAST as u64);
                let known = &v[..=g.computed_to as usize];
                let top = *known.iter().max().unwrap();
                let at = known.iter().position(|&x| x == top).unwrap() as u64;
                assert_eq!((g.largest.value, g.largest.at), (top, at), "{}", g.game);
            }
        }
        if let Some(rare) = &g.rare {
            let known = &v[1..=(g.computed_to as usize).min(LAST)];
            let rare_at: Vec<u64> = known
                .iter()
                .enumerate()
                .filter(|&(i, x)| {
                    let heap = i as u64 + 1;
                    let heap_bit = u32::from(rare.heap_parity) * ((heap ^ rare.class) & 1) as u32;
                    ((*x & rare.mask).count_ones() + heap_bit).is_multiple_of(2)
                })
                .map(|(i, _)| i as u64 + 1)
                .collect();
            assert_eq!(
                &rare_at[..rare_at.len().min(rare.first.len())],
                rare.first,
                "{}",
                g.game
            );
            if g.computed_to as usize <= LAST {
                assert_eq!(rare_at.len() as u64, rare.count, "{}", g.game);
                assert_eq!(rare_at.last().copied(), rare.last, "{}", g.game);
            }
        }
    }
    // Every class is true on the brute-force range: each member is the first shifted.
    let mut class_of: HashMap<&str, (usize, u64)> = HashMap::new();
    for (number, class) in result.classes.iter().enumerate() {
        let first = &values[&class.members[0].game];
        assert_eq!(class.members[0].shift, 0);
        for m in &class.members {
            class_of.insert(m.game.as_str(), (number, m.shift));
            let member = &values[&m.game];
            let upto = (class.equal_to as usize).min(LAST);
            for n in 0..upto {
                assert_eq!(
                    member[n],
                    first[n + m.shift as usize],
                    "{} (+{}) against {} at heap {n}",
                    m.game,
                    m.shift,
                    class.members[0].game
                );
            }
        }
    }
    // Conversely, two games whose equality the brute force proves (both periods proved, the
    // sequences equal over pre-period + lcm of the periods, shifted) are in one class.
    let proved: Vec<&GameRecord> = result.games.iter().filter(|g| g.period.is_some()).collect();
    let mut joined = 0;
    for a in &proved {
        for b in &proved {
            for s in 0..=SHIFTS as usize {
                let (va, vb) = (&values[&a.game], &values[&b.game]);
                let (pa, pb) = (a.period.unwrap() as usize, b.period.unwrap() as usize);
                let gcd = (1..=pa.min(pb))
                    .rev()
                    .find(|d| pa % d == 0 && pb % d == 0)
                    .unwrap();
                let end = (a.preperiod.unwrap() as usize)
                    .max((b.preperiod.unwrap() as usize).saturating_sub(s))
                    + pa / gcd * pb;
                if a.game == b.game || end > LAST || (0..end).any(|n| va[n] != vb[n + s]) {
                    continue;
                }
                // G_a(n) = G_b(n + s) for every n: the same sequence (s = 0) is in one class; a
                // shift a is in some class. (A game that is a shift of two games neither of which
                // is a shift of the other, as the all-zero 0.0 is of 0.01 and of 0.11, is listed
                // under the first found only, so b may stand alone: see the module doc.)
                let ca = class_of.get(a.game.as_str()).map(|c| c.0);
                let cb = class_of.get(b.game.as_str()).map(|c| c.0);
                let fits = if s == 0 {
                    ca.is_some() && ca == cb
                } else {
                    ca.is_some()
                };
                assert!(
                    fits,
                    "{} = {} shifted by {s}, proved from the definition, yet classes {ca:?} and \
                     {cb:?}",
                    a.game, b.game
                );
                joined += 1;
            }
        }
    }
    assert!(joined > 20, "the converse check must see pairs ({joined})");
}

#[test]
fn published_two_digit_results() {
    // Winning Ways ch. 4 and Flammenkamp's tables (via OEIS A071436 and tczajka's notes):
    // Kayles 0.77 period 12, last exception 70; Dawson's Kayles 0.07 period 34, and 0.137
    // (Dawson's chess) is 0.07 on heaps one larger; 0.16 period 149459, last exception 105350;
    // 0.27 is 0.26 (not 0.06, as Winning Ways' locator has it).
    let request = CensusRequest {
        patterns: ["0.77", "0.07", "0.137", "0.16", "0.26", "0.27", "0.06"]
            .map(str::to_string)
            .to_vec(),
        to: 1 << 20,
        budget: 50_000_000_000,
        shard: None,
    };
    let result = census::run(&request, None, &|_| {}).unwrap();
    let period = |game: &str| {
        let g = record(&result, game);
        (g.preperiod, g.period)
    };
    assert_eq!(period("0.77"), (Some(71), Some(12)));
    assert_eq!(period("0.07").1, Some(34));
    assert_eq!(period("0.16"), (Some(105_351), Some(149_459)));
    let class = |game: &str| record(&result, game).class;
    assert_eq!(class("0.07"), class("0.137"));
    assert!(class("0.07").is_some());
    assert_eq!(class("0.26"), class("0.27"));
    assert_ne!(class("0.27"), class("0.06"));
    let dawson = &result.classes[class("0.07").unwrap()];
    let shift = |game: &str| {
        dawson
            .members
            .iter()
            .find(|m| m.game == game)
            .unwrap()
            .shift
    };
    assert_eq!(shift("0.137"), shift("0.07") + 1);
}

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn census_output(args: &[&str]) -> Vec<u8> {
    let output = grundy().arg("census").args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

const QUICK: [&str; 6] = ["0.??", "4.?", "--to", "2^13", "--budget", "10^7"];

#[test]
fn shards_merged_equal_the_whole_census_byte_for_byte() {
    let dir = std::env::temp_dir().join(format!("grundy-census-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let whole_json = census_output(&[&QUICK[..], &["--json"]].concat());
    let whole_text = census_output(&QUICK);
    // Deterministic: the same command, the same bytes.
    assert_eq!(
        whole_json,
        census_output(&[&QUICK[..], &["--json"]].concat())
    );
    let mut pieces = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let bytes = census_output(&[&QUICK[..], &["--json", "--shard", &shard]].concat());
        let path = dir.join(format!("piece{k}.json"));
        std::fs::write(&path, bytes).unwrap();
        pieces.push(path.display().to_string());
    }
    // Given in any order.
    let order = [&pieces[2], &pieces[0], &pieces[1]].map(String::as_str);
    let merged_json = census_output(&[&["--merge", "--json"][..], &order[..]].concat());
    assert_eq!(
        String::from_utf8(merged_json).unwrap(),
        String::from_utf8(whole_json.clone()).unwrap()
    );
    let merged_text = census_output(&[&["--merge"][..], &order[..]].concat());
    assert_eq!(merged_text, whole_text);

    // Pieces that are not the shards of one census are refused: exit 2, nothing on stdout.
    let other_budget = dir.join("other.json");
    std::fs::write(
        &other_budget,
        census_output(&[
            "0.??", "4.?", "--to", "2^13", "--budget", "10^6", "--json", "--shard", "1/3",
        ]),
    )
    .unwrap();
    let not_json = dir.join("not.json");
    std::fs::write(
        &not_json,
        "{\"format\": \"grundy-census 1\", \"patterns\": [",
    )
    .unwrap();
    let foreign = dir.join("foreign.json");
    std::fs::write(
        &foreign,
        whole_json_with_format(&whole_json, "something else 7"),
    )
    .unwrap();
    let other = other_budget.display().to_string();
    let broken = not_json.display().to_string();
    let alien = foreign.display().to_string();
    for (args, says) in [
        (
            vec![pieces[0].as_str(), pieces[1].as_str()],
            "shard 3/3 of the census of `0.?? 4.?` (to 8192, budget 10000000) is missing",
        ),
        (
            vec![&pieces[0], &pieces[0], &pieces[1], &pieces[2]],
            "given twice",
        ),
        (
            vec![&other, &pieces[1], &pieces[2]],
            "is not of the same run as",
        ),
        (vec![&broken], "line 1"),
        (vec![&alien], "expected `grundy-census 1`"),
        (vec!["/nonexistent/piece.json"], "cannot read"),
    ] {
        let output = grundy()
            .args(["census", "--merge"])
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

fn whole_json_with_format(json: &[u8], format: &str) -> String {
    let mut value: serde_json::Value = serde_json::from_slice(json).unwrap();
    value["format"] = serde_json::Value::String(format.to_string());
    value.to_string()
}

#[test]
fn check_lists_planted_differences() {
    let dir = std::env::temp_dir().join(format!("grundy-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = census_output(&[&QUICK[..], &["--json"]].concat());
    let same = dir.join("same.json");
    std::fs::write(&same, &json).unwrap();
    let output = grundy()
        .arg("census")
        .args(QUICK)
        .args(["--check", same.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("0 differences with"));

    // Plant: a wrong period, a false class (0.6 and 0.36, which differ), a true class left out.
    let mut value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    for game in value["games"].as_array_mut().unwrap() {
        if game["game"] == "0.07" {
            game["period"] = serde_json::json!(35);
        }
    }
    let classes = value["classes"].as_array_mut().unwrap();
    let kept: Vec<serde_json::Value> = classes
        .iter()
        .filter(|c| {
            !c["members"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["game"] == "0.44")
        })
        .cloned()
        .collect();
    *classes = kept;
    classes.push(serde_json::json!({
        "members": [{"game": "0.6", "shift": 0}, {"game": "0.36", "shift": 0}],
        "equal_to": 1024, "proved_equal": false
    }));
    let planted = dir.join("planted.json");
    std::fs::write(&planted, value.to_string()).unwrap();
    let output = grundy()
        .arg("census")
        .args(QUICK)
        .args(["--check", planted.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("3 differences with"), "{stdout}");
    assert!(
        stdout.contains(
            "0.07: period 34, pre-period 53 here, period 35, pre-period 53 in the reference"
        ),
        "{stdout}"
    );
    // The first heap where 0.36 and 0.6 differ, from the definition.
    let (a, b) = (brute("0.6", 3000), brute("0.36", 3000));
    let first = (0..3000).find(|&n| a[n] != b[n]).unwrap();
    assert!(
        stdout.contains(&format!(
            "0.36: the reference calls it 0.6; they first differ at heap {first}:"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("0.46: equal to 0.44 here; the reference does not say so"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn census_bad_input() {
    for args in [
        vec!["x.?"],
        vec!["?.1"],
        vec!["0.???????"],
        vec!["no-such-game"],
        vec!["0.??", "--shard", "4/3"],
        vec!["0.??", "--shard", "0/3"],
        vec!["0.??", "--to", "abc"],
        vec!["0.??", "--budget", "-1"],
        vec!["0.??", "--check", "/nonexistent.json"],
    ] {
        let output = grundy().arg("census").args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).starts_with("error:"),
            "{args:?}"
        );
    }
}
