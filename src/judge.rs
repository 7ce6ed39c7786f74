//! The judges' input and output formats: what a format is ([`Format`]), and the reading
//! helpers every format shares, on the shared [`Scanner`]. Each game's formats and their
//! solvers live in the game's own module (`end_piles::FORMATS`, …), beside its theory.
//!
//! Every reader parses the whole input before anything is written, so a malformed input produces
//! an error and no output at all. No allocation is sized by a count read from the input.

use crate::scanner::{InputError, Scanner};

/// A judge format: its dialect name and its solver. Each game lists its formats in its own
/// module and hands them to its [`Game`](crate::game::Game) value.
#[derive(Copy, Clone)]
pub struct Format {
    /// `None` for the game's default format, else the `--dialect` name.
    pub dialect: Option<&'static str>,
    /// One line on what the input and output look like.
    pub describe: &'static str,
    /// Reads a whole input and returns the whole output.
    pub solve: fn(&[u8]) -> Result<String, InputError>,
}

/// Reads `T` and calls `case` for each case with the scanner; then checks nothing is left over.
pub(crate) fn for_each_case(
    input: &[u8],
    mut case: impl FnMut(&mut Scanner<'_>, usize) -> Result<(), InputError>,
) -> Result<(), InputError> {
    let mut scanner = Scanner::new(input);
    let cases = scanner.next_count("the number of cases T")?;
    for index in 1..=cases {
        case(&mut scanner, index)?;
    }
    scanner.expect_end()
}
