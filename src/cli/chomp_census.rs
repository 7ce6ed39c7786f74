//! `grundy census chomp:3 | chomp:4 | chomp:rectangles`: Chomp's P-positions of three and four
//! rows and the winning first bites of rectangles, streamed (the library's `chomp::census`).

use super::common::{Failure, parse_count, usage};
use grundy::games::chomp;
use grundy::games::chomp::census::{CensusFailure, CensusKind, run_census};
use grundy::games::chomp::rows::CENSUS_MEMORY_LIMIT;
use std::io::{self, BufWriter, Write};

/// The census a pattern names, when it is one of Chomp's.
pub fn kind(pattern: &str) -> Option<CensusKind> {
    pattern
        .strip_prefix(chomp::NAME)
        .and_then(|rest| rest.strip_prefix(':'))
        .and_then(CensusKind::parse)
}

/// The most `--max-memory` may allow, in GiB.
const MOST_GIB: u64 = 1 << 20;

/// Runs Chomp's census `kind` to `to` (default and bound by the census), its rectangles' table
/// within `max_memory` GiB (default 8).
pub fn run(
    kind: CensusKind,
    to: Option<&str>,
    max_memory: Option<&str>,
    count_only: bool,
    json: bool,
) -> Result<u8, Failure> {
    let (default, most) = kind.bounds();
    let to = match to {
        Some(text) => parse_count("--to", text)?,
        None => u64::from(default),
    };
    if to < 1 || to > u64::from(most) {
        return Err(usage(format!(
            "--to {to}: this census runs from 1 to {most}"
        )));
    }
    let memory_limit = match max_memory {
        None => CENSUS_MEMORY_LIMIT,
        Some(_) if kind != CensusKind::Rectangles => {
            return Err(usage(
                "--max-memory applies to chomp:rectangles alone (the rows' censuses take at most 8 GiB)",
            ));
        }
        Some(text) => {
            let gib = parse_count("--max-memory", text)?;
            if !(1..=MOST_GIB).contains(&gib) {
                return Err(usage(format!(
                    "--max-memory {gib}: give a number of GiB from 1 to {MOST_GIB}"
                )));
            }
            gib << 30
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = run_census(kind, to as u32, memory_limit, count_only, json, &mut out)
        .and_then(|_| out.flush().map_err(CensusFailure::Io));
    match result {
        Ok(()) => Ok(0),
        Err(CensusFailure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(0),
        Err(CensusFailure::Io(e)) => Err(usage(format!("cannot write output: {e}"))),
        Err(CensusFailure::TooLarge(e)) => Err(usage(e.to_string())),
    }
}
