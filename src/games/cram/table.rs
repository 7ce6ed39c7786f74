//! The Cram solver's transposition table: what is known of a region, under its canonical key.
//!
//! A search asks the table about nearly every option it generates, and most of those regions
//! are not in it; on large boards the table is gigabytes, and each question a trip to memory.
//! So the table is laid out for those trips:
//!
//! * **Buckets of one cache line.** A bucket of 64 bytes holds three regions: their keys (16
//!   bytes each) and what is known of each in 4 bytes ([`Known`]: the value when known, else the
//!   values below 24 it is known not to have). A question reads at most two buckets.
//! * **Keys of one word where they fit.** The keys of the regions of a layout of at most
//!   [`NARROW_CELLS`] (60) cells fit in 8 bytes ([`narrow`]: the mask and the box's width; the
//!   height follows from the mask), and a bucket then holds five: 5/3 as many regions in the
//!   same memory. So the table starts with such keys and turns to keys of two words at the first
//!   region whose key does not fit (the solver turns it before a layout of more than 60 cells;
//!   what it held is moved over, the largest regions first when it does not all fit). 4 × 15,
//!   5 × 12 and 7 × 8 have 60 cells or fewer; 7 × 9 has 63.
//! * **Two buckets a key** (cuckoo hashing with buckets, Pagh and Rodler, "Cuckoo hashing",
//!   *Journal of Algorithms* 51, 2004; with buckets of several slots, Dietzfelbinger and
//!   Weidling, 2007): a region is in one of the two buckets its hash names. A region that finds
//!   both full moves one of their regions to that region's other bucket, and so on (a walk of at
//!   most [`MOST_MOVES`] moves); two buckets of three (or five) slots fill to 7/8 before the table
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
//! place ([`Cuckoo::spread`]): on a machine of 24 GiB a table of 16 GiB can grow to its size,
//! where holding the old buckets beside the new ones while it doubled took 24.

use super::region::{Region, joined, key_cells, key_of, split};
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

/// Bytes a bucket takes (one cache line).
pub(super) const BUCKET_BYTES: u64 = 64;

/// The most moves of regions between buckets when one is placed (the walk).
const MOST_MOVES: usize = 64;

/// The most cells of a layout whose regions' keys all fit in one word ([`narrow`]).
pub(super) const NARROW_CELLS: usize = 60;

/// One cache line of regions: their keys, of one kind, and what is known of each (an empty
/// slot's key is the kind's default, 0: no region's key is 0, it holds the region's
/// dimensions).
trait Line: Copy + Default {
    /// A region's key in this kind of line.
    type Key: Copy + Eq + Default;
    /// Regions a line holds.
    const SLOTS: usize;
    fn key(&self, slot: usize) -> Self::Key;
    fn known(&self, slot: usize) -> Known;
    fn put(&mut self, slot: usize, key: Self::Key, known: Known);
    /// The key's hash, whose top bits name its buckets.
    fn mixed(key: Self::Key) -> u64;
    /// The key as the solver writes it (two words; the tests check [`Line::cells`] by it).
    #[cfg(test)]
    fn wide(key: Self::Key) -> [u64; 2];
    /// How many cells the key's region has.
    fn cells(key: Self::Key) -> u32;
}

/// Three keys of two words (any region's).
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct WideLine {
    keys: [[u64; 2]; 3],
    known: [Known; 3],
}

/// Five keys of one word ([`narrow`]).
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct NarrowLine {
    keys: [u64; 5],
    known: [Known; 5],
}

// A bucket is one cache line.
const _: () = assert!(std::mem::size_of::<WideLine>() == BUCKET_BYTES as usize);
const _: () = assert!(std::mem::size_of::<NarrowLine>() == BUCKET_BYTES as usize);

impl Line for WideLine {
    type Key = [u64; 2];
    const SLOTS: usize = 3;
    fn key(&self, slot: usize) -> [u64; 2] {
        self.keys[slot]
    }
    fn known(&self, slot: usize) -> Known {
        self.known[slot]
    }
    fn put(&mut self, slot: usize, key: [u64; 2], known: Known) {
        self.keys[slot] = key;
        self.known[slot] = known;
    }
    fn mixed(key: [u64; 2]) -> u64 {
        let mixed = (key[0] ^ key[1].rotate_left(32).wrapping_mul(0xc2b2_ae3d_27d4_eb4f))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        mixed ^ mixed >> 29
    }
    #[cfg(test)]
    fn wide(key: [u64; 2]) -> [u64; 2] {
        key
    }
    fn cells(key: [u64; 2]) -> u32 {
        key_cells(joined(key))
    }
}

impl Line for NarrowLine {
    type Key = u64;
    const SLOTS: usize = 5;
    fn key(&self, slot: usize) -> u64 {
        self.keys[slot]
    }
    fn known(&self, slot: usize) -> Known {
        self.known[slot]
    }
    fn put(&mut self, slot: usize, key: u64, known: Known) {
        self.keys[slot] = key;
        self.known[slot] = known;
    }
    fn mixed(key: u64) -> u64 {
        let mixed = (key ^ key >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let mixed = (mixed ^ mixed >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
        mixed ^ mixed >> 31
    }
    #[cfg(test)]
    fn wide(key: u64) -> [u64; 2] {
        widened(key)
    }
    fn cells(key: u64) -> u32 {
        (key & ((1 << 60) - 1)).count_ones()
    }
}

/// A region's key in one word, when its mask lies below bit [`NARROW_CELLS`] and its box is
/// less than 16 wide: the mask with the width above it (bits 60 to 63). The height is not kept:
/// a region touches the bottom row of its box, so its highest cell's row gives it. Every region
/// of a layout of at most [`NARROW_CELLS`] cells has one (a box of at most 60 cells is at most
/// 7 wide one way or the other, and a canonical key takes the narrower way). `None` for any
/// other key, and for one whose height is not the one its cells give (no region's).
pub(super) fn narrow(key: [u64; 2]) -> Option<u64> {
    let region = Region::of_key(joined(key));
    let (h, w) = (region.h, region.w);
    let cells = h * w;
    if h == 0 || w == 0 || w >= 16 || cells > NARROW_CELLS {
        return None;
    }
    let mask = region.mask as u64;
    (region.mask >> cells == 0 && mask >> ((h - 1) * w) != 0).then_some(mask | (w as u64) << 60)
}

/// The two-word key of a key in one word ([`narrow`]).
pub(super) fn widened(code: u64) -> [u64; 2] {
    let w = (code >> 60) as usize;
    let mask = code & ((1 << 60) - 1);
    let h = (63 - mask.leading_zeros() as usize) / w + 1;
    split(key_of(u128::from(mask), h, w))
}

/// A cuckoo table of one kind of line (the module doc).
struct Cuckoo<L: Line> {
    /// A power of two of them (at least 16).
    buckets: Vec<L>,
    /// Regions held.
    len: usize,
    /// The most regions it holds.
    most: usize,
    /// How many times it was pruned, and regions forgotten by a failed walk.
    pruned: u64,
    forgotten: u64,
}

/// How many regions `buckets` buckets of `L` hold before they double (7/8 of their slots).
fn fill_of<L: Line>(buckets: usize) -> usize {
    buckets.saturating_mul(L::SLOTS) / 8 * 7
}

/// How many regions a table of at most `bytes` holds with keys of two words: 7/8 of the slots
/// of the largest power of two of buckets that fit (at least 16 buckets, 42 regions). With keys
/// of one word it holds 5/3 as many ([`Table`]).
pub(super) fn regions_within(bytes: u64) -> usize {
    let buckets = (bytes / BUCKET_BYTES).max(16);
    let buckets = 1u64 << (63 - buckets.leading_zeros());
    usize::try_from(buckets).map_or(usize::MAX, fill_of::<WideLine>)
}

/// The regions of keys of one word that take the memory of `most` regions of two words.
fn narrow_most(most: usize) -> usize {
    most.saturating_mul(NarrowLine::SLOTS) / WideLine::SLOTS
}

/// The two buckets of a key of one word ([`narrow`]) among `count` (a power of two).
pub(super) fn narrow_buckets(code: u64, count: usize) -> (usize, usize) {
    buckets_of(NarrowLine::mixed(code), count)
}

/// The two buckets of a key of hash `mixed` among `count` (a power of two).
fn buckets_of(mixed: u64, count: usize) -> (usize, usize) {
    let bits = count.trailing_zeros();
    let first = (mixed >> (64 - bits)) as usize;
    let second = (mixed.wrapping_mul(0xff51_afd7_ed55_8ccd) >> (64 - bits)) as usize;
    (first, second)
}

impl<L: Line> Cuckoo<L> {
    /// An empty table that holds at most `most` regions.
    fn new(most: usize) -> Self {
        Cuckoo {
            buckets: vec![L::default(); 16],
            len: 0,
            most: most.max(1),
            pruned: 0,
            forgotten: 0,
        }
    }

    /// Holds at most `most` regions from now on (pruned at once if it holds more).
    fn set_most(&mut self, most: usize) {
        self.most = most.max(1);
        if self.len > self.most {
            self.prune();
        }
    }

    /// What is known of `key` (the default: nothing).
    #[inline]
    fn get(&self, key: L::Key) -> Known {
        let (first, second) = buckets_of(L::mixed(key), self.buckets.len());
        for index in [first, second] {
            let bucket = &self.buckets[index];
            for slot in 0..L::SLOTS {
                if bucket.key(slot) == key {
                    return bucket.known(slot);
                }
            }
        }
        Known::default()
    }

    /// Tells the processor that `key` will be asked about soon.
    #[inline]
    fn prefetch(&self, key: L::Key) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let (first, second) = buckets_of(L::mixed(key), self.buckets.len());
            for index in [first, second] {
                let line: *const L = &self.buckets[index];
                // SAFETY: a prefetch reads nothing the program sees and cannot fault; the
                // address is that of a bucket of the table.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(line.cast::<i8>()) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Records `key` as known `change(what was known)` (the change of 0 for a new region).
    fn record(&mut self, key: L::Key, change: impl Fn(Known) -> Known) {
        let (first, second) = buckets_of(L::mixed(key), self.buckets.len());
        for index in [first, second] {
            let bucket = &mut self.buckets[index];
            for slot in 0..L::SLOTS {
                if bucket.key(slot) == key {
                    let known = change(bucket.known(slot));
                    bucket.put(slot, key, known);
                    return;
                }
            }
        }
        self.insert_new(key, change(Known::default()));
    }

    /// Places a region not in the table: after a prune when full, after doubling when 7/8 of
    /// the slots are taken (and it may grow).
    fn insert_new(&mut self, key: L::Key, known: Known) {
        if self.len >= self.most {
            self.prune();
        }
        if self.len >= fill_of::<L>(self.buckets.len()) && self.may_grow() {
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

    /// Whether the table may double: it then still holds at most `most` regions at 7/8.
    fn may_grow(&self) -> bool {
        fill_of::<L>(self.buckets.len()) < self.most
    }

    /// Puts a region into one of its buckets, moving others to their other buckets at need;
    /// `Some` region left in hand when the walk fails (the table then holds as many as before).
    fn place(&mut self, mut in_hand: (L::Key, Known)) -> Option<(L::Key, Known)> {
        let count = self.buckets.len();
        let empty = L::Key::default();
        let mut came_from = usize::MAX;
        for step in 0..MOST_MOVES {
            let (first, second) = buckets_of(L::mixed(in_hand.0), count);
            for index in [first, second] {
                let bucket = &mut self.buckets[index];
                if let Some(slot) = (0..L::SLOTS).find(|&slot| bucket.key(slot) == empty) {
                    bucket.put(slot, in_hand.0, in_hand.1);
                    return None;
                }
            }
            // Both full: the region takes a slot of the bucket it did not come from, and the
            // region there goes on to its other bucket.
            let index = if first == came_from { second } else { first };
            let slot = step % L::SLOTS;
            let bucket = &mut self.buckets[index];
            let moved = (bucket.key(slot), bucket.known(slot));
            bucket.put(slot, in_hand.0, in_hand.1);
            in_hand = moved;
            came_from = index;
        }
        Some(in_hand)
    }

    /// Doubles the buckets, in place ([`Cuckoo::spread`]).
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
        let empty = L::Key::default();
        // Grown in place when the allocator can (large blocks are remapped, not copied).
        self.buckets.resize(count, L::default());
        for index in (0..old).rev() {
            let bucket = std::mem::take(&mut self.buckets[index]);
            for slot in 0..L::SLOTS {
                let key = bucket.key(slot);
                if key == empty {
                    continue;
                }
                let (first, second) = buckets_of(L::mixed(key), count);
                let to = if first >> doublings == index {
                    first
                } else {
                    second
                };
                debug_assert_eq!(to >> doublings, index);
                let target = &mut self.buckets[to];
                // Only bucket `index`'s regions come here, at most SLOTS of them: there is
                // always a free slot (were there none, the region would be forgotten).
                match (0..L::SLOTS).find(|&free| target.key(free) == empty) {
                    Some(free) => target.put(free, key, bucket.known(slot)),
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
    /// most half of `most`, where they are, and forgets the rest.
    fn prune(&mut self) {
        let cells = L::cells;
        let empty = L::Key::default();
        let sizes = self.held().map(|(key, _)| cells(key) as usize);
        let (least_kept, kept) = least_size_kept(sizes, self.most / 2);
        for bucket in &mut self.buckets {
            for slot in 0..L::SLOTS {
                let key = bucket.key(slot);
                if key != empty && (cells(key) as usize) < least_kept {
                    bucket.put(slot, empty, Known::default());
                }
            }
        }
        self.len = kept;
        self.pruned += 1;
    }

    /// Room for `regions` without doubling on the way (at most `most`).
    fn reserve(&mut self, regions: usize) {
        let wanted = regions.min(self.most);
        let mut count = self.buckets.len();
        while fill_of::<L>(count) < wanted {
            count *= 2;
        }
        if count > self.buckets.len() {
            self.spread(count.trailing_zeros() - self.buckets.len().trailing_zeros());
        }
    }

    /// Every region held (its key in this kind) and what is known of it, bucket by bucket.
    fn held(&self) -> impl Iterator<Item = (L::Key, Known)> + '_ {
        let empty = L::Key::default();
        self.buckets.iter().flat_map(move |bucket| {
            (0..L::SLOTS)
                .filter(move |&slot| bucket.key(slot) != empty)
                .map(|slot| (bucket.key(slot), bucket.known(slot)))
        })
    }
}

/// The transposition table (module doc): keys of one word while every region asked about has
/// one ([`narrow`]: five regions a bucket, so 5/3 as many in the same memory), of two from the
/// first that has not (three a bucket; what was held is moved over, within the same bound of
/// memory, so the largest regions are kept when it does not all fit). The solver turns it to
/// keys of two words before it searches a layout of more than [`NARROW_CELLS`] cells.
pub(super) struct Table(Keys);

/// The table's cuckoo table, of one kind of keys.
enum Keys {
    Narrow(Cuckoo<NarrowLine>),
    Wide(Cuckoo<WideLine>),
}

/// `$body` on the table's cuckoo table, whichever its kind (`$cuckoo` names it).
macro_rules! on_either {
    ($table:expr, $cuckoo:ident => $body:expr) => {
        match $table {
            Keys::Narrow($cuckoo) => $body,
            Keys::Wide($cuckoo) => $body,
        }
    };
}

impl Table {
    /// An empty table that holds at most the memory of `most` regions of two-word keys.
    pub(super) fn new(most: usize) -> Table {
        Table(Keys::Narrow(Cuckoo::new(narrow_most(most))))
    }

    /// How many regions it holds.
    pub(super) fn len(&self) -> usize {
        on_either!(&self.0, cuckoo => cuckoo.len)
    }

    /// How many bytes its buckets take now.
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        on_either!(&self.0, cuckoo => cuckoo.buckets.len() * BUCKET_BYTES as usize)
    }

    /// How many times it was pruned.
    pub(super) fn times_pruned(&self) -> u64 {
        on_either!(&self.0, cuckoo => cuckoo.pruned)
    }

    /// Sets the count of prunes (a resumed search goes on counting).
    pub(super) fn set_times_pruned(&mut self, pruned: u64) {
        on_either!(&mut self.0, cuckoo => cuckoo.pruned = pruned)
    }

    /// How many regions walks that failed forgot.
    pub(super) fn forgotten(&self) -> u64 {
        on_either!(&self.0, cuckoo => cuckoo.forgotten)
    }

    /// The most regions it holds (of its kind of keys).
    pub(super) fn most(&self) -> usize {
        on_either!(&self.0, cuckoo => cuckoo.most)
    }

    /// Holds at most the memory of `most` regions of two-word keys from now on (pruned at
    /// once if it holds more).
    pub(super) fn set_most(&mut self, most: usize) {
        match &mut self.0 {
            Keys::Narrow(cuckoo) => cuckoo.set_most(narrow_most(most)),
            Keys::Wide(cuckoo) => cuckoo.set_most(most),
        }
    }

    /// Whether its keys are of one word.
    #[cfg(test)]
    pub(super) fn is_narrow(&self) -> bool {
        matches!(self.0, Keys::Narrow(_))
    }

    /// Turns it to keys of two words (if not already), keeping what it holds as far as the
    /// same memory allows (the largest regions first).
    pub(super) fn widen(&mut self) {
        let Keys::Narrow(narrow) = &mut self.0 else {
            return;
        };
        let most = narrow.most.saturating_mul(WideLine::SLOTS) / NarrowLine::SLOTS;
        let mut wide = Cuckoo::<WideLine>::new(most);
        if narrow.len > wide.most {
            narrow.set_most(wide.most);
        }
        wide.pruned = narrow.pruned;
        wide.forgotten = narrow.forgotten;
        wide.reserve(narrow.len);
        for (key, known) in narrow.held() {
            wide.record(widened(key), |_| known);
        }
        self.0 = Keys::Wide(wide);
    }

    /// What is known of `key` (the default: nothing).
    #[inline]
    pub(super) fn get(&self, key: [u64; 2]) -> Known {
        match &self.0 {
            Keys::Narrow(cuckoo) => narrow(key).map_or(Known::default(), |code| cuckoo.get(code)),
            Keys::Wide(cuckoo) => cuckoo.get(key),
        }
    }

    /// Tells the processor that `key` will be asked about soon (no effect on what it holds).
    #[inline]
    pub(super) fn prefetch(&self, key: [u64; 2]) {
        match &self.0 {
            Keys::Narrow(cuckoo) => {
                if let Some(code) = narrow(key) {
                    cuckoo.prefetch(code);
                }
            }
            Keys::Wide(cuckoo) => cuckoo.prefetch(key),
        }
    }

    /// Records `key` as known `change(what was known)` (the change of 0 for a new region); a key
    /// of two words turns the table to such keys first.
    pub(super) fn record(&mut self, key: [u64; 2], change: impl Fn(Known) -> Known) {
        if let Keys::Narrow(cuckoo) = &mut self.0 {
            if let Some(code) = narrow(key) {
                cuckoo.record(code, change);
                return;
            }
            self.widen();
        }
        if let Keys::Wide(cuckoo) = &mut self.0 {
            cuckoo.record(key, change);
        }
    }

    /// Room for `regions` without doubling on the way (at most [`Table::most`]).
    pub(super) fn reserve(&mut self, regions: usize) {
        on_either!(&mut self.0, cuckoo => cuckoo.reserve(regions))
    }

    /// Every region held and what is known of it, in the order of the buckets.
    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = ([u64; 2], Known)> + '_ {
        let held: Box<dyn Iterator<Item = ([u64; 2], Known)> + '_> = match &self.0 {
            Keys::Narrow(cuckoo) => {
                Box::new(cuckoo.held().map(|(key, known)| (widened(key), known)))
            }
            Keys::Wide(cuckoo) => Box::new(cuckoo.held()),
        };
        Held::new(held, self.len())
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
    use crate::games::cram::region::{canonical_key, components};
    use std::collections::HashMap;
    use std::fmt::Debug;
    use std::hash::Hash;

    /// A key of two words numbered `n` (distinct for distinct n), of a region of at least
    /// `cells` cells (no region's: its height is not one [`narrow`] takes).
    fn key(n: u64, cells: u64) -> [u64; 2] {
        [(1 << cells) - 1, n | 1 << 52]
    }

    /// A key of one word numbered `n` (below 2^17), of a region of 6 columns of at least `cells`
    /// (at most 42) cells.
    fn code(n: u64, cells: u64) -> u64 {
        ((1 << cells) - 1) | n << 42 | 6 << 60
    }

    /// The cells of a key of either kind, from its two-word form.
    fn cells_of<L: Line>(key: L::Key) -> u32 {
        let cells = key_cells(joined(L::wide(key)));
        assert_eq!(L::cells(key), cells);
        cells
    }

    /// Every region recorded is read back as recorded, through doublings; a full table keeps
    /// its largest regions; it never holds more than it may, nor takes more buckets than 7/8 of
    /// its slots call for.
    fn read_back_and_pruned<L: Line>(key: impl Fn(u64, u64) -> L::Key)
    where
        L::Key: Hash + Debug,
    {
        let mut table = Cuckoo::<L>::new(100_000);
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
        assert_eq!(table.len, model.len());
        assert_eq!(table.forgotten, 0);
        assert_eq!(table.held().count(), model.len());
        for (&k, &known) in &model {
            assert_eq!(table.get(k), known);
        }
        assert_eq!(table.get(key(1 << 16, 3)), Known::default());
        assert!(fill_of::<L>(table.buckets.len() / 2) < model.len());
        // Cut down: the largest regions are kept.
        table.set_most(30_000);
        assert!(table.len <= 15_000 && table.len > 5_000, "{}", table.len);
        assert_eq!(table.pruned, 1);
        let least = table
            .held()
            .map(|(k, _)| cells_of::<L>(k))
            .min()
            .unwrap_or(0);
        for (&k, &known) in &model {
            let held = table.get(k);
            let expected = if cells_of::<L>(k) >= least {
                known
            } else {
                Known::default()
            };
            assert_eq!(held, expected);
        }
        for (k, known) in table.held() {
            assert_eq!(model[&k], known);
        }
    }

    #[test]
    fn regions_recorded_are_read_back_and_a_full_table_keeps_its_largest() {
        read_back_and_pruned::<WideLine>(key);
        read_back_and_pruned::<NarrowLine>(code);
    }

    /// Reserving room for many regions at once spreads the buckets over several doublings in
    /// place: every region is still found, in a table of the size asked for.
    fn reserved<L: Line>(key: impl Fn(u64, u64) -> L::Key) {
        let mut table = Cuckoo::<L>::new(1 << 20);
        let regions: Vec<_> = (0..5_000u64)
            .map(|n| (key(n, n % 30 + 2), n as u32 % 24))
            .collect();
        for &(k, excluded) in &regions {
            table.record(k, |known| known.excluding(excluded));
        }
        let before = table.buckets.len();
        table.reserve(600_000);
        assert!(
            table.buckets.len() >= before * 16,
            "{before} {}",
            table.buckets.len()
        );
        assert!(fill_of::<L>(table.buckets.len()) >= 600_000);
        assert_eq!(table.len, regions.len());
        assert_eq!(table.forgotten, 0);
        for &(k, excluded) in &regions {
            assert_eq!(table.get(k), Known::default().excluding(excluded));
        }
        assert_eq!(table.held().count(), regions.len());
    }

    #[test]
    fn reserving_room_keeps_every_region() {
        reserved::<WideLine>(key);
        reserved::<NarrowLine>(code);
    }

    /// A table's regions are 7/8 of its slots, three a 64-byte bucket with keys of two words
    /// (five with keys of one), in a power of two of buckets; it grows to that and no further
    /// however many regions pass through it.
    #[test]
    fn a_table_holds_seven_eighths_of_its_slots_and_grows_no_further() {
        assert_eq!(regions_within(1 << 30), (1 << 24) * 3 / 8 * 7);
        assert_eq!(regions_within((1 << 30) - 1), (1 << 23) * 3 / 8 * 7);
        assert_eq!(regions_within(0), 42);
        assert_eq!(regions_within(u64::MAX), (1usize << 57) * 3 / 8 * 7);
        assert_eq!(narrow_most(regions_within(1 << 30)), (1 << 24) * 5 / 8 * 7);
        for narrow_keys in [false, true] {
            let most = regions_within(1 << 16);
            let mut table = Table::new(most);
            for n in 0..50_000u64 {
                let k = if narrow_keys {
                    widened(code(n, n % 30 + 2))
                } else {
                    key(n, n % 30 + 2)
                };
                table.record(k, |known| known.excluding(0));
                assert!(table.len() <= table.most());
                assert!(table.bytes() <= 1 << 16);
            }
            assert_eq!(table.is_narrow(), narrow_keys);
            assert_eq!(table.most(), if narrow_keys { most * 5 / 3 } else { most });
            assert!(table.times_pruned() > 10);
        }
    }

    /// The keys of the regions of layouts of at most 60 cells fit in one word and come back
    /// whole; those of a region of a larger box do not, nor does a key whose height is not the
    /// one its cells give.
    #[test]
    fn keys_of_regions_of_up_to_60_cells_fit_in_one_word_and_come_back() {
        let mut next = 0x9e37_79b9_7f4a_7c15u64;
        let mut parts = Vec::new();
        for (h, w) in [
            (6, 10),
            (10, 6),
            (4, 15),
            (15, 4),
            (7, 8),
            (1, 60),
            (60, 1),
            (5, 12),
        ] {
            for _ in 0..300 {
                next ^= next << 13;
                next ^= next >> 7;
                next ^= next << 17;
                let empty = u128::from(next | next >> 17) & ((1u128 << (h * w)) - 1);
                components(empty, h, w, &mut parts);
                for &part in &parts {
                    let key = canonical_key(part, h, w);
                    let code = narrow(split(key)).expect("a region of at most 60 cells");
                    assert_eq!(widened(code), split(key), "{part:#x} in {h} x {w}");
                }
            }
        }
        let board = canonical_key((1u128 << 63) - 1, 7, 9);
        assert_eq!(narrow(split(board)), None);
        let row = key_of(0b111, 1, 3);
        assert!(narrow(split(row)).is_some());
        let too_high = key_of(0b111, 2, 3);
        assert_eq!(narrow(split(too_high)), None);
    }

    /// A table of one-word keys turns to two-word keys at the first key that needs them (or when
    /// told to), and keeps what it knew, as far as the same memory holds it: the largest first.
    #[test]
    fn a_table_turns_to_two_word_keys_and_keeps_what_it_knew() {
        let wide_region = canonical_key((1u128 << 63) - 1, 7, 9);
        let wide_region = split(wide_region);
        for (most, regions) in [(9_999, 3_000u64), (210, 300)] {
            let mut table = Table::new(most);
            let mut model = HashMap::new();
            for n in 0..regions {
                let k = widened(code(n, n % 30 + 2));
                table.record(k, |_| Known::exactly(n as u32 % 5));
                model.insert(k, Known::exactly(n as u32 % 5));
            }
            assert!(table.is_narrow());
            assert_eq!(table.len(), model.len());
            table.record(wide_region, |known| known.excluding(3));
            model.insert(wide_region, Known::default().excluding(3));
            assert!(!table.is_narrow());
            assert_eq!(table.most(), most);
            assert!(table.len() <= most);
            if regions as usize <= most / 2 {
                assert_eq!(table.len(), model.len());
                assert_eq!(table.times_pruned(), 0);
            } else {
                assert!(table.times_pruned() >= 1);
            }
            let held: HashMap<_, _> = table.iter().collect();
            assert_eq!(held.len(), table.len());
            for (k, known) in &held {
                assert_eq!(model[k], *known);
                assert_eq!(table.get(*k), *known);
            }
            let least = held
                .keys()
                .map(|&k| key_cells(joined(k)))
                .min()
                .unwrap_or(0);
            for (k, known) in &model {
                if key_cells(joined(*k)) > least {
                    assert_eq!(table.get(*k), *known);
                }
            }
        }
    }
}
