//! The heap form of a script game: `heap_options(n)` says what one heap of n may become, and the
//! game is a [`HeapRule`](crate::families::HeapRule) like the built-in families — sums of heaps,
//! the nim-sum theory, `table`, all for free.
//!
//! Script calls can fail, but [`HeapRule::for_each_option`](crate::families::HeapRule) cannot,
//! so the options of every heap up to n are computed (and checked) by [`ScriptHeapRule::prepare`]
//! before any table reaches n; `for_each_option` serves them from the cache.

use super::engine::Script;
use super::verify::{Checked, HeapReferee, check_conjecture};
use crate::enumerate;
use crate::families::{HeapRule, Heaps, TakeBreakCode};
use crate::play::{Ending, Side};
use crate::registry::{self, Game, GameError, GameInfo, MoveOutcome, PositionMoves};
use crate::verify::Report;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::io::{BufRead, Write};
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

    /// The script's name.
    pub fn name(&self) -> &str {
        self.script.name()
    }

    /// The rules in a line (with the take-and-break code the options match, if one does).
    pub fn describe(&self) -> String {
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

    /// The take-and-break code whose options are exactly the script's on every heap computed so
    /// far (at least heaps up to 2), with the largest heap compared. Agreement on the heaps
    /// computed is evidence, not proof, that the script is that code.
    pub fn recognised_code(&self) -> Option<(TakeBreakCode, u64)> {
        let computed: Vec<Arc<[Vec<u64>]>> = self.computed().clone();
        let top = computed.len().checked_sub(1)?;
        if top < 2 {
            return None;
        }
        // Digit d_k gets bit 2^j for a move that removes k tokens and leaves j heaps.
        let mut digits = vec![0u8; top + 1];
        for (n, options) in computed.iter().enumerate() {
            for parts in options.iter() {
                let left: u64 = parts.iter().sum();
                let removed = usize::try_from((n as u64).checked_sub(left)?).ok()?;
                if parts.len() > 3 {
                    return None;
                }
                digits[removed] |= 1 << parts.len();
            }
        }
        if digits[0] & 0b0011 != 0 {
            return None;
        }
        let reach = digits.iter().rposition(|&d| d != 0).unwrap_or(0);
        digits.truncate(reach.max(1) + 1);
        let code = TakeBreakCode::from_digits(&digits);
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

    fn computed(&self) -> std::sync::RwLockReadGuard<'_, Vec<Arc<[Vec<u64>]>>> {
        self.options
            .read()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    /// Computes the options of every heap up to `n` (once), failing as the script fails.
    pub fn prepare(&self, n: u64) -> Result<(), String> {
        if n > HEAP_LIMIT {
            return Err(format!(
                "a heap of {n} is too large for the script {}: script heap games go up to heaps \
                 of {HEAP_LIMIT}",
                self.name()
            ));
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
                return Err(format!(
                    "{}: heap_options took more than {} seconds to reach a heap of {heap} (on \
                     the way to {n}); use smaller heaps",
                    self.name(),
                    PREPARE_TIME_LIMIT.as_secs()
                ));
            }
            let list = self.script.heap_options(heap)?;
            options.push(Arc::from(list));
        }
        Ok(())
    }

    /// Calls `each(k, parts)` for every option of a heap of `n`, where k is the tokens removed
    /// (0 when the parts add up to n or more). Heaps not yet [prepared](Self::prepare) have no
    /// options.
    pub fn for_each_option(&self, n: u64, each: &mut dyn FnMut(u64, &[u64])) {
        let options = usize::try_from(n)
            .ok()
            .and_then(|n| self.computed().get(n).cloned());
        for parts in options.iter().flat_map(|options| options.iter()) {
            let left = parts
                .iter()
                .fold(0u64, |sum, &part| sum.saturating_add(part));
            each(n.saturating_sub(left), parts);
        }
    }

    /// The most heaps one move has left so far.
    pub fn most_parts(&self) -> usize {
        self.computed()
            .iter()
            .flat_map(|options| options.iter().map(Vec::len))
            .max()
            .unwrap_or(0)
    }

    /// How many options the heaps up to `n` have (those not computed yet counted as `n` each).
    pub fn options_up_to(&self, n: u64) -> u128 {
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

impl PartialEq for ScriptHeapRule {
    /// Two rules are the same only if they are the same loaded script.
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for ScriptHeapRule {}

impl Hash for ScriptHeapRule {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
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
        self.rule
            .prepare(list.last().map_or(0, |&largest| u64::from(largest)))?;
        Ok(list.into_boxed_slice())
    }
}

impl crate::core::Rules for HeapLists {
    type Position = Box<[u32]>;

    fn options(&self, heaps: &Box<[u32]>) -> Result<Vec<Box<[u32]>>, String> {
        let mut options = Vec::new();
        for (index, &heap) in heaps.iter().enumerate() {
            if index > 0 && heaps[index - 1] == heap {
                continue;
            }
            self.rule.for_each_option(u64::from(heap), &mut |_, parts| {
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
            });
        }
        Ok(options)
    }

    fn show(&self, heaps: &Box<[u32]>) -> String {
        let heaps: Vec<String> = heaps.iter().map(u32::to_string).collect();
        heaps.join(" ")
    }
}

/// The default `--size` of a heap script's `verify`.
const DEFAULT_SIZE: u64 = 12;

/// A heap-form script game: the heap game of its rule, plus its conjecture.
pub struct ScriptHeapGame {
    script: Arc<Script>,
    rule: Arc<ScriptHeapRule>,
    game: Box<dyn Game>,
}

impl ScriptHeapGame {
    /// The game of a script that defines `heap_options`.
    pub fn new(script: Arc<Script>) -> Self {
        let rule = Arc::new(ScriptHeapRule::new(Arc::clone(&script)));
        let game = registry::heap_game(HeapRule::Script(Arc::clone(&rule)));
        ScriptHeapGame { script, rule, game }
    }

    /// The positions a script's `positions(size)` lists, as heap positions.
    fn script_positions(&self, size: u64) -> Result<Vec<Heaps>, String> {
        let heap_game = self.game.heap_game().expect("a heap game");
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
                let largest = heaps.iter().copied().max().unwrap_or(0);
                self.rule.prepare(largest)?;
                heap_game.position(heaps)
            })
            .collect()
    }

    fn conjecture(&self, positions: &[Heaps]) -> Checked {
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

impl Game for ScriptHeapGame {
    fn info(&self) -> &GameInfo {
        self.game.info()
    }

    fn heap_game(&self) -> Option<&crate::families::heaps::HeapGame> {
        self.game.heap_game()
    }

    fn analyze(
        &self,
        position: &str,
        limit: usize,
        json: bool,
        out: &mut dyn Write,
    ) -> Result<(), GameError> {
        self.game.analyze(position, limit, json, out)
    }

    fn moves(&self, position: &str, limit: usize) -> Result<PositionMoves, GameError> {
        self.game.moves(position, limit)
    }

    fn computer_move(&self, position: &str) -> Result<Option<MoveOutcome>, GameError> {
        self.game.computer_move(position)
    }

    fn play_move(&self, position: &str, entry: &str) -> Result<MoveOutcome, GameError> {
        self.game.play_move(position, entry)
    }

    /// The nim-sum theory against exhaustive search on the heap enumerator's positions, then the
    /// script's conjecture (if any) on `positions(size)` (or the same heap positions).
    fn verify(&self, size: Option<u64>) -> Result<Vec<Report>, String> {
        let size = size.unwrap_or(DEFAULT_SIZE);
        if size > 40 {
            return Err(format!(
                "--size {size} is too large for {} (at most 40)",
                self.script.name()
            ));
        }
        self.rule.prepare(size.saturating_mul(4))?;
        let mut reports = self.game.verify(Some(size))?;
        if self.has_conjecture() {
            let positions = if self.script.defined().positions {
                self.script_positions(size)?
            } else {
                enumerate::heaps(self.game.heap_game().expect("a heap game"), size)
            };
            reports.push(self.conjecture(&positions)?);
        }
        Ok(reports)
    }

    fn verify_from(&self, position: &str) -> Result<Vec<Report>, String> {
        if !self.has_conjecture() {
            return Err(format!(
                "{} defines no conjecture: add `fn grundy(position)` or `fn is_lost(position)`",
                self.script.name()
            ));
        }
        let heap_game = self.game.heap_game().expect("a heap game");
        let start = heap_game
            .parse(position)
            .map_err(|e| format!("position: {e}"))?;
        // Every position reachable from the start, each after its options.
        let search = crate::core::Search::new(
            Arc::new(crate::core::GameRules::<Heaps>::new()),
            crate::core::search::DEFAULT_POSITION_LIMIT,
        );
        let mut reachable = Vec::new();
        search
            .value_recording(&start, &mut reachable)
            .map_err(|e| e.to_string())?;
        Ok(vec![self.conjecture(&reachable)?])
    }

    fn play(
        &self,
        position: &str,
        first: Side,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<Ending, GameError> {
        self.game.play(position, first, input, output)
    }
}
