//! Exhaustive search over script games (Rhai) beside the same search over the built-in Kayles
//! (compiled Rust): the options form (one script call per position), the heap form (one call per
//! heap size, cached) and the built-in 0.77, the last two as bare heap lists (`HeapLists`).

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::resolve;
use grundy::script::HeapLists;
use grundy::script::{Script, ScriptRules};
use grundy::search::DEFAULT_POSITION_LIMIT;
use grundy::search::Search;
use std::hint::black_box;
use std::path::Path;
use std::sync::Arc;

fn heap_search(spelling: &str, heap: u64) -> usize {
    let game = resolve(spelling).expect("a game");
    let lists = HeapLists::new(game.heap_game().expect("a heap game").rule().clone());
    let start = lists.position(&[heap]).expect("a position");
    let search = Search::new(Arc::new(lists), DEFAULT_POSITION_LIMIT);
    search.value(&start).expect("solved");
    search.positions_solved()
}

fn script_search(script: &Arc<Script>, position: &str) -> usize {
    let start = script.parse(position).expect("a position");
    let search = Search::new(
        Arc::new(ScriptRules::new(Arc::clone(script))),
        DEFAULT_POSITION_LIMIT,
    );
    search.value(&start).expect("solved");
    search.positions_solved()
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("exhaustive search");
    group.sample_size(10);
    let options = Arc::new(Script::load(Path::new("benches/kayles-options.rhai")).expect("loads"));
    group.bench_function("Kayles options script (Rhai), from a row of 25", |b| {
        b.iter(|| script_search(black_box(&options), "25"))
    });
    let cram = Arc::new(Script::load(Path::new("examples/games/cram.rhai")).expect("loads"));
    group.bench_function("Cram script (Rhai), 3x4", |b| {
        b.iter(|| script_search(black_box(&cram), "3x4"))
    });
    group.bench_function("Kayles heap script (Rhai), from a row of 35", |b| {
        b.iter(|| heap_search(black_box("examples/games/kayles.rhai"), 35))
    });
    group.bench_function("built-in 0.77 (Rust), from a row of 35", |b| {
        b.iter(|| heap_search(black_box("0.77"), 35))
    });
    group.finish();
}

criterion_group!(script, search);
criterion_main!(script);
