//! Coin-turning games (Winning Ways, ch. 14, "Turn and Turn About"): a row (or a board) of
//! coins, some heads; a move turns over a set of coins allowed by the rule, the rightmost (on a
//! board: the corner with the larger coordinates) from heads to tails. The player who cannot
//! move (every coin tails) loses.
//!
//! **Rules** (positions count from 1; [`rule`]): `coins:ruler` turns a run of consecutive
//! coins; `coins:mock-turtles` one, two or three coins; `coins:turtles` one or two; `coins:twins`
//! exactly two. Products `coins:A*B` ([`grid`]) play on a board: a move at a heads square
//! (a, b) is a move A of rule A at a and a move B of rule B at b, turning the squares A × B.
//! `turning-corners` is `coins:turtles*turtles`: a move turns the four corners of a rectangle
//! whose corner with the larger coordinates is heads, or the two ends of a line, or one square
//! — HDU 3404's game. (Winning Ways' own Turning Corners turns proper rectangles only:
//! `coins:twins*twins`, whose values are those of turning-corners shifted by one square.)
//!
//! **Theory.** Turning a set of coins is the same as playing in each coin separately (a tails
//! coin turned up is a heads coin added, and two heads coins at one place cancel, as two equal
//! Nim heaps do), so a position is the disjunctive sum of its heads coins, and its value is the
//! nim-sum of their values g(n), where g(n) is the mex of the values of the moves at n (the
//! nim-sums of the other coins each move turns). Worked out (and checked by `verify` on every
//! row of up to 12 coins against exhaustive search of the moves as the rules state them):
//!
//! * ruler: g(n) = the largest power of 2 dividing n (a run ending at n reaches every smaller
//!   value; the ruler values of 1 … n nim-sum to the Gray code n ⊕ (n >> 1));
//! * mock-turtles: g(n) = the (n − 1)-th *odious* number (odd count of 1 bits): 1, 2, 4, 7, 8,
//!   11, 13, 14, … — the value 2m or 2m + 1 (m = n − 1), whichever is odious;
//! * turtles: g(n) = n (Nim itself: a coin at n moves to any coin below it, or vanishes);
//! * twins: g(n) = n − 1 (a turtle one place to the left; the coin at 1 cannot move).
//!
//! On a board, the **Tartan theorem** gives g(x, y) = g_A(x) ⊗ g_B(y), the nim-product of
//! [`crate::nimber_field`] — see [`grid`], which also says how the winning moves are found by
//! solving in the field.
//!
//! **Domain.** Coins up to 2^63 (a mock-turtle at 2^63 is worth 2^64 − 1), except on a ruler
//! axis, up to [`rule::MAX_RULER_COIN`] (a move there turns a run, and the position it leads to
//! holds every coin of it). Winning moves of a board are counted within [`grid::MOVE_BUDGET`].
//!
//! **Sources.** E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your Mathematical
//! Plays*, ch. 14; J. H. Conway, *On Numbers and Games*, ch. 6 and 11; H. W. Lenstra, "Nim
//! multiplication" (1977). Judge problems: HDU 3404 "Switch lights" and, on
//! `coins:mock-turtles`, HDU 3537 "Daizhenyang's Coin" ([`formats`]).

pub mod formats;
pub mod grid;
pub mod line;
pub mod notation;
pub mod rule;

use crate::game::{Entry, Game, GameInfo};
use grid::CoinGrid;
use line::CoinLine;
use rule::Rule;
use std::sync::Arc;

/// The spelling of HDU 3404's game, `coins:turtles*turtles`.
pub const TURNING_CORNERS: &str = "turning-corners";

/// The prefix of the coin games' spellings.
pub const PREFIX: &str = "coins:";

/// What `grundy list` prints about the coin games.
pub const COINS_HELP: &str = "\
Coin-turning games (a position is the heads' positions, from 1: `1 4 7`; on a board, squares
`x,y`: `1,2 3,4`; a move turns coins by the rule, the rightmost from heads to tails):
  coins:ruler        turn a run of consecutive coins (move `2..5`)      g(n) = largest 2^k | n
  coins:mock-turtles turn one, two or three coins (move `1,3,5`)       g(n) = odious numbers
  coins:turtles      turn one or two coins (move `3,5`)                 g(n) = n
  coins:twins        turn exactly two coins (move `3,5`)                g(n) = n - 1
  coins:A*B          the product board of two rules: a move `A*B` turns the squares A x B,
                     the top corner heads; g(x, y) = g_A(x) * g_B(y) (nim-product)
  turning-corners    coins:turtles*turtles (HDU 3404): turn the corners of a rectangle
  verify:   --size S = every row of S coins (default 12, at most 16); boards S x S (default 3,
            at most 4)";

/// Every subset of `items`, by bit masks in increasing order.
fn subsets<T: Copy>(items: &[T]) -> Vec<Vec<T>> {
    (0..1u32 << items.len())
        .map(|mask| {
            items
                .iter()
                .enumerate()
                .filter(|&(index, _)| mask >> index & 1 == 1)
                .map(|(_, &item)| item)
                .collect()
        })
        .collect()
}

/// Every row of `size` coins under `rule`.
pub fn small_lines(rule: Rule, size: u64) -> Vec<CoinLine> {
    let coins: Vec<u64> = (1..=size).collect();
    subsets(&coins)
        .into_iter()
        .map(|heads| CoinLine::new(rule, heads))
        .collect()
}

/// Every `size` × `size` board under `rules`.
pub fn small_grids(rules: (Rule, Rule), size: u64) -> Vec<CoinGrid> {
    let squares: Vec<(u64, u64)> = (1..=size)
        .flat_map(|x| (1..=size).map(move |y| (x, y)))
        .collect();
    subsets(&squares)
        .into_iter()
        .map(|heads| CoinGrid::new(rules, heads))
        .collect()
}

const SOURCE: &str = "Winning Ways ch. 14 (Turn and Turn About); ONAG ch. 6 and 11";

/// The game of one rule on a row.
pub fn line_game(rule: Rule) -> Box<dyn Game> {
    let moves = match rule {
        Rule::Ruler => "the run of coins turned, `a..h` (h heads), or `h` alone: `2..5`",
        Rule::MockTurtles => "the coins turned, ascending, the last heads: `5`, `2,5`, `1,2,5`",
        Rule::Turtles => "the coins turned, ascending, the last heads: `5` or `2,5`",
        Rule::Twins => "the two coins turned, ascending, the last heads: `2,5`",
    };
    Box::new(Entry::<CoinLine> {
        info: GameInfo {
            name: format!("{PREFIX}{rule}"),
            rules: format!("a row of coins, some heads; {}", rule.describe()),
            position: "the heads' positions, from 1 (printed ascending): `1 4 7`".to_string(),
            moves: moves.to_string(),
            source: SOURCE.to_string(),
            verify_size: "every row of S coins, heads or tails (default 12)".to_string(),
            domain: format!(
                "coins at 1 to {} (values are arithmetic on the positions)",
                rule.max_coin()
            ),
        },
        parse: Arc::new(move |text: &str| CoinLine::parse(rule, text)),
        positions: Arc::new(move |size| Ok(small_lines(rule, size))),
        default_size: 12,
        max_size: 16,
        misere_size: 12,
        extra_checks: &[],
        formats: if rule == Rule::MockTurtles {
            formats::MOCK_TURTLES_FORMATS
        } else {
            &[]
        },
        heap_game: None,
        conjecture: None,
        misere: None,
        compounds: None,
        censuses: None,
    })
}

/// The product board of two rules (`turning-corners` for turtles × turtles, with HDU 3404's
/// and the nimber arithmetic's judge formats).
pub fn grid_game(rules: (Rule, Rule)) -> Box<dyn Game> {
    let corners = rules == (Rule::Turtles, Rule::Turtles);
    let name = if corners {
        TURNING_CORNERS.to_string()
    } else {
        format!("{PREFIX}{}*{}", rules.0, rules.1)
    };
    let source = if corners {
        format!("HDU 3404 Switch lights; {SOURCE}")
    } else {
        SOURCE.to_string()
    };
    Box::new(Entry::<CoinGrid> {
        info: GameInfo {
            name,
            rules: format!(
                "a board of coins, some heads; a move at a heads square (a, b) turns the squares \
                 A x B for a {} move A at a (x: {}) and a {} move B at b (y: {})",
                rules.0,
                rules.0.describe(),
                rules.1,
                rules.1.describe()
            ),
            position: "the heads squares `x,y`, from 1 (printed ascending): `1,2 3,4`".to_string(),
            moves: "A*B, the coins of the two factors (each as in its 1-D game), the top corner \
                    heads: `1,3*2,4` turns 1,2 1,4 3,2 3,4"
                .to_string(),
            source,
            verify_size: "every S x S board (default 3)".to_string(),
            domain: format!(
                "squares up to {},{} (values: nim-products of the axes' values); winning moves \
                 are counted while the smaller factor's moves number at most 2^22 in all",
                rules.0.max_coin(),
                rules.1.max_coin()
            ),
        },
        parse: Arc::new(move |text: &str| CoinGrid::parse(rules, text)),
        positions: Arc::new(move |size| Ok(small_grids(rules, size))),
        default_size: 3,
        max_size: 4,
        misere_size: 3,
        extra_checks: &[],
        formats: if corners { formats::FORMATS } else { &[] },
        heap_game: None,
        conjecture: None,
        misere: None,
        compounds: None,
        censuses: None,
    })
}

/// The coin game a spelling names: `None` when it is no coin spelling, an error when it is a
/// malformed one.
pub fn resolve(spelling: &str) -> Option<Result<Box<dyn Game>, String>> {
    if spelling == TURNING_CORNERS {
        return Some(Ok(grid_game((Rule::Turtles, Rule::Turtles))));
    }
    let rest = spelling.strip_prefix(PREFIX)?;
    let rule = |name: &str| {
        Rule::from_name(name).ok_or_else(|| {
            format!(
                "unknown coin rule `{name}` in `{spelling}`: the rules are ruler, mock-turtles, \
                 turtles, twins (and products A*B of two)"
            )
        })
    };
    Some(match rest.split_once('*') {
        None => rule(rest).map(line_game),
        Some((first, second)) => {
            rule(first).and_then(|first| rule(second).map(|second| grid_game((first, second))))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{ExhaustiveSolver, Nimber};
    use crate::verify::{Verdict, theory_check};

    fn check_all<G: crate::theory::Theory + Send + Sync>(positions: &[G]) {
        let mut solver = ExhaustiveSolver::new();
        for position in positions {
            let verdict = Verdict {
                value: solver.grundy_value(position),
                winning_moves: solver.winning_moves(position),
            };
            if let Err(detail) = theory_check(position, &verdict) {
                panic!("{position}: {detail}");
            }
        }
    }

    #[test]
    fn rows_agree_with_exhaustive_search() {
        for rule in Rule::ALL {
            check_all(&small_lines(rule, 8));
        }
    }

    #[test]
    fn small_boards_agree_with_exhaustive_search() {
        for first in Rule::ALL {
            for second in Rule::ALL {
                check_all(&small_grids((first, second), 2));
            }
        }
        check_all(&small_grids((Rule::Turtles, Rule::Turtles), 3));
    }

    #[test]
    fn values_are_the_known_sequences() {
        let values = |rule: Rule| (1..=8).map(|n| rule.value(n)).collect::<Vec<_>>();
        assert_eq!(values(Rule::Ruler), [1, 2, 1, 4, 1, 2, 1, 8]);
        assert_eq!(values(Rule::MockTurtles), [1, 2, 4, 7, 8, 11, 13, 14]);
        assert_eq!(values(Rule::Turtles), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(values(Rule::Twins), [0, 1, 2, 3, 4, 5, 6, 7]);
        let mut solver = ExhaustiveSolver::new();
        for rule in Rule::ALL {
            for n in 1..=10 {
                let lone = CoinLine::new(rule, vec![n]);
                assert_eq!(
                    solver.grundy_value(&lone),
                    Nimber(rule.value(n)),
                    "{rule} {n}"
                );
            }
        }
    }

    #[test]
    fn spellings_resolve() {
        assert_eq!(
            resolve("coins:ruler").unwrap().unwrap().info().name,
            "coins:ruler"
        );
        assert_eq!(
            resolve("coins:turtles*turtles")
                .unwrap()
                .unwrap()
                .info()
                .name,
            TURNING_CORNERS
        );
        assert!(resolve("coins:nope").unwrap().is_err());
        assert!(resolve("coins:ruler*").unwrap().is_err());
        assert!(resolve("kayles").is_none());
    }
}
