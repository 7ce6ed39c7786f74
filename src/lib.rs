//! # grundy — a toolkit for impartial combinatorial games
//!
//! Impartial games are those where both players have the same moves; under normal play whoever
//! cannot move loses. grundy solves six classic contest games in their judges' formats, analyses
//! any position (winner, Grundy value, every winning move), checks its fast theory against an
//! exhaustive search, and plays a perfect game.
//!
//! The library reads like a book:
//!
//! * [`core`] — nimbers, `mex`, nim-sum, the [`ImpartialGame`](core::ImpartialGame) trait and
//!   the generic [`ExhaustiveSolver`](core::ExhaustiveSolver), the referee of everything else.
//! * [`notation`] and [`theory`] — how a game's positions and moves are written, and its fast
//!   theory (who wins, the value, every winning move).
//! * [`games`] — one module per game, each opening with its rules, source and theory.
//! * [`families`] — heap games named at run time: take-and-break codes, subtraction games,
//!   Grundy's game.
//! * [`scanner`] and [`judge`] — the shared token scanner (and its located [`InputError`](
//!   scanner::InputError)) and the judges' formats.
//! * [`analysis`], [`verify`], [`play`] — the three things grundy does with any game.
//! * [`contest`] — `grundy judge` and `grundy interact`: a contestant's program against exact
//!   answers (generated inputs, shrunk failures) and against a perfect jury.
//! * [`serve`] — `grundy serve`: the page and JSON API to play, analyse and chart in a browser.
//! * [`script`] — games from Rhai script files, and conjectures checked against exhaustive search.
//! * [`enumerate`] and [`registry`] — small positions per game; games as values, and
//!   [`resolve`](registry::resolve), which turns a spelling into a game.
//!
//! ```
//! use grundy::games::EndPiles;
//! use grundy::theory::Theory;
//! use grundy::core::Winner;
//!
//! let row: EndPiles = "3 1 9 4".parse().unwrap();
//! assert_eq!(row.winner().unwrap(), Winner::Second);
//! ```

#![warn(missing_docs)]

pub mod analysis;
pub mod contest;
pub mod core;
pub mod enumerate;
pub mod families;
pub mod games;
pub mod judge;
pub mod notation;
pub mod play;
pub mod registry;
pub mod scanner;
pub mod script;
pub mod serve;
pub mod theory;
pub mod verify;
