//! Counts of things in a position (beans per bottle), stored compactly.
//!
//! Input values are `u64`, but moves add beans, so a count may pass `u64::MAX` during play. A
//! [`Counts`] keeps 8 bytes per count while every count fits in a `u64` (always, for a position
//! read from input) and switches to 16 bytes only when a count grows past it: a ten-million-bottle
//! position takes 80 MB, not 160 MB. The representation is canonical (wide only when needed), so
//! equality and hashing compare values.

use std::fmt;

/// A sequence of non-negative counts, each up to `u128::MAX`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Counts(Storage);

/// Narrow exactly when every count fits in a `u64`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Storage {
    Narrow(Vec<u64>),
    Wide(Vec<u128>),
}

/// A borrowed view of [`Counts`] in its storage width.
#[derive(Copy, Clone, Debug)]
pub enum CountSlice<'a> {
    /// Every count fits in a `u64`.
    Narrow(&'a [u64]),
    /// Some count does not.
    Wide(&'a [u128]),
}

impl Counts {
    /// How many counts.
    pub fn len(&self) -> usize {
        match &self.0 {
            Storage::Narrow(counts) => counts.len(),
            Storage::Wide(counts) => counts.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The count at `index` (which must be below [`len`](Self::len)).
    pub fn get(&self, index: usize) -> u128 {
        match &self.0 {
            Storage::Narrow(counts) => u128::from(counts[index]),
            Storage::Wide(counts) => counts[index],
        }
    }

    /// Sets the count at `index`, widening or narrowing the storage as needed.
    pub fn set(&mut self, index: usize, value: u128) {
        match (&mut self.0, u64::try_from(value)) {
            (Storage::Narrow(counts), Ok(narrow)) => counts[index] = narrow,
            (Storage::Narrow(counts), Err(_)) => {
                let mut wide: Vec<u128> = counts.iter().map(|&c| u128::from(c)).collect();
                wide[index] = value;
                self.0 = Storage::Wide(wide);
            }
            (Storage::Wide(counts), _) => {
                counts[index] = value;
                *self = Counts::from(std::mem::take(counts));
            }
        }
    }

    /// Every count, in order.
    pub fn iter(&self) -> impl Iterator<Item = u128> + '_ {
        (0..self.len()).map(|index| self.get(index))
    }

    /// Every count, in order, as a vector.
    pub fn to_vec(&self) -> Vec<u128> {
        self.iter().collect()
    }

    /// The counts as one slice, in whichever width they are stored.
    pub fn as_slice(&self) -> CountSlice<'_> {
        match &self.0 {
            Storage::Narrow(counts) => CountSlice::Narrow(counts),
            Storage::Wide(counts) => CountSlice::Wide(counts),
        }
    }
}

impl From<Vec<u64>> for Counts {
    fn from(counts: Vec<u64>) -> Self {
        Counts(Storage::Narrow(counts))
    }
}

impl From<Vec<u128>> for Counts {
    /// Narrow storage when every count allows it.
    fn from(counts: Vec<u128>) -> Self {
        if counts.iter().all(|&c| u64::try_from(c).is_ok()) {
            Counts(Storage::Narrow(
                counts.into_iter().map(|c| c as u64).collect(),
            ))
        } else {
            Counts(Storage::Wide(counts))
        }
    }
}

impl FromIterator<u128> for Counts {
    fn from_iter<I: IntoIterator<Item = u128>>(iter: I) -> Self {
        Counts::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl fmt::Display for Counts {
    /// The counts separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Storage::Narrow(counts) => crate::games::write_numbers(f, counts, " "),
            Storage::Wide(counts) => crate::games::write_numbers(f, counts, " "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn storage_widens_and_narrows_with_the_values() {
        let max = u128::from(u64::MAX);
        let mut counts = Counts::from(vec![1u64, u64::MAX]);
        counts.set(1, max + 1);
        assert!(matches!(counts.0, Storage::Wide(_)));
        assert_eq!(counts.to_vec(), vec![1, max + 1]);
        assert_eq!(counts.to_string(), format!("1 {}", max + 1));
        counts.set(1, max);
        assert!(matches!(counts.0, Storage::Narrow(_)));
        // Equal values compare equal whichever way they were built.
        assert_eq!(counts, Counts::from(vec![1u128, max]));
        assert!(matches!(
            counts.as_slice(),
            CountSlice::Narrow(&[1, u64::MAX])
        ));
    }
}
