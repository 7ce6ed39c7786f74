//! # LA 3668 / UVa 1378 "A Funny Stone Game" — bean-split's game in another judge's format
//!
//! **Rules (the judge's).** Piles `0 … n−1` of stones. A move picks `i < j ≤ k` with pile `i`
//! non-empty, takes one stone out of pile `i` and puts one into pile `j` and one into pile `k`
//! (two into `j` when `j = k`). The player who cannot move loses. These are bean-split's rules
//! word for word (bottles and beans there, piles and stones here), so its theory answers:
//! a stone `d = n − 1 − i` piles from the end is worth the `(d − 1)`-th odious number (0 at
//! the end), the position the XOR over the piles with an odd count, and the smallest winning
//! move is the one bean-split's judge answer finds.
//!
//! **Input.** Cases, each a line `n` (1 ≤ n ≤ 23) and a line of `n` counts `S_0 … S_{n−1}`
//! (0 ≤ S_i ≤ 1000); the last case is followed by a line `0`. grundy reads counts up to
//! 2^64 − 1 and any n.
//!
//! **Output.** A line `Game t: i j k` per case (`t` from 1): the lexicographically smallest
//! first move `(i, j, k)` that wins, or `Game t: -1 -1 -1` when none does.
//!
//! This file reads and writes the format; the answers come from bean-split's theory, in the
//! module above.
//!
//! **Source.** ACM-ICPC Asia Regional Beijing 2006 (LA 3668, UVa 1378), "A Funny Stone Game";
//! the statement's sample is in the tests.

use super::reader::{Parities, read_parities};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, Generators, Item, small_row};
use crate::scanner::{InputError, Scanner};
use std::fmt::Write;

/// The judge's limits: n ≤ 23 piles of at most 1000 stones; the statement gives no count of
/// cases (taken as at most 100).
pub(crate) const LIMITS: Bounds = Bounds::piles(100, 23, (0, 1000));

/// What `--beyond` tries: longer rows and counts up to 10^18.
pub(crate) const BEYOND: Bounds = Bounds::piles(200, 60, (0, 1_000_000_000_000_000_000));

/// The cases of an LA 3668 input, each its piles' parities, read up to the `0` line (nothing
/// may follow it).
pub(crate) fn read_games(input: &[u8]) -> Result<Vec<Parities>, InputError> {
    let mut scanner = Scanner::new(input);
    let mut games = Vec::new();
    loop {
        let n = scanner.next_count("the number of piles n (or the final 0)")?;
        if n == 0 {
            scanner.expect_end()?;
            return Ok(games);
        }
        games.push(read_parities(&mut scanner, n, "a pile's number of stones")?);
    }
}

/// The output: `Game t: i j k` a line, `-1 -1 -1` for a case without a winning move.
pub(crate) fn write_answers(moves: impl Iterator<Item = Option<[usize; 3]>>) -> String {
    let mut out = String::new();
    for (index, first_move) in moves.enumerate() {
        let t = index + 1;
        match first_move {
            Some([i, j, k]) => writeln!(out, "Game {t}: {i} {j} {k}"),
            None => writeln!(out, "Game {t}: -1 -1 -1"),
        }
        .expect("writing to a String");
    }
    out
}

/// What the contest tools draw of LA 3668: stones per pile.
pub(crate) struct StoneDraws;

impl Generators for StoneDraws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((0..=2).map(|a| [a, 0]).collect(), 4)
    }

    /// Empty piles, mostly, single stones and pairs (which cancel), and the limit.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let value = match rng.between(0, 6) {
            0..=2 => 0,
            3 => 1,
            4 => 2,
            5 => high,
            _ => rng.spread(low, high),
        };
        [value.clamp(low, high), 0]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| rng.between(0, 2).to_string())
    }
}
