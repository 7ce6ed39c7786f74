//! `grundy check`, the independent checker of misère quotients (src/misere_check): it accepts
//! the quotients `grundy table --misere` prints, and rejects each kind of mutation with the
//! reason (a wrong product, a wrong P-portion element, two elements merged, two elements
//! that should be one, a wrong Φ entry, a wrong period), and unreadable input with status 2;
//! an unsettled heap's lower bounds are checked from its last candidate, and a wrong candidate,
//! bound or region is rejected; the checker's code names nothing of the construction's.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn grundy() -> Command {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
}

/// `grundy table CODE --misere ARGS --json`, parsed.
fn table(code: &str, args: &[&str]) -> Value {
    let out = grundy()
        .args(["table", code, "--misere", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `grundy check -` on `input`.
fn check_text(input: &str) -> Output {
    let mut child = grundy()
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The exit status and the `FAILED:` line (empty when accepted).
fn check(report: &Value) -> (i32, String) {
    let out = check_text(&report.to_string());
    let stdout = String::from_utf8(out.stdout).unwrap();
    let failed = stdout
        .lines()
        .find_map(|l| l.strip_prefix("FAILED:   "))
        .unwrap_or("")
        .to_string();
    (out.status.code().unwrap(), failed)
}

fn quotient(report: &mut Value) -> &mut Value {
    &mut report["quotient"]
}

#[test]
fn the_checker_accepts_what_grundy_prints_for_a_sample_of_octal_codes() {
    // Solved ones (the periodicity theorem is checked), and prefixes of unsolved ones.
    for (code, args) in [
        ("0.77", &["--to", "300"][..]),
        ("0.75", &["--to", "60"][..]),
        ("0.123", &["--to", "60"][..]),
        ("0.07", &["--to", "24"][..]),
        ("0.137", &["--to", "20"][..]),
        ("4.07", &["--to", "16"][..]),
        ("0.6", &["--to", "40"][..]),
        ("0.31", &["--to", "40"][..]),
        ("0.52", &["--to", "40"][..]),
        ("0.144", &["--to", "30"][..]),
        ("0.356", &["--to", "30"][..]),
        ("4.3", &["--to", "30"][..]),
    ] {
        let report = table(code, args);
        let (status, failed) = check(&report);
        assert_eq!((status, failed.as_str()), (0, ""), "{code}");
    }
    let kayles = table("0.77", &["--to", "300"]);
    assert!(!kayles["quotient"]["solved"].is_null(), "Kayles is solved");
    let out = check_text(&kayles.to_string());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("verified: solved: Φ(m + 12) = Φ(m) for 71 ≤ m"),
        "{text}"
    );
    assert!(text.contains("verified: reduced"), "{text}");
    assert!(text.ends_with("accepted\n"), "{text}");
}

#[test]
fn a_wrong_product_is_rejected_as_an_inconsistent_monoid() {
    let mut report = table("0.07", &["--to", "20"]);
    let q = quotient(&mut report);
    let presentation = q["presentation"].as_str().unwrap().to_string();
    assert!(presentation.contains("b^4 = b^2"), "{presentation}");
    q["presentation"] = presentation.replace("b^4 = b^2", "b^4 = b^3").into();
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert!(
        failed.starts_with("monoid: the presentation is not consistent"),
        "{failed}"
    );
    // A product that keeps the monoid consistent but changes it: d² = d instead of 1.
    let mut report = table("0.07", &["--to", "20"]);
    let q = quotient(&mut report);
    q["presentation"] = presentation.replace("d^2 = 1", "d^2 = d").into();
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert!(failed.starts_with("closure: position ["), "{failed}");
}

#[test]
fn a_wrong_p_portion_element_is_rejected_at_a_position() {
    let mut report = table("0.07", &["--to", "20"]);
    let q = quotient(&mut report);
    assert_eq!(q["p_portion"][1], "ac");
    q["p_portion"][1] = "bc".into();
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert_eq!(
        failed,
        "closure: heap 10 plus a position of image b has Φ = bc in P, but heap 10 has a move into P from it"
    );
}

#[test]
fn a_wrong_pretending_function_entry_is_rejected_at_its_heap() {
    let mut report = table("0.07", &["--to", "20"]);
    quotient(&mut report)["pretending_function"][5] = "a".into();
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert_eq!(
        failed,
        "closure: heap 5 plus a position of image 1 has Φ = a in P, but heap 5 has a move into P from it"
    );
    // Φ(2) is the generator a: a wrong one there breaks the generator too.
    let mut report = table("0.07", &["--to", "20"]);
    quotient(&mut report)["pretending_function"][2] = "b".into();
    let (_, failed) = check(&report);
    assert_eq!(failed, "generator a: it is not Φ(2)");
}

/// 0.07's heaps 0..=3 (Φ = 1, 1, a, a: heaps 2 and 3 are both misère *1) written with a
/// presentation, a P-portion and Φ of our choosing.
fn dawson_small(presentation: &str, order: usize, p: &[&str], phi: &[&str]) -> Value {
    let generators: Vec<Value> = presentation
        .trim_start_matches('<')
        .split(['|', '>'])
        .next()
        .unwrap()
        .split(',')
        .map(str::trim)
        .filter(|g| !g.is_empty())
        .map(|g| {
            let heap = phi.iter().position(|x| x == &g).unwrap();
            serde_json::json!([g, heap])
        })
        .collect();
    serde_json::json!({
        "game": "0.07",
        "quotient": {
            "heaps": phi.len() - 1,
            "order": order,
            "p_size": p.len(),
            "p_portion": p,
            "presentation": presentation,
            "generators": generators,
            "pretending_function": phi,
            "solved": null,
            "unsettled": null,
        }
    })
}

#[test]
fn two_elements_merged_or_kept_apart_wrongly_are_rejected() {
    // The true quotient: <a | a^2 = 1>, P = {a}.
    let right = dawson_small("<a | a^2 = 1>", 2, &["a"], &["1", "1", "a", "a"]);
    assert_eq!(check(&right), (0, String::new()));
    // 1 and a merged: the trivial monoid cannot tell heap 2 (a P-position) from nothing.
    let merged = dawson_small("<>", 1, &[], &["1", "1", "1", "1"]);
    assert_eq!(
        check(&merged),
        (
            1,
            "closure: position [2] has Φ = 1 not in P, but it has moves, none into P".to_string()
        )
    );
    // Heaps 2 and 3 given different elements a, b of the Klein group, P = {a, b}: it decides
    // every position, but a and b are the same element of the quotient.
    let split = dawson_small(
        "<a, b | a^2 = 1, b^2 = 1>",
        4,
        &["a", "b"],
        &["1", "1", "a", "b"],
    );
    assert_eq!(
        check(&split),
        (1, "not reduced: no element tells a and b apart".to_string())
    );
}

#[test]
fn a_wrong_period_or_too_short_a_run_is_rejected() {
    let kayles = table("0.77", &["--to", "300"]);
    let solved = kayles["quotient"]["solved"].clone();
    assert_eq!(solved["period"], 12);
    let mut report = kayles.clone();
    quotient(&mut report)["solved"]["period"] = 6.into();
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert!(failed.starts_with("solved: Φ("), "{failed}");
    // The same period claimed at a heap too small for the theorem.
    let mut short = table("0.77", &["--to", "120"]);
    quotient(&mut short)["solved"] = serde_json::json!({"preperiod": 71, "period": 12, "at": 120});
    let (status, failed) = check(&short);
    assert_eq!(status, 1);
    assert!(
        failed.starts_with("solved: N + 1 = 121 is less than"),
        "{failed}"
    );
}

#[test]
fn unreadable_input_is_located_with_status_2_and_nothing_on_stdout() {
    for (input, expected) in [
        ("{\"game\": ", "line 1, column 9"),
        ("not json", "line 1, column 2"),
        (
            "{\"game\": \"kayles\", \"quotient\": {\"heaps\": 0, \"order\": 1, \"p_size\": 0, \"p_portion\": [], \"presentation\": \"<>\", \"generators\": [], \"pretending_function\": [\"1\"], \"solved\": null}}",
            "is not an octal code",
        ),
        (
            "{\"game\": \"0.07\", \"quotient\": {\"heaps\": 0, \"order\": 1, \"p_size\": 0, \"p_portion\": [],\n \"presentation\": \"<a | a^2 = >\", \"generators\": [], \"pretending_function\": [\"1\"], \"solved\": null}}",
            "line 2, column 2",
        ),
        (
            "{\"game\": \"0.07\", \"quotient\": {\"heaps\": 0, \"order\": 99999999999, \"p_size\": 0, \"p_portion\": [], \"presentation\": \"<>\", \"generators\": [], \"pretending_function\": [\"1\"], \"solved\": null}}",
            "is not between 1 and",
        ),
    ] {
        let out = check_text(input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains(expected), "{input}: {stderr}");
    }
}

#[test]
fn the_quotients_once_undecided_by_the_closure_check_are_accepted() {
    // Codes whose heaps far outnumber the elements (985 kinds of heap for 0.56 to heap 1000):
    // the states are followed only when no state with the same image, terminality and a
    // smaller D covers them, and the check decides them. The census reaches heap 300.
    for code in ["0.56", "0.414", "0.415", "0.434", "0.435", "0.561", "0.562"] {
        let report = table(code, &["--to", "300"]);
        let (status, failed) = check(&report);
        assert_eq!((status, failed.as_str()), (0, ""), "{code}");
    }
    let report = table("0.56", &["--to", "1000"]);
    assert_eq!(report["quotient"]["order"], 66);
    let out = check_text(&report.to_string());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("985 kinds of heap"), "{text}");
    assert!(text.ends_with("accepted\n"), "{text}");
}

/// 0.447 stopped at heap 12 after 20 candidates: the last one (order 1044) decides every
/// position with at most 11 heaps of 12.
fn unsettled_0447() -> Value {
    let report = table("0.447", &["--to", "20", "--max-candidates", "20"]);
    let u = &report["quotient"]["unsettled"];
    assert_eq!(u["decided_below"], 12);
    assert_eq!(u["order_at_least"], 164);
    assert_eq!(u["candidate"]["order"], 1044);
    report
}

fn unsettled(report: &mut Value) -> &mut Value {
    &mut report["quotient"]["unsettled"]
}

#[test]
fn an_unsettled_heaps_lower_bounds_are_checked_from_its_last_candidate() {
    let report = unsettled_0447();
    let out = check_text(&report.to_string());
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    for line in [
        "verified: unsettled heap 12: the last candidate (order 1044, |P| = 244) is a monoid generated by Φ(0..=12)",
        "verified: unsettled heap 12: the last candidate decides every position with at most 11 heaps of 12",
        "verified: unsettled heap 12: lower bound: the quotient of heaps 0..=12 has at least 164 elements (claimed 164)",
        "verified: unsettled heap 12: 0..=11 heaps of 12 are pairwise distinguishable (12 distinct powers, as claimed)",
        "verified: unsettled heap 12: 0..=14 heaps of 9 are pairwise distinguishable (15 distinct powers, as claimed)",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    assert!(text.ends_with("accepted\n"), "{text}");
}

#[test]
fn a_wrong_candidate_bound_or_region_of_an_unsettled_heap_is_rejected() {
    let base = unsettled_0447();
    let prefix = "unsettled heap 12: ";
    // A wrong m: with 12 heaps of 12 allowed, the candidate's own first failure is found.
    let mut report = base.clone();
    unsettled(&mut report)["decided_below"] = 13.into();
    assert_eq!(
        check(&report),
        (
            1,
            format!(
                "{prefix}it does not decide every position with at most 12 heaps of 12: position [3,9^15,11,12^12] has Φ = ac^13de^12 not in P, but it has moves, none into P"
            )
        )
    );
    // A smaller m decides fewer positions: they tell fewer elements apart than claimed.
    let mut report = base.clone();
    unsettled(&mut report)["decided_below"] = 11.into();
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert!(
        failed.starts_with(&format!(
            "{prefix}lower bound: the positions the candidate decides tell "
        )),
        "{failed}"
    );
    // A claimed bound one larger.
    let mut report = base.clone();
    unsettled(&mut report)["order_at_least"] = 165.into();
    assert_eq!(
        check(&report),
        (
            1,
            format!(
                "{prefix}lower bound: the positions the candidate decides tell 164 elements apart, not the 165 claimed"
            )
        )
    );
    // One distinct power more than the candidate tells apart.
    let mut report = base.clone();
    unsettled(&mut report)["distinct_powers"][1] = serde_json::json!([9, 16]);
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert!(
        failed.starts_with(&format!("{prefix}distinct powers: ")),
        "{failed}"
    );
    // An absurd number of powers is refused before anything is sized by it.
    let mut report = base.clone();
    unsettled(&mut report)["distinct_powers"][1] = serde_json::json!([9, 1_000_000_000_000u64]);
    assert_eq!(
        check(&report),
        (
            1,
            format!(
                "{prefix}distinct powers: 1000000000000 distinct powers of heap 9 claimed, more than the candidate's 1044 elements"
            )
        )
    );
    // A P element flipped out of P: the position of that image is found.
    let mut report = base.clone();
    let candidate = &mut unsettled(&mut report)["candidate"];
    assert_eq!(candidate["p_portion"][0], "a");
    candidate["p_portion"].as_array_mut().unwrap().remove(0);
    candidate["p_size"] = 243.into();
    assert_eq!(
        check(&report),
        (
            1,
            format!(
                "{prefix}it does not decide every position with at most 11 heaps of 12: position [3] has Φ = a not in P, but it has moves, none into P"
            )
        )
    );
    // An element flipped into P.
    let mut report = base.clone();
    let candidate = &mut unsettled(&mut report)["candidate"];
    candidate["p_portion"]
        .as_array_mut()
        .unwrap()
        .push("e".into());
    candidate["p_size"] = 245.into();
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert!(
        failed.starts_with(&format!("{prefix}it does not decide every position")),
        "{failed}"
    );
    // A report without the candidate: the bounds are not verified, and not accepted.
    let mut report = base.clone();
    unsettled(&mut report)
        .as_object_mut()
        .unwrap()
        .remove("candidate");
    let (status, failed) = check(&report);
    assert_eq!(status, 1);
    assert!(
        failed.starts_with(&format!("{prefix}not verified")),
        "{failed}"
    );
}

/// The construction and the checker, two programs, agree on where each candidate stops
/// deciding: for every last candidate of 0.447 at heap 12 (4 to 25 candidates) and of 0.07 at
/// heap 33 (30 candidates), the checker accepts the region the report claims
/// (fewer heaps of n than the construction's first failure F has), and with one heap of n more
/// allowed it finds a failure — one with as many heaps of n as F, as every position with
/// fewer is decided (when the failure is a position; one found on a pair names a heap and an
/// image).
#[test]
fn the_checker_finds_each_candidates_first_failure_one_heap_further() {
    let runs = (4..=25)
        .map(|k| ("0.447", "20", k))
        .chain([("0.07", "34", 30)]);
    let mut checked = 0;
    for (code, to, k) in runs {
        let base = table(code, &["--to", to, "--max-candidates", &k.to_string()]);
        let u = &base["quotient"]["unsettled"];
        if u.is_null() {
            continue;
        }
        let n = u["heap"].as_u64().unwrap();
        let below = u["decided_below"].as_u64().unwrap();
        let failure: Vec<u64> = serde_json::from_value(u["failure"].clone()).unwrap();
        assert_eq!(
            failure.iter().filter(|&&h| h == n).count() as u64,
            below,
            "{code} {k}"
        );
        assert_eq!(
            check(&base),
            (0, String::new()),
            "{code} with {k} candidates"
        );
        let mut further = base.clone();
        unsettled(&mut further)["decided_below"] = (below + 1).into();
        let (status, failed) = check(&further);
        assert_eq!(status, 1, "{code} {k}: {failed}");
        let prefix = format!(
            "unsettled heap {n}: it does not decide every position with at most {below} heaps of {n}: "
        );
        let found = failed
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("{code} {k}: {failed}"));
        // A failure on a pair (a heap beside a position of some image) names no position.
        let Some(position) = found
            .strip_prefix("position [")
            .and_then(|rest| rest.split(']').next())
        else {
            assert!(found.starts_with("heap "), "{code} {k}: {failed}");
            checked += 1;
            continue;
        };
        let copies: u64 = position
            .split(',')
            .filter_map(|part| {
                let (heap, power) = part.split_once('^').unwrap_or((part, "1"));
                (heap.parse::<u64>().ok() == Some(n)).then(|| power.parse::<u64>().unwrap())
            })
            .sum();
        assert_eq!(copies, below, "{code} {k}: {failed}");
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} unsettled reports");
}

#[test]
fn the_checker_shares_no_code_with_the_construction() {
    // Every path the checker's code names outside itself is the input scanner's error type.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/misere_check");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        files += 1;
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            let mut rest = line;
            while let Some(at) = rest.find("crate::") {
                rest = &rest[at + "crate::".len()..];
                assert!(rest.starts_with("scanner::"), "{}: {line}", path.display());
            }
            assert!(!line.contains("super::super"), "{}: {line}", path.display());
        }
    }
    assert!(files >= 7);
}
