//! `verify`: the fast theory against the exhaustive solver, on every position up to a size.
//!
//! The referee is [`ExhaustiveSolver`], which shares no code with any game's theory: it only
//! calls `moves` and `play`. For each position the referee's verdict — the Grundy value, the
//! winner and the set of positions that winning moves lead to — is handed to a *check*, which
//! compares it with what the theory claims. [`theory_check`] compares everything a [`Theory`]
//! says, and what `analyze` prints from it (the report's winner and its exact set of winning
//! moves, in text and JSON: a report can be wrong where the theory is right); games add their own checks (the judge's answer for bean-split, say), and the tests feed
//! deliberately wrong checks to make sure disagreements are caught.

use crate::core::{ExhaustiveSolver, ImpartialGame, Nimber, Winner};
use crate::theory::Theory;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::collections::HashSet;
use std::fmt;

/// What the exhaustive solver found for one position.
#[derive(Clone, Debug)]
pub struct Verdict<G: ImpartialGame> {
    /// The Grundy value.
    pub value: Nimber,
    /// Every winning move with the position it leads to.
    pub winning_moves: Vec<(G::Move, G)>,
}

impl<G: ImpartialGame> Verdict<G> {
    /// Who wins, according to the referee.
    pub fn winner(&self) -> Winner {
        self.value.winner()
    }
}

/// A position where the theory and the referee disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The position, in the game's notation.
    pub position: String,
    /// What differs, with both answers.
    pub detail: String,
}

/// The result of checking one family of positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The game (and dialect) checked.
    pub name: String,
    /// How many positions were compared.
    pub checked: usize,
    /// How many disagreed.
    pub disagreements: usize,
    /// The smallest disagreeing position (first in enumeration order).
    pub counterexample: Option<Counterexample>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: checked {} positions, {} disagreements",
            self.name, self.checked, self.disagreements
        )?;
        if let Some(counter) = &self.counterexample {
            write!(
                f,
                "\n  smallest counter-example: `{}`: {}",
                counter.position, counter.detail
            )?;
        }
        Ok(())
    }
}

/// A progress bar on stderr when it is a terminal (hidden otherwise).
pub fn progress_bar(name: &str, total: usize) -> ProgressBar {
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{prefix:>14} [{bar:40}] {pos}/{len} positions ({eta})")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_prefix(name.to_string());
    bar
}

/// Checks every position of `positions` (in order: the first disagreement found in this order is
/// reported as the smallest) with `check`, in parallel; each worker thread keeps its own memo.
pub fn cross_check<G, C>(name: &str, positions: &[G], check: C, progress: &ProgressBar) -> Report
where
    G: ImpartialGame + fmt::Display + Send + Sync,
    C: Fn(&G, &Verdict<G>) -> Result<(), String> + Sync,
{
    // A few long runs, each with one solver: the memo of a run serves all its positions (the
    // positions of a coin board reach most of the board's other positions, and a fresh memo
    // per small piece of work would search them again and again).
    let runs = rayon::current_num_threads().max(1) * 4;
    let run_length = positions.len().div_ceil(runs).max(1);
    let failures: Vec<(usize, String)> = positions
        .par_chunks(run_length)
        .enumerate()
        .flat_map_iter(|(run, chunk)| {
            let mut solver = ExhaustiveSolver::with_play(G::convention());
            let failures: Vec<(usize, String)> = chunk
                .iter()
                .enumerate()
                .filter_map(|(offset, position)| {
                    let verdict = Verdict {
                        value: solver.grundy_value(position),
                        winning_moves: solver.winning_moves(position),
                    };
                    progress.inc(1);
                    check(position, &verdict)
                        .err()
                        .map(|detail| (run * run_length + offset, detail))
                })
                .collect();
            failures
        })
        .collect();
    progress.finish_and_clear();
    let counterexample = failures
        .iter()
        .min_by_key(|(index, _)| *index)
        .map(|(index, detail)| Counterexample {
            position: positions[*index].to_string(),
            detail: detail.clone(),
        });
    Report {
        name: name.to_string(),
        checked: positions.len(),
        disagreements: failures.len(),
        counterexample,
    }
}

/// Compares everything the fast theory says about `position` with the referee's verdict: the
/// winner, the Grundy value (where the theory gives one), and the set of positions the winning
/// moves lead to, as well as their count.
pub fn theory_check<G: Theory>(position: &G, verdict: &Verdict<G>) -> Result<(), String> {
    let winner = position
        .winner()
        .map_err(|e| format!("theory failed: {e}"))?;
    if winner != verdict.winner() {
        return Err(format!(
            "theory says the {winner} player wins, exhaustive search says the {} player (value {})",
            verdict.winner(),
            verdict.value.0
        ));
    }
    if let Some(value) = position.grundy_value()
        && value != verdict.value
    {
        return Err(format!(
            "theory says Grundy value {}, exhaustive search says {}",
            value.0, verdict.value.0
        ));
    }
    report_check(position, verdict)?;
    let claimed = position
        .winning_moves(usize::MAX)
        .map_err(|e| format!("theory failed: {e}"))?;
    let claimed_set: HashSet<String> = claimed
        .listed
        .iter()
        .map(|m| position.play(&m.mv).to_string())
        .collect();
    let true_set: HashSet<String> = verdict
        .winning_moves
        .iter()
        .map(|(_, to)| to.to_string())
        .collect();
    if claimed_set != true_set
        || claimed.total != true_set.len() as u128
        || claimed.listed.len() != claimed_set.len()
    {
        let mut claimed: Vec<_> = claimed_set.into_iter().collect();
        let mut truth: Vec<_> = true_set.into_iter().collect();
        claimed.sort();
        truth.sort();
        return Err(format!(
            "theory's winning moves lead to {claimed:?} (counted {}), exhaustive search's to {truth:?}",
            position
                .winning_moves(usize::MAX)
                .map(|m| m.total)
                .unwrap_or(0)
        ));
    }
    Ok(())
}

/// Compares what `analyze` prints about `position` — the JSON report's winner and the set of
/// positions its winning moves lead to (every one listed), and the text report's winner line —
/// with the referee's verdict.
pub fn report_check<G: Theory>(position: &G, verdict: &Verdict<G>) -> Result<(), String> {
    let analysis = crate::analysis::analyze("verify", position, usize::MAX)
        .map_err(|e| format!("analyze failed: {e}"))?;
    let json: serde_json::Value = serde_json::to_value(&analysis)
        .map_err(|e| format!("analyze --json printed no JSON object: {e}"))?;
    let truth = verdict.winner();
    let printed_winner = json["winner"].as_str().unwrap_or("(missing)");
    if printed_winner != truth.to_string() {
        return Err(format!(
            "analyze --json says the {printed_winner} player wins, exhaustive search says the \
             {truth} player (value {})",
            verdict.value.0
        ));
    }
    let text = analysis.to_string();
    let expected_line = match truth {
        Winner::First => "winner:   first (the player to move wins)",
        Winner::Second => "winner:   second (the player to move loses)",
        Winner::Draw => "winner:   draw (neither player can force a win)",
    };
    if !text.lines().any(|line| line == expected_line) {
        return Err(format!(
            "analyze's text report lacks `{expected_line}` (exhaustive search's winner): {text:?}"
        ));
    }
    let listed: Vec<&str> = json["winning_moves"]
        .as_array()
        .map(|moves| moves.iter().filter_map(|mv| mv["to"].as_str()).collect())
        .unwrap_or_default();
    let printed_set: HashSet<&str> = listed.iter().copied().collect();
    let true_set: HashSet<String> = verdict
        .winning_moves
        .iter()
        .map(|(_, to)| to.to_string())
        .collect();
    let count = json["winning_move_count"].as_u64();
    if printed_set.len() != listed.len()
        || printed_set != true_set.iter().map(String::as_str).collect()
        || count != Some(true_set.len() as u64)
    {
        let mut printed: Vec<&str> = listed;
        let mut truth: Vec<&String> = true_set.iter().collect();
        printed.sort_unstable();
        truth.sort();
        return Err(format!(
            "analyze --json lists winning moves to {printed:?} (count {count:?}), exhaustive \
             search's lead to {truth:?}"
        ));
    }
    Ok(())
}
