//! Fuzzes the judge readers of `staircase` (AcWing 892, POJ 1704, Luogu P8606): each answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for dialect in ["acwing892", "poj1704", "p8606"] {
        check_judge("staircase", Some(dialect), data, |_| true);
    }
});
