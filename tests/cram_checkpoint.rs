//! `grundy analyze cram … --checkpoint FILE` through the binary: the report is the one without
//! a checkpoint, fresh and resumed; Ctrl-C saves and exits 130, and the same command then
//! finishes with the uninterrupted report; a file that is not this board's checkpoint, and
//! `--checkpoint` on a game without a search to save, are refused (exit 2, nothing on stdout).
//! `--max-memory` changes no report, and is refused where there is no table to bound.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::time::Duration;

mod common;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the binary is built")
}

/// A fresh path for a test's checkpoint (removed first).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cram-ckpt-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn analyze(args: &[&str]) -> std::process::Output {
    grundy().arg("analyze").args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A refusal: exit 2, nothing on stdout, an error on stderr; the error.
fn refused(output: std::process::Output) -> String {
    assert_eq!(output.status.code(), Some(2), "{}", text(&output.stderr));
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
    let stderr = text(&output.stderr);
    assert!(stderr.starts_with("error: "), "{stderr}");
    stderr
}

fn with_checkpoint(board: &str, path: &Path, more: &[&str]) -> std::process::Output {
    let mut args = vec!["cram", board, "--checkpoint", path.to_str().unwrap()];
    args.extend_from_slice(more);
    analyze(&args)
}

#[test]
fn a_checkpoint_changes_nothing_in_the_report_fresh_or_resumed() {
    for (board, more) in [
        ("4x5", &[][..]),
        ("3x8", &["--json"][..]),
        ("..#../...../...../.#...", &[][..]),
    ] {
        let mut plain = vec!["cram", board];
        plain.extend_from_slice(more);
        let expected = common::stdout_of_success(analyze(&plain));
        let path = scratch(&format!("same-{}", board.replace('/', "_")));
        let fresh = with_checkpoint(board, &path, more);
        assert!(path.exists(), "{board}: no checkpoint written");
        let mut temporary = path.clone().into_os_string();
        temporary.push(".tmp");
        assert!(!Path::new(&temporary).exists(), "{board}: FILE.tmp left");
        assert_eq!(common::stdout_of_success(fresh), expected, "{board}");
        let resumed = with_checkpoint(board, &path, more);
        let stderr = text(&resumed.stderr);
        assert!(stderr.contains("resumed from"), "{board}: {stderr}");
        assert_eq!(common::stdout_of_success(resumed), expected, "{board}");
    }
}

#[test]
fn a_file_that_is_not_this_boards_checkpoint_is_refused() {
    let path = scratch("refused");
    std::fs::write(&path, b"not a checkpoint at all\n").unwrap();
    let stderr = refused(with_checkpoint("4x5", &path, &[]));
    assert!(stderr.contains("not a grundy Cram checkpoint"), "{stderr}");
    // Another board's checkpoint.
    let _ = std::fs::remove_file(&path);
    common::stdout_of_success(with_checkpoint("3x5", &path, &[]));
    let stderr = refused(with_checkpoint("4x5", &path, &[]));
    assert!(stderr.contains("not of 4x5"), "{stderr}");
    // Truncated, and one byte changed.
    let good = std::fs::read(&path).unwrap();
    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    let stderr = refused(with_checkpoint("3x5", &path, &[]));
    assert!(stderr.contains("not resumed"), "{stderr}");
    let mut changed = good.clone();
    let middle = changed.len() / 2;
    changed[middle] ^= 1;
    std::fs::write(&path, &changed).unwrap();
    let stderr = refused(with_checkpoint("3x5", &path, &[]));
    assert!(stderr.contains("damaged"), "{stderr}");
    // A file that cannot be written (its folder is missing).
    let nowhere = scratch("missing-folder").join("file");
    let stderr = refused(with_checkpoint("3x5", &nowhere, &[]));
    assert!(stderr.contains("cannot write"), "{stderr}");
}

#[test]
fn checkpoint_on_a_game_without_a_search_to_save_is_refused() {
    let path = scratch("other-game");
    for args in [
        &["kayles", "3", "5"][..],
        &["cram", "3x3", "--misere"][..],
        &["nim", "1", "2"][..],
    ] {
        let mut args = args.to_vec();
        args.extend_from_slice(&["--checkpoint", path.to_str().unwrap()]);
        let stderr = refused(analyze(&args));
        assert!(
            stderr.contains("--checkpoint saves a long search to resume it")
                && stderr.contains("has none (the games with one, under normal play: cram"),
            "{stderr}"
        );
        assert!(!path.exists());
    }
    let stderr = refused(with_checkpoint("3x3", &path, &["--checkpoint-every", "0"]));
    assert!(stderr.contains("at least 1 second"), "{stderr}");
}

/// Ctrl-C (SIGINT) part-way through 4 × 9: the search is saved and the command exits 130 with
/// nothing on stdout; the same command resumes and prints the report of a run never stopped.
#[test]
fn ctrl_c_saves_and_the_same_command_resumes() {
    let path = scratch("interrupted");
    let binary = assert_cmd::cargo::cargo_bin("grundy");
    let child = std::process::Command::new(&binary)
        .args(["analyze", "cram", "4x9", "--checkpoint"])
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let output = child.wait_with_output().unwrap();
    let expected = common::stdout_of_success(analyze(&["cram", "4x9"]));
    match output.status.code() {
        Some(130) => {
            assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
            let stderr = text(&output.stderr);
            assert!(stderr.contains("interrupted"), "{stderr}");
            assert!(path.exists());
        }
        // A machine fast enough to finish first: the report is whole.
        Some(0) => assert_eq!(text(&output.stdout), expected),
        other => panic!("status {other:?}: {}", text(&output.stderr)),
    }
    let resumed = with_checkpoint("4x9", &path, &[]);
    assert!(text(&resumed.stderr).contains("resumed from"));
    assert_eq!(common::stdout_of_success(resumed), expected);
}

#[test]
fn max_memory_changes_no_report_and_is_refused_without_a_table_to_bound() {
    for board in ["4x5", "3x7", "..#../...../...../.#..."] {
        let expected = common::stdout_of_success(analyze(&["cram", board]));
        let bounded = common::stdout_of_success(analyze(&["cram", board, "--max-memory", "1"]));
        assert_eq!(bounded, expected, "{board}");
    }
    let path = scratch("max-memory");
    let expected = common::stdout_of_success(analyze(&["cram", "4x6"]));
    let saved = with_checkpoint("4x6", &path, &["--max-memory", "2"]);
    assert_eq!(common::stdout_of_success(saved), expected);
    for (value, why) in [
        ("0", "give a number of GiB from 1 to 1048576"),
        ("1048577", "give a number of GiB from 1 to 1048576"),
        ("lots", "is not a number"),
        ("2.5", "is not a number"),
    ] {
        let stderr = refused(analyze(&["cram", "4x5", "--max-memory", value]));
        assert!(stderr.contains(why), "{value}: {stderr}");
    }
    for args in [&["kayles", "3", "5"][..], &["cram", "3x3", "--misere"][..]] {
        let mut args = args.to_vec();
        args.extend_from_slice(&["--max-memory", "1"]);
        let stderr = refused(analyze(&args));
        assert!(
            stderr.contains("--max-memory bounds a long search's table")
                && stderr.contains("has none (the games with one, under normal play: cram"),
            "{stderr}"
        );
    }
}
