//! `bounded-take`: the position parser, `analyze` on whatever parses (its report's invariants), and
//! `play`'s move line parser (moves and target positions), one line each after the position.
#![no_main]

use grundy::games::BoundedTake;
use libfuzzer_sys::fuzz_target;

// A pile costs about min(64·b, x/b) batches (seconds near b ≈ √x ≈ 2^32): cheap ones here.
fuzz_target!(|data: &[u8]| {
    grundy_fuzz::check_game(
        "bounded-take",
        data,
        str::parse::<BoundedTake>,
        |position: &BoundedTake| {
            position.parts().iter().all(|pile| {
                pile.divisor
                    .saturating_mul(64)
                    .min(pile.stones / pile.divisor)
                    <= 1 << 20
            })
        },
    );
});
