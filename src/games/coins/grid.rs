//! Two-dimensional coin-turning games, the products of two rules (Winning Ways, ch. 14): a
//! move at a heads square (a, b) is a move A of the first rule at a and a move B of the second
//! at b, and turns every square (x, y) with x in A and y in B.
//!
//! **Tartan theorem.** The value of a heads square (x, y) is g₁(x) ⊗ g₂(y), and a position's
//! value is the nim-sum over its heads. *Sketch:* the moves of the product at (a, b) are the
//! products of the factors' moves, and A × B is worth (⊕_{x∈A} g₁(x)) ⊗ (⊕_{y∈B} g₂(y)) by
//! distributivity; the mex over these products of the factors' options is the defining mex of
//! the nim-product g₁(a) ⊗ g₂(b), once one knows that the options of g₁(a) are exactly the
//! values α ⊕ g₁(a) of the moves at a, with every smaller value among them (so for 1-D games,
//! whose values are their positions' mex). The exhaustive search of `verify` checks it on
//! every board up to 4 × 4.
//!
//! **Winning moves, by solving in the field.** A move A × B from a position of value X ≠ 0
//! wins exactly when α ⊗ β = X, α and β the values of the coins A and B turn. For each heads
//! square, grundy enumerates the moves of the factor with fewer moves there, and for each (its
//! α ≠ 0) solves the other factor for β = X ⊗ α⁻¹ ([`Rule::solve`]: at most one move for the
//! ruler, turtles and twins rules, the pairs of [`super::rule::xor_pairs`] for mock turtles).
//! That costs the smaller factor's move count per heads square instead of the product of both
//! (for Turning Corners at (a, b), min(a, b) instead of a · b); beyond [`MOVE_BUDGET`] moves
//! in all the count is refused as too large (the value and the winner are still given in the
//! message): with coordinates near 2^63 no exact count of the winning moves is within reach.

use super::line::{toggle_all, turned_coins};
use super::notation::{format_product, parse_grid, parse_product, write_grid};
use super::rule::{Others, Rule, Turn};
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::nimber_field::arithmetic::{inverse, product};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;

/// The most moves of one factor `analyze` tries in all to count a position's winning moves.
pub const MOVE_BUDGET: u128 = 1 << 22;

/// A product board: the two rules (of x, of y) and the heads squares, ascending.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinGrid {
    rules: (Rule, Rule),
    heads: Vec<(u64, u64)>,
}

/// A move of a product: the first rule's move in x and the second's in y.
pub type ProductMove = (Turn, Turn);

impl CoinGrid {
    /// The board with these heads (ascending, distinct, within the axes).
    pub fn new(rules: (Rule, Rule), heads: Vec<(u64, u64)>) -> CoinGrid {
        debug_assert!(heads.windows(2).all(|pair| pair[0] < pair[1]));
        CoinGrid { rules, heads }
    }

    /// Reads heads squares `x,y` separated by spaces; errors are located.
    pub fn parse(rules: (Rule, Rule), text: &str) -> Result<CoinGrid, crate::scanner::InputError> {
        let max = (rules.0.max_coin(), rules.1.max_coin());
        Ok(CoinGrid::new(rules, parse_grid(text, max)?))
    }

    /// The heads squares, ascending.
    pub fn heads(&self) -> &[(u64, u64)] {
        &self.heads
    }

    /// The value of one heads square, g₁(x) ⊗ g₂(y).
    pub fn square_value(&self, (x, y): (u64, u64)) -> u64 {
        product(self.rules.0.value(x), self.rules.1.value(y))
    }

    /// The nim-sum of the heads' values.
    pub fn value(&self) -> u64 {
        self.heads
            .iter()
            .fold(0, |sum, &square| sum ^ self.square_value(square))
    }

    fn all_moves(&self) -> impl Iterator<Item = ProductMove> + '_ {
        let (first, second) = self.rules;
        self.heads.iter().rev().flat_map(move |&(a, b)| {
            first.moves_at(a).flat_map(move |x| {
                second
                    .moves_at(b)
                    .map(move |y| (Turn { at: a, others: x }, Turn { at: b, others: y }))
            })
        })
    }

    /// The squares a move turns, ascending.
    fn turned(mv: &ProductMove) -> Vec<(u64, u64)> {
        let (xs, ys) = (turned_coins(mv.0), turned_coins(mv.1));
        xs.iter()
            .flat_map(|&x| ys.iter().map(move |&y| (x, y)))
            .collect()
    }
}

impl fmt::Display for CoinGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_grid(f, &self.heads)
    }
}

impl ImpartialGame for CoinGrid {
    type Move = ProductMove;

    fn moves(&self) -> Vec<ProductMove> {
        self.all_moves().collect()
    }

    fn play(&self, mv: &ProductMove) -> CoinGrid {
        CoinGrid {
            rules: self.rules,
            heads: toggle_all(&self.heads, &CoinGrid::turned(mv)),
        }
    }

    fn move_to(&self, target: &CoinGrid) -> Option<ProductMove> {
        if target.rules != self.rules {
            return None;
        }
        let turned = toggle_all(&self.heads, &target.heads);
        let mut xs: Vec<u64> = turned.iter().map(|&(x, _)| x).collect();
        let mut ys: Vec<u64> = turned.iter().map(|&(_, y)| y).collect();
        xs.dedup();
        ys.sort_unstable();
        ys.dedup();
        let join = |coins: &[u64]| {
            coins
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let text = format!("{}*{}", join(&xs), join(&ys));
        let mv = self.parse_move(&text).ok()?;
        (CoinGrid::turned(&mv) == turned).then_some(mv)
    }

    fn some_moves(&self, limit: usize) -> (Vec<ProductMove>, bool) {
        let mut moves: Vec<ProductMove> = self.all_moves().take(limit.saturating_add(1)).collect();
        let more = moves.len() > limit;
        moves.truncate(limit);
        (moves, more)
    }

    fn quiet_move(&self) -> Option<ProductMove> {
        self.all_moves().next()
    }
}

impl Notation for CoinGrid {
    fn format_move(&self, mv: &ProductMove) -> String {
        format_product(mv.0, mv.1)
    }

    fn parse_move(&self, text: &str) -> Result<ProductMove, String> {
        let (x, y) = parse_product(self.rules, text)?;
        if self.heads.binary_search(&(x.at, y.at)).is_err() {
            return Err(format!(
                "square {},{} is tails: a move turns its top corner from heads to tails",
                x.at, y.at
            ));
        }
        Ok((x, y))
    }
}

impl Theory for CoinGrid {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(self.value()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(self.value()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<CoinGrid>, AnalysisError> {
        let value = self.value();
        let mut collector = MoveCollector::new(limit);
        if value == 0 {
            return Ok(collector.finish());
        }
        let (first, second) = self.rules;
        let cost: u128 = self
            .heads
            .iter()
            .map(|&(a, b)| first.move_count(a).min(second.move_count(b)))
            .sum();
        if cost > MOVE_BUDGET {
            return Err(AnalysisError::TooLarge(format!(
                "the position is worth {value}, so the first player wins, but counting its winning \
                 moves would try {cost} moves of one factor (more than {MOVE_BUDGET}): `analyze` \
                 lists winning moves of boards whose smaller factor has fewer moves"
            )));
        }
        for &(a, b) in self.heads.iter().rev() {
            // Enumerate the factor with fewer moves here; solve the other in the field.
            let along_x = first.move_count(a) <= second.move_count(b);
            let (enumerated, solved, here, there) = if along_x {
                (first, second, a, b)
            } else {
                (second, first, b, a)
            };
            for others in enumerated.moves_at(here) {
                let turn = Turn { at: here, others };
                let alpha = enumerated.turn_value(turn);
                let Some(alpha_inverse) = inverse(alpha) else {
                    continue;
                };
                let beta = product(value, alpha_inverse);
                let target = beta ^ solved.value(there);
                let room = usize::from(collector.wants_more()) * limit;
                let mut listed: Vec<Others> = Vec::new();
                let count = solved.solve(there, target, room, &mut |o| listed.push(o));
                let listed_count = listed.len() as u128;
                for found in listed {
                    let other = Turn {
                        at: there,
                        others: found,
                    };
                    let mv = if along_x {
                        (turn, other)
                    } else {
                        (other, turn)
                    };
                    collector.push(|| WinningMove {
                        mv,
                        reason: format!(
                            "the squares turned are worth {} * {} = {value}, the position's \
                             value: 0 is left",
                            first.turn_value(mv.0),
                            second.turn_value(mv.1)
                        ),
                    });
                }
                collector.count_unlisted(count - listed_count);
            }
        }
        Ok(collector.finish())
    }
}
