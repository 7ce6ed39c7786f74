//! Fuzzes the judge readers of `hackenbush` (POJ 3710, HDU 3094, AtCoder AGC 017 D, HDU 3590):
//! each answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for dialect in ["poj3710", "hdu3094", "agc017d", "hdu3590"] {
        check_judge("hackenbush", Some(dialect), data, |_| true);
    }
});
