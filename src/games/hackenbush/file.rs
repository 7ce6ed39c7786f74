//! The graph file of `hackenbush:FILE`: an undirected edge list with its ground.
//!
//! ```text
//! # a triangle on a stalk, and a loop at the ground
//! 4 5 1      # n vertices, m edges, the ground vertex g
//! 1 2        # edge 1: between vertices 1 and 2
//! 2 3
//! 3 4
//! 4 2
//! 1 1        # edge 5: a loop at the ground
//! ```
//!
//! First `n m g`: the number of vertices (1 to [`MAX_VERTICES`]), of edges (0 to
//! [`MAX_EDGES`]) and the ground (1 to n). Then m edges `u v` (both from 1 to n; u = v is a
//! loop; an edge may repeat). Edges are numbered from 1 in file order: a move names one by its
//! number. `#` starts a comment to the end of its line. Edges the ground does not reach are
//! never in play. Every error names its line and column; nothing is allocated from n or m
//! beyond what the file holds.

use super::position::{Board, MAX_EDGES, Style};
use crate::scanner::{InputError, Location, Scanner, without_comments};

/// The most vertices a graph file may have.
pub const MAX_VERTICES: u64 = 20_000_000;

/// Reads a graph file's text into a board.
pub fn parse_graph_file(text: &[u8]) -> Result<Board, InputError> {
    let code = without_comments(text);
    let mut scanner = Scanner::new(&code);
    if scanner.at_end() {
        return Err(InputError::new(
            Location::EndOfInput,
            "the file is empty: expected a first line `n m g` (vertices, edges, the ground)",
        ));
    }
    let n = scanner.next_u64_in("the vertex count n", 1, MAX_VERTICES)?;
    let m = scanner.next_u64_in("the edge count m", 0, MAX_EDGES as u64)?;
    let ground = scanner.next_u64_in("the ground g", 1, n)?;
    // Each edge takes at least four bytes.
    let room = code.len() / 4 + 1;
    let mut edges = Vec::with_capacity((m as usize).min(room));
    for _ in 0..m {
        let u = scanner.next_u64_in("a vertex", 1, n)?;
        let v = scanner.next_u64_in("a vertex", 1, n)?;
        edges.push([u, v]);
    }
    if let Some(token) = scanner.next_token() {
        return Err(token.error(format!(
            "unexpected `{}` after the {m} edges the first line announces",
            token.show()
        )));
    }
    Ok(Board::new(ground, &edges, Style::File))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse_graph_file(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn a_file_is_read_with_comments() {
        let board = parse_graph_file(b"# x\n3 2 1 # counts\n1 2\n2 2\n").unwrap();
        assert_eq!(board.edge_count(), 2);
    }

    #[test]
    fn malformed_files_are_located() {
        assert!(error("").contains("the file is empty"));
        assert!(
            error("2 1 1\n1 3\n").starts_with("line 2, column 3: expected a vertex from 1 to 2")
        );
        assert!(error("2 1 3\n").starts_with("line 1, column 5: expected the ground g"));
        assert!(error("2 2 1\n1 2\n").contains("end of input"));
        assert!(error("2 1 1\n1 2\n2 1\n").starts_with("line 3, column 1: unexpected `2`"));
        assert!(error("99999999999 1 1\n").starts_with("line 1, column 1"));
        assert!(error("3 x 1\n").starts_with("line 1, column 3"));
    }
}
