//! The one token scanner shared by every judge format and every position parser, and the error
//! type of every reader ([`InputError`], located at a line and column).
//!
//! Input is a byte slice of whitespace-separated tokens. The scanner tracks the line and column
//! of every token so that errors can point at the offending one. A token is a slice of the input;
//! the scanner never allocates. Games with bulk readers of their own (bean-split's parity reader)
//! build them on [`Scanner::next_u64`] and the token path.

use std::fmt;

/// Where an error was found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// A token at a 1-based line and column (columns count bytes).
    At {
        /// 1-based line number.
        line: usize,
        /// 1-based column number.
        column: usize,
    },
    /// The input ended where more was expected.
    EndOfInput,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::At { line, column } => write!(f, "line {line}, column {column}"),
            Location::EndOfInput => f.write_str("end of input"),
        }
    }
}

/// A malformed input or position, with where it went wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{location}: {message}")]
pub struct InputError {
    /// Where the problem is.
    pub location: Location,
    /// What is wrong, in words.
    pub message: String,
}

impl InputError {
    /// An error at `location`.
    pub fn new(location: Location, message: impl Into<String>) -> Self {
        InputError {
            location,
            message: message.into(),
        }
    }
}

/// One whitespace-separated token and where it starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes.
    pub text: &'a [u8],
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
}

impl<'a> Token<'a> {
    /// Where this token starts.
    pub fn location(&self) -> Location {
        Location::At {
            line: self.line,
            column: self.column,
        }
    }

    /// The token as text (lossy for bytes that are not UTF-8).
    pub fn show(&self) -> String {
        String::from_utf8_lossy(self.text).into_owned()
    }

    /// An error pointing at this token.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::new(self.location(), message)
    }

    /// The token as an unsigned 128-bit integer (positions whose counts can grow past `u64`).
    pub fn parse_u128(&self, what: &str) -> Result<u128, InputError> {
        parse_u128_bytes(self.text).ok_or_else(|| {
            self.error(format!(
                "expected {what} (a non-negative integer), found `{}`",
                self.show()
            ))
        })
    }

    /// The token as an unsigned 64-bit integer, or a located error naming `what` it should be.
    pub fn parse_u64(&self, what: &str) -> Result<u64, InputError> {
        parse_u64_bytes(self.text).ok_or_else(|| {
            self.error(format!(
                "expected {what} (an integer from 0 to {}), found `{}`",
                u64::MAX,
                self.show()
            ))
        })
    }
}

/// Parses a decimal `u128`, or `None` on anything else, including overflow.
pub fn parse_u128_bytes(text: &[u8]) -> Option<u128> {
    if text.is_empty() {
        return None;
    }
    let mut value: u128 = 0;
    for &byte in text {
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u128::from(digit))?;
    }
    Some(value)
}

/// Parses a decimal `u64` (no sign accepted), or `None` on anything else, including overflow.
pub fn parse_u64_bytes(text: &[u8]) -> Option<u64> {
    parse_u128_bytes(text).and_then(|value| u64::try_from(value).ok())
}

/// Splits input into tokens, tracking lines and columns.
///
/// Lines are counted lazily: the hot path ([`next_u64`](Self::next_u64)) only moves an offset,
/// and a token's line and column are worked out when the token is built, by counting newlines
/// from the last located token (tokens are located in input order, so this is linear overall).
#[derive(Clone, Debug)]
pub struct Scanner<'a> {
    input: &'a [u8],
    offset: usize,
    /// Newlines are counted up to here…
    counted: usize,
    /// …where the line number is this…
    line: usize,
    /// …and the current line starts at this offset.
    line_start: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner over `input`.
    pub fn new(input: &'a [u8]) -> Self {
        Scanner {
            input,
            offset: 0,
            counted: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The whole input.
    pub(crate) fn input(&self) -> &'a [u8] {
        self.input
    }

    /// The offset of the next byte to scan.
    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// Moves to `offset` (a token boundary), for bulk readers that scanned ahead by themselves.
    pub(crate) fn set_offset(&mut self, offset: usize) {
        self.offset = offset;
    }

    /// Bytes not yet scanned: an upper bound on how many more tokens there can be (times two).
    pub fn remaining_bytes(&self) -> usize {
        self.input.len() - self.offset
    }

    /// The offset of the next non-whitespace byte (or the input's length).
    #[inline(always)]
    pub(crate) fn skip_whitespace(&self) -> usize {
        let input = self.input;
        let mut offset = self.offset;
        while offset < input.len() && is_separator(input[offset]) {
            offset += 1;
        }
        offset
    }

    /// The 1-based line and column of byte `position`.
    fn locate(&mut self, position: usize) -> (usize, usize) {
        if position < self.counted {
            (self.counted, self.line, self.line_start) = (0, 1, 0);
        }
        for (index, &byte) in self.input[self.counted..position].iter().enumerate() {
            if byte == b'\n' {
                self.line += 1;
                self.line_start = self.counted + index + 1;
            }
        }
        self.counted = position;
        (self.line, position - self.line_start + 1)
    }

    /// The next token, or `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        let input = self.input;
        let start = self.skip_whitespace();
        if start == input.len() {
            self.offset = start;
            return None;
        }
        let mut end = start;
        while end < input.len() && !is_separator(input[end]) {
            end += 1;
        }
        self.offset = end;
        let (line, column) = self.locate(start);
        Some(Token {
            text: &input[start..end],
            line,
            column,
        })
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace() == self.input.len()
    }

    /// The next token, or an end-of-input error saying `what` was expected.
    pub fn expect_token(&mut self, what: &str) -> Result<Token<'a>, InputError> {
        self.next_token().ok_or_else(|| {
            InputError::new(
                Location::EndOfInput,
                format!("expected {what}, found nothing"),
            )
        })
    }

    /// The next token as a `u64`.
    ///
    /// This is the hot path of every judge format: whitespace is skipped and digits are parsed in
    /// one pass over the bytes. Anything unusual (a non-digit, an overflow, the end of the input)
    /// falls back to the token path, which builds the located error.
    #[inline]
    pub fn next_u64(&mut self, what: &str) -> Result<u64, InputError> {
        match self.fast_u64() {
            Some(value) => Ok(value),
            None => self.expect_token(what)?.parse_u64(what),
        }
    }

    /// Parses the next token as a plain decimal `u64` in a single pass, or leaves the scanner
    /// untouched and returns `None` if the token is anything else.
    #[inline(always)]
    fn fast_u64(&mut self) -> Option<u64> {
        let input = self.input;
        let start = self.skip_whitespace();
        let mut offset = start;
        let mut value: u64 = 0;
        while offset < input.len() {
            let digit = input[offset].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.checked_mul(10)?.checked_add(u64::from(digit))?;
            offset += 1;
        }
        if offset == start || (offset < input.len() && !is_separator(input[offset])) {
            return None;
        }
        self.offset = offset;
        Some(value)
    }

    /// The next token as a `u128` (for positions whose counts can grow past `u64`), on the same
    /// fast path as [`next_u64`](Self::next_u64) for the usual sizes.
    #[inline]
    pub fn next_u128(&mut self, what: &str) -> Result<u128, InputError> {
        match self.fast_u64() {
            Some(value) => Ok(u128::from(value)),
            None => self.expect_token(what)?.parse_u128(what),
        }
    }

    /// The next token as a `u128` that must be at least `min`.
    pub fn next_u128_at_least(&mut self, what: &str, min: u128) -> Result<u128, InputError> {
        let saved = self.offset;
        let value = self.next_u128(what)?;
        if value < min {
            return Err(self.error_at(
                saved,
                what,
                format!("{what} must be at least {min}, found {value}"),
            ));
        }
        Ok(value)
    }

    /// An error located at the token that starts at or after byte `start` (a token just read).
    fn error_at(&mut self, start: usize, what: &str, message: String) -> InputError {
        self.offset = start;
        match self.expect_token(what) {
            Ok(token) => token.error(message),
            Err(error) => error,
        }
    }

    /// The next token as a `u64` that must be at least `min`.
    #[inline]
    pub fn next_u64_at_least(&mut self, what: &str, min: u64) -> Result<u64, InputError> {
        self.next_u64_where(what, |value| {
            (value < min).then(|| format!("{what} must be at least {min}, found {value}"))
        })
    }

    /// The next token as a `u64` from `low` to `high`; otherwise an error located at the token,
    /// `expected {what} from {low} to {high}, found {value}`.
    #[inline]
    pub fn next_u64_in(&mut self, what: &str, low: u64, high: u64) -> Result<u64, InputError> {
        self.next_u64_where(what, |value| {
            (!(low..=high).contains(&value))
                .then(|| format!("expected {what} from {low} to {high}, found {value}"))
        })
    }

    /// The next token as a `u64` that `problem` accepts (returns `None` for); otherwise an error
    /// located at the token, with `problem`'s message.
    #[inline]
    pub fn next_u64_where(
        &mut self,
        what: &str,
        problem: impl FnOnce(u64) -> Option<String>,
    ) -> Result<u64, InputError> {
        let saved = self.offset;
        let value = self.next_u64(what)?;
        match problem(value) {
            None => Ok(value),
            Some(message) => Err(self.error_at(saved, what, message)),
        }
    }

    /// The next token as a count (of cases, piles, …). The count is only checked to fit in
    /// `usize`; callers must never allocate by it, only loop.
    pub fn next_count(&mut self, what: &str) -> Result<usize, InputError> {
        let token = self.expect_token(what)?;
        let value = token.parse_u64(what)?;
        usize::try_from(value).map_err(|_| token.error(format!("{what} {value} is too large")))
    }

    /// Fails if any token is left.
    pub fn expect_end(&mut self) -> Result<(), InputError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => {
                Err(token.error(format!("unexpected `{}` after the last case", token.show())))
            }
        }
    }
}

/// The text with every `#` comment (to the end of its line) blanked by spaces: the same length,
/// so that the scanner's locations stay true. The graph files of Green Hackenbush and of Node and
/// Arc Kayles read their text through it.
pub(crate) fn without_comments(text: &[u8]) -> Vec<u8> {
    let mut blanked = text.to_vec();
    let mut in_comment = false;
    for byte in &mut blanked {
        match *byte {
            b'\n' => in_comment = false,
            b'#' => {
                in_comment = true;
                *byte = b' ';
            }
            _ if in_comment => *byte = b' ',
            _ => {}
        }
    }
    blanked
}

/// The bytes that separate tokens.
#[inline(always)]
pub(crate) fn is_separator(byte: u8) -> bool {
    byte.is_ascii_whitespace()
}

/// Numbers of at most this many digits always fit in a `u64`: the fast paths need no checks.
pub(crate) const MAX_PLAIN_DIGITS: usize = 19;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracks_lines_and_columns() {
        let mut scanner = Scanner::new(b"1\n  22 3\r\n\n4");
        let columns: Vec<_> = std::iter::from_fn(|| scanner.next_token())
            .map(|t| (t.show(), t.line, t.column))
            .collect();
        assert_eq!(
            columns,
            vec![
                ("1".to_string(), 1, 1),
                ("22".to_string(), 2, 3),
                ("3".to_string(), 2, 6),
                ("4".to_string(), 4, 1)
            ]
        );
    }

    #[test]
    fn parses_u64_edges() {
        assert_eq!(parse_u64_bytes(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(parse_u64_bytes(b"18446744073709551616"), None);
        assert_eq!(parse_u64_bytes(b"-1"), None);
        assert_eq!(parse_u64_bytes(b"1e3"), None);
        assert_eq!(parse_u64_bytes(b""), None);
        assert_eq!(parse_u64_bytes(b"0000000000000000000000001"), Some(1));
    }
}
