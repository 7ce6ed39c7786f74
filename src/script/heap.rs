//! The heap form of a script game: `heap_options(n)` says what one heap of n may become, and the
//! game is a [`HeapRule`](crate::families::HeapRule) like the built-in families — sums of heaps,
//! the nim-sum theory, `table`, all for free.
//!
//! The rule is an [`ExternalHeapRule`]: the families ask it for a heap's options, and it computes
//! (and checks) the options of every heap up to that one on demand, failing as the script fails.
//! Nobody has to prepare heaps first; the cache only saves calls.

use super::engine::Script;
use super::verify::{Checked, HeapReferee, check_conjecture, check_misere_conjecture};
use crate::engine::error::FamilyError;
use crate::engine::rule::{ExternalRule, TakeSizes};
use crate::families::heaps::HeapGame;
use crate::families::{ExternalHeapRule, HeapRule, Heaps, TakeBreakCode};
use crate::game::{Conjecture, Game, GameError};
use crate::games::heap_family::heap_entry;
use crate::misere::Misere;
use crate::search::{DEFAULT_POSITION_LIMIT, GameRules, Search};
use crate::verify::Report;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, RwLock};

/// The largest heap a script heap game computes (each heap is one script call).
pub const HEAP_LIMIT: u64 = 100_000;

/// How long computing the heap options for one table may take in all.
const PREPARE_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// A heap rule given by a script's `heap_options(n)`, with the options computed so far.
pub struct ScriptHeapRule {
    script: Arc<Script>,
    /// The options of heaps 0, 1, …: each a sorted list of the heaps left (empty: nothing left).
    options: RwLock<Vec<Arc<[Vec<u64>]>>>,
}

impl ScriptHeapRule {
    /// The rule of a script that defines `heap_options`.
    pub fn new(script: Arc<Script>) -> Self {
        ScriptHeapRule {
            script,
            options: RwLock::new(vec![Arc::from(Vec::new())]),
        }
    }

    fn computed(&self) -> std::sync::RwLockReadGuard<'_, Vec<Arc<[Vec<u64>]>>> {
        self.options
            .read()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// Computes the options of every heap up to `n` not computed yet, within
    /// [`PREPARE_TIME_LIMIT`] in all.
    fn compute_up_to(&self, n: u64) -> Result<(), FamilyError> {
        if n > HEAP_LIMIT {
            return Err(FamilyError::ScriptHeapTooLarge {
                heap: n,
                script: self.name().to_string(),
                limit: HEAP_LIMIT,
            });
        }
        if (n as usize) < self.computed().len() {
            return Ok(());
        }
        let mut options = self
            .options
            .write()
            .unwrap_or_else(|poison| poison.into_inner());
        let started = std::time::Instant::now();
        for heap in options.len() as u64..=n {
            if started.elapsed() > PREPARE_TIME_LIMIT {
                return Err(FamilyError::ScriptFailed(format!(
                    "{}: heap_options took more than {} seconds to reach a heap of {heap} (on \
                     the way to {n}); use smaller heaps",
                    self.name(),
                    PREPARE_TIME_LIMIT.as_secs()
                )));
            }
            let list = self
                .script
                .heap_options(heap)
                .map_err(FamilyError::ScriptFailed)?;
            options.push(Arc::from(list));
        }
        Ok(())
    }
}

impl ExternalRule for ScriptHeapRule {
    /// The script's name.
    fn name(&self) -> &str {
        self.script.name()
    }

    /// The script's source.
    fn source(&self) -> &str {
        self.script.source()
    }

    /// The rules in a line (with the take-and-break code the options match, if one does).
    fn describe(&self) -> String {
        let rules = match self.script.rules() {
            Some(rules) => format!("{rules} (heap_options in {})", self.name()),
            None => format!("the heap game of heap_options(n) in {}", self.name()),
        };
        match self.recognised_code() {
            Some((code, up_to)) => format!(
                "{rules}; its options are those of take-and-break code {code} on every heap up \
                 to {up_to} computed so far"
            ),
            None => rules,
        }
    }

    fn options(&self, n: u64) -> Result<Arc<[Vec<u64>]>, FamilyError> {
        self.compute_up_to(n)?;
        usize::try_from(n)
            .ok()
            .and_then(|index| self.computed().get(index).cloned())
            .ok_or_else(|| FamilyError::ScriptHeapTooLarge {
                heap: n,
                script: self.name().to_string(),
                limit: HEAP_LIMIT,
            })
    }

    /// The most heaps one move has left so far.
    fn most_parts(&self) -> usize {
        self.computed()
            .iter()
            .flat_map(|options| options.iter().map(Vec::len))
            .max()
            .unwrap_or(0)
    }

    /// How many options the heaps up to `n` have (those not computed yet counted as `n` each).
    fn options_up_to(&self, n: u64) -> u128 {
        let computed = self.computed();
        (0..=n).fold(0u128, |work, heap| {
            let count = usize::try_from(heap)
                .ok()
                .and_then(|heap| computed.get(heap))
                .map_or(u128::from(n), |options| options.len() as u128);
            work.saturating_add(count)
        })
    }
}

impl ExternalHeapRule for ScriptHeapRule {
    /// The take-and-break code whose options are exactly the script's on every heap computed so
    /// far (at least heaps up to 2), with the largest heap compared. Agreement on the heaps
    /// computed is evidence, not proof, that the script is that code.
    fn recognised_code(&self) -> Option<(TakeBreakCode, u64)> {
        let computed: Vec<Arc<[Vec<u64>]>> = self.computed().clone();
        let top = computed.len().checked_sub(1)?;
        if top < 2 {
            return None;
        }
        // Each option removes k tokens and leaves 0 to 3 heaps: k joins that kind's list.
        let mut kinds: [Vec<u64>; 4] = Default::default();
        for (n, options) in computed.iter().enumerate() {
            for parts in options.iter() {
                let left: u64 = parts.iter().sum();
                let removed = (n as u64).checked_sub(left)?;
                kinds.get_mut(parts.len())?.push(removed);
            }
        }
        let [eliminations, reductions, splits, triple_splits] = kinds;
        let sizes = TakeSizes::new(eliminations, reductions, splits, Vec::new(), triple_splits);
        let code = TakeBreakCode::from_take_sizes(&sizes)?;
        for (n, options) in computed.iter().enumerate() {
            let mut theirs: Vec<Vec<u64>> = Vec::new();
            code.for_each_option(n as u64, &mut |_, parts| theirs.push(parts.to_vec()));
            let mut ours = options.to_vec();
            ours.sort_unstable();
            theirs.sort_unstable();
            if ours != theirs {
                return None;
            }
        }
        Some((code, top as u64))
    }
}

impl PartialEq for ScriptHeapRule {
    /// Two rules are the same when they are loads of the same script: the same name and source.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
            || (self.name() == other.name() && self.source() == other.source())
    }
}

impl Eq for ScriptHeapRule {}

impl Hash for ScriptHeapRule {
    /// The name and the source's length (equal rules have both equal).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
        self.source().len().hash(state);
    }
}

impl fmt::Debug for ScriptHeapRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ScriptHeapRule({})", self.name())
    }
}

/// Positions of any heap game as bare heap lists (ascending `u32` sizes), for fast exhaustive
/// search: an option is built by merging the parts into the list, with one allocation, and a
/// stored position is its heaps alone.
pub struct HeapLists {
    rule: HeapRule,
}

impl HeapLists {
    /// The heap lists of `rule`.
    pub fn new(rule: HeapRule) -> Self {
        HeapLists { rule }
    }

    /// The position of these heaps (any order, zeros dropped), checking that they fit.
    pub fn position(&self, heaps: &[u64]) -> Result<Box<[u32]>, String> {
        let mut list = heaps
            .iter()
            .filter(|&&heap| heap > 0)
            .map(|&heap| u32::try_from(heap).map_err(|_| format!("a heap of {heap} is too large")))
            .collect::<Result<Vec<u32>, String>>()?;
        list.sort_unstable();
        Ok(list.into_boxed_slice())
    }
}

impl crate::search::Rules for HeapLists {
    type Position = Box<[u32]>;

    fn options(&self, heaps: &Box<[u32]>) -> Result<Vec<Box<[u32]>>, String> {
        let mut options = Vec::new();
        for (index, &heap) in heaps.iter().enumerate() {
            if index > 0 && heaps[index - 1] == heap {
                continue;
            }
            let mut visit = |_: u64, parts: &[u64]| {
                let mut option = Vec::with_capacity(heaps.len() - 1 + parts.len());
                let mut part = parts.iter().map(|&p| p as u32).peekable();
                for (at, &other) in heaps.iter().enumerate() {
                    if at == index {
                        continue;
                    }
                    while let Some(next) = part.next_if(|&p| p <= other) {
                        option.push(next);
                    }
                    option.push(other);
                }
                option.extend(part);
                options.push(option.into_boxed_slice());
            };
            self.rule
                .compile()
                .try_for_each_option(u64::from(heap), &mut visit)
                .map_err(|error| error.to_string())?;
        }
        Ok(options)
    }

    fn show(&self, heaps: &Box<[u32]>) -> String {
        let heaps: Vec<String> = heaps.iter().map(u32::to_string).collect();
        heaps.join(" ")
    }
}

/// A heap-form script's conjecture (`grundy(p)` / `is_lost(p)`), checked by `verify` after the
/// nim-sum theory of the script's heap game.
struct HeapConjecture {
    script: Arc<Script>,
    heap_game: Arc<HeapGame>,
}

/// A heap-form script's misère conjecture (`misere_is_lost(p)`), checked by `verify --misere`
/// after the heap game's misère theory, against exhaustive misère search.
struct MisereHeapConjecture {
    normal: HeapConjecture,
}

/// The game of a script that defines `heap_options`: the heap game of its rule (like `kayles`:
/// sums, the nim-sum theory, `table`), with the script's conjecture checked by `verify`.
pub fn heap_script_game(script: Arc<Script>) -> Box<dyn Game> {
    let rule = Arc::new(ScriptHeapRule::new(Arc::clone(&script)));
    let mut entry = heap_entry(HeapRule::Script(rule.clone()));
    if let Some(heap_game) = entry.heap_game.clone() {
        entry.conjecture = Some(Arc::new(HeapConjecture { script, heap_game }));
    }
    Box::new(entry)
}

impl HeapConjecture {
    /// The positions a script's `positions(size)` lists, as heap positions.
    fn script_positions(&self, size: u64) -> Result<Vec<Heaps>, String> {
        self.script
            .positions(size)?
            .iter()
            .map(|cells| {
                let heaps = cells
                    .iter()
                    .map(|&cell| u64::try_from(cell).ok().filter(|&heap| heap > 0))
                    .collect::<Option<Vec<u64>>>()
                    .ok_or_else(|| {
                        format!(
                            "{}: positions({size}) lists {cells:?}; a heap position holds heaps \
                             of at least 1",
                            self.script.name()
                        )
                    })?;
                self.heap_game
                    .position(heaps)
                    .map_err(|error| error.to_string())
            })
            .collect()
    }

    fn check(&self, positions: &[Heaps]) -> Checked {
        let script = &self.script;
        let claims = |position: &Heaps| {
            let cells: Vec<i64> = position.heaps().iter().map(|&heap| heap as i64).collect();
            script.claims(&cells)
        };
        check_conjecture(script.name(), &HeapReferee, positions, &claims)
    }

    fn has_conjecture(&self) -> bool {
        self.script.defined().grundy || self.script.defined().is_lost
    }
}

impl Conjecture<Heaps> for HeapConjecture {
    /// The conjecture (if the script states one) on `positions(size)`, or on the heap game's
    /// small positions when the script lists none.
    fn verify(&self, size: u64, small_positions: &[Heaps]) -> Result<Option<Report>, GameError> {
        if !self.has_conjecture() {
            return Ok(None);
        }
        let report = if self.script.defined().positions {
            let positions = self.script_positions(size).map_err(GameError::Script)?;
            self.check(&positions)
        } else {
            self.check(small_positions)
        };
        Ok(Some(report.map_err(GameError::Script)?))
    }

    fn misere(&self) -> Option<Box<dyn Conjecture<Misere<Heaps>>>> {
        Some(Box::new(MisereHeapConjecture {
            normal: HeapConjecture {
                script: Arc::clone(&self.script),
                heap_game: Arc::clone(&self.heap_game),
            },
        }))
    }

    fn verify_from(&self, start: &Heaps) -> Result<Report, GameError> {
        if !self.has_conjecture() {
            return Err(GameError::Unsupported(format!(
                "{} defines no conjecture: add `fn grundy(position)` or `fn is_lost(position)`",
                self.script.name()
            )));
        }
        // Every position reachable from the start, each after its options.
        let search = Search::new(Arc::new(GameRules::<Heaps>::new()), DEFAULT_POSITION_LIMIT);
        let mut reachable = Vec::new();
        search
            .value_recording(start, &mut reachable)
            .map_err(|e| GameError::Script(e.to_string()))?;
        self.check(&reachable).map_err(GameError::Script)
    }
}

impl MisereHeapConjecture {
    fn check(&self, positions: &[Heaps]) -> Checked {
        let script = &self.normal.script;
        let claims = |position: &Heaps| {
            let cells: Vec<i64> = position.heaps().iter().map(|&heap| heap as i64).collect();
            script.misere_claim(&cells)
        };
        check_misere_conjecture(script.name(), positions, &claims)
    }
}

impl Conjecture<Misere<Heaps>> for MisereHeapConjecture {
    /// `misere_is_lost` (if the script defines it) on `positions(size)`, or on the heap game's
    /// small positions when the script lists none.
    fn verify(
        &self,
        size: u64,
        small_positions: &[Misere<Heaps>],
    ) -> Result<Option<Report>, GameError> {
        if !self.normal.script.defined().misere_is_lost {
            return Ok(None);
        }
        let positions = if self.normal.script.defined().positions {
            self.normal
                .script_positions(size)
                .map_err(GameError::Script)?
        } else {
            small_positions
                .iter()
                .map(|position| position.0.clone())
                .collect()
        };
        Ok(Some(self.check(&positions).map_err(GameError::Script)?))
    }

    fn verify_from(&self, start: &Misere<Heaps>) -> Result<Report, GameError> {
        if !self.normal.script.defined().misere_is_lost {
            return Err(GameError::Unsupported(format!(
                "{} defines no misère conjecture: add `fn misere_is_lost(position)`",
                self.normal.script.name()
            )));
        }
        let search = Search::new(Arc::new(GameRules::<Heaps>::new()), DEFAULT_POSITION_LIMIT);
        let mut reachable = Vec::new();
        search
            .value_recording(&start.0, &mut reachable)
            .map_err(|e| GameError::Script(e.to_string()))?;
        self.check(&reachable).map_err(GameError::Script)
    }
}
