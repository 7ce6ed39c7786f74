//! Fuzzes the judge reader of `euclid` (HDU 3595, GG and MM): it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("euclid", None, data, |_| true);
});
