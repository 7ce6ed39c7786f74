//! Fuzzes every judge reader of `subtraction` (HDU 1846, 2149, 1847, 1536, 1848, AcWing 893, UVa 10404): each answers or reports an error inside the input.
#![no_main]

use grundy_fuzz::{check_judge, numbers_at_most};
use libfuzzer_sys::fuzz_target;

// Values are tabled up to the largest heap (10^6 at most, times the set's size): heaps up to
// 10^5 here keep each run short.
fuzz_target!(|data: &[u8]| {
    for dialect in [
        "hdu1846",
        "hdu2149",
        "hdu1847",
        "hdu1536",
        "acwing893",
        "hdu1848",
        "uva10404",
    ] {
        check_judge("subtraction", Some(dialect), data, |data| {
            numbers_at_most(data, 100_000)
        });
    }
});
