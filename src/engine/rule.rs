//! The normalised rule: what a heap may become, decoded once from a family's spelling.
//!
//! **Shape.** Every built-in family is a list of take sizes per kind of move, in the spirit of
//! tczajka's `octal-games` (its `Game {eliminations, reductions, splits, unequal_splits}`):
//!
//! | list | a move removes k tokens from a heap of n and leaves |
//! |---|---|
//! | `eliminations` | nothing (n = k) |
//! | `reductions` | one heap of n − k ≥ 1 (k ≥ 1) |
//! | `splits` | two non-empty heaps a + b = n − k |
//! | `unequal_splits` | two non-empty heaps a + b = n − k, a ≠ b |
//! | `triple_splits` | three non-empty heaps |
//!
//! A take-and-break code puts k in the lists its digit d_k's bits name (bit 1, 2, 4, 8); a
//! subtraction game `sub:S` is eliminations = reductions = S; Grundy's game is the unequal split
//! with k = 0. An all-but game `allbut:S` takes every k ≥ 1 outside S — an infinite list, so it
//! has its own form ([`MoveSet::AllBut`]); a rule given from outside (a script's
//! `heap_options(n)`) is an [`ExternalRule`] asked for each heap's options.
//!
//! Everything that needs the moves — the options, `is_option`, the first options, the work
//! estimate, the most parts, the periodicity theorem, whether the fast engine applies, and the
//! engine's own move lists — reads this value; matches on [`MoveSet`] are exhaustive, so a new
//! form makes the compiler list every place that must learn it.
//!
//! **Theorem** (Guy and Smith, 1956; Winning Ways ch. 4). A rule with finitely many take sizes,
//! largest t, whose moves leave at most h heaps and whose splits are not restricted to unequal
//! parts, has eventually periodic values, and a period is proved by finitely many values: the
//! exact condition and its proof are [`period`](super::period)'s. [`CompiledRule::theorem`]
//! returns that (h, t). The proof replaces the largest part c of a split by c ± p, which an
//! unequal split may not allow (c − p may equal the other part), hence the restriction: Grundy's
//! game has no such theorem.
//!
//! **External rules.** A script computes each heap's options by a call that can fail, so
//! [`ExternalRule::options`] is fallible and computes on demand every heap up to the one
//! asked: no caller has to prepare anything first, and no heap silently has no options. The
//! values and tables ask for the largest heap first (one call, one time limit), after which the
//! smaller heaps are cached.

use super::error::FamilyError;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A heap rule given from outside the families (a script's `heap_options(n)`): its name, its
/// rules in a line, and the options of each heap, computed on demand.
pub trait ExternalRule: Send + Sync {
    /// The rule's name (a script's file name): its spelling.
    fn name(&self) -> &str;

    /// The text that defines the rule (a script's source). With the name, the rule's identity:
    /// two rules of the same name and source are the same rule (two loads of one script), and
    /// rules that differ in either are different rules.
    fn source(&self) -> &str;

    /// The rules in a line.
    fn describe(&self) -> String;

    /// The options of a heap of `n`, each the non-decreasing list of the heaps left (empty:
    /// nothing left). Computes (and keeps) the options of every heap up to `n` first; fails as
    /// the rule fails, or when `n` is beyond what it computes.
    fn options(&self, n: u64) -> Result<Arc<[Vec<u64>]>, FamilyError>;

    /// The most heaps one move has left on the heaps computed so far.
    fn most_parts(&self) -> usize;

    /// Roughly how many options the heaps up to `n` have together (saturating).
    fn options_up_to(&self, n: u64) -> u128;
}

impl PartialEq for dyn ExternalRule {
    /// The same rule exactly when the name and the source are the same (see
    /// [`ExternalRule::source`]).
    fn eq(&self, other: &Self) -> bool {
        std::ptr::addr_eq(self, other)
            || (self.name() == other.name() && self.source() == other.source())
    }
}

impl Eq for dyn ExternalRule {}

impl Hash for dyn ExternalRule {
    /// The name and the source's length (equal rules have both equal).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
        self.source().len().hash(state);
    }
}

impl fmt::Debug for dyn ExternalRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExternalRule({})", self.name())
    }
}

/// The take sizes of each kind of move of a rule with finitely many (see the module doc). Each
/// list is ascending without repeats; `unequal_splits` holds no k that `splits` holds (an
/// unrestricted split includes the unequal ones), `reductions` no 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct TakeSizes {
    eliminations: Vec<u64>,
    reductions: Vec<u64>,
    splits: Vec<u64>,
    unequal_splits: Vec<u64>,
    triple_splits: Vec<u64>,
    /// Every k of some list, ascending: the order options are visited in.
    takes: Vec<u64>,
}

/// Ascending, without repeats.
fn normalised(mut list: Vec<u64>) -> Vec<u64> {
    list.sort_unstable();
    list.dedup();
    list
}

impl TakeSizes {
    /// The take sizes of each kind of move (any order, repeats allowed; a reduction by 0 is no
    /// move and is dropped).
    pub fn new(
        eliminations: Vec<u64>,
        reductions: Vec<u64>,
        splits: Vec<u64>,
        unequal_splits: Vec<u64>,
        triple_splits: Vec<u64>,
    ) -> TakeSizes {
        let splits = normalised(splits);
        let unequal_splits = normalised(unequal_splits)
            .into_iter()
            .filter(|k| splits.binary_search(k).is_err())
            .collect();
        let mut sizes = TakeSizes {
            eliminations: normalised(eliminations),
            reductions: normalised(reductions.into_iter().filter(|&k| k >= 1).collect()),
            splits,
            unequal_splits,
            triple_splits: normalised(triple_splits),
            takes: Vec::new(),
        };
        sizes.takes = normalised(
            [
                &sizes.eliminations,
                &sizes.reductions,
                &sizes.splits,
                &sizes.unequal_splits,
                &sizes.triple_splits,
            ]
            .into_iter()
            .flatten()
            .copied()
            .collect(),
        );
        sizes
    }

    /// The k that may remove a whole heap of k.
    pub fn eliminations(&self) -> &[u64] {
        &self.eliminations
    }

    /// The k ≥ 1 that may leave one heap.
    pub fn reductions(&self) -> &[u64] {
        &self.reductions
    }

    /// The k that may leave two heaps.
    pub fn splits(&self) -> &[u64] {
        &self.splits
    }

    /// The k that may leave two heaps of different sizes only.
    pub fn unequal_splits(&self) -> &[u64] {
        &self.unequal_splits
    }

    /// The k that may leave three heaps.
    pub fn triple_splits(&self) -> &[u64] {
        &self.triple_splits
    }

    /// Every take size of some kind, ascending.
    pub(crate) fn takes(&self) -> &[u64] {
        &self.takes
    }

    /// What removing `k` may leave.
    pub(crate) fn leaves(&self, k: u64) -> Leaves {
        let has = |list: &[u64]| list.binary_search(&k).is_ok();
        Leaves {
            nothing: has(&self.eliminations),
            one: has(&self.reductions),
            two: if has(&self.splits) {
                Some(Pairs::Any)
            } else if has(&self.unequal_splits) {
                Some(Pairs::Unequal)
            } else {
                None
            },
            three: has(&self.triple_splits),
        }
    }

    /// Visits the options of a heap of `n` in order (k ascending; for each k nothing, one heap,
    /// two, three), stopping when `each` returns true; returns whether it stopped.
    fn visit(&self, n: u64, each: &mut dyn FnMut(u64, &[u64]) -> bool) -> bool {
        for &k in &self.takes {
            let Some(rest) = n.checked_sub(k) else { break };
            let leaves = self.leaves(k);
            if leaves.nothing && rest == 0 && each(k, &[]) {
                return true;
            }
            if leaves.one && rest >= 1 && each(k, &[rest]) {
                return true;
            }
            if let Some(pairs) = leaves.two
                && rest >= 2
            {
                for a in 1..=rest / 2 {
                    if pairs == Pairs::Unequal && 2 * a == rest {
                        continue;
                    }
                    if each(k, &[a, rest - a]) {
                        return true;
                    }
                }
            }
            if leaves.three && rest >= 3 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        if each(k, &[a, b, rest - a - b]) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
}

/// Which pairs a two-heap split may leave.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pairs {
    /// Any a + b.
    Any,
    /// a ≠ b only (Grundy's game).
    Unequal,
}

/// What removing one take size may leave.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Leaves {
    pub(crate) nothing: bool,
    pub(crate) one: bool,
    pub(crate) two: Option<Pairs>,
    pub(crate) three: bool,
}

/// One option of a heap: the tokens removed and the heaps left.
pub type HeapOption = (u64, Vec<u64>);

/// The forms of moves a heap rule has.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveSet {
    /// Finitely many take sizes: codes, subtraction games, Grundy's game.
    Finite(TakeSizes),
    /// Take any k ≥ 1 not in the set (ascending), leaving one heap or none.
    AllBut(Vec<u64>),
    /// The options a rule given from outside computes.
    External(Arc<dyn ExternalRule>),
}

/// A heap rule compiled once: its moves in normalised form (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CompiledRule {
    moves: MoveSet,
}

impl CompiledRule {
    /// The rule of these moves.
    pub fn new(moves: MoveSet) -> CompiledRule {
        CompiledRule { moves }
    }

    /// The moves.
    pub fn moves(&self) -> &MoveSet {
        &self.moves
    }

    /// The periodicity theorem's h (most heaps a move leaves) and t (largest take size), when it
    /// applies: finitely many take sizes, splits not restricted to unequal parts.
    pub fn theorem(&self) -> Option<(u64, u64)> {
        match &self.moves {
            MoveSet::Finite(sizes) if sizes.unequal_splits.is_empty() => Some((
                self.most_parts() as u64,
                sizes.takes.last().copied().unwrap_or(0),
            )),
            MoveSet::Finite(_) | MoveSet::AllBut(_) | MoveSet::External(_) => None,
        }
    }

    /// Whether the fast engine computes the values: finitely many take sizes, at most two heaps
    /// left, and the splits all of one kind (unrestricted or unequal).
    pub fn is_fast(&self) -> bool {
        match &self.moves {
            MoveSet::Finite(sizes) => {
                sizes.triple_splits.is_empty()
                    && (sizes.splits.is_empty() || sizes.unequal_splits.is_empty())
            }
            MoveSet::AllBut(_) | MoveSet::External(_) => false,
        }
    }

    /// The most heaps one move can leave (1 for rules that never split).
    pub fn most_parts(&self) -> usize {
        match &self.moves {
            MoveSet::Finite(sizes) => {
                if !sizes.triple_splits.is_empty() {
                    3
                } else if !sizes.splits.is_empty() || !sizes.unequal_splits.is_empty() {
                    2
                } else {
                    1
                }
            }
            MoveSet::AllBut(_) => 1,
            MoveSet::External(rule) => rule.most_parts(),
        }
    }

    /// Visits the options of a heap of `n` in order, stopping when `each` returns true; returns
    /// whether it stopped. Fails only for an external rule that fails.
    fn visit(
        &self,
        n: u64,
        each: &mut dyn FnMut(u64, &[u64]) -> bool,
    ) -> Result<bool, FamilyError> {
        match &self.moves {
            MoveSet::Finite(sizes) => Ok(sizes.visit(n, each)),
            MoveSet::AllBut(excluded) => {
                let mut excluded = excluded.iter().peekable();
                for k in 1..=n {
                    while excluded.next_if(|&&e| e < k).is_some() {}
                    if excluded.peek() == Some(&&k) {
                        continue;
                    }
                    let rest = n - k;
                    let stopped = if rest == 0 {
                        each(k, &[])
                    } else {
                        each(k, &[rest])
                    };
                    if stopped {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            MoveSet::External(rule) => {
                for parts in rule.options(n)?.iter() {
                    let left = parts
                        .iter()
                        .fold(0u64, |sum, &part| sum.saturating_add(part));
                    if each(n.saturating_sub(left), parts) {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
        }
    }

    /// Calls `each(k, parts)` for every move on a heap of `n`: remove k tokens, leave the heaps
    /// `parts` (none to three for the built-in rules, each non-empty, non-decreasing). Distinct
    /// calls leave distinct multisets of heaps. Fails only for an external rule that fails.
    pub fn try_for_each_option(
        &self,
        n: u64,
        each: &mut dyn FnMut(u64, &[u64]),
    ) -> Result<(), FamilyError> {
        self.visit(n, &mut |k, parts| {
            each(k, parts);
            false
        })
        .map(|_| ())
    }

    /// [`try_for_each_option`](Self::try_for_each_option) for heaps whose options are known to be
    /// computable: every heap of a [`Heaps`](super::Heaps) position, and every heap up to
    /// [`Values::computed_to`](super::values::Values::computed_to) of values computed from this
    /// rule (an external rule computed those heaps' options before the values).
    ///
    /// # Panics
    /// When an external rule fails on the heap after all (a broken invariant, not bad input).
    pub fn for_each_option(&self, n: u64, each: &mut dyn FnMut(u64, &[u64])) {
        if let Err(error) = self.try_for_each_option(n, each) {
            panic!("the options of a heap of {n} were computed before, yet: {error}");
        }
    }

    /// Whether taking `take` from a heap of `n` and leaving `parts` (non-decreasing) is a move.
    /// Decided from the take sizes directly for the built-in rules, so a heap of 2^63 costs no
    /// more than a heap of 3; an external rule's options are looked up.
    pub fn is_option(&self, n: u64, take: u64, parts: &[u64]) -> Result<bool, FamilyError> {
        let Some(rest) = n.checked_sub(take) else {
            return Ok(false);
        };
        if parts.contains(&0)
            || parts.windows(2).any(|pair| pair[0] > pair[1])
            || parts.iter().try_fold(0u64, |sum, &p| sum.checked_add(p)) != Some(rest)
        {
            return Ok(false);
        }
        match &self.moves {
            MoveSet::Finite(sizes) => {
                let leaves = sizes.leaves(take);
                Ok(match parts {
                    [] => leaves.nothing,
                    [_] => leaves.one,
                    [a, b] => match leaves.two {
                        Some(Pairs::Any) => true,
                        Some(Pairs::Unequal) => a != b,
                        None => false,
                    },
                    [_, _, _] => leaves.three,
                    _ => false,
                })
            }
            MoveSet::AllBut(excluded) => {
                Ok(take >= 1 && excluded.binary_search(&take).is_err() && parts.len() <= 1)
            }
            MoveSet::External(rule) => Ok(rule.options(n)?.iter().any(|option| option == parts)),
        }
    }

    /// The first `limit` options of a heap of `n`, in [`for_each_option`](Self::for_each_option)'s
    /// order, without visiting the rest (a heap of 2^40 has 2^39 splits), and whether there are
    /// more.
    pub fn first_options(
        &self,
        n: u64,
        limit: usize,
    ) -> Result<(Vec<HeapOption>, bool), FamilyError> {
        let mut options = Vec::new();
        self.visit(n, &mut |take, parts| {
            options.push((take, parts.to_vec()));
            options.len() > limit
        })?;
        let more = options.len() > limit;
        options.truncate(limit);
        Ok((options, more))
    }

    /// Roughly how many options all heaps of `0..=n` have together: the work of the
    /// straightforward table up to `n` (saturating).
    pub fn options_up_to(&self, n: u64) -> u128 {
        let wide = u128::from(n);
        let linear = wide * (wide + 1) / 2;
        match &self.moves {
            MoveSet::Finite(sizes) => sizes.takes.iter().fold(0u128, |work, &k| {
                let leaves = sizes.leaves(k);
                let mut per_take = 0u128;
                if leaves.nothing || leaves.one {
                    per_take += wide;
                }
                if leaves.two.is_some() {
                    per_take += linear / 2;
                }
                if leaves.three {
                    per_take = per_take
                        .saturating_add(wide.saturating_mul(wide).saturating_mul(wide) / 36);
                }
                work.saturating_add(per_take)
            }),
            MoveSet::AllBut(_) => linear,
            MoveSet::External(rule) => rule.options_up_to(n),
        }
    }
}
