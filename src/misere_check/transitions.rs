//! The closure condition (C) on a region of positions, checked on transition sets: the check
//! that an unsettled heap's last candidate decides the positions with at most m heaps of n.
//!
//! **Why another search.** [`super::closure`] follows states (Φ(G), terminal, D(G)), with D(G)
//! a set over the whole monoid: exactly right for a quotient, whose order is small beside its
//! number of kinds of heap, but an unsettled heap's candidate has tens or hundreds of thousands
//! of elements and few kinds of heap, and every state would cost |Q| bits and |Q| steps. Here a
//! state carries the images of the position's options instead, a set of a few hundred elements
//! at most.
//!
//! **Definitions.** For a position G with heaps ≤ n, TR(G) = {Φ(G′) : G′ an option of G}; G is
//! terminal iff TR(G) = ∅. Adding a heap h with options' images T(h):
//!
//! > Φ(G + h) = Φ(G)·Φ(h),   TR(G + h) = Φ(h)·TR(G) ∪ Φ(G)·T(h)
//!
//! (a move of G + h is a move in G, the heap h staying, or a move in h). With c(G) the heaps of
//! n in G, the state of G is (Φ(G), c(G), TR(G)), and the region is c ≤ m.
//!
//! **What is checked.** (C) at G reads: Φ(G) ∈ P ⇒ G has a move and TR(G) ∩ P = ∅, and
//! Φ(G) ∉ P ⇒ G is terminal or TR(G) ∩ P ≠ ∅. The part "TR(G) ∩ P = ∅ when Φ(G) ∈ P" is
//! decided by pairs (Φ(G − h), h) ([`super::closure::pair_failure`]); what remains — a
//! terminal G with Φ(G) ∈ P, or a G with moves, Φ(G) ∉ P and TR(G) ∩ P = ∅ — is read off the
//! state, and the search visits the states reachable from the empty position by adding heaps.
//!
//! **Domination.** Say (x, c′, S′) dominates (x, c, S) when c′ ≤ c and either S′ = S = ∅ or
//! ∅ ≠ S′ ⊆ S. Then for every U with c + c(U) ≤ m, the states of G′ + U and G + U have the
//! same Φ, c(G′ + U) ≤ c(G + U), and TR(G′ + U) = Φ(U)·S′ ∪ Φ(G′)·TR(U) ⊆ Φ(U)·S ∪
//! Φ(G)·TR(U) = TR(G + U), empty only when both are: the one dominates the other again. A
//! failure at the dominated state is a failure at the dominating one (a terminal in P: both
//! terminal; a G with moves and no image in P: the smaller set has none either), and it lies
//! in the region too. So a state dominated by one already found is not followed: every
//! failure in the region is still found (by induction on the heaps added after the
//! dominating state). Equal states dominate each other, so each is visited once.
//!
//! This is Plambeck and Siegel's closure condition ("Misère quotients for impartial games",
//! *J. Combin. Theory Ser. A* 115 (2008), §4) on transition sets, with the domination of
//! their Appendix C; it is written here from those definitions, for the checker alone.

use super::closure::{Closure, HeapKind, Region, fewest_counted, pair_failure, reached_position};
use super::monoid::{Element, Monoid};
use rustc_hash::FxHashMap;

/// The most states the search keeps.
const MOST_STATES: usize = 1 << 26;
/// The most elements of all transition sets kept together (4 bytes each).
const MOST_SET_ELEMENTS: usize = 1 << 30;
/// The most steps of work (an element of a transition set built or compared): a deterministic
/// bound, so that a check too large says so instead of running for days.
const MOST_WORK: u64 = 1 << 38;
/// The most entries of the tables x ↦ x·Φ(h), one per kind of heap and element.
const MOST_ACTION_ENTRIES: usize = 1 << 28;

/// One state: Φ(G), c(G), TR(G) (sorted, distinct), and how it was reached (the state before
/// and the kind of heap added), to name a failing position.
struct State {
    x: Element,
    count: u32,
    options: Box<[Element]>,
    from: Option<(usize, usize)>,
}

/// Whether the sorted set `small` is contained in the sorted set `large`.
fn is_subset(small: &[Element], large: &[Element]) -> bool {
    if small.len() > large.len() {
        return false;
    }
    let mut rest = large.iter();
    small.iter().all(|&x| rest.by_ref().any(|&y| y == x))
}

/// Checks (C) on every position with at most `region.most` heaps of the kind `region.counted`
/// (any number of the others); `first_heap[i]` is a heap of kind i, to name a failing position.
pub(crate) fn check_region(
    monoid: &Monoid,
    in_p: &[bool],
    kinds: &[HeapKind],
    first_heap: &[u64],
    region: Region,
) -> Closure {
    let fewest = fewest_counted(monoid, kinds, Some(region));
    if let Some(failure) = pair_failure(monoid, in_p, kinds, first_heap, Some(region), &fewest) {
        return failure;
    }
    let order = monoid.order();
    if kinds.len().saturating_mul(order) > MOST_ACTION_ENTRIES {
        return Closure::TooLarge {
            past: format!(
                "more than {MOST_ACTION_ENTRIES} products of a kind of heap and an element ({} kinds, {order} elements)",
                kinds.len()
            ),
        };
    }
    // times[i][z] = Φ(h)·z for a heap h of kind i.
    let times: Vec<Vec<Element>> = kinds
        .iter()
        .map(|kind| {
            (0..order as Element)
                .map(|z| monoid.multiply(z, kind.element))
                .collect()
        })
        .collect();
    let mut states: Vec<State> = vec![State {
        x: 0,
        count: 0,
        options: Box::new([]),
        from: None,
    }];
    // The states kept for each image, to test domination.
    let mut kept: FxHashMap<Element, Vec<usize>> = FxHashMap::default();
    kept.entry(0).or_default().push(0);
    let mut stored = 0usize;
    let mut work = 0u64;
    let mut next: Vec<Element> = Vec::new();
    let mut at = 0;
    while at < states.len() {
        let (x, count) = (states[at].x, states[at].count);
        let options = states[at].options.clone();
        let fails = if in_p[x as usize] {
            options.is_empty()
        } else {
            !options.is_empty() && options.iter().all(|&t| !in_p[t as usize])
        };
        if fails {
            return Closure::Fails {
                position: reached_position(at, |state| states[state].from, first_heap),
                in_p: in_p[x as usize],
                terminal: options.is_empty(),
                with: None,
            };
        }
        for (i, kind) in kinds.iter().enumerate() {
            let next_count = count + u32::from(i == region.counted);
            if next_count > region.most {
                continue;
            }
            next.clear();
            next.extend(options.iter().map(|&t| times[i][t as usize]));
            next.extend(kind.options.iter().map(|&t| monoid.multiply(x, t)));
            next.sort_unstable();
            next.dedup();
            let next_x = times[i][x as usize];
            let same_image = kept.entry(next_x).or_default();
            work += (options.len() + kind.options.len()) as u64;
            let mut dominated = false;
            for &j in same_image.iter() {
                let other = &states[j];
                work += other.options.len() as u64;
                if other.count <= next_count
                    && other.options.is_empty() == next.is_empty()
                    && is_subset(&other.options, &next)
                {
                    dominated = true;
                    break;
                }
            }
            if work > MOST_WORK {
                return Closure::TooLarge {
                    past: format!("more than {MOST_WORK} steps ({} states)", states.len()),
                };
            }
            if dominated {
                continue;
            }
            stored += next.len();
            if states.len() >= MOST_STATES || stored > MOST_SET_ELEMENTS {
                return Closure::TooLarge {
                    past: format!(
                        "more than {} states ({stored} elements in their transition sets)",
                        states.len()
                    ),
                };
            }
            same_image.push(states.len());
            states.push(State {
                x: next_x,
                count: next_count,
                options: next.as_slice().into(),
                from: Some((at, i)),
            });
        }
        at += 1;
    }
    Closure::Holds {
        states: states.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::is_subset;

    #[test]
    fn subsets_of_sorted_sets() {
        assert!(is_subset(&[], &[]));
        assert!(is_subset(&[], &[1, 2]));
        assert!(is_subset(&[2, 5], &[1, 2, 3, 5]));
        assert!(!is_subset(&[2, 4], &[1, 2, 3, 5]));
        assert!(!is_subset(&[1, 2, 3], &[1, 2]));
        assert!(!is_subset(&[6], &[1, 2, 3, 5]));
    }
}
