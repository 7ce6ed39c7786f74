//! The judge reader of `cutting` --dialect poj2311: it answers or reports an error inside the input.
//! Sides past the judge's 200 are skipped: the table to 1000 takes seconds under the fuzzer's
//! instrumentation (the reader's limits are tested in the crate).
#![no_main]

use grundy_fuzz::{check_judge, numbers_at_most};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("cutting", Some("poj2311"), data, |data| {
        numbers_at_most(data, 200)
    });
});
