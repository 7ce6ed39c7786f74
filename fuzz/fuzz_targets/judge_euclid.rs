//! Fuzzes the judge readers of `euclid` (HDU 3595, GG and MM; POJ 2348 Euclid's Game): each answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("euclid", None, data, |_| true);
    check_judge("euclid", Some("poj2348"), data, |_| true);
});
