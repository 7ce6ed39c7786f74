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
