//! # Winning first bites of rectangles
//!
//! Every rectangle of at most S rows and S columns lies in the S × S box, so one table of the
//! box answers them all. The table holds one bit per diagram (a P-position or not), numbered
//! by the combinatorial number system as in the box search: the diagram μ_1 ≥ … ≥ μ_S ≥ 0 is
//! Σ binom(μ_i + S − i, S − i + 1), a sub-diagram has a smaller number, and one pass in
//! increasing order decides each diagram from its bites (a P-position iff no bite leaves a
//! P-position; the search of a diagram stops at its first bite to a P-position). The box holds
//! binom(2S, S) diagrams: 2,704,156 for 12 × 12, 40,116,600 for 14 × 14, 601,080,390 (75 MB of
//! bits) for 16 × 16, 1.4 · 10^11 (17 GB) for 20 × 20; the time grows faster than the count,
//! as a diagram has up to S^2 bites. The bits are counted against
//! [`CENSUS_MEMORY_LIMIT`](super::rows::CENSUS_MEMORY_LIMIT) before they are allocated.
//!
//! A rectangle (other than 1 × 1) is won by the first player (Gale's strategy stealing); its
//! winning first bites are the bites that leave a P-position, listed column and row from 1.

use super::rows::{CENSUS_MEMORY_LIMIT, TooLarge};

/// The P/N table of every diagram in a square box.
pub struct SquareBox {
    side: usize,
    /// binomial[n][k] for n ≤ 2 · side, k ≤ side.
    binomial: Vec<Vec<u64>>,
    lost: Vec<u64>,
}

impl SquareBox {
    /// How many diagrams the `side` × `side` box holds: binom(2 side, side).
    pub fn count(side: u32) -> u128 {
        let mut count: u128 = 1;
        for k in 1..=u128::from(side) {
            count = count * (u128::from(side) + k) / k;
        }
        count
    }

    /// Decides every diagram of the `side` × `side` box, or says how much memory that would
    /// take when it is too much.
    pub fn fill(side: u32) -> Result<SquareBox, TooLarge> {
        let count = if side > 32 {
            u128::MAX
        } else {
            SquareBox::count(side)
        };
        let bytes = count.div_ceil(64).saturating_mul(8);
        if bytes > u128::from(CENSUS_MEMORY_LIMIT) {
            return Err(TooLarge(format!(
                "the {side} x {side} box holds {count} diagrams, {bytes} bytes of bits, more \
                 than the {CENSUS_MEMORY_LIMIT} bytes (8 GiB) a census may use"
            )));
        }
        let side = side as usize;
        let total = count as usize;
        let span = 2 * side + 1;
        let mut binomial = vec![vec![0u64; side + 1]; span];
        for n in 0..span {
            binomial[n][0] = 1;
            for k in 1..=side.min(n) {
                binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
            }
        }
        let mut table = SquareBox {
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
        Ok(table)
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
    pub fn winning_bites(&self, rows: &[u32]) -> Vec<(u32, u32)> {
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
    pub fn is_p_position(&self, rows: &[u32]) -> bool {
        let mut diagram = vec![0u32; self.side];
        diagram[..rows.len()].copy_from_slice(rows);
        let mut rank = 0u64;
        for (i, &row) in diagram.iter().enumerate() {
            rank += self.binomial[row as usize + self.side - 1 - i][self.side - i];
        }
        self.is_lost(rank)
    }
}
