//! The judge reader of `box-fill` --dialect hdu1729: it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("box-fill", Some("hdu1729"), data, |_| true);
});
