//! Why a ring-mode run could not go on ([`RingError`]); every one is the command's `error:`.

use super::value_file::FileFailure;

/// Why a ring-mode run could not go on; every one is the command's `error:` (status 2).
#[derive(Debug, thiserror::Error)]
pub enum RingError {
    /// The rule is not one the fast engine knows.
    #[error(
        "--ring works on the rules the fast engine knows (take-and-break codes whose moves leave \
         at most two heaps, sub:…, grundys-game), not on {rule}"
    )]
    Rule {
        /// The rule.
        rule: String,
    },
    /// `--memory` out of range.
    #[error("--memory {mib}: give the MiB for the prefix and the ring, from 1 to 1048576")]
    Memory {
        /// The value given.
        mib: u64,
    },
    /// The sizes cannot serve even the single-heap options.
    #[error(
        "ring of {ring} positions and prefix of {prefix}: the ring must hold at least 64 values \
         and twice the largest take size ({take}), the prefix at least 1"
    )]
    Sizes {
        /// R.
        ring: u64,
        /// P.
        prefix: u64,
        /// The largest take size.
        take: u64,
    },
    /// A value does not fit a byte.
    #[error(
        "ring mode keeps values as bytes, and G({n}) = {value}: compute this game in memory \
         (without --ring)"
    )]
    ValueTooLarge {
        /// The position.
        n: u64,
        /// Its value.
        value: u32,
    },
    /// The value file cannot be written, read or trusted.
    #[error("value file {path}: {reason}")]
    ValueFile {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// The table's memory cannot be had.
    #[error("cannot reserve {bytes} bytes for the prefix and the ring: give less --memory")]
    Reserve {
        /// The bytes asked for.
        bytes: u64,
    },
    /// The checkpoint file cannot be read, written, or trusted.
    #[error("checkpoint {path}: {reason}")]
    Checkpoint {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

impl From<FileFailure> for RingError {
    fn from(failure: FileFailure) -> RingError {
        RingError::ValueFile {
            path: failure.path,
            reason: failure.reason,
        }
    }
}
