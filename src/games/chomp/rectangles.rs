//! # Winning first bites of rectangles
//!
//! Every rectangle of at most S rows and S columns lies in the S × S box, so one table of the
//! box answers them all: one bit per diagram, set when the diagram is a P-position. A
//! rectangle (other than 1 × 1) is won by the first player (Gale's strategy stealing); its
//! winning first bites are the bites that leave a P-position, listed column and row from 1.
//!
//! **Notation.** A diagram of the box is μ = (μ_1, …, μ_S), S ≥ μ_1 ≥ … ≥ μ_S ≥ 0, its row
//! lengths from the poisoned row 1 (μ_1 ≥ 1 except for the empty diagram, which is no
//! position). The bite at column x, row y (from 1; not the poison at (1, 1)) caps every row
//! from y on at x − 1 squares. Split μ into its top length μ_1 and its lower rows
//! D = (μ_2, …, μ_S); the *family* of D is the diagrams (L, D) for L from max(μ_2, 1) to S.
//!
//! **One P-position a family.** Two P-positions (L, D) and (L', D) with L' < L would be a move
//! apart (bite row 1 at column L' + 1: every lower row is at most μ_2 ≤ L' and stays), and a
//! P-position has no P-option. Write P(D) for the top length of the family's P-position, if
//! there is one.
//!
//! **Deciding a family at once.** The options of (L, D) are
//!
//! * a bite in row 1 leaving a top length L' ≥ μ_2: (L', D), in the same family;
//! * a bite in row 1 leaving a top length x < μ_2 (1 ≤ x): (x, D ∧ x), where D ∧ x caps every
//!   row of D at x. It does not depend on L, and it is a P-position iff P(D ∧ x) = x;
//! * a bite in a lower row y ≥ 2 leaving x < μ_y squares there: (L, D'') with D'' the rows of
//!   D from y on capped at x. It keeps L, and it is a P-position iff L = P(D'').
//!
//! So if some (x, D ∧ x) is a P-position, every diagram of the family is an N-position.
//! Otherwise let F be the set of values P(D'') over the lower bites (the *forbidden* top
//! lengths). Then P(D) is the least L ≥ max(μ_2, 1) not in F, and none when every such L ≤ S is
//! in F: by induction on L, a smaller L of the family is forbidden (an N-position by its lower
//! bite), the least free L has neither a lower bite nor a same-family bite to a P-position (the
//! smaller tops are N-positions), and a larger L bites row 1 down to it.
//!
//! **Numbering.** The diagram μ is the S-subset c_i = (S − μ_i) + i − 1 of {0, …, 2S − 1} (c_i <
//! c_{i+1} since μ_i ≥ μ_{i+1}), numbered by the combinatorial number system, rank(μ) =
//! Σ binom(c_i, i). The top length is the least significant digit: binom(c_1, 1) = S − μ_1, so
//! the family of D is the run of S − μ_2 + 1 bits from base(D) = Σ_{i ≥ 2} binom(c_i, i), the
//! top length L at offset S − L, and a family's P-position is its run's only set bit. A bite
//! shrinks rows, so it raises digits and the rank: the families are decided in decreasing
//! base, by nested loops over μ_S (outermost, ascending), …, μ_2 (innermost, ascending), which
//! is the colex order of (c_S, …, c_2) read backwards.
//!
//! **Reading the forbidden set.** A lower family D'' has a row 2 of at most μ_2, so its run is
//! at least as long as the candidates' S − max(μ_2, 1) + 1 offsets, and its P-position (if any)
//! sits at offset S − P(D''), the offset P(D'') has in the family being decided. The forbidden
//! set is therefore the OR of the first 64 bits of every lower family's run, masked to the
//! candidates, and P(D) is at the highest free offset. Every bite leads to a family of larger
//! base, so it is decided before. The bites of rows 1 and 2 leaving x squares both lead to
//! the family D ∧ x: its run gives the bits the row-2 bite forbids and (at offset S − x)
//! whether the row-1 bite leaves a P-position.
//!
//! **Bites shared by a loop.** For x < μ_y (y ≥ 2), D ∧ x has rows 2, …, y of x squares and the
//! rows from y + 1 on capped at x: it depends on μ_{y+1}, …, not on μ_2, …, μ_y as long as they
//! exceed x. So the loop over μ_y keeps low_y, the OR of the runs of D ∧ x over x < μ_y:
//! low_{y+1} (the values x < μ_{y+1}) and one read for each x from μ_{y+1} on, when μ_y passes
//! it. A family starts its forbidden set from low_2, so the bites of rows 1 and 2 cost nothing
//! a family. Three stops: when a run of D ∧ x has its bit at offset S − x (x ≥ 1), every family
//! left in the loop over μ_y has a first-row bite to a P-position, and the loop ends; it ends
//! too when low_y forbids every candidate of μ_2 = μ_y (a larger μ_2 has fewer candidates, and
//! low only grows); and the bites of a family's rows 3, … are read until every candidate is
//! forbidden.
//!
//! **Incremental bases.** For the loop over μ_y the sums U_y(x) = Σ_{i ≥ y}
//! binom(S − min(μ_i, x) + i − 1, i), x = 0, …, S, are kept (U_y = the term of row y plus
//! U_{y+1}, updated when μ_y changes). Then base(D) = U_2(S), the lower family of the bite
//! leaving x < μ_y squares in row y has base base(D) − U_y(S) + U_y(x), and D ∧ x (x < μ_y)
//! has base Σ_{2 ≤ i < y} binom(S − x + i − 1, i) + U_y(x), the sum from a fixed table: one
//! addition and one two-word read per bite, no unranking. Without the stops the box would take
//! about binom(2S, S) · S^2 / 4 reads (one family per about two diagrams, about half the box's
//! cells in the lower rows); with them most families stop early (most are N-positions
//! throughout). The bits are the only memory.
//!
//! **Sizes.** The box holds binom(2S, S) diagrams: 2,704,156 for 12 × 12, 40,116,600 for
//! 14 × 14, 601,080,390 (75 MB of bits) for 16 × 16, 9,075,135,300 (1.1 GB) for 18 × 18,
//! 3.5 · 10^10 (4.4 GB) for 19 × 19 and 1.4 · 10^11 (17 GB) for 20 × 20. The bits are counted
//! against [`CENSUS_MEMORY_LIMIT`](super::rows::CENSUS_MEMORY_LIMIT) before they are
//! allocated.
//!
//! **Checks.** The tests compare every diagram's bit, for S = 1 to 10, and every rectangle's
//! winning bites up to 12 × 12 with the previous table (each diagram unranked and its bites
//! ranked one by one, in increasing order of a rank with μ_1 most significant), kept as a
//! referee in `rectangles_referee.rs`, and the 6 × 6 box with a brute force from the rules.
//!
//! **Sources.** D. Gale, "A curious Nim-type game", *Amer. Math. Monthly* 81 (1974) (Chomp,
//! strategy stealing); the one-top-row argument is the one of A. E. Brouwer, G. Horváth,
//! I. Molnár-Sáska, C. Szabó, "On three-rowed Chomp", *INTEGERS* 5 (2005), #G07, applied to the
//! poisoned row of any number of rows.

use super::rows::{CENSUS_MEMORY_LIMIT, TooLarge};

/// binomial[n][k] for n ≤ 2 · `side`, k ≤ `side` (Pascal's triangle; binom(2S, S) fits a u64
/// for S ≤ 32).
pub(super) fn binomials(side: usize) -> Vec<Vec<u64>> {
    let span = 2 * side + 1;
    let mut binomial = vec![vec![0u64; side + 1]; span];
    for n in 0..span {
        binomial[n][0] = 1;
        for k in 1..=side.min(n) {
            binomial[n][k] = binomial[n - 1][k - 1] + binomial[n - 1][k];
        }
    }
    binomial
}

/// The P/N table of every diagram in a square box.
pub struct SquareBox {
    side: usize,
    /// binomial[n][k] for n ≤ 2 · side, k ≤ side.
    binomial: Vec<Vec<u64>>,
    /// One bit per diagram (set: a P-position), and one word more so that 64 bits can be read
    /// from any diagram's bit.
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
    /// take when it is more than [`CENSUS_MEMORY_LIMIT`].
    pub fn fill(side: u32) -> Result<SquareBox, TooLarge> {
        SquareBox::fill_within(side, CENSUS_MEMORY_LIMIT)
    }

    /// [`fill`](Self::fill) with another memory limit, in bytes (the 20 × 20 box needs about
    /// 16.05 GiB).
    pub fn fill_within(side: u32, memory_limit: u64) -> Result<SquareBox, TooLarge> {
        let count = if side > 32 {
            u128::MAX
        } else {
            SquareBox::count(side)
        };
        let bytes = count.div_ceil(64).saturating_mul(8);
        if bytes > u128::from(memory_limit) {
            return Err(TooLarge(format!(
                "the {side} x {side} box holds {count} diagrams, {bytes} bytes of bits, more \
                 than the {memory_limit} bytes a census may use (--max-memory)"
            )));
        }
        let words = usize::try_from(count.div_ceil(64) + 1)
            .map_err(|_| TooLarge(format!("the {side} x {side} box does not fit this machine")))?;
        let side = side as usize;
        let binomial = binomials(side);
        let mut table = SquareBox {
            side,
            binomial,
            lost: vec![0; words],
        };
        let mut sweep = Sweep::new(side, &table.binomial);
        if side >= 2 {
            sweep.rows_from(side, &mut table);
        } else {
            sweep.decide_family(&mut table);
        }
        Ok(table)
    }

    /// The 64 bits from bit `at` on (bit `at` lowest).
    fn window(&self, at: u64) -> u64 {
        let word = at as usize / 64;
        let pair = u128::from(self.lost[word]) | u128::from(self.lost[word + 1]) << 64;
        (pair >> (at % 64)) as u64
    }

    /// Whether the diagram numbered `rank` is a P-position.
    fn is_lost(&self, rank: u64) -> bool {
        self.lost[rank as usize / 64] >> (rank % 64) & 1 == 1
    }

    /// The number of `diagram` (the box's side rows, bottom first).
    fn rank(&self, diagram: &[u32]) -> u64 {
        let side = self.side;
        diagram
            .iter()
            .enumerate()
            .map(|(i, &length)| self.binomial[side - length as usize + i][i + 1])
            .sum()
    }

    /// Every winning bite of the board of `rows` (bottom first, at most the box's side rows of
    /// at most its side squares), column and row from 1.
    pub fn winning_bites(&self, rows: &[u32]) -> Vec<(u32, u32)> {
        let mut diagram = vec![0u32; self.side];
        diagram[..rows.len()].copy_from_slice(rows);
        let mut bites = Vec::new();
        let mut bitten = diagram.clone();
        for (y, &length) in diagram.iter().enumerate() {
            for x in u32::from(y == 0)..length {
                for (row, &was) in bitten.iter_mut().zip(&diagram).skip(y) {
                    *row = was.min(x);
                }
                if self.is_lost(self.rank(&bitten)) {
                    bites.push((x + 1, y as u32 + 1));
                }
            }
            bitten[y] = length;
        }
        bites
    }

    /// Whether the board of `rows` (as for [`winning_bites`](Self::winning_bites)) is a
    /// P-position.
    pub fn is_p_position(&self, rows: &[u32]) -> bool {
        let mut diagram = vec![0u32; self.side];
        diagram[..rows.len()].copy_from_slice(rows);
        self.is_lost(self.rank(&diagram))
    }
}

/// The loops over the lower rows, with their sums U_y(x) and the bits of the bites to D ∧ x.
struct Sweep {
    side: usize,
    /// rows[y] = μ_y for y = 2, …, side; rows[side + 1] = 0.
    rows: Vec<u32>,
    /// sums[y · (side + 1) + x] = U_y(x) for y = 2, …, side + 1 (U_{side + 1} = 0).
    sums: Vec<u64>,
    /// capped[y · (side + 1) + x] = Σ_{2 ≤ i < y} binom(S − x + i − 1, i), the digits of rows
    /// 2, …, y − 1 of x squares each.
    capped: Vec<u64>,
    /// low[y]: the OR of the runs of the families D ∧ x for x < μ_y (for y = 2, …, side + 1).
    low: Vec<u64>,
}

impl Sweep {
    /// The sweep of the `side` × `side` box, before its loops.
    fn new(side: usize, binomial: &[Vec<u64>]) -> Sweep {
        let stride = side + 1;
        let mut capped = vec![0; (side + 2) * stride];
        for y in 2..=side {
            for x in 0..=side {
                capped[(y + 1) * stride + x] =
                    capped[y * stride + x] + binomial[side - x + y - 1][y];
            }
        }
        Sweep {
            side,
            rows: vec![0; side + 2],
            sums: vec![0; (side + 2) * stride],
            capped,
            low: vec![0; side + 2],
        }
    }

    /// Runs μ_y from μ_{y + 1} to the side, and inside each the rows below, down to μ_2,
    /// deciding each family. Stops when every family left in the loop is an N-position: one
    /// of them has a first-row bite to a P-position, or the bites to the families D ∧ x forbid
    /// every candidate top length.
    fn rows_from(&mut self, y: usize, table: &mut SquareBox) {
        let side = self.side;
        let stride = side + 1;
        let from = self.rows[y + 1];
        let mut low = self.low[y + 1];
        for length in from..=side as u32 {
            if length > from {
                // The bites at x = length − 1 ≥ μ_{y + 1} in rows 1 and 2 leave the family
                // D ∧ x of rows 2, …, y of x squares and rows y + 1, … as they are (the sums
                // of row y at x are the same for the previous length).
                let x = length as usize - 1;
                let run = table.window(self.capped[y * stride + x] + self.sums[y * stride + x]);
                low |= run;
                let candidates = u64::MAX >> (64 - (side - length as usize + 1));
                if x >= 1 && run >> (side - x) & 1 == 1 || low & candidates == candidates {
                    return;
                }
            }
            self.rows[y] = length;
            self.low[y] = low;
            for x in 0..=side {
                let capped = length.min(x as u32) as usize;
                self.sums[y * stride + x] =
                    table.binomial[side - capped + y - 1][y] + self.sums[(y + 1) * stride + x];
            }
            if y == 2 {
                self.decide_family(table);
            } else {
                self.rows_from(y - 1, table);
            }
        }
    }

    /// Sets the P-position of the family of the current lower rows, if it has one; every
    /// family it bites to is decided, and no bite of row 1 leaves a P-position.
    fn decide_family(&self, table: &mut SquareBox) {
        let side = self.side;
        let stride = side + 1;
        let second = self.rows[2];
        let base = self.sums[2 * stride + side];
        let candidates = u64::MAX >> (64 - (side - second.max(1) as usize + 1));
        let mut forbidden = self.low[2];
        if forbidden & candidates == candidates {
            return;
        }
        // The bites of rows 3, …: the search stops once every candidate is forbidden.
        for y in 3..=side {
            let length = self.rows[y] as usize;
            if length == 0 {
                break;
            }
            let shift = base - self.sums[y * stride + side];
            for x in 0..length {
                forbidden |= table.window(shift + self.sums[y * stride + x]);
                if forbidden & candidates == candidates {
                    return;
                }
            }
        }
        let free = !forbidden & candidates;
        let rank = base + u64::from(63 - free.leading_zeros());
        table.lost[rank as usize / 64] |= 1 << (rank % 64);
    }
}
