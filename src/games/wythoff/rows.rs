//! # Wythoff's Grundy function by rows, each row's additive period proved
//!
//! **Notation.** G(x, y) is the Grundy value of the Wythoff pair (x, y): the mex of G(x, y')
//! for y' < y (the row), G(x', y) for x' < x (the column) and G(x − d, y − d) for
//! 1 ≤ d ≤ min(x, y) (the diagonal). Row K is the sequence G(K, 0), G(K, 1), … . It has
//! **additive period p from y₀** when G(K, y + p) = G(K, y) + p for every y ≥ y₀; the least
//! such p is the row's period and, for it, the least such y₀ its preperiod. Row 0 is y itself
//! (period 1); OEIS gives rows 1–4, with periods 3, 3, 6 and 12 (A004481 is the whole table,
//! A047708 the diagonal G(n, n)).
//!
//! ## The theorem
//!
//! Every row is additively periodic (Dress, Flammenkamp and Pink 1999, for a class of Nim-like
//! games that includes Wythoff's; Landman 2002 by a finite-state machine reading the row). The
//! proof used here is Landman's idea made into a finite check that this module runs:
//!
//! **Lemma 1.** G(x, y) ≤ y + 2x: a pair has y + x + min(x, y) ≤ y + 2x options.
//!
//! **Lemma 2.** Every value g appears in row x at some column y ≤ g + 2x; hence the row holds
//! every value below y − 2x before column y, and G(x, y) ≥ y − 2x. *Proof.* Suppose g is not
//! among G(x, 0..=g + 2x). Of these g + 2x + 1 columns at most g hold a value below g (a row's
//! values are distinct: each is an option of the later ones). Every other column y holds a
//! value above g, so g is the value of an option of (x, y) outside the row: some (x', y) or
//! (x', y − (x − x')) with x' < x. Row x' holds g at most once, at some column c, and that
//! accounts for at most the two columns y = c and y = c + x − x'; so at most 2x columns —
//! g + 2x in all, a contradiction. For G(x, y) = v: the columns y' < y whose value exceeds v
//! are at most 2x by the same count (v is not in the row before y), the others at most v.
//!
//! **Criterion (the finite check).** Let K ≥ 0, p ≥ 1, Y ≥ 0. If
//! G(x, y + p) = G(x, y) + p for every row x ≤ K and every column y in a window
//! Y ≤ y < Y + 4K, then the same holds for every y ≥ Y: rows 0..=K are additively periodic with
//! period p from Y. *Proof.* By induction on the column T ≥ Y + 4K, and within it on x. The
//! column options of (x, T + p) are those of (x, T) plus p (induction on x); its diagonal
//! options (x − d, T + p − d), d ≤ x ≤ K, lie in columns T − d ≥ Y (the induction on T). By
//! Lemma 2 the row before column T holds every value below T − 2x, and its values from T − 2x
//! on come only from columns y' ≥ T − 4x ≥ Y (Lemma 1); so the row's options at or above
//! T − 2x are, plus p, those of (x, T + p) at or above T + p − 2x, and both rows hold every value
//! below. Both mexes are at least their bound (T − 2x and T + p − 2x), and above it the option
//! sets differ by p: G(x, T + p) = G(x, T) + p. ∎
//!
//! **The search.** Rows 0..=K are computed together, column by column (each cell's mex over the
//! 4x + 1 values its lemmas allow, from three bitsets: the row's values seen, the column's, the
//! diagonal's), doubling the columns until, for P the least common multiple of each row's
//! apparent period near the end, the tuples (G(x, y) − y) for x ≤ K agree at y and y + P on a
//! window of 4K columns that starts at Y and runs to the end. The criterion then proves period
//! P from Y for every row. Each row's own period is the least divisor q of P that repeats on
//! one period [Y, Y + P) (an eventual period of a sequence divides every other, and
//! P-periodicity from Y carries the check to every y ≥ Y), and its preperiod the first column
//! from which q repeats, found by walking down from Y. Nothing is guessed in the result: a row
//! the search cannot prove within [`MAX_CELLS`] values is reported as not proved.
//!
//! **The diagonal** G(n, n) ([`diagonal`], OEIS A047708) needs the whole square 0..n × 0..n:
//! each pair's mex over bitsets of its row, column and diagonal, starting at the least value
//! missing from all three (a lower bound of the mex).
//!
//! **Sources.** A. Dress, A. Flammenkamp and N. Pink, "Additive periodicity of the
//! Sprague–Grundy function of certain Nim games", *Adv. Appl. Math.* 22 (1999) 249–270.
//! H. A. Landman, "A simple FSM-based proof of the additive periodicity of the Sprague–Grundy
//! function of Wythoff's game", *More Games of No Chance*, MSRI Publ. 42 (2002) 383–386.
//! OEIS A047708 (the diagonal, with Landman's bound n/2 ≤ G(n, n) ≤ 2n), A004481.

use serde::Serialize;
use std::fmt::{self, Write as _};

/// The last row `--row`/`--rows` accepts (the work grows as K² a column).
pub const MAX_ROW: u64 = 1000;
/// The most values G(x, y) − y kept (2 bytes each: 512 MiB).
pub const MAX_CELLS: u64 = 1 << 28;
/// The most terms of the diagonal (its square's bitsets take about n² bytes).
pub const MAX_DIAGONAL: u64 = 10_000;
/// The fewest columns computed before the first attempt at a proof.
const FIRST_COLUMNS: u64 = 1024;

/// Why a row table or the diagonal is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowsError {
    /// A row past [`MAX_ROW`].
    RowTooLarge(u64),
    /// A range of rows whose first is past its last.
    EmptyRange {
        /// The first row asked for.
        first: u64,
        /// The last row asked for.
        last: u64,
    },
    /// More values than [`MAX_CELLS`]: rows 0..=last up to column `to`.
    TooManyValues {
        /// The last row.
        last: u64,
        /// The last column.
        to: u64,
    },
    /// More diagonal terms than [`MAX_DIAGONAL`].
    DiagonalTooLong(u64),
}

impl fmt::Display for RowsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowsError::RowTooLarge(row) => write!(f, "row {row} is past the last row {MAX_ROW}"),
            RowsError::EmptyRange { first, last } => {
                write!(f, "rows {first}..{last}: the first row is past the last")
            }
            RowsError::TooManyValues { last, to } => write!(
                f,
                "rows 0..={last} up to column {to} are more than {MAX_CELLS} values (the memory \
                 limit); ask for fewer columns or rows"
            ),
            RowsError::DiagonalTooLong(to) => write!(
                f,
                "the diagonal up to n = {to} is past its limit of {MAX_DIAGONAL} terms"
            ),
        }
    }
}

impl std::error::Error for RowsError {}

// ---- Bits. ----

/// The 64 bits of `bits` from bit `start` on (bits past the end read as 0).
fn word_at(bits: &[u64], start: usize) -> u64 {
    let (word, shift) = (start / 64, start % 64);
    let low = bits.get(word).copied().unwrap_or(0) >> shift;
    if shift == 0 {
        low
    } else {
        low | bits.get(word + 1).copied().unwrap_or(0) << (64 - shift)
    }
}

fn set_bit(bits: &mut [u64], index: usize) {
    bits[index / 64] |= 1 << (index % 64);
}

// ---- Rows 0..=K, column by column. ----

/// The rows 0..=`last` of G, computed together column by column; each value kept as
/// G(x, y) − y (in −2x..=2x by the lemmas).
pub struct RowTable {
    last: usize,
    /// `offsets[x][y]` = G(x, y) − y.
    offsets: Vec<Vec<i16>>,
    /// Per row, the values it holds so far, as a bitset over the values.
    seen: Vec<Vec<u64>>,
    /// Per live diagonal c = y − x (slot c mod (K + 1)): its values v as bits v − c + K.
    diagonals: Vec<Vec<u64>>,
    /// The current column's values v as bits v − y + 2K.
    column: Vec<u64>,
}

impl RowTable {
    /// An empty table of rows 0..=`last` (`last` at most [`MAX_ROW`]).
    pub fn new(last: u64) -> Result<RowTable, RowsError> {
        if last > MAX_ROW {
            return Err(RowsError::RowTooLarge(last));
        }
        let last = last as usize;
        let words = (4 * last + 1).div_ceil(64);
        Ok(RowTable {
            last,
            offsets: vec![Vec::new(); last + 1],
            seen: vec![Vec::new(); last + 1],
            diagonals: vec![vec![0; words]; last + 1],
            column: vec![0; words],
        })
    }

    /// How many columns are computed (0..columns).
    pub fn columns(&self) -> u64 {
        self.offsets[0].len() as u64
    }

    /// G(x, y) − y, for a row and a column computed.
    pub fn offset(&self, x: u64, y: u64) -> i64 {
        i64::from(self.offsets[x as usize][y as usize])
    }

    /// G(x, y), for a row and a column computed.
    pub fn value(&self, x: u64, y: u64) -> u64 {
        (y as i64 + self.offset(x, y)) as u64
    }

    /// Computes the columns up to `columns` (exclusive); refused past [`MAX_CELLS`] values.
    pub fn extend_to(&mut self, columns: u64) -> Result<(), RowsError> {
        let rows = self.last as u64 + 1;
        if rows
            .checked_mul(columns)
            .is_none_or(|cells| cells > MAX_CELLS)
        {
            return Err(RowsError::TooManyValues {
                last: self.last as u64,
                to: columns.saturating_sub(1),
            });
        }
        for y in self.columns() as usize..columns as usize {
            self.compute_column(y);
        }
        Ok(())
    }

    fn compute_column(&mut self, y: usize) {
        let k = self.last;
        let slots = k + 1;
        self.column.fill(0);
        for x in 0..=k {
            // The diagonal c = y − x, in its slot; cleared at its first cell.
            let slot = (y + slots - x) % slots;
            if x == 0 || y == 0 {
                self.diagonals[slot].fill(0);
            }
            // The mex is at least y − 2x (Lemma 2) and at most y + 2x (Lemma 1).
            let low = y.saturating_sub(2 * x);
            let row_words = (y + 2 * x + 1).div_ceil(64) + 1;
            if self.seen[x].len() < row_words {
                self.seen[x].resize(row_words, 0);
            }
            let (row, diagonal) = (&self.seen[x], &self.diagonals[slot]);
            // A value v is bit v + 2K − y of the column, bit v − c + K of the diagonal.
            let mut start = low;
            let value = loop {
                let taken = word_at(row, start)
                    | word_at(&self.column, start + 2 * k - y)
                    | word_at(diagonal, start + k + x - y);
                if taken != u64::MAX {
                    break start + taken.trailing_ones() as usize;
                }
                start += 64;
            };
            self.offsets[x].push((value as i64 - y as i64) as i16);
            set_bit(&mut self.seen[x], value);
            set_bit(&mut self.column, value + 2 * k - y);
            set_bit(&mut self.diagonals[slot], value + k + x - y);
        }
    }
}

// ---- The proof. ----

/// Rows 0..=`last_row` are additively periodic with `period` from column `from`: they repeat
/// (plus the period) on the criterion's `window` of 4K columns from `from` on, checked.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct JointProof {
    /// The last row K of the rows proved together.
    pub last_row: u64,
    /// P: G(x, y + P) = G(x, y) + P for every x ≤ K and y ≥ `from`.
    pub period: u64,
    /// Y, where the checked window starts.
    pub from: u64,
    /// The window's length, 4K columns.
    pub window: u64,
}

/// One row's least additive period and, for it, its least preperiod (both proved).
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowPeriod {
    /// The row K.
    pub row: u64,
    /// p: G(K, y + p) = G(K, y) + p for every y ≥ `preperiod`.
    pub period: u64,
    /// The least such column.
    pub preperiod: u64,
}

impl RowTable {
    /// The least q up to a quarter of the columns with which row `x` repeats (plus q) over the
    /// last half of the columns: a candidate, which the proof then checks.
    fn apparent_period(&self, x: usize) -> Option<u64> {
        let row = &self.offsets[x];
        let columns = row.len();
        (1..=columns / 4)
            .find(|&q| (columns / 2..columns).rev().all(|y| row[y] == row[y - q]))
            .map(|q| q as u64)
    }

    /// For each row x, a proof for rows 0..=x from the columns computed, if they hold one:
    /// P the least common multiple of rows 0..=x's apparent periods, and Y the first column
    /// from which rows 0..=x repeat with P up to the end, where that run covers the window of
    /// 4x columns and two periods (for [`RowTable::row_period`]).
    pub fn prove_prefixes(&self) -> Vec<Option<JointProof>> {
        let columns = self.offsets[0].len();
        let mut proofs = vec![None; self.last + 1];
        // The common period of rows 0..=x, for each x while there is one.
        let mut periods = Vec::new();
        let mut period: u64 = 1;
        for x in 0..=self.last {
            match self.apparent_period(x).and_then(|q| lcm(period, q)) {
                Some(common) if common <= columns as u64 / 4 => period = common,
                _ => break,
            }
            periods.push(period as usize);
        }
        // Rows with the same common period P are consecutive, lo..=hi.
        let mut lo = 0;
        while lo < periods.len() {
            let period = periods[lo];
            let hi = (lo..periods.len())
                .take_while(|&x| periods[x] == period)
                .last()
                .unwrap_or(lo);
            // Walking down from the end: `agreeing` is the most rows 0..r that repeat on every
            // column from y on; row x's run starts where it first falls to x or below.
            let mut pending: Vec<usize> = (lo..=hi).collect();
            let mut agreeing = hi + 1;
            let mut y = columns - period;
            while let Some(&x) = pending.last() {
                if y > 0 {
                    let here = (0..=hi)
                        .find(|&r| self.offsets[r][y - 1] != self.offsets[r][y - 1 + period])
                        .unwrap_or(hi + 1);
                    agreeing = agreeing.min(here);
                }
                if y == 0 || agreeing <= x {
                    pending.pop();
                    let window = 4 * x;
                    if columns - period - y >= window && y + 2 * period <= columns {
                        proofs[x] = Some(JointProof {
                            last_row: x as u64,
                            period: period as u64,
                            from: y as u64,
                            window: window as u64,
                        });
                    }
                    continue;
                }
                y -= 1;
            }
            lo = hi + 1;
        }
        proofs
    }

    /// Row `x`'s least period and preperiod, from a proof that covers it: the least divisor q
    /// of P that repeats on [Y, Y + P), then the first column from which q repeats.
    pub fn row_period(&self, x: u64, proof: &JointProof) -> RowPeriod {
        let row = &self.offsets[x as usize];
        let (period, from) = (proof.period as usize, proof.from as usize);
        let least = (1..=period)
            .filter(|q| period % q == 0)
            .find(|&q| (from..from + period).all(|y| row[y + q] == row[y]))
            .unwrap_or(period);
        let mut start = from;
        while start > 0 && row[start - 1 + least] == row[start - 1] {
            start -= 1;
        }
        RowPeriod {
            row: x,
            period: least as u64,
            preperiod: start as u64,
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The least common multiple, or `None` past u64.
fn lcm(a: u64, b: u64) -> Option<u64> {
    (a / gcd(a, b)).checked_mul(b)
}

/// Rows 0..=`last` computed to at least `columns` columns, then doubled until rows 0..=last
/// hold a proof or reach [`MAX_CELLS`] values; with each row's proof (of rows 0..=x).
pub fn prove_rows(
    last: u64,
    columns: u64,
) -> Result<(RowTable, Vec<Option<JointProof>>), RowsError> {
    let mut table = RowTable::new(last)?;
    let most = MAX_CELLS / (last + 1);
    let mut target = columns.max(FIRST_COLUMNS.min(most));
    loop {
        table.extend_to(target)?;
        let proofs = table.prove_prefixes();
        if proofs.last().is_some_and(Option::is_some) || target >= most {
            return Ok((table, proofs));
        }
        target = target.saturating_mul(2).min(most);
    }
}

// ---- The report. ----

/// The values `--row` lists by default: G(K, 0..=DEFAULT_ROW_TO).
pub const DEFAULT_ROW_TO: u64 = 20;

/// One row of the report: its period and preperiod when proved, the proof, and its values
/// when asked.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct RowReport {
    /// The row K.
    pub row: u64,
    /// Its least additive period, when proved.
    pub period: Option<u64>,
    /// Its least preperiod for that period, when proved.
    pub preperiod: Option<u64>,
    /// The proof for rows 0..=K it comes from (`None`: not found within the memory limit).
    pub proof: Option<JointProof>,
    /// G(K, 0), G(K, 1), … when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<u64>>,
}

/// `grundy table wythoff --row K` / `--rows A..B`: each row's proved period and preperiod with
/// its proof, and the values of a single row.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct RowsReport {
    /// The rows reported, in order.
    pub rows: Vec<RowReport>,
    /// How many columns were computed (of rows 0..=B).
    pub columns: u64,
}

/// The report on rows `first..=last`; with `values_to`, each row's values G(K, 0..=N).
pub fn rows_report(first: u64, last: u64, values_to: Option<u64>) -> Result<RowsReport, RowsError> {
    if first > last {
        return Err(RowsError::EmptyRange { first, last });
    }
    if last > MAX_ROW {
        return Err(RowsError::RowTooLarge(last));
    }
    let columns = match values_to {
        Some(to) => to
            .checked_add(1)
            .ok_or(RowsError::TooManyValues { last, to })?,
        None => 0,
    };
    if (last + 1)
        .checked_mul(columns)
        .is_none_or(|cells| cells > MAX_CELLS)
    {
        return Err(RowsError::TooManyValues {
            last,
            to: columns - 1,
        });
    }
    let (table, proofs) = prove_rows(last, columns)?;
    let rows = (first..=last)
        .map(|row| {
            let proof = proofs[row as usize];
            let proved = proof.map(|proof| table.row_period(row, &proof));
            RowReport {
                row,
                period: proved.map(|p| p.period),
                preperiod: proved.map(|p| p.preperiod),
                proof,
                values: values_to.map(|to| (0..=to).map(|y| table.value(row, y)).collect()),
            }
        })
        .collect();
    Ok(RowsReport {
        rows,
        columns: table.columns(),
    })
}

impl RowsReport {
    /// The report as text: a single row's statement, proof and values, or a table of rows.
    pub fn text(&self) -> String {
        let mut text = String::new();
        if let [row] = self.rows.as_slice() {
            match (row.period, row.preperiod, &row.proof) {
                (Some(period), Some(preperiod), Some(proof)) => {
                    let _ = writeln!(
                        text,
                        "row {}: period {period}, preperiod {preperiod}: G({}, y + {period}) = \
                         G({}, y) + {period} for every y >= {preperiod}",
                        row.row, row.row, row.row
                    );
                    let _ = writeln!(
                        text,
                        "proved: rows 0..={} repeat with period {} on columns {}..={} (the \
                         window of 4K = {} columns), so from column {} on; {} columns computed",
                        proof.last_row,
                        proof.period,
                        proof.from,
                        proof.from + proof.window.max(1) - 1,
                        proof.window,
                        proof.from,
                        self.columns
                    );
                }
                _ => {
                    let _ = writeln!(
                        text,
                        "row {}: period not proved within {} columns (the limit of {MAX_CELLS} \
                         values)",
                        row.row, self.columns
                    );
                }
            }
        } else {
            let _ = writeln!(text, "row  period  preperiod  proof: P from Y");
            let shown = |n: Option<u64>| n.map_or("-".to_string(), |n| n.to_string());
            for row in &self.rows {
                let proof = row.proof.map_or("not proved".to_string(), |proof| {
                    format!("{} from {}", proof.period, proof.from)
                });
                let _ = writeln!(
                    text,
                    "{:<4} {:<7} {:<10} {proof}",
                    row.row,
                    shown(row.period),
                    shown(row.preperiod)
                );
            }
            let _ = writeln!(
                text,
                "each row K proved by rows 0..=K repeating with period P on the 4K columns from \
                 Y; {} columns computed",
                self.columns
            );
        }
        for row in &self.rows {
            if let Some(values) = &row.values {
                let _ = writeln!(text, "y G({},y)", row.row);
                for (y, value) in values.iter().enumerate() {
                    let _ = writeln!(text, "{y} {value}");
                }
            }
        }
        text
    }
}

// ---- The diagonal. ----

/// G(n, n) for n = 0..=`to` (OEIS A047708), from the whole square 0..=to × 0..=to.
pub fn diagonal(to: u64) -> Result<Vec<u64>, RowsError> {
    if to >= MAX_DIAGONAL {
        return Err(RowsError::DiagonalTooLong(to));
    }
    let side = to as usize + 1;
    // Values are at most x + y ≤ 2·to.
    let words = (2 * side).div_ceil(64) + 1;
    let mut rows = vec![0u64; side * words];
    let mut columns = vec![0u64; side * words];
    let mut diagonals = vec![0u64; 2 * side * words];
    // The least value missing from each set.
    let mut row_floor = vec![0usize; side];
    let mut column_floor = vec![0usize; side];
    let mut diagonal_floor = vec![0usize; 2 * side];
    let mut out = Vec::with_capacity(side);
    let advance = |bits: &[u64], floor: &mut usize| {
        while bits[*floor / 64] >> (*floor % 64) & 1 == 1 {
            *floor += 1;
        }
    };
    for x in 0..side {
        for y in 0..side {
            let d = y + side - x;
            let (row, column, slope) = (
                &rows[x * words..(x + 1) * words],
                &columns[y * words..(y + 1) * words],
                &diagonals[d * words..(d + 1) * words],
            );
            // The mex is at least each set's least missing value.
            let mut word = row_floor[x].max(column_floor[y]).max(diagonal_floor[d]) / 64;
            let value = loop {
                let taken = row[word] | column[word] | slope[word];
                if taken != u64::MAX {
                    break word * 64 + taken.trailing_ones() as usize;
                }
                word += 1;
            };
            if x == y {
                out.push(value as u64);
            }
            set_bit(&mut rows[x * words..(x + 1) * words], value);
            set_bit(&mut columns[y * words..(y + 1) * words], value);
            set_bit(&mut diagonals[d * words..(d + 1) * words], value);
            advance(&rows[x * words..(x + 1) * words], &mut row_floor[x]);
            advance(&columns[y * words..(y + 1) * words], &mut column_floor[y]);
            advance(
                &diagonals[d * words..(d + 1) * words],
                &mut diagonal_floor[d],
            );
        }
    }
    Ok(out)
}

/// `grundy table wythoff --diagonal --to N`: G(n, n) for n = 0..=N.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct DiagonalReport {
    /// G(n, n) for n = 0, 1, …, N.
    pub values: Vec<u64>,
}

/// The diagonal up to `to`, as a report.
pub fn diagonal_report(to: u64) -> Result<DiagonalReport, RowsError> {
    Ok(DiagonalReport {
        values: diagonal(to)?,
    })
}

impl DiagonalReport {
    /// `n G(n,n)` lines (the layout of an OEIS b-file).
    pub fn text(&self) -> String {
        let mut text = String::new();
        for (n, value) in self.values.iter().enumerate() {
            let _ = writeln!(text, "{n} {value}");
        }
        text
    }
}
