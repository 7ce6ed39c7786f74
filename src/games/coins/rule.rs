//! The one-dimensional coin-turning rules: which coins a move turns, the value of a coin, and
//! the moves at a coin whose other coins are worth a given nim-sum (solved, not searched).
//!
//! Coins sit at positions 1, 2, 3, …; a move turns over a set of coins whose rightmost coin h
//! goes from heads to tails (the others may go either way). The rules, by what a move at h
//! turns besides h:
//!
//! * **ruler**: the coins a, a+1, …, h−1 for some a ≤ h (a run ending at h);
//! * **mock-turtles**: nothing, one coin, or two coins left of h;
//! * **turtles**: nothing or one coin left of h;
//! * **twins**: exactly one coin left of h.

use std::fmt;

/// The largest coin position on an axis with the ruler rule: a move there turns a run of up to
/// that many coins, and the position it leads to holds them all.
pub const MAX_RULER_COIN: u64 = 1 << 10;

/// The largest coin position with the other rules (a mock-turtle at 2^63 is worth 2^64 − 1).
pub const MAX_COIN: u64 = 1 << 63;

/// A one-dimensional coin-turning rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Turn a run of coins ending at h: g(n) = the largest power of 2 dividing n.
    Ruler,
    /// Turn h and up to two coins left of it: g(n) = the (n−1)-th odious number.
    MockTurtles,
    /// Turn h and at most one coin left of it: g(n) = n.
    Turtles,
    /// Turn h and exactly one coin left of it: g(n) = n − 1.
    Twins,
}

/// What a move at coin h turns besides h.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Others {
    /// Nothing: h alone.
    Nothing,
    /// One coin left of h.
    One(u64),
    /// Two coins left of h, the smaller first.
    Two(u64, u64),
    /// The run of coins from this one to h − 1 (the ruler rule; at least two coins in all).
    RunFrom(u64),
}

/// A move of a one-dimensional rule: the coin at `at` (heads, turned to tails) and the others.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The rightmost coin turned, heads before the move.
    pub at: u64,
    /// The other coins turned.
    pub others: Others,
}

/// The Gray code n ⊕ (n >> 1): the nim-sum of the ruler values 1 … n (bit k of that sum is the
/// parity of the count of i ≤ n with 2^k the largest power of 2 dividing i, ⌈⌊n/2^k⌋/2⌉,
/// which is odd exactly when bits k and k+1 of n differ).
pub fn gray(n: u64) -> u64 {
    n ^ (n >> 1)
}

/// The inverse of the Gray code.
pub fn gray_inverse(mut code: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        code ^= code >> shift;
        shift <<= 1;
    }
    code
}

/// Whether n has an odd number of 1 bits.
fn odious(n: u64) -> bool {
    n.count_ones() % 2 == 1
}

impl Rule {
    /// Every rule.
    pub const ALL: [Rule; 4] = [Rule::Ruler, Rule::MockTurtles, Rule::Turtles, Rule::Twins];

    /// The rule's name in a spelling (`coins:ruler`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::Ruler => "ruler",
            Rule::MockTurtles => "mock-turtles",
            Rule::Turtles => "turtles",
            Rule::Twins => "twins",
        }
    }

    /// The rule named `name`.
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|rule| rule.name() == name)
    }

    /// What a move turns, in words.
    pub fn describe(self) -> &'static str {
        match self {
            Rule::Ruler => {
                "turn over a run of consecutive coins, the rightmost from heads to tails"
            }
            Rule::MockTurtles => {
                "turn over one, two or three coins, the rightmost from heads to tails"
            }
            Rule::Turtles => "turn over one or two coins, the rightmost from heads to tails",
            Rule::Twins => "turn over exactly two coins, the rightmost from heads to tails",
        }
    }

    /// The largest coin position this rule's axis accepts.
    pub fn max_coin(self) -> u64 {
        match self {
            Rule::Ruler => MAX_RULER_COIN,
            _ => MAX_COIN,
        }
    }

    /// The value of a lone heads coin at `n` (1 ≤ n ≤ [`Rule::max_coin`]).
    pub fn value(self, n: u64) -> u64 {
        match self {
            Rule::Ruler => 1 << n.trailing_zeros(),
            Rule::MockTurtles => {
                let m = n - 1;
                2 * m + u64::from(!odious(m))
            }
            Rule::Turtles => n,
            Rule::Twins => n - 1,
        }
    }

    /// The nim-sum of the values of the other coins of a move at `at`.
    pub fn others_value(self, at: u64, others: Others) -> u64 {
        match others {
            Others::Nothing => 0,
            Others::One(s) => self.value(s),
            Others::Two(s, t) => self.value(s) ^ self.value(t),
            // The ruler values of a … at − 1: the Gray codes of at − 1 and a − 1 cancel the rest.
            Others::RunFrom(from) => gray(at - 1) ^ gray(from - 1),
        }
    }

    /// The nim-sum of the values of every coin a move turns.
    pub fn turn_value(self, turn: Turn) -> u64 {
        self.value(turn.at) ^ self.others_value(turn.at, turn.others)
    }

    /// How many moves there are at a heads coin at `at`.
    pub fn move_count(self, at: u64) -> u128 {
        let left = u128::from(at - 1);
        match self {
            Rule::Ruler | Rule::Turtles => left + 1,
            Rule::Twins => left,
            Rule::MockTurtles => 1 + left + left * left.saturating_sub(1) / 2,
        }
    }

    /// Every move at a heads coin at `at`, as the rules write them, lazily: the smallest change
    /// first (`at` alone, or with its nearest neighbours).
    pub fn moves_at(self, at: u64) -> Box<dyn Iterator<Item = Others> + Send> {
        let lefts = move || (1..at).rev();
        match self {
            Rule::Ruler => {
                Box::new(std::iter::once(Others::Nothing).chain(lefts().map(Others::RunFrom)))
            }
            Rule::Turtles => {
                Box::new(std::iter::once(Others::Nothing).chain(lefts().map(Others::One)))
            }
            Rule::Twins => Box::new(lefts().map(Others::One)),
            Rule::MockTurtles => Box::new(
                std::iter::once(Others::Nothing)
                    .chain(lefts().map(Others::One))
                    .chain(lefts().flat_map(|t| (1..t).rev().map(move |s| Others::Two(s, t)))),
            ),
        }
    }

    /// Whether `others` is a legal set of other coins for a move at `at` under this rule.
    pub fn allows(self, at: u64, others: Others) -> bool {
        match (self, others) {
            (Rule::Ruler | Rule::Turtles | Rule::MockTurtles, Others::Nothing) => true,
            (Rule::Ruler, Others::RunFrom(from)) => (1..at).contains(&from),
            (Rule::Turtles | Rule::Twins | Rule::MockTurtles, Others::One(s)) => {
                (1..at).contains(&s)
            }
            (Rule::MockTurtles, Others::Two(s, t)) => 1 <= s && s < t && t < at,
            _ => false,
        }
    }

    /// The moves at a heads coin at `at` whose other coins' values nim-sum to `target`: each is
    /// passed to `found` (at most `limit` of them), and their number is returned. Solved from the
    /// values, not searched:
    ///
    /// * turtles (g(s) = s): nothing when the target is 0, else the coin s = target if s < at;
    /// * twins (g(s) = s − 1): the coin s = target + 1 if s < at;
    /// * ruler: the run a … at − 1 is worth gray(at − 1) ⊕ gray(a − 1), and the Gray code is a
    ///   bijection: a − 1 = gray⁻¹(gray(at − 1) ⊕ target), a move if a − 1 < at − 1 (or
    ///   nothing, when a = at);
    /// * mock-turtles (g(s) = 2m + [m evil], m = s − 1, all odious): nothing for 0; one coin
    ///   for an odious target t (m = t >> 1); two coins for an evil t ≠ 0: the pairs
    ///   {m, m ⊕ (t >> 1)} below at − 1 ([`xor_pairs`]).
    pub fn solve(self, at: u64, target: u64, limit: usize, found: &mut dyn FnMut(Others)) -> u128 {
        let one = |others: Others, found: &mut dyn FnMut(Others)| {
            if limit > 0 {
                found(others);
            }
            1
        };
        match self {
            Rule::Turtles if target == 0 => one(Others::Nothing, found),
            Rule::Turtles if target < at => one(Others::One(target), found),
            Rule::Turtles => 0,
            Rule::Twins => match target.checked_add(1) {
                Some(s) if s < at => one(Others::One(s), found),
                _ => 0,
            },
            Rule::Ruler => {
                let before = gray_inverse(gray(at - 1) ^ target);
                if before == at - 1 {
                    one(Others::Nothing, found)
                } else if before < at - 1 {
                    one(Others::RunFrom(before + 1), found)
                } else {
                    0
                }
            }
            Rule::MockTurtles if target == 0 => one(Others::Nothing, found),
            Rule::MockTurtles if odious(target) => {
                let s = (target >> 1) + 1;
                if s < at {
                    one(Others::One(s), found)
                } else {
                    0
                }
            }
            Rule::MockTurtles => xor_pairs(at - 1, target >> 1, limit, &mut |m, n| {
                found(Others::Two(m + 1, n + 1))
            }),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The unordered pairs {m, m ⊕ u} with both below `n` (u ≠ 0): the first `limit` are passed to
/// `found` as (smaller, larger), and their number is returned.
///
/// The numbers below n are the union of the aligned blocks [base, base + 2^k) for the bits k of
/// n (base: n's bits above k). XOR with u maps such a block onto the aligned block
/// [base ⊕ (u with its low k bits cleared), + 2^k), whose first c = min(2^k, n − start) numbers
/// are below n; so each block holds c numbers m with m ⊕ u < n, found as m = base + (w ⊕ (u's
/// low k bits)) for w < c. Every pair is met twice (from m and from m ⊕ u), so the count is
/// half the sum of the c; listed, a pair is taken from its smaller number (whose bit at u's top
/// bit is 0): at most every second w is skipped, or a whole block at once.
pub fn xor_pairs(n: u64, u: u64, limit: usize, found: &mut dyn FnMut(u64, u64)) -> u128 {
    if u == 0 {
        return 0;
    }
    let top = 1u64 << (63 - u.leading_zeros());
    let mut twice = 0u128;
    let mut listed = 0usize;
    for k in (0..64u32).rev().filter(|&k| n >> k & 1 == 1) {
        let size = 1u64 << k;
        let base = n
            .checked_shr(k + 1)
            .map_or(0, |high| high.checked_shl(k + 1).unwrap_or(0));
        let low_mask = size - 1;
        let start = base ^ (u & !low_mask);
        if start >= n {
            continue;
        }
        let count = size.min(n - start);
        twice += u128::from(count);
        if listed >= limit {
            continue;
        }
        // A block whose numbers all have u's top bit set lists nothing (each is the larger).
        if top > low_mask && base & top != 0 {
            continue;
        }
        let low = u & low_mask;
        for w in 0..count {
            if listed >= limit {
                break;
            }
            let m = base + (w ^ low);
            let partner = m ^ u;
            if m < partner {
                found(m, partner);
                listed += 1;
            }
        }
    }
    twice / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_pairs_are_counted_and_listed_exactly() {
        for n in 0..40u64 {
            for u in 1..70u64 {
                let mut truth = Vec::new();
                for m in 0..n {
                    if m < (m ^ u) && (m ^ u) < n {
                        truth.push((m, m ^ u));
                    }
                }
                let mut listed = Vec::new();
                let count = xor_pairs(n, u, usize::MAX, &mut |a, b| listed.push((a, b)));
                listed.sort_unstable();
                assert_eq!(listed, truth, "n {n} u {u}");
                assert_eq!(count, truth.len() as u128);
                let mut few = 0;
                assert_eq!(xor_pairs(n, u, 2, &mut |_, _| few += 1), count);
                assert_eq!(few, truth.len().min(2));
            }
        }
        // Huge: the pairs {m, m ⊕ 2^62} below 2^62 + 5 are m = 0 … 4.
        let mut listed = Vec::new();
        let count = xor_pairs((1 << 62) + 5, 1 << 62, 10, &mut |a, b| listed.push((a, b)));
        assert_eq!(count, 5);
        assert_eq!(listed.len(), 5);
    }

    #[test]
    fn gray_codes_are_the_ruler_prefix_sums() {
        let mut sum = 0;
        for n in 1..5000u64 {
            sum ^= Rule::Ruler.value(n);
            assert_eq!(gray(n), sum);
            assert_eq!(gray_inverse(gray(n)), n);
        }
        assert_eq!(gray_inverse(gray(u64::MAX)), u64::MAX);
    }

    #[test]
    fn solving_finds_exactly_the_moves_with_the_target_value() {
        for rule in Rule::ALL {
            for at in 1..=30u64 {
                let mut by_value: std::collections::HashMap<u64, Vec<Others>> = Default::default();
                let mut all = 0u128;
                for others in rule.moves_at(at) {
                    assert!(rule.allows(at, others), "{rule} {at} {others:?}");
                    by_value
                        .entry(rule.others_value(at, others))
                        .or_default()
                        .push(others);
                    all += 1;
                }
                assert_eq!(all, rule.move_count(at), "{rule} at {at}");
                for target in 0..140u64 {
                    let mut found = Vec::new();
                    let count = rule.solve(at, target, usize::MAX, &mut |o| found.push(o));
                    let mut truth = by_value.get(&target).cloned().unwrap_or_default();
                    let key = |o: &Others| format!("{o:?}");
                    truth.sort_by_key(key);
                    found.sort_by_key(key);
                    assert_eq!(found, truth, "{rule} at {at} target {target}");
                    assert_eq!(count, truth.len() as u128);
                }
            }
        }
    }
}
