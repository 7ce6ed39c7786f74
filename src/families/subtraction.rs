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
//! (the proof lives with the engine, in [`crate::engine::period`]). All-but games are
//! *arithmetic*-periodic (G(n + p) = G(n) + s eventually) rather than periodic.

use crate::engine::error::SpellingError;
use crate::engine::rule::{CompiledRule, MoveSet, TakeSizes};
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
    pub fn parse(spelling: &str) -> Option<Result<SetGame, SpellingError>> {
        let (rule, list) = if let Some(list) = spelling.strip_prefix("sub:") {
            (SetRule::Subtraction, list)
        } else if let Some(list) = spelling.strip_prefix("allbut:") {
            (SetRule::AllBut, list)
        } else {
            return None;
        };
        let prefix = match rule {
            SetRule::Subtraction => "sub:",
            SetRule::AllBut => "allbut:",
        };
        let example = match rule {
            SetRule::Subtraction => "sub:1,3,4",
            SetRule::AllBut => "allbut:1,2",
        };
        if list.is_empty() {
            return Some(Err(SpellingError::EmptySet {
                spelling: spelling.to_string(),
                prefix,
                example,
            }));
        }
        let mut set = BTreeSet::new();
        for item in list.split(',') {
            match item.parse::<u64>() {
                Ok(k) if k >= 1 && !item.starts_with('+') => {
                    set.insert(k);
                }
                _ => {
                    return Some(Err(SpellingError::SetItem {
                        spelling: spelling.to_string(),
                        item: item.to_string(),
                        prefix,
                        example,
                    }));
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

    /// The moves: a subtraction game takes k in the set, leaving one heap or none (the take
    /// sizes of both kinds); an all-but game every k >= 1 outside it.
    pub fn moves(&self) -> MoveSet {
        match self.rule {
            SetRule::Subtraction => MoveSet::Finite(TakeSizes::new(
                self.set.clone(),
                self.set.clone(),
                Vec::new(),
                Vec::new(),
                Vec::new(),
            )),
            SetRule::AllBut => MoveSet::AllBut(self.set.clone()),
        }
    }

    /// Calls `each(k, parts)` for every move on a heap of `n`: take k, leave `parts` (one heap, or
    /// none when k = n).
    pub fn for_each_option(&self, n: u64, each: &mut dyn FnMut(u64, &[u64])) {
        CompiledRule::new(self.moves()).for_each_option(n, each);
    }

    /// The rules in a line.
    pub fn describe(&self) -> String {
        let listed = self
            .set
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        match self.rule {
            SetRule::Subtraction => {
                format!("subtraction game {self}: take k tokens from one heap, k in {{{listed}}}")
            }
            SetRule::AllBut => format!(
                "all-but subtraction game {self}: take any k >= 1 tokens from one heap, k not in \
                 {{{listed}}}"
            ),
        }
    }

    /// Why no period can be claimed, for all-but games.
    pub fn no_theorem(&self) -> Option<&'static str> {
        match self.rule {
            SetRule::Subtraction => None,
            SetRule::AllBut => Some(
                "all-but games are arithmetic-periodic, not periodic: the values grow without \
                 bound, so no period exists; an arithmetic period is only observed",
            ),
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
