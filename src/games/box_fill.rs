//! # Box fill — "摆放石子", and HDU 1729 "Stone Game" as the square-rule dialect
//!
//! **Rules.** Boxes; box `i` has capacity `a_i` and holds `b_i` stones (`0 ≤ b_i ≤ a_i`). A move
//! adds `x` stones to one box with `1 ≤ x ≤ f(b_i)` and `b_i + x ≤ a_i`, where the bound is
//! `f(b) = b` (at most as many as the box already holds) in the original game and `f(b) = b²` in
//! HDU 1729. The player who cannot move loses.
//!
//! **Position notation.** `2/6 3/3`: `current/capacity` per box, in order. (The rule is not part
//! of the notation: it is chosen by the game name, `box-fill` or `box-fill-square`, and in the
//! library by the position's [`BoundRule`]: `BoxFill::parse_with(BoundRule::Square, "2/6")`.)
//!
//! **Move notation.** `1+2` adds 2 stones to box 1 (boxes count from 1).
//!
//! ## Theory
//!
//! Boxes are independent: XOR their Grundy values. For one box, let `t` be the largest number with
//! `t + f(t) < a` (for `f(b) = b`, `t = ⌊(a−1)/2⌋`). Then
//!
//! * `b > t`: every count from `b + 1` to `a` is reachable, so the box is a Nim heap: `SG = a − b`;
//! * `b = t`: every reachable count `y` lies in `(t, a)` and has `SG = a − y > 0`, so `SG = 0`;
//! * `b < t`: `SG(a, b) = SG(t, b)`: from below `t` one can never jump past `t`... more precisely,
//!   the counts above `t` can only be entered in a way the opponent answers by the same move as in
//!   the box of capacity `t` (reaching `t` there is reaching the zero at `t` here), by induction.
//!
//! This works for any non-decreasing bound `f`, so the square rule is the same code with another
//! `t`. Each step at least halves `a` (for `f(b) = b`), so the cost is O(log a) per box. For the
//! linear rule the chain of thresholds has a closed form, `t_k = ⌊(a+1)/2^k⌋ − 1`, so the value
//! is found in O(1) from bit lengths ([`box_grundy_linear`]; the stepping version is kept and the
//! two are checked against each other).

use super::counted_sum::{CountedMove, CountedSum, Counter};
use crate::compound::game::compounds;
use crate::core::Nimber;
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{
    Bounds, CaseLayout, Format, Generators, Item, Shape, box_bounds, for_each_case, small_row,
};
use crate::scanner::{InputError, Scanner};
use std::fmt::Write as _;

/// The numbers this game (either rule) accepts, for `grundy list`: moves never pass a box's
/// capacity, and the square rule's bound is computed in 128 bits.
pub const DOMAIN: &str = "0 <= current <= capacity <= 2^64 - 1 per box, any number of boxes (moves never pass the capacity)";

/// How many stones a move may add to a box that holds `b`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoundRule {
    /// At most `b` (the original "摆放石子").
    #[default]
    Linear,
    /// At most `b²` (HDU 1729).
    Square,
}

impl BoundRule {
    /// `f(b)`, saturating (in `u128`, exact for every `u64` count).
    pub fn bound(self, held: u64) -> u128 {
        let b = u128::from(held);
        match self {
            BoundRule::Linear => b,
            BoundRule::Square => b * b,
        }
    }

    /// The largest `t` with `t + f(t) < capacity`; `None` when `capacity == 0`.
    pub fn threshold(self, capacity: u64) -> Option<u64> {
        if capacity == 0 {
            return None;
        }
        match self {
            BoundRule::Linear => Some((capacity - 1) / 2),
            BoundRule::Square => {
                // t² + t < a  ⟺  t < (√(4a − 3) − 1) / 2; start from the float estimate and fix up.
                let a = u128::from(capacity);
                let fits = |t: u128| t * t + t < a;
                let mut t = ((capacity as f64).sqrt() as u128).saturating_sub(1);
                while t > 0 && !fits(t) {
                    t -= 1;
                }
                while fits(t + 1) {
                    t += 1;
                }
                Some(t as u64)
            }
        }
    }
}

/// One box: `held` stones now, `capacity` at most.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bin {
    /// Stones in the box (`b`).
    pub held: u64,
    /// The box's capacity (`a`).
    pub capacity: u64,
}

/// A box-fill position: the bound rule and the boxes in order.
pub type BoxFill = CountedSum<Bin>;

/// Add `count` stones to box number `index` (0-based).
pub type BoxFillMove = CountedMove;

/// The Grundy value of one box.
pub fn box_grundy(rule: BoundRule, capacity: u64, held: u64) -> Nimber {
    match rule {
        BoundRule::Linear => box_grundy_linear(capacity, held),
        BoundRule::Square => box_grundy_stepping(rule, capacity, held),
    }
}

/// The linear rule in O(1): the thresholds are `t_k = ⌊(a+1)/2^k⌋ − 1` (halving `a + 1` each
/// time), so the step at which `b ≥ t_k` first holds is found from bit lengths, not by a loop.
pub fn box_grundy_linear(capacity: u64, held: u64) -> Nimber {
    if held == 0 {
        return Nimber(0);
    }
    let a1 = u128::from(capacity) + 1;
    let b1 = u128::from(held) + 1;
    // The smallest k ≥ 1 with a1 >> k ≤ b1: start from the bit-length difference and adjust.
    let mut k = (a1.ilog2() as i64 - b1.ilog2() as i64).max(1) as u32;
    while k > 1 && (a1 >> (k - 1)) <= b1 {
        k -= 1;
    }
    while (a1 >> k) > b1 {
        k += 1;
    }
    let box_capacity = (a1 >> (k - 1)) - 1;
    let threshold = (a1 >> k) - 1;
    let held = u128::from(held);
    if held > threshold {
        Nimber((box_capacity - held) as u64)
    } else {
        Nimber(0)
    }
}

/// Any rule by stepping down the thresholds: `O(log a)` steps for the linear rule,
/// `O(log log a)` for the square rule.
pub fn box_grundy_stepping(rule: BoundRule, capacity: u64, held: u64) -> Nimber {
    let mut capacity = capacity;
    loop {
        if held == 0 {
            return Nimber(0);
        }
        let t = rule.threshold(capacity).expect("capacity ≥ held ≥ 1");
        if held > t {
            return Nimber(capacity - held);
        }
        if held == t {
            return Nimber(0);
        }
        capacity = t;
    }
}

/// The largest count reachable from `held` in one move.
fn reach(rule: BoundRule, capacity: u64, held: u64) -> u64 {
    (u128::from(held) + rule.bound(held)).min(u128::from(capacity)) as u64
}

/// Every count `y` reachable in one move from `held` with `SG(capacity, y) = target`, ascending.
pub fn counts_with_value(rule: BoundRule, capacity: u64, held: u64, target: Nimber) -> Vec<u64> {
    let mut found = Vec::new();
    let mut top = reach(rule, capacity, held);
    let mut capacity = capacity;
    // Invariant: we look for y in (held, top] with SG(capacity, y) = target, top ≤ capacity.
    while held < top {
        let Some(t) = rule.threshold(capacity) else {
            break;
        };
        // Above t the values are capacity − y.
        if let Some(y) = capacity.checked_sub(target.0)
            && y > t
            && y > held
            && y <= top
        {
            found.push(y);
        }
        if target == Nimber::ZERO && t > held && t <= top {
            found.push(t);
        }
        // Below t it is the box of capacity t.
        capacity = t;
        top = top.min(t.saturating_sub(1));
    }
    found.sort_unstable();
    found
}

impl Counter for Bin {
    type Rule = BoundRule;
    const NOUN: &'static str = "box";
    const SEPARATOR: char = '+';
    const SHAPE: &'static str = "current/capacity";

    fn most(&self, rule: BoundRule) -> u64 {
        reach(rule, self.capacity, self.held) - self.held
    }

    fn after(&self, _: BoundRule, count: u64) -> Self {
        Bin {
            // Within the domain: count ≤ most = reach − held ≤ capacity − held.
            held: self.held + count,
            capacity: self.capacity,
        }
    }

    fn count_to(&self, rule: BoundRule, to: &Self) -> Option<u64> {
        let count = to.held.checked_sub(self.held)?;
        (self.capacity == to.capacity && count >= 1 && count <= self.most(rule)).then_some(count)
    }

    fn grundy(&self, rule: BoundRule) -> Nimber {
        box_grundy(rule, self.capacity, self.held)
    }

    fn counts_to_value(&self, rule: BoundRule, target: Nimber, each: &mut dyn FnMut(u64)) {
        for y in counts_with_value(rule, self.capacity, self.held, target) {
            each(y - self.held);
        }
    }

    fn pair(&self) -> (u64, u64) {
        (self.held, self.capacity)
    }

    fn from_pair(held: u64, capacity: u64) -> Result<Self, String> {
        if held > capacity {
            return Err(format!(
                "the box holds {held} stones but its capacity is {capacity}"
            ));
        }
        Ok(Bin { held, capacity })
    }
}

/// Reads one box given as two tokens, capacity first (as both judges do), and checks it.
pub(crate) fn read_box_capacity_first(scanner: &mut Scanner<'_>) -> Result<Bin, InputError> {
    let capacity = scanner.next_u64("a box capacity")?;
    let held = scanner.next_u64_where("the stones in the box", |held| {
        (held > capacity)
            .then(|| format!("the box holds {held} stones but its capacity is {capacity}"))
    })?;
    Ok(Bin { held, capacity })
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// The spelling of box-fill on the command line.
pub const NAME: &str = "box-fill";

/// The spelling of box-fill under the HDU 1729 square rule.
pub const SQUARE_NAME: &str = "box-fill-square";

/// box-fill under `rule` as a [`Game`] (`box-fill` for the linear rule, `box-fill-square` for
/// the square one): its description, reader, small positions for `verify` (and the sizes
/// `--size` accepts) and judge formats.
pub(crate) fn game(rule: BoundRule) -> Box<dyn Game> {
    let (name, rules, moves, source, formats) = match rule {
        BoundRule::Linear => (
            NAME,
            "boxes of capacity a_i holding b_i; add 1..b_i stones to one box, never past its capacity",
            "<i>+<x>: add x stones to box i (from 1): `1+2`",
            "摆放石子",
            FORMATS,
        ),
        BoundRule::Square => (
            SQUARE_NAME,
            "box-fill with the HDU 1729 rule: add 1..b_i^2 stones to one box, never past its capacity",
            "<i>+<x>: add x stones to box i (from 1): `1+4`",
            "HDU 1729 Stone Game (as `solve box-fill --dialect hdu1729`)",
            SQUARE_FORMATS,
        ),
    };
    Box::new(
        Entry::<BoxFill>::fixed(
            GameInfo {
                name: name.to_string(),
                rules: rules.into(),
                position: "current/capacity per box: `2/6 3/3`".into(),
                moves: moves.into(),
                source: source.into(),
                verify_size: "single boxes of capacity <= 5S, pairs of capacity <= S (default 30)"
                    .into(),
                domain: DOMAIN.to_string(),
            },
            move |text| BoxFill::parse_with(rule, text),
            move |size| small_positions(rule, size),
            (30, 100),
            formats,
        )
        .with_misere_size(15)
        .with_compounds(compounds::<BoxFill>()),
    )
}

/// box-fill (either rule): every single box of capacity at most `5·size`, and every pair of boxes
/// of capacity at most `size`.
pub fn small_positions(rule: BoundRule, size: u64) -> Vec<BoxFill> {
    let bins = |cap: u64| -> Vec<Bin> {
        (0..=cap)
            .flat_map(|capacity| (0..=capacity).map(move |held| Bin { held, capacity }))
            .collect()
    };
    let mut out: Vec<BoxFill> = bins(5 * size)
        .into_iter()
        .map(|b| BoxFill::new(rule, vec![b]))
        .collect();
    let small = bins(size);
    for &a in &small {
        for &b in &small {
            out.push(BoxFill::new(rule, vec![a, b]));
        }
    }
    out
}

/// The HDU 1729 format's inputs.
const HDU1729_SHAPE: Shape = Shape::pairs(
    &Draws(BoundRule::Square),
    CaseLayout::ZeroEnded,
    3,
    true,
    box_bounds(20, 50, 1_000_000),
    box_bounds(40, 100, 1_000_000_000_000_000_000),
);

/// box-fill (摆放石子, and HDU 1729).
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: None,
        describe: "T, then per case n and n lines `capacity current`; prints Yes if the first player wins, else No",
        solve: solve_box_fill,
        // Spec: T ≤ 50, n ≤ 50, a_i ≤ 32767.
        shape: Shape::pairs(
            &Draws(BoundRule::Linear),
            CaseLayout::Counted,
            1,
            true,
            box_bounds(50, 50, 32_767),
            box_bounds(100, 100, 1_000_000_000_000_000_000),
        ),
    },
    Format {
        dialect: Some("hdu1729"),
        describe: "cases until a line `0`: N, then N lines `capacity current` (square rule); prints `Case k:` then Yes or No",
        solve: solve_hdu1729,
        // HDU 1729: values ≤ 10^6; taken as at most 50 boxes a case and 20 cases an input.
        shape: HDU1729_SHAPE,
    },
];

/// box-fill-square: the HDU 1729 format is its default.
pub(crate) const SQUARE_FORMATS: &[Format] = &[Format {
    dialect: None,
    describe: "the HDU 1729 format, as `box-fill --dialect hdu1729`",
    solve: solve_hdu1729,
    // HDU 1729: values ≤ 10^6; taken as at most 50 boxes a case and 20 cases an input.
    shape: HDU1729_SHAPE,
}];

/// What the contest tools draw of box-fill under a rule: boxes `capacity current`.
struct Draws(BoundRule);

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let boxes = (0..=6).flat_map(|capacity| (0..=capacity).map(move |held| [capacity, held]));
        (boxes.collect(), 2)
    }

    /// Capacities near the ends of the range and near powers of two; contents empty, full, at
    /// the box's threshold (where it changes character) ±1, and at the threshold's threshold.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let capacity = match rng.between(0, 5) {
            0 => rng.between(low, low.saturating_add(2).min(high)),
            1 => high - rng.between(0, 1.min(high - low)),
            2 => {
                let power = 1u64 << rng.between(1, u64::from(high.max(2).ilog2()));
                power
                    .saturating_add(rng.between(0, 2))
                    .saturating_sub(1)
                    .clamp(low, high)
            }
            _ => rng.spread(low, high),
        };
        let threshold = |capacity| self.0.threshold(capacity).unwrap_or(0);
        let held = match rng.between(0, 6) {
            0 => 0,
            1 => capacity,
            2 => threshold(capacity),
            3 => threshold(capacity).saturating_add(1),
            4 => threshold(capacity).saturating_sub(1),
            5 => threshold(threshold(capacity)),
            _ => rng.between(0, capacity),
        }
        .min(capacity);
        [capacity, held]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| {
            let capacity = rng.between(1, 14);
            format!("{}/{capacity}", rng.between(0, capacity))
        })
    }
}

/// XOR of the Grundy values of `n` boxes read as `capacity current` lines.
fn read_box_fill_value(
    scanner: &mut Scanner<'_>,
    n: usize,
    rule: BoundRule,
) -> Result<u64, InputError> {
    let mut total = 0;
    for _ in 0..n {
        let bin = read_box_capacity_first(scanner)?;
        total ^= box_grundy(rule, bin.capacity, bin.held).0;
    }
    Ok(total)
}

fn solve_box_fill(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of boxes n")?;
        let value = read_box_fill_value(scanner, n, BoundRule::Linear)?;
        out.push_str(if value != 0 { "Yes\n" } else { "No\n" });
        Ok(())
    })?;
    Ok(out)
}

fn solve_hdu1729(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let mut out = String::new();
    let mut case = 0usize;
    loop {
        // The terminating `0` may be missing at the very end of the input.
        if scanner.at_end() {
            break;
        }
        let n = scanner.next_count("the number of boxes N (or 0 to end)")?;
        if n == 0 {
            break;
        }
        case += 1;
        let value = read_box_fill_value(&mut scanner, n, BoundRule::Square)?;
        writeln!(out, "Case {case}:").expect("writing to a String");
        out.push_str(if value != 0 { "Yes\n" } else { "No\n" });
    }
    scanner.expect_end()?;
    Ok(out)
}
