//! Refinement: the misère quotient of the heaps ≤ n rebuilt from outcomes when heap n separates
//! positions that the quotient of the smaller heaps had identified.
//!
//! **Why a quotient must sometimes be refined.** Let A_{n−1} ⊂ A_n be the positions whose heaps
//! are at most n − 1, respectively n. Two positions of A_{n−1} indistinguishable in A_{n−1}
//! (tested against every X of A_{n−1}) may be distinguishable in A_n, where X may hold heaps of
//! n: the image of A_{n−1} in Q(A_n) maps *onto* Q(A_{n−1}), not necessarily isomorphically
//! (Plambeck and Siegel, "Misère quotients for impartial games", *J. Combin. Theory Ser. A*
//! 115 (2008), §3 on the quotients of the heaps up to n and their growth; Kayles first does
//! this at heap 9). The quick step of [`super::quotient`] guesses Q(A_n) on top of Q(A_{n−1})
//! and so cannot find such a split; this module finds Q(A_n) without assuming anything about
//! its relation to Q(A_{n−1}).
//!
//! **The construction.** Q(A_n) is the syntactic monoid of the set L of lost positions, a
//! commutative language over the letters 1, …, n (a position is the multiset of its heaps): its
//! elements are the classes of x ≡ y ⇔ (x + t ∈ L ⇔ y + t ∈ L for all t). A finite set T of
//! *tests* gives the coarser relation "x + t ∈ L ⇔ y + t ∈ L for t ∈ T", the *row* of x. The
//! algorithm keeps T and builds, breadth first from the empty position, one representative per
//! row seen and a transition (representative, heap) ↦ the representative of the row of their
//! sum (the table of Angluin's learning algorithm for regular languages, "Learning regular sets
//! from queries and counterexamples", *Inform. and Comput.* 75 (1987), with counterexamples
//! handled as Rivest and Schapire do). Rows are computed exactly by an exhaustive misère
//! search, in which a position without a heap of n is decided by the exact Q(A_{n−1}).
//!
//! The table is a candidate (S, P, Φ) when reading heaps in either order lands in the same
//! state; if it does not (a witness s, a, b), the row of s + a + b differs from that of one of
//! the two representatives reached, and the test b + t (or a + t) that shows it splits a state.
//! A candidate is then checked by the exact verification of [`super::quotient`] (every position
//! of A_n, infinitely many, through finitely many verification states). If it fails, the
//! verification names a position x where the rule "lost ⇔ has an option and none is lost" fails
//! for the candidate's prediction; so x or one of its options z is mispredicted (the true
//! outcomes satisfy the rule). Writing z = h₁ + … + h_k and s_i the state after h₁ … h_i, the
//! outcomes α_i of rep(s_i) + h_{i+1} + … + h_k go from the truth (α_0) to the prediction
//! (α_k), so some α_i ≠ α_{i+1}: the suffix h_{i+2} + … + h_k distinguishes rep(s_i) + h_{i+1}
//! from rep(s_{i+1}), which have the same row — a new test, which splits a state.
//!
//! **Why the result is the quotient.** Rows of different representatives differ on an actual
//! test, so the states are pairwise distinguishable: at most |Q(A_n)| of them, and every new
//! test adds one, so the loop ends. The candidate it ends with has passed the exact
//! verification, so Φ(x) ∈ P ⇔ x ∈ L for every x of A_n; its states are reachable and pairwise
//! distinguishable, so it is the minimal automaton of L, which for a commutative language is its
//! syntactic monoid: Q(A_n), P and Φ.

use super::candidate::{Element, VerifyFailure, verify_candidate};
use super::error::MisereError;
use super::options::HeapOptions;
use rustc_hash::FxHashMap;

/// How many positions the exhaustive search of a refinement stores at most.
pub const MAX_REFINE_POSITIONS: usize = 100_000;
/// How many candidates a refinement examines at most.
const MAX_ROUNDS: usize = 4096;

/// A refined quotient of the heaps 0..=n.
pub(super) struct Refined {
    /// mul[a][b].
    pub mul: Vec<Vec<Element>>,
    /// Whether each element is in the P-portion.
    pub lost: Vec<bool>,
    /// Φ(heap) for heap = 0..=n.
    pub heap_element: Vec<Element>,
}

/// What the refinement needs of the quotient of the heaps < n: the element of a position and
/// whether it is lost.
pub(super) trait Base {
    /// The misère outcome of a position all of whose heaps are < n (sorted).
    fn base_lost(&self, heaps: &[u64]) -> bool;
}

/// Exact misère outcomes of positions of A_n, by memoised search; a position without a heap of
/// n is asked of the base quotient.
struct Oracle<'a> {
    base: &'a dyn Base,
    n: u64,
    heap_options: Vec<Vec<Vec<u64>>>,
    memo: FxHashMap<Vec<u64>, bool>,
}

impl Oracle<'_> {
    fn lost(&mut self, position: &[u64]) -> Result<bool, MisereError> {
        if position.last().is_none_or(|&top| top < self.n) {
            return Ok(self.base.base_lost(position));
        }
        if let Some(&known) = self.memo.get(position) {
            return Ok(known);
        }
        if self.memo.len() >= MAX_REFINE_POSITIONS {
            return Err(MisereError::TooLarge(format!(
                "refining the quotient at heap {} would search more than \
                 {MAX_REFINE_POSITIONS} positions",
                self.n
            )));
        }
        let mut has_option = false;
        let mut lost = true;
        'heaps: for i in 0..position.len() {
            if i > 0 && position[i - 1] == position[i] {
                continue;
            }
            let heap = position[i] as usize;
            for k in 0..self.heap_options[heap].len() {
                has_option = true;
                let mut next: Vec<u64> = position[..i]
                    .iter()
                    .chain(&position[i + 1..])
                    .chain(&self.heap_options[heap][k])
                    .copied()
                    .collect();
                next.sort_unstable();
                if self.lost(&next)? {
                    lost = false;
                    break 'heaps;
                }
            }
        }
        let lost = lost && has_option;
        self.memo.insert(position.to_vec(), lost);
        Ok(lost)
    }
}

fn sum(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut all: Vec<u64> = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    all
}

/// The quotient of the heaps 0..=`n`, built from outcomes (see the module doc). `base` decides
/// the positions whose heaps are < n exactly; `options` is the game's rule (every part smaller
/// than the heap).
pub(super) fn refine(
    base: &dyn Base,
    n: u64,
    options: HeapOptions<'_>,
    max_order: usize,
) -> Result<Refined, MisereError> {
    let heap_options: Vec<Vec<Vec<u64>>> = (0..=n)
        .map(|h| {
            let mut all = super::options::collect_options(options, h);
            for parts in &mut all {
                parts.sort_unstable();
            }
            all.sort();
            all.dedup();
            all
        })
        .collect();
    let mut oracle = Oracle {
        base,
        n,
        heap_options: heap_options.clone(),
        memo: FxHashMap::default(),
    };
    let letters: Vec<u64> = (1..=n).collect();
    // The tests: the empty position first (its column is the P-portion), then single heaps.
    let mut tests: Vec<Vec<u64>> = std::iter::once(Vec::new())
        .chain(letters.iter().map(|&h| vec![h]))
        .collect();
    for _ in 0..MAX_ROUNDS {
        // The table: representatives by rows, breadth first.
        let row = |oracle: &mut Oracle<'_>, position: &[u64], tests: &[Vec<u64>]| {
            tests
                .iter()
                .map(|t| oracle.lost(&sum(position, t)))
                .collect::<Result<Vec<bool>, MisereError>>()
        };
        let mut reps: Vec<Vec<u64>> = vec![Vec::new()];
        let mut rows: Vec<Vec<bool>> = vec![row(&mut oracle, &[], &tests)?];
        let mut index: FxHashMap<Vec<bool>, usize> = FxHashMap::default();
        index.insert(rows[0].clone(), 0);
        let mut trans: Vec<Vec<usize>> = Vec::new();
        let mut i = 0;
        while i < reps.len() {
            let mut out = Vec::with_capacity(letters.len());
            for &h in &letters {
                let position = sum(&reps[i], &[h]);
                let r = row(&mut oracle, &position, &tests)?;
                let target = match index.get(&r) {
                    Some(&t) => t,
                    None => {
                        if reps.len() >= max_order {
                            return Err(MisereError::TooLarge(format!(
                                "the quotient of the heaps up to {n} would have more than \
                                 {max_order} elements"
                            )));
                        }
                        index.insert(r.clone(), reps.len());
                        reps.push(position);
                        rows.push(r);
                        reps.len() - 1
                    }
                };
                out.push(target);
            }
            trans.push(out);
            i += 1;
        }
        let step = |s: usize, h: u64| trans[s][h as usize - 1];
        // Commutativity: reading a then b from s must land where b then a does.
        let mut split = None;
        'commute: for s in 0..reps.len() {
            for &a in &letters {
                for &b in &letters {
                    if b <= a || step(step(s, a), b) == step(step(s, b), a) {
                        continue;
                    }
                    let whole = sum(&reps[s], &[a, b]);
                    let truth = row(&mut oracle, &whole, &tests)?;
                    for (first, second) in [(a, b), (b, a)] {
                        let reached = step(s, first);
                        let via = row(&mut oracle, &sum(&reps[reached], &[second]), &tests)?;
                        if let Some(t) = (0..tests.len()).find(|&t| via[t] != truth[t]) {
                            split = Some(sum(&tests[t], &[second]));
                            break 'commute;
                        }
                    }
                    unreachable!("two different rows cannot both equal the row of one position");
                }
            }
        }
        if let Some(test) = split {
            tests.push(test);
            continue;
        }
        // The candidate.
        let order = reps.len();
        let phi = |position: &[u64]| position.iter().fold(0, |s, &h| step(s, h));
        let mul: Vec<Vec<Element>> = (0..order)
            .map(|s| {
                (0..order)
                    .map(|t| reps[t].iter().fold(s, |x, &h| step(x, h)) as Element)
                    .collect()
            })
            .collect();
        let lost: Vec<bool> = rows.iter().map(|r| r[0]).collect();
        let heap_element: Vec<Element> = (0..=n)
            .map(|h| if h == 0 { 0 } else { step(0, h) as Element })
            .collect();
        let types: Vec<(Element, Vec<Element>, u64)> = (1..=n)
            .map(|h| {
                let mut elements: Vec<Element> = heap_options[h as usize]
                    .iter()
                    .map(|o| phi(o) as Element)
                    .collect();
                elements.sort_unstable();
                elements.dedup();
                (heap_element[h as usize], elements, h)
            })
            .collect();
        let representatives: Vec<Vec<u64>> = reps.clone();
        match verify_candidate(&mul, &lost, &types, Some(&representatives)) {
            Ok(()) => {
                return Ok(Refined {
                    mul,
                    lost,
                    heap_element,
                });
            }
            Err(VerifyFailure { witness, why }) => {
                let Some(x) = witness else {
                    return Err(MisereError::Rejected(format!(
                        "heap {n}: a refined candidate fails verification without a witness: {why}"
                    )));
                };
                // x or one of its options is mispredicted.
                let mut candidates = vec![x.clone()];
                for i in 0..x.len() {
                    for o in &heap_options[x[i] as usize] {
                        let rest: Vec<u64> = x[..i].iter().chain(&x[i + 1..]).copied().collect();
                        candidates.push(sum(&rest, o));
                    }
                }
                let mut wrong = None;
                for z in candidates {
                    if oracle.lost(&z)? != lost[phi(&z)] {
                        wrong = Some(z);
                        break;
                    }
                }
                let Some(z) = wrong else {
                    return Err(MisereError::Rejected(format!(
                        "heap {n}: verification failed ({why}) but no position near its witness \
                         is mispredicted"
                    )));
                };
                // α_i = outcome of rep(s_i) + z[i..]; α_0 is the truth, α_k the prediction.
                let mut s = 0;
                let mut previous = oracle.lost(&z)?;
                let mut found = None;
                for i in 0..z.len() {
                    let next = step(s, z[i]);
                    let alpha = oracle.lost(&sum(&reps[next], &z[i + 1..]))?;
                    if alpha != previous {
                        found = Some(z[i + 1..].to_vec());
                        break;
                    }
                    previous = alpha;
                    s = next;
                }
                let Some(test) = found else {
                    unreachable!("the outcomes go from the truth to the prediction");
                };
                tests.push(test);
            }
        }
    }
    Err(MisereError::Rejected(format!(
        "heap {n}: refinement did not settle within {MAX_ROUNDS} candidates"
    )))
}
