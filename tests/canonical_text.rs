//! A report echoes the position as it was typed only when that is exactly how the game writes
//! it (`Notation::is_canonical_text`): otherwise the moves, numbered in the game's own form of
//! the position, would be printed beside a different one. For each game that echoes, any text
//! it accepts and calls canonical is what `Display` writes back.

use grundy::Notation;
use grundy::games::{BeanSplit, EndPiles, Nim, TakeOrMerge};
use proptest::prelude::*;
use std::fmt::Display;

/// Numbers as typed: small and large, with the odd zero, in any order, one space apart.
fn typed_numbers() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![0u64..4, 0u64..40, 0u64..1_000_000, Just(u64::MAX)],
        1..8,
    )
    .prop_map(|numbers| {
        numbers
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    })
}

fn check<G: Notation + Display, E>(text: &str, parse: impl Fn(&str) -> Result<G, E>) {
    if let Ok(position) = parse(text)
        && G::is_canonical_text(text)
    {
        assert_eq!(position.to_string(), text, "`{text}` is echoed as typed");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn an_echoed_position_is_the_one_the_moves_are_numbered_in(text in typed_numbers()) {
        check(&text, Nim::parse);
        check(&text, |t| t.parse::<TakeOrMerge>());
        check(&text, |t| t.parse::<EndPiles>());
        check(&text, |t| t.parse::<BeanSplit>());
    }
}
