//! `analyze`: who wins a position, its Grundy value and every winning move, by the fast theory.

use crate::core::Winner;
use crate::theory::{AnalysisError, Theory};
use serde::Serialize;
use std::fmt::Write;

/// One winning move as reported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position it leads to, in the game's notation.
    pub to: String,
    /// Why it wins (human output only).
    #[serde(skip)]
    pub reason: String,
}

/// The analysis of one position, ready to print as text or JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The game's command-line name.
    pub game: String,
    /// The position in the game's notation (canonical form).
    pub position: String,
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The Grundy value, where the theory gives one.
    pub grundy: Option<u64>,
    /// The winning moves (at most the requested limit).
    pub winning_moves: Vec<MoveReport>,
    /// How many winning moves there are in all (never capped by the limit).
    pub winning_move_count: u128,
}

/// Analyses `position` with the fast theory, listing at most `limit` winning moves.
pub fn analyze<G: Theory>(
    game: &str,
    position: &G,
    limit: usize,
) -> Result<Analysis, AnalysisError> {
    // The count of winning moves is always complete, and a position is won exactly when it has a
    // winning move: the winner follows without running the theory a second time (for end-piles
    // that second run would be another O(n²) pass).
    let moves = position.winning_moves(limit)?;
    let winner = if moves.total > 0 {
        Winner::First
    } else {
        Winner::Second
    };
    Ok(Analysis {
        game: game.to_string(),
        position: position.to_string(),
        winner,
        grundy: position.grundy_value().map(|value| value.0),
        winning_moves: moves
            .listed
            .iter()
            .map(|winning| MoveReport {
                notation: position.format_move(&winning.mv),
                to: winning.to.to_string(),
                reason: winning.reason.clone(),
            })
            .collect(),
        winning_move_count: moves.total,
    })
}

impl Analysis {
    /// The one-object JSON form of the command-line contract.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an analysis always serialises")
    }

    /// The human-readable form.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let shown = if self.position.is_empty() {
            "(empty)"
        } else {
            &self.position
        };
        let _ = writeln!(out, "game:     {}", self.game);
        let _ = writeln!(out, "position: {shown}");
        let _ = writeln!(
            out,
            "winner:   {}",
            match self.winner {
                Winner::First => "first (the player to move wins)",
                Winner::Second => "second (the player to move loses)",
            }
        );
        match self.grundy {
            Some(value) => {
                let _ = writeln!(out, "grundy:   {value}");
            }
            None => {
                let _ = writeln!(
                    out,
                    "grundy:   not given (this game's theory decides the winner, not the value)"
                );
            }
        }
        if self.winning_move_count == 0 {
            let _ = writeln!(
                out,
                "winning moves: none (every move leaves the opponent a win)"
            );
        } else {
            let _ = writeln!(out, "winning moves: {}", self.winning_move_count);
            for mv in &self.winning_moves {
                let to = if mv.to.is_empty() { "(empty)" } else { &mv.to };
                let _ = writeln!(out, "  {:<12} -> {to}   ({})", mv.notation, mv.reason);
            }
            let hidden = self.winning_move_count - self.winning_moves.len() as u128;
            if hidden > 0 {
                let _ = writeln!(out, "  … and {hidden} more (raise --limit to list them)");
            }
        }
        out
    }
}
