//! `grundy table --ring`: the ring mode against the in-memory engine and an independent brute
//! force, with small prefixes and rings (so that the ring wraps many times), interrupted and
//! resumed from checkpoints at chosen points, damaged and mismatched checkpoints, and the stop
//! when a read falls outside the prefix and the ring.

use assert_cmd::Command;
use grundy::engine::Stop;
use grundy::engine::ring::{self, RingError, RingOptions, Sizes};
use grundy::families::HeapRule;
use grundy::families::table::{self, TableReport};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// G(0..=last) of the code with digits d0 d1 …, from the definition: take k from a heap of
/// n ≥ k, then by d_k's bits leave nothing (1, n = k), one heap (2, n − k ≥ 1, k ≥ 1) or two
/// non-empty heaps (4).
fn brute(digits: &[u8], last: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(last + 1);
    for n in 0..=last {
        let mut seen = vec![false; 2048];
        for (k, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest >= 1 && k >= 1 {
                seen[g[rest] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    seen[(g[a] ^ g[rest - a]) as usize] = true;
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

/// The checksum of `table --json` straight from its definition.
fn checksum(values: &[u32]) -> String {
    let (mut a, mut b) = (0u16, 0u16);
    for &v in values {
        a = a.wrapping_add(v as u16);
        b = b.wrapping_add(a);
    }
    format!("{:X}", (u32::from(b) << 16) | u32::from(a))
}

fn rule(code: &str) -> HeapRule {
    HeapRule::resolve(code).unwrap().unwrap()
}

fn sizes(prefix: u64, ring: u64) -> Sizes {
    Sizes { prefix, ring }
}

/// The ring mode's report on G(0..=to), checkpointed to `checkpoint`, stopping after
/// `stop_after` when given.
fn ring_run(
    code: &str,
    to: u64,
    sizes: Sizes,
    checkpoint: Option<&Path>,
    stop_after: Option<u64>,
) -> Result<TableReport, RingError> {
    ring_run_with(code, to, sizes, checkpoint, stop_after, false).map(|run| run.report)
}

/// [`ring_run`], with the portable kernels when `scalar`, the whole result.
fn ring_run_with(
    code: &str,
    to: u64,
    sizes: Sizes,
    checkpoint: Option<&Path>,
    stop_after: Option<u64>,
    scalar: bool,
) -> Result<ring::RingRun, RingError> {
    let rule = rule(code);
    ring::run(
        &rule.compile(),
        &rule.to_string(),
        &RingOptions {
            to,
            sizes,
            checkpoint,
            values: None,
            checkpoint_every: Duration::from_secs(3600),
            interrupt: None,
            stop_after,
            progress: false,
            scalar_kernels: scalar,
        },
    )
}

/// The in-memory engine's values of G(0..=to), past any period.
fn in_memory(code: &str, to: u64) -> Vec<u32> {
    table::report(&rule(code), Some(to), true)
        .unwrap()
        .values
        .unwrap()
}

/// What a report says about G(0..=to) from `values`.
fn assert_report(report: &TableReport, values: &[u32], what: &str) {
    let to = values.len() - 1;
    assert_eq!(report.to, to as u64, "{what}");
    assert_eq!(report.checksum, checksum(values), "{what}: checksum");
    assert_eq!(report.last, values[to], "{what}: G(N)");
    let largest = *values.iter().max().unwrap();
    let at = values.iter().position(|&v| v == largest).unwrap() as u64;
    assert_eq!(
        (report.largest.value, report.largest.at),
        (largest, at),
        "{what}: largest"
    );
    assert!(report.period.is_none());
}

/// A small deterministic generator (xorshift), so that the points are the same on every run.
struct Points(u64);

impl Points {
    fn below(&mut self, bound: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % bound
    }
}

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("grundy-ring-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The games of the brief, each with a prefix and a ring far smaller than N (the ring wraps
/// from 4 to 64 times): the values, checksum, G(N) and largest value of the in-memory engine.
/// 0.6 and 0.007 are not sparse (every position is rare), so their N stays within P + R.
#[test]
fn the_ring_gives_the_in_memory_values() {
    for (code, to, prefix, ring) in [
        ("0.167", 1u64 << 18, 4096u64, 4096u64),
        ("0.16", 1 << 17, 32768, 32768),
        ("0.354", 1 << 17, 4096, 8192),
        ("0.1777", 1 << 17, 1024, 1000),
        ("0.167", 100_000, 3000, 3001),
        ("0.6", 8000, 6000, 2048),
        ("0.007", 8000, 6000, 2048),
        ("4.07", 5000, 3000, 2048),
    ] {
        let values = in_memory(code, to);
        let report = ring_run(code, to, sizes(prefix, ring), None, None)
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(report.stopped, Stop::Reached);
        assert_report(&report, &values, code);
    }
}

/// The AVX2 kernels (where the processor has them) and the portable ones give the same report
/// and visit the same pairs: while the whole table is kept, and with small rings whose window
/// moves down many times (0.167 to 2^19 with a ring of 4,096: the window moves about 14 times;
/// 0.354 with a ring that is not a multiple of anything), blocks of every length.
#[test]
fn vector_and_scalar_kernels_agree_in_the_ring() {
    for (code, to, prefix, ring) in [
        ("0.167", 1u64 << 19, 4096u64, 4096u64),
        ("0.354", 1 << 17, 4096, 8191),
        ("0.16", 1 << 17, 32768, 32768),
        ("0.1777", 1 << 16, 1024, 1000),
        ("grundys-game", 20000, 12000, 8192),
    ] {
        let values = in_memory(code, to);
        let vector = ring_run_with(code, to, sizes(prefix, ring), None, None, false)
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        let scalar = ring_run_with(code, to, sizes(prefix, ring), None, None, true)
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_report(&vector.report, &values, code);
        assert_eq!(vector.report, scalar.report, "{code}");
        assert_eq!(vector.work, scalar.work, "{code}: pair visits");
    }
}

/// Random codes against the brute force, rings of 64 to 512 positions.
#[test]
fn random_codes_match_the_brute_force() {
    let mut points = Points(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for _ in 0..40 {
        let length = 2 + points.below(3) as usize;
        let mut digits: Vec<u8> = vec![if points.below(4) == 0 { 4 } else { 0 }];
        digits.extend((1..length).map(|_| points.below(8) as u8));
        let code = format!(
            "{}.{}",
            digits[0],
            digits[1..]
                .iter()
                .map(|d| d.to_string())
                .collect::<String>()
        );
        let to = 1500;
        let ring = 64 + points.below(450);
        let prefix = to + 1 - ring + points.below(200);
        let expected = brute(&digits, to as usize);
        match ring_run(&code, to, sizes(prefix, ring), None, None) {
            Ok(report) => {
                assert_report(&report, &expected, &code);
                checked += 1;
            }
            Err(RingError::ValueTooLarge { .. }) => {
                assert!(expected.iter().any(|&v| v > 255), "{code}")
            }
            Err(e) => panic!("{code} (prefix {prefix}, ring {ring}): {e}"),
        }
    }
    assert!(checked >= 30, "only {checked} codes checked");
}

/// Stopped at random points and resumed from the checkpoint, again and again: every partial
/// report is the in-memory one of G(0..=point), and the last is the uninterrupted run's.
#[test]
fn interrupted_and_resumed_runs_give_the_same_values() {
    let dir = TempDir::new("resume");
    let mut points = Points(12345);
    for (code, to, prefix, ring) in [
        ("0.167", 1u64 << 17, 4096u64, 4096u64),
        ("0.16", 1 << 17, 32768, 32768),
        ("0.354", 1 << 16, 2048, 7777),
        ("0.6", 6000, 5000, 2048),
    ] {
        let values = in_memory(code, to);
        let file = dir.file(&format!("{code}.ckpt"));
        let mut stops: Vec<u64> = (0..5).map(|_| points.below(to)).collect();
        // One stop among the first positions, before any choice of common sets.
        stops.push(points.below(100));
        stops.sort();
        stops.dedup();
        for &stop in &stops {
            let report = ring_run(code, to, sizes(prefix, ring), Some(&file), Some(stop))
                .unwrap_or_else(|e| panic!("{code} stopped at {stop}: {e}"));
            assert_eq!(report.stopped, Stop::Interrupted, "{code} at {stop}");
            assert_report(&report, &values[..=stop as usize], code);
            assert!(!dir.file(&format!("{code}.ckpt.tmp")).exists());
        }
        let resumed = ring_run(code, to, sizes(prefix, ring), Some(&file), None).unwrap();
        let whole = ring_run(code, to, sizes(prefix, ring), None, None).unwrap();
        assert_eq!(resumed, whole, "{code}");
        assert_report(&resumed, &values, code);
        // A finished run's checkpoint reports at once, and a larger N continues it.
        let again = ring_run(code, to, sizes(prefix, ring), Some(&file), None).unwrap();
        assert_eq!(again, whole);
        let longer = in_memory(code, to + 777);
        let continued = ring_run(code, to + 777, sizes(prefix, ring), Some(&file), None).unwrap();
        assert_report(&continued, &longer, code);
    }
}

/// A checkpoint of another game or other sizes, a damaged, truncated or foreign file: refused,
/// with the reason, and nothing computed from it.
#[test]
fn mismatched_and_damaged_checkpoints_are_refused() {
    let dir = TempDir::new("refuse");
    let file = dir.file("run.ckpt");
    let small = sizes(2048, 4096);
    ring_run("0.167", 20000, small, Some(&file), Some(10000)).unwrap();
    let good = std::fs::read(&file).unwrap();
    let refused = |file: &Path, code: &str, sizes: Sizes| -> String {
        match ring_run(code, 20000, sizes, Some(file), None) {
            Err(e @ RingError::Checkpoint { .. }) => e.to_string(),
            other => panic!("not refused: {other:?}"),
        }
    };
    assert!(refused(&file, "0.16", small).contains("not of 0.16"));
    assert!(refused(&file, "0.167", sizes(2048, 8192)).contains("--memory"));
    let damaged = dir.file("damaged.ckpt");
    for (what, bytes) in [
        ("flipped", {
            let mut bytes = good.clone();
            let middle = bytes.len() / 2;
            bytes[middle] ^= 0x10;
            bytes
        }),
        ("truncated", good[..good.len() - 100].to_vec()),
        ("trailing", [&good[..], b"x"].concat()),
        ("empty", Vec::new()),
        ("foreign", b"not a checkpoint at all, just text".to_vec()),
        ("huge count", {
            // The first rare list's count, set to 2^60: refused before anything is allocated.
            let mut bytes = good.clone();
            let at = 12 + 4 + 4 + 5 + 8 * 3 + 4 + 4 + 8 * 4 + 1 + 12 + 512 * 8;
            bytes[at..at + 8].copy_from_slice(&(1u64 << 60).to_le_bytes());
            bytes
        }),
    ] {
        std::fs::write(&damaged, &bytes).unwrap();
        let message = refused(&damaged, "0.167", small);
        assert!(
            message.contains("not resumed") || message.contains("not a grundy"),
            "{what}: {message}"
        );
    }
    // The good one still resumes.
    let values = in_memory("0.167", 20000);
    let report = ring_run("0.167", 20000, small, Some(&file), None).unwrap();
    assert_report(&report, &values, "0.167");
}

/// Tiny prefixes and rings, so that the value file serves many reads: rare positions far
/// behind the ring (their pairs read through cursors), new rare positions past P + R (their
/// full scans read the middle from the file), deep coverage scans, games whose every position is
/// rare (0.6, 0.007: every position a full scan). Value for value the in-memory engine's, the
/// file read (its positioned reads counted), and the vector and portable kernels agree.
#[test]
fn the_value_file_serves_what_the_ring_cannot() {
    let (mut file_reads, mut far_scans) = (0, 0);
    for (code, to, prefix, ring) in [
        ("0.167", 1u64 << 18, 4096u64, 512u64),
        ("0.167", 150_000, 2048, 64),
        ("0.16", 1 << 17, 1024, 8192),
        ("0.16", 1 << 17, 12288, 4096),
        ("0.354", 1 << 17, 2048, 700),
        ("0.1777", 1 << 16, 1024, 200),
        ("0.6", 10_000, 500, 600),
        ("0.007", 9_000, 100, 2000),
        ("4.07", 40_000, 2048, 400),
        ("grundys-game", 40_000, 4096, 2000),
    ] {
        let values = in_memory(code, to);
        let run = ring_run_with(code, to, sizes(prefix, ring), None, None, false)
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(run.report.stopped, Stop::Reached);
        assert_report(&run.report, &values, code);
        file_reads += run.file_reads.0;
        far_scans += run.far_scans;
        let scalar = ring_run_with(code, to, sizes(prefix, ring), None, None, true)
            .unwrap_or_else(|e| panic!("{code}: {e}"));
        assert_eq!(run.report, scalar.report, "{code}");
        assert_eq!(run.work, scalar.work, "{code}: pair visits");
    }
    // Positioned reads of the file itself (not of its write buffer), and scans past P + R.
    assert!(file_reads > 0, "the value file was not read");
    assert!(far_scans > 0, "no far scan");
}

/// A checkpoint's value file missing, shorter than the checkpoint's count or altered: refused
/// with a located error, nothing computed; one longer than the count (values written after the
/// checkpoint) is cut and the run resumes to the in-memory values.
#[test]
fn missing_short_or_altered_value_files_are_refused() {
    let dir = TempDir::new("values");
    let file = dir.file("run.ckpt");
    let values_file = dir.file("run.ckpt.values");
    let small = sizes(2048, 512);
    let to = 100_000;
    ring_run("0.167", to, small, Some(&file), Some(70_000)).unwrap();
    let good = std::fs::read(&values_file).unwrap();
    assert_eq!(good.len(), 70_001);
    let refused = |what: &str| match ring_run("0.167", to, small, Some(&file), None) {
        Err(e @ RingError::ValueFile { .. }) => {
            let message = e.to_string();
            assert!(message.contains("run.ckpt.values"), "{what}: {message}");
            message
        }
        other => panic!("{what}: not refused: {other:?}"),
    };
    std::fs::remove_file(&values_file).unwrap();
    refused("missing");
    std::fs::write(&values_file, &good[..good.len() - 1]).unwrap();
    assert!(refused("short").contains("not resumed"));
    let mut altered = good.clone();
    altered[40_000] ^= 1;
    std::fs::write(&values_file, &altered).unwrap();
    assert!(refused("altered").contains("not resumed"));
    let longer = [&good[..], &[7u8; 1000][..]].concat();
    std::fs::write(&values_file, &longer).unwrap();
    let report = ring_run("0.167", to, small, Some(&file), None).unwrap();
    assert_report(&report, &in_memory("0.167", to), "0.167");
    assert_eq!(std::fs::metadata(&values_file).unwrap().len(), to + 1);
}

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// The command line: the same checksum as the in-memory table, a checkpoint resumed, and a
/// mismatched one refused with `error:` and status 2.
#[test]
fn the_command_line_runs_resumes_and_refuses() {
    let dir = TempDir::new("cli");
    let file = dir.file("cli.ckpt");
    let json = |args: &[&str]| -> serde_json::Value {
        let out = grundy()
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        serde_json::from_slice(&out).unwrap()
    };
    let memory = json(&["table", "0.167", "--to", "100000", "--json"]);
    let path = file.to_str().unwrap();
    let ring_args = [
        "table",
        "0.167",
        "--to",
        "100000",
        "--json",
        "--ring",
        "--memory",
        "1",
        "--checkpoint",
        path,
    ];
    let first = json(&ring_args);
    assert_eq!(first["checksum"], memory["checksum"]);
    assert_eq!(first["largest"], memory["largest"]);
    assert!(file.exists());
    let out = grundy()
        .args(ring_args)
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(String::from_utf8_lossy(&out.stderr).contains("resumed from"));
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap(),
        first
    );
    let out = grundy()
        .args([
            "table",
            "0.16",
            "--to",
            "1000",
            "--ring",
            "--memory",
            "1",
            "--checkpoint",
            path,
        ])
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: checkpoint"));
    // A value file that cannot be written (a full disk): a named error, status 2, nothing on
    // stdout.
    if Path::new("/dev/full").exists() {
        let full = dir.file("full.ckpt");
        let out = grundy()
            .args(["table", "0.167", "--to", "5000", "--ring", "--memory", "1"])
            .args([
                "--checkpoint",
                full.to_str().unwrap(),
                "--values",
                "/dev/full",
            ])
            .assert()
            .code(2)
            .get_output()
            .clone();
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with("error: value file /dev/full: cannot write"),
            "{stderr}"
        );
    }
    grundy().args(["table", "0.167", "--ring"]).assert().code(2);
    let out = grundy()
        .args(["table", "0.167", "--to", "1000", "--ring", "--memory", "0"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: --memory"));
}
