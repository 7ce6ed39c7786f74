//! `grundy census chomp:3 | chomp:4 | chomp:rectangles`: Chomp's P-positions of three and four
//! rows and the winning first bites of rectangles, streamed (the library's `chomp::census`).

use super::common::{Failure, parse_count, usage};
use grundy::games::chomp;
use grundy::games::chomp::census::{CensusFailure, CensusKind, run_census};
use std::io::{self, BufWriter, Write};

/// The census a pattern names, when it is one of Chomp's.
pub fn kind(pattern: &str) -> Option<CensusKind> {
    pattern
        .strip_prefix(chomp::NAME)
        .and_then(|rest| rest.strip_prefix(':'))
        .and_then(CensusKind::parse)
}

/// Runs Chomp's census `kind` to `to` (default and bound by the census).
pub fn run(
    kind: CensusKind,
    to: Option<&str>,
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
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = run_census(kind, to as u32, count_only, json, &mut out)
        .and_then(|_| out.flush().map_err(CensusFailure::Io));
    match result {
        Ok(()) => Ok(0),
        Err(CensusFailure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(0),
        Err(CensusFailure::Io(e)) => Err(usage(format!("cannot write output: {e}"))),
        Err(CensusFailure::TooLarge(e)) => Err(usage(e.to_string())),
    }
}
