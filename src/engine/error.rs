//! Why a heap family refuses: a spelling that is malformed, a heap too large for what can be
//! computed or proved, a script rule that failed.
//!
//! Each kind is a variant, so a caller (the server) answers by kind, not by wording; each
//! variant's message is the text `grundy` prints.

/// Why a spelling shaped like a heap family's is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpellingError {
    /// A code's d0 uses bits 1 or 2 (d0 may only split).
    #[error(
        "`{spelling}`: d0 = {whole} is not allowed (d0 may only split a heap: bits 4 and 8, so \
         0, 4, 8 or c); {}",
        CODE_SHAPE
    )]
    CodeFirstDigit {
        /// The whole spelling.
        spelling: String,
        /// What stands before the point.
        whole: String,
    },
    /// Not one hexadecimal digit before the point.
    #[error("`{spelling}` is not a game: {}", CODE_SHAPE)]
    NotACode {
        /// The whole spelling.
        spelling: String,
    },
    /// Nothing after the point.
    #[error("`{spelling}` has no digits after the point: {}", CODE_SHAPE)]
    CodeWithoutDigits {
        /// The whole spelling.
        spelling: String,
    },
    /// A character after the point that is no digit 0–9 or a–f.
    #[error(
        "`{spelling}`: `{character}` (character {column}) is not a digit 0–9 or a–f; {}",
        CODE_SHAPE
    )]
    CodeDigit {
        /// The whole spelling.
        spelling: String,
        /// The offending character.
        character: char,
        /// Its position in the spelling, from 1.
        column: usize,
    },
    /// `sub:` or `allbut:` with nothing after it.
    #[error(
        "`{spelling}` names no numbers: write {prefix} and positive integers separated by \
         commas, e.g. {example}"
    )]
    EmptySet {
        /// The whole spelling.
        spelling: String,
        /// `sub:` or `allbut:`.
        prefix: &'static str,
        /// An example of the family.
        example: &'static str,
    },
    /// An item of a set that is not a positive integer below 2^64.
    #[error(
        "`{spelling}`: `{item}` is not a positive integer below 2^64 (write {prefix} and \
         positive integers separated by commas, e.g. {example})"
    )]
    SetItem {
        /// The whole spelling.
        spelling: String,
        /// The offending item.
        item: String,
        /// `sub:` or `allbut:`.
        prefix: &'static str,
        /// An example of the family.
        example: &'static str,
    },
}

/// The shape of a take-and-break code, for the messages of [`SpellingError`].
const CODE_SHAPE: &str = "a take-and-break code is d0.d1d2… with d0 one of 0, 4, 8, c and each \
                          d_k a digit 0–9 or a–f, e.g. 0.07, 4.07, 0.f";

/// Why the values, a position or a table of a heap game cannot be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FamilyError {
    /// A malformed spelling.
    #[error(transparent)]
    Malformed(#[from] SpellingError),
    /// A position with an empty heap.
    #[error("a heap holds at least 1 token")]
    EmptyHeap,
    /// A heap past the analysis limits of a rule no period can be proved for.
    #[error(
        "a heap of {heap} is too large for {rule}: no period can be proved for it, and its \
         values would take about {work} option visits (the limits are {positions} positions and \
         {work_limit} option visits); use smaller heaps"
    )]
    NoPeriodProvable {
        /// The heap asked for.
        heap: u64,
        /// The rule's spelling.
        rule: String,
        /// The option visits its values would take.
        work: u128,
        /// The most positions computed.
        positions: u64,
        /// The most option visits.
        work_limit: u128,
    },
    /// A heap past the values computed within the analysis limits, no period proved.
    #[error(
        "a heap of {heap} is too large for {rule}: no period is proved up to {computed}, and \
         grundy values heaps only up to {computed} for it (at most {positions} positions or \
         about {work_limit} option visits); `grundy table {rule} --to N` computes further"
    )]
    NotProvedWithinLimits {
        /// The heap asked for.
        heap: u64,
        /// The rule's spelling.
        rule: String,
        /// The values were computed up to here.
        computed: u64,
        /// The most positions computed.
        positions: u64,
        /// The most option visits.
        work_limit: u128,
    },
    /// A heap past what a script heap game computes.
    #[error(
        "a heap of {heap} is too large for the script {script}: script heap games go up to \
         heaps of {limit}"
    )]
    ScriptHeapTooLarge {
        /// The heap asked for.
        heap: u64,
        /// The script's name.
        script: String,
        /// The largest heap.
        limit: u64,
    },
    /// A script's `heap_options` failed (or took too long), with the script's message.
    #[error("{0}")]
    ScriptFailed(String),
}
