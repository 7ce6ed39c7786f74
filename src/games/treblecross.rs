//! # Treblecross boards — the judges' formats of the heap family `treblecross` (0.007)
//!
//! **Rules.** A row of cells, each empty (`.`) or crossed (`X`). A move crosses an empty cell;
//! the player who makes three crosses in a row wins (UVa 10561, LightOJ 1229).
//!
//! **Theory.** If some empty cell completes three in a row, the player to move wins by crossing
//! it, and only such cells win: any other move leaves that cell to the opponent. Otherwise a
//! cell within distance 2 of a cross is *dead*: crossing it makes `XX` or `X.X`, which the
//! opponent completes. Nobody sane plays there, so the game is a sum of the maximal runs of
//! live cells. In a run of L cells, crossing the i-th (from 1) kills its neighbours within
//! distance 2 and leaves runs of max(0, i − 3) and max(0, L − i − 2) cells. That is the octal
//! game 0.007 (take three adjacent tokens, possibly splitting the heap) on a heap of L + 2: its
//! options leave heaps a + b = L − 1, with a = i − 1, and heaps of 1 and 2 are worth 0 there,
//! so a run of r cells is worth G₀.₀₀₇(r + 2) — the values come from the heap engine. The
//! winning moves are the live cells after which the nim-sum is 0 (a run's value replaced by
//! the values of the two runs it leaves).
//!
//! **Sources.** Winning Ways, ch. 4 (Treblecross as 0.007); the statements of UVa 10561 and
//! LightOJ 1229 (their samples are in `tests/dialects.rs`).

use crate::families::{HeapRule, Values};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Shape};
use crate::scanner::{InputError, Location, Scanner, Token};

/// The heap family these formats belong to (its rule as `HeapRule` writes it).
pub(crate) const RULE: &str = "0.007";

/// The judge formats of the heap game `rule`: Treblecross's for 0.007, none for any other.
pub(crate) fn formats_of(rule: &HeapRule) -> &'static [Format] {
    if rule.to_string() == RULE {
        FORMATS
    } else {
        &[]
    }
}

/// The most cells on a board this reader takes (every answer is linear in the board, but the
/// values of 0.007 are computed up to the longest board).
const LONGEST_BOARD: usize = 10_000;

/// The judges' formats of Treblecross boards.
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: Some("uva10561"),
        describe: "UVa 10561 Treblecross: N, then N boards of `.` and `X`; prints WINNING and the \
                   winning cells (from 1, ascending, separated by spaces) on the next line, or \
                   LOSING and an empty line",
        solve: solve_uva10561,
        // N < 100 boards of 3 to 200 cells, none with three crosses in a row.
        shape: Shape::piles(
            &Boards,
            CaseLayout::Counted,
            1,
            Bounds::piles(99, 200, (0, 1)),
            Bounds::piles(99, 2000, (0, 1)),
        )
        .uncounted(),
    },
    Format {
        dialect: Some("lightoj1229"),
        describe: "LightOJ 1229 Treblecross: T, then T boards of `.` and `X`; prints `Case i:` \
                   and the winning cells (from 1, ascending), or `Case i: 0`",
        solve: solve_lightoj1229,
        // T ≤ 200 boards of 3 to 200 cells.
        shape: Shape::piles(
            &Boards,
            CaseLayout::Counted,
            3,
            Bounds::piles(200, 200, (0, 1)),
            Bounds::piles(200, 2000, (0, 1)),
        )
        .uncounted(),
    },
];

/// The winning cells of `board` (0-based, ascending); empty when the position is lost.
pub(crate) fn winning_cells(board: &[u8], values: &Values) -> Vec<usize> {
    let crossed = |i: usize| board.get(i) == Some(&b'X');
    let completing: Vec<usize> = (0..board.len())
        .filter(|&i| board[i] == b'.')
        .filter(|&i| {
            (i >= 2 && crossed(i - 2) && crossed(i - 1))
                || (i >= 1 && crossed(i - 1) && crossed(i + 1))
                || (crossed(i + 1) && crossed(i + 2))
        })
        .collect();
    if !completing.is_empty() {
        return completing;
    }
    let live: Vec<bool> = (0..board.len())
        .map(|i| board[i] == b'.' && (i.saturating_sub(2)..=i + 2).all(|j| !crossed(j)))
        .collect();
    let run_value = |length: usize| values.value(length as u64 + 2).map_or(0, |value| value.0);
    // The runs of live cells: (start, length).
    let mut runs = Vec::new();
    let mut start = None;
    for (i, &alive) in live.iter().chain(std::iter::once(&false)).enumerate() {
        match (alive, start) {
            (true, None) => start = Some(i),
            (false, Some(from)) => {
                runs.push((from, i - from));
                start = None;
            }
            _ => {}
        }
    }
    let total = runs
        .iter()
        .fold(0, |sum, &(_, length)| sum ^ run_value(length));
    let mut winning = Vec::new();
    for (from, length) in runs {
        let without = total ^ run_value(length);
        for offset in 0..length {
            let left = offset.saturating_sub(2);
            let right = (length - offset - 1).saturating_sub(2);
            if without ^ run_value(left) ^ run_value(right) == 0 {
                winning.push(from + offset);
            }
        }
    }
    winning
}

/// The values of 0.007 up to `heap`, from the heap engine.
fn treblecross_values(heap: u64) -> Result<Values, InputError> {
    let refused = |message: String| InputError::new(Location::EndOfInput, message);
    match HeapRule::resolve(RULE) {
        Some(Ok(rule)) => Values::compute(&rule, heap).map_err(|error| refused(error.to_string())),
        _ => Err(refused("treblecross is the octal game 0.007".to_string())),
    }
}

/// Checks a board token: `.` and `X` only, 1 to [`LONGEST_BOARD`] cells, no three crosses in a
/// row (the judges promise it; such a game is over).
fn check_board(token: &Token<'_>) -> Result<(), InputError> {
    if let Some(bad) = token.text.iter().find(|&&c| c != b'.' && c != b'X') {
        return Err(token.error(format!(
            "a board is made of `.` and `X`, found `{}`",
            char::from(*bad).escape_default()
        )));
    }
    if token.text.len() > LONGEST_BOARD {
        return Err(token.error(format!(
            "a board has at most {LONGEST_BOARD} cells here, found {}",
            token.text.len()
        )));
    }
    if token.text.windows(3).any(|three| three == b"XXX") {
        return Err(token.error("a board holds no three crosses in a row (that game is over)"));
    }
    Ok(())
}

/// Reads every board, then answers each with its winning cells (1-based).
fn read_boards(input: &[u8]) -> Result<Vec<Vec<usize>>, InputError> {
    let mut scanner = Scanner::new(input);
    let count = scanner.next_count("the number of boards")?;
    let mut boards: Vec<&[u8]> = Vec::new();
    for _ in 0..count {
        let token = scanner.expect_token("a board of `.` and `X`")?;
        check_board(&token)?;
        boards.push(token.text);
    }
    scanner.expect_end()?;
    let longest = boards.iter().map(|board| board.len()).max().unwrap_or(0);
    let values = treblecross_values(longest as u64 + 2)?;
    Ok(boards
        .iter()
        .map(|board| {
            winning_cells(board, &values)
                .into_iter()
                .map(|cell| cell + 1)
                .collect()
        })
        .collect())
}

/// Cells separated by spaces.
fn cells_text(cells: &[usize]) -> String {
    cells
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn solve_uva10561(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for cells in read_boards(input)? {
        out.push_str(if cells.is_empty() {
            "LOSING\n"
        } else {
            "WINNING\n"
        });
        out.push_str(&cells_text(&cells));
        out.push('\n');
    }
    Ok(out)
}

fn solve_lightoj1229(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for (index, cells) in read_boards(input)?.iter().enumerate() {
        let answer = if cells.is_empty() {
            "0".to_string()
        } else {
            cells_text(cells)
        };
        out.push_str(&format!("Case {}: {answer}\n", index + 1));
    }
    Ok(out)
}

/// What the contest tools draw: boards, one item a cell (1 a cross), written as a string with
/// no three crosses in a row, padded to 3 cells.
struct Boards;

impl Generators for Boards {
    fn tiny(&self) -> (Vec<Item>, usize) {
        (vec![[0, 0], [1, 0]], 6)
    }

    fn boundary(&self, rng: &mut Rng, _: &Bounds, before: &[Item]) -> Item {
        // Crosses two apart and side by side: where dead cells and completions are.
        let cross = match before.len() {
            0 => rng.chance(1, 2),
            n => before[n - 1][0] == 0 && rng.chance(2, 3),
        };
        [u64::from(cross), 0]
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        let mut board: Vec<u8> = Vec::new();
        for item in items {
            let crosses = board.len() >= 2 && board[board.len() - 2..] == *b"XX";
            board.push(if item[0] == 1 && !crosses { b'X' } else { b'.' });
        }
        while board.len() < 3 {
            board.push(b'.');
        }
        Some(format!("{}\n", String::from_utf8_lossy(&board)))
    }

    fn position(&self, rng: &mut Rng) -> String {
        format!("{} {}", rng.between(1, 9), rng.between(1, 9))
    }
}
