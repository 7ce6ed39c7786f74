//! `grundy interact`: a perfect jury playing a program over a line protocol.

use super::common::{
    CompoundFlag, Failure, JsonFlag, MisereFlag, check_play, kill_programs_on_interrupt,
    program_of, random_seed, resolve, seconds_option, usage, write_verdict,
};
use clap::Args;
use grundy::contest::interact::{self, InteractOptions, MOST_GAMES};
use grundy::core::Play;
use grundy::game::compound_kind::Compound;
use std::ffi::OsString;

const EXAMPLES: &str = "\
Examples:
  grundy interact kayles --games 20 -- python3 examples/contest/kayles_bot.py
  grundy interact kayles 3 5 7 -- python3 examples/contest/kayles_bot.py
  grundy interact nim --misere --seed 1 -- ./my-bot
  grundy interact sub:1,2 --compound conjunctive -- ./my-bot";

/// Face a perfect jury: grundy plays PROGRAM over a line protocol, from positions the
/// program's side can win.
///
/// Protocol (grundy's lines): `games N`; per game `start you|grundy P`, then `position P`
/// when the program is to move (it answers one line: a move, or the position it moves to),
/// `grundy M` for grundy's moves, and `result win|loss|illegal`. Accepted when the program
/// wins every game. With --misere the jury plays perfectly under misère play; with --compound
/// it plays that compound of the components (a move lists one move per component, `1-1 | 1-2`,
/// `.` for one left alone), winning fastest and losing slowest where R or S is known.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct InteractArgs {
    /// The game (see `grundy list`).
    game: String,
    /// One starting position (else --games random ones).
    position: Vec<String>,
    /// How many games, from random starting positions.
    #[arg(long, value_name = "N", default_value_t = 20)]
    games: u64,
    /// Seconds one move of the program may take.
    #[arg(long, value_name = "T", default_value_t = 1.0)]
    time_limit: f64,
    /// The seed of the starting positions (random if absent).
    #[arg(long, value_name = "K")]
    seed: Option<u64>,
    #[command(flatten)]
    json: JsonFlag,
    #[command(flatten)]
    misere: MisereFlag,
    #[command(flatten)]
    compound: CompoundFlag,
    /// The program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    program: Vec<OsString>,
}

/// Runs `grundy interact`.
pub fn run(args: InteractArgs) -> Result<u8, Failure> {
    let options = InteractOptions {
        games: usize::try_from(args.games).unwrap_or(usize::MAX),
        time_limit: seconds_option("--time-limit", args.time_limit)?,
        seed: args.seed.unwrap_or_else(random_seed),
        play: if args.misere.misere {
            Play::Misere
        } else {
            Play::Normal
        },
        compound: args
            .compound
            .compound
            .filter(|&kind| kind != Compound::Disjunctive),
    };
    check_play(
        options.play,
        options.compound.unwrap_or(Compound::Disjunctive),
    )?;
    if options.games == 0 || options.games > MOST_GAMES {
        return Err(usage(format!("--games must be from 1 to {MOST_GAMES}")));
    }
    let game = resolve(&args.game)?;
    let program = program_of(&args.program)?;
    kill_programs_on_interrupt();
    let report = interact::session(&*game, &args.position.join(" "), &program, &options)
        .map_err(|e| usage(e.to_string()))?;
    write_verdict(
        &report,
        args.json.json,
        |out| report.write_text(out),
        report.verdict,
    )
}
