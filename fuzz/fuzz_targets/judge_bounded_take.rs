//! The judge reader of `bounded-take`: it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::{check_judge, numbers_at_most};
use libfuzzer_sys::fuzz_target;

// Piles near 2^64 with b ≈ √x take seconds on purpose: numbers up to 2^32 here.
fuzz_target!(|data: &[u8]| {
    check_judge("bounded-take", None, data, |data| {
        numbers_at_most(data, 1 << 32)
    });
});
