//! Misère play: the last player to move loses.
//!
//! Under misère play the Sprague–Grundy theory breaks down: a sum of games is not decided by
//! its parts' Grundy values. What survives, and what this module implements:
//!
//! * [`tame`] — misère Nim (Bouton), Conway's genus and the tame sums it decides (the "anti-SG"
//!   rule of contest courses is the simplest case).
//! * [`genus`] — the genus of every heap of a heap game, computed from the options, and how far
//!   its heaps are tame.
//! * [`quotient`] — misère quotients (Plambeck; Plambeck and Siegel): the finite commutative
//!   monoid that decides every position of a heap game whose heaps are at most n — or, once
//!   [`periodicity`] solves it, of every heap; a many-heap position is then decided by
//!   multiplying its heaps' elements. Built by [`construction`] (the heap-by-heap construction
//!   on the monoid, every candidate checked by the conditions that make it the quotient) on the
//!   compact tables of [`monoid`] and the bit sets of [`bitset`]. A heap that does not settle
//!   within the limits still proves something of its quotient: [`Unsettled`], the lower bounds
//!   its last candidate gives (the module `certificate`).
//!
//! * [`game`] — [`Misere`]: any game under misère play, as a position type with a theory, so
//!   that every command runs on it; [`MisereTheory`] is a game's misère theory (by default,
//!   exhaustive misère search within a stated limit — [`search`]).
//! * The fixed games implement [`MisereTheory`] in their own modules (Cairns and Ho's theorem for
//!   end-piles, Conway's tame sums for the counted sums, search for the rest).
//!
//! The referee is the exhaustive solver under [`Play::Misere`](crate::core::Play): every result
//! here is checked against it in the tests.

pub mod bitset;
mod candidate;
mod certificate;
pub mod construction;
mod error;
pub mod game;
pub mod genus;
mod limits;
pub mod monoid;
mod options;
pub mod periodicity;
mod presentation;
pub mod quotient;
pub mod search;
pub mod table;
pub mod tame;

pub use certificate::{LastCandidate, Unsettled};
pub use error::MisereError;
pub use game::{Misere, MisereTheory};
pub use genus::{GenusSearch, GenusTable};
pub use options::{HeapOptions, collect_options};
pub use quotient::MisereQuotient;
pub use tame::{Genus, misere_nim_lost, tame_sum_lost};
