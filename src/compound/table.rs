//! `table GAME --remoteness`: R(n) and S(n) of single heaps, with their arithmetic periods where
//! they are proved ([`super::period`]); only for rules that never split a heap (a split leaves a
//! disjunctive sum of heaps, whose R does not follow from the heaps' R).

use super::heaps::HeapTable;
use super::measure::Measures;
use super::period::ArithmeticPeriod;
use crate::engine::rule::MoveSet;
use crate::families::heaps::HeapGame;
use crate::theory::AnalysisError;
use serde::Serialize;
use std::fmt::Write as _;

/// The report of `table --remoteness`.
#[derive(Clone, Debug, Serialize)]
pub struct RemotenessTable {
    /// The rule's canonical spelling.
    pub game: String,
    /// The last heap computed.
    pub to: u64,
    /// R's proved arithmetic period, if any.
    pub remoteness_period: Option<ArithmeticPeriod>,
    /// S's proved arithmetic period, if any.
    pub suspense_period: Option<ArithmeticPeriod>,
    /// Why no period is claimed at all, when that is so.
    pub no_theorem: Option<&'static str>,
    /// R(n) and S(n) for n = 0..=to, when asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<Measures>>,
}

/// Computes the table of `game`'s single heaps up to `to`; refused for rules that split a heap.
pub fn remoteness_table(
    game: &HeapGame,
    to: u64,
    print: bool,
) -> Result<RemotenessTable, AnalysisError> {
    let rule = game.rule();
    let compiled = rule.compile();
    let external = matches!(compiled.moves(), MoveSet::External(_));
    let table = HeapTable::new(compiled).ok_or_else(|| {
        AnalysisError::TooLarge(if external {
            format!(
                "{rule} is a script's rule, whose splits are known only as its moves are \
                 computed, so its R(n) is not tabled; ask `grundy analyze {rule} N \
                 --remoteness` for one heap (searched)"
            )
        } else {
            format!(
                "{rule} splits heaps: a move can leave a disjunctive sum of two heaps, whose R \
                 does not follow from the heaps' R, so R(n) comes from searching the positions \
                 of several heaps; ask `grundy analyze {rule} N --remoteness` for one heap"
            )
        })
    })?;
    let values = table.values(to)?;
    let periods = table.periods(to)?;
    Ok(RemotenessTable {
        game: rule.to_string(),
        to,
        remoteness_period: periods.remoteness,
        suspense_period: periods.suspense,
        no_theorem: periods.no_theorem,
        values: print.then_some(values),
    })
}

impl RemotenessTable {
    /// The text report.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "game:      {}", self.game);
        let _ = writeln!(
            text,
            "computed:  R(n) and S(n) of single heaps, n = 0..={}",
            self.to
        );
        for (name, period) in [("R", self.remoteness_period), ("S", self.suspense_period)] {
            let line = match (period, self.no_theorem) {
                (Some(p), _) => format!(
                    "arithmetic period {} from n = {}: {name}(n + {}) = {name}(n) + {} (proved)",
                    p.period, p.preperiod, p.period, p.increment
                ),
                (None, Some(reason)) => format!("not claimed ({reason})"),
                (None, None) => format!("no arithmetic period up to {}", self.to),
            };
            let _ = writeln!(
                text,
                "{}{line}",
                if name == "R" {
                    "remoteness: "
                } else {
                    "suspense:   "
                }
            );
        }
        if let Some(values) = &self.values {
            let _ = writeln!(text, "n R(n) S(n):");
            for (n, m) in values.iter().enumerate() {
                let _ = writeln!(text, "{n} {} {}", m.remoteness, m.suspense);
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::heap_rule::HeapRule;

    #[test]
    fn subtraction_one_two_has_its_known_period() {
        let game = HeapGame::new(HeapRule::resolve("sub:1,2").unwrap().unwrap());
        let table = remoteness_table(&game, 100, false).unwrap();
        let period = table.remoteness_period.unwrap();
        assert_eq!((period.period, period.increment), (3, 2));
        let kayles = HeapGame::new(HeapRule::resolve("kayles").unwrap().unwrap());
        assert!(remoteness_table(&kayles, 100, false).is_err());
    }
}
