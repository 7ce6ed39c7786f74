//! # Bounded take — "学园祭的游戏", the same game as AtCoder ARC 091 F "Strange Nim"
//!
//! **Rules.** Piles of stones; pile `i` has a constant `b_i ≥ 1`. A move removes `k` stones from
//! one pile with `1 ≤ k ≤ ⌊num_i / b_i⌋`, the floor taken of the pile's *current* size. The player
//! who cannot move loses.
//!
//! **Position notation.** `5/2 3/3`: `num/b` per pile, in order.
//!
//! **Move notation.** `2-3` removes 3 stones from pile 2 (piles count from 1).
//!
//! ## Theory
//!
//! Piles are independent, so the position's value is the XOR of the piles' Grundy values. For one
//! pile with constant `b`, write `x = q·b + r` (`0 ≤ r < b`):
//!
//! * if `r = 0`, `SG(x) = q`;
//! * otherwise `SG(x) = SG(x − q − 1)`.
//!
//! Proof sketch: the options of `x` are the window `[x − q, x − 1]`. The non-multiples of `b`,
//! listed in increasing order, map onto `0, 1, 2, …` by `φ(x) = x − ⌊x/b⌋ − 1`, and the window of
//! a non-multiple `x` is exactly the window of `x − q − 1` shifted by the copy: so the values of the
//! non-multiples are a copy of the whole sequence (a Josephus-like recursion). For a multiple
//! `x = q·b` the window holds `q` consecutive positions whose values are exactly `0 … q − 1`.
//!
//! **Batched stepping.** While the quotient stays `q`, each step subtracts `q + 1` from `x`, so
//! `⌈r / (q + 1)⌉` steps are taken at once; then `q` drops. When `b > q + 1` the quotient drops by
//! exactly one per batch, so `q` and `r` are updated incrementally and only the batch length needs
//! a division. The cost is `O(min(b·log x, x / b))` batches, which is worst near `b ≈ √x`: about
//! `2^32` batches for `x` near `2^64` (seconds per pile). Inputs of contest size (`x ≤ 10^9`) take
//! at most a few tens of thousands of batches.
//!
//! **Winning moves.** Every position with value `w` is on one chain: `w·b`, then its images under
//! the inverse copy `ψ(z) = z + ⌊z/(b−1)⌋ + 1`. Consecutive chain members near `x` are more than
//! `⌊x/b⌋` apart, so each pile has at most one winning move, found by walking the chain in batches.

use super::counted_sum::{CountedSum, Counter};
use crate::compound::game::compounds;
use crate::core::Nimber;
use crate::game::{Entry, Game, GameInfo};
use crate::judge::rng::Rng;
use crate::judge::{
    BILLION, Bounds, CaseLayout, Format, Generators, Item, Shape, for_each_case, small_row,
};
use crate::scanner::{InputError, Scanner};
use indicatif::{ProgressBar, ProgressStyle};
use std::time::{Duration, Instant};

/// The numbers this game accepts, for `grundy list`: moves only shrink piles, and the theory's
/// chain walk is done in 128 bits.
pub const DOMAIN: &str = "num from 0 to 2^64 - 1 and b from 1 to 2^64 - 1 per pile, any number of piles (moves only shrink piles)";

/// One pile: `stones` now, and its constant `divisor` (`b`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    /// Stones in the pile.
    pub stones: u64,
    /// The constant `b ≥ 1`: at most `⌊stones / b⌋` stones may be taken.
    pub divisor: u64,
}

/// A bounded-take position: piles in order.
pub type BoundedTake = CountedSum<Pile>;

/// The Grundy value of a single pile of `stones` with constant `divisor` (≥ 1).
pub fn pile_grundy(stones: u64, divisor: u64) -> Nimber {
    pile_grundy_observed(stones, divisor, |_| {})
}

/// How many batches pass between two calls of the observer of [`pile_grundy_observed`].
pub const OBSERVE_EVERY: u64 = 1 << 24;

/// [`pile_grundy`] that calls `observe(q)` with the current quotient `⌊x/b⌋` every
/// [`OBSERVE_EVERY`] batches, so that a long computation (b near √x, x near 2^64) can show
/// progress: `q` falls towards 0.
#[inline]
pub fn pile_grundy_observed(stones: u64, divisor: u64, mut observe: impl FnMut(u64)) -> Nimber {
    debug_assert!(divisor >= 1);
    if divisor == 1 {
        return Nimber(stones);
    }
    let b = divisor;
    let mut x = stones;
    let mut q = x / b;
    let mut r = x % b;
    let mut batches = 0u64;
    loop {
        batches += 1;
        if batches.is_multiple_of(OBSERVE_EVERY) {
            observe(q);
        }
        if r == 0 {
            return Nimber(q);
        }
        // q = 0 and r > 0: a pile below b has no move and value 0 (SG steps down to 0).
        if q == 0 {
            return Nimber(0);
        }
        let step = q + 1;
        if r >= step {
            // Several steps with the same quotient: take all of them but the last at once.
            let steps = r / step;
            r -= steps * step;
            if r == 0 {
                return Nimber(q);
            }
        }
        // One more step crosses below q·b: x' = q·b + r − (q + 1).
        x = q * b + r - step;
        if step - r < b {
            // The quotient drops by exactly one: update without dividing.
            q -= 1;
            r = b - (step - r);
        } else {
            q = x / b;
            r = x % b;
        }
    }
}

/// The straightforward version: one division per batch. Kept as the benchmark baseline and as a
/// second opinion in the tests.
pub fn pile_grundy_dividing(stones: u64, divisor: u64) -> Nimber {
    let mut x = stones;
    loop {
        let q = x / divisor;
        let r = x % divisor;
        if r == 0 {
            return Nimber(q);
        }
        if q == 0 {
            return Nimber(0);
        }
        x -= r.div_ceil(q + 1) * (q + 1);
    }
}

/// The unique position `y` in `[x − ⌊x/b⌋, x − 1]` (the options of `x`) with `SG(y) = target`, if any.
pub fn option_with_value(stones: u64, divisor: u64, target: Nimber) -> Option<u64> {
    let x = u128::from(stones);
    let b = u128::from(divisor);
    let low = x - x / b;
    let mut z = u128::from(target.0) * b;
    if divisor == 1 {
        return (z >= low && z < x).then_some(z as u64);
    }
    // Walk the chain z, ψ(z), ψ(ψ(z)), … in batches of equal ⌊z/(b−1)⌋ until it reaches low.
    while z < low {
        let block = z / (b - 1);
        let step = block + 1;
        let block_end = (block + 1) * (b - 1);
        let to_low = (low - z).div_ceil(step);
        let to_block_end = (block_end - z).div_ceil(step);
        z += to_low.min(to_block_end).max(1) * step;
    }
    (z < x).then_some(z as u64)
}

impl Counter for Pile {
    type Rule = ();
    const NOUN: &'static str = "pile";
    const SEPARATOR: char = '-';
    const SHAPE: &'static str = "num/b";

    fn most(&self, (): ()) -> u64 {
        self.stones / self.divisor
    }

    fn after(&self, (): (), count: u64) -> Self {
        Pile {
            // count ≤ most = ⌊stones / b⌋ ≤ stones.
            stones: self.stones - count,
            divisor: self.divisor,
        }
    }

    fn count_to(&self, (): (), to: &Self) -> Option<u64> {
        let count = self.stones.checked_sub(to.stones)?;
        (self.divisor == to.divisor && count >= 1 && count <= self.most(())).then_some(count)
    }

    fn grundy(&self, (): ()) -> Nimber {
        pile_grundy(self.stones, self.divisor)
    }

    fn counts_to_value(&self, (): (), target: Nimber, each: &mut dyn FnMut(u64)) {
        if let Some(to_stones) = option_with_value(self.stones, self.divisor, target) {
            each(self.stones - to_stones);
        }
    }

    fn pair(&self) -> (u64, u64) {
        (self.stones, self.divisor)
    }

    fn from_pair(stones: u64, divisor: u64) -> Result<Self, String> {
        if divisor == 0 {
            return Err("the constant b must be at least 1, found 0".to_string());
        }
        Ok(Pile { stones, divisor })
    }
}

/// Reads one pile as two tokens `num b` (b ≥ 1).
pub(crate) fn read_pile(scanner: &mut Scanner<'_>) -> Result<Pile, InputError> {
    let stones = scanner.next_u64("a pile size")?;
    let divisor = scanner.next_u64_at_least("the pile's constant b", 1)?;
    Ok(Pile { stones, divisor })
}

// ---- As a value for the commands: description, small positions, judge formats. ----

/// The game's spelling on the command line.
pub const NAME: &str = "bounded-take";

/// bounded-take as a [`Game`]: its description, reader, small positions for `verify`
/// (and the sizes `--size` accepts) and judge formats.
pub(crate) fn game() -> Box<dyn Game> {
    Box::new(Entry::<BoundedTake>::fixed(
        GameInfo {
            name: NAME.to_string(),
            rules: "piles with constants b_i; take 1..floor(num_i / b_i) stones from one pile".into(),
            position: "num/b per pile: `5/2 3/3`".into(),
            moves: "<i>-<k>: take k stones from pile i (from 1): `1-2`".into(),
            source: "学园祭的游戏; AtCoder ARC 091 F Strange Nim (--dialect arc091f)".into(),
            verify_size: "single piles of 0..10S stones with b in 1..S, pairs of 0..S stones with b in 1..4 (default 80)".into(),
            domain: DOMAIN.to_string(),
        },
        str::parse,
        small_positions,
        (80, 300),
        FORMATS,
    )
    .with_misere_size(20)
    .with_compounds(compounds::<BoundedTake>()))
}

/// bounded-take: every single pile of at most `10·size` stones with `b` from 1 to `size`, and
/// every pair of piles of at most `size` stones with `b` from 1 to 4.
pub fn small_positions(size: u64) -> Vec<BoundedTake> {
    let mut out = Vec::new();
    for stones in 0..=10 * size {
        for divisor in 1..=size {
            out.push(BoundedTake::new((), vec![Pile { stones, divisor }]));
        }
    }
    let singles: Vec<Pile> = (0..=size)
        .flat_map(|stones| (1..=4).map(move |divisor| Pile { stones, divisor }))
        .collect();
    for &a in &singles {
        for &b in &singles {
            out.push(BoundedTake::new((), vec![a, b]));
        }
    }
    out
}

/// bounded-take (学园祭的游戏, and ARC 091 F).
pub(crate) const FORMATS: &[Format] = &[
    Format {
        dialect: None,
        describe: "T, then per case n and n lines `num b`; prints Setsuna if the first player wins, else Kazusa",
        solve: solve_bounded_take,
        // Spec: T ≤ 100, n ≤ 20, values ≤ 10^9. Past them: numbers past 2^32, where 32-bit
        // solutions break; honest ones take time in √num, so counts stay the judge's.
        shape: Shape::pairs(
            &Draws,
            CaseLayout::Counted,
            1,
            false,
            Bounds::pairs(100, 20, (1, BILLION), (1, BILLION)),
            Bounds::pairs(100, 20, (0, 1 << 36), (1, 1 << 36)),
        ),
    },
    Format {
        dialect: Some("arc091f"),
        describe: "one case: N, then N lines `A K`; prints Takahashi if the first player wins, else Aoki",
        solve: solve_arc091f,
        // ARC 091 F: N ≤ 200, 1 ≤ A_i, K_i ≤ 10^9.
        shape: Shape::pairs(
            &Draws,
            CaseLayout::Single,
            1,
            false,
            Bounds::pairs(1, 200, (1, BILLION), (1, BILLION)),
            Bounds::pairs(1, 200, (0, 1 << 36), (1, 1 << 36)),
        ),
    },
];

/// What the contest tools draw of bounded-take: piles `num b`.
struct Draws;

impl Generators for Draws {
    fn tiny(&self) -> (Vec<Item>, usize) {
        let piles = (1..=6).flat_map(|num| (1..=3).map(move |b| [num, b]));
        (piles.collect(), 2)
    }

    /// `b = 1`, `b` at the limit, multiples of `b` and their neighbours, fewer stones than `b`,
    /// `b` near the square root of `num`.
    fn boundary(&self, rng: &mut Rng, bounds: &Bounds, _: &[Item]) -> Item {
        let (low, high) = bounds.first;
        let (b_low, b_high) = bounds.second;
        let b = match rng.between(0, 4) {
            0 => 1,
            1 => b_high,
            _ => rng.spread(b_low, b_high),
        }
        .clamp(b_low, b_high);
        let multiple = rng.between(1, (high / b).max(1));
        let num = match rng.between(0, 6) {
            // A multiple of b, and its neighbours.
            0 => multiple.saturating_mul(b),
            1 => multiple.saturating_mul(b).saturating_sub(1),
            2 => multiple.saturating_mul(b).saturating_add(1),
            // Fewer stones than b: no move.
            3 => rng.between(0, b.saturating_sub(1)),
            // b near the square root of num, the slowest case.
            4 => b.saturating_mul(b).saturating_add(rng.between(0, b)),
            5 => high,
            _ => rng.spread(low, high),
        }
        .clamp(low, high);
        [num, b]
    }

    fn position(&self, rng: &mut Rng) -> String {
        small_row(rng, |rng| {
            format!("{}/{}", rng.between(1, 14), rng.between(1, 3))
        })
    }
}

/// XOR of the Grundy values of `n` piles read as `num b` lines.
///
/// A single pile can take seconds (b near √x for x near 2^64); once a pile has run for a second, a
/// progress bar on stderr (shown only on a terminal) follows its quotient down to 0.
fn read_bounded_take_value(scanner: &mut Scanner<'_>, n: usize) -> Result<u64, InputError> {
    let mut total = 0;
    for index in 0..n {
        let pile = read_pile(scanner)?;
        let started = Instant::now();
        let start_quotient = pile.stones / pile.divisor;
        let mut bar: Option<ProgressBar> = None;
        let value = pile_grundy_observed(pile.stones, pile.divisor, |quotient| {
            if started.elapsed() < Duration::from_secs(1) {
                return;
            }
            let bar = bar.get_or_insert_with(|| {
                let bar = ProgressBar::new(start_quotient);
                bar.set_style(
                    ProgressStyle::with_template(
                        "bounded-take pile {msg} [{bar:40}] {percent}% ({eta})",
                    )
                    .expect("a valid template")
                    .progress_chars("=> "),
                );
                bar.set_message(format!("{} ({}/{})", index + 1, pile.stones, pile.divisor));
                bar
            });
            bar.set_position(start_quotient - quotient.min(start_quotient));
        });
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        total ^= value.0;
    }
    Ok(total)
}

fn solve_bounded_take(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for_each_case(input, |scanner, _| {
        let n = scanner.next_count("the number of piles n")?;
        let value = read_bounded_take_value(scanner, n)?;
        out.push_str(if value != 0 { "Setsuna\n" } else { "Kazusa\n" });
        Ok(())
    })?;
    Ok(out)
}

fn solve_arc091f(input: &[u8]) -> Result<String, InputError> {
    let mut scanner = Scanner::new(input);
    let n = scanner.next_count("the number of piles N")?;
    let value = read_bounded_take_value(&mut scanner, n)?;
    scanner.expect_end()?;
    Ok(if value != 0 { "Takahashi\n" } else { "Aoki\n" }.to_string())
}
