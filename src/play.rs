//! `play`: a perfect opponent over a line protocol that works in a terminal and over a pipe.
//!
//! Before each human move the session prints `position: <position>` and a prompt `> ` (flushed).
//! The human answers with a move in the game's notation, or with the position they want to move
//! to, or one of `hint`, `moves`, `help`, `quit`. The computer plays a winning move whenever one
//! exists; when every move loses it plays the game's *quiet move* (the smallest legal change, which
//! keeps the game long and leaves the human the most chances to go wrong). The session ends with
//! `winner: human` or `winner: computer` (or `quit`).

use crate::core::Play;
use crate::scanner::InputError;
use crate::theory::Theory;
use std::io::{self, BufRead, Write};

/// Who moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// The person at the keyboard.
    Human,
    /// grundy.
    Computer,
}

/// How a session ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Someone could not move; the other side won.
    Won(Side),
    /// The human typed `quit` or closed the input.
    Quit,
    /// A game that can return to a position ([`crate::loopy`]) went on with neither side able to
    /// force a win, until a position came back a third time.
    Drawn,
}

/// At most this many moves are listed by `moves` and `hint`.
const MOVES_SHOWN: usize = 60;

/// Plays a whole game from `start`, reading the human's lines from `input`; `parse` reads a
/// position the human types as the target of their move.
pub fn play<G: Theory>(
    start: G,
    first: Side,
    move_help: &str,
    parse: &dyn Fn(&str) -> Result<G, InputError>,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<Ending> {
    let mut position = start;
    let mut to_move = first;
    loop {
        if position.quiet_move().is_none() {
            // Nobody can move: under normal play the player to move has lost, under misère play
            // won.
            let winner = match G::convention() {
                Play::Normal => to_move.other(),
                Play::Misere => to_move,
            };
            writeln!(output, "position: {position}")?;
            writeln!(output, "winner: {}", winner.name())?;
            output.flush()?;
            return Ok(Ending::Won(winner));
        }
        match to_move {
            Side::Computer => position = computer_turn(&position, output)?,
            Side::Human => match human_turn(&position, move_help, parse, input, output)? {
                Turn::Moved(next) => position = next,
                Turn::Again => continue,
                Turn::Quit => return Ok(Ending::Quit),
            },
        }
        to_move = to_move.other();
    }
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Human => Side::Computer,
            Side::Computer => Side::Human,
        }
    }

    /// `human` or `computer`, as the session prints it.
    pub fn name(self) -> &'static str {
        match self {
            Side::Human => "human",
            Side::Computer => "computer",
        }
    }
}

/// What one prompt to the human came to.
enum Turn<G> {
    /// The human moved to this position.
    Moved(G),
    /// The human asked for something (help, a hint) or typed an illegal move: ask again.
    Again,
    /// The human quit.
    Quit,
}

/// The computer's move: a winning move when there is one, else the quiet move. Returns the new
/// position.
fn computer_turn<G: Theory>(position: &G, output: &mut dyn Write) -> io::Result<G> {
    let quiet = || position.quiet_move().expect("the position has a move");
    let (mv, why) = match position.winning_moves(1) {
        Ok(moves) if !moves.listed.is_empty() => {
            let winning = &moves.listed[0];
            (
                winning.mv.clone(),
                format!("a winning move: {}", winning.reason),
            )
        }
        Ok(_) => (
            quiet(),
            "every move loses; playing the quiet move".to_string(),
        ),
        Err(error) => (
            quiet(),
            format!("beyond analysis ({error}); playing the quiet move"),
        ),
    };
    writeln!(
        output,
        "computer plays {} ({why})",
        position.format_move(&mv)
    )?;
    Ok(position.play(&mv))
}

/// Prompts the human once and acts on the answer.
fn human_turn<G: Theory>(
    position: &G,
    move_help: &str,
    parse: &dyn Fn(&str) -> Result<G, InputError>,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<Turn<G>> {
    writeln!(output, "position: {position}")?;
    write!(output, "> ")?;
    output.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        writeln!(output)?;
        writeln!(output, "quit")?;
        return Ok(Turn::Quit);
    }
    match line.trim() {
        "" => {}
        "quit" | "exit" => {
            writeln!(output, "quit")?;
            return Ok(Turn::Quit);
        }
        "help" | "?" => write_help(move_help, output)?,
        "hint" => write_hint(position, output)?,
        "moves" => write_moves(position, output)?,
        entry => match chosen_move(position, entry, parse) {
            Ok(mv) => return Ok(Turn::Moved(position.play(&mv))),
            Err(message) => writeln!(output, "illegal: {message} (type `help` for the notation)")?,
        },
    }
    Ok(Turn::Again)
}

/// The move the human (or a program, in `grundy interact`) meant: a move in the game's notation,
/// or the position to move to.
pub(crate) fn chosen_move<G: Theory, E>(
    position: &G,
    entry: &str,
    parse: &dyn Fn(&str) -> Result<G, E>,
) -> Result<G::Move, String> {
    position
        .parse_move(entry)
        .or_else(|move_error| match parse(entry) {
            Ok(target) => position
                .move_to(&target)
                .ok_or_else(|| format!("`{target}` cannot be reached in one move from here")),
            Err(_) => Err(move_error),
        })
}

fn write_help(move_help: &str, output: &mut dyn Write) -> io::Result<()> {
    writeln!(output, "moves: {move_help}")?;
    writeln!(
        output,
        "you may also type the position you want to move to; or `hint`, `moves`, `help`, \
         `quit`.\nthe computer plays a winning move when one exists, otherwise the quiet move \
         (the smallest legal change)."
    )
}

fn write_hint<G: Theory>(position: &G, output: &mut dyn Write) -> io::Result<()> {
    match position.winning_moves(MOVES_SHOWN) {
        Ok(moves) if moves.total == 0 => {
            writeln!(output, "hint: no winning move; every move loses")
        }
        Ok(moves) => {
            let shown: Vec<String> = moves
                .listed
                .iter()
                .map(|m| position.format_move(&m.mv))
                .collect();
            let more = moves.total - moves.listed.len() as u128;
            write!(output, "hint: winning moves: {}", shown.join(" "))?;
            if more > 0 {
                write!(output, " … and {more} more")?;
            }
            writeln!(output)
        }
        Err(error) => writeln!(output, "hint: unavailable: {error}"),
    }
}

fn write_moves<G: Theory>(position: &G, output: &mut dyn Write) -> io::Result<()> {
    let (moves, more) = position.some_moves(MOVES_SHOWN);
    let shown: Vec<String> = moves.iter().map(|mv| position.format_move(mv)).collect();
    write!(output, "legal moves: {}", shown.join(" "))?;
    if more {
        write!(output, " … and more")?;
    }
    writeln!(output)
}
