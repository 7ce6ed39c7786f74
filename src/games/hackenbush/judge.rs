//! The judge formats of Green Hackenbush: POJ 3710, HDU 3094, AtCoder AGC 017 D and HDU 3590
//! (misère), and what `grundy judge` draws for them.
//!
//! Every reader parses the whole input first; vertices are numbered densely as they appear
//! ([`Board::new`]), so nothing is sized by a count read from the input; the values are
//! computed without recursion (a path of 10^5 vertices is a loop).

use super::fusion::misere_lost_by_components;
use super::position::{Board, Hackenbush, Style};
use crate::judge::rng::Rng;
use crate::judge::{Bounds, CaseLayout, Format, Generators, Item, Profile, Shape};
use crate::scanner::{InputError, Scanner, Token};
use std::sync::Arc;

/// The most vertices (and edges) one graph of a judge input may have here.
const MAX_GRAPH: u64 = 10_000_000;

/// Reads a count token within `1..=high` (or `0..=high` with `zero`).
fn count(scanner: &mut Scanner<'_>, what: &str, low: u64, high: u64) -> Result<u64, InputError> {
    scanner.next_u64_where(what, |value| {
        (!(low..=high).contains(&value))
            .then(|| format!("expected {what} from {low} to {high}, found {value}"))
    })
}

/// Reads `edges` edges between vertices `1..=vertices`.
fn read_edges(
    scanner: &mut Scanner<'_>,
    vertices: u64,
    edges: u64,
) -> Result<Vec<[u64; 2]>, InputError> {
    let mut read = Vec::new();
    for _ in 0..edges {
        let u = count(scanner, "a vertex", 1, vertices)?;
        let v = count(scanner, "a vertex", 1, vertices)?;
        read.push([u, v]);
    }
    Ok(read)
}

/// The position of a graph rooted at vertex 1.
fn rooted(edges: &[[u64; 2]]) -> Hackenbush {
    Hackenbush::whole(Arc::new(Board::new(1, edges, Style::Inline)))
}

/// Reads a tree of `vertices` vertices (its `vertices - 1` edges), rooted at 1; the edges must
/// connect every vertex (`at` is the vertex count's token, where the error points).
fn read_tree(
    scanner: &mut Scanner<'_>,
    vertices: u64,
    at: &Token<'_>,
) -> Result<Hackenbush, InputError> {
    let edges = read_edges(scanner, vertices, vertices - 1)?;
    let tree = rooted(&edges);
    if tree.edge_count() as u64 != vertices - 1 || tree.picture().vertices.len() as u64 != vertices
    {
        return Err(at.error(format!(
            "the {} edges after this vertex count do not form a tree on vertices 1 to {vertices}",
            vertices - 1
        )));
    }
    Ok(tree)
}

/// The token the scanner reads next (for locating an error at it), without consuming it.
fn peek<'a>(scanner: &mut Scanner<'a>, what: &str) -> Result<Token<'a>, InputError> {
    let saved = scanner.offset();
    let token = scanner.expect_token(what)?;
    scanner.set_offset(saved);
    Ok(token)
}

/// POJ 3710: test cases to the end; each N, then N graphs `m k` and k edges, root 1; prints
/// `Sally` (who moves first) if the nim-sum of the graphs' values is not 0, else `Harry`.
fn solve_poj3710(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let graphs = count(&mut scanner, "the number of trees N", 0, MAX_GRAPH)?;
        let mut sum = 0u64;
        for _ in 0..graphs {
            let m = count(&mut scanner, "the number of nodes m", 1, MAX_GRAPH)?;
            let k = count(&mut scanner, "the number of edges k", 0, MAX_GRAPH)?;
            sum ^= rooted(&read_edges(&mut scanner, m, k)?).value();
        }
        out.push_str(if sum != 0 { "Sally\n" } else { "Harry\n" });
    }
    Ok(out)
}

/// HDU 3094: T, then per case N and a tree's N - 1 edges, root 1; `Alice` (first) or `Bob`.
fn solve_hdu3094(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    let cases = count(&mut scanner, "the number of cases T", 0, MAX_GRAPH)?;
    for _ in 0..cases {
        let at = peek(&mut scanner, "the number of vertices N")?;
        let n = count(&mut scanner, "the number of vertices N", 1, MAX_GRAPH)?;
        let value = read_tree(&mut scanner, n, &at)?.value();
        out.push_str(if value != 0 { "Alice\n" } else { "Bob\n" });
    }
    scanner.expect_end()?;
    Ok(out)
}

/// AtCoder AGC 017 D: N (at least 2) and a tree's N - 1 edges, root 1; `Alice` or `Bob`.
fn solve_agc017d(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let at = peek(&mut scanner, "the number of vertices N")?;
    let n = count(&mut scanner, "the number of vertices N", 2, MAX_GRAPH)?;
    let value = read_tree(&mut scanner, n, &at)?.value();
    scanner.expect_end()?;
    Ok(if value != 0 { "Alice\n" } else { "Bob\n" }.to_string())
}

/// HDU 3590, misère: test cases to the end; each N, then N trees (m, then m - 1 edges, root
/// 1); `PP` (who moves first) wins or `QQ`, by the Anti-SG rule on the planted components.
fn solve_hdu3590(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    while !scanner.at_end() {
        let trees = count(&mut scanner, "the number of trees N", 0, MAX_GRAPH)?;
        let mut values = Vec::new();
        for _ in 0..trees {
            let at = peek(&mut scanner, "the number of nodes m")?;
            let m = count(&mut scanner, "the number of nodes m", 1, MAX_GRAPH)?;
            let tree = read_tree(&mut scanner, m, &at)?;
            values.extend(tree.planted().expect("a tree has no cycle"));
        }
        let lost = misere_lost_by_components(&values);
        out.push_str(if lost { "QQ\n" } else { "PP\n" });
    }
    Ok(out)
}

/// A step of SplitMix64: the deterministic randomness that expands an item into a graph.
fn mix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A number below `bound` (at least 1) from the state.
fn below(state: &mut u64, bound: u64) -> u64 {
    mix(state) % bound.max(1)
}

/// A tree of `vertices` vertices with root 1 drawn from `seed` (edges in random order and
/// orientation, the labels 2.. shuffled); with `gifts`, polygons hang from some vertices (POJ
/// 3710's gifts: each shares one vertex with the tree, and nothing grows from their others).
fn seeded_graph(seed: u64, vertices: u64, gifts: bool) -> Vec<[u64; 2]> {
    let mut state = seed;
    let shape = below(&mut state, 4);
    let mut attachable: Vec<u64> = vec![1];
    let mut edges = Vec::new();
    let mut next = 2;
    while next <= vertices {
        let at = match shape {
            0 => *attachable.last().expect("the root"),
            1 => 1,
            _ => attachable[below(&mut state, attachable.len() as u64) as usize],
        };
        let room = vertices - next + 1;
        if gifts && room >= 2 && below(&mut state, 3) == 0 {
            let length = 2 + below(&mut state, room.min(5) - 1);
            let mut previous = at;
            for offset in 0..length {
                edges.push([previous, next + offset]);
                previous = next + offset;
            }
            edges.push([previous, at]);
            next += length;
        } else {
            edges.push([at, next]);
            attachable.push(next);
            next += 1;
        }
    }
    // Shuffle the labels 2..=vertices, the edges and their orientations.
    let mut label: Vec<u64> = (0..=vertices).collect();
    for index in (3..=vertices as usize).rev() {
        let other = 2 + below(&mut state, index as u64 - 1) as usize;
        label.swap(index, other);
    }
    for index in (1..edges.len()).rev() {
        let other = below(&mut state, index as u64 + 1) as usize;
        edges.swap(index, other);
    }
    for edge in &mut edges {
        *edge = [label[edge[0] as usize], label[edge[1] as usize]];
        if mix(&mut state) & 1 == 1 {
            edge.swap(0, 1);
        }
    }
    edges
}

/// Writes edges one a line.
fn write_edges(text: &mut String, edges: &[[u64; 2]]) {
    for [u, v] in edges {
        text.push_str(&format!("{u} {v}\n"));
    }
}

/// The draws of the forest formats (POJ 3710, HDU 3590): a case's items are its graphs, each
/// `[seed, vertices]`, expanded into a tree (with gifts for POJ 3710) when written.
struct ForestDraws {
    gifts: bool,
}

impl Generators for ForestDraws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let items = (1..=4).flat_map(|size| (0..2).map(move |seed| [seed, size]));
        (items.collect(), 3)
    }

    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let size = if rng.chance(1, 2) {
            bounds.second.1
        } else {
            bounds.second.0
        };
        [rng.between(bounds.first.0, bounds.first.1), size]
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        let mut text = String::new();
        for &[seed, size] in items {
            let edges = seeded_graph(seed, size, self.gifts);
            if self.gifts {
                text.push_str(&format!("{size} {}\n", edges.len()));
            } else {
                text.push_str(&format!("{size}\n"));
            }
            write_edges(&mut text, &edges);
        }
        Some(text)
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_position(rng)
    }
}

/// The draws of the one-tree formats (HDU 3094, AGC 017 D): a case's items are its vertices,
/// item i (from 0) choosing the parent of vertex i + 1 among the vertices before it.
struct TreeDraws {
    /// Whether a lone vertex is a case (HDU 3094: N ≥ 1; AGC 017 D: N ≥ 2).
    lone: bool,
}

impl Generators for TreeDraws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        if self.lone {
            ((0..3).map(|choice| [choice, 0]).collect(), 5)
        } else {
            // A lone vertex is not an input here; the random tiny profile draws small trees.
            (Vec::new(), 0)
        }
    }

    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item {
        // A path (the parent just before) or a star (the root).
        let choice = if rng.chance(1, 2) {
            before.len().saturating_sub(1) as u64
        } else {
            0
        };
        [choice.clamp(bounds.first.0, bounds.first.1), 0]
    }

    fn case(
        &self,
        rng: &mut Rng,
        bounds: &Bounds,
        profile: Profile,
        count: usize,
    ) -> Option<Vec<Item>> {
        let shape = rng.between(0, 3);
        let items = (0..count).map(|index| {
            let choice = match (profile, shape) {
                (Profile::Maximal, _) | (_, 0) => index.saturating_sub(1) as u64,
                (_, 1) => 0,
                (_, 2) => index.saturating_sub(1 + rng.index(3)) as u64,
                _ => rng.between(0, index.max(1) as u64 - 1),
            };
            [choice.clamp(bounds.first.0, bounds.first.1), 0]
        });
        Some(items.collect())
    }

    fn written(&self, items: &[Item]) -> Option<String> {
        let mut state = items.iter().fold(items.len() as u64, |hash, item| {
            hash.wrapping_mul(31).wrapping_add(item[0])
        });
        let n = items.len() as u64;
        let mut label: Vec<u64> = (0..=n).collect();
        for index in (3..=n as usize).rev() {
            let other = 2 + below(&mut state, index as u64 - 1) as usize;
            label.swap(index, other);
        }
        let mut edges: Vec<[u64; 2]> = (2..=n)
            .map(|vertex| {
                let parent = 1 + items[vertex as usize - 1][0] % (vertex - 1);
                [label[parent as usize], label[vertex as usize]]
            })
            .collect();
        for index in (1..edges.len()).rev() {
            let other = below(&mut state, index as u64 + 1) as usize;
            edges.swap(index, other);
        }
        let mut text = String::new();
        write_edges(&mut text, &edges);
        Some(text)
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_position(rng)
    }
}

/// A small inline position for `grundy interact`: a tree of up to 7 edges from the ground,
/// sometimes with a cycle.
fn small_position(rng: &mut Rng) -> String {
    let edges = rng.between(2, 7);
    let mut written = Vec::new();
    for vertex in 1..=edges {
        written.push(format!("{}-{vertex}", rng.between(0, vertex - 1)));
    }
    if rng.chance(1, 2) {
        let a = rng.between(0, edges);
        written.push(format!("{a}-{}", rng.between(0, edges)));
    }
    written.join(" ")
}

/// The judge formats.
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: Some("poj3710"),
        describe: "POJ 3710 Christmas Game: test cases to the end, each N, then N graphs `m k` \
                   and k edges `a b` (root 1; any graph, cycles and parallel edges included); \
                   prints Sally (first) or Harry",
        solve: solve_poj3710,
        shape: Shape::pairs(
            &ForestDraws { gifts: true },
            CaseLayout::UntilEnd,
            1,
            false,
            Bounds::pairs(5, 99, (0, u64::MAX), (1, 99)),
            Bounds::pairs(5, 200, (0, u64::MAX), (1, 2000)),
        ),
    },
    Format {
        dialect: Some("hdu3094"),
        describe: "HDU 3094 A tree game: T, then per case N and the N - 1 edges of a tree \
                   (root 1); prints Alice (first) or Bob",
        solve: solve_hdu3094,
        shape: Shape::piles(
            &TreeDraws { lone: true },
            CaseLayout::Counted,
            1,
            Bounds::piles(100, 100_000, (0, 100_000)),
            Bounds::piles(100, 300_000, (0, 300_000)),
        ),
    },
    Format {
        dialect: Some("agc017d"),
        describe: "AtCoder AGC 017 D Game on Tree: N (2 to 10^5) and the N - 1 edges of a tree \
                   (root 1); prints Alice (first) or Bob",
        solve: solve_agc017d,
        shape: Shape::piles(
            &TreeDraws { lone: false },
            CaseLayout::Single,
            1,
            Bounds {
                fewest_cases: 1,
                cases: 1,
                items: (2, 100_000),
                first: (0, 100_000),
                second: (0, 0),
            },
            Bounds {
                fewest_cases: 1,
                cases: 1,
                items: (2, 1_000_000),
                first: (0, 1_000_000),
                second: (0, 0),
            },
        ),
    },
    Format {
        dialect: Some("hdu3590"),
        describe: "HDU 3590 PP and QQ (misère): test cases to the end, each N, then N trees \
                   (m, then m - 1 edges, root 1); prints PP (first) or QQ",
        solve: solve_hdu3590,
        shape: Shape::pairs(
            &ForestDraws { gifts: false },
            CaseLayout::UntilEnd,
            1,
            false,
            Bounds::pairs(5, 99, (0, u64::MAX), (1, 99)),
            Bounds::pairs(5, 200, (0, u64::MAX), (1, 2000)),
        ),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_samples() {
        assert_eq!(
            solve_poj3710(b"2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n").unwrap(),
            "Sally\n"
        );
        assert_eq!(
            solve_hdu3094(
                b"3\n3\n1 2\n2 3\n3\n1 2\n1 3\n10\n6 2\n4 3\n8 4\n9 5\n8 6\n2 7\n5 8\n1 9\n6 10\n"
            )
            .unwrap(),
            "Alice\nBob\nAlice\n"
        );
        for (input, output) in [
            ("5\n1 2\n2 3\n2 4\n4 5\n", "Alice\n"),
            ("5\n1 2\n2 3\n1 4\n4 5\n", "Bob\n"),
            ("6\n1 2\n2 4\n5 1\n6 3\n3 2\n", "Alice\n"),
            ("7\n1 2\n3 7\n4 6\n2 3\n2 4\n1 5\n", "Bob\n"),
        ] {
            assert_eq!(solve_agc017d(input.as_bytes()).unwrap(), output);
        }
        assert_eq!(
            solve_hdu3590(b"2\n2\n1 2\n2\n1 2\n1\n2\n1 2\n").unwrap(),
            "PP\nQQ\n"
        );
    }

    #[test]
    fn seeded_graphs_are_valid() {
        for seed in 0..200 {
            for size in 1..30 {
                let tree = seeded_graph(seed, size, false);
                assert_eq!(rooted(&tree).edge_count() as u64, size - 1);
                let gifts = seeded_graph(seed, size, true);
                assert_eq!(rooted(&gifts).edge_count(), gifts.len());
                assert!(
                    gifts
                        .iter()
                        .all(|e| e.iter().all(|&v| (1..=size).contains(&v)))
                );
            }
        }
    }
}
