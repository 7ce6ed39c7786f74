//! The quotient to check, as `grundy table CODE --misere --json` writes it, read into the
//! checker's own types (serde; unknown fields are ignored), and the monomials of its
//! presentation (`<a, b | a^2 = 1, b^3 = b>`, elements named `1`, `a`, `ab^2`).

use crate::scanner::{InputError, Location};
use serde::Deserialize;

/// The most generators, elements and heaps the checker takes (the input's own counts are
/// checked against these before anything is sized by them).
pub(crate) const MOST_GENERATORS: usize = 64;
/// The largest order checked.
pub(crate) const MOST_ELEMENTS: usize = 1 << 16;
/// The largest exponent in a monomial.
const MOST_EXPONENT: u32 = 1 << 20;

/// A `table --misere --json` report (the fields the checker reads).
#[derive(Deserialize, Debug, Clone)]
pub(crate) struct TableJson {
    /// The game's code (`0.07`).
    pub game: String,
    /// The quotient.
    pub quotient: QuotientJson,
}

/// Its `quotient` object.
#[derive(Deserialize, Debug, Clone)]
pub(crate) struct QuotientJson {
    /// The quotient is of the heaps 0..=heaps.
    pub heaps: u64,
    /// Its stated order.
    pub order: usize,
    /// Its stated |P|.
    pub p_size: usize,
    /// P, by name.
    pub p_portion: Vec<String>,
    /// `<gens | relations>`.
    pub presentation: String,
    /// (generator, the heap whose element it is).
    pub generators: Vec<(String, u64)>,
    /// Φ(0..=heaps), by name.
    pub pretending_function: Vec<String>,
    /// Φ periodic from `preperiod` with `period`, proved at heap `at`.
    pub solved: Option<SolvedJson>,
    /// The heap that did not settle, if one did not.
    pub unsettled: Option<UnsettledJson>,
}

/// `quotient.solved`.
#[derive(Deserialize, Debug, Clone, Copy)]
pub(crate) struct SolvedJson {
    /// n₀.
    pub preperiod: u64,
    /// p.
    pub period: u64,
    /// N.
    pub at: u64,
}

/// `quotient.unsettled` (the field the checker reads).
#[derive(Deserialize, Debug, Clone)]
pub(crate) struct UnsettledJson {
    /// The heap that did not settle.
    pub heap: u64,
}

/// The location of the first `"key"` in `text` (for errors in a field's value).
pub(crate) fn locate(text: &str, key: &str) -> Location {
    let quoted = format!("\"{key}\"");
    match text.find(&quoted) {
        Some(at) => {
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let column = at - before.rfind('\n').map_or(0, |n| n + 1) + 1;
            Location::At { line, column }
        }
        None => Location::EndOfInput,
    }
}

/// Reads the report.
pub(crate) fn read(bytes: &[u8]) -> Result<(TableJson, String), InputError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        InputError::new(
            Location::At {
                line: bytes[..e.valid_up_to()]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count()
                    + 1,
                column: 1,
            },
            "the input is not UTF-8",
        )
    })?;
    let table: TableJson = serde_json::from_str(text).map_err(|e| {
        let location = if e.line() == 0 {
            Location::EndOfInput
        } else {
            Location::At {
                line: e.line(),
                column: e.column().max(1),
            }
        };
        InputError::new(
            location,
            format!("not the JSON of `grundy table CODE --misere --json`: {e}"),
        )
    })?;
    Ok((table, text.to_string()))
}

/// A presentation: generator names and relations (left and right monomials).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Presentation {
    /// `a`, `b`, ….
    pub generators: Vec<String>,
    /// `left = right`, as exponent vectors.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

/// Reads `<a, b | a^2 = 1, b^3 = b>`; the error says what is wrong.
pub(crate) fn parse_presentation(text: &str) -> Result<Presentation, String> {
    let inner = text
        .trim()
        .strip_prefix('<')
        .and_then(|t| t.strip_suffix('>'))
        .ok_or_else(|| format!("presentation {text:?} is not <generators | relations>"))?;
    let (gens, rels) = inner.split_once('|').unwrap_or((inner, ""));
    let generators: Vec<String> = gens
        .split(',')
        .map(|g| g.trim().to_string())
        .filter(|g| !g.is_empty())
        .collect();
    if generators.len() > MOST_GENERATORS {
        return Err(format!(
            "more than {MOST_GENERATORS} generators in the presentation"
        ));
    }
    for (i, g) in generators.iter().enumerate() {
        if !g.chars().all(|c| c.is_ascii_alphanumeric()) || g == "1" {
            return Err(format!("generator {g:?} is not a name"));
        }
        if generators[..i].contains(g) {
            return Err(format!("generator {g} is named twice"));
        }
    }
    let mut relations = Vec::new();
    for relation in rels.split(',').map(str::trim).filter(|r| !r.is_empty()) {
        let (left, right) = relation
            .split_once('=')
            .ok_or_else(|| format!("relation {relation:?} has no `=`"))?;
        relations.push((
            parse_monomial(left.trim(), &generators)?,
            parse_monomial(right.trim(), &generators)?,
        ));
    }
    Ok(Presentation {
        generators,
        relations,
    })
}

/// Reads a monomial (`1`, `ab^2c`, `g26^3`) over `generators` as an exponent vector.
pub(crate) fn parse_monomial(text: &str, generators: &[String]) -> Result<Vec<u32>, String> {
    let mut exponents = vec![0u32; generators.len()];
    if text == "1" {
        return Ok(exponents);
    }
    let bytes = text.as_bytes();
    let mut at = 0;
    if bytes.is_empty() {
        return Err("an empty monomial".to_string());
    }
    while at < bytes.len() {
        // The longest generator name that matches here.
        let Some((index, name)) = generators
            .iter()
            .enumerate()
            .filter(|(_, g)| text[at..].starts_with(g.as_str()))
            .max_by_key(|(_, g)| g.len())
        else {
            return Err(format!(
                "monomial {text:?}: no generator at {:?}",
                &text[at..]
            ));
        };
        at += name.len();
        let mut power = 1u32;
        if bytes.get(at) == Some(&b'^') {
            at += 1;
            let start = at;
            while at < bytes.len() && bytes[at].is_ascii_digit() {
                at += 1;
            }
            power = text[start..at]
                .parse::<u32>()
                .ok()
                .filter(|p| (1..=MOST_EXPONENT).contains(p))
                .ok_or_else(|| format!("monomial {text:?}: a bad exponent"))?;
        }
        exponents[index] = exponents[index]
            .checked_add(power)
            .filter(|&p| p <= MOST_EXPONENT)
            .ok_or_else(|| format!("monomial {text:?}: an exponent too large"))?;
    }
    Ok(exponents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presentations_and_monomials_read_as_written() {
        let p = parse_presentation("<a, b | a^2 = 1, b^3 = b>").unwrap();
        assert_eq!(p.generators, vec!["a", "b"]);
        assert_eq!(
            p.relations,
            vec![(vec![2, 0], vec![0, 0]), (vec![0, 3], vec![0, 1])]
        );
        assert_eq!(parse_monomial("ab^2", &p.generators), Ok(vec![1, 2]));
        assert!(parse_monomial("ac", &p.generators).is_err());
        assert!(parse_monomial("a^0", &p.generators).is_err());
        assert!(parse_presentation("a, b").is_err());
        assert!(parse_presentation("<a, a>").is_err());
        assert_eq!(parse_presentation("<>").unwrap().generators.len(), 0);
    }
}
