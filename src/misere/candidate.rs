//! Checking a candidate misère quotient: the verification step of [`super::quotient`] and
//! [`super::refine`] (a candidate's tables predict the outcome of every position, or a position
//! where they fail is named), and Moore's partition refinement, which both the verification and
//! the reduction of a quotient use.

use rustc_hash::FxHashMap;

/// An element of a quotient: an index into its tables (0 is the identity, the empty position).
pub type Element = u32;

/// How many verification states are examined at most for one heap.
pub const MAX_VERIFICATION_STATES: usize = 100_000;
/// Moore's partition refinement: the class of each state of a complete automaton with
/// `letters` letters, `accept`ing states and transition `step(state, letter)`. Classes are
/// numbered in order of their first state.
pub(super) fn minimise(
    states: usize,
    labels: &[usize],
    letters: usize,
    step: impl Fn(usize, usize) -> usize,
) -> Vec<usize> {
    let table: Vec<Vec<usize>> = (0..states)
        .map(|s| (0..letters).map(|l| step(s, l)).collect())
        .collect();
    let mut class: Vec<usize> = labels.to_vec();
    let mut count = 0;
    loop {
        let mut ids: FxHashMap<(usize, Vec<usize>), usize> = FxHashMap::default();
        let mut next = Vec::with_capacity(states);
        for s in 0..states {
            let signature = (class[s], table[s].iter().map(|&t| class[t]).collect());
            let fresh = ids.len();
            next.push(*ids.entry(signature).or_insert(fresh));
        }
        let new_count = ids.len();
        class = next;
        if new_count == count {
            return class;
        }
        count = new_count;
    }
}

/// Why a candidate fails verification: the reason, and a position (its heaps, sorted) at which
/// the rule "lost exactly when it has an option and none of its options is lost" fails for the
/// candidate's predictions, when one can be named.
#[derive(Debug)]
pub(super) struct VerifyFailure {
    /// The position, if named.
    pub witness: Option<Vec<u64>>,
    /// The reason, in words.
    pub why: String,
}

/// Step 2: checks that (mul, lost) with the heap types `types` — (element, option elements, a
/// heap of the type) — predicts the misère outcome of every position; the reason it does not
/// otherwise. With `representatives` (a position of each element) the failure names a position.
pub(super) fn verify_candidate(
    mul: &[Vec<Element>],
    lost: &[bool],
    types: &[(Element, Vec<Element>, u64)],
    representatives: Option<&[Vec<u64>]>,
) -> Result<(), VerifyFailure> {
    let order = lost.len();
    if lost[0] {
        return Err(VerifyFailure {
            witness: Some(Vec::new()),
            why: "the empty position is won for the player to move".to_string(),
        });
    }
    // Each type: its element, whether it has options, and for each r whether an option reaches
    // P from r. Types equal in these are merged (two present heaps of one such type give the
    // same r); each merged type keeps one heap.
    let mut merged_index: FxHashMap<(Element, bool, Vec<bool>), usize> = FxHashMap::default();
    let mut merged: Vec<(Element, bool, Vec<bool>, u64)> = Vec::new();
    for (a, options, heap) in types {
        let good: Vec<bool> = (0..order)
            .map(|r| options.iter().any(|&o| lost[mul[r][o as usize] as usize]))
            .collect();
        // A position of element r·a with this heap must not be lost if it has an option in P.
        for r in 0..order {
            if lost[mul[r][*a as usize] as usize] && good[r] {
                return Err(VerifyFailure {
                    witness: representatives.map(|reps| {
                        let mut position = reps[r].clone();
                        position.push(*heap);
                        position.sort_unstable();
                        position
                    }),
                    why: format!(
                        "a lost position has a move to a lost position (element {r} with a \
                         heap of element {a})"
                    ),
                });
            }
        }
        let key = (*a, !options.is_empty(), good.clone());
        if let std::collections::hash_map::Entry::Vacant(slot) = merged_index.entry(key) {
            slot.insert(merged.len());
            merged.push((*a, !options.is_empty(), good, *heap));
        }
    }
    let always: Vec<bool> = merged
        .iter()
        .map(|(_, _, g, _)| g.iter().all(|&x| x))
        .collect();
    // Types of one element a form a group: x − t has the same element r_g for every present t
    // of the group, so a state keeps, per group, r_g (or "none present") and which of its types
    // are present. Of r_g it keeps only its class under the coarsest partition of the elements
    // that separates every good_t of the group and is kept by multiplying by every heap's
    // element (Moore's refinement): two r in one class have, for every y and every t of the
    // group, the same good_t(r·y), which is all that the checks below ever ask of r_g.
    let mut group_element: Vec<Element> = Vec::new();
    let mut group_types: Vec<Vec<usize>> = Vec::new();
    let mut group_of: Vec<(usize, usize)> = Vec::with_capacity(merged.len());
    for (t, (a, _, _, _)) in merged.iter().enumerate() {
        let g = match group_element.iter().position(|e| e == a) {
            Some(g) => g,
            None => {
                group_element.push(*a);
                group_types.push(Vec::new());
                group_element.len() - 1
            }
        };
        group_of.push((g, group_types[g].len()));
        group_types[g].push(t);
    }
    let groups = group_element.len();
    let mut class_of: Vec<Vec<u64>> = Vec::with_capacity(groups);
    // class_good[g][c][i]: good_t(r) for the i-th type t of group g and r of class c.
    let mut class_good: Vec<Vec<Vec<bool>>> = Vec::with_capacity(groups);
    let mut class_step: Vec<Vec<Vec<u64>>> = Vec::with_capacity(groups);
    for members in &group_types {
        let mut label_ids: FxHashMap<Vec<bool>, usize> = FxHashMap::default();
        let labels: Vec<usize> = (0..order)
            .map(|r| {
                let signature: Vec<bool> = members.iter().map(|&t| merged[t].2[r]).collect();
                let fresh = label_ids.len();
                *label_ids.entry(signature).or_insert(fresh)
            })
            .collect();
        let class = minimise(order, &labels, groups, |r, h| {
            mul[r][group_element[h] as usize] as usize
        });
        let count = class.iter().copied().max().map_or(0, |c| c + 1);
        let mut representative = vec![usize::MAX; count];
        for (r, &c) in class.iter().enumerate() {
            if representative[c] == usize::MAX {
                representative[c] = r;
            }
        }
        class_good.push(
            representative
                .iter()
                .map(|&r| members.iter().map(|&t| merged[t].2[r]).collect())
                .collect(),
        );
        class_step.push(
            representative
                .iter()
                .map(|&r| {
                    group_element
                        .iter()
                        .map(|a| class[mul[r][*a as usize] as usize] as u64)
                        .collect()
                })
                .collect(),
        );
        class_of.push(class.into_iter().map(|c| c as u64).collect());
    }
    const ABSENT: u64 = u64::MAX;
    // Of the present types of a group only their union matters: the set of classes from which
    // some present type has an option into P. Unions are interned per group (id 0: empty).
    let mut unions: Vec<Vec<Vec<bool>>> = class_good
        .iter()
        .map(|classes| vec![vec![false; classes.len()]])
        .collect();
    let mut union_ids: Vec<FxHashMap<Vec<bool>, u64>> = unions
        .iter()
        .map(|u| std::iter::once((u[0].clone(), 0)).collect())
        .collect();
    // A state: Φ(x), whether some present heap has an option, then per group its class
    // (ABSENT if no type of it is present) and the union of its present types.
    let mut start: Vec<u64> = vec![0; 2 + 2 * groups];
    for g in 0..groups {
        start[2 + 2 * g] = ABSENT;
    }
    // Every state seen, with the state it was reached from and the type added.
    let mut seen: FxHashMap<Vec<u64>, usize> = FxHashMap::default();
    let mut states: Vec<(Vec<u64>, usize, usize, bool)> =
        vec![(start.clone(), usize::MAX, 0, false)];
    seen.insert(start, 0);
    let mut at = 0;
    while at < states.len() {
        let state = states[at].0.clone();
        let phi = state[0] as usize;
        let has_option = state[1] != 0;
        let mut reaches_lost = false;
        for g in 0..groups {
            let (c, union) = (state[2 + 2 * g], state[3 + 2 * g]);
            if c != ABSENT {
                reaches_lost |= unions[g][union as usize][c as usize];
            }
        }
        let saturated = states[at].3;
        if lost[phi] != (has_option && !reaches_lost) {
            let mut witness = Vec::new();
            let mut back = at;
            while back != 0 {
                witness.push(merged[states[back].2].3);
                back = states[back].1;
            }
            witness.sort_unstable();
            return Err(VerifyFailure {
                witness: Some(witness),
                why: format!(
                    "a position of element {phi} is {} but the candidate says {}",
                    if has_option && !reaches_lost {
                        "lost"
                    } else {
                        "won"
                    },
                    if lost[phi] { "lost" } else { "won" }
                ),
            });
        }
        if !saturated {
            for (t, (a, _, _, _)) in merged.iter().enumerate() {
                let (added_group, index) = group_of[t];
                let mut next = state.clone();
                next[0] = mul[phi][*a as usize] as u64;
                next[1] |= u64::from(merged[t].1);
                for g in 0..groups {
                    let c = state[2 + 2 * g];
                    if g == added_group {
                        next[2 + 2 * g] = class_of[g][phi];
                        let mut union = unions[g][state[3 + 2 * g] as usize].clone();
                        for (u, good) in union.iter_mut().zip(&class_good[g]) {
                            *u |= good[index];
                        }
                        let fresh = unions[g].len() as u64;
                        let id = *union_ids[g].entry(union.clone()).or_insert(fresh);
                        if id == fresh {
                            unions[g].push(union);
                        }
                        next[3 + 2 * g] = id;
                    } else if c != ABSENT {
                        next[2 + 2 * g] = class_step[g][c as usize][added_group];
                    }
                }
                let next_saturated = states[at].3 || always[t];
                if !seen.contains_key(&next) {
                    if seen.len() >= MAX_VERIFICATION_STATES {
                        return Err(VerifyFailure {
                            witness: None,
                            why: format!("more than {MAX_VERIFICATION_STATES} verification states"),
                        });
                    }
                    seen.insert(next.clone(), states.len());
                    states.push((next, at, t, next_saturated));
                }
            }
        }
        at += 1;
    }
    Ok(())
}
