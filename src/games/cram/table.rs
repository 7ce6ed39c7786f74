//! The Cram solver's transposition table: what is known of a region, under its canonical key.
//!
//! A search asks the table about nearly every option it generates, and most of those regions
//! are not in it; on large boards the table is gigabytes, and each question a trip to memory.
//! So the table is laid out for those trips:
//!
//! * **Buckets of one cache line.** A bucket of 64 bytes holds three regions: their keys (16
//!   bytes each) and what is known of each in 4 bytes ([`Known`]: the value when known, else the
//!   values below 24 it is known not to have). A question reads at most two buckets.
//! * **Two buckets a key** (cuckoo hashing with buckets, Pagh and Rodler, "Cuckoo hashing",
//!   *Journal of Algorithms* 51, 2004; with buckets of several slots, Dietzfelbinger and
//!   Weidling, 2007): a region is in one of the two buckets its hash names. A region that finds
//!   both full moves one of their regions to that region's other bucket, and so on (a walk of at
//!   most [`MOST_MOVES`] moves); two buckets of three slots each fill to 7/8 before the table
//!   doubles. A walk that fails (rare below 7/8; none in the 6 × 9 search's 251 million regions,
//!   whose counters would show them) grows the table, or when it may not grow forgets the region
//!   left in hand: every entry is a fact about its region alone, so forgetting one costs time,
//!   never a value.
//! * **Asked ahead.** [`Table::prefetch`] tells the processor which two lines a question will
//!   read; the solver calls it for a few options before it asks about any of them, so that their
//!   trips to memory overlap.
//!
//! The table holds at most a given number of regions; when full, what it knows of its largest
//! regions (at most half of them) is kept where it is and the rest forgotten. It doubles in
//! place ([`Table::spread`]): on a machine of 24 GiB a table of 16 GiB can grow to its size,
//! where holding the old buckets beside the new ones while it doubled took 24.

use super::region::key_cells;
use crate::games::long_search::least_size_kept;

/// What the table knows of a region in 4 bytes: bit k (k < [`EXCLUDED_BITS`]) set when its value
/// is not k; the top byte its value + 1 when known (0 when not).
type Stored = u32;

/// How many values a region is known not to have the table keeps (0 to 23): a search that
/// finds a region is not worth 24 or more does not record it.
pub(super) const EXCLUDED_BITS: u32 = 24;

/// What is known of a region ([`Stored`]): bit k (k < [`EXCLUDED_BITS`]) set when g ≠ k; the
/// top byte is g + 1 when known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Known(Stored);

impl Known {
    /// Knowing that g = `k` (k < 255).
    pub(super) fn exactly(k: u32) -> Known {
        Known(Stored::from(k as u8 + 1) << 24)
    }

    /// This and g ≠ `k` (k < [`EXCLUDED_BITS`]).
    pub(super) fn excluding(self, k: u32) -> Known {
        Known(self.0 | 1 << k)
    }

    pub(super) fn exact(self) -> Option<u8> {
        let top = (self.0 >> 24) as u8;
        top.checked_sub(1)
    }

    pub(super) fn excludes(self, k: u32) -> bool {
        k < EXCLUDED_BITS && self.0 >> k & 1 == 1
    }

    /// As a checkpoint writes it: bit k (k < 56) when g ≠ k, the top byte g + 1 when known.
    pub(super) fn in_checkpoint(self) -> u64 {
        u64::from(self.0 & ((1 << EXCLUDED_BITS) - 1)) | u64::from(self.0 >> 24) << 56
    }

    /// What a checkpoint's `known` says, as far as the table keeps it (the values of 24 and more
    /// a region is known not to have are left out).
    pub(super) fn from_checkpoint(known: u64) -> Known {
        Known((known & ((1 << EXCLUDED_BITS) - 1)) as u32 | ((known >> 56) as u32) << 24)
    }
}

/// Regions in a bucket.
const SLOTS: usize = 3;

/// Bytes a bucket takes (one cache line).
pub(super) const BUCKET_BYTES: u64 = 64;

/// The most moves of regions between buckets when one is placed (the walk).
const MOST_MOVES: usize = 64;

/// One cache line: three keys and what is known of each (key [0, 0]: an empty slot; no
/// region's key is 0, it holds the region's dimensions).
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket {
    keys: [[u64; 2]; SLOTS],
    known: [Known; SLOTS],
}

// A bucket is one cache line.
const _: () = assert!(std::mem::size_of::<Bucket>() == BUCKET_BYTES as usize);

/// The transposition table (module doc).
pub(super) struct Table {
    /// A power of two of them (at least 16).
    buckets: Vec<Bucket>,
    /// Regions held.
    len: usize,
    /// The most regions it holds.
    most: usize,
    /// How many times it was pruned, and regions forgotten by a failed walk.
    pruned: u64,
    forgotten: u64,
}

/// How many regions a table of `buckets` buckets holds before it doubles (7/8 of its slots).
fn fill_of(buckets: usize) -> usize {
    buckets.saturating_mul(SLOTS) / 8 * 7
}

/// How many regions a table of at most `bytes` holds: 7/8 of the slots of the largest power of
/// two of buckets that fit (at least 16 buckets, 42 regions).
pub(super) fn regions_within(bytes: u64) -> usize {
    let buckets = (bytes / BUCKET_BYTES).max(16);
    let buckets = 1u64 << (63 - buckets.leading_zeros());
    usize::try_from(buckets).map_or(usize::MAX, fill_of)
}

/// The two buckets of `key` among `count` (a power of two).
fn buckets_of(key: [u64; 2], count: usize) -> (usize, usize) {
    let mixed = (key[0] ^ key[1].rotate_left(32).wrapping_mul(0xc2b2_ae3d_27d4_eb4f))
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mixed = mixed ^ mixed >> 29;
    let bits = count.trailing_zeros();
    let first = (mixed >> (64 - bits)) as usize;
    let second = (mixed.wrapping_mul(0xff51_afd7_ed55_8ccd) >> (64 - bits)) as usize;
    (first, second)
}

impl Table {
    /// An empty table that holds at most `most` regions.
    pub(super) fn new(most: usize) -> Table {
        Table {
            buckets: vec![Bucket::default(); 16],
            len: 0,
            most: most.max(1),
            pruned: 0,
            forgotten: 0,
        }
    }

    /// How many regions it holds.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// How many slots it has now (three a bucket).
    #[cfg(test)]
    pub(super) fn slots(&self) -> usize {
        self.buckets.len() * SLOTS
    }

    /// How many times it was pruned.
    pub(super) fn times_pruned(&self) -> u64 {
        self.pruned
    }

    /// Sets the count of prunes (a resumed search goes on counting).
    pub(super) fn set_times_pruned(&mut self, pruned: u64) {
        self.pruned = pruned;
    }

    /// How many regions walks that failed forgot.
    pub(super) fn forgotten(&self) -> u64 {
        self.forgotten
    }

    /// The most regions it holds.
    pub(super) fn most(&self) -> usize {
        self.most
    }

    /// Holds at most `most` regions from now on (pruned at once if it holds more).
    pub(super) fn set_most(&mut self, most: usize) {
        self.most = most.max(1);
        if self.len > self.most {
            self.prune();
        }
    }

    /// What is known of `key` (the default: nothing).
    #[inline]
    pub(super) fn get(&self, key: [u64; 2]) -> Known {
        let (first, second) = buckets_of(key, self.buckets.len());
        for index in [first, second] {
            let bucket = &self.buckets[index];
            for slot in 0..SLOTS {
                if bucket.keys[slot] == key {
                    return bucket.known[slot];
                }
            }
        }
        Known::default()
    }

    /// Tells the processor that `key` will be asked about soon (no effect on what it holds).
    #[inline]
    pub(super) fn prefetch(&self, key: [u64; 2]) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let (first, second) = buckets_of(key, self.buckets.len());
            for index in [first, second] {
                let line: *const Bucket = &self.buckets[index];
                // SAFETY: a prefetch reads nothing the program sees and cannot fault; the
                // address is that of a bucket of the table.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(line.cast::<i8>()) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Records `key` as known `change(what was known)` (the change of 0 for a new region).
    pub(super) fn record(&mut self, key: [u64; 2], change: impl Fn(Known) -> Known) {
        let (first, second) = buckets_of(key, self.buckets.len());
        for index in [first, second] {
            let bucket = &mut self.buckets[index];
            for slot in 0..SLOTS {
                if bucket.keys[slot] == key {
                    bucket.known[slot] = change(bucket.known[slot]);
                    return;
                }
            }
        }
        self.insert_new(key, change(Known::default()));
    }

    /// Places a region not in the table: after a prune when full, after doubling when 7/8 of
    /// the slots are taken (and it may grow).
    fn insert_new(&mut self, key: [u64; 2], known: Known) {
        if self.len >= self.most {
            self.prune();
        }
        if self.len >= fill_of(self.buckets.len()) && self.may_grow() {
            self.grow();
        }
        let mut in_hand = (key, known);
        loop {
            match self.place(in_hand) {
                None => {
                    self.len += 1;
                    return;
                }
                Some(left) if self.may_grow() => {
                    self.grow();
                    in_hand = left;
                }
                Some(_) => {
                    self.forgotten += 1;
                    return;
                }
            }
        }
    }

    /// Whether the table may double: it then still holds at most [`Table::most`] regions at 7/8.
    fn may_grow(&self) -> bool {
        fill_of(self.buckets.len()) < self.most
    }

    /// Puts a region into one of its buckets, moving others to their other buckets at need;
    /// `Some` region left in hand when the walk fails (the table then holds as many as before).
    fn place(&mut self, mut in_hand: ([u64; 2], Known)) -> Option<([u64; 2], Known)> {
        let count = self.buckets.len();
        let mut came_from = usize::MAX;
        for step in 0..MOST_MOVES {
            let (first, second) = buckets_of(in_hand.0, count);
            for index in [first, second] {
                let bucket = &mut self.buckets[index];
                if let Some(slot) = bucket.keys.iter().position(|&key| key == [0, 0]) {
                    bucket.keys[slot] = in_hand.0;
                    bucket.known[slot] = in_hand.1;
                    return None;
                }
            }
            // Both full: the region takes a slot of the bucket it did not come from, and the
            // region there goes on to its other bucket.
            let index = if first == came_from { second } else { first };
            let slot = step % SLOTS;
            let bucket = &mut self.buckets[index];
            let moved = (bucket.keys[slot], bucket.known[slot]);
            bucket.keys[slot] = in_hand.0;
            bucket.known[slot] = in_hand.1;
            in_hand = moved;
            came_from = index;
        }
        Some(in_hand)
    }

    /// Doubles the buckets, in place ([`Table::spread`]).
    fn grow(&mut self) {
        self.spread(1);
    }

    /// Takes 2^`doublings` times as many buckets, every region moved within the same block of
    /// memory, so that growing never holds the old buckets beside the new ones.
    ///
    /// A key's buckets are the top bits of its two hashes, so with one more bit bucket i becomes
    /// buckets 2i and 2i + 1 (with d more, the 2^d buckets from i·2^d): each region goes to
    /// the one of them its hash names, and no other bucket's regions go there, so they never
    /// overflow. The buckets are taken from the last to the first: bucket i's new buckets are
    /// past it (or it itself, for i = 0), where the regions have already left.
    fn spread(&mut self, doublings: u32) {
        let old = self.buckets.len();
        let count = old << doublings;
        // Grown in place when the allocator can (large blocks are remapped, not copied).
        self.buckets.resize(count, Bucket::default());
        for index in (0..old).rev() {
            let bucket = std::mem::take(&mut self.buckets[index]);
            for slot in 0..SLOTS {
                let key = bucket.keys[slot];
                if key == [0, 0] {
                    continue;
                }
                let (first, second) = buckets_of(key, count);
                let to = if first >> doublings == index {
                    first
                } else {
                    second
                };
                debug_assert_eq!(to >> doublings, index);
                let target = &mut self.buckets[to];
                // Only bucket `index`'s regions come here, at most SLOTS of them: there is
                // always a free slot (were there none, the region would be forgotten).
                match target.keys.iter().position(|&held| held == [0, 0]) {
                    Some(free) => {
                        target.keys[free] = key;
                        target.known[free] = bucket.known[slot];
                    }
                    None => {
                        debug_assert!(false, "a bucket's regions fit in its new buckets");
                        self.len -= 1;
                        self.forgotten += 1;
                    }
                }
            }
        }
    }

    /// Makes room: keeps what is known of the largest regions (the costliest to find again), at
    /// most half of [`Table::most`], where they are, and forgets the rest.
    fn prune(&mut self) {
        let cells = |key: [u64; 2]| key_cells(u128::from(key[0]) | u128::from(key[1]) << 64);
        let sizes = self.iter().map(|(key, _)| cells(key) as usize);
        let (least_kept, kept) = least_size_kept(sizes, self.most / 2);
        for bucket in &mut self.buckets {
            for slot in 0..SLOTS {
                let key = bucket.keys[slot];
                if key != [0, 0] && (cells(key) as usize) < least_kept {
                    bucket.keys[slot] = [0, 0];
                    bucket.known[slot] = Known::default();
                }
            }
        }
        self.len = kept;
        self.pruned += 1;
    }

    /// Room for `regions` without doubling on the way (at most [`Table::most`]).
    pub(super) fn reserve(&mut self, regions: usize) {
        let wanted = regions.min(self.most);
        let mut count = self.buckets.len();
        while fill_of(count) < wanted {
            count *= 2;
        }
        if count > self.buckets.len() {
            self.spread(count.trailing_zeros() - self.buckets.len().trailing_zeros());
        }
    }

    /// Every region held and what is known of it, in the order of the buckets.
    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = ([u64; 2], Known)> + '_ {
        let held = self.buckets.iter().flat_map(|bucket| {
            (0..SLOTS)
                .filter(|&slot| bucket.keys[slot] != [0, 0])
                .map(|slot| (bucket.keys[slot], bucket.known[slot]))
        });
        Held::new(held, self.len)
    }
}

/// The regions of a table, with their number ([`Table::iter`]).
pub(super) struct Held<I> {
    regions: I,
    left: usize,
}

impl<I> Held<I> {
    /// The `count` regions of `regions`.
    pub(super) fn new(regions: I, count: usize) -> Held<I> {
        Held {
            regions,
            left: count,
        }
    }
}

impl<I: Iterator> Iterator for Held<I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        let region = self.regions.next()?;
        self.left = self.left.saturating_sub(1);
        Some(region)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<I: Iterator> ExactSizeIterator for Held<I> {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A key numbered `n` (distinct for distinct n), of a region of at least `cells` cells.
    fn key(n: u64, cells: u64) -> [u64; 2] {
        [(1 << cells) - 1, n | 1 << 52]
    }

    /// Every region recorded is read back as recorded, through doublings; a full table keeps its
    /// largest regions; it never holds more than it may, nor takes more buckets than 7/8 of its
    /// slots call for.
    #[test]
    fn regions_recorded_are_read_back_and_a_full_table_keeps_its_largest() {
        let mut table = Table::new(100_000);
        let mut model = HashMap::new();
        let mut next = 1u64;
        for n in 0..80_000u64 {
            next ^= next << 13;
            next ^= next >> 7;
            next ^= next << 17;
            let k = key(n, next % 40 + 2);
            let excluded = (next % 20) as u32;
            table.record(k, |known| known.excluding(excluded));
            let modelled = model.entry(k).or_insert(Known::default());
            *modelled = modelled.excluding(excluded);
            if n % 7 == 0 {
                table.record(k, |_| Known::exactly(4));
                model.insert(k, Known::exactly(4));
            }
        }
        assert_eq!(table.len(), model.len());
        assert_eq!(table.forgotten(), 0);
        assert_eq!(table.iter().count(), model.len());
        for (&k, &known) in &model {
            assert_eq!(table.get(k), known);
        }
        assert_eq!(table.get(key(1 << 40, 3)), Known::default());
        assert!(fill_of(table.buckets.len() / 2) < model.len());
        // Cut down: the largest regions are kept.
        table.set_most(30_000);
        assert!(
            table.len() <= 15_000 && table.len() > 5_000,
            "{}",
            table.len()
        );
        assert_eq!(table.times_pruned(), 1);
        let cells = |k: [u64; 2]| key_cells(u128::from(k[0]) | u128::from(k[1]) << 64);
        let least = table.iter().map(|(k, _)| cells(k)).min().unwrap_or(0);
        for (&k, &known) in &model {
            let held = table.get(k);
            assert_eq!(
                held,
                if cells(k) >= least {
                    known
                } else {
                    Known::default()
                }
            );
        }
        for (k, known) in table.iter() {
            assert_eq!(model[&k], known);
        }
    }

    /// Reserving room for many regions at once spreads the buckets over several doublings in
    /// place: every region is still found, in a table of the size asked for.
    #[test]
    fn reserving_room_keeps_every_region() {
        let mut table = Table::new(1 << 20);
        let regions: Vec<_> = (0..5_000u64)
            .map(|n| (key(n, n % 30 + 2), n as u32 % 24))
            .collect();
        for &(k, excluded) in &regions {
            table.record(k, |known| known.excluding(excluded));
        }
        let before = table.buckets.len();
        table.reserve(600_000);
        assert!(
            table.buckets.len() >= before * 32,
            "{before} {}",
            table.buckets.len()
        );
        assert!(fill_of(table.buckets.len()) >= 600_000);
        assert_eq!(table.len(), regions.len());
        assert_eq!(table.forgotten(), 0);
        for &(k, excluded) in &regions {
            assert_eq!(table.get(k), Known::default().excluding(excluded));
        }
        assert_eq!(table.iter().count(), regions.len());
    }

    /// A table's regions are 7/8 of its slots, three a 64-byte bucket, in a power of two of
    /// buckets; it grows to that and no further however many regions pass through it.
    #[test]
    fn a_table_holds_seven_eighths_of_its_slots_and_grows_no_further() {
        assert_eq!(regions_within(1 << 30), (1 << 24) * 3 / 8 * 7);
        assert_eq!(regions_within((1 << 30) - 1), (1 << 23) * 3 / 8 * 7);
        assert_eq!(regions_within(0), 42);
        assert_eq!(regions_within(u64::MAX), (1usize << 57) * 3 / 8 * 7);
        let most = regions_within(1 << 16);
        let mut table = Table::new(most);
        for n in 0..50_000u64 {
            table.record(key(n, n % 30 + 2), |known| known.excluding(0));
            assert!(table.len() <= most);
            assert!(table.slots() * 64 / 3 <= 1 << 16);
        }
        assert!(table.times_pruned() > 10);
    }
}
