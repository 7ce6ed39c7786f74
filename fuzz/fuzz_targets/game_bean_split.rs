//! `bean-split`: the position parser, `analyze` on whatever parses (its report's invariants), and
//! `play`'s move line parser (moves and target positions), one line each after the position.
#![no_main]

use grundy::games::BeanSplit;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    grundy_fuzz::check_game("bean-split", data, str::parse::<BeanSplit>, |_| true);
});
