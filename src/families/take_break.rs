//! Take-and-break codes: octal games (`0.07`, `4.07`) and hexadecimal games (`0.f`).
//!
//! **Rules.** A code `d0.d1d2…dt` says, for each k, what may happen after a player removes k
//! tokens from one heap of n ≥ k tokens. Digit d_k is a sum of bits:
//!
//! | bit | the n − k tokens left may form |
//! |---|---|
//! | 1 | no heap (only when n = k) |
//! | 2 | one heap (n − k ≥ 1) |
//! | 4 | two non-empty heaps (n − k ≥ 2) |
//! | 8 | three non-empty heaps (n − k ≥ 3; hexadecimal codes only) |
//!
//! d0 is 0 or a sum of 4 and 8: a heap may be split into two (three) non-empty heaps without
//! removing anything. A move must change the position, so removing nothing and leaving one heap is
//! no move. The reach t is the largest k with d_k ≠ 0.
//!
//! **Source.** Guy and Smith, *The G-values of various games* (1956), which introduced the octal
//! notation; Berlekamp, Conway and Guy, *Winning Ways*, chapter 4, for the hexadecimal codes.
//! The spelling and the definition are those of `../shared/spec/FAMILIES.md`.
//!
//! **Theory.** A position is a sum of heaps, so its Grundy value is the nim-sum of the heaps'
//! values G(n) (Sprague–Grundy). G(n) is the mex of the nim-sums of the heaps each move on a heap
//! of n leaves. Many codes are eventually periodic; the sequence and its proof of periodicity are
//! the business of [`crate::families::values`].

use crate::engine::error::SpellingError;
use crate::engine::rule::{CompiledRule, MoveSet, TakeSizes};
use std::fmt;

/// Aliases of well-known codes: the name, the code, and the game's usual description.
pub const ALIASES: &[(&str, &str, &str)] = &[
    (
        "kayles",
        "0.77",
        "Kayles: knock down one pin or two adjacent pins from a row",
    ),
    (
        "dawsons-kayles",
        "0.07",
        "Dawson's Kayles: knock down two adjacent pins from a row",
    ),
    (
        "treblecross",
        "0.007",
        "Treblecross: remove three adjacent tokens, which may split the row",
    ),
];

/// The most digits [`TakeBreakCode::from_take_sizes`] writes.
pub const LONGEST_CODE: u64 = 1 << 20;

/// A take-and-break code: the digit d_k for each k from 0 to the reach t.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreakCode {
    /// `digits[k]` is d_k; the last digit is non-zero unless the code has no digit beyond d0.
    digits: Vec<u8>,
    /// Whether the code was written with hexadecimal digits (some digit has bit 8).
    hexadecimal: bool,
}

impl TakeBreakCode {
    /// Parses a code such as `0.07`, `4.07` or `0.f`. Trailing zeros are dropped (`0.70` is
    /// `0.7`). `None` when `spelling` is not shaped like a code at all (no point); `Some(Err)` with
    /// the reason when it is, but is malformed.
    pub fn parse(spelling: &str) -> Option<Result<TakeBreakCode, SpellingError>> {
        let (whole, fraction) = spelling.split_once('.')?;
        Some(Self::parse_parts(spelling, whole, fraction))
    }

    fn parse_parts(
        spelling: &str,
        whole: &str,
        fraction: &str,
    ) -> Result<TakeBreakCode, SpellingError> {
        let digit = |c: char| c.to_digit(16).map(|d| d as u8);
        let mut chars = whole.chars();
        let d0 = match (chars.next().and_then(digit), chars.next()) {
            (Some(d0), None) if d0 & 0b0011 == 0 => d0,
            (Some(_), None) => {
                return Err(SpellingError::CodeFirstDigit {
                    spelling: spelling.to_string(),
                    whole: whole.to_string(),
                });
            }
            _ => {
                return Err(SpellingError::NotACode {
                    spelling: spelling.to_string(),
                });
            }
        };
        if fraction.is_empty() {
            return Err(SpellingError::CodeWithoutDigits {
                spelling: spelling.to_string(),
            });
        }
        let mut digits = vec![d0];
        for (offset, c) in fraction.chars().enumerate() {
            match digit(c.to_ascii_lowercase()) {
                Some(d) if c.is_ascii_lowercase() || c.is_ascii_digit() => digits.push(d),
                _ => {
                    return Err(SpellingError::CodeDigit {
                        spelling: spelling.to_string(),
                        character: c,
                        column: whole.len() + 2 + offset,
                    });
                }
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        let hexadecimal = digits.iter().any(|&d| d & 0b1000 != 0);
        Ok(TakeBreakCode {
            digits,
            hexadecimal,
        })
    }

    /// A code from its digits d0, d1, …; each below 16, d0 a sum of 4 and 8.
    ///
    /// # Panics
    /// When a digit is out of range (a programming error, not an input error).
    pub fn from_digits(digits: &[u8]) -> TakeBreakCode {
        assert!(!digits.is_empty(), "a code has at least d0");
        assert!(digits.iter().all(|&d| d < 16), "digits are below 16");
        assert!(digits[0] & 0b0011 == 0, "d0 may only split");
        let spelled: String = digits[1..]
            .iter()
            .map(|&d| char::from_digit(u32::from(d), 16).expect("below 16"))
            .collect();
        let whole = char::from_digit(u32::from(digits[0]), 16).expect("below 16");
        TakeBreakCode::parse(&format!(
            "{whole}.{}",
            if spelled.is_empty() { "0" } else { &spelled }
        ))
        .expect("has a point")
        .expect("digits are valid")
    }

    /// The digits d0, d1, …, d_t.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The reach t: the largest k with d_k ≠ 0 (0 when only d0 is given).
    pub fn reach(&self) -> u64 {
        (self.digits.len() - 1) as u64
    }

    /// The take sizes of each kind of move: the one place the digits' bits are decoded. Digit
    /// d_k puts k among the eliminations (bit 1), reductions (bit 2), splits (bit 4) and
    /// three-heap splits (bit 8).
    pub fn take_sizes(&self) -> TakeSizes {
        let with = |bit: u8| -> Vec<u64> {
            (0u64..)
                .zip(&self.digits)
                .filter(|&(_, &digit)| digit & bit != 0)
                .map(|(k, _)| k)
                .collect()
        };
        TakeSizes::new(with(1), with(2), with(4), Vec::new(), with(8))
    }

    /// The code whose moves are `sizes`, when one is: no unequal splits, nothing removed from a
    /// heap without splitting it, and no take size beyond [`LONGEST_CODE`] digits. The inverse of
    /// [`take_sizes`](Self::take_sizes): digit d_k gets bit 1, 2, 4, 8 for each kind k is in.
    pub fn from_take_sizes(sizes: &TakeSizes) -> Option<TakeBreakCode> {
        if !sizes.unequal_splits().is_empty() || sizes.eliminations().contains(&0) {
            return None;
        }
        let kinds = [
            (sizes.eliminations(), 1u8),
            (sizes.reductions(), 2),
            (sizes.splits(), 4),
            (sizes.triple_splits(), 8),
        ];
        let reach = kinds
            .iter()
            .filter_map(|(list, _)| list.last().copied())
            .max()
            .unwrap_or(0);
        if reach >= LONGEST_CODE {
            return None;
        }
        let mut digits = vec![0u8; usize::try_from(reach).ok()? + 1];
        for (list, bit) in kinds {
            for &k in list {
                digits[usize::try_from(k).ok()?] |= bit;
            }
        }
        Some(TakeBreakCode::from_digits(&digits))
    }

    /// The code as a normalised rule.
    fn compiled(&self) -> CompiledRule {
        CompiledRule::new(MoveSet::Finite(self.take_sizes()))
    }

    /// The most heaps one move can leave: 3 with bit 8 somewhere, 2 with bit 4, else 1.
    pub fn most_parts(&self) -> usize {
        self.compiled().most_parts()
    }

    /// Calls `each(k, parts)` for every move on a heap of `n`: remove k, leave `parts` (0 to 3
    /// non-empty heaps, non-decreasing). Each call is a distinct resulting multiset of heaps.
    pub fn for_each_option(&self, n: u64, each: &mut dyn FnMut(u64, &[u64])) {
        self.compiled().for_each_option(n, each);
    }

    /// The rules in a line: the alias's description, or the code's digits explained.
    pub fn describe(&self) -> String {
        let spelled = self.to_string();
        match ALIASES.iter().find(|(_, code, _)| *code == spelled) {
            Some((_, _, description)) => {
                format!("take-and-break code {spelled}; {description}")
            }
            None => format!(
                "take-and-break code {spelled}: remove k tokens from a heap as digit d_k allows \
                 (bit 1: none left, 2: one heap, 4: two heaps, 8: three heaps)"
            ),
        }
    }
}

impl fmt::Display for TakeBreakCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = |d: u8| char::from_digit(u32::from(d), 16).expect("below 16");
        write!(f, "{}.", hex(self.digits[0]))?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for &d in &self.digits[1..] {
            write!(f, "{}", hex(d))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(code: &str, n: u64) -> Vec<(u64, Vec<u64>)> {
        let code = TakeBreakCode::parse(code).unwrap().unwrap();
        let mut all = Vec::new();
        code.for_each_option(n, &mut |k, parts| all.push((k, parts.to_vec())));
        all
    }

    #[test]
    fn spellings() {
        let code = TakeBreakCode::parse("0.070").unwrap().unwrap();
        assert_eq!(code.digits(), &[0, 0, 7]);
        assert_eq!(code.to_string(), "0.07");
        assert_eq!(code.reach(), 2);
        assert!(TakeBreakCode::parse("kayles").is_none());
        for bad in ["0.", "0.9z", "1.07", ".07", "00.7", "0.F", "x.1", "0.-1"] {
            assert!(
                TakeBreakCode::parse(bad).unwrap().is_err(),
                "{bad} should be refused"
            );
        }
        let hex = TakeBreakCode::parse("c.f").unwrap().unwrap();
        assert_eq!(hex.most_parts(), 3);
        assert_eq!(hex.to_string(), "c.f");
        assert_eq!(TakeBreakCode::from_digits(&[4, 0, 7]).to_string(), "4.07");
        assert_eq!(TakeBreakCode::from_digits(&[4]).to_string(), "4.0");
    }

    #[test]
    fn moves_of_small_heaps() {
        // Kayles on a row of 3: take 1 leaving 2 or 1+1, take 2 leaving 1, take 3? no (reach 2).
        assert_eq!(
            options("0.77", 3),
            vec![(1, vec![2]), (1, vec![1, 1]), (2, vec![1])]
        );
        assert_eq!(options("0.77", 2), vec![(1, vec![1]), (2, vec![])]);
        // d0 = 4: split without taking, never "leave one heap of n".
        assert_eq!(options("4.0", 4), vec![(0, vec![1, 3]), (0, vec![2, 2])]);
        // Three heaps.
        assert_eq!(options("0.8", 4), vec![(1, vec![1, 1, 1])]);
    }
}
