//! Children before parents: the one traversal that every memoised search of a game tree makes.
//!
//! A memoised search (the Grundy value of a position from its options' values, its misère
//! outcome, its genus) needs each position's options solved before the position itself. Written
//! as recursion it overflows the call stack on deep games (a heap of a million tokens, taken one
//! at a time, is a million frames deep), so every search here runs the same iteration instead:
//! an explicit stack of frames, each holding a position, its options and how many of them are
//! known to be solved. The top frame looks for its next unsolved option; if there is one, that
//! option's frame is pushed; if not, the position is solved from its options and popped. Each
//! position is solved once, after all of its options — a post-order of the game's graph of
//! positions, which is acyclic because every game here ends.
//!
//! [`solve_post_order`] is that iteration, generic over what a search stores (`state`), how a
//! position's options are listed and how a position is solved from them, so the searches differ
//! only in what they compute, not in how they walk.

/// Solves `root` and every position reachable from it that `is_solved` does not already know,
/// each after all of its options.
///
/// * `is_solved(state, position)`: whether the search already holds `position`.
/// * `options_of(state, position, depth)`: the options of `position`, which lies `depth` moves
///   below `root` (a search may refuse a position too deep by returning an error).
/// * `solve(state, position, options)`: called once per unsolved position, when every one of
///   `options` is solved; it must record `position` so that `is_solved` sees it.
///
/// The first error from `options_of` or `solve` ends the walk and is returned; what was solved
/// before it stays in `state`.
pub fn solve_post_order<S, K: Clone, E>(
    state: &mut S,
    root: K,
    is_solved: impl Fn(&S, &K) -> bool,
    mut options_of: impl FnMut(&mut S, &K, usize) -> Result<Vec<K>, E>,
    mut solve: impl FnMut(&mut S, K, Vec<K>) -> Result<(), E>,
) -> Result<(), E> {
    if is_solved(state, &root) {
        return Ok(());
    }
    let first = options_of(state, &root, 0)?;
    let mut stack: Vec<(K, Vec<K>, usize)> = vec![(root, first, 0)];
    while let Some((_, options, next)) = stack.last_mut() {
        match options[*next..]
            .iter()
            .position(|child| !is_solved(state, child))
        {
            Some(offset) => {
                *next += offset;
                let child = options[*next].clone();
                let grandchildren = options_of(state, &child, stack.len())?;
                stack.push((child, grandchildren, 0));
            }
            None => {
                let (position, options, _) = stack.pop().expect("the stack is not empty");
                solve(state, position, options)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::solve_post_order;
    use std::collections::HashMap;

    /// Subtraction of 1 or 2: every position is solved once, after its options, even when the
    /// chain is far deeper than a recursive walk could go.
    #[test]
    fn each_position_once_and_after_its_options() {
        let mut solved: HashMap<u64, u64> = HashMap::new();
        let mut order = Vec::new();
        let result: Result<(), ()> = solve_post_order(
            &mut solved,
            200_000u64,
            |memo, n| memo.contains_key(n),
            |_, &n, _| Ok((1..=2).filter(|&k| k <= n).map(|k| n - k).collect()),
            |memo, n, options| {
                assert!(options.iter().all(|o| memo.contains_key(o)));
                let seen: Vec<u64> = options.iter().map(|o| memo[o]).collect();
                let value = (0..).find(|v| !seen.contains(v)).expect("a mex exists");
                order.push(n);
                memo.insert(n, value);
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(order.len(), 200_001);
        assert_eq!(order[0], 0);
        assert_eq!(solved[&200_000], 200_000 % 3);
    }

    /// An error from `options_of` (here: a depth limit) ends the walk with that error.
    #[test]
    fn an_error_ends_the_walk() {
        let mut solved: HashMap<u64, ()> = HashMap::new();
        let result = solve_post_order(
            &mut solved,
            50u64,
            |memo, n| memo.contains_key(n),
            |_, &n, depth| {
                if depth > 10 {
                    Err(depth)
                } else {
                    Ok(n.checked_sub(1).into_iter().collect())
                }
            },
            |memo, n, _| {
                memo.insert(n, ());
                Ok(())
            },
        );
        assert_eq!(result, Err(11));
        assert!(solved.is_empty());
    }
}
