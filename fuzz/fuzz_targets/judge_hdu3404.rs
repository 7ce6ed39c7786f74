//! Fuzzes the judge reader of `turning-corners` (HDU 3404): it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("turning-corners", None, data, |_| true);
});
