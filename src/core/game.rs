//! The trait every impartial game implements.

use std::hash::Hash;

/// A position of an impartial game under normal play: both players have the same moves, and the
/// player who cannot move loses.
///
/// A game is defined by its positions (the implementing type), the legal moves of each position and
/// the position each move leads to. That is all the [`ExhaustiveSolver`](super::ExhaustiveSolver)
/// needs to compute Grundy values by brute force.
///
/// Every position must have finitely many moves and every play must end (the game is *short*).
///
/// ```
/// use grundy::core::{ExhaustiveSolver, ImpartialGame, Nimber};
///
/// /// Subtraction game: take 1 or 2 stones from a single heap.
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct TakeOneOrTwo(u64);
///
/// impl ImpartialGame for TakeOneOrTwo {
///     type Move = u64;
///     fn moves(&self) -> Vec<u64> {
///         (1..=2).filter(|&k| k <= self.0).collect()
///     }
///     fn play(&self, take: &u64) -> Self {
///         TakeOneOrTwo(self.0 - take)
///     }
/// }
///
/// let mut solver = ExhaustiveSolver::new();
/// assert_eq!(solver.grundy_value(&TakeOneOrTwo(7)), Nimber(1));
/// assert_eq!(solver.grundy_value(&TakeOneOrTwo(9)), Nimber(0));
/// ```
pub trait ImpartialGame: Clone + Eq + Hash {
    /// A move, in whatever form the game finds natural.
    type Move: Clone + Eq + std::fmt::Debug;

    /// Every legal move from this position (empty when the player to move has lost).
    fn moves(&self) -> Vec<Self::Move>;

    /// The position that `mv` leads to. `mv` must be one of [`moves`](Self::moves).
    fn play(&self, mv: &Self::Move) -> Self;

    /// The positions reachable in one move (the *options*).
    fn options(&self) -> Vec<Self> {
        self.moves().iter().map(|mv| self.play(mv)).collect()
    }

    /// The move that leads to `target`, if one does.
    fn move_to(&self, target: &Self) -> Option<Self::Move> {
        self.moves().into_iter().find(|mv| &self.play(mv) == target)
    }

    /// The first `limit` legal moves, without building the full list when it is huge (a pile of a
    /// billion stones has a billion moves). Also says whether there are more.
    fn some_moves(&self, limit: usize) -> (Vec<Self::Move>, bool) {
        let mut moves = self.moves();
        let more = moves.len() > limit;
        moves.truncate(limit);
        (moves, more)
    }

    /// The least disruptive legal move (the computer's choice when every move loses: it keeps the
    /// game long and the position rich). `None` when there is no legal move.
    fn quiet_move(&self) -> Option<Self::Move> {
        self.moves().into_iter().next()
    }

    /// A representative of the positions whose game trees are identical to this one's *by the
    /// rules alone*, used as the solver's memo key. The default is the position itself.
    ///
    /// Override it only with facts that read straight off the rules (for example, a bottle that
    /// no move can ever take from may be emptied), never with a theory that is to be checked.
    fn memo_key(&self) -> Self {
        self.clone()
    }

    /// The play convention the game is played under: normal play, unless the position type is
    /// a misère game ([`crate::misere::Misere`]). The referee plays it by this convention.
    fn convention() -> super::convention::Play
    where
        Self: Sized,
    {
        super::convention::Play::Normal
    }
}
