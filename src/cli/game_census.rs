//! `grundy census GAME:KIND`: a census that a game runs of its own positions (its
//! [`Censuses`] capability; Chomp's `chomp:3`, `chomp:4`, `chomp:rectangles`), streamed.

use super::common::{Failure, parse_count, parse_max_memory, usage};
use grundy::game::{GameCensusError, GameCensusRequest};
use grundy::resolve::{Files, resolve_with};
use std::io::{self, BufWriter, Write};

/// What the command line gave a game's census.
pub struct GameCensusArgs<'a> {
    /// `--to`.
    pub to: Option<&'a str>,
    /// `--max-memory`, in GiB.
    pub max_memory: Option<&'a str>,
    /// `--count`.
    pub count_only: bool,
    /// `--json`.
    pub json: bool,
    /// The first flag given that a game's census does not take, if any.
    pub unused_flag: Option<&'static str>,
}

/// Runs the census `pattern` names when it is `GAME:KIND` for a game with censuses (its exit
/// status); `None` when the part before the colon names no such game (the pattern is then the
/// heap games' census's). A kind the game does not run, a flag it does not take, or a `--to`
/// out of its bounds is a usage error. Nothing is read from files to find the game.
pub fn run(pattern: &str, args: &GameCensusArgs) -> Result<Option<u8>, Failure> {
    let Some((name, kind)) = pattern.split_once(':') else {
        return Ok(None);
    };
    let Ok(game) = resolve_with(name, Files::Refuse) else {
        return Ok(None);
    };
    let Some(censuses) = game.capabilities().censuses else {
        return Ok(None);
    };
    let Some(info) = censuses.kinds().iter().find(|info| info.kind == kind) else {
        return Err(usage(format!(
            "{pattern}: {name} runs the censuses {}",
            censuses
                .kinds()
                .iter()
                .map(|info| format!("{name}:{} ({})", info.kind, info.lists))
                .collect::<Vec<_>>()
                .join("; ")
        )));
    };
    if let Some(flag) = args.unused_flag {
        return Err(usage(format!(
            "{flag} does not apply to {pattern} (a game's census takes --to, --count, --json and, \
             for some, --max-memory)"
        )));
    }
    let (default, most) = info.to;
    let to = match args.to {
        Some(text) => parse_count("--to", text)?,
        None => u64::from(default),
    };
    if to < 1 || to > u64::from(most) {
        return Err(usage(format!("--to {to}: {pattern} runs from 1 to {most}")));
    }
    let max_memory = match args.max_memory {
        None => None,
        Some(_) if !info.takes_max_memory => {
            return Err(usage(format!(
                "--max-memory does not apply to {pattern} (its memory has a fixed bound)"
            )));
        }
        Some(text) => Some(parse_max_memory(text)?),
    };
    let request = GameCensusRequest {
        to: to as u32,
        max_memory,
        count_only: args.count_only,
        json: args.json,
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = censuses
        .run(info, &request, &mut out)
        .and_then(|_| out.flush().map_err(GameCensusError::Io));
    match result {
        Ok(()) => Ok(Some(0)),
        Err(GameCensusError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Some(0)),
        Err(e) => Err(usage(e.to_string())),
    }
}
