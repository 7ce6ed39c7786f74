//! A region's options as the Cram solver asks them ([`super::solver`]): generated one domino at
//! a time — first the dominoes that answered the region's siblings, then the one nearest the
//! middle of the region's box — and, once all are generated, the options left to search sorted
//! cheapest first with congruent ones merged. Dominoes are numbered in the layout of the search
//! that asks about the region ([`domino_code`]), so that a region and its options' regions share
//! them (the solver's module doc says what that is for).

use super::board::domino_starts;
use super::region::{Key, Region, key_cells};

/// A region's options as the search asks them, generated when first needed.
pub(super) struct Options {
    /// The region, in the layout of the search that asks about it (its caller's).
    pub(super) region: Region,
    /// The middle of the region's box (doubled cell index in the layout).
    pub(super) middle: usize,
    /// Dominoes to try first ([`domino_code`]; 0 for none): those that answered its siblings.
    pub(super) first_tries: [u16; 2],
    /// The dominoes that answered the last searches of its options, latest first.
    pub(super) answers: [u16; 2],
    /// Where the horizontal and vertical dominoes not yet generated start.
    pub(super) horizontal: u128,
    pub(super) vertical: u128,
    /// The values of the options whose value is known whole (bit v: some option is worth v).
    pub(super) whole: u128,
    /// The other options, cheapest first once all are generated.
    pub(super) searched: Vec<Candidate>,
    /// The regions beside the largest of every searched option.
    pub(super) others: Vec<Key>,
    /// Whether every option is generated (and `searched` sorted).
    pub(super) sorted: bool,
}

/// An option to search: its largest region, and the nim-sum of the others once valued.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Candidate {
    pub(super) largest: Key,
    /// Its largest region in the layout of the options.
    pub(super) part: u128,
    /// Its domino ([`domino_code`]).
    pub(super) domino: u16,
    /// Where its other large regions are in [`Options::others`].
    pub(super) others: (u32, u32),
    /// The nim-sum of its small regions, and of the others once `valued`.
    pub(super) xor: u32,
    /// Its place in the order of the search: how many dominoes fit in its largest region (the
    /// fewest first), then that region's cells, then how many other regions it has.
    pub(super) rank: u32,
    pub(super) valued: bool,
}

impl Options {
    /// The options of `region` (in the asker's layout), none generated yet; `first_tries` are
    /// generated first, and `searched` (empty) takes the options left to search.
    pub(super) fn new(
        region: &Region,
        first_tries: [u16; 2],
        mut searched: Vec<Candidate>,
    ) -> Self {
        let (horizontal, vertical) = region.domino_starts();
        searched.reserve((horizontal.count_ones() + vertical.count_ones()) as usize);
        Options {
            region: *region,
            middle: box_middle(region),
            first_tries,
            answers: [0; 2],
            horizontal,
            vertical,
            whole: 0,
            searched,
            others: Vec::new(),
            sorted: false,
        }
    }

    /// The next domino to generate, taken out of those left: its first cell and the step to its
    /// second (some domino must be left).
    pub(super) fn next_domino(&mut self) -> (usize, usize) {
        let region = self.region;
        match take_first_try(self) {
            Some(domino) => domino,
            None => next_from_centre(self, &region),
        }
    }

    /// Keeps an option to search: `keys` its large regions (the largest first), `largest_part`
    /// the largest where it lies, `domino` its domino ([`domino_code`]), `xor` the nim-sum of
    /// its small regions.
    pub(super) fn push_searched(
        &mut self,
        keys: &[Key],
        largest_part: u128,
        domino: u16,
        xor: u32,
    ) {
        let start = self.others.len() as u32;
        self.others.extend_from_slice(&keys[1..]);
        let (horizontal, vertical) = domino_starts(largest_part, self.region.h, self.region.w);
        let mobility = horizontal.count_ones() + vertical.count_ones();
        let others = keys.len() as u32 - 1;
        self.searched.push(Candidate {
            largest: keys[0],
            part: largest_part,
            domino,
            rank: mobility << 16 | key_cells(keys[0]) << 8 | others.min(255),
            others: (start, self.others.len() as u32),
            xor,
            valued: keys.len() == 1,
        });
    }

    /// Sorts the options to search, every option being generated: the fewest dominoes in the
    /// largest region first, then the smallest largest region, then the fewest regions left to
    /// value; congruent ones (the same regions and nim-sum) merged.
    pub(super) fn sort_searched(&mut self) {
        let others = &self.others;
        let slice = |c: &Candidate| &others[c.others.0 as usize..c.others.1 as usize];
        self.searched.sort_unstable_by(|a, b| {
            (a.rank, a.largest, a.xor)
                .cmp(&(b.rank, b.largest, b.xor))
                .then_with(|| slice(a).cmp(slice(b)))
        });
        self.searched
            .dedup_by(|a, b| a.largest == b.largest && a.xor == b.xor && slice(a) == slice(b));
        self.sorted = true;
    }
}

/// The domino not yet generated nearest the middle of the region's box (by cell index: the
/// middle row first), taken out of `options`: its first cell and the step to its second.
fn next_from_centre(options: &mut Options, region: &Region) -> (usize, usize) {
    // Doubled positions: a domino's middle against the box's middle.
    let middle = options.middle;
    let split = (middle / 2).min(127);
    let one_word = region.h * region.w <= 64;
    let mut best = (usize::MAX, 0, 0, false);
    for (starts, step, vertical) in [
        (options.horizontal, 1, false),
        (options.vertical, region.w, true),
    ] {
        for cell in nearest_around(starts, split, one_word)
            .into_iter()
            .flatten()
        {
            let distance = (2 * cell + step).abs_diff(middle);
            if distance < best.0 {
                best = (distance, cell, step, vertical);
            }
        }
    }
    let (_, cell, step, vertical) = best;
    if vertical {
        options.vertical &= !(1u128 << cell);
    } else {
        options.horizontal &= !(1u128 << cell);
    }
    (cell, step)
}

/// The lowest cell of `starts` at or past `split` and the highest before it (`split` < 128), in
/// one machine word when the layout has at most 64 cells.
fn nearest_around(starts: u128, split: usize, one_word: bool) -> [Option<usize>; 2] {
    if one_word {
        let starts = starts as u64;
        let before = if split >= 64 {
            u64::MAX
        } else {
            (1 << split) - 1
        };
        let (past, before) = (starts & !before, starts & before);
        [
            (past != 0).then(|| past.trailing_zeros() as usize),
            (before != 0).then(|| 63 - before.leading_zeros() as usize),
        ]
    } else {
        let before = (1u128 << split) - 1;
        let (past, before) = (starts & !before, starts & before);
        [
            (past != 0).then(|| past.trailing_zeros() as usize),
            (before != 0).then(|| 127 - before.leading_zeros() as usize),
        ]
    }
}

/// A domino as a number: its first cell + 1, and bit 8 set when it is vertical (0: none).
pub(super) fn domino_code(cell: usize, step: usize, w: usize) -> u16 {
    (cell as u16 + 1) | if step == 1 && w != 1 { 0 } else { 0x100 }
}

/// The first of the dominoes to try first that is still to be generated, taken out of
/// `options`: its first cell and the step to its second.
fn take_first_try(options: &mut Options) -> Option<(usize, usize)> {
    for index in 0..2 {
        let code = options.first_tries[index];
        if code == 0 {
            continue;
        }
        options.first_tries[index] = 0;
        let cell = usize::from(code & 0xff) - 1;
        let (starts, step) = if code & 0x100 != 0 {
            (&mut options.vertical, options.region.w)
        } else {
            (&mut options.horizontal, 1)
        };
        if *starts >> cell & 1 == 1 {
            *starts &= !(1u128 << cell);
            return Some((cell, step));
        }
    }
    None
}

/// The middle of the box of `region`'s cells, as a doubled cell index of its layout.
fn box_middle(region: &Region) -> usize {
    let w = region.w;
    let mask = region.mask;
    let top = mask.trailing_zeros() as usize / w;
    let bottom = (127 - mask.leading_zeros() as usize) / w;
    let mut columns = 0u128;
    for r in top..=bottom {
        columns |= mask >> (r * w);
    }
    let columns = columns & super::board::low_bits(w);
    let left = columns.trailing_zeros() as usize;
    let right = 127 - columns.leading_zeros() as usize;
    (top + bottom) * w + left + right
}

/// Whether the domino `code` ([`domino_code`]) is among the sets `dominoes` (horizontal, vertical).
pub(super) fn is_among(dominoes: [u128; 2], code: u16) -> bool {
    dominoes[usize::from(code >> 8)] >> ((code & 0xff) - 1) & 1 == 1
}

/// Removes the regions that come in pairs (A + A = 0).
pub(super) fn cancel_pairs(keys: &mut Vec<Key>) {
    keys.sort_unstable();
    let mut kept = 0;
    let mut index = 0;
    while index < keys.len() {
        if index + 1 < keys.len() && keys[index] == keys[index + 1] {
            index += 2;
        } else {
            keys[kept] = keys[index];
            kept += 1;
            index += 1;
        }
    }
    keys.truncate(kept);
}
