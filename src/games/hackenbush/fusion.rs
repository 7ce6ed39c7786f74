//! The value of a Green Hackenbush graph in linear time: bridges by an iterative depth-first
//! search, the fusion principle on each 2-edge-connected component, the colon principle on the
//! tree of bridges; and the edges whose deletion leaves value 0 (see the module doc of
//! [`super`] for the theory).
//!
//! Vertices are dense numbers `0..vertices`; an edge is a pair of them (equal for a loop).
//! Nothing here recurses: a path of a million edges is a loop of a million steps.

/// No edge / no vertex.
const NONE: u32 = u32::MAX;

/// The structure of a graph seen from its ground: the depth-first tree, its bridges, the
/// 2-edge-connected components (each a subtree of the depth-first tree once bridges are cut),
/// their values, and the value of the whole graph.
pub(crate) struct Fusion {
    /// Vertices in depth-first preorder, the ground first; only those reachable from it.
    pub order: Vec<u32>,
    /// For each vertex, the edge to its depth-first parent ([`NONE`] for the ground and for
    /// vertices the ground does not reach).
    pub parent_edge: Vec<u32>,
    /// For each vertex, its depth-first parent.
    pub parent: Vec<u32>,
    /// For each edge, whether it is a bridge.
    pub bridge: Vec<bool>,
    /// For each vertex, its component ([`NONE`] when the ground does not reach it); components
    /// are numbered in the preorder of their heads, so a parent's number is below its child's.
    pub component: Vec<u32>,
    /// For each component, its head (the ground, or the vertex its parent bridge enters).
    pub head: Vec<u32>,
    /// For each component, the value of it and everything hanging below it.
    pub value: Vec<u64>,
    /// For each component, the component its parent bridge leaves (its own number for the
    /// ground's).
    pub parent_component: Vec<u32>,
}

impl Fusion {
    /// The value of the whole graph (the ground's component).
    pub fn total(&self) -> u64 {
        self.value[0]
    }
}

/// The fusion of the graph of `vertices` vertices and `edges` seen from `ground`, each vertex
/// also carrying `extra(v)`, a value hanging from it (stalks already valued: zero for a plain
/// graph).
pub(crate) fn fuse(
    vertices: usize,
    ground: u32,
    edges: &[[u32; 2]],
    extra: impl Fn(u32) -> u64,
) -> Fusion {
    // Adjacency in compressed form, loops left out (a loop is never a bridge and never leads
    // anywhere).
    let mut start = vec![0u32; vertices + 1];
    for &[u, v] in edges {
        if u != v {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
    }
    for index in 0..vertices {
        start[index + 1] += start[index];
    }
    let mut fill = start.clone();
    let mut neighbour = vec![0u32; start[vertices] as usize];
    let mut via = vec![0u32; start[vertices] as usize];
    for (id, &[u, v]) in edges.iter().enumerate() {
        if u != v {
            for (from, to) in [(u, v), (v, u)] {
                let slot = fill[from as usize] as usize;
                neighbour[slot] = to;
                via[slot] = id as u32;
                fill[from as usize] += 1;
            }
        }
    }
    drop(fill);

    // Iterative depth-first search with low points (Tarjan's bridges; an edge is skipped by
    // its id, so a parallel edge counts as a back edge).
    let mut discovered = vec![NONE; vertices];
    let mut low = vec![0u32; vertices];
    let mut parent_edge = vec![NONE; vertices];
    let mut parent = vec![NONE; vertices];
    let mut next = start[..vertices].to_vec();
    let mut bridge = vec![false; edges.len()];
    let mut order = Vec::new();
    let mut stack = vec![ground];
    discovered[ground as usize] = 0;
    order.push(ground);
    let mut time = 1u32;
    while let Some(&v) = stack.last() {
        let vi = v as usize;
        if next[vi] < start[vi + 1] {
            let slot = next[vi] as usize;
            next[vi] += 1;
            let (w, edge) = (neighbour[slot], via[slot]);
            if edge == parent_edge[vi] {
                continue;
            }
            let wi = w as usize;
            if discovered[wi] == NONE {
                discovered[wi] = time;
                low[wi] = time;
                time += 1;
                parent_edge[wi] = edge;
                parent[wi] = v;
                stack.push(w);
                order.push(w);
            } else {
                low[vi] = low[vi].min(discovered[wi]);
            }
        } else {
            stack.pop();
            let p = parent[vi];
            if p != NONE {
                let pi = p as usize;
                low[pi] = low[pi].min(low[vi]);
                if low[vi] > discovered[pi] {
                    bridge[parent_edge[vi] as usize] = true;
                }
            }
        }
    }
    drop((next, low, neighbour, via, start));

    // Components: cut the bridges out of the depth-first tree.
    let mut component = vec![NONE; vertices];
    let mut head = vec![ground];
    let mut parent_component = vec![0u32];
    component[ground as usize] = 0;
    for &v in &order[1..] {
        let vi = v as usize;
        let above = component[parent[vi] as usize];
        if bridge[parent_edge[vi] as usize] {
            component[vi] = head.len() as u32;
            head.push(v);
            parent_component.push(above);
        } else {
            component[vi] = above;
        }
    }
    // Fusion: a component's non-bridge edges (loops included) become loops at one vertex, worth
    // their count's parity; the extras hang there too.
    let mut value = vec![0u64; head.len()];
    for (id, &[u, _]) in edges.iter().enumerate() {
        let c = component[u as usize];
        if c != NONE && !bridge[id] {
            value[c as usize] ^= 1;
        }
    }
    for &v in &order {
        value[component[v as usize] as usize] ^= extra(v);
    }
    let mut fusion = Fusion {
        order,
        parent_edge,
        parent,
        bridge,
        component,
        head,
        value,
        parent_component,
    };
    // Colon principle, leaves first: a component hangs from its parent as a stalk of its value
    // plus one.
    for index in (1..fusion.head.len()).rev() {
        let up = fusion.parent_component[index] as usize;
        fusion.value[up] ^= fusion.value[index] + 1;
    }
    fusion
}

/// The most work (edges visited) spent on recomputing components to find which of their
/// non-bridge edges win: deleting such an edge can split its component, and each is checked by
/// fusing the component again without it.
pub const RECOMPUTE_LIMIT: u64 = 50_000_000;

/// Why the winning edges were not all found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BeyondLimit {
    /// The work the check would take.
    pub work: u64,
}

/// Every edge (by index into `edges`) whose deletion leaves a graph of value `target`, in
/// increasing order: bridges by propagating the needed value down the tree of bridges (linear),
/// loops by parity, other non-bridge edges by fusing their component again without them (within
/// [`RECOMPUTE_LIMIT`]).
pub(crate) fn edges_leaving(
    vertices: usize,
    edges: &[[u32; 2]],
    fusion: &Fusion,
    target: u64,
) -> Result<Vec<u32>, BeyondLimit> {
    let components = fusion.head.len();
    // What each component's value must become for the whole to be `target`, if a change inside
    // it alone can do it.
    let mut need: Vec<Option<u64>> = vec![None; components];
    need[0] = Some(target);
    let mut winning = Vec::new();
    for index in 1..components {
        let up = fusion.parent_component[index] as usize;
        let Some(wanted) = need[up] else { continue };
        // The stalk this component must become for its parent to reach `wanted`.
        let stalk = wanted ^ fusion.value[up] ^ (fusion.value[index] + 1);
        if stalk == 0 {
            winning.push(fusion.parent_edge[fusion.head[index] as usize]);
        } else {
            need[index] = Some(stalk - 1);
        }
    }
    // Each vertex's hanging stalks: the components whose head hangs from it.
    let mut hanging = vec![0u64; vertices];
    for index in 1..components {
        let h = fusion.head[index] as usize;
        hanging[fusion.parent[h] as usize] ^= fusion.value[index] + 1;
    }
    // Non-bridge edges by component, for the components with a need.
    let mut by_component: Vec<Vec<u32>> = vec![Vec::new(); components];
    let mut work = 0u64;
    for (id, &[u, v]) in edges.iter().enumerate() {
        let c = fusion.component[u as usize];
        if c == NONE || fusion.bridge[id] {
            continue;
        }
        let Some(wanted) = need[c as usize] else {
            continue;
        };
        if u == v {
            // A loop: the component keeps its shape and loses one loop.
            if (fusion.value[c as usize] ^ 1) == wanted {
                winning.push(id as u32);
            }
        } else {
            by_component[c as usize].push(id as u32);
        }
    }
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); components];
    for &v in &fusion.order {
        let c = fusion.component[v as usize] as usize;
        if !by_component[c].is_empty() {
            members[c].push(v);
        }
    }
    for c in 0..components {
        let cut = by_component[c].len() as u64;
        work = work.saturating_add(cut.saturating_mul(cut + members[c].len() as u64));
    }
    if work > RECOMPUTE_LIMIT {
        return Err(BeyondLimit { work });
    }
    let mut local = vec![NONE; vertices];
    for c in 0..components {
        if by_component[c].is_empty() {
            continue;
        }
        let Some(wanted) = need[c] else { continue };
        for (index, &v) in members[c].iter().enumerate() {
            local[v as usize] = index as u32;
        }
        // The component's own non-bridge edges, loops included, in local numbers.
        let own: Vec<(u32, [u32; 2])> = edges
            .iter()
            .enumerate()
            .filter(|&(id, &[u, _])| fusion.component[u as usize] == c as u32 && !fusion.bridge[id])
            .map(|(id, &[u, v])| (id as u32, [local[u as usize], local[v as usize]]))
            .collect();
        let root = local[fusion.head[c] as usize];
        let extras: Vec<u64> = members[c].iter().map(|&v| hanging[v as usize]).collect();
        let mut without = Vec::with_capacity(own.len());
        for &candidate in &by_component[c] {
            without.clear();
            without.extend(
                own.iter()
                    .filter(|&&(id, _)| id != candidate)
                    .map(|&(_, edge)| edge),
            );
            let again = fuse(members[c].len(), root, &without, |v| extras[v as usize]);
            if again.total() == wanted {
                winning.push(candidate);
            }
        }
        for &v in &members[c] {
            local[v as usize] = NONE;
        }
    }
    winning.sort_unstable();
    Ok(winning)
}

/// The values of the planted components at the ground (each bridge leaving the ground, with
/// everything above it, is worth its component's value plus one), when every edge at the
/// ground is a bridge; `None` when the ground lies on a cycle or carries a loop.
pub(crate) fn planted_values(edges: &[[u32; 2]], ground: u32, fusion: &Fusion) -> Option<Vec<u64>> {
    let at_ground_in_cycle = edges
        .iter()
        .enumerate()
        .any(|(id, &[u, v])| (u == ground || v == ground) && !fusion.bridge[id]);
    if at_ground_in_cycle {
        return None;
    }
    Some(
        (1..fusion.head.len())
            .filter(|&index| fusion.parent_component[index] == 0)
            .map(|index| fusion.value[index] + 1)
            .collect(),
    )
}

/// Whether the player to move loses under misère play a position whose planted components at
/// the ground have these values (the Anti-SG rule, each component of value 0 being empty): lost
/// iff some value exceeds 1 and their nim-sum is 0, or none does and their nim-sum is not 0.
pub(crate) fn misere_lost_by_components(values: &[u64]) -> bool {
    let sum = values.iter().fold(0, |sum, &value| sum ^ value);
    let big = values.iter().any(|&value| value > 1);
    if big { sum == 0 } else { sum != 0 }
}

/// The edges that stay connected to the ground once `deleted` (an index into `edges`, or none)
/// is gone, in increasing order.
pub(crate) fn still_connected(
    vertices: usize,
    ground: u32,
    edges: &[[u32; 2]],
    deleted: Option<usize>,
) -> Vec<bool> {
    let mut start = vec![0u32; vertices + 1];
    for (id, &[u, v]) in edges.iter().enumerate() {
        if Some(id) != deleted && u != v {
            start[u as usize + 1] += 1;
            start[v as usize + 1] += 1;
        }
    }
    for index in 0..vertices {
        start[index + 1] += start[index];
    }
    let mut fill = start.clone();
    let mut neighbour = vec![0u32; start[vertices] as usize];
    for (id, &[u, v]) in edges.iter().enumerate() {
        if Some(id) != deleted && u != v {
            neighbour[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
            neighbour[fill[v as usize] as usize] = u;
            fill[v as usize] += 1;
        }
    }
    let mut seen = vec![false; vertices];
    seen[ground as usize] = true;
    let mut stack = vec![ground];
    while let Some(v) = stack.pop() {
        for &w in &neighbour[start[v as usize] as usize..start[v as usize + 1] as usize] {
            if !seen[w as usize] {
                seen[w as usize] = true;
                stack.push(w);
            }
        }
    }
    edges
        .iter()
        .enumerate()
        .map(|(id, &[u, _])| Some(id) != deleted && seen[u as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(vertices: usize, edges: &[[u32; 2]]) -> u64 {
        fuse(vertices, 0, edges, |_| 0).total()
    }

    #[test]
    fn stalks_cycles_and_loops() {
        assert_eq!(value(1, &[]), 0);
        assert_eq!(value(3, &[[0, 1], [1, 2]]), 2);
        // A triangle at the ground: three loops, worth 1.
        assert_eq!(value(3, &[[0, 1], [1, 2], [2, 0]]), 1);
        // Two parallel edges: two loops, worth 0.
        assert_eq!(value(2, &[[0, 1], [1, 0]]), 0);
        // A loop on a stalk: the stalk of 1 with a loop fused at its top is worth 2.
        assert_eq!(value(2, &[[0, 1], [1, 1]]), 2);
        // A path of a million edges: no recursion.
        let path: Vec<[u32; 2]> = (0..1_000_000).map(|i| [i, i + 1]).collect();
        assert_eq!(value(1_000_001, &path), 1_000_000);
    }

    #[test]
    fn winning_edges_of_a_tree_and_a_cycle() {
        // Ground with stalks of 1 and 2: value 3; cutting the top of the 2-stalk leaves 1 ^ 1.
        let edges = [[0, 1], [0, 2], [2, 3]];
        let fusion = fuse(4, 0, &edges, |_| 0);
        assert_eq!(fusion.total(), 3);
        assert_eq!(edges_leaving(4, &edges, &fusion, 0).unwrap(), [2]);
        // Triangle: value 1; deleting any edge leaves 2 or 0 (the edge opposite the ground).
        let edges = [[0, 1], [1, 2], [2, 0]];
        let fusion = fuse(3, 0, &edges, |_| 0);
        assert_eq!(edges_leaving(3, &edges, &fusion, 0).unwrap(), [1]);
    }
}
