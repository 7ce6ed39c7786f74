//! Fuzzes the judge reader of `coins:mock-turtles --dialect hdu3537`: it answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("coins:mock-turtles", Some("hdu3537"), data, |_| true);
});
