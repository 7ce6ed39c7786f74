//! `grundy analyze`: who wins a position, its value and every winning move.

use super::common::{
    CompoundFlag, Failure, JsonFlag, MisereFlag, game_failure, interrupt_on_ctrl_c, parse_count,
    parse_max_memory, read_input, resolve_compound, usage,
};
use clap::Args;
use grundy::Game;
use grundy::analysis::default_limit;
use grundy::engine::ring::DEFAULT_CHECKPOINT_SECONDS;
use grundy::game::{CheckpointOptions, MOST_THREADS, Resumable, remoteness};
use grundy::report::AnalysisReport;
use grundy::resolve::named_games;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  grundy analyze end-piles 3 1 9 4
  grundy analyze chocolate 11 10 15 / 4 --json
  grundy analyze kayles 3 5 7 --misere
  grundy analyze sub:1,3,4 5 7 --compound conjunctive
  grundy analyze sub:1,2 7 --remoteness
  grundy analyze turning-corners 1,2 3,4
  grundy analyze coins:ruler 2 5 6 --json
  grundy analyze examples/games/cram.rhai 3x3";

/// Who wins a position, its Grundy value and every winning move.
///
/// The position is given in the game's notation, as one argument or several
/// (`grundy analyze end-piles 3 1 9 4`).
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct AnalyzeArgs {
    /// The game (see `grundy list`).
    game: String,
    /// The position, in the game's notation.
    #[arg(required_unless_present = "from", num_args = 1..)]
    position: Vec<String>,
    /// Read the position from FILE (`-` for standard input) instead: for positions too long
    /// for a command line.
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    from: Option<PathBuf>,
    #[command(flatten)]
    json: JsonFlag,
    /// List at most N winning moves; the count (`winning_move_count` in JSON) is always
    /// complete. Default: 10000, or fewer for huge positions so that the listed positions
    /// (each printed whole) stay under about 100 MB — but at least 1.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    #[command(flatten)]
    misere: MisereFlag,
    #[command(flatten)]
    compound: CompoundFlag,
    /// Remoteness instead: R of the position and of every move's result (how long the game
    /// lasts when the winner hurries and the loser stalls; odd: the player to move wins). A
    /// sum of several heaps is searched within a position limit; with --compound conjunctive
    /// R is min R of the components, with --compound continued the deciding max S is given.
    #[arg(long, conflicts_with = "misere")]
    remoteness: bool,
    /// Save the search to FILE every --checkpoint-every seconds, on Ctrl-C (then exit with
    /// status 130) and at the end; the same command with the same FILE resumes where it stopped
    /// (games with a long search: Cram boards).
    #[arg(long, value_name = "FILE", conflicts_with = "remoteness")]
    checkpoint: Option<PathBuf>,
    /// With --checkpoint: seconds between two saves (default 300).
    #[arg(long, value_name = "SECONDS", requires = "checkpoint")]
    checkpoint_every: Option<u64>,
    /// The most memory the search's transposition table may take, in GiB (games with a long
    /// search: Cram, whose table takes at most 0.5 GiB by default). A full table forgets what it
    /// knows of the smallest regions: a larger one saves time on large boards, never changes
    /// a value.
    #[arg(long, value_name = "GIB", conflicts_with = "remoteness")]
    max_memory: Option<String>,
    /// Search on N threads sharing one transposition table, of --max-memory (games with a long
    /// search: Cram boards of at most 60 cells; larger ones take one). The value and the moves
    /// are the same; the time is shorter on large boards (6x7 on 2 threads: about half). With
    /// --checkpoint the shared table is saved while the threads search.
    #[arg(long, value_name = "N", conflicts_with = "remoteness")]
    threads: Option<String>,
}

/// Runs `grundy analyze`.
pub fn run(args: AnalyzeArgs) -> Result<u8, Failure> {
    let game = resolve_compound(&args.game, args.misere.misere, args.compound.compound)?;
    let position = match &args.from {
        Some(path) => String::from_utf8(read_input(Some(path))?)
            .map_err(|_| usage("the position is not valid UTF-8"))?,
        None => args.position.join(" "),
    };
    let limit = args.limit.unwrap_or_else(|| default_limit(position.len()));
    if let Some(text) = &args.max_memory {
        let bytes = parse_max_memory(text)?;
        long_search(
            game.as_ref(),
            "--max-memory bounds a long search's table",
            &args,
        )?
        .set_max_memory(bytes);
    }
    if let Some(text) = &args.threads {
        let threads = parse_count("--threads", text)?;
        if !(1..=MOST_THREADS as u64).contains(&threads) {
            return Err(usage(format!(
                "--threads {threads}: give a number from 1 to {MOST_THREADS}"
            )));
        }
        long_search(
            game.as_ref(),
            "--threads shares a long search's table",
            &args,
        )?
        .set_threads(threads as usize);
    }
    let report = if let Some(path) = &args.checkpoint {
        match resumed_analysis(game.as_ref(), &position, limit, path, &args)? {
            Some(report) => report,
            None => {
                eprintln!(
                    "interrupted: the search is saved in {}; the same command resumes it",
                    path.display()
                );
                return Ok(130);
            }
        }
    } else if args.remoteness {
        remoteness(game.as_ref(), &position, limit).map_err(game_failure)?
    } else {
        game.analyze(&position, limit).map_err(game_failure)?
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let written = if args.json.json {
        serde_json::to_writer(&mut out, &report)
            .map_err(io::Error::other)
            .and_then(|()| out.write_all(b"\n"))
    } else {
        write!(out, "{report}")
    }
    .and_then(|()| out.flush());
    match written {
        Ok(()) => Ok(0),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(0),
        Err(e) => Err(usage(format!("cannot write output: {e}"))),
    }
}

/// The game's long search, for what a flag does with it (`what`); a usage error naming the
/// games with one when it has none.
fn long_search<'a>(
    game: &'a dyn Game,
    what: &str,
    args: &AnalyzeArgs,
) -> Result<&'a dyn Resumable, Failure> {
    game.capabilities().resumable.ok_or_else(|| {
        let with: Vec<String> = named_games()
            .iter()
            .filter(|game| game.capabilities().resumable.is_some())
            .map(|game| game.info().name.to_string())
            .collect();
        usage(format!(
            "{what}; {}{} has none (the games with one, under normal play: {})",
            game.info().name,
            if args.misere.misere {
                " under misère play"
            } else {
                ""
            },
            with.join(", ")
        ))
    })
}

/// `analyze --checkpoint FILE`: the report, its search saved to FILE and resumed from it (a
/// line on stderr says so); `None` when Ctrl-C stopped it (saved first).
fn resumed_analysis(
    game: &dyn Game,
    position: &str,
    limit: usize,
    path: &Path,
    args: &AnalyzeArgs,
) -> Result<Option<AnalysisReport>, Failure> {
    let resumable = long_search(game, "--checkpoint saves a long search to resume it", args)?;
    let every = args.checkpoint_every.unwrap_or(DEFAULT_CHECKPOINT_SECONDS);
    if every == 0 {
        return Err(usage("--checkpoint-every 0: give at least 1 second"));
    }
    let options = CheckpointOptions {
        path: path.to_path_buf(),
        every: Duration::from_secs(every),
        interrupt: Some(interrupt_on_ctrl_c()),
    };
    let run = resumable
        .analyze_resumable(position, limit, &options)
        .map_err(game_failure)?;
    if let Some(resumed) = run.resumed {
        eprintln!("{resumed}");
    }
    Ok(run.report)
}
