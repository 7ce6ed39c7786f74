//! `--check`: a census compared with a reference table of the same format, every difference in
//! words ([`check`]).

use super::compute::compute_values;
use super::record::{Census, GameRecord};
use crate::engine::values::Values;
use crate::families::heap_rule::HeapRule;
use serde::Serialize;
use std::collections::HashMap;

/// One difference between a census and a reference table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// The game (or the first game of a pair).
    pub game: String,
    /// What differs, in words.
    pub what: String,
}

fn period_words(g: &GameRecord) -> String {
    match (g.preperiod, g.period) {
        (Some(pre), Some(p)) => format!("period {p}, pre-period {pre}"),
        _ => format!("no period up to {}", g.computed_to),
    }
}

/// The first heap n < `limit` where G_a(n) ≠ G_b(n + shift), if any.
fn first_difference(a: &Values, b: &Values, shift: u64, limit: u64) -> Option<u64> {
    (0..limit).find(
        |&n| match (a.get(n), n.checked_add(shift).and_then(|m| b.get(m))) {
            (Some(x), Some(y)) => x != y,
            _ => false,
        },
    )
}

/// Compares a census with a reference table of the same format: every game whose period differs
/// (or that one of them lacks), and every pair one calls equivalent and the other does not — for
/// a pair the reference calls equivalent but this census does not, with the first heap where
/// they differ (the two games are computed again within the census's range and budget).
pub fn check(census: &Census, reference: &Census) -> Vec<Difference> {
    let mut differences = Vec::new();
    let ours: HashMap<&str, &GameRecord> =
        census.games.iter().map(|g| (g.game.as_str(), g)).collect();
    let theirs: HashMap<&str, &GameRecord> = reference
        .games
        .iter()
        .map(|g| (g.game.as_str(), g))
        .collect();
    for g in &census.games {
        match theirs.get(g.game.as_str()) {
            None => differences.push(Difference {
                game: g.game.clone(),
                what: "not in the reference".to_string(),
            }),
            Some(r) if (r.preperiod, r.period) != (g.preperiod, g.period) => {
                differences.push(Difference {
                    game: g.game.clone(),
                    what: format!(
                        "{} here, {} in the reference",
                        period_words(g),
                        period_words(r)
                    ),
                })
            }
            Some(_) => {}
        }
    }
    for r in &reference.games {
        if !ours.contains_key(r.game.as_str()) {
            differences.push(Difference {
                game: r.game.clone(),
                what: "in the reference, not in this census".to_string(),
            });
        }
    }
    // Each class's members against its first: (first, member, shift) in one table, not the other.
    let relation = |c: &Census| -> HashMap<(String, String), u64> {
        let mut pairs = HashMap::new();
        for class in &c.classes {
            let first = &class.members[0];
            for m in &class.members[1..] {
                pairs.insert((first.game.clone(), m.game.clone()), m.shift - first.shift);
            }
        }
        pairs
    };
    // Whether two games are equivalent here with that shift (same class, offsets differ by it).
    let equivalent_here = |a: &str, b: &str, shift: u64| -> bool {
        census.classes.iter().any(|class| {
            let find = |name: &str| class.members.iter().find(|m| m.game == name);
            matches!((find(a), find(b)), (Some(x), Some(y)) if y.shift == x.shift + shift)
        })
    };
    let equivalent_there = |a: &str, b: &str, shift: u64| -> bool {
        reference.classes.iter().any(|class| {
            let find = |name: &str| class.members.iter().find(|m| m.game == name);
            matches!((find(a), find(b)), (Some(x), Some(y)) if y.shift == x.shift + shift)
        })
    };
    let mut theirs_pairs: Vec<((String, String), u64)> = relation(reference).into_iter().collect();
    theirs_pairs.sort();
    for ((first, member), shift) in theirs_pairs {
        if equivalent_here(&first, &member, shift) {
            continue;
        }
        // G_member(n) = G_first(n + shift) is claimed: find where it fails.
        let found = match (HeapRule::resolve(&first), HeapRule::resolve(&member)) {
            (Some(Ok(a)), Some(Ok(b))) => {
                let first_values = compute_values(&a, census.to, census.budget, None);
                let member_values = compute_values(&b, census.to, census.budget, None);
                let limit = census.to.saturating_add(1);
                first_difference(&member_values, &first_values, shift, limit)
            }
            _ => None,
        };
        let shifted = if shift == 0 {
            String::new()
        } else {
            format!(" shifted by {shift}")
        };
        differences.push(Difference {
            game: member.clone(),
            what: match found {
                Some(n) => format!(
                    "the reference calls it {first}{shifted}; they first differ at heap {n}: \
                     G_{member}({n}) differs from G_{first}({})",
                    n + shift
                ),
                None => format!(
                    "the reference calls it {first}{shifted}; no difference found in the range \
                     computed here, but this census does not join them"
                ),
            },
        });
    }
    let mut ours_pairs: Vec<((String, String), u64)> = relation(census).into_iter().collect();
    ours_pairs.sort();
    for ((first, member), shift) in ours_pairs {
        if !equivalent_there(&first, &member, shift) {
            let shifted = if shift == 0 {
                String::new()
            } else {
                format!(" shifted by {shift}")
            };
            differences.push(Difference {
                game: member,
                what: format!("equal to {first}{shifted} here; the reference does not say so"),
            });
        }
    }
    differences
}
