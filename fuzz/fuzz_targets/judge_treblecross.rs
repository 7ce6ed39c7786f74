//! Fuzzes every judge reader of `treblecross` (UVa 10561, LightOJ 1229): each answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for dialect in ["uva10561", "lightoj1229"] {
        check_judge("treblecross", Some(dialect), data, |_| true);
    }
});
