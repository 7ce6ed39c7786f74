//! Fuzzes the judge reader of `lasker` (HDU 3032, Nim or not Nim?): it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("lasker", Some("hdu3032"), data, |_| true);
});
