//! The tables behind the fast arithmetic, built once (on first use) from the half-splitting
//! recursion of the module documentation.
//!
//! A 64-bit nimber is the nim-sum of its bytes in place, x = ⊕ xᵢ · 2^(8i), and since a byte is
//! below every Fermat 2-power 2^8, 2^16, 2^32 that 2^(8i) is an ordinary product of, the
//! ordinary product xᵢ · 2^(8i) equals the nim-product xᵢ ⊗ 2^(8i). So
//!
//! x ⊗ y = ⊕ over i, j of (xᵢ ⊗ yⱼ) ⊗ (2^(8i) ⊗ 2^(8j)),
//!
//! where xᵢ ⊗ yⱼ is a byte (the bytes are a subfield): a 256 × 256 table of byte products, and,
//! for each of the 64 pairs (i, j), a 256-entry table of a byte times 2^(8i) ⊗ 2^(8j). Squaring
//! and its inverse are additive, so x² and √x are the nim-sums of one table entry per byte.

use std::sync::OnceLock;

/// The nim-product of two nimbers below 2^`width` (`width` a power of two, at most 64), by the
/// half-splitting recursion with Karatsuba's three half-products:
/// (a₁F ⊕ a₀)(b₁F ⊕ b₀) = ((a₁ ⊕ a₀)(b₁ ⊕ b₀) ⊕ a₀b₀) F ⊕ a₀b₀ ⊕ a₁b₁ ⊗ F/2, F = 2^(width/2).
pub(crate) fn split_product(a: u64, b: u64, width: u32) -> u64 {
    if width == 1 {
        return a & b;
    }
    let half = width / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let high_high = split_product(a1, b1, half);
    let low_low = split_product(a0, b0, half);
    let cross = split_product(a1 ^ a0, b1 ^ b0, half);
    let high = cross ^ low_low;
    let low = low_low ^ split_product(high_high, 1u64 << (half - 1), half);
    (high << half) | low
}

/// The tables of the fast arithmetic.
pub(crate) struct Tables {
    /// `bytes[a][b]` = a ⊗ b for bytes.
    pub(crate) bytes: Box<[[u8; 256]; 256]>,
    /// `places[8i + j][c]` = c ⊗ 2^(8i) ⊗ 2^(8j) for a byte c.
    pub(crate) places: Box<[[u64; 256]; 64]>,
    /// `squares[i][c]` = (c · 2^(8i))².
    pub(crate) squares: Box<[[u64; 256]; 8]>,
    /// `roots[i][c]` = √(c · 2^(8i)).
    pub(crate) roots: Box<[[u64; 256]; 8]>,
}

/// A table of 8 × 256 entries for an additive map given on the 64 bits.
fn additive_table(of_bit: impl Fn(u32) -> u64) -> Box<[[u64; 256]; 8]> {
    let mut table = Box::new([[0u64; 256]; 8]);
    for (place, row) in table.iter_mut().enumerate() {
        let bits: Vec<u64> = (0..8).map(|bit| of_bit(8 * place as u32 + bit)).collect();
        for byte in 1..256usize {
            let low = byte.trailing_zeros() as usize;
            row[byte] = row[byte & (byte - 1)] ^ bits[low];
        }
    }
    table
}

impl Tables {
    fn build() -> Tables {
        let mut bytes = Box::new([[0u8; 256]; 256]);
        for a in 0..256u64 {
            for b in 0..=a {
                let product = split_product(a, b, 8) as u8;
                bytes[a as usize][b as usize] = product;
                bytes[b as usize][a as usize] = product;
            }
        }
        let mut places = Box::new([[0u64; 256]; 64]);
        for i in 0..8u32 {
            for j in 0..8u32 {
                let place = split_product(1u64 << (8 * i), 1u64 << (8 * j), 64);
                let bits: Vec<u64> = (0..8)
                    .map(|bit| split_product(1 << bit, place, 64))
                    .collect();
                let row = &mut places[(8 * i + j) as usize];
                for byte in 1..256usize {
                    let low = byte.trailing_zeros() as usize;
                    row[byte] = row[byte & (byte - 1)] ^ bits[low];
                }
            }
        }
        let squares = additive_table(|bit| split_product(1 << bit, 1 << bit, 64));
        // √(2^k) = (2^k)^(2^63): the Frobenius map has order 64 on the field.
        let roots = additive_table(|bit| {
            let mut root = 1u64 << bit;
            for _ in 0..63 {
                root = split_product(root, root, 64);
            }
            root
        });
        Tables {
            bytes,
            places,
            squares,
            roots,
        }
    }
}

/// The tables, built on first use (a few milliseconds).
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::build)
}
