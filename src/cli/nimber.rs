//! `grundy nimber`: a calculator in the field of the nimbers below 2^64 (or 2^128).

use super::common::{Failure, JsonFlag, json_line, usage, write_stdout};
use clap::Args;
use grundy::nimber_field::expr::evaluate;
use serde::Serialize;

const EXAMPLES: &str = "\
Examples:
  grundy nimber '3 * 5'
  grundy nimber '8 * 8 + 1'
  grundy nimber 'inv 7'
  grundy nimber 'sqrt 12'
  grundy nimber 'log 32 141'
  grundy nimber 'solve 2' --json
  grundy nimber '0x10000000000000000 * 0x10000000000000000'

Operators: `+` nim-sum (XOR), `*` nim-product, parentheses. Functions: inv a, sqrt a, sq a,
order a (multiplicative order), solve a (the smaller root of x*x + x = a), log a b (the least x
with a^x = b), pow a k (a to the integer power k). Numbers: 0 to 2^128 - 1, decimal or 0x hex;
with a number of 2^64 or more the field is that of 2^128 (+ * inv sqrt sq pow; order, solve
and log are of the field of 2^64).";

/// Compute in the field of nimbers below 2^64 (or 2^128): nim-sums, nim-products, inverses,
/// square roots, logarithms.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct NimberArgs {
    /// The expression (several words are joined with spaces).
    #[arg(required = true, num_args = 1..)]
    expression: Vec<String>,
    #[command(flatten)]
    json: JsonFlag,
}

#[derive(Serialize)]
struct Report<'a> {
    expression: &'a str,
    value: u128,
}

/// Runs `grundy nimber`.
pub fn run(args: NimberArgs) -> Result<u8, Failure> {
    let expression = args.expression.join(" ");
    let value = evaluate(&expression).map_err(|error| {
        let caret = format!("{}^", " ".repeat(error.column.saturating_sub(1)));
        usage(format!("{error}\n  {expression}\n  {caret}"))
    })?;
    let text = if args.json.json {
        json_line(&Report {
            expression: &expression,
            value,
        })?
    } else {
        format!("{value}\n")
    };
    write_stdout(&text)?;
    Ok(0)
}
