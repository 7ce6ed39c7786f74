//! The field laws that the arithmetic of every width must satisfy, checked by the tests of both
//! fields (below 2^64 and below 2^128) on random nimbers.

use proptest::prelude::*;
use std::fmt::Debug;
use std::ops::BitXor;

/// The field axioms on a, b and c under `product` and `inverse`: products commute, associate
/// and distribute over the nim-sum, 1 is the unit and 0 absorbs, every non-zero a has an
/// inverse, and there are no zero divisors.
pub(super) fn field_axioms<T>(
    a: T,
    b: T,
    c: T,
    product: impl Fn(T, T) -> T,
    inverse: impl Fn(T) -> Option<T>,
) -> Result<(), TestCaseError>
where
    T: Copy + Debug + PartialEq + From<u8> + BitXor<Output = T>,
{
    let (zero, one) = (T::from(0), T::from(1));
    prop_assert_eq!(product(a, b), product(b, a));
    prop_assert_eq!(product(a, product(b, c)), product(product(a, b), c));
    prop_assert_eq!(product(a, b ^ c), product(a, b) ^ product(a, c));
    prop_assert_eq!(product(a, one), a);
    prop_assert_eq!(product(a, zero), zero);
    if a != zero {
        prop_assert_eq!(product(a, inverse(a).unwrap()), one);
    }
    if a != zero && b != zero {
        prop_assert_ne!(product(a, b), zero);
    }
    Ok(())
}
