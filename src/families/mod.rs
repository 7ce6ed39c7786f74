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
//!    ([`crate::engine::rule`], the value the table engine reads): lists of take sizes per kind
//!    of move ([`TakeSizes`]: eliminations, reductions, splits, unequal splits, three-heap
//!    splits), an all-but set, or an [`ExternalRule`]. The options, `is_option`, the first
//!    options, the work estimate, the most parts, the periodicity theorem and the fast engine's
//!    move lists are all read from it; no code outside the family modules looks at a digit's
//!    bits, and every match on [`MoveSet`] or [`HeapRule`] is exhaustive, so a new form makes the
//!    compiler list every place that must learn it.
//! 3. *External rules.* A rule given from outside implements [`ExternalHeapRule`] (the script
//!    engine's `ScriptHeapRule` does) and sits in the arm [`HeapRule::Script`] (the name kept:
//!    scripts are the only rules given from outside, and the arm's name is how callers and tests
//!    recognise them). Its options are computed on demand and the call is fallible, so no heap
//!    ever silently has no options and no caller has to prepare anything first.
//! 4. *Request and result.* A computation of values is asked for by one
//!    [`Limits`](crate::engine::values::Limits) (last position, work budget, interrupt flag,
//!    [`Progress`] observer, whether to go past a proof) and answers one [`Values`]; [`table`]
//!    fills the request from `--to` and reports on the result. Refusals are [`FamilyError`] and
//!    [`TableError`] values, one variant per kind (malformed, too large, script failed, …).
//!
//! * [`heap_rule`] — the rule as spelled, compiled, and the rules given from outside.
//! * [`values`] — the sequence G(0), G(1), … of a rule; [`crate::engine`] its fast computation,
//!   [`crate::engine::period`] the proof of its period.
//! * [`heaps`] — positions of a heap game, their moves and their theory.
//! * [`table`] — `grundy table`'s report and chart.
//! * [`census`] — `grundy census`: every game of a pattern, its period and its equivalents.
//! * [`misere_table`] — `grundy table --misere`: the misère report on a rule's heaps.

pub mod census;
pub mod error;
pub mod grundys_game;
pub mod heap_rule;
pub mod heaps;
pub mod misere;
pub mod misere_census;
pub mod misere_table;
pub mod nim;
pub mod subtraction;
pub mod table;
pub mod take_break;
pub mod values;

pub use crate::engine::error::{FamilyError, SpellingError};
pub use crate::engine::progress::{Progress, Watch};
pub use crate::engine::rule::{CompiledRule, ExternalRule, MoveSet, TakeSizes};
pub use crate::engine::values::Values;
pub use error::TableError;
pub use heap_rule::{ExternalHeapRule, GRUNDYS_GAME, HeapRule};
pub use heaps::{HeapMove, Heaps};
pub use subtraction::{SetGame, SetRule};
pub use take_break::TakeBreakCode;

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
