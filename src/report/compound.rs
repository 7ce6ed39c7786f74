//! The report of `analyze --compound`: the compound, the winner, the number that decides it with
//! each component's part, and every winning move.

use crate::core::Winner;
use serde::Serialize;
use std::fmt;

/// The number that decides a compound position, as a report prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deciding {
    /// What is folded over the components: `min R`, `max S`, `lost components`.
    pub measure: &'static str,
    /// Its value (min R, max S; the number of lost components for the selective compounds).
    pub value: u64,
    /// Each component's part in it.
    pub components: Vec<ComponentSummary>,
}

/// One component's numbers, as a report prints them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentSummary {
    /// The component, in the game's notation.
    pub position: String,
    /// R, where the compound is decided by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// S, where the compound is decided by it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspense: Option<u64>,
    /// Whether the component alone is lost for the player to move.
    pub lost: bool,
    /// Whether it has no move.
    pub ended: bool,
}

/// One listed winning move of a compound position, with why it wins.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReasonedMove {
    /// The move: one move per component, ` | ` between them.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position after it.
    pub to: String,
    /// Why it wins.
    pub reason: String,
}

/// `analyze` on a compound position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CompoundReport {
    /// The game's command-line name.
    pub game: String,
    /// The compound's name (`conjunctive`, …).
    pub compound: &'static str,
    /// The compound's rules in a line.
    pub rules: &'static str,
    /// The position.
    pub position: String,
    /// Always `normal`: the compounds are played under normal play here.
    pub play: &'static str,
    /// Who wins.
    pub winner: Winner,
    /// What decides it.
    pub deciding: Deciding,
    /// The winning moves listed (at most the limit asked for).
    pub winning_moves: Vec<ReasonedMove>,
    /// How many winning moves there are in all.
    pub winning_move_count: u128,
}

impl CompoundReport {
    /// The `deciding:` line: why the player to move wins or loses.
    fn why(&self) -> String {
        let deciding = &self.deciding;
        match self.compound {
            "conjunctive" | "continued" => format!(
                "{} = {} ({}: the player to move {})",
                deciding.measure,
                deciding.value,
                if deciding.value % 2 == 1 {
                    "odd"
                } else {
                    "even"
                },
                if self.winner == Winner::First {
                    "wins"
                } else {
                    "loses"
                }
            ),
            kind => {
                let ended = deciding.components.iter().any(|c| c.ended);
                let all_lost = deciding.components.iter().all(|c| c.lost);
                match (kind, ended, all_lost) {
                    ("shortened", true, _) => {
                        "a component has ended: the game is over, the player to move loses"
                            .to_string()
                    }
                    (_, _, true) => "every component is lost: the player to move loses".to_string(),
                    _ => format!(
                        "{} of {} components lost: the player to move wins",
                        deciding.value,
                        deciding.components.len()
                    ),
                }
            }
        }
    }
}

impl fmt::Display for CompoundReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game:     {}", self.game)?;
        writeln!(f, "compound: {} ({})", self.compound, self.rules)?;
        writeln!(f, "position: {}", self.position)?;
        writeln!(f, "play:     normal (the player who cannot move loses)")?;
        writeln!(f, "components:")?;
        for (index, component) in self.deciding.components.iter().enumerate() {
            let shown = if component.position.is_empty() {
                "-"
            } else {
                &component.position
            };
            let mut line = format!("  {}: {shown:<12}", index + 1);
            if let Some(r) = component.remoteness {
                line.push_str(&format!(" R = {r}"));
            }
            if let Some(s) = component.suspense {
                line.push_str(&format!(" S = {s}"));
            }
            line.push_str(match (component.ended, component.lost) {
                (true, _) => " (ended)",
                (false, true) => " (lost alone)",
                (false, false) => " (won alone)",
            });
            writeln!(f, "{}", line.trim_end())?;
        }
        writeln!(f, "deciding: {}", self.why())?;
        writeln!(f, "winner:   {}", self.winner.explained())?;
        let total = self.winning_move_count;
        if total == 0 {
            return writeln!(f, "winning moves: none");
        }
        writeln!(f, "winning moves: {total}")?;
        for winning in &self.winning_moves {
            writeln!(
                f,
                "  {:<16} -> {}   ({})",
                winning.notation, winning.to, winning.reason
            )?;
        }
        let hidden = total.saturating_sub(self.winning_moves.len() as u128);
        if hidden > 0 {
            writeln!(f, "  … and {hidden} more (raise --limit to list them)")?;
        }
        Ok(())
    }
}
