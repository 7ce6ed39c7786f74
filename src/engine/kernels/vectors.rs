//! The AVX2 parts the vector kernels share (x86-64 only): the table of 256-bit words with one
//! bit set, a small bit set loaded into a register and stored back, sixteen pairs G(a + i) ⊕
//! G(r − a − i) xored at once, and their values or-ed into a set held in registers.

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

/// The 256-bit word with bit `v` set.
#[inline(always)]
pub(super) fn bit(v: u8) -> __m256i {
    // SAFETY: BIT.0[v] is 32 bytes, aligned to 32 (repr(align(32)) and 32-byte entries).
    unsafe { _mm256_load_si256(BIT.0[usize::from(v)].as_ptr().cast()) }
}

/// `set` (at most 4 words) as a 256-bit word, zero-padded.
#[inline(always)]
pub(super) fn load_set(set: &[u64]) -> __m256i {
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
pub(super) fn store_set(acc: __m256i, set: &mut [u64]) {
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
pub(super) fn xor16_u8(low: &[u8], high: &[u8], shift: usize, r: usize, a: usize) -> __m128i {
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
pub(super) unsafe fn xor16_u8_at(left: *const u8, right: *const u8) -> __m128i {
    // SAFETY: the caller's.
    let (x, y) = unsafe { (_mm_loadu_si128(left.cast()), _mm_loadu_si128(right.cast())) };
    let reverse = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    _mm_xor_si128(x, _mm_shuffle_epi8(y, reverse))
}

/// G(a + i) ⊕ G(r − a − i) for i in 0..16, u16 values (as [`xor16_u8`]).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn xor16_u16(low: &[u16], high: &[u16], shift: usize, r: usize, a: usize) -> __m256i {
    let left = &low[a..a + 16];
    let right = &high[r - a - 15 - shift..=r - a - shift];
    // Reverses the 8 u16 of each 128-bit lane; the lanes are swapped after.
    let reverse = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7,
        4, 5, 2, 3, 0, 1,
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
pub(super) fn or16(x: __m128i, acc: &mut [__m256i; 2]) {
    let low = _mm_cvtsi128_si64(x) as u64;
    let high = _mm_extract_epi64::<1>(x) as u64;
    for i in 0..8 {
        acc[0] = _mm256_or_si256(acc[0], bit((low >> (8 * i)) as u8));
        acc[1] = _mm256_or_si256(acc[1], bit((high >> (8 * i)) as u8));
    }
}

/// Ors G(a) ⊕ G(r − a) for a in `lo..=hi` (fewer than 16) into `acc`.
#[inline]
pub(super) fn or_tail(
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
