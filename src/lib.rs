//! # grundy — a toolkit for impartial combinatorial games
//!
//! Impartial games are those where both players have the same moves; under normal play whoever
//! cannot move loses. grundy solves six classic contest games in their judges' formats, analyses
//! any position (winner, Grundy value, every winning move), checks its fast theory against an
//! exhaustive search, and plays a perfect game.
//!
//! The library reads like a book:
//!
//! Dependencies point one way, from the bottom of this list to the top, and never back:
//!
//! * [`core`] — nimbers, `mex`, nim-sum, the [`ImpartialGame`] trait and
//!   the generic [`ExhaustiveSolver`], the referee of everything else.
//! * [`nimber_field`] — the nimbers below 2^64 as a field: nim-product, inverse, square root,
//!   the discrete logarithm (the values of the two-dimensional coin-turning games).
//! * [`notation`] and [`theory`] — how a game's positions and moves are written, and its fast
//!   theory (who wins, the value, every winning move).
//! * [`games`] — one module per game, each opening with its rules, source and theory.
//! * [`engine`] — the table engine: G(0), G(1), … of a compiled heap rule (sparse and dense
//!   pair scans, the ring mode), its period proofs and its progress; it knows only the rule value.
//! * [`families`] — heap games named at run time: take-and-break codes, subtraction games,
//!   Grundy's game.
//! * [`scanner`] and [`judge`] — the shared token scanner (and its located [`InputError`](
//!   scanner::InputError)) and the judges' formats.
//! * [`analysis`], [`verify`], [`play`] — the three things grundy does with any game.
//! * [`serve`] — `grundy serve`: the page and JSON API to play, analyse and chart in a browser.
//! * [`script`] — games from Rhai script files, and conjectures checked against exhaustive search.
//! * [`game`] — a game as a value ([`Game`]): what every command runs on; each fixed game's
//!   module builds its own.
//! * [`compound`] — the other ways to add games (conjunctive, continued, selective, shortened
//!   selective) and the remoteness and suspense that decide them.
//! * [`search`] — exhaustive search as a theory, for games with no fast theory (scripts).
//! * [`loopy`] — games that can return to a position: draws, Smith's γ values ∞(K), games on
//!   any directed graph (`graph:FILE`).
//! * [`contest`] — `grundy judge` and `grundy interact`: a contestant's program against exact
//!   answers (generated inputs, shrunk failures) and against a perfect jury.
//! * [`resolve`](mod@resolve) — on top of everything: the one place that turns a spelling into a
//!   game ([`resolve()`]).
//!
//! A position's theory, straight from a game's type:
//!
//! ```
//! use grundy::games::EndPiles;
//! use grundy::{Theory, Winner};
//!
//! let row: EndPiles = "3 1 9 4".parse().unwrap();
//! assert_eq!(row.winner().unwrap(), Winner::Second);
//! ```
//!
//! Any game by its spelling, as the command line does: a fixed game, a heap family, a script.
//!
//! ```
//! let kayles = grundy::resolve("kayles").unwrap();
//! let moves = kayles.moves("3 5 7", 100).unwrap();
//! assert_eq!(moves.grundy, Some(5));
//! let winning: Vec<&str> = moves
//!     .moves
//!     .iter()
//!     .filter(|mv| mv.wins == Some(true))
//!     .map(|mv| mv.to.as_str())
//!     .collect();
//! assert_eq!(winning, ["3 4 7"]);
//! ```
//!
//! Features (all on by default, for the binary): `cli` (the command line's own crates), `serve`
//! (the page and its API), `script` (Rhai script games), `plot` (charts), `contest` (running
//! contestants' programs for `judge` and `interact`; Unix only). With
//! `default-features = false` the library builds the games, the families, the theory and the
//! solvers alone.

#![warn(missing_docs)]

pub use core::{ExhaustiveSolver, ImpartialGame, Nimber, Winner, mex, nim_sum};
pub use game::{
    Capabilities, Game, GameError, GameInfo, MoveOutcome, PositionMoves, VerifyRequest,
};
pub use report::AnalysisReport;
pub use resolve::{ResolveError, resolve};
pub use theory::{AnalysisError, Notation, Theory, WinningMove, WinningMoves};

pub mod analysis;
pub mod compound;
#[cfg(feature = "contest")]
pub mod contest;
pub mod core;
pub mod engine;
pub mod enumerate;
pub mod families;
pub mod game;
pub mod games;
pub mod judge;
pub mod loopy;
pub mod misere;
pub mod nimber_field;
pub mod notation;
pub mod play;
pub mod report;
pub mod resolve;
pub mod scanner;
#[cfg(feature = "script")]
pub mod script;
pub mod search;
#[cfg(feature = "serve")]
pub mod serve;
pub mod theory;
pub mod verify;
