//! The generic exhaustive solver: the referee, under either play convention.
//!
//! **Misère play.** Under misère play a position with no move is won by the player to move, so
//! its *misère Grundy value* G⁻ is 1 (it behaves like a Nim heap of one under normal play), and
//! every other position's G⁻ is the mex of its options' G⁻ (Conway, *On Numbers and Games*,
//! ch. 12). By the same induction as Sprague–Grundy's, the player to move loses exactly when
//! G⁻ = 0: a position with G⁻ = 0 has options (a terminal position has G⁻ = 1) and none of value
//! 0; a position with G⁻ ≠ 0 is terminal (won) or has an option of value 0. Unlike G, G⁻ does
//! not add: the misère value of a sum is not the nim-sum of the parts' values, which is why the
//! referee searches whole positions.

use super::convention::Play;
use super::game::ImpartialGame;
use super::nimber::{Nimber, mex};
use super::post_order::solve_post_order;
use std::collections::HashMap;
use std::convert::Infallible;

/// Computes Grundy values of any [`ImpartialGame`] by memoised search of the game tree.
///
/// The value of a position is the [`mex`] of the values of its options. The search is iterative
/// (an explicit stack instead of recursion), so deep games cannot overflow the call stack; the
/// memo is kept between calls, so solving many related positions shares the work.
///
/// It uses no theory at all, which is why `verify` and the tests trust it as the referee. Its cost
/// is the number of positions reachable from the root, so keep it to small positions.
///
/// [`ExhaustiveSolver::new`] plays the normal convention; [`ExhaustiveSolver::with_play`] either
/// (under [`Play::Misere`] the values are misère Grundy values G⁻, terminal positions worth 1).
///
/// ```
/// use grundy::core::{ExhaustiveSolver, ImpartialGame, Nimber, Play};
///
/// /// Nim with one heap.
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Heap(u64);
///
/// impl ImpartialGame for Heap {
///     type Move = u64;
///     fn moves(&self) -> Vec<u64> {
///         (0..self.0).collect()
///     }
///     fn play(&self, left: &u64) -> Self {
///         Heap(*left)
///     }
/// }
///
/// let mut misere = ExhaustiveSolver::with_play(Play::Misere);
/// // Misère Nim: heaps 0 and 1 swap values, larger heaps keep theirs.
/// assert_eq!(misere.grundy_value(&Heap(0)), Nimber(1));
/// assert_eq!(misere.grundy_value(&Heap(1)), Nimber(0));
/// assert_eq!(misere.grundy_value(&Heap(5)), Nimber(5));
/// ```
#[derive(Debug)]
pub struct ExhaustiveSolver<G: ImpartialGame> {
    memo: HashMap<G, Nimber>,
    play: Play,
}

impl<G: ImpartialGame> Default for ExhaustiveSolver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: ImpartialGame> ExhaustiveSolver<G> {
    /// A normal-play solver with an empty memo.
    pub fn new() -> Self {
        Self::with_play(Play::Normal)
    }

    /// A solver for the play convention `play`, with an empty memo.
    pub fn with_play(play: Play) -> Self {
        ExhaustiveSolver {
            memo: HashMap::new(),
            play,
        }
    }

    /// The play convention this solver's values are for.
    pub fn play(&self) -> Play {
        self.play
    }

    /// How many positions the memo holds.
    pub fn positions_solved(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `root` under the solver's convention (G⁻ under misère play), by
    /// exhaustive search. The player to move loses exactly when it is zero.
    pub fn grundy_value(&mut self, root: &G) -> Nimber {
        let root = root.memo_key();
        if let Some(&value) = self.memo.get(&root) {
            return value;
        }
        let keyed_options =
            |position: &G| -> Vec<G> { position.options().iter().map(G::memo_key).collect() };
        let walked: Result<(), Infallible> = solve_post_order(
            self,
            root.clone(),
            |solver, position| solver.memo.contains_key(position),
            |_, position, _| Ok(keyed_options(position)),
            |solver, position, options| {
                let value = if options.is_empty() {
                    Nimber(solver.play.terminal_value())
                } else {
                    mex(options.iter().map(|child| solver.memo[child]))
                };
                solver.memo.insert(position, value);
                Ok(())
            },
        );
        let Ok(()) = walked;
        self.memo[&root]
    }

    /// Who wins `root` under the solver's convention.
    pub fn winner(&mut self, root: &G) -> super::nimber::Winner {
        self.grundy_value(root).winner()
    }

    /// Every legal move from `position` that leaves a position of value zero (lost for the
    /// player then to move, under the solver's convention), with that position.
    pub fn winning_moves(&mut self, position: &G) -> Vec<(G::Move, G)> {
        position
            .moves()
            .into_iter()
            .map(|mv| {
                let next = position.play(&mv);
                (mv, next)
            })
            .filter(|(_, next)| self.grundy_value(next) == Nimber::ZERO)
            .collect()
    }
}
