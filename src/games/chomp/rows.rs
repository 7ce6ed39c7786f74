//! # P-positions of three- and four-rowed Chomp, by their top row
//!
//! **Notation.** A three-rowed board is `[a, b, c]`, a ≥ b ≥ c ≥ 0 its row lengths from the
//! poisoned row (a ≥ 1); a four-rowed one `[a, b, c, d]`. Shorter boards are the ones whose top
//! rows are 0, so a census of four rows lists the boards of up to four rows.
//!
//! **At most one top row.** For given lower rows (a, b) at most one c makes `[a, b, c]` a
//! P-position: two such boards `[a, b, c]`, `[a, b, c']` with c' < c would be a move apart (bite
//! the top row at column c'), and a P-position has no P-option. The same holds for the top row
//! of any number of rows (Brouwer, Horváth, Molnár-Sáska and Szabó state it for the first row
//! of three, with the roles of the rows exchanged; Garg for the fourth row of four). Write
//! T(a, b) for that c (none when no c works), T(a, b, c) for the four-rowed d.
//!
//! **Finding it.** The options of `[a, b, c]` are
//!
//! * a bite in the top row, `[a, b, c']` with c' < c;
//! * a bite in the first row at column x, 1 ≤ x < a: `[x, min(b, x), min(c, x)]`;
//! * a bite in the second row at column y, 0 ≤ y < b: `[a, y, min(c, y)]`.
//!
//! An option with lower rows (a', b') and top row t is a P-position iff t = T(a', b'). For a bite
//! at column x in a lower row, the option's top row is min(c, x) and e = T(a', b') ≤ x, so the
//! option is a P-position iff c = e (when e < x) or c ≥ x (when e = x): every lower bite forbids
//! one value of c or every c from x on. Then T(a, b) is the least c ≤ b that no lower bite
//! forbids — the top-row bites of a smaller c are then no P-options, since a smaller c was not
//! chosen only because it was forbidden — or none when every c ≤ b is forbidden.
//!
//! **The sweep.** The bites of the first row at x < a forbid the same values for every a > x,
//! so they are kept, per b, as a bit set of forbidden values with a threshold (the least x
//! forbidding every c ≥ x), and each new first row a adds the bites at x = a − 1 (which need the
//! previous first row's T). The bites of the second row are kept the same way while b grows for
//! a fixed a. A position costs its share of two bit-set scans: O(a^3 / 64) words for every board
//! with first row ≤ a in all, O(a^2 / 128) words of memory. Four rows add a third level: the
//! first row's sets are kept per (b, c), the second row's per c, the third row's while c grows
//! (O(a^4 / 64) time, O(a^3 / 384) words).
//!
//! This is the cubic algorithm's idea (Brouwer et al. compute, for each pair of upper rows, the
//! first row that makes a P-position, by the values the pair's options exclude) read with the
//! top row as the unknown, and with the excluded values held as bit sets.
//!
//! **Records.** OEIS A395126 lists the four-rowed P-positions (a, b, c, d) in lexicographic
//! order; its comment gives 4,316,097 of them for n ≤ 500, which is reproduced as the boards
//! with first row a ≤ 500 (`grundy census chomp:4 --to 500 --count`). Nivasch's three-rowed
//! census (to 10,000) was not found to check against.
//!
//! **Sources.** A. E. Brouwer, G. Horváth, I. Molnár-Sáska, C. Szabó, "On three-rowed Chomp",
//! *INTEGERS* 5 (2005), #G07 (the cubic algorithm); D. Zeilberger, "Three-rowed CHOMP",
//! *Adv. Appl. Math.* 26 (2001); A. Garg, "Structural results for 4 × n Chomp" (arXiv
//! 2604.25952, 2026) and OEIS A395126.

/// The most memory a census may use for its bit sets, in bytes (8 GiB).
pub const CENSUS_MEMORY_LIMIT: u64 = 8 << 30;

/// A bit set of forbidden top rows with its threshold (every value from it on is forbidden).
struct Forbidden<'a> {
    words: &'a mut [u64],
    threshold: &'a mut u32,
}

impl Forbidden<'_> {
    /// Records a lower bite at column `column` whose option's lower rows have top row `top`
    /// (`None`: no top row makes them a P-position).
    fn add(&mut self, column: u32, top: Option<u32>) {
        match top {
            Some(e) if e < column => self.words[e as usize / 64] |= 1 << (e % 64),
            Some(_) => *self.threshold = (*self.threshold).min(column),
            None => {}
        }
    }
}

/// The least value in 0..=limit in none of the sets and below every threshold.
fn least_free(sets: &[&[u64]], thresholds: &[u32], limit: u32) -> Option<u32> {
    let bound = thresholds
        .iter()
        .fold(limit.saturating_add(1), |m, &t| m.min(t));
    let words = (bound as usize).div_ceil(64);
    for word in 0..words {
        let taken = sets.iter().fold(0u64, |acc, set| acc | set[word]);
        if taken != u64::MAX {
            let value = word as u32 * 64 + (!taken).trailing_zeros();
            return (value < bound).then_some(value);
        }
    }
    None
}

/// Words of a bit set of the values 0..=top.
fn words_for(top: u32) -> usize {
    top as usize / 64 + 1
}

/// Why a census cannot run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge(pub String);

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Checks a census's memory before it allocates.
fn check_memory(what: &str, words: u128) -> Result<usize, TooLarge> {
    let bytes = words.saturating_mul(8);
    if bytes > u128::from(CENSUS_MEMORY_LIMIT) {
        return Err(TooLarge(format!(
            "{what} needs {bytes} bytes of bit sets, more than the {CENSUS_MEMORY_LIMIT} bytes \
             (8 GiB) a census may use"
        )));
    }
    usize::try_from(words).map_err(|_| TooLarge(format!("{what} does not fit this machine")))
}

/// Every three-rowed P-position `[a, b, c]` with 1 ≤ a ≤ `to`, in lexicographic order, given to
/// `visit`; their number, or the memory it would need when that is too much.
pub fn three_row_p_positions(to: u32, mut visit: impl FnMut([u32; 3])) -> Result<u64, TooLarge> {
    // First-row bites, per b: the forbidden c ≤ b.
    let offsets: Vec<usize> = (0..=to)
        .scan(0usize, |next, b| {
            let at = *next;
            *next += words_for(b);
            Some(at)
        })
        .collect();
    let total: u128 = (0..=u128::from(to)).map(|b| b / 64 + 1).sum();
    let total = check_memory(&format!("the three-row census to {to}"), total)?;
    let mut first_words = vec![0u64; total];
    let mut first_thresholds = vec![u32::MAX; to as usize + 1];
    let mut previous: Vec<Option<u32>> = Vec::new(); // T(a - 1, ·)
    let mut current: Vec<Option<u32>> = Vec::with_capacity(to as usize + 1);
    let mut second_words = vec![0u64; words_for(to)];
    let mut diagonal_words = vec![0u64; words_for(to)];
    let mut diagonal: Vec<Option<u32>> = vec![None]; // T(x, x), x ≥ 1
    let mut count = 0u64;
    for a in 1..=to {
        // The first-row bite at x = a - 1 leaves [x, b, min(c, x)] for b ≤ x; for b > x it
        // leaves [x, x, min(c, x)], the same for every b, kept in the diagonal set below.
        let x = a - 1;
        if x >= 1 {
            for b in 0..=x {
                let top = previous[b as usize];
                let start = offsets[b as usize];
                let end = start + words_for(b);
                Forbidden {
                    words: &mut first_words[start..end],
                    threshold: &mut first_thresholds[b as usize],
                }
                .add(x, top);
            }
        }
        second_words[..words_for(a)].fill(0);
        diagonal_words[..words_for(a)].fill(0);
        let mut second_threshold = u32::MAX;
        let mut diagonal_threshold = u32::MAX;
        current.clear();
        for b in 0..=a {
            if b >= 2 {
                // The first-row bite at x = b - 1 < b leaves [x, x, min(c, x)].
                Forbidden {
                    words: &mut diagonal_words,
                    threshold: &mut diagonal_threshold,
                }
                .add(b - 1, diagonal[b as usize - 1]);
            }
            let start = offsets[b as usize];
            let end = start + words_for(b);
            let top = least_free(
                &[
                    &first_words[start..end],
                    &second_words[..words_for(b)],
                    &diagonal_words[..words_for(b)],
                ],
                &[
                    first_thresholds[b as usize],
                    second_threshold,
                    diagonal_threshold,
                ],
                b,
            );
            if b == a {
                diagonal.push(top);
            }
            if let Some(c) = top {
                count += 1;
                visit([a, b, c]);
            }
            current.push(top);
            Forbidden {
                words: &mut second_words,
                threshold: &mut second_threshold,
            }
            .add(b, top);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    Ok(count)
}

/// The index of (b, c), c ≤ b, in a triangle.
fn pair(b: u32, c: u32) -> usize {
    b as usize * (b as usize + 1) / 2 + c as usize
}

/// Every four-rowed P-position `[a, b, c, d]` with 1 ≤ a ≤ `to`, in lexicographic order, given
/// to `visit`; their number, or the memory it would need when that is too much.
pub fn four_row_p_positions(to: u32, mut visit: impl FnMut([u32; 4])) -> Result<u64, TooLarge> {
    // The bit sets of (b, c) take c / 64 + 1 words; a pair also keeps an offset, a threshold
    // and two tops (28 bytes, counted as 4 words).
    let side = u128::from(to) + 1;
    let pair_count = side * (side + 1) / 2;
    let set_words: u128 = (0..side).map(|c| (c / 64 + 1) * (side - c)).sum();
    check_memory(
        &format!("the four-row census to {to}"),
        set_words + 4 * pair_count,
    )?;
    let pairs = pair(to, to) + 1;
    let mut offsets = Vec::with_capacity(pairs);
    let mut total = 0usize;
    for b in 0..=to {
        for c in 0..=b {
            offsets.push(total);
            total += words_for(c);
        }
    }
    let span = |b: u32, c: u32| {
        let start = offsets[pair(b, c)];
        start..start + words_for(c)
    };
    let mut first_words = vec![0u64; total];
    let mut first_thresholds = vec![u32::MAX; pairs];
    let mut previous: Vec<Option<u32>> = Vec::new(); // T(a - 1, ·, ·) by pair(b, c)
    let mut current: Vec<Option<u32>> = Vec::with_capacity(pairs);
    // Second-row bites, per c, for the current a.
    let row_words = words_for(to);
    let mut second_words = vec![0u64; row_words * (to as usize + 1)];
    let mut second_thresholds = vec![u32::MAX; to as usize + 1];
    let mut third_words = vec![0u64; row_words];
    let mut count = 0u64;
    for a in 1..=to {
        let x = a - 1;
        if x >= 1 {
            for b in 0..=to {
                for c in 0..=b {
                    let top = previous[pair(b.min(x), c.min(x))];
                    Forbidden {
                        words: &mut first_words[span(b, c)],
                        threshold: &mut first_thresholds[pair(b, c)],
                    }
                    .add(x, top);
                }
            }
        }
        second_words.fill(0);
        second_thresholds.fill(u32::MAX);
        current.clear();
        for b in 0..=a {
            third_words.fill(0);
            let mut third_threshold = u32::MAX;
            for c in 0..=b {
                let second = c as usize * row_words;
                let top = least_free(
                    &[
                        &first_words[span(b, c)],
                        &second_words[second..second + words_for(c)],
                        &third_words[..words_for(c)],
                    ],
                    &[
                        first_thresholds[pair(b, c)],
                        second_thresholds[c as usize],
                        third_threshold,
                    ],
                    c,
                );
                if let Some(d) = top {
                    count += 1;
                    visit([a, b, c, d]);
                }
                current.push(top);
                Forbidden {
                    words: &mut third_words,
                    threshold: &mut third_threshold,
                }
                .add(c, top);
            }
            // The second-row bite at y = b, for every c of the rows to come.
            for c in 0..=a {
                let top = current[pair(b, c.min(b))];
                let second = c as usize * row_words;
                Forbidden {
                    words: &mut second_words[second..second + row_words],
                    threshold: &mut second_thresholds[c as usize],
                }
                .add(b, top);
            }
        }
        std::mem::swap(&mut previous, &mut current);
    }
    Ok(count)
}
