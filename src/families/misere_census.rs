//! `census PATTERN --misere`: the misère quotients of many heap games side by side — for each,
//! how far the quotient was built, its order and |P| there, and whether the periodicity theorem
//! solved it for every heap (see [`crate::misere::construction`] and
//! [`crate::misere::periodicity`]); otherwise the heap reached and why it stopped.
//!
//! Games run in parallel, each within its own limits (heaps, seconds, candidate size), and
//! `--shard K/N` computes the K-th of N shards of the plan the normal census uses
//! ([`super::census::plan`], each game's cost estimated without a budget cap); [`merge`] joins
//! the pieces after the same checks as the normal census's merge. A record is exact for the
//! heaps it names, whatever stopped it; only the time (and so, under a time limit, how far a
//! game got) depends on the machine.

use super::census::{CensusError, PieceHeader, check_pieces, chosen, expand, plan};
use super::heap_rule::HeapRule;
use crate::misere::construction::Limits;
use crate::misere::periodicity::Solution;
use crate::misere::quotient::MisereQuotient;
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The `play` of a misère census's JSON.
pub const PLAY: &str = "misere";

/// The default last heap of a misère census.
pub const DEFAULT_MISERE_CENSUS_TO: u64 = 300;

/// The default seconds per game of a misère census.
pub const DEFAULT_MISERE_CENSUS_SECONDS: f64 = 10.0;

/// The default largest candidate of a misère census.
pub const DEFAULT_MISERE_CENSUS_MAX_ORDER: usize = 1 << 14;

/// What a misère census computes.
#[derive(Clone, Debug)]
pub struct MisereCensusRequest {
    /// Patterns or spellings.
    pub patterns: Vec<String>,
    /// The last heap for a game not solved before.
    pub to: u64,
    /// Seconds per game.
    pub seconds: f64,
    /// The largest candidate quotient per game.
    pub max_order: usize,
    /// This shard (K, N) of the census, or the whole.
    pub shard: Option<(u64, u64)>,
}

/// One game's misère quotient.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MisereRecord {
    /// The game's spelling.
    pub game: String,
    /// The quotient is of the heaps up to this (of every heap when `solved`).
    pub heaps: u64,
    /// Its order there.
    pub order: usize,
    /// |P| there.
    pub p_size: usize,
    /// The heap after which the order no longer changed.
    pub unchanged_since: u64,
    /// Solved for every heap: Φ's pre-period and period.
    pub solved: Option<Solution>,
    /// Why it stopped before `to`, when it did and is not solved.
    pub stopped: Option<String>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// A misère census.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MisereCensus {
    /// Always [`PLAY`].
    pub play: String,
    /// The patterns.
    pub patterns: Vec<String>,
    /// The last heap asked for.
    pub to: u64,
    /// Seconds per game.
    pub seconds: f64,
    /// Candidate limit per game.
    pub max_order: usize,
    /// `K/N` for a shard, `null` for a whole census.
    pub shard: Option<String>,
    /// The grundy version that computed a shard (absent from a whole census).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grundy: Option<String>,
    /// How many games the patterns name (all shards together).
    pub total_games: usize,
    /// The games computed, in census order.
    pub games: Vec<MisereRecord>,
}

/// One game's record.
pub fn misere_record(
    rule: &HeapRule,
    to: u64,
    seconds: f64,
    max_order: usize,
    interrupt: Option<Arc<AtomicBool>>,
) -> MisereRecord {
    let start = Instant::now();
    let compiled = rule.compile();
    let options = |n: u64, each: &mut dyn FnMut(&[u64])| {
        compiled.for_each_option(n, &mut |_, parts| each(parts));
    };
    let mut quotient = match compiled.theorem() {
        Some((most_parts, reach)) => MisereQuotient::for_code(most_parts, reach),
        None => MisereQuotient::trivial(),
    };
    let limits = Limits {
        max_order,
        deadline: Some(start + Duration::from_secs_f64(seconds)),
        interrupt,
        note: None,
        ..Limits::default()
    };
    let mut stopped = None;
    // An external rule's options may fail: each heap's are tried before it is added.
    while quotient.solved().is_none() && quotient.heaps() < to {
        let next = quotient.heaps() + 1;
        if let Err(error) = compiled.try_for_each_option(next, &mut |_, _| {}) {
            stopped = Some(error.to_string());
            break;
        }
        if let Err(error) = quotient.extend_within(&options, next, &limits, &mut |_, _| {}) {
            stopped = Some(error.to_string());
            break;
        }
    }
    let orders = quotient.orders();
    let last = orders.last().copied().unwrap_or(1);
    MisereRecord {
        game: rule.to_string(),
        heaps: quotient.heaps(),
        order: quotient.order(),
        p_size: quotient.p_portion().len(),
        unchanged_since: orders.iter().position(|&o| o == last).unwrap_or(0) as u64,
        solved: quotient.solved(),
        stopped,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Runs a misère census: every game of the patterns (or of the shard), in parallel; `done` is
/// called once per finished game.
pub fn run(
    request: &MisereCensusRequest,
    interrupt: Option<Arc<AtomicBool>>,
    done: &(dyn Fn(&MisereRecord) + Sync),
) -> Result<MisereCensus, CensusError> {
    use rayon::prelude::*;
    let games = expand(&request.patterns)?;
    let chosen: Vec<&HeapRule> = chosen(&games, request.to, u64::MAX, request.shard)
        .into_iter()
        .map(|index| &games[index])
        .collect();
    let games_out: Vec<MisereRecord> = chosen
        .par_iter()
        .with_max_len(1)
        .map(|rule| {
            let record = misere_record(
                rule,
                request.to,
                request.seconds,
                request.max_order,
                interrupt.clone(),
            );
            done(&record);
            record
        })
        .collect();
    Ok(MisereCensus {
        play: PLAY.to_string(),
        patterns: request.patterns.clone(),
        to: request.to,
        seconds: request.seconds,
        max_order: request.max_order,
        shard: request.shard.map(|(k, n)| format!("{k}/{n}")),
        grundy: request.shard.map(|_| super::census::VERSION.to_string()),
        total_games: games.len(),
        games: games_out,
    })
}

/// Joins the shards of one misère census (`file`, piece) into the census a single process
/// gives, after the checks of the normal census's merge: one run (patterns, heaps, seconds,
/// candidate limit, N, version), every shard once, every game once and in its shard.
pub fn merge(pieces: Vec<(String, MisereCensus)>) -> Result<MisereCensus, CensusError> {
    let headers: Vec<PieceHeader<'_>> = pieces
        .iter()
        .map(|(file, piece)| PieceHeader {
            file,
            shard: piece.shard.as_deref(),
            version: piece.grundy.as_deref(),
            parameters: vec![
                ("play", piece.play.clone()),
                ("patterns", format!("`{}`", piece.patterns.join(" "))),
                ("to", piece.to.to_string()),
                ("seconds", piece.seconds.to_string()),
                ("max_order", piece.max_order.to_string()),
            ],
        })
        .collect();
    let Some((_, first)) = pieces.first() else {
        return Err(CensusError::Merge("no pieces given".to_string()));
    };
    let run = format!(
        "the misère census of `{}` (to {}, {} s, {} elements)",
        first.patterns.join(" "),
        first.to,
        first.seconds,
        first.max_order
    );
    let (n, ks) = check_pieces(&headers, &run)?;
    if first.play != PLAY {
        return Err(CensusError::Merge(format!(
            "{}: play `{}`, expected `{PLAY}`",
            pieces[0].0, first.play
        )));
    }
    let expected = expand(&first.patterns)?;
    let index_of: std::collections::HashMap<String, usize> = expected
        .iter()
        .enumerate()
        .map(|(index, rule)| (rule.to_string(), index))
        .collect();
    let shard_of = plan(&expected, first.to, u64::MAX, n);
    let mut records: Vec<Option<MisereRecord>> = vec![None; expected.len()];
    for ((file, piece), k) in pieces.iter().zip(ks) {
        if piece.total_games != expected.len() {
            return Err(CensusError::Merge(format!(
                "{file} counts {} games; its patterns name {}",
                piece.total_games,
                expected.len()
            )));
        }
        for record in &piece.games {
            let index = index_of
                .get(&record.game)
                .copied()
                .filter(|&index| shard_of[index] == k)
                .ok_or_else(|| {
                    CensusError::Merge(format!(
                        "{file}: game {} is not one of shard {k}/{n}'s games",
                        record.game
                    ))
                })?;
            if records[index].replace(record.clone()).is_some() {
                return Err(CensusError::Merge(format!(
                    "{file}: {} is given twice",
                    record.game
                )));
            }
        }
    }
    let mut games = Vec::with_capacity(records.len());
    for (index, record) in records.into_iter().enumerate() {
        games.push(record.ok_or_else(|| {
            CensusError::Merge(format!(
                "no piece holds {} (shard {}/{n})",
                expected[index], shard_of[index]
            ))
        })?);
    }
    Ok(MisereCensus {
        play: PLAY.to_string(),
        patterns: first.patterns.clone(),
        to: first.to,
        seconds: first.seconds,
        max_order: first.max_order,
        shard: None,
        grundy: None,
        total_games: expected.len(),
        games,
    })
}

impl MisereRecord {
    /// "solved (Φ: pre-period 71, period 12, at heap 253)" or "to heap 33: why".
    fn status(&self) -> String {
        match (&self.solved, &self.stopped) {
            (Some(s), _) => format!(
                "solved (Φ periodic from {} with period {}, proved at heap {})",
                s.preperiod, s.period, s.at
            ),
            (None, Some(why)) => format!("exact to heap {}; stopped: {why}", self.heaps),
            (None, None) => format!("exact to heap {}", self.heaps),
        }
    }
}

impl MisereCensus {
    /// One line per game.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "misère census of {} ({} of {} games; heaps to {}, {} s and {} elements per game{})",
            self.patterns.join(" "),
            self.games.len(),
            self.total_games,
            self.to,
            self.seconds,
            self.max_order,
            self.shard
                .as_ref()
                .map(|s| format!(", shard {s}"))
                .unwrap_or_default()
        );
        for g in &self.games {
            let _ = writeln!(
                out,
                "{:<10} order {:>5}  |P| {:>4}  since heap {:>4}  {}  {:.2} s",
                g.game,
                g.order,
                g.p_size,
                g.unchanged_since,
                g.status(),
                g.seconds
            );
        }
        let solved = self.games.iter().filter(|g| g.solved.is_some()).count();
        let _ = writeln!(
            out,
            "{solved} of {} solved for every heap",
            self.games.len()
        );
        out
    }

    /// A Markdown table.
    pub fn markdown(&self) -> String {
        let mut out = String::from(
            "| game | order | \\|P\\| | since heap | status | seconds |\n|---|---|---|---|---|---|\n",
        );
        for g in &self.games {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {:.2} |",
                g.game,
                g.order,
                g.p_size,
                g.unchanged_since,
                g.status().replace('|', "\\|"),
                g.seconds
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{MisereCensusRequest, run};

    #[test]
    fn shards_split_the_games_and_merge_back() {
        let request = |shard| MisereCensusRequest {
            patterns: vec!["0.?".to_string()],
            to: 20,
            seconds: 5.0,
            max_order: 1024,
            shard,
        };
        let whole = run(&request(None), None, &|_| {}).unwrap();
        let first = run(&request(Some((1, 2))), None, &|_| {}).unwrap();
        let second = run(&request(Some((2, 2))), None, &|_| {}).unwrap();
        assert_eq!(whole.games.len(), 8);
        let mut joined: Vec<String> = first
            .games
            .iter()
            .chain(&second.games)
            .map(|g| g.game.clone())
            .collect();
        joined.sort();
        let mut all: Vec<String> = whole.games.iter().map(|g| g.game.clone()).collect();
        all.sort();
        assert_eq!(joined, all);
        // Merged (in any order), the pieces give the whole census's games in census order.
        let merged = super::merge(vec![
            ("b".to_string(), second.clone()),
            ("a".to_string(), first.clone()),
        ])
        .unwrap();
        let names = |c: &super::MisereCensus| -> Vec<String> {
            c.games.iter().map(|g| g.game.clone()).collect()
        };
        assert_eq!(names(&merged), names(&whole));
        let missing = super::merge(vec![("a".to_string(), first)]).unwrap_err();
        assert!(missing.to_string().contains("shard 2/2"), "{missing}");
    }
}
