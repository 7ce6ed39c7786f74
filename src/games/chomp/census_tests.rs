//! Tests of the censuses: the three- and four-row sweeps and the rectangles' table against a
//! brute force written here from the rules, against the box search, and OEIS A395126.

use super::rectangles::SquareBox;
use super::rows::{four_row_p_positions, three_row_p_positions};
use super::{Board, Chomp};
use crate::core::Nimber;
use crate::theory::{Notation, Theory};
use std::collections::{BTreeSet, HashMap};

/// Whether the board `rows` (bottom first, non-increasing, zeros allowed at the top; the
/// first at least 1) is lost for the player to move, from the rules: a bite at column x, row y
/// (from 0, not the poisoned square) cuts every row from y to at most x squares.
fn lost(rows: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&known) = memo.get(rows) {
        return known;
    }
    let mut is_lost = true;
    'bites: for y in 0..rows.len() {
        for x in 0..rows[y] {
            if (x, y) == (0, 0) {
                continue;
            }
            let bitten: Vec<u32> = rows
                .iter()
                .enumerate()
                .map(|(j, &r)| if j >= y { r.min(x) } else { r })
                .collect();
            if lost(&bitten, memo) {
                is_lost = false;
                break 'bites;
            }
        }
    }
    memo.insert(rows.to_vec(), is_lost);
    is_lost
}

/// Every non-increasing row of `count` lengths with first at most `first` (zeros allowed).
fn shapes(count: usize, first: u32) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for _ in 0..count {
        let mut longer = Vec::new();
        for shape in &all {
            let most = shape.last().copied().unwrap_or(first);
            for next in 0..=most {
                let mut grown = shape.clone();
                grown.push(next);
                longer.push(grown);
            }
        }
        all = longer;
    }
    all.retain(|shape| shape[0] >= 1);
    all
}

#[test]
fn the_row_sweeps_find_exactly_the_lost_boards_of_the_brute_force() {
    let mut memo = HashMap::new();
    for (rows, first) in [(3usize, 14u32), (4, 10)] {
        let brute: BTreeSet<Vec<u32>> = shapes(rows, first)
            .into_iter()
            .filter(|shape| lost(shape, &mut memo))
            .collect();
        let mut swept = Vec::new();
        let count = if rows == 3 {
            three_row_p_positions(first, |p| swept.push(p.to_vec())).unwrap()
        } else {
            four_row_p_positions(first, |p| swept.push(p.to_vec())).unwrap()
        };
        assert_eq!(count as usize, swept.len());
        let mut sorted = swept.clone();
        sorted.sort();
        assert_eq!(sorted, swept, "lexicographic order");
        assert_eq!(
            swept.into_iter().collect::<BTreeSet<_>>(),
            brute,
            "{rows} rows"
        );
    }
}

#[test]
fn the_row_sweeps_agree_with_the_box_search() {
    for (rows, first) in [(3usize, 40u32), (4, 16)] {
        let mut swept = BTreeSet::new();
        if rows == 3 {
            three_row_p_positions(first, |p| {
                swept.insert(p.to_vec());
            })
            .unwrap();
        } else {
            four_row_p_positions(first, |p| {
                swept.insert(p.to_vec());
            })
            .unwrap();
        }
        for shape in shapes(rows, first) {
            let board = Chomp::new(vec![Board::new(shape.clone()).unwrap()]);
            let is_p = board.grundy_value() == Some(Nimber::ZERO);
            assert_eq!(swept.contains(&shape), is_p, "{shape:?}");
        }
    }
}

/// OEIS A395126 (A. Garg, 2026): the fourth row d of the four-rowed P-positions in
/// lexicographic order, as listed on the sequence's page; its comment counts 4,316,097
/// P-positions for n ≤ 500.
const A395126: [u32; 87] = [
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 2, 0, 2, 0, 2, 0, 0, 0, 2, 0, 2, 0, 2, 3, 4, 0, 3, 0, 3, 2,
    0, 2, 0, 2, 0, 2, 2, 3, 3, 0, 2, 2, 0, 4, 0, 4, 0, 4, 0, 5, 6, 7, 3, 4, 0, 0, 2, 3, 2, 3, 4, 5,
    6, 0, 2, 3, 4, 5, 7, 0, 5, 2, 4, 4, 3, 3, 0, 2, 0, 2, 3, 0, 2, 0, 2,
];

#[test]
fn the_four_row_sweep_reproduces_oeis_a395126() {
    let mut fourth = Vec::new();
    four_row_p_positions(16, |p| fourth.push(p[3])).unwrap();
    assert_eq!(fourth[..A395126.len()], A395126);
    assert_eq!(four_row_p_positions(500, |_| {}).unwrap(), 4_316_097);
}

#[test]
fn the_rectangles_table_agrees_with_the_brute_force_and_the_box_search() {
    let side = 6;
    let table = SquareBox::fill(side).unwrap();
    let mut memo = HashMap::new();
    for shape in shapes(side as usize, side) {
        assert_eq!(
            table.is_p_position(&shape),
            lost(&shape, &mut memo),
            "{shape:?}"
        );
    }
    for rows in 1..=side {
        for columns in 1..=side {
            let board = vec![columns; rows as usize];
            let position = Chomp::new(vec![Board::new(board.clone()).unwrap()]);
            let mut searched: Vec<String> = position
                .winning_moves(usize::MAX)
                .unwrap()
                .listed
                .iter()
                .map(|m| position.format_move(&m.mv))
                .collect();
            let mut listed: Vec<String> = table
                .winning_bites(&board)
                .iter()
                .map(|(x, y)| format!("{x},{y}"))
                .collect();
            searched.sort();
            listed.sort();
            assert_eq!(listed, searched, "{columns}x{rows}");
        }
    }
}

#[test]
fn censuses_past_the_memory_limit_are_refused_with_the_size() {
    let error = SquareBox::fill(20).err().unwrap().to_string();
    assert!(error.contains("137846528820 diagrams"), "{error}");
    let error = three_row_p_positions(1_000_000, |_| {})
        .unwrap_err()
        .to_string();
    assert!(error.contains("bytes"), "{error}");
    let error = four_row_p_positions(20_000, |_| {})
        .unwrap_err()
        .to_string();
    assert!(error.contains("bytes"), "{error}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Random three-rowed boards with rows up to 70 (past the exhaustive ranges above): lost
    /// for the brute force exactly when the sweep lists them.
    #[test]
    fn random_three_row_boards_agree_with_the_brute_force(
        a in 1u32..=70,
        b_share in 0u32..=70,
        c_share in 0u32..=70,
    ) {
        let b = b_share % (a + 1);
        let c = c_share % (b + 1);
        let mut listed = false;
        three_row_p_positions(a, |p| listed |= p == [a, b, c]).unwrap();
        let mut memo = HashMap::new();
        proptest::prop_assert_eq!(listed, lost(&[a, b, c], &mut memo), "{:?}", [a, b, c]);
    }
}
