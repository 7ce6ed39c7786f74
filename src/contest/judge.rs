//! `grundy judge`: a contestant's program against grundy's exact answers.
//!
//! The program reads one judge input on standard input and writes its answer on standard output,
//! exactly as on the original judge. grundy generates inputs ([`super::inputs`]: every tiny
//! position first, then random ones across the judge's range), computes each expected output with
//! its own solver for the format ([`crate::judge::Format`]), runs the program on it
//! ([`super::runner`]) and compares.
//!
//! **Comparison** is the judges': output is split into whitespace-separated tokens, and tokens
//! must be equal byte for byte (case matters: `Alice` is not `alice`); spacing and line breaks do
//! not. Each format writes a fixed number of tokens per case (`Case #1: Alice` is three, a
//! bean-split case four), so the first differing token names the case that disagrees.
//!
//! **Verdicts**, in the order they are decided: *time limit* (still running after
//! `--time-limit`), *output limit* (more than [`OUTPUT_LIMIT`] bytes), *runtime error* (killed by
//! a signal, or a non-zero exit status), *wrong answer* (tokens differ, are missing, or extra),
//! and *accepted* when every input passed.
//!
//! On the first input that fails, the search stops and the input is shrunk ([`super::shrink`])
//! while it fails with the same verdict (wrong answers and runtime errors; a time or output limit
//! is reported as found, since each try would cost the whole limit). Inputs run a batch at a time
//! on all cores; the failing input reported is the first one in the batch's order, so a seed
//! always names the same failure.

use super::inputs::{Shape, TestInput, random_input, tiny_inputs};
use super::runner::{self, Ending, Limits, Program, SpawnError};
use super::shrink::{Budget, shrink};
use crate::judge::Format;
use crate::judge::rng::Rng;
use crate::scanner::InputError;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt;
use std::io::{self, Write};
use std::time::{Duration, Instant};

/// The most bytes of standard output a run may write (the output limit).
pub const OUTPUT_LIMIT: usize = 16 << 20;

/// What a judging run may do.
#[derive(Copy, Clone, Debug)]
pub struct JudgeOptions {
    /// The most inputs to run.
    pub cases: usize,
    /// The most time to spend searching (shrinking comes on top).
    pub seconds: Duration,
    /// The seed of the random inputs.
    pub seed: u64,
    /// The time limit of one run.
    pub time_limit: Duration,
    /// Whether inputs may pass the judge's limits.
    pub beyond: bool,
    /// Whether to show a progress bar on standard error (only drawn on a terminal).
    pub progress: bool,
}

/// The verdict of a program.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Every input was answered correctly.
    Accepted,
    /// Some output differs from the expected one.
    WrongAnswer,
    /// The program crashed or exited with a non-zero status.
    RuntimeError,
    /// The program ran past the time limit.
    TimeLimit,
    /// The program wrote more than the output limit.
    OutputLimit,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::RuntimeError => "runtime error",
            Verdict::TimeLimit => "time limit exceeded",
            Verdict::OutputLimit => "output limit exceeded",
        })
    }
}

/// The whole report of a judging run (`--json` writes it as one object).
#[derive(Clone, Debug, Serialize)]
pub struct JudgeReport {
    /// The game.
    pub game: String,
    /// The dialect, if not the default format.
    pub dialect: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// Inputs run before the verdict (the failing one included).
    pub cases: usize,
    /// How many of them were exhaustive tiny inputs.
    pub exhaustive: usize,
    /// The seed of the random inputs.
    pub seed: u64,
    /// Whether inputs could pass the judge's limits.
    pub beyond: bool,
    /// The failing input, shrunk.
    pub input: Option<String>,
    /// The expected output for it.
    pub expected: Option<String>,
    /// The program's output for it.
    pub got: Option<String>,
    /// The case (from 1) that disagrees first, for a wrong answer.
    pub case: Option<usize>,
    /// What went wrong, in a line.
    pub detail: Option<String>,
    /// The end of the program's standard error on the failing input.
    pub stderr: Option<String>,
    /// The failing input's size as found, `[cases, numbers]`, before shrinking.
    pub found_size: Option<[usize; 2]>,
    /// Candidate runs spent shrinking.
    pub shrink_runs: usize,
    /// Where the failing input was saved (set by the caller that saves it).
    pub saved: Option<String>,
}

/// Why judging could not be done at all.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The program cannot be started.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
    /// grundy generated an input its own solver refuses (a bug in grundy).
    #[error("internal error: grundy's solver refused a generated input ({0}); please report it")]
    Generator(InputError),
}

/// How one input failed.
#[derive(Clone, Debug)]
struct Failure {
    verdict: Verdict,
    case: Option<usize>,
    detail: String,
    expected: String,
    got: String,
    stderr: String,
}

/// Where the program's output first differs from the expected one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The case (from 1) holding the first differing token; `None` for output past the last case.
    pub case: Option<usize>,
    /// The line saying what differs.
    pub detail: String,
}

/// Compares `got` with `expected` token by token; `tokens_per_case` locates the case.
pub fn compare(expected: &str, got: &[u8], tokens_per_case: usize) -> Option<Mismatch> {
    let expected: Vec<&[u8]> = expected
        .as_bytes()
        .split(u8::is_ascii_whitespace)
        .filter(|t| !t.is_empty())
        .collect();
    let got: Vec<&[u8]> = got
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty())
        .collect();
    let first = (0..expected.len().max(got.len())).find(|&k| expected.get(k) != got.get(k))?;
    let per_case = tokens_per_case.max(1);
    let show = |tokens: &[&[u8]]| {
        let text: Vec<String> = tokens
            .iter()
            .map(|token| String::from_utf8_lossy(token).into_owned())
            .collect();
        let text = text.join(" ");
        if text.chars().count() > 200 {
            format!("{}…", text.chars().take(200).collect::<String>())
        } else {
            text
        }
    };
    if first >= expected.len() {
        return Some(Mismatch {
            case: None,
            detail: format!(
                "extra output after the last case: `{}`",
                show(&got[first..(first + per_case).min(got.len())])
            ),
        });
    }
    let case = first / per_case;
    let range = case * per_case..(case + 1) * per_case;
    let wanted = show(&expected[range.clone()]);
    let detail = if range.start >= got.len() {
        format!(
            "case {}: expected `{wanted}`, got nothing (the output ends)",
            case + 1
        )
    } else {
        let found = show(&got[range.start..range.end.min(got.len())]);
        format!("case {}: expected `{wanted}`, got `{found}`", case + 1)
    };
    Some(Mismatch {
        case: Some(case + 1),
        detail,
    })
}

/// Judges `program` on inputs of `format` (a format of the game named `game`), against the
/// format's own exact solver.
pub fn judge(
    game: &str,
    format: &Format,
    program: &Program,
    options: &JudgeOptions,
) -> Result<JudgeReport, JudgeError> {
    let (shape, solve, dialect) = (&format.shape, format.solve, format.dialect);
    let limits = Limits {
        time: options.time_limit,
        output_bytes: OUTPUT_LIMIT,
    };
    let check = |input: &TestInput| -> Result<Option<Failure>, JudgeError> {
        let text = input.render(shape);
        let expected = solve(text.as_bytes()).map_err(JudgeError::Generator)?;
        let run = runner::run(program, text.as_bytes(), &limits)?;
        Ok(classify(run, expected, shape, text.as_bytes()))
    };
    let tiny = tiny_inputs(shape);
    let exhaustive_total = tiny.len().min(options.cases);
    let mut tiny = tiny.into_iter();
    let mut rng = Rng::new(options.seed);
    let started = Instant::now();
    let batch_size = rayon::current_num_threads().max(1) * 2;
    let bar = progress_bar(options.progress, options.cases);
    let mut report = JudgeReport {
        game: game.to_string(),
        dialect: dialect.map(str::to_string),
        verdict: Verdict::Accepted,
        cases: 0,
        exhaustive: 0,
        seed: options.seed,
        beyond: options.beyond,
        input: None,
        expected: None,
        got: None,
        case: None,
        detail: None,
        stderr: None,
        found_size: None,
        shrink_runs: 0,
        saved: None,
    };
    while report.cases < options.cases && (report.cases == 0 || started.elapsed() < options.seconds)
    {
        let count = batch_size.min(options.cases - report.cases);
        let batch: Vec<TestInput> = (0..count)
            .map(|_| {
                tiny.next()
                    .unwrap_or_else(|| random_input(shape, &mut rng, options.beyond))
            })
            .collect();
        let results: Vec<Result<Option<Failure>, JudgeError>> =
            batch.par_iter().map(&check).collect();
        for (offset, (input, result)) in batch.into_iter().zip(results).enumerate() {
            let Some(failure) = result? else {
                continue;
            };
            report.cases += offset + 1;
            report.exhaustive = report.cases.min(exhaustive_total);
            bar.finish_and_clear();
            return Ok(shrunk_report(
                report, shape, options, input, failure, &check,
            ));
        }
        report.cases += count;
        report.exhaustive = report.cases.min(exhaustive_total);
        bar.set_position(report.cases as u64);
    }
    bar.finish_and_clear();
    Ok(report)
}

/// The report of a failure, after shrinking the input that failed.
fn shrunk_report(
    mut report: JudgeReport,
    shape: &Shape,
    options: &JudgeOptions,
    input: TestInput,
    failure: Failure,
    check: &(dyn Fn(&TestInput) -> Result<Option<Failure>, JudgeError> + Sync),
) -> JudgeReport {
    report.found_size = Some([input.cases.len(), input.numbers(shape)]);
    let verdict = failure.verdict;
    let shrinkable = matches!(verdict, Verdict::WrongAnswer | Verdict::RuntimeError);
    let (input, failure) = if shrinkable {
        let same_failure = |candidate: &TestInput| match check(candidate) {
            Ok(Some(failure)) if failure.verdict == verdict => Some(failure),
            _ => None,
        };
        let first_case = failure.case.map(|case| case - 1);
        let budget = Budget {
            runs: 5000,
            time: Duration::from_secs(60),
        };
        let shrunk = shrink(
            shape,
            options.beyond,
            input,
            failure,
            first_case,
            budget,
            &same_failure,
        );
        report.shrink_runs = shrunk.runs;
        (shrunk.input, shrunk.failure)
    } else {
        (input, failure)
    };
    report.verdict = verdict;
    report.input = Some(input.render(shape));
    report.expected = Some(failure.expected);
    report.got = Some(failure.got);
    report.case = failure.case;
    report.detail = Some(failure.detail);
    report.stderr = Some(failure.stderr).filter(|tail| !tail.is_empty());
    report
}

/// The verdict on one run, given the expected output.
fn classify(run: runner::Run, expected: String, shape: &Shape, input: &[u8]) -> Option<Failure> {
    let got = String::from_utf8_lossy(&run.stdout).into_owned();
    let failure = |verdict, case, detail| {
        Some(Failure {
            verdict,
            case,
            detail,
            expected: expected.clone(),
            got: got.clone(),
            stderr: run.stderr_tail.clone(),
        })
    };
    match run.ending {
        Ending::TimeLimit => failure(
            Verdict::TimeLimit,
            None,
            "still running at the time limit; killed with its process group".to_string(),
        ),
        Ending::OutputLimit => failure(
            Verdict::OutputLimit,
            None,
            format!("wrote more than {OUTPUT_LIMIT} bytes; killed with its process group"),
        ),
        Ending::Signaled(_) => failure(
            Verdict::RuntimeError,
            None,
            format!("killed by {}", run.ending.describe()),
        ),
        Ending::Exited(code) if code != 0 => failure(
            Verdict::RuntimeError,
            None,
            format!("ended with {}", run.ending.describe()),
        ),
        Ending::Exited(_) => {
            let mismatch = match shape.checker {
                Some(checker) => match (checker.0)(input, &run.stdout) {
                    Ok(()) => return None,
                    Err(rejection) => Mismatch {
                        case: rejection.case,
                        detail: rejection.detail,
                    },
                },
                None => compare(&expected, &run.stdout, shape.tokens_per_case)?,
            };
            failure(Verdict::WrongAnswer, mismatch.case, mismatch.detail)
        }
    }
}

fn progress_bar(show: bool, total: usize) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("judge [{bar:40}] {pos}/{len} inputs ({elapsed})")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar
}

/// At most this many lines of an input or output are printed in a text report.
const SHOWN_LINES: usize = 30;

fn write_block(out: &mut dyn Write, title: &str, text: &str) -> io::Result<()> {
    writeln!(out, "{title}:")?;
    let lines: Vec<&str> = text.lines().collect();
    for line in lines.iter().take(SHOWN_LINES) {
        let line: String = line.chars().take(200).collect();
        writeln!(out, "  {line}")?;
    }
    if lines.len() > SHOWN_LINES {
        writeln!(out, "  … ({} more lines)", lines.len() - SHOWN_LINES)?;
    }
    if lines.is_empty() {
        writeln!(out, "  (nothing)")?;
    }
    Ok(())
}

impl JudgeReport {
    /// The report as text: one line when accepted; else the verdict, the shrunk input, the
    /// expected and actual outputs, the case that disagrees and the end of standard error.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let format = match &self.dialect {
            Some(dialect) => format!("{} --dialect {dialect}", self.game),
            None => self.game.clone(),
        };
        let beyond = if self.beyond {
            ", --beyond: inputs past the judge's guarantees"
        } else {
            ""
        };
        if self.verdict == Verdict::Accepted {
            return writeln!(
                out,
                "{format}: accepted on {} inputs ({} exhaustive, {} random; seed {}{beyond})",
                self.cases,
                self.exhaustive,
                self.cases - self.exhaustive,
                self.seed
            );
        }
        writeln!(
            out,
            "{format}: {} on input {} (seed {}{beyond})",
            self.verdict, self.cases, self.seed
        )?;
        if let Some(detail) = &self.detail {
            writeln!(out, "{detail}")?;
        }
        if let Some([cases, numbers]) = self.found_size
            && self.shrink_runs > 0
        {
            writeln!(
                out,
                "shrunk from {cases} case(s), {numbers} number(s) in {} runs",
                self.shrink_runs
            )?;
        }
        let saved = match &self.saved {
            Some(path) => format!("input (saved to {path})"),
            None => "input".to_string(),
        };
        write_block(out, &saved, self.input.as_deref().unwrap_or(""))?;
        write_block(out, "expected", self.expected.as_deref().unwrap_or(""))?;
        write_block(out, "got", self.got.as_deref().unwrap_or(""))?;
        if let Some(stderr) = &self.stderr {
            write_block(out, "stderr (the end)", stderr)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparison_is_by_tokens_and_names_the_case() {
        let expected = "Case #1: Alice\nCase #2: Bob\n";
        assert_eq!(
            compare(expected, b"Case #1:   Alice Case #2:\r\nBob", 3),
            None
        );
        let wrong = compare(expected, b"Case #1: Alice\nCase #2: Alice\n", 3).unwrap();
        assert_eq!(wrong.case, Some(2));
        assert_eq!(
            wrong.detail,
            "case 2: expected `Case #2: Bob`, got `Case #2: Alice`"
        );
        let short = compare(expected, b"Case #1: Alice\n", 3).unwrap();
        assert_eq!(short.case, Some(2));
        assert!(short.detail.contains("got nothing"));
        let long = compare(expected, b"Case #1: Alice\nCase #2: Bob\nCase #3: Bob\n", 3).unwrap();
        assert_eq!(long.case, None);
        assert!(long.detail.contains("extra output"));
        assert!(compare("YES\n", b"yes\n", 1).is_some(), "case matters");
    }
}
