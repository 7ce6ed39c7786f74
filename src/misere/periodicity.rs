//! The misère periodicity theorem: when the pretending function of a take-and-break game is
//! seen periodic over a long enough range, the quotient of the heaps up to N is the quotient of
//! every heap, and Φ stays periodic.
//!
//! **Statement** (Plambeck and Siegel, "Misère quotients for impartial games", *J. Combin.
//! Theory Ser. A* 115 (2008), the periodicity theorem for misère quotients; Siegel, "Misère games
//! and misère quotients", *Games of No Chance 5* (2017), with a proof). Let the code's moves
//! leave at most K − 1 heaps and take at most k tokens, let (Q_N, P_N, Φ_N) be the quotient of
//! the heaps ≤ N, and suppose Φ_N(m + p) = Φ_N(m) for n₀ ≤ m ≤ N − p, with
//! K·n₀ + K·p + k + K ≤ N + 1 and N + 1 − n₀ ≥ 2p. Then Q = Q_N, P = P_N and
//! Φ(m + p) = Φ(m) for every m ≥ n₀.
//!
//! *Proof.* By induction on n > N: assume Q_{n−1} = Q_N and Φ(m + p) = Φ(m) for
//! n₀ ≤ m ≤ n − 1 − p. An option of heap n takes t ≤ k tokens and leaves j ≤ K − 1 heaps
//! a₁ ≤ … ≤ a_j summing to n − t, so a_j ≥ (n − k)/(K − 1) ≥ n₀ + p (the bound makes n large
//! enough); replacing a_j by a_j − p gives an option of heap n − p (same t, same j, a part
//! ≥ n₀ ≥ 1) with the same image, and conversely adding p to the largest part of an option of
//! heap n − p gives one of heap n. So T(n) = T(n − p). The element x = Φ(n − p) then passes
//! the conservative-extension test of [`super::construction`] for heap n: [x ∈ P] is decided by
//! T, "no t ∈ T shares a partner with x" holds because it holds for heap n − p, and Y = heap
//! n − p has φ(Y) = x and TR(Y) = T. So Φ(n) = Φ(n − p) and Q_n = Q_{n−1}. The bound used is
//! CGSuite's, K·n₀ + K·p + k + K ≤ N + 1 (K counted as its `maxHeaps`, one more than the most
//! heaps a move leaves; k the number of digits after the point), which is more than the proof
//! needs; it reproduces MisereSolver's stopping heaps (0.77 solved at 253 with p = 12,
//! n₀ = 71; 0.75 at 34 with p = 2, n₀ = 8).

use super::monoid::Element;
use serde::{Deserialize, Serialize};

/// A quotient proved for every heap: Φ(m + period) = Φ(m) for every m ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// n₀: Φ is periodic from this heap on.
    pub preperiod: u64,
    /// p.
    pub period: u64,
    /// The heap N at which the theorem applied.
    pub at: u64,
}

/// The solution, if Φ = `phi` (Φ(0..=N)) meets the theorem's conditions for a code whose moves
/// leave at most `most_parts` heaps and take at most `reach` tokens: the smallest period that
/// does, with its least pre-period.
pub fn solution(phi: &[Element], most_parts: u64, reach: u64) -> Option<Solution> {
    let length = phi.len() as u64; // L = N + 1
    let k_heaps = most_parts.checked_add(1)?;
    let n = length.checked_sub(1)?;
    let largest_period = length / k_heaps.max(1);
    for p in 1..=largest_period {
        let pu = p as usize;
        if pu >= phi.len() {
            break;
        }
        // n₀: the least m such that Φ(m' + p) = Φ(m') for m ≤ m' ≤ N − p.
        let mut start = phi.len() - pu;
        while start > 0 && phi[start - 1] == phi[start - 1 + pu] {
            start -= 1;
        }
        let n0 = start as u64;
        let enough_periods = length - n0 >= 2 * p;
        let bound = k_heaps
            .checked_mul(n0)
            .and_then(|x| x.checked_add(k_heaps.checked_mul(p)?))
            .and_then(|x| x.checked_add(reach))
            .and_then(|x| x.checked_add(k_heaps));
        if enough_periods && bound.is_some_and(|b| b <= length) {
            return Some(Solution {
                preperiod: n0,
                period: p,
                at: n,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::solution;

    #[test]
    fn a_period_is_claimed_only_with_enough_heaps() {
        // Pre-period 3, period 2: 0 5 6 | 1 2 1 2 …; K = 3, k = 2: needs 3·3 + 3·2 + 2 + 3 = 20 ≤ N + 1.
        let phi = |len: usize| -> Vec<u32> {
            (0..len)
                .map(|m| {
                    if m < 3 {
                        [0, 5, 6][m]
                    } else {
                        1 + (m as u32 - 3) % 2
                    }
                })
                .collect()
        };
        assert_eq!(solution(&phi(19), 2, 2), None);
        let found = solution(&phi(20), 2, 2).unwrap();
        assert_eq!((found.preperiod, found.period, found.at), (3, 2, 19));
        // Not periodic at the end: nothing.
        let mut broken = phi(40);
        broken[39] = 9;
        assert_eq!(solution(&broken, 2, 2), None);
    }
}
