//! The report of `analyze` on a position of a game with draws (tokens on a graph, Shiritori,
//! script games with cycles): the winner (first, second or draw), γ, and the moves that win —
//! or, from a drawn position, the moves that keep the draw.

use super::position::ListedMove;
use crate::core::Winner;
use serde::Serialize;
use std::fmt;

/// One token of a position on a graph: its vertex (counted from 1) and its γ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportedToken {
    /// The vertex, counted from 1 as in the graph file.
    pub vertex: u64,
    /// γ of a single token there.
    pub gamma: String,
}

/// How the text form words what the JSON holds: each kind of loopy game says it its own way
/// (a word, a move, a token).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopyText {
    /// The position as the text shows it (`(no tokens)` for an empty row).
    pub position: String,
    /// The `play:` line.
    pub play: String,
    /// Lines after `play:` (`to say:   …` for Shiritori), each written as it is.
    pub lines: Vec<String>,
    /// What follows γ on its line (` (the game has cycles: …)`).
    pub gamma_note: String,
    /// The `tokens:` line's content, for tokens on a graph.
    pub tokens: Option<String>,
    /// Why a lost position has no winning move (`no move at all: …`, `every move …`).
    pub lost_because: String,
    /// Why a drawn position has no winning move.
    pub drawn_because: String,
    /// How a listed move's empty resulting position is shown (`(no tokens)`), if not as it is.
    pub empty: &'static str,
}

/// `analyze` on a position of a game with draws.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyReport {
    /// The game's name.
    pub game: String,
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
    pub winning_moves: Vec<ListedMove>,
    /// How many moves win.
    pub winning_move_count: u64,
    /// The moves that keep a draw (a drawn position), listed up to the limit.
    pub drawing_moves: Vec<ListedMove>,
    /// How many moves keep the draw.
    pub drawing_move_count: u64,
    /// How the text form words it.
    #[serde(skip)]
    pub text: LoopyText,
}

impl LoopyReport {
    /// The report of a position whose `chosen` moves (listed up to the limit, and their
    /// `total`) are the winning ones (`winner` first), the drawing ones (a draw) or none
    /// (second); `finite` is γ when it is a number, `gamma` its text.
    pub fn new(
        game: &str,
        position: String,
        winner: Winner,
        (finite, gamma): (Option<u64>, String),
        (chosen, total): (Vec<ListedMove>, u64),
        text: LoopyText,
    ) -> LoopyReport {
        let none = || (Vec::new(), 0);
        let (winning, drawing) = match winner {
            Winner::First => ((chosen, total), none()),
            Winner::Draw => (none(), (chosen, total)),
            Winner::Second => (none(), none()),
        };
        LoopyReport {
            game: game.to_string(),
            position,
            play: "normal",
            winner,
            grundy: finite,
            gamma,
            tokens: None,
            reachable: None,
            winning_moves: winning.0,
            winning_move_count: winning.1,
            drawing_moves: drawing.0,
            drawing_move_count: drawing.1,
            text,
        }
    }

    fn write_moves(
        &self,
        f: &mut fmt::Formatter<'_>,
        title: &str,
        moves: &[ListedMove],
        total: u64,
    ) -> fmt::Result {
        writeln!(f, "{title}: {total}")?;
        for mv in moves {
            let to = if mv.to.is_empty() {
                self.text.empty
            } else {
                &mv.to
            };
            writeln!(f, "  {:<12} -> {to}", mv.notation)?;
        }
        let hidden = total.saturating_sub(moves.len() as u64);
        if hidden > 0 {
            writeln!(f, "  … and {hidden} more (raise --limit to list them)")?;
        }
        Ok(())
    }
}

impl fmt::Display for LoopyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        writeln!(f, "game:     {}", self.game)?;
        writeln!(f, "position: {}", text.position)?;
        writeln!(f, "play:     {}", text.play)?;
        for line in &text.lines {
            writeln!(f, "{line}")?;
        }
        writeln!(f, "winner:   {}", self.winner.explained())?;
        writeln!(f, "gamma:    {}{}", self.gamma, text.gamma_note)?;
        if let Some(tokens) = &text.tokens {
            writeln!(f, "tokens:   {tokens}")?;
        }
        match self.winner {
            Winner::First => self.write_moves(
                f,
                "winning moves",
                &self.winning_moves,
                self.winning_move_count,
            ),
            Winner::Second => writeln!(f, "winning moves: none ({})", text.lost_because),
            Winner::Draw => {
                writeln!(f, "winning moves: none ({})", text.drawn_because)?;
                self.write_moves(
                    f,
                    "drawing moves",
                    &self.drawing_moves,
                    self.drawing_move_count,
                )
            }
        }
    }
}
