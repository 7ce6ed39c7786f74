//! # Chomp's censuses: `grundy census chomp:3`, `chomp:4`, `chomp:rectangles`
//!
//! * `chomp:3 --to R`: every three-rowed P-position `a,b,c` (a ≥ b ≥ c ≥ 0, rows from the
//!   poisoned one) with first row a ≤ R, in lexicographic order, one a line ([`super::rows`]);
//! * `chomp:4 --to N`: the same for four rows, `a,b,c,d` with a ≤ N (OEIS A395126's order);
//! * `chomp:rectangles --to S`: every rectangle of at most S rows and S columns (R × C: R rows
//!   of C squares), with each of its winning first bites, column and row from 1
//!   ([`super::rectangles`]).
//!
//! The lines are written as they are found (nothing is held back), then a count line; with
//! `count_only` only the count line. With `json`, one JSON object per line, then the count.

use super::rectangles::SquareBox;
use super::rows::{CENSUS_MEMORY_LIMIT, four_row_p_positions, three_row_p_positions};
use crate::game::{Censuses, GameCensusError, GameCensusInfo, GameCensusRequest};
use std::io::Write;

/// Chomp's censuses, as the command line names them after `chomp:`.
const KINDS: [GameCensusInfo; 3] = [
    GameCensusInfo {
        kind: "3",
        lists: "every three-row P-position a,b,c with first row a at most --to",
        to: (100, 1_000_000),
        takes_max_memory: false,
    },
    GameCensusInfo {
        kind: "4",
        lists: "every four-row P-position a,b,c,d with first row a at most --to",
        to: (30, 20_000),
        takes_max_memory: false,
    },
    GameCensusInfo {
        kind: "rectangles",
        lists: "every rectangle of at most --to rows and --to columns with its winning first bites",
        to: (8, 32),
        takes_max_memory: true,
    },
];

/// Which census.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Census {
    /// P-positions of three rows.
    ThreeRows,
    /// P-positions of four rows.
    FourRows,
    /// Winning first bites of rectangles.
    Rectangles,
}

/// Chomp's censuses as a capability of the game ([`Censuses`]).
pub(crate) struct ChompCensuses;

impl Censuses for ChompCensuses {
    fn kinds(&self) -> &'static [GameCensusInfo] {
        &KINDS
    }

    fn run(
        &self,
        kind: &GameCensusInfo,
        request: &GameCensusRequest,
        out: &mut dyn Write,
    ) -> Result<u64, GameCensusError> {
        let census = match kind.kind {
            "3" => Census::ThreeRows,
            "4" => Census::FourRows,
            "rectangles" => Census::Rectangles,
            other => return Err(GameCensusError::Unknown(format!("chomp:{other}"))),
        };
        run_census(
            census,
            request.to,
            request.max_memory.unwrap_or(CENSUS_MEMORY_LIMIT),
            request.count_only,
            request.json,
            out,
        )
    }
}

/// Runs a census to `to`, writing to `out`; the number of lines found (P-positions, or
/// rectangles). The rectangles' table may take at most `memory_limit` bytes; the rows'
/// bit sets at most [`CENSUS_MEMORY_LIMIT`](super::rows::CENSUS_MEMORY_LIMIT).
fn run_census(
    kind: Census,
    to: u32,
    memory_limit: u64,
    count_only: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<u64, GameCensusError> {
    let mut failed: Option<std::io::Error> = None;
    let mut write_row = |rows: &[u32]| {
        if count_only || failed.is_some() {
            return;
        }
        let text: Vec<String> = rows.iter().map(u32::to_string).collect();
        let line = if json {
            format!("{{\"p_position\":[{}]}}", text.join(","))
        } else {
            text.join(",")
        };
        if let Err(error) = writeln!(out, "{line}") {
            failed = Some(error);
        }
    };
    let (count, what) = match kind {
        Census::ThreeRows => (
            three_row_p_positions(to, |p| write_row(&p))
                .map_err(|e| GameCensusError::TooLarge(e.to_string()))?,
            "three-row P-positions",
        ),
        Census::FourRows => (
            four_row_p_positions(to, |p| write_row(&p))
                .map_err(|e| GameCensusError::TooLarge(e.to_string()))?,
            "four-row P-positions",
        ),
        Census::Rectangles => {
            let table = SquareBox::fill_within(to, memory_limit)
                .map_err(|e| GameCensusError::TooLarge(e.to_string()))?;
            let mut count = 0u64;
            for rows in 1..=to {
                for columns in 1..=to {
                    let board = vec![columns; rows as usize];
                    let bites = table.winning_bites(&board);
                    count += 1;
                    if count_only || failed.is_some() {
                        continue;
                    }
                    let listed: Vec<String> = bites
                        .iter()
                        .map(|(x, y)| {
                            if json {
                                format!("[{x},{y}]")
                            } else {
                                format!("{x},{y}")
                            }
                        })
                        .collect();
                    let line = if json {
                        format!(
                            "{{\"rows\":{rows},\"columns\":{columns},\"winning_bites\":[{}]}}",
                            listed.join(",")
                        )
                    } else if listed.is_empty() {
                        format!("{columns}x{rows}: lost")
                    } else {
                        format!("{columns}x{rows}: {}", listed.join(" "))
                    };
                    if let Err(error) = writeln!(out, "{line}") {
                        failed = Some(error);
                    }
                }
            }
            (count, "rectangles")
        }
    };
    if let Some(error) = failed {
        return Err(GameCensusError::Io(error));
    }
    let line = if json {
        format!("{{\"census\":\"{what}\",\"to\":{to},\"count\":{count}}}")
    } else if kind == Census::Rectangles {
        format!("{count} {what} of at most {to} rows and {to} columns")
    } else {
        format!("{count} {what} with first row at most {to}")
    };
    writeln!(out, "{line}")?;
    Ok(count)
}
