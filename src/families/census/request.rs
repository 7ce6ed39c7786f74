//! What a census is asked for: the patterns, the range, the budget and the shard
//! ([`CensusRequest`]), and the patterns expanded into distinct games ([`expand`]).

use super::error::CensusError;
use crate::families::heap_rule::HeapRule;

/// Without `--to`: the last heap computed when no period is proved first.
pub const DEFAULT_TO: u64 = 1 << 20;
/// Without `--budget`: the most work units (pair visits) per game before it is left open.
pub const DEFAULT_BUDGET: u64 = 1_000_000_000;
/// At most this many `?` in one pattern (8^6 = 262,144 games).
pub const MOST_WILDCARDS: usize = 6;
/// At most this many games in one census.
pub const MOST_GAMES: usize = 1 << 20;

/// What a census computes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CensusRequest {
    /// The patterns, as given.
    pub patterns: Vec<String>,
    /// The last heap computed for a game without a proved period.
    pub to: u64,
    /// The most work units (pair visits) per game.
    pub budget: u64,
    /// This shard (K, N) of the census, or the whole.
    pub shard: Option<(u64, u64)>,
}

/// Expands patterns into distinct games, in order: `?` after the point of a code is each octal
/// digit 0–7 (the first digit varying slowest); anything else is one heap game's spelling.
pub fn expand(patterns: &[String]) -> Result<Vec<HeapRule>, CensusError> {
    let mut games = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for pattern in patterns {
        let bad = |reason: String| CensusError::Pattern {
            pattern: pattern.clone(),
            reason,
        };
        let wildcards = pattern.matches('?').count();
        if wildcards > MOST_WILDCARDS {
            return Err(bad(format!(
                "at most {MOST_WILDCARDS} `?` in one pattern (each multiplies the games by 8)"
            )));
        }
        if wildcards > 0 {
            match pattern.split_once('.') {
                Some((whole, _)) if !whole.contains('?') => {}
                _ => {
                    return Err(bad(
                        "`?` stands for an octal digit after the point of a code, as in 0.??"
                            .to_string(),
                    ));
                }
            }
        }
        for choice in 0..(1usize << (3 * wildcards)) {
            let mut digits = (0..wildcards)
                .rev()
                .map(|i| char::from(b'0' + ((choice >> (3 * i)) & 7) as u8));
            let spelling: String = pattern
                .chars()
                .map(|c| {
                    if c == '?' {
                        digits.next().unwrap_or('0')
                    } else {
                        c
                    }
                })
                .collect();
            let rule = match HeapRule::resolve(&spelling) {
                Some(Ok(rule)) => rule,
                Some(Err(error)) => return Err(bad(error.to_string())),
                None => return Err(bad("no heap game is spelled so".to_string())),
            };
            if seen.insert(rule.to_string()) {
                if games.len() == MOST_GAMES {
                    return Err(CensusError::TooManyGames { limit: MOST_GAMES });
                }
                games.push(rule);
            }
        }
    }
    if games.is_empty() {
        return Err(CensusError::Pattern {
            pattern: String::new(),
            reason: "no pattern given".to_string(),
        });
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_expand_in_order_without_repeats() {
        let games = expand(&["0.?".to_string(), "0.7".to_string()]).unwrap();
        let names: Vec<String> = games.iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]
        );
        assert_eq!(expand(&["0.??".to_string()]).unwrap().len(), 64);
        assert!(expand(&["?.1".to_string()]).is_err());
        assert!(expand(&["0.???????".to_string()]).is_err());
        assert!(expand(&["no-such-game".to_string()]).is_err());
    }
}
