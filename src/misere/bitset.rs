//! Sets of monoid elements as bit vectors: the transition sets TR(W) and the P-portions of
//! [`super::construction`], where unions, intersections and subset tests are the inner loop.

/// A set of elements 0..len, one bit each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bits {
    words: Vec<u64>,
}

impl Bits {
    /// The empty set of elements below `len`.
    pub fn new(len: usize) -> Bits {
        Bits {
            words: vec![0; len.div_ceil(64)],
        }
    }

    /// The set of the `i` with `member(i)`, for i below `len`.
    pub fn from_fn(len: usize, member: impl Fn(usize) -> bool) -> Bits {
        let mut bits = Bits::new(len);
        for i in (0..len).filter(|&i| member(i)) {
            bits.insert(i);
        }
        bits
    }

    /// Adds `i`.
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Whether `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Whether every member is a member of `other`.
    pub fn is_subset(&self, other: &Bits) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(&a, &b)| a & !b == 0)
    }

    /// Whether the two sets meet.
    pub fn intersects(&self, other: &Bits) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .any(|(&a, &b)| a & b != 0)
    }

    /// The members, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(index, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(index * 64 + bit)
            })
        })
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn set_operations_follow_their_definitions() {
        let a = Bits::from_fn(130, |i| i % 3 == 0);
        let b = Bits::from_fn(130, |i| i % 6 == 0);
        let c = Bits::from_fn(130, |i| i == 129);
        assert!(b.is_subset(&a) && !a.is_subset(&b));
        assert!(a.intersects(&c) && !b.intersects(&c));
        assert_eq!(
            a.iter().collect::<Vec<_>>(),
            (0..130).step_by(3).collect::<Vec<_>>()
        );
        assert_eq!(a.len(), 44);
        assert!(Bits::new(130).is_empty() && !c.is_empty());
    }
}
