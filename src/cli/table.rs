//! `grundy table`: the Grundy sequence of a heap game with its proved period; `--ring` for runs
//! longer than memory, `--misere` for the misère report.

use super::common::{
    Failure, JsonFlag, heap_game_for, interrupt_on_ctrl_c, json_line, parse_count, resolve, usage,
    write_stdout,
};
use clap::Args;
use grundy::engine::progress::Terminal;
use grundy::families::table;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  grundy table 0.07
  grundy table sub:1,3,4 --to 100 --print
  grundy table 0.6 --to 2^20 --plot 06.svg
  grundy table kayles --misere --to 12
  grundy table kayles --misere --to 300
  grundy table 0.07 --misere --to 33 --seconds 60 --json
  grundy table sub:1,2 --remoteness
  grundy table wythoff --row 3 --to 30
  grundy table wythoff --rows 0..100
  grundy table 0.1777 --to 10^9 --ring --checkpoint 0177.ckpt";

/// The Grundy sequence G(0), G(1), … of a heap game: its period (proved), largest value,
/// checksum.
///
/// Stops at a proved period (values past it come from the period); without --to, at a proof
/// or a default limit of seconds. Ctrl-C prints what was computed and exits with status 130.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct TableArgs {
    /// A heap game: a code (0.07, 4.07, 0.f), sub:…, allbut:…, grundys-game.
    game: String,
    /// Report on G(0..=N): digits, or a power such as 2^20 or 10^12.
    #[arg(long, value_name = "N")]
    to: Option<String>,
    /// List the values (`n G(n)` lines; `values` in JSON).
    #[arg(long)]
    print: bool,
    #[command(flatten)]
    json: JsonFlag,
    /// Draw G(n) to FILE (.svg or .png), pre-period and period marked.
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// The misère report instead: the misère quotient of the heaps up to N, built heap by heap
    /// and, for take-and-break codes, solved for every heap by the periodicity theorem (without
    /// --to: until solved, heap 1000 or 60 seconds); then the genus of each heap, misère Grundy
    /// values and how far the heaps are tame, as far as cheap. Ctrl-C prints what was computed.
    #[arg(long, conflicts_with_all = ["print", "plot"])]
    misere: bool,
    /// Remoteness R(n) and suspense S(n) of single heaps instead (docs/compounds.md), with
    /// their arithmetic periods where proved; for rules that never split a heap. --to N
    /// (default 1000, at most 10^7) and --print as for G(n).
    #[arg(long, conflicts_with_all = ["plot", "misere", "ring"])]
    remoteness: bool,
    /// Print the engine's statistics on stderr at the end: method, common sets, pair
    /// visits (in total and per position), resumed scans, time per phase.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    limits: MisereLimitArgs,
    #[command(flatten)]
    ring: RingArgs,
    #[command(flatten)]
    wythoff: WythoffArgs,
}

/// `table wythoff`'s own options: rows and the diagonal of its Grundy function.
#[derive(Args)]
struct WythoffArgs {
    /// Wythoff's game only: row K of its Grundy function, G(K, y) for y = 0..=N (--to N,
    /// default 20), with the row's additive period p and preperiod proved: G(K, y + p) =
    /// G(K, y) + p for every y from the preperiod on (K at most 1000).
    #[arg(long, value_name = "K", conflicts_with_all = ["misere", "remoteness", "ring", "plot", "print"])]
    row: Option<String>,
    /// Wythoff's game only: rows A to B (both included, B at most 1000), each with its proved
    /// period and preperiod, as a table.
    #[arg(long, value_name = "A..B", conflicts_with_all = ["row", "to", "misere", "remoteness", "ring", "plot", "print"])]
    rows: Option<String>,
    /// Wythoff's game only: the diagonal G(n, n) for n = 0..=N (--to N, default 99, below
    /// 10000), as `n G(n,n)` lines (OEIS A047708).
    #[arg(long, conflicts_with_all = ["row", "rows", "misere", "remoteness", "ring", "plot", "print"])]
    diagonal: bool,
}

/// `table --misere`'s limits.
#[derive(Args)]
struct MisereLimitArgs {
    /// With --misere: the largest candidate quotient, in elements (default 262144); a heap that
    /// needs a larger one stops the table there, with the heap and order reached.
    #[arg(long, value_name = "N", requires = "misere")]
    max_order: Option<String>,
    /// With --misere: the most candidate quotients one heap may check (default 100000); a heap
    /// that needs more stops the table there. Unlike --seconds it stops at the same place on
    /// every machine. A stopped heap reports what its last candidate proves.
    #[arg(long, value_name = "K", requires = "misere")]
    max_candidates: Option<String>,
    /// With --misere: stop after S seconds (default: none with --to, 60 without), printing
    /// what was computed.
    #[arg(long, value_name = "S", requires = "misere")]
    seconds: Option<String>,
}

/// `table --ring`'s own options.
#[derive(Args)]
struct RingArgs {
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
}

/// Runs `grundy table`.
pub fn run(args: TableArgs) -> Result<u8, Failure> {
    let wythoff = &args.wythoff;
    if wythoff.row.is_some() || wythoff.rows.is_some() || wythoff.diagonal {
        wythoff_table(&args)
    } else if args.remoteness {
        remoteness_table(&args)
    } else if args.misere {
        misere_table(&args)
    } else if args.ring.ring {
        ring_table(&args)
    } else {
        normal_table(&args)
    }
}

fn normal_table(args: &TableArgs) -> Result<u8, Failure> {
    let to = args
        .to
        .as_deref()
        .map(|text| parse_count("--to", text))
        .transpose()?;
    let game = resolve(&args.game)?;
    let heap_game = heap_game_for(
        &*game,
        "table",
        "take-and-break codes, sub:…, allbut:… and grundys-game",
    )?;
    let interrupt = interrupt_on_ctrl_c();
    // The bar on stderr after a second; --stats adds the engine's statistics at the end.
    let progress = Terminal {
        statistics: args.stats,
    };
    let computed =
        table::Table::compute(heap_game.rule(), to, args.print, Some(&interrupt), progress)
            .map_err(|e| usage(e.to_string()))?;
    if let Some(path) = &args.plot {
        table::plot(&computed, path).map_err(|e| usage(e.to_string()))?;
    }
    let report = computed.report(args.print);
    let text = if args.json.json {
        json_line(&report)?
    } else {
        table::Table::text(&report)
    };
    write_stdout(&text)?;
    Ok(if computed.interrupted() { 130 } else { 0 })
}

/// `grundy table GAME --to N --ring`: the ring mode, with checkpoints.
fn ring_table(args: &TableArgs) -> Result<u8, Failure> {
    use grundy::engine::ring;
    let flags = &args.ring;
    let to = args
        .to
        .as_deref()
        .map(|text| parse_count("--to", text))
        .transpose()?
        .ok_or_else(|| usage("--ring needs --to N"))?;
    let game = resolve(&args.game)?;
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
        &heap_game.rule().compile(),
        &heap_game.rule().to_string(),
        &ring::RingOptions {
            to,
            sizes,
            checkpoint: flags.checkpoint.as_deref(),
            values: flags.values.as_deref(),
            checkpoint_every: std::time::Duration::from_secs(every),
            interrupt: Some(&interrupt),
            stop_after: None,
            progress: Terminal {
                statistics: args.stats,
            },
            scalar_kernels: false,
        },
    )
    .map_err(|e| usage(e.to_string()))?;
    if let (Some(at), Some(path)) = (run.resumed_at, &flags.checkpoint) {
        eprintln!("resumed from {} at n = {at}", path.display());
    }
    let report = run.report;
    let text = if args.json.json {
        json_line(&report)?
    } else {
        table::Table::text(&report)
    };
    write_stdout(&text)?;
    Ok(if report.stopped == grundy::engine::Stop::Interrupted {
        130
    } else {
        0
    })
}

/// `grundy table GAME --remoteness`: R(n) and S(n) with their proved arithmetic periods.
fn remoteness_table(args: &TableArgs) -> Result<u8, Failure> {
    use grundy::compound::heaps::TABLE_HEAPS;
    let to = args
        .to
        .as_deref()
        .map(|text| parse_count("--to", text))
        .transpose()?
        .unwrap_or(1000);
    if to > TABLE_HEAPS {
        return Err(usage(format!(
            "--to {to} is past the table of R and S (heaps up to {TABLE_HEAPS})"
        )));
    }
    let game = resolve(&args.game)?;
    let heap_game = heap_game_for(
        &*game,
        "table --remoteness",
        "take-and-break codes without splits, sub:… and allbut:…",
    )?;
    let report = grundy::compound::table::remoteness_table(heap_game, to, args.print)
        .map_err(|e| usage(e.to_string()))?;
    let text = if args.json.json {
        json_line(&report)?
    } else {
        report.to_text()
    };
    write_stdout(&text)?;
    Ok(0)
}

/// `grundy table GAME --misere`: genus, misère values and the misère quotient.
fn misere_table(args: &TableArgs) -> Result<u8, Failure> {
    use grundy::families::misere_table::misere_table as misere_report;
    use grundy::families::misere_table::{LimitError, MisereTableLimits, MisereTableRequest};
    use grundy::misere::construction::{Limits, Settled};
    use std::io::IsTerminal;
    use std::time::{Duration, Instant};
    let count = |flag: &str, text: Option<&str>| -> Result<Option<usize>, Failure> {
        Ok(text
            .map(|text| parse_count(flag, text))
            .transpose()?
            .map(|n| usize::try_from(n).unwrap_or(usize::MAX)))
    };
    let seconds = match args.limits.seconds.as_deref() {
        Some(text) => Some(text.parse::<f64>().map_err(|_| bad_seconds(text))?),
        None => None,
    };
    let request = MisereTableRequest {
        to: args
            .to
            .as_deref()
            .map(|text| parse_count("--to", text))
            .transpose()?,
        seconds,
        max_order: count("--max-order", args.limits.max_order.as_deref())?,
        max_candidates: count("--max-candidates", args.limits.max_candidates.as_deref())?,
    };
    let MisereTableLimits {
        up_to,
        seconds,
        max_order,
        max_candidates,
    } = request.check().map_err(|error| match error {
        LimitError::TooSmall { limit, least } => usage(format!(
            "--{}: give at least {least}",
            limit.name().replace('_', "-")
        )),
        LimitError::Seconds(_) => bad_seconds(args.limits.seconds.as_deref().unwrap_or("")),
    })?;
    let game = resolve(&args.game)?;
    let heap_game = heap_game_for(
        &*game,
        "table --misere",
        "take-and-break codes, sub:…, allbut:… and grundys-game",
    )?;
    let start = Instant::now();
    // Progress on a terminal: each heap where the quotient changes, the heap reached every few
    // seconds, and within a long heap the candidate quotients tried (at most one line a second).
    let terminal = std::io::stderr().is_terminal();
    let note: Option<grundy::misere::construction::Note> = terminal.then(|| {
        let last = std::sync::Mutex::new(None::<Instant>);
        let note = move |line: &str| {
            let mut last = last.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if last.is_none_or(|at| at.elapsed() >= Duration::from_secs(1)) {
                *last = Some(Instant::now());
                eprintln!("{line} ({:.1} s)", start.elapsed().as_secs_f64());
            }
        };
        std::sync::Arc::new(note) as grundy::misere::construction::Note
    });
    let limits = Limits {
        max_order,
        max_candidates,
        deadline: seconds.map(|s| start + Duration::from_secs_f64(s)),
        interrupt: Some(interrupt_on_ctrl_c()),
        note,
    };
    let mut last_note = Instant::now();
    let mut progress = |quotient: &grundy::misere::MisereQuotient, how: Settled| {
        if !terminal {
            return;
        }
        let changed = matches!(how, Settled::Changed(_));
        if changed || last_note.elapsed() >= Duration::from_secs(3) {
            last_note = Instant::now();
            eprintln!(
                "heap {}: order {}, |P| = {}{} ({:.1} s)",
                quotient.heaps(),
                quotient.order(),
                quotient.p_portion().len(),
                if changed { " (changed)" } else { "" },
                start.elapsed().as_secs_f64()
            );
        }
    };
    let report = misere_report(
        &game.info().name,
        heap_game.rule(),
        up_to,
        limits,
        &mut progress,
    )
    .map_err(|e| usage(e.to_string()))?;
    let text = if args.json.json {
        json_line(&report)?
    } else {
        report.text()
    };
    write_stdout(&text)?;
    Ok(if report.quotient.interrupted { 130 } else { 0 })
}

/// `grundy table wythoff --row K | --rows A..B | --diagonal`: rows of Wythoff's Grundy function
/// with their periods proved, or its diagonal.
fn wythoff_table(args: &TableArgs) -> Result<u8, Failure> {
    use grundy::games::wythoff::{NAME, rows};
    let flags = &args.wythoff;
    let flag = if flags.row.is_some() {
        "--row"
    } else if flags.rows.is_some() {
        "--rows"
    } else {
        "--diagonal"
    };
    let to = args
        .to
        .as_deref()
        .map(|text| parse_count("--to", text))
        .transpose()?;
    let game = resolve(&args.game)?;
    if game.info().name != NAME {
        return Err(usage(format!(
            "{}: `table {flag}` works on {NAME} only (rows of its Grundy function)",
            game.info().name
        )));
    }
    let limit = |error: rows::RowsError| usage(format!("{flag}: {error}"));
    let text = if flags.diagonal {
        let report = rows::diagonal_report(to.unwrap_or(99)).map_err(limit)?;
        if args.json.json {
            json_line(&report)?
        } else {
            report.text()
        }
    } else {
        let (first, last) = match (&flags.row, &flags.rows) {
            (Some(row), _) => {
                let row = parse_count("--row", row)?;
                (row, row)
            }
            (None, Some(range)) => row_range(range)?,
            (None, None) => unreachable!("one of --row, --rows, --diagonal"),
        };
        let values_to = flags
            .row
            .is_some()
            .then(|| to.unwrap_or(rows::DEFAULT_ROW_TO));
        let report = rows::rows_report(first, last, values_to).map_err(limit)?;
        if args.json.json {
            json_line(&report)?
        } else {
            report.text()
        }
    };
    write_stdout(&text)?;
    Ok(0)
}

/// `--rows A..B`: the first and last rows.
fn row_range(text: &str) -> Result<(u64, u64), Failure> {
    let (first, last) = text.split_once("..").ok_or_else(|| {
        usage(format!(
            "--rows `{text}`: write a range of rows A..B (both included), such as 0..100"
        ))
    })?;
    Ok((parse_count("--rows", first)?, parse_count("--rows", last)?))
}

/// Why `--seconds TEXT` is refused.
fn bad_seconds(text: &str) -> Failure {
    usage(format!(
        "--seconds {text}: give a positive number of seconds"
    ))
}
