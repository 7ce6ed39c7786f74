//! The dense method's kernels: every pair of a split scanned, stopping once the bit set is full
//! ([`dense_scan`], the set in a register), or each option value stamped into a table
//! ([`stamp`]).

use super::choice::Kernels;
use crate::engine::bits::mark_pairs;
use crate::engine::table::Cell;

/// Pairs between two checks of a dense scan.
pub(crate) const DENSE_STEP: usize = 1024;

/// Whether [`dense_scan`] keeps the bit set in a register (AVX2, u8 values, at most 4 words);
/// otherwise the dense method stamps values with [`stamp`].
pub(crate) fn dense_in_register<T: Cell>(kernels: Kernels, words: usize) -> bool {
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
pub(crate) fn dense_scan<T: Cell>(
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
pub(crate) fn stamp<T: Cell>(
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
    use super::DENSE_STEP;
    use crate::engine::kernels::vectors::{
        load_set, or_tail, or16, store_set, xor16_u8, xor16_u16,
    };
    use std::arch::x86_64::*;

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
