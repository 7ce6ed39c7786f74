//! The judge reader of `cutting` --dialect poj2311: it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("cutting", Some("poj2311"), data, |_| true);
});
