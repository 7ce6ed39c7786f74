//! Games from script files: write the options of a position in a few lines of
//! [Rhai](https://rhai.rs), and every command works on the game — `analyze`, `play`, `verify`
//! (your conjecture against exhaustive search) and, for heap games, `table`.
//!
//! A game spelling that names a script file (`grundy analyze examples/games/cram.rhai 2x3`) loads
//! the game from it ([`load`]).
//!
//! # The script API
//!
//! A position is an **array of integers** (a list of heaps, the cells of a board, …). The script
//! defines functions; only the options are required, in one of two forms:
//!
//! * `fn options(p)` — the positions one move leads to, as an array of positions. The game's
//!   positions are then searched exhaustively ([`Searched`]), sharing one
//!   memo per session. If a position can repeat, the game has cycles: `analyze` then gives
//!   Smith's γ, draws included, over the positions reachable (at most
//!   [`cycles::CYCLIC_POSITION_LIMIT`]), and `verify --from` checks it against the
//!   win/lose/draw referee ([`cycles`]).
//! * `fn heap_options(n)` — the **heap form**: what one heap of n may become, as an array of
//!   heap lists (`[]` leaves nothing, `[a, b]` leaves two heaps). Every heap must be smaller
//!   than n. The game is then a heap game ([`HeapRule::Script`](crate::families::HeapRule)):
//!   positions are heap sizes, values are nim-sums of the heaps' values, `table` works.
//!
//! Optional:
//!
//! * `fn parse(text)` → position, and `fn show(p)` → string: the notation (default: integers
//!   separated by spaces). `parse` may `throw "message"` for a malformed position.
//! * `fn move_name(p, q)` → string: the name of the move from `p` to its option `q` (default:
//!   `q`'s notation in brackets). In `play`, typing the position to reach also works.
//! * `fn positions(size)` → array of positions: the small positions `verify` checks, smallest
//!   first.
//! * `fn grundy(p)` → integer, and/or `fn is_lost(p)` → bool: the conjecture `verify` checks.
//! * `fn misere_is_lost(p)` → bool: the misère conjecture `verify --misere` checks — whether the
//!   player to move loses under misère play (the player who cannot move wins) — against
//!   exhaustive misère search on every position `verify` lists; `()` claims nothing.
//! * `fn rules()` → string: the rules in a line, for `grundy list`-style descriptions.
//!
//! # Misère play
//!
//! `--misere` plays a script game under misère play. A game in the `options` form is decided by
//! exhaustive misère search ([`crate::misere::search`]): each position is first solved by the
//! normal search (so that a script error or a cycle is reported, never mistaken for a position
//! without moves), then searched with the terminal rule flipped. A heap-form game is a heap game
//! and gets the heap games' misère theory (misère quotients). Either form may state a misère
//! conjecture, `misere_is_lost(p)`.
//!
//! # Safety
//!
//! Scripts cannot touch files, the network or the environment; each call is limited in
//! operations, time, call depth and data size (the engine); errors name the file, line and
//! column.

pub mod cycles;
mod engine;
mod heap;
mod verify;

pub use engine::{Cells, Claim, Script};
pub use heap::{HeapLists, ScriptHeapRule, heap_script_game};

use crate::core::Winner;
use crate::game::{
    Capabilities, Game, GameError, GameInfo, MOVES_COUNTED, MisereVersion, MoveOutcome,
    PositionMoves, Session, VerifyRequest, best_move, chosen_outcome, position_moves,
    position_report,
};
use crate::misere::game::{analysis_error, search_winning_moves};
use crate::misere::search::{DEFAULT_MISERE_POSITIONS, MisereSearch};
use crate::misere::{Misere, MisereTheory};
use crate::play::{Ending, Side, play};
use crate::report::AnalysisReport;
use crate::scanner::{InputError, Location};
use crate::search::DEFAULT_POSITION_LIMIT;
use crate::search::{Rules, Search, SearchError, Searched};
use crate::theory::{AnalysisError, WinningMoves};
use crate::verify::Report;
use cycles::{CYCLIC_POSITION_LIMIT, CyclesError, Explored, explore};
use engine::show_integers;
use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;

/// What `grundy list` says about script games.
pub const SCRIPT_HELP: &str = "\
Script games: a Rhai file that defines `fn options(p)` (the positions one move leads to; a
position is an array of integers) or `fn heap_options(n)` (what one heap may become, as lists of
heaps), and optionally parse, show, move_name, positions(size), a conjecture grundy(p) or
is_lost(p), and a misère conjecture misere_is_lost(p) for --misere (see examples/games/ and the
README):
  grundy analyze examples/games/cram.rhai 3x4
  grundy verify examples/games/kayles.rhai          (the conjecture against exhaustive search)
  grundy verify examples/games/cram.rhai --from 2x4 (on everything reachable from a position)";

/// The game of the script at `path`: a heap game if it defines `heap_options`, else a game
/// searched exhaustively through `options`.
pub fn load(path: &Path) -> Result<Box<dyn Game>, String> {
    if path.extension().is_some_and(|ending| ending == "lua") {
        return Err(format!(
            "{}: grundy runs Rhai scripts (`.rhai`), not Lua (see the README: why Rhai)",
            path.display()
        ));
    }
    let script = Arc::new(Script::load(path)?);
    if script.defined().heap_options {
        Ok(heap_script_game(script))
    } else {
        Ok(Box::new(ScriptGame::new(script, DEFAULT_POSITION_LIMIT)))
    }
}

/// The rules of a script's `options` form, for the exhaustive search.
pub struct ScriptRules {
    script: Arc<Script>,
}

impl ScriptRules {
    /// The rules of `script` (which defines `options`).
    pub fn new(script: Arc<Script>) -> Self {
        ScriptRules { script }
    }
}

impl Rules for ScriptRules {
    type Position = Cells;

    fn options(&self, position: &Cells) -> Result<Vec<Cells>, String> {
        self.script.options(position)
    }

    fn show(&self, position: &Cells) -> String {
        self.script
            .show(position)
            .unwrap_or_else(|error| format!("{} (show failed: {error})", show_integers(position)))
    }

    fn move_name(&self, from: &Cells, to: &Cells) -> String {
        match self.script.move_name(from, to) {
            Some(Ok(name)) => name,
            Some(Err(error)) => format!("[{}] (move_name failed: {error})", self.show(to)),
            None => format!("[{}]", self.show(to)),
        }
    }

    fn costly_options(&self) -> bool {
        true
    }
}

/// The default `--size` of a script's `verify`.
pub const DEFAULT_SIZE: u64 = 6;

/// A script game in the `options` form, solved by exhaustive search.
#[derive(Clone)]
pub struct ScriptGame {
    info: GameInfo,
    script: Arc<Script>,
    search: Arc<Search<ScriptRules>>,
}

type Position = Searched<ScriptRules>;

impl ScriptGame {
    /// The game of `script`, storing at most `limit` positions.
    pub fn new(script: Arc<Script>, limit: usize) -> Self {
        let name = script.name().to_string();
        let defined = script.defined();
        let info = GameInfo {
            rules: script
                .rules()
                .unwrap_or_else(|| format!("the options(position) of {name}")),
            position: if defined.parse {
                format!("as parse(text) in {name} reads it")
            } else {
                "integers separated by spaces: `3 1 2`".to_string()
            },
            moves: if defined.move_name {
                format!("as move_name in {name} names them, or the position to reach")
            } else {
                "the position a move leads to: `[1 2]`, or `1 2`".to_string()
            },
            source: name.clone(),
            verify_size: format!(
                "the positions(S) of {name} (default {DEFAULT_SIZE}), or --from POSITION"
            ),
            domain: "positions are arrays of 64-bit integers, as the script's options make them; \
                     the search stores at most 10,000,000 positions"
                .to_string(),
            name,
        };
        let search = Arc::new(Search::new(
            Arc::new(ScriptRules::new(Arc::clone(&script))),
            limit,
        ));
        ScriptGame {
            info,
            script,
            search,
        }
    }

    /// Reads a position and solves it (so that its moves are known to compute).
    fn position(&self, text: &str) -> Result<Position, GameError> {
        let cells = self
            .script
            .parse(text)
            .map_err(|e| GameError::Script(format!("position: {e}")))?;
        let position = Searched::new(Arc::clone(&self.search), cells);
        position
            .value()
            .map_err(|e| GameError::Analysis(e.into()))?;
        Ok(position)
    }

    /// Reads a position and solves it: by the exhaustive search if the game from there is
    /// short, else (a position repeats) by γ over the positions reachable ([`cycles`]).
    fn solved(&self, text: &str) -> Result<Solved, GameError> {
        let cells = self
            .script
            .parse(text)
            .map_err(|e| GameError::Script(format!("position: {e}")))?;
        let position = Searched::new(Arc::clone(&self.search), cells.clone());
        match position.value() {
            Ok(_) => Ok(Solved::Short(position)),
            Err(SearchError::Cycle(_)) => {
                let rules = ScriptRules::new(Arc::clone(&self.script));
                match explore(&rules, cells, CYCLIC_POSITION_LIMIT) {
                    Ok(explored) => Ok(Solved::Cyclic(explored)),
                    Err(error @ CyclesError::TooLarge { .. }) => Err(GameError::Analysis(
                        AnalysisError::TooLarge(error.to_string()),
                    )),
                    Err(CyclesError::Rules(error)) => Err(GameError::Script(error)),
                }
            }
            Err(error) => Err(GameError::Analysis(error.into())),
        }
    }

    fn rules(&self) -> ScriptRules {
        ScriptRules::new(Arc::clone(&self.script))
    }

    /// A move of a position with cycles, as the page and `interact` see it.
    fn cyclic_outcome(&self, from: &Cells, to: &Cells, after: Winner) -> MoveOutcome {
        let rules = self.rules();
        MoveOutcome {
            notation: rules.move_name(from, to),
            to: rules.show(to),
            wins: Some(after == Winner::Second),
        }
    }

    /// Reads a position typed during `play` (unlike `position`, without solving it first).
    fn entered_position(&self, text: &str) -> Result<Position, InputError> {
        let cells = self
            .script
            .parse(text)
            .map_err(|e| InputError::new(Location::EndOfInput, e))?;
        Ok(Searched::new(Arc::clone(&self.search), cells))
    }

    fn has_conjecture(&self) -> bool {
        self.script.defined().grundy || self.script.defined().is_lost
    }

    /// The positions a misère `verify` checks: the script's `positions(size)`, or `start` and
    /// everything reachable from it; each solved by the normal search first, so that a script
    /// error or a cycle stops the check with its own message.
    fn misere_positions(
        &self,
        size: Option<u64>,
        start: Option<&str>,
    ) -> Result<Vec<Position>, GameError> {
        let script = &self.script;
        if !script.defined().misere_is_lost {
            return Err(GameError::Unsupported(format!(
                "{} defines no misère conjecture to verify: add `fn misere_is_lost(position)` \
                 (whether the player to move loses under misère play)",
                script.name()
            )));
        }
        let (search, cells) = match start {
            Some(text) => {
                let start = script
                    .parse(text)
                    .map_err(|e| GameError::Script(format!("position: {e}")))?;
                // A fresh search, so that every reachable position is recorded.
                let search = Arc::new(Search::new(
                    Arc::new(ScriptRules::new(Arc::clone(script))),
                    DEFAULT_POSITION_LIMIT,
                ));
                let mut reachable = Vec::new();
                search
                    .value_recording(&start, &mut reachable)
                    .map_err(|e| GameError::Script(e.to_string()))?;
                (search, reachable)
            }
            None => {
                if !script.defined().positions {
                    return Err(GameError::Unsupported(format!(
                        "{}: verify needs `fn positions(size)` in the script (the small positions \
                         to check), or --from POSITION (a position and everything reachable from \
                         it)",
                        script.name()
                    )));
                }
                let cells = script
                    .positions(size.unwrap_or(DEFAULT_SIZE))
                    .map_err(GameError::Script)?;
                (Arc::clone(&self.search), cells)
            }
        };
        cells
            .into_iter()
            .map(|cells| {
                let position = Searched::new(Arc::clone(&search), cells);
                position
                    .value()
                    .map_err(|e| GameError::Script(e.to_string()))?;
                Ok(position)
            })
            .collect()
    }

    /// The misère conjecture on `positions`, against exhaustive misère search.
    fn verify_misere(&self, positions: &[Position]) -> Result<Vec<Report>, GameError> {
        let claims = |position: &Position| self.script.misere_claim(position.position());
        let report = verify::check_misere_conjecture(self.script.name(), positions, &claims)
            .map_err(GameError::Script)?;
        Ok(vec![report])
    }

    fn no_conjecture(&self) -> String {
        format!(
            "{} defines no conjecture to verify: add `fn grundy(position)` (the value you \
             conjecture) or `fn is_lost(position)` (whether the player to move loses)",
            self.script.name()
        )
    }
}

/// The [`Game`] methods that a script game and its misère version share word for word: each
/// reads the position with the type's own `position` and hands it to the exhaustive solver.
macro_rules! searched_position_methods {
    () => {
        fn info(&self) -> &GameInfo {
            &self.info
        }

        fn analyze(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
            let parsed = self.position(position)?;
            position_report(&self.info.name, &parsed, position, limit)
        }

        fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
            position_moves(&self.position(position)?, limit)
        }

        fn best_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
            best_move(&self.position(position)?)
        }

        fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
            chosen_outcome(&self.position(position)?, entry, &|text| {
                self.position(text)
            })
        }
    };
}

/// A script game's position, solved.
enum Solved {
    /// The game from there is short: the exhaustive search's position.
    Short(Position),
    /// A position repeats: every position reachable, with γ.
    Cyclic(Explored<Cells>),
}

impl Game for ScriptGame {
    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn analyze(&self, position: &str, limit: usize) -> Result<AnalysisReport, GameError> {
        match self.solved(position)? {
            Solved::Short(parsed) => position_report(&self.info.name, &parsed, position, limit),
            Solved::Cyclic(explored) => {
                Ok(cycles::analysis(&self.info.name, &self.rules(), &explored, limit).into())
            }
        }
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        let explored = match self.solved(position)? {
            Solved::Short(parsed) => return position_moves(&parsed, limit),
            Solved::Cyclic(explored) => explored,
        };
        let start = &explored_start(&explored);
        let options = explored.options();
        let gamma = explored.gamma();
        Ok(PositionMoves {
            position: self.rules().show(start),
            winner: gamma.winner(),
            grundy: gamma.finite(),
            more: options.len() > limit,
            legal: (options.len() <= MOVES_COUNTED).then_some(options.len() as u64),
            moves: options
                .iter()
                .take(limit)
                .map(|&(to, after)| self.cyclic_outcome(start, to, after))
                .collect(),
        })
    }

    fn best_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        match self.solved(position)? {
            Solved::Short(parsed) => best_move(&parsed),
            Solved::Cyclic(explored) => {
                let start = explored_start(&explored);
                Ok(explored
                    .best()
                    .map(|(to, after)| self.cyclic_outcome(&start, to, after)))
            }
        }
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        let explored = match self.solved(position)? {
            Solved::Short(parsed) => {
                return chosen_outcome(&parsed, entry, &|text| self.position(text));
            }
            Solved::Cyclic(explored) => explored,
        };
        let start = explored_start(&explored);
        let rules = self.rules();
        let entry = entry.trim();
        let typed = self.script.parse(entry).ok();
        explored
            .options()
            .into_iter()
            .find(|&(to, _)| rules.move_name(&start, to) == entry || typed.as_ref() == Some(to))
            .map(|(to, after)| self.cyclic_outcome(&start, to, after))
            .ok_or_else(|| {
                GameError::IllegalMove(format!("`{entry}` is not a move of this position"))
            })
    }

    fn verify(&self, request: &VerifyRequest) -> Result<Vec<Report>, GameError> {
        let size = match request {
            VerifyRequest::Size(size) => *size,
            VerifyRequest::From(position) => return self.verify_from(position),
        };
        if !self.has_conjecture() {
            return Err(GameError::Unsupported(self.no_conjecture()));
        }
        if !self.script.defined().positions {
            return Err(GameError::Unsupported(format!(
                "{}: verify needs `fn positions(size)` in the script (the small positions to \
                 check), or --from POSITION (a position and everything reachable from it)",
                self.script.name()
            )));
        }
        let positions = self
            .script
            .positions(size.unwrap_or(DEFAULT_SIZE))
            .map_err(GameError::Script)?;
        let report = verify::check_conjecture(
            self.script.name(),
            &*self.search,
            &positions,
            &|position: &Cells| self.script.claims(position),
        )
        .map_err(GameError::Script)?;
        Ok(vec![report])
    }

    fn capabilities(&self) -> Capabilities<'_> {
        Capabilities {
            misere: Some(self),
            session: Some(self),
            ..Capabilities::default()
        }
    }
}

impl ScriptGame {
    /// The conjecture (or, with cycles, γ) on `position` and every position reachable from it.
    fn verify_from(&self, position: &str) -> Result<Vec<Report>, GameError> {
        // With cycles, γ itself is checked against the referee, conjecture or not.
        if let Solved::Cyclic(explored) = self.solved(position)? {
            let report = cycles::check(self.script.name(), &self.rules(), &explored, &|p| {
                self.script.claims(p)
            })
            .map_err(GameError::Script)?;
            return Ok(vec![report]);
        }
        if !self.has_conjecture() {
            return Err(GameError::Unsupported(self.no_conjecture()));
        }
        let start = self
            .script
            .parse(position)
            .map_err(|e| GameError::Script(format!("position: {e}")))?;
        // A fresh search, so that every reachable position is recorded (after its options).
        let search = Search::new(
            Arc::new(ScriptRules::new(Arc::clone(&self.script))),
            DEFAULT_POSITION_LIMIT,
        );
        let mut reachable = Vec::new();
        search
            .value_recording(&start, &mut reachable)
            .map_err(|e| GameError::Script(e.to_string()))?;
        let report = verify::check_conjecture(
            self.script.name(),
            &search,
            &reachable,
            &|position: &Cells| self.script.claims(position),
        )
        .map_err(GameError::Script)?;
        Ok(vec![report])
    }
}

impl MisereVersion for ScriptGame {
    fn misere(&self) -> Result<Box<dyn Game>, GameError> {
        let mut info = self.info.clone();
        info.rules = format!(
            "{} Misère play: the player who cannot move wins.",
            info.rules
        );
        Ok(Box::new(MisereScriptGame {
            info,
            normal: self.clone(),
        }))
    }
}

impl Session for ScriptGame {
    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError> {
        if let Solved::Cyclic(_) = self.solved(position)? {
            return Err(GameError::Unsupported(format!(
                "{}: this position can repeat; a script game with cycles is analysed (`analyze`, \
                 `verify --from`), not played",
                self.script.name()
            )));
        }
        let start = self.position(position)?;
        let parse = |text: &str| self.entered_position(text);
        Ok(play(start, first, &self.info.moves, &parse, input, output)?)
    }
}

/// The start of an explored graph (its first position).
fn explored_start(explored: &Explored<Cells>) -> Cells {
    explored.start().clone()
}

/// A script's positions are decided under misère play by exhaustive misère search, after the
/// normal search has solved them: a fresh search for each question, since two scripts' positions
/// with the same integers are equal (the thread's shared search is only for position types that
/// name their game).
impl MisereTheory for Searched<ScriptRules> {
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        MisereSearch::new(DEFAULT_MISERE_POSITIONS)
            .is_lost(self)
            .map_err(analysis_error)
    }

    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        search_winning_moves(self, limit).map_err(analysis_error)
    }
}

/// A script game in the `options` form under misère play: the same positions, rules and
/// notation, decided by exhaustive misère search; `verify` checks `misere_is_lost`.
pub struct MisereScriptGame {
    info: GameInfo,
    normal: ScriptGame,
}

impl MisereScriptGame {
    /// Reads a position and solves it by the normal search (so that a script error or a cycle
    /// is reported as such), as a misère position.
    fn position(&self, text: &str) -> Result<Misere<Position>, GameError> {
        self.normal.position(text).map(Misere)
    }
}

impl Game for MisereScriptGame {
    searched_position_methods!();

    fn verify(&self, request: &VerifyRequest) -> Result<Vec<Report>, GameError> {
        let positions = match request {
            VerifyRequest::Size(size) => self.normal.misere_positions(*size, None)?,
            VerifyRequest::From(position) => self.normal.misere_positions(None, Some(position))?,
        };
        self.normal.verify_misere(&positions)
    }

    fn capabilities(&self) -> Capabilities<'_> {
        Capabilities {
            session: Some(self),
            ..Capabilities::default()
        }
    }
}

impl Session for MisereScriptGame {
    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError> {
        let start = self.position(position)?;
        let parse = |text: &str| self.normal.entered_position(text).map(Misere);
        Ok(play(start, first, &self.info.moves, &parse, input, output)?)
    }
}
