//! Heap games named at run time: take-and-break codes, subtraction games, all-but subtraction
//! games and Grundy's game (`../shared/spec/FAMILIES.md`), and heap rules given from outside
//! (a script's `heap_options(n)`).
//!
//! Each family is a [`HeapRule`]: what one heap may become in one move. A position is a multiset
//! of heaps ([`Heaps`]); by the Sprague–Grundy theorem its value is the nim-sum of the heaps'
//! values G(n), which come from a [`Values`] table computed from the rule alone.
//!
//! **Shape.** Dependencies point one way: the families import nothing of the script engine or
//! the registry above them.
//!
//! 1. *Spelling.* [`HeapRule`] is the rule as spelled; each family module owns its spelling,
//!    its description and its moves: [`take_break`] (`0.07`, `4.07`, `0.f`, `kayles`),
//!    [`subtraction`] (`sub:1,3,4`, `allbut:1,2`), [`grundys_game`]. A malformed spelling is a
//!    [`SpellingError`].
//! 2. *Compiled rule.* [`HeapRule::compile`] decodes the spelling once into a [`CompiledRule`]
//!    ([`rule`]): lists of take sizes per kind of move ([`TakeSizes`]: eliminations, reductions,
//!    splits, unequal splits, three-heap splits), an all-but set, or an [`ExternalHeapRule`].
//!    The options, `is_option`, the first options, the work estimate, the most parts, the
//!    periodicity theorem and the fast engine's move lists are all read from it; no code outside
//!    the family modules looks at a digit's bits, and every match on [`MoveSet`] or [`HeapRule`]
//!    is exhaustive, so a new form makes the compiler list every place that must learn it.
//! 3. *External rules.* A rule given from outside implements [`ExternalHeapRule`] (the script
//!    engine's `ScriptHeapRule` does) and sits in the arm [`HeapRule::Script`] (the name kept:
//!    scripts are the only rules given from outside, and the arm's name is how callers and tests
//!    recognise them). Its options are computed on demand and the call is fallible, so no heap
//!    ever silently has no options and no caller has to prepare anything first.
//! 4. *Request and result.* A computation of values is asked for by one
//!    [`Limits`](values::Limits) (last position, work budget, interrupt flag, [`Progress`]
//!    observer, whether to go past a proof) and answers one [`Values`]; [`table`] fills the
//!    request from `--to` and reports on the result. Refusals are [`FamilyError`] and
//!    [`TableError`] values, one variant per kind (malformed, too large, script failed, …).
//!
//! * [`values`] — the sequence G(0), G(1), … of a rule; [`engine`] its fast computation,
//!   [`period`] the proof of its period.
//! * [`heaps`] — positions of a heap game, their moves and their theory.
//! * [`table`] — `grundy table`'s report and chart.
//! * [`census`] — `grundy census`: every game of a pattern, its period and its equivalents.

pub mod census;
pub mod engine;
pub mod error;
pub mod grundys_game;
pub mod heaps;
pub mod misere;
pub mod misere_census;
pub mod nim;
pub mod period;
pub mod progress;
pub mod rule;
pub mod subtraction;
pub mod table;
pub mod take_break;
pub mod values;

pub use error::{FamilyError, SpellingError, TableError};
pub use heaps::{HeapMove, Heaps};
pub use progress::{Progress, Watch};
pub use rule::{CompiledRule, ExternalHeapRule, MoveSet, TakeSizes};
pub use subtraction::{SetGame, SetRule};
pub use take_break::TakeBreakCode;
pub use values::Values;

use std::fmt;
use std::sync::Arc;

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
            HeapRule::Script(script) => MoveSet::External(Arc::clone(script)),
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
  nim                take any number of tokens from one heap (G(n) = n; see `nim` above)
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
        assert!(HeapRule::resolve("no-such-family").is_none());
        assert!(HeapRule::resolve("0.9z").unwrap().is_err());
        assert!(HeapRule::resolve("sub:").unwrap().is_err());
    }
}
