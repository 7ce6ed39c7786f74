//! `analyze --remoteness`: R of a position and of every move's result. For one component from
//! its table or search; for a disjunctive sum of several by exhaustive search of the sum's
//! positions within the position limit (refused past it, the limit named); for a conjunctive
//! compound R = min R of the components (Smith 1966), and for a continued one the deciding max S.

use super::components::Components;
use super::measure::{DEFAULT_MEASURE_POSITIONS, Measurer};
use super::position::CompoundPosition;
use crate::core::ImpartialGame;
use crate::game::compound_kind::Compound;
use crate::game::{Entry, GameError};
use crate::notation::Notation;
use crate::theory::AnalysisError;
use serde::Serialize;
use std::io::Write;

/// The report of `analyze --remoteness`.
#[derive(Serialize)]
struct RemotenessReport {
    game: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    compound: Option<&'static str>,
    position: String,
    /// `R`, `min R` (conjunctive: the compound's R), `max S` (continued).
    measure: &'static str,
    value: u64,
    winner: &'static str,
    moves: Vec<MoveReport>,
    more: bool,
}

#[derive(Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    notation: String,
    to: String,
    value: u64,
}

/// Writes `report` as JSON or text.
fn write_report(
    report: &RemotenessReport,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), GameError> {
    if json {
        out.write_all(
            serde_json::to_string(report)
                .map_err(std::io::Error::other)?
                .as_bytes(),
        )?;
        out.write_all(b"\n")?;
    } else {
        write_text(report, out)?;
    }
    Ok(())
}

/// Writes `analyze --remoteness` of a position of `entry`'s game itself: R of one component
/// (from its table or search), or of a disjunctive sum of several by search within the position
/// limit (refused past it, the limit named).
pub fn entry_remoteness<G: Components>(
    entry: &Entry<G>,
    text: &str,
    limit: usize,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), GameError> {
    write_report(&plain(entry, text, limit)?, json, out)
}

/// Writes `analyze --remoteness` of a compound position of the game `name`: the deciding min R
/// (conjunctive) or max S (continued) of the position and of every move's result.
pub fn compound_remoteness<G: Components>(
    name: &str,
    position: &CompoundPosition<G>,
    limit: usize,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), GameError> {
    write_report(&compounded(name, position, limit)?, json, out)
}

fn winner_of(value: u64) -> &'static str {
    if value % 2 == 1 { "first" } else { "second" }
}

/// R of a position of the game itself (one component, or a disjunctive sum searched).
fn plain<G: Components>(
    entry: &Entry<G>,
    text: &str,
    limit: usize,
) -> Result<RemotenessReport, GameError> {
    let position = (entry.parse)(text)?;
    let measurer = Measurer::new(G::fast_measures(entry), DEFAULT_MEASURE_POSITIONS);
    let value = measurer.measures(&position)?.remoteness;
    let (moves, more) = position.some_moves(limit);
    let mut listed = Vec::with_capacity(moves.len());
    for mv in &moves {
        let next = position.play(mv);
        listed.push(MoveReport {
            notation: position.format_move(mv),
            to: next.to_string(),
            value: measurer.measures(&next)?.remoteness,
        });
    }
    Ok(RemotenessReport {
        game: entry.info.name.clone(),
        compound: None,
        position: position.to_string(),
        measure: "R",
        value,
        winner: winner_of(value),
        moves: listed,
        more,
    })
}

/// The deciding number of a conjunctive (min R, the compound's R) or continued (max S)
/// compound position and of every move's result.
fn compounded<G: Components>(
    name: &str,
    position: &CompoundPosition<G>,
    limit: usize,
) -> Result<RemotenessReport, GameError> {
    let kind = position.kind();
    if !matches!(kind, Compound::Conjunctive | Compound::Continued) {
        return Err(GameError::Analysis(AnalysisError::TooLarge(format!(
            "--remoteness gives the number that decides a conjunctive (min R) or continued (max \
             S) compound; the {kind} compound is decided by the components' outcomes"
        ))));
    }
    let deciding = position.deciding()?;
    let (moves, more) = position.some_moves(limit);
    let mut listed = Vec::with_capacity(moves.len());
    for mv in &moves {
        let next = position.play(mv);
        listed.push(MoveReport {
            notation: position.format_move(mv),
            to: next.to_string(),
            value: next.deciding()?.value,
        });
    }
    Ok(RemotenessReport {
        game: name.to_string(),
        compound: Some(kind.name()),
        position: position.to_string(),
        measure: deciding.measure,
        value: deciding.value,
        winner: winner_of(deciding.value),
        moves: listed,
        more,
    })
}

fn write_text(report: &RemotenessReport, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "game:       {}", report.game)?;
    if let Some(compound) = report.compound {
        writeln!(out, "compound:   {compound}")?;
    }
    writeln!(out, "position:   {}", report.position)?;
    let (name, lasts) = match report.measure {
        "max S" => ("max S", "the winner stalling, the loser hurrying"),
        _ => (report.measure, "the winner hurrying, the loser stalling"),
    };
    writeln!(
        out,
        "{:<11} {} ({}: the player to move {} in {} moves, {lasts})",
        format!("{name}:"),
        report.value,
        if report.value % 2 == 1 { "odd" } else { "even" },
        if report.value % 2 == 1 {
            "wins"
        } else {
            "loses"
        },
        report.value
    )?;
    if report.moves.is_empty() {
        return writeln!(out, "moves:      none");
    }
    writeln!(
        out,
        "moves ({name} of the result; even: the opponent loses):"
    )?;
    for mv in &report.moves {
        writeln!(
            out,
            "  {:<16} -> {}   {name} = {} ({})",
            mv.notation,
            mv.to,
            mv.value,
            if mv.value % 2 == 0 {
                format!("wins in {}", mv.value.saturating_add(1))
            } else {
                format!("loses in {}", mv.value.saturating_add(1))
            }
        )?;
    }
    if report.more {
        writeln!(out, "  … and more (raise --limit to list them)")?;
    }
    Ok(())
}
