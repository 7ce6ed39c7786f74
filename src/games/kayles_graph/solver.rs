//! The solver: a position (a set of vertices still in play) is split into its connected
//! components, whose values nim-add; each component is valued by Lemoine–Viennot's outcome
//! searches (g(G) = k exactly when G + *k is a P-position) and memoised under a canonical key
//! ([`canonical_key`]) in the board's bounded memo, which keeps for each component what is
//! known of it: its exact value, or the values it is known not to have.
//!
//! * `value(C)` — the least k, not already known to differ, such that no option of C is worth
//!   k (`option_worth(C, k)` false); each k found among the options is recorded as excluded.
//!   Once every k below C's bound is excluded, the value is the bound.
//! * `is_value(C, k)` — whether g(C) = k: false at once when k exceeds C's bound, when the memo
//!   says so, or when some option is worth k; else true exactly when every j < k is worth some
//!   option (g(C) ≠ j for each).
//! * `option_worth(C, k)` — whether some option of C is worth k: each option splits into
//!   components; all but the largest are valued exactly (`value`), the largest is asked
//!   `is_value(largest, k ⊕ the others)`. Two isomorphic components of one option cancel
//!   (A + A = 0); options with the same components are asked once.
//!
//! **The bound.** The value of a game is at most the length of its longest play (by induction:
//! every option is worth at most one less, and the mex of values below L is at most L). A play of
//! Arc Kayles removes two vertices a move: at most ⌊n / 2⌋ moves. The vertices taken in a play
//! of Node Kayles form an independent set (each is outside the closed neighbourhood of those
//! taken before), which meets each clique at most once; so the number of cliques of any
//! partition into cliques bounds the play ([`clique_cover`]: a greedy partition, the lowest
//! vertex left starting each clique; on the queens graph a row is a clique). A component whose
//! bound is 1 is worth 1 at once (it has a move, and every option is empty of moves).
//!
//! **The mirror rule** (lattice boards): a component that an involution among its box's
//! symmetries maps onto itself, no cell fixed or joined to its image, is worth 0 ([`mirror_lost`]).
//!
//! **Order** (changes only the work, never a value): a component's options are looked at one at
//! a time, in the order of their sets, until one whose components are all valued at once (small,
//! in the memo, or mirror-lost) is worth the k asked; only when none is are the others searched,
//! the one whose largest component has the smallest bound first (the shortest plays: more often
//! lost for the player to move, and cheaper to search), then the fewest vertices, then the
//! fewest other components. Options whose largest component the memo has since valued are
//! checked before any search.
//!
//! Source: J. Lemoine, S. Viennot, *Nimbers are inevitable*, Theoret. Comput. Sci. 462 (2012)
//! 70–79 (arXiv:1011.5841); the same searches as the Cram solver (`games::cram::solver`).

use super::board::{Board, Geometry};
use super::memo::Memo;
use crate::games::long_search::SearchProgress;
use std::sync::PoisonError;

/// The two games on a graph.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Node Kayles: a move takes a vertex and its neighbours.
    Node,
    /// Arc Kayles: a move takes an edge's two ends (and every edge at them).
    Arc,
}

impl Rule {
    /// Which of the board's two memos this rule uses.
    fn memo_index(self) -> usize {
        match self {
            Rule::Node => 0,
            Rule::Arc => 1,
        }
    }
}

/// The vertices of a set, increasing.
pub fn members(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter().enumerate().flat_map(|(index, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                index as u32 * 64 + bit
            })
        })
    })
}

/// Whether `vertex` is in `set`.
pub fn contains(set: &[u64], vertex: u32) -> bool {
    set[vertex as usize / 64] >> (vertex % 64) & 1 == 1
}

/// `set` without `vertex`.
pub fn remove(set: &mut [u64], vertex: u32) {
    set[vertex as usize / 64] &= !(1 << (vertex % 64));
}

/// The moves of `rule` in `set` with the sets they leave: for Node Kayles each vertex `[v, v]`,
/// for Arc Kayles each edge `[u, v]` (`u < v`) with both ends in `set`.
pub fn options(board: &Board, rule: Rule, set: &[u64]) -> Vec<([u32; 2], Vec<u64>)> {
    let mut found = Vec::new();
    for u in members(set) {
        match rule {
            Rule::Node => {
                let after = set
                    .iter()
                    .zip(board.closed(u))
                    .map(|(&word, &taken)| word & !taken)
                    .collect();
                found.push(([u, u], after));
            }
            Rule::Arc => {
                for &v in board.neighbours(u) {
                    if v > u && contains(set, v) {
                        let mut after = set.to_vec();
                        remove(&mut after, u);
                        remove(&mut after, v);
                        found.push(([u, v], after));
                    }
                }
            }
        }
    }
    found
}

/// The connected components of `set`, each a set: grown from the lowest vertex left, each
/// vertex reached adding its closed neighbourhood within what is left (a few words of bit
/// operations a vertex, whatever its degree).
pub fn components(board: &Board, set: &[u64]) -> Vec<Vec<u64>> {
    let mut left = set.to_vec();
    let mut found = Vec::new();
    let mut stack = Vec::new();
    while let Some(start) = lowest(&left) {
        let mut component = vec![0u64; left.len()];
        component[start as usize / 64] |= 1 << (start % 64);
        remove(&mut left, start);
        stack.push(start);
        while let Some(vertex) = stack.pop() {
            for (index, (word, &near)) in left.iter_mut().zip(board.closed(vertex)).enumerate() {
                let mut reached = *word & near;
                if reached == 0 {
                    continue;
                }
                *word &= !reached;
                component[index] |= reached;
                while reached != 0 {
                    stack.push(index as u32 * 64 + reached.trailing_zeros());
                    reached &= reached - 1;
                }
            }
        }
        found.push(component);
    }
    found
}

/// The key under which a component is memoised. On a graph read from a file, the set itself.
/// On a lattice, its *shape*: the component's cells are moved by each of the eight symmetries
/// of the square and translated to touch row 0 and column 0, each image written as its height
/// and width and then its cells' bitmap row by row, and the least image (as a word list) is the
/// key. Lattice adjacency depends only on the difference of two cells and is kept by those
/// symmetries, so equal keys name isomorphic components, of equal value.
pub fn canonical_key(board: &Board, component: &[u64]) -> Box<[u64]> {
    let Some(Geometry { cols, .. }) = board.geometry else {
        let mut key = component.to_vec();
        while key.len() > 1 && key.last() == Some(&0) {
            key.pop();
        }
        return key.into_boxed_slice();
    };
    let cells: Vec<(i64, i64)> = members(component)
        .map(|vertex| {
            (
                (vertex as usize / cols) as i64,
                (vertex as usize % cols) as i64,
            )
        })
        .collect();
    let (mut top, mut bottom, mut left, mut right) = (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
    for &(r, c) in &cells {
        (top, bottom, left, right) = (top.min(r), bottom.max(r), left.min(c), right.max(c));
    }
    if cells.is_empty() {
        return Box::new([0]);
    }
    let (height, width) = (bottom - top + 1, right - left + 1);
    let mut best: Vec<u64> = Vec::new();
    let mut key: Vec<u64> = Vec::new();
    for symmetry in 0..8u8 {
        // The image of each cell, already translated to the corner: a transpose (bit 4), then
        // the rows (bit 1) and the columns (bit 2) reversed within the image's box.
        let (rows, columns) = if symmetry & 4 != 0 {
            (width, height)
        } else {
            (height, width)
        };
        let area = (rows * columns) as usize;
        key.clear();
        key.resize(1 + area.div_ceil(64), 0);
        key[0] = (rows as u64) << 32 | columns as u64;
        for &(r, c) in &cells {
            let (r, c) = (r - top, c - left);
            let (r, c) = if symmetry & 4 != 0 { (c, r) } else { (r, c) };
            let r = if symmetry & 1 != 0 { rows - 1 - r } else { r };
            let c = if symmetry & 2 != 0 {
                columns - 1 - c
            } else {
                c
            };
            let bit = (r * columns + c) as usize;
            key[1 + bit / 64] |= 1 << (bit % 64);
        }
        if best.is_empty() || key < best {
            std::mem::swap(&mut best, &mut key);
        }
    }
    best.into_boxed_slice()
}

/// Whether a component of a lattice board is lost for the player to move by the *mirror
/// strategy* (both rules): some involution σ among the symmetries of its box (the half turn,
/// the two mirrors along the axes and, for a square box, the two along the diagonals) maps its
/// cells onto themselves, with no cell fixed or joined to its image. Such σ is an automorphism
/// of the component (lattice adjacency is kept by the symmetries of the square), and the second
/// player answers each move with its image: a Node Kayles move at v leaves σ(v) (not in the
/// closed neighbourhood of v) and the answer at σ(v) removes the image of what v removed; an
/// Arc Kayles move u–v leaves the edge σ(u)–σ(v), whose ends are neither u nor v. Either way the
/// set left is again mapped onto itself by σ, so the second player always has an answer and
/// wins: the value is 0. On a graph from a file (no lattice), never.
pub fn mirror_lost(board: &Board, component: &[u64]) -> bool {
    let Some(Geometry { lattice, cols, .. }) = board.geometry else {
        return false;
    };
    let cell = |vertex: u32| {
        (
            (vertex as usize / cols) as i64,
            (vertex as usize % cols) as i64,
        )
    };
    let (mut top, mut bottom, mut left, mut right) = (i64::MAX, i64::MIN, i64::MAX, i64::MIN);
    for vertex in members(component) {
        let (r, c) = cell(vertex);
        (top, bottom, left, right) = (top.min(r), bottom.max(r), left.min(c), right.max(c));
    }
    if top > bottom {
        return false;
    }
    let square = bottom - top == right - left;
    let images: [&dyn Fn(i64, i64) -> (i64, i64); 5] = [
        &|r, c| (top + bottom - r, left + right - c),
        &|r, c| (r, left + right - c),
        &|r, c| (top + bottom - r, c),
        &|r, c| (top + c - left, left + r - top),
        &|r, c| (top + right - c, left + bottom - r),
    ];
    images.iter().enumerate().any(|(index, image)| {
        (index < 3 || square)
            && members(component).all(|vertex| {
                let (r, c) = cell(vertex);
                let (ir, ic) = image(r, c);
                (ir, ic) != (r, c)
                    && !lattice.adjacent((r, c), (ir, ic))
                    && contains(component, (ir as usize * cols + ic as usize) as u32)
            })
    })
}

/// Node Kayles: `component` with one vertex of each class of *true twins* (vertices with the
/// same closed neighbourhood within it) kept, the lowest. True twins u, v may be merged without
/// changing the value: a move at v is the move at u, a move at a neighbour of one removes both,
/// and any other move leaves them twins (induction on the size). The set stays connected.
pub fn without_twins(board: &Board, component: &[u64]) -> Vec<u64> {
    let words = component.len();
    let vertices: Vec<u32> = members(component).collect();
    // Each vertex's closed neighbourhood within the component, side by side.
    let mut around = vec![0u64; vertices.len() * words];
    for (index, &vertex) in vertices.iter().enumerate() {
        for (word, (&near, &inside)) in around[index * words..(index + 1) * words]
            .iter_mut()
            .zip(board.closed(vertex).iter().zip(component))
        {
            *word = near & inside;
        }
    }
    let of = |index: usize| &around[index * words..(index + 1) * words];
    // Sorted by neighbourhood, then vertex: each class of twins is a run, its lowest first.
    let mut order: Vec<usize> = (0..vertices.len()).collect();
    order.sort_unstable_by(|&a, &b| of(a).cmp(of(b)).then(a.cmp(&b)));
    let mut kept = component.to_vec();
    for pair in order.windows(2) {
        if of(pair[0]) == of(pair[1]) {
            remove(&mut kept, vertices[pair[1]]);
        }
    }
    kept
}

/// The lowest vertex of a set.
fn lowest(set: &[u64]) -> Option<u32> {
    members(set).next()
}

/// How many vertices a set holds.
fn size_of(set: &[u64]) -> u32 {
    set.iter().map(|word| word.count_ones()).sum()
}

/// The number of cliques of a greedy partition of `set` into cliques (the lowest vertex left
/// starts a clique, which takes each lowest vertex joined to all of it). A play of Node Kayles
/// takes an independent set of vertices, at most one per clique, so this bounds the length of
/// every play, and so the value (see the module doc).
pub fn clique_cover(board: &Board, set: &[u64]) -> u32 {
    let mut left = set.to_vec();
    let mut cliques = 0;
    while let Some(first) = lowest(&left) {
        cliques += 1;
        remove(&mut left, first);
        let mut common: Vec<u64> = left
            .iter()
            .zip(board.closed(first))
            .map(|(&word, &near)| word & near)
            .collect();
        while let Some(next) = lowest(&common) {
            remove(&mut left, next);
            remove(&mut common, next);
            for (word, &near) in common.iter_mut().zip(board.closed(next)) {
                *word &= near;
            }
        }
    }
    cliques
}

/// A component as the search holds it, its value not yet known.
#[derive(Clone, Debug)]
struct Part {
    /// Its vertices.
    set: Vec<u64>,
    /// Its canonical key (of the component with true twins merged, under Node Kayles).
    key: Box<[u64]>,
    /// How many vertices the search works on (after twins are merged).
    size: u32,
    /// A bound on its value: the longest play ([`clique_cover`] for Node Kayles, half the
    /// vertices for Arc Kayles).
    bound: u32,
}

/// A component once looked at: its value when known at once, else the part to search.
enum Looked {
    Value(u32),
    Search(Part),
}

/// An option to search: its largest component whose value is not known, the other such
/// components, and the nim-sum of the components valued (the others too, once `valued`).
struct Candidate {
    largest: Part,
    others: Vec<Part>,
    xor: u32,
    valued: bool,
}

/// The options of a component as the search asks them, looked at one at a time.
struct Options {
    /// The sets the moves leave (distinct), and how many of them have been looked at.
    after: Vec<Vec<u64>>,
    looked: usize,
    /// The values of the options valued whole (bit v: some option is worth v).
    whole: Vec<u64>,
    /// The other options, in the order they are searched once all are looked at.
    candidates: Vec<Candidate>,
}

impl Options {
    fn has_whole(&self, k: u32) -> bool {
        self.whole
            .get(k as usize / 64)
            .is_some_and(|word| word >> (k % 64) & 1 == 1)
    }

    fn add_whole(&mut self, value: u32) {
        let word = value as usize / 64;
        if self.whole.len() <= word {
            self.whole.resize(word + 1, 0);
        }
        self.whole[word] |= 1 << (value % 64);
    }
}

/// Removes the parts that come in pairs (two isomorphic components: A + A = 0).
fn cancel_pairs(parts: &mut Vec<Part>) {
    parts.sort_unstable_by(|a, b| a.key.cmp(&b.key));
    let mut kept: Vec<Part> = Vec::with_capacity(parts.len());
    for part in parts.drain(..) {
        if kept.last().is_some_and(|last| last.key == part.key) {
            kept.pop();
        } else {
            kept.push(part);
        }
    }
    *parts = kept;
}

/// Takes the largest part (by vertices, then key) out of `parts`.
fn take_largest(parts: &mut Vec<Part>) -> Option<Part> {
    let index = (0..parts.len())
        .max_by(|&a, &b| (parts[a].size, &parts[a].key).cmp(&(parts[b].size, &parts[b].key)))?;
    Some(parts.swap_remove(index))
}

/// A search on one board under one rule, with the board's memo.
struct Solver<'a> {
    board: &'a Board,
    rule: Rule,
    memo: &'a mut Memo,
    /// How many outcome searches went past the options known at once.
    searches: u64,
    /// The progress line of a long search (boards of more than [`INLINE_VERTICES`] vertices).
    progress: Option<SearchProgress>,
}

impl Solver<'_> {
    /// Counts an outcome search; every 65,536 the progress line shows the counters.
    fn count_search(&mut self) {
        self.searches += 1;
        if self.searches & 0xffff == 0
            && let Some(bar) = &self.progress
        {
            bar.set_message(format!(
                "{} searches, {} components in the memo (at most {}), pruned {} times",
                self.searches,
                self.memo.len(),
                super::memo::MEMO_CAP,
                self.memo.prunings
            ));
        }
    }

    /// The value of a set: the nim-sum of its components' values.
    fn value(&mut self, set: &[u64]) -> u32 {
        let mut sum = 0;
        for component in components(self.board, set) {
            sum ^= match self.look(&component) {
                Looked::Value(value) => value,
                Looked::Search(part) => self.part_value(&part),
            };
        }
        sum
    }

    /// Whether a set is worth `k`: its components but the largest valued, the largest asked.
    fn is_worth(&mut self, set: &[u64], k: u32) -> bool {
        let mut xor = 0;
        let mut parts = Vec::new();
        for component in components(self.board, set) {
            match self.look(&component) {
                Looked::Value(value) => xor ^= value,
                Looked::Search(part) => parts.push(part),
            }
        }
        cancel_pairs(&mut parts);
        let Some(largest) = take_largest(&mut parts) else {
            return xor == k;
        };
        for part in &parts {
            xor ^= self.part_value(part);
        }
        self.is_value(&largest, k ^ xor)
    }

    /// A component's value when it is known without a search (too small to need one, its bound
    /// is 1, or in the memo), else the part to search.
    fn look(&mut self, component: &[u64]) -> Looked {
        let size = size_of(component);
        match (self.rule, size) {
            (_, 0) | (Rule::Arc, 1) => return Looked::Value(0),
            (Rule::Node, 1 | 2) | (Rule::Arc, 2) => return Looked::Value(1),
            _ => {}
        }
        let by_shape = self.board.geometry.is_some();
        if by_shape && let Some(value) = self.memo.get_set(component) {
            return Looked::Value(value);
        }
        let merged;
        let reduced = match self.rule {
            Rule::Node => {
                merged = without_twins(self.board, component);
                &merged[..]
            }
            Rule::Arc => component,
        };
        let bound = match self.rule {
            Rule::Node => clique_cover(self.board, reduced),
            Rule::Arc => size / 2,
        };
        // A move exists (a vertex; an edge of a connected set of two vertices or more), and no
        // play is longer than one move: every option is worth 0.
        if bound <= 1 {
            return Looked::Value(1);
        }
        let key = canonical_key(self.board, reduced);
        if let Some(value) = self.memo.get(&key).exact() {
            if by_shape {
                self.memo.insert_set(component, value);
            }
            return Looked::Value(value);
        }
        if by_shape && mirror_lost(self.board, component) {
            self.memo.insert(&key, 0);
            self.memo.insert_set(component, 0);
            return Looked::Value(0);
        }
        Looked::Search(Part {
            set: component.to_vec(),
            key,
            size: size_of(reduced),
            bound,
        })
    }

    /// Records the value of a part.
    fn record(&mut self, part: &Part, value: u32) {
        self.memo.insert(&part.key, value);
        if self.board.geometry.is_some() {
            self.memo.insert_set(&part.set, value);
        }
    }

    /// The options of a part, none looked at yet.
    fn options(&mut self, part: &Part) -> Options {
        let merged;
        let reduced = match self.rule {
            Rule::Node => {
                merged = without_twins(self.board, &part.set);
                &merged[..]
            }
            Rule::Arc => &part.set[..],
        };
        let mut after: Vec<Vec<u64>> = options(self.board, self.rule, reduced)
            .into_iter()
            .map(|(_, after)| after)
            .collect();
        after.sort_unstable();
        after.dedup();
        Options {
            after,
            looked: 0,
            whole: Vec::new(),
            candidates: Vec::new(),
        }
    }

    /// Looks at the options not looked at yet, one at a time (each split into components,
    /// those the memo or their size values at once valued), until one valued whole is worth
    /// `k` (then true; the rest wait for a later call) or none is left (then false, and the
    /// options to search are sorted, congruent ones once).
    fn look_until(&mut self, options: &mut Options, k: u32) -> bool {
        if options.has_whole(k) {
            return true;
        }
        if options.looked == options.after.len() {
            return false;
        }
        while options.looked < options.after.len() {
            let set = std::mem::take(&mut options.after[options.looked]);
            options.looked += 1;
            let mut xor = 0;
            let mut parts = Vec::new();
            for component in components(self.board, &set) {
                match self.look(&component) {
                    Looked::Value(value) => xor ^= value,
                    Looked::Search(part) => parts.push(part),
                }
            }
            cancel_pairs(&mut parts);
            match take_largest(&mut parts) {
                None => {
                    options.add_whole(xor);
                    if xor == k {
                        return true;
                    }
                }
                Some(largest) => options.candidates.push(Candidate {
                    largest,
                    valued: parts.is_empty(),
                    others: parts,
                    xor,
                }),
            }
        }
        // The shortest plays first (a small bound: a component more often lost for the player
        // to move, and cheaper to search), then the fewest vertices, then the fewest others.
        let order = |c: &Candidate| (c.largest.bound, c.largest.size, c.others.len());
        options.candidates.sort_by(|a, b| {
            order(a)
                .cmp(&order(b))
                .then_with(|| a.largest.key.cmp(&b.largest.key))
                .then_with(|| a.xor.cmp(&b.xor))
                .then_with(|| {
                    let keys = |c: &Candidate| c.others.iter().map(|o| o.key.clone()).collect();
                    let (a, b): (Vec<_>, Vec<_>) = (keys(a), keys(b));
                    a.cmp(&b)
                })
        });
        options.candidates.dedup_by(|a, b| {
            a.largest.key == b.largest.key
                && a.xor == b.xor
                && a.others.len() == b.others.len()
                && a.others.iter().zip(&b.others).all(|(x, y)| x.key == y.key)
        });
        false
    }

    /// Whether some option is worth `k`: first the options valued whole and those whose largest
    /// component the memo now values, then a search of each, in order.
    fn option_worth(&mut self, options: &mut Options, k: u32) -> bool {
        if self.look_until(options, k) {
            return true;
        }
        self.count_search();
        for candidate in &options.candidates {
            if candidate.valued
                && self.memo.get(&candidate.largest.key).exact() == Some(k ^ candidate.xor)
            {
                return true;
            }
        }
        for index in 0..options.candidates.len() {
            if !options.candidates[index].valued {
                let mut xor = options.candidates[index].xor;
                for other in 0..options.candidates[index].others.len() {
                    xor ^= self.part_value(&options.candidates[index].others[other]);
                }
                options.candidates[index].xor = xor;
                options.candidates[index].valued = true;
            }
            let candidate = &options.candidates[index];
            if self.is_value(&candidate.largest, k ^ candidate.xor) {
                return true;
            }
        }
        false
    }

    /// The value of a part: the least k, not known to differ, such that no option is worth k;
    /// each k found among the options is recorded as excluded. Once every k below the bound
    /// is excluded, the value is the bound.
    fn part_value(&mut self, part: &Part) -> u32 {
        let mut found: Option<Options> = None;
        let mut k = 0;
        loop {
            let known = self.memo.get(&part.key);
            if let Some(value) = known.exact() {
                return value;
            }
            if k >= part.bound {
                self.record(part, part.bound);
                return part.bound;
            }
            if !known.excludes(k) {
                let options = match &mut found {
                    Some(options) => options,
                    None => found.insert(self.options(part)),
                };
                if !self.option_worth(options, k) {
                    self.record(part, k);
                    return k;
                }
                self.memo.exclude(&part.key, k);
            }
            k += 1;
        }
    }

    /// Whether a part is worth `k` (the part with `*k` added is a P-position): false at once
    /// past the bound, or when the memo says so, or when some option is worth k; else true
    /// exactly when every j < k is the value of some option.
    fn is_value(&mut self, part: &Part, k: u32) -> bool {
        if k > part.bound {
            return false;
        }
        let known = self.memo.get(&part.key);
        if let Some(value) = known.exact() {
            return value == k;
        }
        if known.excludes(k) {
            return false;
        }
        let mut options = self.options(part);
        if self.option_worth(&mut options, k) {
            self.memo.exclude(&part.key, k);
            return false;
        }
        // No option is worth k, so the value is at most k: it is k when every j < k is present.
        for j in 0..k {
            let known = self.memo.get(&part.key);
            if let Some(value) = known.exact() {
                return value == k;
            }
            if known.excludes(j) {
                continue;
            }
            if !self.option_worth(&mut options, j) {
                self.record(part, j);
                return false;
            }
            self.memo.exclude(&part.key, j);
        }
        self.record(part, k);
        true
    }
}

/// The stack the search runs on: its depth is at most the number of moves in a game.
const STACK_BYTES: usize = 1 << 28;

/// Boards of at most this many vertices are searched on the caller's thread: a search goes
/// at most one move deeper per level (three frames of a few hundred bytes), well within any
/// thread's stack.
const INLINE_VERTICES: usize = 64;

/// Runs `search` with a solver on `board` under `rule` and the board's memo (kept for later
/// calls), on a thread of its own with a deep stack when the board is large; `None` when that
/// thread cannot start.
fn with_solver<T: Send>(
    board: &Board,
    rule: Rule,
    search: impl FnOnce(&mut Solver<'_>) -> T + Send,
) -> Option<T> {
    let mut memo = board.memos[rule.memo_index()]
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let memo: &mut Memo = &mut memo;
    if board.vertex_count() <= INLINE_VERTICES {
        return Some(search(&mut Solver {
            board,
            rule,
            memo,
            searches: 0,
            progress: None,
        }));
    }
    // A large board may search for minutes: its progress on standard error (a spinner on a
    // terminal, removed when the search ends; elsewhere a line every ten minutes).
    let bar = SearchProgress::new(match rule {
        Rule::Node => "node-kayles",
        Rule::Arc => "arc-kayles",
    });
    let finished = bar.clone();
    let result = std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(scope, || {
                search(&mut Solver {
                    board,
                    rule,
                    memo,
                    searches: 0,
                    progress: Some(bar),
                })
            });
        thread.ok().map(|handle| {
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    });
    finished.finish_and_clear();
    result
}

/// The value of each set of `sets` (sets of `board`'s vertices) under `rule`.
pub fn values(board: &Board, rule: Rule, sets: &[Vec<u64>]) -> Vec<u32> {
    with_solver(board, rule, |solver| {
        sets.iter().map(|set| solver.value(set)).collect()
    })
    .unwrap_or_default()
}

/// The value of one set.
pub fn value(board: &Board, rule: Rule, set: &[u64]) -> u32 {
    values(board, rule, std::slice::from_ref(&set.to_vec()))
        .first()
        .copied()
        .unwrap_or(0)
}

/// Whether `set` is worth `k` under `rule` (whether the set with a Nim heap of k added is a
/// P-position), by the outcome search alone: the search stops at the first option that
/// decides it.
pub fn is_worth(board: &Board, rule: Rule, set: &[u64], k: u32) -> bool {
    with_solver(board, rule, |solver| solver.is_worth(set, k)).unwrap_or(false)
}

/// Whether each set of `sets` is worth `k` under `rule` ([`is_worth`] on each).
pub fn are_worth(board: &Board, rule: Rule, sets: &[Vec<u64>], k: u32) -> Vec<bool> {
    with_solver(board, rule, |solver| {
        sets.iter().map(|set| solver.is_worth(set, k)).collect()
    })
    .unwrap_or_default()
}
