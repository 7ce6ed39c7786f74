//! Every game's fast theory against the exhaustive solver, on every small position in a range
//! (through the same machinery as `grundy verify`) and on random larger ones (proptest).

use grundy::core::{ExhaustiveSolver, ImpartialGame};
use grundy::games::box_fill::BoundRule;
use grundy::games::{BeanSplit, BoundedTake, BoxFill, Chocolate, EndPiles, TakeOrMerge};
use grundy::theory::Theory;
use grundy::verify::{Verdict, cross_check, theory_check};
use indicatif::ProgressBar;
use proptest::prelude::*;
use std::fmt::Display;

mod common;

fn assert_all_agree<G: Theory + Send + Sync>(name: &str, positions: Vec<G>) {
    assert!(!positions.is_empty());
    let report = cross_check(name, &positions, theory_check, &ProgressBar::hidden());
    assert_eq!(report.checked, positions.len());
    assert_eq!(report.disagreements, 0, "{report}");
}

/// The referee's verdict on one position, then the theory check on it.
fn check_one<G: Theory + Display>(position: &G) {
    let mut solver = ExhaustiveSolver::new();
    let verdict = Verdict {
        value: solver.grundy_value(position),
        winning_moves: solver.winning_moves(position),
    };
    if let Err(detail) = theory_check(position, &verdict) {
        panic!("`{position}`: {detail}");
    }
}

#[test]
fn end_piles_all_rows_up_to_six_piles_of_six() {
    assert_all_agree("end-piles", grundy::games::end_piles::small_positions(6));
}

#[test]
fn take_or_merge_all_multisets_up_to_22_stones() {
    assert_all_agree(
        "take-or-merge",
        grundy::games::take_or_merge::small_positions(22),
    );
}

#[test]
fn chocolate_all_positions_with_lengths_up_to_6() {
    assert_all_agree("chocolate", grundy::games::chocolate::small_positions(6));
}

#[test]
fn bounded_take_all_small_piles_and_pairs() {
    assert_all_agree(
        "bounded-take",
        grundy::games::bounded_take::small_positions(25),
    );
}

#[test]
fn bean_split_all_small_rows() {
    assert_all_agree("bean-split", grundy::games::bean_split::small_positions(6));
}

#[test]
fn box_fill_all_small_boxes_both_rules() {
    assert_all_agree(
        "box-fill",
        grundy::games::box_fill::small_positions(BoundRule::Linear, 10),
    );
    assert_all_agree(
        "box-fill-square",
        grundy::games::box_fill::small_positions(BoundRule::Square, 10),
    );
}

#[test]
fn enumerations_are_large_enough_for_verify() {
    // `grundy verify` promises at least 10,000 positions per game by default.
    assert!(grundy::games::end_piles::small_positions(6).len() >= 10_000);
    assert!(grundy::games::take_or_merge::small_positions(25).len() >= 9_000);
    assert!(grundy::games::chocolate::small_positions(7).len() >= 10_000);
    assert!(grundy::games::bounded_take::small_positions(40).len() >= 10_000);
    assert!(grundy::games::bean_split::small_positions(9).len() >= 10_000);
    assert!(grundy::games::box_fill::small_positions(BoundRule::Linear, 12).len() >= 10_000);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn end_piles_random_rows(piles in prop::collection::vec(1u64..=12, 1..=6)) {
        check_one(&EndPiles::new(piles));
    }

    #[test]
    fn take_or_merge_random(piles in prop::collection::vec(1u128..=9, 0..=4)) {
        check_one(&TakeOrMerge::new(piles));
    }

    #[test]
    fn chocolate_random(boxed in prop::collection::vec(1u64..=15, 0..=4), table in prop::collection::vec(1u64..=15, 0..=1)) {
        check_one(&Chocolate::new(boxed, table));
    }

    #[test]
    fn bounded_take_random(piles in prop::collection::vec((0u64..=300, 1u64..=30), 1..=2)) {
        let position = BoundedTake::new(
            (),
            piles.into_iter().map(|(stones, divisor)| grundy::games::bounded_take::Pile { stones, divisor }).collect(),
        );
        check_one(&position);
    }

    #[test]
    fn bean_split_random(beans in prop::collection::vec(0u128..=3, 1..=5)) {
        check_one(&BeanSplit::new(beans));
    }

    #[test]
    fn box_fill_random(boxes in prop::collection::vec((0u64..=120, 0u64..=120), 1..=2)) {
        let bins: Vec<_> = boxes.into_iter().map(|(x, y)| grundy::games::box_fill::Bin { held: x.min(y), capacity: x.max(y) }).collect();
        check_one(&BoxFill::new(BoundRule::Linear, bins.clone()));
        check_one(&BoxFill::new(BoundRule::Square, bins));
    }
}

#[test]
fn solver_memo_is_shared_between_calls() {
    let mut solver = ExhaustiveSolver::new();
    let position = EndPiles::new(vec![3, 1, 2]);
    let first = solver.grundy_value(&position);
    let known = solver.positions_solved();
    assert_eq!(solver.grundy_value(&position), first);
    assert_eq!(solver.positions_solved(), known);
    assert!(position.options().len() == 3 + 2);
}

/// The widely copied end-piles recurrence, with the boundary `x = l` in the plain case.
fn copied_first_player_wins(piles: &[u64]) -> bool {
    let n = piles.len();
    if n <= 1 {
        return n == 1;
    }
    let copied = common::copied_extend;
    // left[i][j], right[i][j] for segments i..=j of piles[1..].
    let a = &piles[1..];
    let m = a.len();
    let mut left = vec![vec![0u64; m]; m];
    let mut right = vec![vec![0u64; m]; m];
    for i in 0..m {
        left[i][i] = a[i];
        right[i][i] = a[i];
    }
    for length in 2..=m {
        for i in 0..=m - length {
            let j = i + length - 1;
            left[i][j] = copied(left[i][j - 1], right[i][j - 1], a[j]);
            right[i][j] = copied(right[i + 1][j], left[i + 1][j], a[i]);
        }
    }
    piles[0] != left[0][m - 1]
}

#[test]
fn verify_catches_a_deliberately_wrong_rule() {
    let positions = grundy::games::end_piles::small_positions(4);
    let wrong = |position: &EndPiles, verdict: &Verdict<EndPiles>| -> Result<(), String> {
        let claimed = copied_first_player_wins(&position.piles);
        let truth = verdict.winner() == grundy::core::Winner::First;
        if claimed == truth {
            Ok(())
        } else {
            Err(format!("copied rule says first wins: {claimed}"))
        }
    };
    let report = cross_check(
        "end-piles (copied rule)",
        &positions,
        wrong,
        &ProgressBar::hidden(),
    );
    assert!(report.disagreements > 0, "{report}");
    let counter = report
        .counterexample
        .clone()
        .expect("a counter-example is reported");
    // The smallest one in enumeration order: rows are listed shortest first.
    let first_bad = positions
        .iter()
        .find(|p| {
            let mut solver = ExhaustiveSolver::new();
            let truth = solver.grundy_value(*p) != grundy::core::Nimber::ZERO;
            truth != copied_first_player_wins(&p.piles)
        })
        .unwrap();
    assert_eq!(counter.position, first_bad.to_string());
    assert!(report.to_string().contains("smallest counter-example"));
}

#[test]
fn verify_catches_a_wrong_grundy_value() {
    let positions = grundy::games::box_fill::small_positions(BoundRule::Linear, 4);
    let off_by_one = |position: &BoxFill, verdict: &Verdict<BoxFill>| {
        let claimed = position.grundy_value().unwrap().0;
        // Claim one more than the theory on any box that is full.
        let claimed = claimed
            + u64::from(
                position
                    .parts()
                    .iter()
                    .any(|b| b.held == b.capacity && b.held > 0),
            );
        if claimed == verdict.value.0 {
            Ok(())
        } else {
            Err(format!("claimed {claimed}"))
        }
    };
    let report = cross_check(
        "box-fill (off by one)",
        &positions,
        off_by_one,
        &ProgressBar::hidden(),
    );
    assert!(report.disagreements > 0);
}
