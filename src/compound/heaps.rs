//! Heap games as compounds: each heap is a component; R and S of single heaps come from a table
//! when the rule never splits a heap.
//!
//! **The table.** Without splits, every option of a heap is one smaller heap or nothing, so
//! R(n) and S(n) follow from R and S of smaller heaps by the definitions alone: one pass over
//! n = 0, 1, 2, … reading each heap's options from the rule. A rule that splits leaves
//! components that are disjunctive sums of heaps, whose R does not follow from the heaps' R:
//! those are searched ([`super::measure`]). The tests check the table against the search.

use super::components::Components;
use super::measure::{FastMeasures, Measures, measures_of};
use crate::families::heaps::Heaps;
use crate::families::rule::CompiledRule;
use crate::game::{Entry, GameError};
use crate::theory::AnalysisError;
use std::sync::{Arc, Mutex};

/// The largest heap the table of R and S goes to (two 32-bit numbers per heap: 80 MB).
pub const TABLE_HEAPS: u64 = 10_000_000;

/// The most option visits the table may make (an all-but game's heap of n has about n options).
pub const TABLE_WORK: u128 = 200_000_000;

/// R and S of single heaps of a rule without splits, grown on demand.
pub struct HeapTable {
    rule: CompiledRule,
    measures: Mutex<Vec<[u32; 2]>>,
}

impl HeapTable {
    /// The table of `rule`, when the rule never splits a heap.
    pub fn new(rule: CompiledRule) -> Option<HeapTable> {
        (rule.most_parts() <= 1).then(|| HeapTable {
            rule,
            measures: Mutex::new(Vec::new()),
        })
    }

    /// R and S of a heap of `n`, computing the table up to `n` if needed; refused past
    /// [`TABLE_HEAPS`] or [`TABLE_WORK`].
    pub fn measures(&self, n: u64) -> Result<Measures, AnalysisError> {
        let mut table = self
            .measures
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if n >= table.len() as u64 {
            if n > TABLE_HEAPS {
                return Err(AnalysisError::TooLarge(format!(
                    "the heap of {n} is past the table of R and S (heaps up to {TABLE_HEAPS})"
                )));
            }
            let target = n
                .max((table.len() as u64).saturating_mul(2))
                .min(TABLE_HEAPS);
            if self.rule.options_up_to(target) > TABLE_WORK {
                return Err(AnalysisError::TooLarge(format!(
                    "R and S of the heap of {n} need more than {TABLE_WORK} option visits (the \
                     table's work limit)"
                )));
            }
            let mut failure = None;
            for heap in table.len() as u64..=target {
                let mut options = Vec::new();
                let visited = self.rule.try_for_each_option(heap, &mut |_, parts| {
                    let measures = match parts {
                        [] => Measures::default(),
                        [part] => {
                            let [r, s] = table[*part as usize];
                            Measures {
                                remoteness: u64::from(r),
                                suspense: u64::from(s),
                            }
                        }
                        _ => unreachable!("the rule never splits"),
                    };
                    options.push(measures);
                });
                if let Err(error) = visited {
                    failure = Some(error);
                    break;
                }
                let here = measures_of(&options);
                // R and S are at most the heap size, which is below 2^32 here.
                table.push([here.remoteness as u32, here.suspense as u32]);
            }
            if let Some(error) = failure {
                return Err(AnalysisError::RulesFailed(error.to_string()));
            }
        }
        let [r, s] = table[n as usize];
        Ok(Measures {
            remoteness: u64::from(r),
            suspense: u64::from(s),
        })
    }
}

impl Components for Heaps {
    fn components(&self) -> Vec<Self> {
        self.single_heaps()
    }

    fn small_components(entry: &Entry<Self>, size: u64) -> Result<Vec<Self>, GameError> {
        let game = entry.heap_game.as_ref().ok_or_else(|| {
            GameError::Unsupported("a heap game without its heap rule".to_string())
        })?;
        (0..=size)
            .map(|heap| {
                let heaps = if heap == 0 { Vec::new() } else { vec![heap] };
                Ok(game.position(heaps)?)
            })
            .collect()
    }

    fn compound_sizes() -> (&'static str, u64, u64) {
        ("components are single heaps of 0 to S tokens", 5, 8)
    }

    fn fast_measures(entry: &Entry<Self>) -> Option<FastMeasures<Self>> {
        let game = entry.heap_game.as_ref()?;
        let table = Arc::new(HeapTable::new(game.rule().compile())?);
        Some(Arc::new(move |component: &Heaps| match component.heaps() {
            [] => Some(Ok(Measures::default())),
            [heap] => Some(table.measures(*heap)),
            _ => None,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compound::measure::MeasureSearch;
    use crate::families::HeapRule;
    use crate::families::heaps::HeapGame;

    #[test]
    fn the_table_agrees_with_the_search() {
        for spelling in ["sub:1,3,4", "sub:2,5,7", "allbut:1,2", "0.3", "0.13"] {
            let rule = HeapRule::resolve(spelling).unwrap().unwrap();
            let table = HeapTable::new(rule.compile()).expect("no splits");
            let game = HeapGame::new(rule);
            let mut search = MeasureSearch::new(1 << 20);
            for n in 0..150u64 {
                let heaps = if n == 0 { vec![] } else { vec![n] };
                let position = game.position(heaps).unwrap();
                assert_eq!(
                    table.measures(n).unwrap(),
                    search.measures(&position).unwrap(),
                    "{spelling} {n}"
                );
            }
        }
        let kayles = HeapRule::resolve("kayles").unwrap().unwrap();
        assert!(HeapTable::new(kayles.compile()).is_none());
    }

    #[test]
    fn the_table_refuses_past_its_limit() {
        let rule = HeapRule::resolve("sub:1,2").unwrap().unwrap();
        let table = HeapTable::new(rule.compile()).unwrap();
        let error = table.measures(TABLE_HEAPS + 1).unwrap_err();
        assert!(error.to_string().contains(&TABLE_HEAPS.to_string()));
    }
}
