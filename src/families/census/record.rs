//! A census as data: every game's record, the classes of equivalent games and the summary —
//! the JSON that `--json` prints, `--merge` joins and `--check` reads ([`read`]).

use super::error::CensusError;
use serde::{Deserialize, Serialize};

/// The census's format name, written in and required of every JSON census.
pub const FORMAT: &str = "grundy-census 1";
/// The grundy version a shard's piece records; pieces of other versions are not merged.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
/// The largest shift compared: a game equal to another on heaps s larger, s ≤ SHIFTS.
pub const SHIFTS: u64 = 3;
/// How many of a game's rare positions are listed (after the count).
pub const RARE_LISTED: usize = 8;

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
    /// The grundy version that computed a shard (absent from a whole census): the merge
    /// refuses pieces of other versions, whose shards may be split otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grundy: Option<String>,
    /// How many games the whole census has.
    pub total_games: usize,
    /// The games computed (all of them, or the shard's), in census order.
    pub games: Vec<GameRecord>,
    /// The classes of equivalent games among them.
    pub classes: Vec<Class>,
    /// The counts.
    pub summary: Summary,
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
