//! `grundy check`: the independent checker of a misère quotient (`grundy::misere_check`).

use super::common::{Failure, JsonFlag, json_line, read_input, usage, write_stdout};
use clap::Args;
use grundy::misere_check::check_quotient;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  grundy check examples/misere/kayles.json
  grundy check examples/misere/dawson-20.json --json
  grundy check -     (a quotient on stdin: grundy table kayles --misere --json | grundy check -)";

/// Check a misère quotient from the definitions, independently of the code that built it.
///
/// Reads the JSON of `grundy table CODE --misere --json` (an octal code) and verifies: the
/// presentation defines a commutative monoid of the stated order, the P-portion and Φ are
/// elements, every position of heaps ≤ N is a misère P-position exactly when its image is in
/// P, the quotient is reduced, and for a solved quotient the periodicity theorem's conditions;
/// for a heap that did not settle, that its last candidate decides the positions with fewer
/// heaps of it than `decided_below`, and the lower bounds claimed from them (recounted).
/// Exit status 1 on a failure (named) or a check past the limits, 2 on input that is not such
/// a report.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct CheckArgs {
    /// The JSON file (`-` for standard input).
    file: PathBuf,
    #[command(flatten)]
    json: JsonFlag,
}

/// Runs `grundy check`.
pub fn run(args: CheckArgs) -> Result<u8, Failure> {
    let bytes = read_input(Some(&args.file))?;
    let report =
        check_quotient(&bytes).map_err(|e| usage(format!("{}: {e}", args.file.display())))?;
    let text = if args.json.json {
        json_line(&report)?
    } else {
        report.text()
    };
    write_stdout(&text)?;
    Ok(if report.passed() { 0 } else { 1 })
}
