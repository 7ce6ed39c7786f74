//! The judge reader of `northcott` (HDU 1730, the default format and `--dialect hdu1730`): it
//! answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::check_judge;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_judge("northcott", None, data, |_| true);
    check_judge("northcott", Some("hdu1730"), data, |_| true);
});
