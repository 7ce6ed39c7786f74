//! `grundy judge`: a contest solution run on generated judge inputs and compared with the exact
//! answers.

use super::common::{
    Failure, JsonFlag, find_format, kill_programs_on_interrupt, program_of, random_seed, resolve,
    seconds_option, usage, write_verdict,
};
use clap::Args;
use grundy::contest::judge::JudgeOptions;
use std::ffi::OsString;
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  grundy judge take-or-merge -- ./my-solution
  grundy judge bounded-take --dialect arc091f --beyond -- python3 sol.py
  grundy judge bean-split --cases 200 --seed 7 -- python3 examples/contest/bean_split.py
  grundy judge turning-corners --dialect nim-product-64 -- ./nim-product
  grundy judge shiritori --cases 50 -- python3 examples/contest/shiritori.py";

/// Check your own contest solution: run PROGRAM on generated judge inputs and compare its
/// output with the exact answers.
///
/// Inputs: every tiny position, then random ones across the judge's limits (past them with
/// --beyond). On the first failure the input is shrunk to a smallest failing one, printed
/// with the expected and actual output, saved (--save), and the exit status is 1.
#[derive(Args)]
#[command(after_help = EXAMPLES)]
pub struct JudgeArgs {
    /// The game whose judge format the program reads.
    game: String,
    /// Another judge's format for the same game: `arc091f` (bounded-take), `hdu1729` (box-fill),
    /// `nim-product-64` and `cf1310f` (turning-corners: nimber arithmetic).
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
    #[command(flatten)]
    json: JsonFlag,
    /// Where to save a failing input (default: grundy-judge-GAME.txt).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// The program and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    program: Vec<OsString>,
}

/// Runs `grundy judge`.
pub fn run(args: JudgeArgs) -> Result<u8, Failure> {
    let json = args.json.json;
    let options = JudgeOptions {
        cases: usize::try_from(args.cases).unwrap_or(usize::MAX),
        seconds: seconds_option("--seconds", args.seconds)?,
        seed: args.seed.unwrap_or_else(random_seed),
        time_limit: seconds_option("--time-limit", args.time_limit)?,
        beyond: args.beyond,
        progress: !json,
    };
    if options.cases == 0 {
        return Err(usage("--cases must be at least 1"));
    }
    let dialect = args.dialect.as_deref();
    let game = resolve(&args.game)?;
    let format = find_format(&*game, dialect)?;
    let name = game.info().name.clone();
    let program = program_of(&args.program)?;
    kill_programs_on_interrupt();
    let mut report = grundy::contest::judge::judge(&name, &format, &program, &options)
        .map_err(|e| usage(e.to_string()))?;
    if let Some(input) = &report.input {
        let path = args.save.unwrap_or_else(|| {
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
