//! What every command shares: the failure type, the options written once (`--misere`,
//! `--json`), resolving a spelling, reading input, writing output, counts and seconds.

use clap::Args;
use grundy::contest::judge::Verdict;
use grundy::contest::runner::Program;
use grundy::core::Play;
use grundy::game::compound_kind::Compound;
use grundy::game::{max_memory_bytes, played_compound};
use grundy::judge::Format;
use grundy::resolve::named_games;
use grundy::{Game, GameError};
use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A failure to report: message for stderr and exit status.
pub struct Failure {
    /// What went wrong, printed after `error: `.
    pub message: String,
    /// The exit status.
    pub status: u8,
}

/// A usage or input error: exit status 2.
pub fn usage(message: impl Into<String>) -> Failure {
    Failure {
        message: message.into(),
        status: 2,
    }
}

/// `--misere`, shared by the commands that play a game.
#[derive(Args, Clone, Copy)]
pub struct MisereFlag {
    /// Misère play: the player who cannot move wins (the last mover loses).
    #[arg(long)]
    pub misere: bool,
}

/// `--json`, shared by the commands with a one-object report.
#[derive(Args, Clone, Copy)]
pub struct JsonFlag {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// `--compound`, shared by the commands that play a game.
#[derive(Args, Clone, Copy)]
pub struct CompoundFlag {
    /// How the components (heaps, piles, boxes) are played together: disjunctive (the sum,
    /// the default), conjunctive (move in every component; ends when any ends), continued
    /// (move in every component that can; Every-SG), selective (move in any non-empty set),
    /// shortened (selective, ending when any component ends). See docs/compounds.md.
    #[arg(long, value_name = "C", value_parser = parse_compound)]
    pub compound: Option<Compound>,
}

fn parse_compound(text: &str) -> Result<Compound, String> {
    text.parse::<Compound>().map_err(|e| e.to_string())
}

/// The game a spelling names, under misère play when `misere`, as the compound `compound` of
/// its components when one is given (see [`played_compound`]).
pub fn resolve_compound(
    spelling: &str,
    misere: bool,
    compound: Option<Compound>,
) -> Result<Box<dyn Game>, Failure> {
    let play = if misere { Play::Misere } else { Play::Normal };
    let compound = compound.unwrap_or(Compound::Disjunctive);
    check_play(play, compound)?;
    played_compound(resolve(spelling)?, play, compound).map_err(game_failure)
}

/// `--misere` with `--compound` other than the sum, refused in the flags' words (the library
/// refuses it too, naming no flag).
pub fn check_play(play: Play, compound: Compound) -> Result<(), Failure> {
    if play == Play::Misere && compound != Compound::Disjunctive {
        return Err(usage(
            "--compound and --misere together are not implemented: the compounds are played \
             under normal play here",
        ));
    }
    Ok(())
}

/// The game a spelling names.
pub fn resolve(spelling: &str) -> Result<Box<dyn Game>, Failure> {
    grundy::resolve(spelling).map_err(|e| usage(e.to_string()))
}

/// The misère form of `game`, or why it has none.
pub fn to_misere(game: Box<dyn Game>) -> Result<Box<dyn Game>, Failure> {
    played_compound(game, Play::Misere, Compound::Disjunctive).map_err(game_failure)
}

/// A library error as the command line says it: the limits it names are the flags that set them
/// (`--size`).
pub fn game_failure(error: GameError) -> Failure {
    match error {
        GameError::SizeTooLarge { .. } => usage(format!("--{error}")),
        GameError::NoConjecture(game) => usage(format!(
            "--from works for script games, which may state a conjecture; {game} has a built-in \
             theory (use --size)"
        )),
        error => usage(error.to_string()),
    }
}

/// The game's judge format of `dialect` (the default one for `None`).
pub fn find_format(game: &dyn Game, dialect: Option<&str>) -> Result<Format, Failure> {
    let formats = game.formats();
    game.format(dialect).ok_or_else(|| {
        let known: Vec<&str> = formats.iter().filter_map(|f| f.dialect).collect();
        let name = &game.info().name;
        match dialect {
            None if !known.is_empty() => usage(format!(
                "{name} has no default judge format: give --dialect, one of: {}",
                known.join(", ")
            )),
            None => {
                let with_formats: Vec<String> = named_games()
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

/// The heap game behind a `table` command's game, or an error naming what `command` works on.
pub fn heap_game_for<'a>(
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

/// A positive number of seconds given to `option`.
pub fn seconds_option(option: &str, seconds: f64) -> Result<Duration, Failure> {
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|limit| !limit.is_zero())
        .ok_or_else(|| usage(format!("{option} must be a positive number of seconds")))
}

/// A seed from the clock and the process id, for runs without `--seed`.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_nanos() as u64)
        .unwrap_or(0);
    grundy::judge::rng::Rng::new(nanos ^ u64::from(std::process::id()) << 32).next_u64()
}

/// A size limit given to `option` (a count, see [`parse_count`]; past `usize`, the largest),
/// `default` when not given, refused below `least`.
pub fn parse_size_limit(
    option: &str,
    text: Option<&str>,
    default: usize,
    least: usize,
) -> Result<usize, Failure> {
    let size = text
        .map(|text| parse_count(option, text))
        .transpose()?
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
        .unwrap_or(default);
    if size < least {
        return Err(usage(format!("{option}: give at least {least}")));
    }
    Ok(size)
}

/// The bytes of `--max-memory GIB`: a whole number of GiB from 1 to 2^20.
pub fn parse_max_memory(text: &str) -> Result<u64, Failure> {
    let gib = parse_count("--max-memory", text)?;
    max_memory_bytes(gib).map_err(|error| usage(format!("--max-memory {error}")))
}

/// A count given to `option`: digits, or `a^b` (2^20, 10^12).
pub fn parse_count(option: &str, text: &str) -> Result<u64, Failure> {
    let bad = || {
        usage(format!(
            "{option} `{text}` is not a number: write digits (1000000) or a power (2^20, 10^12), at \
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

/// A flag that Ctrl-C sets (without a handler Ctrl-C ends the process at once, which is fine
/// too), for the long commands that stop at the next block and report what they computed.
pub fn interrupt_on_ctrl_c() -> Arc<AtomicBool> {
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupt);
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    interrupt
}

/// Ctrl-C during `judge` or `interact` kills the programs being run, with their children.
pub fn kill_programs_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        grundy::contest::runner::kill_all();
        std::process::exit(130);
    });
}

/// The program to run, from the words after `--`.
pub fn program_of(words: &[OsString]) -> Result<Program, Failure> {
    Program::from_command_line(words).ok_or_else(|| usage("give the program to run after `--`"))
}

/// The bytes of `path`, or of standard input when it is absent or `-`.
pub fn read_input(path: Option<&Path>) -> Result<Vec<u8>, Failure> {
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
pub fn write_stdout(text: &str) -> Result<(), Failure> {
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    match lock.write_all(text.as_bytes()).and_then(|()| lock.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(usage(format!("cannot write output: {e}"))),
    }
}

/// A report as one line of JSON.
pub fn json_line(report: &impl serde::Serialize) -> Result<String, Failure> {
    let mut text = serde_json::to_string(report).map_err(|e| usage(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// Writes a `judge` or `interact` report: its JSON with `--json`, else the text `write_text`
/// writes; the exit status is 0 when the program was accepted.
pub fn write_verdict(
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
