//! The rules of [`crate::compound`] as a [`Theory`] of compound positions: who wins from the
//! components' R, S or outcomes, and every winning move, counted exactly and listed up to a
//! limit without enumerating the compound's (product-sized) set of moves.
//!
//! **Winning moves.** A compound move chooses, per component, a *choice* (one of its moves, or
//! leaving it alone where the compound allows), and the rules say whether the result is lost
//! from a summary of each choice's result alone, folded over the components: the least R
//! (conjunctive), the largest S (continued), or (ended, every component lost, moved at all)
//! flags (selective, shortened). So the moves that win are those whose folded summary is
//! accepted: they are counted by a pass over the components with one count per summary value,
//! and listed by a depth-first walk over the summary values that only enters a branch when
//! some completion of it is accepted (the summaries reachable from each suffix of components are
//! known), so listing costs what is listed.

use super::components::Components;
use super::measure::Measures;
use super::position::{CompoundMove, CompoundPosition};
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::game::compound_kind::Compound;
use crate::report::compound::{ComponentSummary, Deciding};
use crate::theory::{AnalysisError, MoveCollector, Theory, WinningMove, WinningMoves};
use std::collections::{BTreeMap, BTreeSet};

/// The most moves of one component the rules examine (a Nim heap of a million tokens has a
/// million); a component with more is refused, with this limit named.
pub const COMPONENT_OPTIONS: usize = 1_000_000;

/// The flags the selective compounds fold: some component ended, every component lost, some
/// component moved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Flags {
    ended: bool,
    all_lost: bool,
    moved: bool,
}

/// A summary of one choice (or of several, folded): a number or flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Summary {
    Number(u64),
    Flags(Flags),
}

/// How a compound folds its summaries, and which folded summaries are lost for the opponent.
#[derive(Copy, Clone)]
struct Fold {
    kind: Compound,
}

impl Fold {
    fn identity(self) -> Summary {
        match self.kind {
            Compound::Conjunctive => Summary::Number(u64::MAX),
            Compound::Continued => Summary::Number(0),
            _ => Summary::Flags(Flags {
                ended: false,
                all_lost: true,
                moved: false,
            }),
        }
    }

    fn combine(self, a: Summary, b: Summary) -> Summary {
        match (a, b) {
            (Summary::Number(x), Summary::Number(y)) => Summary::Number(match self.kind {
                Compound::Conjunctive => x.min(y),
                _ => x.max(y),
            }),
            (Summary::Flags(x), Summary::Flags(y)) => Summary::Flags(Flags {
                ended: x.ended | y.ended,
                all_lost: x.all_lost & y.all_lost,
                moved: x.moved | y.moved,
            }),
            _ => unreachable!("one compound folds one kind of summary"),
        }
    }

    /// Whether a folded summary is a position lost for the player then to move.
    fn lost(self, summary: Summary) -> bool {
        match (self.kind, summary) {
            (_, Summary::Number(n)) => n % 2 == 0,
            (Compound::Shortened, Summary::Flags(f)) => f.moved && (f.ended || f.all_lost),
            (_, Summary::Flags(f)) => f.moved && f.all_lost,
        }
    }

    /// Why a move whose result folds to `summary` wins.
    fn reason(self, summary: Summary) -> String {
        match (self.kind, summary) {
            (Compound::Conjunctive, Summary::Number(n)) => {
                format!("min R becomes {n}, even: the opponent loses")
            }
            (_, Summary::Number(n)) => format!("max S becomes {n}, even: the opponent loses"),
            (Compound::Shortened, Summary::Flags(f)) if f.ended => {
                "a component ends: the game is over, the opponent cannot move".to_string()
            }
            (_, Summary::Flags(_)) => "every component is left lost".to_string(),
        }
    }
}

/// One component's choices, grouped by the summary of their result.
type Groups<M> = BTreeMap<Summary, Vec<Option<M>>>;

impl<G: Components> CompoundPosition<G> {
    /// R and S of component `index`.
    fn part_measures(&self, part: &G) -> Result<Measures, AnalysisError> {
        self.measurer().measures(part)
    }

    /// The summary of a component's position for this compound.
    fn summary(&self, part: &G, moved: bool) -> Result<Summary, AnalysisError> {
        Ok(match self.kind() {
            Compound::Conjunctive => Summary::Number(self.part_measures(part)?.remoteness),
            Compound::Continued => Summary::Number(self.part_measures(part)?.suspense),
            _ => Summary::Flags(Flags {
                ended: part.quiet_move().is_none(),
                all_lost: part.winner()? == Winner::Second,
                moved,
            }),
        })
    }

    /// Whether the position is lost for the player to move, by the rules.
    fn lost_by_rules(&self) -> Result<bool, AnalysisError> {
        match self.kind() {
            Compound::Disjunctive => {
                let total = self
                    .parts()
                    .iter()
                    .map(|part| part.grundy_value().ok_or_else(no_value))
                    .try_fold(Nimber::ZERO, |sum, value| value.map(|v| sum ^ v))?;
                Ok(total == Nimber::ZERO)
            }
            Compound::Conjunctive | Compound::Continued => {
                let fold = Fold { kind: self.kind() };
                let mut folded = fold.identity();
                for part in self.parts() {
                    folded = fold.combine(folded, self.summary(part, false)?);
                }
                Ok(matches!(folded, Summary::Number(n) if n % 2 == 0))
            }
            Compound::Selective | Compound::Shortened => {
                let mut all_lost = true;
                let mut ended = false;
                for part in self.parts() {
                    ended |= part.quiet_move().is_none();
                    all_lost &= part.winner()? == Winner::Second;
                }
                Ok(all_lost || (ended && self.kind() == Compound::Shortened))
            }
        }
    }

    /// What decides the position: the folded number or the components' outcomes.
    pub fn deciding(&self) -> Result<Deciding, AnalysisError> {
        let mut components = Vec::with_capacity(self.parts().len());
        for part in self.parts() {
            let measures = match self.kind() {
                Compound::Conjunctive | Compound::Continued => Some(self.part_measures(part)?),
                _ => None,
            };
            components.push(ComponentSummary {
                position: part.to_string(),
                remoteness: measures
                    .filter(|_| self.kind() == Compound::Conjunctive)
                    .map(|m| m.remoteness),
                suspense: measures
                    .filter(|_| self.kind() == Compound::Continued)
                    .map(|m| m.suspense),
                lost: part.winner()? == Winner::Second,
                ended: part.quiet_move().is_none(),
            });
        }
        let (measure, value) = match self.kind() {
            Compound::Conjunctive => (
                "min R",
                components.iter().filter_map(|c| c.remoteness).min(),
            ),
            Compound::Continued => ("max S", components.iter().filter_map(|c| c.suspense).max()),
            _ => (
                "lost components",
                Some(components.iter().filter(|c| c.lost).count() as u64),
            ),
        };
        Ok(Deciding {
            measure,
            value: value.unwrap_or(0),
            components,
        })
    }

    /// Each component's choices grouped by summary (the compound's rules on which choices
    /// there are: every component moves in the conjunctive compound, every one that can in
    /// the continued, any in the selective ones).
    fn groups(&self) -> Result<Vec<Groups<G::Move>>, AnalysisError> {
        let kind = self.kind();
        let mut all = Vec::with_capacity(self.parts().len());
        for (index, part) in self.parts().iter().enumerate() {
            let (moves, more) = part.some_moves(COMPONENT_OPTIONS);
            if more {
                return Err(AnalysisError::TooLarge(format!(
                    "component {} has more than {COMPONENT_OPTIONS} moves (the most the compound \
                     rules examine per component)",
                    index + 1
                )));
            }
            let mut groups: Groups<G::Move> = BTreeMap::new();
            let stays = match kind {
                Compound::Conjunctive => false,
                Compound::Continued => moves.is_empty(),
                _ => true,
            };
            if stays {
                groups
                    .entry(self.summary(part, false)?)
                    .or_default()
                    .push(None);
            }
            for mv in moves {
                let next = part.play(&mv);
                groups
                    .entry(self.summary(&next, true)?)
                    .or_default()
                    .push(Some(mv));
            }
            all.push(groups);
        }
        Ok(all)
    }
}

fn no_value() -> AnalysisError {
    AnalysisError::TooLarge("a component has no Grundy value here".to_string())
}

/// The summaries a suffix of components can fold to: `reachable[j]` for components `j..`.
fn reachable_summaries<M>(groups: &[Groups<M>], fold: Fold) -> Vec<BTreeSet<Summary>> {
    let mut reachable = vec![BTreeSet::new(); groups.len() + 1];
    reachable[groups.len()].insert(fold.identity());
    for j in (0..groups.len()).rev() {
        let mut here = BTreeSet::new();
        for &key in groups[j].keys() {
            for &rest in &reachable[j + 1] {
                here.insert(fold.combine(key, rest));
            }
        }
        reachable[j] = here;
    }
    reachable
}

/// How many choice tuples fold to a lost summary (checked: past 2^128 it is refused).
fn count_winning<M>(groups: &[Groups<M>], fold: Fold) -> Result<u128, AnalysisError> {
    let mut counts: BTreeMap<Summary, u128> = BTreeMap::from([(fold.identity(), 1)]);
    let overflow = || AnalysisError::TooLarge("more than 2^128 winning moves".to_string());
    for component in groups {
        let mut next: BTreeMap<Summary, u128> = BTreeMap::new();
        for (&so_far, &count) in &counts {
            for (&key, choices) in component {
                let ways = count
                    .checked_mul(choices.len() as u128)
                    .ok_or_else(overflow)?;
                let slot = next.entry(fold.combine(so_far, key)).or_default();
                *slot = slot.checked_add(ways).ok_or_else(overflow)?;
            }
        }
        counts = next;
    }
    let mut total: u128 = 0;
    for (&summary, &count) in &counts {
        if fold.lost(summary) {
            total = total.checked_add(count).ok_or_else(overflow)?;
        }
    }
    Ok(total)
}

/// Lists the winning moves whose results fold to `target` (a summary lost for the opponent),
/// depth-first over the summaries, entering a branch only when some completion of it folds to
/// `target`; returns false once the collector is full.
#[allow(clippy::too_many_arguments)]
fn list_winning<G: Components>(
    groups: &[Groups<G::Move>],
    reachable: &[BTreeSet<Summary>],
    fold: Fold,
    target: Summary,
    at: usize,
    so_far: Summary,
    chosen: &mut Vec<Summary>,
    collector: &mut MoveCollector<CompoundPosition<G>>,
    listed: &mut u128,
) -> bool {
    if at == groups.len() {
        return list_product(groups, chosen, fold.reason(so_far), collector, listed);
    }
    for &key in groups[at].keys() {
        let folded = fold.combine(so_far, key);
        let feasible = reachable[at + 1]
            .iter()
            .any(|&rest| fold.combine(folded, rest) == target);
        if !feasible {
            continue;
        }
        chosen.push(key);
        let more = list_winning(
            groups,
            reachable,
            fold,
            target,
            at + 1,
            folded,
            chosen,
            collector,
            listed,
        );
        chosen.pop();
        if !more {
            return false;
        }
    }
    true
}

/// Lists every move whose component choices have the summaries `chosen`; false once full.
fn list_product<G: Components>(
    groups: &[Groups<G::Move>],
    chosen: &[Summary],
    reason: String,
    collector: &mut MoveCollector<CompoundPosition<G>>,
    listed: &mut u128,
) -> bool {
    let lists: Vec<&Vec<Option<G::Move>>> = groups
        .iter()
        .zip(chosen)
        .map(|(component, key)| &component[key])
        .collect();
    let mut odometer = vec![0usize; lists.len()];
    loop {
        if !collector.wants_more() {
            return false;
        }
        let entries = odometer
            .iter()
            .zip(&lists)
            .map(|(&at, list)| list[at].clone())
            .collect();
        collector.push(|| WinningMove {
            mv: CompoundMove(entries),
            reason: reason.clone(),
        });
        *listed += 1;
        let mut place = lists.len();
        loop {
            if place == 0 {
                return true;
            }
            place -= 1;
            odometer[place] += 1;
            if odometer[place] < lists[place].len() {
                break;
            }
            odometer[place] = 0;
        }
    }
}

impl<G: Components> Theory for CompoundPosition<G> {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(if self.lost_by_rules()? {
            Winner::Second
        } else {
            Winner::First
        })
    }

    fn grundy_value(&self) -> Option<Nimber> {
        None
    }

    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<Self>, AnalysisError> {
        let mut collector = MoveCollector::new(limit);
        if self.lost_by_rules()? || self.quiet_move().is_none() {
            return Ok(collector.finish());
        }
        if self.kind() == Compound::Disjunctive {
            return Err(AnalysisError::TooLarge(
                "the disjunctive compound is the game itself: analyse it without --compound"
                    .to_string(),
            ));
        }
        let fold = Fold { kind: self.kind() };
        let groups = self.groups()?;
        let total = count_winning(&groups, fold)?;
        let reachable = reachable_summaries(&groups, fold);
        let mut listed = 0u128;
        // The fastest wins first: the least even min R (conjunctive) or max S (continued), and
        // for the shortened compound the moves that end it at once.
        let mut targets: Vec<Summary> = reachable[0]
            .iter()
            .copied()
            .filter(|&summary| fold.lost(summary))
            .collect();
        if self.kind() == Compound::Shortened {
            targets.reverse();
        }
        for target in targets {
            let more = list_winning(
                &groups,
                &reachable,
                fold,
                target,
                0,
                fold.identity(),
                &mut Vec::new(),
                &mut collector,
                &mut listed,
            );
            if !more {
                break;
            }
        }
        collector.count_unlisted(total.saturating_sub(listed));
        Ok(collector.finish())
    }
}
