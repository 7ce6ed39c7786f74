//! Why `grundy table` refuses: a table too large to compute, print or prove, a chart that
//! cannot be drawn (each kind a variant, each message the text `grundy` prints).

use crate::engine::error::FamilyError;

/// Why `grundy table` cannot compute or draw the table asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The rule's values cannot be had (a script failed).
    #[error(transparent)]
    Family(#[from] FamilyError),
    /// `--print` of more values than it lists.
    #[error("--print lists at most {limit} values; --to {to} asks for {}", u128::from(*.to) + 1)]
    PrintTooLong {
        /// The last position asked for.
        to: u64,
        /// The most values listed.
        limit: u64,
    },
    /// The straightforward table would take more work than allowed, no period provable.
    #[error(
        "--to {to} is out of reach for {rule}: its straightforward table needs about {needed} \
         option visits (the limit is {available})"
    )]
    TooMuchWork {
        /// The last position asked for.
        to: u64,
        /// The rule's spelling.
        rule: String,
        /// Option visits needed.
        needed: u128,
        /// Option visits allowed.
        available: u128,
    },
    /// The values do not fit in memory, no period provable.
    #[error(
        "--to {to} needs about {} of memory for the values (2 bytes a position); about {} is \
         available",
        gib(*.needed),
        gib(*.available)
    )]
    TooLarge {
        /// The last position asked for.
        to: u64,
        /// Bytes needed.
        needed: u128,
        /// Bytes available.
        available: u128,
    },
    /// The values ran as far as memory allows without a period being proved.
    #[error(
        "--to {to} needs about {} of memory for the values (2 bytes a position) and no period \
         of {rule} is proved up to {computed} (as far as the available {} goes)",
        gib(*.needed),
        gib(*.available)
    )]
    NotProvedInMemory {
        /// The last position asked for.
        to: u64,
        /// The rule's spelling.
        rule: String,
        /// Bytes needed.
        needed: u128,
        /// The values were computed up to here.
        computed: u64,
        /// Bytes available.
        available: u128,
    },
    /// `--plot` to a file that is neither SVG nor PNG.
    #[error("--plot {path}: the file name must end in .svg or .png")]
    PlotFormat {
        /// The file asked for, as displayed.
        path: String,
    },
    /// The chart could not be drawn.
    #[error("cannot draw {path}: {reason}")]
    PlotFailed {
        /// The file, as displayed.
        path: String,
        /// What the drawing library said.
        reason: String,
    },
}

/// Bytes in GiB with one decimal, as the messages print them.
fn gib(bytes: u128) -> String {
    format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
}
