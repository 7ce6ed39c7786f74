//! Fuzzes every judge reader of `nim` (HDU 1907, HDU 2176, POJ 2234): each answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for dialect in ["hdu1907", "hdu2176", "poj2234"] {
        check_judge("nim", Some(dialect), data, |_| true);
    }
});
