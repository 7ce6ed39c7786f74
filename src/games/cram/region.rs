//! Regions: the connected components of a board's empty cells, each cut to its bounding box and
//! written in a canonical form under the eight symmetries of the square (rotations and
//! reflections), so that congruent regions share one entry in the solver's tables.
//!
//! A region of h × w (its bounding box) is a mask with cell (r, c) at bit `r * w + c`; its key
//! is that mask with h and w packed above bit [`DIMS_SHIFT`]: the smallest such key over the
//! eight images of the region is its canonical key.

use super::board::{domino_starts, low_bits, not_last_column};

/// Where a key's height starts (the width is 6 bits above it); masks stay below.
const DIMS_SHIFT: u32 = 116;

/// A region as the solver keeps it: its canonical key.
pub(crate) type Key = u128;

/// A region unpacked: its mask in an `h` × `w` layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub(crate) mask: u128,
    pub(crate) h: usize,
    pub(crate) w: usize,
}

impl Region {
    /// The region of a key.
    pub(crate) fn of_key(key: Key) -> Region {
        Region {
            mask: key & low_bits(DIMS_SHIFT as usize),
            h: (key >> DIMS_SHIFT) as usize & 63,
            w: (key >> (DIMS_SHIFT + 6)) as usize & 63,
        }
    }

    /// Where its horizontal and vertical dominoes start.
    pub(crate) fn domino_starts(&self) -> (u128, u128) {
        domino_starts(self.mask, self.h, self.w)
    }
}

/// How many cells the region of `key` has.
pub(crate) fn key_cells(key: Key) -> u32 {
    (key & low_bits(DIMS_SHIFT as usize)).count_ones()
}

/// The connected components of `empty` in an `h` × `w` layout (orthogonal adjacency), each as a
/// mask in the same layout, in the order of their lowest cells.
pub(crate) fn components(empty: u128, h: usize, w: usize, out: &mut Vec<u128>) {
    out.clear();
    let right_ok = not_last_column(h, w);
    let left_ok = right_ok << 1;
    let mut rest = empty;
    while rest != 0 {
        let mut part = rest & rest.wrapping_neg();
        loop {
            let grown = (part
                | ((part & right_ok) << 1)
                | ((part & left_ok) >> 1)
                | (part << w)
                | (part >> w))
                & rest;
            if grown == part {
                break;
            }
            part = grown;
        }
        out.push(part);
        rest &= !part;
    }
}

/// The canonical key of the region `part` (connected, non-empty) of an `h` × `w` layout.
pub(crate) fn canonical_key(part: u128, h: usize, w: usize) -> Key {
    // The bounding box: rows from the lowest and highest bits, columns from the rows' union.
    let top = part.trailing_zeros() as usize / w;
    let bottom = (127 - part.leading_zeros() as usize) / w;
    let row_mask = low_bits(w);
    let mut rows = [0u64; 64];
    let mut union = 0u64;
    for r in top..=bottom {
        let row = ((part >> (r * w)) & row_mask) as u64;
        rows[r - top] = row;
        union |= row;
    }
    let left = union.trailing_zeros() as usize;
    let width = 64 - union.leading_zeros() as usize - left;
    let height = bottom - top + 1;
    for row in &mut rows[..height] {
        *row >>= left;
    }
    let _ = h;
    // The transpose.
    let mut columns = [0u64; 64];
    for (r, &row) in rows[..height].iter().enumerate() {
        let mut bits = row;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            columns[c] |= 1 << r;
        }
    }
    let mut best = Key::MAX;
    for (lines, count, length) in [(&rows, height, width), (&columns, width, height)] {
        for flip_lines in [false, true] {
            for flip_bits in [false, true] {
                let mut key = 0u128;
                for i in 0..count {
                    let line = lines[if flip_lines { count - 1 - i } else { i }];
                    let line = if flip_bits {
                        line.reverse_bits() >> (64 - length)
                    } else {
                        line
                    };
                    key |= u128::from(line) << (i * length);
                }
                key |= (count as u128) << DIMS_SHIFT | (length as u128) << (DIMS_SHIFT + 6);
                best = best.min(key);
            }
        }
    }
    best
}

/// Whether the second player wins the region by symmetry: it is its own image under the half
/// turn, or under the left-right or top-bottom mirror, and that image leaves no cell fixed and
/// no domino on itself — then every move has an answer, its image, disjoint from it and still
/// empty, and the region is worth 0.
pub(crate) fn mirror_lost(region: &Region) -> bool {
    let (h, w) = (region.h, region.w);
    let row_mask = low_bits(w);
    let mut rows = [0u64; 64];
    for (r, row) in rows[..h].iter_mut().enumerate() {
        *row = ((region.mask >> (r * w)) & row_mask) as u64;
    }
    let flip = |row: u64| row.reverse_bits() >> (64 - w);
    let straddles = |row: u64| w % 2 == 0 && (row >> (w / 2 - 1)) & 3 == 3;
    let middle_cell = |row: u64| w % 2 == 1 && (row >> (w / 2)) & 1 == 1;
    // Half turn: row r goes to row h-1-r, reversed. Its fixed cell (both sides odd) and its
    // domino onto itself (across the centre) must not be in the region.
    let centre_free = match (h % 2, w % 2) {
        (1, 1) => !middle_cell(rows[h / 2]),
        (1, _) => !straddles(rows[h / 2]),
        (_, 1) => (rows[h / 2 - 1] & rows[h / 2]) >> (w / 2) & 1 == 0,
        _ => true,
    };
    let half_turn = centre_free && (0..h).all(|r| rows[h - 1 - r] == flip(rows[r]));
    if half_turn {
        return true;
    }
    // Left-right mirror: every row its own reverse, no horizontal domino across the axis.
    let left_right =
        (0..h).all(|r| rows[r] == flip(rows[r]) && !straddles(rows[r]) && !middle_cell(rows[r]));
    if left_right {
        return true;
    }
    // Top-bottom mirror: rows mirrored, no vertical domino across the axis.
    (0..h / 2).all(|r| rows[r] == rows[h - 1 - r])
        && (if h % 2 == 1 {
            rows[h / 2] == 0
        } else {
            rows[h / 2 - 1] & rows[h / 2] == 0
        })
}
