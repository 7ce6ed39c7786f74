//! Arithmetic periods of R and S of single heaps, proved from the values.
//!
//! **Theorem.** Let a heap rule never split a heap and take at most t tokens (so a heap n > t
//! has the options n − k for every allowed take k, and no option is the empty position). If for
//! some n₀ ≥ 1, p ≥ 1 and *even* a, R(n + p) = R(n) + a for the t consecutive heaps
//! n₀ ≤ n < n₀ + t, then it holds for every n ≥ n₀. Proof by induction on n ≥ n₀ + t: the
//! options of n are the heaps n − k, all in [n₀, n), and those of n + p are the heaps
//! n − k + p, whose R are the options' R plus a. Adding an even a keeps each R's parity, so the
//! even options of n + p are those of n shifted, and the least even (or the largest) R moves by
//! a: R(n + p) = 1 + (that R) + a = R(n) + a. The same argument, with the largest even and the
//! least R, holds for S. (An odd a would exchange even and odd options, and the recurrence would
//! pick differently: no claim is made for it.) So a window of t heaps proves the period; the
//! report gives the least p and, for it, the least n₀ seen in the values computed.
//!
//! Example (WW ch. 9): subtraction {1, 2} has R(n) = 2n/3 when 3 | n, else 2⌊n/3⌋ + 1, so
//! R(n + 3) = R(n) + 2 from n = 1.

use serde::Serialize;

/// A proved arithmetic period: v(n + period) = v(n) + increment for every n ≥ preperiod.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArithmeticPeriod {
    /// n₀: the first heap from which the period holds.
    pub preperiod: u64,
    /// p.
    pub period: u64,
    /// a (even).
    pub increment: u64,
}

impl ArithmeticPeriod {
    /// v(n) from the values up to `preperiod + period` (checked: `None` on overflow or when
    /// `values` is too short).
    pub fn extend(&self, values: &[u64], n: u64) -> Option<u64> {
        if n < self.preperiod.checked_add(self.period)? {
            return values.get(usize::try_from(n).ok()?).copied();
        }
        let offset = n - self.preperiod;
        let base = self.preperiod + offset % self.period;
        let rounds = offset / self.period;
        values
            .get(usize::try_from(base).ok()?)?
            .checked_add(rounds.checked_mul(self.increment)?)
    }
}

/// The least period p (and for it the least n₀ ≥ 1) with an even increment proved by the
/// values, for a rule whose largest take is `reach` (≥ 1): a window of `reach` heaps on which
/// v(n + p) − v(n) is one even number. `None` when no window of the values proves one.
pub fn prove_arithmetic(values: &[u64], reach: u64) -> Option<ArithmeticPeriod> {
    let reach = usize::try_from(reach).ok().filter(|&r| r >= 1)?;
    let len = values.len();
    for period in 1..len {
        // Windows [n0, n0 + reach) with n0 + reach - 1 + period < len.
        let mut run = 0usize;
        let mut increment = None;
        for n in 1..len.saturating_sub(period) {
            let (low, high) = (values[n], values[n + period]);
            let step = high.checked_sub(low).filter(|d| d % 2 == 0);
            match step {
                Some(d) if increment == Some(d) => run += 1,
                Some(d) => {
                    increment = Some(d);
                    run = 1;
                }
                None => {
                    increment = None;
                    run = 0;
                }
            }
            if run == reach {
                return Some(ArithmeticPeriod {
                    preperiod: (n + 1 - reach) as u64,
                    period: period as u64,
                    increment: increment.expect("a run has an increment"),
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtraction_one_two() {
        let r: Vec<u64> = (0..60u64)
            .map(|n| {
                if n % 3 == 0 {
                    2 * n / 3
                } else {
                    2 * (n / 3) + 1
                }
            })
            .collect();
        let period = prove_arithmetic(&r, 2).unwrap();
        assert_eq!((period.period, period.increment), (3, 2));
        for n in 0..200u64 {
            let expected = if n % 3 == 0 {
                2 * n / 3
            } else {
                2 * (n / 3) + 1
            };
            assert_eq!(period.extend(&r, n), Some(expected), "{n}");
        }
    }

    #[test]
    fn an_odd_increment_proves_nothing() {
        let v: Vec<u64> = (0..50).collect();
        assert_eq!(prove_arithmetic(&v, 1).map(|p| p.period), Some(2));
        assert!(prove_arithmetic(&[0, 1, 0, 1], 3).is_none());
    }
}
