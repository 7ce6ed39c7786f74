//! `grundy play`: a perfect opponent, in a terminal or over a pipe.

use super::common::{CompoundFlag, Failure, MisereFlag, resolve_compound, usage};
use clap::{Args, ValueEnum};
use grundy::play::Side;
use std::io;

const EXAMPLES: &str = "\
Examples:
  grundy play take-or-merge 1 1 2
  grundy play kayles 7 --first computer
  grundy play nim 1 2 --misere
  grundy play sub:1,2 4 5 --compound conjunctive
  grundy play turning-corners 1,2 2,3 --first computer
  grundy play end-piles 3 1 9 4 --first computer";

/// Who moves first in `grundy play`.
#[derive(Copy, Clone, ValueEnum)]
enum FirstPlayer {
    Human,
    Computer,
}

/// Play against a perfect opponent, in a terminal or over a pipe.
///
/// Answer each prompt with a move in the game's notation or the position you want to reach;
/// `hint`, `moves`, `help` and `quit` also work.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct PlayArgs {
    /// The game (see `grundy list`).
    game: String,
    /// The starting position, in the game's notation.
    #[arg(required = true, num_args = 1..)]
    position: Vec<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value = "human")]
    first: FirstPlayer,
    #[command(flatten)]
    misere: MisereFlag,
    #[command(flatten)]
    compound: CompoundFlag,
}

/// Runs `grundy play`.
pub fn run(args: PlayArgs) -> Result<u8, Failure> {
    let game = resolve_compound(&args.game, args.misere.misere, args.compound.compound)?;
    let first = match args.first {
        FirstPlayer::Human => Side::Human,
        FirstPlayer::Computer => Side::Computer,
    };
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    let Some(session) = game.capabilities().session else {
        return Err(usage(format!(
            "{} is not played here: `analyze` gives every winning move, and `solve`/`judge` read \
             its contest format",
            game.info().name
        )));
    };
    session
        .play(&args.position.join(" "), first, &mut input, &mut output)
        .map_err(|e| usage(e.to_string()))?;
    Ok(0)
}
