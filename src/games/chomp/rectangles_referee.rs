//! # The previous rectangles' table, kept as a referee for the tests
//!
//! One bit per diagram of the S × S box, numbered by the combinatorial number system with the
//! poisoned row μ_1 as the most significant digit: μ is Σ binom(μ_i + S − i, S − i + 1), a
//! sub-diagram has a smaller number, and one pass in increasing order decides each diagram
//! from its bites (each diagram unranked, each bite's number computed from the rows), a
//! P-position iff no bite leaves a P-position. Slow (O(S) a bite) but simple, and independent
//! of the family argument of [`super::rectangles`]; the tests below compare the two.

use super::rectangles::{SquareBox, binomials};

/// The P/N table of every diagram in a square box, decided diagram by diagram.
pub(super) struct Referee {
    side: usize,
    /// binomial[n][k] for n ≤ 2 · side, k ≤ side.
    binomial: Vec<Vec<u64>>,
    lost: Vec<u64>,
}

impl Referee {
    /// Decides every diagram of the `side` × `side` box.
    pub(super) fn fill(side: u32) -> Referee {
        let total = SquareBox::count(side) as usize;
        let side = side as usize;
        let binomial = binomials(side);
        let mut table = Referee {
            side,
            binomial,
            lost: vec![0; total.div_ceil(64)],
        };
        let mut diagram = vec![0u32; side];
        for rank in 1..total {
            table.unrank(rank as u64, &mut diagram);
            if diagram[0] == 0 {
                continue;
            }
            if table.first_winning_bite(&diagram).is_none() {
                table.lost[rank / 64] |= 1 << (rank % 64);
            }
        }
        table
    }

    /// Whether the diagram numbered `rank` is a P-position.
    fn is_lost(&self, rank: u64) -> bool {
        self.lost[rank as usize / 64] >> (rank % 64) & 1 == 1
    }

    /// The number of the diagram after biting `diagram` at column `x`, row `y` (from 0).
    fn bitten_rank(&self, diagram: &[u32], below: u64, x: u32, y: usize) -> u64 {
        let side = self.side;
        let mut child = below;
        for (j, &row) in diagram.iter().enumerate().skip(y) {
            child += self.binomial[row.min(x) as usize + side - 1 - j][side - j];
        }
        child
    }

    /// Calls `visit` with each bite (x, y from 0) of `diagram` and the number of the diagram
    /// it leaves, until `visit` says stop.
    fn each_bite(&self, diagram: &[u32], mut visit: impl FnMut(u32, usize, u64) -> bool) {
        let side = self.side;
        let mut below = 0u64;
        for (y, &length) in diagram.iter().enumerate() {
            for x in u32::from(y == 0)..length {
                if !visit(x, y, self.bitten_rank(diagram, below, x, y)) {
                    return;
                }
            }
            below += self.binomial[length as usize + side - 1 - y][side - y];
        }
    }

    /// The first bite of `diagram` that leaves a P-position, if any.
    fn first_winning_bite(&self, diagram: &[u32]) -> Option<(u32, usize)> {
        let mut found = None;
        self.each_bite(diagram, |x, y, child| {
            if self.is_lost(child) {
                found = Some((x, y));
            }
            found.is_none()
        });
        found
    }

    /// The diagram numbered `rank`, its rows into `diagram`.
    fn unrank(&self, mut rank: u64, diagram: &mut [u32]) {
        let side = self.side;
        let mut top = 2 * side - 1;
        for (i, row) in diagram.iter_mut().enumerate() {
            let k = side - i;
            while self.binomial[top][k] > rank {
                top -= 1;
            }
            rank -= self.binomial[top][k];
            *row = (top - (side - 1 - i)) as u32;
            top = top.saturating_sub(1);
        }
    }

    /// Every winning bite of the board of `rows` (bottom first, at most the box's side rows of
    /// at most its side squares), column and row from 1.
    pub(super) fn winning_bites(&self, rows: &[u32]) -> Vec<(u32, u32)> {
        let mut diagram = vec![0u32; self.side];
        diagram[..rows.len()].copy_from_slice(rows);
        let mut bites = Vec::new();
        self.each_bite(&diagram, |x, y, child| {
            if self.is_lost(child) {
                bites.push((x + 1, y as u32 + 1));
            }
            true
        });
        bites
    }

    /// Whether the board of `rows` (as for [`winning_bites`](Self::winning_bites)) is a
    /// P-position.
    pub(super) fn is_p_position(&self, rows: &[u32]) -> bool {
        let mut diagram = vec![0u32; self.side];
        diagram[..rows.len()].copy_from_slice(rows);
        let mut rank = 0u64;
        for (i, &row) in diagram.iter().enumerate() {
            rank += self.binomial[row as usize + self.side - 1 - i][self.side - i];
        }
        self.is_lost(rank)
    }
}

/// Every diagram of the `side` × `side` box (the empty one too), rows bottom first.
fn every_diagram(side: u32) -> Vec<Vec<u32>> {
    let mut all: Vec<Vec<u32>> = vec![vec![]];
    for _ in 0..side {
        all = all
            .into_iter()
            .flat_map(|shape| {
                let most = shape.last().copied().unwrap_or(side);
                (0..=most).map(move |next| {
                    let mut grown = shape.clone();
                    grown.push(next);
                    grown
                })
            })
            .collect();
    }
    all
}

#[test]
fn every_diagram_of_the_boxes_to_10_is_decided_as_the_referee_decides_it() {
    for side in 1..=10 {
        let table = SquareBox::fill(side).unwrap();
        let referee = Referee::fill(side);
        let diagrams = every_diagram(side);
        assert_eq!(diagrams.len() as u128, SquareBox::count(side));
        let mut lost = 0;
        for diagram in &diagrams {
            let is_lost = referee.is_p_position(diagram);
            assert_eq!(table.is_p_position(diagram), is_lost, "{diagram:?}");
            lost += usize::from(is_lost);
        }
        assert!(lost > 0, "{side}");
    }
}

#[test]
fn every_rectangle_to_12_by_12_has_the_referees_winning_bites() {
    let table = SquareBox::fill(12).unwrap();
    let referee = Referee::fill(12);
    let smaller = SquareBox::fill(7).unwrap();
    for rows in 1..=12usize {
        for columns in 1..=12 {
            let board = vec![columns; rows];
            let bites = table.winning_bites(&board);
            assert_eq!(bites, referee.winning_bites(&board), "{columns}x{rows}");
            assert_eq!(bites.is_empty(), (rows, columns) == (1, 1));
            if rows <= 7 && columns <= 7 {
                assert_eq!(smaller.winning_bites(&board), bites, "{columns}x{rows}");
            }
        }
    }
}
