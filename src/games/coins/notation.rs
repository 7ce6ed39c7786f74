//! How coin positions and moves are written: coins (1-D) as their positions, `3 5 8`; squares
//! (2-D) as `x,y` pairs, `1,2 3,4`; a 1-D move as the coins it turns, `2,5` or a run `2..5`; a
//! 2-D move as its two factors joined by `*`, `1,3*2,4` (turns (1,2), (1,4), (3,2), (3,4)).

use super::rule::{Others, Rule, Turn};
use crate::scanner::{InputError, Scanner};
use std::fmt;

/// Reads heads coins of one axis: positions 1 … `max`, distinct; errors are located.
pub fn parse_line(text: &str, max: u64) -> Result<Vec<u64>, InputError> {
    let mut scanner = Scanner::new(text.as_bytes());
    let mut coins = Vec::new();
    while let Some(token) = scanner.next_token() {
        let coin = token.parse_u64("a coin position")?;
        if coin == 0 || coin > max {
            return Err(token.error(format!(
                "coin positions run from 1 to {max} here, found `{coin}`"
            )));
        }
        coins.push((coin, token));
    }
    coins.sort_unstable_by_key(|&(coin, _)| coin);
    if let Some(pair) = coins.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        return Err(pair[1].1.error(format!(
            "coin {} is listed twice (a position is the set of heads)",
            pair[0].0
        )));
    }
    Ok(coins.into_iter().map(|(coin, _)| coin).collect())
}

/// Reads heads squares `x,y`: x in 1 … `max.0`, y in 1 … `max.1`, distinct; errors are located.
pub fn parse_grid(text: &str, max: (u64, u64)) -> Result<Vec<(u64, u64)>, InputError> {
    let mut scanner = Scanner::new(text.as_bytes());
    let mut squares = Vec::new();
    while let Some(token) = scanner.next_token() {
        let shown = token.show();
        let bad = || {
            token.error(format!(
                "expected a square `x,y` (two coin positions joined by a comma), found `{shown}`"
            ))
        };
        let (x, y) = shown.split_once(',').ok_or_else(bad)?;
        let x: u64 = x.parse().map_err(|_| bad())?;
        let y: u64 = y.parse().map_err(|_| bad())?;
        if x == 0 || y == 0 || x > max.0 || y > max.1 {
            return Err(token.error(format!(
                "squares run from 1,1 to {},{} here, found `{shown}`",
                max.0, max.1
            )));
        }
        squares.push(((x, y), token));
    }
    squares.sort_unstable_by_key(|&(square, _)| square);
    if let Some(pair) = squares.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        let (x, y) = pair[0].0;
        return Err(pair[1].1.error(format!(
            "square {x},{y} is listed twice (a position is the set of heads)"
        )));
    }
    Ok(squares.into_iter().map(|(square, _)| square).collect())
}

/// Writes coins separated by spaces.
pub fn write_line(f: &mut fmt::Formatter<'_>, coins: &[u64]) -> fmt::Result {
    crate::notation::write_numbers(f, coins, " ")
}

/// Writes squares `x,y` separated by spaces.
pub fn write_grid(f: &mut fmt::Formatter<'_>, squares: &[(u64, u64)]) -> fmt::Result {
    for (index, (x, y)) in squares.iter().enumerate() {
        if index > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{x},{y}")?;
    }
    Ok(())
}

/// A 1-D move's notation: the coins it turns, ascending (`5`, `2,5`, `1,2,5`), a run as `2..5`.
pub fn format_turn(turn: Turn) -> String {
    let at = turn.at;
    match turn.others {
        Others::Nothing => at.to_string(),
        Others::One(s) => format!("{s},{at}"),
        Others::Two(s, t) => format!("{s},{t},{at}"),
        Others::RunFrom(from) => format!("{from}..{at}"),
    }
}

/// Reads a 1-D move under `rule`: the coins it turns (`2,5`, or a run `2..5`), checked
/// against the rule (not against the position: the caller checks that the rightmost is heads).
pub fn parse_turn(rule: Rule, text: &str) -> Result<Turn, String> {
    let text = text.trim();
    let shape = match rule {
        Rule::Ruler => "write the run of coins it turns, `a..h` (or `h` alone), e.g. 2..5",
        Rule::MockTurtles => "write the coins it turns, ascending: `h`, `s,h` or `r,s,h`, e.g. 2,5",
        Rule::Turtles => "write the coins it turns, ascending: `h` or `s,h`, e.g. 2,5",
        Rule::Twins => "write the two coins it turns, ascending: `s,h`, e.g. 2,5",
    };
    let number = |item: &str| -> Result<u64, String> {
        item.trim()
            .parse::<u64>()
            .map_err(|_| format!("`{item}` is not a coin position: {shape}"))
    };
    let coins: Vec<u64> = if let Some((from, to)) = text.split_once("..") {
        let (from, to) = (number(from)?, number(to)?);
        if from == 0 || from > to {
            return Err(format!("`{text}` is no run of coins: {shape}"));
        }
        if rule != Rule::Ruler {
            return Err(format!("{rule} turns no runs: {shape}"));
        }
        let at = to;
        let others = if from == at {
            Others::Nothing
        } else {
            Others::RunFrom(from)
        };
        return Ok(Turn { at, others });
    } else {
        text.split(',').map(number).collect::<Result<_, _>>()?
    };
    if coins.windows(2).any(|pair| pair[0] >= pair[1]) || coins.first() == Some(&0) {
        return Err(format!(
            "`{text}`: the coins must be distinct, ascending, from 1: {shape}"
        ));
    }
    let at = *coins
        .last()
        .ok_or_else(|| format!("an empty move: {shape}"))?;
    let others = match (rule, &coins[..]) {
        (_, [_]) => Others::Nothing,
        // A ruler move turns a run: `4,5` is the run 4..5.
        (Rule::Ruler, [.., _]) => {
            if coins.windows(2).any(|pair| pair[1] != pair[0] + 1) {
                return Err(format!(
                    "`{text}` is not a run of consecutive coins: {shape}"
                ));
            }
            Others::RunFrom(coins[0])
        }
        (_, [s, _]) => Others::One(*s),
        (_, [s, t, _]) => Others::Two(*s, *t),
        _ => return Err(format!("`{text}` turns too many coins: {shape}")),
    };
    let turn = Turn { at, others };
    if !rule.allows(at, others) {
        return Err(format!("`{text}` is not a {rule} move: {shape}"));
    }
    Ok(turn)
}

/// A 2-D move's notation: the two factors joined by `*`.
pub fn format_product(x: Turn, y: Turn) -> String {
    format!("{}*{}", format_turn(x), format_turn(y))
}

/// Reads a 2-D move `A*B` under the two rules.
pub fn parse_product(rules: (Rule, Rule), text: &str) -> Result<(Turn, Turn), String> {
    let (x, y) = text.trim().split_once('*').ok_or_else(|| {
        format!(
            "`{}` is not a move: write the coins of the two factors joined by `*`: `A*B` turns \
             every square (a, b) with a in A and b in B, the top corner heads (e.g. 1,3*2,4)",
            text.trim()
        )
    })?;
    Ok((parse_turn(rules.0, x)?, parse_turn(rules.1, y)?))
}
