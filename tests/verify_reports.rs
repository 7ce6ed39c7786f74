//! `verify::report_check` — the check that what `analyze` prints agrees with exhaustive search —
//! passes on the truth and fails on a wrong winner or a wrong set of winning moves.

use grundy::core::{ExhaustiveSolver, ImpartialGame, Nimber};
use grundy::games::nim::{Nim, NimMove};
use grundy::verify::{Verdict, report_check};

fn referee(position: &Nim) -> Verdict<Nim> {
    let mut solver = ExhaustiveSolver::with_play(Nim::convention());
    Verdict {
        value: solver.grundy_value(position),
        winning_moves: solver.winning_moves(position),
    }
}

#[test]
fn the_printed_report_passes_against_the_truth_and_fails_against_a_lie() {
    let won = Nim::new(vec![1, 2, 4]);
    let truth = referee(&won);
    assert_eq!(truth.winning_moves.len(), 1);
    assert_eq!(report_check(&won, &truth), Ok(()));

    let wrong_winner = Verdict {
        value: Nimber(0),
        winning_moves: Vec::new(),
    };
    assert!(
        report_check(&won, &wrong_winner)
            .unwrap_err()
            .contains("first player wins")
    );

    let mut extra_move = truth.clone();
    extra_move
        .winning_moves
        .push((NimMove { heap: 0, take: 1 }, Nim::new(vec![2, 4])));
    assert!(
        report_check(&won, &extra_move)
            .unwrap_err()
            .contains("winning moves")
    );

    let lost = Nim::new(vec![1, 2, 3]);
    assert_eq!(report_check(&lost, &referee(&lost)), Ok(()));
    let lost_called_won = Verdict {
        value: Nimber(1),
        winning_moves: Vec::new(),
    };
    assert!(report_check(&lost, &lost_called_won).is_err());
}
