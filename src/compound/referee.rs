//! The referee of the compounds: exhaustive search over the compound's own positions.
//!
//! [`CompoundPosition`]'s moves are the definitions (every combination of the components' moves
//! that the compound allows), so the generic [`ExhaustiveSolver`](crate::core::ExhaustiveSolver)
//! searches the compound itself, sharing nothing with the rules of [`super::rules`]: a position
//! is lost exactly when its Grundy value there is 0. `verify --compound` runs
//! [`theory_check`](crate::verify::theory_check) (the rules' winner and exact set of winning
//! moves) and [`report_check`] (what `analyze --compound --json` prints) against its verdict.

use super::components::Components;
use super::position::CompoundPosition;
use super::report::analyze_compound;
use crate::verify::Verdict;
use std::collections::BTreeSet;

/// Compares the JSON report of `analyze --compound` on `position` — its winner, the set of
/// positions its winning moves lead to (every one listed) and their count — with the referee's
/// verdict.
pub fn report_check<G: Components>(
    position: &CompoundPosition<G>,
    verdict: &Verdict<CompoundPosition<G>>,
) -> Result<(), String> {
    let analysis = analyze_compound("verify", position, usize::MAX)
        .map_err(|e| format!("analyze --compound failed: {e}"))?;
    let json: serde_json::Value = serde_json::to_value(&analysis)
        .map_err(|e| format!("analyze --compound --json printed no JSON object: {e}"))?;
    let truth = verdict.winner().to_string();
    let printed = json["winner"].as_str().unwrap_or("(missing)");
    if printed != truth {
        return Err(format!(
            "analyze --compound says the {printed} player wins, the referee says the {truth}"
        ));
    }
    let listed: Vec<String> = json["winning_moves"]
        .as_array()
        .map(|moves| {
            moves
                .iter()
                .filter_map(|mv| mv["to"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let printed_set: BTreeSet<String> = listed.iter().cloned().collect();
    let true_set: BTreeSet<String> = verdict
        .winning_moves
        .iter()
        .map(|(_, to)| to.to_string())
        .collect();
    let count = json["winning_move_count"].as_u64();
    if printed_set.len() != listed.len()
        || printed_set != true_set
        || count != Some(true_set.len() as u64)
    {
        return Err(format!(
            "analyze --compound --json lists winning moves to {printed_set:?} (count {count:?}), \
             the referee's lead to {true_set:?}"
        ));
    }
    Ok(())
}
