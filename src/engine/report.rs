//! The report on a computed table G(0..=N): everything `grundy table` prints, as one
//! serde-serializable value (the ring mode builds it too).

use super::method::Stop;
use serde::Serialize;

/// The largest value of G(0..=N) and where it first occurs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Largest {
    /// The value.
    pub value: u32,
    /// The least n with G(n) = value.
    pub at: u64,
}

/// An arithmetic period seen in the values but not proved (all-but games):
/// G(n + period) = G(n) + saltus for `from` ≤ n ≤ N − period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observed {
    /// The first n of the observed stretch.
    pub from: u64,
    /// The period.
    pub period: u64,
    /// The increase per period.
    pub saltus: u64,
}

/// The report on G(0..=to): everything `grundy table` prints, as a serde-serializable value.
///
/// The JSON object is the spec's `{"game", "to", "last", "checksum", "preperiod", "period",
/// "proved", "largest": {"value", "at"}}` (`values` with `--print`), plus `computed_to` (how far
/// values were computed rather than taken from the period), `proved_at`, `method`, `stopped`, and
/// for all-but games `observed`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableReport {
    /// The game's canonical spelling.
    pub game: String,
    /// N: the report covers G(0..=N).
    pub to: u64,
    /// G(N).
    pub last: u32,
    /// The checksum of G(0..=N), upper-case hexadecimal.
    pub checksum: String,
    /// The least pre-period, when a period is proved.
    pub preperiod: Option<u64>,
    /// The least period, when proved.
    pub period: Option<u64>,
    /// The theorem that proves the period, in words; `null` when none is proved.
    pub proved: Option<String>,
    /// The largest value and where it first occurs.
    pub largest: Largest,
    /// The proof used the values up to here.
    pub proved_at: Option<u64>,
    /// The values were computed up to here (the rest come from the period).
    pub computed_to: u64,
    /// How the values were computed.
    pub method: String,
    /// Why the computation stopped: serialised as `proved`, `reached`, `work limit` or
    /// `interrupted`.
    pub stopped: Stop,
    /// What is observed but not proved (all-but games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub observed: Option<Observed>,
    /// Why no period can be claimed for this game at all, when that is so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_theorem: Option<String>,
    /// G(0..=N), with `--print`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u32>>,
}
