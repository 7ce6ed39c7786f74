//! `analyze --compound`: the report of a compound position (text or one JSON object): the
//! compound, the winner, the number that decides it with each component's part, and every
//! winning move.

use super::components::Components;
use super::position::CompoundPosition;
use super::rules::Deciding;
use crate::core::{ImpartialGame, Winner};
use crate::game::compound_kind::Compound;
use crate::notation::Notation;
use crate::theory::{AnalysisError, Theory, WinningMoves};
use serde::Serialize;
use std::io::{self, Write};

/// The analysis of a compound position.
pub struct CompoundAnalysis<'a, G: Components> {
    /// The game's command-line name.
    pub game: &'a str,
    /// The position.
    pub position: &'a CompoundPosition<G>,
    /// Who wins.
    pub winner: Winner,
    /// What decides it.
    pub deciding: Deciding,
    /// The winning moves (the first up to the limit, and their count).
    pub moves: WinningMoves<CompoundPosition<G>>,
}

/// The JSON form.
#[derive(Serialize)]
struct Json<'a> {
    game: &'a str,
    compound: &'static str,
    rules: &'static str,
    position: String,
    play: &'static str,
    winner: Winner,
    deciding: &'a Deciding,
    winning_moves: Vec<JsonMove>,
    winning_move_count: u128,
}

#[derive(Serialize)]
struct JsonMove {
    #[serde(rename = "move")]
    notation: String,
    to: String,
    reason: String,
}

/// Analyses `position` by the compound's rules, listing at most `limit` winning moves.
pub fn analyze_compound<'a, G: Components>(
    game: &'a str,
    position: &'a CompoundPosition<G>,
    limit: usize,
) -> Result<CompoundAnalysis<'a, G>, AnalysisError> {
    let moves = position.winning_moves(limit)?;
    let winner = position.winner()?;
    let deciding = position.deciding()?;
    Ok(CompoundAnalysis {
        game,
        position,
        winner,
        deciding,
        moves,
    })
}

impl<G: Components> CompoundAnalysis<'_, G> {
    /// The one-object JSON form (no final newline).
    pub fn to_json(&self) -> String {
        let json = Json {
            game: self.game,
            compound: self.position.kind().name(),
            rules: self.position.kind().describe(),
            position: self.position.to_string(),
            play: "normal",
            winner: self.winner,
            deciding: &self.deciding,
            winning_moves: self
                .moves
                .listed
                .iter()
                .map(|winning| JsonMove {
                    notation: self.position.format_move(&winning.mv),
                    to: self.position.play(&winning.mv).to_string(),
                    reason: winning.reason.clone(),
                })
                .collect(),
            winning_move_count: self.moves.total,
        };
        serde_json::to_string(&json).expect("the report serialises")
    }

    /// Writes the human-readable form.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let kind = self.position.kind();
        writeln!(out, "game:     {}", self.game)?;
        writeln!(out, "compound: {kind} ({})", kind.describe())?;
        writeln!(out, "position: {}", self.position)?;
        writeln!(out, "play:     normal (the player who cannot move loses)")?;
        let deciding = &self.deciding;
        writeln!(out, "components:")?;
        for (index, component) in deciding.components.iter().enumerate() {
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
            writeln!(out, "{}", line.trim_end())?;
        }
        let why = match kind {
            Compound::Conjunctive | Compound::Continued => format!(
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
            _ => {
                let ended = deciding.components.iter().any(|c| c.ended);
                let all_lost = deciding.components.iter().all(|c| c.lost);
                match (kind, ended, all_lost) {
                    (Compound::Shortened, true, _) => {
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
        };
        writeln!(out, "deciding: {why}")?;
        writeln!(out, "winner:   {}", self.winner.explained())?;
        let total = self.moves.total;
        if total == 0 {
            return writeln!(out, "winning moves: none");
        }
        writeln!(out, "winning moves: {total}")?;
        for winning in &self.moves.listed {
            writeln!(
                out,
                "  {:<16} -> {}   ({})",
                self.position.format_move(&winning.mv),
                self.position.play(&winning.mv),
                winning.reason
            )?;
        }
        let hidden = total.saturating_sub(self.moves.listed.len() as u128);
        if hidden > 0 {
            writeln!(out, "  … and {hidden} more (raise --limit to list them)")?;
        }
        Ok(())
    }

    /// The text form as a string.
    pub fn to_text(&self) -> String {
        let mut out = Vec::new();
        self.write_text(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("the text is UTF-8")
    }
}
