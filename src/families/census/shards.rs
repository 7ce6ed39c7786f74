//! Shards (module doc of the census, *Shards*): which games the K-th of N shards computes, and
//! the shards' JSON joined into the census a single process gives ([`merge`]).

use super::classes::assemble;
use super::error::CensusError;
use super::record::{Census, GameRecord};
use super::request::expand;

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

/// Whether the game at census index `index` is one of the shard's (round robin); every game
/// of a whole census.
pub(super) fn in_shard(index: usize, shard: Option<(u64, u64)>) -> bool {
    match shard {
        None => true,
        Some((k, n)) => (index as u64) % n == k - 1,
    }
}

/// Joins the shards of one census (see the module doc) into the census a single process gives.
pub fn merge(pieces: Vec<(String, Census)>) -> Result<Census, CensusError> {
    let Some((first_file, first)) = pieces.first() else {
        return Err(CensusError::Merge("no pieces given".to_string()));
    };
    let expected = expand(&first.patterns)?;
    let mut shards_seen = std::collections::BTreeSet::new();
    let mut of = None;
    let mut records: Vec<Option<GameRecord>> = vec![None; expected.len()];
    for (file, piece) in &pieces {
        if piece.patterns != first.patterns || piece.to != first.to || piece.budget != first.budget
        {
            return Err(CensusError::Merge(format!(
                "{file} is a census of other patterns, range or budget than {first_file}"
            )));
        }
        let (k, n) = match &piece.shard {
            Some(text) => parse_shard(text)
                .map_err(|_| CensusError::Merge(format!("{file}: malformed shard `{text}`")))?,
            None => (1, 1),
        };
        if *of.get_or_insert(n) != n {
            return Err(CensusError::Merge(format!(
                "{file} is a shard of {n}, {first_file} of {}",
                of.unwrap_or(0)
            )));
        }
        if !shards_seen.insert(k) {
            return Err(CensusError::Merge(format!("shard {k}/{n} is given twice")));
        }
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
                && in_shard(index, Some((k, n)))
                && expected[index].to_string() == record.game;
            if !fits {
                return Err(CensusError::Merge(format!(
                    "{file}: game {} at index {index} is not that shard's game there",
                    record.game
                )));
            }
            if records[index].replace(record.clone()).is_some() {
                return Err(CensusError::Merge(format!(
                    "{} is given twice",
                    record.game
                )));
            }
        }
    }
    let n = of.unwrap_or(1);
    if let Some(missing) = (1..=n).find(|k| !shards_seen.contains(k)) {
        return Err(CensusError::Merge(format!(
            "shard {missing}/{n} is missing"
        )));
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
                    "no shard holds {} (index {index})",
                    expected[index]
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
}
