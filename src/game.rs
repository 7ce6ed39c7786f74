//! Games as values: the [`Game`] trait that every command runs on, and [`Entry`], the one
//! implementation of it for any position type with a theory.
//!
//! A [`Game`] owns everything about itself: its name and notation ([`GameInfo`]), how its
//! positions are read, its rules and theory (through its position type), its small positions for
//! `verify`, its judge formats, and (for sums of heaps) the heap game behind it. The fixed games
//! build theirs in their own modules (`end_piles::game()`, …); the heap families' is
//! [`heap_game`](crate::games::heap_family::heap_game); script games' are in [`crate::script`]. Which spelling names which game is the
//! resolver's business ([`crate::resolve`](mod@crate::resolve)), above everything here.
//!
//! Adding a fixed game: write its module (a position type implementing
//! [`ImpartialGame`](crate::core::ImpartialGame) and [`Theory`], with `FromStr`/`Display` for its
//! notation), end it with a `game()` that fills an [`Entry`] (description, parser, small
//! positions, judge formats), and add that one call to the resolver's list.

pub mod compound_kind;

use crate::analysis::analyze;
use crate::core::{Play, Winner};
use crate::families::FamilyError;
use crate::families::heaps::HeapGame;
use crate::judge::Format;
use crate::misere::{Misere, MisereTheory};
use crate::play::{Ending, Side, play};
use crate::scanner::InputError;
use crate::theory::{AnalysisError, Theory};
use crate::verify::{Report, Verdict, cross_check, progress_bar, theory_check};
use compound_kind::Compound;
use serde::Serialize;
use std::io::{self, BufRead, Write};
use std::sync::Arc;

/// What `grundy list` says about a game.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The command-line name (a family game's canonical spelling, `0.77` for `kayles`).
    pub name: String,
    /// The rules in a line.
    pub rules: String,
    /// The position notation, with an example.
    pub position: String,
    /// The move notation, with an example.
    pub moves: String,
    /// The source problem(s).
    pub source: String,
    /// What `verify --size S` bounds, and the default S.
    pub verify_size: String,
    /// The numbers the game accepts: every position reachable from one of them is computed
    /// exactly, and any other is refused when read (each game module's `DOMAIN`).
    pub domain: String,
}

/// Anything that can go wrong when a command runs on a game, by kind, so that a caller (the
/// command line, the server) can answer each kind as it should.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// A malformed position, or one outside the game's domain (located in the text).
    #[error("position: {0}")]
    Position(#[from] InputError),
    /// A position the theory or the search cannot analyse: too large, or the rules failed.
    #[error("{0}")]
    Analysis(#[from] AnalysisError),
    /// A `verify --size` above the game's largest.
    #[error("--size {size} is too large for {game} (at most {max}: {meaning})")]
    SizeTooLarge {
        /// The game.
        game: String,
        /// The size asked for.
        size: u64,
        /// The largest size accepted.
        max: u64,
        /// What the size bounds.
        meaning: String,
    },
    /// The command does not apply to this game (`--from` on a fixed game, `verify` on a script
    /// without a conjecture, …); the message says what would.
    #[error("{0}")]
    Unsupported(String),
    /// A script failed (to load, or in one of its functions).
    #[error("{0}")]
    Script(String),
    /// A heap game's values could not be computed (too large, or its script rule failed).
    #[error("{0}")]
    Family(#[from] FamilyError),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A move that is malformed or not legal in the position.
    #[error("illegal move: {0}")]
    IllegalMove(String),
}

/// One legal move of a position, for a page or a program: its notation, the position it leads
/// to, and whether it wins (leaves a position lost for the opponent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveOutcome {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// The position it leads to.
    pub to: String,
    /// Whether the move wins; `None` when the theory cannot tell for that position.
    pub wins: Option<bool>,
}

/// A position with every legal move (up to a limit), each marked winning or losing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionMoves {
    /// The position, in canonical notation.
    pub position: String,
    /// Who wins with perfect play.
    pub winner: Winner,
    /// The Grundy value, where the theory gives one.
    pub grundy: Option<u64>,
    /// The legal moves, at most the limit asked for.
    pub moves: Vec<MoveOutcome>,
    /// Whether there are legal moves beyond those listed.
    pub more: bool,
    /// How many legal moves the position has, when at most [`MOVES_COUNTED`] (counted without
    /// analysing them); `None` beyond.
    pub legal: Option<u64>,
}

/// The most legal moves [`PositionMoves::legal`] counts.
pub const MOVES_COUNTED: usize = 100_000;

/// A game: everything the commands need, whatever its position type.
pub trait Game: Send + Sync {
    /// Its description.
    fn info(&self) -> &GameInfo;

    /// Its judge formats (the first is the default); empty for games without a judge.
    fn formats(&self) -> &[Format] {
        &[]
    }

    /// The heap game behind it, for games that are sums of heaps (`table` works on those).
    fn heap_game(&self) -> Option<&HeapGame> {
        None
    }

    /// Analyses a position given in the game's notation and writes the report (JSON or text) to
    /// `out`; nothing is written unless the position parses and the theory can analyse it.
    fn analyze(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError>;

    /// Every legal move of a position (at most `limit`), each marked winning or losing.
    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError>;

    /// The move a perfect player makes: a winning move if there is one, else the quiet move;
    /// `None` when there is no legal move.
    fn computer_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError>;

    /// Plays `entry` — a move in the game's notation, or the position to move to — from
    /// `position`; a malformed or illegal entry is [`GameError::IllegalMove`].
    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError>;

    /// Runs the theory against exhaustive search on every position up to `size`; refuses sizes
    /// above the game's maximum (whose position counts would not fit in memory).
    fn verify(&self, size: Option<u64>) -> Result<Vec<Report>, GameError>;

    /// Runs the game's conjecture against exhaustive search on `position` and every position
    /// reachable from it (script games; others have no conjecture to check).
    fn verify_from(&self, position: &str) -> Result<Vec<Report>, GameError>;

    /// The same game under misère play (the player who cannot move wins), or why there is none.
    fn misere(self: Box<Self>) -> Result<Box<dyn Game>, GameError> {
        Err(GameError::Unsupported(format!(
            "{} has no misère version here",
            self.info().name
        )))
    }

    /// Plays a game against a person.
    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError>;

    /// The game of the compound `kind` of this game's components ([`crate::compound`]), for a
    /// game whose positions are rows of components (heaps, piles, boxes); any other game
    /// refuses with the reason. (The disjunctive compound is the game itself:
    /// [`compound_of`] answers it without asking.)
    fn compound(self: Box<Self>, kind: Compound) -> Result<Box<dyn Game>, GameError> {
        Err(not_rows(&self.info().name, kind))
    }

    /// Writes `analyze --remoteness`: R of a position and of every move's result (for a
    /// conjunctive or continued compound, the number that decides it); games whose R is not
    /// computed refuse with the reason.
    fn analyze_remoteness(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError> {
        let _ = (position, limit, json, out);
        Err(no_remoteness(&self.info().name))
    }

    /// For a game of tokens on a directed graph with at most `max_vertices` vertices and
    /// `max_edges` distinct edges: the graph and each vertex's value, for the page to draw.
    /// Every other game (and a larger graph) answers `None`.
    fn graph_picture(&self, max_vertices: usize, max_edges: usize) -> Option<GraphPicture> {
        let _ = (max_vertices, max_edges);
        None
    }
}

/// A game graph as the page draws it: vertices `1..=vertices`, the distinct edges `[u, v]`
/// (a move from u to v), and for one token on each vertex its value (γ, written) and winner.
#[derive(Debug, Clone, Serialize)]
pub struct GraphPicture {
    /// How many vertices (numbered from 1).
    pub vertices: usize,
    /// The distinct edges, each `[from, to]`.
    pub edges: Vec<[u32; 2]>,
    /// The value of one token on each vertex, as written in reports (`2`, `∞(0,1)`).
    pub gamma: Vec<String>,
    /// Who wins with one token on each vertex.
    pub winner: Vec<Winner>,
}

/// `game` played as the compound `kind` of its components: the game itself for the
/// disjunctive compound, else [`Game::compound`].
pub fn compound_of(game: Box<dyn Game>, kind: Compound) -> Result<Box<dyn Game>, GameError> {
    match kind {
        Compound::Disjunctive => Ok(game),
        _ => game.compound(kind),
    }
}

/// `game` under the play convention `play`, as the compound `kind` of its components: what
/// `--misere` and `--compound` ask for together (the command line and `grundy serve` build their
/// games here). The compounds are played under normal play: misère play of any compound but the
/// disjunctive one (the game itself, [`Game::misere`]) is refused.
pub fn played_compound(
    game: Box<dyn Game>,
    play: Play,
    kind: Compound,
) -> Result<Box<dyn Game>, GameError> {
    match (play, kind) {
        (Play::Normal, kind) => compound_of(game, kind),
        (Play::Misere, Compound::Disjunctive) => game.misere(),
        (Play::Misere, _) => Err(GameError::Unsupported(
            "--compound and --misere together are not implemented: the compounds are played \
             under normal play here"
                .to_string(),
        )),
    }
}

/// Why a game without components has no compound `kind`.
fn not_rows(name: &str, kind: Compound) -> GameError {
    GameError::Unsupported(format!(
        "{name} is not played as a row of components here, so it has no {kind} compound: \
         --compound works on the games whose positions are sums of components (heap games, \
         counters such as piles and boxes), under normal play"
    ))
}

/// Why a game without components has no remoteness report.
fn no_remoteness(name: &str) -> GameError {
    GameError::Unsupported(format!(
        "--remoteness works on games whose positions are rows of components (heap games, \
         counters) and on their conjunctive and continued compounds, under normal play; not on \
         {name}"
    ))
}

/// What [`crate::compound`] adds to a game whose positions are rows of components: the games
/// of its compounds and its remoteness. The game's builder sets it
/// ([`Entry::with_compounds`]); `crate::compound::game::compounds` makes it for any position
/// type with components.
pub struct Compounds<G: Theory + 'static> {
    /// The game of the compound of a kind (never the disjunctive one) of the entry's components.
    pub compound: fn(Entry<G>, Compound) -> Box<dyn Game>,
    /// `analyze --remoteness` on a position of the game itself.
    pub remoteness: RemotenessWriter<G>,
}

/// How a game's [`Compounds`] write `analyze --remoteness` (see [`Game::analyze_remoteness`]).
pub type RemotenessWriter<G> =
    fn(&Entry<G>, &str, usize, bool, &mut dyn Write) -> Result<(), GameError>;

/// A check of one position against the referee's verdict (see [`crate::verify`]).
pub type Check<G> = fn(&G, &Verdict<G>) -> Result<(), String>;

/// An extra check run by `verify` beside [`theory_check`], with the name of its report line.
pub type ExtraCheck<G> = (&'static str, Check<G>);

/// How a game reads a position.
type Parser<G> = Box<dyn Fn(&str) -> Result<G, InputError> + Send + Sync>;

/// How a game lists its small positions up to a size.
type Enumerator<G> = Box<dyn Fn(u64) -> Result<Vec<G>, GameError> + Send + Sync>;

/// A claim about a game's positions that `verify` checks against exhaustive search beside the
/// theory: a script's conjecture. The game's [`Entry`] holds it; each method answers `None` when
/// there is nothing to check (a script that states no conjecture).
pub trait Conjecture<G>: Send + Sync {
    /// The conjecture on the positions `verify --size` checks: its own list of positions if it
    /// has one, else the game's `small_positions`.
    fn verify(&self, size: u64, small_positions: &[G]) -> Result<Option<Report>, GameError>;

    /// The conjecture on `start` and every position reachable from it (`verify --from`).
    fn verify_from(&self, start: &G) -> Result<Report, GameError>;

    /// The claim about the same game under misère play that `verify --misere` checks (a
    /// script's `misere_is_lost`); `None` when there is none.
    fn misere(&self) -> Option<Box<dyn Conjecture<Misere<G>>>> {
        None
    }
}

/// A game whose positions are of type `G`.
pub struct Entry<G: Theory + 'static> {
    /// The description.
    pub info: GameInfo,
    /// Reads a position in the game's notation.
    pub parse: Parser<G>,
    /// Every small position up to a size.
    pub positions: Enumerator<G>,
    /// The default `--size`.
    pub default_size: u64,
    /// The largest `--size` accepted (the number of positions grows exponentially with it).
    pub max_size: u64,
    /// The default `--size` of `verify --misere`: misère play is refereed (and, for games
    /// without a misère theory, decided) by exhaustive misère search, slower than the normal
    /// theories, so its default is chosen per game to finish in seconds.
    pub misere_size: u64,
    /// Further checks, each reported on its own line.
    pub extra_checks: &'static [ExtraCheck<G>],
    /// The judge formats.
    pub formats: &'static [Format],
    /// The heap game, for sums of heaps.
    pub heap_game: Option<Arc<HeapGame>>,
    /// A claim checked after the theory (a script's conjecture).
    pub conjecture: Option<Box<dyn Conjecture<G>>>,
    /// How to make the same game under misère play ([`misere_entry`] for a position type with
    /// a misère theory); `None` when it has none.
    pub misere: Option<MisereMaker<G>>,
    /// Its compounds and remoteness, for a game whose positions are rows of components; `None`
    /// for any other.
    pub compounds: Option<Compounds<G>>,
}

/// How an [`Entry`] becomes the same game under misère play.
pub type MisereMaker<G> = fn(Entry<G>) -> Box<dyn Game>;

/// The game of `normal`'s positions, rules and notation played under misère play: the player
/// who cannot move wins. Its theory is the position type's [`MisereTheory`]; `verify` referees
/// it with the misère solver. (The judge formats and the normal-play extra checks stay with the
/// normal game.)
pub fn misere_entry<G: MisereTheory + Send + Sync + 'static>(normal: Entry<G>) -> Box<dyn Game> {
    let Entry {
        info,
        parse,
        positions,
        max_size,
        misere_size,
        heap_game,
        conjecture,
        ..
    } = normal;
    Box::new(Entry::<Misere<G>> {
        info: GameInfo {
            rules: format!(
                "{} Misère play: the player who cannot move wins.",
                info.rules
            ),
            verify_size: format!(
                "{}; under misère play the default is {misere_size}",
                info.verify_size
            ),
            ..info
        },
        parse: Box::new(move |text: &str| parse(text).map(Misere)),
        positions: Box::new(move |size| Ok(positions(size)?.into_iter().map(Misere).collect())),
        default_size: misere_size,
        max_size,
        misere_size,
        extra_checks: &[],
        formats: &[],
        heap_game,
        conjecture: conjecture.and_then(|conjecture| conjecture.misere()),
        misere: None,
        compounds: None,
    })
}

impl<G: MisereTheory + Send + Sync + 'static> Entry<G> {
    /// A fixed game (played under misère play through its [`MisereTheory`]): its description, how it reads a position, its small positions up to a size,
    /// the default and largest `--size`, and its judge formats; no further checks, no heap game,
    /// no conjecture (set those fields after, where a game has them).
    pub fn fixed(
        info: GameInfo,
        parse: impl Fn(&str) -> Result<G, InputError> + Send + Sync + 'static,
        small_positions: impl Fn(u64) -> Vec<G> + Send + Sync + 'static,
        (default_size, max_size): (u64, u64),
        formats: &'static [Format],
    ) -> Self {
        Entry {
            info,
            parse: Box::new(parse),
            positions: Box::new(move |size| Ok(small_positions(size))),
            default_size,
            max_size,
            misere_size: default_size,
            extra_checks: &[],
            formats,
            heap_game: None,
            conjecture: None,
            misere: Some(misere_entry::<G>),
            compounds: None,
        }
    }

    /// The same entry with `size` as the default `--size` of `verify --misere`.
    pub fn with_misere_size(self, size: u64) -> Self {
        Entry {
            misere_size: size,
            ..self
        }
    }
}

impl<G: Theory + 'static> Entry<G> {
    /// The same entry played also as the compounds of its components ([`Compounds`]).
    pub fn with_compounds(self, compounds: Compounds<G>) -> Self {
        Entry {
            compounds: Some(compounds),
            ..self
        }
    }
}

/// The outcome of one move from `position`, by the theory.
fn outcome<G: Theory>(position: &G, mv: &G::Move) -> MoveOutcome {
    let next = position.play(mv);
    MoveOutcome {
        notation: position.format_move(mv),
        to: next.to_string(),
        wins: next.winner().ok().map(|winner| winner == Winner::Second),
    }
}

/// Writes the analysis of `parsed` (read from `text`) as text or JSON.
pub(crate) fn write_analysis<G: Theory>(
    name: &str,
    parsed: &G,
    text: &str,
    limit: usize,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), GameError> {
    let mut analysis = analyze(name, parsed, limit)?;
    let text = text.trim_matches(|c: char| c.is_ascii_whitespace());
    analysis.canonical_text = G::is_canonical_text(text).then_some(text);
    if json {
        analysis.write_json(out)?;
        out.write_all(b"\n")?;
    } else {
        analysis.write_text(out)?;
    }
    Ok(())
}

/// Every legal move of `parsed` (at most `limit`), each marked winning or losing.
pub(crate) fn position_moves<G: Theory>(
    parsed: &G,
    limit: usize,
) -> Result<PositionMoves, GameError> {
    let (moves, more) = parsed.some_moves(limit);
    let legal = if more {
        let (all, more) = parsed.some_moves(MOVES_COUNTED);
        (!more).then_some(all.len() as u64)
    } else {
        Some(moves.len() as u64)
    };
    Ok(PositionMoves {
        position: parsed.to_string(),
        winner: parsed.winner()?,
        grundy: parsed.grundy_value().map(|value| value.0),
        moves: moves.iter().map(|mv| outcome(parsed, mv)).collect(),
        more,
        legal,
    })
}

/// The move `entry` (a move in the notation, or the position to reach) from `parsed`.
pub(crate) fn chosen_outcome<G: Theory, E>(
    parsed: &G,
    entry: &str,
    parse: &dyn Fn(&str) -> Result<G, E>,
) -> Result<MoveOutcome, GameError> {
    let mv = crate::play::chosen_move(parsed, entry, parse).map_err(GameError::IllegalMove)?;
    Ok(outcome(parsed, &mv))
}

/// A perfect player's move from `parsed`: a winning move if any, else the quiet move.
pub(crate) fn best_move<G: Theory>(parsed: &G) -> Result<Option<MoveOutcome>, GameError> {
    let winning = parsed.winning_moves(1)?;
    let chosen = match winning.listed.into_iter().next() {
        Some(winning) => Some(winning.mv),
        None => parsed.quiet_move(),
    };
    Ok(chosen.map(|mv| outcome(parsed, &mv)))
}

impl<G: Theory + Send + Sync + 'static> Game for Entry<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn formats(&self) -> &[Format] {
        self.formats
    }

    fn heap_game(&self) -> Option<&HeapGame> {
        self.heap_game.as_deref()
    }

    fn analyze(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError> {
        let parsed: G = (self.parse)(position)?;
        write_analysis(&self.info.name, &parsed, position, limit, json, out)
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        position_moves(&(self.parse)(position)?, limit)
    }

    fn computer_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        best_move(&(self.parse)(position)?)
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        chosen_outcome(&(self.parse)(position)?, entry, &*self.parse)
    }

    fn verify(&self, size: Option<u64>) -> Result<Vec<Report>, GameError> {
        let size = size.unwrap_or(self.default_size);
        if size > self.max_size {
            return Err(GameError::SizeTooLarge {
                game: self.info.name.clone(),
                size,
                max: self.max_size,
                meaning: self.info.verify_size.clone(),
            });
        }
        let positions = (self.positions)(size)?;
        let name = self.info.name.as_str();
        let main_check: (&str, Check<G>) = (name, theory_check);
        let mut reports: Vec<Report> = std::iter::once(main_check)
            .chain(self.extra_checks.iter().copied())
            .map(|(name, check)| {
                cross_check(
                    name,
                    &positions,
                    check,
                    &progress_bar(name, positions.len()),
                )
            })
            .collect();
        if let Some(conjecture) = &self.conjecture {
            reports.extend(conjecture.verify(size, &positions)?);
        }
        Ok(reports)
    }

    fn verify_from(&self, position: &str) -> Result<Vec<Report>, GameError> {
        let Some(conjecture) = &self.conjecture else {
            return Err(GameError::Unsupported(format!(
                "--from works for script games, which may state a conjecture; {} has a built-in \
                 theory (use --size)",
                self.info.name
            )));
        };
        Ok(vec![conjecture.verify_from(&(self.parse)(position)?)?])
    }

    fn misere(self: Box<Self>) -> Result<Box<dyn Game>, GameError> {
        match self.misere {
            Some(make) => Ok(make(*self)),
            None => Err(GameError::Unsupported(format!(
                "{} is played under normal play only (as a misère game it is not implemented)",
                self.info.name
            ))),
        }
    }

    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError> {
        let position: G = (self.parse)(position)?;
        Ok(play(
            position,
            first,
            &self.info.moves,
            &*self.parse,
            input,
            output,
        )?)
    }

    fn compound(self: Box<Self>, kind: Compound) -> Result<Box<dyn Game>, GameError> {
        if kind == Compound::Disjunctive {
            return Ok(self);
        }
        match &self.compounds {
            Some(compounds) => Ok((compounds.compound)(*self, kind)),
            None => Err(not_rows(&self.info.name, kind)),
        }
    }

    fn analyze_remoteness(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError> {
        match &self.compounds {
            Some(compounds) => (compounds.remoteness)(self, position, limit, json, out),
            None => Err(no_remoteness(&self.info.name)),
        }
    }
}
