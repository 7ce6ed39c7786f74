//! The bounded memo of components: a canonical key (a list of 64-bit words) → what is known of
//! the component it names (its exact Grundy value, or values it is known not to have).

use rustc_hash::FxHashMap;

/// The most components a memo holds (about 100 bytes each for components of up to 64 cells:
/// well under 1 GiB). When it is full it is emptied and refilled: values stay exact, only time
/// is lost, and the run stays deterministic.
pub const MEMO_CAP: usize = 1 << 23;

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
#[derive(Debug, Default)]
pub struct Memo {
    values: FxHashMap<Box<[u64]>, Known>,
    by_set: FxHashMap<Box<[u64]>, u32>,
    /// How many times the memo was full and emptied.
    pub flushes: u64,
}

impl Memo {
    /// An empty memo.
    pub fn new() -> Memo {
        Memo::default()
    }

    /// What is known of the component `key` names (nothing when it is not stored).
    pub fn get(&self, key: &[u64]) -> Known {
        self.values.get(key).copied().unwrap_or_default()
    }

    /// Empties the table of keys when it is full.
    fn room(&mut self) {
        if self.values.len() >= MEMO_CAP {
            self.values = FxHashMap::default();
            self.flushes += 1;
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

    /// Stores `value` for the vertex set `set`, emptying that table first when it is full.
    pub fn insert_set(&mut self, set: &[u64], value: u32) {
        if self.by_set.len() >= MEMO_CAP {
            self.by_set = FxHashMap::default();
            self.flushes += 1;
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
