//! Product, square, square root, power, inverse, trace, and the roots of x² ⊕ x = a, on the
//! nimbers below 2^64 (see the [module documentation](super) for the definitions).

use super::tables::tables;

/// The nim-product a ⊗ b: 64 byte products, each placed by one table entry.
///
/// ```
/// use grundy::nimber_field::arithmetic::product;
/// assert_eq!(product(2, 2), 3);
/// assert_eq!(product(4, 4), 6);
/// assert_eq!(product(32, 64), 141);
/// ```
pub fn product(a: u64, b: u64) -> u64 {
    let tables = tables();
    let (a, b) = (a.to_le_bytes(), b.to_le_bytes());
    let mut result = 0u64;
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let row = &tables.bytes[x as usize];
        let places = &tables.places[8 * i..8 * i + 8];
        for (place, &y) in places.iter().zip(&b) {
            result ^= place[row[y as usize] as usize];
        }
    }
    result
}

/// The nim-square a ⊗ a (additive: one table entry per byte).
pub fn square(a: u64) -> u64 {
    let squares = &tables().squares;
    a.to_le_bytes()
        .iter()
        .zip(squares.iter())
        .fold(0, |sum, (&byte, row)| sum ^ row[byte as usize])
}

/// The square root: the one x with x ⊗ x = a (squaring is a bijection of the field).
pub fn sqrt(a: u64) -> u64 {
    let roots = &tables().roots;
    a.to_le_bytes()
        .iter()
        .zip(roots.iter())
        .fold(0, |sum, (&byte, row)| sum ^ row[byte as usize])
}

/// a raised to the ordinary integer `exponent` under nim-multiplication (0⁰ = 1).
pub fn power(a: u64, exponent: u64) -> u64 {
    square_and_multiply(a, u128::from(exponent), product, square)
}

/// a^`exponent` by square-and-multiply with the `product` and `square` of one width (0⁰ = 1):
/// the power of both fields, below 2^64 and below 2^128.
pub(super) fn square_and_multiply<T: Copy + From<u8>>(
    a: T,
    mut exponent: u128,
    product: impl Fn(T, T) -> T,
    square: impl Fn(T) -> T,
) -> T {
    let (mut base, mut result) = (a, T::from(1));
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = product(result, base);
        }
        base = square(base);
        exponent >>= 1;
    }
    result
}

/// The multiplicative inverse, a^(2^64 − 2); `None` for 0.
///
/// ```
/// use grundy::nimber_field::arithmetic::{inverse, product};
/// let x = inverse(7).unwrap();
/// assert_eq!(product(7, x), 1);
/// assert_eq!(inverse(0), None);
/// ```
pub fn inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| power(a, u64::MAX - 1))
}

/// The absolute trace a ⊕ a² ⊕ a⁴ ⊕ … ⊕ a^(2^63), which is 0 or 1.
pub fn trace(a: u64) -> u64 {
    let (mut sum, mut term) = (0, a);
    for _ in 0..64 {
        sum ^= term;
        term = square(term);
    }
    sum
}

/// The roots of x² ⊕ x = a: none when the trace of a is 1, else the two roots x and x ⊕ 1,
/// the smaller first. x ↦ x² ⊕ x is additive with kernel {0, 1}, so its image is the
/// hyperplane of trace 0 (Lenstra, §4); a root is found by elimination over GF(2) on the images
/// of the 64 bits.
pub fn quadratic_roots(a: u64) -> Option<(u64, u64)> {
    // basis[b]: an image with top bit b, and which bits' images it is the sum of.
    let mut basis: [(u64, u64); 64] = [(0, 0); 64];
    for bit in 0..64 {
        let mut image = square(1 << bit) ^ (1 << bit);
        let mut made_of = 1u64 << bit;
        while image != 0 {
            let top = 63 - image.leading_zeros() as usize;
            if basis[top].0 == 0 {
                basis[top] = (image, made_of);
                break;
            }
            image ^= basis[top].0;
            made_of ^= basis[top].1;
        }
    }
    let (mut rest, mut root) = (a, 0u64);
    while rest != 0 {
        let top = 63 - rest.leading_zeros() as usize;
        let (image, made_of) = basis[top];
        if image == 0 {
            return None;
        }
        rest ^= image;
        root ^= made_of;
    }
    let (low, high) = (root.min(root ^ 1), root.max(root ^ 1));
    Some((low, high))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber_field::laws::field_axioms;
    use crate::nimber_field::reference::power_of_two_product;
    use crate::nimber_field::tables::split_product;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn the_field_axioms_hold(a: u64, b: u64, c: u64) {
            field_axioms(a, b, c, product, inverse)?;
        }

        #[test]
        fn products_agree_with_the_power_of_two_formula_and_the_split_recursion(a: u64, b: u64) {
            let fast = product(a, b);
            prop_assert_eq!(fast, split_product(a, b, 64));
            prop_assert_eq!(fast, power_of_two_product(a, b));
        }

        #[test]
        fn squares_roots_and_quadratics_check_back(a: u64) {
            prop_assert_eq!(square(a), product(a, a));
            prop_assert_eq!(square(sqrt(a)), a);
            prop_assert_eq!(sqrt(square(a)), a);
            match quadratic_roots(a) {
                Some((x, y)) => {
                    prop_assert_eq!(trace(a), 0);
                    prop_assert_eq!(y, x ^ 1);
                    prop_assert_eq!(square(x) ^ x, a);
                    prop_assert_eq!(square(y) ^ y, a);
                }
                None => prop_assert_eq!(trace(a), 1),
            }
            // Every value x² ⊕ x is solved.
            let image = square(a) ^ a;
            let roots = quadratic_roots(image).unwrap();
            prop_assert!(roots.0 == a || roots.1 == a);
        }
    }

    #[test]
    fn products_below_256_are_the_mex_rules() {
        // The whole table in release builds (about a second of the rule's 10^9 steps); its
        // first 64 rows and columns in debug builds.
        let size = if cfg!(debug_assertions) { 64 } else { 256 };
        let table = crate::nimber_field::reference::mex_table(size);
        for (a, row) in table.iter().enumerate() {
            for (b, &value) in row.iter().enumerate() {
                assert_eq!(product(a as u64, b as u64), u64::from(value), "{a} * {b}");
            }
        }
    }

    #[test]
    fn conways_examples() {
        // 8 ⊗ 8 = 13 and 5 ⊗ 6 = 8 (examples of Codeforces 1310F's statement), F ⊗ F = 3F/2.
        assert_eq!(product(8, 8), 13);
        assert_eq!(product(5, 6), 8);
        for n in 0..6 {
            let fermat = 1u64 << (1 << n);
            assert_eq!(product(fermat, fermat), fermat + fermat / 2, "F = {fermat}");
        }
        assert_eq!(power(2, 3), 1, "2 has order 3 (the subfield of 4)");
        assert_eq!(inverse(1), Some(1));
    }
}
