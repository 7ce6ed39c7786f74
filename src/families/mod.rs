//! Heap games named at run time: take-and-break codes, subtraction games, all-but subtraction
//! games and Grundy's game (`../shared/spec/FAMILIES.md`).
//!
//! Each family is a [`HeapRule`]: what one heap may become in one move. A position is a multiset
//! of heaps ([`Heaps`]); by the Sprague–Grundy theorem its value is the nim-sum of the heaps'
//! values G(n), which come from a [`Values`] table computed from the rule alone.
//!
//! * [`take_break`] — octal and hexadecimal codes (`0.07`, `4.07`, `0.f`, `kayles`).
//! * [`subtraction`] — `sub:1,3,4` and `allbut:1,2`.
//! * [`grundys_game`] — split a heap into two unequal heaps.
//! * [`values`] — the sequence G(0), G(1), … of a rule.
//! * [`heaps`] — positions of a heap game, their moves and their theory.

pub mod engine;
pub mod grundys_game;
pub mod heaps;
pub mod misere;
pub mod period;
pub mod subtraction;
pub mod table;
pub mod take_break;
pub mod values;

pub use heaps::{HeapMove, Heaps};
pub use subtraction::{SetGame, SetRule};
pub use take_break::TakeBreakCode;
pub use values::Values;

use crate::script::ScriptHeapRule;
use std::fmt;
use std::sync::Arc;

/// The spelling of Grundy's game.
pub const GRUNDYS_GAME: &str = "grundys-game";

/// What one heap may become in one move: the rule of a heap game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRule {
    /// A take-and-break code.
    Code(TakeBreakCode),
    /// A subtraction game or an all-but subtraction game.
    Set(SetGame),
    /// Grundy's game.
    GrundysGame,
    /// A script's `heap_options(n)` (see [`crate::script`]); its options are computed by
    /// [`HeapRule::prepare`] before they are used.
    Script(Arc<ScriptHeapRule>),
}

impl HeapRule {
    /// The rule a spelling names: a code (`0.07`), an alias (`kayles`), `sub:…`, `allbut:…` or
    /// `grundys-game`. `None` when the spelling is no heap game's at all; `Some(Err)` with the
    /// reason when it is shaped like one but malformed.
    pub fn resolve(spelling: &str) -> Option<Result<HeapRule, String>> {
        if spelling == GRUNDYS_GAME {
            return Some(Ok(HeapRule::GrundysGame));
        }
        if let Some(&(_, code, _)) = take_break::ALIASES
            .iter()
            .find(|(alias, _, _)| *alias == spelling)
        {
            return TakeBreakCode::parse(code).map(|parsed| parsed.map(HeapRule::Code));
        }
        if let Some(parsed) = SetGame::parse(spelling) {
            return Some(parsed.map(HeapRule::Set));
        }
        TakeBreakCode::parse(spelling).map(|parsed| parsed.map(HeapRule::Code))
    }

    /// The rules in a line.
    pub fn describe(&self) -> String {
        match self {
            HeapRule::Code(code) => {
                let alias = take_break::ALIASES
                    .iter()
                    .find(|(_, spelled, _)| *spelled == code.to_string());
                match alias {
                    Some((_, _, description)) => {
                        format!("take-and-break code {code}; {description}")
                    }
                    None => format!(
                        "take-and-break code {code}: remove k tokens from a heap as digit d_k \
                         allows (bit 1: none left, 2: one heap, 4: two heaps, 8: three heaps)"
                    ),
                }
            }
            HeapRule::Set(set) => match set.rule() {
                SetRule::Subtraction => format!(
                    "subtraction game {set}: take k tokens from one heap, k in {{{}}}",
                    join(set.set())
                ),
                SetRule::AllBut => format!(
                    "all-but subtraction game {set}: take any k >= 1 tokens from one heap, k not \
                     in {{{}}}",
                    join(set.set())
                ),
            },
            HeapRule::GrundysGame => {
                "Grundy's game: split one heap into two non-empty heaps of different sizes"
                    .to_string()
            }
            HeapRule::Script(script) => script.describe(),
        }
    }

    /// Makes the options of every heap up to `n` available to [`for_each_option`]
    /// (Self::for_each_option): only a script's rule has work to do (and can fail).
    pub fn prepare(&self, n: u64) -> Result<(), String> {
        match self {
            HeapRule::Script(script) => script.prepare(n),
            _ => Ok(()),
        }
    }

    /// Calls `each(k, parts)` for every move on a heap of `n`: remove k tokens, leave the heaps
    /// `parts` (none to three, each non-empty, non-decreasing). Distinct calls leave distinct
    /// multisets of heaps.
    pub fn for_each_option(&self, n: u64, each: &mut dyn FnMut(u64, &[u64])) {
        match self {
            HeapRule::Code(code) => code.for_each_option(n, each),
            HeapRule::Set(set) => set.for_each_option(n, each),
            HeapRule::GrundysGame => grundys_game::for_each_option(n, each),
            HeapRule::Script(script) => script.for_each_option(n, each),
        }
    }

    /// Whether taking `take` from a heap of `n` and leaving `parts` (non-decreasing) is a move.
    /// Decided from the rule directly, so a heap of 2^63 costs no more than a heap of 3.
    pub fn is_option(&self, n: u64, take: u64, parts: &[u64]) -> bool {
        let Some(rest) = n.checked_sub(take) else {
            return false;
        };
        if parts.contains(&0)
            || parts.windows(2).any(|pair| pair[0] > pair[1])
            || parts.iter().try_fold(0u64, |sum, &p| sum.checked_add(p)) != Some(rest)
        {
            return false;
        }
        match self {
            HeapRule::Code(code) => {
                let Some(&digit) = usize::try_from(take)
                    .ok()
                    .and_then(|k| code.digits().get(k))
                else {
                    return false;
                };
                match parts.len() {
                    0 => digit & 1 != 0,
                    1 => digit & 2 != 0 && take >= 1,
                    2 => digit & 4 != 0,
                    3 => digit & 8 != 0,
                    _ => false,
                }
            }
            HeapRule::Set(set) => {
                let listed = set.set().binary_search(&take).is_ok();
                let allowed = match set.rule() {
                    SetRule::Subtraction => listed,
                    SetRule::AllBut => take >= 1 && !listed,
                };
                allowed && parts.len() <= 1
            }
            HeapRule::GrundysGame => take == 0 && parts.len() == 2 && parts[0] != parts[1],
            HeapRule::Script(script) => {
                let mut found = false;
                script.for_each_option(n, &mut |k, option| {
                    found |= k == take && option == parts;
                });
                found
            }
        }
    }

    /// The first `limit` options of a heap of `n`, in [`HeapRule::for_each_option`]'s order,
    /// without visiting the rest (a heap of 2^40 has 2^39 splits), and whether there are more.
    pub fn first_options(&self, n: u64, limit: usize) -> (Vec<(u64, Vec<u64>)>, bool) {
        let mut options = Vec::new();
        let HeapRule::Code(code) = self else {
            self.for_each_option(n, &mut |take, parts| options.push((take, parts.to_vec())));
            let more = options.len() > limit;
            options.truncate(limit);
            return (options, more);
        };
        let mut push = |take: u64, parts: Vec<u64>| {
            options.push((take, parts));
            options.len() > limit
        };
        for (k, &digit) in code.digits().iter().enumerate() {
            let k = k as u64;
            let Some(rest) = n.checked_sub(k) else { break };
            if digit & 1 != 0 && rest == 0 && push(k, Vec::new()) {
                break;
            }
            if digit & 2 != 0 && rest >= 1 && k >= 1 && push(k, vec![rest]) {
                break;
            }
            if digit & 4 != 0 && rest >= 2 && (1..=rest / 2).any(|a| push(k, vec![a, rest - a])) {
                break;
            }
            if digit & 8 != 0
                && rest >= 3
                && (1..=rest / 3)
                    .any(|a| (a..=(rest - a) / 2).any(|b| push(k, vec![a, b, rest - a - b])))
            {
                break;
            }
        }
        let more = options.len() > limit;
        options.truncate(limit);
        (options, more)
    }

    /// The most heaps one move can leave (1 for games that never split).
    pub fn most_parts(&self) -> usize {
        match self {
            HeapRule::Code(code) => code.most_parts(),
            HeapRule::Set(_) => 1,
            HeapRule::GrundysGame => 2,
            HeapRule::Script(script) => script.most_parts(),
        }
    }

    /// Roughly how many options all heaps of `0..=n` have together: the work of the
    /// straightforward table up to `n` (saturating).
    pub fn options_up_to(&self, n: u64) -> u128 {
        let n = u128::from(n);
        let linear = n * (n + 1) / 2;
        match self {
            HeapRule::Code(code) => code.digits().iter().fold(0u128, |work, &digit| {
                let mut per_digit = 0u128;
                if digit & 3 != 0 {
                    per_digit += n;
                }
                if digit & 4 != 0 {
                    per_digit += linear / 2;
                }
                if digit & 8 != 0 {
                    per_digit =
                        per_digit.saturating_add(n.saturating_mul(n).saturating_mul(n) / 36);
                }
                work.saturating_add(per_digit)
            }),
            HeapRule::Set(set) => match set.rule() {
                SetRule::Subtraction => n * set.set().len() as u128,
                SetRule::AllBut => linear,
            },
            HeapRule::GrundysGame => linear / 2,
            HeapRule::Script(script) => script.options_up_to(u64::try_from(n).unwrap_or(u64::MAX)),
        }
    }
}

impl fmt::Display for HeapRule {
    /// The canonical spelling (`0.77` for `kayles`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapRule::Code(code) => write!(f, "{code}"),
            HeapRule::Set(set) => write!(f, "{set}"),
            HeapRule::GrundysGame => f.write_str(GRUNDYS_GAME),
            HeapRule::Script(script) => f.write_str(script.name()),
        }
    }
}

fn join(items: &[u64]) -> String {
    items
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What `grundy list` says about the families.
pub const FAMILY_HELP: &str = "\
Heap games named by their rule (a position is heap sizes `3 5 7`; moves `2-1` take 1 from heap 2,
`2-1=3+4` take 1 from heap 2 and split the rest into heaps 3 and 4; heaps count from 1 in the
position as printed, ascending):
  0.07, 4.07, 0.f    take-and-break codes, octal or hexadecimal: digit d_k says what may be left
                     after removing k tokens from a heap (bit 1: nothing, 2: one heap, 4: two
                     heaps, 8: three heaps); d0 (0, 4, 8 or c) splits without removing
  kayles, dawsons-kayles, treblecross    aliases of 0.77, 0.07, 0.007
  sub:1,3,4          subtraction game: take k tokens from one heap, k in the set
  allbut:1,2         all-but subtraction game: take any k >= 1 not in the set
  grundys-game       split one heap into two non-empty heaps of different sizes
  verify:   --size S = single heaps up to 4S, pairs and triples of heaps up to S (default 12)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_resolve() {
        assert_eq!(
            HeapRule::resolve("kayles").unwrap().unwrap().to_string(),
            "0.77"
        );
        assert_eq!(
            HeapRule::resolve("grundys-game").unwrap().unwrap(),
            HeapRule::GrundysGame
        );
        assert!(HeapRule::resolve("end-piles").is_none());
        assert!(HeapRule::resolve("0.9z").unwrap().is_err());
        assert!(HeapRule::resolve("sub:").unwrap().is_err());
    }
}
