//! # The Cutting Game — POJ 2311
//!
//! **Rules (the judge's).** Sheets of squared paper, W × H squares each. A move cuts one sheet
//! in two along a grid line, across its whole width or height. The player who cuts out a 1 × 1
//! piece wins.
//!
//! **The same game under normal play.** A cut that leaves a strip (a piece one square wide) of
//! two or more squares hands the opponent the game: they cut a 1 × 1 square off the strip at
//! once. A sheet of at least 2 × 2 never lets a 1 × 1 square be cut out in one move. So, on
//! sheets of at least 2 × 2, a player never makes a cut leaving a strip unless every cut does,
//! and then they lose. grundy plays the game with the *safe* cuts only — both pieces at least
//! 2 wide on the cut side — under normal play: the player with no safe cut loses. A position
//! is won in the judge's game exactly when it is won in this one (the tests check it against a
//! search of the judge's rules, strips and all, on every row of up to three small sheets).
//!
//! **Theory.** The sheets are independent, so a position is worth the nim-sum of its sheets
//! (Sprague–Grundy). A sheet's options are two sheets side by side, worth the nim-sum of the two:
//! G(W, H) = mex({G(i, H) ⊕ G(W − i, H) : 2 ≤ i ≤ W − 2} ∪ {G(W, j) ⊕ G(W, H − j) : 2 ≤ j ≤ H − 2}),
//! so G(2, 2) = G(2, 3) = G(3, 2) = G(3, 3) = 0 (no safe cut), and G(W, H) = G(H, W). grundy
//! fills the table of G up to the largest side asked for (O(S³) steps for sides up to S, sides
//! up to [`MAX_SIDE`]) and keeps it for the process.
//!
//! **Notation.** A position is its sheets, `WxH` each: `4x2 5x5`. A move `1w2` cuts sheet 1 so
//! that its width W splits into 2 and W − 2 (the two pieces take the sheet's place, in that
//! order); `2h3` splits sheet 2's height into 3 and H − 3.
//!
//! **Source.** POJ 2311 Cutting Game (POJ Monthly, Chen Shixi); the Sprague–Grundy theorem
//! (Sprague 1935, Grundy 1939).

use crate::compound::components::Components;
use crate::compound::game::compounds;
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
pub const NAME: &str = "cutting";

/// The longest side of a sheet grundy accepts: the table of values up to it takes about a
/// second to fill.
pub const MAX_SIDE: u32 = 1000;

/// The numbers the game accepts.
pub const DOMAIN: &str = "any number of sheets of 2x2 to 1000x1000 squares (the values of every \
                          sheet up to the largest side are tabulated)";

/// One sheet of W × H squares (both at least 2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sheet {
    width: u32,
    height: u32,
}

impl Sheet {
    /// The sheet of `width` × `height` squares, when both are from 2 to [`MAX_SIDE`].
    pub fn new(width: u32, height: u32) -> Option<Sheet> {
        let side = 2..=MAX_SIDE;
        (side.contains(&width) && side.contains(&height)).then_some(Sheet { width, height })
    }

    /// Its width and height.
    pub fn sides(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// The two pieces of a cut (`at` squares, then the rest).
    fn pieces(&self, side: Side, at: u32) -> [Sheet; 2] {
        match side {
            Side::Width => [
                Sheet {
                    width: at,
                    height: self.height,
                },
                Sheet {
                    width: self.width - at,
                    height: self.height,
                },
            ],
            Side::Height => [
                Sheet {
                    width: self.width,
                    height: at,
                },
                Sheet {
                    width: self.width,
                    height: self.height - at,
                },
            ],
        }
    }

    /// Every safe cut of the sheet, widths first.
    fn cuts(&self) -> impl Iterator<Item = (Side, u32)> + '_ {
        let widths = (2..=self.width.saturating_sub(2)).map(|at| (Side::Width, at));
        let heights = (2..=self.height.saturating_sub(2)).map(|at| (Side::Height, at));
        widths.chain(heights)
    }
}

/// Which side of a sheet a cut divides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The width: the cut runs from top to bottom.
    Width,
    /// The height: the cut runs from side to side.
    Height,
}

/// A cut: sheet `sheet` (0-based), its `side` divided into `at` and the rest.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    sheet: usize,
    side: Side,
    at: u32,
}

/// A position: the sheets in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cutting {
    sheets: Vec<Sheet>,
}

impl Cutting {
    /// The position of these sheets.
    pub fn new(sheets: Vec<Sheet>) -> Cutting {
        Cutting { sheets }
    }

    /// Its sheets.
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    fn values(&self) -> Vec<Nimber> {
        let largest = self
            .sheets
            .iter()
            .map(|sheet| sheet.width.max(sheet.height))
            .max()
            .unwrap_or(2);
        let table = table(largest);
        self.sheets
            .iter()
            .map(|&sheet| table.value(sheet))
            .collect()
    }
}

/// The values G(W, H) for sides 2 to `side`, `W ≤ H` stored once.
pub struct SheetValues {
    side: u32,
    values: Vec<u16>,
}

impl SheetValues {
    /// The value of a sheet whose sides are at most the table's.
    pub fn value(&self, sheet: Sheet) -> Nimber {
        Nimber(u64::from(
            self.values[self.index(sheet.width, sheet.height)],
        ))
    }

    fn index(&self, width: u32, height: u32) -> usize {
        let (row, column) = (width.min(height) as usize, width.max(height) as usize);
        row * (self.side as usize + 1) + column
    }

    /// Fills the table: each sheet's options are two smaller sheets, already filled.
    fn fill(side: u32) -> SheetValues {
        let stride = side as usize + 1;
        let mut table = SheetValues {
            side,
            values: vec![0; stride * stride],
        };
        // A value is at most the number of options (fewer than 2·side); a nim-sum of two
        // values is below the next power of two.
        let mut seen = vec![0u32; (2 * stride).next_power_of_two() * 2];
        let mut stamp = 0u32;
        for height in 2..=side {
            for width in 2..=height {
                stamp += 1;
                let sheet = Sheet { width, height };
                for (cut_side, at) in sheet.cuts() {
                    let [a, b] = sheet.pieces(cut_side, at);
                    let value = table.values[table.index(a.width, a.height)]
                        ^ table.values[table.index(b.width, b.height)];
                    seen[usize::from(value)] = stamp;
                }
                let mex = (0..).find(|&v: &usize| seen[v] != stamp).unwrap_or(0);
                let at = table.index(width, height);
                table.values[at] = u16::try_from(mex).expect("a value below 2^16");
            }
        }
        table
    }
}

/// The table of values up to at least `side`: the process keeps the largest filled so far.
pub fn table(side: u32) -> Arc<SheetValues> {
    static TABLE: Mutex<Option<Arc<SheetValues>>> = Mutex::new(None);
    let mut kept = TABLE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(table) = kept.as_ref().filter(|table| table.side >= side) {
        return Arc::clone(table);
    }
    let table = Arc::new(SheetValues::fill(side.clamp(2, MAX_SIDE)));
    *kept = Some(Arc::clone(&table));
    table
}

impl ImpartialGame for Cutting {
    type Move = Cut;

    fn moves(&self) -> Vec<Cut> {
        self.sheets
            .iter()
            .enumerate()
            .flat_map(|(index, sheet)| {
                sheet.cuts().map(move |(side, at)| Cut {
                    sheet: index,
                    side,
                    at,
                })
            })
            .collect()
    }

    fn play(&self, cut: &Cut) -> Cutting {
        let mut sheets = Vec::with_capacity(self.sheets.len() + 1);
        sheets.extend_from_slice(&self.sheets[..cut.sheet]);
        sheets.extend(self.sheets[cut.sheet].pieces(cut.side, cut.at));
        sheets.extend_from_slice(&self.sheets[cut.sheet + 1..]);
        Cutting { sheets }
    }

    fn memo_key(&self) -> Cutting {
        // The value depends on the multiset of sheets, each up to turning it.
        let mut sheets: Vec<Sheet> = self
            .sheets
            .iter()
            .map(|sheet| Sheet {
                width: sheet.width.min(sheet.height),
                height: sheet.width.max(sheet.height),
            })
            .collect();
        sheets.sort_unstable();
        Cutting { sheets }
    }
}

impl Theory for Cutting {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(nim_sum(self.values()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(nim_sum(self.values()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Cutting>, AnalysisError> {
        let values = self.values();
        let total = nim_sum(values.iter().copied());
        let mut collector = MoveCollector::new(limit);
        if total == Nimber::ZERO {
            return Ok(collector.finish());
        }
        let largest = self.sheets.iter().map(|s| s.width.max(s.height)).max();
        let table = table(largest.unwrap_or(2));
        for (index, (sheet, &value)) in self.sheets.iter().zip(&values).enumerate() {
            let target = total ^ value;
            for (side, at) in sheet.cuts() {
                let [a, b] = sheet.pieces(side, at);
                if table.value(a) ^ table.value(b) == target {
                    collector.push(|| WinningMove {
                        mv: Cut {
                            sheet: index,
                            side,
                            at,
                        },
                        reason: format!(
                            "sheet {} (SG {}) becomes {a} and {b} (SG {}): nim-sum 0",
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

/// Misère play is refereed by exhaustive misère search (no misère theory of the game is known).
impl MisereTheory for Cutting {}

impl Components for Cutting {
    fn components(&self) -> Vec<Cutting> {
        self.sheets
            .iter()
            .map(|&sheet| Cutting::new(vec![sheet]))
            .collect()
    }

    fn small_components(_: &Entry<Cutting>, size: u64) -> Result<Vec<Cutting>, GameError> {
        let side = u32::try_from(size).unwrap_or(MAX_SIDE).min(MAX_SIDE);
        Ok((2..=side)
            .flat_map(|width| (2..=side).filter_map(move |height| Sheet::new(width, height)))
            .map(|sheet| Cutting::new(vec![sheet]))
            .collect())
    }

    fn compound_sizes() -> (&'static str, u64, u64) {
        ("components are single sheets with sides from 2 to S", 5, 7)
    }
}

impl fmt::Display for Sheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl fmt::Display for Cutting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, sheet) in self.sheets.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sheet}")?;
        }
        Ok(())
    }
}

impl FromStr for Cutting {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Cutting, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut sheets = Vec::new();
        while let Some(token) = scanner.next_token() {
            let shape = || token.error(format!("`{}` is not a sheet `WxH`", token.show()));
            let written = std::str::from_utf8(token.text).map_err(|_| shape())?;
            let (width, height) = written.split_once(['x', 'X']).ok_or_else(shape)?;
            let side = |text: &str| -> Result<u32, InputError> {
                text.parse::<u32>()
                    .ok()
                    .filter(|side| (2..=MAX_SIDE).contains(side))
                    .ok_or_else(|| {
                        token.error(format!(
                            "a sheet's sides are whole numbers from 2 to {MAX_SIDE}, not `{text}`"
                        ))
                    })
            };
            sheets.push(Sheet {
                width: side(width)?,
                height: side(height)?,
            });
        }
        Ok(Cutting { sheets })
    }
}

impl Notation for Cutting {
    fn format_move(&self, cut: &Cut) -> String {
        let side = match cut.side {
            Side::Width => 'w',
            Side::Height => 'h',
        };
        format!("{}{side}{}", cut.sheet + 1, cut.at)
    }

    fn parse_move(&self, text: &str) -> Result<Cut, String> {
        let text = text.trim();
        let usage = || {
            format!(
                "`{text}` is not a cut: write the sheet, `w` or `h`, and where (`1w2` divides the \
                 width of sheet 1 into 2 and the rest)"
            )
        };
        let at_letter = text.find(['w', 'h']).ok_or_else(usage)?;
        let (sheet, rest) = text.split_at(at_letter);
        let side = if rest.starts_with('w') {
            Side::Width
        } else {
            Side::Height
        };
        let sheet: usize = sheet.parse().map_err(|_| usage())?;
        let at: u32 = rest[1..].parse().map_err(|_| usage())?;
        if sheet == 0 || sheet > self.sheets.len() {
            return Err(format!(
                "there is no sheet {sheet}: the position has {} (counted from 1)",
                self.sheets.len()
            ));
        }
        let cut = Cut {
            sheet: sheet - 1,
            side,
            at,
        };
        if !self.sheets[cut.sheet]
            .cuts()
            .any(|(s, a)| s == side && a == at)
        {
            let whole = self.sheets[cut.sheet];
            return Err(format!(
                "sheet {sheet} ({whole}) has no safe cut {text}: both pieces must be at least 2 \
                 wide on the side cut (a strip hands the opponent a 1x1 square)"
            ));
        }
        Ok(cut)
    }
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// The Cutting Game as a [`Game`], played also as compounds.
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(
        Entry::<Cutting>::fixed(
            GameInfo {
                name: NAME.to_string(),
                rules: "sheets of W x H squares; cut one sheet in two along a grid line; whoever \
                        cuts out a 1x1 square wins (grundy plays the safe cuts, both pieces at \
                        least 2 wide, under normal play: the same winner)"
                    .into(),
                position: "sheets `WxH`, sides from 2: `4x2 5x5`".into(),
                moves: "<sheet>w<i> or <sheet>h<j>: divide the width (height) of a sheet into i \
                        (j) and the rest: `1w2`"
                    .into(),
                source: "POJ 2311 Cutting Game".into(),
                verify_size: "single sheets with sides up to 2S, rows of two sheets with sides up \
                              to S (default 6)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            |text| text.parse::<Cutting>(),
            small_positions,
            (6, 12),
            FORMATS,
        )
        .with_misere_size(4)
        .with_compounds(compounds::<Cutting>()),
    )
}

/// Every single sheet with sides up to `2·size`, and every two sheets with sides up to `size`.
pub fn small_positions(size: u64) -> Vec<Cutting> {
    let side = |limit: u64| u32::try_from(limit).unwrap_or(MAX_SIDE).min(MAX_SIDE);
    let sheets = |largest: u32| -> Vec<Sheet> {
        (2..=largest)
            .flat_map(|width| (2..=largest).filter_map(move |height| Sheet::new(width, height)))
            .collect()
    };
    let mut out = vec![Cutting::new(Vec::new())];
    out.extend(
        sheets(side(size.saturating_mul(2)))
            .into_iter()
            .map(|sheet| Cutting::new(vec![sheet])),
    );
    let small = sheets(side(size));
    for &a in &small {
        for &b in &small {
            out.push(Cutting::new(vec![a, b]));
        }
    }
    out
}

/// What the contest tools draw of the Cutting Game.
struct Draws;

impl Generators for Draws {
    /// Every sheet of sides 2 to 7, alone.
    fn tiny(&self) -> (Vec<Item>, usize) {
        let sheets = (2..=7).flat_map(|w| (2..=7).map(move |h| [w, h]));
        (sheets.collect(), 1)
    }

    /// The smallest sheets (2 and 3 wide: no safe cut) and the largest.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let side = |rng: &mut Rng, (low, high): (u64, u64)| match rng.between(0, 3) {
            0 => low,
            1 => (low + 1).min(high),
            2 => high,
            _ => high.saturating_sub(1).max(low),
        };
        [side(rng, bounds.first), side(rng, bounds.second)]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| {
            format!("{}x{}", rng.between(2, 7), rng.between(2, 7))
        })
    }
}

/// POJ 2311.
pub(crate) const FORMATS: &[Format] = &[Format {
    dialect: Some("poj2311"),
    describe: "POJ 2311 Cutting Game: a line `W H` per case (2 <= W, H <= 200) to the end of the \
               input; prints WIN if the player who cuts first wins, else LOSE",
    solve: solve_poj2311,
    shape: Shape::pairs(
        &Draws,
        CaseLayout::UntilEnd,
        1,
        false,
        Bounds::pairs(200, 1, (2, 200), (2, 200)),
        Bounds::pairs(200, 1, (2, MAX_SIDE as u64), (2, MAX_SIDE as u64)),
    )
    .uncounted(),
}];

/// Reads POJ 2311's cases to the end of the input: `W H` each.
fn solve_poj2311(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut sheets = Vec::new();
    while !scanner.at_end() {
        let mut side = |what: &str| {
            scanner.next_u64_where(what, |side| {
                (!(2..=u64::from(MAX_SIDE)).contains(&side))
                    .then(|| format!("{what} must be from 2 to {MAX_SIDE}, found {side}"))
            })
        };
        let width = side("the width W")?;
        let height = side("the height H")?;
        // Both sides are checked above.
        sheets.push(Sheet {
            width: width as u32,
            height: height as u32,
        });
    }
    let largest = sheets.iter().map(|s| s.width.max(s.height)).max();
    let table = table(largest.unwrap_or(2));
    let mut out = String::with_capacity(sheets.len() * 5);
    for sheet in sheets {
        out.push_str(if table.value(sheet) == Nimber::ZERO {
            "LOSE\n"
        } else {
            "WIN\n"
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ExhaustiveSolver;
    use std::collections::HashMap;

    /// The judge's own rules, from the statement: any cut of any piece (strips included), and
    /// the player who cuts out a 1 × 1 square wins at once. Whether the player to move wins the
    /// multiset of pieces `(w, h)` (sorted, each w ≤ h).
    fn judge_rules_win(pieces: Vec<(u32, u32)>, memo: &mut HashMap<Vec<(u32, u32)>, bool>) -> bool {
        if let Some(&known) = memo.get(&pieces) {
            return known;
        }
        let mut wins = false;
        'moves: for (index, &(w, h)) in pieces.iter().enumerate() {
            for (long, short, across) in [(w, h, true), (h, w, false)] {
                for at in 1..long {
                    let (a, b) = if across {
                        ((at, short), (long - at, short))
                    } else {
                        ((short, at), (short, long - at))
                    };
                    if a == (1, 1) || b == (1, 1) {
                        wins = true;
                        break 'moves;
                    }
                    let mut next = pieces.clone();
                    next.remove(index);
                    for (x, y) in [a, b] {
                        next.push((x.min(y), x.max(y)));
                    }
                    next.sort_unstable();
                    if !judge_rules_win(next, memo) {
                        wins = true;
                        break 'moves;
                    }
                }
            }
        }
        memo.insert(pieces, wins);
        wins
    }

    #[test]
    fn the_safe_cuts_game_has_the_judges_winner_on_every_row_of_small_sheets() {
        let mut memo = HashMap::new();
        let sides = 2..=6u32;
        let sheets: Vec<(u32, u32)> = sides
            .clone()
            .flat_map(|w| sides.clone().map(move |h| (w, h)))
            .collect();
        let mut rows: Vec<Vec<(u32, u32)>> = sheets.iter().map(|&s| vec![s]).collect();
        for &a in &sheets {
            for &b in &sheets {
                rows.push(vec![a, b]);
                if a.0 * a.1 + b.0 * b.1 <= 24 {
                    for &c in sheets.iter().filter(|c| c.0 * c.1 <= 6) {
                        rows.push(vec![a, b, c]);
                    }
                }
            }
        }
        for row in rows {
            let position = Cutting::new(
                row.iter()
                    .map(|&(w, h)| Sheet::new(w, h).unwrap())
                    .collect(),
            );
            let mut key: Vec<(u32, u32)> = row.iter().map(|&(w, h)| (w.min(h), w.max(h))).collect();
            key.sort_unstable();
            let judge = judge_rules_win(key, &mut memo);
            assert_eq!(
                position.winner().unwrap() == Winner::First,
                judge,
                "{position}"
            );
        }
    }

    #[test]
    fn values_and_winning_moves_agree_with_exhaustive_search() {
        let mut solver = ExhaustiveSolver::new();
        for position in small_positions(5) {
            let value = solver.grundy_value(&position);
            assert_eq!(position.grundy_value(), Some(value), "{position}");
            let listed = position.winning_moves(usize::MAX).unwrap();
            let mut searched: Vec<String> = position
                .moves()
                .into_iter()
                .filter(|cut| solver.grundy_value(&position.play(cut)) == Nimber::ZERO)
                .map(|cut| position.format_move(&cut))
                .collect();
            let mut theory: Vec<String> = listed
                .listed
                .iter()
                .map(|m| position.format_move(&m.mv))
                .collect();
            searched.sort();
            theory.sort();
            assert_eq!(theory, searched, "{position}");
            assert_eq!(listed.total, searched.len() as u128);
        }
    }

    #[test]
    fn the_table_is_the_same_whatever_size_it_was_filled_to() {
        let small = SheetValues::fill(12);
        let large = SheetValues::fill(40);
        for w in 2..=12 {
            for h in 2..=12 {
                let sheet = Sheet::new(w, h).unwrap();
                assert_eq!(small.value(sheet), large.value(sheet), "{sheet}");
            }
        }
    }

    #[test]
    fn the_judges_samples_and_errors() {
        assert_eq!(
            solve_poj2311(b"2 2\n3 2\n4 2\n").unwrap(),
            "LOSE\nLOSE\nWIN\n"
        );
        assert_eq!(solve_poj2311(b"").unwrap(), "");
        assert!(solve_poj2311(b"2 1\n").is_err());
        assert!(solve_poj2311(b"2\n").is_err());
        assert!(solve_poj2311(b"1001 2\n").is_err());
    }

    #[test]
    fn notation_round_trips_and_refuses_what_is_not_a_sheet_or_a_safe_cut() {
        let position: Cutting = "4x2 5X5".parse().unwrap();
        assert_eq!(position.to_string(), "4x2 5x5");
        assert!("1x5".parse::<Cutting>().is_err());
        assert!("4x".parse::<Cutting>().is_err());
        assert!("1001x2".parse::<Cutting>().is_err());
        let cut = position.parse_move("1w2").unwrap();
        assert_eq!(position.play(&cut).to_string(), "2x2 2x2 5x5");
        assert!(position.parse_move("1h1").is_err());
        assert!(position.parse_move("3w2").is_err());
        assert!(position.parse_move("w2").is_err());
    }
}
