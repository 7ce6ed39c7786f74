//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::collections::HashMap;

/// The widely copied end-piles recurrence step, which puts the boundary `x = l` in the plain `x`
/// case (wrong): kept only to show that the tests and `verify` catch it.
pub fn copied_extend(l: u64, r: u64, x: u64) -> u64 {
    if x == r {
        0
    } else if (x <= l && x < r) || (x >= l && x > r) {
        x
    } else if l <= x && x < r {
        x + 1
    } else {
        x - 1
    }
}

/// The standard output of a command that must have succeeded (its stderr is shown if not).
pub fn stdout_of_success(output: std::process::Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// A heap position written as the words grundy reads and prints: `3 5 7`.
pub fn spaced(position: &[u64]) -> String {
    position
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The options of a heap position under the octal code whose digits after the point are
/// `digits`, from the definition of octal codes alone: taking k from a heap of n may leave no
/// heap (bit 1 of digit k, only when k = n), one heap (bit 2) or two non-empty heaps (bit 4).
/// Each option is sorted, without empty heaps.
pub fn octal_options(digits: &[u8], position: &[u64]) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for (index, &heap) in position.iter().enumerate() {
        let rest: Vec<u64> = position
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, &h)| h)
            .collect();
        for (k, &digit) in (1u64..).zip(digits) {
            if k > heap {
                break;
            }
            let left = heap - k;
            let mut leave = |parts: &[u64]| {
                let mut next = rest.clone();
                next.extend_from_slice(parts);
                next.sort_unstable();
                all.push(next);
            };
            if left == 0 && digit & 1 != 0 {
                leave(&[]);
            }
            if left >= 1 && digit & 2 != 0 {
                leave(&[left]);
            }
            if left >= 2 && digit & 4 != 0 {
                for a in 1..=left / 2 {
                    leave(&[a, left - a]);
                }
            }
        }
    }
    all
}

/// Kayles (0.77): take one pin or two adjacent pins from a row, leaving up to two rows.
pub fn kayles_options(position: &[u64]) -> Vec<Vec<u64>> {
    octal_options(&[7, 7], position)
}

/// Exhaustive misère search written from the definition, independent of grundy's code: a
/// position is won for the player to move when it has no move, or some move leaves a position
/// lost for the player to move then.
pub struct MisereReferee {
    options: fn(&[u64]) -> Vec<Vec<u64>>,
    won: HashMap<Vec<u64>, bool>,
}

impl MisereReferee {
    /// A referee for the game whose positions have the options `options`.
    pub fn new(options: fn(&[u64]) -> Vec<Vec<u64>>) -> Self {
        MisereReferee {
            options,
            won: HashMap::new(),
        }
    }

    /// The options of `position` under the referee's rules.
    pub fn options(&self, position: &[u64]) -> Vec<Vec<u64>> {
        (self.options)(position)
    }

    /// Whether the player to move wins `position` under misère play.
    pub fn is_won(&mut self, position: &[u64]) -> bool {
        if let Some(&known) = self.won.get(position) {
            return known;
        }
        let options = (self.options)(position);
        let won = options.is_empty() || options.iter().any(|next| !self.is_won(next));
        self.won.insert(position.to_vec(), won);
        won
    }

    /// A move from `position` to a position lost for the player then to move, if there is one.
    pub fn winning_move(&mut self, position: &[u64]) -> Option<Vec<u64>> {
        (self.options)(position)
            .into_iter()
            .find(|next| !self.is_won(next))
    }
}
