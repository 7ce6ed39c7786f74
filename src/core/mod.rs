//! The small core that every game builds on.
//!
//! * [`Nimber`], [`mex`] and [`nim_sum`]: the arithmetic of Grundy values.
//! * [`Play`]: the play convention, normal (the last mover wins) or misère (the last mover
//!   loses).
//! * [`ImpartialGame`]: a position, its legal moves and the position each move leads to.
//! * [`ExhaustiveSolver`]: a memoised game-tree search that computes the Grundy value of any
//!   position of any [`ImpartialGame`]. It knows nothing of any game's theory, which makes it the
//!   referee for `verify` and for the test suite.
//! * [`search`]: exhaustive search as a theory ([`Searched`]) for games with no fast theory and
//!   for rules that may fail (scripts): a session memo, cycle detection and a position limit.

mod convention;
mod game;
mod nimber;
pub mod search;
mod solver;

pub use convention::Play;
pub use game::ImpartialGame;
pub use nimber::{Nimber, Winner, mex, nim_sum};
pub use search::{GameRules, Rules, Search, SearchError, Searched};
pub use solver::ExhaustiveSolver;
