//! What a heap the construction could not settle still proves about its quotient.
//!
//! **The theorem.** Suppose heap n needs a new generator and no candidate is verified within
//! the limits. The last candidate checked, C = (Q, P, Φ), failed first at F, the ≺-least
//! position failing (P) or (N) ([`super::construction`]). Every position W ≺ F satisfies both
//! conditions, and every option of W is ≺ W, so by induction along ≺ W is lost exactly when
//! φ(W) ∈ P: C *decides* every position ≺ F. Since ≺ compares the largest heap first, that
//! includes every position with fewer copies of heap n than F has; call that number m.
//!
//! This is a statement about the game, not about C, and it bounds the true quotient Q_n of Γ_n
//! from below. Write c(W) for the number of heaps of n in W. If positions V, V′ and a witness Z
//! have c(V) + c(Z) < m and c(V′) + c(Z) < m, and C puts φ(V)φ(Z) and φ(V′)φ(Z) on different
//! sides of P, then V + Z and V′ + Z are decided by C and have different outcomes: V and V′ are
//! distinguishable in Γ_n and lie in different classes of Q_n.
//!
//! **Telling elements apart with k heaps of n.** Let x ~_k y when xz ∈ P ⇔ yz ∈ P for every
//! z = φ(Z) with c(Z) ≤ k. The witnesses without a heap of n are the products of the other
//! heaps' generators, so ~_0 is the coarsest partition separating P that those generators keep
//! (Moore's refinement, [`super::monoid::Monoid::stable_classes`]). A witness with a heap of n
//! is Φ(n) times one with a heap fewer, so x ~_k y exactly when x ~_{k−1} y and
//! xΦ(n) ~_{k−1} yΦ(n): one pass per k. Hence, with LL(x) the ≺-least position of image x (it
//! has the fewest heaps of n among the positions of image x):
//!
//! * **Order.** For each s < m, the elements x with c(LL(x)) ≤ s fall into classes of ~_{m−1−s};
//!   elements in different classes are distinct in Q_n, so |Q_n| is at least the largest of
//!   these numbers of classes.
//! * **Powers.** If 0, 1, …, B heaps of h have images in pairwise different classes of
//!   ~_{m−1−B·c(h)}, they are pairwise distinguishable: the element of heap h in Q_n has at
//!   least B + 1 distinct powers (its index plus its period exceeds B).

use super::monoid::{Element, Monoid};
use rustc_hash::{FxHashMap, FxHashSet};

/// The last candidate checked at an unsettled heap, as the certificate reads it.
pub(super) struct Checked<'a> {
    /// Its monoid.
    pub monoid: &'a Monoid,
    /// Its P-portion.
    pub lost: &'a [bool],
    /// Each heap's generator (`None`: the identity).
    pub heap_gen: &'a [Option<usize>],
    /// LL(x) = LL(parent\[x\]) + heap\[x\].
    pub parent: &'a [Element],
    /// The last heap of LL(x).
    pub heap: &'a [u64],
    /// LL(x)'s place in ≺.
    pub rank: &'a [usize],
    /// The ≺-least failure of the candidate.
    pub failure: &'a [u64],
}

/// What the last candidate of a heap the construction could not settle proves: every position
/// with fewer than `decided_below` heaps of `heap` is decided by it, and so the bounds below
/// hold for the true quotient of the heaps 0..=heap.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Unsettled {
    /// The heap that could not be settled.
    pub heap: u64,
    /// How many candidate quotients were checked for it.
    pub candidates: usize,
    /// The order of the last one.
    pub candidate_order: usize,
    /// Where the last one fails first (heaps ascending).
    pub failure: Vec<u64>,
    /// It decides every position with fewer heaps of `heap` than this.
    pub decided_below: usize,
    /// The quotient of the heaps 0..=heap has at least this many elements.
    pub order_at_least: usize,
    /// (h, k): 0, 1, …, k − 1 heaps of h are pairwise distinguishable, so the element of heap h
    /// has at least k distinct powers; for each heap introducing a generator where this is more
    /// powers than the quotient of the smaller heaps has.
    pub distinct_powers: Vec<(u64, usize)>,
}

impl Checked<'_> {
    fn times_heap(&self, x: Element, h: u64) -> Element {
        match self.heap_gen[h as usize] {
            Some(g) => self.monoid.step(x, g),
            None => x,
        }
    }

    /// The number of heaps of `n` in each least position.
    fn copies(&self, n: u64) -> Vec<usize> {
        let order = self.monoid.order();
        let mut by_rank: Vec<Element> = (0..order as Element).collect();
        by_rank.sort_unstable_by_key(|&x| self.rank[x as usize]);
        let mut copies = vec![0usize; order];
        for &x in by_rank.iter().skip(1) {
            let p = self.parent[x as usize] as usize;
            copies[x as usize] = copies[p] + usize::from(self.heap[x as usize] == n);
        }
        copies
    }

    /// The classes of ~_k for k = 0..levels: witnesses with at most k heaps of n.
    fn classes(&self, n: u64, levels: usize) -> Vec<Vec<u32>> {
        let counted = self.heap_gen[n as usize];
        let mut free: Vec<usize> = self.heap_gen[..n as usize]
            .iter()
            .flatten()
            .copied()
            .collect();
        free.sort_unstable();
        free.dedup();
        let mut levels_of: Vec<Vec<u32>> = vec![self.monoid.stable_classes(self.lost, &free)];
        let Some(g) = counted.filter(|g| !free.contains(g)) else {
            // Heap n is a product of the others: every level is the first.
            return vec![levels_of[0].clone(); levels];
        };
        let action = self.monoid.action(g);
        while levels_of.len() < levels {
            let below = levels_of.last().expect("non-empty");
            let mut ids: FxHashMap<(u32, u32), u32> = FxHashMap::default();
            let next = (0..below.len())
                .map(|x| {
                    let key = (below[x], below[action[x] as usize]);
                    let fresh = ids.len() as u32;
                    *ids.entry(key).or_insert(fresh)
                })
                .collect();
            levels_of.push(next);
        }
        levels_of
    }
}

/// The number of different classes among `members`.
fn classes_among(class: &[u32], members: impl Iterator<Item = Element>) -> usize {
    members
        .map(|x| class[x as usize])
        .collect::<FxHashSet<u32>>()
        .len()
}

/// The certificate of heap `n` from its last candidate `checked` (the `candidates`-th);
/// `known_powers(h)` is the number of distinct powers of heap h in the quotient of the smaller
/// heaps (only heaps with more are listed). `None` when the failure has fewer than two heaps of n
/// (only the positions without one are decided, which the smaller heaps' quotient decides).
pub(super) fn certify(
    checked: &Checked<'_>,
    n: u64,
    candidates: usize,
    known_powers: &dyn Fn(u64) -> usize,
) -> Option<Unsettled> {
    let m = checked.failure.iter().filter(|&&h| h == n).count();
    if m < 2 {
        // Nothing is decided past the positions with no heap of n: the smaller heaps' quotient.
        return None;
    }
    let order = checked.monoid.order();
    let copies = checked.copies(n);
    let classes = checked.classes(n, m);
    let order_at_least = (0..m)
        .map(|s| {
            let members = (0..order as Element).filter(|&x| copies[x as usize] <= s);
            classes_among(&classes[m - 1 - s], members)
        })
        .max()
        .unwrap_or(1);
    // The smallest heap of each generator, heap n first (its powers are the news).
    let mut first_heaps: Vec<u64> = Vec::new();
    let mut seen = FxHashSet::default();
    for h in 1..=n {
        if let Some(g) = checked.heap_gen[h as usize]
            && seen.insert(g)
        {
            first_heaps.push(h);
        }
    }
    first_heaps.sort_unstable_by_key(|&h| (h != n, h));
    let mut distinct_powers = Vec::new();
    for &h in &first_heaps {
        let per_copy = usize::from(h == n);
        // 0..=b heaps of h, b as large as the candidate's powers and the levels allow.
        let mut powers: Vec<Element> = vec![0];
        let mut best = 0;
        loop {
            let b = powers.len();
            if b * per_copy > m - 1 {
                break;
            }
            let next = checked.times_heap(powers[b - 1], h);
            powers.push(next);
            let class = &classes[m - 1 - b * per_copy];
            if classes_among(class, powers.iter().copied()) < b + 1 {
                break;
            }
            best = b;
        }
        if best + 1 > known_powers(h) {
            distinct_powers.push((h, best + 1));
        }
    }
    let mut failure = checked.failure.to_vec();
    failure.sort_unstable();
    Some(Unsettled {
        heap: n,
        candidates,
        candidate_order: order,
        failure,
        decided_below: m,
        order_at_least,
        distinct_powers,
    })
}
