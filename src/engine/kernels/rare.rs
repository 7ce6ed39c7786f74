//! The rare pairs' kernels: a list of rare positions a, with their values, paired with
//! G(r − a) — for one heap ([`mark_listed`]), or for [`LANES`] consecutive heaps at once
//! ([`mark_rare_lanes`]).

use super::choice::Kernels;
use crate::engine::table::Cell;

/// Heaps whose rare pairs [`mark_rare_lanes`] marks at once.
pub(crate) const LANES: usize = 4;

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
pub(crate) fn mark_rare_lanes<T: Cell, V: Copy + Into<u32>>(
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
pub(crate) fn mark_listed<T: Cell, V: Copy + Into<u32>>(
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

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use crate::engine::kernels::vectors::{bit, load_set, store_set};
    use std::arch::x86_64::*;

    /// [`super::mark_rare_lanes`] for u8 values and sets of `W` words (1, 2 or 4): each rare
    /// pair's four values one 4-byte load widened to four 64-bit lanes ([`lanes`]). True when
    /// done (always, for these `W`).
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
        let widen = |run: &[u8]| {
            let run: [u8; 4] = run.try_into().expect("four values");
            _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(i32::from_le_bytes(run)))
        };
        lanes::<u8, V, W>(high, widen, shift, r0, list, list_values, sets, stride);
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
        let widen = |run: &[u16]| {
            let four = i64::from(run[0])
                | (i64::from(run[1]) << 16)
                | (i64::from(run[2]) << 32)
                | (i64::from(run[3]) << 48);
            _mm256_cvtepu16_epi64(_mm_cvtsi64_si128(four))
        };
        lanes::<u16, V, W>(high, widen, shift, r0, list, list_values, sets, stride);
        true
    }

    /// The rare pairs of four heaps at once, with one accumulator per word of the sets whose
    /// four 64-bit lanes are the four heaps' words: for each listed a, G(r0 − a + j), j < 4,
    /// (`widen` of the run `high[r0 − a − shift..][..4]`, one value a lane) xored with G(a), and
    /// each lane's value placed in its bit of each word by one variable shift (`vpsllvq` of 1
    /// by v − 64w: a count of 64 or more, or a negative one, gives 0).
    #[inline]
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    fn lanes<H, V: Copy + Into<u32>, const W: usize>(
        high: &[H],
        widen: impl Fn(&[H]) -> __m256i,
        shift: usize,
        r0: usize,
        list: &[usize],
        list_values: &[V],
        sets: &mut [u64],
        stride: usize,
    ) {
        let one = _mm256_set1_epi64x(1);
        let mut acc = [_mm256_setzero_si256(); W];
        for (&a, &g) in list.iter().zip(list_values) {
            let x = r0 - a - shift;
            let v = _mm256_xor_si256(
                widen(&high[x..x + 4]),
                _mm256_set1_epi64x(i64::from(g.into())),
            );
            for (w, acc) in acc.iter_mut().enumerate() {
                let count = _mm256_sub_epi64(v, _mm256_set1_epi64x(64 * w as i64));
                *acc = _mm256_or_si256(*acc, _mm256_sllv_epi64(one, count));
            }
        }
        store_lanes(&acc, sets, stride);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::ops::BitAnd;

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

    /// [`lanes_agree`] on a drawn table and rare list (the positions a + 1), every value cut to
    /// its low `bits` bits, with sets of 2^(bits − 6) words.
    fn masked_lanes_agree<T>(
        bits: u32,
        table: &[T],
        rare: &[(usize, T)],
        shift: usize,
        start: &[u64],
    ) -> Result<(), TestCaseError>
    where
        T: Cell + Into<u32> + BitAnd<Output = T> + TryFrom<u32>,
    {
        let mask = T::try_from((1u32 << bits) - 1)
            .ok()
            .expect("the mask fits the values");
        let high: Vec<T> = table.iter().map(|&v| v & mask).collect();
        let (list, values): (Vec<usize>, Vec<T>) =
            rare.iter().map(|&(a, g)| (a + 1, g & mask)).unzip();
        lanes_agree(&high, &list, &values, shift, 1 << (bits - 6), start)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The lane-by-lane rare pairs, vector and scalar, mark exactly the pairs of their
        /// definition, with a shifted table, and leave the words past `words` and the sets'
        /// other bits as they were: for u16 values with sets of 1 to 8 words (values below
        /// 512), and, narrowed to u8, with sets of 1, 2 and 4 words.
        #[test]
        fn rare_lanes_mark_their_definitions_pairs(
            bits in 6u32..10,
            table in prop::collection::vec(any::<u16>(), 64..200),
            rare in prop::collection::vec((0usize..40, any::<u16>()), 0..12),
            shift in 0usize..8,
            start in prop::collection::vec(any::<u64>(), 4 * 9),
        ) {
            masked_lanes_agree(bits, &table, &rare, shift, &start)?;
            if bits <= 8 {
                let table: Vec<u8> = table.iter().map(|&v| v as u8).collect();
                let rare: Vec<(usize, u8)> = rare.iter().map(|&(a, g)| (a, g as u8)).collect();
                masked_lanes_agree(bits, &table, &rare, shift, &start)?;
            }
        }
    }
}
