//! Computing a census: the games of the patterns (or of the shard) in parallel ([`run`]), and
//! each game's values and record ([`compute_values`], [`compute_game`]).

use super::classes::assemble;
use super::error::CensusError;
use super::fingerprint::{fingerprints, known_len};
use super::record::{Census, FirstLargest, GameRecord, RARE_LISTED, RareSplit, Status};
use super::request::{CensusRequest, expand};
use super::shards::chosen;
use crate::engine::values::{Limits, Values};
use crate::engine::{Method, Stop};
use crate::families::heap_rule::HeapRule;
use std::sync::atomic::AtomicBool;

/// Runs a census: every game of the patterns (or of the shard), in parallel; `done` is called
/// once per finished game (for a progress bar), `interrupt` stops the games still running at
/// their next block (they are then reported as interrupted).
pub fn run(
    request: &CensusRequest,
    interrupt: Option<&AtomicBool>,
    done: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Census, CensusError> {
    use rayon::prelude::*;
    let games = expand(&request.patterns)?;
    let total = games.len();
    let chosen: Vec<(usize, &HeapRule)> = chosen(&games, request.to, request.budget, request.shard)
        .into_iter()
        .map(|index| (index, &games[index]))
        .collect();
    let records: Vec<GameRecord> = chosen
        .par_iter()
        .with_max_len(1)
        .map(|&(index, rule)| {
            let record = compute_game(index, rule, request.to, request.budget, interrupt);
            done(&record);
            record
        })
        .collect();
    Ok(assemble(
        request.patterns.clone(),
        request.to,
        request.budget,
        request.shard.map(|(k, n)| format!("{k}/{n}")),
        total,
        records,
    ))
}

/// The values of one game as the census computes them (to a proof, `to` or the budget).
pub fn compute_values(
    rule: &HeapRule,
    to: u64,
    budget: u64,
    interrupt: Option<&AtomicBool>,
) -> Values {
    Values::compute_with(
        rule,
        &Limits {
            to,
            work_limit: Some(u128::from(budget)),
            interrupt,
            progress: false,
            past_proof: false,
        },
    )
}

fn is_common(split: &RareSplit, heap: u64, value: u32) -> bool {
    let heap_bit = u32::from(split.heap_parity) & ((heap ^ split.class) & 1) as u32;
    ((value & split.mask).count_ones() + heap_bit) % 2 == 1
}

/// One game's record (its class is set by `assemble`).
pub fn compute_game(
    index: usize,
    rule: &HeapRule,
    to: u64,
    budget: u64,
    interrupt: Option<&AtomicBool>,
) -> GameRecord {
    let values = compute_values(rule, to, budget, interrupt);
    let table = values.table();
    let computed = values.computed_to();
    let mut largest = FirstLargest { value: 0, at: 0 };
    for n in 0..table.len() {
        let v = table.get(n);
        if v > largest.value {
            largest = FirstLargest {
                value: v,
                at: n as u64,
            };
        }
    }
    let rare = match values.method() {
        Method::Sparse { classes } => classes
            .iter()
            .enumerate()
            .find_map(|(class, entry)| entry.map(|(set, _)| (class, set)))
            .map(|(class, set)| {
                let mut split = RareSplit {
                    mask: set.mask,
                    heap_parity: set.heap_parity,
                    class: class as u64,
                    count: 0,
                    first: Vec::new(),
                    last: None,
                };
                for n in 1..table.len() {
                    if !is_common(&split, n as u64, table.get(n)) {
                        split.count += 1;
                        if split.first.len() < RARE_LISTED {
                            split.first.push(n as u64);
                        }
                        split.last = Some(n as u64);
                    }
                }
                split
            }),
        Method::Naive | Method::Dense => None,
    };
    let period = values.period();
    let status = match period {
        Some(_) if largest.value <= 1 => Status::Trivial,
        Some(_) => Status::Solved,
        None => Status::Open,
    };
    GameRecord {
        index,
        game: rule.to_string(),
        status,
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        proved: period.map(|p| p.theorem()),
        proved_at: period.map(|p| p.proved_at),
        computed_to: computed,
        stopped: stop_word(values.stopped_by()).to_string(),
        work: u64::try_from(values.work()).unwrap_or(u64::MAX),
        largest,
        rare,
        fingerprints: fingerprints(&values, known_len(&values, to)),
        class: None,
    }
}

fn stop_word(stop: Stop) -> &'static str {
    match stop {
        Stop::Proved => "proved",
        Stop::Reached => "reached",
        Stop::WorkLimit => "work limit",
        Stop::Interrupted => "interrupted",
        Stop::RuleFailed => "rule failed",
    }
}
