//! The bounded memo of component values: a canonical key (a list of 64-bit words) → the Grundy
//! value of the component it names.

use rustc_hash::FxHashMap;

/// The most components a memo holds (about 100 bytes each for components of up to 64 cells:
/// well under 1 GiB). When it is full it is emptied and refilled: values stay exact, only time
/// is lost, and the run stays deterministic.
pub const MEMO_CAP: usize = 1 << 23;

/// Component values by canonical key, and by vertex set (a lookup that spares computing the
/// canonical key of a component met before), at most [`MEMO_CAP`] of each.
#[derive(Debug, Default)]
pub struct Memo {
    values: FxHashMap<Box<[u64]>, u32>,
    by_set: FxHashMap<Box<[u64]>, u32>,
    /// How many times the memo was full and emptied.
    pub flushes: u64,
}

impl Memo {
    /// An empty memo.
    pub fn new() -> Memo {
        Memo::default()
    }

    /// The value stored for `key`.
    pub fn get(&self, key: &[u64]) -> Option<u32> {
        self.values.get(key).copied()
    }

    /// Stores `value` for `key`, emptying the memo first when it is full.
    pub fn insert(&mut self, key: Box<[u64]>, value: u32) {
        if self.values.len() >= MEMO_CAP {
            self.values = FxHashMap::default();
            self.flushes += 1;
        }
        self.values.insert(key, value);
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
