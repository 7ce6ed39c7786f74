//! The generic exhaustive solver: the referee.

use super::{ImpartialGame, Nimber, mex};
use std::collections::HashMap;

/// Computes Grundy values of any [`ImpartialGame`] by memoised search of the game tree.
///
/// The value of a position is the [`mex`] of the values of its options. The search is iterative
/// (an explicit stack instead of recursion), so deep games cannot overflow the call stack; the
/// memo is kept between calls, so solving many related positions shares the work.
///
/// It uses no theory at all, which is why `verify` and the tests trust it as the referee. Its cost
/// is the number of positions reachable from the root, so keep it to small positions.
#[derive(Debug)]
pub struct ExhaustiveSolver<G: ImpartialGame> {
    memo: HashMap<G, Nimber>,
}

impl<G: ImpartialGame> Default for ExhaustiveSolver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: ImpartialGame> ExhaustiveSolver<G> {
    /// A solver with an empty memo.
    pub fn new() -> Self {
        ExhaustiveSolver {
            memo: HashMap::new(),
        }
    }

    /// How many positions the memo holds.
    pub fn positions_solved(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `root`, by exhaustive search.
    pub fn grundy_value(&mut self, root: &G) -> Nimber {
        let root = root.memo_key();
        if let Some(&value) = self.memo.get(&root) {
            return value;
        }
        let keyed_options =
            |position: &G| -> Vec<G> { position.options().iter().map(G::memo_key).collect() };
        // Each frame holds a position, its options (as memo keys) and how many of them are known
        // to be solved.
        let mut stack: Vec<(G, Vec<G>, usize)> = vec![(root.clone(), keyed_options(&root), 0)];
        while let Some((_, options, next)) = stack.last_mut() {
            match options[*next..]
                .iter()
                .position(|child| !self.memo.contains_key(child))
            {
                Some(offset) => {
                    *next += offset;
                    let child = options[*next].clone();
                    let grandchildren = keyed_options(&child);
                    stack.push((child, grandchildren, 0));
                }
                None => {
                    let (position, options, _) = stack.pop().expect("stack is not empty");
                    let value = mex(options.iter().map(|child| self.memo[child]));
                    self.memo.insert(position, value);
                }
            }
        }
        self.memo[&root]
    }

    /// Every legal move from `position` that leaves a position of value zero, with that position.
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
