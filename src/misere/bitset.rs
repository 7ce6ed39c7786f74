//! Sets of monoid elements: as bit vectors ([`Bits`], for the P-portions and partner sets of
//! [`super::construction`], sets that are dense) and as sorted lists ([`ElementSet`], for the
//! transition sets TR(W), which have at most a few hundred members in a candidate of tens of
//! thousands of elements). Unions, intersections and subset tests are the construction's inner
//! loop.
//!
//! An [`ElementSet`] carries a 64-bit *signature*, the union of 1 << (e mod 64) over its members
//! e: A ⊆ B implies sig(A) ⊆ sig(B) (each member of A sets a bit B's same member sets), so a
//! signature with a bit outside the other's rules a subset out without reading the members.

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

/// A set of elements as a strictly increasing list, with its signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementSet {
    signature: u64,
    members: Box<[u32]>,
}

/// The signature bit of one element.
fn signature_bit(e: u32) -> u64 {
    1 << (e % 64)
}

impl ElementSet {
    /// The set of the members of `list` (any order, repeats allowed); `list` is sorted in place.
    pub fn from_list(list: &mut Vec<u32>) -> ElementSet {
        list.sort_unstable();
        list.dedup();
        ElementSet {
            signature: list.iter().fold(0, |s, &e| s | signature_bit(e)),
            members: list.as_slice().into(),
        }
    }

    /// The empty set.
    pub fn empty() -> ElementSet {
        ElementSet {
            signature: 0,
            members: Box::new([]),
        }
    }

    /// The members, ascending.
    pub fn members(&self) -> &[u32] {
        &self.members
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// The number of members.
    pub fn len(&self) -> usize {
        self.members.len()
    }

    /// Whether every member is a member of `other`, whose members are also marked in `marks`
    /// (a dense copy of `other`, for a test in |self| steps).
    pub fn is_subset_marked(&self, other: &ElementSet, marks: &Bits) -> bool {
        self.signature & !other.signature == 0
            && self.members.len() <= other.members.len()
            && self.members.iter().all(|&e| marks.contains(e as usize))
    }

    /// Whether every member is a member of `other` (a merge of the two lists).
    pub fn is_subset(&self, other: &ElementSet) -> bool {
        if self.signature & !other.signature != 0 || self.members.len() > other.members.len() {
            return false;
        }
        let mut rest = other.members.iter();
        self.members
            .iter()
            .all(|&e| rest.by_ref().find(|&&o| o >= e) == Some(&e))
    }

    /// Whether every member is in the dense set `other`.
    pub fn is_subset_of_bits(&self, other: &Bits) -> bool {
        self.members.iter().all(|&e| other.contains(e as usize))
    }
}

impl Bits {
    /// Adds every member of `set`.
    pub fn mark(&mut self, set: &ElementSet) {
        for &e in set.members() {
            self.insert(e as usize);
        }
    }

    /// Removes every member of `set` (the others are untouched).
    pub fn unmark(&mut self, set: &ElementSet) {
        for &e in set.members() {
            self.words[e as usize / 64] &= !(1 << (e % 64));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Bits, ElementSet};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// The sorted sets' subset tests agree with the bit vectors' on random sets, small
        /// universes (many subsets) and large ones (signature collisions mod 64).
        #[test]
        fn element_sets_agree_with_bit_vectors(
            universe in prop::sample::select(vec![8u32, 70, 200]),
            a in prop::collection::vec(0u32..200, 0..12),
            b in prop::collection::vec(0u32..200, 0..24),
            take in 0usize..12,
        ) {
            let mut a: Vec<u32> = a.into_iter().map(|e| e % universe).collect();
            let mut b: Vec<u32> = b.into_iter().map(|e| e % universe).collect();
            // Often a subset: b also gets a prefix of a.
            b.extend(a.iter().take(take));
            let bits_a = Bits::from_fn(universe as usize, |i| a.contains(&(i as u32)));
            let bits_b = Bits::from_fn(universe as usize, |i| b.contains(&(i as u32)));
            let set_a = ElementSet::from_list(&mut a);
            let set_b = ElementSet::from_list(&mut b);
            prop_assert_eq!(set_a.len(), bits_a.len());
            prop_assert_eq!(set_a.members().to_vec(),
                bits_a.iter().map(|i| i as u32).collect::<Vec<_>>());
            let expected = bits_a.is_subset(&bits_b);
            prop_assert_eq!(set_a.is_subset(&set_b), expected);
            prop_assert_eq!(set_a.is_subset_of_bits(&bits_b), expected);
            let mut marks = Bits::new(universe as usize);
            marks.mark(&set_b);
            prop_assert_eq!(&marks, &bits_b);
            prop_assert_eq!(set_a.is_subset_marked(&set_b, &marks), expected);
            marks.unmark(&set_b);
            prop_assert!(marks.is_empty());
        }
    }

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
