//! Heap games under misère play: the misère quotient of the heaps built on demand (one per
//! rule, shared by every position of the rule's game), and exhaustive misère search within its
//! limit for positions with a heap past the quotient.
//!
//! **The same answer every time.** A quotient is built heap by heap within limits counted in
//! work — the largest candidate, the candidates one heap may try, the steps of work from heap 0
//! — never in time, and the construction is deterministic: how far the quotient of a rule gets,
//! and the heap where it stops, are the same in every process, under any load, after any
//! history. A position is answered from the quotient of its own heaps (a quotient built further
//! for an earlier question decides it the same way and is reported as the quotient of the
//! position's heaps), or, past the stop, by exhaustive search within a limit of positions. So
//! `analyze … --misere`, `grundy serve` and a notebook give one question one answer, byte for
//! byte. The quotients of the [`QUOTIENT_CACHE_SIZE`] rules used last are kept; one dropped is
//! built again, to the same heaps.
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
use std::sync::{Arc, LazyLock, Mutex};

/// The options of a heap of `n` under `rule`, in [`crate::misere::HeapOptions`]' form (for
/// heaps whose options are computable: see [`HeapRule::for_each_option`]).
pub fn rule_options(rule: &HeapRule, n: u64, each: &mut dyn FnMut(&[u64])) {
    rule.for_each_option(n, &mut |_, parts| each(parts));
}

/// The largest heap a misère quotient is built to on demand (each heap costs its options).
pub const MAX_QUOTIENT_HEAP: u64 = 20_000;

/// The largest candidate quotient built on demand (elements).
pub const ON_DEMAND_MAX_ORDER: usize = 4096;

/// The most candidate quotients one heap may try on demand.
pub const ON_DEMAND_MAX_CANDIDATES: usize = 1000;

/// The most steps of work a quotient built on demand may take in all, counted from heap 0 (see
/// [`crate::misere::construction`]'s limits: positions the searches visit, elements and products
/// computed). With [`ON_DEMAND_MAX_ORDER`] and [`ON_DEMAND_MAX_CANDIDATES`] it decides where a
/// quotient built on demand stops, the same in every process, under any load, after any
/// history; no clock does. 5 to 10 s of work on an idle 2-core machine (0.744 reaches heap 72).
pub const ON_DEMAND_WORK: u64 = 300_000_000;

/// How many rules' quotients are kept at once: the least recently used is dropped past it (a
/// quotient dropped is built again when asked for, to the same heaps and the same stop).
pub const QUOTIENT_CACHE_SIZE: usize = 16;

/// A heap game's misère quotient as far as it is built, and why it stops, if it does.
#[derive(Debug)]
pub struct QuotientState {
    /// The quotient of the heaps built so far.
    pub quotient: MisereQuotient,
    /// Why it cannot be extended past its heaps, once known: a limit of the construction, met
    /// at the same heap whatever the history of the process (a rule's own failure to give a
    /// heap's options is not kept: the next question asks the rule again).
    pub stopped: Option<MisereError>,
}

/// A rule's quotient, shared by the questions that read or extend it.
type SharedState = Arc<Mutex<QuotientState>>;

/// The quotients built so far, most recently used first, at most [`QUOTIENT_CACHE_SIZE`], keyed
/// by the rule (a script's rule by its name and source: two loads of one script share).
static QUOTIENTS: LazyLock<Mutex<Vec<(HeapRule, SharedState)>>> =
    LazyLock::new(|| Mutex::new(Vec::new()));

/// The quotient state of `rule` from the cache, or a new one (dropping the least recently used
/// past [`QUOTIENT_CACHE_SIZE`]); now the most recently used.
fn cached_state(rule: &HeapRule) -> SharedState {
    let mut all = QUOTIENTS
        .lock()
        .unwrap_or_else(|poison| poison.into_inner());
    let entry = match all.iter().position(|(cached, _)| cached == rule) {
        Some(at) => all.remove(at),
        None => {
            let quotient = match rule.compile().theorem() {
                Some((most_parts, reach)) => MisereQuotient::for_code(most_parts, reach),
                None => MisereQuotient::trivial(),
            };
            let state = QuotientState {
                quotient: quotient.within_work(ON_DEMAND_WORK),
                stopped: None,
            };
            (rule.clone(), Arc::new(Mutex::new(state)))
        }
    };
    let state = Arc::clone(&entry.1);
    all.insert(0, entry);
    all.truncate(QUOTIENT_CACHE_SIZE);
    state
}

/// How many rules' quotients are cached now (at most [`QUOTIENT_CACHE_SIZE`]).
pub fn cached_quotients() -> usize {
    QUOTIENTS
        .lock()
        .unwrap_or_else(|poison| poison.into_inner())
        .len()
}

/// The misère quotient of `rule`, built to at least `heap` if it can be (at most
/// [`MAX_QUOTIENT_HEAP`]); once the periodicity theorem solves it, it covers every heap. Each
/// heap is added within the on-demand limits ([`ON_DEMAND_MAX_ORDER`],
/// [`ON_DEMAND_MAX_CANDIDATES`], [`ON_DEMAND_WORK`]), all counted in work: the heaps it covers
/// for a given `heap` and where it stops depend on the rule alone, not on the machine, its load,
/// or the questions asked before. The second value is the rule's own failure to give the
/// options of the next heap, if that is where it stopped this time.
pub fn quotient_for(rule: &HeapRule, heap: u64) -> (Arc<Mutex<QuotientState>>, Option<String>) {
    let state = cached_state(rule);
    let mut failed = None;
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
                max_candidates: ON_DEMAND_MAX_CANDIDATES,
                ..Limits::default()
            };
            while guard.quotient.solved().is_none() && guard.quotient.heaps() < target {
                let next = guard.quotient.heaps() + 1;
                // An external rule's options are computed (and may fail) before the heap is
                // added, so that a failure never leaves a heap half added.
                if let Err(error) = compiled.try_for_each_option(next, &mut |_, _| {}) {
                    failed = Some(error.to_string());
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
    (state, failed)
}

impl MisereTheory for Heaps {
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        let largest = self.heaps().last().copied().unwrap_or(0);
        let (state, failed) = quotient_for(self.rule(), largest);
        let guard = state.lock().unwrap_or_else(|poison| poison.into_inner());
        match guard.quotient.element_of(self.heaps()) {
            Some(element) => Ok(guard.quotient.is_lost(element)),
            None => {
                let why = limit_text(&guard, failed, largest);
                drop(guard);
                MisereSearch::new(DEFAULT_MISERE_POSITIONS)
                    .is_lost(self)
                    .map_err(|error| AnalysisError::TooLarge(format!("{why}; {error}")))
            }
        }
    }

    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let largest = self.heaps().last().copied().unwrap_or(0);
        let (state, failed) = quotient_for(self.rule(), largest);
        let guard = state.lock().unwrap_or_else(|poison| poison.into_inner());
        let quotient = &guard.quotient;
        let Some(elements) = self
            .heaps()
            .iter()
            .map(|&h| quotient.heap_element(h))
            .collect::<Option<Vec<Element>>>()
        else {
            let why = limit_text(&guard, failed, largest);
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
        // Said of every winning move: what the quotient of this position's heaps is, whatever
        // heaps the cached quotient covers besides.
        let reason = format!(
            "leaves a position in the P-portion of the misère quotient {}",
            coverage(quotient, largest)
        );
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
                        reason: reason.clone(),
                    });
                }
            });
        }
        Ok(collector.finish())
    }
}

/// The quotient that decides a position whose largest heap is `largest`, as said of a winning
/// move: "(order k) of every heap (…)" when the periodicity theorem had solved it by that heap,
/// else "(order k) of the heaps up to `largest`", the quotient of those heaps — what a process
/// that was asked nothing else would say, however far `quotient` is built.
fn coverage(quotient: &MisereQuotient, largest: u64) -> String {
    match quotient.solved() {
        Some(solution) if solution.at <= largest => format!(
            "(order {}) of every heap (Φ periodic from heap {} with period {})",
            quotient.order(),
            solution.preperiod,
            solution.period
        ),
        _ => {
            let order = usize::try_from(largest)
                .ok()
                .and_then(|heap| quotient.orders().get(heap))
                .copied()
                .unwrap_or_else(|| quotient.order());
            format!("(order {order}) of the heaps up to {largest}")
        }
    }
}

/// Why the quotient does not cover a heap: where its construction stopped, or the rule's
/// failure to give the next heap's options (`failed`), or the largest heap built on demand.
fn limit_text(state: &QuotientState, failed: Option<String>, heap: u64) -> String {
    match state.stopped.as_ref().map(ToString::to_string).or(failed) {
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
