//! The multiplicative order and the discrete logarithm in the nimbers below 2^64.
//!
//! The non-zero nimbers form a cyclic group of order N = 2^64 − 1 = 3 · 5 · 17 · 257 · 641 ·
//! 65537 · 6700417, seven distinct primes (the Fermat numbers F₀ … F₄ and the two factors of
//! F₅). **Pohlig–Hellman:** for each prime p, a_p = a^(N/p) and b_p = b^(N/p) lie in the
//! subgroup of order p; if a_p = 1, then p does not divide the order of a, and b is a power of a
//! only if b_p = 1 as well; otherwise a_p generates that subgroup and a^x = b forces
//! a_p^x = b_p, which fixes x mod p (found by baby-step giant-step: at most 2 · 2589 products
//! for the largest p). Those residues, joined by the Chinese remainder theorem, give the least
//! x below the order of a; and b is a power of a exactly when every check passes (in a cyclic
//! group, b ∈ ⟨a⟩ iff b^ord(a) = 1). The answer is checked by one exponentiation before it is
//! returned.

use super::arithmetic::{inverse, power, product};
use std::collections::HashMap;

/// The primes of 2^64 − 1, the order of the multiplicative group.
pub const GROUP_ORDER_PRIMES: [u64; 7] = [3, 5, 17, 257, 641, 65537, 6_700_417];

/// The multiplicative order of a (the least k ≥ 1 with a^k = 1); `None` for 0.
pub fn order(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    Some(
        GROUP_ORDER_PRIMES
            .iter()
            .filter(|&&p| power(a, u64::MAX / p) != 1)
            .product(),
    )
}

/// The least x ≥ 0 with a^x = b (nim-powers), or `None` when b is not a power of a (always for
/// a = 0 or b = 0, except 0^1 = 0 is not counted: the logarithm is of non-zero nimbers).
///
/// ```
/// use grundy::nimber_field::{arithmetic::power, log::log};
/// let x = log(32, 141).unwrap(); // 32 generates the 255 non-zero bytes
/// assert_eq!(power(32, x), 141);
/// assert_eq!(log(2, 3), Some(2));
/// assert_eq!(log(2, 123), None); // 2 lies in the subfield {0, 1, 2, 3}
/// ```
pub fn log(a: u64, b: u64) -> Option<u64> {
    if a == 0 || b == 0 {
        return None;
    }
    let (mut residue, mut modulus) = (0u128, 1u128);
    for &p in &GROUP_ORDER_PRIMES {
        let cofactor = u64::MAX / p;
        let (a_p, b_p) = (power(a, cofactor), power(b, cofactor));
        if a_p == 1 {
            if b_p != 1 {
                return None;
            }
            continue;
        }
        let x_p = baby_step_giant_step(a_p, b_p, p)?;
        (residue, modulus) = crt(residue, modulus, u128::from(x_p), u128::from(p));
    }
    let x = u64::try_from(residue).ok()?;
    (power(a, x) == b).then_some(x)
}

/// The x in 0..p with g^x = h, where g has prime order p.
fn baby_step_giant_step(g: u64, h: u64, p: u64) -> Option<u64> {
    let steps = p.isqrt() + 1;
    let mut baby: HashMap<u64, u64> = HashMap::with_capacity(steps as usize);
    let mut value = 1u64;
    for j in 0..steps {
        baby.entry(value).or_insert(j);
        value = product(value, g);
    }
    // g^(−steps).
    let giant = inverse(power(g, steps))?;
    let mut target = h;
    for i in 0..=steps {
        if let Some(&j) = baby.get(&target) {
            return Some((i * steps + j) % p);
        }
        target = product(target, giant);
    }
    None
}

/// The x mod m·p with x ≡ r (mod m) and x ≡ s (mod p), for coprime m and p (m·p < 2^64).
fn crt(r: u128, m: u128, s: u128, p: u128) -> (u128, u128) {
    // x = r + m·t with m·t ≡ s − r (mod p): t = (s − r)·m⁻¹ mod p, m⁻¹ = m^(p−2) mod p.
    let mut inverse_m = 1u128;
    let (mut base, mut exponent) = (m % p, p - 2);
    while exponent > 0 {
        if exponent & 1 == 1 {
            inverse_m = inverse_m * base % p;
        }
        base = base * base % p;
        exponent >>= 1;
    }
    let difference = (s + p - r % p) % p;
    let t = difference * inverse_m % p;
    (r + m * t, m * p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The least x with a^x = b, by walking the powers of a (for elements of small order).
    fn walk(a: u64, b: u64) -> Option<u64> {
        let mut value = 1u64;
        for x in 0..=1u64 << 20 {
            if value == b {
                return Some(x);
            }
            value = product(value, a);
            if value == 1 {
                return None;
            }
        }
        None
    }

    #[test]
    fn logarithms_in_small_subgroups_match_the_walk() {
        // Elements of every small order: a^(N/q) for q a product of the small primes.
        for q in [3u64, 5, 15, 17, 51, 85, 255, 257, 641, 3 * 641] {
            for seed in [2u64, 3, 12_345, 0xdead_beef, u64::MAX] {
                let a = power(seed, u64::MAX / q);
                if a == 1 {
                    continue;
                }
                assert_eq!(power(a, order(a).unwrap()), 1);
                for k in [0u64, 1, 2, 7, 100] {
                    let b = power(a, k);
                    assert_eq!(log(a, b), walk(a, b), "log {a} {b}");
                }
                let outside = power(seed ^ 1, 5);
                assert_eq!(log(a, outside), walk(a, outside), "log {a} {outside}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn logarithms_check_back(a in 1u64.., x: u64) {
            let b = power(a, x);
            let found = log(a, b).unwrap();
            prop_assert_eq!(power(a, found), b);
            let order = order(a).unwrap();
            prop_assert!(found < order);
            prop_assert_eq!(found, x % order);
        }
    }
}
