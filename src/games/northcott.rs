//! # Northcott's game — HDU 1730 "Northcott Game"
//!
//! **Rules (the judge's).** A board of n rows and m columns. Each row holds one black and one
//! white piece, in distinct columns. The first player owns the black pieces, the second the
//! white ones. A move takes one of one's own pieces and slides it along its row, left or right,
//! any number of cells: never onto or over the other piece of the row, never off the board. The
//! player who cannot move loses.
//!
//! **What grundy plays.** The judge's game is partizan (each player moves only their own
//! pieces) and loopy (a piece may move back and forth). grundy models the *impartial game on
//! gaps*: a row is its gap, the number of empty cells between its two pieces, and a move
//! shrinks one row's gap by any positive amount (a piece advancing toward the other). Retreats
//! — moves away from the other piece, which widen a gap — are left out, because they are
//! reversible: the modelled game is Nim on the gaps, with the rows kept in board order.
//!
//! **Theory.** In the modelled game a row of gap g is a Nim heap of g, so the player to move
//! wins exactly when the nim-sum X of the gaps is non-zero, and the winning moves are the rows
//! with g ⊕ X < g, shrunk to g ⊕ X (Bouton). *Why the judge's game has the same winner.* The
//! player with X ≠ 0 (call them the winner) plays the Nim strategy: always leave X = 0. When the
//! loser advances, that is a Nim move, and the winner answers by Nim. When the loser retreats by
//! d cells in a row, the winner advances their own piece of that row by d cells: the gap is
//! back to what it was, so X = 0 again, and the advance is always legal, because the retreat
//! opened d free cells beside the winner's piece. The game still ends: measure each row by
//! Φ = 2·g + p, where p is the distance of the loser's piece from the loser's wall. A loser's
//! advance by d lowers Φ by d, a retreat and its answer lower it by d, a winner's Nim move by
//! 2·d; Φ ≥ 0, so the loser runs out of moves in a position with X = 0 (every gap 0: no advance,
//! and a retreat is always answered). So the first player wins exactly when the nim-sum of the
//! gaps is non-zero. The tests check it against a retrograde analysis of the judge's game
//! itself (both colours' pieces, the side to move, cycles and all) on every position of up to
//! two rows on boards up to 6 wide and of three rows on boards 4 wide: no position is a draw.
//!
//! Misère play is refused: the argument above is for normal play only.
//!
//! **Notation.** A position is its rows' gaps in board order, `2 0 3`; a row may also be
//! written by its pieces' columns `a/b` (black, white), read as the gap |a − b| − 1: `4/5 1/3`
//! is `0 1`. A move `2-3` shrinks the gap of row 2 (from 1, as printed) by 3: a piece advances
//! 3 cells toward the other. Gaps run to 2^64 − 1: every answer is arithmetic on the gaps.
//!
//! **Sources.** HDU 1730 Northcott Game (statement and sample); C. L. Bouton, "Nim, a game with
//! a complete mathematical theory", *Annals of Mathematics* 3 (1901–02); Winning Ways, ch. 2
//! ("Northcott's game", reversible moves).

use crate::core::{ImpartialGame, Nimber, Winner};
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Profile, Shape, small_row};
use crate::misere::game::MisereTheory;
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;

/// The game's spelling on the command line.
pub const NAME: &str = "northcott";

/// The numbers the game accepts.
pub const DOMAIN: &str = "any number of rows, gaps of 0 to 2^64 - 1 cells (every answer is the \
                          nim-sum of the gaps and arithmetic on them); rows `a/b` with columns \
                          from 1 to 2^64 - 1";

/// A position: the gap of each row (the empty cells between its two pieces), in board order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Northcott {
    gaps: Vec<u64>,
}

/// Shrink the gap of row `row` (0-based) by `by` cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Advance {
    /// The row, 0-based.
    pub row: usize,
    /// How many cells the gap shrinks (at least 1, at most the gap).
    pub by: u64,
}

impl Northcott {
    /// The position of these gaps, in board order.
    pub fn new(gaps: Vec<u64>) -> Northcott {
        Northcott { gaps }
    }

    /// The gaps, in board order.
    pub fn gaps(&self) -> &[u64] {
        &self.gaps
    }

    fn nim_sum(&self) -> u64 {
        self.gaps.iter().fold(0, |sum, &gap| sum ^ gap)
    }

    /// Reads gaps (`3`) or rows of columns (`4/5`), separated by whitespace; errors are located.
    pub fn parse(text: &str) -> Result<Northcott, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut gaps = Vec::new();
        while let Some(token) = scanner.next_token() {
            let written = std::str::from_utf8(token.text).unwrap_or("");
            let gap = match written.split_once('/') {
                None => token.parse_u64("a row's gap")?,
                Some((black, white)) => {
                    let column = |text: &str| {
                        text.parse::<u64>().ok().filter(|&c| c >= 1).ok_or_else(|| {
                            token.error(format!(
                                "`{}` is not a row `a/b`: columns are whole numbers from 1",
                                token.show()
                            ))
                        })
                    };
                    let (black, white) = (column(black)?, column(white)?);
                    if black == white {
                        return Err(token.error(format!(
                            "`{}`: the two pieces of a row stand in distinct columns",
                            token.show()
                        )));
                    }
                    black.abs_diff(white) - 1
                }
            };
            gaps.push(gap);
        }
        Ok(Northcott { gaps })
    }
}

impl fmt::Display for Northcott {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_numbers(f, &self.gaps, " ")
    }
}

impl ImpartialGame for Northcott {
    type Move = Advance;

    fn moves(&self) -> Vec<Advance> {
        self.gaps
            .iter()
            .enumerate()
            .flat_map(|(row, &gap)| (1..=gap).map(move |by| Advance { row, by }))
            .collect()
    }

    fn play(&self, mv: &Advance) -> Northcott {
        let mut gaps = self.gaps.clone();
        gaps[mv.row] -= mv.by;
        Northcott { gaps }
    }

    fn move_to(&self, target: &Northcott) -> Option<Advance> {
        let row = crate::notation::single_difference(&self.gaps, &target.gaps)?;
        let (from, to) = (self.gaps[row], target.gaps[row]);
        (to < from).then_some(Advance { row, by: from - to })
    }

    fn some_moves(&self, limit: usize) -> (Vec<Advance>, bool) {
        let mut moves = Vec::new();
        for (row, &gap) in self.gaps.iter().enumerate() {
            let mut by = 1;
            while by <= gap {
                if moves.len() == limit {
                    return (moves, true);
                }
                moves.push(Advance { row, by });
                by += 1;
            }
        }
        (moves, false)
    }

    fn quiet_move(&self) -> Option<Advance> {
        // One cell in the widest gap: the smallest change.
        let (row, _) = self
            .gaps
            .iter()
            .enumerate()
            .filter(|&(_, &gap)| gap > 0)
            .max_by_key(|&(row, &gap)| (gap, std::cmp::Reverse(row)))?;
        Some(Advance { row, by: 1 })
    }

    fn memo_key(&self) -> Northcott {
        // Rows are independent and a row of gap 0 has no move: the multiset of the others.
        let mut gaps: Vec<u64> = self.gaps.iter().copied().filter(|&g| g > 0).collect();
        gaps.sort_unstable();
        Northcott { gaps }
    }
}

impl Notation for Northcott {
    fn format_move(&self, mv: &Advance) -> String {
        format!("{}-{}", mv.row + 1, mv.by)
    }

    fn parse_move(&self, text: &str) -> Result<Advance, String> {
        let text = text.trim();
        let shape = "write <row>-<k>: shrink the gap of a row by k cells (rows count from 1), \
                     e.g. 2-3";
        let (row_number, row, by) = crate::notation::parse_heap_take(&self.gaps, text, text, shape)
            .map_err(|message| message.replace("heap", "row"))?;
        let gap = self.gaps[row];
        if by == 0 || by > gap {
            return Err(if gap == 0 {
                format!("row {row_number} has no gap: its pieces are side by side")
            } else {
                format!("row {row_number} has a gap of {gap}: shrink it by 1 to {gap}, not {by}")
            });
        }
        Ok(Advance { row, by })
    }

    fn is_canonical_text(text: &str) -> bool {
        crate::notation::is_canonical_number_list(text)
    }
}

impl Theory for Northcott {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(self.nim_sum()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(self.nim_sum()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Northcott>, AnalysisError> {
        let nim_sum = self.nim_sum();
        let mut collector = MoveCollector::new(limit);
        for (row, &gap) in self.gaps.iter().enumerate() {
            let target = gap ^ nim_sum;
            if target < gap {
                collector.push(|| WinningMove {
                    mv: Advance {
                        row,
                        by: gap - target,
                    },
                    reason: format!(
                        "row {}'s gap of {gap} becomes {target}, leaving nim-sum 0",
                        row + 1
                    ),
                });
            }
        }
        Ok(collector.finish())
    }
}

/// Required by [`Entry::fixed`]; the game's misère version is refused (see [`game`]).
impl MisereTheory for Northcott {}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// Northcott's game as a [`Game`].
pub(crate) fn game() -> Box<dyn Game> {
    let entry = Entry::<Northcott>::fixed(
        GameInfo {
            name: NAME.to_string(),
            rules: "rows of a board, each with a black and a white piece; a player slides one of \
                    their own pieces along its row, not onto or over the other; grundy plays the \
                    impartial game on gaps (a move shrinks one row's gap: retreats are \
                    reversible and change no winner)"
                .into(),
            position: "each row's gap in board order, `2 0 3`, or its pieces' columns `a/b`: \
                       `4/5 1/3` is `0 1`"
                .into(),
            moves: "<row>-<k>: shrink the gap of a row (from 1) by k cells: `1-2`".into(),
            source: "HDU 1730 Northcott Game; Bouton (1901); Winning Ways ch. 2".into(),
            verify_size: "single rows of gaps up to 4S, two and three rows of gaps up to S \
                          (default 8)"
                .into(),
            domain: DOMAIN.to_string(),
        },
        Northcott::parse,
        small_positions,
        (8, 30),
        FORMATS,
    );
    Box::new(Entry {
        misere: None,
        ..entry
    })
}

/// No rows; single rows of gaps 0 to 4·`size`; every two and three rows of gaps 0 to `size`.
pub fn small_positions(size: u64) -> Vec<Northcott> {
    let mut out = vec![Northcott::new(Vec::new())];
    out.extend((0..=size.saturating_mul(4)).map(|gap| Northcott::new(vec![gap])));
    for rows in crate::enumerate::sequences(3, 0, size) {
        if rows.len() >= 2 {
            out.push(Northcott::new(rows));
        }
    }
    out
}

/// The widest board the HDU 1730 reader takes (the judge's is 100 columns).
const WIDEST: u64 = 1_000_000_000;

/// The most rows a case may have in the reader (the judge's is 1000).
const MOST_ROWS: u64 = 100_000;

/// What the contest tools draw of Northcott's game: a case's items are its rows `[a, b]`
/// (black's and white's columns); the board's width is written from them.
struct Draws;

impl Draws {
    /// Two distinct columns of a board `width` wide, drawn by `profile`.
    fn row(rng: &mut Rng, width: u64, profile: Profile) -> Item {
        let (a, b) = match profile {
            Profile::Boundary => {
                // Side by side, at a wall, or at both walls.
                let at = match rng.between(0, 2) {
                    0 => 1,
                    1 => width - 1,
                    _ => rng.between(1, width - 1),
                };
                if rng.chance(1, 3) {
                    (1, width)
                } else {
                    (at, at + 1)
                }
            }
            _ => {
                let a = rng.between(1, width);
                let mut b = rng.between(1, width - 1);
                if b >= a {
                    b += 1;
                }
                (a, b)
            }
        };
        if rng.chance(1, 2) { [a, b] } else { [b, a] }
    }

    /// The board's width for these rows: the widest column, plus 0 to 2 free columns (at most
    /// the judge's 100 when the rows are within it).
    fn width(items: &[Item]) -> u64 {
        let widest = items.iter().flatten().copied().max().unwrap_or(2).max(2);
        let slack = items.iter().flatten().fold(0u64, |s, &c| s.wrapping_add(c)) % 3;
        let width = widest.saturating_add(slack);
        if widest <= 100 { width.min(100) } else { width }
    }
}

impl Generators for Draws {
    /// Every row of a board up to 4 wide, in up to two rows.
    fn tiny(&self) -> (Vec<Item>, usize) {
        let rows =
            (1..=4u64).flat_map(|a| (1..=4u64).filter(move |&b| b != a).map(move |b| [a, b]));
        (rows.collect(), 2)
    }

    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        Draws::row(rng, bounds.first.1.max(2), Profile::Boundary)
    }

    fn case(
        &self,
        rng: &mut Rng,
        bounds: &Bounds,
        profile: Profile,
        count: usize,
    ) -> Option<Vec<Item>> {
        let most = bounds.first.1.max(2);
        let width = match profile {
            Profile::Tiny => rng.between(2, most.min(5)),
            Profile::Small => rng.between(2, most.min(30)),
            Profile::Maximal => most,
            _ => rng.spread(2, most),
        };
        let first = Draws::row(rng, width, profile);
        Some(
            (0..count)
                .map(|index| match profile {
                    Profile::Repeated if index % 2 == 1 => first,
                    _ if index == 0 => first,
                    _ => Draws::row(rng, width, profile),
                })
                .collect(),
        )
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        let mut text = format!("{} {}\n", items.len(), Draws::width(items));
        for [a, b] in items {
            text.push_str(&format!("{a} {b}\n"));
        }
        Some(text)
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| rng.between(0, 5).to_string())
    }
}

const HDU1730: &str = "HDU 1730 Northcott Game: cases to the end of the input, each `n m` \
                       (n <= 1000 rows, 2 <= m <= 100 columns) then n lines `a b` (the black and \
                       the white piece's columns, distinct); prints I WIN! if the first player \
                       wins, else BAD LUCK!";

/// The shape of HDU 1730's inputs: cases of up to 1000 rows of columns up to 100.
const HDU1730_SHAPE: Shape = Shape::pairs(
    &Draws,
    CaseLayout::UntilEnd,
    2,
    false,
    Bounds::pairs(20, 1000, (1, 100), (1, 100)),
    Bounds::pairs(20, 2000, (1, WIDEST), (1, WIDEST)),
)
.uncounted();

/// HDU 1730, as the default format and by its dialect name.
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: None,
        describe: HDU1730,
        solve: solve_hdu1730,
        shape: HDU1730_SHAPE,
    },
    Format {
        dialect: Some("hdu1730"),
        describe: HDU1730,
        solve: solve_hdu1730,
        shape: HDU1730_SHAPE,
    },
];

/// Reads HDU 1730's cases to the end of the input; the first player wins when the nim-sum of
/// the gaps |a − b| − 1 is non-zero.
fn solve_hdu1730(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let rows = scanner.next_u64_where("the number of rows n", |n| {
            (!(1..=MOST_ROWS).contains(&n))
                .then(|| format!("the number of rows n must be from 1 to {MOST_ROWS}, found {n}"))
        })?;
        let width = scanner.next_u64_where("the number of columns m", |m| {
            (!(2..=WIDEST).contains(&m))
                .then(|| format!("the number of columns m must be from 2 to {WIDEST}, found {m}"))
        })?;
        let mut nim_sum = 0u64;
        for _ in 0..rows {
            let mut column = |what: &str, other: Option<u64>| {
                scanner.next_u64_where(what, |c| {
                    if !(1..=width).contains(&c) {
                        Some(format!("{what} must be from 1 to m = {width}, found {c}"))
                    } else if other == Some(c) {
                        Some(format!(
                            "{what} is {c}, the other piece's column: they are distinct"
                        ))
                    } else {
                        None
                    }
                })
            };
            let black = column("a column a", None)?;
            let white = column("a column b", Some(black))?;
            nim_sum ^= black.abs_diff(white) - 1;
        }
        out.push_str(if nim_sum == 0 {
            "BAD LUCK!\n"
        } else {
            "I WIN!\n"
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ExhaustiveSolver;

    #[test]
    fn theory_agrees_with_exhaustive_search_on_every_small_position() {
        let mut solver = ExhaustiveSolver::new();
        for position in small_positions(6) {
            let value = solver.grundy_value(&position);
            assert_eq!(position.grundy_value(), Some(value), "{position}");
            let mut searched: Vec<String> = position
                .moves()
                .into_iter()
                .filter(|mv| solver.grundy_value(&position.play(mv)) == Nimber::ZERO)
                .map(|mv| position.play(&mv).to_string())
                .collect();
            let listed = position.winning_moves(usize::MAX).unwrap();
            let mut theory: Vec<String> = listed
                .listed
                .iter()
                .map(|m| position.play(&m.mv).to_string())
                .collect();
            searched.sort();
            theory.sort();
            assert_eq!(theory, searched, "{position}");
            assert_eq!(listed.total, searched.len() as u128, "{position}");
        }
    }

    #[test]
    fn the_judges_sample_and_errors() {
        let sample = b"3 6\n4 5\n1 2\n1 2\n3 6\n4 5\n1 3\n1 2\n";
        assert_eq!(solve_hdu1730(sample).unwrap(), "BAD LUCK!\nI WIN!\n");
        assert_eq!(solve_hdu1730(b"").unwrap(), "");
        for bad in [
            &b"1 6\n2 2\n"[..],
            b"1 6\n7 1\n",
            b"1 1\n1 2\n",
            b"0 5\n",
            b"2 5\n1 2\n",
            b"1 5\n1 x\n",
        ] {
            assert!(solve_hdu1730(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn notation_reads_gaps_and_rows_and_moves_round_trip() {
        let position = Northcott::parse("4/5 3/1 2").unwrap();
        assert_eq!(position.to_string(), "0 1 2");
        let mv = position.parse_move("3-2").unwrap();
        assert_eq!(position.play(&mv).to_string(), "0 1 0");
        assert_eq!(position.move_to(&position.play(&mv)), Some(mv));
        assert!(position.parse_move("1-1").is_err());
        assert!(position.parse_move("3-3").is_err());
        assert!(position.parse_move("4-1").is_err());
        assert!(Northcott::parse("2/2").is_err());
        assert!(Northcott::parse("0/2").is_err());
        assert!(Northcott::parse("x").is_err());
        let huge = Northcott::parse("18446744073709551615 1").unwrap();
        assert_eq!(huge.winning_moves(5).unwrap().total, 1);
        assert_eq!(huge.some_moves(3).0.len(), 3);
        assert_eq!(huge.quiet_move(), Some(Advance { row: 0, by: 1 }));
    }
}
