//! The coverage scan's kernels (sparse method and ring mode): the pairs G(a) ⊕ G(r − a) of a run
//! marked until a set of needed values is covered, checked after every [`SCAN_STEP`] pairs, and
//! the scan of a sequential phase that looks only for its last few unseen values.

use super::choice::Kernels;
use crate::engine::bits::covers;
use crate::engine::table::Cell;

/// Pairs between two checks of a coverage scan.
pub(crate) const SCAN_STEP: usize = 16;

/// The coverage scan: marks G(a) ⊕ G(r − a) in `set` for a = `from`, `from` + 1, … up to `top`,
/// checking after every [`SCAN_STEP`] pairs (and at `top`) whether `set` covers `need`, G(a)
/// read at `low[a]` and G(r − a) at `high[r − a − shift]` (`low` and `high` the same table and
/// `shift` = 0 for one plain table; the sequential phase reads the pairs' high parts from a run
/// of recent values, the ring mode's far scans from buffers). Returns the next a (the pairs
/// visited are it minus `from`) and whether `need` was covered.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn scan<T: Cell>(
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
pub(crate) fn scan_for_need<T: Cell>(
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

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::SCAN_STEP;
    use crate::engine::kernels::vectors::{
        load_set, or_tail, or16, store_set, xor16_u8, xor16_u8_at, xor16_u16,
    };
    use std::arch::x86_64::*;

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
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
