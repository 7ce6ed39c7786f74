//! Checking a contestant's program: `grundy judge` and `grundy interact`.
//!
//! grundy knows each game exactly, so it can do for a contest solution what a judge does — and
//! more: it brings the inputs where solutions break, the exact answers, a smallest failing input,
//! and an opponent that never errs.
//!
//! * [`runner`] runs an untrusted program: its own process group, fed and read by threads, a
//!   time limit after which the whole group is killed, an output cap, and reaping that never
//!   signals a recycled process id.
//! * [`inputs`] holds a judge input as values and generates them: every tiny position, then
//!   random ones across the judge's range with each game's boundary values, or past the limits.
//! * [`shrink`] takes a failing input down to a smallest one that still fails.
//! * [`judge`] puts them together for `grundy judge`: generate, solve, run, compare by tokens,
//!   shrink, report.
//! * [`interact`] is `grundy interact`: a jury that plays perfectly against the program over a
//!   line protocol (documented there).
//!
//! Nothing here names a game: what is particular to one — its tiny items, its boundary values,
//! its positions to play from — is in the game's own module, as the
//! [`Generators`](crate::judge::Generators) its formats hold; the random numbers are
//! [`crate::judge::rng`]'s, which make a seed name the same inputs in every build.

pub mod inputs;
pub mod interact;
pub mod judge;
pub mod runner;
pub mod shrink;
