//! Why a census cannot be run, merged or checked.

/// Why a census cannot be run, merged or checked.
#[derive(Debug, thiserror::Error)]
pub enum CensusError {
    /// A pattern that names no game, or a malformed one.
    #[error("pattern `{pattern}`: {reason}")]
    Pattern {
        /// The pattern as given.
        pattern: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Too many games.
    #[error("the patterns name more than {limit} games")]
    TooManyGames {
        /// The most games allowed.
        limit: usize,
    },
    /// A malformed `--shard`.
    #[error("--shard `{0}`: write K/N with 1 <= K <= N, e.g. --shard 3/8")]
    Shard(String),
    /// `--shard auto` outside a Slurm array job, or in one it cannot map.
    #[error("--shard auto: {0}")]
    Slurm(String),
    /// A file that is not a census of this format (JSON errors carry line and column).
    #[error("{file}: {reason}")]
    Foreign {
        /// The file, as displayed.
        file: String,
        /// Why it is refused.
        reason: String,
    },
    /// Shards that are not the shards of one census.
    #[error("cannot merge: {0}")]
    Merge(String),
}
