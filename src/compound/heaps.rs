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
use super::period::{ArithmeticPeriod, prove_arithmetic};
use crate::engine::rule::{CompiledRule, MoveSet};
use crate::families::heaps::Heaps;
use crate::game::{Entry, GameError};
use crate::theory::AnalysisError;
use std::sync::{Arc, Mutex};

/// The largest heap the table of R and S goes to (two 32-bit numbers per heap: 80 MB).
pub const TABLE_HEAPS: u64 = 10_000_000;

/// The most option visits the table may make (an all-but game's heap of n has about n options).
pub const TABLE_WORK: u128 = 200_000_000;

/// How many heaps the table computes to look for the arithmetic periods of R and S (for a heap
/// past [`TABLE_HEAPS`], which is answered from the periods when they are proved).
pub const PROOF_HEAPS: u64 = 100_000;

/// R and S of single heaps of a rule without splits, grown on demand; past the table, from the
/// proved arithmetic periods ([`super::period`]).
pub struct HeapTable {
    rule: CompiledRule,
    measures: Mutex<Vec<[u32; 2]>>,
}

/// The proved periods of R and S, and the values they extend.
pub struct HeapPeriods {
    /// R's period, if proved.
    pub remoteness: Option<ArithmeticPeriod>,
    /// S's period, if proved.
    pub suspense: Option<ArithmeticPeriod>,
    /// Why no period is claimed at all, when that is so.
    pub no_theorem: Option<&'static str>,
}

impl HeapTable {
    /// The table of `rule`, when the rule never splits a heap. A script's rule (an external
    /// one) is never tabled: which of its moves split is known only once they are computed.
    pub fn new(rule: CompiledRule) -> Option<HeapTable> {
        let external = matches!(rule.moves(), MoveSet::External(_));
        (!external && rule.most_parts() <= 1).then(|| HeapTable {
            rule,
            measures: Mutex::new(Vec::new()),
        })
    }

    /// The table up to at least `n` (refused past [`TABLE_HEAPS`] or [`TABLE_WORK`]).
    fn grow(&self, table: &mut Vec<[u32; 2]>, n: u64) -> Result<(), AnalysisError> {
        if n < table.len() as u64 {
            return Ok(());
        }
        if n > TABLE_HEAPS {
            return Err(AnalysisError::TooLarge(format!(
                "the heap of {n} is past the table of R and S (heaps up to {TABLE_HEAPS}), and no \
                 arithmetic period of R and S is proved for this rule"
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
        for heap in table.len() as u64..=target {
            let mut options = Vec::new();
            let mut split = false;
            self.rule
                .try_for_each_option(heap, &mut |_, parts| {
                    let measures = match parts {
                        [] => Measures::default(),
                        [part] => {
                            let [r, s] = table[*part as usize];
                            Measures {
                                remoteness: u64::from(r),
                                suspense: u64::from(s),
                            }
                        }
                        _ => {
                            split = true;
                            Measures::default()
                        }
                    };
                    options.push(measures);
                })
                .map_err(|error| AnalysisError::RulesFailed(error.to_string()))?;
            if split {
                return Err(AnalysisError::RulesFailed(format!(
                    "a move from the heap of {heap} splits it, so R and S of single heaps do not \
                     follow from a table"
                )));
            }
            let here = measures_of(&options);
            // R and S are at most the heap size, which is below 2^32 here.
            table.push([here.remoteness as u32, here.suspense as u32]);
        }
        Ok(())
    }

    /// R and S of every heap from 0 to `to`.
    pub fn values(&self, to: u64) -> Result<Vec<Measures>, AnalysisError> {
        let mut table = self.lock();
        self.grow(&mut table, to)?;
        Ok(table[..=to as usize]
            .iter()
            .map(|&[r, s]| Measures {
                remoteness: u64::from(r),
                suspense: u64::from(s),
            })
            .collect())
    }

    /// The arithmetic periods of R and S proved by the heaps up to `to` (see
    /// [`super::period`]): only for rules with a largest take.
    pub fn periods(&self, to: u64) -> Result<HeapPeriods, AnalysisError> {
        let Some((_, reach)) = self.rule.theorem() else {
            return Ok(HeapPeriods {
                remoteness: None,
                suspense: None,
                no_theorem: Some(
                    "a move may take any number of tokens, so no window of heaps determines the \
                     next: no period is claimed",
                ),
            });
        };
        let values = self.values(to)?;
        let r: Vec<u64> = values.iter().map(|m| m.remoteness).collect();
        let s: Vec<u64> = values.iter().map(|m| m.suspense).collect();
        Ok(HeapPeriods {
            remoteness: prove_arithmetic(&r, reach),
            suspense: prove_arithmetic(&s, reach),
            no_theorem: None,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<[u32; 2]>> {
        self.measures
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// R and S of a heap of `n`: from the table (computed up to `n` if needed), or past
    /// [`TABLE_HEAPS`] from the proved periods; refused when neither reaches.
    pub fn measures(&self, n: u64) -> Result<Measures, AnalysisError> {
        if n > TABLE_HEAPS {
            let periods = self.periods(PROOF_HEAPS)?;
            if periods.remoteness.is_none() || periods.suspense.is_none() {
                return Err(AnalysisError::TooLarge(format!(
                    "the heap of {n} is past the table of R and S (heaps up to {TABLE_HEAPS}), \
                     and no arithmetic period of both R and S is proved for this rule"
                )));
            }
            let values = self.values(PROOF_HEAPS)?;
            let r: Vec<u64> = values.iter().map(|m| m.remoteness).collect();
            let s: Vec<u64> = values.iter().map(|m| m.suspense).collect();
            let extended = periods
                .remoteness
                .zip(periods.suspense)
                .and_then(|(pr, ps)| Some((pr.extend(&r, n)?, ps.extend(&s, n)?)));
            return match extended {
                Some((remoteness, suspense)) => Ok(Measures {
                    remoteness,
                    suspense,
                }),
                None => Err(AnalysisError::TooLarge(format!(
                    "the heap of {n} is past the table of R and S (heaps up to {TABLE_HEAPS}), \
                     and no arithmetic period of both R and S is proved by the heaps up to \
                     {PROOF_HEAPS}"
                ))),
            };
        }
        let mut table = self.lock();
        self.grow(&mut table, n)?;
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
    use crate::families::heap_rule::HeapRule;
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
        // sub:1,2 has proved periods: any heap has R and S.
        let huge = table.measures(3 * 10u64.pow(17)).unwrap();
        assert_eq!(huge.remoteness, 2 * 10u64.pow(17));
        let allbut = HeapRule::resolve("allbut:1,2").unwrap().unwrap();
        let table = HeapTable::new(allbut.compile()).unwrap();
        let error = table.measures(TABLE_HEAPS + 1).unwrap_err();
        assert!(error.to_string().contains("past the table"), "{error}");
    }
}
