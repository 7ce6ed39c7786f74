//! One-dimensional coin-turning games: a row of coins, some heads; a move turns coins by the
//! rule, its rightmost from heads to tails (see [`super`] for the theory).

use super::notation::{format_turn, parse_line, parse_turn, write_line};
use super::rule::{Rule, Turn};
use crate::core::{ImpartialGame, Nimber, Winner};
use crate::theory::{AnalysisError, MoveCollector, Notation, Theory, WinningMove, WinningMoves};
use std::fmt;

/// A row of coins under a rule: the positions of the heads, ascending.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinLine {
    rule: Rule,
    heads: Vec<u64>,
}

/// Toggles `coin` in the ascending list `heads`.
pub(crate) fn toggle(heads: &mut Vec<u64>, coin: u64) {
    match heads.binary_search(&coin) {
        Ok(at) => {
            heads.remove(at);
        }
        Err(at) => heads.insert(at, coin),
    }
}

/// Toggles every coin of `turned` (ascending, distinct) in `heads` (ascending), in one merge:
/// the symmetric difference.
pub(crate) fn toggle_all<T: Ord + Copy>(heads: &[T], turned: &[T]) -> Vec<T> {
    let mut result = Vec::with_capacity(heads.len() + turned.len());
    let (mut i, mut j) = (0, 0);
    while i < heads.len() || j < turned.len() {
        match (heads.get(i), turned.get(j)) {
            (Some(a), Some(b)) if a == b => (i, j) = (i + 1, j + 1),
            (Some(&a), Some(&b)) if a < b => (result.push(a), i += 1).1,
            (Some(&a), None) => (result.push(a), i += 1).1,
            (_, Some(&b)) => (result.push(b), j += 1).1,
            (None, None) => break,
        }
    }
    result
}

/// The coins a move turns, ascending.
pub(crate) fn turned_coins(turn: Turn) -> Vec<u64> {
    use super::rule::Others;
    let at = turn.at;
    match turn.others {
        Others::Nothing => vec![at],
        Others::One(s) => vec![s, at],
        Others::Two(s, t) => vec![s, t, at],
        Others::RunFrom(from) => (from..=at).collect(),
    }
}

impl CoinLine {
    /// The row with these heads (ascending, distinct, each within the rule's axis).
    pub fn new(rule: Rule, heads: Vec<u64>) -> CoinLine {
        debug_assert!(heads.windows(2).all(|pair| pair[0] < pair[1]));
        CoinLine { rule, heads }
    }

    /// Reads heads positions, separated by spaces; errors are located.
    pub fn parse(rule: Rule, text: &str) -> Result<CoinLine, crate::scanner::InputError> {
        Ok(CoinLine::new(rule, parse_line(text, rule.max_coin())?))
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The heads, ascending.
    pub fn heads(&self) -> &[u64] {
        &self.heads
    }

    /// The nim-sum of the heads' values.
    fn value(&self) -> u64 {
        self.heads
            .iter()
            .fold(0, |sum, &coin| sum ^ self.rule.value(coin))
    }

    fn all_moves(&self) -> impl Iterator<Item = Turn> + '_ {
        self.heads.iter().rev().flat_map(move |&at| {
            self.rule
                .moves_at(at)
                .map(move |others| Turn { at, others })
        })
    }
}

impl fmt::Display for CoinLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_line(f, &self.heads)
    }
}

impl ImpartialGame for CoinLine {
    type Move = Turn;

    fn moves(&self) -> Vec<Turn> {
        self.all_moves().collect()
    }

    fn play(&self, turn: &Turn) -> CoinLine {
        let heads = match turn.others {
            super::rule::Others::RunFrom(_) => toggle_all(&self.heads, &turned_coins(*turn)),
            _ => {
                let mut heads = self.heads.clone();
                for coin in turned_coins(*turn) {
                    toggle(&mut heads, coin);
                }
                heads
            }
        };
        CoinLine {
            rule: self.rule,
            heads,
        }
    }

    fn move_to(&self, target: &CoinLine) -> Option<Turn> {
        if target.rule != self.rule {
            return None;
        }
        // The turned coins are the symmetric difference; it must be a legal move at its
        // rightmost coin, which must be heads now.
        let turned = toggle_all(&self.heads, &target.heads);
        let at = *turned.last()?;
        if self.heads.binary_search(&at).is_err() {
            return None;
        }
        let text = match turned.len() {
            2.. if self.rule == super::rule::Rule::Ruler => {
                format!("{}..{at}", turned[0])
            }
            _ => turned
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(","),
        };
        let turn = parse_turn(self.rule, &text).ok()?;
        (turned_coins(turn) == turned).then_some(turn)
    }

    fn some_moves(&self, limit: usize) -> (Vec<Turn>, bool) {
        let mut moves: Vec<Turn> = self.all_moves().take(limit.saturating_add(1)).collect();
        let more = moves.len() > limit;
        moves.truncate(limit);
        (moves, more)
    }

    fn quiet_move(&self) -> Option<Turn> {
        self.all_moves().next()
    }
}

impl Notation for CoinLine {
    fn format_move(&self, turn: &Turn) -> String {
        format_turn(*turn)
    }

    fn parse_move(&self, text: &str) -> Result<Turn, String> {
        let turn = parse_turn(self.rule, text)?;
        if self.heads.binary_search(&turn.at).is_err() {
            return Err(format!(
                "coin {} is tails: a move turns its rightmost coin from heads to tails",
                turn.at
            ));
        }
        Ok(turn)
    }
}

impl Theory for CoinLine {
    fn winner(&self) -> Result<Winner, AnalysisError> {
        Ok(Nimber(self.value()).winner())
    }

    fn grundy_value(&self) -> Option<Nimber> {
        Some(Nimber(self.value()))
    }

    /// For each heads coin h, the moves at h that leave value 0 are those whose other coins are
    /// worth X ⊕ g(h) (X the position's value), solved by [`Rule::solve`].
    fn winning_moves(&self, limit: usize) -> Result<WinningMoves<CoinLine>, AnalysisError> {
        let value = self.value();
        let mut collector = MoveCollector::new(limit);
        if value == 0 {
            return Ok(collector.finish());
        }
        for &at in self.heads.iter().rev() {
            let target = value ^ self.rule.value(at);
            let room = usize::from(collector.wants_more()) * limit;
            let mut listed = Vec::new();
            let count = self
                .rule
                .solve(at, target, room, &mut |others| listed.push(others));
            let listed_count = listed.len() as u128;
            for others in listed {
                collector.push(|| WinningMove {
                    mv: Turn { at, others },
                    reason: format!(
                        "the coins turned are worth {value}, the position's value: 0 is left"
                    ),
                });
            }
            collector.count_unlisted(count - listed_count);
        }
        Ok(collector.finish())
    }
}
