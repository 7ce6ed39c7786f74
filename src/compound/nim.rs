//! Nim as a compound: each heap is a component, with R(n) = S(n) = 1 for every heap n ≥ 1.
//!
//! Proof: a heap of n ≥ 1 can be emptied, an option of R = S = 0 (even); for R that is the least
//! even option, so R(n) = 1. For S, every other option is a heap of 1 ≤ m < n, of S = 1 by
//! induction (odd), so the largest even option is 0 and S(n) = 1. The tests check both against
//! the search.

use super::components::Components;
use super::measure::{FastMeasures, Measures};
use crate::game::{Entry, GameError};
use crate::games::nim::Nim;
use std::sync::Arc;

impl Components for Nim {
    fn components(&self) -> Vec<Self> {
        self.heaps()
            .iter()
            .map(|&heap| Nim::new(vec![heap]))
            .collect()
    }

    fn small_components(_entry: &Entry<Self>, size: u64) -> Result<Vec<Self>, GameError> {
        Ok((0..=size).map(|heap| Nim::new(vec![heap])).collect())
    }

    fn compound_sizes() -> (&'static str, u64, u64) {
        ("components are single heaps of 0 to S tokens", 5, 8)
    }

    fn fast_measures(_entry: &Entry<Self>) -> Option<FastMeasures<Self>> {
        Some(Arc::new(|component: &Nim| match component.heaps() {
            [] => Some(Ok(Measures::default())),
            [_] => Some(Ok(Measures {
                remoteness: 1,
                suspense: 1,
            })),
            _ => None,
        }))
    }
}
