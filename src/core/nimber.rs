//! Grundy values (nimbers), the minimum excludant and the nim-sum.

use serde::Serialize;
use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// A Grundy value: the size of the Nim heap a position is equivalent to.
///
/// Nimbers add by bitwise XOR (the *nim-sum*); a position is lost for the player to move exactly
/// when its nimber is zero.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The nimber of a position with no moves.
    pub const ZERO: Nimber = Nimber(0);

    /// Who wins a position of this value when both sides play perfectly.
    pub fn winner(self) -> Winner {
        if self.0 == 0 {
            Winner::Second
        } else {
            Winner::First
        }
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// The nim-sum (bitwise XOR) of a collection of nimbers: the value of their disjunctive sum.
pub fn nim_sum(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    values.into_iter().fold(Nimber::ZERO, |acc, v| acc ^ v)
}

/// The minimum excludant: the least nimber that is not in `values`.
///
/// This is the Grundy value of a position whose options have the given values.
///
/// ```
/// use grundy::core::{mex, Nimber};
/// assert_eq!(mex([Nimber(0), Nimber(1), Nimber(3)]), Nimber(2));
/// assert_eq!(mex([]), Nimber(0));
/// ```
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let mut seen: Vec<u64> = values.into_iter().map(|v| v.0).collect();
    seen.sort_unstable();
    seen.dedup();
    let mut candidate = 0u64;
    for value in seen {
        if value != candidate {
            break;
        }
        candidate += 1;
    }
    Nimber(candidate)
}

/// The winner of a position under normal play, when both players play perfectly.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// The player to move wins (an N-position).
    First,
    /// The player who just moved wins (a P-position).
    Second,
    /// Neither player can force a win: perfect play goes on for ever. Only a game that can
    /// return to a position it has left has such positions ([`crate::loopy`]); a short game's
    /// positions are always [`First`](Winner::First) or [`Second`](Winner::Second).
    Draw,
}

impl Winner {
    /// The winner as the text reports say it: `first (the player to move wins)`, …
    pub fn explained(self) -> &'static str {
        match self {
            Winner::First => "first (the player to move wins)",
            Winner::Second => "second (the player to move loses)",
            Winner::Draw => "draw (neither player can force a win)",
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Winner::First => "first",
            Winner::Second => "second",
            Winner::Draw => "draw",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_skips_duplicates_and_gaps() {
        assert_eq!(mex([Nimber(2), Nimber(0), Nimber(0), Nimber(1)]), Nimber(3));
        assert_eq!(mex([Nimber(1), Nimber(2)]), Nimber(0));
    }

    #[test]
    fn nim_sum_is_xor() {
        assert_eq!(nim_sum([Nimber(3), Nimber(5), Nimber(6)]), Nimber(0));
        assert_eq!(Nimber(0).winner(), Winner::Second);
        assert_eq!(Nimber(7).winner(), Winner::First);
    }
}
