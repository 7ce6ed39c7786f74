//! `analyze`'s JSON: one object, positions that round-trip through the notation, and winning
//! moves that are legal moves whose positions the theory calls lost — on random positions of
//! every game.

use grundy::analysis::analyze;
use grundy::games::bounded_take::Pile;
use grundy::games::box_fill::{Bin, BoundRule};
use grundy::games::{BeanSplit, BoundedTake, BoxFill, Chocolate, EndPiles, TakeOrMerge};
use grundy::theory::Theory;
use proptest::prelude::*;

fn check_json<G: Theory>(
    game: &str,
    position: &G,
    parse: impl Fn(&str) -> Result<G, grundy::scanner::InputError>,
) {
    let analysis = analyze(game, position, usize::MAX).expect("analysable");
    let value: serde_json::Value = serde_json::to_value(&analysis).expect("valid JSON");
    assert_eq!(value["game"], game);
    let text = value["position"].as_str().unwrap();
    let parsed: G = parse(text).expect("the position round-trips");
    assert_eq!(&parsed, position);
    let winner = value["winner"].as_str().unwrap();
    let moves = value["winning_moves"].as_array().unwrap();
    assert_eq!(winner == "first", !moves.is_empty(), "{text}");
    for entry in moves {
        let notation = entry["move"].as_str().unwrap();
        let mv = position.parse_move(notation).expect("a legal move");
        let to: G = parse(entry["to"].as_str().unwrap()).expect("`to` round-trips");
        assert_eq!(position.play(&mv), to, "{notation}");
        assert_eq!(to.winner().unwrap(), grundy::core::Winner::Second);
        assert_eq!(position.move_to(&to), Some(mv), "move_to finds {notation}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn every_game_json_round_trips(
        row in prop::collection::vec(1u64..=40, 1..=8),
        pairs in prop::collection::vec((0u64..=400, 1u64..=9), 1..=4),
        beans in prop::collection::vec(0u128..=4, 1..=9),
        table in prop::collection::vec(1u64..=40, 0..=3),
    ) {
        check_json("end-piles", &EndPiles::new(row.clone()), str::parse);
        check_json("take-or-merge", &TakeOrMerge::new(row.iter().map(|&a| u128::from(a)).collect()), str::parse);
        check_json("chocolate", &Chocolate::new(row.iter().take(6).copied().collect(), table), str::parse);
        check_json("bounded-take", &BoundedTake::new(
            (),
            pairs.iter().map(|&(stones, divisor)| Pile { stones, divisor }).collect(),
        ), str::parse);
        check_json("bean-split", &BeanSplit::new(beans), str::parse);
        let bins: Vec<Bin> = pairs.iter().map(|&(a, b)| Bin { held: b.min(a), capacity: a }).collect();
        check_json("box-fill", &BoxFill::new(BoundRule::Linear, bins.clone()), str::parse);
        check_json("box-fill-square", &BoxFill::new(BoundRule::Square, bins), |text| {
            BoxFill::parse_with(BoundRule::Square, text)
        });
    }
}
