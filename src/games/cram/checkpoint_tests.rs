//! Checkpoints of the Cram solver: saved tables load back the same; a solve resumed from a
//! checkpoint — written at the end, part-way through a search (stopped as Ctrl-C stops it), or
//! by the solve of another board — gives the fresh solve's value and winning moves; damaged,
//! truncated, foreign and other-version files are refused with the reason.

use super::board::Cram;
use super::checkpoint::{self, CHECKPOINT_VERSION, Schedule};
use super::solver::{Solver, Stop};
use super::theory::with_checkpoint;
use crate::core::ImpartialGame;
use crate::game::CheckpointOptions;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The boards the resume tests solve: empty ones and drawn ones.
const BOARDS: &[&str] = &[
    "4x5",
    "3x8",
    "5x5",
    "....../..#.../....../...#..",
    "......./...#.../......./.......",
    "#...#/...../...../#...#",
];

/// A fresh file path for a test (removed first).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cram-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn board(text: &str) -> Cram {
    text.parse().unwrap()
}

/// The value of `board` and the dominoes that leave 0, by `solver`.
fn solve(solver: &mut Solver, board: &Cram) -> (u32, Vec<String>) {
    let (h, w) = (board.rows(), board.cols());
    let value = solver.position_value(board.empty(), h, w);
    let winning = board
        .moves()
        .into_iter()
        .filter(|domino| solver.position_is(board.play(domino).empty(), h, w, 0))
        .map(|domino| board.domino_text(&domino))
        .collect();
    (value, winning)
}

/// FNV-1a, written here from its definition (the file's hash), to forge files with a good hash.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `body` with its hash at the end, written to `path`.
fn write_with_hash(path: &Path, body: &[u8]) {
    let mut bytes = body.to_vec();
    bytes.extend_from_slice(&fnv1a(body).to_le_bytes());
    std::fs::write(path, bytes).unwrap();
}

fn refusal(path: &Path, board: &str) -> String {
    match Solver::load(path, board) {
        Ok(_) => panic!("{} was loaded", path.display()),
        Err(error) => error.to_string(),
    }
}

#[test]
fn saved_tables_load_back_the_same() {
    let path = scratch("round-trip");
    let mut solver = Solver::new();
    let fresh = solve(&mut solver, &board("4x5"));
    solver.save(&path, "4x5").unwrap();
    let (loaded, header) = Solver::load(&path, "4x5").unwrap();
    assert_eq!(header.board, "4x5");
    assert!(loaded.facts() == solver.facts());
    assert_eq!(loaded.stats(), solver.stats());
    assert!(!loaded.facts().0.is_empty() && !loaded.facts().1.is_empty());
    // The temporary file is gone, and saving the loaded solver writes the same tables.
    assert!(!path.with_extension("tmp").exists());
    let again = scratch("round-trip-again");
    loaded.save(&again, "4x5").unwrap();
    let (twice, _) = Solver::load(&again, "4x5").unwrap();
    assert!(twice.facts() == solver.facts());
    let mut loaded = loaded;
    assert_eq!(solve(&mut loaded, &board("4x5")), fresh);
}

/// A board of more than 60 cells is saved and loaded with keys of two words (its table turned
/// before it loads), and gives the same tables back; the same region in a board of 20 cells
/// (keys of one word) has the same value.
#[test]
fn tables_of_two_word_keys_load_back_the_same() {
    let mut small_board = 0u128;
    for r in 0..4 {
        small_board |= 0b11111 << (r * 9);
    }
    let wide = Cram::with_empty(7, 9, small_board).unwrap();
    let name = wide.to_string();
    let path = scratch("two-word-keys");
    let mut solver = Solver::new();
    let value = solve(&mut solver, &wide);
    assert!(!solver.table_is_narrow());
    solver.save(&path, &name).unwrap();
    let (loaded, _) = Solver::load(&path, &name).unwrap();
    assert!(!loaded.table_is_narrow());
    assert!(loaded.facts() == solver.facts());
    assert!(!loaded.facts().0.is_empty());
    let mut narrow = Solver::new();
    assert_eq!(solve(&mut narrow, &board("4x5")).0, value.0);
    assert!(narrow.table_is_narrow());
}

/// Each board solved fresh, then stopped part-way (after a quarter, half and three quarters of
/// the fresh solve's searches, at most 4096 — where the solver first looks at its flag — as
/// Ctrl-C stops it: the tables saved, then the search answering nothing more), and resumed from
/// that file by a new solver: the same value and winning moves.
#[test]
fn a_solve_resumed_from_a_checkpoint_written_part_way_agrees_with_a_fresh_one() {
    for text in BOARDS {
        let position = board(text);
        let mut fresh_solver = Solver::new();
        let fresh = solve(&mut fresh_solver, &position);
        let searches: u64 = fresh_solver
            .stats()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(searches >= 1, "{text}: no search");
        let mut stops: Vec<u64> = [searches / 4, searches / 2, 3 * searches / 4]
            .map(|at| at.clamp(1, 4096))
            .to_vec();
        stops.dedup();
        for stop_at in stops {
            let path = scratch(&format!("part-way-{}-{stop_at}", text.replace('/', "_")));
            let mut solver = Solver::new();
            let interrupt = Arc::new(AtomicBool::new(true));
            solver.save_on(Schedule::new(
                path.clone(),
                position.to_string(),
                Duration::from_secs(3600),
                Some(interrupt),
            ));
            solver.look_at_schedule_after(stop_at);
            let _ = solve(&mut solver, &position);
            assert_eq!(solver.stopped(), Some(&Stop::Interrupted), "{text}");
            // After the stop nothing more goes to the transposition table: it is the saved one
            // (small regions valued by plain mex may still be added to the endgame table).
            let (mut resumed, _) = Solver::load(&path, &position.to_string()).unwrap();
            let (saved, saved_small) = resumed.facts();
            let (kept, kept_small) = solver.facts();
            assert!(saved == kept, "{text} at {stop_at}: the tables differ");
            assert!(
                saved_small
                    .iter()
                    .all(|(key, value)| kept_small.get(key) == Some(value)),
                "{text} at {stop_at}: the endgame tables differ"
            );
            assert_eq!(solve(&mut resumed, &position), fresh, "{text} at {stop_at}");
            // The stopped solver searches again once its saves end.
            assert_eq!(solver.end_saves().1, Some(Stop::Interrupted));
            assert_eq!(solve(&mut solver, &position), fresh, "{text} at {stop_at}");
        }
    }
}

/// A checkpoint's facts are about regions, not about the board: the tables of a solve of
/// 3 × 6 (and of 4 × 4 with a cell blocked) resume 3 × 8 (and 4 × 5) to the fresh value.
#[test]
fn tables_from_another_board_resume_to_the_same_value() {
    for (solved, asked) in [("3x6", "3x8"), ("#.../..../..../....", "4x5")] {
        let path = scratch(&format!("other-{asked}"));
        let mut solver = Solver::new();
        solve(&mut solver, &board(solved));
        solver.save(&path, asked).unwrap();
        let (mut resumed, _) = Solver::load(&path, asked).unwrap();
        assert_eq!(
            solve(&mut resumed, &board(asked)),
            solve(&mut Solver::new(), &board(asked)),
            "{asked} from {solved}"
        );
    }
}

#[test]
fn saves_on_the_period_keep_the_search_going() {
    let path = scratch("period");
    let position = board("5x5");
    let mut solver = Solver::new();
    solver.save_on(Schedule::new(
        path.clone(),
        position.to_string(),
        Duration::ZERO,
        None,
    ));
    solver.look_at_schedule_after(3);
    let result = solve(&mut solver, &position);
    assert_eq!(solver.stopped(), None);
    assert!(path.exists());
    assert_eq!(result, solve(&mut Solver::new(), &position));
    // A save that fails stops the search, with the reason.
    let mut solver = Solver::new();
    let unwritable = scratch("no-such-folder").join("file");
    solver.save_on(Schedule::new(
        unwritable,
        position.to_string(),
        Duration::ZERO,
        None,
    ));
    solver.look_at_schedule_after(3);
    let _ = solve(&mut solver, &position);
    match solver.stopped() {
        Some(Stop::Failed(error)) => assert!(error.reason.contains("cannot write"), "{error}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn damaged_truncated_foreign_and_other_version_files_are_refused_with_the_reason() {
    let path = scratch("good");
    let mut solver = Solver::new();
    solve(&mut solver, &board("3x5"));
    solver.save(&path, "3x5").unwrap();
    let good = std::fs::read(&path).unwrap();
    let bad = scratch("bad");
    // Truncated anywhere: refused (truncated, or its hash).
    for length in (0..good.len())
        .step_by(97)
        .chain([good.len() - 1, good.len() - 8])
    {
        std::fs::write(&bad, &good[..length]).unwrap();
        let reason = refusal(&bad, "3x5");
        assert!(
            ["truncated", "hash", "not a", "damaged"]
                .iter()
                .any(|why| reason.contains(why)),
            "{length}: {reason}"
        );
    }
    // One byte flipped anywhere: refused.
    for at in (0..good.len()).step_by(61).chain([good.len() - 1]) {
        let mut flipped = good.clone();
        flipped[at] ^= 0x10;
        std::fs::write(&bad, &flipped).unwrap();
        let _ = refusal(&bad, "3x5");
    }
    // A byte added at the end.
    let mut longer = good.clone();
    longer.push(0);
    std::fs::write(&bad, &longer).unwrap();
    assert!(refusal(&bad, "3x5").contains("hash"));
    // Another board.
    assert!(refusal(&path, "3x6").contains("is a run of the board 3x5, not of 3x6"));
    // Not a checkpoint at all.
    std::fs::write(&bad, b"hello, world\n and more").unwrap();
    assert!(refusal(&bad, "3x5").contains("not a grundy Cram checkpoint"));
    // Another format version, with a good hash.
    let body = &good[..good.len() - 8];
    let mut other = body.to_vec();
    other[12..16].copy_from_slice(&(CHECKPOINT_VERSION + 8).to_le_bytes());
    write_with_hash(&bad, &other);
    let reason = refusal(&bad, "3x5");
    assert!(
        reason.contains(&format!("format version {}", CHECKPOINT_VERSION + 8)),
        "{reason}"
    );
    // Written by another grundy, with a good hash.
    let version_length = u32::from_le_bytes(good[16..20].try_into().unwrap()) as usize;
    let mut other = good[..20].to_vec();
    other[16..20].copy_from_slice(&5u32.to_le_bytes());
    other.extend_from_slice(b"0.0.0");
    other.extend_from_slice(&body[20 + version_length..]);
    write_with_hash(&bad, &other);
    let reason = refusal(&bad, "3x5");
    assert!(reason.contains("written by grundy 0.0.0"), "{reason}");
    // A count larger than the file, with a good hash: refused before anything is reserved.
    let board_at = 20 + version_length;
    let count_at = board_at + 4 + 3 + 16;
    let mut other = body.to_vec();
    other[count_at..count_at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    write_with_hash(&bad, &other);
    let reason = refusal(&bad, "3x5");
    assert!(reason.contains("more regions than the file"), "{reason}");
    // A region given a value above half its cells, with a good hash.
    let regions = u64::from_le_bytes(body[count_at..count_at + 8].try_into().unwrap());
    assert!(regions > 0);
    let mut other = body.to_vec();
    other[count_at + 8 + 23] = 60;
    write_with_hash(&bad, &other);
    let reason = refusal(&bad, "3x5");
    assert!(reason.contains("a value it cannot have"), "{reason}");
    // A small region of 15 cells (more than the endgame table keys), with a good hash.
    let small_at = count_at + 8 + regions as usize * 24;
    let small = u64::from_le_bytes(body[small_at..small_at + 8].try_into().unwrap());
    assert!(small > 0);
    let mut other = body.to_vec();
    let line: u128 = ((1 << 15) - 1) | 1 << 116 | 15 << 122;
    other[small_at + 8..small_at + 24].copy_from_slice(&line.to_le_bytes());
    other[small_at + 24] = 0;
    write_with_hash(&bad, &other);
    let reason = refusal(&bad, "3x5");
    assert!(reason.contains("a small region no board has"), "{reason}");
    // A missing file.
    assert!(refusal(&scratch("missing"), "3x5").contains("cannot read"));
}

/// The command line's path: the process's solver, fresh then resumed, the same report.
#[test]
fn with_checkpoint_starts_afresh_then_resumes() {
    let path = scratch("process");
    let position = board("4x6");
    let options = CheckpointOptions {
        path: path.clone(),
        every: Duration::from_secs(300),
        interrupt: None,
    };
    let first = with_checkpoint(&position, &options, || position.value()).unwrap();
    assert_eq!(first.resumed, None);
    assert!(path.exists());
    let second = with_checkpoint(&position, &options, || position.value()).unwrap();
    assert_eq!(second.result, first.result);
    assert!(second.resumed.unwrap().starts_with("resumed from"));
    let other = board("4x7");
    let refused = with_checkpoint(&other, &options, || other.value())
        .err()
        .unwrap();
    assert!(refused.reason.contains("not of 4x7"), "{refused}");
}

/// A checkpoint holding more regions than the table may (a smaller `--max-memory` than the
/// run that wrote it) is refused with the way out, not called damaged.
#[test]
fn a_checkpoint_larger_than_the_table_asks_for_more_memory() {
    let path = scratch("larger");
    let mut solver = Solver::new();
    solve(&mut solver, &board("4x5"));
    solver.save(&path, "4x5").unwrap();
    let regions = solver.table_len();
    assert!(regions > 1);
    let refused = checkpoint::load(&path, "4x5", regions - 1, &mut Solver::new())
        .err()
        .unwrap();
    assert!(
        refused.reason.contains(&format!(
            "it holds {regions} regions, more than the table's {}: resume with a larger \
             --max-memory",
            regions - 1
        )),
        "{refused}"
    );
    assert!(checkpoint::load(&path, "4x5", regions, &mut Solver::new()).is_ok());
}

/// A team of two threads saves the table they share while both search — every period, and when
/// interrupted part-way — and the files load back (as many regions as their headers say) and
/// resume, on one thread or on two, to the fresh solve's value and winning moves.
#[test]
fn a_team_saves_its_shared_table_while_it_searches_and_resumes() {
    let mut stops = 0;
    for text in BOARDS {
        let position = board(text);
        let fresh = solve(&mut Solver::new(), &position);
        for (interrupted, stop_at) in [(false, 1), (true, 1), (true, 40)] {
            let path = scratch(&format!(
                "team-{}-{interrupted}-{stop_at}",
                text.replace('/', "_")
            ));
            let mut solver = Solver::new();
            solver.enlist(2, 1 << 20);
            let interrupt = Arc::new(AtomicBool::new(interrupted));
            solver.save_on(Schedule::new(
                path.clone(),
                position.to_string(),
                Duration::ZERO,
                Some(interrupt),
            ));
            solver.look_at_schedule_after(stop_at);
            let result = solve(&mut solver, &position);
            // The leader looks at the schedule at its own searches: on a small board the mate
            // may have made them all, and the solve then ends unstopped.
            match solver.stopped() {
                Some(stop) => {
                    assert!(
                        interrupted && *stop == Stop::Interrupted,
                        "{text}: {stop:?}"
                    );
                    stops += 1;
                }
                None => {
                    assert_eq!(result, fresh, "{text}");
                    solver.save(&path, &position.to_string()).unwrap();
                }
            }
            let (mut alone, _) = Solver::load(&path, &position.to_string()).unwrap();
            assert_eq!(solve(&mut alone, &position), fresh, "{text} resumed alone");
            let (mut team, _) = Solver::load(&path, &position.to_string()).unwrap();
            team.enlist(2, 1 << 20);
            assert_eq!(
                solve(&mut team, &position),
                fresh,
                "{text} resumed on two threads"
            );
        }
    }
    assert!(stops >= 4, "{stops} interrupted");
}
