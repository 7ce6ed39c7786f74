//! Reports: what `analyze` finds, as typed values that every front door renders.
//!
//! A report is produced once, by the library, and is both its JSON and its text: the command
//! line prints its [`Display`](std::fmt::Display) form or its serde JSON (`--json`), `grundy
//! serve` serialises the same value, and the Python package converts the same value into Python
//! objects. No front door re-parses another's output, so a field added to a report type reaches
//! all three without other edits.
//!
//! [`AnalysisReport`] is the report of `analyze` on any game: a position under normal or misère
//! play ([`PositionReport`]), a position of a game with draws ([`LoopyReport`]), a compound
//! position ([`CompoundReport`]), or remoteness ([`RemotenessReport`]). Its JSON is the chosen
//! kind's object as it is (untagged), exactly what `analyze --json` printed before reports were
//! typed.

pub mod compound;
pub mod loopy;
pub mod position;
pub mod remoteness;

pub use compound::{ComponentSummary, CompoundReport, Deciding, ReasonedMove};
pub use loopy::{LoopyReport, LoopyText, ReportedToken};
pub use position::{ListedMove, PositionReport};
pub use remoteness::{MeasuredMove, RemotenessReport};

use serde::Serialize;
use std::fmt;

/// The report of `analyze` on a position, of whichever kind the game gives.
// One report is made per question, so the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum AnalysisReport {
    /// A position of a game without draws, under normal or misère play.
    Position(PositionReport),
    /// A position of a game that can return to a position (draws, γ).
    Loopy(LoopyReport),
    /// A position of a compound other than the sum.
    Compound(CompoundReport),
    /// `analyze --remoteness`: R (or the number deciding a compound) of a position and of every
    /// move's result.
    Remoteness(RemotenessReport),
}

impl AnalysisReport {
    /// The report as one line of JSON (no final newline), as `analyze --json` prints it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report serialises")
    }

    /// The listed winning moves, each as its notation and the position it leads to (none for
    /// a remoteness report, which lists every move with its number instead).
    pub fn winning_moves(&self) -> Vec<(&str, &str)> {
        match self {
            AnalysisReport::Position(report) => report
                .winning_moves
                .iter()
                .map(|mv| (mv.notation.as_str(), mv.to.as_str()))
                .collect(),
            AnalysisReport::Loopy(report) => report
                .winning_moves
                .iter()
                .map(|mv| (mv.notation.as_str(), mv.to.as_str()))
                .collect(),
            AnalysisReport::Compound(report) => report
                .winning_moves
                .iter()
                .map(|mv| (mv.notation.as_str(), mv.to.as_str()))
                .collect(),
            AnalysisReport::Remoteness(_) => Vec::new(),
        }
    }

    /// How many winning moves there are in all (0 for a remoteness report).
    pub fn winning_move_count(&self) -> u128 {
        match self {
            AnalysisReport::Position(report) => report.winning_move_count,
            AnalysisReport::Loopy(report) => u128::from(report.winning_move_count),
            AnalysisReport::Compound(report) => report.winning_move_count,
            AnalysisReport::Remoteness(_) => 0,
        }
    }
}

impl fmt::Display for AnalysisReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisReport::Position(report) => report.fmt(f),
            AnalysisReport::Loopy(report) => report.fmt(f),
            AnalysisReport::Compound(report) => report.fmt(f),
            AnalysisReport::Remoteness(report) => report.fmt(f),
        }
    }
}

impl From<PositionReport> for AnalysisReport {
    fn from(report: PositionReport) -> Self {
        AnalysisReport::Position(report)
    }
}

impl From<LoopyReport> for AnalysisReport {
    fn from(report: LoopyReport) -> Self {
        AnalysisReport::Loopy(report)
    }
}

impl From<CompoundReport> for AnalysisReport {
    fn from(report: CompoundReport) -> Self {
        AnalysisReport::Compound(report)
    }
}

impl From<RemotenessReport> for AnalysisReport {
    fn from(report: RemotenessReport) -> Self {
        AnalysisReport::Remoteness(report)
    }
}
