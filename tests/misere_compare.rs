//! `scripts/misere-compare`, the comparison of grundy's misère quotients with Siegel's
//! MisereSolver, tested on fixed outputs of MisereSolver (recorded in `tests/misere_compare/`:
//! 0.75 solved at heap 34, 0.07 stopped by its heap bound 14, 4.77 stopped by a one-second time
//! limit at heap 5), never by running it: CI has no JDK and no peer. grundy's side is computed
//! here by the binary. Checked: the script reads order, |P|, the heap reached, solved (period,
//! preperiod) and why a run stopped from both outputs; two runs that agree are reported equal
//! over the heaps both reached; an order, a |P| or a period changed in the recorded output is
//! reported as a disagreement naming the heap or the field (exit status 1); an output without
//! MisereSolver's SUMMARY line is refused (exit status 2).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn sample(name: &str) -> PathBuf {
    root().join("tests/misere_compare").join(name)
}

/// `python3 scripts/misere-compare ARGS` (the binary under test as grundy).
fn script(args: &[&str]) -> Output {
    Command::new("python3")
        .arg(root().join("scripts/misere-compare"))
        .args(args)
        .env("GRUNDY", env!("CARGO_BIN_EXE_grundy"))
        .output()
        .expect("python3 is installed")
}

fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "{error}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// A new file in the temporary folder holding `text` (its name unique to this process and call:
/// the tests run in parallel).
fn temporary(name: &str, text: &str) -> Temporary {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "misere-compare-{}-{call}-{name}",
        std::process::id()
    ));
    std::fs::write(&path, text).unwrap();
    Temporary(path)
}

/// A temporary file, removed when dropped.
struct Temporary(PathBuf);

impl Temporary {
    fn to_str(&self) -> Option<&str> {
        self.0.to_str()
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// grundy's `table CODE --misere --to HEAPS --json`, saved to a temporary file.
fn grundy_table(code: &str, heaps: u32) -> Temporary {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "table",
            code,
            "--misere",
            "--to",
            &heaps.to_string(),
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    temporary(
        &format!("{code}-{heaps}.json"),
        &String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn miseresolver_outputs_are_read() {
    let solved = json_of(&script(&[
        "--parse-miseresolver",
        sample("0.75-to-60.miseresolver.txt").to_str().unwrap(),
    ]));
    assert_eq!(solved["order"], 8);
    assert_eq!(solved["p_size"], 2);
    assert_eq!(solved["reached"], 34);
    assert_eq!(solved["solved"]["period"], 2);
    assert_eq!(solved["solved"]["preperiod"], 8);
    assert_eq!(solved["stopped"], Value::Null);

    let bounded = json_of(&script(&[
        "--parse-miseresolver",
        sample("0.07-to-14.miseresolver.txt").to_str().unwrap(),
    ]));
    assert_eq!(
        (bounded["order"].as_u64(), bounded["p_size"].as_u64()),
        (Some(24), Some(5))
    );
    assert_eq!(bounded["reached"], 14);
    assert_eq!(bounded["solved"], Value::Null);
    assert_eq!(bounded["stopped"], "heap bound");

    let timed_out = json_of(&script(&[
        "--parse-miseresolver",
        sample("4.77-1s.miseresolver.txt").to_str().unwrap(),
    ]));
    assert_eq!(
        (timed_out["order"].as_u64(), timed_out["p_size"].as_u64()),
        (Some(30), Some(5))
    );
    assert_eq!(timed_out["reached"], 5);
    assert_eq!(timed_out["stopped"], "time");
}

#[test]
fn grundy_reports_are_read() {
    let solved = grundy_table("0.75", 60);
    let parsed = json_of(&script(&["--parse-grundy", solved.to_str().unwrap()]));
    assert_eq!(parsed["order"], 8);
    assert_eq!(parsed["p_size"], 2);
    assert_eq!(parsed["reached"], 34);
    assert_eq!(parsed["solved"]["period"], 2);
    assert_eq!(parsed["solved"]["preperiod"], 8);

    let bounded = grundy_table("0.07", 14);
    let parsed = json_of(&script(&["--parse-grundy", bounded.to_str().unwrap()]));
    assert_eq!(parsed["reached"], 14);
    assert_eq!(parsed["order"], 24);
    assert_eq!(parsed["stopped"], "heap bound");
}

#[test]
fn equal_runs_agree_over_the_heaps_both_reached() {
    for (recorded, code, heaps, compared_to) in [
        ("0.75-to-60.miseresolver.txt", "0.75", 60, 34),
        ("0.07-to-14.miseresolver.txt", "0.07", 14, 14),
        // MisereSolver stopped at heap 5 by its time limit; grundy reaches heap 5 too.
        ("4.77-1s.miseresolver.txt", "4.77", 5, 5),
    ] {
        let ours = grundy_table(code, heaps);
        let out = script(&[
            "--compare-files",
            sample(recorded).to_str().unwrap(),
            ours.to_str().unwrap(),
        ]);
        let verdict = json_of(&out);
        assert_eq!(verdict["problems"], serde_json::json!([]), "{code}");
        assert_eq!(verdict["compared_to"], compared_to, "{code}");
        assert!(out.status.success());
    }
}

/// The recorded 0.75 output with `from` replaced by `to` (once, and the replacement checked).
fn mutated_075(name: &str, from: &str, to: &str) -> Temporary {
    let text = std::fs::read_to_string(sample("0.75-to-60.miseresolver.txt")).unwrap();
    assert!(text.contains(from));
    temporary(name, &text.replacen(from, to, 1))
}

#[test]
fn disagreements_are_named() {
    let ours = grundy_table("0.75", 60);
    // |P| of heaps ≤ 3 changed from 2 to 3.
    let psize = mutated_075("psize", "psizes: 0 1 2 2 ", "psizes: 0 1 2 3 ");
    // The period changed from 2 to 4.
    let period = mutated_075("period", "period=2 ", "period=4 ");
    for (peer, expected) in [
        (psize, "heap 3: MisereSolver 6/3, grundy 6/2"),
        (period, "period: MisereSolver 4, grundy 2"),
    ] {
        let out = script(&[
            "--compare-files",
            peer.to_str().unwrap(),
            ours.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1));
        let verdict = json_of(&out);
        assert_eq!(verdict["problems"], serde_json::json!([expected]));
    }
    // grundy solved at heap 34; a MisereSolver run to heap 40 with order 9 at heap 40.
    let mut orders = vec!["1", "2", "6", "6", "6"];
    orders.extend(["8"; 35]);
    orders.push("9");
    let mut psizes = vec!["0", "1"];
    psizes.extend(["2"; 39]);
    let unsolved = temporary(
        "unsolved",
        &format!(
            "orders: {}\npsizes: {}\nSUMMARY code=0.75 status=maxheap reached=40 order=9 P=2 \
             stable_since=40 period=- preperiod=- wall_s=0.2\n",
            orders.join(" "),
            psizes.join(" ")
        ),
    );
    let out = script(&[
        "--compare-files",
        unsolved.to_str().unwrap(),
        ours.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let verdict = json_of(&out);
    assert_eq!(verdict["compared_to"], 40);
    assert_eq!(
        verdict["problems"],
        serde_json::json!(["heap 40: MisereSolver 9/2 past the other's solved quotient 8/2"])
    );
}

#[test]
fn an_output_without_a_summary_is_refused() {
    let broken = temporary("broken", "MisereSolver\nException in thread \"main\"\n");
    let ours = grundy_table("0.75", 10);
    let out = script(&[
        "--compare-files",
        broken.to_str().unwrap(),
        ours.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no SUMMARY line"));
}
