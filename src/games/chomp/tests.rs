//! Chomp's tests: values, winning bites and remoteness against exhaustive search, the two-row
//! rule, the judge's samples and the notation.

use super::*;
use crate::compound::measure::MeasureSearch;
use crate::core::ExhaustiveSolver;

#[test]
fn values_and_winning_moves_agree_with_exhaustive_search() {
    let mut solver = ExhaustiveSolver::new();
    let mut positions = small_positions(4);
    positions.extend(small_boards(5, 5).into_iter().map(|b| Chomp::new(vec![b])));
    for position in positions {
        let value = solver.grundy_value(&position);
        assert_eq!(position.grundy_value(), Some(value), "{position}");
        assert_eq!(position.winner().unwrap(), value.winner(), "{position}");
        let mut searched: Vec<String> = position
            .moves()
            .into_iter()
            .filter(|bite| solver.grundy_value(&position.play(bite)) == Nimber::ZERO)
            .map(|bite| position.format_move(&bite))
            .collect();
        let listed = position.winning_moves(usize::MAX).unwrap();
        let mut theory: Vec<String> = listed
            .listed
            .iter()
            .map(|m| position.format_move(&m.mv))
            .collect();
        searched.sort();
        theory.sort();
        assert_eq!(theory, searched, "{position}");
    }
}

#[test]
fn the_box_tables_remoteness_is_the_searched_one() {
    let mut search = MeasureSearch::new(1 << 20);
    for board in small_boards(4, 5) {
        let position = Chomp::new(vec![board.clone()]);
        let table = box_table(4, 5).unwrap();
        assert_eq!(
            table.board_remoteness(&board),
            search.measures(&position).unwrap().remoteness,
            "{position}"
        );
    }
}

#[test]
fn two_rows_are_decided_at_any_length() {
    let mut solver = ExhaustiveSolver::new();
    for a in 1..=14u32 {
        for b in 1..=a {
            let position = Chomp::new(vec![Board::new(vec![a, b]).unwrap()]);
            assert_eq!(
                position.winner().unwrap(),
                solver.grundy_value(&position).winner(),
                "{position}"
            );
        }
    }
    let huge: Chomp = "4000000000,3999999999".parse().unwrap();
    assert_eq!(huge.winner().unwrap(), Winner::Second);
    let won: Chomp = "4000000000,4000000000".parse().unwrap();
    let moves = won.winning_moves(10).unwrap();
    assert_eq!(moves.listed.len(), 1);
    assert_eq!(won.format_move(&moves.listed[0].mv), "4000000000,2");
}

#[test]
fn the_judges_samples_and_a_long_row() {
    assert_eq!(solve_tco08(b"1\n2\n4\n").unwrap(), "2\n6\n8\n");
    // From the statement's examples: 5 → 12, 9 → 22, 14 → 34, 22 → 52, 23 → 54.
    assert_eq!(
        solve_tco08(b"5 9 14 22 23").unwrap(),
        "12\n22\n34\n52\n54\n"
    );
    assert!(solve_tco08(b"0\n").is_err());
    assert!(solve_tco08(b"201\n").is_err());
    let row: Chomp = "18446".parse().unwrap();
    assert_eq!(row.grundy_value(), Some(Nimber(18445)));
}

#[test]
fn a_board_past_the_search_is_refused_with_the_limit() {
    let big: Chomp = "20x20".parse().unwrap();
    let error = big.winner().unwrap_err().to_string();
    assert!(error.contains("4000000"), "{error}");
}

#[test]
fn notation_round_trips_and_refuses_what_is_not_a_board_or_a_bite() {
    let position: Chomp = "5,4,2 3x2".parse().unwrap();
    assert_eq!(position.to_string(), "5,4,2 3,3");
    assert!("2,3".parse::<Chomp>().is_err());
    assert!("0".parse::<Chomp>().is_err());
    assert!("3x0".parse::<Chomp>().is_err());
    let bite = position.parse_move("1:4,1").unwrap();
    assert_eq!(position.play(&bite).to_string(), "3,3,2 3,3");
    assert!(position.parse_move("4,1").is_err());
    assert!(position.parse_move("1:1,1").is_err());
    assert!(position.parse_move("2:4,1").is_err());
    assert!(position.parse_move("3:1,2").is_err());
}
