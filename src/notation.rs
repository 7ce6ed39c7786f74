//! How positions and moves are written: the [`Notation`] trait, and helpers shared by the games' position and move readers and writers: number lists,
//! `x/y` pairs, indexed moves such as `2-1`.

use crate::core::ImpartialGame;
use crate::scanner::{InputError, Scanner, Token, parse_u64_bytes};
use rayon::prelude::*;
use std::fmt;

/// How a game's positions and moves are written.
///
/// `Display` writes a position in the game's notation (the spec's, for the six games); the game's
/// parser (in its [`Game`](crate::game::Game) value) must read it back.
pub trait Notation: ImpartialGame + fmt::Display + fmt::Debug {
    /// A move in the game's move notation.
    fn format_move(&self, mv: &Self::Move) -> String;

    /// Parses a move in the game's notation, and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// Whether `text` (already parsed successfully) is exactly this game's notation of its
    /// position, as `Display` would write it, so that reports can echo it instead of formatting
    /// the position again (a ten-million-bottle position is tens of megabytes of text). Only a
    /// cheap check belongs here; the default never claims it.
    fn is_canonical_text(text: &str) -> bool
    where
        Self: Sized,
    {
        let _ = text;
        false
    }
}

/// Writes the numbers `items` separated by `separator`. Long lists (a ten-million-bottle position)
/// are formatted in pieces on all cores, then written in order.
pub(crate) fn write_numbers<T: itoa::Integer + Copy + Send + Sync>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    separator: &str,
) -> fmt::Result {
    const PIECE: usize = 1 << 16;
    let format_piece = |piece: &[T]| {
        let mut text = String::with_capacity(piece.len() * 4);
        let mut buffer = itoa::Buffer::new();
        for (index, &item) in piece.iter().enumerate() {
            if index > 0 {
                text.push_str(separator);
            }
            text.push_str(buffer.format(item));
        }
        text
    };
    if items.len() <= PIECE {
        return f.write_str(&format_piece(items));
    }
    let pieces: Vec<String> = items.par_chunks(PIECE).map(format_piece).collect();
    for (index, piece) in pieces.iter().enumerate() {
        if index > 0 {
            f.write_str(separator)?;
        }
        f.write_str(piece)?;
    }
    Ok(())
}

/// Whether `text` is what [`write_numbers`] writes with a single-space separator: numbers without
/// leading zeros, one space between them, nothing before or after. Checked without branches, in
/// pieces on all cores for long texts.
pub(crate) fn is_canonical_number_list(text: &str) -> bool {
    const PIECE: usize = 1 << 20;
    let bytes = text.as_bytes();
    let (Some(&first), Some(&last)) = (bytes.first(), bytes.last()) else {
        return true;
    };
    let leading_zero_at_start = first == b'0' && bytes.get(1).is_some_and(u8::is_ascii_digit);
    if !first.is_ascii_digit() || !last.is_ascii_digit() || leading_zero_at_start {
        return false;
    }
    // Every middle byte y, with its neighbours x and z: y is a digit or a space, x and y are not
    // both spaces, and x y z is not a space, a zero and a digit (a leading zero).
    let triples = bytes.len().saturating_sub(2);
    if triples == 0 {
        // One or two bytes: the checks above were all there is to check.
        return true;
    }
    let piece_is_canonical = |start: usize| {
        let end = (start + PIECE).min(triples);
        let (xs, ys, zs) = (
            &bytes[start..end],
            &bytes[start + 1..end + 1],
            &bytes[start + 2..end + 2],
        );
        let bad = xs.iter().zip(ys).zip(zs).fold(0u8, |bad, ((&x, &y), &z)| {
            let (x_space, y_space) = (x == b' ', y == b' ');
            bad | u8::from(!(y.is_ascii_digit() || y_space))
                | u8::from(x_space & y_space)
                | u8::from(x_space & (y == b'0') & z.is_ascii_digit())
        });
        bad == 0
    };
    if triples <= PIECE {
        return piece_is_canonical(0);
    }
    (0..triples)
        .into_par_iter()
        .step_by(PIECE)
        .all(piece_is_canonical)
}

/// Whether a canonical number list (see [`is_canonical_number_list`]) is in non-decreasing order,
/// as the games that keep their heaps sorted write it. Numbers without leading zeros compare by
/// length, then digit by digit.
pub(crate) fn is_non_decreasing_number_list(text: &str) -> bool {
    let mut numbers = text.split(' ');
    let Some(mut previous) = numbers.next() else {
        return true;
    };
    for number in numbers {
        if (previous.len(), previous) > (number.len(), number) {
            return false;
        }
        previous = number;
    }
    true
}

/// Splits a token of the form `x/y` into two `u64`s; `shape` names the form in errors.
pub(crate) fn split_pair(token: &Token<'_>, shape: &str) -> Result<(u64, u64), InputError> {
    let bad = || {
        token.error(format!(
            "expected `{shape}` (two integers joined by `/`), found `{}`",
            token.show()
        ))
    };
    let slash = token.text.iter().position(|&b| b == b'/').ok_or_else(bad)?;
    let first = parse_u64_bytes(&token.text[..slash]).ok_or_else(bad)?;
    let second = parse_u64_bytes(&token.text[slash + 1..]).ok_or_else(bad)?;
    Ok((first, second))
}

/// Parses a move `<i><separator><count>` with `i` counting from 1 among `len` items (piles,
/// boxes); returns the 0-based index and the count. `noun` names the items in errors.
pub(crate) fn parse_indexed_count(
    text: &str,
    separator: char,
    noun: &str,
    len: usize,
) -> Result<(usize, u64), String> {
    let text = text.trim();
    let (index, count) = text.split_once(separator).ok_or_else(|| {
        format!("`{text}` is not a move: write <{noun}>{separator}<count>, e.g. 1{separator}2")
    })?;
    let index: usize = index
        .trim()
        .parse()
        .map_err(|_| format!("`{index}` is not a {noun} number"))?;
    let count: u64 = count
        .trim()
        .parse()
        .map_err(|_| format!("`{count}` is not a stone count"))?;
    match index.checked_sub(1) {
        Some(zero_based) if zero_based < len => Ok((zero_based, count)),
        _ => Err(format!("there is no {noun} {index} ({noun}s count from 1)")),
    }
}

/// Parses the removal `<heap>-<k>` of a heap move (`whole` is the move's whole text, for errors;
/// `shape` says how to write a move): the heap counts from 1 among `heaps`. Returns the heap's
/// number as written, its 0-based index and `k` (not yet checked against the heap's size).
pub(crate) fn parse_heap_take(
    heaps: &[u64],
    removal: &str,
    whole: &str,
    shape: &str,
) -> Result<(u64, usize, u64), String> {
    let (heap, take) = removal
        .split_once('-')
        .ok_or_else(|| format!("`{whole}` is not a move: {shape}"))?;
    let heap_number = parse_move_number(heap, "a heap number", shape)?;
    let index = heap_number
        .checked_sub(1)
        .and_then(|i| usize::try_from(i).ok())
        .filter(|&i| i < heaps.len())
        .ok_or_else(|| {
            format!(
                "there is no heap {heap_number} (heaps count from 1; this position has {})",
                heaps.len()
            )
        })?;
    let take = parse_move_number(take, "a number of tokens", shape)?;
    Ok((heap_number, index, take))
}

/// Parses the take `<heap>-<k>` of a heap move and checks it: the heap counts from 1 among
/// `heaps`, and k is 1 to its size. Returns the heap's number as written, its 0-based index and
/// k.
pub(crate) fn parse_heap_take_within(
    heaps: &[u64],
    removal: &str,
    whole: &str,
    shape: &str,
) -> Result<(u64, usize, u64), String> {
    let (heap_number, index, take) = parse_heap_take(heaps, removal, whole, shape)?;
    let size = heaps[index];
    if take == 0 || take > size {
        return Err(format!(
            "heap {heap_number} holds {size} tokens: take 1 to {size}, not {take}"
        ));
    }
    Ok((heap_number, index, take))
}

/// Reads heap sizes separated by whitespace, each at least 1, each also passed to `check` with
/// its token (a game's own bound); errors are located.
pub(crate) fn parse_heap_sizes(
    text: &str,
    mut check: impl FnMut(&Token<'_>, u64) -> Result<(), InputError>,
) -> Result<Vec<u64>, InputError> {
    let mut scanner = Scanner::new(text.as_bytes());
    let mut heaps = Vec::new();
    while let Some(token) = scanner.next_token() {
        let heap = token.parse_u64("a heap size")?;
        if heap == 0 {
            return Err(token.error("a heap holds at least 1 token, found `0`"));
        }
        check(&token, heap)?;
        heaps.push(heap);
    }
    Ok(heaps)
}

/// Whether `text` is a list of heap sizes as the games that keep their heaps sorted write it:
/// canonical numbers (see [`is_canonical_number_list`]), none 0, in non-decreasing order.
pub(crate) fn is_sorted_heap_list(text: &str) -> bool {
    is_canonical_number_list(text)
        && !text.split(' ').any(|n| n == "0")
        && is_non_decreasing_number_list(text)
}

/// A number in a move's text; `what` and `shape` say what was expected.
pub(crate) fn parse_move_number(item: &str, what: &str, shape: &str) -> Result<u64, String> {
    item.trim()
        .parse::<u64>()
        .map_err(|_| format!("`{item}` is not {what}: {shape}"))
}

/// The one index where `before` and `after` differ, if they have the same length and differ in
/// exactly one place (a move of the sum games changes exactly one component).
pub(crate) fn single_difference<T: PartialEq>(before: &[T], after: &[T]) -> Option<usize> {
    if before.len() != after.len() {
        return None;
    }
    let mut changed = (0..before.len()).filter(|&i| before[i] != after[i]);
    let index = changed.next()?;
    changed.next().is_none().then_some(index)
}

/// The first `limit` moves `(i, count)` with `count` in `1..=most[i]`, item by item, and whether
/// there are more (for the sum games, whose piles can allow billions of moves).
pub(crate) fn first_counted_moves<M>(
    most: impl Iterator<Item = u64>,
    limit: usize,
    make: impl Fn(usize, u64) -> M,
) -> (Vec<M>, bool) {
    let mut moves = Vec::new();
    for (index, most) in most.enumerate() {
        for count in 1..=most {
            if moves.len() == limit {
                return (moves, true);
            }
            moves.push(make(index, count));
        }
    }
    (moves, false)
}

/// The multiset difference of two ascending lists: what only `before` holds and what only
/// `after` holds, each ascending (how a move of the multiset games changed the position).
pub(crate) fn sorted_difference<T: Ord + Copy>(before: &[T], after: &[T]) -> (Vec<T>, Vec<T>) {
    let (mut gone, mut new) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < before.len() || j < after.len() {
        match (before.get(i), after.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(&a), Some(&b)) if a < b => {
                gone.push(a);
                i += 1;
            }
            (Some(&a), None) => {
                gone.push(a);
                i += 1;
            }
            (_, Some(&b)) => {
                new.push(b);
                j += 1;
            }
            (None, None) => break,
        }
    }
    (gone, new)
}
