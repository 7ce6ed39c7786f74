//! The genus of every position of a heap game, by the options-only rule of [`super::tame`].
//!
//! A position is a multiset of heaps; its options replace one heap by what the rule lets that
//! heap become. The genus of a sum is *not* a function of its parts' genera in general (that is
//! what wildness means), so the genus of a heap is computed from the genera of every position
//! reachable from it — each once, memoised — within a stated limit of positions.

use super::error::MisereError;
use super::options::HeapOptions;
use crate::core::{ImpartialGame, solve_post_order};
use rustc_hash::FxHashMap;

use super::tame::Genus;

/// How many positions a genus computation stores at most by default.
pub const DEFAULT_GENUS_POSITIONS: usize = 2_000_000;

/// What is known of one position.
#[derive(Clone, Debug)]
struct Entry {
    grundy: u64,
    /// γ₀ … γ_{K−1}.
    gammas: Vec<u64>,
    /// The sequence alternates from here on (proved, see [`super::tame`]).
    start: usize,
    /// This position and everything reachable from it is fickle or firm.
    tame: bool,
}

/// The genus of positions of one heap game, memoised.
pub struct GenusSearch<'a> {
    options: HeapOptions<'a>,
    heap_options: FxHashMap<u64, Vec<Vec<u64>>>,
    memo: FxHashMap<Vec<u64>, Entry>,
    terms: usize,
    limit: usize,
}

/// The sequence was too short to see it alternate: start again with more terms.
struct NeedMoreTerms;

enum Failure {
    More(NeedMoreTerms),
    Fatal(MisereError),
}

impl<'a> GenusSearch<'a> {
    /// A search over the positions of the game whose heap of n may become `options(n)`, storing
    /// at most `limit` positions.
    pub fn new(options: HeapOptions<'a>, limit: usize) -> Self {
        GenusSearch {
            options,
            heap_options: FxHashMap::default(),
            memo: FxHashMap::default(),
            terms: 6,
            limit,
        }
    }

    /// How many positions are stored.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The genus of the position `heaps` (any order), and whether it is tame.
    pub fn genus(&mut self, heaps: &[u64]) -> Result<(Genus, bool), MisereError> {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        loop {
            match self.solve(&key) {
                Ok(()) => {
                    let entry = &self.memo[&key];
                    let genus = Genus::from_sequence(entry.grundy, &entry.gammas, entry.start);
                    return Ok((genus, entry.tame));
                }
                Err(Failure::More(NeedMoreTerms)) => {
                    self.terms *= 2;
                    self.memo.clear();
                }
                Err(Failure::Fatal(error)) => return Err(error),
            }
        }
    }

    /// Opt(heap), each option's non-zero parts ascending, each multiset once (cached).
    fn heap_options(&mut self, heap: u64) -> &[Vec<u64>] {
        let options = self.options;
        self.heap_options.entry(heap).or_insert_with(|| {
            let mut all: Vec<Vec<u64>> = super::options::collect_options(options, heap)
                .into_iter()
                .map(|mut parts| {
                    parts.retain(|&p| p > 0);
                    parts.sort_unstable();
                    parts
                })
                .collect();
            all.sort_unstable();
            all.dedup();
            all
        })
    }

    /// The options of `position` (ascending), each ascending. One heap's options give distinct
    /// positions; two heaps' may coincide, which repeats an option (harmless to the mex).
    fn position_options(&mut self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut previous = None;
        for &heap in position {
            if previous != Some(heap) {
                self.heap_options(heap);
            }
            previous = Some(heap);
        }
        let mut result = Vec::new();
        let mut previous = None;
        for (index, &heap) in position.iter().enumerate() {
            if previous == Some(heap) {
                continue;
            }
            previous = Some(heap);
            let rest = position[..index].iter().chain(&position[index + 1..]);
            for parts in &self.heap_options[&heap] {
                // Merge the rest (ascending) with the parts (ascending).
                let mut next = Vec::with_capacity(position.len() - 1 + parts.len());
                let mut parts = parts.iter().copied().peekable();
                for &h in rest.clone() {
                    while let Some(p) = parts.next_if(|&p| p < h) {
                        next.push(p);
                    }
                    next.push(h);
                }
                next.extend(parts);
                result.push(next);
            }
        }
        result
    }

    /// Fills the memo for `root` and everything below it.
    fn solve(&mut self, root: &[u64]) -> Result<(), Failure> {
        solve_post_order(
            self,
            root.to_vec(),
            |search, position| search.memo.contains_key(position),
            |search, position, depth| {
                if depth > 1_000_000 {
                    return Err(Failure::Fatal(MisereError::TooLarge(
                        "a genus computation deeper than a million moves".to_string(),
                    )));
                }
                Ok(search.position_options(position))
            },
            |search, position, options| {
                let entry = search.combine(&options).map_err(Failure::More)?;
                record_within(&mut search.memo, search.limit, position, entry)
            },
        )
    }

    /// The entry of a position from its options' entries.
    fn combine(&self, options: &[Vec<u64>]) -> Result<Entry, NeedMoreTerms> {
        let children: Vec<&Entry> = options.iter().map(|child| &self.memo[child]).collect();
        combine(&children, self.terms)
    }
}

/// The entry of a position from its options' entries, with `terms` terms of γ.
fn combine(children: &[&Entry], terms: usize) -> Result<Entry, NeedMoreTerms> {
    let mut seen = Vec::with_capacity(children.len() + 3);
    let grundy = small_mex(children.iter().map(|c| c.grundy), children.len(), &mut seen);
    let mut gammas = Vec::with_capacity(terms);
    for k in 0..terms {
        let gamma = if k == 0 {
            if children.is_empty() {
                1
            } else {
                small_mex(
                    children.iter().map(|c| c.gammas[0]),
                    children.len(),
                    &mut seen,
                )
            }
        } else {
            let previous = gammas[k - 1];
            small_mex(
                children
                    .iter()
                    .map(|c| c.gammas[k])
                    .chain([previous, previous ^ 1]),
                children.len() + 2,
                &mut seen,
            )
        };
        gammas.push(gamma);
    }
    let floor = children.iter().map(|c| c.start).max().unwrap_or(0);
    let start = (floor..terms.saturating_sub(2))
        .find(|&m| gammas[m + 2] == gammas[m])
        .ok_or(NeedMoreTerms)?;
    if start + 3 > terms {
        return Err(NeedMoreTerms);
    }
    let own = Genus::from_sequence(grundy, &gammas, start);
    let tame = own.is_nim_like() && children.iter().all(|c| c.tame);
    Ok(Entry {
        grundy,
        gammas,
        start,
        tame,
    })
}

/// The least natural number not among `values` (their mex), given at most `count` values, with
/// `seen` as working space: the mex of m values is at most m, so only values up to m are marked.
fn small_mex(values: impl Iterator<Item = u64>, count: usize, seen: &mut Vec<bool>) -> u64 {
    seen.clear();
    seen.resize(count + 1, false);
    for v in values {
        if let Ok(v) = usize::try_from(v)
            && v <= count
        {
            seen[v] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(count) as u64
}

/// The genus of positions of any game (a sum's component, say), memoised by
/// [`ImpartialGame::memo_key`], within a limit of positions.
pub struct GameGenusSearch<G: ImpartialGame> {
    memo: FxHashMap<G, Entry>,
    terms: usize,
    limit: usize,
}

impl<G: ImpartialGame> GameGenusSearch<G> {
    /// A search storing at most `limit` positions.
    pub fn new(limit: usize) -> Self {
        GameGenusSearch {
            memo: FxHashMap::default(),
            terms: 6,
            limit,
        }
    }

    /// The genus of `root`, and whether it is tame.
    pub fn genus(&mut self, root: &G) -> Result<(Genus, bool), MisereError> {
        let root = root.memo_key();
        loop {
            match self.solve(&root) {
                Ok(()) => {
                    let entry = &self.memo[&root];
                    let genus = Genus::from_sequence(entry.grundy, &entry.gammas, entry.start);
                    return Ok((genus, entry.tame));
                }
                Err(Failure::More(NeedMoreTerms)) => {
                    self.terms *= 2;
                    self.memo.clear();
                }
                Err(Failure::Fatal(error)) => return Err(error),
            }
        }
    }

    fn solve(&mut self, root: &G) -> Result<(), Failure> {
        let keyed =
            |position: &G| -> Vec<G> { position.options().iter().map(G::memo_key).collect() };
        solve_post_order(
            self,
            root.clone(),
            |search, position| search.memo.contains_key(position),
            |_, position, _| Ok(keyed(position)),
            |search, position, options| {
                let children: Vec<&Entry> = options.iter().map(|c| &search.memo[c]).collect();
                let entry = combine(&children, search.terms).map_err(Failure::More)?;
                record_within(&mut search.memo, search.limit, position, entry)
            },
        )
    }
}

/// Stores a solved position in `memo`, unless it already holds `limit` positions.
fn record_within<K: std::hash::Hash + Eq>(
    memo: &mut FxHashMap<K, Entry>,
    limit: usize,
    position: K,
    entry: Entry,
) -> Result<(), Failure> {
    if memo.len() >= limit {
        return Err(Failure::Fatal(MisereError::TooLarge(format!(
            "the genus computation reached its limit of {limit} positions"
        ))));
    }
    memo.insert(position, entry);
    Ok(())
}

/// The genus of every heap 0..=n of a heap game, and how far its heaps are tame.
#[derive(Clone, Debug)]
pub struct GenusTable {
    /// The genus of heap n, for n = 0, 1, … (as far as computed).
    pub genera: Vec<Genus>,
    /// Whether heap n is tame (it and everything reachable from it fickle or firm).
    pub tame: Vec<bool>,
    /// Why the table stops before the requested heap, if it does.
    pub stopped: Option<MisereError>,
}

impl GenusTable {
    /// The genus of the heaps 0..=`up_to` of the game whose heap of n may become `options(n)`,
    /// stopping early (and saying why) when the positions to examine pass `limit`.
    pub fn compute(options: HeapOptions<'_>, up_to: u64, limit: usize) -> GenusTable {
        let mut search = GenusSearch::new(options, limit);
        let mut genera = Vec::new();
        let mut tame = Vec::new();
        let mut stopped = None;
        for heap in 0..=up_to {
            match search.genus(&[heap]) {
                Ok((genus, is_tame)) => {
                    genera.push(genus);
                    tame.push(is_tame);
                }
                Err(error) => {
                    stopped = Some(error);
                    break;
                }
            }
        }
        GenusTable {
            genera,
            tame,
            stopped,
        }
    }

    /// The largest n such that every heap 0..=n is tame (`None` if even heap 0 is not, which
    /// cannot happen: the empty heap is tame).
    pub fn tame_up_to(&self) -> Option<u64> {
        let count = self.tame.iter().take_while(|&&tame| tame).count();
        (count as u64).checked_sub(1)
    }
}
