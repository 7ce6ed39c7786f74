//! The small core that every game builds on.
//!
//! * [`Nimber`], [`mex`] and [`nim_sum`]: the arithmetic of Grundy values.
//! * [`Play`]: the play convention, normal (the last mover wins) or misère (the last mover
//!   loses).
//! * [`ImpartialGame`]: a position, its legal moves and the position each move leads to.
//! * [`ExhaustiveSolver`]: a memoised game-tree search that computes the Grundy value of any
//!   position of any [`ImpartialGame`]. It knows nothing of any game's theory, which makes it the
//!   referee for `verify` and for the test suite.
//!
//! The core imports nothing from the rest of the crate: everything else is built on it.
//! (Exhaustive search *as a theory*, for games with no fast theory, is [`crate::search`], above
//! the theory traits.)

mod convention;
mod game;
mod nimber;
mod post_order;
mod solver;

pub use convention::Play;
pub use game::ImpartialGame;
pub use nimber::{Nimber, Winner, mex, nim_sum};
pub(crate) use post_order::solve_post_order;
pub use solver::ExhaustiveSolver;
