//! The building blocks of small positions: every sequence and every multiset of small numbers,
//! in increasing size. Each game lists its own small positions (`end_piles::small_positions`,
//! …), the ground `verify` and the tests check its theory on.

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
