//! Fuzzes the judge reader of `shiritori` (AtCoder ABC 209 E): it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("shiritori", None, data, |_| true);
});
