//! Fuzzes the judge reader of `turning-corners` --dialect cf1310f (Codeforces 1310F): it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("turning-corners", Some("cf1310f"), data, |_| true);
});
