//! A heap rule as spelled ([`HeapRule`]): each family's spelling resolved, described and
//! compiled into the [`CompiledRule`] the engine reads; and the rules given from outside
//! ([`ExternalHeapRule`], a script's `heap_options(n)`).

use super::subtraction::{SetGame, SetRule};
use super::take_break::{self, TakeBreakCode};
use super::{grundys_game, nim};
use crate::engine::error::SpellingError;
use crate::engine::rule::{CompiledRule, ExternalRule, MoveSet};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A heap rule given from outside the families (a script's `heap_options(n)`): an
/// [`ExternalRule`] (its name, its rules in a line, each heap's options computed on demand)
/// that can also say which take-and-break code it matches.
pub trait ExternalHeapRule: ExternalRule {
    /// The take-and-break code whose options are the rule's on every heap computed so far, with
    /// the largest heap compared, when there is one (evidence, not proof).
    fn recognised_code(&self) -> Option<(TakeBreakCode, u64)>;
}

impl PartialEq for dyn ExternalHeapRule {
    /// The same rule exactly when the name and the source are the same (two loads of one
    /// script are the same rule; see [`ExternalRule::source`]).
    fn eq(&self, other: &Self) -> bool {
        std::ptr::addr_eq(self, other)
            || (self.name() == other.name() && self.source() == other.source())
    }
}

impl Eq for dyn ExternalHeapRule {}

impl Hash for dyn ExternalHeapRule {
    /// The name and the source's length (equal rules have both equal).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
        self.source().len().hash(state);
    }
}

impl fmt::Debug for dyn ExternalHeapRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExternalHeapRule({})", self.name())
    }
}

/// The spelling of Grundy's game.
pub const GRUNDYS_GAME: &str = "grundys-game";

/// What one heap may become in one move: the rule of a heap game, as spelled.
///
/// [`HeapRule::compile`] turns it into the [`CompiledRule`] every computation reads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRule {
    /// A take-and-break code.
    Code(TakeBreakCode),
    /// A subtraction game or an all-but subtraction game.
    Set(SetGame),
    /// Grundy's game.
    GrundysGame,
    /// Nim: take any number of tokens from one heap ([`nim`]).
    Nim,
    /// A rule given from outside: a script's `heap_options(n)` (see [`crate::script`]), whose
    /// options are computed on demand (and can fail).
    Script(Arc<dyn ExternalHeapRule>),
}

impl HeapRule {
    /// The rule a spelling names: a code (`0.07`), an alias (`kayles`), `sub:…`, `allbut:…` or
    /// `grundys-game`. `None` when the spelling is no heap game's at all; `Some(Err)` with the
    /// reason when it is shaped like one but malformed.
    pub fn resolve(spelling: &str) -> Option<Result<HeapRule, SpellingError>> {
        if spelling == GRUNDYS_GAME {
            return Some(Ok(HeapRule::GrundysGame));
        }
        if spelling == nim::NIM {
            return Some(Ok(HeapRule::Nim));
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
            HeapRule::Code(code) => code.describe(),
            HeapRule::Set(set) => set.describe(),
            HeapRule::GrundysGame => grundys_game::DESCRIPTION.to_string(),
            HeapRule::Nim => nim::DESCRIPTION.to_string(),
            HeapRule::Script(script) => script.describe(),
        }
    }

    /// The rule in normalised form: each family decodes its own spelling, once.
    pub fn compile(&self) -> CompiledRule {
        CompiledRule::new(match self {
            HeapRule::Code(code) => MoveSet::Finite(code.take_sizes()),
            HeapRule::Set(set) => set.moves(),
            HeapRule::GrundysGame => MoveSet::Finite(grundys_game::take_sizes()),
            HeapRule::Nim => nim::moves(),
            HeapRule::Script(script) => {
                MoveSet::External(Arc::clone(script) as Arc<dyn ExternalRule>)
            }
        })
    }

    /// Calls `each(k, parts)` for every move on a heap of `n`: remove k tokens, leave the heaps
    /// `parts` (none to three, each non-empty, non-decreasing). Distinct calls leave distinct
    /// multisets of heaps. An external rule's options are computed on demand, and can fail:
    /// [`CompiledRule::try_for_each_option`] reports that; here it panics.
    ///
    /// # Panics
    /// When an external rule fails on a heap of `n`.
    pub fn for_each_option(&self, n: u64, each: &mut dyn FnMut(u64, &[u64])) {
        if let Err(error) = self.compile().try_for_each_option(n, each) {
            panic!("{self}: {error}");
        }
    }

    /// Why no period can be claimed for this rule at all, when that is so (for `table`).
    pub fn no_theorem(&self) -> Option<String> {
        match self {
            HeapRule::GrundysGame => Some(grundys_game::NO_THEOREM.to_string()),
            HeapRule::Nim => Some(nim::NO_THEOREM.to_string()),
            HeapRule::Set(set) => set.no_theorem().map(str::to_string),
            HeapRule::Script(script) => Some(match script.recognised_code() {
                Some((code, checked)) => format!(
                    "a script's rule is known only on the heaps computed, so its periods are \
                     observed, not proved; its moves are those of the take-and-break code {code} \
                     on every heap up to {checked}, and `grundy table {code}` proves that code's \
                     period"
                ),
                None => "a script's rule is known only on the heaps computed, so its periods \
                         are observed, not proved"
                    .to_string(),
            }),
            HeapRule::Code(_) => None,
        }
    }

    /// Whether `table` looks for an arithmetic period in the values (all-but games and scripts,
    /// whose values may grow without bound).
    pub fn observes_arithmetic_period(&self) -> bool {
        match self {
            HeapRule::Set(set) => set.rule() == SetRule::AllBut,
            HeapRule::Script(_) | HeapRule::Nim => true,
            HeapRule::Code(_) | HeapRule::GrundysGame => false,
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
            HeapRule::Nim => f.write_str(nim::NIM),
            HeapRule::Script(script) => f.write_str(script.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rule::*;
    use proptest::prelude::*;

    /// The options of a heap of `n` under the code with digits `digits`, straight from the
    /// definition (FAMILIES.md): remove k ≤ n, then by d_k's bits leave nothing (1, n = k), one
    /// heap (2, n − k ≥ 1, k ≥ 1), two non-empty heaps (4) or three (8); as sorted multisets.
    fn code_by_definition(digits: &[u8], n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut all = Vec::new();
        for (k, &digit) in digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            let rest = n - k;
            if digit & 1 != 0 && rest == 0 {
                all.push((k, vec![]));
            }
            if digit & 2 != 0 && rest >= 1 && k >= 1 {
                all.push((k, vec![rest]));
            }
            for a in 1..rest {
                let b = rest - a;
                if digit & 4 != 0 && a <= b {
                    all.push((k, vec![a, b]));
                }
                for c in 1..b {
                    let d = b - c;
                    if digit & 8 != 0 && a <= c && c <= d {
                        all.push((k, vec![a, c, d]));
                    }
                }
            }
        }
        all.sort();
        all
    }

    fn compiled(spelling: &str) -> CompiledRule {
        HeapRule::resolve(spelling)
            .expect("a family")
            .expect("well spelled")
            .compile()
    }

    fn options(rule: &CompiledRule, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut all = Vec::new();
        rule.for_each_option(n, &mut |k, parts| all.push((k, parts.to_vec())));
        all
    }

    fn sorted(mut list: Vec<(u64, Vec<u64>)>) -> Vec<(u64, Vec<u64>)> {
        list.sort();
        list
    }

    /// Checks `is_option` and `first_options` against the full list of options.
    fn consistent(rule: &CompiledRule, n: u64) {
        let all = options(rule, n);
        for (k, parts) in &all {
            assert!(rule.is_option(n, *k, parts).unwrap(), "{n}: {k} {parts:?}");
        }
        for limit in [0, 1, 2, all.len()] {
            let (first, more) = rule.first_options(n, limit).unwrap();
            assert_eq!(first, all[..limit.min(all.len())].to_vec());
            assert_eq!(more, all.len() > limit);
        }
        let distinct = sorted(all.clone());
        let mut unique = distinct.clone();
        unique.dedup();
        assert_eq!(distinct, unique, "options are distinct");
        // A few non-moves.
        assert!(!rule.is_option(n, n + 1, &[]).unwrap());
        assert!(!rule.is_option(n, 0, &[n]).unwrap());
    }

    proptest! {
        #[test]
        fn random_codes_match_the_definition(
            d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
            rest in prop::collection::vec(0u8..16, 0..6),
            n in 0u64..24,
        ) {
            let mut digits = vec![d0];
            digits.extend(rest);
            let rule = HeapRule::Code(TakeBreakCode::from_digits(&digits)).compile();
            let ours = options(&rule, n);
            prop_assert_eq!(sorted(ours.clone()), code_by_definition(&digits, n));
            for k in 0..=n {
                for a in 0..=n {
                    for parts in [vec![], vec![a], vec![a, n - k - a.min(n - k)]] {
                        let mut parts: Vec<u64> = parts.into_iter().filter(|&p| p > 0).collect();
                        parts.sort_unstable();
                        let listed = ours.iter().any(|(j, p)| *j == k && *p == parts);
                        prop_assert_eq!(rule.is_option(n, k, &parts).unwrap(), listed);
                    }
                }
            }
            consistent(&rule, n);
        }
    }

    #[test]
    fn sets_and_grundys_game_match_the_definition() {
        for n in 0..30u64 {
            // sub:1,3,4: take k in the set.
            let sub = compiled("sub:1,3,4");
            let expected: Vec<(u64, Vec<u64>)> = [1, 3, 4]
                .into_iter()
                .filter(|&k| k <= n)
                .map(|k| (k, if k == n { vec![] } else { vec![n - k] }))
                .collect();
            assert_eq!(options(&sub, n), expected);
            consistent(&sub, n);
            // allbut:2,5: take any k >= 1 but 2 and 5.
            let all_but = compiled("allbut:2,5");
            let expected: Vec<(u64, Vec<u64>)> = (1..=n)
                .filter(|k| ![2, 5].contains(k))
                .map(|k| (k, if k == n { vec![] } else { vec![n - k] }))
                .collect();
            assert_eq!(options(&all_but, n), expected);
            consistent(&all_but, n);
            // Grundy's game: a + b = n, 1 <= a < b.
            let grundy = compiled("grundys-game");
            let expected: Vec<(u64, Vec<u64>)> = (1..n)
                .filter(|&a| a < n - a)
                .map(|a| (0, vec![a, n - a]))
                .collect();
            assert_eq!(options(&grundy, n), expected);
            consistent(&grundy, n);
        }
        // A subtraction game with a huge take size and a huge heap: decided without visiting.
        let far = compiled("sub:1,18446744073709551615");
        assert!(far.is_option(u64::MAX, u64::MAX, &[]).unwrap());
        assert!(!far.is_option(u64::MAX, 2, &[u64::MAX - 2]).unwrap());
    }

    #[test]
    fn theorem_and_engine_by_form() {
        assert_eq!(compiled("0.07").theorem(), Some((2, 2)));
        assert_eq!(compiled("0.8").theorem(), Some((3, 1)));
        assert_eq!(compiled("sub:1,3,4").theorem(), Some((1, 4)));
        assert_eq!(compiled("grundys-game").theorem(), None);
        assert_eq!(compiled("allbut:1").theorem(), None);
        assert!(compiled("0.07").is_fast() && compiled("grundys-game").is_fast());
        assert!(!compiled("0.8").is_fast() && !compiled("allbut:1").is_fast());
        assert_eq!(compiled("grundys-game").most_parts(), 2);
        assert_eq!(compiled("sub:2").most_parts(), 1);
    }

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
        assert!(HeapRule::resolve("no-such-family").is_none());
        assert!(HeapRule::resolve("0.9z").unwrap().is_err());
        assert!(HeapRule::resolve("sub:").unwrap().is_err());
    }
}
