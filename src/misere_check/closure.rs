//! The conditions that make (Q, P, Φ) the misère quotient of the heaps 0..=N, checked on
//! finitely many states, and reducedness.
//!
//! **Closure.** Write S(G) for the images Φ(G′) of the options G′ of G. (Q, P, Φ) *decides*
//! the positions when, for every position G with heaps ≤ N,
//!
//! > Φ(G) ∈ P  ⇔  G has a move and S(G) ∩ P = ∅.                                   (C)
//!
//! By induction on G (options are smaller), (C) for every G says exactly that G is a misère
//! P-position iff Φ(G) ∈ P. The positions are infinitely many, but (C) at G + Z depends only on
//! a finite state: with D(G) = {z ∈ Q : S(G)·z ∩ P ≠ ∅} (the z for which G's own moves reach P
//! from G + Z), G has a move into P iff 1 ∈ D(G), and adding a heap h with options T(h) = {Φ(O)}
//! gives
//!
//! > Φ(G + h) = Φ(G)Φ(h),  D(G + h) = {z : Φ(h)z ∈ D(G)} ∪ ⋃_{t ∈ T(h)} {z : Φ(G)·t·z ∈ P},
//!
//! and G + h is terminal iff G is and h has no option. So the reachable states
//! (Φ(G), D(G), terminal) — finitely many, reached from the empty position by adding heaps
//! 0..=N — decide (C) for every position: the checker checks (C) at each, naming a failing
//! position (as heaps) if one fails.
//!
//! **Which states are visited.** The ⇒ half of (C) at G = Y + h with a move in h is a
//! condition on the pair (Φ(Y), h) alone: y·Φ(h) ∈ P ⇒ y·T(h) ∩ P = ∅ for every y (Φ is onto,
//! so every y is some Φ(Y)); it is checked on the pairs (y, kind of heap), each once. What
//! remains needs the states: a terminal G with Φ(G) ∈ P, or Φ(G) ∉ P for a G with moves and
//! 1 ∉ D(G). Say (x, t, D′) *covers* (x, t, D) when D′ ⊆ D. The successor formula is monotone
//! in D for fixed Φ(G), so the successors of a covering state by each heap cover those of the
//! covered one; and a failure at a covered state is a failure at the state covering it (it
//! needs 1 ∉ D, or does not depend on D). So only the states no earlier state covers are
//! followed: every failure is still found, and the states followed are an antichain-like
//! handful per (x, t) instead of one per distinct D. Without this, quotients with far more
//! heaps than elements (0.56 to heap 300: order 66 but 287 kinds of heap, each adding its own
//! option images to D) reach more than 2^20 distinct states; with it, 198 (415 to heap 1000).
//!
//! **A region** ([`Region`], for the lower bounds of an unsettled heap n, module `bounds`):
//! the positions with at most m heaps of one kind. The pairs are then (y, h) with y the image
//! of a position that leaves room for h (this module's [`pair_failure`]); the states of a
//! region are followed by [`super::transitions`], on transition sets, as a candidate's order
//! is far larger than a quotient's.
//!
//! **Reduced.** The quotient of a set A of positions (Plambeck and Siegel, §3) is A modulo
//! indistinguishability: G ≡ H when G + X and H + X have the same misère outcome for every X
//! in A. If Φ: A → Q is a surjective homomorphism satisfying (C) and (Q, P) is *reduced* —
//! for x ≠ y some z has exactly one of xz, yz in P — then Φ(G) = Φ(H) ⇔ G ≡ H (⇒: the sums
//! with X have equal images; ⇐: every z is some Φ(X), and reducedness), so Q is the misère
//! quotient and P its P-portion. Reducedness is checked by Moore's partition refinement: start
//! from {P, Q ∖ P} and split by the classes of x·g for every generator g until nothing splits;
//! the quotient is reduced iff every class is one element. Φ is surjective because each
//! generator is Φ of the heap stated for it.

use super::monoid::{Element, Monoid};
use super::octal::Code;
use rustc_hash::{FxHashMap, FxHashSet};

/// The most states the closure check visits (each holds |Q| bits).
pub(crate) const MOST_STATES: usize = 1 << 18;
/// The most bits of all states together.
const MOST_STATE_BITS: usize = 1 << 33;
/// The most steps of work (an element tested while building a state's D or an annihilator):
/// a deterministic bound of a few minutes at most, so that a check too large says so.
const MOST_WORK: u64 = 1 << 34;

/// A bit set over the elements.
type Bits = Vec<u64>;

fn bit(bits: &Bits, x: Element) -> bool {
    bits[x as usize / 64] >> (x % 64) & 1 == 1
}

fn set(bits: &mut Bits, x: Element) {
    bits[x as usize / 64] |= 1 << (x % 64);
}

/// One kind of heap: its element and its options' images (sorted, distinct).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct HeapKind {
    /// Φ(h).
    pub element: Element,
    /// T(h).
    pub options: Vec<Element>,
}

/// The outcome of the closure check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Closure {
    /// (C) holds at every reachable state; how many there were.
    Holds { states: usize },
    /// (C) fails at this position (heaps ascending): `in_p` says whether Φ(G) ∈ P,
    /// `terminal` whether G has no move; `with`: G is this element's positions plus
    /// `position` (one heap), when the failure is found on a pair.
    Fails {
        position: Vec<u64>,
        in_p: bool,
        terminal: bool,
        with: Option<Element>,
    },
    /// Past a limit: what (`more than 262144 states`).
    TooLarge { past: String },
}

/// The kinds of the heaps 0..=`heaps` under Φ = `phi` (options from `code`), each once, and a
/// heap of each; with `counted` = Some(n), heap n gets a kind of its own, the last (its copies
/// are counted by [`Region`]).
pub(crate) fn heap_kinds(
    code: &Code,
    monoid: &Monoid,
    phi: &[Element],
    heaps: u64,
    counted: Option<u64>,
) -> (Vec<HeapKind>, Vec<u64>) {
    let mut kinds: Vec<HeapKind> = Vec::new();
    let mut first_heap: Vec<u64> = Vec::new();
    let mut kind_of: FxHashMap<HeapKind, usize> = FxHashMap::default();
    let kind_at = |heap: u64| {
        let mut options: Vec<Element> = Vec::new();
        code.for_each_option(heap, &mut |parts| {
            let image = parts.iter().fold(0, |product, &part| {
                monoid.multiply(product, phi[part as usize])
            });
            options.push(image);
        });
        options.sort_unstable();
        options.dedup();
        HeapKind {
            element: phi[heap as usize],
            options,
        }
    };
    for heap in 0..=heaps {
        if counted == Some(heap) {
            continue;
        }
        let kind = kind_at(heap);
        if !kind_of.contains_key(&kind) {
            kind_of.insert(kind.clone(), kinds.len());
            kinds.push(kind);
            first_heap.push(heap);
        }
    }
    if let Some(n) = counted {
        kinds.push(kind_at(n));
        first_heap.push(n);
    }
    (kinds, first_heap)
}

/// The positions checked: those with at most `most` heaps of kind `counted` (any number of the
/// other kinds).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Region {
    /// The kind whose heaps are counted.
    pub counted: usize,
    /// How many of them a position may have.
    pub most: u32,
}

/// For each element x, the fewest heaps of the counted kind in a position of image x (`u32::MAX`
/// if none): a shortest-path search from 1 where a heap of the counted kind costs 1 and any other
/// heap 0. Without a region, 0 for every element (Φ is onto).
pub(crate) fn fewest_counted(
    monoid: &Monoid,
    kinds: &[HeapKind],
    region: Option<Region>,
) -> Vec<u32> {
    let n = monoid.order();
    let Some(region) = region else {
        return vec![0; n];
    };
    let mut fewest = vec![u32::MAX; n];
    fewest[0] = 0;
    let mut queue = std::collections::VecDeque::from([0 as Element]);
    while let Some(x) = queue.pop_front() {
        let count = fewest[x as usize];
        for (i, kind) in kinds.iter().enumerate() {
            let y = monoid.multiply(x, kind.element);
            let cost = u32::from(i == region.counted);
            let through = count.saturating_add(cost);
            if through < fewest[y as usize] {
                fewest[y as usize] = through;
                // 0–1 search: free steps first, so each element is settled when first popped
                // with its final count.
                if cost == 0 {
                    queue.push_front(y);
                } else {
                    queue.push_back(y);
                }
            }
        }
    }
    fewest
}

/// The part of (C) that pairs decide: Φ(G) ∈ P for a G = Y + h with a move into P from heap
/// h, i.e. y·Φ(h) ∈ P and y·t ∈ P for some y and t ∈ T(h), y ranging over the images of the
/// positions Y that G = Y + h may have (every y without a region: Φ is onto; with one, those
/// with few enough heaps of the counted kind to leave room for h, by `fewest`). The failure,
/// if any, names heap h and y.
pub(crate) fn pair_failure(
    monoid: &Monoid,
    in_p: &[bool],
    kinds: &[HeapKind],
    first_heap: &[u64],
    region: Option<Region>,
    fewest: &[u32],
) -> Option<Closure> {
    let (counted, most) = match region {
        Some(r) => (Some(r.counted), r.most),
        None => (None, u32::MAX),
    };
    for (i, kind) in kinds.iter().enumerate() {
        if counted == Some(i) && most == 0 {
            continue;
        }
        let room = most.saturating_sub(u32::from(counted == Some(i)));
        for y in 0..monoid.order() as Element {
            if fewest[y as usize] <= room
                && in_p[monoid.multiply(y, kind.element) as usize]
                && kind
                    .options
                    .iter()
                    .any(|&t| in_p[monoid.multiply(y, t) as usize])
            {
                return Some(Closure::Fails {
                    position: vec![first_heap[i]],
                    in_p: true,
                    terminal: false,
                    with: Some(y),
                });
            }
        }
    }
    None
}

/// The position (heaps ascending) of the state `at` of a search whose states record where they
/// came from (`from(state)`: the state before and the kind of heap added), a heap of kind i
/// being `first_heap[i]`.
pub(crate) fn reached_position(
    at: usize,
    from: impl Fn(usize) -> Option<(usize, usize)>,
    first_heap: &[u64],
) -> Vec<u64> {
    let mut position = Vec::new();
    let mut back = at;
    while let Some((parent, kind)) = from(back) {
        position.push(first_heap[kind]);
        back = parent;
    }
    position.sort_unstable();
    position
}

/// Checks (C) over every position of heaps with the given kinds; `first_heap[i]` is a heap of
/// kind i (to name a failing position). (A region of positions is checked by
/// [`super::transitions::check_region`].)
pub(crate) fn check_closure(
    monoid: &Monoid,
    in_p: &[bool],
    kinds: &[HeapKind],
    first_heap: &[u64],
) -> Closure {
    let n = monoid.order();
    let words = n.div_ceil(64);
    // annihilator[y] = {z : yz ∈ P}, computed on demand.
    let mut annihilators: FxHashMap<Element, Bits> = FxHashMap::default();
    let mut work: u64 = 0;
    let mut annihilator = |y: Element, work: &mut u64| -> Bits {
        annihilators
            .entry(y)
            .or_insert_with(|| {
                *work += n as u64;
                let mut bits = vec![0u64; words];
                for z in 0..n as Element {
                    if in_p[monoid.multiply(y, z) as usize] {
                        set(&mut bits, z);
                    }
                }
                bits
            })
            .clone()
    };
    // times[i][z] = Φ(h)·z for kind i.
    let times: Vec<Vec<Element>> = kinds
        .iter()
        .map(|kind| {
            (0..n as Element)
                .map(|z| monoid.multiply(kind.element, z))
                .collect()
        })
        .collect();
    let fewest = fewest_counted(monoid, kinds, None);
    if let Some(failure) = pair_failure(monoid, in_p, kinds, first_heap, None, &fewest) {
        return failure;
    }
    // The rest — a terminal G with Φ(G) ∈ P, or Φ(G) ∉ P for a G with moves, none into P —
    // on the states (Φ(G), terminal, D(G)). A failure there does not depend on D or needs
    // 1 ∉ D, and a state with the same Φ and terminal and D no larger reaches, heap for heap,
    // states with D no larger:
    // it fails wherever the other does, so only the states no other one covers are followed.
    struct State {
        x: Element,
        terminal: bool,
        d: Bits,
        from: Option<(usize, usize)>,
    }
    let mut least: FxHashMap<(Element, bool), Vec<usize>> = FxHashMap::default();
    let mut states: Vec<State> = vec![State {
        x: 0,
        terminal: true,
        d: vec![0u64; words],
        from: None,
    }];
    least.entry((0, true)).or_default().push(0);
    let mut at = 0;
    while at < states.len() {
        let (x, terminal) = (states[at].x, states[at].terminal);
        let fails = if in_p[x as usize] {
            terminal
        } else {
            !terminal && !bit(&states[at].d, 0)
        };
        if fails {
            return Closure::Fails {
                position: reached_position(at, |state| states[state].from, first_heap),
                in_p: in_p[x as usize],
                terminal,
                with: None,
            };
        }
        let d = states[at].d.clone();
        for (i, kind) in kinds.iter().enumerate() {
            work += n as u64;
            if work > MOST_WORK {
                return Closure::TooLarge {
                    past: format!("more than {MOST_WORK} steps ({} states)", states.len()),
                };
            }
            let next_x = times[i][x as usize];
            let next_terminal = terminal && kind.options.is_empty();
            let mut next_d = vec![0u64; words];
            for z in 0..n as Element {
                if bit(&d, times[i][z as usize]) {
                    set(&mut next_d, z);
                }
            }
            for &t in &kind.options {
                let reach = annihilator(monoid.multiply(x, t), &mut work);
                for (w, r) in next_d.iter_mut().zip(&reach) {
                    *w |= r;
                }
            }
            let known = least.entry((next_x, next_terminal)).or_default();
            let covered = known.iter().any(|&j| {
                states[j]
                    .d
                    .iter()
                    .zip(&next_d)
                    .all(|(smaller, larger)| smaller & !larger == 0)
            });
            if covered {
                continue;
            }
            if states.len() >= MOST_STATES || states.len().saturating_mul(n) > MOST_STATE_BITS {
                return Closure::TooLarge {
                    past: format!("more than {} states", states.len()),
                };
            }
            known.push(states.len());
            states.push(State {
                x: next_x,
                terminal: next_terminal,
                d: next_d,
                from: Some((at, i)),
            });
        }
        at += 1;
    }
    Closure::Holds {
        states: states.len(),
    }
}

/// Two different elements no element tells apart, if any (Moore's refinement).
pub(crate) fn merged_pair(monoid: &Monoid, in_p: &[bool]) -> Option<(Element, Element)> {
    let n = monoid.order();
    let mut class: Vec<u32> = in_p.iter().map(|&p| u32::from(p)).collect();
    let mut count = class.iter().collect::<FxHashSet<_>>().len();
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let next: Vec<u32> = (0..n as Element)
            .map(|x| {
                let mut key = vec![class[x as usize]];
                key.extend(
                    (0..monoid.generators()).map(|g| class[monoid.times_generator(x, g) as usize]),
                );
                let fresh = ids.len() as u32;
                *ids.entry(key).or_insert(fresh)
            })
            .collect();
        let next_count = ids.len();
        class = next;
        if next_count == count {
            break;
        }
        count = next_count;
    }
    let mut first: FxHashMap<u32, Element> = FxHashMap::default();
    for x in 0..n as Element {
        if let Some(&y) = first.get(&class[x as usize]) {
            return Some((y, x));
        }
        first.insert(class[x as usize], x);
    }
    None
}
