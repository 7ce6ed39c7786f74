//! bean-split's bulk readers: a row of bean counts read straight to what the game needs.
//!
//! A ten-million-bottle input is tens of megabytes of numbers. The judge answer needs only each
//! count's [`Parity`] (odd? non-zero?), and a position keeps its counts in the narrowest integer
//! type that holds them ([`Counts`]). Both are read in pieces on all cores when the run is long,
//! falling back to the one-thread path of the shared [`Scanner`] for anything unusual, so that
//! every error is located exactly (line and column).

use super::counts::{Count, Counts, CountsVisitorMut};
use crate::scanner::{InputError, MAX_PLAIN_DIGITS, Scanner, is_separator};

/// The next token, a `u64`, reduced to what parity games need: its [`Parity`].
///
/// Tokens of at most 19 digits (which cannot overflow) are read without any arithmetic;
/// anything else goes through [`next_u64`](Scanner::next_u64) and its checks.
#[inline(always)]
pub fn next_parity(scanner: &mut Scanner<'_>, what: &str) -> Result<Parity, InputError> {
    let input = scanner.input();
    let start = scanner.skip_whitespace();
    let mut offset = start;
    let mut last = 0u8;
    let mut any = 0u8;
    while offset < input.len() {
        let digit = input[offset].wrapping_sub(b'0');
        if digit > 9 {
            break;
        }
        last = digit;
        any |= digit;
        offset += 1;
    }
    let clean_end = offset == input.len() || is_separator(input[offset]);
    if offset > start && offset - start <= MAX_PLAIN_DIGITS && clean_end {
        scanner.set_offset(offset);
        return Ok(Parity::from_digits(last, any));
    }
    let value = scanner.next_u64(what)?;
    Ok(Parity::of(u128::from(value)))
}

/// Reads `count` tokens with `next_parity` semantics (the hot path of
/// bean-split's ten-million-bottle inputs).
///
/// A long run is found first (a vectorised count of token starts locates its end), then cut
/// into pieces parsed on all cores. A run holding anything unusual (a foreign byte, a number
/// above `u64::MAX`, more than 20 digits) is read instead by the sequential reader, which
/// parses it exactly or reports the error at its line and column.
pub fn read_parities(
    scanner: &mut Scanner<'_>,
    count: usize,
    what: &str,
) -> Result<Parities, InputError> {
    let mut parities = Parities::default();
    let mut left = count;
    if count >= PARALLEL_TOKENS {
        let end = end_of_tokens(scanner, count);
        if let Some(pieces) = parities_in_parallel(&scanner.input()[scanner.offset()..end]) {
            left -= pieces.iter().map(Vec::len).sum::<usize>();
            parities.segments.extend(pieces);
            scanner.set_offset(end);
        }
    }
    // Capacity for the rest is bounded by the bytes left (two per token), not by `count`.
    let mut rest = Vec::with_capacity(left.min(scanner.remaining_bytes() / 2 + 1));
    read_parities_sequentially(scanner, left, what, &mut rest)?;
    parities.segments.push(rest);
    Ok(parities)
}

/// The offset just after the `tokens`-th token from here, or the end of the input if there
/// are fewer, counting bytes up to b' ' as separators: whole blocks are counted with
/// [`count_tokens`], the last one byte by byte.
fn end_of_tokens(scanner: &Scanner<'_>, tokens: usize) -> usize {
    const BLOCK: usize = 1 << 16;
    let input = scanner.input();
    let mut at = scanner.offset();
    let mut seen = 0;
    while at < input.len() {
        // A block ends just after a separator (or at the end), so no token is cut.
        let mut end = (at + BLOCK).min(input.len());
        while end < input.len() && input[end - 1] > b' ' {
            end += 1;
        }
        let block = &input[at..end];
        let in_block = count_tokens(block);
        if seen + in_block < tokens {
            seen += in_block;
            at = end;
            continue;
        }
        let mut inside = false;
        for (index, &byte) in block.iter().enumerate() {
            let separator = byte <= b' ';
            if !separator && !inside {
                seen += 1;
            }
            if separator && inside && seen == tokens {
                return at + index;
            }
            inside = !separator;
        }
        return end;
    }
    input.len()
}

/// [`read_parities`](read_parities) on one thread: a byte-driven state machine with one
/// branch per byte in the common case.
fn read_parities_sequentially(
    scanner: &mut Scanner<'_>,
    count: usize,
    what: &str,
    out: &mut Vec<Parity>,
) -> Result<(), InputError> {
    let input = scanner.input();
    let mut read = 0;
    // `digits` counts the digits of the token in progress, `last` and `any` summarise them.
    let mut offset = scanner.offset();
    let mut digits = 0usize;
    let mut last = 0u8;
    let mut any = 0u8;
    while read < count {
        let byte = if offset < input.len() {
            input[offset]
        } else {
            b' '
        };
        let digit = byte.wrapping_sub(b'0');
        if digit <= 9 {
            last = digit;
            any |= digit;
            digits += 1;
            offset += 1;
            continue;
        }
        if is_separator(byte) && digits <= MAX_PLAIN_DIGITS {
            if digits > 0 {
                out.push(Parity::from_digits(last, any));
                read += 1;
                digits = 0;
                any = 0;
            }
            if offset == input.len() {
                break;
            }
            offset += 1;
            continue;
        }
        // A token that is not a plain short number: the checked path parses or reports it.
        scanner.set_offset(offset - digits);
        out.push(next_parity(scanner, what)?);
        read += 1;
        offset = scanner.offset();
        digits = 0;
        any = 0;
    }
    scanner.set_offset(offset);
    if read < count {
        // The input ended early: let the checked path say so.
        next_parity(scanner, what)?;
    }
    Ok(())
}

/// Reads every remaining token as a count (a position's counts, to the end of its text).
///
/// Long inputs are read on all cores, in pieces cut at separators, each parsed straight into
/// its share of the result (see `plain_numbers_in_parallel`), stored narrow when the numbers
/// are small.
/// If any piece holds something unusual (a number above `u64::MAX`, a foreign byte), the
/// whole text is read again on one thread, which takes big numbers or reports the error at
/// its line and column.
pub fn read_counts_to_end(scanner: &mut Scanner<'_>, what: &str) -> Result<Counts, InputError> {
    let rest = &scanner.input()[scanner.offset()..];
    if rest.len() >= PARALLEL_BYTES
        && let Some(counts) = plain_numbers_in_parallel(rest)
    {
        scanner.set_offset(scanner.input().len());
        return Ok(counts);
    }
    let mut counts = Vec::with_capacity(scanner.remaining_bytes() / 2 + 1);
    while !scanner.at_end() {
        counts.push(scanner.next_u128(what)?);
    }
    Ok(Counts::from(counts))
}

/// What parity games keep of a number: whether it is odd and whether it is non-zero, in a byte.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Parity(u8);

impl Parity {
    const ODD: u8 = 1;
    const NON_ZERO: u8 = 2;

    /// The parity of `value`.
    pub fn of(value: u128) -> Self {
        Parity((u8::from(value % 2 == 1) * Self::ODD) | (u8::from(value != 0) * Self::NON_ZERO))
    }

    /// From a plain number's last digit and the OR of all its digits.
    #[inline(always)]
    fn from_digits(last: u8, any: u8) -> Self {
        Parity((last & 1) | u8::from(any != 0) << 1)
    }

    /// Whether the number is odd.
    #[inline(always)]
    pub fn is_odd(self) -> bool {
        self.0 & Self::ODD != 0
    }

    /// Whether the number is non-zero.
    #[inline(always)]
    pub fn is_non_zero(self) -> bool {
        self.0 & Self::NON_ZERO != 0
    }
}

/// The parities of a run of numbers, in input order, kept in the segments they were read in: a
/// long run is read in pieces on several cores, and gluing them together would copy every byte
/// once more.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parities {
    segments: Vec<Vec<Parity>>,
}

impl Parities {
    /// How many numbers.
    pub fn len(&self) -> usize {
        self.segments.iter().map(Vec::len).sum()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.segments.iter().all(Vec::is_empty)
    }

    /// The segments, in order (some may be empty).
    pub fn segments(&self) -> impl Iterator<Item = &[Parity]> {
        self.segments.iter().map(Vec::as_slice)
    }

    /// Every parity, in order.
    pub fn iter(&self) -> impl Iterator<Item = Parity> + '_ {
        self.segments().flatten().copied()
    }
}

impl From<Vec<Parity>> for Parities {
    fn from(parities: Vec<Parity>) -> Self {
        Parities {
            segments: vec![parities],
        }
    }
}

impl FromIterator<Parity> for Parities {
    fn from_iter<I: IntoIterator<Item = Parity>>(iter: I) -> Self {
        Parities::from(iter.into_iter().collect::<Vec<_>>())
    }
}

/// Runs shorter than this many tokens are read on one thread.
const PARALLEL_TOKENS: usize = 1 << 16;

/// Inputs shorter than this many bytes are read on one thread by
/// [`Scanner::read_counts_to_end`].
const PARALLEL_BYTES: usize = 1 << 18;

/// The nominal size of one piece of a window read in parallel.
const PIECE_BYTES: usize = 1 << 20;

/// Splits `window` (whole tokens only) into pieces at separators and reads their parities on all
/// cores; `None` if any piece holds something [`plain_parities`] does not accept.
fn parities_in_parallel(window: &[u8]) -> Option<Vec<Vec<Parity>>> {
    use rayon::prelude::*;
    piece_bounds(window)
        .par_windows(2)
        .map(|pair| plain_parities(&window[pair[0]..pair[1]]))
        .collect()
}

/// The plain numbers (see [`plain_parities`]) of `text`, read on all cores, or `None` if
/// anything else turns up. A vectorised pass counts each piece's tokens; then every piece is
/// parsed straight into its share of the result, stored as narrow as the first piece's largest
/// number allows (a row of small counts takes a byte each). If a later piece holds a number too
/// wide for that, the pieces are parsed again into 64-bit storage.
fn plain_numbers_in_parallel(text: &[u8]) -> Option<Counts> {
    let pieces = pieces_of(text);
    // Tokens start where a byte above b' ' follows one at or below it (or the start). A piece
    // this miscounts holds a byte that is neither a digit nor whitespace, and fails to parse.
    let lengths = token_counts(&pieces);
    let total = lengths.iter().sum();
    let mut first_max = 0u64;
    let first_plain = for_each_plain_number(pieces[0], |value| {
        first_max = first_max.max(value);
        true
    });
    if !first_plain {
        return None;
    }
    for max in [first_max, u64::MAX] {
        let mut counts = Counts::zeros(total, max.into());
        let filled = counts.visit_mut(FillPieces {
            pieces: &pieces,
            lengths: &lengths,
        });
        if filled {
            return Some(counts);
        }
    }
    None
}

/// The number of tokens in each piece, on all cores.
fn token_counts(pieces: &[&[u8]]) -> Vec<usize> {
    use rayon::prelude::*;
    pieces.par_iter().map(|piece| count_tokens(piece)).collect()
}

/// The number of tokens in `bytes`, counting bytes up to b' ' as separators; vectorised by
/// summing 8-bit flags over runs of 255 bytes.
fn count_tokens(bytes: &[u8]) -> usize {
    let Some(&first) = bytes.first() else {
        return 0;
    };
    let mut count = usize::from(first > b' ');
    let (before, after) = (&bytes[..bytes.len() - 1], &bytes[1..]);
    for (previous, current) in before.chunks(255).zip(after.chunks(255)) {
        let mut starts = 0u8;
        for (&p, &c) in previous.iter().zip(current) {
            starts += u8::from(p <= b' ') & u8::from(c > b' ');
        }
        count += usize::from(starts);
    }
    count
}

/// Parses pieces of plain numbers into their shares of a slice, on all cores.
struct FillPieces<'a> {
    pieces: &'a [&'a [u8]],
    /// How many numbers each piece holds.
    lengths: &'a [usize],
}

impl CountsVisitorMut for FillPieces<'_> {
    type Output = bool;

    fn visit<T: Count>(self, counts: &mut [T]) -> bool {
        use rayon::prelude::*;
        let mut targets = Vec::with_capacity(self.pieces.len());
        let mut rest = counts;
        for &length in self.lengths {
            let (target, tail) = rest.split_at_mut(length);
            targets.push(target);
            rest = tail;
        }
        targets
            .into_par_iter()
            .zip(self.pieces)
            .all(|(target, piece)| {
                let mut filled = 0;
                let plain = for_each_plain_number(piece, |value| {
                    match (target.get_mut(filled), T::try_from(u128::from(value))) {
                        (Some(slot), Ok(value)) => {
                            *slot = value;
                            filled += 1;
                            true
                        }
                        _ => false,
                    }
                });
                plain && filled == target.len()
            })
    }
}

/// Calls `number` with each plain number of `bytes` (see [`plain_parities`]) while it returns
/// `true`; `false` if it returned `false` or anything but plain numbers and whitespace turned up.
fn for_each_plain_number(bytes: &[u8], mut number: impl FnMut(u64) -> bool) -> bool {
    let mut digits = 0usize;
    let mut value = 0u64;
    // The number that ends at `end`, if it is plain and taken.
    let mut take = |end: usize, digits: usize, value: u64| {
        (digits <= MAX_PLAIN_DIGITS || fits_u64(&bytes[end - digits..end])) && number(value)
    };
    for (at, &byte) in bytes.iter().enumerate() {
        let digit = byte.wrapping_sub(b'0');
        if digit <= 9 {
            // Exact for plain numbers; a longer token is rejected by `take` before it is used.
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            digits += 1;
        } else if is_separator(byte) {
            if digits > 0 {
                if !take(at, digits, value) {
                    return false;
                }
                digits = 0;
                value = 0;
            }
        } else {
            return false;
        }
    }
    digits == 0 || take(bytes.len(), digits, value)
}

/// `text` cut into pieces at [`piece_bounds`].
fn pieces_of(text: &[u8]) -> Vec<&[u8]> {
    piece_bounds(text)
        .windows(2)
        .map(|pair| &text[pair[0]..pair[1]])
        .collect()
}

/// Where to cut `window` into pieces of about [`PIECE_BYTES`]: just after a separator, so that
/// no token is cut. Starts with 0 and ends with the window's length.
fn piece_bounds(window: &[u8]) -> Vec<usize> {
    let mut bounds = vec![0];
    let mut nominal = PIECE_BYTES;
    while nominal < window.len() {
        let end = window[nominal..]
            .iter()
            .position(|&byte| is_separator(byte))
            .map_or(window.len(), |at| nominal + at + 1);
        bounds.push(end);
        nominal = end.max(nominal) + PIECE_BYTES;
    }
    bounds.push(window.len());
    bounds
}

/// The parities of a run of plain numbers separated by whitespace, or `None` if anything else
/// turns up. Plain means at most 19 digits, or 20 digits not above `u64::MAX`.
fn plain_parities(bytes: &[u8]) -> Option<Vec<Parity>> {
    let mut out = Vec::with_capacity(bytes.len() / 2 + 1);
    let plain = for_each_plain_number(bytes, |value| {
        out.push(Parity::of(u128::from(value)));
        true
    });
    plain.then_some(out)
}

/// Whether a run of more than 19 digits is a `u64` the fast path may take: exactly 20 digits and
/// at most `u64::MAX` (at equal length, comparing as text compares as numbers).
fn fits_u64(digits: &[u8]) -> bool {
    digits.len() == 20 && digits <= b"18446744073709551615".as_slice()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scanner::Location;

    #[test]
    fn read_parities_handles_every_kind_of_token() {
        let input = b"0 1 22\n3333333333333333333 18446744073709551615 00000000000000000000007";
        let mut scanner = Scanner::new(input);
        let out: Vec<Parity> = read_parities(&mut scanner, 6, "a count")
            .unwrap()
            .iter()
            .collect();
        let expected: Vec<Parity> = [0u128, 1, 22, 3333333333333333333, u64::MAX.into(), 7]
            .into_iter()
            .map(Parity::of)
            .collect();
        assert_eq!(out, expected);
        assert!(scanner.at_end());
        let error = read_parities(&mut Scanner::new(b"1 2\n3x 4"), 4, "a count").unwrap_err();
        assert_eq!(error.location, Location::At { line: 2, column: 1 });
        let error =
            read_parities(&mut Scanner::new(b"1 18446744073709551616"), 2, "a count").unwrap_err();
        assert_eq!(error.location, Location::At { line: 1, column: 3 });
        let error = read_parities(&mut Scanner::new(b"1 2"), 3, "a count").unwrap_err();
        assert_eq!(error.location, Location::EndOfInput);
    }

    /// A long run of numbers of every shape (as text) and what each reduces to.
    fn long_run(tokens: usize, seed: u64) -> (String, Vec<Parity>) {
        let mut state = seed;
        let mut text = String::new();
        let mut expected = Vec::new();
        for index in 0..tokens {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let value: u128 = match state >> 60 {
                0 => u128::from(state >> 1),
                1 => u128::from(u64::MAX - (state >> 40)),
                _ => u128::from((state >> 33) % 1000),
            };
            text.push_str(&value.to_string());
            text.push_str(match index % 7 {
                0 => "\n",
                1 => "  ",
                2 => "\t",
                _ => " ",
            });
            expected.push(Parity::of(value));
        }
        (text, expected)
    }

    #[test]
    fn parallel_windows_read_exactly_the_run_and_nothing_after_it() {
        for (tokens, seed) in [(PARALLEL_TOKENS, 1), (300_000, 2), (700_001, 3)] {
            let (mut text, expected) = long_run(tokens, seed);
            text.push_str("42 x");
            let mut scanner = Scanner::new(text.as_bytes());
            let out = read_parities(&mut scanner, tokens, "a count").unwrap();
            assert!(out.segments().count() > 1, "the parallel path ran");
            assert_eq!(out.iter().collect::<Vec<_>>(), expected);
            // The token after the run is still there for the next reader.
            assert_eq!(scanner.next_u64("next").unwrap(), 42);
        }
    }

    #[test]
    fn unusual_tokens_in_a_parallel_window_are_read_or_located_exactly() {
        let (text, mut expected) = long_run(200_000, 4);
        // Valid but not plain: a 20-digit number and a zero-padded one, far into the run.
        let padded = format!("{text}00000000000000000000003 18446744073709551615 5");
        expected.extend([3u128, u64::MAX.into(), 5].map(Parity::of));
        let out = read_parities(
            &mut Scanner::new(padded.as_bytes()),
            expected.len(),
            "a count",
        )
        .unwrap();
        assert_eq!(out.iter().collect::<Vec<_>>(), expected);
        // Errors deep in the run point at their own line and column.
        let lines_before = text.matches('\n').count();
        let last_line = &text[text.rfind('\n').map_or(0, |at| at + 1)..];
        for bad in ["7x", "18446744073709551616", "-1"] {
            let input = format!("{text}{bad} 1 2");
            let error =
                read_parities(&mut Scanner::new(input.as_bytes()), 200_003, "a count").unwrap_err();
            assert_eq!(
                error.location,
                Location::At {
                    line: lines_before + 1,
                    column: last_line.len() + 1
                },
                "{bad}"
            );
        }
        let error =
            read_parities(&mut Scanner::new(text.as_bytes()), 200_001, "a count").unwrap_err();
        assert_eq!(error.location, Location::EndOfInput);
    }

    #[test]
    fn numbers_to_the_end_are_read_exactly_in_parallel_or_not() {
        let mut state = 5u64;
        let values: Vec<u128> = (0..300_000)
            .map(|index| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match index % 5 {
                    0 => u128::from(u64::MAX - (state >> 50)),
                    1 => u128::from(state >> 1),
                    _ => u128::from(state >> 54),
                }
            })
            .collect();
        let text: String = values.iter().map(|v| format!("{v}\n")).collect();
        let read = read_counts_to_end(&mut Scanner::new(text.as_bytes()), "a count").unwrap();
        assert_eq!(read.to_vec(), values);
        // Small numbers, then a wide one in a later piece: read again in 64-bit storage.
        let mut widening: Vec<u128> = (0..500_000).map(|index| index % 200).collect();
        widening.extend([u128::from(u64::MAX), 70_000, 3]);
        let text_widening: String = widening.iter().map(|v| format!("{v} ")).collect();
        let read =
            read_counts_to_end(&mut Scanner::new(text_widening.as_bytes()), "a count").unwrap();
        assert_eq!(read.to_vec(), widening);
        // A number past u64::MAX sends the run to the one-thread reader, which takes it.
        let big = u128::from(u64::MAX) + 2;
        let with_big = format!("{text}{big} 7");
        let mut expected = values.clone();
        expected.extend([big, 7]);
        let mut scanner = Scanner::new(with_big.as_bytes());
        assert_eq!(
            read_counts_to_end(&mut scanner, "a count")
                .unwrap()
                .to_vec(),
            expected
        );
        assert!(scanner.at_end());
        // A bad token far into the text is located exactly.
        let bad = format!("{text}7 x9");
        let error = read_counts_to_end(&mut Scanner::new(bad.as_bytes()), "a count").unwrap_err();
        assert_eq!(
            error.location,
            Location::At {
                line: values.len() + 1,
                column: 3
            }
        );
    }
}
