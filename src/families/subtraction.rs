//! Subtraction games `sub:1,3,4` and all-but subtraction games `allbut:1,2`.
//!
//! **Rules.** In the subtraction game S a move takes k ∈ S tokens from one heap of at least k
//! tokens. In the all-but subtraction game of S a move takes any k ≥ 1 that is *not* in S.
//!
//! **Source.** Berlekamp, Conway and Guy, *Winning Ways*, chapter 4 (subtraction games);
//! Angela Siegel, *Finite excluded subtraction sets and infinite modular Nim* (2005), for all-but
//! games.
//!
//! **Theory.** A subtraction game is the take-and-break code with d_k = 3 exactly for k ∈ S, so
//! its values are periodic: G(n) depends only on the last max(S) values, there are finitely many
//! such windows, so the sequence repeats; a repeat of max(S) consecutive values proves the period
//! (the proof lives with the values, in [`crate::families::values`]). All-but games are
//! *arithmetic*-periodic (G(n + p) = G(n) + s eventually) rather than periodic.

use std::collections::BTreeSet;
use std::fmt;

/// Which kind of set game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SetRule {
    /// Take k for k in the set.
    Subtraction,
    /// Take any k ≥ 1 not in the set.
    AllBut,
}

/// A subtraction game or an all-but subtraction game, with its set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SetGame {
    rule: SetRule,
    set: Vec<u64>,
}

impl SetGame {
    /// Parses `sub:1,3,4` or `allbut:1,2`; `None` when `spelling` has neither prefix.
    pub fn parse(spelling: &str) -> Option<Result<SetGame, String>> {
        let (rule, list) = if let Some(list) = spelling.strip_prefix("sub:") {
            (SetRule::Subtraction, list)
        } else if let Some(list) = spelling.strip_prefix("allbut:") {
            (SetRule::AllBut, list)
        } else {
            return None;
        };
        let prefix = &spelling[..spelling.len() - list.len()];
        let example = match rule {
            SetRule::Subtraction => "sub:1,3,4",
            SetRule::AllBut => "allbut:1,2",
        };
        if list.is_empty() {
            return Some(Err(format!(
                "`{spelling}` names no numbers: write {prefix} and positive integers separated by \
                 commas, e.g. {example}"
            )));
        }
        let mut set = BTreeSet::new();
        for item in list.split(',') {
            match item.parse::<u64>() {
                Ok(k) if k >= 1 && !item.starts_with('+') => {
                    set.insert(k);
                }
                _ => {
                    return Some(Err(format!(
                        "`{spelling}`: `{item}` is not a positive integer below 2^64 (write \
                         {prefix} and positive integers separated by commas, e.g. {example})"
                    )));
                }
            }
        }
        Some(Ok(SetGame {
            rule,
            set: set.into_iter().collect(),
        }))
    }

    /// Which kind of set game.
    pub fn rule(&self) -> SetRule {
        self.rule
    }

    /// The set, ascending.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// Calls `each(k, parts)` for every move on a heap of `n`: take k, leave `parts` (one heap, or
    /// none when k = n).
    pub fn for_each_option(&self, n: u64, each: &mut dyn FnMut(u64, &[u64])) {
        let mut leave = |k: u64| {
            let rest = n - k;
            if rest == 0 {
                each(k, &[]);
            } else {
                each(k, &[rest]);
            }
        };
        match self.rule {
            SetRule::Subtraction => {
                for &k in self.set.iter().take_while(|&&k| k <= n) {
                    leave(k);
                }
            }
            SetRule::AllBut => {
                let mut excluded = self.set.iter().peekable();
                for k in 1..=n {
                    while excluded.next_if(|&&e| e < k).is_some() {}
                    if excluded.peek() == Some(&&k) {
                        continue;
                    }
                    leave(k);
                }
            }
        }
    }
}

impl fmt::Display for SetGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.rule {
            SetRule::Subtraction => "sub:",
            SetRule::AllBut => "allbut:",
        })?;
        for (index, k) in self.set.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{k}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn takes(spelling: &str, n: u64) -> Vec<u64> {
        let game = SetGame::parse(spelling).unwrap().unwrap();
        let mut all = Vec::new();
        game.for_each_option(n, &mut |k, _| all.push(k));
        all
    }

    #[test]
    fn spellings() {
        assert!(SetGame::parse("0.07").is_none());
        for bad in [
            "sub:",
            "sub:0",
            "allbut:",
            "sub:1,,2",
            "sub:-1",
            "sub:+1",
            "sub:1,x",
            "sub:18446744073709551616",
        ] {
            assert!(
                SetGame::parse(bad).unwrap().is_err(),
                "{bad} should be refused"
            );
        }
        let game = SetGame::parse("sub:4,1,3,1").unwrap().unwrap();
        assert_eq!(game.to_string(), "sub:1,3,4");
        assert_eq!(
            SetGame::parse("allbut:2,1").unwrap().unwrap().to_string(),
            "allbut:1,2"
        );
    }

    #[test]
    fn moves() {
        assert_eq!(takes("sub:1,3,4", 3), vec![1, 3]);
        assert_eq!(takes("allbut:1,2", 5), vec![3, 4, 5]);
        assert_eq!(takes("allbut:2", 3), vec![1, 3]);
    }
}
