//! `analyze`: who wins a position, its Grundy value and every winning move, by the fast theory.
//!
//! The report is written while it is produced: each listed move's resulting position is built,
//! written and dropped in turn, so listing the moves of a ten-million-bottle position holds one
//! copy of it at a time, not one per move.

use crate::core::{Play, Winner};
use crate::theory::{AnalysisError, Theory, WinningMoves};
use std::fmt;
use std::io::{self, Write};

/// How many winning moves `analyze` lists when not told: enough for any position one studies by
/// hand, and a guard against printing gigabytes (a 2,000-bottle bean-split position can have
/// hundreds of thousands of winning moves, each a 2,000-number position).
pub const DEFAULT_LIMIT: usize = 10_000;

/// Roughly how much text the listed positions may take when no limit is given (each listed move
/// prints a whole position).
pub const DEFAULT_OUTPUT_BUDGET: usize = 100 << 20;

/// The default limit for a position written in `position_len` bytes: [`DEFAULT_LIMIT`], or fewer
/// so that the listed positions stay within [`DEFAULT_OUTPUT_BUDGET`] — but always at least one.
pub fn default_limit(position_len: usize) -> usize {
    (DEFAULT_OUTPUT_BUDGET / position_len.max(1)).clamp(1, DEFAULT_LIMIT)
}

/// The analysis of one position, ready to be written as text or JSON.
#[derive(Clone, Debug)]
pub struct Analysis<'a, G: Theory> {
    /// The game's command-line name.
    pub game: &'a str,
    /// The position analysed.
    pub position: &'a G,
    /// The position's text when it is already in canonical notation (see
    /// [`Notation::is_canonical_text`](crate::notation::Notation::is_canonical_text)): written as it is instead of formatting the position.
    pub canonical_text: Option<&'a str>,
    /// The play convention the analysis is for (the position type's).
    pub play: Play,
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The Grundy value, where the theory gives one.
    pub grundy: Option<u64>,
    /// The winning moves: the first ones (up to the limit) and how many there are in all.
    pub moves: WinningMoves<G>,
    /// Whether the position has no legal move at all (the player to move has lost under normal
    /// play, and has won under misère play).
    pub without_moves: bool,
}

/// Analyses `position` with the fast theory, listing at most `limit` winning moves.
pub fn analyze<'a, G: Theory>(
    game: &'a str,
    position: &'a G,
    limit: usize,
) -> Result<Analysis<'a, G>, AnalysisError> {
    // The count of winning moves is always complete, and a position with a move is won exactly
    // when it has a winning move: the winner follows without running the theory a second time
    // (for end-piles that second run would be another O(n²) pass). A position with no move at all
    // has no winning move either, and is lost under normal play but won under misère play.
    let moves = position.winning_moves(limit)?;
    let without_moves = moves.total == 0 && position.some_moves(1).0.is_empty();
    let winner = winner_by_definition(G::convention(), moves.total, without_moves);
    Ok(Analysis {
        game,
        position,
        canonical_text: None,
        play: G::convention(),
        winner,
        grundy: position.grundy_value().map(|value| value.0),
        moves,
        without_moves,
    })
}

/// Who wins a position, from the definition of the play convention: with a move, the player to
/// move wins exactly when some move wins (leaves the opponent a lost position); with no move at
/// all, the player to move has lost under normal play and has won under misère play.
pub fn winner_by_definition(play: Play, winning_moves: u128, without_moves: bool) -> Winner {
    match (without_moves, play) {
        (true, Play::Normal) => Winner::Second,
        (true, Play::Misere) => Winner::First,
        (false, _) if winning_moves > 0 => Winner::First,
        (false, _) => Winner::Second,
    }
}

impl<G: Theory> Analysis<'_, G> {
    /// The position's text: as given when that is canonical, else formatted from the position.
    fn position_text(&self) -> &dyn fmt::Display {
        match &self.canonical_text {
            Some(text) => text,
            None => self.position,
        }
    }

    /// Writes the one-object JSON form of the command-line contract (`winning_move_count` added),
    /// without a final newline.
    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"{\"game\":")?;
        write_json_string(out, &self.game)?;
        out.write_all(b",\"position\":")?;
        write_json_string(out, self.position_text())?;
        write!(
            out,
            ",\"play\":\"{}\",\"winner\":\"{}\",\"grundy\":",
            self.play, self.winner
        )?;
        match self.grundy {
            Some(value) => write!(out, "{value}")?,
            None => out.write_all(b"null")?,
        }
        out.write_all(b",\"winning_moves\":[")?;
        for (index, winning) in self.moves.listed.iter().enumerate() {
            if index > 0 {
                out.write_all(b",")?;
            }
            out.write_all(b"{\"move\":")?;
            write_json_string(out, &self.position.format_move(&winning.mv))?;
            out.write_all(b",\"to\":")?;
            write_json_string(out, &self.position.play(&winning.mv))?;
            out.write_all(b"}")?;
        }
        write!(out, "],\"winning_move_count\":{}}}", self.moves.total)
    }

    /// Writes the human-readable form.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "game:     {}", self.game)?;
        out.write_all(b"position: ")?;
        write_shown(out, self.position_text())?;
        out.write_all(b"\n")?;
        writeln!(
            out,
            "play:     {}",
            match self.play {
                Play::Normal => "normal (the player who cannot move loses)",
                Play::Misere => "misere (the player who cannot move wins)",
            }
        )?;
        writeln!(out, "winner:   {}", self.winner.explained())?;
        match self.grundy {
            Some(value) => writeln!(out, "grundy:   {value}")?,
            None if self.play == Play::Misere => writeln!(
                out,
                "grundy:   not given (misère values do not add; the theory decides the winner)"
            )?,
            None => writeln!(
                out,
                "grundy:   not given (this game's theory decides the winner, not the value)"
            )?,
        }
        let total = self.moves.total;
        if total == 0 {
            return writeln!(
                out,
                "winning moves: none ({})",
                match (self.without_moves, self.play) {
                    (true, Play::Normal) => "no move at all: the player to move has lost",
                    (true, Play::Misere) =>
                        "no move at all: under misère play the player to move has won",
                    (false, _) => "every move leaves the opponent a win",
                }
            );
        }
        writeln!(out, "winning moves: {total}")?;
        for winning in &self.moves.listed {
            write!(out, "  {:<12} -> ", self.position.format_move(&winning.mv))?;
            write_shown(out, &self.position.play(&winning.mv))?;
            writeln!(out, "   ({})", winning.reason)?;
        }
        let hidden = total - self.moves.listed.len() as u128;
        if hidden > 0 {
            writeln!(out, "  … and {hidden} more (raise --limit to list them)")?;
        }
        Ok(())
    }

    /// The JSON form as a string.
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        self.write_json(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("the JSON is UTF-8")
    }

    /// The text form as a string.
    pub fn to_text(&self) -> String {
        let mut out = Vec::new();
        self.write_text(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("the text is UTF-8")
    }
}

/// Writes a position's text straight to `out` (a position can be tens of megabytes: no copy
/// of it is built), or `(empty)` so that an empty one is visible.
fn write_shown(out: &mut dyn Write, position: &dyn fmt::Display) -> io::Result<()> {
    if !Sink::write(out, position, false)? {
        out.write_all(b"(empty)")?;
    }
    Ok(())
}

/// Writes `value`'s text as a JSON string straight to `out`.
fn write_json_string(out: &mut dyn Write, value: &dyn fmt::Display) -> io::Result<()> {
    out.write_all(b"\"")?;
    Sink::write(out, value, true)?;
    out.write_all(b"\"")
}

/// Passes what a `Display` writes on to an `io::Write`, escaped for JSON if asked.
struct Sink<'a> {
    out: &'a mut dyn Write,
    json: bool,
    wrote: bool,
    error: Option<io::Error>,
}

impl Sink<'_> {
    /// Writes `value` to `out`; whether it wrote anything.
    fn write(out: &mut dyn Write, value: &dyn fmt::Display, json: bool) -> io::Result<bool> {
        let mut sink = Sink {
            out,
            json,
            wrote: false,
            error: None,
        };
        let result = fmt::write(&mut sink, format_args!("{value}"));
        match (sink.error, result) {
            (Some(error), _) => Err(error),
            (None, Err(_)) => Err(io::Error::other("formatting failed")),
            (None, Ok(())) => Ok(sink.wrote),
        }
    }
}

impl fmt::Write for Sink<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        if text.is_empty() {
            return Ok(());
        }
        self.wrote = true;
        // A branch-free scan (it vectorises): most text needs no escaping at all.
        let needs_escape = text.bytes().fold(false, |any, byte| {
            any | (byte < b' ') | (byte == b'"') | (byte == b'\\')
        });
        let written = if self.json && needs_escape {
            // Escaping works character by character, so pieces can be escaped one at a time.
            serde_json::to_string(text)
                .map_err(io::Error::other)
                .and_then(|quoted| self.out.write_all(&quoted.as_bytes()[1..quoted.len() - 1]))
        } else {
            self.out.write_all(text.as_bytes())
        };
        written.map_err(|error| {
            self.error = Some(error);
            fmt::Error
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_limit_keeps_listed_positions_within_the_budget() {
        assert_eq!(default_limit(0), DEFAULT_LIMIT);
        assert_eq!(default_limit(7), DEFAULT_LIMIT);
        assert_eq!(default_limit(DEFAULT_OUTPUT_BUDGET / 40), 40);
        // A ten-million-bottle position (20 MB of text) lists five; nothing lists none.
        assert_eq!(default_limit(20_000_000), 5);
        assert_eq!(default_limit(usize::MAX), 1);
    }
}
