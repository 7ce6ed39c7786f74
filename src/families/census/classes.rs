//! The classes of equivalent games (module doc of the census, *Classes*), built from the records
//! alone, and a census assembled from its records: the classes and the summary recomputed, the
//! one way both a run and a merge end.

use super::record::{Census, Class, FORMAT, GameRecord, Member, SHIFTS, Status, Summary};
use std::collections::HashMap;

/// A census from its records: the classes and the summary recomputed (the one way both a run
/// and a merge end, so they agree byte for byte).
pub(super) fn assemble(
    patterns: Vec<String>,
    to: u64,
    budget: u64,
    shard: Option<String>,
    total_games: usize,
    mut games: Vec<GameRecord>,
) -> Census {
    games.sort_by_key(|g| g.index);
    let classes = classify(&mut games);
    let count = |status| games.iter().filter(|g| g.status == status).count();
    let summary = Summary {
        games: games.len(),
        trivial: count(Status::Trivial),
        solved: count(Status::Solved),
        open: count(Status::Open),
        classes: classes.len(),
        work: games.iter().fold(0u64, |sum, g| sum.saturating_add(g.work)),
    };
    Census {
        format: FORMAT.to_string(),
        patterns,
        to,
        budget,
        grundy: shard.as_ref().map(|_| super::record::VERSION.to_string()),
        shard,
        total_games,
        games,
        classes,
        summary,
    }
}

/// A member of a class being built: its record, its offset from the class's current root
/// (G_member(n) = G_root(n + offset)), the length it was compared over, and whether its
/// equality with the root is proved.
struct Joined {
    record: usize,
    offset: u64,
    length: u64,
    proved: bool,
}

/// A window of a class member: (class, member, shift).
type Anchor = (usize, usize, u64);

/// How a game joins a class.
enum Join {
    /// G_game(n) = G_member(n + shift) for a member of the class.
    Follows {
        class: usize,
        member: usize,
        shift: u64,
    },
    /// G_root(n) = G_game(n + shift): the game becomes the class's root.
    Leads {
        class: usize,
        member: usize,
        shift: u64,
    },
}

fn lcm(a: u64, b: u64) -> Option<u64> {
    let gcd = {
        let (mut x, mut y) = (a, b);
        while y != 0 {
            (x, y) = (y, x % y);
        }
        x
    };
    if gcd == 0 {
        return None;
    }
    (a / gcd).checked_mul(b)
}

/// Whether G_a(n) = G_b(n + s) for heaps 0..length proves it for every heap (module doc).
fn proves_equal(a: &GameRecord, b: &GameRecord, s: u64, length: u64) -> bool {
    match (a.preperiod, a.period, b.preperiod, b.period) {
        (Some(na), Some(pa), Some(nb), Some(pb)) => {
            let start = na.max(nb.saturating_sub(s));
            lcm(pa, pb)
                .and_then(|p| start.checked_add(p))
                .is_some_and(|end| end <= length)
        }
        _ => false,
    }
}

/// The fingerprint of length `length`, shift `s`, of a record.
fn hash_at(record: &GameRecord, length: u64, s: u64) -> Option<&str> {
    record
        .fingerprints
        .iter()
        .find(|f| f.length == length)
        .and_then(|f| f.shifts.get(s as usize))
        .map(String::as_str)
}

/// Groups the records into classes (see the module doc) and sets each member's `class`.
fn classify(games: &mut [GameRecord]) -> Vec<Class> {
    let longest = |g: &GameRecord| g.fingerprints.last().map_or(0, |f| f.length);
    let mut order: Vec<usize> = (0..games.len())
        .filter(|&i| !games[i].fingerprints.is_empty())
        .collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(longest(&games[i])), games[i].index));
    let mut forming: Vec<Vec<Joined>> = Vec::new();
    {
        // (length, hash) → (class, member, shift): that member's G(shift..shift + length).
        let mut windows: HashMap<(u64, &str), Vec<Anchor>> = HashMap::new();
        for &i in &order {
            let g = &games[i];
            let length = longest(g);
            let lookup = |shift_here: u64, shift_there: u64, roots_only: bool| {
                let hash = hash_at(g, length, shift_here)?;
                windows
                    .get(&(length, hash))?
                    .iter()
                    .filter(|&&(class, member, shift)| {
                        shift == shift_there && (!roots_only || forming[class][member].offset == 0)
                    })
                    .map(|&(class, member, _)| (class, member))
                    .min()
            };
            // The least shift first; at each shift, g as a shift of a member, then g as the
            // sequence the root is a shift of.
            let mut join = None;
            for s in 0..=SHIFTS {
                if let Some((class, member)) = lookup(0, s, false) {
                    join = Some(Join::Follows {
                        class,
                        member,
                        shift: s,
                    });
                    break;
                }
                if s > 0
                    && let Some((class, member)) = lookup(s, 0, true)
                {
                    join = Some(Join::Leads {
                        class,
                        member,
                        shift: s,
                    });
                    break;
                }
            }
            let (class, joined) = match join {
                Some(Join::Follows {
                    class,
                    member,
                    shift,
                }) => {
                    let anchor = &forming[class][member];
                    let proved =
                        anchor.proved && proves_equal(g, &games[anchor.record], shift, length);
                    let joined = Joined {
                        record: i,
                        offset: anchor.offset + shift,
                        length,
                        proved,
                    };
                    (class, joined)
                }
                Some(Join::Leads {
                    class,
                    member,
                    shift,
                }) => {
                    let root = &games[forming[class][member].record];
                    let link = proves_equal(root, g, shift, length);
                    for other in &mut forming[class] {
                        other.offset += shift;
                        other.proved &= link;
                    }
                    let joined = Joined {
                        record: i,
                        offset: 0,
                        length,
                        proved: true,
                    };
                    (class, joined)
                }
                None => {
                    forming.push(Vec::new());
                    let joined = Joined {
                        record: i,
                        offset: 0,
                        length,
                        proved: true,
                    };
                    (forming.len() - 1, joined)
                }
            };
            let member = forming[class].len();
            forming[class].push(joined);
            for f in &g.fingerprints {
                for (s, hash) in f.shifts.iter().enumerate() {
                    windows
                        .entry((f.length, hash.as_str()))
                        .or_default()
                        .push((class, member, s as u64));
                }
            }
        }
    }
    let mut classes: Vec<(usize, Class, Vec<usize>)> = Vec::new();
    for class in forming {
        if class.len() < 2 {
            continue;
        }
        let mut members: Vec<(usize, u64)> = class.iter().map(|m| (m.record, m.offset)).collect();
        members.sort_by_key(|&(i, shift)| (shift, games[i].index));
        let first = members[0];
        let mut rest: Vec<(usize, u64)> = members[1..].to_vec();
        rest.sort_by_key(|&(i, _)| games[i].index);
        let ordered: Vec<(usize, u64)> = std::iter::once(first).chain(rest).collect();
        let widest = ordered.iter().map(|&(_, shift)| shift).max().unwrap_or(0);
        let equal_to = class
            .iter()
            .map(|m| m.length)
            .min()
            .unwrap_or(0)
            .saturating_sub(widest);
        let proved_equal = class.iter().all(|m| m.proved);
        let indices: Vec<usize> = ordered.iter().map(|&(i, _)| i).collect();
        classes.push((
            games[first.0].index,
            Class {
                members: ordered
                    .iter()
                    .map(|&(i, shift)| Member {
                        game: games[i].game.clone(),
                        shift,
                    })
                    .collect(),
                equal_to,
                proved_equal,
            },
            indices,
        ));
    }
    classes.sort_by_key(|(first, _, _)| *first);
    for (number, (_, _, indices)) in classes.iter().enumerate() {
        for &i in indices {
            games[i].class = Some(number);
        }
    }
    classes.into_iter().map(|(_, class, _)| class).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lcm_does_not_wrap() {
        assert_eq!(lcm(4, 6), Some(12));
        assert_eq!(lcm(u64::MAX, u64::MAX - 1), None);
    }
}
