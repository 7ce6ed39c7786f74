//! The common sets of the sparse-space method (module doc of the method, *Common sets* and
//! *Choosing the sets*): a set over the value bits and the heap's parity for each class of split
//! moves, the values safe at a heap, and the choice of the sets from the Walsh–Hadamard
//! transform of the encodings. The ring mode chooses its sets the same way.

/// The common set of one class of split moves: a position x is common for class d when
/// popcount(G(x) & `mask`) + `heap_parity`·((x ⊕ d) & 1) is odd.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CommonSet {
    /// The value bits read.
    pub mask: u32,
    /// Whether the heap's parity is read too.
    pub heap_parity: bool,
}

impl CommonSet {
    /// Whether a position `heap` with value `value` is common for class `class` (0: even take
    /// sizes, 1: odd) — equivalently, whether `value` is safe at a heap of `heap`'s parity.
    #[inline(always)]
    pub(crate) fn common(self, class: usize, heap: usize, value: u32) -> bool {
        let parity = u32::from(self.heap_parity) & ((heap ^ class) as u32 & 1);
        ((value & self.mask).count_ones() + parity) & 1 == 1
    }
}

impl std::fmt::Display for CommonSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mask {:#x}", self.mask)?;
        if self.heap_parity {
            f.write_str(" with the heap's parity")?;
        }
        Ok(())
    }
}

/// The common set of each class of split moves (index: take size mod 2), `None` for a class
/// without split moves.
pub(crate) type Classes = [Option<CommonSet>; 2];

/// For each parity p of a heap: the bit set (`words` words) of values safe at such a heap for
/// every class.
pub(crate) fn safe_words(classes: &Classes, words: usize) -> [Vec<u64>; 2] {
    std::array::from_fn(|p| {
        (0..words)
            .map(|w| {
                (0..64).fold(0u64, |word, bit| {
                    let value = (w * 64 + bit) as u32;
                    let safe = classes
                        .iter()
                        .enumerate()
                        .all(|(d, set)| set.is_none_or(|set| set.common(d, p, value)));
                    word | (u64::from(safe) << bit)
                })
            })
            .collect()
    })
}

/// The Walsh–Hadamard transform of the histogram of encodings (`encodings[e]` positions x ≥ 1
/// with e(x) = e), over 2^(bits + 1) entries: entry M is Σ_e h(e)·(−1)^popcount(e & M).
pub(crate) fn transform(encodings: &[u64], bits: u32) -> Vec<i64> {
    let size = 1usize << (bits + 1);
    let mut h: Vec<i64> = (0..size)
        .map(|e| encodings.get(e).map_or(0, |&c| c as i64))
        .collect();
    let mut half = 1;
    while half < size {
        for start in (0..size).step_by(2 * half) {
            for i in start..start + half {
                let (x, y) = (h[i], h[i + half]);
                h[i] = x + y;
                h[i + half] = x - y;
            }
        }
        half *= 2;
    }
    h
}

/// How many positions x ≥ 1 are rare for class `class` under `set`, from the transform `h`.
pub(crate) fn rare_count(h: &[i64], set: CommonSet, class: usize) -> u64 {
    let m = ((set.mask as usize) << 1) | usize::from(set.heap_parity);
    if m >= h.len() {
        return u64::MAX;
    }
    // Positions with popcount(e & M) even; rare unless the parity and the class are both odd.
    let even = ((h[0] + h[m]) / 2) as u64;
    if set.heap_parity && class == 1 {
        h[0] as u64 - even
    } else {
        even
    }
}

/// The common set of class `class` leaving the fewest rare positions, and how many (ties: the
/// plain mask before the one with the parity, the smaller mask first).
pub(crate) fn best(h: &[i64], class: usize) -> (CommonSet, u64) {
    (1..h.len())
        .map(|m| CommonSet {
            mask: (m >> 1) as u32,
            heap_parity: m & 1 == 1,
        })
        .map(|set| (set, rare_count(h, set, class)))
        .min_by_key(|&(set, rare)| (rare, set.heap_parity, set.mask))
        .expect("at least one mask")
}

/// The common sets of the active split classes, from the transform `h` of the values of
/// `positions` positions: for each class the set leaving the fewest rare positions, unless the
/// `current` one leaves at most 9/8 as many (so that the rare lists are rebuilt rarely). None
/// when some class would leave 1/8 of the positions or more rare: the values are not sparse.
pub(crate) fn choose_classes(
    h: &[i64],
    active: [bool; 2],
    current: Option<Classes>,
    positions: u64,
) -> Option<Classes> {
    let mut classes: Classes = [None; 2];
    for d in (0..2).filter(|&d| active[d]) {
        let (best, best_rare) = best(h, d);
        let (set, rare) = current
            .and_then(|current| current[d])
            .map(|set| (set, rare_count(h, set, d)))
            .filter(|&(_, rare)| rare.saturating_mul(8) <= best_rare.saturating_mul(9))
            .unwrap_or((best, best_rare));
        if rare.saturating_mul(8) >= positions {
            return None;
        }
        classes[d] = Some(set);
    }
    Some(classes)
}
