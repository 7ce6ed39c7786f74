//! The report of `analyze` on a position of a game without draws: who wins, the Grundy value
//! where the theory gives one, and the winning moves (the first up to a limit, and their count).

use crate::core::{Play, Winner};
use serde::Serialize;
use std::fmt;

/// One listed winning move: its notation, the position it leads to, and why it wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListedMove {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position after it.
    pub to: String,
    /// Why it wins, in words (the text form shows it; the JSON leaves it out, as it always has).
    #[serde(skip)]
    pub reason: String,
}

/// `analyze` on a position of a game without draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionReport {
    /// The game's command-line name.
    pub game: String,
    /// The position, in canonical notation.
    pub position: String,
    /// The play convention.
    pub play: Play,
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The Grundy value, where the theory gives one.
    pub grundy: Option<u64>,
    /// The winning moves listed (at most the limit asked for).
    pub winning_moves: Vec<ListedMove>,
    /// How many winning moves there are in all (past 2^64 for the largest bean-split rows).
    pub winning_move_count: u128,
    /// Whether the position has no legal move at all.
    #[serde(skip)]
    pub without_moves: bool,
}

/// A position's text, or `(empty)` so that an empty one is visible.
pub(crate) fn shown(position: &str) -> &str {
    if position.is_empty() {
        "(empty)"
    } else {
        position
    }
}

impl fmt::Display for PositionReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game:     {}", self.game)?;
        writeln!(f, "position: {}", shown(&self.position))?;
        writeln!(
            f,
            "play:     {}",
            match self.play {
                Play::Normal => "normal (the player who cannot move loses)",
                Play::Misere => "misere (the player who cannot move wins)",
            }
        )?;
        writeln!(f, "winner:   {}", self.winner.explained())?;
        match self.grundy {
            Some(value) => writeln!(f, "grundy:   {value}")?,
            None if self.play == Play::Misere => writeln!(
                f,
                "grundy:   not given (misère values do not add; the theory decides the winner)"
            )?,
            None => writeln!(
                f,
                "grundy:   not given (this game's theory decides the winner, not the value)"
            )?,
        }
        let total = self.winning_move_count;
        if total == 0 {
            return writeln!(
                f,
                "winning moves: none ({})",
                match (self.without_moves, self.play) {
                    (true, Play::Normal) => "no move at all: the player to move has lost",
                    (true, Play::Misere) =>
                        "no move at all: under misère play the player to move has won",
                    (false, _) => "every move leaves the opponent a win",
                }
            );
        }
        writeln!(f, "winning moves: {total}")?;
        for winning in &self.winning_moves {
            writeln!(
                f,
                "  {:<12} -> {}   ({})",
                winning.notation,
                shown(&winning.to),
                winning.reason
            )?;
        }
        let hidden = total.saturating_sub(self.winning_moves.len() as u128);
        if hidden > 0 {
            writeln!(f, "  … and {hidden} more (raise --limit to list them)")?;
        }
        Ok(())
    }
}
