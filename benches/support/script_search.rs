//! Exhaustive search over a game, timed: positions solved per second and memory per position.
//!
//!   script_search SCRIPT.rhai POSITION     a script game (options or heap form)
//!   script_search --built-in GAME POSITION a built-in heap game (0.77, …) through the same search
//!   add --threads 1 to keep the search to one core
//!
//! Prints one line: `positions seconds positions_per_second bytes_per_position`, the bytes being
//! the growth of the process's peak resident memory over the search, divided by the positions.

use grundy::core::search::DEFAULT_POSITION_LIMIT;
use grundy::core::{GameRules, Search};
use grundy::families::Heaps;
use grundy::registry::resolve;
use grundy::script::{Script, ScriptRules};
use std::sync::Arc;
use std::time::Instant;

fn peak_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn report(positions: usize, seconds: f64, before: u64) {
    let bytes = peak_bytes().saturating_sub(before);
    println!(
        "{positions} {seconds:.3} {:.0} {:.0}",
        positions as f64 / seconds,
        bytes as f64 / positions.max(1) as f64
    );
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = args.iter().position(|a| a == "--threads") {
        let threads: usize = args[at + 1].parse().expect("a thread count");
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global()
            .expect("one global pool");
        args.drain(at..at + 2);
    }
    let (spelling, position) = match args.as_slice() {
        [flag, game, position] if flag == "--built-in" => (game.clone(), position.clone()),
        [script, position] => (script.clone(), position.clone()),
        _ => {
            eprintln!("usage: script_search [--threads N] (SCRIPT | --built-in GAME) POSITION");
            std::process::exit(2);
        }
    };
    let game = resolve(&spelling).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2)
    });
    let before = peak_bytes();
    if let Some(heap_game) = game.heap_game() {
        // Heap form (or a built-in heap game): positions are heap lists, options from the rule.
        let start = heap_game.parse(&position).expect("a heap position");
        let search = Search::new(Arc::new(GameRules::<Heaps>::new()), DEFAULT_POSITION_LIMIT);
        let started = Instant::now();
        search.value(&start).expect("solved");
        report(search.positions_solved(), started.elapsed().as_secs_f64(), before);
    } else {
        let script = Arc::new(Script::load(std::path::Path::new(&spelling)).expect("a script"));
        let start = script.parse(&position).expect("a position");
        let search = Search::new(Arc::new(ScriptRules::new(script)), DEFAULT_POSITION_LIMIT);
        let started = Instant::now();
        search.value(&start).expect("solved");
        report(search.positions_solved(), started.elapsed().as_secs_f64(), before);
    }
}
