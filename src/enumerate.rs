//! Every small position of each game, in increasing size: the ground `verify` and the tests
//! check the theory on. Each function documents what its `size` bounds.

use crate::games::bounded_take::Pile;
use crate::games::box_fill::{Bin, BoundRule};
use crate::games::{BeanSplit, BoundedTake, BoxFill, Chocolate, EndPiles, TakeOrMerge};

/// Every sequence of length `0..=max_len` over `low..=high`, shorter first, then lexicographic.
pub fn sequences(max_len: usize, low: u64, high: u64) -> Vec<Vec<u64>> {
    grow(max_len, low, high, false)
}

/// Every multiset (as a non-decreasing sequence) of size `0..=max_len` over `low..=high`.
pub fn multisets(max_len: usize, low: u64, high: u64) -> Vec<Vec<u64>> {
    grow(max_len, low, high, true)
}

/// Sequences built one element at a time; `non_decreasing` keeps only sorted ones.
fn grow(max_len: usize, low: u64, high: u64, non_decreasing: bool) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..max_len {
        let mut next = Vec::new();
        for prefix in &layer {
            let start = match prefix.last() {
                Some(&last) if non_decreasing => last,
                _ => low,
            };
            for value in start..=high {
                let mut grown = prefix.clone();
                grown.push(value);
                next.push(grown);
            }
        }
        all.extend(next.iter().cloned());
        layer = next;
    }
    all
}

/// end-piles: every row of at most `size` piles of 1 to `size` stones.
pub fn end_piles(size: u64) -> Vec<EndPiles> {
    sequences(size as usize, 1, size)
        .into_iter()
        .map(EndPiles::new)
        .collect()
}

/// take-or-merge: every multiset of piles with at most `size` stones in all.
pub fn take_or_merge(size: u64) -> Vec<TakeOrMerge> {
    fn partitions(
        remaining: u64,
        largest: u64,
        prefix: &mut Vec<u128>,
        out: &mut Vec<TakeOrMerge>,
    ) {
        out.push(TakeOrMerge::new(prefix.clone()));
        for part in (1..=largest.min(remaining)).rev() {
            prefix.push(u128::from(part));
            partitions(remaining - part, part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    partitions(size, size, &mut Vec::new(), &mut out);
    out.sort_by_key(|p| (p.piles().iter().sum::<u128>(), p.piles().to_vec()));
    out
}

/// chocolate: every position with at most 4 bars in the box and at most 2 on the table, each of
/// length 1 to `size`.
pub fn chocolate(size: u64) -> Vec<Chocolate> {
    let boxes = multisets(4, 1, size);
    let tables = multisets(2, 1, size);
    let mut out = Vec::new();
    for table in &tables {
        for boxed in &boxes {
            out.push(Chocolate::new(boxed.clone(), table.clone()));
        }
    }
    out.sort_by_key(|p| {
        (
            p.boxed().len() + p.table().len(),
            p.boxed().to_vec(),
            p.table().to_vec(),
        )
    });
    out
}

/// bounded-take: every single pile of at most `10·size` stones with `b` from 1 to `size`, and
/// every pair of piles of at most `size` stones with `b` from 1 to 4.
pub fn bounded_take(size: u64) -> Vec<BoundedTake> {
    let mut out = Vec::new();
    for stones in 0..=10 * size {
        for divisor in 1..=size {
            out.push(BoundedTake::new((), vec![Pile { stones, divisor }]));
        }
    }
    let singles: Vec<Pile> = (0..=size)
        .flat_map(|stones| (1..=4).map(move |divisor| Pile { stones, divisor }))
        .collect();
    for &a in &singles {
        for &b in &singles {
            out.push(BoundedTake::new((), vec![a, b]));
        }
    }
    out
}

/// bean-split: every row of 1 to 6 bottles with at most 2 beans each, and every row of 1 to 4
/// bottles with at most `size` beans each. (Longer rows are out of reach of the exhaustive search:
/// a bean `d` bottles from the end becomes up to `2^d` beans.)
pub fn bean_split(size: u64) -> Vec<BeanSplit> {
    let mut out: Vec<BeanSplit> = sequences(6, 0, 2)
        .into_iter()
        .chain(sequences(4, 0, size))
        .filter(|beans| !beans.is_empty())
        .map(BeanSplit::new)
        .collect();
    out.sort_by_key(|p| (p.beans.len(), p.beans.to_vec()));
    out.dedup();
    out
}

/// box-fill (either rule): every single box of capacity at most `5·size`, and every pair of boxes
/// of capacity at most `size`.
pub fn box_fill(rule: BoundRule, size: u64) -> Vec<BoxFill> {
    let bins = |cap: u64| -> Vec<Bin> {
        (0..=cap)
            .flat_map(|capacity| (0..=capacity).map(move |held| Bin { held, capacity }))
            .collect()
    };
    let mut out: Vec<BoxFill> = bins(5 * size)
        .into_iter()
        .map(|b| BoxFill::new(rule, vec![b]))
        .collect();
    let small = bins(size);
    for &a in &small {
        for &b in &small {
            out.push(BoxFill::new(rule, vec![a, b]));
        }
    }
    out
}

pub use crate::families::heaps::small_positions as heaps;
