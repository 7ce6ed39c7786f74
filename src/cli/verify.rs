//! `grundy verify`: the fast theory against exhaustive search on every small position.

use super::common::{
    CompoundFlag, Failure, MisereFlag, game_failure, resolve, resolve_compound, to_misere,
    write_stdout,
};
use clap::Args;
use grundy::VerifyRequest;
use grundy::resolve::fixed_games;

const EXAMPLES: &str = "\
Examples:
  grundy verify nim chocolate
  grundy verify kayles --misere
  grundy verify sub:1,3,4 --size 12
  grundy verify kayles nim --compound shortened
  grundy verify coins:ruler coins:mock-turtles turning-corners
  grundy verify examples/games/kayles.rhai";

/// The games `verify --compound` checks when none is named: one of each kind of component.
const COMPOUNDS_BY_DEFAULT: &[&str] = &["sub:1,2", "kayles", "allbut:1,2", "nim"];

/// The games `verify` checks when none is named: the fixed games and one of each heap family.
const VERIFIED_BY_DEFAULT: &[&str] = &["kayles", "0.07", "sub:1,3,4", "allbut:1,2", "grundys-game"];

/// Check the fast theory against exhaustive search on every small position.
///
/// Prints one line per game: `GAME: checked N positions, 0 disagreements`. On a disagreement
/// it prints the smallest counter-example and exits with status 1. For a script game
/// (`game.rhai`), its conjecture (`grundy` or `is_lost`; with --misere, `misere_is_lost`) is
/// checked as well.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct VerifyArgs {
    /// Games to check (all if none).
    games: Vec<String>,
    /// The size bound (its meaning per game is in `grundy list`).
    #[arg(long, value_name = "S")]
    size: Option<u64>,
    /// Check a script's conjecture on this position and everything reachable from it
    /// (instead of the script's `positions(size)`).
    #[arg(long, value_name = "POSITION", conflicts_with = "size")]
    from: Option<String>,
    #[command(flatten)]
    misere: MisereFlag,
    #[command(flatten)]
    compound: CompoundFlag,
}

/// Runs `grundy verify`.
pub fn run(args: VerifyArgs) -> Result<u8, Failure> {
    let misere = args.misere.misere;
    if let Some(kind) = args.compound.compound {
        let spellings: Vec<&str> = if args.games.is_empty() {
            COMPOUNDS_BY_DEFAULT.to_vec()
        } else {
            args.games.iter().map(String::as_str).collect()
        };
        let games = spellings
            .iter()
            .map(|spelling| resolve_compound(spelling, misere, Some(kind)))
            .collect::<Result<Vec<_>, _>>()?;
        return write_reports(games, &args, misere);
    }
    let mut games = if args.games.is_empty() {
        let mut games = fixed_games();
        for spelling in VERIFIED_BY_DEFAULT {
            games.push(resolve(spelling)?);
        }
        games
    } else {
        args.games
            .iter()
            .map(|name| resolve(name))
            .collect::<Result<Vec<_>, _>>()?
    };
    if misere {
        games = games
            .into_iter()
            .map(to_misere)
            .collect::<Result<Vec<_>, _>>()?;
    }
    write_reports(games, &args, misere)
}

/// Runs and prints each game's checks; status 1 when one disagrees.
fn write_reports(
    games: Vec<Box<dyn grundy::Game>>,
    args: &VerifyArgs,
    misere: bool,
) -> Result<u8, Failure> {
    let mut status = 0;
    for game in games {
        let request = match &args.from {
            Some(position) => VerifyRequest::From(position.clone()),
            None => VerifyRequest::Size(args.size),
        };
        for mut report in game.verify(&request).map_err(game_failure)? {
            // A misère conjecture's report names misère play already.
            if misere && !report.name.contains("misère") {
                report.name.push_str(" --misere");
            }
            if report.disagreements > 0 {
                status = 1;
            }
            write_stdout(&format!("{report}\n"))?;
        }
    }
    Ok(status)
}
