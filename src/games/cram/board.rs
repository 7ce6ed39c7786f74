//! A Cram position: a board of rows × columns cells, each empty or blocked, its dominoes (the
//! moves) and its notation (`RxC` or a drawn board, `R,Ch` / `R,Cv` for a domino).

use crate::core::ImpartialGame;
use crate::scanner::{InputError, Scanner, Token};
use std::fmt;
use std::str::FromStr;

/// The most cells a board may have (its mask and every region's fit in 128 bits with room for
/// the region's height and width).
pub const MAX_CELLS: usize = 112;

/// The most rows, and the most columns, of a board.
pub const MAX_SIDE: usize = 63;

/// A position: the empty cells of a board of `rows` × `cols` cells. Cell (r, c), from 0 with row
/// 0 at the top, is bit `r * cols + c` of `empty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cram {
    rows: u8,
    cols: u8,
    empty: u128,
}

/// A move: the domino whose top-left cell is `cell` (a bit index), going right (horizontal) or
/// down (vertical).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Domino {
    /// The bit index of its top or left cell.
    pub cell: u8,
    /// Whether it goes down (else right).
    pub vertical: bool,
}

impl Cram {
    /// The empty board of `rows` × `cols` cells, when it has 1 to [`MAX_CELLS`] cells and each
    /// side is at most [`MAX_SIDE`].
    pub fn empty_board(rows: usize, cols: usize) -> Option<Cram> {
        Cram::with_empty(rows, cols, u128::MAX)
    }

    /// The board of `rows` × `cols` whose empty cells are the bits of `empty` (bits past the
    /// board are ignored), under the same limits.
    pub fn with_empty(rows: usize, cols: usize, empty: u128) -> Option<Cram> {
        let cells = rows.checked_mul(cols)?;
        if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE || cells > MAX_CELLS {
            return None;
        }
        Some(Cram {
            rows: rows as u8,
            cols: cols as u8,
            empty: empty & low_bits(cells),
        })
    }

    /// Its rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// Its columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// Its empty cells, bit `r * cols + c`.
    pub fn empty(&self) -> u128 {
        self.empty
    }

    /// Whether cell (r, c) is empty.
    pub fn is_empty_cell(&self, row: usize, col: usize) -> bool {
        row < self.rows() && col < self.cols() && self.empty >> (row * self.cols() + col) & 1 == 1
    }

    /// The two cells a domino covers, as a mask.
    pub fn domino_mask(&self, domino: &Domino) -> u128 {
        let step = if domino.vertical { self.cols() } else { 1 };
        (1u128 << domino.cell) | (1u128 << (usize::from(domino.cell) + step))
    }

    /// The cells where a horizontal domino may start, and those where a vertical one may.
    pub fn domino_starts(&self) -> (u128, u128) {
        domino_starts(self.empty, self.rows(), self.cols())
    }
}

/// The lowest `n` bits set (n ≤ 128).
pub(crate) fn low_bits(n: usize) -> u128 {
    // Without a branch (the solver asks this for every option): n = 128 shifts by 0 and sets
    // every bit through its second term.
    ((1u128 << (n & 127)) - 1) | ((n >> 7) as u128).wrapping_neg()
}

/// For each line length `b` (1 to 63), the bits at multiples of `b`: the first cell of every
/// line of a layout whose lines are `b` cells long.
pub(crate) const FIRST_CELLS: [u128; 64] = first_cells();

const fn first_cells() -> [u128; 64] {
    let mut table = [0u128; 64];
    let mut b = 1;
    while b < 64 {
        let mut bit = 0;
        while bit < 128 {
            table[b] |= 1 << bit;
            bit += b;
        }
        b += 1;
    }
    table
}

/// Every cell of an `h` × `w` layout but those of its last column.
pub(crate) fn not_last_column(h: usize, w: usize) -> u128 {
    // One row's cells but the last, repeated at the first cell of every row (no carries: each
    // copy has fewer than w bits).
    low_bits(w - 1).wrapping_mul(FIRST_CELLS[w]) & low_bits(h * w)
}

/// The empty cells of `empty` (an `h` × `w` layout) where a horizontal domino starts (its right
/// neighbour is empty too), and where a vertical one does (the cell below is).
pub(crate) fn domino_starts(empty: u128, h: usize, w: usize) -> (u128, u128) {
    let horizontal = empty & (empty >> 1) & not_last_column(h, w);
    let vertical = empty & (empty >> w);
    (horizontal, vertical)
}

impl ImpartialGame for Cram {
    type Move = Domino;

    fn moves(&self) -> Vec<Domino> {
        let (horizontal, vertical) = self.domino_starts();
        let mut moves = Vec::new();
        for (mut starts, vertical) in [(horizontal, false), (vertical, true)] {
            while starts != 0 {
                let cell = starts.trailing_zeros() as u8;
                starts &= starts - 1;
                moves.push(Domino { cell, vertical });
            }
        }
        moves.sort_unstable_by_key(|domino| (domino.cell, domino.vertical));
        moves
    }

    fn play(&self, domino: &Domino) -> Cram {
        Cram {
            empty: self.empty & !self.domino_mask(domino),
            ..*self
        }
    }
}

impl fmt::Display for Cram {
    /// `RxC` for an empty board; else the rows from the top, `.` empty and `#` blocked,
    /// separated by `/`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.empty == low_bits(self.rows() * self.cols()) {
            return write!(f, "{}x{}", self.rows, self.cols);
        }
        for row in 0..self.rows() {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..self.cols() {
                f.write_str(if self.is_empty_cell(row, col) {
                    "."
                } else {
                    "#"
                })?;
            }
        }
        Ok(())
    }
}

impl FromStr for Cram {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Cram, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let token =
            scanner.expect_token("a board (`5x7`, or rows of `.` and `#` such as `..#/...`)")?;
        let board = parse_board(&token)?;
        if let Some(extra) = scanner.next_token() {
            return Err(extra.error(format!(
                "a Cram position is one board; found `{}` after it",
                extra.show()
            )));
        }
        Ok(board)
    }
}

/// Reads one board token: `RxC`, or rows of `.`/`#` separated by `/`.
fn parse_board(token: &Token<'_>) -> Result<Cram, InputError> {
    let text = token.text;
    let limits =
        format!("a board has 1 to {MAX_SIDE} rows and columns and at most {MAX_CELLS} cells");
    if text.first().is_some_and(u8::is_ascii_digit) {
        let written = String::from_utf8_lossy(text);
        let (rows, cols) = written.split_once(['x', 'X']).ok_or_else(|| {
            token.error(format!(
                "`{written}` is not a board: write RxC (`5x7`) or rows of `.` and `#` separated \
                 by `/`"
            ))
        })?;
        let side = |part: &str, what: &str| -> Result<usize, InputError> {
            part.parse::<usize>()
                .ok()
                .filter(|&n| (1..=MAX_SIDE).contains(&n))
                .ok_or_else(|| {
                    token.error(format!(
                        "the number of {what} must be from 1 to {MAX_SIDE}, not `{part}`"
                    ))
                })
        };
        let (rows, cols) = (side(rows, "rows")?, side(cols, "columns")?);
        return Cram::empty_board(rows, cols).ok_or_else(|| {
            token.error(format!("{rows}x{cols} has {} cells: {limits}", rows * cols))
        });
    }
    let mut rows = 0usize;
    let mut cols: Option<usize> = None;
    let mut empty = 0u128;
    for (index, row) in text.split(|&b| b == b'/').enumerate() {
        let at = |offset: usize, message: String| {
            let mut located = *token;
            located.column += text_offset(text, index) + offset;
            located.error(message)
        };
        if row.is_empty() {
            return Err(at(
                0,
                "a row of the board is empty: each row has at least one cell".into(),
            ));
        }
        if *cols.get_or_insert(row.len()) != row.len() {
            return Err(at(
                0,
                format!(
                    "row {} has {} cells, the first row {}: every row has the same length",
                    index + 1,
                    row.len(),
                    cols.unwrap_or(0)
                ),
            ));
        }
        if index >= MAX_SIDE || row.len() > MAX_SIDE || (index + 1) * row.len() > MAX_CELLS {
            return Err(at(0, limits.clone()));
        }
        for (col, &byte) in row.iter().enumerate() {
            match byte {
                b'.' => empty |= 1u128 << (index * row.len() + col),
                b'#' => {}
                _ => {
                    return Err(at(
                        col,
                        format!(
                            "`{}` is not a cell: write `.` for an empty cell and `#` for a \
                             blocked one",
                            String::from_utf8_lossy(&[byte])
                        ),
                    ));
                }
            }
        }
        rows = index + 1;
    }
    let cols = cols.unwrap_or(0);
    Cram::with_empty(rows, cols, empty).ok_or_else(|| token.error(limits))
}

/// Where row `index` starts in a drawn board's text.
fn text_offset(text: &[u8], index: usize) -> usize {
    text.split(|&b| b == b'/')
        .take(index)
        .map(|row| row.len() + 1)
        .sum()
}

impl Cram {
    /// A domino in the move notation: `R,Ch` (cells (R, C) and (R, C + 1)) or `R,Cv` (cells
    /// (R, C) and (R + 1, C)), rows and columns from 1, row 1 at the top.
    pub fn domino_text(&self, domino: &Domino) -> String {
        let cell = usize::from(domino.cell);
        let (row, col) = (cell / self.cols() + 1, cell % self.cols() + 1);
        format!("{row},{col}{}", if domino.vertical { 'v' } else { 'h' })
    }

    /// Reads a domino in the move notation, checking that both its cells are empty.
    pub fn parse_domino(&self, text: &str) -> Result<Domino, String> {
        let text = text.trim();
        let usage = || {
            format!(
                "`{text}` is not a domino: write its top-left cell's row and column from 1 and \
                 h (rightwards) or v (downwards), e.g. `1,1h` or `2,3v`"
            )
        };
        let (direction, cell) = match text.as_bytes().last() {
            Some(b'h' | b'H') => (false, &text[..text.len() - 1]),
            Some(b'v' | b'V') => (true, &text[..text.len() - 1]),
            _ => return Err(usage()),
        };
        let (row, col) = cell.split_once(',').ok_or_else(usage)?;
        let row: usize = row.trim().parse().map_err(|_| usage())?;
        let col: usize = col.trim().parse().map_err(|_| usage())?;
        let (end_row, end_col) = if direction {
            (row + 1, col)
        } else {
            (row, col + 1)
        };
        if row == 0 || col == 0 || end_row > self.rows() || end_col > self.cols() {
            return Err(format!(
                "the domino {text} does not fit on the {}x{} board (rows and columns count from \
                 1)",
                self.rows, self.cols
            ));
        }
        if !self.is_empty_cell(row - 1, col - 1) || !self.is_empty_cell(end_row - 1, end_col - 1) {
            return Err(format!("the domino {text} covers a cell that is not empty"));
        }
        Ok(Domino {
            cell: ((row - 1) * self.cols() + col - 1) as u8,
            vertical: direction,
        })
    }
}

/// Every drawn board of at most `size` cells (every shape, every pattern of blocked cells), and
/// every empty board of at most `size + 4` cells.
pub fn small_positions(size: u64) -> Vec<Cram> {
    let size = usize::try_from(size.min(12)).unwrap_or(12);
    let mut out = Vec::new();
    for rows in 1..=size {
        for cols in 1..=size / rows {
            let cells = rows * cols;
            for pattern in 0..1u128 << cells {
                out.extend(Cram::with_empty(rows, cols, pattern));
            }
        }
    }
    for rows in 1..=size + 4 {
        for cols in 1..=(size + 4) / rows {
            if rows * cols > size {
                out.extend(Cram::empty_board(rows, cols));
            }
        }
    }
    out
}
