//! One candidate quotient (Q, P, Φ) of the construction ([`super::construction`], whose module
//! documentation gives the notation and the theory): its least representatives and P-portion by
//! the rule of least representatives, its reduction, the two checks that make it the quotient
//! ((P) by the partner condition, (N) by the N-search with domination), and recalibration at a
//! failure, which proposes the next candidate.

use super::bitset::{Bits, ElementSet};
use super::error::MisereError;
use super::limits::Budget;
use super::monoid::{Element, Monoid};
use std::cmp::Ordering;

/// How many subsets of a failure's heaps one recalibration tries.
const MAX_SUBSETS: usize = 4096;

/// ≺ on positions written as heap lists in descending order: the larger heap compared first, a
/// position before its extensions.
pub fn precedes(a: &[u64], b: &[u64]) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        match x.cmp(y) {
            Ordering::Equal => continue,
            other => return other,
        }
    }
    a.len().cmp(&b.len())
}

/// A candidate: the monoid, its P-portion and each heap's generator (`None`: the identity).
#[derive(Clone, Debug)]
pub(super) struct Pretension {
    pub(super) monoid: Monoid,
    pub(super) lost: Vec<bool>,
    pub(super) heap_gen: Vec<Option<usize>>,
}

/// A heap's option images: each element of T(h) with one option giving it.
pub(super) type Transitions = Vec<(Element, usize)>;

/// For each element, the ⊆-minimal transition sets of the positions of that image met.
pub(super) type MinimalSets = Vec<Vec<ElementSet>>;

/// A heap used by the searches: the smallest heap of its type.
#[derive(Clone, Debug)]
pub(super) struct TypeHeap {
    heap: u64,
    generator: Option<usize>,
    t: Transitions,
}

/// Least representatives: for each element x, LL(x) = LL(parent) + heap, and its rank in ≺.
#[derive(Clone, Debug)]
pub(super) struct LeastReps {
    pub(super) parent: Vec<Element>,
    pub(super) heap: Vec<u64>,
    pub(super) rank: Vec<usize>,
    /// x ∈ P by the rule of least representatives (when asked for).
    pub(super) lost_by_rule: Vec<bool>,
}

impl LeastReps {
    /// LL(x), heaps descending.
    pub(super) fn position(&self, x: Element) -> Vec<u64> {
        let mut heaps = Vec::new();
        let mut at = x;
        while at != 0 {
            heaps.push(self.heap[at as usize]);
            at = self.parent[at as usize];
        }
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        heaps
    }
}

impl Pretension {
    pub(super) fn order(&self) -> usize {
        self.monoid.order()
    }

    pub(super) fn times_heap(&self, x: Element, h: u64) -> Element {
        match self.heap_gen[h as usize] {
            Some(g) => self.monoid.step(x, g),
            None => x,
        }
    }

    pub(super) fn image(&self, x: Element, parts: &[u64]) -> Element {
        parts.iter().fold(x, |e, &h| self.times_heap(e, h))
    }

    pub(super) fn phi(&self, h: u64) -> Element {
        self.times_heap(0, h)
    }

    pub(super) fn heaps(&self) -> u64 {
        (self.heap_gen.len() - 1) as u64
    }

    /// T(h), each element once (the first option giving it), sorted.
    pub(super) fn transitions(&self, options: &[Vec<Vec<u64>>], h: u64) -> Transitions {
        let mut t: Transitions = options[h as usize]
            .iter()
            .enumerate()
            .map(|(k, parts)| (self.image(0, parts), k))
            .collect();
        t.sort_unstable();
        t.dedup_by_key(|&mut (e, _)| e);
        t
    }

    /// The smallest heap of each type (Φ(h), T(h)), heaps with options only, ascending (a step
    /// per option's image).
    pub(super) fn types(&self, options: &[Vec<Vec<u64>>], budget: &Budget<'_>) -> Vec<TypeHeap> {
        let mut seen: rustc_hash::FxHashSet<(Option<usize>, Vec<Element>)> =
            rustc_hash::FxHashSet::default();
        let mut types = Vec::new();
        for h in 1..=self.heaps() {
            if options[h as usize].is_empty() {
                continue;
            }
            budget.spend_times(options[h as usize].len(), 1);
            let t = self.transitions(options, h);
            let generator = self.heap_gen[h as usize];
            let key = (generator, t.iter().map(|&(e, _)| e).collect());
            if seen.insert(key) {
                types.push(TypeHeap {
                    heap: h,
                    generator,
                    t,
                });
            }
        }
        types
    }

    /// The smallest heap of each generator, ascending, with its transitions (a step per
    /// option's image).
    fn letters(&self, options: &[Vec<Vec<u64>>], budget: &Budget<'_>) -> Vec<TypeHeap> {
        let mut seen = vec![false; self.monoid.generators()];
        let mut letters = Vec::new();
        for h in 1..=self.heaps() {
            if let Some(g) = self.heap_gen[h as usize]
                && !seen[g]
            {
                seen[g] = true;
                budget.spend_times(options[h as usize].len(), 1);
                letters.push(TypeHeap {
                    heap: h,
                    generator: Some(g),
                    t: self.transitions(options, h),
                });
            }
        }
        letters
    }

    /// TR(W + h) from φ(W) = x and TR(W) (`scratch` is working space).
    fn extend_transitions(
        &self,
        x: Element,
        tr: &ElementSet,
        letter: &TypeHeap,
        options: &[Vec<Vec<u64>>],
        scratch: &mut Vec<Element>,
    ) -> ElementSet {
        scratch.clear();
        match letter.generator {
            Some(g) => {
                let action = self.monoid.action(g);
                scratch.extend(tr.members().iter().map(|&i| action[i as usize]));
            }
            None => scratch.extend_from_slice(tr.members()),
        }
        for &(_, k) in &letter.t {
            scratch.push(self.image(x, &options[letter.heap as usize][k]));
        }
        ElementSet::from_list(scratch)
    }

    /// Least representatives by a walk in ≺ order (an element reached again is not walked
    /// past); with `rule`, also P by least representatives. A step per position walked, and
    /// with `rule` one per member of its transition set.
    pub(super) fn least_representatives(
        &self,
        options: &[Vec<Vec<u64>>],
        rule: bool,
        budget: &Budget<'_>,
    ) -> Result<LeastReps, MisereError> {
        let order = self.order();
        let letters = self.letters(options, budget);
        let mut reps = LeastReps {
            parent: vec![0; order],
            heap: vec![0; order],
            rank: vec![usize::MAX; order],
            lost_by_rule: vec![false; order],
        };
        reps.rank[0] = 0;
        let mut count = 1;
        struct Frame {
            x: Element,
            tr: ElementSet,
            limit: usize,
            next: usize,
        }
        let mut stack = vec![Frame {
            x: 0,
            tr: ElementSet::empty(),
            limit: letters.len(),
            next: 0,
        }];
        let mut scratch = Vec::new();
        while let Some(top) = stack.last_mut() {
            if top.next >= top.limit {
                stack.pop();
                continue;
            }
            let j = top.next;
            top.next += 1;
            budget.spend(1);
            let letter = &letters[j];
            let x = top.x;
            let y = self.times_heap(x, letter.heap);
            if reps.rank[y as usize] != usize::MAX {
                continue;
            }
            reps.rank[y as usize] = count;
            count += 1;
            reps.parent[y as usize] = x;
            reps.heap[y as usize] = letter.heap;
            let tr = if rule {
                let tr = self.extend_transitions(x, &top.tr, letter, options, &mut scratch);
                budget.spend_times(tr.len(), 1);
                let mut lost = !tr.is_empty();
                for &m in tr.members() {
                    let m = m as usize;
                    if reps.rank[m] == usize::MAX {
                        return Err(MisereError::Rejected(format!(
                            "heap {}: a candidate's option image was not reached before the \
                             position (the rule moves to a larger heap?)",
                            self.heaps()
                        )));
                    }
                    if reps.lost_by_rule[m] {
                        lost = false;
                    }
                }
                reps.lost_by_rule[y as usize] = lost;
                tr
            } else {
                ElementSet::empty()
            };
            stack.push(Frame {
                x: y,
                tr,
                limit: j + 1,
                next: 0,
            });
        }
        if count != order {
            return Err(MisereError::Rejected(format!(
                "heap {}: a candidate has elements no position reaches",
                self.heaps()
            )));
        }
        Ok(reps)
    }

    /// The ≺-least position failing (P), if any (a step per element and type, and one per
    /// option's image tested).
    pub(super) fn p_check(
        &self,
        options: &[Vec<Vec<u64>>],
        types: &[TypeHeap],
        reps: &LeastReps,
        budget: &Budget<'_>,
    ) -> Option<Vec<u64>> {
        let mut best: Option<Vec<u64>> = None;
        for ty in types {
            budget.spend_times(self.order(), 1);
            let mut least: Option<Element> = None;
            for x in 0..self.order() as Element {
                if !self.lost[self.times_heap(x, ty.heap) as usize] {
                    continue;
                }
                budget.spend_times(ty.t.len(), 1);
                let fails = ty.t.iter().any(|&(_, k)| {
                    self.lost[self.image(x, &options[ty.heap as usize][k]) as usize]
                });
                if fails && least.is_none_or(|l| reps.rank[x as usize] < reps.rank[l as usize]) {
                    least = Some(x);
                }
            }
            if let Some(x) = least {
                let mut position = reps.position(x);
                position.push(ty.heap);
                position.sort_unstable_by(|a, b| b.cmp(a));
                if best
                    .as_ref()
                    .is_none_or(|b| precedes(&position, b) == Ordering::Less)
                {
                    best = Some(position);
                }
            }
        }
        best
    }

    /// The N-search: the ≺-least position failing (N) below `bound` (if given), and the
    /// ⊆-minimal transition sets of each element met (complete when there is no failure and no
    /// bound). A step per position visited, one per member of its transition set and one per
    /// minimal set it is compared with.
    pub(super) fn n_search(
        &self,
        options: &[Vec<Vec<u64>>],
        types: &[TypeHeap],
        bound: Option<&[u64]>,
        budget: &Budget<'_>,
    ) -> Result<(Option<Vec<u64>>, MinimalSets), MisereError> {
        let order = self.order();
        let mut minimal: MinimalSets = vec![Vec::new(); order];
        struct Frame {
            x: Element,
            tr: ElementSet,
            limit: usize,
            next: usize,
        }
        let mut stack = vec![Frame {
            x: 0,
            tr: ElementSet::empty(),
            limit: types.len(),
            next: 0,
        }];
        let mut scratch = Vec::new();
        // The members of the transition set at hand, as bits (cleared after each step).
        let mut marks = Bits::new(order);
        let mut path: Vec<u64> = Vec::new();
        let mut steps: u64 = 0;
        while let Some(top) = stack.last_mut() {
            if top.next >= top.limit {
                stack.pop();
                path.pop();
                continue;
            }
            steps += 1;
            if steps.is_multiple_of(4096) {
                budget.check(self.heaps())?;
            }
            let j = top.next;
            top.next += 1;
            let ty = &types[j];
            path.push(ty.heap);
            if let Some(bound) = bound
                && precedes(&path, bound) != Ordering::Less
            {
                return Ok((None, minimal));
            }
            let x = top.x;
            let y = self.times_heap(x, ty.heap);
            let tr = self.extend_transitions(x, &top.tr, ty, options, &mut scratch);
            let list = &mut minimal[y as usize];
            budget.spend_times(1 + tr.len() + list.len(), 1);
            marks.mark(&tr);
            let dominated = list.iter().any(|s| s.is_subset_marked(&tr, &marks));
            marks.unmark(&tr);
            if dominated {
                path.pop();
                continue;
            }
            list.retain(|s| !tr.is_subset(s));
            list.push(tr.clone());
            if !self.lost[y as usize]
                && !tr.is_empty()
                && tr.members().iter().all(|&m| !self.lost[m as usize])
            {
                return Ok((Some(path), minimal));
            }
            stack.push(Frame {
                x: y,
                tr,
                limit: j + 1,
                next: 0,
            });
        }
        Ok((None, minimal))
    }

    /// The candidate with P set by least representatives, reduced and restricted to the
    /// submonoid of the heaps' images.
    pub(super) fn settle(
        mut self,
        options: &[Vec<Vec<u64>>],
        budget: &Budget<'_>,
    ) -> Result<Pretension, MisereError> {
        let reps = self.least_representatives(options, true, budget)?;
        self.lost = reps.lost_by_rule;
        Ok(self.reduced(budget))
    }

    /// The reduction by ≡_P, its generators the distinct images of heaps (a step per element
    /// and generator of each monoid reduced).
    pub(super) fn reduced(self, budget: &Budget<'_>) -> Pretension {
        budget.spend_times(self.order(), self.monoid.generators());
        let (monoid, class) = self.monoid.reduce(&self.lost);
        let mut lost = vec![false; monoid.order()];
        for (x, &c) in class.iter().enumerate() {
            lost[c as usize] = self.lost[x];
        }
        // Distinct non-identity generators, in order of first heap.
        let mut keep: Vec<usize> = Vec::new();
        let mut keep_of_element: rustc_hash::FxHashMap<Element, usize> =
            rustc_hash::FxHashMap::default();
        let mut heap_gen = Vec::with_capacity(self.heap_gen.len());
        for g in &self.heap_gen {
            heap_gen.push(g.and_then(|g| {
                let e = monoid.generator(g);
                if e == 0 {
                    return None;
                }
                Some(*keep_of_element.entry(e).or_insert_with(|| {
                    keep.push(g);
                    keep.len() - 1
                }))
            }));
        }
        let whole = monoid.order();
        let (monoid, new_of_old) = monoid.submonoid(&keep);
        let mut sub_lost = vec![false; monoid.order()];
        for (x, new) in new_of_old.iter().enumerate() {
            if let Some(new) = new {
                sub_lost[*new as usize] = lost[x];
            }
        }
        let restricted = Pretension {
            monoid,
            lost: sub_lost,
            heap_gen,
        };
        // A proper submonoid may identify more elements (fewer z tell them apart): reduce again.
        if restricted.order() < whole {
            restricted.reduced(budget)
        } else {
            restricted
        }
    }

    /// The candidates of recalibration at the failure `failure` (heaps descending), in order,
    /// until one predicts `want` for it (a step per element and generator of each monoid built,
    /// and each candidate's own).
    pub(super) fn recalibrate(
        &self,
        options: &[Vec<Vec<u64>>],
        failure: &[u64],
        want: bool,
        budget: &Budget<'_>,
    ) -> Result<Pretension, MisereError> {
        let n = self.heaps();
        let mut support: Vec<u64> = failure.to_vec();
        support.sort_unstable();
        support.dedup();
        let count = |h: u64| failure.iter().filter(|&&x| x == h).count();
        let mut tried = 0;
        for size in 1..=support.len() {
            for subset in colex_subsets(support.len(), size) {
                tried += 1;
                if tried > MAX_SUBSETS {
                    return Err(MisereError::Rejected(format!(
                        "heap {n}: recalibration at {} tried {MAX_SUBSETS} subsets of its heaps \
                         without a candidate that predicts it",
                        position_text(failure)
                    )));
                }
                budget.check(n)?;
                let freed: Vec<u64> = subset.iter().map(|&i| support[i]).collect();
                let mut keep: Vec<usize> = Vec::new();
                for h in 0..=n {
                    if !freed.contains(&h)
                        && let Some(g) = self.heap_gen[h as usize]
                        && !keep.contains(&g)
                    {
                        keep.push(g);
                    }
                }
                budget.spend_times(self.order(), self.monoid.generators());
                let (base, _) = self.monoid.submonoid(&keep);
                let factors: Vec<(usize, usize)> = freed
                    .iter()
                    .map(|&h| {
                        let ind = self.heap_gen[h as usize].map_or(0, |g| self.monoid.index(g));
                        let i = ind.max(count(h) - 1);
                        let p = if i >= 4 {
                            (2 * ((i - 4) / 2)).max(2)
                        } else {
                            2
                        };
                        (i, p)
                    })
                    .collect();
                let monoid = base
                    .times_cyclic(&factors, budget.limits.max_order)
                    .map_err(|_| candidate_too_large(n, budget.limits.max_order))?;
                budget.spend_times(monoid.order(), monoid.generators());
                let heap_gen = (0..=n)
                    .map(|h| match freed.iter().position(|&f| f == h) {
                        Some(f) => Some(keep.len() + f),
                        None => self.heap_gen[h as usize]
                            .map(|g| keep.iter().position(|&k| k == g).expect("kept")),
                    })
                    .collect();
                let candidate = Pretension {
                    lost: Vec::new(),
                    monoid,
                    heap_gen,
                }
                .settle(options, budget)?;
                if candidate.lost[candidate.image(0, failure) as usize] == want {
                    return Ok(candidate);
                }
            }
        }
        Err(MisereError::Rejected(format!(
            "heap {n}: no recalibration at {} predicts its outcome",
            position_text(failure)
        )))
    }
}

/// The k-subsets of 0..m, the largest element compared first.
pub(super) fn colex_subsets(m: usize, k: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn go(m: usize, k: usize, from: usize, current: &mut Vec<usize>, all: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            all.push(current.clone());
            return;
        }
        for i in from..m {
            current.push(i);
            go(m, k, i + 1, current, all);
            current.pop();
        }
    }
    go(m, k, 0, &mut current, &mut all);
    all.sort_by(|a, b| a.iter().rev().cmp(b.iter().rev()));
    all
}

/// The error of a candidate past the limit of elements.
pub(super) fn candidate_too_large(n: u64, max_order: usize) -> MisereError {
    MisereError::TooLarge(format!(
        "heap {n} needs a candidate quotient of more than {max_order} elements (--max-order)"
    ))
}

/// `[5,5,9]`.
pub(super) fn position_text(position: &[u64]) -> String {
    let mut heaps = position.to_vec();
    heaps.sort_unstable();
    let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
    format!("[{}]", heaps.join(","))
}

#[cfg(test)]
mod tests {
    use super::{colex_subsets, precedes};
    use std::cmp::Ordering;

    #[test]
    fn the_order_compares_the_largest_heap_first() {
        assert_eq!(precedes(&[3], &[3, 1]), Ordering::Less);
        assert_eq!(precedes(&[3, 1, 1], &[3, 2]), Ordering::Less);
        assert_eq!(precedes(&[2, 2], &[3]), Ordering::Less);
        assert_eq!(precedes(&[5, 5], &[5, 5]), Ordering::Equal);
        assert_eq!(precedes(&[9], &[5, 5, 5]), Ordering::Greater);
    }

    #[test]
    fn subsets_come_smallest_largest_element_first() {
        assert_eq!(colex_subsets(3, 1), [[0], [1], [2]]);
        assert_eq!(
            colex_subsets(4, 2),
            [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
        );
    }
}
