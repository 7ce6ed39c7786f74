//! The graph file format of `graph:FILE`.
//!
//! ```text
//! # a 2-cycle beside a terminal vertex
//! 3 3        # n vertices, m edges
//! 1 2        # a move from vertex 1 to vertex 2
//! 2 1
//! 2 3
//! ```
//!
//! The first line that is not blank holds `n m`: the number of vertices (1 to
//! [`MAX_VERTICES`]) and of edges (0 to [`MAX_EDGES`]). Then exactly m lines `u v`, each a move
//! from vertex u to vertex v (both in 1..=n; u = v is a self-loop; repeated edges are allowed and
//! count once). `#` starts a comment to the end of its line; blank lines are skipped. Every
//! error names its line and column (and the file). Nothing is allocated from n or m before
//! they are checked against the bounds, and the edge list grows with what the file holds, not
//! with what its first line claims.

use super::graph::{GameGraph, Vertex};
use crate::scanner::{InputError, Location, parse_u64_bytes};
use std::path::Path;

/// The most vertices a graph file may have.
pub const MAX_VERTICES: u64 = 10_000_000;
/// The most edges a graph file may have.
pub const MAX_EDGES: u64 = 20_000_000;

/// A graph file that could not be read or is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GraphFileError {
    /// The file could not be read.
    #[error("{path}: cannot read: {message}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        message: String,
    },
    /// The file is malformed (where and why).
    #[error("{path}: {error}")]
    Malformed {
        /// The file.
        path: String,
        /// Where and what.
        error: InputError,
    },
}

/// Reads the graph file at `path`.
pub fn read_graph(path: &Path) -> Result<GameGraph, GraphFileError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|error| GraphFileError::Read {
        path: shown.clone(),
        message: error.to_string(),
    })?;
    parse_graph(&bytes).map_err(|error| GraphFileError::Malformed { path: shown, error })
}

/// One number of a line: its text and its 1-based column.
struct Field<'a> {
    text: &'a [u8],
    column: usize,
}

/// The numbers of one line (comment dropped), at most three (a third is an error anyway).
fn fields(line: &[u8]) -> Vec<Field<'_>> {
    let code = match line.iter().position(|&byte| byte == b'#') {
        Some(at) => &line[..at],
        None => line,
    };
    let mut fields = Vec::new();
    let mut at = 0;
    while at < code.len() && fields.len() < 3 {
        if code[at].is_ascii_whitespace() {
            at += 1;
            continue;
        }
        let start = at;
        while at < code.len() && !code[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(Field {
            text: &code[start..at],
            column: start + 1,
        });
    }
    fields
}

/// Parses a graph file's text.
pub fn parse_graph(text: &[u8]) -> Result<GameGraph, InputError> {
    let located = |line: usize, column: usize, message: String| {
        InputError::new(Location::At { line, column }, message)
    };
    let number = |line: usize, field: &Field<'_>, what: &str, low: u64, high: u64| {
        parse_u64_bytes(field.text)
            .filter(|value| (low..=high).contains(value))
            .ok_or_else(|| {
                located(
                    line,
                    field.column,
                    format!(
                        "expected {what} (an integer from {low} to {high}), found `{}`",
                        String::from_utf8_lossy(field.text)
                    ),
                )
            })
    };
    let pair = |line: usize, fields: &[Field<'_>], what: &str| -> Result<(), InputError> {
        match fields.len() {
            2 => Ok(()),
            1 => Err(located(
                line,
                fields[0].column + fields[0].text.len(),
                format!("expected two numbers ({what}) on this line, found one"),
            )),
            _ => Err(located(
                line,
                fields[2].column,
                format!(
                    "expected two numbers ({what}) on this line, found more (a comment starts \
                     with `#`)"
                ),
            )),
        }
    };
    let mut header: Option<(u64, u64)> = None;
    let mut edges: Vec<(Vertex, Vertex)> = Vec::new();
    let mut last_line = 0;
    for (index, line) in text.split(|&byte| byte == b'\n').enumerate() {
        let line_number = index + 1;
        let fields = fields(line);
        if fields.is_empty() {
            continue;
        }
        last_line = line_number;
        match header {
            None => {
                pair(
                    line_number,
                    &fields,
                    "the vertex count n and the edge count m",
                )?;
                let n = number(
                    line_number,
                    &fields[0],
                    "the vertex count n",
                    1,
                    MAX_VERTICES,
                )?;
                let m = number(line_number, &fields[1], "the edge count m", 0, MAX_EDGES)?;
                // Each edge line takes at least four bytes (`1 2` and a newline, or the end).
                let room = text.len() / 4 + 1;
                edges.reserve(usize::try_from(m).unwrap_or(usize::MAX).min(room));
                header = Some((n, m));
            }
            Some((n, m)) => {
                if edges.len() as u64 == m {
                    return Err(located(
                        line_number,
                        fields[0].column,
                        format!("more edges than the {m} the first line announces"),
                    ));
                }
                pair(line_number, &fields, "an edge `u v`")?;
                let from = number(line_number, &fields[0], "a vertex", 1, n)?;
                let to = number(line_number, &fields[1], "a vertex", 1, n)?;
                edges.push(((from - 1) as Vertex, (to - 1) as Vertex));
            }
        }
    }
    let Some((n, m)) = header else {
        return Err(InputError::new(
            Location::EndOfInput,
            "the file is empty: expected a first line `n m` (vertex and edge counts)",
        ));
    };
    if (edges.len() as u64) < m {
        return Err(InputError::new(
            Location::EndOfInput,
            format!(
                "the first line announces {m} edges, the file has {} (last at line {last_line})",
                edges.len()
            ),
        ));
    }
    Ok(GameGraph::from_edges(n as usize, &edges))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse_graph(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn a_graph_file_is_read_with_comments_and_blank_lines() {
        let graph = parse_graph(b"# two\n\n2 3 # counts\n1 2\n2 1\n  2 2\n").unwrap();
        assert_eq!(graph.vertex_count(), 2);
        assert_eq!(graph.followers(1), [0, 1]);
        assert_eq!(parse_graph(b"1 0").unwrap().edge_count(), 0);
    }

    #[test]
    fn malformed_files_are_located() {
        assert_eq!(
            error(""),
            "end of input: the file is empty: expected a first line `n m` (vertex and edge counts)"
        );
        assert_eq!(
            error("2 1\n1 3\n"),
            "line 2, column 3: expected a vertex (an integer from 1 to 2), found `3`"
        );
        assert_eq!(
            error("2 1\n0 1\n"),
            "line 2, column 1: expected a vertex (an integer from 1 to 2), found `0`"
        );
        assert!(error("2 2\n1 2\n").contains("announces 2 edges, the file has 1"));
        assert!(error("2 1\n1 2\n2 1\n").starts_with("line 3, column 1: more edges"));
        assert!(error("2 1\n1\n").starts_with("line 2, column 2: expected two numbers"));
        assert!(error("2 1\n1 2 3\n").starts_with("line 2, column 5: expected two numbers"));
        assert!(
            error("99999999999 1\n").starts_with("line 1, column 1: expected the vertex count")
        );
        assert!(error("0 0\n").starts_with("line 1, column 1"));
        assert!(error("3 99999999999\n").starts_with("line 1, column 3: expected the edge count"));
        assert!(error("3 x\n").contains("found `x`"));
    }
}
