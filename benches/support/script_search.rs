//! Exhaustive search over a game, timed: positions solved per second and memory per position.
//!
//!   script_search SCRIPT.rhai POSITION     a script game (options or heap form)
//!   script_search --built-in GAME POSITION a built-in heap game (0.77, …) through the same search
//!   add --threads 1 to keep the search to one core
//!
//! Prints one line: `positions seconds positions_per_second cpu_seconds positions_per_cpu_second
//! bytes_per_position`, the bytes being the growth of the process's peak resident memory over the
//! search, divided by the positions (CPU time counts every thread, and is what a loaded machine
//! does not distort).

use grundy::resolve;
use grundy::script::HeapLists;
use grundy::script::{Script, ScriptRules};
use grundy::search::DEFAULT_POSITION_LIMIT;
use grundy::search::Search;
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

/// CPU seconds (user and system) this process has used, from /proc (clock ticks of 1/100 s).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
    let ticks = |at: usize| {
        fields
            .get(at)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn report(positions: usize, seconds: f64, cpu: f64, before: u64) {
    let bytes = peak_bytes().saturating_sub(before);
    println!(
        "{positions} {seconds:.3} {:.0} {cpu:.2} {:.0} {:.0}",
        positions as f64 / seconds,
        positions as f64 / cpu.max(0.01),
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
        let lists = HeapLists::new(heap_game.rule().clone());
        let heaps: Vec<u64> = position
            .split_whitespace()
            .map(|heap| heap.parse().expect("a heap size"))
            .collect();
        let start = lists.position(&heaps).expect("a heap position");
        let search = Search::new(Arc::new(lists), DEFAULT_POSITION_LIMIT);
        let (started, cpu) = (Instant::now(), cpu_seconds());
        search.value(&start).expect("solved");
        let cpu = cpu_seconds() - cpu;
        report(
            search.positions_solved(),
            started.elapsed().as_secs_f64(),
            cpu,
            before,
        );
    } else {
        let script = Arc::new(Script::load(std::path::Path::new(&spelling)).expect("a script"));
        let start = script.parse(&position).expect("a position");
        let search = Search::new(Arc::new(ScriptRules::new(script)), DEFAULT_POSITION_LIMIT);
        let (started, cpu) = (Instant::now(), cpu_seconds());
        search.value(&start).expect("solved");
        let cpu = cpu_seconds() - cpu;
        report(
            search.positions_solved(),
            started.elapsed().as_secs_f64(),
            cpu,
            before,
        );
    }
}
