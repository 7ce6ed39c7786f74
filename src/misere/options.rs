//! How the misère modules read a heap game: one function giving each heap's options.

/// What a heap of n may become in one move: `options(n, each)` calls `each(parts)` once for
/// every option, `parts` the heaps it leaves (none to a few, each non-empty). Everything in this
/// module reads a game through this one function, so any rule can be given to it.
pub type HeapOptions<'a> = &'a dyn Fn(u64, &mut dyn FnMut(&[u64]));

/// Every option of a heap of `n`, collected.
pub fn collect_options(options: HeapOptions<'_>, n: u64) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    options(n, &mut |parts| all.push(parts.to_vec()));
    all
}
