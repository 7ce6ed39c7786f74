//! Exhaustive misère search within a stated limit: the answer for games (or positions) that no
//! misère theory covers.
//!
//! A position is lost for the player to move under misère play exactly when it has a move and
//! every move leads to a won position (a position with no move is won: its player has nothing
//! to do and the other made the last move). The search decides this bottom-up, each position
//! once (keyed by [`ImpartialGame::memo_key`]), with an explicit stack, and refuses to store more
//! than its limit of positions: past it the answer is an error naming the limit, never a guess.

use super::MisereError;
use crate::core::ImpartialGame;
use rustc_hash::FxHashMap;

/// How many positions a misère search stores at most by default.
pub const DEFAULT_MISERE_POSITIONS: usize = 2_000_000;

/// A memoised misère search over the positions of one game.
#[derive(Debug)]
pub struct MisereSearch<G: ImpartialGame> {
    lost: FxHashMap<G, bool>,
    limit: usize,
}

impl<G: ImpartialGame> MisereSearch<G> {
    /// A search that stores at most `limit` positions.
    pub fn new(limit: usize) -> Self {
        MisereSearch {
            lost: FxHashMap::default(),
            limit,
        }
    }

    /// The limit of stored positions.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Whether `root` is lost for the player to move under misère play.
    pub fn is_lost(&mut self, root: &G) -> Result<bool, MisereError> {
        let root = root.memo_key();
        if let Some(&lost) = self.lost.get(&root) {
            return Ok(lost);
        }
        let keyed =
            |position: &G| -> Vec<G> { position.options().iter().map(G::memo_key).collect() };
        let mut stack: Vec<(G, Vec<G>, usize)> = vec![(root.clone(), keyed(&root), 0)];
        while let Some((_, options, next)) = stack.last_mut() {
            match options[*next..]
                .iter()
                .position(|child| !self.lost.contains_key(child))
            {
                Some(offset) => {
                    *next += offset;
                    let child = options[*next].clone();
                    let grandchildren = keyed(&child);
                    stack.push((child, grandchildren, 0));
                }
                None => {
                    let (position, options, _) = stack.pop().expect("stack is not empty");
                    let lost = !options.is_empty() && options.iter().all(|child| !self.lost[child]);
                    if self.lost.len() >= self.limit {
                        return Err(MisereError::TooLarge(format!(
                            "no misère theory covers this position, and exhaustive misère search \
                             passed its limit of {} positions",
                            self.limit
                        )));
                    }
                    self.lost.insert(position, lost);
                }
            }
        }
        Ok(self.lost[&root])
    }
}
