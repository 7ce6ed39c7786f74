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
use crate::report::{AnalysisReport, MeasuredMove, RemotenessReport};
use crate::theory::AnalysisError;

/// `analyze --remoteness` of a position of `entry`'s game itself: R of one component (from its
/// table or search), or of a disjunctive sum of several by search within the position limit
/// (refused past it, the limit named).
pub fn entry_remoteness<G: Components>(
    entry: &Entry<G>,
    text: &str,
    limit: usize,
) -> Result<AnalysisReport, GameError> {
    Ok(plain(entry, text, limit)?.into())
}

/// `analyze --remoteness` of a compound position of the game `name`: the deciding min R
/// (conjunctive) or max S (continued) of the position and of every move's result.
pub fn compound_remoteness<G: Components>(
    name: &str,
    position: &CompoundPosition<G>,
    limit: usize,
) -> Result<AnalysisReport, GameError> {
    Ok(compounded(name, position, limit)?.into())
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
        listed.push(MeasuredMove {
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
        listed.push(MeasuredMove {
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
