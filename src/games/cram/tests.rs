//! Cram's solver against searches written from the rules, and its notation.

use super::board::{Cram, domino_starts, low_bits, not_last_column, small_positions};
use super::brute::brute_force;
use super::region::{
    Region, SMALL_KEY_CELLS, boxed_key, canonical_key, components, mirror_lost, pack_small,
    simplified_components, simplified_option, small_key, unpack_small,
};
use super::solver::Solver;
use super::table::regions_within;
use crate::core::{ExhaustiveSolver, ImpartialGame, Nimber};
use crate::theory::{Notation, Theory};
use std::collections::HashMap;

fn grid_of(board: &Cram) -> Vec<Vec<bool>> {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| board.is_empty_cell(r, c))
                .collect()
        })
        .collect()
}

#[test]
fn every_small_board_agrees_with_a_search_from_the_rules() {
    let mut memo = HashMap::new();
    let mut referee = ExhaustiveSolver::new();
    let mut solver = Solver::new();
    for board in small_positions(10) {
        let expected = brute_force(&mut grid_of(&board), &mut memo);
        let value = solver.position_value(board.empty(), board.rows(), board.cols());
        assert_eq!(value, expected, "{board}");
        assert_eq!(
            referee.grundy_value(&board),
            Nimber(u64::from(expected)),
            "{board}"
        );
        for k in 0..4 {
            assert_eq!(
                solver.position_is(board.empty(), board.rows(), board.cols(), k),
                k == expected,
                "{board} against *{k}"
            );
        }
    }
}

/// Every board of `rows` × `cols` with at most `blocked` cells blocked.
fn boards_with_few_blocked(rows: usize, cols: usize, blocked: u32) -> Vec<Cram> {
    let cells = rows * cols;
    (0u128..1 << cells)
        .filter(|holes| holes.count_ones() <= blocked)
        .map(|holes| Cram::with_empty(rows, cols, !holes).unwrap())
        .collect()
}

/// With the endgame table cut down to regions of 1, 3 or 5 cells, every region of a small board
/// goes through the outcome searches (`is_value`, the options generated one at a time, the
/// mirror rule on options, congruent options merged): their values, and whether each is worth
/// k, agree with the search from the rules — on every drawn board of at most 10 cells and on
/// every 4 × 4 and 3 × 5 board with at most 3 cells blocked. The same again with a
/// transposition table in the memory of 8 or 40 regions, pruned (its largest regions kept) over a
/// hundred times; and with `is_value` ruling out the lower values first from 1 or 2 on (the
/// solver does from 4).
#[test]
fn outcome_searches_agree_with_the_rules_on_every_small_board() {
    let mut memo = HashMap::new();
    let mut boards = small_positions(10);
    boards.extend(boards_with_few_blocked(4, 4, 3));
    boards.extend(boards_with_few_blocked(3, 5, 3));
    let expected: Vec<u32> = boards
        .iter()
        .map(|board| brute_force(&mut grid_of(board), &mut memo))
        .collect();
    for (endgame_cells, table_entries, lower_first_from) in [
        (1, None, 4),
        (3, None, 4),
        (5, None, 4),
        (3, Some(8), 4),
        (1, Some(40), 4),
        (1, None, 1),
        (3, None, 2),
        (1, Some(40), 1),
    ] {
        let solver = match table_entries {
            None => Solver::with_endgame_cells(endgame_cells),
            Some(entries) => Solver::with_small_tables(endgame_cells, entries),
        };
        let mut solver = solver.lower_first_from(lower_first_from);
        for (board, &expected) in boards.iter().zip(&expected) {
            for k in 0..6 {
                assert_eq!(
                    solver.position_is(board.empty(), board.rows(), board.cols(), k),
                    k == expected,
                    "{board} against *{k}, endgame of {endgame_cells} cells, lower values first \
                     from {lower_first_from}"
                );
            }
            let value = solver.position_value(board.empty(), board.rows(), board.cols());
            assert_eq!(value, expected, "{board}, endgame of {endgame_cells} cells");
        }
        if table_entries.is_some() {
            assert!(solver.times_pruned() > 150, "{}", solver.times_pruned());
        }
    }
}

/// `--max-memory`: the regions a table of so many bytes holds are 7/8 of the slots of the
/// largest power of two of 64-byte buckets of three that fit, and a table cut down while it is
/// full is pruned at once and keeps giving exact values.
#[test]
fn a_table_cut_down_part_way_is_pruned_and_stays_exact() {
    assert_eq!(regions_within(1 << 30), (1 << 24) * 3 / 8 * 7);
    assert_eq!(regions_within(8 << 30), (1 << 27) * 3 / 8 * 7);
    assert_eq!(regions_within((1 << 24) * 64 - 1), (1 << 23) * 3 / 8 * 7);
    assert_eq!(regions_within(0), 42);
    let mut memo = HashMap::new();
    let boards = boards_with_few_blocked(4, 4, 2);
    let mut solver = Solver::with_endgame_cells(3);
    for (index, board) in boards.iter().enumerate() {
        if index == boards.len() / 2 {
            let before = solver.table_len();
            assert!(before > 20, "{before}");
            solver.set_table_entries(20);
            assert!(solver.table_len() <= 10, "{}", solver.table_len());
            assert_eq!(solver.times_pruned(), 1);
        }
        let expected = brute_force(&mut grid_of(board), &mut memo);
        let value = solver.position_value(board.empty(), board.rows(), board.cols());
        assert_eq!(value, expected, "{board}");
    }
    assert!(solver.times_pruned() > 1, "{}", solver.times_pruned());
}

/// A layout of more than 60 cells turns the table to keys of two words (its regions' may not
/// fit in one), and the values stay those of the same regions in a small layout.
#[test]
fn layouts_past_60_cells_take_two_word_keys_and_agree() {
    for (rows, cols) in [(4, 5), (3, 7), (5, 5)] {
        let board = Cram::empty_board(rows, cols).unwrap();
        let mut narrow = Solver::new();
        let value = narrow.position_value(board.empty(), rows, cols);
        assert!(narrow.table_is_narrow());
        let mut in_corner = 0u128;
        for r in 0..rows {
            in_corner |= low_bits(cols) << (r * 9);
        }
        let mut wide = Solver::new();
        assert_eq!(wide.position_value(in_corner, 7, 9), value, "{board}");
        assert!(!wide.table_is_narrow());
        assert_eq!(narrow.position_value(in_corner, 7, 9), value, "{board}");
        assert!(!narrow.table_is_narrow());
    }
}

/// A table pruned again and again never takes more memory than `--max-memory` gave it: what a
/// prune keeps stays in the slots it had (a table of 42 regions has 16 buckets, 1 KiB).
#[test]
fn a_table_pruned_often_stays_within_its_slots() {
    let most = regions_within(0);
    let mut solver = Solver::with_small_tables(4, most);
    for (rows, cols) in [(4, 6), (5, 5), (3, 9), (4, 7)] {
        let board = Cram::empty_board(rows, cols).unwrap();
        solver.position_value(board.empty(), board.rows(), board.cols());
        assert!(
            solver.table_bytes() <= 1024,
            "{board}: {}",
            solver.table_bytes()
        );
    }
    assert!(solver.times_pruned() > 10, "{}", solver.times_pruned());
}

#[test]
fn winning_moves_are_exactly_the_moves_to_zero() {
    let mut referee = ExhaustiveSolver::new();
    for board in small_positions(8).into_iter().step_by(7) {
        let mut searched: Vec<String> = board
            .moves()
            .into_iter()
            .filter(|domino| referee.grundy_value(&board.play(domino)) == Nimber::ZERO)
            .map(|domino| board.format_move(&domino))
            .collect();
        let mut listed: Vec<String> = board
            .winning_moves(usize::MAX)
            .unwrap()
            .listed
            .iter()
            .map(|m| board.format_move(&m.mv))
            .collect();
        searched.sort();
        listed.sort();
        assert_eq!(listed, searched, "{board}");
    }
}

/// The image of cell (r, c) of an h × w box under symmetry `s` (0..8), and the image box's
/// height and width.
fn image(s: usize, r: usize, c: usize, h: usize, w: usize) -> (usize, usize, usize, usize) {
    let (r, c) = if s & 1 == 1 { (r, w - 1 - c) } else { (r, c) };
    let (r, c) = if s & 2 == 2 { (h - 1 - r, c) } else { (r, c) };
    if s & 4 == 4 {
        (c, r, w, h)
    } else {
        (r, c, h, w)
    }
}

#[test]
fn canonical_keys_are_the_same_for_all_eight_images_and_differ_otherwise() {
    let mut classes = HashMap::new();
    for (h, w) in [(3, 3), (2, 4), (3, 4)] {
        for pattern in 1u128..1 << (h * w) {
            let key = canonical_key(pattern, h, w);
            for s in 0..8 {
                let mut moved = 0u128;
                let (mut ih, mut iw) = (h, w);
                for cell in 0..h * w {
                    if pattern >> cell & 1 == 1 {
                        let (r, c, hh, ww) = image(s, cell / w, cell % w, h, w);
                        moved |= 1 << (r * ww + c);
                        (ih, iw) = (hh, ww);
                    }
                }
                assert_eq!(canonical_key(moved, ih, iw), key, "{pattern:b} image {s}");
            }
            // The key's region is the pattern cut to its box, up to symmetry: same cell count.
            let region = Region::of_key(key);
            assert_eq!(region.mask.count_ones(), pattern.count_ones());
            classes.entry(key).or_insert(pattern);
        }
    }
    // The key is the least of the eight images' keys, each image cut to its bounding box and
    // written as its mask (row by row) with its height at bit 116 and its width at bit 122.
    for (h, w) in [(2, 5), (3, 4), (4, 3), (4, 4)] {
        for pattern in (1u128..1 << (h * w)).step_by(7) {
            let cells: Vec<(usize, usize)> = (0..h * w)
                .filter(|cell| pattern >> cell & 1 == 1)
                .map(|cell| (cell / w, cell % w))
                .collect();
            assert_eq!(
                canonical_key(pattern, h, w),
                least_image_key(&cells, h, w),
                "{pattern:b} in {h}x{w}"
            );
        }
    }
    // Free polyominoes-with-holes up to symmetry are fewer than the patterns, and the trominoes
    // in a line and in an L are two classes.
    let line = canonical_key(0b111, 1, 3);
    let bent = canonical_key(0b1011, 2, 2);
    assert_ne!(line, bent);
    assert_eq!(canonical_key(0b111_000, 2, 3), line);
    assert_eq!(canonical_key(0b0111, 2, 2), bent);
}

/// The masks the solver builds without branches or loops (and where dominoes start), against
/// their definitions cell by cell.
#[test]
fn masks_of_layouts_are_their_definitions() {
    for n in 0..=128usize {
        let cells = (0..n).fold(0u128, |m, cell| m | 1 << cell);
        assert_eq!(low_bits(n), cells, "{n}");
    }
    for h in 1..=11usize {
        for w in 1..=63usize {
            if h * w > 112 {
                continue;
            }
            let cells = (0..h * w)
                .filter(|cell| cell % w != w - 1)
                .fold(0u128, |m, cell| m | 1 << cell);
            assert_eq!(not_last_column(h, w), cells, "{h}x{w}");
            let mut next = xorshift();
            for _ in 0..20 {
                let empty = (u128::from(next()) << 64 | u128::from(next())) & low_bits(h * w);
                let is_empty = |cell: usize| cell < h * w && empty >> cell & 1 == 1;
                let (horizontal, vertical) = (0..h * w).fold((0u128, 0u128), |(hz, vt), cell| {
                    let right = cell % w != w - 1 && is_empty(cell) && is_empty(cell + 1);
                    let down = is_empty(cell) && is_empty(cell + w);
                    (
                        hz | u128::from(right) << cell,
                        vt | u128::from(down) << cell,
                    )
                });
                assert_eq!(
                    domino_starts(empty, h, w),
                    (horizontal, vertical),
                    "{empty:#x} in {h}x{w}"
                );
            }
        }
    }
}

/// A fixed stream of pseudo-random words (xorshift), the same on every run.
fn xorshift() -> impl FnMut() -> u64 {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// The least of the keys of the eight images of the cells `cells` of an h × w layout, each
/// image cut to its bounding box and written from the definition, cell by cell.
fn least_image_key(cells: &[(usize, usize)], h: usize, w: usize) -> u128 {
    (0..8)
        .map(|s| {
            let moved: Vec<(usize, usize)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c, _, _) = image(s, r, c, h, w);
                    (r, c)
                })
                .collect();
            let top = moved.iter().map(|&(r, _)| r).min().unwrap();
            let left = moved.iter().map(|&(_, c)| c).min().unwrap();
            let height = moved.iter().map(|&(r, _)| r).max().unwrap() - top + 1;
            let width = moved.iter().map(|&(_, c)| c).max().unwrap() - left + 1;
            let mask = moved
                .iter()
                .fold(0u128, |m, &(r, c)| m | 1 << ((r - top) * width + c - left));
            mask | (height as u128) << 116 | (width as u128) << 122
        })
        .min()
        .unwrap()
}

/// Layouts of more than 64 cells are filled and cut in 128 bits, smaller ones in 64: a region
/// gets the same components and keys in both, and in both the key of the definition.
#[test]
fn regions_past_64_cells_get_the_keys_of_the_definition() {
    let mut parts = Vec::new();
    let mut big_parts = Vec::new();
    // Every pattern of a 3 × 4 box, alone and placed at (3, 4) in a 9 × 12 layout.
    let (h, w, big_w) = (3, 4, 12);
    for pattern in 1u128..1 << (h * w) {
        components(pattern, h, w, &mut parts);
        let moved = (0..h * w)
            .filter(|cell| pattern >> cell & 1 == 1)
            .fold(0u128, |m, cell| {
                m | 1 << ((cell / w + 3) * big_w + cell % w + 4)
            });
        components(moved, 9, big_w, &mut big_parts);
        assert_eq!(parts.len(), big_parts.len(), "{pattern:b}");
        for (&part, &big) in parts.iter().zip(&big_parts) {
            assert_eq!(canonical_key(part, h, w), canonical_key(big, 9, big_w));
            assert_eq!(boxed_key(part, h, w), boxed_key(big, 9, big_w));
        }
    }
    // Random boards of 9 × 12 and 3 × 30, two cells in three empty: each component's key is the
    // definition's, its cells are the board's, and the components are disjoint and connected
    // (a component's canonical key has as many cells; pieces of one region would have fewer).
    let mut next = xorshift();
    let mut large_boxes = 0;
    for (h, w) in [(9, 12), (3, 30), (8, 9)] {
        for _ in 0..200 {
            let empty = (0..h * w)
                .filter(|_| !next().is_multiple_of(3))
                .fold(0u128, |m, cell| m | 1 << cell);
            components(empty, h, w, &mut parts);
            assert_eq!(parts.iter().fold(0, |m, p| m | p), empty);
            for &part in &parts {
                let cells: Vec<(usize, usize)> = (0..h * w)
                    .filter(|cell| part >> cell & 1 == 1)
                    .map(|cell| (cell / w, cell % w))
                    .collect();
                let key = canonical_key(part, h, w);
                assert_eq!(key, least_image_key(&cells, h, w), "{part:b} in {h}x{w}");
                let region = Region::of_key(key);
                large_boxes += usize::from(region.h * region.w > 64);
                let mut again = Vec::new();
                components(part, h, w, &mut again);
                assert_eq!(again, vec![part]);
            }
        }
    }
    assert!(large_boxes > 100, "{large_boxes}");
}

/// Every region of at most 14 cells, as it lies and turned, has a one-word key that gives its
/// key back, and different regions different words; larger boxes have none.
#[test]
fn small_regions_have_one_word_keys_that_give_their_keys_back() {
    let mut words = HashMap::new();
    let mut parts = Vec::new();
    for (h, w) in [(1, 15), (3, 5), (4, 4), (2, 7), (7, 2), (5, 3)] {
        for pattern in 1u128..1 << (h * w) {
            if pattern.count_ones() > SMALL_KEY_CELLS {
                continue;
            }
            components(pattern, h, w, &mut parts);
            for &part in &parts {
                for key in [boxed_key(part, h, w), canonical_key(part, h, w)] {
                    let word = small_key(key).expect("a small region's key fits in a word");
                    assert_eq!(word, pack_small(key));
                    assert_eq!(unpack_small(word), key, "{part:b} in {h}x{w}");
                    assert_eq!(*words.entry(word).or_insert(key), key);
                }
            }
        }
    }
    // A box of more than 56 cells, or a side of 16, has no one-word key.
    assert_eq!(small_key(canonical_key((1 << 60) - 1, 4, 15)), None);
    assert_eq!(small_key(canonical_key((1 << 16) - 1, 1, 16)), None);
}

#[test]
fn the_mirror_rule_only_claims_lost_regions() {
    let mut memo = HashMap::new();
    let mut parts = Vec::new();
    let mut claimed = 0;
    for board in small_positions(12) {
        components(board.empty(), board.rows(), board.cols(), &mut parts);
        for &part in &parts {
            let region = Region::of_key(canonical_key(part, board.rows(), board.cols()));
            if mirror_lost(&region) {
                claimed += 1;
                let piece = Cram::with_empty(region.h, region.w, region.mask).unwrap();
                assert_eq!(brute_force(&mut grid_of(&piece), &mut memo), 0, "{piece}");
            }
        }
    }
    assert!(claimed > 100);
}

/// Dawson's Kayles (octal 0.07), computed here from its rule: a heap of n loses two adjacent
/// tokens, leaving a and b with a + b = n - 2.
fn dawson(n: usize) -> Vec<u32> {
    let mut values = vec![0u32; n + 1];
    for heap in 2..=n {
        let mut seen = Vec::new();
        for a in 0..=heap - 2 {
            seen.push(values[a] ^ values[heap - 2 - a]);
        }
        values[heap] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    values
}

#[test]
fn one_row_is_dawsons_kayles_and_two_even_rows_are_zero() {
    let values = dawson(63);
    for (n, &value) in values.iter().enumerate().skip(1) {
        let board = Cram::empty_board(1, n).unwrap();
        assert_eq!(board.value(), Nimber(u64::from(value)), "1x{n}");
    }
    for n in (2..=20).step_by(2) {
        assert_eq!(
            Cram::empty_board(2, n).unwrap().value(),
            Nimber::ZERO,
            "2x{n}"
        );
    }
}

/// The 4 × n, 5 × n, 6 × n and 7 × n values of igsolve's README (small ones only here; the
/// docs' command reproduces the rest).
#[test]
fn published_boards_that_solve_fast() {
    for (rows, cols, value) in [
        (4, 4, 0),
        (4, 5, 2),
        (4, 6, 0),
        (4, 7, 3),
        (4, 8, 0),
        (5, 5, 0),
    ] {
        let board = Cram::empty_board(rows, cols).unwrap();
        assert_eq!(board.value(), Nimber(value), "{rows}x{cols}");
    }
}

#[test]
fn notation_round_trips_and_refuses_what_is_not_a_board_or_a_domino() {
    let board: Cram = "3x4".parse().unwrap();
    assert_eq!(board.to_string(), "3x4");
    let domino = board.parse_move("1,1h").unwrap();
    let after = board.play(&domino);
    assert_eq!(after.to_string(), "##../..../....");
    assert_eq!(after.to_string().parse::<Cram>().unwrap(), after);
    let down = after.parse_move("2,4v").unwrap();
    assert_eq!(after.play(&down).to_string(), "##../...#/...#");
    assert!(after.parse_move("1,1h").is_err());
    assert!(after.parse_move("3,4h").is_err());
    assert!(after.parse_move("3,4v").is_err());
    assert!(after.parse_move("0,1v").is_err());
    assert!(after.parse_move("1,3").is_err());
    assert!(after.parse_move("x").is_err());
    for bad in [
        "", "0x3", "3x0", "64x1", "11x11", "../.", "..a", "3x4 1x2", "//", "3y4",
    ] {
        assert!(bad.parse::<Cram>().is_err(), "{bad}");
    }
    let error = "../.a".parse::<Cram>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1, column 5: `a` is not a cell: write `.` for an empty cell and `#` for a blocked one"
    );
    assert_eq!("1x63".parse::<Cram>().unwrap().to_string(), "1x63");
    assert!("1x64".parse::<Cram>().is_err());
}

/// Cram's nimber of the empty cells `empty` of an `h` × `w` layout from the rules alone: mex over
/// every domino, cell by cell, memoised on the mask.
fn rules_value(empty: u128, h: usize, w: usize, memo: &mut HashMap<u128, u32>) -> u32 {
    if let Some(&value) = memo.get(&empty) {
        return value;
    }
    let mut seen = 0u128;
    for r in 0..h {
        for c in 0..w {
            let cell = r * w + c;
            for (fits, other) in [(c + 1 < w, cell + 1), (r + 1 < h, cell + w)] {
                if fits && empty >> cell & 1 == 1 && empty >> other & 1 == 1 {
                    let rest = empty & !(1 << cell) & !(1 << other);
                    seen |= 1 << rules_value(rest, h, w, memo);
                }
            }
        }
    }
    let value = (!seen).trailing_zeros();
    memo.insert(empty, value);
    value
}

/// Checks the simplified regions of `empty` against the rules: disjoint, inside `empty`,
/// connected, of two cells or more, and their values sum to the value of `empty`. Returns
/// whether cells were dropped, and whether they split more than the plain components.
fn check_simplified(
    empty: u128,
    h: usize,
    w: usize,
    memo: &mut HashMap<u128, u32>,
) -> (bool, bool) {
    let (mut parts, mut plain, mut pieces) = (Vec::new(), Vec::new(), Vec::new());
    simplified_components(empty, h, w, &mut parts);
    let mut union = 0u128;
    let mut sum = 0;
    for &part in &parts {
        assert_eq!(part & union, 0, "{empty:#x} in {h} x {w}: parts overlap");
        assert_eq!(part & !empty, 0, "{empty:#x} in {h} x {w}: a part outside");
        components(part, h, w, &mut pieces);
        assert!(
            pieces.len() == 1 && part.count_ones() > 1,
            "{part:#x} of {empty:#x}"
        );
        union |= part;
        sum ^= rules_value(part, h, w, memo);
    }
    assert_eq!(
        sum,
        rules_value(empty, h, w, memo),
        "{empty:#x} in {h} x {w}"
    );
    components(empty, h, w, &mut plain);
    let plain_regions = plain.iter().filter(|p| p.count_ones() > 1).count();
    let kept = plain
        .iter()
        .filter(|p| p.count_ones() > 1)
        .fold(0, |all, p| all | p);
    (union != kept, parts.len() > plain_regions)
}

/// The simplified regions (the extra leaves of stars and the bridges dropped, split at 2 × 2
/// blocks with two opposite corners closed, again until nothing changes) sum to the value of
/// the rules: every pattern of empty cells of 4 × 4, 4 × 5, 3 × 6 and 2 × 8 layouts, and 3,000
/// random patterns of 8 × 8 and 9 × 12 ones (the 64- and 128-bit paths) with about 18 cells
/// empty. Cells are dropped, and regions split, on thousands of the exhaustive patterns and on
/// hundreds of the random ones.
#[test]
fn simplified_regions_sum_to_the_value_of_the_rules() {
    for (h, w) in [(4, 4), (4, 5), (3, 6), (2, 8)] {
        let mut memo = HashMap::new();
        let (mut dropped, mut split) = (0, 0);
        for empty in 0..1u128 << (h * w) {
            let (fewer, more) = check_simplified(empty, h, w, &mut memo);
            dropped += usize::from(fewer);
            split += usize::from(more);
        }
        assert!(dropped > 1000 && split > 50, "{h} x {w}: {dropped} {split}");
    }
    let mut next = xorshift();
    for (h, w) in [(8, 8), (9, 12)] {
        let (mut dropped, mut split) = (0, 0);
        for _ in 0..1500 {
            let mut empty = 0u128;
            for _ in 0..18 {
                empty |= 1 << (next() % (h * w) as u64);
            }
            // Grow a few cells next to others, so that regions are larger than single cells.
            for _ in 0..8 {
                let cell = (next() % (h * w) as u64) as usize;
                if cell + 1 < h * w && empty >> cell & 1 == 1 {
                    empty |= 1 << (cell + 1);
                }
            }
            let (fewer, more) = check_simplified(empty, h, w, &mut HashMap::new());
            dropped += usize::from(fewer);
            split += usize::from(more);
        }
        assert!(dropped > 100 && split > 10, "{h} x {w}: {dropped} {split}");
    }
}

/// The regions of a region's option, found from the cells next to the domino taken (the last
/// one without a fill), are those of the option's cells simplified on their own: every option of
/// every region of 4 × 4, 3 × 6 and 2 × 8 layouts, and of the largest region of 2,000 random
/// patterns of 8 × 8 and 9 × 12 ones (the 64- and 128-bit paths) with about two cells in three
/// empty.
#[test]
fn the_regions_of_an_option_are_found_from_the_domino_taken() {
    let check = |region: u128, h: usize, w: usize| {
        let (horizontal, vertical) = domino_starts(region, h, w);
        let (mut from_domino, mut whole) = (Vec::new(), Vec::new());
        for (mut starts, step) in [(horizontal, 1), (vertical, w)] {
            while starts != 0 {
                let cell = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let taken = 1u128 << cell | 1u128 << (cell + step);
                simplified_option(region, taken, h, w, &mut from_domino);
                simplified_components(region & !taken, h, w, &mut whole);
                from_domino.sort_unstable();
                whole.sort_unstable();
                assert_eq!(
                    from_domino, whole,
                    "{region:#x} less {taken:#x} in {h} x {w}"
                );
            }
        }
    };
    let mut parts = Vec::new();
    for (h, w) in [(4, 4), (3, 6), (2, 8)] {
        for empty in 0..1u128 << (h * w) {
            components(empty, h, w, &mut parts);
            if let [region] = parts[..] {
                check(region, h, w);
            }
        }
    }
    let mut next = xorshift();
    for (h, w) in [(8, 8), (9, 12)] {
        for _ in 0..1000 {
            let empty = (0..h * w)
                .filter(|_| !next().is_multiple_of(3))
                .fold(0u128, |empty, cell| empty | 1 << cell);
            components(empty, h, w, &mut parts);
            let largest = parts.iter().copied().max_by_key(|part| part.count_ones());
            check(largest.unwrap_or(0), h, w);
        }
    }
}

/// Regions whose boxes pass 64 cells (so the solver's layouts are 128-bit, and the options it
/// searches are asked in that layout or, once their boxes fit, in 64-bit boxes of their own):
/// a U of 5 × 14 and 14 × 5 with random cells added inside and taken out of it, valued and
/// asked about by the outcome searches (endgame of 3 cells), against the rules.
#[test]
fn searches_in_layouts_past_64_cells_agree_with_the_rules() {
    let mut next = xorshift();
    let mut large_boxes = 0;
    for (h, w) in [(5, 14), (14, 5)] {
        for _ in 0..60 {
            let mut empty = 0u128;
            for r in 0..h {
                for c in 0..w {
                    let on_the_u = if h < w {
                        r == 0 || c == 0 || c == w - 1
                    } else {
                        c == 0 || r == 0 || r == h - 1
                    };
                    let roll = next() % 100;
                    if (on_the_u && roll >= 6) || (!on_the_u && roll < 8) {
                        empty |= 1 << (r * w + c);
                    }
                }
            }
            let mut parts = Vec::new();
            components(empty, h, w, &mut parts);
            let boxes_past_64 = parts
                .iter()
                .any(|&part| Region::of_key(canonical_key(part, h, w)).mask >> 64 != 0);
            large_boxes += usize::from(boxes_past_64);
            let mut memo = HashMap::new();
            let expected = rules_value(empty, h, w, &mut memo);
            let mut solver = Solver::with_endgame_cells(3);
            assert_eq!(solver.position_value(empty, h, w), expected, "{empty:b}");
            for k in 0..4 {
                let mut solver = Solver::with_endgame_cells(3);
                assert_eq!(
                    solver.position_is(empty, h, w, k),
                    k == expected,
                    "{empty:b} *{k}"
                );
            }
        }
    }
    assert!(large_boxes > 20, "{large_boxes}");
}

/// Two or three threads sharing one table (`--threads`) value every drawn board of at most 8
/// cells, every 4 × 5 board with at most 2 cells blocked and every 3 × 7 with at most one as
/// the rules do, with the endgame table cut down so that every region is raced for, also with
/// a shared table of 80 slots that forgets most of what it is told; and the team's leader
/// answers `position_is` from what the team found. The mates search too (their searches are
/// counted), so the race is run, not bypassed.
#[test]
fn threads_sharing_a_table_agree_with_the_rules_on_every_small_board() {
    let mut memo = HashMap::new();
    let mut boards = small_positions(8);
    boards.extend(boards_with_few_blocked(4, 5, 2));
    boards.extend(boards_with_few_blocked(3, 7, 1));
    let mut mates_searched = 0;
    for (threads, endgame_cells, bytes) in [(2, 1, 1 << 20), (3, 5, 1 << 20), (2, 3, 0)] {
        let mut solver = Solver::with_endgame_cells(endgame_cells);
        solver.enlist(threads, bytes);
        for board in &boards {
            let expected = brute_force(&mut grid_of(board), &mut memo);
            let value = solver.position_value(board.empty(), board.rows(), board.cols());
            assert_eq!(value, expected, "{board} on {threads} threads");
            for k in 0..4 {
                assert_eq!(
                    solver.position_is(board.empty(), board.rows(), board.cols(), k),
                    k == expected,
                    "{board} against *{k} on {threads} threads"
                );
            }
        }
        mates_searched += solver.mates_searched();
    }
    assert!(mates_searched > 0);
}

/// A board past 60 cells leaves the team: it is searched by the leader alone, with a table of
/// its own, and its value is the lone solver's.
#[test]
fn a_team_leaves_its_threads_past_60_cells() {
    let mut solver = Solver::with_endgame_cells(8);
    solver.enlist(2, 1 << 20);
    let board: Cram = "1x61".parse().unwrap();
    let value = solver.position_value(board.empty(), board.rows(), board.cols());
    let mut alone = Solver::with_endgame_cells(8);
    assert_eq!(
        value,
        alone.position_value(board.empty(), board.rows(), board.cols())
    );
    assert_eq!(solver.mates_searched(), 0);
    assert!(!solver.stats().contains("threads"));
}

/// A team whose first layout is small makes its shared table larger for a larger one (keeping
/// what it knew), searches a layout past 60 cells alone and comes back to its threads after.
#[test]
fn a_team_grows_its_table_for_larger_layouts_and_comes_back_after_a_large_one() {
    let mut memo = HashMap::new();
    let mut solver = Solver::with_endgame_cells(3);
    solver.enlist(2, 1 << 30);
    for text in ["3x4", "4x5", "1x61", "3x7", "5x5"] {
        let board: Cram = text.parse().unwrap();
        let value = solver.position_value(board.empty(), board.rows(), board.cols());
        let expected = match text {
            "1x61" => Solver::new().position_value(board.empty(), 1, 61),
            _ => brute_force(&mut grid_of(&board), &mut memo),
        };
        assert_eq!(value, expected, "{text}");
        assert_eq!(solver.stats().contains("threads"), text != "1x61", "{text}");
    }
}
