//! Fuzzes the judge readers of `wythoff` (POJ 1067, the default; HDU 2177): each answers or
//! reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for dialect in [None, Some("poj1067"), Some("hdu2177")] {
        check_judge("wythoff", dialect, data, |_| true);
    }
});
