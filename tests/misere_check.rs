//! `grundy check`, the independent checker of misère quotients (src/misere_check): it accepts
//! the quotients `grundy table --misere` prints, and rejects each kind of mutation with the
//! reason (a wrong product, a wrong P-portion element, two elements merged, two elements
//! that should be one, a wrong Φ entry, a wrong period), and unreadable input with status 2.

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
