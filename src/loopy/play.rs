//! `play` on a graph game: the same line protocol as [`crate::play`], with draws.
//!
//! Before each human move the session prints `position: <position>` and a prompt `> `. The
//! computer plays [`Board::best_move`]: in a won position it says within how many moves it will
//! win ([`Board::win_bound`]) and keeps to it; in a drawn position it says the game is drawn and
//! keeps the draw (it never lets a drawn position become lost); in a lost position it holds out.
//! The session ends with `winner: human` or `winner: computer`, or `draw` when a position comes
//! back a third time with the same side to move (neither side could force a win there), or
//! `quit`.

use super::tokens::{Board, Tokens};
use crate::core::Winner;
use crate::game::GameError;
use crate::play::{Ending, Side};
use std::collections::HashMap;
use std::io::{BufRead, Write};

/// How many times a position may come back (same side to move) before the game is a draw.
const REPETITIONS: u32 = 3;

/// Plays a whole game from `start`.
pub fn play(
    board: &Board,
    move_help: &str,
    start: Tokens,
    first: Side,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<Ending, GameError> {
    let mut position = start;
    let mut to_move = first;
    let mut seen: HashMap<(Tokens, bool), u32> = HashMap::new();
    let mut announced = None;
    loop {
        let times = seen
            .entry((position.clone(), to_move == Side::Human))
            .or_insert(0);
        *times += 1;
        if *times >= REPETITIONS {
            writeln!(output, "position: {position}")?;
            writeln!(
                output,
                "draw (the position came back a third time: neither side can force a win)"
            )?;
            output.flush()?;
            return Ok(Ending::Drawn);
        }
        if board.moves(&position).is_empty() {
            writeln!(output, "position: {position}")?;
            writeln!(output, "winner: {}", to_move.other().name())?;
            output.flush()?;
            return Ok(Ending::Won(to_move.other()));
        }
        match to_move {
            Side::Computer => {
                announce(board, &position, &mut announced, output)?;
                let (mv, _) = board.best_move(&position).expect("the position has a move");
                writeln!(output, "computer plays {mv}")?;
                position = position.after(mv);
            }
            Side::Human => {
                writeln!(output, "position: {position}")?;
                write!(output, "> ")?;
                output.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    writeln!(output)?;
                    writeln!(output, "quit")?;
                    return Ok(Ending::Quit);
                }
                match line.trim() {
                    "quit" | "exit" => {
                        writeln!(output, "quit")?;
                        return Ok(Ending::Quit);
                    }
                    "help" | "?" => {
                        writeln!(output, "moves: {move_help}")?;
                        writeln!(
                            output,
                            "you may also type the position you want to move to; or `hint`, \
                             `moves`, `help`, `quit`."
                        )?;
                        continue;
                    }
                    "moves" | "hint" => {
                        let shown: Vec<String> = board
                            .outcomes(&position)
                            .iter()
                            .map(|(mv, after)| format!("{mv} ({})", after_name(*after)))
                            .collect();
                        writeln!(output, "legal moves: {}", shown.join(" "))?;
                        continue;
                    }
                    "" => continue,
                    entry => match board.entered_move(&position, entry) {
                        Ok(mv) => position = position.after(mv),
                        Err(error) => {
                            writeln!(output, "illegal: {error} (type `help` for the notation)")?;
                            continue;
                        }
                    },
                }
            }
        }
        to_move = to_move.other();
    }
}

/// What a move leaves the player then to move.
fn after_name(winner: Winner) -> &'static str {
    match winner {
        Winner::First => "leaves the opponent a win",
        Winner::Second => "wins",
        Winner::Draw => "keeps a draw",
    }
}

/// Says, once per change, what the computer can force from `position`.
fn announce(
    board: &Board,
    position: &Tokens,
    announced: &mut Option<Winner>,
    output: &mut dyn Write,
) -> std::io::Result<()> {
    let winner = board.winner(position);
    if *announced == Some(winner) {
        return Ok(());
    }
    *announced = Some(winner);
    match winner {
        Winner::First => writeln!(
            output,
            "computer: this position is won; I win within {} moves",
            board
                .win_bound(position)
                .expect("a won position has a bound")
        ),
        Winner::Draw => writeln!(
            output,
            "computer: this position is a draw: neither side can force a win, and I keep it so"
        ),
        Winner::Second => writeln!(output, "computer: this position is lost for me; I hold out"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::check::{multisets, random_graph};
    use crate::loopy::graph::GameGraph;
    use crate::loopy::tokens::TokenMove;

    /// A bot's choice among the moves of a position.
    type Bot = dyn Fn(&Board, &Tokens, &mut u64) -> TokenMove;

    fn random_bot(board: &Board, position: &Tokens, state: &mut u64) -> TokenMove {
        let moves = board.moves(position);
        *state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        moves[(*state >> 33) as usize % moves.len()]
    }

    /// Plays to win, else to draw, else to make the game long: moves to ∞ vertices and to
    /// vertices labelled late (large counters), which the computer must reverse.
    fn adversarial_bot(board: &Board, position: &Tokens, _: &mut u64) -> TokenMove {
        let rank = |(mv, after): &(TokenMove, Winner)| {
            let result = match after {
                Winner::Second => 2,
                Winner::Draw => 1,
                Winner::First => 0,
            };
            let counter = board.gammas().counter(mv.to).map_or(u32::MAX, |c| c);
            (result, counter)
        };
        board
            .outcomes(position)
            .into_iter()
            .max_by_key(rank)
            .expect("a move")
            .0
    }

    /// Plays from `start` with the computer to move first or not; the winner (`None`: still
    /// going after `horizon` moves) and the number of moves played.
    fn simulate(
        board: &Board,
        start: &Tokens,
        computer_first: bool,
        bot: &Bot,
        horizon: u64,
    ) -> Result<(Option<Side>, u64), String> {
        let mut position = start.clone();
        let mut computer = computer_first;
        let mut state = 7u64;
        let mut promise: Option<u64> = None;
        for played in 0..horizon {
            if board.moves(&position).is_empty() {
                let winner = if computer {
                    Side::Human
                } else {
                    Side::Computer
                };
                return Ok((Some(winner), played));
            }
            if computer {
                if board.winner(&position) == Winner::First && promise.is_none() {
                    promise = Some(played + board.win_bound(&position).unwrap());
                }
                if let Some(limit) = promise
                    && played >= limit
                {
                    return Err(format!("the computer promised to win by move {limit}"));
                }
                position = position.after(board.best_move(&position).unwrap().0);
            } else {
                position = position.after(bot(board, &position, &mut state));
            }
            computer = !computer;
        }
        Ok((None, horizon))
    }

    #[test]
    fn the_computer_wins_won_positions_within_its_bound_and_never_loses_a_draw() {
        let mut state = 2026;
        let bots: [&Bot; 2] = [&random_bot, &adversarial_bot];
        for _ in 0..40 {
            let board = Board::new(random_graph(&mut state, 9));
            for tokens in 1..=2 {
                for start in multisets(board.graph().vertex_count(), tokens) {
                    let winner = board.winner(&start);
                    for bot in bots {
                        for computer_first in [true, false] {
                            let (won, played) = simulate(&board, &start, computer_first, bot, 400)
                                .unwrap_or_else(|e| panic!("{start}: {e}"));
                            let computer_should = match (winner, computer_first) {
                                (Winner::First, true) | (Winner::Second, false) => Some(true),
                                (Winner::Draw, _) => Some(false),
                                _ => None,
                            };
                            match computer_should {
                                Some(true) => {
                                    assert_eq!(won, Some(Side::Computer), "{start}: {played} moves")
                                }
                                Some(false) => assert_ne!(won, Some(Side::Human), "{start}"),
                                None => {}
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_session_says_a_draw_and_ends_at_the_third_repetition() {
        let board = Board::new(GameGraph::from_edges(2, &[(0, 1), (1, 0)]));
        let mut input: &[u8] = b"2->1\n2->1\n2->1\n";
        let mut output = Vec::new();
        let ending = play(
            &board,
            "help",
            Tokens(vec![0]),
            Side::Computer,
            &mut input,
            &mut output,
        )
        .unwrap();
        let text = String::from_utf8(output).unwrap();
        assert_eq!(ending, Ending::Drawn, "{text}");
        assert!(text.contains("this position is a draw"), "{text}");
        assert!(
            text.ends_with(
                "draw (the position came back a third time: neither side can force a win)\n"
            ),
            "{text}"
        );
    }
}
