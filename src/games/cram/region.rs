//! Regions: the connected components of a board's empty cells, each cut to its bounding box and
//! written in a canonical form under the eight symmetries of the square (rotations and
//! reflections), so that congruent regions share one entry in the solver's tables.
//!
//! A region of h × w (its bounding box) is a mask with cell (r, c) at bit `r * w + c`; its key
//! is that mask with h and w packed above bit [`DIMS_SHIFT`]: the smallest such key over the
//! eight images of the region is its canonical key.
//!
//! Regions of a layout of at most 64 cells (and so every box cut from one) are filled, cut and
//! turned in 64-bit words, larger ones in 128 bits: the same keys (the tests check both against
//! the definition), at a fifth less time on boards that fit (`cram_value 5x8 5x7 3x14`: 9.0 s
//! of user CPU against 11.3 s, beside another search on the 2-core machine).
//!
//! **Simplified regions** ([`simplified_components`]). Cram on a set of cells is Arc Kayles on
//! their adjacency graph (a domino takes the two ends of an edge), so a region's value depends
//! only on that graph, and three changes of the graph keep it. Each is shown by induction on the
//! cells: the options of the two graphs have the same values.
//!
//! * **Extra leaves.** A leaf is a cell with one neighbour, its centre. If a centre c has two
//!   leaves t and t′, the only dominoes on them are tc and t′c, which leave the same graph but
//!   for which of t, t′ is left isolated; and t′ stays a leaf of c until c is taken. So t′ can be
//!   dropped; every centre keeps one leaf.
//! * **Bridges.** A cell b that is neither a leaf nor a centre, all of whose neighbours are
//!   centres, can be dropped: a domino away from b leaves b with neighbours that are still
//!   centres (a leaf stays one until its centre is taken), and a domino bc leaves the graph
//!   without b and c, c's leaf t isolated — the option tc of the graph without b.
//! * **Blocks with two opposite corners closed.** In a 2 × 2 block of empty cells a b / c d whose
//!   corners a and d have no neighbour outside it, the domino ab leaves c with its leaf d and bd
//!   leaves c with its leaf a: the same graph. So ab adds no value to the options, nor cd
//!   (likewise against ac), and both pairs can be dropped from the graph — which may split the
//!   region between its columns. After a move elsewhere the block is still such a block; after
//!   one that takes b or c alone, the pair left of the two is a centre's with a second leaf (the
//!   first rule). The same for the other diagonal.
//!
//! They are applied until nothing changes, and the parts of a region split by the third that
//! hold a cell of a dropped pair are simplified again (their cells lost a neighbour; the other
//! parts, whose cells have the same neighbours as before, are simplified already: `cram_value
//! 5x8` in 1.82 s of user CPU against 2.04 s when every part was simplified again, best of five
//! runs of each build in turn on the idle 2-core machine).
//! The reductions are those of Beling's `igs` crate (its Cram game), read there and written here
//! from the proofs above; the tests check the values they give against the rules on every
//! pattern of empty cells of 4 × 4, 4 × 5, 3 × 6 and 2 × 8 layouts. Its effect: `cram_value 5x8`
//! made 207,496 searches instead of 463,418, in 2.6 s of user CPU instead of 5.5 s (both builds
//! in turn on the 2-core machine beside another search).
//!
//! **The regions of an option** ([`simplified_option`]: a connected region R less a domino) are
//! found from *seeds*: the cells next to a cell taken or dropped, and the ends of the pairs cut.
//! Every region of the result holds a seed, unless it is all of R: R is connected, so some edge
//! of R leaves that region, to a cell taken or dropped (its end in the region is next to one)
//! or along a pair cut. So the flood fill starts from the seeds, and once one seed is left, or
//! the region being filled has reached every seed left, the cells left are one region and are
//! not filled further (the same regions: the tests compare them on every option of every region
//! of small layouts). On 5 × 8, 65% of the fill's steps had been in the last region filled.

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

/// A small region's key in one word ([`small_key`]).
pub(crate) type SmallKey = u64;

/// The most cells of a region whose key fits in one word, whatever its shape.
pub(crate) const SMALL_KEY_CELLS: u32 = 14;

/// The key of a region of at most [`SMALL_KEY_CELLS`] cells in one word: its mask (its box has
/// at most 56 cells: the region is connected, so h + w ≤ 15) with the box's height and width
/// above it, 4 bits each; `None` for a key that does not fit (a larger region).
pub(crate) fn small_key(key: Key) -> Option<SmallKey> {
    let region = Region::of_key(key);
    (region.h < 16 && region.w < 16 && region.mask >> 56 == 0).then_some(pack_small(key))
}

/// The key of a region of at most [`SMALL_KEY_CELLS`] cells in one word (such a key always
/// fits: [`small_key`] checks one that may not).
pub(crate) fn pack_small(key: Key) -> SmallKey {
    let region = Region::of_key(key);
    region.mask as u64 | (region.h as u64) << 56 | (region.w as u64) << 60
}

/// The key of the region of the small key `small`.
pub(crate) fn unpack_small(small: SmallKey) -> Key {
    u128::from(small & ((1 << 56) - 1))
        | u128::from(small >> 56 & 15) << DIMS_SHIFT
        | u128::from(small >> 60) << (DIMS_SHIFT + 6)
}

/// A key as the tables and checkpoints keep it: two words, the low one first.
pub(crate) fn split(key: Key) -> [u64; 2] {
    [key as u64, (key >> 64) as u64]
}

/// The key of its two words ([`split`]).
pub(crate) fn joined([low, high]: [u64; 2]) -> Key {
    u128::from(low) | u128::from(high) << 64
}

/// How many cells the region of `key` has.
pub(crate) fn key_cells(key: Key) -> u32 {
    (key & low_bits(DIMS_SHIFT as usize)).count_ones()
}

/// The connected components of `empty` in an `h` × `w` layout (orthogonal adjacency), each as a
/// mask in the same layout, in the order of their lowest cells. Layouts of at most 64 cells are
/// filled in one machine word. (The solver takes its regions simplified,
/// [`simplified_components`]; the tests, and a debug assertion on the regions it is handed,
/// take them plain.)
pub(crate) fn components(empty: u128, h: usize, w: usize, out: &mut Vec<u128>) {
    out.clear();
    let right_ok = not_last_column(h, w);
    // Every cell a seed: the fill starts from the lowest cell not yet in a component.
    if h * w <= 64 {
        fill_seeded_64(empty as u64, empty as u64, right_ok as u64, w, out);
    } else {
        fill_seeded_128(empty, empty, right_ok, w, out);
    }
}

/// The flood fill from `seeds`, when every component of `empty` holds a seed: from the lowest
/// seed not yet in a component, until one seed is left or a region being filled reaches every
/// seed left; then the rest is one region.
macro_rules! fill_seeded {
    ($name:ident, $bits:ty) => {
        fn $name(empty: $bits, seeds: $bits, right_ok: $bits, w: usize, out: &mut Vec<u128>) {
            let left_ok = right_ok << 1;
            let mut rest = empty;
            let mut seeds = seeds & empty;
            while rest != 0 {
                if seeds & seeds.wrapping_sub(1) == 0 {
                    out.push(rest.into());
                    return;
                }
                let mut part = seeds & seeds.wrapping_neg();
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
                    // Every seed left reached: the rest is one region.
                    if seeds & !grown == 0 {
                        out.push(rest.into());
                        return;
                    }
                    part = grown;
                }
                out.push(part.into());
                rest &= !part;
                seeds &= !part;
            }
        }
    };
}

fill_seeded!(fill_seeded_64, u64);
fill_seeded!(fill_seeded_128, u128);

/// Cutting a region to its box and turning it, in one integer type: `u64` when the layout has
/// at most 64 cells (then so has every box in it), `u128` otherwise.
macro_rules! box_and_turn {
    ($module:ident, $bits:ty) => {
        mod $module {
            use crate::games::cram::board::{FIRST_CELLS, low_bits};

            /// The lowest `n` bits set (n ≤ the type's width).
            fn low(n: usize) -> $bits {
                low_bits(n) as $bits
            }

            /// The mask `m` of `lines` lines of `length` cells, each line reversed (a mirror).
            fn reverse_lines(m: $bits, lines: usize, length: usize) -> $bits {
                let first = FIRST_CELLS[length] as $bits & low(lines * length);
                let mut image = 0;
                for c in 0..length {
                    image |= ((m >> c) & first) << (length - 1 - c);
                }
                image
            }

            /// The mask `m` of `lines` lines of `length` cells turned a half turn (every bit
            /// reversed).
            fn half_turn(m: $bits, lines: usize, length: usize) -> $bits {
                m.reverse_bits() >> (<$bits>::BITS as usize - lines * length)
            }

            /// The least of the four images of `m` (`lines` lines of `length` cells) that keep
            /// its lines as lines: itself, its lines reversed, its lines in reverse order, and
            /// its half turn.
            pub(super) fn least_of_four(m: $bits, lines: usize, length: usize) -> $bits {
                let mirrored = reverse_lines(m, lines, length);
                m.min(mirrored)
                    .min(half_turn(m, lines, length))
                    .min(half_turn(mirrored, lines, length))
            }

            /// The mask `boxed` of `height` rows of `width` cells written by columns: `width`
            /// lines of `height` cells.
            pub(super) fn transpose(boxed: $bits, height: usize, width: usize) -> $bits {
                let mut transposed: $bits = 0;
                for r in 0..height {
                    let mut bits = (boxed >> (r * width)) & low(width);
                    while bits != 0 {
                        let c = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        transposed |= 1 << (c * height + r);
                    }
                }
                transposed
            }

            /// The region `part` (non-empty) of a layout of lines of `w` cells cut to its
            /// bounding box: its mask in that box, the box's height and its width.
            pub(super) fn bounding_box(part: $bits, w: usize) -> ($bits, usize, usize) {
                // Rows from the lowest and highest bits, columns from the rows' union (each
                // row or-ed with the next, then with the next two, …: row 0 gathers them all).
                let top = part.trailing_zeros() as usize / w;
                let bottom = (<$bits>::BITS as usize - 1 - part.leading_zeros() as usize) / w;
                let height = bottom - top + 1;
                let shifted = part >> (top * w);
                let mut union = shifted;
                let mut span = 1;
                while span < height {
                    union |= union >> (span * w);
                    span *= 2;
                }
                let union = union & low(w);
                let left = union.trailing_zeros() as usize;
                let width = <$bits>::BITS as usize - union.leading_zeros() as usize - left;
                if width == w {
                    return (shifted, height, width);
                }
                let line = low(width);
                let mut boxed = 0;
                for r in 0..height {
                    boxed |= ((shifted >> (r * w + left)) & line) << (r * width);
                }
                (boxed, height, width)
            }
        }
    };
}

box_and_turn!(in_64, u64);
box_and_turn!(in_128, u128);

/// The key of a mask of `lines` lines of `length` cells: the dimensions above the mask.
pub(crate) fn key_of(mask: u128, lines: usize, length: usize) -> Key {
    mask | (lines as u128) << DIMS_SHIFT | (length as u128) << (DIMS_SHIFT + 6)
}

/// The region `part` (non-empty) of an `h` × `w` layout cut to its bounding box: its mask in
/// that box, the box's height and its width.
fn bounding_box(part: u128, h: usize, w: usize) -> (u128, usize, usize) {
    if h * w <= 64 {
        let (boxed, height, width) = in_64::bounding_box(part as u64, w);
        (u128::from(boxed), height, width)
    } else {
        in_128::bounding_box(part, w)
    }
}

/// The key of the region `part` (non-empty) of an `h` × `w` layout cut to its bounding box, as
/// it lies (not turned): one of the keys of its eight images, cheaper than [`canonical_key`].
pub(crate) fn boxed_key(part: u128, h: usize, w: usize) -> Key {
    let (boxed, height, width) = bounding_box(part, h, w);
    key_of(boxed, height, width)
}

/// The canonical key of the region `part` (non-empty) of an `h` × `w` layout: the least of its
/// eight images cut to its bounding box, each written with its dimensions above the mask. A key
/// with a shorter line is smaller whatever the mask, so when the box is not square only the
/// four images whose lines are its shorter side are formed.
pub(crate) fn canonical_key(part: u128, h: usize, w: usize) -> Key {
    let (boxed, height, width) = bounding_box(part, h, w);
    // The least image whose lines are the box's rows (`true`) or its columns.
    let least = |lines_are_rows: bool| -> u128 {
        match (height * width <= 64, lines_are_rows) {
            (true, true) => u128::from(in_64::least_of_four(boxed as u64, height, width)),
            (true, false) => {
                let transposed = in_64::transpose(boxed as u64, height, width);
                u128::from(in_64::least_of_four(transposed, width, height))
            }
            (false, true) => in_128::least_of_four(boxed, height, width),
            (false, false) => {
                let transposed = in_128::transpose(boxed, height, width);
                in_128::least_of_four(transposed, width, height)
            }
        }
    };
    let by_rows = || key_of(least(true), height, width);
    let by_columns = || key_of(least(false), width, height);
    match width.cmp(&height) {
        std::cmp::Ordering::Less => by_rows(),
        std::cmp::Ordering::Greater => by_columns(),
        std::cmp::Ordering::Equal => by_rows().min(by_columns()),
    }
}

/// Whether the second player wins the region by symmetry: it is its own image under the half
/// turn, or under the left-right or top-bottom mirror, and that image leaves no cell fixed and
/// no domino on itself — then every move has an answer, its image, disjoint from it and still
/// empty, and the region is worth 0.
pub(crate) fn mirror_lost(region: &Region) -> bool {
    // Such an image pairs the cells off: a region of an odd number of cells has none.
    if region.mask.count_ones() % 2 == 1 {
        return false;
    }
    let (h, w) = (region.h, region.w);
    let row_mask = low_bits(w);
    // Rows cut from one word when the box has at most 64 cells (the usual case).
    let in_one_word = h * w <= 64;
    let (mask_64, row_mask_64) = (region.mask as u64, row_mask as u64);
    let row_at = |r: usize| {
        if in_one_word {
            (mask_64 >> (r * w)) & row_mask_64
        } else {
            ((region.mask >> (r * w)) & row_mask) as u64
        }
    };
    let flip = |row: u64| row.reverse_bits() >> (64 - w);
    let straddles = |row: u64| w % 2 == 0 && (row >> (w / 2 - 1)) & 3 == 3;
    let middle_cell = |row: u64| w % 2 == 1 && (row >> (w / 2)) & 1 == 1;
    // Half turn: row r goes to row h-1-r, reversed. Its fixed cell (both sides odd) and its
    // domino onto itself (across the centre) must not be in the region.
    let centre_free = match (h % 2, w % 2) {
        (1, 1) => !middle_cell(row_at(h / 2)),
        (1, _) => !straddles(row_at(h / 2)),
        (_, 1) => (row_at(h / 2 - 1) & row_at(h / 2)) >> (w / 2) & 1 == 0,
        _ => true,
    };
    let half_turn = centre_free && (0..h).all(|r| row_at(h - 1 - r) == flip(row_at(r)));
    if half_turn {
        return true;
    }
    // Left-right mirror: every row its own reverse, no horizontal domino across the axis.
    let left_right = (0..h).all(|r| {
        let row = row_at(r);
        row == flip(row) && !straddles(row) && !middle_cell(row)
    });
    if left_right {
        return true;
    }
    // Top-bottom mirror: rows mirrored, no vertical domino across the axis.
    (0..h / 2).all(|r| row_at(r) == row_at(h - 1 - r))
        && (if h % 2 == 1 {
            row_at(h / 2) == 0
        } else {
            row_at(h / 2 - 1) & row_at(h / 2) == 0
        })
}

/// The regions of `empty` (an `h` × `w` layout) simplified: each centre's extra leaves and the
/// bridges removed, split where 2 × 2 blocks make horizontal neighbours redundant, again until
/// nothing changes; single cells (worth 0) left out. The nim-sum of their values is the value of
/// `empty`.
pub(crate) fn simplified_components(empty: u128, h: usize, w: usize, out: &mut Vec<u128>) {
    simplified_parts(empty, 0, h, w, out);
}

/// The regions of an option of a region: [`simplified_components`] of `region` without the
/// cells `taken` (a domino). The region is connected, so every region of the option holds a
/// cell next to one taken or dropped, or at a cut (below), and the last one needs no fill.
pub(crate) fn simplified_option(
    region: u128,
    taken: u128,
    h: usize,
    w: usize,
    out: &mut Vec<u128>,
) {
    simplified_parts(region & !taken, taken, h, w, out);
}

/// [`simplified_components`] of `empty`, a connected region without the cells `taken` when
/// `taken` is not 0.
fn simplified_parts(empty: u128, taken: u128, h: usize, w: usize, out: &mut Vec<u128>) {
    out.clear();
    let right_ok = not_last_column(h, w);
    debug_assert!(
        taken == 0 || {
            components(empty | taken, h, w, out);
            let connected = out.len() == 1;
            out.clear();
            connected
        }
    );
    if h * w <= 64 {
        simplify_64(empty as u64, taken as u64, right_ok as u64, w, out);
    } else {
        simplify_128(empty, taken, right_ok, w, out);
    }
}

/// [`simplified_components`] in one integer type.
macro_rules! simplify {
    ($name:ident, $bits:ty, $fill:ident) => {
        fn $name(empty: $bits, taken: $bits, right_ok: $bits, w: usize, out: &mut Vec<u128>) {
            let left_ok = right_ok << 1;
            // The neighbours of the cells `q`.
            let around =
                |q: $bits| ((q & right_ok) << 1) | ((q & left_ok) >> 1) | (q << w) | (q >> w);
            // The cells of `p` with a neighbour in `q`: right, left, down, up.
            let neighbours = |p: $bits, q: $bits| {
                [
                    p & right_ok & (q >> 1),
                    p & left_ok & (q << 1),
                    p & (q >> w),
                    p & (q << w),
                ]
            };
            // Regions of two cells or more wait here, disjoint: at most half the word's cells.
            let mut pending = [0 as $bits; <$bits>::BITS as usize / 2];
            pending[0] = empty;
            // Seeds: every region found holds one (all the cells when `empty` is not known to
            // be a connected region less `taken`; a part waiting is connected).
            let mut first_seeds = if taken == 0 {
                empty
            } else {
                around(taken) & empty
            };
            let mut waiting = 1;
            while waiting > 0 {
                waiting -= 1;
                let mut p = pending[waiting];
                let before = p;
                let mut seeds = std::mem::take(&mut first_seeds);
                // Extra leaves of stars and bridges, until none is left.
                let [r, l, d, u] = loop {
                    let [r, l, d, u] = neighbours(p, p);
                    let at_least_two = (r & l) | (d & u) | ((r | l) & (d | u));
                    let leaves = (r ^ l ^ d ^ u) & !at_least_two;
                    if leaves == 0 {
                        break [r, l, d, u];
                    }
                    // The centre of each leaf, one direction at a time; a leaf whose centre
                    // already has one is dropped.
                    let mut centres = (leaves & d) << w;
                    let by_right = leaves & r;
                    let mut dropped = by_right & (centres >> 1);
                    centres |= by_right << 1;
                    let by_up = leaves & u;
                    dropped |= by_up & (centres << w);
                    centres |= by_up >> w;
                    let by_left = leaves & l;
                    dropped |= by_left & (centres << 1);
                    centres |= by_left >> 1;
                    // Bridges: cells neither leaves nor centres whose every neighbour is a
                    // centre.
                    let [ro, lo, do_, uo] = neighbours(p, p & !centres);
                    let bridges = p & !leaves & !centres & !(ro | lo | do_ | uo);
                    let next = p & !dropped & !bridges;
                    if next == p {
                        break [r, l, d, u];
                    }
                    p = next;
                };
                // 2 × 2 blocks with two opposite corners closed: their horizontal pairs are
                // not followed (bit at the left cell of each).
                let blocks = r & (r >> w);
                let (no_left, no_up, no_right, no_down) = (p & !l, p & !u, p & !r, p & !d);
                // (Two shifts: w + 1 is the word's width for a row of 63 cells.)
                let main = blocks & no_left & no_up & ((no_right & no_down) >> w >> 1);
                let anti = blocks & ((no_up & no_right) >> 1) & ((no_left & no_down) >> w);
                let cut = main | anti;
                let cut_left = cut | (cut << w);
                let linked = right_ok & !cut_left;
                // A region of the simplified part that is not all of it holds a cell next to a
                // cell dropped, or at a cut pair (it is connected through the other cells).
                seeds = (seeds | around(before & !p) | cut_left | (cut_left << 1)) & p;
                let first = out.len();
                $fill(p, seeds, linked, w, out);
                let parts = out.len() - first;
                // Single cells are worth 0 and are dropped.
                let mut kept = first;
                for index in first..out.len() {
                    if out[index].count_ones() > 1 {
                        out[kept] = out[index];
                        kept += 1;
                    }
                }
                out.truncate(kept);
                if parts > 1 && cut != 0 {
                    // Split at a block: the parts beside a dropped pair may be simpler still
                    // (their cells lost a neighbour); the others are simplified already.
                    let touched = cut | (cut << 1);
                    let mut index = first;
                    while index < out.len() {
                        if out[index] as $bits & touched != 0 {
                            pending[waiting] = out.swap_remove(index) as $bits;
                            waiting += 1;
                        } else {
                            index += 1;
                        }
                    }
                }
            }
        }
    };
}

simplify!(simplify_64, u64, fill_seeded_64);
simplify!(simplify_128, u128, fill_seeded_128);
