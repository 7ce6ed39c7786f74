//! # grundy — a toolkit for impartial combinatorial games
//!
//! Impartial games are those where both players have the same moves; under normal play whoever
//! cannot move loses. grundy solves six classic contest games in their judges' formats, analyses
//! any position (winner, Grundy value, every winning move), checks its fast theory against an
//! exhaustive search, and plays a perfect game.
//!
//! The library reads like a book. Dependencies point one way, from the top of this list
//! (the bottom layer) to the end, and never back (docs/architecture.md draws the layers;
//! `tests/layout.rs` checks them):
//!
//! * [`core`] — nimbers, `mex`, nim-sum, the [`ImpartialGame`] trait and the generic
//!   [`ExhaustiveSolver`], the referee of everything else.
//! * [`nimber_field`] — the nimbers below 2^64 as a field: nim-product, inverse, square root,
//!   the discrete logarithm (the values of the two-dimensional coin-turning games).
//! * [`scanner`], [`notation`], [`enumerate`] — the token scanner and its located
//!   [`InputError`](scanner::InputError); how positions and moves are written; small positions.
//! * [`theory`] — a game's fast theory (who wins, the value, every winning move).
//! * [`report`] — `analyze`'s reports as typed values, each both its text and its JSON.
//! * [`analysis`], [`play`], [`search`], [`judge`] — the report of a position, a perfect game,
//!   exhaustive search as a theory, the judges' formats and their generators.
//! * [`verify`] — a theory checked against exhaustive search.
//! * [`engine`] and [`misere`] — the table engine (G(0), G(1), … of a compiled heap rule, its
//!   period proofs, the ring mode); misère play, genus and quotients.
//! * [`misere_check`] — an independent checker of misère quotients, from the definitions.
//! * [`families`] — heap games named at run time: take-and-break codes, subtraction games,
//!   Grundy's game; `table` and `census`.
//! * [`game`] — a game as a value ([`Game`]): seven queries and its capabilities.
//! * [`compound`] — the other ways to add games (conjunctive, continued, selective, shortened
//!   selective) and the remoteness and suspense that decide them.
//! * [`games`] — one module per game, each opening with its rules, source and theory.
//! * [`script`] and [`loopy`] — games from Rhai scripts; games that can return to a position
//!   (draws, Smith's γ values ∞(K), games on any directed graph).
//! * [`contest`] and [`resolve`](mod@resolve) — `grundy judge` and `grundy interact`; the one
//!   place that turns a spelling into a game ([`resolve()`]).
//! * [`serve`] — `grundy serve`: the page and JSON API, on top of everything.
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
pub mod large_pages;
pub mod loopy;
pub mod misere;
pub mod misere_check;
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
