//! The engine's storage of values: G(0..len) in the narrowest cell type that holds them.

/// A stored value type: u8, u16 or u32.
pub trait Cell: Copy + Eq + Default + Send + Sync + 'static {
    /// The largest value it holds.
    const MAX: u32;
    /// The value.
    fn get(self) -> u32;
    /// A value known to be at most [`Cell::MAX`].
    fn new(value: u32) -> Self;
    /// The values as bytes, when the type is u8 (for the vector kernels).
    fn bytes(values: &[Self]) -> Option<&[u8]> {
        let _ = values;
        None
    }
    /// The values as u16, when the type is u16 (for the vector kernels).
    fn words(values: &[Self]) -> Option<&[u16]> {
        let _ = values;
        None
    }
}

macro_rules! cell {
    ($t:ty $(, $view:ident)?) => {
        impl Cell for $t {
            $(
                #[inline(always)]
                fn $view(values: &[Self]) -> Option<&[Self]> {
                    Some(values)
                }
            )?
            const MAX: u32 = <$t>::MAX as u32;
            #[inline(always)]
            fn get(self) -> u32 {
                u32::from(self)
            }
            #[inline(always)]
            fn new(value: u32) -> Self {
                value as $t
            }
        }
    };
}
cell!(u8, bytes);
cell!(u16, words);
cell!(u32);

/// G(0..len), stored in the narrowest type that holds every value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Table {
    /// Values below 256.
    U8(Vec<u8>),
    /// Values below 65,536.
    U16(Vec<u16>),
    /// Larger values.
    U32(Vec<u32>),
}

impl Table {
    /// How many values.
    pub fn len(&self) -> usize {
        match self {
            Table::U8(v) => v.len(),
            Table::U16(v) => v.len(),
            Table::U32(v) => v.len(),
        }
    }

    /// Whether it holds no value.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n), for n below [`Table::len`].
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Table::U8(v) => u32::from(v[n]),
            Table::U16(v) => u32::from(v[n]),
            Table::U32(v) => v[n],
        }
    }

    /// Folds `f` over G(0), G(1), … of the first `len` values (at most [`Table::len`]), the
    /// stored type matched once rather than at every value.
    pub fn fold<B>(&self, len: usize, init: B, f: impl FnMut(B, u32) -> B) -> B {
        match self {
            Table::U8(v) => v[..len].iter().map(|&x| u32::from(x)).fold(init, f),
            Table::U16(v) => v[..len].iter().map(|&x| u32::from(x)).fold(init, f),
            Table::U32(v) => v[..len].iter().copied().fold(init, f),
        }
    }

    /// Bytes per stored value.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Table::U8(_) => 1,
            Table::U16(_) => 2,
            Table::U32(_) => 4,
        }
    }

    pub(super) fn truncate(&mut self, len: usize) {
        match self {
            Table::U8(v) => v.truncate(len),
            Table::U16(v) => v.truncate(len),
            Table::U32(v) => v.truncate(len),
        }
    }

    pub(super) fn widen(self) -> Table {
        match self {
            Table::U8(v) => Table::U16(v.into_iter().map(u16::from).collect()),
            Table::U16(v) => Table::U32(v.into_iter().map(u32::from).collect()),
            Table::U32(v) => Table::U32(v),
        }
    }
}
