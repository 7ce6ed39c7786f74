//! `scripts/bench loopy`: on one seeded random graph, plain win/lose/draw retrograde labelling
//! (the referee, the baseline) against γ of every vertex (Fraenkel's labelling with counters).
//!
//! `loopy_labels VERTICES EDGES SEED [FILE]`: builds the graph (edges uniform at random,
//! self-loops and repeats allowed), times each labelling (median of three), prints one Markdown
//! table row; with FILE, also writes the graph in the `graph:FILE` format (for timing
//! `grundy analyze graph:FILE`, which reads and labels it).

use grundy::loopy::gamma::Gammas;
use grundy::loopy::graph::{GameGraph, Vertex};
use grundy::loopy::referee::{Label, label};
use std::io::{BufWriter, Write};
use std::time::Instant;

#[path = "common.rs"]
mod common;

use common::Seeded;

/// The median of three timed runs of `work`, in seconds, and its last result.
fn median<T>(mut work: impl FnMut() -> T) -> (f64, T) {
    let mut times = Vec::new();
    let mut result = None;
    for _ in 0..3 {
        let start = Instant::now();
        result = Some(std::hint::black_box(work()));
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (times[1], result.expect("three runs"))
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (vertices, edges, seed, file) = match args.as_slice() {
        [_, v, e, s, rest @ ..] if rest.len() <= 1 => (
            v.parse::<usize>().expect("a vertex count"),
            e.parse::<usize>().expect("an edge count"),
            s.parse::<u64>().expect("a seed"),
            rest.first().cloned(),
        ),
        _ => {
            eprintln!("usage: loopy_labels VERTICES EDGES SEED [FILE]");
            std::process::exit(2);
        }
    };
    let mut rng = Seeded(seed.max(1));
    let top = vertices as u64 - 1;
    let list: Vec<(Vertex, Vertex)> = (0..edges)
        .map(|_| (rng.range(0, top) as Vertex, rng.range(0, top) as Vertex))
        .collect();
    if let Some(file) = file {
        let mut out = BufWriter::new(std::fs::File::create(file)?);
        writeln!(out, "{vertices} {edges}")?;
        for (u, v) in &list {
            writeln!(out, "{} {}", u + 1, v + 1)?;
        }
        out.flush()?;
    }
    let graph = GameGraph::from_edges(vertices, &list);
    let (plain, labels) = median(|| label(&graph));
    let (gamma, gammas) = median(|| Gammas::of(&graph));
    let draws = labels.iter().filter(|l| **l == Label::Drawn).count();
    let infinite = (0..vertices as Vertex)
        .filter(|&v| gammas.finite(v).is_none())
        .count();
    println!(
        "| {vertices} | {edges} | {plain:.3} | {gamma:.3} | {:.2} | {draws} | {infinite} |",
        gamma / plain
    );
    Ok(())
}
