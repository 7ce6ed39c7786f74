//! Genus, and the tame sums of Bouton and Conway.
//!
//! **Misère Nim** (Bouton, 1902). Under misère play a Nim position is lost for the player to
//! move exactly when *either* some heap has two or more tokens and the nim-sum is 0, *or* every
//! heap has at most one token and the nim-sum is 1 (an odd number of ones). Proof sketch: while
//! some heap is ≥ 2, play normal Nim, except that the move which would leave only heaps of 0
//! and 1 leaves an odd number of ones instead of an even one (reduce the last big heap to 0 or
//! to 1, whichever does it); from then on the moves are forced.
//!
//! **Genus** (Conway, *On Numbers and Games*, ch. 12; *Winning Ways*, ch. 13). The genus of a
//! game G is g^γ₀γ₁γ₂…, where g = G⁺(G) is its normal-play Grundy value and γₖ = G⁻(G + 2ₖ)
//! is the misère Grundy value of G plus k Nim heaps of size 2. Because G⁻(H + *1) = G⁻(H) ⊕ 1
//! for every H (induction: the options of H + *1 are H′ + *1, worth G⁻(H′) ⊕ 1, and H; the mex
//! of {w ⊕ 1 : w} ∪ {v} is v ⊕ 1 when v = mex{w}), the γ's follow from the options alone:
//!
//! * γ₀ = 1 if G has no option, else the mex of the options' γ₀;
//! * γₖ = mex({γₖ(G′)} ∪ {γₖ₋₁, γₖ₋₁ ⊕ 1}) for k ≥ 1 (the last two are the moves in one of the
//!   2's, to a 1 or a 0).
//!
//! The sequence γ₀γ₁… ends by alternating between two values. *When* it alternates is decided
//! exactly: if every option alternates from index N on and γₘ₊₂ = γₘ for some m ≥ N, then the
//! sequence alternates from m on (γₘ₊₃ is computed from γₘ₊₂ = γₘ and the same option values as
//! γₘ₊₁). The genus is written with the sequence up to two past that index: 0 = 0^120 (γ = 1,
//! 2, 0, 2, 0, …), *1 = 1^031, *n = n^(n, n⊕2) for n ≥ 2.
//!
//! **Tame games.** A genus is *fickle* if it is 0^120 or 1^031 (the genus of a Nim position
//! whose heaps are all 0 or 1) and *firm* if it is g^(g, g⊕2) (the genus of a Nim position with
//! a heap of 2 or more and nim-sum g). A game is *tame* when it and every position reachable
//! from it are fickle or firm (*Winning Ways*, ch. 13, "Tame games"). A sum of tame games plays
//! like misère Nim with each component replaced by a Nim position of the same genus: the player
//! to move loses exactly when either some component is firm and the nim-sum of the g's is 0, or
//! every component is fickle and the nim-sum is 1 ([`tame_sum_lost`]). This is Bouton's rule
//! with "heap ≥ 2" read as "firm"; the "anti-SG" rule of contest courses is the same statement
//! for components that are Nim heaps, and its condition "some component has value ≥ 2" is
//! "some component is firm". The tests check the rule against the exhaustive misère referee on
//! sums of tame heaps.

use std::fmt;

/// The genus g^γ₀γ₁… of a position: its normal Grundy value and the start of its misère
/// sequence, which alternates from [`Genus::alternates_from`] on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// g: the normal-play Grundy value.
    pub grundy: u64,
    /// γ₀, γ₁, … up to two past the index where the sequence starts alternating.
    pub gammas: Vec<u64>,
}

impl Genus {
    /// γ₀ = G⁻: the misère Grundy value (the player to move loses exactly when it is 0).
    pub fn misere_value(&self) -> u64 {
        self.gammas[0]
    }

    /// The index from which γ alternates between its last two listed values.
    pub fn alternates_from(&self) -> usize {
        self.gammas.len().saturating_sub(2)
    }

    /// γₖ for any k (the sequence alternates from [`Genus::alternates_from`]).
    pub fn gamma(&self, k: usize) -> u64 {
        let start = self.alternates_from();
        if k < self.gammas.len() {
            self.gammas[k]
        } else {
            self.gammas[start + (k - start) % 2]
        }
    }

    /// The genus of a position from its whole γ sequence (at least `start + 3` terms, with
    /// γₘ₊₂ = γₘ for every m ≥ `start` among them), cut to its written form.
    pub(crate) fn from_sequence(grundy: u64, gammas: &[u64], start: usize) -> Genus {
        // The written form keeps the sequence up to two past the first index from which it
        // alternates.
        let mut first = start;
        while first > 0 && gammas[first - 1] == gammas[first + 1] {
            first -= 1;
        }
        Genus {
            grundy,
            gammas: gammas[..first + 2].to_vec(),
        }
    }

    /// Fickle: 0^120 or 1^031, the genus of a Nim position of heaps 0 and 1.
    pub fn is_fickle(&self) -> bool {
        (self.grundy == 0 && self.gammas == [1, 2, 0])
            || (self.grundy == 1 && self.gammas == [0, 3, 1])
    }

    /// Firm: g^(g, g⊕2), the genus of a Nim position with a heap of 2 or more and nim-sum g.
    pub fn is_firm(&self) -> bool {
        self.gammas == [self.grundy, self.grundy ^ 2]
    }

    /// Fickle or firm: the genus of some misère Nim position.
    pub fn is_nim_like(&self) -> bool {
        self.is_fickle() || self.is_firm()
    }
}

impl fmt::Display for Genus {
    /// Conway's notation: `0^120`, `3^31`; with commas when a term has two digits (`4^(4,6)`
    /// stays `4^46`, `10^(10,8)`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.grundy < 10 && self.gammas.iter().all(|&gamma| gamma < 10) {
            write!(f, "{}^", self.grundy)?;
            for gamma in &self.gammas {
                write!(f, "{gamma}")?;
            }
            Ok(())
        } else {
            let terms: Vec<String> = self.gammas.iter().map(u64::to_string).collect();
            write!(f, "{}^({})", self.grundy, terms.join(","))
        }
    }
}

/// Whether a sum of tame components is lost for the player to move under misère play, given
/// each component's normal Grundy value and whether it is firm (else fickle): lost exactly when
/// some component is firm and the nim-sum is 0, or none is and the nim-sum is 1.
pub fn tame_sum_lost(components: impl IntoIterator<Item = (u64, bool)>) -> bool {
    let (sum, any_firm) = components
        .into_iter()
        .fold((0u64, false), |(sum, firm), (g, is_firm)| {
            (sum ^ g, firm || is_firm)
        });
    if any_firm { sum == 0 } else { sum == 1 }
}

/// Misère Nim (Bouton): whether these heaps are lost for the player to move.
pub fn misere_nim_lost(heaps: &[u64]) -> bool {
    tame_sum_lost(heaps.iter().map(|&heap| (heap, heap >= 2)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_heaps_have_their_textbook_genus() {
        let zero = Genus::from_sequence(0, &[1, 2, 0, 2, 0, 2], 1);
        assert_eq!(zero.to_string(), "0^120");
        assert!(zero.is_fickle());
        let two = Genus::from_sequence(2, &[2, 0, 2, 0, 2], 0);
        assert_eq!(two.to_string(), "2^20");
        assert!(two.is_firm());
        assert_eq!(two.gamma(7), 0);
        assert_eq!(zero.gamma(6), 0);
    }

    #[test]
    fn bouton() {
        assert!(misere_nim_lost(&[1]));
        assert!(!misere_nim_lost(&[]));
        assert!(misere_nim_lost(&[1, 1, 1]));
        assert!(!misere_nim_lost(&[1, 1]));
        assert!(misere_nim_lost(&[2, 2]));
        assert!(!misere_nim_lost(&[2, 3]));
        assert!(misere_nim_lost(&[1, 2, 3]));
    }
}
