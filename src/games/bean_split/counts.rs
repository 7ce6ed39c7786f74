//! Counts of things in a position (beans per bottle), stored compactly.
//!
//! Input values are `u64`, but moves add beans, so a count may pass `u64::MAX` during play. A
//! [`Counts`] stores every count in one of `u8`, `u16`, `u32`, `u64` and `u128`, wide enough
//! for the largest: ten million bottles of at most 255 beans take 10 MB, not 160 MB. Storage
//! widens when a count outgrows it; equality and hashing compare values, whatever the width.

use std::fmt;
use std::hash::{Hash, Hasher};

/// An unsigned integer type a [`Counts`] may store its counts in.
pub trait Count: Copy + Send + Sync + itoa::Integer + Into<u128> + TryFrom<u128> + 'static {}

impl Count for u8 {}
impl Count for u16 {}
impl Count for u32 {}
impl Count for u64 {}
impl Count for u128 {}

/// Work done on the counts as a slice of whatever width they are stored in.
pub trait CountsVisitor {
    /// What the work gives.
    type Output;
    /// Does the work.
    fn visit<T: Count>(self, counts: &[T]) -> Self::Output;
}

/// A sequence of non-negative counts, each up to `u128::MAX`.
#[derive(Clone, Debug)]
pub struct Counts(Storage);

/// The counts, in a width that holds every one of them.
#[derive(Clone, Debug)]
enum Storage {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
    U128(Vec<u128>),
}

/// Runs `$body` with `$counts` bound to the stored vector, whatever its width.
macro_rules! with_storage {
    ($storage:expr, |$counts:ident| $body:expr) => {
        match $storage {
            Storage::U8($counts) => $body,
            Storage::U16($counts) => $body,
            Storage::U32($counts) => $body,
            Storage::U64($counts) => $body,
            Storage::U128($counts) => $body,
        }
    };
}

impl Counts {
    /// `len` zeros, stored wide enough for counts up to `max` (to be filled in by the reader).
    pub(crate) fn zeros(len: usize, max: u128) -> Self {
        let storage = if max <= u128::from(u8::MAX) {
            Storage::U8(vec![0; len])
        } else if max <= u128::from(u16::MAX) {
            Storage::U16(vec![0; len])
        } else if max <= u128::from(u32::MAX) {
            Storage::U32(vec![0; len])
        } else if max <= u128::from(u64::MAX) {
            Storage::U64(vec![0; len])
        } else {
            Storage::U128(vec![0; len])
        };
        Counts(storage)
    }

    /// How many counts.
    pub fn len(&self) -> usize {
        with_storage!(&self.0, |counts| counts.len())
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The count at `index` (which must be below [`len`](Self::len)).
    pub fn get(&self, index: usize) -> u128 {
        with_storage!(&self.0, |counts| widen(counts[index]))
    }

    /// Sets the count at `index`, widening the storage if `value` does not fit.
    pub fn set(&mut self, index: usize, value: u128) {
        let stored = with_storage!(&mut self.0, |counts| match narrow(value) {
            Some(narrow) => {
                counts[index] = narrow;
                true
            }
            None => false,
        });
        if !stored {
            let mut values = self.to_vec();
            values[index] = value;
            *self = Counts::from(values);
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

    /// Runs `visitor` on the counts as a slice of their storage width.
    pub fn visit<V: CountsVisitor>(&self, visitor: V) -> V::Output {
        with_storage!(&self.0, |counts| visitor.visit(counts))
    }

    /// The counts as a mutable slice of their storage width, for a reader filling them in.
    pub(crate) fn visit_mut<V: CountsVisitorMut>(&mut self, visitor: V) -> V::Output {
        with_storage!(&mut self.0, |counts| visitor.visit(counts))
    }
}

/// Work that fills in the counts as a slice of whatever width they are stored in.
pub(crate) trait CountsVisitorMut {
    /// What the work gives.
    type Output;
    /// Does the work.
    fn visit<T: Count>(self, counts: &mut [T]) -> Self::Output;
}

/// A count of any width as a `u128`.
#[inline(always)]
fn widen<T: Count>(count: T) -> u128 {
    count.into()
}

/// A count as a `T`, if it fits.
#[inline(always)]
fn narrow<T: Count>(count: u128) -> Option<T> {
    T::try_from(count).ok()
}

impl PartialEq for Counts {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for Counts {}

impl Hash for Counts {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.len().hash(state);
        for count in self.iter() {
            count.hash(state);
        }
    }
}

/// Copies `values` into storage of the narrowest width for `max`.
fn narrowed<T: Count>(values: &[T], max: u128) -> Counts {
    struct CopyInto<'a, T>(&'a [T]);
    impl<S: Count> CountsVisitorMut for CopyInto<'_, S> {
        type Output = ();
        fn visit<T: Count>(self, counts: &mut [T]) {
            for (slot, &value) in counts.iter_mut().zip(self.0) {
                // Every value is at most `max`, which the width holds.
                *slot = narrow(widen(value)).expect("the width holds the maximum");
            }
        }
    }
    let mut counts = Counts::zeros(values.len(), max);
    counts.visit_mut(CopyInto(values));
    counts
}

impl From<Vec<u64>> for Counts {
    fn from(values: Vec<u64>) -> Self {
        let max = values.iter().copied().max().unwrap_or(0);
        narrowed(&values, max.into())
    }
}

impl From<Vec<u128>> for Counts {
    fn from(values: Vec<u128>) -> Self {
        let max = values.iter().copied().max().unwrap_or(0);
        narrowed(&values, max)
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
        with_storage!(&self.0, |counts| crate::notation::write_numbers(
            f, counts, " "
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Which width the storage is (0 for `u8` up to 4 for `u128`).
    fn width(counts: &Counts) -> u8 {
        match counts.0 {
            Storage::U8(_) => 0,
            Storage::U16(_) => 1,
            Storage::U32(_) => 2,
            Storage::U64(_) => 3,
            Storage::U128(_) => 4,
        }
    }

    #[test]
    fn the_width_grows_with_the_counts_and_equality_ignores_it() {
        let max = u128::from(u64::MAX);
        let mut counts = Counts::from(vec![1u64, 200]);
        assert_eq!(width(&counts), 0);
        counts.set(1, 256);
        assert_eq!(width(&counts), 1);
        counts.set(0, max + 1);
        assert_eq!(width(&counts), 4);
        assert_eq!(counts.to_vec(), vec![max + 1, 256]);
        assert_eq!(counts.to_string(), format!("{} 256", max + 1));
        counts.set(0, 3);
        counts.set(1, 255);
        // Still wide, but equal (and hashed alike) to the same values stored narrow.
        assert_eq!(width(&counts), 4);
        let narrow = Counts::from(vec![3u128, 255]);
        assert_eq!(width(&narrow), 0);
        assert_eq!(counts, narrow);
        let hash = |counts: &Counts| {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            counts.hash(&mut hasher);
            hasher.finish()
        };
        assert_eq!(hash(&counts), hash(&narrow));
        assert_ne!(counts, Counts::from(vec![3u128, 255, 0]));
        assert!(Counts::from(Vec::<u64>::new()).is_empty());
    }

    proptest! {
        #[test]
        fn counts_behave_like_a_vector_of_u128(
            values in prop::collection::vec(
                prop_oneof![0u128..=300, 0u128..=70_000, any::<u64>().prop_map(u128::from), any::<u128>()],
                0..12,
            ),
            changes in prop::collection::vec((any::<prop::sample::Index>(), prop_oneof![0u128..=300, any::<u128>()]), 0..8),
        ) {
            let mut counts = Counts::from(values.clone());
            let mut model = values;
            prop_assert_eq!(counts.to_vec(), model.clone());
            for (index, value) in changes {
                if model.is_empty() {
                    break;
                }
                let index = index.index(model.len());
                counts.set(index, value);
                model[index] = value;
                prop_assert_eq!(counts.to_vec(), model.clone());
                prop_assert_eq!(&counts, &Counts::from(model.clone()));
            }
            let text: Vec<String> = model.iter().map(u128::to_string).collect();
            prop_assert_eq!(counts.to_string(), text.join(" "));
        }
    }
}
