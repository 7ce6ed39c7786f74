//! Remoteness R and suspense S of one component: the definitions, and a memoised search of the
//! component's own positions that computes them for any game.
//!
//! R(G) = 0 without a move; else 1 + the least even R of an option if one is even, else 1 + the
//! largest R of an option. S is the same with least and largest exchanged. The search walks the
//! component's positions children first ([`solve_post_order`]), so deep components (a heap of a
//! million tokens taken one at a time) do not overflow the stack; it stores at most its position
//! limit and refuses, naming the limit, past it.

use crate::core::{ImpartialGame, solve_post_order};
use crate::theory::AnalysisError;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The remoteness and suspense of a position.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Measures {
    /// R: how many moves the game lasts when the winner hurries and the loser stalls.
    pub remoteness: u64,
    /// S: how many moves the game lasts when the winner stalls and the loser hurries.
    pub suspense: u64,
}

/// R of a position whose options have the remotenesses `options` (the definition).
pub fn remoteness_of(options: impl IntoIterator<Item = u64>) -> u64 {
    let (mut least_even, mut largest) = (None::<u64>, None::<u64>);
    for r in options {
        if r % 2 == 0 {
            least_even = Some(least_even.map_or(r, |e| e.min(r)));
        }
        largest = Some(largest.map_or(r, |l| l.max(r)));
    }
    match (least_even, largest) {
        (Some(even), _) => even.saturating_add(1),
        (None, Some(largest)) => largest.saturating_add(1),
        (None, None) => 0,
    }
}

/// S of a position whose options have the suspenses `options` (the definition).
pub fn suspense_of(options: impl IntoIterator<Item = u64>) -> u64 {
    let (mut largest_even, mut least) = (None::<u64>, None::<u64>);
    for s in options {
        if s % 2 == 0 {
            largest_even = Some(largest_even.map_or(s, |e| e.max(s)));
        }
        least = Some(least.map_or(s, |l| l.min(s)));
    }
    match (largest_even, least) {
        (Some(even), _) => even.saturating_add(1),
        (None, Some(least)) => least.saturating_add(1),
        (None, None) => 0,
    }
}

/// R and S of a position whose options have the measures `options`.
pub fn measures_of(options: &[Measures]) -> Measures {
    Measures {
        remoteness: remoteness_of(options.iter().map(|m| m.remoteness)),
        suspense: suspense_of(options.iter().map(|m| m.suspense)),
    }
}

/// How many positions the search of R and S stores at most, by default.
pub const DEFAULT_MEASURE_POSITIONS: usize = 500_000;

/// R and S of any game's positions by memoised search (no theory at all).
#[derive(Debug)]
pub struct MeasureSearch<G: ImpartialGame> {
    memo: HashMap<G, Measures>,
    limit: usize,
}

impl<G: ImpartialGame> MeasureSearch<G> {
    /// A search that stores at most `limit` positions.
    pub fn new(limit: usize) -> Self {
        MeasureSearch {
            memo: HashMap::new(),
            limit,
        }
    }

    /// How many positions the memo holds.
    pub fn positions_solved(&self) -> usize {
        self.memo.len()
    }

    /// R and S of `root`, or [`AnalysisError::TooLarge`] when more than the limit of positions
    /// would be stored.
    pub fn measures(&mut self, root: &G) -> Result<Measures, AnalysisError> {
        if let Some(&known) = self.memo.get(root) {
            return Ok(known);
        }
        let limit = self.limit;
        solve_post_order(
            self,
            root.clone(),
            |search, position| search.memo.contains_key(position),
            |search, position, depth| {
                let too_large = || {
                    AnalysisError::TooLarge(format!(
                        "remoteness and suspense by search need more than {limit} positions \
                         (the position limit)"
                    ))
                };
                let stored = search.memo.len().saturating_add(depth);
                if stored >= limit {
                    return Err(too_large());
                }
                // A position with more moves than the limit leaves room for is refused before
                // its options are built (a pile of 10^9 can have 5·10^8 moves).
                let (moves, more) = position.some_moves(limit - stored);
                if more {
                    return Err(too_large());
                }
                Ok(moves.iter().map(|mv| position.play(mv)).collect())
            },
            |search, position, options| {
                let known: Vec<Measures> = options.iter().map(|o| search.memo[o]).collect();
                search.memo.insert(position, measures_of(&known));
                Ok(())
            },
        )?;
        Ok(self.memo[root])
    }
}

/// A game's own fast R and S of some components (a table of single heaps): `None` when it does
/// not cover the component, which is then searched.
pub type FastMeasures<G> = Arc<dyn Fn(&G) -> Option<Result<Measures, AnalysisError>> + Send + Sync>;

/// R and S of a game's components: the fast source when it covers a component, else the search,
/// whose memo is shared by every position of the game (behind a lock).
pub struct Measurer<G: ImpartialGame> {
    fast: Option<FastMeasures<G>>,
    search: Mutex<MeasureSearch<G>>,
}

impl<G: ImpartialGame> Measurer<G> {
    /// A measurer with an optional fast source and a search of at most `limit` positions.
    pub fn new(fast: Option<FastMeasures<G>>, limit: usize) -> Self {
        Measurer {
            fast,
            search: Mutex::new(MeasureSearch::new(limit)),
        }
    }

    /// R and S of `component`.
    pub fn measures(&self, component: &G) -> Result<Measures, AnalysisError> {
        if let Some(fast) = &self.fast
            && let Some(answer) = fast(component)
        {
            return answer;
        }
        self.searched(component)
    }

    /// R and S of `component` by search alone (what the fast source is checked against).
    pub fn searched(&self, component: &G) -> Result<Measures, AnalysisError> {
        self.search
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .measures(component)
    }
}

impl<G: ImpartialGame> std::fmt::Debug for Measurer<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Measurer")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take 1 or 2 from a heap.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Sub12(u64);

    impl ImpartialGame for Sub12 {
        type Move = u64;
        fn moves(&self) -> Vec<u64> {
            (1..=2).filter(|&k| k <= self.0).collect()
        }
        fn play(&self, k: &u64) -> Self {
            Sub12(self.0 - k)
        }
    }

    #[test]
    fn subtraction_one_two_follows_its_closed_form() {
        // WW ch. 9: R(n) = 2n/3 when 3 | n, else 2⌊n/3⌋ + 1.
        let mut search = MeasureSearch::new(10_000);
        for n in 0..300u64 {
            let r = search.measures(&Sub12(n)).unwrap().remoteness;
            let expected = if n % 3 == 0 {
                2 * n / 3
            } else {
                2 * (n / 3) + 1
            };
            assert_eq!(r, expected, "R({n})");
        }
    }

    #[test]
    fn the_limit_is_named() {
        let mut search = MeasureSearch::new(10);
        let error = search.measures(&Sub12(100)).unwrap_err();
        assert!(error.to_string().contains("10 positions"), "{error}");
    }

    #[test]
    fn definitions() {
        assert_eq!(remoteness_of([]), 0);
        assert_eq!(remoteness_of([3, 4, 2, 5]), 3);
        assert_eq!(remoteness_of([3, 5, 1]), 6);
        assert_eq!(suspense_of([3, 4, 2, 5]), 5);
        assert_eq!(suspense_of([3, 5, 1]), 2);
    }
}
