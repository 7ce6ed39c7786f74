//! `analyze --compound`: the [`CompoundReport`] of a compound position — the compound, the
//! winner, the number that decides it with each component's part, and every winning move.

use super::components::Components;
use super::position::CompoundPosition;
use crate::core::ImpartialGame;
use crate::notation::Notation;
use crate::report::compound::{CompoundReport, ReasonedMove};
use crate::theory::{AnalysisError, Theory};

/// Analyses `position` by the compound's rules, listing at most `limit` winning moves.
pub fn analyze_compound<G: Components>(
    game: &str,
    position: &CompoundPosition<G>,
    limit: usize,
) -> Result<CompoundReport, AnalysisError> {
    let moves = position.winning_moves(limit)?;
    let winner = position.winner()?;
    let deciding = position.deciding()?;
    let kind = position.kind();
    Ok(CompoundReport {
        game: game.to_string(),
        compound: kind.name(),
        rules: kind.describe(),
        position: position.to_string(),
        play: "normal",
        winner,
        deciding,
        winning_moves: moves
            .listed
            .into_iter()
            .map(|winning| ReasonedMove {
                notation: position.format_move(&winning.mv),
                to: position.play(&winning.mv).to_string(),
                reason: winning.reason,
            })
            .collect(),
        winning_move_count: moves.total,
    })
}
