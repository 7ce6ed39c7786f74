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

use crate::analysis::analyze_text;
use crate::core::{Play, Winner};
use crate::families::FamilyError;
use crate::families::heaps::HeapGame;
use crate::judge::Format;
use crate::misere::{Misere, MisereTheory};
use crate::play::{Ending, Side, play};
use crate::report::AnalysisReport;
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
    #[error("size {size} is too large for {game} (at most {max}: {meaning})")]
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
    /// Verifying from a position asked of a game that has no conjecture to check (only script
    /// games state one); the game is checked on every small position up to a size instead.
    #[error(
        "verifying from a position works for script games, which may state a conjecture; {0} is \
         checked on every small position up to a size"
    )]
    NoConjecture(String),
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

/// What `verify` is asked to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyRequest {
    /// The theory against exhaustive search on every position up to a size (the game's default
    /// when `None`); sizes above the game's largest are refused.
    Size(Option<u64>),
    /// The game's conjecture on a position and every position reachable from it (script games;
    /// others have no conjecture to check).
    From(String),
}

/// A game: a few queries on positions given in its notation, whatever its position type, and
/// the optional capabilities it has ([`Capabilities`]).
pub trait Game: Send + Sync {
    /// Its description.
    fn info(&self) -> &GameInfo;

    /// The report of `analyze`: who wins the position, its value where the theory gives one,
    /// and its winning moves (at most `limit` listed, all counted).
    fn analyze(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError>;

    /// Every legal move of a position (at most `limit`), each marked winning or losing.
    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError>;

    /// The move a perfect player makes: a winning move if there is one, else the quiet move (a
    /// drawing one from a drawn position); `None` when there is no legal move.
    fn best_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError>;

    /// Plays `entry` — a move in the game's notation, or the position to move to — from
    /// `position`; a malformed or illegal entry is [`GameError::IllegalMove`].
    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError>;

    /// Checks the theory (or a script's conjecture) against exhaustive search.
    fn verify(&self, request: &VerifyRequest) -> Result<Vec<Report>, GameError>;

    /// What else the game offers: judge formats, its heap game, misère play, compounds and
    /// remoteness, a picture, a terminal session.
    fn capabilities(&self) -> Capabilities<'_>;
}

impl dyn Game + '_ {
    /// Its judge formats (the first is the default); empty for games without a judge.
    pub fn formats(&self) -> &[Format] {
        self.capabilities().formats
    }

    /// Its judge format of `dialect` (the default one for `None`).
    pub fn format(&self, dialect: Option<&str>) -> Option<Format> {
        self.formats()
            .iter()
            .find(|format| format.dialect == dialect)
            .copied()
    }

    /// The heap game behind it, for sums of heaps.
    pub fn heap_game(&self) -> Option<&HeapGame> {
        self.capabilities().heap_game
    }

    /// The same game under misère play, or why it has none (see [`variant`]).
    pub fn misere(&self) -> Result<Box<dyn Game>, GameError> {
        Ok(variant(self, Play::Misere, Compound::Disjunctive)?
            .expect("misère play is never the game itself"))
    }
}

/// What a game offers beyond the core queries, each part present only where the game has it.
#[derive(Clone, Copy, Default)]
pub struct Capabilities<'a> {
    /// Its judge formats (the first is the default); empty for games without a judge.
    pub formats: &'a [Format],
    /// The heap game behind it, for sums of heaps (`table` and `census` work on those).
    pub heap_game: Option<&'a HeapGame>,
    /// The same game under misère play.
    pub misere: Option<&'a dyn MisereVersion>,
    /// The other compounds of its components, and remoteness.
    pub compounds: Option<&'a dyn CompoundVersions>,
    /// A drawing of the game's graph, for a game of tokens on a directed graph.
    pub picture: Option<&'a dyn Picture>,
    /// A game against a person over a line protocol (`grundy play`).
    pub session: Option<&'a dyn Session>,
    /// Analyses whose search is saved to a file as it runs and resumed from it.
    pub resumable: Option<&'a dyn Resumable>,
    /// Censuses of its own positions (`grundy census GAME:KIND`).
    pub censuses: Option<&'a dyn Censuses>,
}

/// One census a game runs of its own positions, `grundy census GAME:KIND`.
#[derive(Clone, Copy, Debug)]
pub struct GameCensusInfo {
    /// Its spelling after `GAME:`.
    pub kind: &'static str,
    /// What its lines are.
    pub lists: &'static str,
    /// The default `--to` and the largest.
    pub to: (u32, u32),
    /// Whether `--max-memory` bounds its table (else it takes a fixed bound of its own).
    pub takes_max_memory: bool,
}

/// What `grundy census GAME:KIND` asks of the census.
#[derive(Clone, Copy, Debug)]
pub struct GameCensusRequest {
    /// How far it goes (within the kind's bounds).
    pub to: u32,
    /// The most memory its table may take, in bytes (`None`: the census's default); only for
    /// kinds that take `--max-memory`.
    pub max_memory: Option<u64>,
    /// Only the count line.
    pub count_only: bool,
    /// One JSON object a line.
    pub json: bool,
}

/// Why a game's census stopped.
#[derive(Debug, thiserror::Error)]
pub enum GameCensusError {
    /// It would need more memory than allowed.
    #[error("{0}")]
    TooLarge(String),
    /// Its output could not be written.
    #[error("cannot write output: {0}")]
    Io(#[from] std::io::Error),
    /// The game runs no census of that name.
    #[error("no census `{0}`")]
    Unknown(String),
}

/// A game that runs censuses of its own positions, its lines written as they are found.
pub trait Censuses: Send + Sync {
    /// The censuses it runs.
    fn kinds(&self) -> &'static [GameCensusInfo];

    /// Runs the census `kind` (one of [`Censuses::kinds`], `request.to` within its bounds),
    /// writing its lines to `out`; the number of lines found.
    fn run(
        &self,
        kind: &GameCensusInfo,
        request: &GameCensusRequest,
        out: &mut dyn std::io::Write,
    ) -> Result<u64, GameCensusError>;
}

/// `analyze --checkpoint`: where a long search saves what it knows, and how often.
pub struct CheckpointOptions {
    /// The file: read when it exists (the same position resumes), written every `every`, on
    /// `interrupt` and at the end.
    pub path: std::path::PathBuf,
    /// The time between two saves.
    pub every: std::time::Duration,
    /// Set (by Ctrl-C) to save and stop.
    pub interrupt: Option<Arc<std::sync::atomic::AtomicBool>>,
}

/// What an analysis with a checkpoint did.
pub struct ResumableRun {
    /// The report; `None` when the run was interrupted (what it knew saved first).
    pub report: Option<AnalysisReport>,
    /// What the run resumed from, as a line for the user; `None` when it started afresh.
    pub resumed: Option<String>,
}

/// The most GiB a long search's tables may be given ([`Resumable::set_max_memory`], the
/// command line's `--max-memory`): 2^20, a PiB.
pub const MOST_MEMORY_GIB: u64 = 1 << 20;

/// A number of GiB outside 1 to [`MOST_MEMORY_GIB`] given as a search's memory.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}: give a number of GiB from 1 to {MOST_MEMORY_GIB}")]
pub struct MemoryOutOfRange(pub u64);

/// The bytes of `gib` GiB, the memory a long search's tables may take (`--max-memory GIB`, in
/// Python `max_memory=GIB`): a whole number of GiB from 1 to [`MOST_MEMORY_GIB`].
pub fn max_memory_bytes(gib: u64) -> Result<u64, MemoryOutOfRange> {
    if (1..=MOST_MEMORY_GIB).contains(&gib) {
        Ok(gib << 30)
    } else {
        Err(MemoryOutOfRange(gib))
    }
}

/// A game whose analyses can save their search to a file as they run and resume from it.
pub trait Resumable: Send + Sync {
    /// The report of `analyze` (as [`Game::analyze`]), the search resumed from the checkpoint
    /// file when it exists and saved to it as `checkpoint` says; a file that is not this
    /// position's checkpoint, or cannot be read or written, is [`GameError::Io`].
    fn analyze_resumable(
        &self,
        position: &str,
        limit: usize,
        checkpoint: &CheckpointOptions,
    ) -> Result<ResumableRun, GameError>;

    /// Bounds the memory of the search's tables to about `bytes` for the searches that start
    /// from now on in this process (`analyze --max-memory`); what they forget to stay within it
    /// costs time, never exactness.
    fn set_max_memory(&self, bytes: u64);

    /// Makes the searches that start from now on in this process run on `threads` threads
    /// sharing one table (`analyze --threads`, at most [`MOST_THREADS`]): time saved, never a
    /// value changed.
    fn set_threads(&self, threads: usize);
}

/// The most threads a long search takes (`analyze --threads`).
pub const MOST_THREADS: usize = 64;

/// A game that has a misère version.
pub trait MisereVersion: Send + Sync {
    /// The same game under misère play (the player who cannot move wins).
    fn misere(&self) -> Result<Box<dyn Game>, GameError>;
}

/// A game whose positions are rows of components: the games of its compounds, and remoteness.
pub trait CompoundVersions: Send + Sync {
    /// The game of the compound `kind` of its components (never asked for the disjunctive one,
    /// which is the game itself: [`variant`] answers that).
    fn compound(&self, kind: Compound) -> Result<Box<dyn Game>, GameError>;

    /// `analyze --remoteness`: R of a position and of every move's result (for a conjunctive or
    /// continued compound, the number that decides it).
    fn remoteness(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError>;
}

/// A game that can draw itself for the page.
pub trait Picture: Send + Sync {
    /// The graph and each vertex's value, when it has at most `max_vertices` vertices and
    /// `max_edges` distinct edges; `None` past those.
    fn graph_picture(&self, max_vertices: usize, max_edges: usize) -> Option<GraphPicture>;
}

/// A game that can be played against a person at a terminal.
pub trait Session: Send + Sync {
    /// Plays a whole game from `position`, reading the person's lines from `input`.
    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError>;
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

/// The game `game` is under the play convention `play`, as the compound `kind` of its
/// components: `None` when that is `game` itself (normal play, the disjunctive compound), else
/// the variant its capabilities make — or why it has none. The compounds are played under normal
/// play: misère play of any compound but the disjunctive one is refused.
pub fn variant(
    game: &dyn Game,
    play: Play,
    kind: Compound,
) -> Result<Option<Box<dyn Game>>, GameError> {
    let name = &game.info().name;
    match (play, kind) {
        (Play::Normal, Compound::Disjunctive) => Ok(None),
        (Play::Normal, kind) => match game.capabilities().compounds {
            Some(compounds) => compounds.compound(kind).map(Some),
            None => Err(not_rows(name, kind)),
        },
        (Play::Misere, Compound::Disjunctive) => match game.capabilities().misere {
            Some(misere) => misere.misere().map(Some),
            None => Err(normal_only(name)),
        },
        (Play::Misere, _) => Err(GameError::Unsupported(
            "the compounds are played under normal play here: misère play of a compound other \
             than the sum is not implemented"
                .to_string(),
        )),
    }
}

/// `game` under the play convention `play`, as the compound `kind` of its components (see
/// [`variant`]).
pub fn played_compound(
    game: Box<dyn Game>,
    play: Play,
    kind: Compound,
) -> Result<Box<dyn Game>, GameError> {
    Ok(variant(game.as_ref(), play, kind)?.unwrap_or(game))
}

/// `game` played as the compound `kind` of its components, under normal play (see
/// [`variant`]).
pub fn compound_of(game: Box<dyn Game>, kind: Compound) -> Result<Box<dyn Game>, GameError> {
    played_compound(game, Play::Normal, kind)
}

/// `analyze --remoteness` on `position` of `game`, or why the game has none.
pub fn remoteness(
    game: &dyn Game,
    position: &str,
    limit: usize,
) -> Result<AnalysisReport, GameError> {
    match game.capabilities().compounds {
        Some(compounds) => compounds.remoteness(position, limit),
        None => Err(no_remoteness(&game.info().name)),
    }
}

/// Why a game without a misère version has none.
fn normal_only(name: &str) -> GameError {
    GameError::Unsupported(format!(
        "{name} is played under normal play only (as a misère game it is not implemented)"
    ))
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
    pub compound: fn(&Entry<G>, Compound) -> Box<dyn Game>,
    /// `analyze --remoteness` on a position of the game itself.
    pub remoteness: RemotenessReporter<G>,
}

// Only function pointers: copied whatever `G` is (a derive would ask `G: Copy`).
impl<G: Theory + 'static> Clone for Compounds<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Theory + 'static> Copy for Compounds<G> {}

/// How a game's [`Compounds`] answer `analyze --remoteness` (see
/// [`CompoundVersions::remoteness`]).
pub type RemotenessReporter<G> = fn(&Entry<G>, &str, usize) -> Result<AnalysisReport, GameError>;

/// A check of one position against the referee's verdict (see [`crate::verify`]).
pub type Check<G> = fn(&G, &Verdict<G>) -> Result<(), String>;

/// An extra check run by `verify` beside [`theory_check`], with the name of its report line.
pub type ExtraCheck<G> = (&'static str, Check<G>);

/// How a game reads a position.
type Parser<G> = Arc<dyn Fn(&str) -> Result<G, InputError> + Send + Sync>;

/// How a game lists its small positions up to a size.
type Enumerator<G> = Arc<dyn Fn(u64) -> Result<Vec<G>, GameError> + Send + Sync>;

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
    pub conjecture: Option<Arc<dyn Conjecture<G>>>,
    /// How to make the same game under misère play ([`misere_entry`] for a position type with
    /// a misère theory); `None` when it has none.
    pub misere: Option<MisereMaker<G>>,
    /// Its compounds and remoteness, for a game whose positions are rows of components; `None`
    /// for any other.
    pub compounds: Option<Compounds<G>>,
    /// The censuses it runs of its own positions; `None` for most games.
    pub censuses: Option<&'static dyn Censuses>,
}

/// How an [`Entry`] becomes the same game under misère play.
pub type MisereMaker<G> = fn(&Entry<G>) -> Box<dyn Game>;

impl<G: Theory + 'static> Clone for Entry<G> {
    fn clone(&self) -> Self {
        Entry {
            info: self.info.clone(),
            parse: Arc::clone(&self.parse),
            positions: Arc::clone(&self.positions),
            default_size: self.default_size,
            max_size: self.max_size,
            misere_size: self.misere_size,
            extra_checks: self.extra_checks,
            formats: self.formats,
            heap_game: self.heap_game.clone(),
            conjecture: self.conjecture.clone(),
            misere: self.misere,
            compounds: self.compounds,
            censuses: self.censuses,
        }
    }
}

/// The game of `normal`'s positions, rules and notation played under misère play: the player
/// who cannot move wins. Its theory is the position type's [`MisereTheory`]; `verify` referees
/// it with the misère solver. (The judge formats and the normal-play extra checks stay with the
/// normal game.)
pub fn misere_entry<G: MisereTheory + Send + Sync + 'static>(normal: &Entry<G>) -> Box<dyn Game> {
    let Entry {
        info,
        parse,
        positions,
        max_size,
        misere_size,
        heap_game,
        conjecture,
        ..
    } = normal.clone();
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
        parse: Arc::new(move |text: &str| parse(text).map(Misere)),
        positions: Arc::new(move |size| Ok(positions(size)?.into_iter().map(Misere).collect())),
        default_size: misere_size,
        max_size,
        misere_size,
        extra_checks: &[],
        formats: &[],
        heap_game,
        conjecture: conjecture
            .and_then(|conjecture| conjecture.misere())
            .map(Arc::from),
        misere: None,
        compounds: None,
        censuses: None,
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
            parse: Arc::new(parse),
            positions: Arc::new(move |size| Ok(small_positions(size))),
            default_size,
            max_size,
            misere_size: default_size,
            extra_checks: &[],
            formats,
            heap_game: None,
            conjecture: None,
            misere: Some(misere_entry::<G>),
            compounds: None,
            censuses: None,
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

    /// The same entry with the censuses it runs of its own positions.
    pub fn with_censuses(self, censuses: &'static dyn Censuses) -> Self {
        Entry {
            censuses: Some(censuses),
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

/// The report of `analyze` on `parsed`, read from `text`.
pub(crate) fn position_report<G: Theory>(
    name: &str,
    parsed: &G,
    text: &str,
    limit: usize,
) -> Result<AnalysisReport, GameError> {
    Ok(analyze_text(name, parsed, Some(text), limit)?.into())
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

    fn analyze(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        let parsed: G = (self.parse)(position)?;
        position_report(&self.info.name, &parsed, position, limit)
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        position_moves(&(self.parse)(position)?, limit)
    }

    fn best_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        best_move(&(self.parse)(position)?)
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        chosen_outcome(&(self.parse)(position)?, entry, &*self.parse)
    }

    fn verify(&self, request: &VerifyRequest) -> Result<Vec<Report>, GameError> {
        let size = match request {
            VerifyRequest::Size(size) => size.unwrap_or(self.default_size),
            VerifyRequest::From(position) => {
                let Some(conjecture) = &self.conjecture else {
                    return Err(GameError::NoConjecture(self.info.name.clone()));
                };
                return Ok(vec![conjecture.verify_from(&(self.parse)(position)?)?]);
            }
        };
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

    fn capabilities(&self) -> Capabilities<'_> {
        Capabilities {
            formats: self.formats,
            heap_game: self.heap_game.as_deref(),
            misere: self.misere.is_some().then_some(self as &dyn MisereVersion),
            compounds: self
                .compounds
                .is_some()
                .then_some(self as &dyn CompoundVersions),
            picture: None,
            session: Some(self),
            resumable: None,
            censuses: self.censuses,
        }
    }
}

impl<G: Theory + Send + Sync + 'static> MisereVersion for Entry<G> {
    fn misere(&self) -> Result<Box<dyn Game>, GameError> {
        match self.misere {
            Some(make) => Ok(make(self)),
            None => Err(normal_only(&self.info.name)),
        }
    }
}

impl<G: Theory + Send + Sync + 'static> CompoundVersions for Entry<G> {
    fn compound(&self, kind: Compound) -> Result<Box<dyn Game>, GameError> {
        match &self.compounds {
            Some(compounds) if kind != Compound::Disjunctive => {
                Ok((compounds.compound)(self, kind))
            }
            Some(_) => Ok(Box::new(self.clone())),
            None => Err(not_rows(&self.info.name, kind)),
        }
    }

    fn remoteness(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        match &self.compounds {
            Some(compounds) => (compounds.remoteness)(self, position, limit),
            None => Err(no_remoteness(&self.info.name)),
        }
    }
}

impl<G: Theory + Send + Sync + 'static> Session for Entry<G> {
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
}
