//! Fuzzes the judge reader of `bean-split --dialect la3668`: it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("bean-split", Some("la3668"), data, |_| true);
});
