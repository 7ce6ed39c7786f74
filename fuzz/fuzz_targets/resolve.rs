//! `registry::resolve` on any spelling (the six games and the heap families), then a position
//! for the game it names through the string interface of the commands.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grundy_fuzz::check_resolve(data);
});
