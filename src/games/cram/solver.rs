//! The Cram solver: nimbers of regions by Lemoine–Viennot's outcome searches on G + *k, with
//! the components of every option split off, congruent regions merged, a bounded transposition
//! table, an endgame table of small regions, the mirror rule and the length bound as pruning.
//!
//! * `value(R)` — the nimber of a region: the least k, not already known to differ, such that
//!   no option of R is worth k (`option_worth(R, k)` is false). Each k found among the options
//!   is recorded as excluded.
//! * `is_value(R, k)` — whether g(R) = k, i.e. whether R + *k is a P-position: false at once when
//!   k exceeds the longest play of R (⌊cells / 2⌋ bounds every nimber of R), when R is known to
//!   differ, or when some option is worth k; else true exactly when g(R) ≠ j for every j < k.
//!   For k of at least [`LOWER_FIRST_FROM`] (4) the two questions are asked the other way
//!   round: first whether g(R) = j for some j < k (g(R) = j when no option is worth j, the
//!   smaller ones ruled out), and only then whether some option is worth k.
//! * `option_worth(R, k)` — whether some option of R is worth k: each option splits into
//!   regions; all but the largest are valued exactly (`value`), and the largest is asked
//!   `is_value(largest, k ⊕ the others)`. Options that are congruent (the same multiset of
//!   canonical regions, from R's own symmetries) are asked once.
//!
//! Narrow questions are what makes this fast (measured beside another job on the 2-core
//! machine): asking an option's largest region for its exact value instead, once it has been
//! asked about another value, takes 5 × 7 from 119,351 searches (1.9 s) to 4.8 million (26 s)
//! and 3 × 14 from 4.4 s to 185 s; valuing it exactly whenever the value asked is 3 or more
//! makes 4 × 7 seven times slower and 3 × 14 not finish in 60 s. Asking `is_value(R, k)`
//! whether every j < k is present before whether some option is worth k takes 3 × 14 from 4.7 s
//! to 9.2 s (from k = 3 on) or 11.7 s (from k = 2 on). From k = 4 on it is the other way: most
//! regions are worth less than 4, and proving that no option of such a region is worth 4 means
//! proving it of every option's options in turn, a search as large as the region's game, where
//! ruling out the smaller values first finds its value (less than 4) by searches that mostly
//! stop at their first hit. 3 × 16 (= *4, its options worth 0 to 3) took more than 25 minutes
//! asked the first way and takes 225 s (8.8 million searches) this way; 3 × 14, 5 × 7, 4 × 9 and
//! 4 × 11, whose searches seldom ask about 4, take the same time either way. From k = 5 on
//! instead of 4, 6 × 7 (= *5) had not finished after 21 minutes, against 614 s; from k = 1, 2 or
//! 3 on, 5 × 8 takes 36.0, 11.9 or 10.8 s against 8.8 s.
//!
//! How the options are asked (each rule only changes the order of the work or skips work whose
//! answer is already known, so values stay exact):
//!
//! * **Generated one at a time.** The options of a region are generated lazily, the domino
//!   nearest the middle of the region's box first, until one valued whole (all its regions small,
//!   in the table, or lost by the mirror rule) is worth the k asked: R + *k then has a move to a
//!   P-position and the rest are never generated. Only when none is do the remaining options get
//!   searched, the one whose largest region has room for the fewest dominoes first (a region
//!   with few moves is more often lost for the player to move, and cheaper to search), then the
//!   smallest largest region. Measured by the searches made: this order needs 1.5 to 2.5 times
//!   fewer than the smallest largest region first (4 × 9: 57,000 against 145,000), which itself
//!   needs 1.4 to 3 times fewer than the largest first or the smallest target first. The middle
//!   first finds the answer of the mirror strategy (a central domino, then the image of every
//!   move) early.
//! * **Simplified.** The regions of every option are simplified first
//!   ([`simplified_components`]: a centre's extra leaves and the bridges dropped, regions split
//!   at 2 × 2 blocks with two opposite corners closed), so that fewer and smaller regions are
//!   searched and more of them meet in the tables: 5 × 8 took 207,496 searches instead of
//!   463,418 and kept 190,418 regions instead of 423,586. Most options split their region
//!   (on 5 × 8, 7.5 of 12 million), so the flood fill that finds the parts is kept for all,
//!   but starts next to the domino and leaves the last part unfilled (the region module's
//!   [`simplified_option`]): 5 × 8 in 1.83–2.09 s of user CPU against 2.01–2.15 s, 4 × 9 in
//!   0.29–0.31 against 0.32–0.34 (five runs of each build in turn, alone on the machine).
//!   Skipping the fill when the domino's neighbours are linked within the 3 × 4 window around it
//!   (then the rest is one region) spared it for 24% of the options and saved no time.
//! * **In the layout of the search above.** The options of a region asked about by a search
//!   are generated in that search's layout (the region's cells where they lie there, not turned
//!   to its key), so that the dominoes of a region and of its options' regions are the same
//!   numbers. (A region of a layout of more than 64 cells whose own box has at most 64 is
//!   searched in its box, in 64-bit words, and the two rules below skip it.)
//! * **Answers tried first.** The domino that gave the option found worth the value asked of
//!   one option's region (its answer) is generated first in the next options' regions (the last
//!   two answers).
//! * **Answered by a transposition.** When R − d′ (d′ a domino of R) is answered by the domino
//!   d — R − d′ − d is worth k, R asked whether some option is worth k — then R − d has an
//!   option worth k, the same position R − d − d′, so it is not worth k: the option d is not
//!   searched. Both positions are of R's cells as they are, and the simplification of R − d′
//!   keeps every option of the cells it keeps at its value (the proofs in the region module are
//!   inductions over the moves), so the answer found in the simplified regions is one in R − d′.
//!   On 5 × 8: 160,892 of the options' searches skipped, 10.0 million options generated instead
//!   of 11.4 million. Measured (user CPU, best of five runs of each build in turn on the idle
//!   2-core machine; `cram_value 5x8`, `5x7`, `4x9`): the two rules above with the shared
//!   layout take 1.74 s, 0.56 s and 0.29 s; without the answers tried first 1.81, 0.60 and
//!   0.30; without the shared layout (nor either rule) 1.82, 0.61 and 0.30 — what the skipped
//!   searches save, the small regions seen in more orientations (360,274 on 5 × 8 against
//!   301,431) cost back.
//! * **The mirror rule on options.** An option whose one large region is its own image under a
//!   half turn or a mirror with no fixed cell and no domino onto itself is worth the nim-sum of
//!   its small regions at once (that region is 0: see [`mirror_lost`]); the region is recorded.
//! * **Cheap refutations are not recorded.** When `is_value(R, k)` (k below 4) is answered by
//!   an option valued whole — found while the options are generated, before any search — R is
//!   not entered in the table: generating those few options again costs less than keeping
//!   them. On 5 × 8 such answers are 2.2 of the 2.6 million questions; without them the table
//!   holds 423,586 regions instead of 1,991,324, the process 45 MB at its peak instead of
//!   174 MB, and the same 463,418 searches take 7.2 s of user CPU instead of 7.5 s (beside
//!   another search on the 2-core machine). Larger boards keep four times as many of the regions
//!   that cost a search in the same memory. Nor are they kept in a cache of their own: most
//!   come once (one of 2²⁰ regions would answer a quarter of them on 5 × 8, a sixth on 6 × 7),
//!   and with one of 2¹⁹ regions in front of the table 6 × 7 took 111.7 s against 108.5 s.
//!   Their order is no better than chance: on 4 × 9 a region so asked has 19.9 options, 3.6 of
//!   them valued whole and worth k, and the first is found at the 4.5th (most are options that
//!   split the region into small ones, valued at once).
//! * **The position's own options in the order of any region's.** Asked in rounds, each given a
//!   number of searches that grows fourfold a round and set aside when it runs out (so that a
//!   cheap option worth k is found before a costly one that is not), 6 × 7 made 10.2 million
//!   searches against 9.6 million: every option of its root costs from 64,000 searches to
//!   millions (its search takes 10 s to find an option worth 1, 57 s one worth 2, 21 s one
//!   worth 3, 26 s one worth 4, and 0.5 s to show that none is worth 5).
//!   In the reverse order, 5 × 7 made 57,245 against 67,373 but 5 × 9 3.5 million against
//!   2.5 million and 6 × 7 10.5 million. Asked their exact values once the value sought is 2
//!   or more (most of 6 × 7's are valued by its end), 3 × 13 made 882,029 against 52,560.
//! * **Small regions as they lie.** A region of at most [`ENDGAME_CELLS`] cells is looked up
//!   first by its mask where it lies in a layout of at most 64 cells (with the layout's width)
//!   in a cache of recent ones, then under its key as it lies (cut to its box, not turned), in
//!   a cache of recent ones and then in the endgame table ([`super::small_table`], buckets of
//!   one cache line), which keeps each under that key as well as the canonical one: the eight
//!   images have one value, so any of their keys may hold it. The first cache saves cutting the
//!   box: 5 × 8 in 1.67 s of user CPU against 1.78 s (best of five runs of each build in turn on
//!   the idle 2-core machine).
//!
//! The table maps a region's canonical key to what is known of it: its exact value, or the
//! values it is known not to have. It holds at most [`TABLE_ENTRIES`] regions, or as many as
//! [`set_table_memory`] allows (5/3 as many on a board of at most 60 cells); when full it is
//! pruned and the search goes on: what is known of the largest regions, at most half the table,
//! is kept and the rest forgotten (values stay exact; only time is lost). Keeping the largest
//! rather than emptying the table nearly halves the time of a board whose regions are several
//! times what the table holds (3 × 14 with the table cut to 300,000 of its 1.1 million regions:
//! 13.3 s emptied, 7.9 s pruned; to 100,000: 25.3 s and 13.9 s; user CPU on a loaded machine).
//! Regions of at most [`ENDGAME_CELLS`] cells are valued by plain mex over their options and
//! kept in a separate endgame table, never pruned.
//!
//! The table is asked about nearly every option generated, mostly about regions it does not
//! hold; on large boards that is a trip to memory each, and most of the time went there (a
//! profile of a 6 × 9 search with a table of 6.7 GB: nearly half of it on the hash map's
//! probes). So its buckets are cache lines ([`super::table`]), and options are generated
//! [`BATCH`] at a time: the buckets of each one's region are prefetched as its key is found, and
//! the table is asked about them once the batch is generated. 6 × 7 took 106.5 s of user CPU
//! and 0.44 GB so, against 126.6 s and 0.65 GB with a hash map and no batches (one run each,
//! alone on the idle 2-core machine); the small boards take as long either way (5 × 8: 1.61 to
//! 1.68 s with either, three runs of each in turn beside another search).
//!
//! Where a small board's time goes: on 4 × 9, 235,000 lists of options are made and 1.68
//! million options generated; 202,000 times the generation of a list stops at an option valued
//! whole and worth the value asked, after 4.5 options on average (at the first a third of the
//! time), and the 32,700 lists generated whole hold 23.6 each. Generating is the time: a
//! profile gives a third of it to simplifying the options' regions, a fifth to the rest of
//! `generate_until` (most of that waiting on the tables), a tenth to small regions. igsolve
//! keeps 22,558 exact values on 4 × 9, 183,553 on 5 × 8 and 32,367 on 3 × 13 (its `TT size`)
//! in 0.32, 3.62 and 0.63 s of CPU, where this solver makes 34,722, 208,018 and 52,560 searches
//! in 0.33, 2.29 and 0.53 s (docs/performance.md). Built with profile-guided optimisation
//! (trained on seven small boards), it took 3 to 5% less user CPU on 4 × 9, 5 × 7, 5 × 8 and
//! 3 × 13 (three runs of each build in turn, the machine otherwise idle): not used. Nor are
//! killer dominoes (the last two that answered at the same depth of the search, tried after the
//! siblings' answers): 34,728 searches on 4 × 9 against 34,722, 208,012 on 5 × 8 against
//! 208,018, in the same time.
//!
//! Several solvers can share one search, each on a thread of its own (`--threads`): they share
//! the transposition table (the `shared_table` module) and race for the options of the region
//! being valued (the `team` module).
//!
//! Both tables can be saved to a checkpoint and loaded back ([`Solver::save`], [`Solver::load`];
//! the format is the [`checkpoint`] module's), and saved while the solver searches
//! ([`Solver::save_on`]: every so often, and on an interrupt, after which the search stops).

use super::checkpoint::{CheckpointError, Schedule};
use super::options::{Candidate, Options, cancel_pairs, domino_code, is_among};
use super::region::{
    Key, Region, SMALL_KEY_CELLS, SmallKey, canonical_key, key_cells, mirror_lost,
    simplified_components, simplified_option, split,
};
use super::shared_table::SharedTable;
use super::small_table::SmallTable;
use super::table::{EXCLUDED_BITS, Known, NARROW_CELLS, Table, regions_within};
use crate::game::MOST_THREADS;
use crate::games::long_search::SearchProgress;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

mod progress;
mod race;
mod resume;
mod small;
mod team;

use race::Race;

/// The most regions the transposition table holds by default: 22,020,096, in 512 MiB (three
/// a 64-byte bucket, 7/8 of the slots of 2^23 buckets: [`super::table`]); on a board of at
/// most 60 cells, whose keys fit in one word, 5/3 as many (five a bucket).
pub const TABLE_ENTRIES: usize = (1 << 23) * 3 / 8 * 7;

/// The most regions the tables of solvers made from now on hold (0: [`TABLE_ENTRIES`]).
static TABLE_CAP: AtomicUsize = AtomicUsize::new(0);

/// Bounds the transposition table of every solver made from now on (`analyze --max-memory`) to
/// `bytes`: its buckets of 64 bytes (three regions each) come in powers of two and are at most
/// 7/8 full, so it holds 7/8 of the slots of the largest power of two of buckets that fit (1 GiB:
/// 44 million regions; 8 GiB: 352 million; 5/3 as many on a board of at most 60 cells, five a
/// bucket). It doubles in place, so it never takes more than `bytes`. Returns that number of
/// regions (three a bucket).
pub fn set_table_memory(bytes: u64) -> usize {
    TABLE_BYTES.store(bytes, Ordering::Relaxed);
    let entries = regions_within(bytes);
    TABLE_CAP.store(entries, Ordering::Relaxed);
    entries
}

/// How many threads the solvers made for the process from now on search with (0: one).
pub(super) static THREADS: AtomicUsize = AtomicUsize::new(0);

/// Makes the solvers made for the process from now on ([`Solver::of_process`]) search on
/// `threads` threads (`analyze --threads`; at most [`MOST_THREADS`]; see the `team` module).
/// Returns the number it replaces.
pub fn set_threads(threads: usize) -> usize {
    THREADS.swap(threads.min(MOST_THREADS), Ordering::Relaxed)
}

/// The bytes [`set_table_memory`] gave (0: the default, 512 MiB).
static TABLE_BYTES: AtomicU64 = AtomicU64::new(0);

/// The most bytes the table of a solver made now takes.
fn table_bytes() -> u64 {
    match TABLE_BYTES.load(Ordering::Relaxed) {
        0 => 512 << 20,
        bytes => bytes,
    }
}

/// The most regions a solver made now holds.
fn table_cap() -> usize {
    match TABLE_CAP.load(Ordering::Relaxed) {
        0 => TABLE_ENTRIES,
        entries => entries,
    }
}

/// From this value on, `is_value(R, k)` rules out every g = j < k before it asks whether some
/// option is worth k (module doc).
const LOWER_FIRST_FROM: u32 = 4;

/// Regions of at most this many cells go to the endgame table.
pub const ENDGAME_CELLS: u32 = 14;

// The endgame table keys its regions in one word ([`SMALL_KEY_CELLS`] cells at most).
const _: () = assert!(ENDGAME_CELLS <= SMALL_KEY_CELLS);

/// The solver's state: its tables, its counters, its progress line.
pub struct Solver {
    table: Table,
    /// The table shared with the other threads of a search, in place of `table` (the `team`
    /// module).
    shared: Option<Arc<SharedTable>>,
    /// In a team's search: what the threads share of the region they value, and the value its
    /// options are asked about, so that this thread abandons its search once another has
    /// settled that question ([`Race`]).
    race: Option<(Arc<Race>, u32)>,
    /// The search was abandoned (the question it served settled by another thread): as when
    /// stopped, every search answers "no" at once and nothing is recorded, until the race
    /// clears it.
    abandoned: bool,
    /// In a team's search, while this thread helps another with an option of the root that it
    /// is searching: the options of that option's region are searched from the last, so that
    /// the two threads meet in the middle (the `team` module).
    helping: bool,
    /// Meanwhile, the question asked of that region's options (its key and the value): once
    /// another thread has settled it, this one abandons its search.
    helped: Option<(Key, u32)>,
    /// The solvers that search beside this one, on threads of their own, sharing its table.
    mates: Vec<Solver>,
    /// The searches its mates have made, as they tell them (every 4096, and at the end of each
    /// value they race for): the team's count goes on when mates are made anew.
    mates_count: Arc<AtomicU64>,
    /// A mate's: where it tells its searches (its leader's `mates_count`), and how many of
    /// them it has told.
    counted_in: Option<(Arc<AtomicU64>, u64)>,
    /// The team this solver leads (threads and the shared table's most bytes), until a layout
    /// past [`NARROW_CELLS`] cells ends it.
    team: Option<(usize, u64)>,
    endgame: SmallTable,
    nodes: u64,
    progress: Option<SearchProgress>,
    scratch: Vec<Vec<u128>>,
    key_scratch: Vec<Vec<Key>>,
    /// Lists of options to search, kept for the next regions' (one per region being searched).
    candidate_scratch: Vec<Vec<Candidate>>,
    /// The small regions valued last, by their key as they lie (a cache in front of the endgame
    /// table; key 0 is no region).
    recent: Vec<(SmallKey, u8)>,
    /// In front of it, the small regions of layouts of at most 64 cells valued last, by their
    /// masks where they lie in the layout and its width (no box to cut): mask, width, value.
    placed: Vec<(u64, u8, u8)>,
    /// From this value on, `is_value` rules out the lower values first ([`LOWER_FIRST_FROM`];
    /// others in the tests, so that both orders are checked on small boards).
    lower_first_from: u32,
    /// Regions of at most this many cells go to the endgame table ([`ENDGAME_CELLS`]; fewer in
    /// the tests, so that the searches are checked on small boards).
    endgame_cells: u32,
    /// Where and how often the tables are saved while it searches (`analyze --checkpoint`).
    schedule: Option<Schedule>,
    /// Why the search stopped: interrupted (after its tables were saved), or a save failed.
    /// Once stopped, every search answers "no" at once and nothing more is recorded, so the
    /// tables stay true; the answers the search returns then are not (see [`Solver::stopped`]).
    stop: Option<Stop>,
    /// How deep the search is: 1 while it asks about a region of the position itself.
    depth: u32,
    /// The last option found worth the value asked (a hint for the siblings of the region it
    /// answered, and a known option of theirs: see [`Solver::option_worth`]).
    answered_by: Option<Answer>,
    /// Where the search of the position's own region is, for the progress line: the value
    /// asked of its options, the option being searched and how many there are.
    root: Option<(u32, usize, usize)>,
    /// The same one level down, in the region of the root's option being searched.
    below_root: Option<(u32, usize, usize)>,
}

/// How many options are generated before the table is asked about their regions.
const BATCH: usize = 4;

/// An option generated, before the table is asked about its region.
#[derive(Clone, Copy, Default)]
struct Generated {
    domino: u16,
    /// The nim-sum of its small regions.
    xor: u32,
    /// Where its large regions' keys are (the largest first).
    keys: (usize, usize),
    /// Its largest region where it lies.
    largest_part: u128,
}

/// An option found worth the value asked of a region's options.
#[derive(Clone, Copy)]
struct Answer {
    /// The search's depth when it was found.
    depth: u32,
    /// Its domino ([`domino_code`]).
    domino: u16,
    /// The value asked (and found).
    value: u32,
}

/// Why a search with a checkpoint stopped before its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// It was interrupted; its tables were saved first.
    Interrupted,
    /// A save failed.
    Failed(CheckpointError),
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// How many small regions the cache of recent ones holds (a power of two).
const RECENT_SLOTS: usize = 1 << 14;

impl Solver {
    /// An empty solver.
    pub fn new() -> Solver {
        Solver {
            table: Table::new(table_cap()),
            shared: None,
            race: None,
            abandoned: false,
            helping: false,
            helped: None,
            mates: Vec::new(),
            mates_count: Arc::new(AtomicU64::new(0)),
            counted_in: None,
            team: None,
            endgame: SmallTable::default(),
            nodes: 0,
            progress: None,
            scratch: Vec::new(),
            key_scratch: Vec::new(),
            candidate_scratch: Vec::new(),
            recent: vec![(0, 0); RECENT_SLOTS],
            placed: vec![(0, 0, 0); RECENT_SLOTS],
            endgame_cells: ENDGAME_CELLS,
            lower_first_from: LOWER_FIRST_FROM,
            schedule: None,
            stop: None,
            depth: 0,
            answered_by: None,
            root: None,
            below_root: None,
        }
    }

    /// An empty solver whose endgame table takes only regions of at most `cells` cells (the
    /// tests check the outcome searches on small boards this way).
    #[cfg(test)]
    pub(crate) fn with_endgame_cells(cells: u32) -> Solver {
        Solver {
            endgame_cells: cells,
            ..Solver::new()
        }
    }

    /// An empty solver whose endgame table takes only regions of at most `cells` cells and whose
    /// transposition table takes the memory of `entries` regions (three a bucket; the tests
    /// prune it often this way).
    #[cfg(test)]
    pub(crate) fn with_small_tables(cells: u32, entries: usize) -> Solver {
        Solver {
            endgame_cells: cells,
            table: Table::new(entries),
            ..Solver::new()
        }
    }

    /// This solver with `is_value` ruling out the lower values first from `k` on.
    #[cfg(test)]
    pub(crate) fn lower_first_from(self, k: u32) -> Solver {
        Solver {
            lower_first_from: k,
            ..self
        }
    }

    /// Bounds the transposition table to the memory of `entries` regions from now on, three a
    /// bucket (5/3 as many while its keys are of one word); pruned at once if it holds more.
    pub fn set_table_entries(&mut self, entries: usize) {
        self.table.set_most(entries);
    }

    /// How many bytes the transposition table's buckets take now.
    #[cfg(test)]
    pub(crate) fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Whether the transposition table's keys are of one word.
    #[cfg(test)]
    pub(crate) fn table_is_narrow(&self) -> bool {
        self.table.is_narrow()
    }

    /// How many times the transposition table was pruned.
    #[cfg(test)]
    pub(crate) fn times_pruned(&self) -> u64 {
        self.table.times_pruned()
    }

    /// How many regions the transposition table holds now.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The nimber of the empty cells `empty` of an `h` × `w` layout (any number of regions).
    pub fn position_value(&mut self, empty: u128, h: usize, w: usize) -> u32 {
        self.fit_layout(h, w);
        let mut parts = Vec::new();
        simplified_components(empty, h, w, &mut parts);
        let mut sum = 0;
        for part in parts {
            let key = canonical_key(part, h, w);
            // The threads race only for a region that takes a search.
            let alone = self.mates.is_empty()
                || key_cells(key) <= self.endgame_cells
                || self.known(key).exact().is_some();
            sum ^= match alone {
                true => self.value(key),
                false => self.team_value(key),
            };
        }
        sum
    }

    /// Whether the empty cells `empty` of an `h` × `w` layout are worth exactly `k`.
    pub fn position_is(&mut self, empty: u128, h: usize, w: usize, k: u32) -> bool {
        self.fit_layout(h, w);
        let mut parts = Vec::new();
        simplified_components(empty, h, w, &mut parts);
        let mut keys: Vec<Key> = parts.iter().map(|&p| canonical_key(p, h, w)).collect();
        self.sum_is(&mut keys, k)
    }

    /// Turns the table to keys of two words before an `h` × `w` layout whose regions' keys may
    /// not fit in one ([`NARROW_CELLS`]).
    fn fit_layout(&mut self, h: usize, w: usize) {
        self.fit_team(h, w);
        if h * w > NARROW_CELLS {
            self.table.widen();
        }
    }

    /// Whether the regions `keys` sum to `k`: all but the largest valued, the largest asked.
    fn sum_is(&mut self, keys: &mut Vec<Key>, k: u32) -> bool {
        let (largest, others) = self.split_largest(keys);
        match largest {
            None => k == others,
            Some(largest) => self.is_value(largest, k ^ others),
        }
    }

    /// The largest of the regions `keys` (by cells, then key), and the nim-sum of the others'
    /// values; `None` for no regions.
    fn split_largest(&mut self, keys: &mut Vec<Key>) -> (Option<Key>, u32) {
        cancel_pairs(keys);
        let Some(largest) = (0..keys.len()).max_by_key(|&i| (key_cells(keys[i]), keys[i])) else {
            return (None, 0);
        };
        keys.swap(0, largest);
        let mut others = 0;
        for &key in keys.iter().skip(1) {
            others ^= self.value(key);
        }
        if key_cells(keys[0]) <= self.endgame_cells {
            return (None, others ^ self.endgame_value(keys[0]));
        }
        (Some(keys[0]), others)
    }

    /// The options of a region, none generated yet.
    fn options(&mut self, region: &Region, first_tries: [u16; 2]) -> Options {
        let searched = self.candidate_scratch.pop().unwrap_or_default();
        Options::new(region, first_tries, searched)
    }

    /// Generates the options of `options` not generated yet, one at a time, until one valued
    /// whole is worth `k` (then true; the others wait for a later call) or none is left
    /// (then false, and the options to search are sorted cheapest first, congruent ones merged).
    fn generate_until(&mut self, options: &mut Options, k: u32) -> bool {
        if k < 128 && options.whole >> k & 1 == 1 {
            return true;
        }
        if options.sorted {
            return false;
        }
        let region = options.region;
        let mut parts = self.scratch.pop().unwrap_or_default();
        let mut keys = self.key_scratch.pop().unwrap_or_default();
        let mut option_keys = self.key_scratch.pop().unwrap_or_default();
        let mut large_parts: Vec<u128> = Vec::new();
        let mut batch = [Generated::default(); BATCH];
        let mut found = None;
        while found.is_none() && (options.horizontal | options.vertical) != 0 {
            // A few options generated before the table is asked about any of them: their
            // regions' buckets are fetched from memory meanwhile, side by side.
            keys.clear();
            let mut generated = 0;
            while generated < BATCH && (options.horizontal | options.vertical) != 0 {
                let (cell, step) = options.next_domino();
                let domino = domino_code(cell, step, region.w);
                let taken = 1u128 << cell | 1u128 << (cell + step);
                simplified_option(region.mask, taken, region.h, region.w, &mut parts);
                option_keys.clear();
                large_parts.clear();
                // A region of two or three cells (a domino, a line, an L) is worth 1 (single
                // cells, worth 0, are not among the simplified regions); the other small
                // regions are valued at once (the endgame table); the rest wait.
                let mut xor = 0;
                for &part in parts.iter() {
                    match part.count_ones() {
                        2 | 3 => xor ^= 1,
                        cells if cells <= self.endgame_cells => {
                            xor ^= self.small_value(part, region.h, region.w);
                        }
                        _ => {
                            option_keys.push(canonical_key(part, region.h, region.w));
                            large_parts.push(part);
                        }
                    }
                }
                cancel_pairs(&mut option_keys);
                let Some(largest) = (0..option_keys.len())
                    .max_by_key(|&i| (key_cells(option_keys[i]), option_keys[i]))
                else {
                    options.whole |= 1u128 << xor.min(127);
                    if xor == k {
                        found = Some(domino);
                        break;
                    }
                    continue;
                };
                option_keys.swap(0, largest);
                let largest = option_keys[0];
                if option_keys.len() == 1 {
                    self.prefetch(largest);
                }
                // The part of that key (with pairs cancelled, the largest part whose key it is).
                let largest_part = match large_parts[..] {
                    [part] => part,
                    _ => large_parts
                        .iter()
                        .copied()
                        .find(|&part| canonical_key(part, region.h, region.w) == largest)
                        .unwrap_or(0),
                };
                batch[generated] = Generated {
                    domino,
                    xor,
                    keys: (keys.len(), keys.len() + option_keys.len()),
                    largest_part,
                };
                keys.extend_from_slice(&option_keys);
                generated += 1;
            }
            for option in &batch[..generated] {
                let option_keys = &keys[option.keys.0..option.keys.1];
                if let [largest] = option_keys
                    && let Some(exact) = self.exact_or_mirrored(*largest)
                {
                    let value = u32::from(exact) ^ option.xor;
                    options.whole |= 1u128 << value.min(127);
                    if value == k && found.is_none() {
                        found = Some(option.domino);
                    }
                    continue;
                }
                options.push_searched(option_keys, option.largest_part, option.domino, option.xor);
            }
        }
        self.scratch.push(parts);
        self.key_scratch.push(keys);
        self.key_scratch.push(option_keys);
        if let Some(domino) = found {
            self.answered_by = Some(Answer {
                depth: self.depth,
                domino,
                value: k,
            });
            return true;
        }
        options.sort_searched();
        false
    }

    /// Whether some option of the region `key` is worth `k` (false at once once stopped).
    fn option_worth(&mut self, key: Key, options: &mut Options, k: u32) -> bool {
        if self.helping && self.depth == 2 {
            self.helped = Some((key, k));
            let worth = self.options_worth(options, k, true);
            self.helped = None;
            return worth;
        }
        self.options_worth(options, k, false)
    }

    /// [`Solver::option_worth`], the options searched from the last when `reversed`.
    fn options_worth(&mut self, options: &mut Options, k: u32, reversed: bool) -> bool {
        if self.halted() {
            return false;
        }
        if self.generate_until(options, k) {
            return true;
        }
        self.nodes += 1;
        if self.race.is_some() && self.settled_elsewhere() {
            self.abandoned = true;
            return false;
        }
        // The flag and the clock every 4096 searches (a few thousand a second on large boards,
        // so Ctrl-C is answered within about a second), the progress line every 65536.
        if self.nodes & 0xfff == 0 {
            self.tell_searches();
            if self.nodes & 0xffff == 0 {
                self.report();
            }
            self.checkpoint_tick();
        }
        // The dominoes d known to leave an option not worth k: R − d − d′ is worth k, found
        // as the answer d of an earlier option R − d′ (the same position).
        let mut answered = [0u128; 2];
        let count = options.searched.len();
        for step in 0..count {
            let index = if reversed { count - 1 - step } else { step };
            if self.ask_option(options, index, k, &mut answered) {
                return true;
            }
        }
        false
    }

    /// Whether the option `index` of `options` (to search) is worth `k`, unless `answered`
    /// (the dominoes known to leave an option not worth k) has it; when not, its answer (an
    /// option of it worth the value asked) joins `answered` and is tried first on the next.
    fn ask_option(
        &mut self,
        options: &mut Options,
        index: usize,
        k: u32,
        answered: &mut [u128; 2],
    ) -> bool {
        if is_among(*answered, options.searched[index].domino) {
            return false;
        }
        match self.depth {
            1 => {
                self.root = Some((k, index, options.searched.len()));
                self.below_root = None;
            }
            2 => self.below_root = Some((k, index, options.searched.len())),
            _ => {}
        }
        let candidate = options.searched[index];
        let mut xor = candidate.xor;
        if !candidate.valued {
            for other in candidate.others.0..candidate.others.1 {
                xor ^= self.value(options.others[other as usize]);
            }
            // Values found after a stop or an abandon are not values: not kept.
            if self.halted() {
                return false;
            }
            options.searched[index].xor = xor;
            options.searched[index].valued = true;
        }
        let target = k ^ xor;
        if target > key_cells(candidate.largest) / 2 {
            return false;
        }
        // The option's region in this region's layout; a region of a layout of more than
        // 64 cells whose own box has at most 64 is searched in that box (64-bit words).
        let region = options.region;
        let shared = region.h * region.w <= 64 || Region::of_key(candidate.largest).mask >> 64 != 0;
        self.answered_by = None;
        let answer = if shared {
            let frame = Region {
                mask: candidate.part,
                ..region
            };
            self.is_value_in(candidate.largest, &frame, options.answers, target)
        } else {
            self.is_value(candidate.largest, target)
        };
        if answer {
            self.answered_by = Some(Answer {
                depth: self.depth,
                domino: candidate.domino,
                value: k,
            });
            return true;
        }
        // Its option worth the target, R − d − d′ (found in this layout): then R − d′ has
        // an option worth k, and d′ is tried first on the next options.
        if let Some(found) = self.answered_by.take()
            && shared
            && found.depth == self.depth + 1
            && found.value == target
        {
            answered[usize::from(found.domino >> 8)] |= 1 << ((found.domino & 0xff) - 1);
            if options.answers[0] != found.domino {
                options.answers = [found.domino, options.answers[0]];
            }
        }
        false
    }

    /// The nimber of one region.
    pub(crate) fn value(&mut self, key: Key) -> u32 {
        self.depth += 1;
        let value = self.region_value(key);
        self.depth -= 1;
        value
    }

    /// [`Solver::value`], one level down the search.
    fn region_value(&mut self, key: Key) -> u32 {
        let cells = key_cells(key);
        if cells <= self.endgame_cells {
            return self.endgame_value(key);
        }
        if let Some(exact) = self.known(key).exact() {
            return u32::from(exact);
        }
        let region = Region::of_key(key);
        if mirror_lost(&region) {
            self.record_exact(key, 0);
            return 0;
        }
        let mut options = self.options(&region, [0; 2]);
        let value = self.value_by_options(key, &mut options);
        self.recycle(options);
        value
    }

    /// [`Solver::region_value`] past the table and the mirror rule, by the region's options.
    fn value_by_options(&mut self, key: Key, options: &mut Options) -> u32 {
        let mut k = 0;
        loop {
            let known = self.known(key);
            if let Some(exact) = known.exact() {
                return u32::from(exact);
            }
            if !known.excludes(k) {
                if !self.option_worth(key, options, k) {
                    self.record_exact(key, k);
                    return k;
                }
                self.record_excluded(key, k);
            }
            k += 1;
        }
    }

    /// Whether one region is worth `k` (bits of the table: values present among its options).
    fn is_value(&mut self, key: Key, k: u32) -> bool {
        self.is_value_in(key, &Region::of_key(key), [0; 2], k)
    }

    /// [`Solver::is_value`] of the region `frame` (in its caller's layout) whose key is `key`,
    /// trying the dominoes `first_tries` first.
    fn is_value_in(&mut self, key: Key, frame: &Region, first_tries: [u16; 2], k: u32) -> bool {
        self.depth += 1;
        let answer = self.region_is_value(key, frame, first_tries, k);
        self.depth -= 1;
        answer
    }

    /// [`Solver::is_value`], one level down the search.
    fn region_is_value(&mut self, key: Key, frame: &Region, first_tries: [u16; 2], k: u32) -> bool {
        let cells = key_cells(key);
        if k > cells / 2 {
            return false;
        }
        if cells <= self.endgame_cells {
            return self.endgame_value(key) == k;
        }
        let known = self.known(key);
        if let Some(exact) = known.exact() {
            return u32::from(exact) == k;
        }
        if known.excludes(k) {
            return false;
        }
        let region = Region::of_key(key);
        if mirror_lost(&region) {
            self.record_exact(key, 0);
            return k == 0;
        }
        let mut options = self.options(frame, first_tries);
        let answer = self.is_value_by_options(key, &mut options, k);
        self.recycle(options);
        answer
    }

    /// [`Solver::region_is_value`] past the table and the mirror rule, by the region's options.
    fn is_value_by_options(&mut self, key: Key, options: &mut Options, k: u32) -> bool {
        if k < self.lower_first_from {
            // An option valued whole is worth k: answered without a search, and not recorded.
            if self.generate_until(options, k) {
                return false;
            }
            if self.option_worth(key, options, k) {
                self.record_excluded(key, k);
                return false;
            }
            // No option is worth k, so g ≤ k: g = k when g is none of the j < k.
            if let Some(answer) = self.rule_out_below(key, options, k) {
                return answer;
            }
        } else {
            if let Some(answer) = self.rule_out_below(key, options, k) {
                return answer;
            }
            // g ≥ k: g = k when no option is worth k.
            if self.option_worth(key, options, k) {
                self.record_excluded(key, k);
                return false;
            }
        }
        self.record_exact(key, k);
        true
    }

    /// Keeps the options' list of searched ones for the next region's.
    fn recycle(&mut self, options: Options) {
        let mut searched = options.searched;
        searched.clear();
        self.candidate_scratch.push(searched);
    }

    /// For `is_value(key, k)`: asks whether g = j for j = 0, 1, … below k, in turn (each g = j
    /// exactly when no option is worth j, the smaller ones ruled out), and answers false as soon as
    /// one is (it is recorded); `None` when none is, so that g ≥ k.
    fn rule_out_below(&mut self, key: Key, options: &mut Options, k: u32) -> Option<bool> {
        for j in 0..k {
            let known = self.known(key);
            if let Some(exact) = known.exact() {
                return Some(u32::from(exact) == k);
            }
            if known.excludes(j) {
                continue;
            }
            if !self.option_worth(key, options, j) {
                self.record_exact(key, j);
                return Some(false);
            }
            self.record_excluded(key, j);
        }
        None
    }

    /// The value of a region when the table has it, or when the mirror rule gives it (0).
    fn exact_or_mirrored(&mut self, key: Key) -> Option<u8> {
        let known = self.known(key);
        if let Some(exact) = known.exact() {
            return Some(exact);
        }
        if !known.excludes(0) && mirror_lost(&Region::of_key(key)) {
            self.record_exact(key, 0);
            return Some(0);
        }
        None
    }

    /// Whether the search stopped or was abandoned: its answers are then not values.
    fn halted(&self) -> bool {
        self.stop.is_some() || self.abandoned
    }

    fn known(&self, key: Key) -> Known {
        match &self.shared {
            None => self.table.get(split(key)),
            Some(shared) => shared.get(key),
        }
    }

    fn prefetch(&self, key: Key) {
        match &self.shared {
            None => self.table.prefetch(split(key)),
            Some(shared) => shared.prefetch(key),
        }
    }

    fn record(&mut self, key: Key, change: impl Fn(Known) -> Known) {
        match &self.shared {
            None => self.table.record(split(key), change),
            Some(shared) => shared.record(key, change),
        }
    }

    fn record_exact(&mut self, key: Key, k: u32) {
        if self.halted() {
            return;
        }
        self.record(key, |_| Known::exactly(k));
    }

    fn record_excluded(&mut self, key: Key, k: u32) {
        if k >= EXCLUDED_BITS || self.halted() {
            return;
        }
        self.record(key, |known| known.excluding(k));
    }
}
