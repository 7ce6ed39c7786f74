//! The board: a finite simple undirected graph, from a graph file or a named family (the R×C
//! grid, the N×N queens graph), with its vertices' closed neighbourhoods as bitsets.

use super::memo::Memo;
use crate::scanner::{InputError, Location, Scanner, without_comments};
use std::sync::Mutex;

/// The most vertices a board may have (closed neighbourhoods are kept as bitsets: at this size
/// they take 2 MiB).
pub const MAX_VERTICES: u64 = 4096;
/// The most edge lines a graph file may hold.
pub const MAX_EDGES: u64 = 20_000_000;
/// The most rows or columns of a named family (a grid of at most [`MAX_VERTICES`] cells).
pub const MAX_SIDE: u64 = 64;

/// How a lattice board's cells are joined.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lattice {
    /// Two cells are adjacent when they share a side.
    Grid,
    /// Two cells are adjacent when a queen on one attacks the other: same row, column or
    /// diagonal.
    Queens,
}

impl Lattice {
    /// Whether the cells `(r1, c1)` and `(r2, c2)` (distinct) are adjacent.
    pub fn adjacent(self, (r1, c1): (i64, i64), (r2, c2): (i64, i64)) -> bool {
        let (dr, dc) = ((r1 - r2).abs(), (c1 - c2).abs());
        match self {
            Lattice::Grid => dr + dc == 1,
            Lattice::Queens => dr == 0 || dc == 0 || dr == dc,
        }
    }
}

/// Where the vertices of a board sit, when they are cells of a lattice: vertex `r·cols + c` is
/// the cell in row `r`, column `c` (from 0). Adjacency on a lattice depends only on the cells'
/// difference and is kept by the eight symmetries of the square, so two sets of cells that are
/// translates or mirror images of one another induce isomorphic graphs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// How cells are joined.
    pub lattice: Lattice,
    /// The rows.
    pub rows: usize,
    /// The columns.
    pub cols: usize,
}

/// A simple undirected graph: sorted neighbour lists, the edges (`u < v`) in order, the closed
/// neighbourhood of each vertex as a bitset, and the memo of each rule's component values.
#[derive(Debug)]
pub struct Board {
    neighbours: Vec<Vec<u32>>,
    edges: Vec<[u32; 2]>,
    closed: Vec<u64>,
    words: usize,
    /// Where the vertices sit, for lattice families (their components are memoised by shape).
    pub geometry: Option<Geometry>,
    /// The memo of component values, one per rule (node, arc), shared by every position.
    pub(crate) memos: [Mutex<Memo>; 2],
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.neighbours == other.neighbours
    }
}

impl Eq for Board {}

impl Board {
    /// The graph on `vertices` vertices with the given edges (either order; loops dropped,
    /// repeats counted once).
    ///
    /// # Panics
    /// If an edge names a vertex `>= vertices` (the readers check that first).
    pub fn new(vertices: usize, edge_list: &[[u32; 2]], geometry: Option<Geometry>) -> Board {
        let mut neighbours = vec![Vec::new(); vertices];
        for &[u, v] in edge_list {
            if u != v {
                neighbours[u as usize].push(v);
                neighbours[v as usize].push(u);
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        let words = vertices.div_ceil(64).max(1);
        let mut closed = vec![0u64; vertices * words];
        let mut edges = Vec::new();
        for (u, list) in neighbours.iter().enumerate() {
            let row = &mut closed[u * words..(u + 1) * words];
            row[u / 64] |= 1 << (u % 64);
            for &v in list {
                row[v as usize / 64] |= 1 << (v % 64);
                if (u as u32) < v {
                    edges.push([u as u32, v]);
                }
            }
        }
        Board {
            neighbours,
            edges,
            closed,
            words,
            geometry,
            memos: [Mutex::new(Memo::new()), Mutex::new(Memo::new())],
        }
    }

    /// The same board with memos of at most `cap` entries a table (the tests prune small ones).
    #[cfg(test)]
    pub(crate) fn with_memo_cap(mut self, cap: usize) -> Board {
        self.memos = [
            Mutex::new(Memo::with_cap(cap)),
            Mutex::new(Memo::with_cap(cap)),
        ];
        self
    }

    /// How many times the memos were full and pruned.
    #[cfg(test)]
    pub(crate) fn memo_prunings(&self) -> u64 {
        self.memos
            .iter()
            .map(|memo| memo.lock().map_or(0, |memo| memo.prunings))
            .sum()
    }

    /// The `rows`×`cols` board of `lattice`.
    pub fn lattice(lattice: Lattice, rows: usize, cols: usize) -> Board {
        let cells = rows * cols;
        let at = |cell: usize| ((cell / cols) as i64, (cell % cols) as i64);
        let mut edges = Vec::new();
        for u in 0..cells {
            for v in u + 1..cells {
                if lattice.adjacent(at(u), at(v)) {
                    edges.push([u as u32, v as u32]);
                }
            }
        }
        let geometry = Geometry {
            lattice,
            rows,
            cols,
        };
        Board::new(cells, &edges, Some(geometry))
    }

    /// How many vertices.
    pub fn vertex_count(&self) -> usize {
        self.neighbours.len()
    }

    /// The edges, each `u < v`, in increasing order.
    pub fn edges(&self) -> &[[u32; 2]] {
        &self.edges
    }

    /// The neighbours of `vertex`, increasing.
    pub fn neighbours(&self, vertex: u32) -> &[u32] {
        &self.neighbours[vertex as usize]
    }

    /// Whether `u` and `v` are joined.
    pub fn joined(&self, u: u32, v: u32) -> bool {
        self.neighbours[u as usize].binary_search(&v).is_ok()
    }

    /// The 64-bit words of a vertex set.
    pub fn words(&self) -> usize {
        self.words
    }

    /// The closed neighbourhood of `vertex` (it and its neighbours) as a bitset.
    pub fn closed(&self, vertex: u32) -> &[u64] {
        let at = vertex as usize * self.words;
        &self.closed[at..at + self.words]
    }

    /// The set of every vertex.
    pub fn everything(&self) -> Vec<u64> {
        let mut set = vec![0u64; self.words];
        for vertex in 0..self.vertex_count() {
            set[vertex / 64] |= 1 << (vertex % 64);
        }
        set
    }
}

/// Reads a graph file in the format of `graph:FILE` (`n m`, then m lines `u v`, vertices 1..=n,
/// `#` comments), each line `u v` read as the undirected edge u–v (loops dropped, repeats
/// counted once). Every error is located; nothing is allocated from n or m beyond what the file
/// holds.
pub fn parse_graph_file(text: &[u8]) -> Result<Board, InputError> {
    let code = without_comments(text);
    let mut scanner = Scanner::new(&code);
    if scanner.at_end() {
        return Err(InputError::new(
            Location::EndOfInput,
            "the file is empty: expected a first line `n m` (vertex and edge counts)",
        ));
    }
    let n = scanner.next_u64_in("the vertex count n", 1, MAX_VERTICES)?;
    let m = scanner.next_u64_in("the edge count m", 0, MAX_EDGES)?;
    let room = code.len() / 4 + 1;
    let mut edges = Vec::with_capacity((m as usize).min(room));
    for _ in 0..m {
        let u = scanner.next_u64_in("a vertex", 1, n)?;
        let v = scanner.next_u64_in("a vertex", 1, n)?;
        edges.push([(u - 1) as u32, (v - 1) as u32]);
    }
    if let Some(token) = scanner.next_token() {
        return Err(token.error(format!(
            "unexpected `{}` after the {m} edges the first line announces",
            token.show()
        )));
    }
    Ok(Board::new(n as usize, &edges, None))
}

/// Reads a family's size: `RxC` for `grid:`, `N` for `queens:`.
pub fn parse_family(text: &str) -> Option<Result<Board, String>> {
    let side = |part: &str, what: &str| -> Result<usize, String> {
        part.parse::<u64>()
            .ok()
            .filter(|value| (1..=MAX_SIDE).contains(value))
            .map(|value| value as usize)
            .ok_or_else(|| format!("{what} must be a number from 1 to {MAX_SIDE}, found `{part}`"))
    };
    if let Some(size) = text.strip_prefix("grid:") {
        let Some((rows, cols)) = size.split_once('x') else {
            return Some(Err(format!(
                "a grid is written `grid:RxC` (rows x columns, such as grid:3x16), found `{text}`"
            )));
        };
        return Some(
            side(rows, "the rows R")
                .and_then(|rows| Ok((rows, side(cols, "the columns C")?)))
                .and_then(|(rows, cols)| {
                    if (rows * cols) as u64 > MAX_VERTICES {
                        Err(format!(
                            "a grid has at most {MAX_VERTICES} cells, {rows}x{cols} has {}",
                            rows * cols
                        ))
                    } else {
                        Ok(Board::lattice(Lattice::Grid, rows, cols))
                    }
                }),
        );
    }
    if let Some(size) = text.strip_prefix("queens:") {
        return Some(side(size, "the side N").map(|n| Board::lattice(Lattice::Queens, n, n)));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse_graph_file(text.as_bytes()).unwrap_err().to_string()
    }

    #[test]
    fn a_graph_file_is_read_undirected() {
        let board = parse_graph_file(b"# a path\n3 3 # counts\n1 2\n3 2\n2 1\n").unwrap();
        assert_eq!(board.vertex_count(), 3);
        assert_eq!(board.edges(), [[0, 1], [1, 2]]);
        assert_eq!(board.neighbours(1), [0, 2]);
        let looped = parse_graph_file(b"2 2\n1 1\n1 2\n").unwrap();
        assert_eq!(looped.edges(), [[0, 1]]);
    }

    #[test]
    fn malformed_files_are_located() {
        assert!(error("").contains("the file is empty"));
        assert!(error("2 1\n1 3\n").starts_with("line 2, column 3: expected a vertex from 1 to 2"));
        assert!(error("2 2\n1 2\n").contains("end of input"));
        assert!(error("2 1\n1 2\n2 1\n").starts_with("line 3, column 1: unexpected `2`"));
        assert!(error("4097 0\n").starts_with("line 1, column 1"));
        assert!(error("0 0\n").starts_with("line 1, column 1"));
        assert!(error("3 x\n").starts_with("line 1, column 3"));
    }

    #[test]
    fn families_are_the_lattices() {
        let grid = parse_family("grid:2x3").unwrap().unwrap();
        assert_eq!(grid.edges().len(), 7);
        let queens = parse_family("queens:3").unwrap().unwrap();
        // Every pair of the 3×3 board but the eight knight's-move pairs.
        assert_eq!(queens.edges().len(), 36 - 8);
        assert!(parse_family("grid:0x3").unwrap().is_err());
        assert!(parse_family("grid:3").unwrap().is_err());
        assert!(parse_family("grid:65x1").unwrap().is_err());
        assert!(parse_family("queens:x").unwrap().is_err());
        assert!(parse_family("cycle:3").is_none());
    }
}
