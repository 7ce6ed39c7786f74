//! The Grundy sequence G(0), G(1), … of a heap rule.
//!
//! G(n) is the mex of the nim-sums of the heaps that each move on a heap of n leaves (a move that
//! leaves nothing has nim-sum 0). The straightforward table computes it for n = 0, 1, 2, … in
//! turn, visiting every option of every heap.

use super::HeapRule;
use crate::core::Nimber;
use indicatif::{ProgressBar, ProgressStyle};
use std::time::Duration;

/// How much work (options visited) the straightforward table does at most before refusing:
/// a few seconds on one core.
pub const WORK_LIMIT: u128 = 4_000_000_000;

/// A period of the sequence: G(n + period) = G(n) for every n ≥ preperiod.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Period {
    /// The first n from which the sequence repeats.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
}

/// G(0..=n) of a rule, computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values {
    values: Vec<u32>,
}

impl Values {
    /// G(0..=up_to) by the straightforward table. Refuses (with the reason) tables whose work
    /// passes [`WORK_LIMIT`]; shows a progress bar on a terminal for long ones. A script's rule
    /// computes its heaps' options first ([`HeapRule::prepare`]), which can fail.
    pub fn compute(rule: &HeapRule, up_to: u64) -> Result<Values, String> {
        let work = rule.options_up_to(up_to);
        if work > WORK_LIMIT {
            return Err(format!(
                "a heap of {up_to} is too large for {rule}: its Grundy value needs about {work} \
                 option visits (the limit is {WORK_LIMIT}); use smaller heaps"
            ));
        }
        rule.prepare(up_to)?;
        let len = usize::try_from(up_to)
            .ok()
            .and_then(|n| n.checked_add(1))
            .ok_or_else(|| format!("a heap of {up_to} is too large for {rule}"))?;
        let bar = if work > 500_000_000 {
            let bar = ProgressBar::new(up_to);
            bar.set_style(
                ProgressStyle::with_template(
                    "{prefix} G(n) [{bar:40}] {pos}/{len} ({per_sec}, {eta} left)",
                )
                .expect("a valid template")
                .progress_chars("=> "),
            );
            bar.set_prefix(rule.to_string());
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        } else {
            ProgressBar::hidden()
        };
        let mut values: Vec<u32> = Vec::with_capacity(len);
        // seen[v] == stamp marks value v as taken by an option of the current heap.
        let mut seen: Vec<u64> = Vec::new();
        for n in 0..=up_to {
            let stamp = n + 1;
            rule.for_each_option(n, &mut |_, parts| {
                let value = parts
                    .iter()
                    .fold(0u32, |sum, &part| sum ^ values[part as usize])
                    as usize;
                if value >= seen.len() {
                    seen.resize(value + 1, 0);
                }
                seen[value] = stamp;
            });
            let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
            values.push(mex as u32);
            if n % 4096 == 0 {
                bar.set_position(n);
            }
        }
        bar.finish_and_clear();
        Ok(Values { values })
    }

    /// The largest n whose value is known.
    pub fn computed_to(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// G(n), if computed.
    pub fn value(&self, n: u64) -> Option<Nimber> {
        let index = usize::try_from(n).ok()?;
        self.values.get(index).map(|&v| Nimber(u64::from(v)))
    }

    /// G(0..=computed_to) as a slice.
    pub fn as_slice(&self) -> &[u32] {
        &self.values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(spelling: &str, n: u64) -> Vec<u32> {
        let rule = HeapRule::resolve(spelling).unwrap().unwrap();
        Values::compute(&rule, n).unwrap().as_slice().to_vec()
    }

    #[test]
    fn known_sequences() {
        // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 (Winning Ways).
        assert_eq!(
            first("kayles", 11),
            vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
        );
        // Dawson's Kayles 0.07: 0 0 1 1 2 0 3 1 1 0 3 3.
        assert_eq!(first("0.07", 11), vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
        // Grundy's game: 0 0 0 1 0 2 1 0 2 1 0 2 1 3.
        assert_eq!(
            first("grundys-game", 13),
            vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]
        );
        // take 1, 3 or 4: period 7, 0 1 0 1 2 3 2.
        assert_eq!(first("sub:1,3,4", 8), vec![0, 1, 0, 1, 2, 3, 2, 0, 1]);
    }

    #[test]
    fn too_much_work_is_refused() {
        let rule = HeapRule::resolve("0.77").unwrap().unwrap();
        assert!(Values::compute(&rule, 1 << 40).is_err());
        assert!(Values::compute(&rule, u64::MAX).is_err());
    }
}
