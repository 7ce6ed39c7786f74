//! # Chomp
//!
//! **Rules.** A board is a Young diagram of squares: rows of non-increasing length, the longest
//! at the bottom. The bottom-left square is poisoned. A move bites a square other than the
//! poisoned one, and with it every square above and to the right of it (the squares at or
//! right of its column, in its row and every row above). The player who is left with only the
//! poisoned square must eat it and loses: under normal play, the player who cannot bite loses.
//! A position is a row of boards played side by side (a sum).
//!
//! **Notation.** A board is its row lengths from the bottom, separated by commas: `5,4,2`; `7x3`
//! is the 7-wide, 3-high rectangle `7,7,7`. Boards are separated by spaces. A bite is written
//! `x,y` — column x, row y, from 1 at the poisoned square (TCO08's `chomp(x, y)`) — and, when the
//! position has several boards, `i:x,y` on board i.
//!
//! ## Theory
//!
//! * **Who wins a rectangle** (and any board with a single square in its top-right corner):
//!   the first player, by strategy stealing (Gale 1974). Nothing says how; grundy searches.
//! * **One row** of a squares is a Nim heap of a − 1: G = a − 1 for any length.
//! * **Two rows** (a, b), a ≥ b ≥ 1, are lost exactly when a = b + 1 (Zeilberger, "Three-rowed
//!   CHOMP", *Adv. Appl. Math.* 26 (2001), which also gives this two-rowed case): from (b + 1, b)
//!   a bite in the top row leaves (b + 1, c) with c < b, answered by (c + 1, c); a bite in the
//!   bottom row at column x + 1 leaves (x, min(b, x)), answered the same way. The only winning
//!   bite from (a, b) with a ≥ b + 2 is (b + 2, 1), and from (b, b) it is (b, 2). So grundy
//!   decides two-row boards of any length at once.
//! * **Anything else** is searched: every sub-diagram of the board, within a box of R rows and
//!   C columns, is numbered by the combinatorial number system — the diagram μ_1 ≥ … ≥ μ_R ≥ 0
//!   is the R-set {μ_i + R − i} of {0, …, C + R − 1}, numbered Σ binom(μ_i + R − i, R − i + 1) —
//!   so a diagram inside another has a smaller number, and one pass in increasing order fills
//!   the Grundy value and the remoteness of every diagram in the box from its bites. The box
//!   may hold at most [`SEARCH_LIMIT`] diagrams; beyond, grundy refuses with the limit named.
//!   The remoteness (Steinhaus: the winner hurries, the loser stalls) gives TCO08's number of
//!   turns: R + 1, the last turn eating the poison.
//!
//! The tests check every board of up to 4 rows of up to 5 squares, and rows of two small
//! boards, against exhaustive search, and the two-row rule on long rows.
//!
//! **Sources.** D. Gale, "A curious Nim-type game", *Amer. Math. Monthly* 81 (1974); F. Schuh
//! (1952) for the divisor form; D. Zeilberger, "Three-rowed CHOMP" (2001); A. E. Brouwer et al.,
//! *INTEGERS* 5 (2005) on three-rowed Chomp; TopCoder TCO08 Round 1 "Chomp" (3 × N boards, the
//! number of turns).

pub mod census;
pub mod rectangles;
pub mod rows;

use crate::compound::components::Components;
use crate::compound::game::compounds;
use crate::compound::measure::remoteness_of;
use crate::core::{ImpartialGame, Nimber, Winner, nim_sum};
use crate::game::{Entry, Game, GameError, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Shape, small_row};
use crate::misere::game::MisereTheory;
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

/// The game's spelling on the command line.
pub const NAME: &str = "chomp";

/// The most diagrams the search fills (the number of diagrams in the box of the board's rows
/// and columns: 3 × 100 holds 176,851, 10 × 10 holds 184,756, 12 × 12 holds 2,704,156).
pub const SEARCH_LIMIT: u64 = 4_000_000;

/// The most rows a board may have.
pub const MAX_ROWS: usize = 64;

/// The numbers the game accepts.
pub const DOMAIN: &str = "boards of up to 64 rows of up to 2^32 - 1 squares; one- and two-row \
                          boards are decided by their rules at any length, other boards are \
                          searched when the box of their rows and columns holds at most 4,000,000 \
                          diagrams";

/// One board: its row lengths from the bottom, non-increasing, the first at least 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    rows: Vec<u32>,
}

impl Board {
    /// The board of these rows (bottom first), when they are non-increasing, the first at
    /// least 1; empty rows at the top are dropped.
    pub fn new(mut rows: Vec<u32>) -> Option<Board> {
        while rows.last() == Some(&0) {
            rows.pop();
        }
        let ordered = rows.windows(2).all(|pair| pair[0] >= pair[1]);
        (!rows.is_empty() && ordered && rows.len() <= MAX_ROWS).then_some(Board { rows })
    }

    /// Its row lengths, bottom first.
    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    /// How many bites it allows (every square but the poisoned one).
    fn bites(&self) -> u64 {
        self.rows.iter().map(|&row| u64::from(row)).sum::<u64>() - 1
    }

    /// The board after biting column `x`, row `y` (both from 0).
    fn bitten(&self, x: u32, y: usize) -> Board {
        let mut rows = self.rows.clone();
        for row in &mut rows[y..] {
            *row = (*row).min(x);
        }
        Board::new(rows).expect("a bite leaves the poisoned square")
    }

    /// The square `(x, y)` (from 0) is on the board and is not the poisoned one.
    fn has_bite(&self, x: u32, y: usize) -> bool {
        (x, y) != (0, 0) && self.rows.get(y).is_some_and(|&row| x < row)
    }

    /// The `index`-th bite (from 0), rows from the bottom, squares left to right, the poisoned
    /// square skipped.
    fn nth_bite(&self, mut index: u64) -> (u32, usize) {
        index += 1;
        for (y, &row) in self.rows.iter().enumerate() {
            if index < u64::from(row) {
                return (index as u32, y);
            }
            index -= u64::from(row);
        }
        unreachable!("fewer bites than asked")
    }
}

/// A bite: board `board` (from 0), column `x` and row `y` (from 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bite {
    board: usize,
    x: u32,
    y: usize,
}

/// A position: boards side by side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chomp {
    boards: Vec<Board>,
}

impl Chomp {
    /// The position of these boards.
    pub fn new(boards: Vec<Board>) -> Chomp {
        Chomp { boards }
    }

    /// Its boards.
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// Each board's value, or why one cannot be found.
    fn values(&self) -> Result<Vec<Nimber>, AnalysisError> {
        self.boards.iter().map(board_value).collect()
    }
}

/// The value of one board: a row by its rule, anything else by the search.
fn board_value(board: &Board) -> Result<Nimber, AnalysisError> {
    if let [row] = board.rows[..] {
        return Ok(Nimber(u64::from(row) - 1));
    }
    let table = box_table(board.rows.len(), board.rows[0])?;
    Ok(Nimber(u64::from(table.grundy[table.rank(&board.rows)])))
}

/// The two-row rule: whether `(a, b)` (a ≥ b ≥ 1) is lost, and its winning bite otherwise.
fn two_rows(a: u32, b: u32) -> Option<(u32, usize)> {
    if a == b + 1 {
        None
    } else if a == b {
        Some((b - 1, 1))
    } else {
        Some((b + 1, 0))
    }
}

/// The values and remotenesses of every diagram in a box of `rows` × `columns`.
pub struct BoxTable {
    rows: usize,
    columns: u32,
    /// binomial[n][k] for n ≤ columns + rows, k ≤ rows (saturating: the entries a rank uses
    /// are below the box's count).
    binomial: Vec<Vec<u64>>,
    grundy: Vec<u32>,
    remoteness: Vec<u32>,
}

impl BoxTable {
    /// How many diagrams a box holds: binom(columns + rows, rows), saturating.
    fn count(rows: usize, columns: u32) -> u64 {
        let mut count: u128 = 1;
        for k in 1..=rows as u128 {
            count = count * (u128::from(columns) + k) / k;
            if count > u128::from(u64::MAX) {
                return u64::MAX;
            }
        }
        count as u64
    }

    /// The number of the diagram `rows` (padded with empty rows to the box's).
    fn rank(&self, rows: &[u32]) -> usize {
        let mut rank = 0u64;
        for i in 0..self.rows {
            let length = rows.get(i).copied().unwrap_or(0);
            let top = length as usize + self.rows - 1 - i;
            rank += self.binomial[top][self.rows - i];
        }
        rank as usize
    }

    /// Fills the box; the caller has checked its size.
    fn fill(rows: usize, columns: u32) -> BoxTable {
        let span = columns as usize + rows + 1;
        let mut binomial = vec![vec![0u64; rows + 1]; span];
        for n in 0..span {
            binomial[n][0] = 1;
            for k in 1..=rows.min(n) {
                binomial[n][k] = binomial[n - 1][k - 1].saturating_add(binomial[n - 1][k]);
            }
        }
        let total = BoxTable::count(rows, columns) as usize;
        let mut table = BoxTable {
            rows,
            columns,
            binomial,
            grundy: vec![0; total],
            remoteness: vec![0; total],
        };
        let mut diagram = vec![0u32; rows];
        let mut seen: Vec<u32> = Vec::new();
        let mut options: Vec<u64> = Vec::new();
        for rank in 0..total {
            table.unrank(rank as u64, &mut diagram);
            if diagram[0] == 0 {
                continue; // not a board: the poisoned square is gone
            }
            let stamp = rank as u32 + 1;
            options.clear();
            // The ranks' terms of the rows below the bitten one stay; the rows from it change.
            let mut below = 0u64;
            for y in 0..rows {
                let length = diagram[y];
                for x in u32::from(y == 0)..length {
                    let mut child = below;
                    for (j, &row) in diagram.iter().enumerate().skip(y) {
                        let top = row.min(x) as usize + rows - 1 - j;
                        child += table.binomial[top][rows - j];
                    }
                    let child = child as usize;
                    let value = table.grundy[child] as usize;
                    if seen.len() <= value {
                        seen.resize(value + 1, 0);
                    }
                    seen[value] = stamp;
                    options.push(u64::from(table.remoteness[child]));
                }
                let top = length as usize + rows - 1 - y;
                below += table.binomial[top][rows - y];
            }
            let mex = (0..).find(|&v| seen.get(v).is_none_or(|&s| s != stamp));
            table.grundy[rank] = mex.unwrap_or(0) as u32;
            table.remoteness[rank] = remoteness_of(options.iter().copied()) as u32;
        }
        table
    }

    /// The diagram numbered `rank` (its rows into `diagram`).
    fn unrank(&self, mut rank: u64, diagram: &mut [u32]) {
        let mut top = self.columns as usize + self.rows - 1;
        for (i, row) in diagram.iter_mut().enumerate().take(self.rows) {
            let k = self.rows - i;
            while self.binomial[top][k] > rank {
                top -= 1;
            }
            rank -= self.binomial[top][k];
            *row = (top - (self.rows - 1 - i)) as u32;
            top = top.saturating_sub(1);
        }
    }

    /// The remoteness of a board in the box.
    fn board_remoteness(&self, board: &Board) -> u64 {
        u64::from(self.remoteness[self.rank(&board.rows)])
    }
}

/// The table of a box of at least `rows` × `columns`, or why it would be too large. The process
/// keeps the last one filled and answers from it whenever the box fits.
fn box_table(rows: usize, columns: u32) -> Result<Arc<BoxTable>, AnalysisError> {
    static KEPT: Mutex<Option<Arc<BoxTable>>> = Mutex::new(None);
    let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(table) = kept
        .as_ref()
        .filter(|table| table.rows >= rows && table.columns >= columns)
    {
        return Ok(Arc::clone(table));
    }
    let count = BoxTable::count(rows, columns);
    if count > SEARCH_LIMIT {
        return Err(AnalysisError::TooLarge(format!(
            "a board of {rows} rows and {columns} columns is searched over the {count} diagrams \
             of its box, more than the {SEARCH_LIMIT} the search fills (one- and two-row boards \
             are decided at any length)"
        )));
    }
    let table = Arc::new(BoxTable::fill(rows, columns));
    *kept = Some(Arc::clone(&table));
    Ok(table)
}

impl ImpartialGame for Chomp {
    type Move = Bite;

    fn moves(&self) -> Vec<Bite> {
        self.some_moves(usize::MAX).0
    }

    fn some_moves(&self, limit: usize) -> (Vec<Bite>, bool) {
        let mut moves = Vec::new();
        for (index, board) in self.boards.iter().enumerate() {
            let bites = board.bites();
            for nth in 0..bites {
                if moves.len() == limit {
                    return (moves, true);
                }
                let (x, y) = board.nth_bite(nth);
                moves.push(Bite { board: index, x, y });
            }
        }
        (moves, false)
    }

    fn play(&self, bite: &Bite) -> Chomp {
        let mut boards = self.boards.clone();
        boards[bite.board] = self.boards[bite.board].bitten(bite.x, bite.y);
        Chomp { boards }
    }

    fn memo_key(&self) -> Chomp {
        let mut boards: Vec<Board> = self
            .boards
            .iter()
            .filter(|board| board.rows != [1])
            .cloned()
            .collect();
        boards.sort_unstable();
        Chomp { boards }
    }
}

impl Theory for Chomp {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        if let [board] = &self.boards[..]
            && let [a, b] = board.rows[..]
        {
            return Ok(match two_rows(a, b) {
                None => Winner::Second,
                Some(_) => Winner::First,
            });
        }
        Ok(nim_sum(self.values()?).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        self.values().ok().map(nim_sum)
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Chomp>, AnalysisError> {
        let mut collector = MoveCollector::new(limit);
        if let [board] = &self.boards[..]
            && let [a, b] = board.rows[..]
        {
            if let Some((x, y)) = two_rows(a, b) {
                collector.push(|| WinningMove {
                    mv: Bite { board: 0, x, y },
                    reason: "leaves two rows (b + 1, b): lost".to_string(),
                });
            }
            return Ok(collector.finish());
        }
        let values = self.values()?;
        let total = nim_sum(values.iter().copied());
        if total == Nimber::ZERO {
            return Ok(collector.finish());
        }
        for (index, (board, &value)) in self.boards.iter().zip(&values).enumerate() {
            let target = total ^ value;
            if let [row] = board.rows[..] {
                if target.0 + 1 < u64::from(row) {
                    collector.push(|| WinningMove {
                        mv: Bite {
                            board: index,
                            x: target.0 as u32 + 1,
                            y: 0,
                        },
                        reason: format!(
                            "board {} (a row, SG {}) to a row of {} (SG {}): nim-sum 0",
                            index + 1,
                            value.0,
                            target.0 + 1,
                            target.0
                        ),
                    });
                }
                continue;
            }
            let table = box_table(board.rows.len(), board.rows[0])?;
            for nth in 0..board.bites() {
                let (x, y) = board.nth_bite(nth);
                let after = board.bitten(x, y);
                let after_value = u64::from(table.grundy[table.rank(&after.rows)]);
                if after_value == target.0 {
                    collector.push(|| WinningMove {
                        mv: Bite { board: index, x, y },
                        reason: format!(
                            "board {} goes from SG {} to SG {}: nim-sum 0",
                            index + 1,
                            value.0,
                            target.0
                        ),
                    });
                }
            }
        }
        Ok(collector.finish())
    }
}

/// Misère play is refereed by exhaustive misère search.
impl MisereTheory for Chomp {}

impl Components for Chomp {
    fn components(&self) -> Vec<Chomp> {
        self.boards
            .iter()
            .map(|board| Chomp::new(vec![board.clone()]))
            .collect()
    }

    fn small_components(_: &Entry<Chomp>, size: u64) -> Result<Vec<Chomp>, GameError> {
        let size = u32::try_from(size.min(4)).unwrap_or(4);
        Ok(small_boards(size as usize, size)
            .into_iter()
            .map(|board| Chomp::new(vec![board]))
            .collect())
    }

    fn compound_sizes() -> (&'static str, u64, u64) {
        (
            "components are single boards of up to S rows of up to S squares",
            3,
            4,
        )
    }
}

/// Every board of up to `rows` rows of up to `columns` squares.
fn small_boards(rows: usize, columns: u32) -> Vec<Board> {
    let mut boards = Vec::new();
    let mut stack: Vec<Vec<u32>> = (1..=columns).map(|first| vec![first]).collect();
    while let Some(board) = stack.pop() {
        if board.len() < rows {
            let last = *board.last().expect("a first row");
            for next in 1..=last {
                let mut longer = board.clone();
                longer.push(next);
                stack.push(longer);
            }
        }
        boards.push(Board::new(board).expect("non-increasing rows"));
    }
    boards.sort_unstable();
    boards
}

impl fmt::Display for Chomp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, board) in self.boards.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            let rows: Vec<String> = board.rows.iter().map(u32::to_string).collect();
            f.write_str(&rows.join(","))?;
        }
        Ok(())
    }
}

impl FromStr for Chomp {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Chomp, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut boards = Vec::new();
        while let Some(token) = scanner.next_token() {
            let written = String::from_utf8_lossy(token.text);
            let length = |text: &str| -> Result<u32, InputError> {
                text.parse::<u32>()
                    .ok()
                    .filter(|&row| row >= 1)
                    .ok_or_else(|| {
                        token.error(format!(
                            "a row is a whole number of squares from 1 to {}, not `{text}`",
                            u32::MAX
                        ))
                    })
            };
            let rows: Vec<u32> = if let Some((width, height)) = written.split_once(['x', 'X']) {
                let width = length(width)?;
                let height = length(height)?;
                if height as usize > MAX_ROWS {
                    return Err(token.error(format!("a board has at most {MAX_ROWS} rows")));
                }
                vec![width; height as usize]
            } else {
                let mut rows = Vec::new();
                for row in written.split(',') {
                    if rows.len() == MAX_ROWS {
                        return Err(token.error(format!("a board has at most {MAX_ROWS} rows")));
                    }
                    rows.push(length(row)?);
                }
                rows
            };
            let board = Board::new(rows).ok_or_else(|| {
                token.error(format!(
                    "`{written}` is not a board: its rows, from the bottom, never grow"
                ))
            })?;
            boards.push(board);
        }
        Ok(Chomp { boards })
    }
}

impl Notation for Chomp {
    fn format_move(&self, bite: &Bite) -> String {
        let square = format!("{},{}", bite.x + 1, bite.y + 1);
        if self.boards.len() == 1 {
            square
        } else {
            format!("{}:{square}", bite.board + 1)
        }
    }

    fn parse_move(&self, text: &str) -> Result<Bite, String> {
        let text = text.trim();
        let usage = || {
            format!(
                "`{text}` is not a bite: write the column and row from 1 (`4,1`), after the \
                 board and a colon when there are several (`2:4,1`)"
            )
        };
        let (board, square) = match text.split_once(':') {
            Some((board, square)) => (board.parse::<usize>().map_err(|_| usage())?, square),
            None if self.boards.len() == 1 => (1, text),
            None => return Err(usage()),
        };
        let (x, y) = square.split_once(',').ok_or_else(usage)?;
        let x: u32 = x.trim().parse().map_err(|_| usage())?;
        let y: usize = y.trim().parse().map_err(|_| usage())?;
        if board == 0 || board > self.boards.len() {
            return Err(format!(
                "there is no board {board}: the position has {} (counted from 1)",
                self.boards.len()
            ));
        }
        if x == 0 || y == 0 || !self.boards[board - 1].has_bite(x - 1, y - 1) {
            return Err(format!(
                "board {board} has no square {x},{y} to bite (the poisoned square 1,1 is never \
                 bitten)"
            ));
        }
        Ok(Bite {
            board: board - 1,
            x: x - 1,
            y: y - 1,
        })
    }
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// Chomp as a [`Game`], played also as compounds.
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(
        Entry::<Chomp>::fixed(
            GameInfo {
                name: NAME.to_string(),
                rules: "boards of squares, rows shortening upwards; bite a square and every \
                        square above and right of it; the bottom-left square is poisoned (never \
                        bitten: the player left with it alone loses)"
                    .into(),
                position: "boards, each its rows from the bottom: `5,4,2`, or `7x3` for a \
                           rectangle; boards separated by spaces"
                    .into(),
                moves: "x,y: bite column x, row y (from 1); i:x,y on board i of several: `4,1`"
                    .into(),
                source: "Gale 1974; Zeilberger 2001 (two and three rows); TopCoder TCO08 Chomp"
                    .into(),
                verify_size: "single boards of up to S rows of up to S squares, pairs of boards \
                              of up to 2 rows of up to S (default 4)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            |text| text.parse::<Chomp>(),
            small_positions,
            (4, 6),
            FORMATS,
        )
        .with_misere_size(3)
        .with_compounds(compounds::<Chomp>())
        .with_censuses(&census::ChompCensuses),
    )
}

/// Every board of up to `size` rows of up to `size` squares, and every pair of boards of up to
/// two rows of up to `size` squares.
pub fn small_positions(size: u64) -> Vec<Chomp> {
    let size = u32::try_from(size).unwrap_or(6).min(6);
    let mut out: Vec<Chomp> = small_boards(size as usize, size)
        .into_iter()
        .map(|board| Chomp::new(vec![board]))
        .collect();
    let pairs = small_boards(2, size);
    for a in &pairs {
        for b in &pairs {
            out.push(Chomp::new(vec![a.clone(), b.clone()]));
        }
    }
    out
}

/// What the contest tools draw of Chomp.
struct Draws;

impl Generators for Draws {
    /// Every width from 1 to 12.
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((1..=12).map(|n| [n, 0]).collect(), 1)
    }

    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        [
            match rng.between(0, 2) {
                0 => low,
                1 => high,
                _ => high.saturating_sub(1).max(low),
            },
            0,
        ]
    }

    fn position(&self, rng: &mut Rng) -> String {
        if rng.chance(1, 2) {
            format!("{}x{}", rng.between(2, 6), rng.between(2, 4))
        } else {
            small_row(rng, |rng| {
                let first = rng.between(1, 5);
                let second = rng.between(0, first);
                if second == 0 {
                    first.to_string()
                } else {
                    format!("{first},{second}")
                }
            })
        }
    }
}

/// TopCoder TCO08 Round 1 "Chomp".
pub(crate) const FORMATS: &[Format] = &[Format {
    dialect: Some("tco08"),
    describe: "TopCoder TCO08 Chomp, read from standard input: N per case (1 <= N <= 100) to the \
               end of the input, the board 3 squares high and N wide; prints the number of turns \
               of the game with perfect play (the winner hurries, the loser stalls, the last turn \
               eats the poison), negated when the first player loses",
    solve: solve_tco08,
    shape: Shape::piles(
        &Draws,
        CaseLayout::UntilEnd,
        1,
        Bounds::piles(20, 1, (1, 100)),
        Bounds::piles(20, 1, (1, TCO08_WIDEST)),
    )
    .uncounted(),
}];

/// The widest board TCO08's reader takes, twice the judge's: the box of 3 × N holds
/// binom(N + 3, 3) diagrams (1,414,910 for N = 200, filled in about 5 s; N = 100 in 0.2 s).
const TCO08_WIDEST: u64 = 200;

/// Reads TCO08 cases (N each) to the end of the input.
fn solve_tco08(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut widths = Vec::new();
    while !scanner.at_end() {
        widths.push(scanner.next_u64_where("the width N", |n| {
            (!(1..=TCO08_WIDEST).contains(&n))
                .then(|| format!("the width N must be from 1 to {TCO08_WIDEST}, found {n}"))
        })?);
    }
    let Some(&widest) = widths.iter().max() else {
        return Ok(String::new());
    };
    let table = box_table(3, widest as u32).expect("TCO08_WIDEST keeps the box within the search");
    let mut out = String::new();
    for width in widths {
        let board = Board::new(vec![width as u32; 3]).expect("a rectangle");
        let turns = table.board_remoteness(&board) + 1;
        if turns.is_multiple_of(2) {
            out.push_str(&format!("{turns}\n"));
        } else {
            out.push_str(&format!("-{turns}\n"));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod census_tests;
#[cfg(test)]
mod rectangles_referee;
#[cfg(test)]
mod tests;
