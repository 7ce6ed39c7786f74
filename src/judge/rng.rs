//! The random numbers behind generated inputs and positions (`grundy judge`, `grundy interact`,
//! and each game's [`Generators`](super::Generators)): SplitMix64, written out here so that a
//! seed names the same inputs in every build of grundy, whatever the version of a random-number
//! crate (whose generators promise no stable stream across versions).

/// A SplitMix64 generator (Steele, Lea and Flood, 2014): a 64-bit counter stepped by the golden
/// ratio and scrambled by two multiply-xorshift rounds.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose stream is determined by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `low..=high` (uniform up to a bias below 2^-64 per unit of range).
    pub fn between(&mut self, low: u64, high: u64) -> u64 {
        if low >= high {
            return low;
        }
        let span = u128::from(high - low) + 1;
        let scaled = (u128::from(self.next_u64()) * span) >> 64;
        low + scaled as u64
    }

    /// An index below `len` (0 for an empty range).
    pub fn index(&mut self, len: usize) -> usize {
        self.between(0, len.saturating_sub(1) as u64) as usize
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.between(1, denominator.max(1)) <= numerator
    }

    /// One of `choices` (which must not be empty).
    pub fn pick<T: Copy>(&mut self, choices: &[T]) -> T {
        choices[self.index(choices.len())]
    }

    /// A number in `low..=high` of every magnitude: a random bit length, then a random number of
    /// it (clamped into the range), so that small numbers are as likely as huge ones.
    pub fn spread(&mut self, low: u64, high: u64) -> u64 {
        let bits = self.between(0, 64) as u32;
        let top = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits).saturating_sub(1)
        };
        let value = self.between(top / 2, top);
        value.clamp(low, high)
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn between_stays_in_range_and_reaches_both_ends() {
        let mut rng = Rng::new(7);
        let mut seen = [false; 4];
        for _ in 0..1000 {
            let value = rng.between(3, 6);
            assert!((3..=6).contains(&value));
            seen[(value - 3) as usize] = true;
        }
        assert_eq!(seen, [true; 4]);
        assert_eq!(rng.between(5, 5), 5);
    }

    #[test]
    fn a_seed_names_one_stream() {
        let first: Vec<u64> = (0..5)
            .map({
                let mut rng = Rng::new(42);
                move |_| rng.next_u64()
            })
            .collect();
        let again: Vec<u64> = (0..5)
            .map({
                let mut rng = Rng::new(42);
                move |_| rng.next_u64()
            })
            .collect();
        assert_eq!(first, again);
        assert_ne!(
            first,
            (0..5)
                .map({
                    let mut rng = Rng::new(43);
                    move |_| rng.next_u64()
                })
                .collect::<Vec<_>>()
        );
    }
}
