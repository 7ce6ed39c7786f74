//! Nim as a heap rule: take any positive number of tokens from one heap.
//!
//! **Rules.** A move removes k ≥ 1 tokens from one heap of n ≥ k (k = n empties it).
//!
//! **Source.** C. L. Bouton, "Nim, a game with a complete mathematical theory", *Annals of
//! Mathematics* 3 (1901–02); Winning Ways, chapter 2.
//!
//! **Theory.** G(n) = n: the options of a heap of n are the heaps 0 … n − 1, whose values are
//! 0 … n − 1 by induction, so their mex is n. The values grow without bound, so there is no
//! period; `table nim` shows them with their arithmetic period (G(n + 1) = G(n) + 1). As a rule
//! it is the all-but subtraction game with nothing forbidden. Positions of any size are analysed
//! by [`crate::games::nim`], which uses G(n) = n directly (and Bouton's misère rule).

use crate::engine::rule::MoveSet;

/// The spelling.
pub const NIM: &str = "nim";

/// The rules in a line.
pub const DESCRIPTION: &str = "Nim: take any number of tokens (at least one) from one heap";

/// Why `table` claims no period.
pub const NO_THEOREM: &str = "Nim's values are G(n) = n (Bouton, 1901): they grow without bound, \
                              so no period is claimed; the arithmetic period (period 1, saltus 1) \
                              is the theorem";

/// The moves: every take size, leaving one heap or none.
pub fn moves() -> MoveSet {
    MoveSet::AllBut(Vec::new())
}
