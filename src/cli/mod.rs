//! The commands, one file each: its clap arguments and its `run`, a short function over the
//! library. What they share (the failure type, `--misere`, `--json`, input and output) is in
//! `common`.

mod analyze;
mod census;
mod check;
pub mod common;
mod game_census;
mod interact;
mod judge;
mod list;
mod nimber;
mod play;
mod serve;
mod solve;
mod table;
mod verify;

use clap::Subcommand;
use common::Failure;

/// The subcommands.
#[derive(Subcommand)]
pub enum Command {
    Solve(solve::SolveArgs),
    Analyze(analyze::AnalyzeArgs),
    Verify(verify::VerifyArgs),
    Play(play::PlayArgs),
    Table(table::TableArgs),
    Judge(judge::JudgeArgs),
    Interact(interact::InteractArgs),
    Census(census::CensusArgs),
    List(list::ListArgs),
    Nimber(nimber::NimberArgs),
    Serve(serve::ServeArgs),
    Check(check::CheckArgs),
}

/// Runs one command; its exit status, or the failure to report.
pub fn run(command: Command) -> Result<u8, Failure> {
    match command {
        Command::Solve(args) => solve::run(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Play(args) => play::run(args),
        Command::Table(args) => table::run(args),
        Command::Judge(args) => judge::run(args),
        Command::Interact(args) => interact::run(args),
        Command::Census(args) => census::run(args),
        Command::List(args) => list::run(args),
        Command::Nimber(args) => nimber::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Check(args) => check::run(args),
    }
}
