//! The transposition table that the threads of one Cram search share ([`super::team`]).
//!
//! Every entry is a fact about its region alone — its value, or values it is known not to
//! have ([`Known`]) — so a thread may use what another found as soon as it is written, and any
//! entry may be dropped: forgetting costs time, never a value. What must not happen is a thread
//! reading a key from one write and what is known from another. So:
//!
//! * **A lock in every bucket.** A bucket is one cache line of five keys of one word
//!   ([`narrow`]: the layouts searched so have at most [`NARROW_CELLS`] cells) and what is known
//!   of each, with a spin lock in its last four bytes: a question locks the line it reads, which
//!   the processor has fetched already (the lock costs no other trip to memory), and a record
//!   locks both buckets of its key, the lower first (so two records never wait on each other in
//!   a circle).
//! * **No walks, no growing, no pruning.** A region is in one of the two buckets its hash names
//!   and never moves, so a question may read them one after the other. When both are full, a
//!   new region takes the slot of the region with the fewest cells among the ten (when it has
//!   at least as many): the largest regions, the costliest to find again, are kept, as the
//!   solver's own table keeps them when it prunes. The buckets are allocated once, zeroed (the
//!   operating system gives the memory as it is first written).
//!
//! Reading without the lock (a version in each bucket, odd while it is written, read before and
//! after the line, which is read again when it changed) and skipping a key's second bucket when
//! its first has an empty slot (a new region then tries its first bucket first, and slots are
//! never emptied) took 6 × 7 on two threads with a table of 4 GiB 122.0 and 128.4 s of wall time
//! against 134.7 and 127.0 s, within the runs' spread: not used.

use super::region::{Key, key_cells, split};
use super::table::{BUCKET_BYTES, Known, NARROW_CELLS, narrow, narrow_buckets};
use std::alloc::{Layout, alloc_zeroed, handle_alloc_error};
use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};

/// Regions in a bucket.
const SLOTS: usize = 5;

/// The cells of a key of one word ([`narrow`]: its mask lies below bit [`NARROW_CELLS`]).
const NARROW_MASK: u64 = (1 << NARROW_CELLS) - 1;

/// One cache line: five keys of one word (0: an empty slot), what is known of each, and the
/// lock of the line (0 free, 1 taken). The keys and what is known are read and written only by
/// the thread that holds the lock.
#[repr(C, align(64))]
struct Bucket {
    keys: UnsafeCell<[u64; SLOTS]>,
    known: UnsafeCell<[Known; SLOTS]>,
    lock: AtomicU32,
}

// A bucket is one cache line.
const _: () = assert!(std::mem::size_of::<Bucket>() == BUCKET_BYTES as usize);

// SAFETY: the cells of a bucket are only touched through a `Locked` guard, which holds the
// bucket's lock (acquired with `Acquire`, released with `Release`), so no two threads touch
// them at once and each sees the last writer's values.
unsafe impl Sync for Bucket {}

/// The one or two buckets of a key, locked.
fn both<'b, 'a>(
    low: &'b mut Locked<'a>,
    high: &'b mut Option<Locked<'a>>,
) -> impl Iterator<Item = &'b mut Locked<'a>> {
    std::iter::once(low).chain(high.as_mut())
}

/// A bucket whose lock this thread holds (released when dropped).
struct Locked<'a>(&'a Bucket);

impl<'a> Locked<'a> {
    fn new(bucket: &'a Bucket) -> Locked<'a> {
        while bucket
            .lock
            .compare_exchange_weak(0, 1, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            // Spin a while, then let the holder run (more threads than cores).
            let mut spins = 0u32;
            while bucket.lock.load(Ordering::Relaxed) != 0 {
                spins += 1;
                if spins.is_multiple_of(64) {
                    std::thread::yield_now();
                } else {
                    std::hint::spin_loop();
                }
            }
        }
        Locked(bucket)
    }

    fn keys(&mut self) -> &mut [u64; SLOTS] {
        // SAFETY: this guard holds the bucket's lock (see `Bucket`), and `&mut self` makes this
        // the only reference through it.
        unsafe { &mut *self.0.keys.get() }
    }

    fn known(&mut self) -> &mut [Known; SLOTS] {
        // SAFETY: as in `keys`.
        unsafe { &mut *self.0.known.get() }
    }

    /// The slot of `key`, if the bucket holds it.
    fn find(&mut self, key: u64) -> Option<usize> {
        self.keys().iter().position(|&held| held == key)
    }
}

impl Drop for Locked<'_> {
    fn drop(&mut self) {
        self.0.lock.store(0, Ordering::Release);
    }
}

/// `count` (at least 1) empty buckets, or `None` when the system will not give the memory.
fn zeroed_buckets(count: usize) -> Option<Box<[Bucket]>> {
    let layout = Layout::array::<Bucket>(count.max(1)).ok()?;
    // SAFETY: the layout has a nonzero size; all-zero bytes are a valid `Bucket` (empty keys,
    // nothing known, the lock free), so the buckets are initialised, and the box frees them
    // with the same layout (an array of `count.max(1)` buckets).
    unsafe {
        let pointer = alloc_zeroed(layout).cast::<Bucket>();
        if pointer.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(
            pointer,
            count.max(1),
        )))
    }
}

/// The shared table (module doc).
pub(super) struct SharedTable {
    buckets: Box<[Bucket]>,
    /// Regions held.
    len: AtomicUsize,
    /// Regions not kept: in a layout past [`NARROW_CELLS`] cells, or smaller than every
    /// region of their two full buckets.
    forgotten: AtomicU64,
}

impl SharedTable {
    /// A table of the largest power of two of buckets within `bytes` (at least 16).
    pub(super) fn new(bytes: u64) -> SharedTable {
        let most = (isize::MAX as u64 / BUCKET_BYTES)
            .min(bytes / BUCKET_BYTES)
            .max(16);
        let mut count = usize::try_from(1u64 << (63 - most.leading_zeros())).unwrap_or(16);
        // Half as many at a time when the system will not give that much memory (it is asked
        // for at once, where the lone solver's table grows as it fills).
        let buckets = loop {
            if let Some(buckets) = zeroed_buckets(count) {
                break buckets;
            }
            if count <= 16 {
                handle_alloc_error(Layout::new::<[Bucket; 16]>());
            }
            count /= 2;
        };
        SharedTable {
            buckets,
            len: AtomicUsize::new(0),
            forgotten: AtomicU64::new(0),
        }
    }

    /// How many bytes its buckets take.
    pub(super) fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * BUCKET_BYTES
    }

    /// How many regions it holds.
    pub(super) fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// The most regions it holds.
    pub(super) fn most(&self) -> usize {
        self.buckets.len() * SLOTS
    }

    /// How many regions it did not keep.
    pub(super) fn forgotten(&self) -> u64 {
        self.forgotten.load(Ordering::Relaxed)
    }

    /// How many regions its buckets hold now (each bucket counted under its lock). Regions are
    /// never taken out, only replaced, so a later look finds at least as many.
    pub(super) fn count_held(&self) -> usize {
        self.buckets
            .iter()
            .map(|bucket| {
                let mut bucket = Locked::new(bucket);
                bucket.keys().iter().filter(|&&key| key != 0).count()
            })
            .sum()
    }

    /// Every region held and what is known of it (each bucket read under its lock; regions
    /// written meanwhile may or may not be among them), keys in their one-word form.
    pub(super) fn held(&self) -> impl Iterator<Item = (u64, Known)> + '_ {
        self.buckets.iter().flat_map(|bucket| {
            let mut bucket = Locked::new(bucket);
            let (keys, known) = (*bucket.keys(), *bucket.known());
            (0..SLOTS)
                .filter(move |&slot| keys[slot] != 0)
                .map(move |slot| (keys[slot], known[slot]))
        })
    }

    /// The two buckets of `key`'s one-word form (`None` for a key without one).
    fn buckets_of(&self, key: Key) -> Option<(u64, usize, usize)> {
        let code = narrow(split(key))?;
        let (first, second) = narrow_buckets(code, self.buckets.len());
        Some((code, first, second))
    }

    /// What is known of `key` (the default: nothing).
    pub(super) fn get(&self, key: Key) -> Known {
        let Some((code, first, second)) = self.buckets_of(key) else {
            return Known::default();
        };
        for index in [first, second] {
            let mut bucket = Locked::new(&self.buckets[index]);
            if let Some(slot) = bucket.find(code) {
                return bucket.known()[slot];
            }
        }
        Known::default()
    }

    /// Tells the processor that `key` will be asked about soon.
    pub(super) fn prefetch(&self, key: Key) {
        #[cfg(target_arch = "x86_64")]
        if let Some((_, first, second)) = self.buckets_of(key) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
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

    /// Records `key` as known `change(what was known)` (the change of nothing for a new
    /// region), both its buckets locked meanwhile.
    pub(super) fn record(&self, key: Key, change: impl Fn(Known) -> Known) {
        let Some((code, first, second)) = self.buckets_of(key) else {
            self.forgotten.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let mut low = Locked::new(&self.buckets[first.min(second)]);
        let mut high = (first != second).then(|| Locked::new(&self.buckets[first.max(second)]));
        for bucket in both(&mut low, &mut high) {
            if let Some(slot) = bucket.find(code) {
                let known = change(bucket.known()[slot]);
                bucket.known()[slot] = known;
                return;
            }
        }
        let known = change(Known::default());
        for bucket in both(&mut low, &mut high) {
            if let Some(slot) = bucket.find(0) {
                bucket.keys()[slot] = code;
                bucket.known()[slot] = known;
                self.len.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
        // Both full: the smallest region of the ten gives its slot to a region at least as
        // large.
        let cells = key_cells(key);
        let mut smallest: Option<(u32, usize, &mut Locked)> = None;
        for bucket in both(&mut low, &mut high) {
            let Some((least, slot)) = (0..SLOTS)
                .map(|slot| ((bucket.keys()[slot] & NARROW_MASK).count_ones(), slot))
                .min()
            else {
                continue;
            };
            if smallest
                .as_ref()
                .is_none_or(|(fewest, _, _)| least < *fewest)
            {
                smallest = Some((least, slot, bucket));
            }
        }
        if let Some((least, slot, bucket)) = smallest
            && least <= cells
        {
            bucket.keys()[slot] = code;
            bucket.known()[slot] = known;
        }
        self.forgotten.fetch_add(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::region::{canonical_key, components};

    /// The keys of every region of a few 5 × 6 layouts.
    fn some_keys() -> Vec<Key> {
        let mut keys = Vec::new();
        for seed in 1..400u64 {
            let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let mut empty = 0u128;
            for cell in 0..30 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state % 3 != 0 {
                    empty |= 1 << cell;
                }
            }
            let mut parts = Vec::new();
            components(empty, 5, 6, &mut parts);
            for part in parts {
                if part.count_ones() >= 2 {
                    keys.push(canonical_key(part, 5, 6));
                }
            }
        }
        keys.sort_unstable();
        keys.dedup();
        keys
    }

    #[test]
    fn what_is_recorded_is_read_back_or_forgotten_never_mixed() {
        let keys = some_keys();
        assert!(keys.len() > 300);
        // A table of 16 buckets (80 slots) that must drop most of them.
        let table = SharedTable::new(0);
        for (index, &key) in keys.iter().enumerate() {
            table.record(key, |_| Known::exactly(index as u32 % 7));
            table.record(key, |known| known.excluding(7 + index as u32 % 5));
        }
        let mut held = 0;
        for (index, &key) in keys.iter().enumerate() {
            let known = table.get(key);
            if known == Known::default() {
                continue;
            }
            held += 1;
            let excluded = Known::default().excluding(7 + index as u32 % 5);
            let exact = Known::exactly(index as u32 % 7).excluding(7 + index as u32 % 5);
            assert!(known == exact || known == excluded, "{known:?}");
        }
        assert_eq!(held, table.len());
        assert!(held <= table.most() && held > 40);
        assert!(table.forgotten() > 0);
    }

    #[test]
    fn threads_recording_at_once_read_only_true_facts() {
        let keys = some_keys();
        let table = SharedTable::new(1 << 12);
        std::thread::scope(|scope| {
            for thread in 0..4u32 {
                let (table, keys) = (&table, &keys);
                scope.spawn(move || {
                    for round in 0..20 {
                        for (index, &key) in keys.iter().enumerate() {
                            if (index as u32 + round) % 4 == thread {
                                table.record(key, |known| known.excluding(index as u32 % 24));
                            }
                            let known = table.get(key);
                            for k in 0..24 {
                                assert!(!known.excludes(k) || k == index as u32 % 24);
                            }
                        }
                    }
                });
            }
        });
        let held = keys
            .iter()
            .filter(|&&key| table.get(key) != Known::default());
        assert_eq!(held.count(), table.len());
    }

    #[test]
    fn a_count_taken_while_threads_record_is_met_by_a_later_look() {
        let keys = some_keys();
        let table = SharedTable::new(1 << 10);
        std::thread::scope(|scope| {
            for thread in 0..2usize {
                let (table, keys) = (&table, &keys);
                scope.spawn(move || {
                    for round in 0..50 {
                        for (index, &key) in keys.iter().enumerate() {
                            if (index + round) % 2 == thread {
                                table.record(key, |known| known.excluding(index as u32 % 24));
                            }
                        }
                    }
                });
            }
            for _ in 0..200 {
                let count = table.count_held();
                assert!(table.held().count() >= count);
                for (code, known) in table.held() {
                    assert!(code != 0 && known != Known::default());
                }
            }
        });
        assert_eq!(table.count_held(), table.len());
    }
}
