//! The `grundy` command line: a thin layer over the library.

use clap::{Parser, Subcommand, ValueEnum};
use grundy::analysis::default_limit;
use grundy::contest::interact::{self, InteractOptions};
use grundy::contest::judge::{JudgeOptions, Verdict};
use grundy::contest::runner::Program;
use grundy::judge::Format;
use grundy::play::Side;
use grundy::resolve::{family_help, fixed_games};
use grundy::{Game, GameError};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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
  grundy analyze examples/games/cram.rhai 3x3
  grundy verify examples/games/kayles.rhai";

/// A toolkit for impartial games: solve judge inputs, analyse positions, verify the theory
/// against exhaustive search, and play a perfect opponent.
#[derive(Parser)]
#[command(name = "grundy", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read a judge's input (FILE or standard input) and print the judge's expected output.
    #[command(
        after_help = "Formats (see `grundy list` for the rules):\n  end-piles, take-or-merge, chocolate, bounded-take [--dialect arc091f],\n  bean-split, box-fill [--dialect hdu1729]"
    )]
    Solve {
        /// The game (see `grundy list`).
        game: String,
        /// The input file; standard input if absent.
        file: Option<PathBuf>,
        /// Another judge's format for the same game: `arc091f` (bounded-take), `hdu1729` (box-fill).
        #[arg(long)]
        dialect: Option<String>,
    },
    /// Who wins a position, its Grundy value and every winning move.
    ///
    /// The position is given in the game's notation, as one argument or several
    /// (`grundy analyze end-piles 3 1 9 4`).
    Analyze {
        /// The game (see `grundy list`).
        game: String,
        /// The position, in the game's notation.
        #[arg(required_unless_present = "from", num_args = 1..)]
        position: Vec<String>,
        /// Read the position from FILE (`-` for standard input) instead: for positions too long
        /// for a command line.
        #[arg(long, value_name = "FILE", conflicts_with = "position")]
        from: Option<PathBuf>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// List at most N winning moves; the count (`winning_move_count` in JSON) is always
        /// complete. Default: 10000, or fewer for huge positions so that the listed positions
        /// (each printed whole) stay under about 100 MB — but at least 1.
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
        /// Misère play: the player who cannot move wins (the last mover loses).
        #[arg(long)]
        misere: bool,
    },
    /// Check the fast theory against exhaustive search on every small position.
    ///
    /// Prints one line per game: `GAME: checked N positions, 0 disagreements`. On a disagreement
    /// it prints the smallest counter-example and exits with status 1. For a script game
    /// (`game.rhai`), its conjecture (`grundy` or `is_lost`; with --misere, `misere_is_lost`) is
    /// checked as well.
    Verify {
        /// Games to check (all if none).
        games: Vec<String>,
        /// The size bound (its meaning per game is in `grundy list`).
        #[arg(long, value_name = "S")]
        size: Option<u64>,
        /// Check a script's conjecture on this position and everything reachable from it
        /// (instead of the script's `positions(size)`).
        #[arg(long, value_name = "POSITION", conflicts_with = "size")]
        from: Option<String>,
        /// Misère play: the player who cannot move wins (the last mover loses).
        #[arg(long)]
        misere: bool,
    },
    /// Play against a perfect opponent, in a terminal or over a pipe.
    ///
    /// Answer each prompt with a move in the game's notation or the position you want to reach;
    /// `hint`, `moves`, `help` and `quit` also work.
    Play {
        /// The game (see `grundy list`).
        game: String,
        /// The starting position, in the game's notation.
        #[arg(required = true, num_args = 1..)]
        position: Vec<String>,
        /// Who moves first.
        #[arg(long, value_enum, default_value = "human")]
        first: FirstPlayer,
        /// Misère play: the player who cannot move wins (the last mover loses).
        #[arg(long)]
        misere: bool,
    },
    /// The Grundy sequence G(0), G(1), … of a heap game: its period (proved), largest value,
    /// checksum.
    ///
    /// Stops at a proved period (values past it come from the period); without --to, at a proof
    /// or a default limit of seconds. Ctrl-C prints what was computed and exits with status 130.
    Table {
        /// A heap game: a code (0.07, 4.07, 0.f), sub:…, allbut:…, grundys-game.
        game: String,
        /// Report on G(0..=N): digits, or a power such as 2^20 or 10^12.
        #[arg(long, value_name = "N")]
        to: Option<String>,
        /// List the values (`n G(n)` lines; `values` in JSON).
        #[arg(long)]
        print: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Draw G(n) to FILE (.svg or .png), pre-period and period marked.
        #[arg(long, value_name = "FILE")]
        plot: Option<PathBuf>,
        /// The misère report instead: genus of each heap, misère Grundy values, how far the heaps
        /// are tame, and the misère quotient of the heaps up to N (default 30).
        #[arg(long, conflicts_with_all = ["print", "plot"])]
        misere: bool,
        /// Print the engine's statistics on stderr at the end: method, common sets, pair
        /// visits (in total and per position), resumed scans, time per phase.
        #[arg(long)]
        stats: bool,
        /// Longer than memory: keep a prefix of the values and a ring of the most recent ones
        /// (memory independent of N; no period is looked for), every value also in a file on
        /// disk (--values) that serves the reads outside them. Needs --to.
        #[arg(long, requires = "to", conflicts_with_all = ["print", "plot", "misere"])]
        ring: bool,
        /// With --ring: MiB for the prefix, the ring and the window's slack together (default
        /// 448, under 512 MiB resident); the ring gets three quarters, the slack a twelfth of the
        /// ring. Reads outside the prefix and the ring (rare positions far back, deep scans)
        /// come from the value file, so a larger ring is faster, never needed.
        #[arg(long, value_name = "MIB", requires = "ring")]
        memory: Option<u64>,
        /// With --ring: save the state to FILE every --checkpoint-every seconds, on Ctrl-C and at
        /// the end; the same command with the same FILE resumes where it stopped.
        #[arg(long, value_name = "FILE", requires = "ring")]
        checkpoint: Option<PathBuf>,
        /// With --checkpoint: seconds between two saves (default 300).
        #[arg(long, value_name = "SECONDS", requires = "checkpoint")]
        checkpoint_every: Option<u64>,
        /// With --ring: the file of every value computed, one byte each (N + 1 bytes on disk;
        /// default: the checkpoint's FILE with .values added, or an unnamed temporary file
        /// without --checkpoint). A resume checks it against the checkpoint.
        #[arg(long, value_name = "FILE", requires = "ring")]
        values: Option<PathBuf>,
    },
    /// Check your own contest solution: run PROGRAM on generated judge inputs and compare its
    /// output with the exact answers.
    ///
    /// Inputs: every tiny position, then random ones across the judge's limits (past them with
    /// --beyond). On the first failure the input is shrunk to a smallest failing one, printed
    /// with the expected and actual output, saved (--save), and the exit status is 1.
    #[command(
        after_help = "Example:\n  grundy judge take-or-merge -- ./my-solution\n  grundy judge bounded-take --dialect arc091f --beyond -- python3 sol.py"
    )]
    Judge {
        /// The game whose judge format the program reads.
        game: String,
        /// Another judge's format for the same game: `arc091f` (bounded-take), `hdu1729` (box-fill).
        #[arg(long)]
        dialect: Option<String>,
        /// The most inputs to run.
        #[arg(long, value_name = "N", default_value_t = 1000)]
        cases: u64,
        /// The most seconds to spend searching (shrinking comes on top).
        #[arg(long, value_name = "S", default_value_t = 60.0)]
        seconds: f64,
        /// The seed of the random inputs (printed in the report; random if absent).
        #[arg(long, value_name = "K")]
        seed: Option<u64>,
        /// Seconds one run may take.
        #[arg(long, value_name = "T", default_value_t = 1.0)]
        time_limit: f64,
        /// Also try inputs past the judge's limits (more cases and piles, 64-bit numbers).
        #[arg(long)]
        beyond: bool,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Where to save a failing input (default: grundy-judge-GAME.txt).
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true, value_name = "PROGRAM")]
        program: Vec<OsString>,
    },
    /// Face a perfect jury: grundy plays PROGRAM over a line protocol, from positions the
    /// program's side can win.
    ///
    /// Protocol (grundy's lines): `games N`; per game `start you|grundy P`, then `position P`
    /// when the program is to move (it answers one line: a move, or the position it moves to),
    /// `grundy M` for grundy's moves, and `result win|loss|illegal`. Accepted when the program
    /// wins every game.
    Interact {
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
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Misère play: the player who cannot move wins (the last mover loses); the jury plays
        /// perfectly under it.
        #[arg(long)]
        misere: bool,
        /// The program and its arguments, after `--`.
        #[arg(last = true, required = true, value_name = "PROGRAM")]
        program: Vec<OsString>,
    },
    /// Every game of a pattern: periods (proved), largest values, rare values, equivalent games.
    ///
    /// `?` is any octal digit after the point (`'0.???' '4.???'` is all 1,024 three-digit codes);
    /// a list of spellings works too. Each game runs until its period is proved, or to --to N,
    /// or until its work budget is spent (deterministic units, so the table is reproducible);
    /// games run in parallel. Ctrl-C reports what was computed and exits with status 130.
    Census {
        /// Patterns or spellings; with --merge, the JSON pieces to join.
        #[arg(required = true, num_args = 1..)]
        patterns: Vec<String>,
        /// The last heap for a game without a proved period (digits or a power: 2^20).
        #[arg(long, value_name = "N")]
        to: Option<String>,
        /// Work units (pair visits) per game (digits or a power: 10^9).
        #[arg(long, value_name = "UNITS")]
        budget: Option<String>,
        /// Print the census as one JSON object (the format --merge and --check read).
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// Print the census as a Markdown table.
        #[arg(long)]
        markdown: bool,
        /// Compare with a census in JSON and list every difference (exit status 1 if any).
        #[arg(long, value_name = "FILE")]
        check: Option<PathBuf>,
        /// Compute only the K-th of N slices of the games (for a cluster; join with --merge).
        #[arg(long, value_name = "K/N", conflicts_with = "merge")]
        shard: Option<String>,
        /// Join the JSON of shards (given as the arguments) into the whole census.
        #[arg(long)]
        merge: bool,
    },
    /// The games: rules, notation, sources, judge formats.
    List,
    /// Serve a web page to play, analyse and chart any game in a browser, with its JSON API.
    ///
    /// Prints the address to open; Ctrl-C stops the server.
    Serve {
        /// The port; 0 picks any free port.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on. Anything but a loopback address lets other machines in.
        #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
        bind: IpAddr,
        /// How long one request's analysis may take before it is abandoned.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        time_limit: f64,
    },
}

#[derive(Copy, Clone, ValueEnum)]
enum FirstPlayer {
    Human,
    Computer,
}

/// A failure to report: message for stderr and exit status.
struct Failure {
    message: String,
    status: u8,
}

fn usage(message: impl Into<String>) -> Failure {
    Failure {
        message: message.into(),
        status: 2,
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(status) => ExitCode::from(status),
        Err(failure) => {
            eprintln!("error: {}", failure.message);
            ExitCode::from(failure.status)
        }
    }
}

/// The games `verify` checks when none is named: the fixed games and one of each heap family.
const VERIFIED_BY_DEFAULT: &[&str] = &["kayles", "0.07", "sub:1,3,4", "allbut:1,2", "grundys-game"];

fn resolve(spelling: &str) -> Result<Box<dyn Game>, Failure> {
    grundy::resolve(spelling).map_err(|e| usage(e.to_string()))
}

/// The game a spelling names, under misère play when `misere`.
fn resolve_play(spelling: &str, misere: bool) -> Result<Box<dyn Game>, Failure> {
    let game = resolve(spelling)?;
    if misere {
        game.misere().map_err(|e| usage(e.to_string()))
    } else {
        Ok(game)
    }
}

fn run(command: Command) -> Result<u8, Failure> {
    match command {
        Command::Solve {
            game,
            file,
            dialect,
        } => solve(&game, file.as_deref(), dialect.as_deref()),
        Command::Analyze {
            game,
            position,
            from,
            json,
            limit,
            misere,
        } => analyze(&game, position, from.as_deref(), json, limit, misere),
        Command::Verify {
            games,
            size,
            from,
            misere,
        } => verify(&games, size, from.as_deref(), misere),
        Command::Play {
            game,
            position,
            first,
            misere,
        } => play(&game, &position.join(" "), first, misere),
        Command::Table {
            game,
            to,
            print,
            json,
            plot,
            misere,
            stats,
            ring,
            memory,
            checkpoint,
            checkpoint_every,
            values,
        } => {
            if misere {
                misere_table(&game, to.as_deref(), json)
            } else if ring {
                let flags = RingFlags {
                    memory,
                    checkpoint,
                    checkpoint_every,
                    values,
                };
                ring_table(&game, to.as_deref(), json, stats, flags)
            } else {
                table(&game, to.as_deref(), print, json, plot.as_deref(), stats)
            }
        }
        Command::Judge {
            game,
            dialect,
            cases,
            seconds,
            seed,
            time_limit,
            beyond,
            json,
            save,
            program,
        } => {
            let options = JudgeOptions {
                cases: usize::try_from(cases).unwrap_or(usize::MAX),
                seconds: seconds_option("--seconds", seconds)?,
                seed: seed.unwrap_or_else(random_seed),
                time_limit: seconds_option("--time-limit", time_limit)?,
                beyond,
                progress: !json,
            };
            judge(&game, dialect.as_deref(), &options, json, save, &program)
        }
        Command::Interact {
            game,
            position,
            games,
            time_limit,
            seed,
            json,
            misere,
            program,
        } => {
            let options = InteractOptions {
                games: usize::try_from(games).unwrap_or(usize::MAX),
                time_limit: seconds_option("--time-limit", time_limit)?,
                seed: seed.unwrap_or_else(random_seed),
                play: if misere {
                    grundy::core::Play::Misere
                } else {
                    grundy::core::Play::Normal
                },
            };
            interact(&game, &position.join(" "), &options, json, &program)
        }
        Command::Census {
            patterns,
            to,
            budget,
            json,
            markdown,
            check,
            shard,
            merge,
        } => census(
            &patterns,
            to.as_deref(),
            budget.as_deref(),
            (json, markdown),
            check.as_deref(),
            shard.as_deref(),
            merge,
        ),
        Command::List => list(),
        Command::Serve {
            port,
            bind,
            time_limit,
        } => serve(SocketAddr::new(bind, port), time_limit),
    }
}

fn solve(game: &str, file: Option<&Path>, dialect: Option<&str>) -> Result<u8, Failure> {
    let game = resolve(game)?;
    let format = find_format(&*game, dialect)?;
    let input = read_input(file)?;
    let output = (format.solve)(&input).map_err(|e| usage(format!("input: {e}")))?;
    write_stdout(&output)?;
    Ok(0)
}

/// The game's judge format of `dialect` (the default one for `None`).
fn find_format(game: &dyn Game, dialect: Option<&str>) -> Result<Format, Failure> {
    let formats = game.formats();
    formats
        .iter()
        .find(|format| format.dialect == dialect)
        .copied()
        .ok_or_else(|| {
            let known: Vec<&str> = formats.iter().filter_map(|f| f.dialect).collect();
            let name = &game.info().name;
            match dialect {
                None => {
                    let with_formats: Vec<String> = fixed_games()
                        .iter()
                        .filter(|game| !game.formats().is_empty())
                        .map(|game| game.info().name.to_string())
                        .collect();
                    usage(format!(
                        "{name} has no judge format; the games with one are: {}",
                        with_formats.join(", ")
                    ))
                }
                Some(dialect) => usage(format!(
                    "unknown dialect `{dialect}` for {name}; its dialects are: {}",
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )),
            }
        })
}

fn analyze(
    game: &str,
    position: Vec<String>,
    from: Option<&Path>,
    json: bool,
    limit: Option<usize>,
    misere: bool,
) -> Result<u8, Failure> {
    let game = resolve_play(game, misere)?;
    let position = match from {
        Some(path) => String::from_utf8(read_input(Some(path))?)
            .map_err(|_| usage("the position is not valid UTF-8"))?,
        None => position.join(" "),
    };
    let limit = limit.unwrap_or_else(|| default_limit(position.len()));
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 20, stdout.lock());
    let written = game
        .analyze(&position, limit, json, &mut out)
        .and_then(|()| Ok(out.flush()?));
    match written {
        Ok(()) => Ok(0),
        Err(GameError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(0),
        Err(GameError::Io(e)) => Err(usage(format!("cannot write output: {e}"))),
        Err(e) => Err(usage(e.to_string())),
    }
}

fn verify(
    names: &[String],
    size: Option<u64>,
    from: Option<&str>,
    misere: bool,
) -> Result<u8, Failure> {
    let mut games = if names.is_empty() {
        let mut games = fixed_games();
        for spelling in VERIFIED_BY_DEFAULT {
            games.push(resolve(spelling)?);
        }
        games
    } else {
        names
            .iter()
            .map(|name| resolve(name))
            .collect::<Result<Vec<_>, _>>()?
    };
    if misere {
        games = games
            .into_iter()
            .map(|game| game.misere().map_err(|e| usage(e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
    }
    let mut status = 0;
    for game in games {
        let reports = match from {
            Some(position) => game.verify_from(position),
            None => game.verify(size),
        };
        for mut report in reports.map_err(|e| usage(e.to_string()))? {
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

fn play(game: &str, position: &str, first: FirstPlayer, misere: bool) -> Result<u8, Failure> {
    let game = resolve_play(game, misere)?;
    let first = match first {
        FirstPlayer::Human => Side::Human,
        FirstPlayer::Computer => Side::Computer,
    };
    let mut input = io::stdin().lock();
    let mut output = io::stdout().lock();
    game.play(position, first, &mut input, &mut output)
        .map_err(|e| usage(e.to_string()))?;
    Ok(0)
}

/// A positive number of seconds given to `option`.
fn seconds_option(option: &str, seconds: f64) -> Result<Duration, Failure> {
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|limit| !limit.is_zero())
        .ok_or_else(|| usage(format!("{option} must be a positive number of seconds")))
}

/// A seed from the clock and the process id, for runs without `--seed`.
fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_nanos() as u64)
        .unwrap_or(0);
    grundy::contest::rng::Rng::new(nanos ^ u64::from(std::process::id()) << 32).next_u64()
}

/// Ctrl-C during `judge` or `interact` kills the programs being run, with their children.
fn kill_programs_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        grundy::contest::runner::kill_all();
        std::process::exit(130);
    });
}

fn program_of(words: &[OsString]) -> Result<Program, Failure> {
    Program::from_command_line(words).ok_or_else(|| usage("give the program to run after `--`"))
}

fn judge(
    name: &str,
    dialect: Option<&str>,
    options: &JudgeOptions,
    json: bool,
    save: Option<PathBuf>,
    program: &[OsString],
) -> Result<u8, Failure> {
    if options.cases == 0 {
        return Err(usage("--cases must be at least 1"));
    }
    let game = resolve(name)?;
    let format = find_format(&*game, dialect)?;
    let name = game.info().name.clone();
    let program = program_of(program)?;
    kill_programs_on_interrupt();
    let mut report = grundy::contest::judge::judge(&name, &format, &program, options)
        .map_err(|e| usage(e.to_string()))?;
    if let Some(input) = &report.input {
        let path = save.unwrap_or_else(|| {
            let dialect = dialect.map(|d| format!("-{d}")).unwrap_or_default();
            PathBuf::from(format!("grundy-judge-{name}{dialect}.txt"))
        });
        match std::fs::write(&path, input) {
            Ok(()) => report.saved = Some(path.display().to_string()),
            Err(e) => eprintln!(
                "warning: cannot save the failing input to {}: {e}",
                path.display()
            ),
        }
    }
    write_verdict(&report, json, |out| report.write_text(out), report.verdict)
}

/// Writes a `judge` or `interact` report: its JSON with `--json`, else the text `write_text`
/// writes; the exit status is 0 when the program was accepted.
fn write_verdict(
    report: &impl serde::Serialize,
    json: bool,
    write_text: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    verdict: Verdict,
) -> Result<u8, Failure> {
    let text = if json {
        json_line(report)?
    } else {
        let mut text = Vec::new();
        write_text(&mut text).map_err(|e| usage(e.to_string()))?;
        String::from_utf8_lossy(&text).into_owned()
    };
    write_stdout(&text)?;
    Ok(if verdict == Verdict::Accepted { 0 } else { 1 })
}

/// A report as one line of JSON.
fn json_line(report: &impl serde::Serialize) -> Result<String, Failure> {
    let mut text = serde_json::to_string(report).map_err(|e| usage(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// The heap game behind a `table` command's game, or an error naming what `command` works on.
fn heap_game_for<'a>(
    game: &'a dyn Game,
    command: &str,
    works_on: &str,
) -> Result<&'a grundy::families::heaps::HeapGame, Failure> {
    game.heap_game().ok_or_else(|| {
        usage(format!(
            "{} is not a heap game: `{command}` works on {works_on}",
            game.info().name
        ))
    })
}

/// A flag that Ctrl-C sets (without a handler Ctrl-C ends the process at once, which is fine
/// too), for the long commands that stop at the next block and report what they computed.
fn interrupt_on_ctrl_c() -> Arc<AtomicBool> {
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupt);
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    interrupt
}

/// The most games `interact` plays in one session.
const MOST_GAMES: usize = 10_000;

fn interact(
    name: &str,
    position: &str,
    options: &InteractOptions,
    json: bool,
    program: &[OsString],
) -> Result<u8, Failure> {
    if options.games == 0 || options.games > MOST_GAMES {
        return Err(usage(format!("--games must be from 1 to {MOST_GAMES}")));
    }
    let game = resolve(name)?;
    let program = program_of(program)?;
    // The starting positions are drawn from the game's positions (the same under both
    // conventions), by the normal game, which knows the shape of its positions.
    let starts = if position.trim().is_empty() {
        interact::starting_positions(&*game, options.games, options.seed)
    } else {
        Ok(vec![position.to_string()])
    }
    .map_err(|e| usage(e.to_string()))?;
    let game = match options.play {
        grundy::core::Play::Normal => game,
        grundy::core::Play::Misere => game.misere().map_err(|e| usage(e.to_string()))?,
    };
    kill_programs_on_interrupt();
    let report =
        interact::interact(&*game, &starts, &program, options).map_err(|e| usage(e.to_string()))?;
    write_verdict(&report, json, |out| report.write_text(out), report.verdict)
}

fn table(
    game: &str,
    to: Option<&str>,
    print: bool,
    json: bool,
    plot: Option<&Path>,
    stats: bool,
) -> Result<u8, Failure> {
    use grundy::families::progress::Terminal;
    use grundy::families::table;
    let to = to.map(parse_count).transpose()?;
    let game = resolve(game)?;
    let heap_game = heap_game_for(
        &*game,
        "table",
        "take-and-break codes, sub:…, allbut:… and grundys-game",
    )?;
    let interrupt = interrupt_on_ctrl_c();
    // The bar on stderr after a second; --stats adds the engine's statistics at the end.
    let progress = Terminal { statistics: stats };
    let computed = table::Table::compute(heap_game.rule(), to, print, Some(&interrupt), progress)
        .map_err(|e| usage(e.to_string()))?;
    if let Some(path) = plot {
        table::plot(&computed, path).map_err(|e| usage(e.to_string()))?;
    }
    let report = computed.report(print);
    let text = if json {
        json_line(&report)?
    } else {
        table::Table::text(&report)
    };
    write_stdout(&text)?;
    Ok(if computed.interrupted() { 130 } else { 0 })
}

/// `table --ring`'s own flags.
struct RingFlags {
    memory: Option<u64>,
    checkpoint: Option<PathBuf>,
    checkpoint_every: Option<u64>,
    values: Option<PathBuf>,
}

/// `grundy table GAME --to N --ring`: the ring mode, with checkpoints.
fn ring_table(
    game: &str,
    to: Option<&str>,
    json: bool,
    stats: bool,
    flags: RingFlags,
) -> Result<u8, Failure> {
    use grundy::families::engine::ring;
    use grundy::families::progress::Terminal;
    use grundy::families::table;
    let to = to
        .map(parse_count)
        .transpose()?
        .ok_or_else(|| usage("--ring needs --to N"))?;
    let game = resolve(game)?;
    let heap_game = heap_game_for(
        &*game,
        "table --ring",
        "take-and-break codes, sub:… and grundys-game",
    )?;
    let sizes = ring::Sizes::for_memory(flags.memory.unwrap_or(ring::DEFAULT_MEMORY_MIB))
        .map_err(|e| usage(e.to_string()))?;
    let every = flags
        .checkpoint_every
        .unwrap_or(ring::DEFAULT_CHECKPOINT_SECONDS);
    if every == 0 {
        return Err(usage("--checkpoint-every 0: give at least 1 second"));
    }
    let interrupt = interrupt_on_ctrl_c();
    let run = ring::run(
        heap_game.rule(),
        &ring::RingOptions {
            to,
            sizes,
            checkpoint: flags.checkpoint.as_deref(),
            values: flags.values.as_deref(),
            checkpoint_every: std::time::Duration::from_secs(every),
            interrupt: Some(&interrupt),
            stop_after: None,
            progress: Terminal { statistics: stats },
            scalar_kernels: false,
        },
    )
    .map_err(|e| usage(e.to_string()))?;
    if let (Some(at), Some(path)) = (run.resumed_at, &flags.checkpoint) {
        eprintln!("resumed from {} at n = {at}", path.display());
    }
    let report = run.report;
    let text = if json {
        json_line(&report)?
    } else {
        table::Table::text(&report)
    };
    write_stdout(&text)?;
    Ok(
        if report.stopped == grundy::families::engine::Stop::Interrupted {
            130
        } else {
            0
        },
    )
}

fn misere_table(game: &str, to: Option<&str>, json: bool) -> Result<u8, Failure> {
    use grundy::misere::table::{DEFAULT_MISERE_TABLE, MisereTable};
    let to = to.map(parse_count).transpose()?;
    let game = resolve(game)?;
    let heap_game = heap_game_for(
        &*game,
        "table --misere",
        "take-and-break codes, sub:…, allbut:… and grundys-game",
    )?;
    let rule = heap_game.rule().compile();
    // Every heap's options must be computable (a script's rule may fail) before the table reads
    // them.
    let up_to = to.unwrap_or(DEFAULT_MISERE_TABLE);
    if up_to <= grundy::misere::table::MAX_MISERE_TABLE {
        for heap in 0..=up_to {
            rule.try_for_each_option(heap, &mut |_, _| {})
                .map_err(|e| usage(e.to_string()))?;
        }
    }
    let options = |n: u64, each: &mut dyn FnMut(&[u64])| {
        rule.for_each_option(n, &mut |_, parts| each(parts));
    };
    let report = MisereTable::compute(&game.info().name, &options, up_to)
        .map_err(|e| usage(e.to_string()))?;
    let text = if json {
        json_line(&report)?
    } else {
        report.text()
    };
    write_stdout(&text)?;
    Ok(0)
}

fn census(
    patterns: &[String],
    to: Option<&str>,
    budget: Option<&str>,
    (json, markdown): (bool, bool),
    check: Option<&Path>,
    shard: Option<&str>,
    merge: bool,
) -> Result<u8, Failure> {
    use grundy::families::census::{self, CensusRequest};
    use indicatif::{ProgressBar, ProgressStyle};
    let read_census = |path: &Path| {
        let bytes = std::fs::read(path)
            .map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| usage(format!("{}: not UTF-8, so not a census", path.display())))?;
        census::read(&text, &path.display().to_string()).map_err(|e| usage(e.to_string()))
    };
    let reference = check.map(read_census).transpose()?;
    let interrupt = Arc::new(AtomicBool::new(false));
    let result = if merge {
        let pieces = patterns
            .iter()
            .map(|p| Ok((p.clone(), read_census(Path::new(p))?)))
            .collect::<Result<Vec<_>, Failure>>()?;
        census::merge(pieces).map_err(|e| usage(e.to_string()))?
    } else {
        let request = CensusRequest {
            patterns: patterns.to_vec(),
            to: to
                .map(parse_count)
                .transpose()?
                .unwrap_or(census::DEFAULT_TO),
            budget: budget
                .map(parse_count)
                .transpose()?
                .unwrap_or(census::DEFAULT_BUDGET),
            shard: shard
                .map(census::parse_shard)
                .transpose()
                .map_err(|e| usage(e.to_string()))?,
        };
        let games = census::expand(&request.patterns).map_err(|e| usage(e.to_string()))?;
        let flag = Arc::clone(&interrupt);
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
        // A bar over games on stderr, drawn only on a terminal.
        let bar = ProgressBar::new(games.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("census [{bar:40}] {pos}/{len} games ({eta} left) {msg}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        let done = |record: &census::GameRecord| {
            bar.inc(1);
            bar.set_message(record.game.clone());
        };
        let result =
            census::run(&request, Some(&interrupt), &done).map_err(|e| usage(e.to_string()))?;
        bar.finish_and_clear();
        result
    };
    let mut text = if json {
        json_line(&result)?
    } else if markdown {
        result.markdown()
    } else {
        result.text()
    };
    let mut status = if interrupt.load(Ordering::Relaxed) {
        130
    } else {
        0
    };
    if let (Some(reference), Some(path)) = (reference, check) {
        let differences = census::check(&result, &reference);
        writeln_text(
            &mut text,
            &format!(
                "\n{} differences with {}{}",
                differences.len(),
                path.display(),
                if differences.is_empty() { "" } else { ":" }
            ),
        );
        for difference in &differences {
            writeln_text(
                &mut text,
                &format!("  {}: {}", difference.game, difference.what),
            );
        }
        if !differences.is_empty() && status == 0 {
            status = 1;
        }
    }
    write_stdout(&text)?;
    Ok(status)
}

fn writeln_text(text: &mut String, line: &str) {
    text.push_str(line);
    text.push('\n');
}

/// A count: digits, or `a^b` (2^20, 10^12).
fn parse_count(text: &str) -> Result<u64, Failure> {
    let bad = || {
        usage(format!(
            "--to `{text}` is not a number: write digits (1000000) or a power (2^20, 10^12), at \
             most 2^64 - 1"
        ))
    };
    let number = |digits: &str| {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        digits.parse::<u64>().map_err(|_| bad())
    };
    match text.split_once('^') {
        Some((base, exponent)) => {
            let exponent = u32::try_from(number(exponent)?).map_err(|_| bad())?;
            number(base)?.checked_pow(exponent).ok_or_else(bad)
        }
        None => number(text),
    }
}

fn list() -> Result<u8, Failure> {
    let mut text = String::new();
    for game in fixed_games() {
        let info = game.info();
        text.push_str(&format!(
            "{}\n  rules:    {}\n  position: {}\n  domain:   {}\n  moves:    {}\n  source:   {}\n  verify:   --size S = {}\n",
            info.name,
            info.rules,
            info.position,
            info.domain,
            info.moves,
            info.source,
            info.verify_size
        ));
        for format in game.formats() {
            let name = match format.dialect {
                Some(dialect) => format!("--dialect {dialect}"),
                None => "judge".to_string(),
            };
            text.push_str(&format!("  {name}: {}\n", format.describe));
        }
        text.push('\n');
    }
    text.push_str(family_help());
    text.push_str("\n\n");
    text.push_str(grundy::script::SCRIPT_HELP);
    text.push('\n');
    write_stdout(&text)?;
    Ok(0)
}

fn serve(address: SocketAddr, time_limit: f64) -> Result<u8, Failure> {
    let time_limit = Duration::try_from_secs_f64(time_limit)
        .ok()
        .filter(|limit| !limit.is_zero())
        .ok_or_else(|| usage("--time-limit must be a positive number of seconds"))?;
    if !address.ip().is_loopback() {
        eprintln!("warning: listening on {address}: other machines can reach this server");
    }
    let options = grundy::serve::Options {
        address,
        time_limit,
    };
    grundy::serve::serve(options, |bound| {
        println!("grundy serve: listening on http://{bound}/ (Ctrl-C stops)");
        let _ = io::stdout().flush();
    })
    .map_err(|e| usage(e.to_string()))?;
    Ok(0)
}

/// The bytes of `path`, or of standard input when it is absent or `-`.
fn read_input(path: Option<&std::path::Path>) -> Result<Vec<u8>, Failure> {
    match path {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::read(path).map_err(|e| usage(format!("cannot read {}: {e}", path.display())))
        }
        _ => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| usage(format!("cannot read standard input: {e}")))?;
            Ok(bytes)
        }
    }
}

/// Writes all of `text` to stdout at once; a closed pipe is not an error worth a panic.
fn write_stdout(text: &str) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    match lock.write_all(text.as_bytes()).and_then(|()| lock.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(usage(format!("cannot write output: {e}"))),
    }
}
