//! The Cram solver's endgame table: the values of small regions (at most
//! [`super::region::SMALL_KEY_CELLS`] cells), each under a key of one word
//! ([`super::region::SmallKey`]), never forgotten.
//!
//! The solver asks it about nearly every small region of every option it generates, so, like the
//! transposition table ([`super::table`]), it is laid out for the trips to memory: a bucket is one
//! cache line of seven keys and their seven values, and a key is looked for in the bucket its hash
//! names and, when that one is full, in the next ones (linear probing by buckets, which 7/8 of
//! the slots at most keep short). A question then reads one line, where a hash map of separate
//! control bytes and entries read two (`cram_value 5x8`: 13% of the time was in that lookup, three
//! quarters of it waiting on those two reads). `cram_value --max-memory 8 6x7` took 109.4 s of
//! user CPU and 0.28 GB at the peak so, against 113.4 s and 0.44 GB with the hash map and the
//! transposition table doubled beside its old buckets (one run of each in turn, nothing else
//! running); 5 × 8 and 5 × 7 take as long either way (four and three runs of each in turn, alone),
//! and 4 × 9 (four in turn, beside two other searches).

use super::region::SmallKey;
use super::table::Held;

/// Regions in a bucket.
const SLOTS: usize = 7;

/// One cache line: seven keys (0: an empty slot; no region's key is 0, it holds the region's
/// dimensions) and their values.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket {
    keys: [SmallKey; SLOTS],
    values: [u8; SLOTS],
}

// A bucket is one cache line.
const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// The endgame table (module doc).
pub(super) struct SmallTable {
    /// A power of two of them (at least 16).
    buckets: Vec<Bucket>,
    /// Regions held.
    len: usize,
}

/// How many regions `buckets` buckets hold before the table doubles (7/8 of the slots).
fn fill_of(buckets: usize) -> usize {
    buckets.saturating_mul(SLOTS) / 8 * 7
}

/// The first bucket of `key` among `count` (a power of two).
fn bucket_of(key: SmallKey, count: usize) -> usize {
    let mixed = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mixed = mixed ^ mixed >> 31;
    (mixed.wrapping_mul(0xbf58_476d_1ce4_e5b9) >> (64 - count.trailing_zeros())) as usize
}

impl Default for SmallTable {
    fn default() -> Self {
        SmallTable {
            buckets: vec![Bucket::default(); 16],
            len: 0,
        }
    }
}

impl SmallTable {
    /// How many regions it holds.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The value of `key`, when held.
    #[inline]
    pub(super) fn get(&self, key: SmallKey) -> Option<u8> {
        let mask = self.buckets.len() - 1;
        let mut index = bucket_of(key, self.buckets.len());
        loop {
            let bucket = &self.buckets[index];
            for slot in 0..SLOTS {
                if bucket.keys[slot] == key {
                    return Some(bucket.values[slot]);
                }
            }
            // A bucket with a free slot ends the probe: the key would be there.
            if bucket.keys[SLOTS - 1] == 0 {
                return None;
            }
            index = (index + 1) & mask;
        }
    }

    /// Records the value of `key` (a key not 0), replacing what was held.
    pub(super) fn insert(&mut self, key: SmallKey, value: u8) {
        if self.len >= fill_of(self.buckets.len()) {
            self.resize(self.buckets.len() * 2);
        }
        if self.place(key, value) {
            self.len += 1;
        }
    }

    /// Room for `regions` without doubling on the way.
    pub(super) fn reserve(&mut self, regions: usize) {
        let mut count = self.buckets.len();
        while fill_of(count) < self.len.saturating_add(regions) {
            count *= 2;
        }
        if count > self.buckets.len() {
            self.resize(count);
        }
    }

    /// Puts `key` in the first slot of its probe that holds it or is free (slots fill in
    /// order, so a bucket's free slots are its last ones); whether it is new.
    fn place(&mut self, key: SmallKey, value: u8) -> bool {
        let mask = self.buckets.len() - 1;
        let mut index = bucket_of(key, self.buckets.len());
        loop {
            let bucket = &mut self.buckets[index];
            for slot in 0..SLOTS {
                if bucket.keys[slot] == key || bucket.keys[slot] == 0 {
                    let new = bucket.keys[slot] == 0;
                    bucket.keys[slot] = key;
                    bucket.values[slot] = value;
                    return new;
                }
            }
            index = (index + 1) & mask;
        }
    }

    /// Moves every region into `count` buckets.
    fn resize(&mut self, count: usize) {
        let old = std::mem::replace(&mut self.buckets, vec![Bucket::default(); count]);
        for bucket in &old {
            for slot in 0..SLOTS {
                if bucket.keys[slot] != 0 {
                    self.place(bucket.keys[slot], bucket.values[slot]);
                }
            }
        }
    }

    /// Every region held and its value, in the order of the buckets.
    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = (SmallKey, u8)> + '_ {
        let held = self.buckets.iter().flat_map(|bucket| {
            (0..SLOTS)
                .filter(|&slot| bucket.keys[slot] != 0)
                .map(|slot| (bucket.keys[slot], bucket.values[slot]))
        });
        Held::new(held, self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Every value recorded is read back, through doublings and after a reserve; keys never
    /// recorded are not found; replacing a value keeps one entry.
    #[test]
    fn values_recorded_are_read_back() {
        let mut table = SmallTable::default();
        let mut model = HashMap::new();
        for n in 0..60_000u64 {
            let next = (n + 1).wrapping_mul(0x2545_f491_4f6c_dd1d).rotate_left(23);
            // Keys that share their low bits, and keys that differ in their top bits only.
            let key = if n % 3 == 0 { n << 40 | 1 } else { next | 1 };
            let value = (next >> 20) as u8 % 8;
            table.insert(key, value);
            model.insert(key, value);
            assert!(fill_of(table.buckets.len()) >= table.len());
        }
        assert_eq!(table.len(), model.len());
        for (&key, &value) in &model {
            assert_eq!(table.get(key), Some(value));
        }
        for n in 0..1_000u64 {
            assert_eq!(table.get(n << 41 | 2), None);
        }
        table.reserve(200_000);
        assert!(fill_of(table.buckets.len()) >= model.len() + 200_000);
        let held: HashMap<_, _> = table.iter().collect();
        assert_eq!(held, model);
        assert_eq!(table.iter().len(), model.len());
    }
}
