//! The judge formats of the coin games and of nimber arithmetic, on `turning-corners` (the game
//! whose lone heads square (a, b) is worth a ⊗ b, so that the arithmetic's problems are its
//! problems):
//!
//! * **HDU 3404 "Switch lights"** (the default): T ≤ 100 cases, each n ≤ 1000 lights on at
//!   (x, y), 1 ≤ x, y ≤ 10000, no two at one place; a move picks a rectangle whose corner
//!   (x₂, y₂) with the larger coordinates is on, degenerate rectangles (a line, a single cell)
//!   allowed, and switches its corners. It prints `Have a try, lxhgww.` when the first player
//!   wins and `Don't waste your time.` otherwise (so the statement says, as its editorials
//!   quote it: not `lxn`). grundy reads coordinates up to 2^63.
//! * **Library Checker `nim_product_64`** (`--dialect nim-product-64`): T, then T lines `a b`
//!   with 0 ≤ a, b < 2^64; prints a ⊗ b a line. T ≤ 10^6 in the problem's `info.toml` (the
//!   issue said 5 · 10^5).
//! * **Codeforces 1310F "Bad Cryptography"** (`--dialect cf1310f`): t ≤ 100, then t lines
//!   `a b` with 1 ≤ a, b < 2^64; prints an x with 0 ≤ x < 2^64 and a^x = b (nim-powers), or −1
//!   when there is none. Any such x is accepted: `judge` checks each answer by exponentiation
//!   (a [`Checker`]) rather than comparing it with grundy's, the least one.
//!
//! And on `coins:mock-turtles`, [`MOCK_TURTLES_FORMATS`]:
//!
//! * **HDU 3537 "Daizhenyang's Coin"** (`--dialect hdu3537`): test cases to the end of the
//!   input, each a line `n` (0 ≤ n ≤ 100) and a line of n positions a_k (0 ≤ a_k < 10^8) of
//!   heads coins, numbered from 0; "the same coin may be described twice or more times", so a
//!   position listed twice is one heads coin (not two that cancel). A move turns one, two or
//!   three coins, the rightmost from heads to tails: Mock Turtles. It prints `Yes` when the
//!   position is lost for the player to move (Daizhenyang, first) and `No` when it is won. A
//!   coin at a (0-based) is a mock turtle at a + 1, worth the a-th odious number, 2a or 2a + 1
//!   (whichever has an odd number of 1 bits). grundy reads positions up to 2^63 − 1.
//!
//! Each reader parses the whole input before writing anything; errors are located. What the
//! contest tools draw of each format is beside the formats ([`Generators`]); every one of them
//! draws its positions to play from as turning-corners' lights.

use crate::judge::rng::Rng;
use crate::judge::{
    Arrangement, Bounds, CaseLayout, Checker, Format, Generators, Item, Rejection, Shape,
    for_each_case,
};
use crate::nimber_field::arithmetic::{power, product};
use crate::nimber_field::log::log;
use crate::scanner::{InputError, Scanner};
use std::collections::BTreeSet;

use super::rule::{MAX_COIN, Rule};

/// The first player's line in HDU 3404.
pub const HDU3404_WIN: &str = "Have a try, lxhgww.";

/// The second player's line in HDU 3404.
pub const HDU3404_LOSS: &str = "Don't waste your time.";

/// The largest coordinate the HDU 3404 reader accepts.
const MAX_COORDINATE: u64 = 1 << 63;

/// turning-corners' formats.
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: None,
        describe: "HDU 3404: T, then per case n and n lines `x y` (lights on, 1-based); prints \
                   `Have a try, lxhgww.` if the first player wins, else `Don't waste your time.`",
        solve: solve_switch_lights,
        shape: Shape::pairs(
            &Lights,
            CaseLayout::Counted,
            4,
            false,
            Bounds::pairs(100, 1000, (1, 10_000), (1, 10_000)),
            Bounds::pairs(200, 2000, (1, MAX_COORDINATE), (1, MAX_COORDINATE)),
        ),
    },
    Format {
        dialect: Some("nim-product-64"),
        describe: "Library Checker nim_product_64: T, then T lines `a b` (64-bit); prints the \
                   nim-product a * b a line",
        solve: solve_nim_products,
        shape: Shape::pairs(
            &Nimbers(0, 5),
            CaseLayout::Single,
            1,
            false,
            Bounds::pairs(1, 1_000_000, (0, u64::MAX), (0, u64::MAX)),
            Bounds::pairs(1, 2_000_000, (0, u64::MAX), (0, u64::MAX)),
        ),
    },
    Format {
        dialect: Some("cf1310f"),
        describe: "Codeforces 1310F: t, then t lines `a b` (1 <= a, b < 2^64); prints an x with \
                   a^x = b in nim-powers, or -1 (any such x is accepted)",
        solve: solve_logarithms,
        shape: Shape::pairs(
            &Nimbers(1, 4),
            CaseLayout::Single,
            1,
            false,
            Bounds::pairs(1, 100, (1, u64::MAX), (1, u64::MAX)),
            Bounds::pairs(1, 1000, (1, u64::MAX), (1, u64::MAX)),
        )
        .checked_by(Checker(check_logarithms)),
    },
];

/// coins:mock-turtles' formats.
pub(crate) const MOCK_TURTLES_FORMATS: &[Format] = &[Format {
    dialect: Some("hdu3537"),
    describe: "HDU 3537: cases to the end of the input, each n and n positions of heads coins \
               (0-based, repeats allowed and counted once); prints `Yes` if the first player \
               loses, else `No`",
    solve: solve_daizhenyang,
    // The statement: n ≤ 100, positions below 10^8; it gives no count of cases.
    shape: Shape::piles(
        &HeadsCoins,
        CaseLayout::UntilEnd,
        1,
        Bounds {
            fewest_cases: 1,
            cases: 100,
            items: (0, 100),
            first: (0, 99_999_999),
            second: (0, 0),
        },
        Bounds {
            fewest_cases: 1,
            cases: 200,
            items: (0, 1000),
            first: (0, MAX_COIN - 1),
            second: (0, 0),
        },
    ),
}];

/// HDU 3537's answer for a losing position (the girl's "losable situation").
pub const HDU3537_LOST: &str = "Yes";

/// HDU 3537's answer for a winning position.
pub const HDU3537_WON: &str = "No";

/// What the contest tools draw of HDU 3537: heads coins' 0-based positions, repeats allowed.
struct HeadsCoins;

impl Generators for HeadsCoins {
    fn tiny(&self) -> (Vec<Item>, usize) {
        ((0..=4).map(|a| [a, 0]).collect(), 4)
    }

    fn arrangement(&self) -> Arrangement {
        Arrangement::Multiset
    }

    /// Repeats of a coin drawn before (which count once), the first coins, and coins next to
    /// powers of two (where the odious numbers change parity).
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, before: &[Item]) -> Item {
        let (low, high) = bounds.first;
        if !before.is_empty() && rng.chance(1, 3) {
            return before[rng.index(before.len())];
        }
        let value = match rng.between(0, 3) {
            0 => rng.between(0, 3),
            1 => (1u64 << rng.between(0, u64::from(high.max(1).ilog2())))
                .saturating_sub(rng.between(0, 1)),
            2 => high - rng.between(0, 2.min(high - low)),
            _ => rng.spread(low, high),
        };
        [value.clamp(low, high), 0]
    }

    fn position(&self, rng: &mut Rng) -> String {
        let count = rng.between(2, 4);
        (0..count)
            .map(|_| rng.between(1, 8))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .map(|coin| coin.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The cases of an HDU 3537 input, each its distinct heads coins (0-based) in increasing order.
fn read_heads_coins(input: &[u8]) -> Result<Vec<Vec<u64>>, InputError> {
    let mut scanner = Scanner::new(input);
    let mut cases = Vec::new();
    while !scanner.at_end() {
        let n = scanner.next_count("the number of heads coins n")?;
        // Capacity bounded by the bytes left (two per number), not by `n`.
        let mut coins = Vec::with_capacity(n.min(scanner.remaining_bytes() / 2 + 1));
        for _ in 0..n {
            let coin = scanner.next_u64_where("a heads coin's position", |value| {
                (value >= MAX_COIN)
                    .then(|| format!("positions run from 0 to 2^63 - 1 here, found {value}"))
            })?;
            coins.push(coin);
        }
        coins.sort_unstable();
        coins.dedup();
        cases.push(coins);
    }
    Ok(cases)
}

/// The value of heads coins at these distinct 0-based positions in Mock Turtles.
pub fn heads_coins_value(coins: &[u64]) -> u64 {
    coins
        .iter()
        .fold(0, |sum, &coin| sum ^ Rule::MockTurtles.value(coin + 1))
}

fn solve_daizhenyang(input: &[u8]) -> Result<String, InputError> {
    let cases = read_heads_coins(input)?;
    let mut out = String::new();
    for coins in cases {
        out.push_str(if heads_coins_value(&coins) == 0 {
            HDU3537_LOST
        } else {
            HDU3537_WON
        });
        out.push('\n');
    }
    Ok(out)
}

/// What the contest tools draw of HDU 3404: lights `x y`, no two at one place.
struct Lights;

impl Generators for Lights {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let lights = (1..=3).flat_map(|x| (1..=3).map(move |y| [x, y]));
        (lights.collect(), 3)
    }

    fn arrangement(&self) -> Arrangement {
        Arrangement::Set
    }

    /// Lights on the first rows and columns and at powers of two (where nim-products change
    /// character), and next to the limit.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let coordinate = |rng: &mut Rng| {
            match rng.between(0, 3) {
                0 => rng.between(1, 4),
                1 => 1u64 << rng.between(0, u64::from(high.ilog2())),
                2 => high - rng.between(0, 2.min(high - low)),
                _ => rng.spread(low, high),
            }
            .clamp(low, high)
        };
        [coordinate(rng), coordinate(rng)]
    }

    fn position(&self, rng: &mut Rng) -> String {
        lights_position(rng)
    }
}

/// What the contest tools draw of the nimber arithmetic's formats: pairs `a b` of 64-bit
/// nimbers, the tiny ones each from the first number to the second.
struct Nimbers(u64, u64);

impl Generators for Nimbers {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let range = self.0..=self.1;
        let pairs = range
            .clone()
            .flat_map(|a| range.clone().map(move |b| [a, b]));
        (pairs.collect(), 2)
    }

    /// Fermat 2-powers 2^(2^k), their neighbours, powers of two, all ones.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let special = |rng: &mut Rng| {
            let value = match rng.between(0, 5) {
                0 => 1u64 << (1u64 << rng.between(0, 5)),
                1 => (1u64 << (1u64 << rng.between(0, 5))).wrapping_sub(1),
                2 => 1u64 << rng.between(0, 63),
                3 => u64::MAX,
                4 => rng.between(1, 3),
                _ => rng.spread(low, high),
            };
            value.clamp(low, high)
        };
        [special(rng), special(rng)]
    }

    fn position(&self, rng: &mut Rng) -> String {
        lights_position(rng)
    }
}

/// A random small turning-corners position: two to four lights on a 4 × 4 board.
fn lights_position(rng: &mut Rng) -> String {
    let count = rng.between(2, 4);
    (0..count)
        .map(|_| format!("{},{}", rng.between(1, 4), rng.between(1, 4)))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect::<Vec<_>>()
        .join(" ")
}

/// One HDU 3404 case's lights, read and checked: coordinates 1 … 2^63, no light twice.
fn read_lights(scanner: &mut Scanner<'_>) -> Result<Vec<(u64, u64)>, InputError> {
    let n = scanner.next_count("the number of lights n")?;
    let mut lights = Vec::new();
    for _ in 0..n {
        let x_token = scanner.expect_token("a light's x")?;
        let x = x_token.parse_u64("a light's x")?;
        let y_token = scanner.expect_token("a light's y")?;
        let y = y_token.parse_u64("a light's y")?;
        for (value, token) in [(x, &x_token), (y, &y_token)] {
            if value == 0 || value > MAX_COORDINATE {
                return Err(token.error(format!(
                    "coordinates run from 1 to 2^63 here, found {value}"
                )));
            }
        }
        lights.push(((x, y), x_token));
    }
    lights.sort_unstable_by_key(|&(light, _)| light);
    if let Some(pair) = lights.windows(2).find(|pair| pair[0].0 == pair[1].0) {
        let (x, y) = pair[0].0;
        return Err(pair[1]
            .1
            .error(format!("two lights at {x} {y} (the judge promises none)")));
    }
    Ok(lights.into_iter().map(|(light, _)| light).collect())
}

/// The value of lights on at (x, y) in Turning Corners with degenerate rectangles: x ⊗ y each
/// (turtles × turtles, 1-based: a lone turtle at n is worth n).
pub fn lights_value(lights: &[(u64, u64)]) -> u64 {
    lights.iter().fold(0, |sum, &(x, y)| sum ^ product(x, y))
}

fn solve_switch_lights(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let lights = read_lights(scanner)?;
        out.push_str(if lights_value(&lights) != 0 {
            HDU3404_WIN
        } else {
            HDU3404_LOSS
        });
        out.push('\n');
        Ok(())
    })?;
    Ok(out)
}

fn solve_nim_products(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let count = scanner.next_count("the number of products T")?;
    let mut out = String::new();
    let mut buffer = itoa::Buffer::new();
    for _ in 0..count {
        let a = scanner.next_u64("a")?;
        let b = scanner.next_u64("b")?;
        out.push_str(buffer.format(product(a, b)));
        out.push('\n');
    }
    scanner.expect_end()?;
    Ok(out)
}

/// The pairs of a Codeforces 1310F input.
fn read_log_pairs(input: &[u8]) -> Result<Vec<(u64, u64)>, InputError> {
    let mut scanner = Scanner::new(input);
    let count = scanner.next_count("the number of pairs t")?;
    let mut pairs = Vec::new();
    for _ in 0..count {
        let a = scanner.next_u64_at_least("a", 1)?;
        let b = scanner.next_u64_at_least("b", 1)?;
        pairs.push((a, b));
    }
    scanner.expect_end()?;
    Ok(pairs)
}

fn solve_logarithms(input: &[u8]) -> Result<String, InputError> {
    let pairs = read_log_pairs(input)?;
    let mut out = String::new();
    for (a, b) in pairs {
        match log(a, b) {
            Some(x) => out.push_str(&x.to_string()),
            None => out.push_str("-1"),
        }
        out.push('\n');
    }
    Ok(out)
}

/// Codeforces 1310F's checker: each answer is −1 exactly when b is no power of a, and otherwise
/// an x below 2^64 with a^x = b.
fn check_logarithms(input: &[u8], output: &[u8]) -> Result<(), Rejection> {
    let pairs = read_log_pairs(input).map_err(|error| Rejection {
        case: None,
        detail: format!("internal error: the checker cannot read the input ({error})"),
    })?;
    let mut tokens = output
        .split(u8::is_ascii_whitespace)
        .filter(|token| !token.is_empty());
    for (index, &(a, b)) in pairs.iter().enumerate() {
        let case = Some(index + 1);
        let reject = |detail: String| Err(Rejection { case, detail });
        let Some(token) = tokens.next() else {
            return reject(format!(
                "case {}: expected an answer to log {a} {b}, got nothing (the output ends)",
                index + 1
            ));
        };
        let shown = String::from_utf8_lossy(token);
        let exists = log(a, b).is_some();
        if token == b"-1" {
            if exists {
                return reject(format!(
                    "case {}: answered -1, but {b} is a power of {a} (a^{} = {b})",
                    index + 1,
                    log(a, b).unwrap_or(0)
                ));
            }
            continue;
        }
        let Some(x) = crate::scanner::parse_u64_bytes(token) else {
            return reject(format!(
                "case {}: `{shown}` is neither -1 nor a number from 0 to 2^64 - 1",
                index + 1
            ));
        };
        if power(a, x) != b {
            let why = if exists {
                String::new()
            } else {
                " (and no power of it is)".to_string()
            };
            return reject(format!(
                "case {}: {a}^{x} = {}, not {b}{why}",
                index + 1,
                power(a, x)
            ));
        }
    }
    match tokens.next() {
        None => Ok(()),
        Some(extra) => Err(Rejection {
            case: None,
            detail: format!(
                "extra output after the last case: `{}`",
                String::from_utf8_lossy(extra)
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statements_samples() {
        // HDU 3404's sample.
        let output = solve_switch_lights(b"2\n2\n1 2\n2 1\n2\n1 1\n2 2\n").unwrap();
        assert_eq!(output, format!("{HDU3404_LOSS}\n{HDU3404_WIN}\n"));
        assert!(solve_switch_lights(b"1\n2\n1 1\n1 1\n").is_err());
        assert!(solve_switch_lights(b"1\n1\n0 1\n").is_err());
        assert_eq!(
            solve_nim_products(b"3\n2 2\n4 4\n32 64\n").unwrap(),
            "3\n6\n141\n"
        );
        let logs = solve_logarithms(b"3\n2 3\n2 123\n1 1\n").unwrap();
        assert_eq!(logs, "2\n-1\n0\n");
        assert!(check_logarithms(b"3\n2 3\n2 123\n1 1\n", logs.as_bytes()).is_ok());
        // 2 has order 3: 5 is as good a logarithm of 3 as 2.
        assert!(check_logarithms(b"1\n2 3\n", b"5").is_ok());
        let wrong = check_logarithms(b"2\n2 3\n2 123\n", b"2 7").unwrap_err();
        assert_eq!(wrong.case, Some(2));
        assert!(check_logarithms(b"1\n2 3\n", b"2 2").is_err());
        assert!(check_logarithms(b"1\n2 3\n", b"").is_err());
        // HDU 3537's sample.
        let coins = solve_daizhenyang(b"0\n\n1\n0\n4\n0 1 2 3\n").unwrap();
        assert_eq!(coins, "Yes\nNo\nYes\n");
        // A repeated coin is one coin.
        assert_eq!(solve_daizhenyang(b"2\n5 5\n").unwrap(), "No\n");
        assert!(solve_daizhenyang(b"1\n9223372036854775808\n").is_err());
        assert!(solve_daizhenyang(b"2\n1\n").is_err());
    }
}
