//! The counter games (bounded-take, box-fill) as compounds: each pile or box is a component,
//! its R and S searched over the component's own positions.

use super::components::Components;
use crate::game::{Entry, GameError};
use crate::games::counted_sum::{CountedSum, Counter};

impl<C: Counter> Components for CountedSum<C> {
    fn components(&self) -> Vec<Self> {
        self.parts()
            .iter()
            .map(|&part| CountedSum::new(self.rule(), vec![part]))
            .collect()
    }

    fn small_components(entry: &Entry<Self>, size: u64) -> Result<Vec<Self>, GameError> {
        // Every `x/y` with both at most S (y ≥ 1) that the game reads as one component.
        let mut out = Vec::new();
        for second in 1..=size {
            for first in 0..=size {
                if let Ok(component) = (entry.parse)(&format!("{first}/{second}")) {
                    out.push(component);
                }
            }
        }
        Ok(out)
    }

    fn compound_sizes() -> (&'static str, u64, u64) {
        (
            "components are single `x/y` with x from 0 to S and y from 1 to S",
            3,
            5,
        )
    }
}
