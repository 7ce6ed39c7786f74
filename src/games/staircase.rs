//! Staircase Nim: coins on a staircase; a move carries coins one stair down.
//!
//! **Rules.** A position is a row of stairs, stair 1 the lowest, each holding some coins (0 or
//! more). A move takes k ≥ 1 coins from one stair i and puts them on stair i − 1; from stair 1
//! they leave the staircase for the ground, where they stay. The player who cannot move (every
//! coin on the ground) loses.
//!
//! **Notation.** A position is the coins on stairs 1, 2, … in order: `3 0 2 5` has 3 coins on
//! stair 1 and 5 on stair 4. A move `4-2` carries 2 coins from stair 4 down to stair 3. The
//! coins of a position total at most 2^64 − 1, so no stair ever overflows.
//!
//! **Theory.** The game is Nim on the odd stairs: G = a₁ ⊕ a₃ ⊕ a₅ ⊕ …. *Proof sketch.* A move
//! from an odd stair i lowers a_i (to an even stair or the ground: Nim's move on a_i), so every
//! value below X = a₁ ⊕ a₃ ⊕ … is reached as in Nim. A move from an even stair i raises the odd
//! stair a_{i−1}, and a move from an odd stair lowers it: either way X changes, so no option is
//! worth X, and G = X. In play: coins carried from an even stair i onto odd stair i − 1 are
//! carried on by the opponent to even stair i − 2 (the ground when i = 2), which restores the
//! odd stairs — so even stairs never help the player who is losing the odd stairs' Nim.
//!
//! **Winning moves.** With X ≠ 0: from an odd stair i, carry a_i − (a_i ⊕ X) coins down when
//! a_i ⊕ X < a_i (Nim's move); from an even stair i, carry (a_{i−1} ⊕ X) − a_{i−1} coins down
//! when a_{i−1} ⊕ X > a_{i−1} and stair i holds that many. Each stair has at most one winning
//! move, and these are all of them (a winning move must leave X = 0).
//!
//! **The judges.** POJ 1704 "Georgia and Bob" puts pieces on distinct cells of a row; a move
//! slides a piece left, not past another or the edge. With the pieces sorted and a wall at cell
//! 0, the empty cells before piece j form a gap g_j; moving piece j left moves cells from g_j
//! to g_{j+1}, and the last piece's gap empties to nowhere: Staircase Nim whose stair 1 is the
//! rightmost gap — the first player wins when g_N ⊕ g_{N−2} ⊕ … ≠ 0 (the pieces paired from the
//! right). Luogu P8606 (蓝桥杯 2013 国赛 B "高僧斗法") is the same with monks walking up a
//! staircase whose top stair is occupied: the gap above monk j is stair j, and a winning move
//! is printed as `A B` (monk at A walks to B, the smallest A), or -1. AcWing 892 (台阶-Nim游戏)
//! is Staircase Nim itself.
//!
//! **Sources.** R. Sprague (1937) and the Staircase Nim of Winning Ways, ch. 2; POJ 1704,
//! Luogu P8606, AcWing 892.

use crate::core::{ImpartialGame, Nimber, Winner};
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{
    Arrangement, BILLION, Bounds, CaseLayout, Format, Generators, Item, Shape, small_row,
};
use crate::misere::game::MisereTheory;
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;

/// The game's spelling on the command line.
pub const NAME: &str = "staircase";

/// The numbers the game accepts.
pub const DOMAIN: &str = "any number of stairs holding 0 to 2^64 - 1 coins in all (every answer \
                          is the nim-sum of the odd stairs and arithmetic on them)";

/// A Staircase Nim position: coins on stairs 1, 2, … (index 0 is stair 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Staircase {
    stairs: Vec<u64>,
}

/// Carry `coins` coins from stair `stair` (0-based: 0 is stair 1) one stair down.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StairMove {
    /// Which stair, 0-based (0 is stair 1, whose coins go to the ground).
    pub stair: usize,
    /// How many coins (1 to the stair's coins).
    pub coins: u64,
}

/// The nim-sum of the odd stairs (1, 3, …: the even indices).
pub fn odd_stairs_sum(stairs: &[u64]) -> u64 {
    stairs.iter().step_by(2).fold(0, |sum, &coins| sum ^ coins)
}

/// The winning moves of stairs whose odd stairs' nim-sum is `sum`, stair by stair (0-based).
fn winning_carries(stairs: &[u64], sum: u64) -> impl Iterator<Item = StairMove> + '_ {
    stairs
        .iter()
        .enumerate()
        .filter(move |_| sum != 0)
        .filter_map(move |(stair, &coins)| {
            let carry = if stair % 2 == 0 {
                let target = coins ^ sum;
                (target < coins).then(|| coins - target)?
            } else {
                let below = stairs[stair - 1];
                let target = below ^ sum;
                (target > below).then(|| target - below)?
            };
            (carry >= 1 && carry <= coins).then_some(StairMove {
                stair,
                coins: carry,
            })
        })
}

impl Staircase {
    /// The position with these coins on stairs 1, 2, …; `None` when they total more than
    /// 2^64 − 1.
    pub fn new(stairs: Vec<u64>) -> Option<Staircase> {
        stairs
            .iter()
            .try_fold(0u64, |total, &coins| total.checked_add(coins))?;
        Some(Staircase { stairs })
    }

    /// The coins on stairs 1, 2, ….
    pub fn stairs(&self) -> &[u64] {
        &self.stairs
    }

    /// Parses the coins of stairs 1, 2, … separated by whitespace; errors are located.
    pub fn parse(text: &str) -> Result<Staircase, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut stairs = Vec::new();
        let mut total = 0u64;
        while let Some(token) = scanner.next_token() {
            let coins = token.parse_u64("a number of coins")?;
            total = total.checked_add(coins).ok_or_else(|| {
                token.error("the coins total more than 2^64 - 1, past the game's domain")
            })?;
            stairs.push(coins);
        }
        Ok(Staircase { stairs })
    }
}

impl fmt::Display for Staircase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_numbers(f, &self.stairs, " ")
    }
}

impl ImpartialGame for Staircase {
    type Move = StairMove;

    fn moves(&self) -> Vec<StairMove> {
        self.some_moves(usize::MAX).0
    }

    fn play(&self, mv: &StairMove) -> Staircase {
        let mut stairs = self.stairs.clone();
        stairs[mv.stair] -= mv.coins;
        if mv.stair > 0 {
            // The total is at most 2^64 − 1, so no stair overflows.
            stairs[mv.stair - 1] += mv.coins;
        }
        Staircase { stairs }
    }

    fn move_to(&self, target: &Staircase) -> Option<StairMove> {
        if target.stairs.len() != self.stairs.len() {
            return None;
        }
        let changed: Vec<usize> = (0..self.stairs.len())
            .filter(|&i| self.stairs[i] != target.stairs[i])
            .collect();
        let stair = *changed.last()?;
        let coins = self.stairs[stair].checked_sub(target.stairs[stair])?;
        let mv = StairMove { stair, coins };
        (coins >= 1 && changed.len() <= 2 && self.play(&mv) == *target).then_some(mv)
    }

    fn some_moves(&self, limit: usize) -> (Vec<StairMove>, bool) {
        let mut moves = Vec::new();
        for (stair, &coins) in self.stairs.iter().enumerate() {
            let mut carry = 1;
            while carry <= coins {
                if moves.len() == limit {
                    return (moves, true);
                }
                moves.push(StairMove {
                    stair,
                    coins: carry,
                });
                carry += 1;
            }
        }
        (moves, false)
    }

    fn quiet_move(&self) -> Option<StairMove> {
        // One coin from the highest stair that holds any: the longest way down.
        let stair = self.stairs.iter().rposition(|&coins| coins > 0)?;
        Some(StairMove { stair, coins: 1 })
    }
}

impl Notation for Staircase {
    fn format_move(&self, mv: &StairMove) -> String {
        format!("{}-{}", mv.stair + 1, mv.coins)
    }

    fn parse_move(&self, text: &str) -> Result<StairMove, String> {
        let text = text.trim();
        let shape = "write <stair>-<k>: carry k coins from a stair one stair down (stairs count \
                     from 1, the lowest), e.g. 3-2";
        let (stair_text, coins_text) = text
            .split_once('-')
            .ok_or_else(|| format!("`{text}` is not a move: {shape}"))?;
        let number = crate::notation::parse_move_number(stair_text, "a stair number", shape)?;
        let stair = number
            .checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .filter(|&i| i < self.stairs.len())
            .ok_or_else(|| {
                format!(
                    "there is no stair {number} (stairs count from 1; this position has {})",
                    self.stairs.len()
                )
            })?;
        let coins = crate::notation::parse_move_number(coins_text, "a number of coins", shape)?;
        let held = self.stairs[stair];
        if coins == 0 || coins > held {
            return Err(format!(
                "stair {number} holds {held} coins: carry 1 to {held}, not {coins}"
            ));
        }
        Ok(StairMove { stair, coins })
    }

    fn is_canonical_text(text: &str) -> bool {
        crate::notation::is_canonical_number_list(text)
    }
}

impl Theory for Staircase {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(odd_stairs_sum(&self.stairs)).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(odd_stairs_sum(&self.stairs)))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Staircase>, AnalysisError> {
        let sum = odd_stairs_sum(&self.stairs);
        let mut collector = MoveCollector::new(limit);
        for mv in winning_carries(&self.stairs, sum) {
            collector.push(|| WinningMove {
                mv,
                reason: if mv.stair % 2 == 0 {
                    format!(
                        "odd stair {} keeps {}: the odd stairs' nim-sum becomes 0",
                        mv.stair + 1,
                        self.stairs[mv.stair] - mv.coins
                    )
                } else {
                    format!(
                        "odd stair {} grows to {}: the odd stairs' nim-sum becomes 0",
                        mv.stair,
                        self.stairs[mv.stair - 1] + mv.coins
                    )
                },
            });
        }
        Ok(collector.finish())
    }
}

impl MisereTheory for Staircase {}

/// The small positions for `verify`: every staircase of up to 3 stairs of up to `size` coins,
/// and of 4 stairs of up to `size / 2`.
pub fn small_positions(size: u64) -> Vec<Staircase> {
    let mut rows = crate::enumerate::sequences(3, 0, size);
    rows.extend(
        crate::enumerate::sequences(4, 0, size / 2)
            .into_iter()
            .filter(|row| row.len() == 4),
    );
    rows.into_iter().filter_map(Staircase::new).collect()
}

/// Staircase Nim as a [`Game`].
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(
        Entry::<Staircase>::fixed(
            GameInfo {
                name: NAME.to_string(),
                rules: "coins on stairs 1, 2, … (1 the lowest); carry any number of coins (at \
                        least one) from one stair to the stair below (from stair 1, to the \
                        ground)"
                    .into(),
                position: "the coins on stairs 1, 2, … in order (0 allowed): `3 0 2 5`".into(),
                moves: "<stair>-<k>: carry k coins from stair <stair> one stair down: `4-2`".into(),
                source: "Sprague (1937); Winning Ways ch. 2; POJ 1704 Georgia and Bob, Luogu \
                         P8606 高僧斗法, AcWing 892 (`solve staircase --dialect …`)"
                    .into(),
                verify_size: "up to 3 stairs of up to S coins, 4 stairs of up to S/2 \
                              (default 6)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            Staircase::parse,
            small_positions,
            (6, 14),
            FORMATS,
        )
        .with_misere_size(4),
    )
}

/// AcWing 892, POJ 1704 and Luogu P8606.
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: Some("acwing892"),
        describe: "AcWing 892 台阶-Nim游戏: n, then the coins a_1..a_n of stairs 1..n; prints Yes \
                   if the first player wins, else No",
        solve: solve_acwing892,
        // AcWing 892: n <= 10^5, 1 <= a_i <= 10^9.
        shape: Shape::piles(
            &Draws {
                arrangement: Arrangement::Row,
            },
            CaseLayout::Single,
            1,
            Bounds::piles(1, 100_000, (1, BILLION)),
            Bounds::piles(1, 200_000, (0, 1 << 40)),
        ),
    },
    Format {
        dialect: Some("poj1704"),
        describe: "POJ 1704 Georgia and Bob: T, then per case N and N distinct cells 1..; prints \
                   `Georgia will win` if the first player wins, else `Bob will win`",
        solve: solve_poj1704,
        // POJ 1704: T <= 20, N <= 1000, distinct 1 <= P_i <= 10000.
        shape: Shape::piles(
            &Draws {
                arrangement: Arrangement::Set,
            },
            CaseLayout::Counted,
            3,
            Bounds::piles(20, 1000, (1, 10_000)),
            Bounds::piles(40, 2000, (1, BILLION)),
        ),
    },
    Format {
        dialect: Some("p8606"),
        describe: "Luogu P8606 高僧斗法: one line of the monks' distinct stairs (the highest is \
                   the top of the staircase); prints `A B`, the winning move of the lowest monk \
                   that has one (monk at A walks up to B), or -1",
        solve: solve_p8606,
        // P8606: N < 100 monks, fewer than 1000 stairs.
        shape: Shape::piles(
            &Draws {
                arrangement: Arrangement::Set,
            },
            CaseLayout::Single,
            2,
            Bounds::piles(1, 99, (1, 999)),
            Bounds::piles(1, 400, (1, 100_000)),
        )
        .uncounted(),
    },
];

/// What the contest tools draw of Staircase Nim: coins per stair (AcWing), or distinct cells
/// (POJ 1704, P8606).
struct Draws {
    arrangement: Arrangement,
}

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((1..=6).map(|a| [a, 0]).collect(), 4)
    }

    fn arrangement(&self) -> Arrangement {
        self.arrangement
    }

    /// The ends of the range, and neighbouring values (adjacent pieces: empty gaps).
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let value = match (rng.between(0, 3), before.last()) {
            (0, _) => high,
            (1, _) => low,
            (2, Some(&[last, _])) => last.saturating_add(1),
            _ => rng.spread(low, high),
        };
        [value.clamp(low, high), 0]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| rng.between(0, 5).to_string())
    }
}

/// Reads AcWing 892: n and the coins of stairs 1..n.
fn solve_acwing892(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let n = scanner.next_count("the number of stairs n")?;
    let mut sum = 0u64;
    for stair in 0..n {
        let coins = scanner.next_u64("a number of coins a_i")?;
        if stair % 2 == 0 {
            sum ^= coins;
        }
    }
    scanner.expect_end()?;
    Ok(if sum != 0 { "Yes\n" } else { "No\n" }.to_string())
}

/// Reads `count` distinct cells (at least 1 each; all to the end of the input when `count` is
/// `None`), sorted; a repeated cell is a located error.
fn read_cells(
    scanner: &mut Scanner<'_>,
    count: Option<usize>,
    what: &str,
) -> Result<Vec<u64>, InputError> {
    let mut cells = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while count.map_or(!scanner.at_end(), |count| cells.len() < count) {
        let token = scanner.expect_token(what)?;
        let cell = token.parse_u64(what)?;
        if cell == 0 {
            return Err(token.error("cells count from 1, found `0`"));
        }
        if !seen.insert(cell) {
            return Err(token.error(format!(
                "two pieces on cell {cell}: the cells must be distinct"
            )));
        }
        cells.push(cell);
    }
    cells.sort_unstable();
    Ok(cells)
}

/// The gaps of sorted distinct cells as Staircase Nim, stair 1 first: for cells moving left
/// (POJ 1704), the gap before the last piece is stair 1.
fn leftward_stairs(cells: &[u64]) -> Vec<u64> {
    let mut previous = 0;
    let mut gaps: Vec<u64> = cells
        .iter()
        .map(|&cell| {
            let gap = cell - previous - 1;
            previous = cell;
            gap
        })
        .collect();
    gaps.reverse();
    gaps
}

/// Reads POJ 1704 cases.
fn solve_poj1704(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    crate::judge::for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of pieces N")?;
        let cells = read_cells(scanner, Some(n), "a piece's cell P_i")?;
        let wins = odd_stairs_sum(&leftward_stairs(&cells)) != 0;
        out.push_str(if wins {
            "Georgia will win\n"
        } else {
            "Bob will win\n"
        });
        Ok(())
    })?;
    Ok(out)
}

/// Reads Luogu P8606: monks on distinct stairs walking up; the gap above monk j (below monk
/// j + 1) is stair j; a monk's walk of k carries k from the gap above it to the gap below.
fn solve_p8606(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let monks = read_cells(&mut scanner, None, "a monk's stair")?;
    let gaps: Vec<u64> = monks.windows(2).map(|pair| pair[1] - pair[0] - 1).collect();
    let sum = odd_stairs_sum(&gaps);
    // Monk j (0-based) walking up k carries k from gap j (stair j + 1) down; each monk has at
    // most one winning walk, so the lowest monk with one is the answer.
    let best = winning_carries(&gaps, sum).next();
    Ok(match best {
        Some(mv) => {
            let from = monks[mv.stair];
            format!("{from} {}\n", from + mv.coins)
        }
        None => "-1\n".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ExhaustiveSolver;

    #[test]
    fn theory_agrees_with_exhaustive_search() {
        let mut solver = ExhaustiveSolver::new();
        for position in small_positions(5) {
            assert_eq!(
                position.grundy_value(),
                Some(solver.grundy_value(&position)),
                "{position}"
            );
            let moves = position.winning_moves(usize::MAX).unwrap();
            let mut claimed: Vec<String> = moves
                .listed
                .iter()
                .map(|w| position.play(&w.mv).to_string())
                .collect();
            claimed.sort();
            let mut truth: Vec<String> = position
                .options()
                .into_iter()
                .filter(|next| solver.grundy_value(next) == Nimber::ZERO)
                .map(|next| next.to_string())
                .collect();
            truth.sort();
            truth.dedup();
            assert_eq!(claimed, truth, "{position}");
            assert_eq!(moves.total, truth.len() as u128);
        }
    }

    #[test]
    fn the_samples() {
        assert_eq!(solve_acwing892(b"3\n2 1 3\n").unwrap(), "Yes\n");
        assert_eq!(
            solve_poj1704(b"2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n").unwrap(),
            "Bob will win\nGeorgia will win\n"
        );
        assert_eq!(solve_p8606(b"1 5 9\n").unwrap(), "1 4\n");
        assert_eq!(solve_p8606(b"1 5 8 10\n").unwrap(), "1 3\n");
        assert!(solve_poj1704(b"1\n2\n3 3\n").is_err());
        assert!(solve_p8606(b"0 4\n").is_err());
    }

    #[test]
    fn coins_total_at_most_u64() {
        assert!(Staircase::parse("18446744073709551615 1").is_err());
        let position = Staircase::parse("1 18446744073709551614").unwrap();
        let mv = position.parse_move("2-18446744073709551614").unwrap();
        assert_eq!(position.play(&mv).to_string(), "18446744073709551615 0");
        assert!(position.parse_move("3-1").is_err());
        assert!(position.parse_move("1-2").is_err());
    }
}
