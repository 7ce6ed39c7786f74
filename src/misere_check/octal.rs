//! The moves of an octal (or hexadecimal) take-and-break game, read from its code alone.
//!
//! **Rules** (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4). The code `d₀.d₁d₂…d_k` says
//! what a move may do to one heap of n tokens: take i tokens (i ≥ 1 after the point; i = 0 for
//! the digit before it, which then must split the heap) and leave exactly j non-empty heaps
//! (summing to n − i) when bit 2^j of d_i is set. Bit 1 (j = 0) needs n = i.

/// A take-and-break code: for each i, which numbers of heaps a move taking i tokens may leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Code {
    /// `digits[i]`: the digit d_i (bit j: may leave j heaps).
    digits: Vec<u32>,
}

/// The most digits after the point a code may have.
const MOST_DIGITS: usize = 64;

impl Code {
    /// Reads `d₀.d₁…` (digits 0–9, a–f); `None` if it is not a code.
    pub(crate) fn parse(text: &str) -> Option<Code> {
        let (before, after) = text.split_once('.')?;
        let first = match before {
            "" => 0,
            _ if before.len() == 1 => before.chars().next()?.to_digit(16)?,
            _ => return None,
        };
        if after.is_empty() || after.len() > MOST_DIGITS {
            return None;
        }
        let mut digits = vec![first];
        for c in after.chars() {
            digits.push(c.to_digit(16)?);
        }
        Some(Code { digits })
    }

    /// k: how many tokens a move may take at most (the digits after the point).
    pub(crate) fn reach(&self) -> u64 {
        (self.digits.len() - 1) as u64
    }

    /// The most heaps a move leaves.
    pub(crate) fn most_parts(&self) -> u64 {
        self.digits
            .iter()
            .map(|&d| if d == 0 { 0 } else { 31 - d.leading_zeros() })
            .max()
            .unwrap_or(0) as u64
    }

    /// Calls `each(parts)` for every option of a heap of `n` (parts non-decreasing; a part list
    /// may repeat when two moves leave the same heaps).
    pub(crate) fn for_each_option(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
        for (i, &digit) in self.digits.iter().enumerate() {
            let taken = i as u64;
            let Some(left) = n.checked_sub(taken) else {
                break;
            };
            for parts in 0..4u32 {
                if digit & (1 << parts) == 0 || (i == 0 && parts < 2) {
                    continue;
                }
                let mut chosen = Vec::new();
                split(left, parts as u64, 1, &mut chosen, each);
            }
        }
    }
}

/// Every way of writing `left` as `parts` non-decreasing parts of at least `least`.
fn split(left: u64, parts: u64, least: u64, chosen: &mut Vec<u64>, each: &mut dyn FnMut(&[u64])) {
    if parts == 0 {
        if left == 0 {
            each(chosen);
        }
        return;
    }
    if parts == 1 {
        if left >= least {
            chosen.push(left);
            each(chosen);
            chosen.pop();
        }
        return;
    }
    let mut part = least;
    while part.saturating_mul(parts) <= left {
        chosen.push(part);
        split(left - part, parts - 1, part, chosen, each);
        chosen.pop();
        part += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(code: &str, n: u64) -> Vec<Vec<u64>> {
        let code = Code::parse(code).unwrap();
        let mut all = Vec::new();
        code.for_each_option(n, &mut |parts| all.push(parts.to_vec()));
        all.sort();
        all.dedup();
        all
    }

    #[test]
    fn kayles_and_dawsons_kayles_have_the_moves_of_their_rules() {
        // Kayles 0.77: knock down one or two pins, possibly splitting the row.
        assert_eq!(
            options("0.77", 4),
            vec![vec![1, 1], vec![1, 2], vec![2], vec![3]]
        );
        // 0.07: take two, leaving zero, one or two heaps.
        assert_eq!(options("0.07", 2), vec![Vec::<u64>::new()]);
        assert_eq!(options("0.07", 5), vec![vec![1, 2], vec![3]]);
        // 4.07: also split a heap in two without taking.
        assert_eq!(options("4.07", 3), vec![vec![1], vec![1, 2]]);
        let code = Code::parse("4.07").unwrap();
        assert_eq!((code.reach(), code.most_parts()), (2, 2));
        assert_eq!(Code::parse("kayles"), None);
        assert_eq!(Code::parse("0.8g"), None);
    }
}
