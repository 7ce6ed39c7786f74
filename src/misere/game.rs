//! A game under misère play, for the commands: [`Misere`] wraps a position of any game with a
//! [`MisereTheory`], and is itself a position with a [`Theory`], so `analyze`, `play` and
//! `verify` run on it unchanged (and `verify` referees it with the misère solver).
//!
//! A game's misère theory is exact where it has one (misère quotients for heap games, Cairns and
//! Ho's theorem for end-piles); every other position is decided by exhaustive misère search
//! within [`DEFAULT_MISERE_POSITIONS`], and past it refused with the limit named.

use super::quotient::{Element, MisereQuotient};
use super::search::{DEFAULT_MISERE_POSITIONS, MisereSearch};
use super::{MisereError, rule_options};
use crate::core::{ImpartialGame, Nimber, Play, Winner};
use crate::families::{HeapMove, HeapRule, Heaps};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use rustc_hash::FxHashMap;
use std::fmt;
use std::sync::{Arc, LazyLock, Mutex};

/// The error of a misère computation, as the commands report it.
pub(crate) fn analysis_error(error: MisereError) -> AnalysisError {
    AnalysisError(error.to_string())
}

/// A game's theory under misère play. The defaults are exhaustive misère search within
/// [`DEFAULT_MISERE_POSITIONS`]; a game with an exact theory overrides them.
pub trait MisereTheory: Theory {
    /// Whether this position is lost for the player to move under misère play.
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        MisereSearch::new(DEFAULT_MISERE_POSITIONS)
            .is_lost(self)
            .map_err(analysis_error)
    }

    /// Every move that leaves a position lost under misère play (listing at most `limit`,
    /// counting all).
    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        search_winning_moves(self, limit).map_err(analysis_error)
    }
}

/// A position played under the misère convention.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Misere<G>(pub G);

impl<G: fmt::Display> fmt::Display for Misere<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: fmt::Debug> fmt::Debug for Misere<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Misere({:?})", self.0)
    }
}

impl<G: ImpartialGame> ImpartialGame for Misere<G> {
    type Move = G::Move;

    fn moves(&self) -> Vec<G::Move> {
        self.0.moves()
    }

    fn play(&self, mv: &G::Move) -> Self {
        Misere(self.0.play(mv))
    }

    fn move_to(&self, target: &Self) -> Option<G::Move> {
        self.0.move_to(&target.0)
    }

    fn some_moves(&self, limit: usize) -> (Vec<G::Move>, bool) {
        self.0.some_moves(limit)
    }

    fn quiet_move(&self) -> Option<G::Move> {
        self.0.quiet_move()
    }

    fn memo_key(&self) -> Self {
        Misere(self.0.memo_key())
    }

    fn convention() -> Play {
        Play::Misere
    }
}

impl<G: Notation> Notation for Misere<G> {
    fn format_move(&self, mv: &G::Move) -> String {
        self.0.format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<G::Move, String> {
        self.0.parse_move(text)
    }

    fn is_canonical_text(text: &str) -> bool {
        G::is_canonical_text(text)
    }
}

impl<G: MisereTheory> Theory for Misere<G> {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(if self.0.misere_lost()? {
            Winner::Second
        } else {
            Winner::First
        })
    }

    /// The misère Grundy value is not reported: unlike G, it does not add, and no misère theory
    /// here needs it.
    fn grundy_value(&self) -> Option<Nimber> {
        None
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let moves = self.0.misere_winning_moves(limit)?;
        Ok(WinningMoves {
            listed: moves
                .listed
                .into_iter()
                .map(|winning| WinningMove {
                    mv: winning.mv,
                    reason: winning.reason,
                })
                .collect(),
            total: moves.total,
        })
    }
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

/// The misère quotient of `rule`, built to at least `heap` if it can be (at most
/// [`MAX_QUOTIENT_HEAP`]).
pub fn quotient_for(rule: &HeapRule, heap: u64) -> Arc<Mutex<QuotientState>> {
    let state = {
        let mut all = QUOTIENTS
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        Arc::clone(all.entry(rule.clone()).or_insert_with(|| {
            Arc::new(Mutex::new(QuotientState {
                quotient: MisereQuotient::trivial(),
                stopped: None,
            }))
        }))
    };
    {
        let mut guard = state.lock().unwrap_or_else(|poison| poison.into_inner());
        let target = heap.min(MAX_QUOTIENT_HEAP);
        if guard.stopped.is_none() && guard.quotient.heaps() < target {
            let prepared = rule.prepare(target);
            let options = |n: u64, each: &mut dyn FnMut(&[u64])| rule_options(rule, n, each);
            let result = match prepared {
                Ok(()) => guard.quotient.extend(&options, target),
                Err(why) => Err(MisereError::Unsupported(why)),
            };
            if let Err(error) = result {
                guard.stopped = Some(error);
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
                    .map_err(|error| AnalysisError(format!("{why}; {error}")))
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
                .map_err(|error| AnalysisError(format!("{why}; {error}")));
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
                             of the heaps up to {}",
                            quotient.order(),
                            quotient.heaps()
                        ),
                    });
                }
            });
        }
        Ok(collector.finish())
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

/// The default misère winning moves by search (for positions the quotient does not cover).
fn search_winning_moves<G: Theory>(
    position: &G,
    limit: usize,
) -> Result<WinningMoves<G>, MisereError> {
    let mut search = MisereSearch::new(DEFAULT_MISERE_POSITIONS);
    let mut collector = MoveCollector::new(limit);
    let mut seen = rustc_hash::FxHashSet::default();
    for mv in position.moves() {
        let next = position.play(&mv);
        if !seen.insert(next.memo_key()) {
            continue;
        }
        if search.is_lost(&next)? {
            collector.push(|| WinningMove {
                mv,
                reason: "leaves a position lost under misère play (exhaustive misère search)"
                    .to_string(),
            });
        }
    }
    Ok(collector.finish())
}
