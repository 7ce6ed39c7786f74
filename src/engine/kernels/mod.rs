//! The pair-scan kernels: the runs of pairs G(a) ⊕ G(r − a), a = lo, lo + 1, …, that the
//! coverage scan (sparse method) and the dense scan walk through, in a scalar version and, on
//! x86-64 processors that have it, an AVX2 one chosen at run time
//! ([`is_x86_feature_detected!`]); the binary stays portable.
//!
//! **The AVX2 kernels.** Sixteen pairs at a time: the sixteen values G(a..a + 16) and the
//! sixteen G(r − a − 15..=r − a) are loaded as two vectors, the second reversed by a byte
//! shuffle, and xored. For values stored as u8 (below 256, the common case) the option values
//! are then or-ed into a 256-bit set held in a register, one table load per value (the table has
//! one 256-bit word with bit v set for each v), so that no store goes to memory and no pair waits
//! for the one before it — the scalar loop's read-modify-write of a small bit set in memory
//! chains each pair to the last through the store. For sets of one or two words (values below
//! 64 or 128) the coverage scan needs no table: four values at a time are widened to 64-bit
//! lanes and shifted into their bits (`vpsllvq`), one accumulator of four lanes per word. The
//! rare pairs that the sequential phase marks (a list of a, not a run) go through the same
//! register set, or, for four consecutive heaps at once, through [`mark_rare_lanes`] (u8 and u16 values, sets of up to 8 words). For
//! u16 values (sets of up to 8 words) the coverage scan's xors are vectorised and each value
//! or-ed into a set held in four registers from a table of 512-bit words, and the dense scan's
//! xors are vectorised and the values then stamped one by one.
//!
//! Both versions visit exactly the same pairs (the coverage scan checks after every
//! [`super::sparse`] step of 16 pairs, the dense scan after every 1024), so the statistics do not
//! depend on the processor; the tests run both on the same games and compare every value and
//! the pair visits.

mod choice;
mod coverage;
mod dense;
mod rare;
#[cfg(target_arch = "x86_64")]
mod vectors;

pub(super) use choice::Kernels;
pub(super) use coverage::{SCAN_STEP, scan, scan_for_need};
pub(super) use dense::{DENSE_STEP, dense_in_register, dense_scan, stamp};
pub(super) use rare::{LANES, mark_listed, mark_rare_lanes};
