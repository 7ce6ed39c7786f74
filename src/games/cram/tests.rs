//! Cram's solver against searches written from the rules, and its notation.

use super::board::{Cram, small_positions};
use super::region::{Region, canonical_key, components, mirror_lost};
use super::solver::Solver;
use crate::core::{ExhaustiveSolver, ImpartialGame, Nimber};
use crate::theory::{Notation, Theory};
use std::collections::HashMap;

/// The nimber of a grid of cells (`true` empty) by the definition: mex over every domino.
fn brute_force(grid: &mut Vec<Vec<bool>>, memo: &mut HashMap<Vec<Vec<bool>>, u32>) -> u32 {
    if let Some(&value) = memo.get(grid) {
        return value;
    }
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut seen = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < rows && c2 < cols && grid[r][c] && grid[r2][c2] {
                    grid[r][c] = false;
                    grid[r2][c2] = false;
                    seen.push(brute_force(grid, memo));
                    grid[r][c] = true;
                    grid[r2][c2] = true;
                }
            }
        }
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(grid.clone(), value);
    value
}

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
    // Free polyominoes-with-holes up to symmetry are fewer than the patterns, and the trominoes
    // in a line and in an L are two classes.
    let line = canonical_key(0b111, 1, 3);
    let bent = canonical_key(0b1011, 2, 2);
    assert_ne!(line, bent);
    assert_eq!(canonical_key(0b111_000, 2, 3), line);
    assert_eq!(canonical_key(0b0111, 2, 2), bent);
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
