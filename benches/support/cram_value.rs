//! `scripts/bench cram` and the docs' table of Cram boards: the nimber of each board named on
//! the command line (`5x7`, or a drawn board), one line each, `5x7 *1`, with the seconds it took
//! and the solver's counters on standard error. Only the value is computed (igsolve's `cram`
//! computes the same), not the winning moves that `grundy analyze cram` also lists.
//! `--max-memory GIB` first bounds the transposition table as `analyze --max-memory` does;
//! `--checkpoint FILE` (with one board) saves its search to FILE every 30 minutes, on Ctrl-C
//! (then it exits with status 130) and at its end, and resumes from FILE when it holds that board
//! (as `analyze --checkpoint` does): for boards that take hours. `--threads N` searches each
//! board of at most 60 cells on N threads sharing one table (as `analyze --threads` does).

use grundy::game::{CheckpointOptions, MOST_MEMORY_GIB, MOST_THREADS, max_memory_bytes};
use grundy::games::cram::Cram;
use grundy::games::cram::theory::{set_table_memory, set_threads, with_checkpoint, with_solver};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Large tables on huge pages, as in the `grundy` binary.
#[global_allocator]
static ALLOCATOR: grundy::large_pages::LargePages = grundy::large_pages::LargePages;

/// How often `--checkpoint` saves.
const SAVE_EVERY: Duration = Duration::from_secs(30 * 60);

fn main() {
    let mut status = 0;
    let mut args = std::env::args().skip(1).peekable();
    let mut checkpoint = None;
    loop {
        match args.peek().map(String::as_str) {
            Some("--max-memory") => {
                args.next();
                match args
                    .next()
                    .and_then(|gib| max_memory_bytes(gib.parse::<u64>().ok()?).ok())
                {
                    Some(bytes) => {
                        let regions = set_table_memory(bytes);
                        eprintln!(
                            "the table holds at most {regions} regions ({} on a board of at \
                             most 60 cells)",
                            regions / 3 * 5
                        );
                    }
                    _ => {
                        eprintln!("--max-memory: give a number of GiB from 1 to {MOST_MEMORY_GIB}");
                        std::process::exit(2);
                    }
                }
            }
            Some("--threads") => {
                args.next();
                match args.next().and_then(|n| n.parse::<usize>().ok()) {
                    Some(n @ 1..=MOST_THREADS) => set_threads(n),
                    _ => {
                        eprintln!("--threads: give a number from 1 to {MOST_THREADS}");
                        std::process::exit(2);
                    }
                }
            }
            Some("--checkpoint") => {
                args.next();
                let Some(path) = args.next() else {
                    eprintln!("--checkpoint: give a file");
                    std::process::exit(2);
                };
                let interrupt = Arc::new(AtomicBool::new(false));
                let flag = Arc::clone(&interrupt);
                let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
                checkpoint = Some(CheckpointOptions {
                    path: path.into(),
                    every: SAVE_EVERY,
                    interrupt: Some(interrupt),
                });
            }
            _ => break,
        }
    }
    let boards: Vec<String> = args.collect();
    if checkpoint.is_some() && boards.len() != 1 {
        eprintln!("--checkpoint: give one board (the file holds one board's search)");
        std::process::exit(2);
    }
    for board in boards {
        match board.parse::<Cram>() {
            Ok(position) => {
                let start = Instant::now();
                let value = match &checkpoint {
                    None => position.value(),
                    Some(options) => match with_checkpoint(&position, options, || position.value())
                    {
                        Ok(run) => {
                            if let Some(resumed) = run.resumed {
                                eprintln!("{board}: {resumed}");
                            }
                            let Some(value) = run.result else {
                                eprintln!(
                                    "{board}: interrupted: the search is saved in {}; the same \
                                     command resumes it",
                                    options.path.display()
                                );
                                std::process::exit(130);
                            };
                            value
                        }
                        Err(error) => {
                            eprintln!("{board}: {error}");
                            status = 2;
                            continue;
                        }
                    },
                };
                println!("{board} *{}", value.0);
                let stats = with_solver(|solver| solver.stats());
                eprintln!("{board}: {:.3} s ({stats})", start.elapsed().as_secs_f64());
            }
            Err(error) => {
                eprintln!("{board}: {error}");
                status = 2;
            }
        }
    }
    std::process::exit(status);
}
