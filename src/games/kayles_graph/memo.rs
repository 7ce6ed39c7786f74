//! The bounded memo of components: a canonical key (a list of 64-bit words) → what is known of
//! the component it names (its exact Grundy value, or values it is known not to have).

use crate::games::long_search::keep_largest;
use rustc_hash::FxHashMap;

/// The most components a memo holds (about 100 bytes each for components of up to 64 cells:
/// well under 1 GiB). When it is full it is pruned (`games::long_search::keep_largest`): what is
/// known of the largest components is kept, at most half of it, and the rest forgotten. Every
/// entry is a fact about its component alone, so values stay exact, only time is lost, and the
/// run stays deterministic.
pub const MEMO_CAP: usize = 1 << 23;

/// How many vertices (set bits) a key or a set holds, about: on a lattice the key's first word
/// (the height and width) counts a few bits too, which only shifts the sizes the pruning
/// compares.
fn weight(words: &[u64]) -> usize {
    words.iter().map(|word| word.count_ones() as usize).sum()
}

/// The flag of an exact value in [`Known`].
const EXACT: u64 = 1 << 63;

/// The most values an entry can record as excluded (values 0 to 62).
const EXCLUDABLE: u32 = 63;

/// What is known of a component: its exact value (the top bit set, the value in the low 32
/// bits), or else the values it is known not to have (bit k set: the value is not k).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Known(u64);

impl Known {
    /// The exact value, when known.
    pub fn exact(self) -> Option<u32> {
        (self.0 & EXACT != 0).then_some(self.0 as u32)
    }

    /// Whether the value is known not to be `k` (by an exclusion recorded; an exact value
    /// answers through [`Known::exact`]).
    pub fn excludes(self, k: u32) -> bool {
        self.0 & EXACT == 0 && k < EXCLUDABLE && self.0 >> k & 1 == 1
    }
}

/// Components by canonical key (what is known of each), and exact values by vertex set (a
/// lookup that spares computing the canonical key of a component met before), at most
/// [`MEMO_CAP`] of each.
#[derive(Debug)]
pub struct Memo {
    values: FxHashMap<Box<[u64]>, Known>,
    by_set: FxHashMap<Box<[u64]>, u32>,
    /// The most entries each table holds ([`MEMO_CAP`]; fewer in the tests).
    cap: usize,
    /// How many times a table was full and pruned.
    pub prunings: u64,
}

impl Default for Memo {
    fn default() -> Self {
        Memo::new()
    }
}

impl Memo {
    /// An empty memo.
    pub fn new() -> Memo {
        Memo::with_cap(MEMO_CAP)
    }

    /// An empty memo of at most `cap` entries a table (the tests prune small ones).
    pub(crate) fn with_cap(cap: usize) -> Memo {
        Memo {
            values: FxHashMap::default(),
            by_set: FxHashMap::default(),
            cap,
            prunings: 0,
        }
    }

    /// What is known of the component `key` names (nothing when it is not stored).
    pub fn get(&self, key: &[u64]) -> Known {
        self.values.get(key).copied().unwrap_or_default()
    }

    /// Prunes the table of keys when it is full.
    fn room(&mut self) {
        if self.values.len() >= self.cap {
            keep_largest(&mut self.values, self.cap / 2, |key| weight(key));
            self.prunings += 1;
        }
    }

    /// Records that the component `key` names is worth `value`.
    pub fn insert(&mut self, key: &[u64], value: u32) {
        let known = Known(EXACT | u64::from(value));
        if let Some(entry) = self.values.get_mut(key) {
            *entry = known;
            return;
        }
        self.room();
        self.values.insert(key.into(), known);
    }

    /// Records that the component `key` names is not worth `k` (nothing when its value is
    /// known, or when `k` is past the values an entry records).
    pub fn exclude(&mut self, key: &[u64], k: u32) {
        if k >= EXCLUDABLE {
            return;
        }
        if let Some(entry) = self.values.get_mut(key) {
            if entry.0 & EXACT == 0 {
                entry.0 |= 1 << k;
            }
            return;
        }
        self.room();
        self.values.insert(key.into(), Known(1 << k));
    }

    /// The value stored for the vertex set `set`.
    pub fn get_set(&self, set: &[u64]) -> Option<u32> {
        self.by_set.get(set).copied()
    }

    /// Stores `value` for the vertex set `set`, pruning that table first when it is full.
    pub fn insert_set(&mut self, set: &[u64], value: u32) {
        if self.by_set.len() >= self.cap {
            keep_largest(&mut self.by_set, self.cap / 2, |set| weight(set));
            self.prunings += 1;
        }
        self.by_set.insert(set.into(), value);
    }

    /// How many components are stored (by canonical key).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_keeps_its_largest_entries_at_most_half() {
        let mut memo = Memo::with_cap(6);
        // Keys of 1, 2, 3, 4, 5 and 6 vertices: the sixth insertion finds the table full.
        for size in 1..=6u32 {
            memo.insert(&[(1u64 << size) - 1], size);
        }
        assert_eq!(memo.prunings, 0);
        memo.exclude(&[0b1_0000_0001], 0);
        assert_eq!(memo.prunings, 1);
        // Kept: the three largest (4, 5, 6 vertices); then the new entry.
        assert_eq!(memo.len(), 4);
        for size in 1..=6u32 {
            let kept = memo.get(&[(1u64 << size) - 1]).exact();
            assert_eq!(kept, (size >= 4).then_some(size), "{size}");
        }
        assert!(memo.get(&[0b1_0000_0001]).excludes(0));
        let mut sets = Memo::with_cap(2);
        sets.insert_set(&[1], 1);
        sets.insert_set(&[3], 2);
        sets.insert_set(&[7], 3);
        assert_eq!((sets.get_set(&[1]), sets.get_set(&[3])), (None, Some(2)));
        assert_eq!((sets.get_set(&[7]), sets.prunings), (Some(3), 1));
    }

    #[test]
    fn an_entry_holds_exclusions_until_its_value_is_known() {
        let mut memo = Memo::new();
        let key = [7u64, 9];
        assert_eq!(memo.get(&key), Known::default());
        memo.exclude(&key, 0);
        memo.exclude(&key, 2);
        memo.exclude(&key, 63);
        let known = memo.get(&key);
        assert!(known.excludes(0) && !known.excludes(1) && known.excludes(2));
        assert!(!known.excludes(63) && known.exact().is_none());
        memo.insert(&key, 1);
        memo.exclude(&key, 3);
        assert_eq!(memo.get(&key).exact(), Some(1));
        assert!(!memo.get(&key).excludes(3));
        memo.insert(&[1], u32::MAX);
        assert_eq!(memo.get(&[1]).exact(), Some(u32::MAX));
    }
}
