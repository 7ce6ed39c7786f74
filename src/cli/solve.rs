//! `grundy solve`: a judge's input in, the judge's expected output out.

use super::common::{Failure, find_format, read_input, resolve, usage, write_stdout};
use clap::Args;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  grundy solve end-piles examples/end-piles.txt
  grundy solve bounded-take --dialect arc091f examples/arc091f.txt
  grundy solve bean-split < examples/bean-split.txt
  grundy solve turning-corners examples/switch-lights.txt
  grundy solve turning-corners --dialect nim-product-64 examples/nim-product.txt
  grundy solve shiritori examples/shiritori.txt

Formats (see `grundy list` for the rules):
  end-piles, take-or-merge, chocolate, bounded-take [--dialect arc091f],
  bean-split, box-fill [--dialect hdu1729],
  turning-corners (HDU 3404) [--dialect nim-product-64 | cf1310f],
  shiritori (AtCoder ABC 209 E: Takahashi, Aoki or Draw per word)";

/// Read a judge's input (FILE or standard input) and print the judge's expected output.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct SolveArgs {
    /// The game (see `grundy list`).
    game: String,
    /// The input file; standard input if absent.
    file: Option<PathBuf>,
    /// Another judge's format for the same game: `arc091f` (bounded-take), `hdu1729` (box-fill),
    /// `nim-product-64` and `cf1310f` (turning-corners: nimber arithmetic).
    #[arg(long)]
    dialect: Option<String>,
}

/// Runs `grundy solve`.
pub fn run(args: SolveArgs) -> Result<u8, Failure> {
    let game = resolve(&args.game)?;
    let format = find_format(&*game, args.dialect.as_deref())?;
    let input = read_input(args.file.as_deref())?;
    let output = (format.solve)(&input).map_err(|e| usage(format!("input: {e}")))?;
    write_stdout(&output)?;
    Ok(0)
}
