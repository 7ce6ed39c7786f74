//! Fuzzes the judge reader of `graph --dialect poj2425`: it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("graph", Some("poj2425"), data, |_| true);
});
