//! Sums of independent counters: the shape bounded-take and box-fill share.
//!
//! A position is a row of components (piles, boxes), each written `x/y`. A move changes one
//! component by a *count* from 1 to a bound that depends on the component alone (take up to
//! ⌊num/b⌋ stones; add up to b stones). The components are independent games, so by the
//! Sprague–Grundy theorem the position's value is the nim-sum of the components' values, and a
//! move wins exactly when it takes one component of value g to a value g ⊕ X, X the total.
//!
//! A game of this shape implements [`Counter`] for its component (its Grundy value, the counts
//! that reach a given value, its `x/y` text) and gets the position type [`CountedSum`] with
//! moves, theory, notation, parsing and display.

use crate::compound::components::Components;
use crate::compound::measure::{FastMeasures, Measures};
use crate::core::{ImpartialGame, Nimber, Winner, nim_sum};
use crate::game::{Entry, GameError};
use crate::misere::game::{MisereTheory, analysis_error, search_winning_moves};
use crate::misere::genus::GameGenusSearch;
use crate::misere::search::{DEFAULT_MISERE_POSITIONS, MisereSearch};
use crate::misere::tame_sum_lost;
use crate::notation::{first_counted_moves, parse_indexed_count, single_difference, split_pair};
use crate::scanner::{InputError, Scanner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;
use std::sync::Arc;

/// One component of a [`CountedSum`].
pub trait Counter: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// What every component of a position shares (box-fill's bound rule; nothing for
    /// bounded-take).
    type Rule: Copy + Eq + Hash + fmt::Debug + Default + Send + Sync + 'static;

    /// The component's name in messages: `pile`, `box`.
    const NOUN: &'static str;
    /// The character between the component's number and the count in a move: `2-3`, `1+2`.
    const SEPARATOR: char;
    /// The component's notation in messages: `num/b`, `current/capacity`.
    const SHAPE: &'static str;

    /// The largest count of a move on this component (0 when it admits none).
    fn most(&self, rule: Self::Rule) -> u64;

    /// The component after a move of `count` (1 ≤ count ≤ [`most`](Self::most)).
    fn after(&self, rule: Self::Rule, count: u64) -> Self;

    /// The count that takes `self` to `to`, if `to` is one move away.
    fn count_to(&self, rule: Self::Rule, to: &Self) -> Option<u64>;

    /// The component's Grundy value.
    fn grundy(&self, rule: Self::Rule) -> Nimber;

    /// Calls `each(count)` for every count of a move that leaves this component with value
    /// `target`.
    fn counts_to_value(&self, rule: Self::Rule, target: Nimber, each: &mut dyn FnMut(u64));

    /// The component written `x/y`, as a pair.
    fn pair(&self) -> (u64, u64);

    /// The component from its pair, or why it is not one.
    fn from_pair(first: u64, second: u64) -> Result<Self, String>;

    /// The component's remoteness and suspense, where the game has a rule for them (else they
    /// are searched, [`crate::compound`]).
    fn measures(&self, rule: Self::Rule) -> Option<Measures> {
        let _ = rule;
        None
    }
}

/// A position of a sum of counters: the shared rule and the components in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountedSum<C: Counter> {
    rule: C::Rule,
    parts: Vec<C>,
}

/// Change component `index` (0-based) by `count`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CountedMove {
    /// 0-based component index.
    pub index: usize,
    /// The count.
    pub count: u64,
}

impl<C: Counter> CountedSum<C> {
    /// The position of these components under `rule`.
    pub fn new(rule: C::Rule, parts: Vec<C>) -> Self {
        CountedSum { rule, parts }
    }

    /// The components, in order.
    pub fn parts(&self) -> &[C] {
        &self.parts
    }

    /// The shared rule.
    pub fn rule(&self) -> C::Rule {
        self.rule
    }

    /// Reads `x/y x/y …` under `rule`; errors name the offending token's line and column.
    pub fn parse_with(rule: C::Rule, text: &str) -> Result<Self, InputError> {
        let mut scanner = Scanner::new(text.as_bytes());
        let mut parts = Vec::new();
        while let Some(token) = scanner.next_token() {
            let (first, second) = split_pair(&token, C::SHAPE)?;
            parts.push(C::from_pair(first, second).map_err(|message| token.error(message))?);
        }
        Ok(CountedSum { rule, parts })
    }

    fn values(&self) -> Vec<Nimber> {
        self.parts.iter().map(|c| c.grundy(self.rule)).collect()
    }
}

impl<C: Counter> ImpartialGame for CountedSum<C> {
    type Move = CountedMove;

    fn moves(&self) -> Vec<CountedMove> {
        self.some_moves(usize::MAX).0
    }

    fn play(&self, mv: &CountedMove) -> Self {
        let mut next = self.clone();
        next.parts[mv.index] = self.parts[mv.index].after(self.rule, mv.count);
        next
    }

    fn move_to(&self, target: &Self) -> Option<CountedMove> {
        let index = single_difference(&self.parts, &target.parts)?;
        let count = self.parts[index].count_to(self.rule, &target.parts[index])?;
        Some(CountedMove { index, count })
    }

    fn some_moves(&self, limit: usize) -> (Vec<CountedMove>, bool) {
        let most = self.parts.iter().map(|c| c.most(self.rule));
        first_counted_moves(most, limit, |index, count| CountedMove { index, count })
    }

    fn quiet_move(&self) -> Option<CountedMove> {
        self.parts
            .iter()
            .position(|c| c.most(self.rule) >= 1)
            .map(|index| CountedMove { index, count: 1 })
    }
}

impl<C: Counter> Theory for CountedSum<C> {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(nim_sum(self.values()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(nim_sum(self.values()))
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let values = self.values();
        let total = nim_sum(values.iter().copied());
        let mut collector = MoveCollector::new(limit);
        if total == Nimber::ZERO {
            return Ok(collector.finish());
        }
        for (index, (part, &value)) in self.parts.iter().zip(&values).enumerate() {
            let target = total ^ value;
            part.counts_to_value(self.rule, target, &mut |count| {
                collector.push(|| WinningMove {
                    mv: CountedMove { index, count },
                    reason: format!(
                        "{} {} goes from SG {} to SG {}: nim-sum 0",
                        C::NOUN,
                        index + 1,
                        value.0,
                        target.0
                    ),
                });
            });
        }
        Ok(collector.finish())
    }
}

impl<C: Counter> Notation for CountedSum<C> {
    fn format_move(&self, mv: &CountedMove) -> String {
        format!("{}{}{}", mv.index + 1, C::SEPARATOR, mv.count)
    }

    fn parse_move(&self, text: &str) -> Result<CountedMove, String> {
        let (index, count) = parse_indexed_count(text, C::SEPARATOR, C::NOUN, self.parts.len())?;
        let part = self.parts[index];
        let most = part.most(self.rule);
        if count == 0 || count > most {
            let (first, second) = part.pair();
            return Err(format!(
                "{} {} ({first}/{second}) allows a count of 1 to {most}",
                C::NOUN,
                index + 1,
            ));
        }
        Ok(CountedMove { index, count })
    }
}

impl<C: Counter> FromStr for CountedSum<C> {
    type Err = InputError;

    /// Reads the position under the default rule.
    fn from_str(text: &str) -> Result<Self, InputError> {
        Self::parse_with(C::Rule::default(), text)
    }
}

impl<C: Counter> fmt::Display for CountedSum<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, part) in self.parts.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            let (first, second) = part.pair();
            write!(f, "{first}/{second}")?;
        }
        Ok(())
    }
}

/// How many component positions the misère genus computation stores at most.
pub const MISERE_COMPONENT_POSITIONS: usize = 1_000_000;

/// Misère play of a sum of counters: Conway's tame sums. The genus of each component is
/// computed from its followers (within [`MISERE_COMPONENT_POSITIONS`]); when every component
/// is tame, the sum is lost exactly when some component is firm and the nim-sum of the g's is 0,
/// or none is and the nim-sum is 1 ([`crate::misere::tame`]), and a move wins exactly when it
/// leaves such a sum. A sum with a wild (or too large) component falls back on exhaustive misère
/// search within its limit.
impl<C: Counter> MisereTheory for CountedSum<C> {
    fn misere_lost(&self) -> Result<bool, AnalysisError> {
        let mut search = GameGenusSearch::new(MISERE_COMPONENT_POSITIONS);
        match self.tame_components(&mut search) {
            Some(components) => Ok(tame_sum_lost(components)),
            None => MisereSearch::new(DEFAULT_MISERE_POSITIONS)
                .is_lost(self)
                .map_err(analysis_error),
        }
    }

    fn misere_winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let mut search = GameGenusSearch::new(MISERE_COMPONENT_POSITIONS);
        let Some(components) = self.tame_components(&mut search) else {
            return search_winning_moves(self, limit).map_err(analysis_error);
        };
        let total = components.iter().fold(0, |sum, &(g, _)| sum ^ g);
        let firm = components.iter().filter(|&&(_, f)| f).count();
        let mut collector = MoveCollector::new(limit);
        for (index, (part, &(g, is_firm))) in self.parts.iter().zip(&components).enumerate() {
            for count in 1..=part.most(self.rule) {
                let after = CountedSum::new(self.rule, vec![part.after(self.rule, count)]);
                let (genus, tame) = search.genus(&after).map_err(analysis_error)?;
                debug_assert!(tame, "followers of a tame component are tame");
                let new_total = total ^ g ^ genus.grundy;
                let new_firm = firm - usize::from(is_firm) + usize::from(genus.is_firm());
                let lost = if new_firm > 0 {
                    new_total == 0
                } else {
                    new_total == 1
                };
                if lost {
                    collector.push(|| WinningMove {
                        mv: CountedMove { index, count },
                        reason: format!(
                            "{} {} becomes genus {genus}: a tame sum of nim-sum {new_total} with \
                             {} (misère Nim)",
                            C::NOUN,
                            index + 1,
                            if new_firm > 0 {
                                "a firm component"
                            } else {
                                "only fickle components"
                            }
                        ),
                    });
                }
            }
        }
        Ok(collector.finish())
    }
}

impl<C: Counter> CountedSum<C> {
    /// Each component's (g, firm) when every component is tame; `None` if one is wild or its
    /// genus is out of reach.
    fn tame_components(&self, search: &mut GameGenusSearch<Self>) -> Option<Vec<(u64, bool)>> {
        self.parts
            .iter()
            .map(|&part| {
                let single = CountedSum::new(self.rule, vec![part]);
                match search.genus(&single) {
                    Ok((genus, true)) => Some((genus.grundy, genus.is_firm())),
                    _ => None,
                }
            })
            .collect()
    }
}

// ---- As compounds: each pile or box a component, its R and S searched over the component's
// own positions. ----

impl<C: Counter> Components for CountedSum<C> {
    fn components(&self) -> Vec<Self> {
        self.parts()
            .iter()
            .map(|&part| CountedSum::new(self.rule(), vec![part]))
            .collect()
    }

    fn small_components(entry: &Entry<Self>, size: u64) -> Result<Vec<Self>, GameError> {
        // Every `x/y` with both at most S (y ≥ 1) that the game reads as one component.
        let mut out = Vec::new();
        for second in 1..=size {
            for first in 0..=size {
                if let Ok(component) = (entry.parse)(&format!("{first}/{second}")) {
                    out.push(component);
                }
            }
        }
        Ok(out)
    }

    fn compound_sizes() -> (&'static str, u64, u64) {
        (
            "components are single `x/y` with x from 0 to S and y from 1 to S",
            3,
            5,
        )
    }

    fn fast_measures(_entry: &Entry<Self>) -> Option<FastMeasures<Self>> {
        // A component whose counter has no rule for R and S is searched.
        Some(Arc::new(|component: &CountedSum<C>| {
            match component.parts() {
                [] => Some(Ok(Measures::default())),
                [part] => part.measures(component.rule()).map(Ok),
                _ => None,
            }
        }))
    }
}
