//! `grundy census`: every game of a pattern, with periods, largest values and equivalences.

use super::common::{Failure, json_line, parse_count, parse_size_limit, usage, write_stdout};
use super::game_census::{self, GameCensusArgs};
use clap::Args;
use grundy::families::census::{self, CensusRequest};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

const EXAMPLES: &str = "\
Examples:
  grundy census '0.?' 4.07
  grundy census kayles 0.07 sub:1,2 --markdown
  grundy census '0.???' '4.???' --shard 3/8 --json > piece3.json
  grundy census '0.???' '4.???' --shard auto --json > piece.json   (in a Slurm array job)
  grundy census --merge piece*.json --markdown
  grundy census '0.?' --misere --to 100 --seconds 1
  grundy census 0.77 0.75 0.123 --misere --shard 2/3 --json
  grundy census chomp:3 --to 1000 --count
  grundy census chomp:4 --to 500 --count
  grundy census chomp:rectangles --to 10";

/// Every game of a pattern: periods (proved), largest values, rare values, equivalent games.
///
/// `?` is any octal digit after the point (`'0.???' '4.???'` is all 1,024 three-digit codes);
/// a list of spellings works too. Each game runs until its period is proved, or to --to N,
/// or until its work budget is spent (deterministic units, so the table is reproducible);
/// games run in parallel. Ctrl-C reports what was computed and exits with status 130.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct CensusArgs {
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
    /// Compute only the K-th of N shards of the games, balanced by estimated cost (for a
    /// cluster; join with --merge). `auto`: K and N from a Slurm array job (K =
    /// SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1, N = SLURM_ARRAY_TASK_COUNT).
    #[arg(long, value_name = "K/N", conflicts_with = "merge")]
    shard: Option<String>,
    /// Join the JSON of shards (given as the arguments) into the whole census (normal or
    /// misère, as the pieces say); a missing, repeated or foreign shard is refused by name.
    #[arg(long)]
    merge: bool,
    /// Misère play instead: each game's misère quotient (order, |P|, solved for every heap or
    /// how far it got), heaps to --to (default 300), within --seconds and --max-order per game.
    #[arg(long, conflicts_with_all = ["check", "budget"])]
    misere: bool,
    /// With --misere: seconds per game (default 10).
    #[arg(long, value_name = "S", requires = "misere")]
    seconds: Option<String>,
    /// With --misere: the largest candidate quotient per game, in elements (default 16384).
    #[arg(long, value_name = "N", requires = "misere")]
    max_order: Option<String>,
    /// With chomp:3, chomp:4 or chomp:rectangles: print only the count line.
    #[arg(long)]
    count: bool,
    /// With chomp:rectangles: the most memory its table may take, in GiB (default 8; the
    /// 20 x 20 box takes 16.05).
    #[arg(long, value_name = "GIB")]
    max_memory: Option<String>,
}

/// A census read from a JSON file.
fn read_census(path: &Path) -> Result<census::Census, Failure> {
    let bytes =
        std::fs::read(path).map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| usage(format!("{}: not UTF-8, so not a census", path.display())))?;
    census::read(&text, &path.display().to_string()).map_err(|e| usage(e.to_string()))
}

/// `--shard K/N`, or `--shard auto` from the Slurm array variables.
fn shard(args: &CensusArgs) -> Result<Option<(u64, u64)>, Failure> {
    match args.shard.as_deref() {
        None => Ok(None),
        Some("auto") => census::slurm_shard(|name| std::env::var(name).ok())
            .map(Some)
            .map_err(|e| usage(e.to_string())),
        Some(text) => census::parse_shard(text)
            .map(Some)
            .map_err(|e| usage(e.to_string())),
    }
}

/// Reads a JSON file as text.
fn read_text(path: &Path) -> Result<String, Failure> {
    let bytes =
        std::fs::read(path).map_err(|e| usage(format!("cannot read {}: {e}", path.display())))?;
    String::from_utf8(bytes)
        .map_err(|_| usage(format!("{}: not UTF-8, so not a census", path.display())))
}

/// Whether a piece is a misère census's (its `"play"` is `"misere"`).
fn is_misere_piece(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|value| {
            value
                .get("play")
                .and_then(|p| p.as_str())
                .map(str::to_string)
        })
        .is_some_and(|play| play == grundy::families::misere_census::PLAY)
}

/// `grundy census --merge PIECE…` of a misère census's pieces.
fn merge_misere(args: &CensusArgs, texts: Vec<(String, String)>) -> Result<u8, Failure> {
    use grundy::families::misere_census::{MisereCensus, merge};
    let pieces = texts
        .into_iter()
        .map(|(file, text)| {
            let piece: MisereCensus = serde_json::from_str(&text).map_err(|e| {
                usage(format!(
                    "{file}: not a misère census (line {}, column {}: {e})",
                    e.line(),
                    e.column()
                ))
            })?;
            Ok((file, piece))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let result = merge(pieces).map_err(|e| usage(e.to_string()))?;
    let text = if args.json {
        json_line(&result)?
    } else if args.markdown {
        result.markdown()
    } else {
        result.text()
    };
    write_stdout(&text)?;
    Ok(0)
}

/// Runs `grundy census`.
pub fn run(args: CensusArgs) -> Result<u8, Failure> {
    if let [pattern] = &args.patterns[..] {
        let unused = [
            ("--budget", args.budget.is_some()),
            ("--markdown", args.markdown),
            ("--check", args.check.is_some()),
            ("--shard", args.shard.is_some()),
            ("--merge", args.merge),
            ("--misere", args.misere),
        ];
        let game_args = GameCensusArgs {
            to: args.to.as_deref(),
            max_memory: args.max_memory.as_deref(),
            count_only: args.count,
            json: args.json,
            unused_flag: unused
                .iter()
                .find(|(_, given)| *given)
                .map(|(flag, _)| *flag),
        };
        if let Some(status) = game_census::run(pattern, &game_args)? {
            return Ok(status);
        }
    }
    if args.count {
        return Err(usage(
            "--count applies to a game's own census alone (GAME:KIND, such as chomp:3)".to_string(),
        ));
    }
    if args.max_memory.is_some() {
        return Err(usage(
            "--max-memory applies to a game's own census alone (such as chomp:rectangles)"
                .to_string(),
        ));
    }
    if args.merge {
        let texts = args
            .patterns
            .iter()
            .map(|p| Ok((p.clone(), read_text(Path::new(p))?)))
            .collect::<Result<Vec<_>, Failure>>()?;
        if texts.first().is_some_and(|(_, text)| is_misere_piece(text)) {
            return merge_misere(&args, texts);
        }
        if args.misere {
            return Err(usage(format!(
                "{}: not a misère census's piece (its \"play\" is not \"misere\")",
                args.patterns[0]
            )));
        }
    }
    if args.misere {
        return misere_census(&args);
    }
    let reference = args.check.as_deref().map(read_census).transpose()?;
    let interrupt = Arc::new(AtomicBool::new(false));
    let result = if args.merge {
        let pieces = args
            .patterns
            .iter()
            .map(|p| Ok((p.clone(), read_census(Path::new(p))?)))
            .collect::<Result<Vec<_>, Failure>>()?;
        census::merge(pieces).map_err(|e| usage(e.to_string()))?
    } else {
        compute(&args, &interrupt)?
    };
    let mut text = if args.json {
        json_line(&result)?
    } else if args.markdown {
        result.markdown()
    } else {
        result.text()
    };
    let mut status = if interrupt.load(Ordering::Relaxed) {
        130
    } else {
        0
    };
    if let (Some(reference), Some(path)) = (reference, &args.check) {
        let differences = census::check(&result, &reference);
        text.push_str(&format!(
            "\n{} differences with {}{}\n",
            differences.len(),
            path.display(),
            if differences.is_empty() { "" } else { ":" }
        ));
        for difference in &differences {
            text.push_str(&format!("  {}: {}\n", difference.game, difference.what));
        }
        if !differences.is_empty() && status == 0 {
            status = 1;
        }
    }
    write_stdout(&text)?;
    Ok(status)
}

/// Runs the census the arguments ask for, with a bar over games on stderr (drawn only on a
/// terminal); Ctrl-C sets `interrupt` and the census reports what it computed.
fn compute(args: &CensusArgs, interrupt: &Arc<AtomicBool>) -> Result<census::Census, Failure> {
    let request = CensusRequest {
        patterns: args.patterns.clone(),
        to: args
            .to
            .as_deref()
            .map(|text| parse_count("--to", text))
            .transpose()?
            .unwrap_or(census::DEFAULT_TO),
        budget: args
            .budget
            .as_deref()
            .map(|text| parse_count("--budget", text))
            .transpose()?
            .unwrap_or(census::DEFAULT_BUDGET),
        shard: shard(args)?,
    };
    let games = census::expand(&request.patterns).map_err(|e| usage(e.to_string()))?;
    let flag = Arc::clone(interrupt);
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
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
    let result = census::run(&request, Some(interrupt), &done).map_err(|e| usage(e.to_string()))?;
    bar.finish_and_clear();
    Ok(result)
}

/// `grundy census PATTERN --misere`: each game's misère quotient.
fn misere_census(args: &CensusArgs) -> Result<u8, Failure> {
    use grundy::families::misere_census::{
        DEFAULT_MISERE_CENSUS_MAX_ORDER, DEFAULT_MISERE_CENSUS_SECONDS, DEFAULT_MISERE_CENSUS_TO,
        MisereCensusRequest, MisereRecord,
    };
    let seconds = match args.seconds.as_deref() {
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0 && *s <= 1e9)
            .ok_or_else(|| {
                usage(format!(
                    "--seconds {text}: give a positive number of seconds"
                ))
            })?,
        None => DEFAULT_MISERE_CENSUS_SECONDS,
    };
    let max_order = parse_size_limit(
        "--max-order",
        args.max_order.as_deref(),
        DEFAULT_MISERE_CENSUS_MAX_ORDER,
        2,
    )?;
    let to = args
        .to
        .as_deref()
        .map(|text| parse_count("--to", text))
        .transpose()?
        .unwrap_or(DEFAULT_MISERE_CENSUS_TO);
    if to > grundy::misere::table::MAX_MISERE_TABLE {
        return Err(usage(format!(
            "--to {to} is too large for misère quotients (at most {})",
            grundy::misere::table::MAX_MISERE_TABLE
        )));
    }
    let request = MisereCensusRequest {
        patterns: args.patterns.clone(),
        to,
        seconds,
        max_order,
        shard: shard(args)?,
    };
    let games = census::expand(&request.patterns).map_err(|e| usage(e.to_string()))?;
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupt);
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed));
    // Progress on stderr: one line per finished game (game, order, how far, time).
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let done = |record: &MisereRecord| {
        if terminal {
            eprintln!(
                "{}: order {}, |P| = {}, heap {}{} ({:.1} s)",
                record.game,
                record.order,
                record.p_size,
                record.heaps,
                if record.solved.is_some() {
                    ", solved"
                } else {
                    ""
                },
                record.seconds
            );
        }
    };
    if terminal {
        eprintln!("misère census: {} games", games.len());
    }
    let result =
        grundy::families::misere_census::run(&request, Some(Arc::clone(&interrupt)), &done)
            .map_err(|e| usage(e.to_string()))?;
    let text = if args.json {
        json_line(&result)?
    } else if args.markdown {
        result.markdown()
    } else {
        result.text()
    };
    write_stdout(&text)?;
    Ok(if interrupt.load(Ordering::Relaxed) {
        130
    } else {
        0
    })
}
