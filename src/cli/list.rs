//! `grundy list`: every game's rules, notation, sources and judge formats.

use super::common::{Failure, write_stdout};
use clap::Args;
use grundy::resolve::catalogue;

const EXAMPLES: &str = "\
Examples:
  grundy list
  grundy list | grep -A8 '^chocolate'";

/// The games: rules, notation, sources, judge formats.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct ListArgs {}

/// Runs `grundy list`: the resolver's catalogue.
pub fn run(_: ListArgs) -> Result<u8, Failure> {
    write_stdout(&catalogue())?;
    Ok(0)
}
