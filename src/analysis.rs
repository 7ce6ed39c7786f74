//! `analyze`: who wins a position, its Grundy value and every winning move, by the fast theory,
//! as a [`PositionReport`].
//!
//! The report holds each listed move's resulting position as text; the default limit
//! ([`default_limit`]) keeps those within about 100 MB for the longest positions.

use crate::core::{Play, Winner};
use crate::report::{ListedMove, PositionReport};
use crate::theory::{AnalysisError, Theory};

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

/// Analyses `position` with the fast theory, listing at most `limit` winning moves; the report
/// names the game `game`.
pub fn analyze<G: Theory>(
    game: &str,
    position: &G,
    limit: usize,
) -> Result<PositionReport, AnalysisError> {
    analyze_text(game, position, None, limit)
}

/// [`analyze`], with the position's text as it was typed: when that is already canonical (see
/// [`Notation::is_canonical_text`](crate::notation::Notation::is_canonical_text)) the report
/// keeps it instead of formatting the position again.
pub fn analyze_text<G: Theory>(
    game: &str,
    position: &G,
    text: Option<&str>,
    limit: usize,
) -> Result<PositionReport, AnalysisError> {
    // The count of winning moves is always complete, and a position with a move is won exactly
    // when it has a winning move: the winner follows without running the theory a second time
    // (for end-piles that second run would be another O(n²) pass). A position with no move at all
    // has no winning move either, and is lost under normal play but won under misère play.
    let moves = position.winning_moves(limit)?;
    let without_moves = moves.total == 0 && position.some_moves(1).0.is_empty();
    let winner = winner_by_definition(G::convention(), moves.total, without_moves);
    let text = text
        .map(|text| text.trim_matches(|c: char| c.is_ascii_whitespace()))
        .filter(|text| G::is_canonical_text(text));
    Ok(PositionReport {
        game: game.to_string(),
        position: match text {
            Some(text) => text.to_string(),
            None => position.to_string(),
        },
        play: G::convention(),
        winner,
        grundy: position.grundy_value().map(|value| value.0),
        winning_moves: moves
            .listed
            .into_iter()
            .map(|winning| ListedMove {
                notation: position.format_move(&winning.mv),
                to: position.play(&winning.mv).to_string(),
                reason: winning.reason,
            })
            .collect(),
        winning_move_count: moves.total,
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
