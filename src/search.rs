//! Exhaustive search as a theory: analyse, play and verify any game that has no fast theory.
//!
//! [`ExhaustiveSolver`](crate::core::ExhaustiveSolver) is the referee for games whose rules are Rust
//! code and cannot fail. This module serves games whose rules may fail or misbehave — a script's
//! `options` can throw, run too long, or lead back to a position already on the path (a game
//! that can go on forever) — and games that have nothing better than brute force:
//!
//! * [`Rules`] — a game given by a fallible options function, a notation and move names.
//!   [`GameRules`] turns any [`ImpartialGame`] into [`Rules`].
//! * [`Search`] — the memo of one session (shared by every command on the game), filled by an
//!   iterative depth-first search that detects cycles and refuses to store more than a limit of
//!   positions.
//! * [`Searched`] — a position together with its session's [`Search`]: it implements
//!   [`ImpartialGame`] and [`Theory`], so `analyze`, `play` and `verify` work on it unchanged.
//!
//! **Theory.** The value of a position is the mex of its options' values (Sprague–Grundy); the
//! search computes it bottom-up, each position once. A position met again while it is still on
//! the search path is a cycle, so the game is not short and has no Grundy value: the search stops
//! and reports the cycle.
//!
//! **Parallelism.** When computing options is expensive (a script), the options of the unsolved
//! options of the position on top of the path are computed together on every core before the
//! search descends into them; each position's options are still computed exactly once.

use crate::core::{ImpartialGame, Nimber, Winner, mex};
use crate::notation::Notation;
use crate::theory::{AnalysisError, MoveCollector, Theory, WinningMove, WinningMoves};
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many positions a [`Search`] stores at most by default: about a gigabyte for positions of
/// a few small numbers (see the README for the measured memory per position).
pub const DEFAULT_POSITION_LIMIT: usize = 10_000_000;

/// A game given by its options, which may fail to compute.
pub trait Rules: Send + Sync {
    /// A position.
    type Position: Clone + Eq + Hash + Send + Sync + fmt::Debug;

    /// The positions one move leads to. An error stops the search and is reported as it is.
    fn options(&self, position: &Self::Position) -> Result<Vec<Self::Position>, String>;

    /// A position in the game's notation.
    fn show(&self, position: &Self::Position) -> String;

    /// The name of the move from `from` to `to` (`to` is one of the options of `from`); by
    /// default the notation of `to`.
    fn move_name(&self, from: &Self::Position, to: &Self::Position) -> String {
        let _ = from;
        self.show(to)
    }

    /// Whether computing options is costly enough to be worth spreading over threads; `false`
    /// for games whose options are Rust code.
    fn costly_options(&self) -> bool {
        false
    }
}

/// The [`Rules`] of an [`ImpartialGame`] written in Rust (options cannot fail).
pub struct GameRules<G>(PhantomData<fn() -> G>);

impl<G> GameRules<G> {
    /// The rules of `G`.
    pub fn new() -> Self {
        GameRules(PhantomData)
    }
}

impl<G> Default for GameRules<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G> Rules for GameRules<G>
where
    G: ImpartialGame + fmt::Display + fmt::Debug + Send + Sync,
{
    type Position = G;

    fn options(&self, position: &G) -> Result<Vec<G>, String> {
        Ok(position.options())
    }

    fn show(&self, position: &G) -> String {
        position.to_string()
    }
}

/// Why a search stopped without a value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The positions reachable from the root are more than the limit.
    #[error(
        "the position is too large for exhaustive search: it reaches more than {limit} positions \
         (the limit); try a smaller one"
    )]
    TooLarge {
        /// The limit that was passed.
        limit: usize,
    },
    /// A position leads back to itself: the game can go on forever and has no Grundy value.
    #[error(
        "the game can go on forever: a position repeats ({}); impartial games must end",
        .0.join(" -> ")
    )]
    Cycle(Vec<String>),
    /// The rules failed (a script error).
    #[error("{0}")]
    Rules(String),
}

/// One position on the search path: its options, and the values of the first ones (those known
/// to be solved, in order).
struct Frame<P> {
    position: P,
    options: Vec<P>,
    values: Vec<u32>,
}

impl<P> Frame<P> {
    fn new(position: P, options: Vec<P>) -> Self {
        let values = Vec::with_capacity(options.len());
        Frame {
            position,
            options,
            values,
        }
    }
}

/// The memo and limits of one search session.
struct Memo<P> {
    values: FxHashMap<P, u32>,
    /// Options computed ahead (in parallel) for positions not yet on the path.
    ahead: FxHashMap<P, Vec<P>>,
    /// Total time spent computing options, and how many lists: to decide whether computing them
    /// ahead in parallel pays.
    option_time: Duration,
    option_calls: u64,
}

/// The exhaustive search of one game, with a memo shared by every question asked of it.
pub struct Search<R: Rules> {
    rules: Arc<R>,
    limit: usize,
    memo: Mutex<Memo<R::Position>>,
}

/// Options taking longer than this on average are computed ahead in parallel.
const PARALLEL_THRESHOLD: Duration = Duration::from_micros(20);

/// At most this many options' option lists are computed ahead at once.
const AHEAD_BATCH: usize = 64;

impl<R: Rules> Search<R> {
    /// A search with an empty memo storing at most `limit` positions.
    pub fn new(rules: Arc<R>, limit: usize) -> Self {
        Search {
            rules,
            limit,
            memo: Mutex::new(Memo {
                values: FxHashMap::default(),
                ahead: FxHashMap::default(),
                option_time: Duration::ZERO,
                option_calls: 0,
            }),
        }
    }

    /// The rules searched.
    pub fn rules(&self) -> &Arc<R> {
        &self.rules
    }

    /// How many positions are solved so far.
    pub fn positions_solved(&self) -> usize {
        self.lock().values.len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Memo<R::Position>> {
        self.memo
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// The Grundy value of `root`, by exhaustive search.
    pub fn value(&self, root: &R::Position) -> Result<Nimber, SearchError> {
        self.solve(root, None)
    }

    /// The Grundy value of `root`; every position solved by this call (not those solved before)
    /// is appended to `solved` in the order solved: each after all of its options.
    pub fn value_recording(
        &self,
        root: &R::Position,
        solved: &mut Vec<R::Position>,
    ) -> Result<Nimber, SearchError> {
        self.solve(root, Some(solved))
    }

    /// The value of a position already solved, if it is.
    pub fn known_value(&self, position: &R::Position) -> Option<Nimber> {
        self.lock()
            .values
            .get(position)
            .map(|&value| Nimber(u64::from(value)))
    }

    fn solve(
        &self,
        root: &R::Position,
        mut solved: Option<&mut Vec<R::Position>>,
    ) -> Result<Nimber, SearchError> {
        let mut memo = self.lock();
        if let Some(&value) = memo.values.get(root) {
            return Ok(Nimber(u64::from(value)));
        }
        let mut on_path: FxHashSet<R::Position> = FxHashSet::default();
        let options = self.options_of(&mut memo, root)?;
        on_path.insert(root.clone());
        let mut path = vec![Frame::new(root.clone(), options)];
        while let Some(frame) = path.last_mut() {
            let values = &memo.values;
            while let Some(&value) = frame
                .options
                .get(frame.values.len())
                .and_then(|option| values.get(option))
            {
                frame.values.push(value);
            }
            if frame.values.len() < frame.options.len() {
                let child = frame.options[frame.values.len()].clone();
                if on_path.contains(&child) {
                    return Err(self.cycle(&path, &child));
                }
                if memo.values.len() + path.len() >= self.limit {
                    return Err(SearchError::TooLarge { limit: self.limit });
                }
                if self.rules.costly_options() {
                    let frame = path.last().expect("the path is not empty");
                    self.compute_ahead(&mut memo, &frame.options[frame.values.len()..]);
                }
                let options = self.options_of(&mut memo, &child)?;
                on_path.insert(child.clone());
                path.push(Frame::new(child, options));
            } else {
                let frame = path.pop().expect("the path is not empty");
                let value = mex(frame.values.iter().map(|&value| Nimber(u64::from(value))));
                let value = u32::try_from(value.0).expect("a mex is at most the option count");
                on_path.remove(&frame.position);
                if let Some(solved) = solved.as_deref_mut() {
                    solved.push(frame.position.clone());
                }
                memo.values.insert(frame.position, value);
            }
        }
        Ok(Nimber(u64::from(memo.values[root])))
    }

    /// The cycle closed by moving to `repeated` from the top of `path`.
    fn cycle(&self, path: &[Frame<R::Position>], repeated: &R::Position) -> SearchError {
        let start = path
            .iter()
            .position(|frame| &frame.position == repeated)
            .unwrap_or(0);
        let mut shown: Vec<String> = path[start..]
            .iter()
            .map(|frame| format!("`{}`", self.rules.show(&frame.position)))
            .collect();
        shown.push(format!("`{}`", self.rules.show(repeated)));
        SearchError::Cycle(shown)
    }

    /// The options of `position`: computed ahead, or computed now (and timed).
    fn options_of(
        &self,
        memo: &mut Memo<R::Position>,
        position: &R::Position,
    ) -> Result<Vec<R::Position>, SearchError> {
        if let Some(options) = memo.ahead.remove(position) {
            return Ok(options);
        }
        let started = Instant::now();
        let options = self.rules.options(position).map_err(SearchError::Rules)?;
        memo.option_time += started.elapsed();
        memo.option_calls += 1;
        Ok(options)
    }

    /// Computes, in parallel, the options of the next unsolved positions among `siblings` that
    /// have none computed yet — when options are slow enough for threads to pay.
    fn compute_ahead(&self, memo: &mut Memo<R::Position>, siblings: &[R::Position]) {
        let slow = memo.option_calls >= 16
            && memo.option_time / u32::try_from(memo.option_calls).unwrap_or(u32::MAX)
                >= PARALLEL_THRESHOLD;
        if !slow || rayon::current_num_threads() < 2 {
            return;
        }
        let mut wanted: Vec<&R::Position> = Vec::new();
        for sibling in siblings {
            if !memo.values.contains_key(sibling)
                && !memo.ahead.contains_key(sibling)
                && !wanted.contains(&sibling)
            {
                wanted.push(sibling);
                if wanted.len() == AHEAD_BATCH {
                    break;
                }
            }
        }
        if wanted.len() < 2 {
            return;
        }
        let computed: Vec<(R::Position, Vec<R::Position>)> = wanted
            .par_iter()
            .filter_map(|&position| {
                // An error is left to surface when the position is reached in order.
                let options = self.rules.options(position).ok()?;
                Some((position.clone(), options))
            })
            .collect();
        memo.ahead.extend(computed);
    }
}

/// A position of a game solved by exhaustive search, with the session's memo.
///
/// Its [`Theory`] is the search itself: the winner and Grundy value of the position, and every
/// move to a position of value 0. [`ImpartialGame::moves`] asks the rules again, which is only
/// meant for positions the search has reached (so their options are known to compute); should
/// they fail after all, the position has no moves.
pub struct Searched<R: Rules> {
    search: Arc<Search<R>>,
    position: R::Position,
}

impl<R: Rules> Searched<R> {
    /// `position` of the game searched by `search`.
    pub fn new(search: Arc<Search<R>>, position: R::Position) -> Self {
        Searched { search, position }
    }

    /// The position.
    pub fn position(&self) -> &R::Position {
        &self.position
    }

    /// The session's search.
    pub fn search(&self) -> &Arc<Search<R>> {
        &self.search
    }

    /// The Grundy value, by exhaustive search.
    pub fn value(&self) -> Result<Nimber, SearchError> {
        self.search.value(&self.position)
    }

    /// The options, failing as the rules fail.
    pub fn try_options(&self) -> Result<Vec<R::Position>, SearchError> {
        self.search
            .rules
            .options(&self.position)
            .map_err(SearchError::Rules)
    }
}

impl<R: Rules> Clone for Searched<R> {
    fn clone(&self) -> Self {
        Searched {
            search: Arc::clone(&self.search),
            position: self.position.clone(),
        }
    }
}

impl<R: Rules> PartialEq for Searched<R> {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
    }
}

impl<R: Rules> Eq for Searched<R> {}

impl<R: Rules> Hash for Searched<R> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.position.hash(state);
    }
}

impl<R: Rules> fmt::Debug for Searched<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Searched({:?})", self.position)
    }
}

impl<R: Rules> fmt::Display for Searched<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.search.rules.show(&self.position))
    }
}

impl<R: Rules> ImpartialGame for Searched<R> {
    /// A move is the position it leads to.
    type Move = R::Position;

    fn moves(&self) -> Vec<R::Position> {
        self.try_options().unwrap_or_default()
    }

    fn play(&self, mv: &R::Position) -> Self {
        Searched {
            search: Arc::clone(&self.search),
            position: mv.clone(),
        }
    }
}

/// A search that stopped is an analysis the search cannot give: too large, or rules that failed.
impl From<SearchError> for AnalysisError {
    fn from(error: SearchError) -> AnalysisError {
        match error {
            SearchError::TooLarge { .. } => AnalysisError::TooLarge(error.to_string()),
            SearchError::Cycle(_) | SearchError::Rules(_) => {
                AnalysisError::RulesFailed(error.to_string())
            }
        }
    }
}

impl<R: Rules> Theory for Searched<R> {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(self.value()?.winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        self.value().ok()
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let mut collector = MoveCollector::new(limit);
        if self.value()? == Nimber::ZERO {
            return Ok(collector.finish());
        }
        let mut seen: FxHashSet<R::Position> = FxHashSet::default();
        for option in self.try_options()? {
            if seen.contains(&option) {
                continue;
            }
            if self.search.value(&option)? == Nimber::ZERO {
                collector.push(|| WinningMove {
                    mv: option.clone(),
                    reason: "leaves a position of Grundy value 0 (exhaustive search)".to_string(),
                });
            }
            seen.insert(option);
        }
        Ok(collector.finish())
    }
}

impl<R: Rules> Notation for Searched<R> {
    fn format_move(&self, mv: &R::Position) -> String {
        self.search.rules.move_name(&self.position, mv)
    }

    fn parse_move(&self, text: &str) -> Result<R::Position, String> {
        let text = text.trim();
        let options = self.try_options().map_err(|e| e.to_string())?;
        options
            .iter()
            .find(|option| self.search.rules.move_name(&self.position, option) == text)
            .cloned()
            .ok_or_else(|| {
                let names: Vec<String> = options
                    .iter()
                    .take(20)
                    .map(|option| self.search.rules.move_name(&self.position, option))
                    .collect();
                format!(
                    "`{text}` is not a legal move here; the moves are: {}{}",
                    names.join(", "),
                    if options.len() > 20 { ", …" } else { "" }
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ExhaustiveSolver;

    /// Take 1, 3 or 4 from one of several heaps (heaps kept sorted).
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Subtraction(Vec<u64>);

    impl fmt::Display for Subtraction {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{:?}", self.0)
        }
    }

    impl ImpartialGame for Subtraction {
        type Move = (usize, u64);
        fn moves(&self) -> Vec<(usize, u64)> {
            (0..self.0.len())
                .flat_map(|i| [1, 3, 4].map(|k| (i, k)))
                .filter(|&(i, k)| k <= self.0[i])
                .collect()
        }
        fn play(&self, &(i, k): &(usize, u64)) -> Self {
            let mut heaps = self.0.clone();
            heaps[i] -= k;
            heaps.retain(|&h| h > 0);
            heaps.sort_unstable();
            Subtraction(heaps)
        }
    }

    /// A game with a cycle: n -> n - 1, and 3 -> 5.
    struct Loop;

    impl Rules for Loop {
        type Position = u64;
        fn options(&self, &n: &u64) -> Result<Vec<u64>, String> {
            Ok(match n {
                0 => vec![],
                3 => vec![2, 5],
                n => vec![n - 1],
            })
        }
        fn show(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    #[test]
    fn agrees_with_the_exhaustive_solver() {
        let search = Arc::new(Search::new(Arc::new(GameRules::<Subtraction>::new()), 1000));
        let mut referee = ExhaustiveSolver::new();
        for a in 0..8 {
            for b in a..8 {
                let game = Subtraction([a, b].into_iter().filter(|&h| h > 0).collect());
                let searched = Searched::new(Arc::clone(&search), game.clone());
                assert_eq!(searched.value().unwrap(), referee.grundy_value(&game));
                let winning = searched.winning_moves(usize::MAX).unwrap();
                assert_eq!(
                    winning.listed.len(),
                    referee.winning_moves(&game).len(),
                    "{game}"
                );
            }
        }
    }

    #[test]
    fn recording_lists_each_position_after_its_options() {
        let search = Search::new(Arc::new(GameRules::<Subtraction>::new()), 1000);
        let mut solved = Vec::new();
        search
            .value_recording(&Subtraction(vec![3, 5]), &mut solved)
            .unwrap();
        assert_eq!(solved.len(), search.positions_solved());
        for (index, position) in solved.iter().enumerate() {
            for option in position.options() {
                assert!(solved[..index].contains(&option));
            }
        }
    }

    #[test]
    fn cycles_and_limits_are_reported() {
        let search = Search::new(Arc::new(Loop), 100);
        assert_eq!(search.value(&2).unwrap(), Nimber(0));
        assert_eq!(
            search.value(&7).unwrap_err(),
            SearchError::Cycle(vec!["`5`".into(), "`4`".into(), "`3`".into(), "`5`".into()])
        );
        let small = Search::new(Arc::new(GameRules::<Subtraction>::new()), 10);
        assert_eq!(
            small.value(&Subtraction(vec![9, 9, 9])).unwrap_err(),
            SearchError::TooLarge { limit: 10 }
        );
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        struct Chain;
        impl Rules for Chain {
            type Position = u64;
            fn options(&self, &n: &u64) -> Result<Vec<u64>, String> {
                Ok(if n == 0 { vec![] } else { vec![n - 1] })
            }
            fn show(&self, n: &u64) -> String {
                n.to_string()
            }
        }
        let search = Search::new(Arc::new(Chain), 2_000_000);
        assert_eq!(search.value(&1_000_000).unwrap(), Nimber(0));
        assert_eq!(search.value(&999_999).unwrap(), Nimber(1));
    }
}
