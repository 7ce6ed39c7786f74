//! The field of nimbers below 2^64 (and below 2^128): nim-addition (XOR) and Conway's
//! nim-multiplication.
//!
//! Not to be confused with [`crate::core::Nimber`], the *Grundy value* of a position (a nimber
//! used only through its nim-sum). Here nimbers are multiplied as well: the values of the
//! two-dimensional coin-turning games are products (the Tartan theorem,
//! [`crate::games::coins`]), and contest problems ask for the arithmetic itself. Every function
//! works on plain `u64`s, the nimbers 0 … 2^64 − 1.
//!
//! **Definitions.** The nim-sum a ⊕ b is bitwise XOR. The nim-product is defined by the mex
//! rule (On Numbers and Games, ch. 6):
//!
//! a ⊗ b = mex { (a′ ⊗ b) ⊕ (a ⊗ b′) ⊕ (a′ ⊗ b′) : a′ < a, b′ < b }.
//!
//! **Theorem (Conway).** With these operations the nimbers below 2^(2^k) form the field
//! F(2^(2^k)), for every k; in particular `u64` is the field of 2^64 elements, and the bytes
//! (below 2^8) a subfield of it. For a *Fermat 2-power* F = 2^(2^n): F ⊗ b = F · b for b < F,
//! and F ⊗ F = 3F/2. Hence, writing a = a₁F ⊕ a₀ and b = b₁F ⊕ b₀ with halves below F,
//!
//! a ⊗ b = ((a₁ ⊗ b₁) ⊕ (a₁ ⊗ b₀) ⊕ (a₀ ⊗ b₁)) F ⊕ (a₀ ⊗ b₀) ⊕ ((a₁ ⊗ b₁) ⊗ F/2),
//!
//! the recursion [`tables`] builds its tables with, and a distinct power-of-two form
//! ([`reference`]): 2^i is the ordinary product of the Fermat 2-powers 2^(2^k) for the bits k
//! of i, so 2^i ⊗ 2^j is the ordinary product of the Fermat 2-powers of the bits in i XOR j,
//! nim-multiplied by 3F/2 for each bit F that i and j share.
//!
//! **What is here.** [`arithmetic`]: product (table-driven: 8-bit pieces), square and square
//! root (the Frobenius map x ↦ x² is additive, so both are tables of 8 × 256 entries), power,
//! inverse (a^(2^64 − 2)), the trace and the roots of x² ⊕ x = a. [`arithmetic128`]: product,
//! square, square root, power and inverse below 2^128, the quadratic extension of the 64-bit
//! field (four 64-bit products a product, one 64-bit inverse an inverse). [`log`]: the multiplicative
//! order and the discrete logarithm, by Pohlig–Hellman over the factors of the group order
//! 2^64 − 1 = 3 · 5 · 17 · 257 · 641 · 65537 · 6700417, with baby-step giant-step in each
//! factor. [`expr`]: the calculator `grundy nimber` evaluates. [`reference`]: slow products
//! written from the definitions, the referee of the tests; `laws`: the field axioms the tests of
//! both widths check.
//!
//! **Sources.** J. H. Conway, *On Numbers and Games* (1976), chapter 6, "The Curious Field On₂";
//! H. W. Lenstra, Jr., "Nim multiplication", Séminaire de Théorie des Nombres de Bordeaux
//! (1977–78), exposé 11 (the field structure, square roots, the equation x² ⊕ x = a);
//! Berlekamp, Conway and Guy, *Winning Ways*, chapter 14 (the Tartan theorem). Judge problems:
//! Library Checker "Nim Product (F_{2^64})" (`nim_product_64`) and Codeforces 1310F "Bad
//! Cryptography" (the discrete logarithm).

pub mod arithmetic;
pub mod arithmetic128;
pub mod expr;
#[cfg(test)]
mod laws;
pub mod log;
pub mod reference;
pub mod tables;
