//! The pair-scan kernels: the runs of pairs G(a) ⊕ G(r − a), a = lo, lo + 1, …, that the
//! coverage scan (sparse method) and the dense scan walk through, in a scalar version and, on
//! x86-64 processors that have it, an AVX2 one chosen at run time
//! ([`is_x86_feature_detected!`]); the binary stays portable.
//!
//! **The AVX2 kernels.** Sixteen pairs at a time: the sixteen values G(a..a + 16) and the
//! sixteen G(r − a − 15..=r − a) are loaded as two vectors, the second reversed by a byte
//! shuffle, and xored. For values stored as u8 (below 256, the common case) the option values
//! are then or-ed into a 256-bit set held in a register, one table load per value (the table has
//! one 256-bit word with bit v set for each v), so that no store goes to memory and no pair waits
//! for the one before it — the scalar loop's read-modify-write of a small bit set in memory
//! chains each pair to the last through the store. For sets of one or two words (values below
//! 64 or 128) the coverage scan needs no table: four values at a time are widened to 64-bit
//! lanes and shifted into their bits (`vpsllvq`), one accumulator of four lanes per word. The
//! rare pairs that the sequential phase marks (a list of a, not a run) go through the same
//! register set, or, for four consecutive heaps at once, through [`mark_rare_lanes`] (u8 and u16 values, sets of up to 8 words). For
//! u16 values (sets of up to 8 words) the coverage scan's xors are vectorised and each value
//! or-ed into a set held in four registers from a table of 512-bit words, and the dense scan's
//! xors are vectorised and the values then stamped one by one.
//!
//! Both versions visit exactly the same pairs (the coverage scan checks after every
//! [`super::sparse`] step of 16 pairs, the dense scan after every 1024), so the statistics do not
//! depend on the processor; the tests run both on the same games and compare every value and
//! the pair visits.

use super::bits::{covers, mark_pairs};
use super::table::Cell;

/// Which kernels run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Kernels {
    /// Plain Rust, any processor.
    Scalar,
    /// AVX2 (x86-64, detected at run time).
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernels {
    /// The fastest kernels this processor runs.
    pub(super) fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernels::Avx2;
        }
        Kernels::Scalar
    }
}

/// Pairs between two checks of a coverage scan.
pub(super) const SCAN_STEP: usize = 16;

/// Pairs between two checks of a dense scan.
pub(super) const DENSE_STEP: usize = 1024;

/// The coverage scan: marks G(a) ⊕ G(r − a) in `set` for a = `from`, `from` + 1, … up to `top`,
/// checking after every [`SCAN_STEP`] pairs (and at `top`) whether `set` covers `need`, G(a)
/// read at `low[a]` and G(r − a) at `high[r − a − shift]` (`low` and `high` the same table and
/// `shift` = 0 for one plain table; the sequential phase reads the pairs' high parts from a run
/// of recent values, the ring mode's far scans from buffers). Returns the next a (the pairs
/// visited are it minus `from`) and whether `need` was covered.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(super) fn scan<T: Cell>(
    kernels: Kernels,
    low: &[T],
    high: &[T],
    shift: usize,
    r: usize,
    from: usize,
    top: usize,
    set: &mut [u64],
    need: &[u64],
) -> (usize, bool) {
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2
        && let (Some(low), Some(high)) = (T::bytes(low), T::bytes(high))
        && set.len() <= 4
    {
        // SAFETY: AVX2 was detected at run time (Kernels::Avx2 is made only by `detect`, or by
        // the tests on a processor where `detect` found it).
        return unsafe { avx2::scan_u8(low, high, shift, r, from, top, set, need) };
    }
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2
        && let (Some(low), Some(high)) = (T::words(low), T::words(high))
        && set.len() <= 8
    {
        // SAFETY: AVX2 was detected at run time (see above).
        return unsafe { avx2::scan_u16(low, high, shift, r, from, top, set, need) };
    }
    let _ = kernels;
    let mut a = from;
    while a <= top {
        let stop = top.min(a + SCAN_STEP - 1);
        let left = &low[a..=stop];
        let right = &high[r - stop - shift..=r - a - shift];
        for (x, y) in left.iter().zip(right.iter().rev()) {
            let v = x.get() ^ y.get();
            set[(v >> 6) as usize] |= 1 << (v & 63);
        }
        a = stop + 1;
        if covers(set, need) {
            return (a, true);
        }
    }
    (a, false)
}

/// At most this many values of `need` unseen: [`scan_for_need`] looks for them one by one.
const FEW_MISSING: usize = 8;
/// Pairs [`scan_for_need`] scans with the whole set between two counts of the unseen values.
const COUNT_EVERY: usize = 4 * SCAN_STEP;

/// [`scan`] for a caller that reads only `need`'s bits of `set` afterwards (the sequential
/// phase's scans, whose set is dropped once the value is known): the same pairs visited, the
/// same a returned, the same answer, and every value of `need` seen marked in `set`; its other
/// bits may stay unmarked. Once at most [`FEW_MISSING`] values of `need` are unseen — most of
/// a long scan's pairs go to its last few values — the AVX2 kernels compare each run of
/// pairs with each of them (one vector compare a value) instead of marking every pair.
#[allow(clippy::too_many_arguments)]
pub(super) fn scan_for_need<T: Cell>(
    kernels: Kernels,
    low: &[T],
    high: &[T],
    shift: usize,
    r: usize,
    from: usize,
    top: usize,
    set: &mut [u64],
    need: &[u64],
) -> (usize, bool) {
    // (u32 values, too large for the list's u16, and the scalar kernels: the plain scan.)
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2 && T::MAX <= u32::from(u16::MAX) {
        let mut a = from;
        while a <= top {
            let unseen = need
                .iter()
                .zip(set.iter())
                .map(|(n, s)| (n & !s).count_ones());
            if unseen.sum::<u32>() as usize <= FEW_MISSING {
                let mut missing = [0u16; FEW_MISSING];
                let mut count = 0;
                for (w, (n, s)) in need.iter().zip(set.iter()).enumerate() {
                    let mut bits = n & !s;
                    while bits != 0 {
                        missing[count] = (64 * w) as u16 + bits.trailing_zeros() as u16;
                        count += 1;
                        bits &= bits - 1;
                    }
                }
                // SAFETY: AVX2 was detected at run time (see `scan`).
                let next = unsafe {
                    match (T::bytes(low), T::bytes(high), T::words(low), T::words(high)) {
                        (Some(low), Some(high), ..) => {
                            avx2::find_u8(low, high, shift, r, a, top, &mut missing, &mut count)
                        }
                        (.., Some(low), Some(high)) => {
                            avx2::find_u16(low, high, shift, r, a, top, &mut missing, &mut count)
                        }
                        _ => unreachable!("values of at most two bytes have a byte or u16 view"),
                    }
                };
                // Every value of `need` was seen but those still missing.
                for (word, n) in set.iter_mut().zip(need) {
                    *word |= n;
                }
                for &v in &missing[..count] {
                    set[usize::from(v / 64)] &= !(1 << (v % 64));
                }
                return (next, count == 0);
            }
            let last = top.min(a + COUNT_EVERY - 1);
            let (next, covered) = scan(kernels, low, high, shift, r, a, last, set, need);
            if covered || last == top {
                return (next, covered);
            }
            a = next;
        }
        return (a, false);
    }
    scan(kernels, low, high, shift, r, from, top, set, need)
}

/// Heaps whose rare pairs [`mark_rare_lanes`] marks at once.
pub(super) const LANES: usize = 4;

/// The rare pairs of [`LANES`] consecutive heaps at once, for one split take k: for each
/// listed rare position a, with value `list_values[i]`, and each lane j, marks
/// G(a) ⊕ G(`r0` + j − a) in the j-th set, `sets[j * stride..][..words]` (r0 = m − k for the
/// heaps m, m + 1, …), G(x) read at `high[x − shift]`. Every r0 + j − a must be a position
/// finished and readable there (the caller places the list so: a + k ≥ [`LANES`]), and every
/// nim-sum must fit `words` words. Returns the pairs marked.
///
/// With AVX2 and one-byte values, a rare a costs one 4-byte load widened to four 64-bit lanes,
/// an xor, and per word of the sets one variable shift (`vpsllvq`: a count of 64 or more gives
/// 0, which places each value in its word) and one or — about a fifth of the instructions of
/// marking the four pairs one by one, where each pair is two loads, an xor and a table load.
#[allow(clippy::too_many_arguments)]
pub(super) fn mark_rare_lanes<T: Cell, V: Copy + Into<u32>>(
    kernels: Kernels,
    high: &[T],
    shift: usize,
    r0: usize,
    list: &[usize],
    list_values: &[V],
    sets: &mut [u64],
    stride: usize,
    words: usize,
) -> u64 {
    assert_eq!(
        list.len(),
        list_values.len(),
        "one value per listed position"
    );
    assert!(
        words <= stride && sets.len() >= LANES * stride,
        "the sets' layout"
    );
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2
        && let Some(bytes) = T::bytes(high)
    {
        // SAFETY: AVX2 was detected at run time (see `scan`).
        let done = unsafe {
            match words {
                1 => avx2::rare_lanes_u8::<V, 1>(bytes, shift, r0, list, list_values, sets, stride),
                2 => avx2::rare_lanes_u8::<V, 2>(bytes, shift, r0, list, list_values, sets, stride),
                4 => avx2::rare_lanes_u8::<V, 4>(bytes, shift, r0, list, list_values, sets, stride),
                _ => false,
            }
        };
        if done {
            return (LANES * list.len()) as u64;
        }
    }
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2
        && let Some(halves) = T::words(high)
    {
        // SAFETY: AVX2 was detected at run time (see `scan`).
        let done = unsafe {
            match words {
                1 => {
                    avx2::rare_lanes_u16::<V, 1>(halves, shift, r0, list, list_values, sets, stride)
                }
                2 => {
                    avx2::rare_lanes_u16::<V, 2>(halves, shift, r0, list, list_values, sets, stride)
                }
                4 => {
                    avx2::rare_lanes_u16::<V, 4>(halves, shift, r0, list, list_values, sets, stride)
                }
                8 => {
                    avx2::rare_lanes_u16::<V, 8>(halves, shift, r0, list, list_values, sets, stride)
                }
                _ => false,
            }
        };
        if done {
            return (LANES * list.len()) as u64;
        }
    }
    let _ = kernels;
    for (&a, &g) in list.iter().zip(list_values) {
        let run = &high[r0 - a - shift..r0 - a - shift + LANES];
        for (j, b) in run.iter().enumerate() {
            let v = g.into() ^ b.get();
            sets[j * stride + (v >> 6) as usize] |= 1 << (v & 63);
        }
    }
    (LANES * list.len()) as u64
}

/// Marks `list_values[i]` ⊕ G(r − `list[i]`) in `set` for every i, G(r − a) at
/// `values[r − a − shift]`: rare pairs whose rare parts' values are kept in a list beside the
/// positions (the sequential phase's, the ring mode's), each of them a value of `T` (one-byte
/// tables: below 256). Returns the pairs marked.
#[allow(clippy::too_many_arguments)]
pub(super) fn mark_listed<T: Cell, V: Copy + Into<u32>>(
    kernels: Kernels,
    values: &[T],
    shift: usize,
    r: usize,
    list: &[usize],
    list_values: &[V],
    set: &mut [u64],
) -> u64 {
    assert_eq!(
        list.len(),
        list_values.len(),
        "one value per listed position"
    );
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2
        && let Some(bytes) = T::bytes(values)
        && set.len() <= 4
    {
        // SAFETY: AVX2 was detected at run time (see `scan`).
        unsafe { avx2::listed_u8(bytes, shift, r, list, list_values, set) };
        return list.len() as u64;
    }
    let _ = kernels;
    for (&a, &g) in list.iter().zip(list_values) {
        let v = g.into() ^ values[r - a - shift].get();
        set[(v >> 6) as usize] |= 1 << (v & 63);
    }
    list.len() as u64
}

/// Whether [`dense_scan`] keeps the bit set in a register (AVX2, u8 values, at most 4 words);
/// otherwise the dense method stamps values with [`stamp`].
pub(super) fn dense_in_register<T: Cell>(kernels: Kernels, words: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2 {
        return T::bytes(&[]).is_some() && words <= 4;
    }
    let _ = (kernels, words);
    false
}

/// The dense scan of one split, when [`dense_in_register`]: marks G(a) ⊕ G(r − a) in `set`
/// for a = `from`, … up to `top`, stopping after the first [`DENSE_STEP`]-pair step past which
/// `set` has every bit (every value below its size seen: the mex is decided). Returns the pairs
/// visited and whether `set` is full.
pub(super) fn dense_scan<T: Cell>(
    kernels: Kernels,
    values: &[T],
    r: usize,
    from: usize,
    top: usize,
    set: &mut [u64],
) -> (usize, bool) {
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2
        && let Some(bytes) = T::bytes(values)
        && set.len() <= 4
    {
        // SAFETY: AVX2 was detected at run time (see `scan`).
        return unsafe { avx2::dense_u8(bytes, r, from, top, set) };
    }
    let _ = kernels;
    let mut a = from;
    while a <= top {
        let stop = top.min(a + DENSE_STEP - 1);
        mark_pairs(values, r, a, stop, set);
        a = stop + 1;
        if set.iter().all(|&w| w == !0) {
            return (a - from, true);
        }
    }
    (a - from, false)
}

/// Sets `stamps[G(a) ⊕ G(r − a)]` to `stamp` for a in `lo..=hi`.
pub(super) fn stamp<T: Cell>(
    kernels: Kernels,
    values: &[T],
    r: usize,
    lo: usize,
    hi: usize,
    stamps: &mut [u32],
    stamp: u32,
) {
    #[cfg(target_arch = "x86_64")]
    if kernels == Kernels::Avx2
        && let Some(words) = T::words(values)
    {
        // SAFETY: AVX2 was detected at run time (see `scan`).
        return unsafe { avx2::stamp_u16(words, r, lo, hi, stamps, stamp) };
    }
    let _ = kernels;
    let left = &values[lo..=hi];
    let right = &values[r - hi..=r - lo];
    for (x, y) in left.iter().zip(right.iter().rev()) {
        stamps[(x.get() ^ y.get()) as usize] = stamp;
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{DENSE_STEP, SCAN_STEP};
    use std::arch::x86_64::*;

    /// 256-bit words with one bit set: `BIT.0[v]` has bit v.
    #[repr(align(32))]
    struct Bits([[u64; 4]; 256]);

    static BIT: Bits = Bits({
        let mut table = [[0u64; 4]; 256];
        let mut v = 0;
        while v < 256 {
            table[v][v / 64] = 1 << (v % 64);
            v += 1;
        }
        table
    });

    /// 512-bit words with one bit set: `BIT512.0[v]` has bit v (the u16 coverage scan's).
    #[repr(align(64))]
    struct Bits512([[u64; 8]; 512]);

    static BIT512: Bits512 = Bits512({
        let mut table = [[0u64; 8]; 512];
        let mut v = 0;
        while v < 512 {
            table[v][v / 64] = 1 << (v % 64);
            v += 1;
        }
        table
    });

    /// Ors the 512-bit word with bit `v` (below 512: the bits above are dropped) set into `acc`
    /// (its low and high halves).
    #[inline(always)]
    fn or_bit512(acc: &mut [__m256i], v: u16) {
        let entry = &BIT512.0[usize::from(v & 511)];
        // SAFETY: `entry` is 64 bytes, aligned to 64; AVX is implied by the callers' AVX2.
        unsafe {
            acc[0] = _mm256_or_si256(acc[0], _mm256_load_si256(entry.as_ptr().cast()));
            acc[1] = _mm256_or_si256(acc[1], _mm256_load_si256(entry[4..].as_ptr().cast()));
        }
    }

    /// [`super::scan`] for u16 values and a set of at most 8 words (values below 512, 0.6's):
    /// the xors sixteen at a time, and the set in four registers — two 512-bit halves, one for
    /// the even pairs and one for the odd, so that no or waits for the one before — each value
    /// or-ed in from a table of 512-bit words with one bit set. The scalar loop's
    /// read-modify-write of the set in memory chains each pair to the last through the store.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    pub(super) unsafe fn scan_u16(
        low: &[u16],
        high: &[u16],
        shift: usize,
        r: usize,
        from: usize,
        top: usize,
        set: &mut [u64],
        need: &[u64],
    ) -> (usize, bool) {
        let words = set.len();
        let load8 = |from: &[u64]| {
            let mut padded = [0u64; 8];
            padded[..from.len()].copy_from_slice(from);
            // SAFETY: `padded` is 64 bytes.
            unsafe {
                [
                    _mm256_loadu_si256(padded.as_ptr().cast()),
                    _mm256_loadu_si256(padded[4..].as_ptr().cast()),
                ]
            }
        };
        let need = load8(need);
        let [low_half, high_half] = load8(set);
        let zero = _mm256_setzero_si256();
        let mut acc = [low_half, high_half, zero, zero];
        let mut out = [0u16; 16];
        // The largest value seen, lane by lane: checked against the set's size at the end, in
        // place of a check at every value.
        let mut largest = _mm256_setzero_si256();
        let mut largest_tail = 0u16;
        let mut a = from;
        let mut covered = false;
        while a <= top {
            let stop = top.min(a + SCAN_STEP - 1);
            if stop + 1 - a == 16 {
                let v = xor16_u16(low, high, shift, r, a);
                largest = _mm256_max_epu16(largest, v);
                // SAFETY: `out` is 32 bytes long.
                unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
                let (even, odd) = acc.split_at_mut(2);
                for pair in out.chunks_exact(2) {
                    or_bit512(even, pair[0]);
                    or_bit512(odd, pair[1]);
                }
            } else {
                for b in a..=stop {
                    let v = low[b] ^ high[r - b - shift];
                    largest_tail = largest_tail.max(v);
                    or_bit512(&mut acc[..2], v);
                }
            }
            a = stop + 1;
            let low_half = _mm256_or_si256(acc[0], acc[2]);
            let high_half = _mm256_or_si256(acc[1], acc[3]);
            // Every bit of `need` in the set seen.
            if _mm256_testc_si256(low_half, need[0]) & _mm256_testc_si256(high_half, need[1]) == 1 {
                covered = true;
                break;
            }
        }
        let mut seen = [0u64; 8];
        // SAFETY: `seen` is 64 bytes.
        unsafe {
            _mm256_storeu_si256(seen.as_mut_ptr().cast(), _mm256_or_si256(acc[0], acc[2]));
            _mm256_storeu_si256(
                seen[4..].as_mut_ptr().cast(),
                _mm256_or_si256(acc[1], acc[3]),
            );
        }
        let mut lanes = [0u16; 16];
        // SAFETY: `lanes` is 32 bytes.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), largest) };
        let largest = lanes.into_iter().fold(largest_tail, u16::max);
        // The scalar loop's indexing panics on a value past the set; so does this.
        assert!(
            usize::from(largest) < 64 * words,
            "option value {largest} past a set of {words} words"
        );
        set.copy_from_slice(&seen[..words]);
        (a, covered)
    }

    /// Removes from `missing[..*count]` the values that one run of option values `hits`
    /// (a vector compare with each, broadcast by `splat`) contains.
    #[inline(always)]
    fn strike<V: Copy>(
        v: V,
        missing: &mut [u16],
        count: &mut usize,
        splat: impl Fn(u16) -> V,
        hits: impl Fn(V, V) -> bool,
    ) {
        let mut j = 0;
        while j < *count {
            if hits(v, splat(missing[j])) {
                *count -= 1;
                missing[j] = missing[*count];
            } else {
                j += 1;
            }
        }
    }

    /// The list mode of [`super::scan_for_need`]: scans a = `from`, … up to `top` like the
    /// coverage scan (a check every [`SCAN_STEP`] pairs and at `top`) until none of
    /// `missing[..*count]` is left unseen, removing each value seen; `run(a)` gives the sixteen
    /// option values of a..a + 16 as one vector, `pair(b)` one of them. Returns the next a.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn find<V: Copy>(
        from: usize,
        top: usize,
        missing: &mut [u16],
        count: &mut usize,
        run: impl Fn(usize) -> V,
        pair: impl Fn(usize) -> u16,
        splat: impl Fn(u16) -> V,
        hits: impl Fn(V, V) -> bool,
    ) -> usize {
        let mut a = from;
        while a <= top {
            let stop = top.min(a + SCAN_STEP - 1);
            if stop + 1 - a == 16 {
                strike(run(a), missing, count, &splat, &hits);
            } else {
                for b in a..=stop {
                    strike(pair(b), missing, count, |m| m, |v, m| v == m);
                }
            }
            a = stop + 1;
            if *count == 0 {
                break;
            }
        }
        a
    }

    /// [`find`] for u8 values: sixteen at a time in a 128-bit vector.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    pub(super) unsafe fn find_u8(
        low: &[u8],
        high: &[u8],
        shift: usize,
        r: usize,
        from: usize,
        top: usize,
        missing: &mut [u16],
        count: &mut usize,
    ) -> usize {
        find(
            from,
            top,
            missing,
            count,
            |a| xor16_u8(low, high, shift, r, a),
            |b| u16::from(low[b] ^ high[r - b - shift]),
            |m| _mm_set1_epi8(m as i8),
            |x, m| {
                let eq = _mm_cmpeq_epi8(x, m);
                _mm_testz_si128(eq, eq) == 0
            },
        )
    }

    /// [`find`] for u16 values: sixteen at a time in a 256-bit vector.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    pub(super) unsafe fn find_u16(
        low: &[u16],
        high: &[u16],
        shift: usize,
        r: usize,
        from: usize,
        top: usize,
        missing: &mut [u16],
        count: &mut usize,
    ) -> usize {
        find(
            from,
            top,
            missing,
            count,
            |a| xor16_u16(low, high, shift, r, a),
            |b| low[b] ^ high[r - b - shift],
            |m| _mm256_set1_epi16(m as i16),
            |x, m| {
                let eq = _mm256_cmpeq_epi16(x, m);
                _mm256_testz_si256(eq, eq) == 0
            },
        )
    }

    /// The 256-bit word with bit `v` set.
    #[inline(always)]
    fn bit(v: u8) -> __m256i {
        // SAFETY: BIT.0[v] is 32 bytes, aligned to 32 (repr(align(32)) and 32-byte entries).
        unsafe { _mm256_load_si256(BIT.0[usize::from(v)].as_ptr().cast()) }
    }

    /// `set` (at most 4 words) as a 256-bit word, zero-padded.
    #[inline(always)]
    fn load_set(set: &[u64]) -> __m256i {
        // One arm per length (1, 2 or 4 words in practice): a copy of a run-time length is a
        // call to memcpy, measured at 7 % of 0.1777's instructions.
        let words = match *set {
            [a] => [a, 0, 0, 0],
            [a, b] => [a, b, 0, 0],
            [a, b, c] => [a, b, c, 0],
            [a, b, c, d] => [a, b, c, d],
            _ => {
                let mut words = [0u64; 4];
                words[..set.len()].copy_from_slice(set);
                words
            }
        };
        // SAFETY: `words` is 32 bytes.
        unsafe { _mm256_loadu_si256(words.as_ptr().cast()) }
    }

    /// Writes the first `set.len()` words of `acc` back to `set`.
    #[inline(always)]
    fn store_set(acc: __m256i, set: &mut [u64]) {
        let mut words = [0u64; 4];
        // SAFETY: `words` is 32 bytes.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), acc) };
        match set {
            [a] => *a = words[0],
            [a, b] => [*a, *b] = [words[0], words[1]],
            [a, b, c, d] => [*a, *b, *c, *d] = words,
            _ => {
                let len = set.len();
                set.copy_from_slice(&words[..len]);
            }
        }
    }

    /// G(a + i) ⊕ G(r − a − i) for i in 0..16, u8 values (a + 15 ≤ r − a − 15 need not hold;
    /// both runs must be inside `values`, which the slicing checks).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn xor16_u8(low: &[u8], high: &[u8], shift: usize, r: usize, a: usize) -> __m128i {
        let left = &low[a..a + 16];
        let right = &high[r - a - 15 - shift..=r - a - shift];
        // SAFETY: both slices are 16 bytes long.
        unsafe { xor16_u8_at(left.as_ptr(), right.as_ptr()) }
    }

    /// The sixteen bytes at `left` xored with the sixteen at `right` in reverse order: x[i] =
    /// left[i] ⊕ right[15 − i] ([`xor16_u8`] without the bounds checks, for a caller that
    /// checked a whole run once).
    ///
    /// # Safety
    /// Sixteen bytes must be readable at each pointer.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn xor16_u8_at(left: *const u8, right: *const u8) -> __m128i {
        // SAFETY: the caller's.
        let (x, y) = unsafe { (_mm_loadu_si128(left.cast()), _mm_loadu_si128(right.cast())) };
        let reverse = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
        _mm_xor_si128(x, _mm_shuffle_epi8(y, reverse))
    }

    /// G(a + i) ⊕ G(r − a − i) for i in 0..16, u16 values (as [`xor16_u8`]).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn xor16_u16(low: &[u16], high: &[u16], shift: usize, r: usize, a: usize) -> __m256i {
        let left = &low[a..a + 16];
        let right = &high[r - a - 15 - shift..=r - a - shift];
        // Reverses the 8 u16 of each 128-bit lane; the lanes are swapped after.
        let reverse = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6,
            7, 4, 5, 2, 3, 0, 1,
        );
        // SAFETY: both slices are 32 bytes long.
        let (x, y) = unsafe {
            (
                _mm256_loadu_si256(left.as_ptr().cast()),
                _mm256_loadu_si256(right.as_ptr().cast()),
            )
        };
        let y = _mm256_permute4x64_epi64::<0x4e>(_mm256_shuffle_epi8(y, reverse));
        _mm256_xor_si256(x, y)
    }

    /// Ors the bits of the 16 byte values of `x` into two accumulators (two, so that the ors
    /// of one half do not wait for the other's).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn or16(x: __m128i, acc: &mut [__m256i; 2]) {
        let low = _mm_cvtsi128_si64(x) as u64;
        let high = _mm_extract_epi64::<1>(x) as u64;
        for i in 0..8 {
            acc[0] = _mm256_or_si256(acc[0], bit((low >> (8 * i)) as u8));
            acc[1] = _mm256_or_si256(acc[1], bit((high >> (8 * i)) as u8));
        }
    }

    /// Ors G(a) ⊕ G(r − a) for a in `lo..=hi` (fewer than 16) into `acc`.
    #[inline]
    fn or_tail(
        low: &[u8],
        high: &[u8],
        shift: usize,
        r: usize,
        lo: usize,
        hi: usize,
        acc: &mut [__m256i; 2],
    ) {
        let left = &low[lo..=hi];
        let right = &high[r - hi - shift..=r - lo - shift];
        for (x, y) in left.iter().zip(right.iter().rev()) {
            // SAFETY: AVX is implied by the callers' AVX2.
            acc[0] = unsafe { _mm256_or_si256(acc[0], bit(x ^ y)) };
        }
    }

    /// [`super::scan`] for u8 values and a set of at most 4 words, G(a) read at `low[a]` and
    /// G(r − a) at `high[r − a − shift]` (see [`super::scan`]).
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    pub(super) unsafe fn scan_u8(
        low: &[u8],
        high: &[u8],
        shift: usize,
        r: usize,
        from: usize,
        top: usize,
        set: &mut [u64],
        need: &[u64],
    ) -> (usize, bool) {
        match set.len() {
            1 => return scan_u8_narrow::<1>(low, high, shift, r, from, top, set, need),
            2 => return scan_u8_narrow::<2>(low, high, shift, r, from, top, set, need),
            _ => {}
        }
        let need = load_set(need);
        let mut acc = [load_set(set), _mm256_setzero_si256()];
        let mut a = from;
        let mut covered = false;
        while a <= top {
            let stop = top.min(a + SCAN_STEP - 1);
            if stop + 1 - a == 16 {
                or16(xor16_u8(low, high, shift, r, a), &mut acc);
            } else {
                or_tail(low, high, shift, r, a, stop, &mut acc);
            }
            a = stop + 1;
            // Every bit of `need` in the set seen.
            if _mm256_testc_si256(_mm256_or_si256(acc[0], acc[1]), need) == 1 {
                covered = true;
                break;
            }
        }
        store_set(_mm256_or_si256(acc[0], acc[1]), set);
        (a, covered)
    }

    /// [`scan_u8`] for sets of `W` = 1 or 2 words (values below 64 or 128, 0.1777's and
    /// 0.167's): no table. Each word w of the set is an accumulator of four 64-bit lanes, and
    /// four values at a time are widened to the lanes and placed in their bits by one variable
    /// shift each (`vpsllvq` of 1 by v − 64w: a count of 64 or more, or a negative one, gives
    /// 0); the lanes are or-ed together at each check. About a third of the instructions of
    /// one table load and one or per value. The runs' bounds are checked once, before the
    /// loop. With one word every value is below 64 (the sets hold every nim-sum of the values
    /// so far): the values are masked to six bits, so that the compiler knows the shifts are in
    /// range and adds no select for larger counts, and their or is checked at the end.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    fn scan_u8_narrow<const W: usize>(
        low: &[u8],
        high: &[u8],
        shift: usize,
        r: usize,
        from: usize,
        top: usize,
        set: &mut [u64],
        need: &[u64],
    ) -> (usize, bool) {
        if from > top {
            return (from, false);
        }
        // Pair j (a = from + j) is left[j] ⊕ right[len − 1 − j].
        let left = &low[from..=top];
        let right = &high[r - top - shift..=r - from - shift];
        let len = left.len();
        let one = _mm256_set1_epi64x(1);
        let six_bits = _mm_set1_epi8(63);
        let mut acc: [__m256i; W] =
            std::array::from_fn(|w| _mm256_set_epi64x(0, 0, 0, set[w] as i64));
        let need: [__m128i; W] = std::array::from_fn(|w| _mm_set_epi64x(0, need[w] as i64));
        let mut all = _mm_setzero_si128();
        let mut j = 0;
        let mut covered = false;
        while j < len {
            if len - j >= SCAN_STEP {
                // SAFETY: j + 16 ≤ len, so left[j..j + 16] and right[len − j − 16..len − j]
                // are inside the slices.
                let x =
                    unsafe { xor16_u8_at(left.as_ptr().add(j), right.as_ptr().add(len - j - 16)) };
                let x = if W == 1 {
                    all = _mm_or_si128(all, x);
                    _mm_and_si128(x, six_bits)
                } else {
                    x
                };
                let quarters = [
                    x,
                    _mm_srli_si128::<4>(x),
                    _mm_srli_si128::<8>(x),
                    _mm_srli_si128::<12>(x),
                ];
                for quarter in quarters {
                    let v = _mm256_cvtepu8_epi64(quarter);
                    for (w, acc) in acc.iter_mut().enumerate() {
                        let count = _mm256_sub_epi64(v, _mm256_set1_epi64x(64 * w as i64));
                        *acc = _mm256_or_si256(*acc, _mm256_sllv_epi64(one, count));
                    }
                }
                j += SCAN_STEP;
            } else {
                for b in j..len {
                    let v = left[b] ^ right[len - 1 - b];
                    let word = _mm256_set_epi64x(0, 0, 0, 1i64 << (v & 63));
                    let acc = &mut acc[usize::from(v >> 6)];
                    *acc = _mm256_or_si256(*acc, word);
                }
                j = len;
            }
            // Every bit of `need` in the or of each word's lanes.
            if (0..W).all(|w| _mm_testc_si128(or_halves(acc[w]), need[w]) == 1) {
                covered = true;
                break;
            }
        }
        assert!(
            _mm_testz_si128(all, _mm_set1_epi8(!63)) == 1,
            "a value of 64 or more in a scan with a one-word set"
        );
        for (word, acc) in set.iter_mut().zip(acc) {
            *word = _mm_cvtsi128_si64(or_halves(acc)) as u64;
        }
        (from + j, covered)
    }

    /// The or of the four 64-bit lanes, in the low lane (the high one holds a part of it).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn or_halves(x: __m256i) -> __m128i {
        let x = _mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
        _mm_or_si128(x, _mm_unpackhi_epi64(x, x))
    }

    /// [`super::mark_rare_lanes`] for u8 values and sets of `W` words (1, 2 or 4), one
    /// accumulator per word whose four 64-bit lanes are the four heaps' words. True when done
    /// (always, for these `W`).
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn rare_lanes_u8<V: Copy + Into<u32>, const W: usize>(
        high: &[u8],
        shift: usize,
        r0: usize,
        list: &[usize],
        list_values: &[V],
        sets: &mut [u64],
        stride: usize,
    ) -> bool {
        let one = _mm256_set1_epi64x(1);
        let mut acc = [_mm256_setzero_si256(); W];
        for (&a, &g) in list.iter().zip(list_values) {
            let x = r0 - a - shift;
            let run: [u8; 4] = high[x..x + 4].try_into().expect("four values");
            let four = _mm_cvtsi32_si128(i32::from_le_bytes(run));
            let v = _mm256_xor_si256(
                _mm256_cvtepu8_epi64(four),
                _mm256_set1_epi64x(i64::from(g.into())),
            );
            for (w, acc) in acc.iter_mut().enumerate() {
                let count = _mm256_sub_epi64(v, _mm256_set1_epi64x(64 * w as i64));
                *acc = _mm256_or_si256(*acc, _mm256_sllv_epi64(one, count));
            }
        }
        store_lanes(&acc, sets, stride);
        true
    }

    /// [`rare_lanes_u8`] for u16 values: an 8-byte load widened to four 64-bit lanes, sets of
    /// `W` words (1, 2, 4 or 8: values below 512).
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn rare_lanes_u16<V: Copy + Into<u32>, const W: usize>(
        high: &[u16],
        shift: usize,
        r0: usize,
        list: &[usize],
        list_values: &[V],
        sets: &mut [u64],
        stride: usize,
    ) -> bool {
        let one = _mm256_set1_epi64x(1);
        let mut acc = [_mm256_setzero_si256(); W];
        for (&a, &g) in list.iter().zip(list_values) {
            let x = r0 - a - shift;
            let run = &high[x..x + 4];
            let four = i64::from(run[0])
                | (i64::from(run[1]) << 16)
                | (i64::from(run[2]) << 32)
                | (i64::from(run[3]) << 48);
            let v = _mm256_xor_si256(
                _mm256_cvtepu16_epi64(_mm_cvtsi64_si128(four)),
                _mm256_set1_epi64x(i64::from(g.into())),
            );
            for (w, acc) in acc.iter_mut().enumerate() {
                let count = _mm256_sub_epi64(v, _mm256_set1_epi64x(64 * w as i64));
                *acc = _mm256_or_si256(*acc, _mm256_sllv_epi64(one, count));
            }
        }
        store_lanes(&acc, sets, stride);
        true
    }

    /// Ors the four 64-bit lanes of each accumulator (word w of the four heaps' sets) into the
    /// sets, `stride` words apart.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn store_lanes<const W: usize>(acc: &[__m256i; W], sets: &mut [u64], stride: usize) {
        let mut lanes = [[0u64; 4]; W];
        for (lane, acc) in lanes.iter_mut().zip(acc) {
            // SAFETY: `lane` is 32 bytes.
            unsafe { _mm256_storeu_si256(lane.as_mut_ptr().cast(), *acc) };
        }
        for j in 0..4 {
            let set = &mut sets[j * stride..j * stride + W];
            for (word, lane) in set.iter_mut().zip(&lanes) {
                *word |= lane[j];
            }
        }
    }

    /// [`super::mark_listed`]: the set in a register, two accumulators.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn listed_u8<V: Copy + Into<u32>>(
        values: &[u8],
        shift: usize,
        r: usize,
        list: &[usize],
        list_values: &[V],
        set: &mut [u64],
    ) {
        // (The values of one-byte tables are below 256: the cast keeps them.)
        let byte = |g: V| g.into() as u8;
        let (mut even, mut odd) = (load_set(set), _mm256_setzero_si256());
        let mut twos = list.chunks_exact(2).zip(list_values.chunks_exact(2));
        for (a, g) in &mut twos {
            even = _mm256_or_si256(even, bit(byte(g[0]) ^ values[r - a[0] - shift]));
            odd = _mm256_or_si256(odd, bit(byte(g[1]) ^ values[r - a[1] - shift]));
        }
        if list.len() % 2 == 1 {
            let last = list.len() - 1;
            even = _mm256_or_si256(
                even,
                bit(byte(list_values[last]) ^ values[r - list[last] - shift]),
            );
        }
        store_set(_mm256_or_si256(even, odd), set);
    }

    /// [`super::dense_scan`] for u8 values and a set of at most 4 words.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn dense_u8(
        values: &[u8],
        r: usize,
        from: usize,
        top: usize,
        set: &mut [u64],
    ) -> (usize, bool) {
        let mut full = [0u64; 4];
        full[..set.len()].fill(!0);
        let full = load_set(&full);
        let mut acc = [load_set(set), _mm256_setzero_si256()];
        let mut a = from;
        let mut done = false;
        while a <= top {
            let stop = top.min(a + DENSE_STEP - 1);
            let mut b = a;
            while b + 15 <= stop {
                or16(xor16_u8(values, values, 0, r, b), &mut acc);
                b += 16;
            }
            if b <= stop {
                or_tail(values, values, 0, r, b, stop, &mut acc);
            }
            a = stop + 1;
            if _mm256_testc_si256(_mm256_or_si256(acc[0], acc[1]), full) == 1 {
                done = true;
                break;
            }
        }
        store_set(_mm256_or_si256(acc[0], acc[1]), set);
        (a - from, done)
    }

    /// [`super::stamp`] for u16 values: the xors sixteen at a time, the stores scalar.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn stamp_u16(
        values: &[u16],
        r: usize,
        lo: usize,
        hi: usize,
        stamps: &mut [u32],
        stamp: u32,
    ) {
        let mut a = lo;
        let mut out = [0u16; 16];
        while a + 15 <= hi {
            let v = xor16_u16(values, values, 0, r, a);
            // SAFETY: `out` is 32 bytes long.
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
            for &v in &out {
                stamps[usize::from(v)] = stamp;
            }
            a += 16;
        }
        let left = &values[a..=hi];
        let right = &values[r - hi..=r - a];
        for (x, y) in left.iter().zip(right.iter().rev()) {
            stamps[usize::from(x ^ y)] = stamp;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Checks [`mark_rare_lanes`], vector and scalar, against its definition on one input:
    /// G(a) ⊕ G(r0 + j − a) in the j-th set (`stride` words apart) for every listed a, with
    /// r0 = `shift` + 41 (so every read is inside `high`), the other bits left as they were.
    fn lanes_agree<T: Cell + Into<u32>>(
        high: &[T],
        list: &[usize],
        values: &[T],
        shift: usize,
        words: usize,
        start: &[u64],
    ) -> Result<(), TestCaseError> {
        let r0 = shift + 41;
        let stride = start.len() / LANES;
        let mut expected = start.to_vec();
        for (&a, &g) in list.iter().zip(values) {
            for j in 0..LANES {
                let v = g.into() ^ high[r0 + j - a - shift].get();
                expected[j * stride + (v >> 6) as usize] |= 1 << (v & 63);
            }
        }
        for kernels in [Kernels::detect(), Kernels::Scalar] {
            let mut sets = start.to_vec();
            let pairs = mark_rare_lanes(
                kernels, high, shift, r0, list, values, &mut sets, stride, words,
            );
            prop_assert_eq!(pairs, (LANES * list.len()) as u64);
            prop_assert_eq!(&sets, &expected, "{:?} {} words", kernels, words);
        }
        Ok(())
    }

    /// Checks that [`scan`], vector and scalar, marks the same pairs, stops at the same a and
    /// says the same about `need` (thinned, so that some scans cover and some do not) on the
    /// pairs (a, r − a), a = `from`..=`from` + `pairs`, with r − a − `shift` inside `high`.
    fn scans_agree<T: Cell>(
        low: &[T],
        high: &[T],
        shift: usize,
        from: usize,
        pairs: usize,
        start: &[u64],
        need: &[u64],
    ) -> Result<(), TestCaseError> {
        let top = from + pairs;
        let r = top + 100 + shift;
        let need: Vec<u64> = need.iter().map(|&w| w & (w >> 7) & (w >> 13)).collect();
        let mut results = Vec::new();
        for kernels in [Kernels::detect(), Kernels::Scalar] {
            let mut set = start.to_vec();
            let end = scan(kernels, low, high, shift, r, from, top, &mut set, &need);
            results.push((end, set));
        }
        prop_assert_eq!(&results[0], &results[1]);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The lane-by-lane rare pairs of u8 values, vector and scalar, mark exactly the pairs
        /// of their definition, for sets of 1, 2 and 4 words, with a shifted table, and leave
        /// the words past `words` and the sets' other bits as they were.
        #[test]
        fn rare_lanes_mark_their_definitions_pairs(
            bits in 6u32..9,
            table in prop::collection::vec(any::<u8>(), 64..200),
            rare in prop::collection::vec((0usize..40, any::<u8>()), 0..12),
            shift in 0usize..8,
            start in prop::collection::vec(any::<u64>(), 4 * 5),
        ) {
            let mask = ((1u32 << bits) - 1) as u8;
            let high: Vec<u8> = table.iter().map(|&v| v & mask).collect();
            let (list, values): (Vec<usize>, Vec<u8>) =
                rare.iter().map(|&(a, g)| (a + 1, g & mask)).unzip();
            lanes_agree(&high, &list, &values, shift, 1 << (bits - 6), &start)?;
        }

        /// The same for u16 values, sets of 1 to 8 words (values below 512).
        #[test]
        fn rare_lanes_of_u16_values_mark_their_definitions_pairs(
            bits in 6u32..10,
            table in prop::collection::vec(any::<u16>(), 64..200),
            rare in prop::collection::vec((0usize..40, any::<u16>()), 0..12),
            shift in 0usize..8,
            start in prop::collection::vec(any::<u64>(), 4 * 9),
        ) {
            let mask = ((1u32 << bits) - 1) as u16;
            let high: Vec<u16> = table.iter().map(|&v| v & mask).collect();
            let (list, values): (Vec<usize>, Vec<u16>) =
                rare.iter().map(|&(a, g)| (a + 1, g & mask)).unzip();
            lanes_agree(&high, &list, &values, shift, 1 << (bits - 6), &start)?;
        }

        /// The scan for `need` alone ([`scan_for_need`]), vector and scalar, stops at the same
        /// a as the plain scan, says the same, and marks the same bits of `need`, on u8 and u16
        /// values, with needs of every size (so that the list of a few unseen values is used
        /// from the start, part of the way, or not at all).
        #[test]
        fn scans_for_need_agree(
            bits in 6u32..11,
            table in prop::collection::vec(any::<u16>(), 300..400),
            shift in 0usize..8,
            from in 1usize..40,
            pairs in 0usize..200,
            start in prop::collection::vec(any::<u64>(), 16),
            need in prop::collection::vec(any::<u64>(), 16),
            sparseness in 0u32..4,
        ) {
            let words = 1usize << (bits - 6);
            let mask = ((1u32 << bits) - 1) as u16;
            let low: Vec<u16> = table.iter().map(|&v| v & mask).collect();
            let high: Vec<u16> = table.iter().rev().map(|&v| v & mask).collect();
            let top = from + pairs;
            let r = top + 100 + shift;
            let need: Vec<u64> = need[..words]
                .iter()
                .map(|&w| (0..sparseness).fold(w, |w, i| w & (w >> (5 + 4 * i))))
                .collect();
            let start: Vec<u64> = start[..words].iter().map(|&w| w & (w >> 3)).collect();
            let mut results = Vec::new();
            let mut plain = start.clone();
            let expected = scan(Kernels::Scalar, &low, &high, shift, r, from, top, &mut plain, &need);
            let seen = |set: &[u64]| -> Vec<u64> { set.iter().zip(&need).map(|(s, n)| s & n).collect() };
            for kernels in [Kernels::detect(), Kernels::Scalar] {
                let mut set = start.clone();
                let end = scan_for_need(kernels, &low, &high, shift, r, from, top, &mut set, &need);
                prop_assert_eq!(end, expected, "{:?}", kernels);
                prop_assert_eq!(seen(&set), seen(&plain), "{:?}", kernels);
                results.push(end);
            }
            if bits <= 8 {
                let narrow = |v: &[u16]| v.iter().map(|&x| x as u8).collect::<Vec<u8>>();
                let (low, high) = (narrow(&low), narrow(&high));
                for kernels in [Kernels::detect(), Kernels::Scalar] {
                    let mut set = start.clone();
                    let end =
                        scan_for_need(kernels, &low, &high, shift, r, from, top, &mut set, &need);
                    prop_assert_eq!(end, expected, "u8 {:?}", kernels);
                    prop_assert_eq!(seen(&set), seen(&plain), "u8 {:?}", kernels);
                }
            }
        }

        /// The coverage scan, vector and scalar, marks the same pairs, stops at the same a and
        /// says the same about `need`, two sources with a shift and any run length: on u16
        /// values with sets of 1 to 8 words (the register kernel) and of 16 (the scalar loop on
        /// every processor), and, narrowed to u8, with sets of 1, 2 and 4 words (the one- and
        /// two-word kernels and the table one).
        #[test]
        fn coverage_scans_agree(
            bits in 6u32..11,
            table in prop::collection::vec(any::<u16>(), 300..400),
            shift in 0usize..8,
            from in 1usize..40,
            pairs in 0usize..70,
            start in prop::collection::vec(any::<u64>(), 16),
            need in prop::collection::vec(any::<u64>(), 16),
        ) {
            let words = 1usize << (bits - 6);
            let mask = ((1u32 << bits) - 1) as u16;
            let low: Vec<u16> = table.iter().map(|&v| v & mask).collect();
            let high: Vec<u16> = table.iter().rev().map(|&v| v & mask).collect();
            let (start, need) = (&start[..words], &need[..words]);
            scans_agree(&low, &high, shift, from, pairs, start, need)?;
            if bits <= 8 {
                let narrow = |v: &[u16]| v.iter().map(|&x| x as u8).collect::<Vec<u8>>();
                scans_agree(&narrow(&low), &narrow(&high), shift, from, pairs, start, need)?;
            }
        }
    }
}
