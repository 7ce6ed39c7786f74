//! Why a misère computation gives no answer.

/// Why a misère computation gives no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MisereError {
    /// The computation would pass a stated limit.
    #[error("{0}")]
    TooLarge(String),
    /// A candidate quotient failed verification: the quotient is known only for smaller heaps.
    #[error("{0}")]
    Rejected(String),
    /// The game is outside what the method handles.
    #[error("{0}")]
    Unsupported(String),
    /// The computation was interrupted (Ctrl-C).
    #[error("{0}")]
    Interrupted(String),
}
