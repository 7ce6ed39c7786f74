//! The JSON report of `analyze` on a game with draws, shared by every loopy game (tokens on a
//! graph, Shiritori, script games with cycles): the winner (first, second or draw), γ, and the
//! moves that win — or, from a drawn position, the moves that keep the draw.

use crate::core::Winner;
use serde::Serialize;
use std::io::{self, Write};

/// One listed move: its notation and the position it leads to.
#[derive(Serialize)]
pub struct ReportedMove {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position after it.
    pub to: String,
}

/// One token of a position on a graph: its vertex (counted from 1) and its γ.
#[derive(Serialize)]
pub struct ReportedToken {
    /// The vertex, counted from 1 as in the graph file.
    pub vertex: u64,
    /// γ of a single token there.
    pub gamma: String,
}

/// The moves a report lists: at most the limit asked for, with their total.
pub struct Listed {
    /// The moves listed.
    pub moves: Vec<ReportedMove>,
    /// How many there are in all.
    pub total: u64,
}

impl Listed {
    /// No move.
    pub fn none() -> Listed {
        Listed {
            moves: Vec::new(),
            total: 0,
        }
    }
}

/// `analyze --json` on a position of a game with draws.
#[derive(Serialize)]
pub struct LoopyReport<'a> {
    /// The game's name.
    pub game: &'a str,
    /// The position, in the game's notation.
    pub position: String,
    /// Always `normal`: loopy games are played under normal play here.
    pub play: &'static str,
    /// First, second or draw.
    pub winner: Winner,
    /// The value when γ is finite (an ordinary Grundy value), else `null`.
    pub grundy: Option<u64>,
    /// γ: a number, or ∞ with its set K.
    pub gamma: String,
    /// Tokens on a graph: each token's vertex and γ.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens: Option<Vec<ReportedToken>>,
    /// A script game with cycles: how many positions are reachable from this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reachable: Option<usize>,
    /// The moves that win (a won position), listed up to the limit.
    pub winning_moves: Vec<ReportedMove>,
    /// How many moves win.
    pub winning_move_count: u64,
    /// The moves that keep a draw (a drawn position), listed up to the limit.
    pub drawing_moves: Vec<ReportedMove>,
    /// How many moves keep the draw.
    pub drawing_move_count: u64,
}

impl<'a> LoopyReport<'a> {
    /// The report of a position whose `chosen` moves are the winning ones (`winner` first), the
    /// drawing ones (a draw) or none (second).
    pub fn new(
        game: &'a str,
        position: String,
        winner: Winner,
        gamma: &crate::loopy::gamma::Gamma,
        chosen: Listed,
    ) -> LoopyReport<'a> {
        let (winning, drawing) = match winner {
            Winner::First => (chosen, Listed::none()),
            Winner::Draw => (Listed::none(), chosen),
            Winner::Second => (Listed::none(), Listed::none()),
        };
        LoopyReport {
            game,
            position,
            play: "normal",
            winner,
            grundy: gamma.finite(),
            gamma: gamma.to_string(),
            tokens: None,
            reachable: None,
            winning_moves: winning.moves,
            winning_move_count: winning.total,
            drawing_moves: drawing.moves,
            drawing_move_count: drawing.total,
        }
    }

    /// Writes the report as one JSON object (no final newline).
    pub fn write(&self, out: &mut dyn Write) -> io::Result<()> {
        serde_json::to_writer(&mut *out, self).map_err(io::Error::other)
    }
}
