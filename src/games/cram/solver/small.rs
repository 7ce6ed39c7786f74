//! Small regions (at most [`super::ENDGAME_CELLS`] cells): valued by plain mex over their
//! options and kept in the endgame table, with two caches of the ones valued last in front of
//! it (the solver's module doc says what each saves).

use super::super::region::{Key, Region, boxed_key, canonical_key, pack_small, simplified_option};
use super::{RECENT_SLOTS, Solver};

/// Where the small region `key` goes in a cache of recent ones.
fn recent_slot(key: u64) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - RECENT_SLOTS.trailing_zeros())) as usize
}

impl Solver {
    /// The value of the small region `part` of an `h` × `w` layout: looked up in the endgame
    /// table under its key as it lies, else under its canonical key (computed when missing),
    /// and then kept under both.
    pub(super) fn small_value(&mut self, part: u128, h: usize, w: usize) -> u32 {
        if h * w > 64 {
            return self.small_value_in_box(part, h, w);
        }
        // A region of a layout of at most 64 cells is its mask and the layout's width.
        let placed = part as u64;
        let slot = recent_slot(placed ^ (w as u64) << 58);
        let (cached, width, value) = self.placed[slot];
        if cached == placed && usize::from(width) == w {
            return u32::from(value);
        }
        let value = self.small_value_in_box(part, h, w);
        self.placed[slot] = (placed, w as u8, value as u8);
        value
    }

    /// [`Solver::small_value`] past the cache of small regions where they lie.
    fn small_value_in_box(&mut self, part: u128, h: usize, w: usize) -> u32 {
        let key = pack_small(boxed_key(part, h, w));
        let slot = recent_slot(key);
        if self.recent[slot].0 == key {
            return u32::from(self.recent[slot].1);
        }
        let value = match self.endgame.get(key) {
            Some(value) => u32::from(value),
            None => {
                let value = self.endgame_value(canonical_key(part, h, w));
                self.endgame.insert(key, value as u8);
                value
            }
        };
        self.recent[slot] = (key, value as u8);
        value
    }

    /// The value of a small region by plain mex, kept in the endgame table.
    pub(super) fn endgame_value(&mut self, key: Key) -> u32 {
        let key_small = pack_small(key);
        if let Some(value) = self.endgame.get(key_small) {
            return u32::from(value);
        }
        let region = Region::of_key(key);
        let (horizontal, vertical) = region.domino_starts();
        let mut present = 0u128;
        let mut parts = self.scratch.pop().unwrap_or_default();
        for (mut starts, step) in [(horizontal, 1), (vertical, region.w)] {
            while starts != 0 {
                let cell = starts.trailing_zeros() as usize;
                starts &= starts - 1;
                let taken = 1u128 << cell | 1u128 << (cell + step);
                simplified_option(region.mask, taken, region.h, region.w, &mut parts);
                let mut value = 0;
                for &part in parts.iter() {
                    value ^= match part.count_ones() {
                        2 | 3 => 1,
                        _ => self.small_value(part, region.h, region.w),
                    };
                }
                present |= 1u128 << value.min(127);
            }
        }
        self.scratch.push(parts);
        let value = (!present).trailing_zeros();
        self.endgame.insert(key_small, value as u8);
        value
    }
}
