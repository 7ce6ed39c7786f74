//! What a game needs to be played as a compound: its positions split into components.

use super::measure::FastMeasures;
use crate::game::{Entry, GameError};
use crate::theory::Theory;

/// A game whose positions are rows of components, each a position of the same game (a heap of a
/// heap game, a pile of bounded-take, a box of box-fill).
pub trait Components: Theory + Send + Sync + 'static {
    /// The position's components, in order (`3 5 7` of a heap game: `3`, `5`, `7`).
    fn components(&self) -> Vec<Self>;

    /// The small components `verify --compound --size S` combines into sums of one to three
    /// (an ended one among them): heaps up to S, piles of up to S stones, …
    fn small_components(entry: &Entry<Self>, size: u64) -> Result<Vec<Self>, GameError>;

    /// What `--size` bounds for [`small_components`](Self::small_components), its default and
    /// its largest.
    fn compound_sizes() -> (&'static str, u64, u64);

    /// A fast source of R and S for some components (a table of single heaps), if the game has
    /// one; every other component is searched.
    fn fast_measures(entry: &Entry<Self>) -> Option<FastMeasures<Self>> {
        let _ = entry;
        None
    }
}
