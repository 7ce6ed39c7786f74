//! Shards (module doc of the census, *Shards*): which games the K-th of N shards computes
//! ([`plan`]: balanced by expected cost), `--shard auto` in a Slurm array ([`slurm_shard`]),
//! and the shards' JSON joined into the census a single process gives ([`merge`]).
//!
//! **The plan.** Each game gets an *estimated cost*, the most work it may do, from its rule
//! alone ([`estimated_cost`]): a game whose moves never split a heap costs about one unit per
//! heap and per take size (its values to heap N are N·t mex steps, and such games are
//! usually proved periodic early); a game whose moves split a heap visits about N²/2 pairs to
//! heap N, capped by its work budget. The games are then placed by *longest processing time
//! first* (Graham, *Bounds on multiprocessing timing anomalies*, 1969): by cost, largest first
//! (ties by census index), each to the shard with the least estimated load so far (ties: the
//! lowest shard). The plan depends only on the patterns, the range, the budget and N, so every
//! shard of a cluster run, and the merge, compute the same plan. Within a shard the games keep
//! census order.

use super::classes::assemble;
use super::error::CensusError;
use super::record::{Census, GameRecord, VERSION};
use super::request::expand;
use crate::families::heap_rule::HeapRule;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// Reads `K/N` (1 ≤ K ≤ N).
pub fn parse_shard(text: &str) -> Result<(u64, u64), CensusError> {
    let bad = || CensusError::Shard(text.to_string());
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// The Slurm array variables `--shard auto` reads.
pub const SLURM_VARIABLES: [&str; 4] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_COUNT",
];

/// `--shard auto` in a Slurm array job: K = SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN + 1 and
/// N = SLURM_ARRAY_TASK_COUNT, for a contiguous array (`--array=1-16` or `0-15`, with or
/// without a `%` throttle), so MAX − MIN + 1 must equal COUNT. `variable` reads the
/// environment (a closure, so tests need not set it).
pub fn slurm_shard(variable: impl Fn(&str) -> Option<String>) -> Result<(u64, u64), CensusError> {
    let mut numbers = [0u64; 4];
    for (slot, name) in numbers.iter_mut().zip(SLURM_VARIABLES) {
        let text = variable(name).ok_or_else(|| {
            CensusError::Slurm(format!(
                "{name} is not set (--shard auto reads {} from a Slurm array job; \
                 elsewhere give --shard K/N)",
                SLURM_VARIABLES.join(", ")
            ))
        })?;
        *slot = text
            .trim()
            .parse()
            .map_err(|_| CensusError::Slurm(format!("{name}=`{text}` is not a whole number")))?;
    }
    let [id, min, max, count] = numbers;
    if min > max || id < min || id > max {
        return Err(CensusError::Slurm(format!(
            "SLURM_ARRAY_TASK_ID {id} is not within SLURM_ARRAY_TASK_MIN {min} .. \
             SLURM_ARRAY_TASK_MAX {max}"
        )));
    }
    let span = max - min + 1;
    if count != span {
        return Err(CensusError::Slurm(format!(
            "SLURM_ARRAY_TASK_COUNT {count} is not MAX - MIN + 1 = {span}: --shard auto needs a \
             contiguous array (--array={min}-{max}); re-run single shards with --shard K/N"
        )));
    }
    Ok((id - min + 1, count))
}

/// The most work a game may do (see the module doc): pair visits to heap `to` for a game that
/// splits heaps, mex steps for one that does not, at most `cap` (its budget) and at least 1.
pub fn estimated_cost(rule: &HeapRule, to: u64, cap: u64) -> u64 {
    let compiled = rule.compile();
    let heaps = to.saturating_add(1);
    let worst = match compiled.theorem() {
        Some((parts, reach)) if parts <= 1 => heaps.saturating_mul(reach.max(1)),
        _ => heaps.saturating_mul(heaps) / 2,
    };
    worst.clamp(1, cap.max(1))
}

/// The shard (1..=N) of each game, by longest processing time first over `costs` (see the
/// module doc). Shards may be empty when N exceeds the games.
pub fn balance(costs: &[u64], shards: u64) -> Vec<u64> {
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by_key(|&index| (Reverse(costs[index]), index));
    let mut loads: BinaryHeap<Reverse<(u128, u64)>> =
        (1..=shards.max(1)).map(|k| Reverse((0, k))).collect();
    let mut shard_of = vec![0; costs.len()];
    for index in order {
        if let Some(Reverse((load, k))) = loads.pop() {
            shard_of[index] = k;
            loads.push(Reverse((load + u128::from(costs[index]), k)));
        }
    }
    shard_of
}

/// The shard of every game of a census split into `shards` (1..=N, by census index).
pub fn plan(games: &[HeapRule], to: u64, cap: u64, shards: u64) -> Vec<u64> {
    let costs: Vec<u64> = games
        .iter()
        .map(|rule| estimated_cost(rule, to, cap))
        .collect();
    balance(&costs, shards)
}

/// Which games (census indices) a request computes: the shard's, or all.
pub(crate) fn chosen(
    games: &[HeapRule],
    to: u64,
    cap: u64,
    shard: Option<(u64, u64)>,
) -> Vec<usize> {
    match shard {
        None => (0..games.len()).collect(),
        Some((k, n)) => plan(games, to, cap, n)
            .iter()
            .enumerate()
            .filter(|(_, of)| **of == k)
            .map(|(index, _)| index)
            .collect(),
    }
}

/// What a piece says about its run, for [`check_pieces`]: its file, its shard (`K/N`, or none
/// for a whole census), the grundy version that made it, and its parameters by name.
pub(crate) struct PieceHeader<'a> {
    pub file: &'a str,
    pub shard: Option<&'a str>,
    pub version: Option<&'a str>,
    pub parameters: Vec<(&'static str, String)>,
}

/// Checks that pieces are the shards of one run, every shard once: the same parameters and N,
/// made by this grundy version (so split by the same plan). Returns N and each piece's K.
pub(crate) fn check_pieces(
    headers: &[PieceHeader<'_>],
    run: &str,
) -> Result<(u64, Vec<u64>), CensusError> {
    let merge = |text: String| CensusError::Merge(text);
    let Some(first) = headers.first() else {
        return Err(merge("no pieces given".to_string()));
    };
    let named = |header: &PieceHeader<'_>| match header.shard {
        Some(shard) => format!("{} (shard {shard})", header.file),
        None => format!("{} (a whole census)", header.file),
    };
    let mut of = None;
    let mut holder: BTreeMap<u64, &str> = BTreeMap::new();
    let mut ks = Vec::with_capacity(headers.len());
    for header in headers {
        let (k, n) = match header.shard {
            Some(text) => parse_shard(text)
                .map_err(|_| merge(format!("{}: malformed shard `{text}`", header.file)))?,
            None => (1, 1),
        };
        if header.shard.is_some() && header.version != Some(VERSION) {
            return Err(merge(match header.version {
                Some(version) => format!(
                    "{} was made by grundy {version}, this is grundy {VERSION}: shards of \
                     other versions may be split otherwise; compute it again",
                    named(header)
                ),
                None => format!(
                    "{} records no grundy version (made by an older grundy, whose shards are \
                     split otherwise); compute it again",
                    named(header)
                ),
            }));
        }
        for ((name, value), (_, expected)) in header.parameters.iter().zip(&first.parameters) {
            if value != expected {
                return Err(merge(format!(
                    "{} is not of the same run as {}: {name} {value} there, {expected} in {}",
                    named(header),
                    named(first),
                    first.file
                )));
            }
        }
        let n_first = *of.get_or_insert(n);
        if n_first != n {
            return Err(merge(format!(
                "{} is a shard of {n}, {} of {n_first}: not the same run",
                named(header),
                named(first)
            )));
        }
        if let Some(earlier) = holder.insert(k, header.file) {
            return Err(merge(format!(
                "shard {k}/{n} is given twice: {earlier} and {}",
                header.file
            )));
        }
        ks.push(k);
    }
    let n = of.unwrap_or(1);
    let missing: Vec<String> = (1..=n)
        .filter(|k| !holder.contains_key(k))
        .map(|k| format!("{k}/{n}"))
        .collect();
    if !missing.is_empty() {
        let shown: Vec<&str> = missing.iter().take(20).map(String::as_str).collect();
        return Err(merge(format!(
            "{} {}{} of {run} {} missing ({} of {n} pieces given)",
            if missing.len() == 1 {
                "shard"
            } else {
                "shards"
            },
            shown.join(", "),
            if missing.len() > shown.len() {
                format!(" and {} more", missing.len() - shown.len())
            } else {
                String::new()
            },
            if missing.len() == 1 { "is" } else { "are" },
            holder.len()
        )));
    }
    Ok((n, ks))
}

/// Joins the shards of one census (see the module doc) into the census a single process gives.
pub fn merge(pieces: Vec<(String, Census)>) -> Result<Census, CensusError> {
    let headers: Vec<PieceHeader<'_>> = pieces
        .iter()
        .map(|(file, piece)| PieceHeader {
            file,
            shard: piece.shard.as_deref(),
            version: piece.grundy.as_deref(),
            parameters: vec![
                ("patterns", format!("`{}`", piece.patterns.join(" "))),
                ("to", piece.to.to_string()),
                ("budget", piece.budget.to_string()),
            ],
        })
        .collect();
    let Some((_, first)) = pieces.first() else {
        return Err(CensusError::Merge("no pieces given".to_string()));
    };
    let run = format!(
        "the census of `{}` (to {}, budget {})",
        first.patterns.join(" "),
        first.to,
        first.budget
    );
    let (n, ks) = check_pieces(&headers, &run)?;
    let expected = expand(&first.patterns)?;
    let shard_of = plan(&expected, first.to, first.budget, n);
    let mut records: Vec<Option<GameRecord>> = vec![None; expected.len()];
    for ((file, piece), k) in pieces.iter().zip(ks) {
        if piece.total_games != expected.len() {
            return Err(CensusError::Merge(format!(
                "{file} counts {} games; its patterns name {}",
                piece.total_games,
                expected.len()
            )));
        }
        for record in &piece.games {
            let index = record.index;
            let fits = index < expected.len()
                && shard_of[index] == k
                && expected[index].to_string() == record.game;
            if !fits {
                return Err(CensusError::Merge(format!(
                    "{file}: game {} at index {index} is not shard {k}/{n}'s game there",
                    record.game
                )));
            }
            if records[index].replace(record.clone()).is_some() {
                return Err(CensusError::Merge(format!(
                    "{file}: {} is given twice",
                    record.game
                )));
            }
        }
    }
    let mut games = Vec::with_capacity(records.len());
    for (index, record) in records.into_iter().enumerate() {
        match record {
            Some(mut record) => {
                record.class = None;
                games.push(record);
            }
            None => {
                return Err(CensusError::Merge(format!(
                    "no piece holds {} (index {index}, shard {}/{n})",
                    expected[index], shard_of[index]
                )));
            }
        }
    }
    Ok(assemble(
        first.patterns.clone(),
        first.to,
        first.budget,
        None,
        expected.len(),
        games,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse() {
        assert_eq!(parse_shard("3/8").unwrap(), (3, 8));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn longest_first_balances_and_is_deterministic() {
        // 10, 7, 5, 4, 3, 1 into 2: 10 → 1; 7 → 2; 5 → 2 (12); 4 → 1 (14); 3 → 2 (15); 1 → 1.
        let plan = balance(&[3, 10, 1, 7, 5, 4], 2);
        assert_eq!(plan, [2, 1, 1, 2, 2, 1]);
        // Every shard of a plan with more shards than games is 1..=N, some empty.
        assert!(balance(&[1, 1], 5).iter().all(|&k| (1..=5).contains(&k)));
        // Greedy LPT is within 4/3 of the best makespan; here the loads differ by at most the
        // largest cost.
        let costs: Vec<u64> = (0..200).map(|i| (i * 7919) % 1000 + 1).collect();
        let plan = balance(&costs, 7);
        let mut loads = [0u64; 7];
        for (cost, k) in costs.iter().zip(&plan) {
            loads[(*k - 1) as usize] += cost;
        }
        let spread = loads.iter().max().unwrap() - loads.iter().min().unwrap();
        assert!(spread <= 1000, "{loads:?}");
        assert_eq!(plan, balance(&costs, 7));
    }

    #[test]
    fn splitting_games_cost_more() {
        let rule = |spelling: &str| HeapRule::resolve(spelling).unwrap().unwrap();
        let to = 1 << 20;
        let budget = 1_000_000_000;
        assert_eq!(estimated_cost(&rule("0.77"), to, budget), budget);
        assert!(estimated_cost(&rule("0.33"), to, budget) < budget / 100);
        assert_eq!(estimated_cost(&rule("0.77"), 99, budget), 5000);
    }

    #[test]
    fn slurm_arrays_map_to_shards() {
        let env = |id: &str, min: &str, max: &str, count: &str| {
            let values = [
                ("SLURM_ARRAY_TASK_ID", id.to_string()),
                ("SLURM_ARRAY_TASK_MIN", min.to_string()),
                ("SLURM_ARRAY_TASK_MAX", max.to_string()),
                ("SLURM_ARRAY_TASK_COUNT", count.to_string()),
            ];
            move |name: &str| {
                values
                    .iter()
                    .find(|(n, v)| *n == name && !v.is_empty())
                    .map(|(_, v)| v.clone())
            }
        };
        assert_eq!(slurm_shard(env("1", "1", "16", "16")).unwrap(), (1, 16));
        assert_eq!(slurm_shard(env("16", "1", "16", "16")).unwrap(), (16, 16));
        assert_eq!(slurm_shard(env("0", "0", "7", "8")).unwrap(), (1, 8));
        assert_eq!(slurm_shard(env("7", "0", "7", "8")).unwrap(), (8, 8));
        for (bad, says) in [
            (env("", "1", "16", "16"), "SLURM_ARRAY_TASK_ID is not set"),
            (env("3", "1", "16", ""), "SLURM_ARRAY_TASK_COUNT is not set"),
            (env("x", "1", "16", "16"), "not a whole number"),
            (env("17", "1", "16", "16"), "not within"),
            (env("3", "1", "15", "8"), "contiguous"),
        ] {
            let error = slurm_shard(bad).unwrap_err().to_string();
            assert!(error.contains(says), "{error}");
        }
    }
}
