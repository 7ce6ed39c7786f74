//! Heap games under misère play: the misère quotient of the heaps built on demand (one per
//! rule, shared by every position of the rule's game), and exhaustive misère search within its
//! limit for positions with a heap past the quotient.
//!
//! See [`crate::misere::quotient`] for the theory: a position is lost exactly when the product
//! of its heaps' elements lies in the P-portion, and a move wins exactly when it replaces one
//! heap by parts whose element, times the rest, lies there.

use super::heap_rule::HeapRule;
use super::heaps::{HeapMove, Heaps};
use crate::misere::MisereError;
use crate::misere::construction::Limits;
use crate::misere::game::{MisereTheory, search_winning_moves};
use crate::misere::monoid::Element;
use crate::misere::quotient::MisereQuotient;
use crate::misere::search::{DEFAULT_MISERE_POSITIONS, MisereSearch};
use crate::theory::{AnalysisError, MoveCollector, WinningMove, WinningMoves};
use rustc_hash::FxHashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};

/// The options of a heap of `n` under `rule`, in [`crate::misere::HeapOptions`]' form (for
/// heaps whose options are computable: see [`HeapRule::for_each_option`]).
pub fn rule_options(rule: &HeapRule, n: u64, each: &mut dyn FnMut(&[u64])) {
    rule.for_each_option(n, &mut |_, parts| each(parts));
}

/// The largest heap a misère quotient is built to on demand (each heap costs its options).
pub const MAX_QUOTIENT_HEAP: u64 = 20_000;

/// A heap game's misère quotient as far as it is built, and why it stops, if it does.
#[derive(Debug)]
pub struct QuotientState {
    /// The quotient of the heaps built so far.
    pub quotient: MisereQuotient,
    /// Why it cannot be extended past its heaps, once known.
    pub stopped: Option<MisereError>,
}

/// The quotients built so far, one per rule, shared by every position of the rule's game.
static QUOTIENTS: LazyLock<Mutex<FxHashMap<HeapRule, Arc<Mutex<QuotientState>>>>> =
    LazyLock::new(|| Mutex::new(FxHashMap::default()));

/// How long one on-demand extension of a quotient may take (a position's analysis waits for
/// it); a quotient that needs longer is left where it is, and positions past it are searched.
pub const ON_DEMAND_SECONDS: u64 = 10;

/// The largest candidate quotient built on demand.
pub const ON_DEMAND_MAX_ORDER: usize = 4096;

/// The misère quotient of `rule`, built to at least `heap` if it can be (at most
/// [`MAX_QUOTIENT_HEAP`]); once the periodicity theorem solves it, it covers every heap.
pub fn quotient_for(rule: &HeapRule, heap: u64) -> Arc<Mutex<QuotientState>> {
    let state = {
        let mut all = QUOTIENTS
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        Arc::clone(all.entry(rule.clone()).or_insert_with(|| {
            let quotient = match rule.compile().theorem() {
                Some((most_parts, reach)) => MisereQuotient::for_code(most_parts, reach),
                None => MisereQuotient::trivial(),
            };
            Arc::new(Mutex::new(QuotientState {
                quotient,
                stopped: None,
            }))
        }))
    };
    {
        let mut guard = state.lock().unwrap_or_else(|poison| poison.into_inner());
        let target = heap.min(MAX_QUOTIENT_HEAP);
        if guard.stopped.is_none()
            && guard.quotient.solved().is_none()
            && guard.quotient.heaps() < target
        {
            let compiled = rule.compile();
            let options = |n: u64, each: &mut dyn FnMut(&[u64])| {
                compiled.for_each_option(n, &mut |_, parts| each(parts));
            };
            let limits = Limits {
                max_order: ON_DEMAND_MAX_ORDER,
                deadline: Some(Instant::now() + Duration::from_secs(ON_DEMAND_SECONDS)),
                interrupt: None,
                note: None,
                ..Limits::default()
            };
            while guard.quotient.solved().is_none() && guard.quotient.heaps() < target {
                let next = guard.quotient.heaps() + 1;
                // An external rule's options are computed (and may fail) before the heap is
                // added, so that a failure never leaves a heap half added.
                if let Err(error) = compiled.try_for_each_option(next, &mut |_, _| {}) {
                    guard.stopped = Some(MisereError::Unsupported(error.to_string()));
                    break;
                }
                if let Err(error) =
                    guard
                        .quotient
                        .extend_within(&options, next, &limits, &mut |_, _| {})
                {
                    guard.stopped = Some(error);
                    break;
                }
            }
        }
    }
    state
}

impl MisereTheory for Heaps {
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        let largest = self.heaps().last().copied().unwrap_or(0);
        let state = quotient_for(self.rule(), largest);
        let guard = state.lock().unwrap_or_else(|poison| poison.into_inner());
        match guard.quotient.element_of(self.heaps()) {
            Some(element) => Ok(guard.quotient.is_lost(element)),
            None => {
                let why = limit_text(&guard, largest);
                drop(guard);
                MisereSearch::new(DEFAULT_MISERE_POSITIONS)
                    .is_lost(self)
                    .map_err(|error| AnalysisError::TooLarge(format!("{why}; {error}")))
            }
        }
    }

    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let largest = self.heaps().last().copied().unwrap_or(0);
        let state = quotient_for(self.rule(), largest);
        let guard = state.lock().unwrap_or_else(|poison| poison.into_inner());
        let quotient = &guard.quotient;
        let Some(elements) = self
            .heaps()
            .iter()
            .map(|&h| quotient.heap_element(h))
            .collect::<Option<Vec<Element>>>()
        else {
            let why = limit_text(&guard, largest);
            drop(guard);
            return search_winning_moves(self, limit)
                .map_err(|error| AnalysisError::TooLarge(format!("{why}; {error}")));
        };
        let count = elements.len();
        let mut prefix = vec![0 as Element; count + 1];
        for (i, &e) in elements.iter().enumerate() {
            prefix[i + 1] = quotient.multiply(prefix[i], e);
        }
        let mut suffix = vec![0 as Element; count + 1];
        for i in (0..count).rev() {
            suffix[i] = quotient.multiply(elements[i], suffix[i + 1]);
        }
        let mut collector = MoveCollector::new(limit);
        let heaps = self.heaps();
        for (index, &heap) in heaps.iter().enumerate() {
            if index > 0 && heaps[index - 1] == heap {
                continue;
            }
            let rest = quotient.multiply(prefix[index], suffix[index + 1]);
            self.rule().for_each_option(heap, &mut |take, parts| {
                let left = parts.iter().try_fold(0, |product, &part| {
                    quotient
                        .heap_element(part)
                        .map(|e| quotient.multiply(product, e))
                });
                if let Some(left) = left
                    && quotient.is_lost(quotient.multiply(rest, left))
                {
                    collector.push(|| WinningMove {
                        mv: HeapMove {
                            heap: index,
                            take,
                            parts: parts.to_vec(),
                        },
                        reason: format!(
                            "leaves a position in the P-portion of the misère quotient (order {}) \
                             {}",
                            quotient.order(),
                            coverage(quotient)
                        ),
                    });
                }
            });
        }
        Ok(collector.finish())
    }
}

/// What the quotient covers: "of every heap (…)" once solved, else "of the heaps up to n".
fn coverage(quotient: &MisereQuotient) -> String {
    match quotient.solved() {
        Some(solution) => format!(
            "of every heap (Φ periodic from heap {} with period {})",
            solution.preperiod, solution.period
        ),
        None => format!("of the heaps up to {}", quotient.heaps()),
    }
}

/// Why the quotient does not cover a heap.
fn limit_text(state: &QuotientState, heap: u64) -> String {
    match &state.stopped {
        Some(why) => format!(
            "the misère quotient is known for heaps up to {} only ({why})",
            state.quotient.heaps()
        ),
        None => format!(
            "misère quotients are built to heaps of {MAX_QUOTIENT_HEAP} at most (this position \
             has a heap of {heap})"
        ),
    }
}
