//! The report of `analyze --remoteness`: R of a position and of every move's result — for a
//! conjunctive compound min R, for a continued one the deciding max S.

use serde::Serialize;
use std::fmt;

/// One move with the number of its result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MeasuredMove {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position after it.
    pub to: String,
    /// R (or the compound's deciding number) of that position.
    pub value: u64,
}

/// `analyze --remoteness` on a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RemotenessReport {
    /// The game's command-line name.
    pub game: String,
    /// The compound, for a compound position.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compound: Option<&'static str>,
    /// The position.
    pub position: String,
    /// `R`, `min R` (conjunctive: the compound's R), `max S` (continued).
    pub measure: &'static str,
    /// Its value: odd exactly when the player to move wins.
    pub value: u64,
    /// `first` or `second`.
    pub winner: &'static str,
    /// The legal moves listed (at most the limit asked for), each with its result's number.
    pub moves: Vec<MeasuredMove>,
    /// Whether there are legal moves beyond those listed.
    pub more: bool,
}

impl fmt::Display for RemotenessReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game:       {}", self.game)?;
        if let Some(compound) = self.compound {
            writeln!(f, "compound:   {compound}")?;
        }
        writeln!(f, "position:   {}", self.position)?;
        let (name, lasts) = match self.measure {
            "max S" => ("max S", "the winner stalling, the loser hurrying"),
            _ => (self.measure, "the winner hurrying, the loser stalling"),
        };
        writeln!(
            f,
            "{:<11} {} ({}: the player to move {} in {} moves, {lasts})",
            format!("{name}:"),
            self.value,
            if self.value % 2 == 1 { "odd" } else { "even" },
            if self.value % 2 == 1 { "wins" } else { "loses" },
            self.value
        )?;
        if self.moves.is_empty() {
            return writeln!(f, "moves:      none");
        }
        writeln!(f, "moves ({name} of the result; even: the opponent loses):")?;
        for mv in &self.moves {
            writeln!(
                f,
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
        if self.more {
            writeln!(f, "  … and more (raise --limit to list them)")?;
        }
        Ok(())
    }
}
