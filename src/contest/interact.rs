//! `grundy interact`: an interactive jury that plays perfectly.
//!
//! The program plays a series of games against grundy, each from a position that the program's
//! side can win: the program moves first exactly when the position is won for the player to
//! move. grundy plays a winning move whenever it has one and otherwise the game's quiet move
//! (the smallest legal change, which keeps the game long); so the program wins every game if and
//! only if it never leaves grundy a winning position.
//!
//! A game that can return to a position ([`crate::loopy`]) may start from a **drawn** position
//! (the program moves first): the program must keep the draw — grundy plays a move that keeps
//! it, and wins as soon as the program lets it slip — and the game is a draw when a position
//! comes back a third time with the same side to move.
//!
//! Under normal play the player who cannot move loses; under **misère play** (`--misere`) the
//! player who cannot move wins, so the last mover loses. The jury is the same for both: it only
//! asks the game (the normal one, or its misère version from [`Game::misere`]) who wins a
//! position and which moves win, and at a position without moves it asks the game again who has
//! won — the player to move under misère play, the other under normal play. The protocol does
//! not change with the convention: the program is told the convention by the problem it solves,
//! and the report names it (`play`).
//!
//! # The protocol
//!
//! Everything is lines of text. grundy writes (to the program's standard input):
//!
//! | line | meaning |
//! |---|---|
//! | `games N` | first line: N games follow |
//! | `start you P` / `start grundy P` | a game begins at position `P`; `you` means the program moves first |
//! | `position P` | it is the program's turn, at position `P` |
//! | `grundy M` | grundy played move `M` |
//! | `result win` / `result loss` | the game is over: the program won / lost |
//! | `result draw` | the game is over, drawn: a position came back a third time with the same side to move |
//! | `result illegal` | the program's last line was not a legal move; the session ends |
//!
//! The program answers every `position` line with one line (to its standard output): a move in
//! the game's move notation (as `grundy list` shows it, e.g. `2-1=1+3` in Kayles), or the
//! position it moves to. Positions and moves are exactly as `grundy analyze` writes them. The
//! program must flush its output after each line. After the last game grundy closes the program's
//! input; the program should then exit.
//!
//! A stateless program can ignore every line but `position P` and `result …`; one that keeps
//! its own copy of the game can follow `start` and `grundy` lines instead.
//!
//! # Verdicts
//!
//! *Accepted* when the program wins every game (and draws every drawn start); *wrong answer* at the first lost game (reported
//! with the whole game and the program's first losing move) or at the first malformed or illegal
//! move (quoted, with the position); *time limit* when one answer takes longer than the limit;
//! *runtime error* when the program ends or closes its output before the games are over; *output
//! limit* for a line longer than [`LINE_LIMIT`] bytes. The program runs in its own process group
//! ([`super::runner`]), killed with its children when the session ends.

use super::judge::Verdict;
use super::runner::{NoLine, Program, Session, SpawnError};
use crate::core::{Play, Winner};
use crate::game::compound_kind::Compound;
use crate::game::{Game, GameError, variant};
use crate::judge::rng::Rng;
use crate::judge::small_row;
use serde::Serialize;
use std::collections::{BTreeSet, HashMap};
use std::io::{self, Write};
use std::time::Duration;

/// The longest line the program may write.
pub const LINE_LIMIT: usize = 1 << 20;

/// What an interactive session may do.
#[derive(Copy, Clone, Debug)]
pub struct InteractOptions {
    /// How many games (with random starting positions; ignored when a position is given).
    pub games: usize,
    /// The most time one answer of the program may take.
    pub time_limit: Duration,
    /// The seed of the starting positions.
    pub seed: u64,
    /// The play convention of the game played (the game itself decides who has won; this names
    /// it in the report).
    pub play: Play,
    /// The compound of the game's components played, when not the disjunctive sum (the game
    /// itself plays it; this names it in the report).
    pub compound: Option<Compound>,
}

/// Who made a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Player {
    /// The program under test.
    Program,
    /// grundy.
    Grundy,
}

/// One move of a recorded game.
#[derive(Clone, Debug, Serialize)]
pub struct RecordedMove {
    /// Who moved.
    pub by: Player,
    /// The move, in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position it led to.
    pub to: String,
}

/// A game as it was played.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// The starting position.
    pub start: String,
    /// Who moved first.
    pub first: Player,
    /// The moves, in order.
    pub moves: Vec<RecordedMove>,
}

/// The report of a session.
#[derive(Clone, Debug, Serialize)]
pub struct InteractReport {
    /// The game.
    pub game: String,
    /// The play convention: `normal` or `misere`.
    pub play: Play,
    /// The compound of the components played, when not the disjunctive sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compound: Option<Compound>,
    /// The verdict.
    pub verdict: Verdict,
    /// Games the program won.
    pub won: usize,
    /// Games drawn (from drawn starts, which the program kept drawn).
    pub drawn: usize,
    /// Games in the session.
    pub games: usize,
    /// The seed of the starting positions.
    pub seed: u64,
    /// What went wrong, in a line.
    pub detail: Option<String>,
    /// The game that went wrong, as far as it was played.
    pub record: Option<GameRecord>,
    /// The program's first move that left grundy a winning position, in the failing game.
    pub first_mistake: Option<String>,
    /// The end of the program's standard error.
    pub stderr: Option<String>,
}

/// Why a session could not be held at all.
#[derive(Debug, thiserror::Error)]
pub enum InteractError {
    /// The program cannot be started.
    #[error(transparent)]
    Spawn(#[from] SpawnError),
    /// The given position, or the theory on one, failed.
    #[error(transparent)]
    Game(#[from] GameError),
    /// grundy cannot invent positions of this game.
    #[error(
        "{0}: give a starting POSITION (grundy generates positions for the fixed games and the heap games only)"
    )]
    NoPositions(String),
    /// A compound in which no starting position has a move.
    #[error("no starting position with a move in the {0} compound")]
    NoPlayableStart(Compound),
}

/// The most games one session plays.
pub const MOST_GAMES: usize = 10_000;

/// A session of `grundy interact` on `normal` (the game as resolved, under normal play): the
/// starting positions (`position`, or `options.games` drawn with `options.seed` when it is
/// blank), the game played (`normal`'s misère or compound version, as `options` say, made
/// from it), then [`interact`]. The command line and Python both run it.
pub fn session(
    normal: &dyn Game,
    position: &str,
    program: &Program,
    options: &InteractOptions,
) -> Result<InteractReport, InteractError> {
    if options.games == 0 || options.games > MOST_GAMES {
        return Err(InteractError::Game(GameError::Unsupported(format!(
            "the number of games must be from 1 to {MOST_GAMES}"
        ))));
    }
    let kind = options.compound.unwrap_or(Compound::Disjunctive);
    let played = variant(normal, options.play, kind)?;
    let game = played.as_deref().unwrap_or(normal);
    // The starting positions are drawn from the game's positions (the same under both
    // conventions), by the normal game, which knows the shape of its positions; for a
    // compound, more of them, as some have an ended component (a full box) and are over.
    let drawn = match options.compound {
        Some(_) => options.games.saturating_mul(8),
        None => options.games,
    };
    let starts = if position.trim().is_empty() {
        starting_positions(normal, drawn, options.seed)?
    } else {
        vec![position.to_string()]
    };
    let starts = match options.compound {
        Some(kind) => {
            let mut starts = playable_starts(game, &starts)?;
            starts.truncate(options.games);
            if starts.is_empty() {
                return Err(InteractError::NoPlayableStart(kind));
            }
            starts
        }
        None => starts,
    };
    interact(game, &starts, program, options)
}

/// Starting positions for `count` games of `game`: random small positions with at least one move,
/// distinct, in the game's notation (fewer when the game has fewer such positions).
pub fn starting_positions(
    game: &dyn Game,
    count: usize,
    seed: u64,
) -> Result<Vec<String>, InteractError> {
    let mut rng = Rng::new(seed);
    let mut seen = BTreeSet::new();
    let mut positions = Vec::new();
    // A heap game's positions are heaps; any other game draws its own, by the generators its
    // formats hold (each of its formats holds the same positions).
    let generators = match game.formats().first() {
        _ if game.heap_game().is_some() => None,
        Some(format) => Some(format.shape.generators),
        None => return Err(InteractError::NoPositions(game.info().name.clone())),
    };
    for _ in 0..count.saturating_mul(50).max(100) {
        if positions.len() >= count {
            break;
        }
        let text = match generators {
            Some(generators) => generators.position(&mut rng),
            None => random_heaps(&mut rng),
        };
        let moves = game.moves(&text, 1)?;
        if moves.moves.is_empty() || !seen.insert(moves.position.clone()) {
            continue;
        }
        positions.push(moves.position);
    }
    Ok(positions)
}

/// The starts of `starts` (positions of the game `game` is built on: a compound's game) from
/// which `game` has a move, in its notation: a start of a conjunctive compound with an ended
/// component (a full box) is over before it begins.
pub fn playable_starts(game: &dyn Game, starts: &[String]) -> Result<Vec<String>, InteractError> {
    let mut seen = BTreeSet::new();
    let mut playable = Vec::new();
    for start in starts {
        let moves = game.moves(start, 1)?;
        if !moves.moves.is_empty() && seen.insert(moves.position.clone()) {
            playable.push(moves.position);
        }
    }
    Ok(playable)
}

/// A random small position of a heap game: two to four heaps of up to 12.
fn random_heaps(rng: &mut Rng) -> String {
    small_row(rng, |rng| rng.between(1, 12).to_string())
}

/// How one game went.
enum GameEnd {
    Won,
    /// A drawn start kept drawn.
    Drawn,
    Failed {
        verdict: Verdict,
        detail: String,
    },
}

/// Plays the games from `starts` against `program`.
pub fn interact(
    game: &dyn Game,
    starts: &[String],
    program: &Program,
    options: &InteractOptions,
) -> Result<InteractReport, InteractError> {
    let mut session = Session::start(program, LINE_LIMIT)?;
    let mut report = InteractReport {
        game: game.info().name.clone(),
        play: options.play,
        compound: options.compound,
        verdict: Verdict::Accepted,
        won: 0,
        drawn: 0,
        games: starts.len(),
        seed: options.seed,
        detail: None,
        record: None,
        first_mistake: None,
        stderr: None,
    };
    session.send(&format!("games {}", starts.len()));
    for start in starts {
        let mut record = GameRecord {
            start: String::new(),
            first: Player::Program,
            moves: Vec::new(),
        };
        let mut first_mistake = None;
        match play_one(
            game,
            start,
            &mut session,
            options,
            &mut record,
            &mut first_mistake,
        )? {
            GameEnd::Won => report.won += 1,
            GameEnd::Drawn => report.drawn += 1,
            GameEnd::Failed { verdict, detail } => {
                report.verdict = verdict;
                report.detail = Some(detail);
                report.record = Some(record);
                report.first_mistake = first_mistake;
                break;
            }
        }
    }
    // A program that lingers after its input is closed is killed; that is no failure. What it
    // writes to standard error as it ends is kept.
    let (_, tail) = session.finish_with_stderr(Duration::from_millis(500));
    report.stderr = Some(tail).filter(|tail| !tail.is_empty());
    Ok(report)
}

/// Plays one game from `start`, recording it.
fn play_one(
    game: &dyn Game,
    start: &str,
    session: &mut Session,
    options: &InteractOptions,
    record: &mut GameRecord,
    first_mistake: &mut Option<String>,
) -> Result<GameEnd, InteractError> {
    let opening = game.moves(start, 1)?;
    let mut position = opening.position;
    // The program moves first from a won start, and from a drawn one (which it must keep).
    let drawn_start = opening.winner == Winner::Draw;
    let mut program_to_move = opening.winner != Winner::Second;
    let mut seen: HashMap<(String, bool), u32> = HashMap::new();
    record.start = position.clone();
    record.first = if program_to_move {
        Player::Program
    } else {
        Player::Grundy
    };
    let first = if program_to_move { "you" } else { "grundy" };
    session.send(&format!("start {first} {position}"));
    loop {
        let times = seen.entry((position.clone(), program_to_move)).or_insert(0);
        *times += 1;
        if *times >= 3 {
            session.send("result draw");
            if drawn_start {
                return Ok(GameEnd::Drawn);
            }
            return Ok(GameEnd::Failed {
                verdict: Verdict::WrongAnswer,
                detail: format!(
                    "did not win a winnable game from {}: position {} came back a third time",
                    record.start,
                    shown(&position)
                ),
            });
        }
        let moves = game.moves(&position, 1)?;
        if moves.moves.is_empty() {
            // Nobody can move: the game says who has won (the player to move under misère
            // play, the other one under normal play).
            let mover_won = moves.winner == Winner::First;
            if program_to_move == mover_won {
                session.send("result win");
                return Ok(GameEnd::Won);
            }
            session.send("result loss");
            let first = if record.first == Player::Program {
                "the program"
            } else {
                "grundy"
            };
            let end = if program_to_move {
                format!("no move left at {}", shown(&position))
            } else {
                format!(
                    "the program made the last move, to {}, and under misère play the last \
                     mover loses",
                    shown(&position)
                )
            };
            return Ok(GameEnd::Failed {
                verdict: Verdict::WrongAnswer,
                detail: if drawn_start {
                    format!(
                        "let a drawn game slip from {} ({first} moves first): {end}",
                        record.start
                    )
                } else {
                    format!(
                        "lost a winnable game from {} ({first} moves first): {end}",
                        record.start
                    )
                },
            });
        }
        if program_to_move {
            session.send(&format!("position {position}"));
            let line = match session.receive(options.time_limit) {
                Ok(line) => line,
                Err(no_line) => return Ok(no_answer(no_line, &position, options)),
            };
            let entry = line.trim();
            let played = match game.play_move(&position, entry) {
                Ok(played) => played,
                Err(GameError::IllegalMove(why)) => {
                    session.send("result illegal");
                    return Ok(GameEnd::Failed {
                        verdict: Verdict::WrongAnswer,
                        detail: format!(
                            "illegal move `{}` at position {position}: {why}",
                            quoted(entry)
                        ),
                    });
                }
                Err(other) => return Err(other.into()),
            };
            // A mistake leaves grundy a won position (from a drawn start, a drawing move is
            // no mistake, though it does not win).
            let slipped = if drawn_start {
                game.moves(&played.to, 1)?.winner == Winner::First
            } else {
                played.wins == Some(false)
            };
            if slipped && first_mistake.is_none() {
                *first_mistake = Some(format!(
                    "at {position} the program played {}, leaving {} — a win for grundy",
                    played.notation,
                    shown(&played.to)
                ));
            }
            record.moves.push(RecordedMove {
                by: Player::Program,
                notation: played.notation,
                to: played.to.clone(),
            });
            position = played.to;
        } else {
            let Some(chosen) = game.best_move(&position)? else {
                unreachable!("a position with a legal move has a computer move");
            };
            session.send(&format!("grundy {}", chosen.notation));
            record.moves.push(RecordedMove {
                by: Player::Grundy,
                notation: chosen.notation,
                to: chosen.to.clone(),
            });
            position = chosen.to;
        }
        program_to_move = !program_to_move;
    }
}

/// A position as shown in a report: `(empty)` for the position without piles.
fn shown(position: &str) -> &str {
    if position.trim().is_empty() {
        "(empty)"
    } else {
        position
    }
}

/// An entry as quoted in a report: at most 200 characters.
fn quoted(entry: &str) -> String {
    if entry.chars().count() > 200 {
        format!("{}…", entry.chars().take(200).collect::<String>())
    } else {
        entry.to_string()
    }
}

/// The failure when the program gave no answer at `position`.
fn no_answer(no_line: NoLine, position: &str, options: &InteractOptions) -> GameEnd {
    let (verdict, detail) = match no_line {
        NoLine::TimeLimit => (
            Verdict::TimeLimit,
            format!(
                "no move within {:.3} s at position {position}",
                options.time_limit.as_secs_f64()
            ),
        ),
        NoLine::TooLong => (
            Verdict::OutputLimit,
            format!("a line longer than {LINE_LIMIT} bytes at position {position}"),
        ),
        NoLine::Closed(ending) => (
            Verdict::RuntimeError,
            match ending {
                Some(ending) => format!(
                    "the program ended ({}) before moving at position {position}",
                    ending.describe()
                ),
                None => {
                    format!("the program closed its output before moving at position {position}")
                }
            },
        ),
    };
    GameEnd::Failed { verdict, detail }
}

impl InteractReport {
    /// The report as text: one line when accepted; else the verdict, the game as played, the
    /// first losing move and the end of standard error.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let game = match (self.play, self.compound) {
            (Play::Misere, _) => format!("{} (misère play)", self.game),
            (Play::Normal, Some(kind)) => format!("{} ({kind} compound)", self.game),
            (Play::Normal, None) => self.game.clone(),
        };
        if self.verdict == Verdict::Accepted && self.drawn > 0 {
            return writeln!(
                out,
                "{game}: accepted, won {} and drew {} of {} games (seed {})",
                self.won, self.drawn, self.games, self.seed
            );
        }
        if self.verdict == Verdict::Accepted {
            return writeln!(
                out,
                "{game}: accepted, won {} of {} games (seed {})",
                self.won, self.games, self.seed
            );
        }
        writeln!(
            out,
            "{game}: {} in game {} of {} (won {} before; seed {})",
            self.verdict,
            self.won + self.drawn + 1,
            self.games,
            self.won,
            self.seed
        )?;
        if let Some(detail) = &self.detail {
            writeln!(out, "{detail}")?;
        }
        if let Some(record) = &self.record {
            let first = match record.first {
                Player::Program => "the program",
                Player::Grundy => "grundy",
            };
            writeln!(out, "game: start {} ({first} moves first)", record.start)?;
            for mv in &record.moves {
                let by = match mv.by {
                    Player::Program => "program",
                    Player::Grundy => "grundy ",
                };
                writeln!(out, "  {by} {:<12} -> {}", mv.notation, shown(&mv.to))?;
            }
        }
        if let Some(mistake) = &self.first_mistake {
            writeln!(out, "first losing move: {mistake}")?;
        }
        if let Some(stderr) = &self.stderr {
            writeln!(out, "stderr (the end):")?;
            for line in stderr.lines() {
                writeln!(out, "  {line}")?;
            }
        }
        Ok(())
    }
}
