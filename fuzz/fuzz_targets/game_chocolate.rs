//! `chocolate`: the position parser, `analyze` on whatever parses (its report's invariants), and
//! `play`'s move line parser (moves and target positions), one line each after the position.
#![no_main]

use grundy::games::Chocolate;
use libfuzzer_sys::fuzz_target;

// A dependent box facing a table is searched in 3^k steps: boxes of up to 12 bars here.
fuzz_target!(|data: &[u8]| {
    grundy_fuzz::check_game(
        "chocolate",
        data,
        str::parse::<Chocolate>,
        |position: &Chocolate| position.boxed().len() <= 12,
    );
});
