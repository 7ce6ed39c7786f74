//! The `grundy` command line: a thin layer over the library, one file per command in `cli/`.

mod cli;

use clap::Parser;
use std::process::ExitCode;

/// Large tables on huge pages (the library's `large_pages`).
#[global_allocator]
static ALLOCATOR: grundy::large_pages::LargePages = grundy::large_pages::LargePages;

const EXAMPLES: &str = "\
Examples:
  grundy list
  grundy solve end-piles examples/end-piles.txt
  grundy solve bounded-take --dialect arc091f < input.txt
  grundy analyze bean-split 1 0 1 5000
  grundy analyze chocolate 11 10 15 / 4 --json
  grundy verify end-piles chocolate
  grundy play take-or-merge 1 1 2
  grundy judge take-or-merge -- ./my-solution
  grundy interact kayles --games 20 -- python3 examples/contest/kayles_bot.py
  grundy serve --port 8080
  grundy table 0.07
  grundy table 0.6 --to 2^20 --plot 06.svg
  grundy census '0.??'
  grundy census '0.???' '4.???' --shard 3/8 --json > piece3.json
  grundy census --merge piece*.json --markdown
  grundy nimber '3 * 5'
  grundy analyze turning-corners 1,2 3,4
  grundy analyze examples/games/cram.rhai 3x3
  grundy verify examples/games/kayles.rhai";

/// A toolkit for impartial games: solve judge inputs, analyse positions, verify the theory
/// against exhaustive search, and play a perfect opponent.
#[derive(Parser)]
#[command(name = "grundy", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: cli::Command,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli::run(cli.command) {
        Ok(status) => ExitCode::from(status),
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}
