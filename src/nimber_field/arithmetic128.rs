//! The nimbers below 2^128: product, square, square root, power and inverse, built on the
//! 64-bit field of [`super::arithmetic`] as its quadratic extension.
//!
//! **Definitions.** With F = 2^64 (a Fermat 2-power), every nimber below 2^128 is a₁F ⊕ a₀ with
//! halves below F, and Conway's rule F ⊗ F = F ⊕ F/2 (the ordinary 3F/2) together with F ⊗ b
//! = F · b for b < F give
//!
//! a ⊗ b = ((a₁ ⊗ b₁) ⊕ (a₁ ⊗ b₀) ⊕ (a₀ ⊗ b₁)) F ⊕ (a₀ ⊗ b₀) ⊕ (a₁ ⊗ b₁ ⊗ F/2),
//!
//! with the middle sum (a₁ ⊕ a₀)(b₁ ⊕ b₀) ⊕ a₁b₁ ⊕ a₀b₀: four 64-bit products in all.
//!
//! **Square and square root.** Squaring is additive (characteristic 2), so (a₁F ⊕ a₀)² =
//! a₁²(F ⊕ F/2) ⊕ a₀²: the high half a₁², the low half a₀² ⊕ a₁² ⊗ F/2. Read backwards, the root
//! of c₁F ⊕ c₀ has high half √c₁ and low half √(c₀ ⊕ c₁ ⊗ F/2).
//!
//! **Inverse.** F is a root of x² ⊕ x ⊕ F/2 over the 64-bit field, whose other root is F ⊕ 1, so
//! the conjugate of a = a₁F ⊕ a₀ is ā = a₁F ⊕ (a₀ ⊕ a₁), and the norm a ⊗ ā = a₁² ⊗ F/2 ⊕ a₀² ⊕
//! a₀ ⊗ a₁ lies in the 64-bit field, non-zero when a is. Then a⁻¹ = ā ⊗ (a ⊗ ā)⁻¹, one 64-bit
//! inverse.
//!
//! **Sources.** J. H. Conway, *On Numbers and Games*, ch. 6 (the Fermat 2-powers and the field
//! tower); H. W. Lenstra, Jr., "Nim multiplication" (1977), §2 (the quadratic steps of the
//! tower). The tests check the field axioms on random 128-bit nimbers, these products against
//! [`super::reference::power_of_two_product_128`] (Conway's formula on powers of two, no code
//! shared) and against the 64-bit field below 2^64.

use super::arithmetic;

/// F/2 = 2^63, the nimber with F ⊗ F = F ⊕ F/2 for F = 2^64.
const HALF_FERMAT: u64 = 1 << 63;

/// The halves (a₁, a₀) of a nimber below 2^128.
fn halves(a: u128) -> (u64, u64) {
    ((a >> 64) as u64, a as u64)
}

/// The nimber a₁F ⊕ a₀.
fn join(high: u64, low: u64) -> u128 {
    u128::from(high) << 64 | u128::from(low)
}

/// The nim-product a ⊗ b below 2^128.
///
/// ```
/// use grundy::nimber_field::arithmetic128::product;
/// let f = 1u128 << 64;
/// assert_eq!(product(f, f), f + f / 2); // F ⊗ F = 3F/2
/// assert_eq!(product(3, 5), 15);
/// ```
pub fn product(a: u128, b: u128) -> u128 {
    let ((a1, a0), (b1, b0)) = (halves(a), halves(b));
    if a1 == 0 && b1 == 0 {
        return u128::from(arithmetic::product(a0, b0));
    }
    let high = arithmetic::product(a1, b1);
    let low = arithmetic::product(a0, b0);
    let cross = arithmetic::product(a1 ^ a0, b1 ^ b0) ^ high ^ low;
    join(cross ^ high, low ^ arithmetic::product(high, HALF_FERMAT))
}

/// The nim-square a ⊗ a below 2^128.
pub fn square(a: u128) -> u128 {
    let (a1, a0) = halves(a);
    let high = arithmetic::square(a1);
    join(
        high,
        arithmetic::square(a0) ^ arithmetic::product(high, HALF_FERMAT),
    )
}

/// The square root below 2^128: the one x with x ⊗ x = a.
pub fn sqrt(a: u128) -> u128 {
    let (c1, c0) = halves(a);
    join(
        arithmetic::sqrt(c1),
        arithmetic::sqrt(c0 ^ arithmetic::product(c1, HALF_FERMAT)),
    )
}

/// a raised to the ordinary integer `exponent` under nim-multiplication (0⁰ = 1).
pub fn power(a: u128, exponent: u128) -> u128 {
    arithmetic::square_and_multiply(a, exponent, product, square)
}

/// The multiplicative inverse below 2^128; `None` for 0.
///
/// ```
/// use grundy::nimber_field::arithmetic128::{inverse, product};
/// let a = (1u128 << 100) + 7;
/// assert_eq!(product(a, inverse(a).unwrap()), 1);
/// assert_eq!(inverse(0), None);
/// ```
pub fn inverse(a: u128) -> Option<u128> {
    let (a1, a0) = halves(a);
    let norm = arithmetic::product(arithmetic::square(a1), HALF_FERMAT)
        ^ arithmetic::square(a0)
        ^ arithmetic::product(a0, a1);
    let scale = arithmetic::inverse(norm)?;
    Some(join(
        arithmetic::product(a1, scale),
        arithmetic::product(a0 ^ a1, scale),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber_field::laws::field_axioms;
    use crate::nimber_field::reference::{mex_table, power_of_two_product_128};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn the_field_axioms_hold(a: u128, b: u128, c: u128) {
            field_axioms(a, b, c, product, inverse)?;
        }

        #[test]
        fn products_agree_with_conways_formula(a: u128, b: u128) {
            prop_assert_eq!(product(a, b), power_of_two_product_128(a, b));
        }

        #[test]
        fn below_2_64_it_is_the_64_bit_field(a: u64, b: u64) {
            let (wide_a, wide_b) = (u128::from(a), u128::from(b));
            prop_assert_eq!(product(wide_a, wide_b), u128::from(arithmetic::product(a, b)));
            prop_assert_eq!(square(wide_a), u128::from(arithmetic::square(a)));
            prop_assert_eq!(sqrt(wide_a), u128::from(arithmetic::sqrt(a)));
            prop_assert_eq!(inverse(wide_a), arithmetic::inverse(a).map(u128::from));
        }

        #[test]
        fn squares_roots_and_powers_check_back(a: u128, k: u16) {
            prop_assert_eq!(square(a), product(a, a));
            prop_assert_eq!(square(sqrt(a)), a);
            prop_assert_eq!(sqrt(square(a)), a);
            let mut slow = 1u128;
            for _ in 0..k % 40 {
                slow = product(slow, a);
            }
            prop_assert_eq!(power(a, u128::from(k % 40)), slow);
            // The multiplicative group has order 2^128 − 1.
            if a != 0 {
                prop_assert_eq!(power(a, u128::MAX), 1);
            }
        }
    }

    #[test]
    fn products_below_64_are_the_mex_rules() {
        let table = mex_table(64);
        for (a, row) in table.iter().enumerate() {
            for (b, &value) in row.iter().enumerate() {
                assert_eq!(
                    product(a as u128, b as u128),
                    u128::from(value),
                    "{a} * {b}"
                );
            }
        }
    }

    #[test]
    fn fermat_two_powers() {
        let f = 1u128 << 64;
        assert_eq!(product(f, f), f + f / 2);
        // F ⊗ b = F · b for b < F, and 2^127 = F ⊗ 2^63.
        assert_eq!(product(f, 12345), f * 12345);
        assert_eq!(product(f, 1 << 63), 1 << 127);
        assert_eq!(inverse(1), Some(1));
    }
}
