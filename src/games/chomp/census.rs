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
use super::rows::{TooLarge, four_row_p_positions, three_row_p_positions};
use std::io::Write;

/// Which census.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CensusKind {
    /// P-positions of three rows.
    ThreeRows,
    /// P-positions of four rows.
    FourRows,
    /// Winning first bites of rectangles.
    Rectangles,
}

impl CensusKind {
    /// The census a spelling after `chomp:` names (`3`, `4`, `rectangles`).
    pub fn parse(text: &str) -> Option<CensusKind> {
        match text {
            "3" => Some(CensusKind::ThreeRows),
            "4" => Some(CensusKind::FourRows),
            "rectangles" => Some(CensusKind::Rectangles),
            _ => None,
        }
    }

    /// The default and the largest `--to`.
    pub fn bounds(self) -> (u32, u32) {
        match self {
            CensusKind::ThreeRows => (100, 1_000_000),
            CensusKind::FourRows => (30, 20_000),
            CensusKind::Rectangles => (8, 32),
        }
    }
}

/// Why a census stopped.
#[derive(Debug)]
pub enum CensusFailure {
    /// It would need more memory than allowed.
    TooLarge(TooLarge),
    /// Its output could not be written.
    Io(std::io::Error),
}

/// Runs a census to `to`, writing to `out`; the number of lines found (P-positions, or
/// rectangles). The rectangles' table may take at most `memory_limit` bytes; the rows'
/// bit sets at most [`CENSUS_MEMORY_LIMIT`](super::rows::CENSUS_MEMORY_LIMIT).
pub fn run_census(
    kind: CensusKind,
    to: u32,
    memory_limit: u64,
    count_only: bool,
    json: bool,
    out: &mut dyn Write,
) -> Result<u64, CensusFailure> {
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
        CensusKind::ThreeRows => (
            three_row_p_positions(to, |p| write_row(&p)).map_err(CensusFailure::TooLarge)?,
            "three-row P-positions",
        ),
        CensusKind::FourRows => (
            four_row_p_positions(to, |p| write_row(&p)).map_err(CensusFailure::TooLarge)?,
            "four-row P-positions",
        ),
        CensusKind::Rectangles => {
            let table =
                SquareBox::fill_within(to, memory_limit).map_err(CensusFailure::TooLarge)?;
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
        return Err(CensusFailure::Io(error));
    }
    let line = if json {
        format!("{{\"census\":\"{what}\",\"to\":{to},\"count\":{count}}}")
    } else if kind == CensusKind::Rectangles {
        format!("{count} {what} of at most {to} rows and {to} columns")
    } else {
        format!("{count} {what} with first row at most {to}")
    };
    writeln!(out, "{line}").map_err(CensusFailure::Io)?;
    Ok(count)
}
