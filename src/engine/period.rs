//! Periods of Grundy sequences, proved from finitely many values.
//!
//! **The condition checked.** Let a rule leave at most h heaps in one move (h = 1 for codes with
//! no bit 4 or 8 and for subtraction games, 2 with bit 4, 3 with bit 8) and let t be its reach
//! (the largest number of tokens one move removes; max(S) for `sub:S`). Let n₀ ≥ 0 and p ≥ 1 and
//! put n₁ = max(n₀, 1). If the computed values satisfy
//!
//! > G(n + p) = G(n) for every n with n₀ ≤ n < h·n₁ + (h − 1)·p + t,
//!
//! then G(n + p) = G(n) for every n ≥ n₀. Checking it needs G(0..=E) with
//! E = h·n₁ + h·p + t − 1 ([`proof_end`]); this module claims a period exactly when that much is
//! computed and every comparison holds.
//!
//! **Proof sketch** (Guy and Smith, 1956, for h = 2; the same induction for any h). Suppose the
//! equality holds for all n₀ ≤ m < n, where n ≥ h·n₁ + (h − 1)·p + t; show G(n + p) = G(n) by
//! showing that heaps of n and of n + p have the same set of option values. Take k ≤ t with d_k ≠ 0.
//! * *Take-all (bit 1).* It needs n = k or n + p = k, impossible since n > t.
//! * *One heap (bit 2).* n − k ≥ h·n₁ + (h − 1)·p ≥ n₁ ≥ 1, so both n − k and n + p − k are
//!   heaps, and G(n − k + p) = G(n − k) by the induction hypothesis (n₀ ≤ n − k < n).
//! * *Splits (bits 4 and 8, and d₀).* A split of n − k into at most h non-empty heaps has a
//!   largest heap c ≥ (n − k)/h ≥ n₁ and c < n: replacing c by c + p gives a split of n + p − k
//!   of the same value. Conversely a split of n + p − k has a largest heap c ≥ (n + p − k)/h ≥
//!   n₁ + p, so c − p ≥ n₁ ≥ 1 is still a non-empty heap, c − p < n, and replacing c by c − p gives
//!   a split of n − k of the same value.
//!
//! Hence the option sets agree and G(n + p) = G(n). The `max(n₀, 1)` is where small n matter: with
//! n₀ = 0 and k = t, c − p could be 0 — no heap — so the induction starts at n₁ = 1 (the equality
//! G(p) = G(0) itself is among the comparisons, since the range starts at n₀ = 0).
//!
//! For h = 1 the range is t consecutive equalities — the classical, exact criterion for
//! subtraction games (G(n) depends only on the previous t values). The condition does not apply
//! to Grundy's game (splits into *unequal* heaps: c − p may equal the other heap) nor to all-but
//! games (unbounded reach); for those nothing is claimed.
//!
//! **Finding the period.** Candidates come from where the latest values last occurred
//! ([`PeriodTracker`]); each candidate p keeps its last mismatch G(m) ≠ G(m − p), hence its n₀, and
//! is proved when the values reach its [`proof_end`]. The proved (n₀, p) is then made minimal: the
//! least period divides p and is found among p's divisors, and the pre-period is the least n₀ for
//! that period (both facts about the infinite sequence, read off the computed values).

use serde::Serialize;

/// A period of a Grundy sequence with its proof.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProvedPeriod {
    /// The least n₀ with G(n + period) = G(n) for every n ≥ n₀.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// The largest n whose value the proof used.
    pub proved_at: u64,
    /// h, the most heaps one move leaves.
    pub parts: u64,
    /// t, the reach.
    pub reach: u64,
}

impl ProvedPeriod {
    /// The index in `0..preperiod + period` whose value G(n) equals.
    pub fn reduce(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }

    /// The theorem that proves it, in words.
    pub fn theorem(&self) -> String {
        if self.parts == 1 {
            format!(
                "periodicity theorem for games without splits (h = 1, t = {})",
                self.reach
            )
        } else {
            format!(
                "periodicity theorem of Guy and Smith (h = {}, t = {})",
                self.parts, self.reach
            )
        }
    }
}

/// The largest index the proof of period `p` from `n0` needs: h·max(n₀, 1) + h·p + t − 1
/// (`None` on overflow).
pub fn proof_end(parts: u64, reach: u64, n0: u64, p: u64) -> Option<u64> {
    parts
        .checked_mul(n0.max(1))?
        .checked_add(parts.checked_mul(p)?)?
        .checked_add(reach)?
        .checked_sub(1)
}

/// Whether `values` (G(0..values.len())) prove period `p` from `n0` by the condition of this
/// module. The reference implementation: one comparison per index.
pub fn proves<T: PartialEq>(values: &[T], parts: u64, reach: u64, n0: u64, p: u64) -> bool {
    let Some(end) = proof_end(parts, reach, n0, p) else {
        return false;
    };
    if p == 0 || end >= values.len() as u64 {
        return false;
    }
    (n0..=end - p).all(|n| values[n as usize] == values[(n + p) as usize])
}

/// One candidate period and the last index m (if any) with G(m) ≠ G(m − p).
#[derive(Clone, Debug)]
struct Candidate {
    period: usize,
    last_mismatch: Option<usize>,
}

impl Candidate {
    fn preperiod(&self) -> usize {
        self.last_mismatch.map_or(0, |m| m + 1 - self.period)
    }
}

/// Watches a growing sequence for a period it can prove (see the module doc).
#[derive(Clone, Debug)]
pub struct PeriodTracker {
    parts: u64,
    reach: u64,
    candidates: Vec<Candidate>,
    /// Values `0..seen` have been taken into account.
    seen: usize,
    next_search: usize,
}

/// How many candidates are followed at once.
const CANDIDATES: usize = 8;

impl PeriodTracker {
    /// A tracker for a rule leaving at most `parts` heaps, with reach `reach`.
    pub fn new(parts: u64, reach: u64) -> PeriodTracker {
        PeriodTracker {
            parts,
            reach,
            candidates: Vec::new(),
            seen: 0,
            next_search: 8,
        }
    }

    /// Takes in `values[seen..]` (all final); returns the proved period as soon as one is.
    pub fn advance<T: Copy + Eq>(&mut self, values: &[T]) -> Option<ProvedPeriod> {
        let len = values.len();
        while self.seen < len {
            // Walk in steps that end at searches, so that new candidates are found on time.
            let stop = len.min(self.next_search.max(self.seen + 1));
            if let Some(proof) = self.extend(values, stop) {
                return Some(proof);
            }
            if stop >= self.next_search {
                self.search(&values[..stop]);
                // Every 64 values at first, then further apart: each search looks back over
                // half the values (searching every 64 values up to 2^16 was a fifth of 0.16's
                // time to its proof). A period is found a little later; its proof, from the
                // same values, is the same.
                self.next_search = if stop < 1 << 12 {
                    stop + 64
                } else if stop < 1 << 16 {
                    stop + stop / 16
                } else {
                    stop + stop / 4
                };
                if let Some(proof) = self.check(&values[..stop], stop) {
                    return Some(proof);
                }
            }
        }
        None
    }

    /// Extends every candidate over `values[seen..stop]`.
    fn extend<T: Copy + Eq>(&mut self, values: &[T], stop: usize) -> Option<ProvedPeriod> {
        let from = self.seen;
        for candidate in &mut self.candidates {
            let p = candidate.period;
            let start = from.max(p);
            if start >= stop {
                continue;
            }
            // The proof may complete inside this stretch: check up to its end first.
            let end = proof_end(
                self.parts,
                self.reach,
                candidate.preperiod() as u64,
                p as u64,
            )
            .map_or(usize::MAX, |e| usize::try_from(e).unwrap_or(usize::MAX));
            if end < stop && end >= start {
                let clean = (start..=end).all(|m| values[m] == values[m - p]);
                if clean {
                    self.seen = stop;
                    return Some(minimal(
                        &values[..=end],
                        self.parts,
                        self.reach,
                        candidate.preperiod(),
                        p,
                        end,
                    ));
                }
            }
            // Most stretches match whole: compare them as slices first.
            if values[start..stop] != values[start - p..stop - p]
                && let Some(m) = (start..stop).rev().find(|&m| values[m] != values[m - p])
            {
                candidate.last_mismatch = Some(m);
            }
        }
        self.seen = stop;
        self.check(&values[..stop], stop)
    }

    /// A candidate whose proof is complete within `values[..len]`, made minimal.
    fn check<T: Copy + Eq>(&self, values: &[T], len: usize) -> Option<ProvedPeriod> {
        self.candidates.iter().find_map(|candidate| {
            let end = proof_end(
                self.parts,
                self.reach,
                candidate.preperiod() as u64,
                candidate.period as u64,
            )?;
            let end = usize::try_from(end).ok()?;
            (end < len).then(|| {
                minimal(
                    &values[..=end],
                    self.parts,
                    self.reach,
                    candidate.preperiod(),
                    candidate.period,
                    end,
                )
            })
        })
    }

    /// New candidates: distances back to earlier occurrences of the latest values.
    fn search<T: Copy + Eq>(&mut self, values: &[T]) {
        let len = values.len();
        let window = (len / 4).clamp(1, 2048);
        if len < 2 * window {
            return;
        }
        let tail = &values[len - window..];
        let last = tail[window - 1];
        // A period this long could not be proved within twice the values computed so far.
        let longest = if self.parts == 1 {
            len - window
        } else {
            len / 2
        };
        let mut found = Vec::new();
        // Ends of earlier occurrences, nearest first: end = len − 1 − p for p = 1..=longest.
        let lowest = len - 1 - longest;
        let mut end = len - 2;
        while found.len() < CANDIDATES {
            let Some(offset) = values[lowest..=end].iter().rposition(|&v| v == last) else {
                break;
            };
            let at = lowest + offset;
            if at + 1 >= window && values[at + 1 - window..=at] == *tail {
                found.push(len - 1 - at);
            }
            if at == lowest {
                break;
            }
            end = at - 1;
        }
        for p in found {
            if self.candidates.iter().any(|c| c.period == p) {
                continue;
            }
            let last_mismatch = (p..len).rev().find(|&m| values[m] != values[m - p]);
            self.candidates.push(Candidate {
                period: p,
                last_mismatch,
            });
        }
        // Keep the candidates closest to a proof.
        let (parts, reach) = (self.parts, self.reach);
        self.candidates.sort_by_key(|c| {
            proof_end(parts, reach, c.preperiod() as u64, c.period as u64).unwrap_or(u64::MAX)
        });
        self.candidates.truncate(CANDIDATES);
    }
}

/// The least period and pre-period, given that `values` (up to the proof's end) prove period `p`
/// from `n0`.
fn minimal<T: Copy + Eq>(
    values: &[T],
    parts: u64,
    reach: u64,
    n0: usize,
    p: usize,
    end: usize,
) -> ProvedPeriod {
    // The least period divides p; from n0 on, d | p is a period iff it is on one block of p.
    // Past n0 + p, G(m) = G(m − p): compare within the first block.
    let at = |m: usize| {
        if m >= n0 + p {
            values[m - p]
        } else {
            values[m]
        }
    };
    let period = (1..=p)
        .filter(|&d| p.is_multiple_of(d))
        .find(|&d| (n0..n0 + p).all(|m| values[m] == at(m + d)))
        .unwrap_or(p);
    let mut preperiod = n0;
    while preperiod > 0 && values[preperiod - 1] == at(preperiod - 1 + period) {
        preperiod -= 1;
    }
    ProvedPeriod {
        preperiod: preperiod as u64,
        period: period as u64,
        proved_at: end as u64,
        parts,
        reach,
    }
}
