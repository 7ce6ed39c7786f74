//! A game's fingerprints (module doc of the census, *Fingerprints*): for each length L = 2^10,
//! 2^12, … and each shift s ≤ [`SHIFTS`], a 128-bit hash of G(s), …, G(s + L − 1).

use super::record::{Fingerprint, SHIFTS};
use crate::engine::values::Values;

/// The shortest fingerprint: 2^10 values. Games known on fewer heaps are not compared.
pub const FIRST_LEVEL: u32 = 10;

/// The heaps whose values a game's values determine within a census of range `to`: every heap
/// up to `to` (and the shifts past it) when proved, else those computed.
pub(super) fn known_len(values: &Values, to: u64) -> u64 {
    if values.period().is_some() {
        to.saturating_add(1).saturating_add(SHIFTS)
    } else {
        values.computed_to().saturating_add(1)
    }
}

/// The fingerprint lengths of a game known on `known` heaps: 2^10, 2^12, … while every shift's
/// window fits.
fn levels(known: u64) -> Vec<u64> {
    let mut lengths = Vec::new();
    let mut level = FIRST_LEVEL;
    while level < 63 && (1u64 << level).saturating_add(SHIFTS) <= known {
        lengths.push(1u64 << level);
        level += 2;
    }
    lengths
}

/// Two independent polynomial hashes of a run of values (see the module doc).
#[derive(Clone, Copy)]
struct WindowHash(u64, u64);

impl WindowHash {
    const START: WindowHash = WindowHash(0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344);

    fn push(self, value: u32) -> WindowHash {
        let v = u64::from(value) + 1;
        WindowHash(
            self.0.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(v),
            (self.1 ^ v)
                .wrapping_mul(0xff51_afd7_ed55_8ccd)
                .rotate_left(29),
        )
    }

    fn hex(self) -> String {
        format!("{:016x}{:016x}", self.0, self.1)
    }
}

pub(super) fn fingerprints(values: &Values, known: u64) -> Vec<Fingerprint> {
    let lengths = levels(known);
    let Some(&longest) = lengths.last() else {
        return Vec::new();
    };
    let span = longest + SHIFTS;
    let all: Vec<u32> = (0..span)
        .map(|n| values.get(n).expect("the fingerprint's values are known"))
        .collect();
    let mut result: Vec<Fingerprint> = lengths
        .iter()
        .map(|&length| Fingerprint {
            length,
            shifts: Vec::new(),
        })
        .collect();
    for shift in 0..=SHIFTS {
        let mut hash = WindowHash::START;
        let mut next = 0;
        for (i, &value) in all[shift as usize..].iter().enumerate() {
            hash = hash.push(value);
            if i as u64 + 1 == lengths[next] {
                result[next].shifts.push(hash.hex());
                next += 1;
                if next == lengths.len() {
                    break;
                }
            }
        }
    }
    result
}
