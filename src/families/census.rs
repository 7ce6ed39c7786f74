//! `grundy census`: every game of a pattern at once — periods, largest values, rare values and
//! which games are the same game in disguise.
//!
//! **What.** A census takes patterns such as `0.???` (`?` is any octal digit 0–7 after the
//! point) or plain spellings (`0.07`, `sub:1,3,4`), expands them in order into distinct games
//! (by canonical spelling: `0.70` is `0.7`, counted once), and computes each game's Grundy
//! sequence until its period is proved or to N heaps ([`CensusRequest::to`], default 2^20),
//! within a per-game work budget counted in the engine's deterministic work units (pair visits),
//! so the same command gives the same table on any machine and any load. Games run in parallel
//! (rayon). Each game's [`GameRecord`] holds its pre-period and period with the theorem that
//! proves them (or "no period up to N"), its largest value and where it first appears, the
//! rare/common split the sparse-space engine used (the mask, how many rare positions, the
//! first and the last), and its *fingerprints* (below). The census groups the games into
//! classes of **equivalent games**.
//!
//! **Why.** This is what the survey tables of the field are: Flammenkamp's pages give every
//! game 0.??? and 4.??? (8^3 + 8^3 = 1,024 codes) with its period, pre-period, largest value,
//! rare values and equivalences; Winning Ways' game locator maps each code to its equivalent. Re-checking
//! them found mistakes (tczajka's `octal-games` notes: Winning Ways maps .27 to .06 instead of
//! .26, and Flammenkamp's tables call .161 and .36 equivalent although they first differ at heap
//! 519), so `--check` compares a census with another table and lists every difference.
//!
//! **Equivalence.** Game a is game b *shifted by s ≥ 0* when G_a(n) = G_b(n + s) for every heap
//! n (s = 0: the same sequence). Dawson's chess 0.137 is Dawson's Kayles 0.07 shifted by one:
//! G_{0.137}(n) = G_{0.07}(n + 1) — a game that cannot take a heap of one outright is a game on
//! heaps one smaller. The census compares shifts up to [`SHIFTS`]. Over a finite range this is
//! *equality up to L*: the census states L for every class, and claims more only when it is
//! proved: if both sequences have proved periods (p_a, n_a) and (p_b, n_b), then in n both
//! G_a(n) and G_b(n + s) are periodic with period P = lcm(p_a, p_b) from n₀ = max(n_a, n_b − s)
//! on, so equality on heaps 0..n₀ + P implies equality for every heap (induction on n: each
//! value past n₀ + P is the value P earlier on both sides). Such classes say "proved equal".
//!
//! **Fingerprints.** Comparing sequences must not need the sequences themselves (a census of
//! 1,024 games to 2^20 would hold a gigabyte; the shards of a cluster run see only their games).
//! So each record keeps, for each length L = 2^10, 2^12, …, 2^20 (and so on up to the known
//! range), and each shift s ≤ [`SHIFTS`], a 128-bit hash of G(s), …, G(s + L − 1): two
//! independent polynomial hashes mod 2^64 with odd multipliers. Two windows are equal exactly
//! when their hashes are, except with probability about 2^-64 per comparison made by the census
//! (fewer than 10^8 for 1,024 games), which the module accepts and states here. The tests
//! compare the classes with a direct comparison of the values.
//!
//! **Classes** are built deterministically from the records alone (so a merge of shards gives
//! the census byte for byte). A class is a first game and games that are it shifted: each
//! member m has G_m(n) = G_first(n + shift_m), so any two members are shifts of one another
//! (by the difference of their shifts). Games are taken by longest fingerprint first (then in
//! census order); each, at its own longest length L, joins the first class one of whose members
//! it is a shift of (least shift first), or leads the first class whose first game is a shift of
//! it (it becomes the new first, every shift grows), or founds a class. Equalities are checked at
//! the newcomer's length L, which is at most every earlier member's, so the class is a true
//! equivalence up to the least length of its members minus its widest shift: the length it
//! states. *Limitation:* shifting loses the first heaps, so one sequence can be a shift of two
//! games neither of which is a shift of the other (the all-zero 0.0 is 0.01 shifted by 3 and
//! 0.11 shifted by 3); it is listed in the first class found, and the other game may stand alone.
//! Identical sequences (shift 0) always share a class.
//!
//! **Status.** *Trivial*: a proved period and no value above 1 (the game is a parity game).
//! *Solved*: any other proved period. *Open*: no period proved up to the range computed.
//!
//! **Shards.** `--shard K/N` computes the games whose census index i has i mod N = K − 1 (round
//! robin, so slow and fast games spread evenly); [`merge`] joins the shards' JSON after checking
//! that they are shards of one census (same format, patterns, range and budget, every shard
//! once, every game once and the one the patterns name at its index) and recomputes the classes
//! and the summary — the same value a single process computes.
//!
//! References: Guy and Smith, *The G-values of various games* (1956); Berlekamp, Conway and
//! Guy, *Winning Ways*, ch. 4 (game locator); Gangolli and Plambeck, *A note on periodicity in
//! some octal games* (1989), for the rare/common split; A. Flammenkamp, *Sprague-Grundy values
//! of octal games* (web tables of 0.??? and 4.???); T. Czajka, `octal-games` (README: the errors
//! found in published tables).

use super::heap_rule::HeapRule;
use crate::engine::values::{Limits, Values};
use crate::engine::{Method, Stop};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

/// The census's format name, written in and required of every JSON census.
pub const FORMAT: &str = "grundy-census 1";
/// Without `--to`: the last heap computed when no period is proved first.
pub const DEFAULT_TO: u64 = 1 << 20;
/// Without `--budget`: the most work units (pair visits) per game before it is left open.
pub const DEFAULT_BUDGET: u64 = 1_000_000_000;
/// The largest shift compared: a game equal to another on heaps s larger, s ≤ SHIFTS.
pub const SHIFTS: u64 = 3;
/// The shortest fingerprint: 2^10 values. Games known on fewer heaps are not compared.
pub const FIRST_LEVEL: u32 = 10;
/// At most this many `?` in one pattern (8^6 = 262,144 games).
pub const MOST_WILDCARDS: usize = 6;
/// At most this many games in one census.
pub const MOST_GAMES: usize = 1 << 20;
/// How many of a game's rare positions are listed (after the count).
pub const RARE_LISTED: usize = 8;

/// Why a census cannot be run, merged or checked.
#[derive(Debug, thiserror::Error)]
pub enum CensusError {
    /// A pattern that names no game, or a malformed one.
    #[error("pattern `{pattern}`: {reason}")]
    Pattern {
        /// The pattern as given.
        pattern: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Too many games.
    #[error("the patterns name more than {limit} games")]
    TooManyGames {
        /// The most games allowed.
        limit: usize,
    },
    /// A malformed `--shard`.
    #[error("--shard `{0}`: write K/N with 1 <= K <= N, e.g. --shard 3/8")]
    Shard(String),
    /// A file that is not a census of this format (JSON errors carry line and column).
    #[error("{file}: {reason}")]
    Foreign {
        /// The file, as displayed.
        file: String,
        /// Why it is refused.
        reason: String,
    },
    /// Shards that are not the shards of one census.
    #[error("cannot merge: {0}")]
    Merge(String),
}

/// What a census computes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusRequest {
    /// The patterns, as given.
    pub patterns: Vec<String>,
    /// The last heap computed for a game without a proved period.
    pub to: u64,
    /// The most work units (pair visits) per game.
    pub budget: u64,
    /// This shard (K, N) of the census, or the whole.
    pub shard: Option<(u64, u64)>,
}

/// Trivial, solved or open (see the module doc).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A proved period and no value above 1.
    Trivial,
    /// A proved period.
    Solved,
    /// No period proved up to the range computed.
    Open,
}

/// The largest value and where it first appears.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstLargest {
    /// The value.
    pub value: u32,
    /// The least heap with that value.
    pub at: u64,
}

/// The rare/common split of the sparse-space engine (its first class of take sizes with splits):
/// the value v of heap n is rare when popcount(v & mask), plus the parity of n ⊕ class when the
/// split reads the heap's parity, is even.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RareSplit {
    /// The mask.
    pub mask: u32,
    /// Whether the split reads the heap's parity too.
    pub heap_parity: bool,
    /// The class of take sizes the split is for (0: even, 1: odd).
    pub class: u64,
    /// How many heaps n ≥ 1 computed have rare values.
    pub count: u64,
    /// The first rare heaps (at most [`RARE_LISTED`]).
    pub first: Vec<u64>,
    /// The last rare heap computed.
    pub last: Option<u64>,
}

/// The hashes of G(s..s + length) for s = 0..=[`SHIFTS`], in hexadecimal (32 digits each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The window's length L.
    pub length: u64,
    /// One hash per shift s.
    pub shifts: Vec<String>,
}

/// One game of a census.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its place in the census (the patterns' expansion order, from 0).
    pub index: usize,
    /// The canonical spelling.
    pub game: String,
    /// Trivial, solved or open.
    pub status: Status,
    /// The least pre-period, when a period is proved.
    pub preperiod: Option<u64>,
    /// The least period, when proved.
    pub period: Option<u64>,
    /// The theorem that proves it.
    pub proved: Option<String>,
    /// The proof read the values up to here.
    pub proved_at: Option<u64>,
    /// Values were computed up to here.
    pub computed_to: u64,
    /// Why the computation stopped: `proved`, `reached`, `work limit` or `interrupted`.
    pub stopped: String,
    /// The work done, in the engine's units.
    pub work: u64,
    /// The largest value computed and where it first appears.
    pub largest: FirstLargest,
    /// The sparse-space engine's split, when it used one.
    pub rare: Option<RareSplit>,
    /// The fingerprints, shortest first (none when fewer than 2^10 values are known).
    pub fingerprints: Vec<Fingerprint>,
    /// The class of equivalent games it belongs to (an index into [`Census::classes`]).
    pub class: Option<usize>,
}

/// One member of a class of equivalent games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// The game's spelling.
    pub game: String,
    /// G_game(n) = G_first(n + shift): the first member shifted by this many heaps.
    pub shift: u64,
}

/// A class of equivalent games (two or more).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Class {
    /// The members, the first with shift 0, then by census order.
    pub members: Vec<Member>,
    /// Equal on heaps 0..equal_to (with the shifts).
    pub equal_to: u64,
    /// Proved equal for every heap (all periods proved; see the module doc).
    pub proved_equal: bool,
}

/// How many games are trivial, solved and open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// All games.
    pub games: usize,
    /// Trivial games.
    pub trivial: usize,
    /// Solved (not trivial) games.
    pub solved: usize,
    /// Open games.
    pub open: usize,
    /// Classes of two or more equivalent games.
    pub classes: usize,
    /// Total work units.
    pub work: u64,
}

/// A census: the request, every game's record, the classes and the summary. Serialises to the
/// JSON that `--json` prints, `--merge` joins and `--check` reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Census {
    /// [`FORMAT`].
    pub format: String,
    /// The patterns.
    pub patterns: Vec<String>,
    /// The last heap for games without a proved period.
    pub to: u64,
    /// Work units per game.
    pub budget: u64,
    /// `K/N` for a shard, `null` for a whole census.
    pub shard: Option<String>,
    /// How many games the whole census has.
    pub total_games: usize,
    /// The games computed (all of them, or the shard's), in census order.
    pub games: Vec<GameRecord>,
    /// The classes of equivalent games among them.
    pub classes: Vec<Class>,
    /// The counts.
    pub summary: Summary,
}

/// Expands patterns into distinct games, in order: `?` after the point of a code is each octal
/// digit 0–7 (the first digit varying slowest); anything else is one heap game's spelling.
pub fn expand(patterns: &[String]) -> Result<Vec<HeapRule>, CensusError> {
    let mut games = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for pattern in patterns {
        let bad = |reason: String| CensusError::Pattern {
            pattern: pattern.clone(),
            reason,
        };
        let wildcards = pattern.matches('?').count();
        if wildcards > MOST_WILDCARDS {
            return Err(bad(format!(
                "at most {MOST_WILDCARDS} `?` in one pattern (each multiplies the games by 8)"
            )));
        }
        if wildcards > 0 {
            match pattern.split_once('.') {
                Some((whole, _)) if !whole.contains('?') => {}
                _ => {
                    return Err(bad(
                        "`?` stands for an octal digit after the point of a code, as in 0.??"
                            .to_string(),
                    ));
                }
            }
        }
        for choice in 0..(1usize << (3 * wildcards)) {
            let mut digits = (0..wildcards)
                .rev()
                .map(|i| char::from(b'0' + ((choice >> (3 * i)) & 7) as u8));
            let spelling: String = pattern
                .chars()
                .map(|c| {
                    if c == '?' {
                        digits.next().unwrap_or('0')
                    } else {
                        c
                    }
                })
                .collect();
            let rule = match HeapRule::resolve(&spelling) {
                Some(Ok(rule)) => rule,
                Some(Err(error)) => return Err(bad(error.to_string())),
                None => return Err(bad("no heap game is spelled so".to_string())),
            };
            if seen.insert(rule.to_string()) {
                if games.len() == MOST_GAMES {
                    return Err(CensusError::TooManyGames { limit: MOST_GAMES });
                }
                games.push(rule);
            }
        }
    }
    if games.is_empty() {
        return Err(CensusError::Pattern {
            pattern: String::new(),
            reason: "no pattern given".to_string(),
        });
    }
    Ok(games)
}

/// Reads `K/N` (1 ≤ K ≤ N).
pub fn parse_shard(text: &str) -> Result<(u64, u64), CensusError> {
    let bad = || CensusError::Shard(text.to_string());
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

fn in_shard(index: usize, shard: Option<(u64, u64)>) -> bool {
    match shard {
        None => true,
        Some((k, n)) => (index as u64) % n == k - 1,
    }
}

/// Runs a census: every game of the patterns (or of the shard), in parallel; `done` is called
/// once per finished game (for a progress bar), `interrupt` stops the games still running at
/// their next block (they are then reported as interrupted).
pub fn run(
    request: &CensusRequest,
    interrupt: Option<&AtomicBool>,
    done: &(dyn Fn(&GameRecord) + Sync),
) -> Result<Census, CensusError> {
    use rayon::prelude::*;
    let games = expand(&request.patterns)?;
    let total = games.len();
    let chosen: Vec<(usize, &HeapRule)> = games
        .iter()
        .enumerate()
        .filter(|(index, _)| in_shard(*index, request.shard))
        .collect();
    let records: Vec<GameRecord> = chosen
        .par_iter()
        .with_max_len(1)
        .map(|&(index, rule)| {
            let record = compute_game(index, rule, request.to, request.budget, interrupt);
            done(&record);
            record
        })
        .collect();
    Ok(assemble(
        request.patterns.clone(),
        request.to,
        request.budget,
        request.shard.map(|(k, n)| format!("{k}/{n}")),
        total,
        records,
    ))
}

/// The values of one game as the census computes them (to a proof, `to` or the budget).
pub fn compute_values(
    rule: &HeapRule,
    to: u64,
    budget: u64,
    interrupt: Option<&AtomicBool>,
) -> Values {
    Values::compute_with(
        rule,
        &Limits {
            to,
            work_limit: Some(u128::from(budget)),
            interrupt,
            progress: false,
            past_proof: false,
        },
    )
}

/// The heaps whose values a game's values determine within a census of range `to`: every heap
/// up to `to` (and the shifts past it) when proved, else those computed.
fn known_len(values: &Values, to: u64) -> u64 {
    if values.period().is_some() {
        to.saturating_add(1).saturating_add(SHIFTS)
    } else {
        values.computed_to().saturating_add(1)
    }
}

/// The fingerprint lengths of a game known on `known` heaps: 2^10, 2^12, … while every shift's
/// window fits.
fn levels(known: u64) -> Vec<u64> {
    let mut lengths = Vec::new();
    let mut level = FIRST_LEVEL;
    while level < 63 && (1u64 << level).saturating_add(SHIFTS) <= known {
        lengths.push(1u64 << level);
        level += 2;
    }
    lengths
}

/// Two independent polynomial hashes of a run of values (see the module doc).
#[derive(Clone, Copy)]
struct WindowHash(u64, u64);

impl WindowHash {
    const START: WindowHash = WindowHash(0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344);

    fn push(self, value: u32) -> WindowHash {
        let v = u64::from(value) + 1;
        WindowHash(
            self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(v),
            (self.1 ^ v)
                .wrapping_mul(0xff51_afd7_ed55_8ccd)
                .rotate_left(29),
        )
    }

    fn hex(self) -> String {
        format!("{:016x}{:016x}", self.0, self.1)
    }
}

fn fingerprints(values: &Values, known: u64) -> Vec<Fingerprint> {
    let lengths = levels(known);
    let Some(&longest) = lengths.last() else {
        return Vec::new();
    };
    let span = longest + SHIFTS;
    let all: Vec<u32> = (0..span)
        .map(|n| values.get(n).expect("the fingerprint's values are known"))
        .collect();
    let mut result: Vec<Fingerprint> = lengths
        .iter()
        .map(|&length| Fingerprint {
            length,
            shifts: Vec::new(),
        })
        .collect();
    for shift in 0..=SHIFTS {
        let mut hash = WindowHash::START;
        let mut next = 0;
        for (i, &value) in all[shift as usize..].iter().enumerate() {
            hash = hash.push(value);
            if i as u64 + 1 == lengths[next] {
                result[next].shifts.push(hash.hex());
                next += 1;
                if next == lengths.len() {
                    break;
                }
            }
        }
    }
    result
}

impl RareSplit {
    /// The mask, and `+parity` when the heap's parity is read.
    fn describe(&self) -> String {
        if self.heap_parity {
            format!("{:#x}+parity", self.mask)
        } else {
            format!("{:#x}", self.mask)
        }
    }
}

fn is_common(split: &RareSplit, heap: u64, value: u32) -> bool {
    let heap_bit = u32::from(split.heap_parity) & ((heap ^ split.class) & 1) as u32;
    ((value & split.mask).count_ones() + heap_bit) % 2 == 1
}

/// One game's record (its class is set by `assemble`).
pub fn compute_game(
    index: usize,
    rule: &HeapRule,
    to: u64,
    budget: u64,
    interrupt: Option<&AtomicBool>,
) -> GameRecord {
    let values = compute_values(rule, to, budget, interrupt);
    let table = values.table();
    let computed = values.computed_to();
    let mut largest = FirstLargest { value: 0, at: 0 };
    for n in 0..table.len() {
        let v = table.get(n);
        if v > largest.value {
            largest = FirstLargest {
                value: v,
                at: n as u64,
            };
        }
    }
    let rare = match values.method() {
        Method::Sparse { classes } => classes
            .iter()
            .enumerate()
            .find_map(|(class, entry)| entry.map(|(set, _)| (class, set)))
            .map(|(class, set)| {
                let mut split = RareSplit {
                    mask: set.mask,
                    heap_parity: set.heap_parity,
                    class: class as u64,
                    count: 0,
                    first: Vec::new(),
                    last: None,
                };
                for n in 1..table.len() {
                    if !is_common(&split, n as u64, table.get(n)) {
                        split.count += 1;
                        if split.first.len() < RARE_LISTED {
                            split.first.push(n as u64);
                        }
                        split.last = Some(n as u64);
                    }
                }
                split
            }),
        Method::Naive | Method::Dense => None,
    };
    let period = values.period();
    let status = match period {
        Some(_) if largest.value <= 1 => Status::Trivial,
        Some(_) => Status::Solved,
        None => Status::Open,
    };
    GameRecord {
        index,
        game: rule.to_string(),
        status,
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        proved: period.map(|p| p.theorem()),
        proved_at: period.map(|p| p.proved_at),
        computed_to: computed,
        stopped: stop_word(values.stopped_by()).to_string(),
        work: u64::try_from(values.work()).unwrap_or(u64::MAX),
        largest,
        rare,
        fingerprints: fingerprints(&values, known_len(&values, to)),
        class: None,
    }
}

fn stop_word(stop: Stop) -> &'static str {
    match stop {
        Stop::Proved => "proved",
        Stop::Reached => "reached",
        Stop::WorkLimit => "work limit",
        Stop::Interrupted => "interrupted",
        Stop::RuleFailed => "rule failed",
    }
}

/// A census from its records: the classes and the summary recomputed (the one way both a run
/// and a merge end, so they agree byte for byte).
fn assemble(
    patterns: Vec<String>,
    to: u64,
    budget: u64,
    shard: Option<String>,
    total_games: usize,
    mut games: Vec<GameRecord>,
) -> Census {
    games.sort_by_key(|g| g.index);
    let classes = classify(&mut games);
    let count = |status| games.iter().filter(|g| g.status == status).count();
    let summary = Summary {
        games: games.len(),
        trivial: count(Status::Trivial),
        solved: count(Status::Solved),
        open: count(Status::Open),
        classes: classes.len(),
        work: games.iter().fold(0u64, |sum, g| sum.saturating_add(g.work)),
    };
    Census {
        format: FORMAT.to_string(),
        patterns,
        to,
        budget,
        shard,
        total_games,
        games,
        classes,
        summary,
    }
}

/// A member of a class being built: its record, its offset from the class's current root
/// (G_member(n) = G_root(n + offset)), the length it was compared over, and whether its
/// equality with the root is proved.
struct Joined {
    record: usize,
    offset: u64,
    length: u64,
    proved: bool,
}

/// A window of a class member: (class, member, shift).
type Anchor = (usize, usize, u64);

/// How a game joins a class.
enum Join {
    /// G_game(n) = G_member(n + shift) for a member of the class.
    Follows {
        class: usize,
        member: usize,
        shift: u64,
    },
    /// G_root(n) = G_game(n + shift): the game becomes the class's root.
    Leads {
        class: usize,
        member: usize,
        shift: u64,
    },
}

fn lcm(a: u64, b: u64) -> Option<u64> {
    let gcd = {
        let (mut x, mut y) = (a, b);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    if gcd == 0 {
        return None;
    }
    (a / gcd).checked_mul(b)
}

/// Whether G_a(n) = G_b(n + s) for heaps 0..length proves it for every heap (module doc).
fn proves_equal(a: &GameRecord, b: &GameRecord, s: u64, length: u64) -> bool {
    match (a.preperiod, a.period, b.preperiod, b.period) {
        (Some(na), Some(pa), Some(nb), Some(pb)) => {
            let start = na.max(nb.saturating_sub(s));
            lcm(pa, pb)
                .and_then(|p| start.checked_add(p))
                .is_some_and(|end| end <= length)
        }
        _ => false,
    }
}

/// The fingerprint of length `length`, shift `s`, of a record.
fn hash_at(record: &GameRecord, length: u64, s: u64) -> Option<&str> {
    record
        .fingerprints
        .iter()
        .find(|f| f.length == length)
        .and_then(|f| f.shifts.get(s as usize))
        .map(String::as_str)
}

/// Groups the records into classes (see the module doc) and sets each member's `class`.
fn classify(games: &mut [GameRecord]) -> Vec<Class> {
    let longest = |g: &GameRecord| g.fingerprints.last().map_or(0, |f| f.length);
    let mut order: Vec<usize> = (0..games.len())
        .filter(|&i| !games[i].fingerprints.is_empty())
        .collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(longest(&games[i])), games[i].index));
    let mut forming: Vec<Vec<Joined>> = Vec::new();
    {
        // (length, hash) → (class, member, shift): that member's G(shift..shift + length).
        let mut windows: HashMap<(u64, &str), Vec<Anchor>> = HashMap::new();
        for &i in &order {
            let g = &games[i];
            let length = longest(g);
            let lookup = |shift_here: u64, shift_there: u64, roots_only: bool| {
                let hash = hash_at(g, length, shift_here)?;
                windows
                    .get(&(length, hash))?
                    .iter()
                    .filter(|&&(class, member, shift)| {
                        shift == shift_there && (!roots_only || forming[class][member].offset == 0)
                    })
                    .map(|&(class, member, _)| (class, member))
                    .min()
            };
            // The least shift first; at each shift, g as a shift of a member, then g as the
            // sequence the root is a shift of.
            let mut join = None;
            for s in 0..=SHIFTS {
                if let Some((class, member)) = lookup(0, s, false) {
                    join = Some(Join::Follows {
                        class,
                        member,
                        shift: s,
                    });
                    break;
                }
                if s > 0
                    && let Some((class, member)) = lookup(s, 0, true)
                {
                    join = Some(Join::Leads {
                        class,
                        member,
                        shift: s,
                    });
                    break;
                }
            }
            let (class, joined) = match join {
                Some(Join::Follows {
                    class,
                    member,
                    shift,
                }) => {
                    let anchor = &forming[class][member];
                    let proved =
                        anchor.proved && proves_equal(g, &games[anchor.record], shift, length);
                    let joined = Joined {
                        record: i,
                        offset: anchor.offset + shift,
                        length,
                        proved,
                    };
                    (class, joined)
                }
                Some(Join::Leads {
                    class,
                    member,
                    shift,
                }) => {
                    let root = &games[forming[class][member].record];
                    let link = proves_equal(root, g, shift, length);
                    for other in &mut forming[class] {
                        other.offset += shift;
                        other.proved &= link;
                    }
                    let joined = Joined {
                        record: i,
                        offset: 0,
                        length,
                        proved: true,
                    };
                    (class, joined)
                }
                None => {
                    forming.push(Vec::new());
                    let joined = Joined {
                        record: i,
                        offset: 0,
                        length,
                        proved: true,
                    };
                    (forming.len() - 1, joined)
                }
            };
            let member = forming[class].len();
            forming[class].push(joined);
            for f in &g.fingerprints {
                for (s, hash) in f.shifts.iter().enumerate() {
                    windows
                        .entry((f.length, hash.as_str()))
                        .or_default()
                        .push((class, member, s as u64));
                }
            }
        }
    }
    let mut classes: Vec<(usize, Class, Vec<usize>)> = Vec::new();
    for class in forming {
        if class.len() < 2 {
            continue;
        }
        let mut members: Vec<(usize, u64)> = class.iter().map(|m| (m.record, m.offset)).collect();
        members.sort_by_key(|&(i, shift)| (shift, games[i].index));
        let first = members[0];
        let mut rest: Vec<(usize, u64)> = members[1..].to_vec();
        rest.sort_by_key(|&(i, _)| games[i].index);
        let ordered: Vec<(usize, u64)> = std::iter::once(first).chain(rest).collect();
        let widest = ordered.iter().map(|&(_, shift)| shift).max().unwrap_or(0);
        let equal_to = class
            .iter()
            .map(|m| m.length)
            .min()
            .unwrap_or(0)
            .saturating_sub(widest);
        let proved_equal = class.iter().all(|m| m.proved);
        let indices: Vec<usize> = ordered.iter().map(|&(i, _)| i).collect();
        classes.push((
            games[first.0].index,
            Class {
                members: ordered
                    .iter()
                    .map(|&(i, shift)| Member {
                        game: games[i].game.clone(),
                        shift,
                    })
                    .collect(),
                equal_to,
                proved_equal,
            },
            indices,
        ));
    }
    classes.sort_by_key(|(first, _, _)| *first);
    for (number, (_, _, indices)) in classes.iter().enumerate() {
        for &i in indices {
            games[i].class = Some(number);
        }
    }
    classes.into_iter().map(|(_, class, _)| class).collect()
}

/// Reads a census from JSON text (`file` names it in errors), refusing other formats.
pub fn read(text: &str, file: &str) -> Result<Census, CensusError> {
    let foreign = |reason: String| CensusError::Foreign {
        file: file.to_string(),
        reason,
    };
    let census: Census = serde_json::from_str(text).map_err(|e| {
        foreign(format!(
            "not a census (line {}, column {}: {e})",
            e.line(),
            e.column()
        ))
    })?;
    if census.format != FORMAT {
        return Err(foreign(format!(
            "format `{}`, expected `{FORMAT}`",
            census.format
        )));
    }
    Ok(census)
}

/// Joins the shards of one census (see the module doc) into the census a single process gives.
pub fn merge(pieces: Vec<(String, Census)>) -> Result<Census, CensusError> {
    let Some((first_file, first)) = pieces.first() else {
        return Err(CensusError::Merge("no pieces given".to_string()));
    };
    let expected = expand(&first.patterns)?;
    let mut shards_seen = std::collections::BTreeSet::new();
    let mut of = None;
    let mut records: Vec<Option<GameRecord>> = vec![None; expected.len()];
    for (file, piece) in &pieces {
        if piece.patterns != first.patterns || piece.to != first.to || piece.budget != first.budget
        {
            return Err(CensusError::Merge(format!(
                "{file} is a census of other patterns, range or budget than {first_file}"
            )));
        }
        let (k, n) = match &piece.shard {
            Some(text) => parse_shard(text)
                .map_err(|_| CensusError::Merge(format!("{file}: malformed shard `{text}`")))?,
            None => (1, 1),
        };
        if *of.get_or_insert(n) != n {
            return Err(CensusError::Merge(format!(
                "{file} is a shard of {n}, {first_file} of {}",
                of.unwrap_or(0)
            )));
        }
        if !shards_seen.insert(k) {
            return Err(CensusError::Merge(format!("shard {k}/{n} is given twice")));
        }
        if piece.total_games != expected.len() {
            return Err(CensusError::Merge(format!(
                "{file} counts {} games; its patterns name {}",
                piece.total_games,
                expected.len()
            )));
        }
        for record in &piece.games {
            let index = record.index;
            let fits = index < expected.len()
                && in_shard(index, Some((k, n)))
                && expected[index].to_string() == record.game;
            if !fits {
                return Err(CensusError::Merge(format!(
                    "{file}: game {} at index {index} is not that shard's game there",
                    record.game
                )));
            }
            if records[index].replace(record.clone()).is_some() {
                return Err(CensusError::Merge(format!(
                    "{} is given twice",
                    record.game
                )));
            }
        }
    }
    let n = of.unwrap_or(1);
    if let Some(missing) = (1..=n).find(|k| !shards_seen.contains(k)) {
        return Err(CensusError::Merge(format!(
            "shard {missing}/{n} is missing"
        )));
    }
    let mut games = Vec::with_capacity(records.len());
    for (index, record) in records.into_iter().enumerate() {
        match record {
            Some(mut record) => {
                record.class = None;
                games.push(record);
            }
            None => {
                return Err(CensusError::Merge(format!(
                    "no shard holds {} (index {index})",
                    expected[index]
                )));
            }
        }
    }
    Ok(assemble(
        first.patterns.clone(),
        first.to,
        first.budget,
        None,
        expected.len(),
        games,
    ))
}

fn power_of_two(n: u64) -> String {
    if n.is_power_of_two() && n >= 1024 {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

fn period_cells(g: &GameRecord) -> (String, String, String) {
    match (g.preperiod, g.period) {
        (Some(pre), Some(period)) => (
            pre.to_string(),
            period.to_string(),
            g.proved.as_deref().map_or(String::new(), |t| {
                t.replace("periodicity theorem", "theorem")
            }),
        ),
        _ => (
            "-".to_string(),
            "-".to_string(),
            format!("no period up to {} ({})", g.computed_to, g.stopped),
        ),
    }
}

fn rare_cell(g: &GameRecord) -> String {
    match &g.rare {
        Some(rare) => match rare.last {
            Some(last) => format!("{}: {} rare, last {last}", rare.describe(), rare.count),
            None => format!("{}: none rare", rare.describe()),
        },
        None => "-".to_string(),
    }
}

fn class_line(class: &Class) -> String {
    let members: Vec<String> = class
        .members
        .iter()
        .map(|m| {
            if m.shift == 0 {
                m.game.clone()
            } else {
                format!("{} (+{})", m.game, m.shift)
            }
        })
        .collect();
    let range = if class.proved_equal {
        "proved equal".to_string()
    } else {
        format!("equal up to {}", power_of_two(class.equal_to))
    };
    format!("{} — {range}", members.join(" = "))
}

impl Census {
    /// The summary line.
    pub fn summary_line(&self) -> String {
        let s = &self.summary;
        format!(
            "{} games{}: {} trivial, {} solved, {} open; {} classes of equivalent games; {} work \
             units",
            s.games,
            self.shard.as_ref().map_or(String::new(), |k| format!(
                " (shard {k} of {})",
                self.total_games
            )),
            s.trivial,
            s.solved,
            s.open,
            s.classes,
            s.work
        )
    }

    /// The census as a text table, the classes and the summary line.
    pub fn text(&self) -> String {
        let header = [
            "game",
            "status",
            "pre-period",
            "period",
            "proof",
            "largest (at)",
            "rare/common split",
            "class",
        ];
        let rows: Vec<[String; 8]> = self
            .games
            .iter()
            .map(|g| {
                let (pre, period, proof) = period_cells(g);
                [
                    g.game.clone(),
                    format!("{:?}", g.status).to_lowercase(),
                    pre,
                    period,
                    proof,
                    format!("{} ({})", g.largest.value, g.largest.at),
                    rare_cell(g),
                    g.class.map_or("-".to_string(), |c| (c + 1).to_string()),
                ]
            })
            .collect();
        let mut widths = header.map(|h| h.chars().count());
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let mut text = String::new();
        let mut line = |cells: &[String]| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .map(|(c, &w)| format!("{c:<w$}"))
                .collect();
            let _ = writeln!(text, "{}", padded.join("  ").trim_end());
        };
        line(&header.map(str::to_string));
        for row in &rows {
            line(row);
        }
        if !self.classes.is_empty() {
            let _ = writeln!(
                text,
                "\nequivalent games (G of a game (+s) at n is G of the first at n + s):"
            );
            for (number, class) in self.classes.iter().enumerate() {
                let _ = writeln!(text, "{:>4}. {}", number + 1, class_line(class));
            }
        }
        let _ = writeln!(text, "\n{}", self.summary_line());
        text
    }

    /// The census as a Markdown table, the classes and the summary line.
    pub fn markdown(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "| game | status | pre-period | period | proof | largest (at) | rare/common split | \
             class |\n|---|---|---|---|---|---|---|---|"
        );
        for g in &self.games {
            let (pre, period, proof) = period_cells(g);
            let _ = writeln!(
                text,
                "| {} | {} | {pre} | {period} | {proof} | {} ({}) | {} | {} |",
                g.game,
                format!("{:?}", g.status).to_lowercase(),
                g.largest.value,
                g.largest.at,
                rare_cell(g),
                g.class.map_or("-".to_string(), |c| (c + 1).to_string()),
            );
        }
        if !self.classes.is_empty() {
            let _ = writeln!(
                text,
                "\nEquivalent games (G of a game (+s) at n is G of the first at n + s):\n"
            );
            for (number, class) in self.classes.iter().enumerate() {
                let _ = writeln!(text, "{}. {}", number + 1, class_line(class));
            }
        }
        let _ = writeln!(text, "\n{}", self.summary_line());
        text
    }
}

/// One difference between a census and a reference table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The game (or the first game of a pair).
    pub game: String,
    /// What differs, in words.
    pub what: String,
}

fn period_words(g: &GameRecord) -> String {
    match (g.preperiod, g.period) {
        (Some(pre), Some(p)) => format!("period {p}, pre-period {pre}"),
        _ => format!("no period up to {}", g.computed_to),
    }
}

/// The first heap n < `limit` where G_a(n) ≠ G_b(n + shift), if any.
fn first_difference(a: &Values, b: &Values, shift: u64, limit: u64) -> Option<u64> {
    (0..limit).find(
        |&n| match (a.get(n), n.checked_add(shift).and_then(|m| b.get(m))) {
            (Some(x), Some(y)) => x != y,
            _ => false,
        },
    )
}

/// Compares a census with a reference table of the same format: every game whose period differs
/// (or that one of them lacks), and every pair one calls equivalent and the other does not — for
/// a pair the reference calls equivalent but this census does not, with the first heap where
/// they differ (the two games are computed again within the census's range and budget).
pub fn check(census: &Census, reference: &Census) -> Vec<Difference> {
    let mut differences = Vec::new();
    let ours: HashMap<&str, &GameRecord> =
        census.games.iter().map(|g| (g.game.as_str(), g)).collect();
    let theirs: HashMap<&str, &GameRecord> = reference
        .games
        .iter()
        .map(|g| (g.game.as_str(), g))
        .collect();
    for g in &census.games {
        match theirs.get(g.game.as_str()) {
            None => differences.push(Difference {
                game: g.game.clone(),
                what: "not in the reference".to_string(),
            }),
            Some(r) if (r.preperiod, r.period) != (g.preperiod, g.period) => {
                differences.push(Difference {
                    game: g.game.clone(),
                    what: format!(
                        "{} here, {} in the reference",
                        period_words(g),
                        period_words(r)
                    ),
                })
            }
            Some(_) => {}
        }
    }
    for r in &reference.games {
        if !ours.contains_key(r.game.as_str()) {
            differences.push(Difference {
                game: r.game.clone(),
                what: "in the reference, not in this census".to_string(),
            });
        }
    }
    // Each class's members against its first: (first, member, shift) in one table, not the other.
    let relation = |c: &Census| -> HashMap<(String, String), u64> {
        let mut pairs = HashMap::new();
        for class in &c.classes {
            let first = &class.members[0];
            for m in &class.members[1..] {
                pairs.insert((first.game.clone(), m.game.clone()), m.shift - first.shift);
            }
        }
        pairs
    };
    // Whether two games are equivalent here with that shift (same class, offsets differ by it).
    let equivalent_here = |a: &str, b: &str, shift: u64| -> bool {
        census.classes.iter().any(|class| {
            let find = |name: &str| class.members.iter().find(|m| m.game == name);
            matches!((find(a), find(b)), (Some(x), Some(y)) if y.shift == x.shift + shift)
        })
    };
    let equivalent_there = |a: &str, b: &str, shift: u64| -> bool {
        reference.classes.iter().any(|class| {
            let find = |name: &str| class.members.iter().find(|m| m.game == name);
            matches!((find(a), find(b)), (Some(x), Some(y)) if y.shift == x.shift + shift)
        })
    };
    let mut theirs_pairs: Vec<((String, String), u64)> = relation(reference).into_iter().collect();
    theirs_pairs.sort();
    for ((first, member), shift) in theirs_pairs {
        if equivalent_here(&first, &member, shift) {
            continue;
        }
        // G_member(n) = G_first(n + shift) is claimed: find where it fails.
        let found = match (HeapRule::resolve(&first), HeapRule::resolve(&member)) {
            (Some(Ok(a)), Some(Ok(b))) => {
                let first_values = compute_values(&a, census.to, census.budget, None);
                let member_values = compute_values(&b, census.to, census.budget, None);
                let limit = census.to.saturating_add(1);
                first_difference(&member_values, &first_values, shift, limit)
            }
            _ => None,
        };
        let shifted = if shift == 0 {
            String::new()
        } else {
            format!(" shifted by {shift}")
        };
        differences.push(Difference {
            game: member.clone(),
            what: match found {
                Some(n) => format!(
                    "the reference calls it {first}{shifted}; they first differ at heap {n}: \
                     G_{member}({n}) differs from G_{first}({})",
                    n + shift
                ),
                None => format!(
                    "the reference calls it {first}{shifted}; no difference found in the range \
                     computed here, but this census does not join them"
                ),
            },
        });
    }
    let mut ours_pairs: Vec<((String, String), u64)> = relation(census).into_iter().collect();
    ours_pairs.sort();
    for ((first, member), shift) in ours_pairs {
        if !equivalent_there(&first, &member, shift) {
            let shifted = if shift == 0 {
                String::new()
            } else {
                format!(" shifted by {shift}")
            };
            differences.push(Difference {
                game: member,
                what: format!("equal to {first}{shifted} here; the reference does not say so"),
            });
        }
    }
    differences
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_expand_in_order_without_repeats() {
        let games = expand(&["0.?".to_string(), "0.7".to_string()]).unwrap();
        let names: Vec<String> = games.iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
        );
        assert_eq!(expand(&["0.??".to_string()]).unwrap().len(), 64);
        assert!(expand(&["?.1".to_string()]).is_err());
        assert!(expand(&["0.???????".to_string()]).is_err());
        assert!(expand(&["no-such-game".to_string()]).is_err());
    }

    #[test]
    fn shards_parse() {
        assert_eq!(parse_shard("3/8").unwrap(), (3, 8));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn lcm_does_not_wrap() {
        assert_eq!(lcm(4, 6), Some(12));
        assert_eq!(lcm(u64::MAX, u64::MAX - 1), None);
    }
}
