//! Cram's nimbers from the definition alone — mex over every domino of a grid of cells (`true`
//! empty), memoised on the whole grid — sharing nothing with the solver. The one copy serves both
//! the library's tests (`games::cram::tests`) and the binary's (`tests/cram.rs`, which includes
//! this file by path), so it may use nothing but `std`.

use std::collections::HashMap;

/// The nimber of a grid (`true`: empty cell) by the definition: mex over every domino.
pub(crate) fn brute_force(
    grid: &mut Vec<Vec<bool>>,
    memo: &mut HashMap<Vec<Vec<bool>>, u32>,
) -> u32 {
    if let Some(&value) = memo.get(grid) {
        return value;
    }
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut seen = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < rows && c2 < cols && grid[r][c] && grid[r2][c2] {
                    grid[r][c] = false;
                    grid[r2][c2] = false;
                    seen.push(brute_force(grid, memo));
                    grid[r][c] = true;
                    grid[r2][c2] = true;
                }
            }
        }
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(grid.clone(), value);
    value
}
