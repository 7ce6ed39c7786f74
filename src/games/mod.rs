//! The six games, one module each. Every module's doc comment states the rules, the source
//! problem and the theory with a proof sketch; the module holds the position type (whose
//! `Display`/`FromStr` round-trip the notation), move generation and the fast theory.

pub mod bean_split;
pub mod bounded_take;
pub mod box_fill;
pub mod chocolate;
pub mod end_piles;
pub mod take_or_merge;

pub use bean_split::BeanSplit;
pub use bounded_take::BoundedTake;
pub use box_fill::{BoxFill, BoxFillSquare};
pub use chocolate::Chocolate;
pub use end_piles::EndPiles;
pub use take_or_merge::TakeOrMerge;

use crate::scanner::{InputError, Token, parse_u64_bytes};
use std::fmt;

/// Writes `items` separated by `separator`.
pub(crate) fn write_joined<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    separator: &str,
) -> fmt::Result {
    for (index, item) in items.iter().enumerate() {
        if index > 0 {
            f.write_str(separator)?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
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
