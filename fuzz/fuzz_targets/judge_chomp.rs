//! The judge reader of `chomp` --dialect tco08: it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::{check_judge, numbers_at_most};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("chomp", Some("tco08"), data, |data| {
        numbers_at_most(data, 100)
    });
});
