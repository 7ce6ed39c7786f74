//! Fuzzes the judge readers of `fibonacci-nim` (HDU 2516, the default; POJ 3922): each answers
//! or reports an error inside the input.
#![no_main]

use grundy_fuzz::{check_judge, numbers_at_most};
use libfuzzer_sys::fuzz_target;

/// POJ 3922's terms number about k·ln(n/k): a large k with a large n takes milliseconds a case
/// on purpose, so the fuzzer keeps to short inputs of numbers up to 10^9.
fn affordable(data: &[u8]) -> bool {
    data.len() <= 256 && numbers_at_most(data, 1_000_000_000)
}

fuzz_target!(|data: &[u8]| {
    check_judge("fibonacci-nim", None, data, |_| true);
    check_judge("fibonacci-nim", Some("hdu2516"), data, |_| true);
    check_judge("fibonacci-nim", Some("poj3922"), data, affordable);
});
